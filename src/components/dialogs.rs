//! The table's dialogs: the color picker for a Wild, the end of a round, and the help. Each
//! is a `Modal`: a modal `<dialog>` (the table behind it is inert), Tab stays inside, focus
//! starts on its `autofocus` control, and Escape does what `on_cancel` says (nothing when
//! closing is not a choice). The dialogs themselves are plain functions of the table.

use crate::components::card::{CardFace, ColorSymbol};
use crate::components::keys::{trap_tab, use_modal, SHORTCUTS};
use crate::components::table::color_class;
use crate::state::Msg;
use crate::storage::new_seed;
use crate::table::{AfterGame, TableView};
use crate::words::{counted, Words};
use uno_engine::{Action, Card, Color, Face, Scoring, Seat};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Moves keyboard focus to `node` when the component mounts.
#[hook]
pub fn use_focus_on_mount(node: NodeRef) {
    use_effect_with((), move |_| {
        if let Some(element) = node.cast::<web_sys::HtmlElement>() {
            let _ = element.focus();
        }
    });
}

/// Moves focus to the heading of the screen shown (`main h2[tabindex]`), or to a control the
/// screen marks as the first thing to do there (`data-land`: "Resume your earlier game" above
/// the New game form), whenever `screen` changes to another `Some`, but not on the page's
/// first screen: a screen reader says where the page went, and Tab goes on from there (the
/// control that had focus is gone). `None` is a screen that places focus itself (the table,
/// a handover).
#[hook]
pub fn use_heading_focus<T: PartialEq + 'static>(screen: Option<T>) {
    let first = use_mut_ref(|| true);
    use_effect_with(screen, move |screen| {
        let first = first.replace(false);
        let document = gloo_utils::document();
        let heading = ["main [data-land]", "main h2[tabindex]"]
            .iter()
            .find_map(|s| document.query_selector(s).ok().flatten())
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let (Some(_), Some(heading), false) = (screen, heading, first) {
            let _ = heading.focus();
        }
    });
}

#[derive(Properties, PartialEq)]
pub struct ModalProps {
    pub class: Classes,
    /// The id of the dialog's title.
    pub labelledby: AttrValue,
    #[prop_or_default]
    pub describedby: Option<AttrValue>,
    /// What Escape does; without it the dialog stays open.
    #[prop_or_default]
    pub on_cancel: Option<Callback<()>>,
    /// The dialog's own keys (after the Tab trap).
    #[prop_or_default]
    pub onkeydown: Option<Callback<KeyboardEvent>>,
    pub children: Html,
}

#[function_component(Modal)]
pub fn modal(props: &ModalProps) -> Html {
    let dialog = use_node_ref();
    use_modal(dialog.clone());
    let oncancel = {
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |e: Event| {
            e.prevent_default();
            if let Some(c) = &on_cancel {
                c.emit(());
            }
        })
    };
    let onkeydown = {
        let dialog = dialog.clone();
        let own = props.onkeydown.clone();
        Callback::from(move |e: KeyboardEvent| {
            trap_tab(&e, &dialog);
            if let Some(own) = &own {
                own.emit(e);
            }
        })
    };
    html! {
        <dialog ref={dialog} class={classes!("dialog", props.class.clone())} aria-labelledby={props.labelledby.clone()}
            aria-describedby={props.describedby.clone()} {oncancel} {onkeydown}>
            { props.children.clone() }
        </dialog>
    }
}

/// The swatch buttons of the dialog a key event happened in, in order.
fn swatches(e: &KeyboardEvent) -> Vec<web_sys::HtmlElement> {
    let Some(list) = e
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
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
pub fn color_picker(t: &TableView, card: Card, symbols: bool, dispatch: &Callback<Msg>) -> Html {
    let (seat, version) = (t.seat(), t.version);
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
            let onclick = dispatch.reform(move |_| choose(color));
            html! {
                <button class={classes!("swatch", color_class(color))} autofocus={i == 0} {onclick}>
                    if symbols {
                        <svg class="swatch-symbol" viewBox="-1 -1 12 12" aria-hidden="true"><ColorSymbol {color}/></svg>
                    }
                    <span>{ color.name() }</span>
                </button>
            }
        })
        .collect();
    let cancel = dispatch.reform(|_| Msg::PickColor(None));
    let on_cancel = dispatch.reform(|()| Msg::PickColor(None));
    let onkeydown = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
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
            let all = swatches(&e);
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
    // A Blank or Customizable card's effect is this game's choice: said where its color is
    // named (one effect depends on the color).
    let custom = card.face() == Face::WildCustom;
    let describedby = Some(AttrValue::from(if custom {
        "picker-about picker-effect"
    } else {
        "picker-about"
    }));
    html! {
        <Modal class="picker" labelledby="picker-title" {describedby} {on_cancel} {onkeydown}>
            <h3 id="picker-title">{ "Choose a color" }</h3>
            // The keys go unsaid where there is no mouse or trackpad (a phone): see `.keys-hint`.
            <p id="picker-about">{ format!("for your {}", t.view.rules.edition.card_name(card)) }<span class="keys-hint">{ ": a color's first letter picks it, Escape cancels" }</span></p>
            if custom {
                <p id="picker-effect" class="effect">{ format!("{}.", t.view.rules.custom_effect.about()) }</p>
            }
            <div class="swatches">{ buttons }</div>
            <button class="secondary" onclick={cancel}>{ "Cancel" }</button>
        </Modal>
    }
}

