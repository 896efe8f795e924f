//! The table's dialogs: the color picker for a Wild, the end of a round, and the help. Each
//! is a modal `<dialog>`: the table behind it is inert, Tab stays inside, Escape closes it
//! where closing is a choice.

use crate::components::card::{CardFace, ColorSymbol};
use crate::components::keys::{trap_tab, use_modal, SHORTCUTS};
use crate::components::table::color_class;
use crate::settings::Settings;
use crate::state::Msg;
use crate::table::TableView;
use std::rc::Rc;
use uno_engine::{Action, Card, Color, Scoring};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Moves keyboard focus to `node` when the component mounts (a dialog's first button).
#[hook]
pub fn use_focus_on_mount(node: NodeRef) {
    use_effect_with((), move |_| {
        if let Some(element) = node.cast::<web_sys::HtmlElement>() {
            let _ = element.focus();
        }
    });
}

#[derive(Properties, PartialEq)]
pub struct PickerProps {
    pub table: Rc<TableView>,
    pub card: Card,
    pub dispatch: Callback<Msg>,
}

/// The swatch buttons in a dialog, in order.
fn swatches(dialog: &NodeRef) -> Vec<web_sys::HtmlElement> {
    let Some(list) = dialog
        .cast::<web_sys::Element>()
        .and_then(|d| d.query_selector_all(".swatch").ok())
    else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into().ok())
        .collect()
}

/// The dialog that names the color of a Wild. Focus starts on the first color; arrows move
/// between colors, a color's first letter picks it, Escape cancels without playing the card.
#[function_component(ColorPicker)]
pub fn color_picker(props: &PickerProps) -> Html {
    let settings = use_context::<Settings>().unwrap_or_default();
    let t = &props.table;
    let card = props.card;
    let (seat, version) = (t.seat(), t.version);
    let dialog = use_node_ref();
    let first = use_node_ref();
    use_modal(dialog.clone());
    use_focus_on_mount(first.clone());
    let colors: [Color; 4] = t.view.rules.edition.rules().colors;
    let choose = move |color: Color| Msg::Apply {
        version,
        action: Action::Play {
            seat,
            card,
            color: Some(color),
        },
    };
    let buttons: Html = colors
        .iter()
        .enumerate()
        .map(|(i, &color)| {
            let onclick = props.dispatch.reform(move |_| choose(color));
            html! {
                <button class={classes!("swatch", color_class(color))}
                    ref={if i == 0 { first.clone() } else { NodeRef::default() }} {onclick}>
                    if settings.symbols {
                        <svg class="swatch-symbol" viewBox="-1 -1 12 12" aria-hidden="true"><ColorSymbol {color}/></svg>
                    }
                    <span>{ color.name() }</span>
                </button>
            }
        })
        .collect();
    let cancel = props.dispatch.reform(|_| Msg::PickColor(None));
    let oncancel = props.dispatch.reform(|e: Event| {
        e.prevent_default();
        Msg::PickColor(None)
    });
    let onkeydown = {
        let dispatch = props.dispatch.clone();
        let dialog = dialog.clone();
        Callback::from(move |e: KeyboardEvent| {
            trap_tab(&e, &dialog);
            let key = e.key();
            if key == "Escape" {
                e.prevent_default();
                dispatch.emit(Msg::PickColor(None));
                return;
            }
            let named = colors
                .iter()
                .find(|c| c.name()[..1].eq_ignore_ascii_case(&key));
            if let Some(&color) = named.filter(|_| !e.ctrl_key() && !e.meta_key()) {
                e.prevent_default();
                dispatch.emit(choose(color));
                return;
            }
            let step: isize = match key.as_str() {
                "ArrowRight" | "ArrowDown" => 1,
                "ArrowLeft" | "ArrowUp" => -1,
                _ => return,
            };
            e.prevent_default();
            let all = swatches(&dialog);
            let active = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element());
            let at = all
                .iter()
                .position(|b| active.as_ref() == Some(b.as_ref()))
                .unwrap_or(0);
            let to = (at as isize + step).rem_euclid(all.len().max(1) as isize) as usize;
            if let Some(b) = all.get(to) {
                let _ = b.focus();
            }
        })
    };
    html! {
        <dialog ref={dialog} class="dialog" aria-labelledby="picker-title" {oncancel} {onkeydown}>
            <h3 id="picker-title">{ "Choose a color" }</h3>
            <p>{ format!("for your {}: a color's first letter picks it, Escape cancels", card.name()) }</p>
            <div class="swatches">{ buttons }</div>
            <button class="secondary" onclick={cancel}>{ "Cancel" }</button>
        </dialog>
    }
}

#[derive(Properties, PartialEq)]
pub struct RoundOverProps {
    pub table: Rc<TableView>,
    pub dispatch: Callback<Msg>,
}

