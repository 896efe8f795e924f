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

/// Runs `f` once the page is first idle; where a browser has no `requestIdleCallback`, after
/// the current task.
pub fn when_idle(f: Box<dyn FnOnce()>) {
    let f = Closure::once_into_js(f);
    let window = gloo_utils::window();
    if window.request_idle_callback(f.unchecked_ref()).is_err() {
        let _ = window.set_timeout_with_callback(f.unchecked_ref());
    }
}
