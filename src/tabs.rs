//! Other tabs of this site in the same browser. They share its storage (the game in progress,
//! the record, the options), and the browser tells each tab when another wrote there (the
//! `storage` event), so every tab follows the newest: a tab left behind never saves over the
//! moves played in another.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Calls `on_change` whenever another tab of this site writes to its storage, and whenever
/// this page is shown or hidden (shown again, a tab the browser froze in the background may
/// have missed what the others wrote meanwhile; hidden, its bots wait).
#[hook]
pub fn use_other_tabs(on_change: Callback<()>) {
    use_effect_with((), move |()| {
        let (window, document) = (gloo_utils::window(), gloo_utils::document());
        let changed = Closure::<dyn Fn()>::new(move || on_change.emit(()));
        let listener = changed.as_ref().unchecked_ref();
        let _ = window.add_event_listener_with_callback("storage", listener);
        let _ = document.add_event_listener_with_callback("visibilitychange", listener);
        move || {
            let listener = changed.as_ref().unchecked_ref();
            let _ = window.remove_event_listener_with_callback("storage", listener);
            let _ = document.remove_event_listener_with_callback("visibilitychange", listener);
        }
    });
}
