//! The first-game tour: four short steps that point at the hand, the discard pile, the UNO
//! button and the color in play. Shown once (remembered in `localStorage`), skippable, and
//! shown again from the help.

use crate::components::dialogs::Modal;
use yew::prelude::*;

/// Set once the tour was finished or skipped.
pub const TOUR_KEY: &str = "uno-table.tour";

/// One step of the tour. Its words are `words`, then what to do with the control it points at
/// (`tap` on a phone, `click` with a mouse or a trackpad), then `more`; `keys` says what keys do
/// the same. The stylesheet shows a phone `.touch-hint` and hides `.keys-hint` from it, and the
/// other way round with a mouse.
struct Step {
    at: &'static str,
    title: &'static str,
    words: &'static str,
    tap: &'static str,
    click: &'static str,
    more: &'static str,
    keys: &'static str,
}

const STEPS: [Step; 4] = [
    Step {
        at: ".hand",
        title: "Your hand",
        words: "These are your cards. The raised ones can be played: ",
        tap: "tap",
        click: "click",
        more: " one.",
        keys: " Or move with the arrow keys and press Enter.",
    },
    Step {
        at: ".discard-pile",
        title: "The discard pile",
        words: "Play a card that matches the top card by color, number or symbol, or a Wild. Nothing to play? ",
        tap: "Tap",
        click: "Click",
        more: " the draw pile.",
        keys: " Key D draws too.",
    },
    Step {
        at: ".uno-button",
        title: "UNO!",
        words: "When you are about to play your next-to-last card, press UNO! Forget, and anyone may catch you: you draw.",
        tap: "",
        click: "",
        more: "",
        keys: " Key U calls it too.",
    },
    Step {
        at: ".current-color",
        title: "The color",
        words: "The color to match. After a Wild it is the color its player named.",
        tap: "",
        click: "",
        more: "",
        keys: " The Help button lists every key.",
    },
];

fn seen() -> bool {
    crate::browser_storage::get(TOUR_KEY).is_some()
}

/// Marks `selector`'s element as the one the tour points at (and no other).
fn spotlight(selector: Option<&str>) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(list) = doc.query_selector_all(".spotlight") {
        for i in 0..list.length() {
            if let Some(e) = list
                .item(i)
                .and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
            {
                let _ = e.class_list().remove_1("spotlight");
            }
        }
    }
    if let Some(e) = selector.and_then(|s| doc.query_selector(s).ok().flatten()) {
        let _ = e.class_list().add_1("spotlight");
    }
}

#[derive(Properties, PartialEq)]
pub struct TourProps {
    /// Counts the player's requests to see the tour again (from the help).
    pub asked: u32,
    /// Whether the tour may start by itself (not while bots play every seat).
    pub enabled: bool,
    /// Told when the tour closes (finished, skipped or Escape): its dialog leaves the page
    /// with focus in it, and the table puts focus back where the next key is useful.
    pub on_close: Callback<()>,
    /// Told whether the tour is open: the table holds its bots meanwhile, so that what a step
    /// points at does not change under it.
    pub on_hold: Callback<bool>,
}

#[function_component(Tour)]
pub fn tour(props: &TourProps) -> Html {
    let step = use_state(|| (props.enabled && !seen()).then_some(0usize));
    {
        let step = step.clone();
        use_effect_with(props.asked, move |asked| {
            if *asked > 0 {
                step.set(Some(0));
            }
        });
    }
    {
        let at = *step;
        let on_hold = props.on_hold.clone();
        use_effect_with(at, move |at| {
            spotlight(at.map(|i| STEPS[i].at));
            // (Left open, the table leaves for New game, which lets it go.)
            on_hold.emit(at.is_some());
            || spotlight(None)
        });
    }
    let Some(at) = *step else {
        return html! {};
    };
    let finish = {
        let step = step.clone();
        let on_close = props.on_close.clone();
        Callback::from(move |()| {
            crate::browser_storage::set(TOUR_KEY, "seen");
            step.set(None);
            on_close.emit(());
        })
    };
    let next = {
        let step = step.clone();
        let finish = finish.clone();
        Callback::from(move |_: MouseEvent| {
            if at + 1 < STEPS.len() {
                step.set(Some(at + 1));
            } else {
                finish.emit(());
            }
        })
    };
    let Step {
        title,
        words,
        tap,
        click,
        more,
        keys,
        ..
    } = STEPS[at];
    let last = at + 1 == STEPS.len();
    let skip = finish.reform(|_: MouseEvent| ());
    let next = next.reform(|e: MouseEvent| e);
    let on_cancel = finish.reform(|()| ());
    // Keyed by the step: each step is a dialog of its own, so focus lands on its Next.
    html! {
        <Modal key={at} class={classes!("tour", format!("tour-{}", at + 1))} labelledby="tour-title"
            describedby="tour-words" {on_cancel}>
            <p class="tour-count">{ format!("Tour {} of {}", at + 1, STEPS.len()) }</p>
            <h3 id="tour-title">{ title }</h3>
            <p id="tour-words">
                { words }<span class="touch-hint">{ tap }</span><span class="keys-hint">{ click }</span>{ more }
                <span class="keys-hint">{ keys }</span>
            </p>
            <div class="dialog-buttons">
                if !last { <button class="secondary" onclick={skip}>{ "Skip the tour" }</button> }
                <button class="primary" autofocus={true} onclick={next}>{ if last { "Play" } else { "Next" } }</button>
            </div>
        </Modal>
    }
}
