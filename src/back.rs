//! The phone's Back (a gesture, or the browser's Back button) steps out of the screen on top,
//! the rules and then the table, instead of leaving the site: each screen shown above New game
//! holds one history entry, whose state is how many are open up to it (its depth).

use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Where the page's screens stand and where the history stands: the screens open now, and
/// while a `history.go` of ours is under way (its `popstate` is ours, not the player's) the
/// address the page had set, which the entry it lands on takes.
#[derive(Default)]
struct Steps {
    wanted: Cell<u32>,
    /// Whether the history was brought to the screens once (after the page loaded).
    aligned: Cell<bool>,
    going: RefCell<Option<String>>,
    on_back: RefCell<Option<Callback<u32>>>,
}

/// The depth of the history entry the page is on (0: New game, or an entry not ours).
fn entry_depth() -> u32 {
    gloo_utils::window()
        .history()
        .ok()
        .and_then(|h| h.state().ok())
        .and_then(|s| s.as_f64())
        .map_or(0, |d| d as u32)
}

/// Puts `url` in the address bar for the entry the page is on (no reload, no new entry),
/// which keeps its depth.
pub fn replace_url(url: &str) {
    if let Ok(history) = gloo_utils::window().history() {
        let depth = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
        let _ = history.replace_state_with_url(&depth, "", Some(url));
    }
}

/// Brings the history to the screens open: one entry pushed per screen opened, or back over
/// the entries of the screens closed by a button (Leave table, Back to the table). On a page
/// just loaded on an entry deeper than its screens (reloaded while reading the rules), the
/// entry takes the page's depth instead: what lies below it may not be ours to go back to.
fn align(steps: &Steps, loaded: bool) {
    if steps.going.borrow().is_some() {
        return; // The `popstate` of our last step aligns again.
    }
    let Ok(history) = gloo_utils::window().history() else {
        return;
    };
    let (now, wanted) = (entry_depth(), steps.wanted.get());
    if wanted > now {
        for depth in now + 1..=wanted {
            let _ = history.push_state(&depth.into(), "");
        }
    } else if wanted < now && loaded {
        let _ = history.replace_state(&wanted.into(), "");
    } else if wanted < now {
        let address = gloo_utils::window().location().href().unwrap_or_default();
        *steps.going.borrow_mut() = Some(address);
        // Signed depths (a handful at most): the difference cannot overflow.
        if history.go_with_delta(wanted as i32 - now as i32).is_err() {
            *steps.going.borrow_mut() = None;
        }
    }
}

/// Keeps one history entry for each of the `depth` screens open above New game. When the
/// player steps back in the history (the phone's Back), `on_back` hears the depth stepped
/// back to, and closes the screens above it.
#[hook]
pub fn use_back(depth: u32, on_back: Callback<u32>) {
    let steps = use_memo((), |()| Steps::default());
    *steps.on_back.borrow_mut() = Some(on_back);
    {
        let steps = steps.clone();
        use_effect_with(depth, move |depth| {
            steps.wanted.set(*depth);
            align(&steps, !steps.aligned.replace(true));
        });
    }
    use_effect_with((), move |()| {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
            let arrived = steps.going.borrow_mut().take();
            if let Some(address) = arrived {
                // The address the page set last (leaving a room: `?online`), not the entry's.
                replace_url(&address);
                align(&steps, false);
                return;
            }
            let (now, wanted) = (entry_depth(), steps.wanted.get());
            // An entry as deep as the screens is one a reload gave its depth (`align`): the
            // player stepped back from the one above it.
            let to = if now == wanted {
                now.checked_sub(1)
            } else {
                Some(now)
            };
            if let Some(to) = to.filter(|&to| to < wanted) {
                let on_back = steps.on_back.borrow().clone();
                if let Some(on_back) = on_back {
                    on_back.emit(to);
                }
            } else if now > wanted {
                // Forward, to a screen closed since: back again.
                align(&steps, false);
            }
        });
        let window = gloo_utils::window();
        let _ =
            window.add_event_listener_with_callback("popstate", listener.as_ref().unchecked_ref());
        move || {
            let _ = window
                .remove_event_listener_with_callback("popstate", listener.as_ref().unchecked_ref());
        }
    });
}