/// Who went out; every hand's points counted into the scores, one row after another; then,
/// when the round ended it, the game's winner. Next round or a new game.
#[function_component(RoundOver)]
pub fn round_over(props: &RoundOverProps) -> Html {
    let settings = use_context::<Settings>().unwrap_or_default();
    let t = &props.table;
    let dialog = use_node_ref();
    let button = use_node_ref();
    use_modal(dialog.clone());
    use_focus_on_mount(button.clone());
    let Some(outcome) = t.outcome() else {
        return html! {};
    };
    let words = t.words(settings.symbols);
    let me = t.seat();
    let scoring: Scoring = t.view.rules.scoring();
    let left = &t.view.points_left;
    let gains = scoring.gains(outcome.winner, left);
    let rows: Html = (0..)
        .zip(left.iter().zip(&t.view.scores).zip(&gains))
        .map(|(s, ((left, total), gain))| {
            let cards = if s == outcome.winner { "out".to_string() } else { left.to_string() };
            html! {
                <tr class={classes!((s == outcome.winner).then_some("went-out"))}>
                    <th scope="row">{ words.name(s) }</th>
                    <td>{ cards }</td>
                    <td>{ total - gain }</td>
                    <td class="gain">{ if *gain > 0 { format!("+{gain}") } else { "·".into() } }</td>
                    <td class="total">{ total }</td>
                </tr>
            }
        })
        .collect();
    let went_out = if outcome.winner == me {
        "You went out!".to_string()
    } else {
        format!("{} went out", words.name(outcome.winner))
    };
    let title = match outcome.game_winner {
        Some(w) if w == me => "You win the game!".to_string(),
        Some(w) => format!("{} wins the game", words.name(w)),
        None => went_out.clone(),
    };
    let game_over = outcome.game_winner.is_some();
    let next = props
        .dispatch
        .reform(move |_| if game_over { Msg::Quit } else { Msg::NextRound });
    // Closing is not a choice here: Escape leaves the dialog open.
    let oncancel = Callback::from(|e: Event| e.prevent_default());
    let onkeydown = {
        let dialog = dialog.clone();
        Callback::from(move |e: KeyboardEvent| trap_tab(&e, &dialog))
    };
    html! {
        <dialog ref={dialog} class="dialog round-over" aria-labelledby="round-title" {oncancel} {onkeydown}>
            <h3 id="round-title">{ title }</h3>
            if game_over { <p class="went-out-line">{ format!("{went_out}.") }</p> }
            <p>{ format!("{} points from the other hands.", outcome.points) }</p>
            <table class="counting">
                <thead><tr>
                    <th scope="col">{ "Player" }</th><th scope="col">{ "Left in hand" }</th>
                    <th scope="col">{ "Before" }</th><th scope="col">{ "Gain" }</th><th scope="col">{ "Total" }</th>
                </tr></thead>
                <tbody>{ rows }</tbody>
            </table>
            if let Some(w) = outcome.game_winner {
                <p class="game-winner">{ format!("🏆 {} the game with {} points.", if w == me { "You win".to_string() } else { format!("{} wins", words.name(w)) }, t.view.scores[usize::from(w)]) }</p>
            }
            <button class="primary" ref={button} onclick={next}>{ if game_over { "New game" } else { "Next round" } }</button>
        </dialog>
    }
}

#[derive(Properties, PartialEq)]
pub struct HelpProps {
    pub on_close: Callback<()>,
    /// Shows the first-game tour again.
    pub on_tour: Callback<()>,
}

/// The keys of the table, and the way back to the tour.
#[function_component(Help)]
pub fn help(props: &HelpProps) -> Html {
    let dialog = use_node_ref();
    let button = use_node_ref();
    use_modal(dialog.clone());
    use_focus_on_mount(button.clone());
    let keys: Html = SHORTCUTS
        .iter()
        .map(|(key, what)| html! { <tr><th scope="row"><kbd>{ *key }</kbd></th><td>{ *what }</td></tr> })
        .collect();
    let close = props.on_close.reform(|_: MouseEvent| ());
    let oncancel = props.on_close.reform(|e: Event| e.prevent_default());
    let tour = props.on_tour.reform(|_: MouseEvent| ());
    let onkeydown = {
        let dialog = dialog.clone();
        Callback::from(move |e: KeyboardEvent| trap_tab(&e, &dialog))
    };
    html! {
        <dialog ref={dialog} class="dialog help" aria-labelledby="help-title" {oncancel} {onkeydown}>
            <h3 id="help-title">{ "Help" }</h3>
            <p>{ "Play a card that matches the top card by color, number or symbol, or a Wild. Call UNO before your last card. The Rules button has the whole rules and the points of every card." }</p>
            <table class="keys">
                <caption>{ "Keys at the table" }</caption>
                <tbody>{ keys }</tbody>
            </table>
            <div class="dialog-buttons">
                <button class="secondary" onclick={tour}>{ "Show the tour" }</button>
                <button class="primary" ref={button} onclick={close}>{ "Close" }</button>
            </div>
        </dialog>
    }
}

/// A small card picture for the rules' points table.
#[derive(Properties, PartialEq)]
pub struct MiniCardProps {
    pub card: Card,
}

#[function_component(MiniCard)]
pub fn mini_card(props: &MiniCardProps) -> Html {
    html! { <span class="mini-face" aria-hidden="true"><CardFace card={props.card}/></span> }
}
