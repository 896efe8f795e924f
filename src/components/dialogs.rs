//! The table's dialogs: the color picker for a Wild, and the end of a round.

use crate::components::card::ColorSymbol;
use crate::components::table::color_class;
use crate::settings::Settings;
use crate::state::Msg;
use crate::table::TableView;
use std::rc::Rc;
use uno_engine::{Action, Card, Color};
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

/// The dialog that names the color of a Wild: focus starts on the first color; Escape cancels.
#[function_component(ColorPicker)]
pub fn color_picker(props: &PickerProps) -> Html {
    let settings = use_context::<Settings>().unwrap_or_default();
    let t = &props.table;
    let card = props.card;
    let (seat, version) = (t.seat(), t.version);
    let first = use_node_ref();
    use_focus_on_mount(first.clone());
    let colors: [Color; 4] = t.view.rules.edition.rules().colors;
    let buttons: Html = colors
        .iter()
        .enumerate()
        .map(|(i, &color)| {
            let action = Action::Play {
                seat,
                card,
                color: Some(color),
            };
            let onclick = props
                .dispatch
                .reform(move |_| Msg::Apply { version, action });
            html! {
                <button class={classes!("swatch", color_class(color))}
                    aria-label={color.name()}
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
    let onkeydown = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                dispatch.emit(Msg::PickColor(None));
            }
        })
    };
    html! {
        <div class="backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="picker-title" {onkeydown}>
                <h3 id="picker-title">{ "Choose a color" }</h3>
                <p>{ format!("for your {}", card.name()) }</p>
                <div class="swatches">{ buttons }</div>
                <button class="secondary" onclick={cancel}>{ "Cancel" }</button>
            </div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct RoundOverProps {
    pub table: Rc<TableView>,
    pub dispatch: Callback<Msg>,
}

/// Who went out, every hand's points and the totals; next round or a new game.
#[function_component(RoundOver)]
pub fn round_over(props: &RoundOverProps) -> Html {
    let t = &props.table;
    let button = use_node_ref();
    use_focus_on_mount(button.clone());
    let Some(outcome) = t.outcome() else {
        return html! {};
    };
    let words = t.words(false);
    let me = t.seat();
    let rows: Html = (0..)
        .zip(t.view.points_left.iter().zip(&t.view.scores))
        .map(|(s, (left, total))| {
            html! { <tr><th scope="row">{ words.name(s) }</th><td>{ left }</td><td>{ total }</td></tr> }
        })
        .collect();
    let title = match outcome.game_winner {
        Some(w) if w == me => "You win the game!".to_string(),
        Some(w) => format!("{} wins the game", words.name(w)),
        None if outcome.winner == me => "You went out!".to_string(),
        None => format!("{} went out", words.name(outcome.winner)),
    };
    let game_over = outcome.game_winner.is_some();
    let next = props
        .dispatch
        .reform(move |_| if game_over { Msg::Quit } else { Msg::NextRound });
    html! {
        <div class="backdrop">
            <div class="dialog round-over" role="dialog" aria-modal="true" aria-labelledby="round-title">
                <h3 id="round-title">{ title }</h3>
                <p>{ format!("{} points from the other hands.", outcome.points) }</p>
                <table>
                    <thead><tr><th scope="col">{ "Player" }</th><th scope="col">{ "Left in hand" }</th><th scope="col">{ "Total" }</th></tr></thead>
                    <tbody>{ rows }</tbody>
                </table>
                <button class="primary" ref={button} onclick={next}>{ if game_over { "New game" } else { "Next round" } }</button>
            </div>
        </div>
    }
}
