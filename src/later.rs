//! Work put off to a task of its own, so that the page's first tasks stay short: after the
//! current task, or once the page is first idle.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Runs `f` in a task of its own, after the current one (and whatever the browser has
/// waiting: a paint, a tap).
pub fn after_this_task(f: Box<dyn FnOnce()>) {
    let f = Closure::once_into_js(f);
    let _ = gloo_utils::window().set_timeout_with_callback(f.unchecked_ref());
}

/// How long to wait instead where a browser has no `requestIdleCallback` (Safari): a page's
/// first tasks are over by then, as `boot.js` reckons for the service worker.
const IDLE_FALLBACK_MS: i32 = 1_000;

/// Runs `f` once the page is first idle; where a browser has no `requestIdleCallback`, after
/// `IDLE_FALLBACK_MS`.
pub fn when_idle(f: Box<dyn FnOnce()>) {
    let f = Closure::once_into_js(f);
    let window = gloo_utils::window();
    if window.request_idle_callback(f.unchecked_ref()).is_err() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            f.unchecked_ref(),
            IDLE_FALLBACK_MS,
        );
    }
}
