//! Other tabs of this site in the same browser. They share its storage (the game in progress,
//! the record, the options), and the browser tells each tab what another wrote there (the
//! `storage` event), so every tab follows the newest: a tab left behind never saves over the
//! moves played in another.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What another tab of this site changed in its storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Changed {
    /// The value under this key.
    Key(String),
    /// Anything: the storage was cleared, or this page is seen again (a tab the browser froze
    /// in the background may have missed what the others wrote meanwhile).
    All,
}

impl Changed {
    /// Whether the value under `key` may have changed.
    #[must_use]
    pub fn touches(&self, key: &str) -> bool {
        match self {
            Changed::Key(k) => k == key,
            Changed::All => true,
        }
    }
}

/// Calls `on_change` whenever another tab of this site writes to its storage, and whenever
/// this page is seen again.
#[hook]
pub fn use_other_tabs(on_change: Callback<Changed>) {
    use_effect_with((), move |()| {
        let window = gloo_utils::window();
        let document = gloo_utils::document();
        let written = {
            let on_change = on_change.clone();
            Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| {
                on_change.emit(e.key().map_or(Changed::All, Changed::Key));
            })
        };
        let seen = Closure::<dyn Fn()>::new(move || {
            if !gloo_utils::document().hidden() {
                on_change.emit(Changed::All);
            }
        });
        let _ =
            window.add_event_listener_with_callback("storage", written.as_ref().unchecked_ref());
        let _ = document
            .add_event_listener_with_callback("visibilitychange", seen.as_ref().unchecked_ref());
        move || {
            let _ = window
                .remove_event_listener_with_callback("storage", written.as_ref().unchecked_ref());
            let _ = document.remove_event_listener_with_callback(
                "visibilitychange",
                seen.as_ref().unchecked_ref(),
            );
        }
    });
}
