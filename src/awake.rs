//! Keeps a phone's screen on while this browser sits in an online room (friends think, and
//! join, for longer than a screen's timeout, and a screen gone dark puts the page to sleep and
//! drops its line), or at a table watched more than touched: the bots playing alone, one
//! device passed around a family. Where the browser has no screen wake lock, or refuses it,
//! the screen times out as it always does.

use js_sys::{Function, Promise, Reflect};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// The lock held while `wanted`: a browser lets it go when the page is hidden, so it is asked
/// for again when the page is seen.
#[derive(Default)]
struct ScreenLock {
    wanted: Cell<bool>,
    sentinel: RefCell<Option<JsValue>>,
}

/// Calls `target.name()` where `target` has such a method; its result.
fn call(target: &JsValue, name: &str, arg: Option<&str>) -> Option<JsValue> {
    let method = Reflect::get(target, &name.into())
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    match arg {
        Some(a) => method.call1(target, &a.into()),
        None => method.call0(target),
    }
    .ok()
}

fn release(sentinel: JsValue) {
    let _ = call(&sentinel, "release", None);
}

/// Asks for the screen lock (`navigator.wakeLock.request("screen")`), kept in `lock` unless
/// it is no longer wanted when it comes.
fn request(lock: &Rc<ScreenLock>) {
    let navigator = gloo_utils::window().navigator();
    let Some(promise) = Reflect::get(&navigator, &"wakeLock".into())
        .ok()
        .filter(|w| !w.is_undefined())
        .and_then(|w| call(&w, "request", Some("screen")))
    else {
        return;
    };
    let lock = lock.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(sentinel) = JsFuture::from(Promise::from(promise)).await else {
            return; // Refused: a hidden page, a battery saver.
        };
        if !lock.wanted.get() {
            release(sentinel);
        } else if let Some(old) = lock.sentinel.borrow_mut().replace(sentinel) {
            release(old);
        }
    });
}

/// Holds the screen on while `on`.
#[hook]
pub fn use_screen_awake(on: bool) {
    use_effect_with(on, move |&on| {
        let lock = Rc::new(ScreenLock::default());
        lock.wanted.set(on);
        let document = gloo_utils::document();
        let listener = on.then(|| {
            request(&lock);
            let seen = lock.clone();
            let listener = Closure::<dyn Fn()>::new(move || {
                if !gloo_utils::document().hidden() {
                    request(&seen);
                }
            });
            let _ = document.add_event_listener_with_callback(
                "visibilitychange",
                listener.as_ref().unchecked_ref(),
            );
            listener
        });
        move || {
            lock.wanted.set(false);
            if let Some(sentinel) = lock.sentinel.borrow_mut().take() {
                release(sentinel);
            }
            if let Some(listener) = listener {
                let _ = document.remove_event_listener_with_callback(
                    "visibilitychange",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    });
}