/// Who went out; every hand's points counted into the scores, one row after another; then,
/// when the round ended it, the game's winner. Next round (or, at this device, leave the table
/// between rounds) or a new game. Escape does not close it: what comes next is a choice to
/// make. (Inlined into the table's one call: apart, it cost the page 0.4 KB more.)
#[inline(always)]
pub fn round_over(t: &TableView, symbols: bool, dispatch: &Callback<Msg>) -> Html {
    let Some(outcome) = t.outcome() else {
        return html! {};
    };
    let words = t.words(symbols);
    let me = t.player();
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
                    <td class="gain">
                        if *gain > 0 { { format!("+{gain}") } }
                        // A dot to the eye; a screen reader says a word, not "middle dot".
                        else { <span aria-hidden="true">{ "·" }</span><span class="visually-hidden">{ "none" }</span> }
                    </td>
                    <td class="total">{ total }</td>
                </tr>
            }
        })
        .collect();
    let went_out = if Some(outcome.winner) == me {
        "You went out!".to_string()
    } else {
        format!("{} went out", words.name(outcome.winner))
    };
    let title = match outcome.game_winner {
        Some(w) if Some(w) == me => "You win the game!".to_string(),
        Some(w) => format!("{} wins the game", words.name(w)),
        None => went_out.clone(),
    };
    let game_over = outcome.game_winner.is_some();
    let next = dispatch.reform(|_| Msg::NextRound);
    let leave = dispatch.reform(|_| Msg::Quit);
    // What comes after a game depends on where it lives (`AfterGame`); after a round, the
    // next round.
    let after = if !game_over && t.watching {
        // A watcher deals nothing: in this page (watch mode) the bots deal after a pause; in a
        // room a player does (or the server, after a pause).
        let (said, way_out) = match t.after_game {
            AfterGame::NewGame => ("The next round is dealt in a moment.", "New game"),
            _ => ("Waiting for a player to deal the next round.", "Leave room"),
        };
        html! { <>
            <p>{ said }</p>
            <div class="dialog-buttons">
                <button class="secondary" autofocus={true} onclick={leave}>{ way_out }</button>
            </div>
        </> }
    } else if !game_over {
        let next_round = html! { <button class="primary" autofocus={true} onclick={next}>{ "Next round" }</button> };
        match t.after_game {
            // At this device a player may stop between rounds (the table menu is behind the
            // dialog): the game waits on New game to be resumed, at this dialog.
            AfterGame::NewGame => html! { <div class="dialog-buttons">
                { next_round }
                <button class="secondary" onclick={leave}>{ "Leave table" }</button>
            </div> },
            _ => next_round,
        }
    } else {
        match &t.after_game {
            // The same table dealt again, or back to choose another.
            AfterGame::NewGame => {
                let again = dispatch.reform(|_| Msg::PlayAgain { seed: new_seed() });
                html! { <div class="dialog-buttons">
                    <button class="primary" autofocus={true} onclick={again}>{ "Play again" }</button>
                    <button class="secondary" onclick={leave}>{ "New game" }</button>
                </div> }
            }
            AfterGame::DealAgain => html! { <div class="dialog-buttons">
                <button class="primary" autofocus={true} onclick={next}>{ "Play again" }</button>
                <button class="secondary" onclick={leave}>{ "Leave room" }</button>
            </div> },
            AfterGame::Wait(name) => html! { <>
                <p>{ format!("Waiting for {name} to deal a new game.") }</p>
                <div class="dialog-buttons">
                    <button class="secondary" autofocus={true} onclick={leave}>{ "Leave room" }</button>
                </div>
            </> },
        }
    };
    html! {
        <Modal class="round-over" labelledby="round-title">
            <h3 id="round-title">{ title }</h3>
            if game_over { <p class="went-out-line">{ format!("{}.", went_out.trim_end_matches('!')) }</p> }
            <p>{ format!("{} from the other hands.", counted(outcome.points as usize, "point")) }</p>
            <div class="count">
            <table class="counting">
                <thead><tr>
                    <th scope="col">{ "Player" }</th><th scope="col">{ "In hand" }</th>
                    <th scope="col">{ "Before" }</th><th scope="col">{ "Gain" }</th><th scope="col">{ "Total" }</th>
                </tr></thead>
                <tbody>{ rows }</tbody>
            </table>
            if !t.open_hands.is_empty() {
                { hands_face_up(&t.open_hands, &words, "The hands left", None) }
            }
            </div>
            if let Some(w) = outcome.game_winner {
                <p class="game-winner">{ game_won(scoring, w, me, &words, &t.view.scores) }</p>
            }
            { after }
        </Modal>
    }
}

