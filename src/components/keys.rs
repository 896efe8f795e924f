//! The table by keyboard: where focus lands after a move, arrow keys in the hand, the one-key
//! shortcuts, and the Tab trap of a modal dialog. Shortcuts press the control they name
//! (`data-shortcut`), so a key can never do what the screen does not offer.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// The shortcuts, as the help lists them: key, what it does.
pub const SHORTCUTS: [(&str, &str); 10] = [
    ("← → Home End", "move through your hand"),
    ("Enter or Space", "play the card in focus"),
    ("D", "draw a card (or take a penalty)"),
    ("U", "call UNO"),
    ("P", "keep the card you drew (pass)"),
    ("C", "catch a player who forgot UNO"),
    ("J", "jump in with the twin of the top card"),
    ("H", "hint: what would the hard bot do?"),
    (
        "S",
        "say the table: top card, color, direction, counts, whose turn, what you may do",
    ),
    ("?", "this help"),
];

/// Whether this device has a mouse or a trackpad, and so most likely a keyboard: the question
/// the stylesheet's `.keys-hint` rule asks too. Where it has not (a phone), what is said names
/// the control to tap instead of its key.
#[must_use]
pub fn keyboard_likely() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(any-pointer: fine)").ok().flatten())
        .is_none_or(|query| query.matches())
}

fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

fn html(element: Element) -> Option<HtmlElement> {
    element.dyn_into::<HtmlElement>().ok()
}

fn all(selector: &str) -> Vec<HtmlElement> {
    let Some(list) = document().and_then(|d| d.query_selector_all(selector).ok()) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<HtmlElement>().ok())
        .collect()
}

fn first(selector: &str) -> Option<HtmlElement> {
    document()
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(html)
}

fn disabled(element: &Element) -> bool {
    element.get_attribute("aria-disabled").as_deref() == Some("true")
}

/// Puts focus where the next key press is useful, after the table was drawn again.
///
/// Focus is moved only when it was lost (the played card left the hand: focus goes to the
/// card that took its place), or just after a move when this seat must act and focus rests
/// on a control it cannot use (a card, a pile, or UNO once called from its button, so that
/// Enter then plays the card it was called for), or on the draw pile (left there by the draw
/// of a turn before) while a card fits. A seat that must act gets a playable card, else the
/// prompt's answer that takes a penalty, else its first answer, else the draw pile.
pub fn settle_focus(played_at: Option<usize>, must_act: bool, after_move: bool) {
    let Some(doc) = document() else { return };
    if doc.query_selector("dialog[open]").ok().flatten().is_some() {
        return;
    }
    let active = doc.active_element();
    let body = doc.body().map(Element::from);
    let lost = match &active {
        None => true,
        Some(a) => Some(a) == body.as_ref() || !a.is_connected(),
    };
    let idle = active.as_ref().is_some_and(|a| {
        let class = a.class_list();
        (disabled(a)
            && (class.contains("card") || class.contains("pile") || class.contains("uno-button")))
            || (class.contains("draw-pile") && first(".hand .card.playable").is_some())
    });
    if !(lost || (after_move && must_act && idle)) {
        return;
    }
    let cards = all(".hand .card");
    let target = if must_act {
        first(".hand .card.playable")
            // Taking the penalty before challenging: Enter pressed before the prompt is read
            // costs what the prompt said, never the two more of an innocent challenge.
            .or_else(|| first(".prompt button[data-shortcut=d]"))
            .or_else(|| first(".prompt button"))
            .or_else(|| first(".draw-pile[aria-disabled=false]"))
    } else {
        None
    };
    let target = target.or_else(|| {
        let at = played_at.unwrap_or(0).min(cards.len().saturating_sub(1));
        cards.get(at).cloned()
    });
    if let Some(t) = target.or_else(|| first(".draw-pile")) {
        let _ = t.focus();
    }
}

/// Arrow keys, Home and End move focus through the hand's cards.
pub fn move_in_hand(e: &KeyboardEvent) {
    let cards = all(".hand .card");
    if cards.is_empty() {
        return;
    }
    let active = document().and_then(|d| d.active_element());
    let at = cards
        .iter()
        .position(|c| active.as_ref() == Some(c.as_ref()))
        .unwrap_or(0);
    let last = cards.len() - 1;
    let to = match e.key().as_str() {
        "ArrowRight" | "ArrowDown" => (at + 1).min(last),
        "ArrowLeft" | "ArrowUp" => at.saturating_sub(1),
        "Home" => 0,
        "End" => last,
        _ => return,
    };
    e.prevent_default();
    let card = &cards[to];
    let _ = card.focus();
    // A card scrolled out of a long hand's row comes into view.
    card.scroll_into_view_with_bool(false);
}

/// Presses the visible control marked with `data-shortcut` for this key, if the screen has
/// one and it is not disabled. Keys typed into a field, or with a modifier, are left alone.
fn shortcut(e: &KeyboardEvent) {
    if e.ctrl_key() || e.meta_key() || e.alt_key() || e.default_prevented() {
        return;
    }
    let typing = e
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
    if typing {
        return;
    }
    // A modal dialog answers its own keys.
    if document()
        .and_then(|d| d.query_selector("dialog[open]").ok().flatten())
        .is_some()
    {
        return;
    }
    let key = e.key().to_ascii_lowercase();
    if !matches!(key.as_str(), "d" | "u" | "p" | "c" | "j" | "h" | "s" | "?") {
        return;
    }
    let control = all(&format!("[data-shortcut=\"{key}\"]"))
        .into_iter()
        .find(|c| !disabled(c));
    if let Some(control) = control {
        e.prevent_default();
        control.click();
    }
}

/// Listens for the one-key shortcuts while the component is mounted.
#[hook]
pub fn use_shortcuts() {
    use_effect_with((), |_| {
        let listener =
            wasm_bindgen::closure::Closure::<dyn Fn(KeyboardEvent)>::new(|e: KeyboardEvent| {
                shortcut(&e)
            });
        let doc = document();
        if let Some(d) = &doc {
            let _ =
                d.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(d) = doc {
                let _ = d.remove_event_listener_with_callback(
                    "keydown",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    });
}

/// Keeps Tab inside `dialog`: from its last control to its first and back.
pub fn trap_tab(e: &KeyboardEvent, dialog: &NodeRef) {
    if e.key() != "Tab" {
        return;
    }
    let Some(dialog) = dialog.cast::<Element>() else {
        return;
    };
    let Ok(list) = dialog.query_selector_all("button, [href], input, select, [tabindex]") else {
        return;
    };
    let controls: Vec<HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<HtmlElement>().ok())
        .collect();
    let (Some(head), Some(tail)) = (controls.first(), controls.last()) else {
        return;
    };
    let active = document().and_then(|d| d.active_element());
    let at = |c: &HtmlElement| active.as_ref() == Some(c.as_ref());
    if e.shift_key() && at(head) {
        e.prevent_default();
        let _ = tail.focus();
    } else if !e.shift_key() && at(tail) {
        e.prevent_default();
        let _ = head.focus();
    }
}

/// Opens the `<dialog>` at `node` as a modal when it mounts: the rest of the page is inert
/// until it closes, and Escape raises its `cancel` event.
#[hook]
pub fn use_modal(node: NodeRef) {
    use_effect_with((), move |_| {
        if let Some(dialog) = node.cast::<web_sys::HtmlDialogElement>() {
            if !dialog.open() {
                let _ = dialog.show_modal();
            }
        }
    });
}
