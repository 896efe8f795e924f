//! The phone's Back (a gesture, or the browser's Back button) steps out of the screen on top,
//! the rules and then the table, instead of leaving the site: each screen shown above New game
//! holds one history entry, whose state is how many are open up to it (its depth).

use std::cell::{Cell, RefCell};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Where the page's screens stand and where the history stands: the screens open now, and
/// the depth the history is on its way to after a `history.go` of ours (its `popstate` is
/// ours, not the player's).
#[derive(Default)]
struct Steps {
    wanted: Cell<u32>,
    going: Cell<Option<u32>>,
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

/// Brings the history to the screens open: one entry pushed per screen opened, or back over
/// the entries of the screens closed by a button (Leave table, Back to the table).
fn align(steps: &Steps) {
    if steps.going.get().is_some() {
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
    } else if wanted < now {
        steps.going.set(Some(wanted));
        // Signed depths (a handful at most): the difference cannot overflow.
        if history.go_with_delta(wanted as i32 - now as i32).is_err() {
            steps.going.set(None);
        }
    }
}

/// Keeps one history entry for each of the `depth` screens open above New game. When the
/// player steps back in the history (the phone's Back), `on_back` hears the depth stepped
/// back to, and closes the screens above it.
#[hook]
pub fn use_back(depth: u32, on_back: Callback<u32>) {
    let steps = use_mut_ref(Steps::default);
    *steps.borrow().on_back.borrow_mut() = Some(on_back);
    {
        let steps = steps.clone();
        use_effect_with(depth, move |depth| {
            steps.borrow().wanted.set(*depth);
            align(&steps.borrow());
        });
    }
    use_effect_with((), move |_| {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
            let steps = steps.borrow();
            if steps.going.take().is_some() {
                align(&steps);
                return;
            }
            let (now, wanted) = (entry_depth(), steps.wanted.get());
            if now < wanted {
                let on_back = steps.on_back.borrow().clone();
                if let Some(on_back) = on_back {
                    on_back.emit(now);
                }
            } else if now > wanted {
                // Forward, to a screen closed since: back again.
                align(&steps);
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