/// How the game was won, in a sentence: by points, or (a game of one hand) by going out
/// first, which the points shown do not decide.
fn game_won(
    scoring: Scoring,
    winner: Seat,
    me: Option<Seat>,
    words: &Words,
    scores: &[u32],
) -> String {
    let who = if Some(winner) == me {
        "You win".to_string()
    } else {
        format!("{} wins", words.name(winner))
    };
    match scoring {
        Scoring::SingleHand => format!("{who} the game by going out first: a game is one hand."),
        _ => format!(
            "{who} the game with {}.",
            counted(scores[usize::from(winner)] as usize, "point")
        ),
    }
}

/// The keys of the table that do something on this screen (a watcher plays nothing; a table
/// of friends has no hint; J only where jump-in is played), and the way back to the tour.
pub fn help(
    on_close: &Callback<()>,
    on_tour: &Callback<()>,
    playing: bool,
    hints: bool,
    jump_in: bool,
) -> Html {
    let keys: Html = SHORTCUTS
        .iter()
        .filter(|(key, _)| match *key {
            "S" | "?" => true,
            "H" => playing && hints,
            "J" => playing && jump_in,
            _ => playing,
        })
        .map(|(key, what)| html! { <tr><th scope="row"><kbd>{ *key }</kbd></th><td>{ *what }</td></tr> })
        .collect();
    let close = on_close.reform(|_: MouseEvent| ());
    let tour = on_tour.reform(|_: MouseEvent| ());
    html! {
        <Modal class="help" labelledby="help-title" on_cancel={on_close.clone()}>
            <h3 id="help-title">{ "Help" }</h3>
            <p>{ "Play a card that matches the top card by color, number or symbol, or a Wild. Call UNO when you play your next-to-last card. The Rules button has the whole rules and the points of every card." }</p>
            <table class="keys">
                <caption>{ "Keys at the table" }</caption>
                <tbody>{ keys }</tbody>
            </table>
            <div class="dialog-buttons">
                <button class="secondary" onclick={tour}>{ "Show the tour" }</button>
                <button class="primary" autofocus={true} onclick={close}>{ "Close" }</button>
            </div>
        </Modal>
    }
}

/// Hands face up, a line each in seat order (an empty one left out), each card small and
/// named for screen readers: the hands laid down at the end of a round, every hand in watch
/// mode (`to_play`, the seat whose turn it is, marked).
pub fn hands_face_up(
    hands: &[Vec<Card>],
    words: &Words,
    label: &str,
    to_play: Option<Seat>,
) -> Html {
    let symbols = words.symbols;
    let lines: Html = (0..)
        .zip(hands)
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(s, cards)| {
            let said = words.cards(cards);
            // Keyed, so that a card played moves the others' nodes instead of redrawing every
            // card after it (watch mode redraws on every move of ten hands).
            let faces: Html = cards
                .iter()
                .enumerate()
                .map(|(i, &card)| {
                    let twin = cards[..i].iter().filter(|&&c| c == card).count();
                    html! { <span key={format!("{card}.{twin}")} class="mini-face"><CardFace {card} {symbols}/></span> }
                })
                .collect();
            html! {
                <li key={s} class={classes!((Some(s) == to_play).then_some("to-play"))}
                    aria-label={format!("{}: {said}", words.name(s))}>
                    <span class="who" aria-hidden="true">{ words.name(s) }</span>
                    <span class="fan" aria-hidden="true">{ faces }</span>
                </li>
            }
        })
        .collect();
    let open = to_play.is_some().then_some("open-hands");
    // A watcher scrolling the list by hand keeps it where they put it for a while (see
    // `table::keep_in_view`): a wheel, a key, or a pointer (a finger too) on it.
    let by_hand = open.is_some();
    // Focusable: a long list scrolls inside itself, so a keyboard must be able to scroll it.
    html! {
        <ul class={classes!("hands-left", open)} aria-label={label.to_string()} tabindex="0"
            onwheel={by_hand.then(|| Callback::from(|_: WheelEvent| stamp_by_hand()))}
            onpointerdown={by_hand.then(|| Callback::from(|_: PointerEvent| stamp_by_hand()))}
            onkeydown={by_hand.then(|| Callback::from(|_: KeyboardEvent| stamp_by_hand()))}>
            { lines }
        </ul>
    }
}

thread_local! {
    /// When a person last scrolled a list of hands face up by hand (ms, `Date.now()`).
    static SCROLLED_BY_HAND: std::cell::Cell<f64> = const { std::cell::Cell::new(f64::NEG_INFINITY) };
}

fn stamp_by_hand() {
    SCROLLED_BY_HAND.set(js_sys::Date::now());
}

/// Milliseconds since a person last scrolled a list of hands face up (infinite: never).
pub fn since_scrolled_by_hand() -> f64 {
    js_sys::Date::now() - SCROLLED_BY_HAND.get()
}

/// A small card picture for the rules' points table.
pub fn mini_card(card: Card) -> Html {
    html! { <span class="mini-face" aria-hidden="true"><CardFace {card}/></span> }
}
