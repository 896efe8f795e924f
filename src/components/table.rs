//! The table as one seat sees it: the other players, the piles, the seat's hand and UNO
//! button, the prompts the engine's phase calls for, the log and the scores. Every control
//! comes from the seat's legal actions in its `TableView`; nothing here knows where the game
//! lives or which seats are people.

use crate::components::card::{CardBack, CardFace, ColorSymbol};
use crate::components::dialogs::{ColorPicker, RoundOver};
use crate::components::prompt::{challenged_hand, prompt};
use crate::settings::{Settings, Speed};
use crate::state::Msg;
use crate::table::TableView;
use std::rc::Rc;
use uno_engine::{Action, Card, Color, Direction, Event, RuleError, Seat};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub table: Rc<TableView>,
    /// The hard bot's advice, when the player asked for it.
    pub hint: Option<Action>,
    pub on_hint: Callback<()>,
    pub picking_color: Option<Card>,
    pub notice: Option<String>,
    /// Why the last move tried here was refused.
    pub refused: Option<RuleError>,
    pub dispatch: Callback<Msg>,
}

/// A callback that sends `action` for the table at `version`.
pub fn act(dispatch: &Callback<Msg>, version: u64) -> impl Fn(Action) -> Callback<MouseEvent> {
    let dispatch = dispatch.clone();
    move |action: Action| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Msg::Apply { version, action }))
    }
}

#[function_component(TableScreen)]
pub fn table_screen(props: &TableProps) -> Html {
    let settings = use_context::<Settings>().unwrap_or_default();
    let t = &props.table;
    let v = &t.view;
    let me = t.seat();
    let words = t.words(settings.symbols);
    let act = act(&props.dispatch, t.version);
    let over = t.outcome();
    let to_play = |seat: Seat| v.turn == seat && over.is_none();

    let opponents = opponents(t, &act);
    // The piles.
    let top = t.top_card();
    let draw = t.find(|a| matches!(a, Action::Draw { .. }));
    let color_label = match v.color {
        Some(c) => words.color(c),
        None => "any (the first card played sets it)".to_string(),
    };
    let color_badge = match v.color {
        Some(c) => html! {
            <span class={classes!("color-chip", color_class(c))}>
                if settings.symbols { <svg class="chip-symbol" viewBox="-1 -1 12 12" aria-hidden="true"><ColorSymbol color={c}/></svg> }
            </span>
        },
        None => html! {},
    };
    let direction = match v.direction {
        Direction::Left => "clockwise ↻",
        Direction::Right => "counter-clockwise ↺",
    };
    let hand = hand(t, props, &act, settings.symbols);
    let uno = t.find(|a| matches!(a, Action::CallUno { .. }));
    let picker = props.picking_color.map(|card| {
        html! { <ColorPicker table={t.clone()} {card} dispatch={props.dispatch.clone()}/> }
    });
    let status = match over {
        Some(_) => "The round is over.".to_string(),
        None if v.turn == me => "Your turn.".to_string(),
        None => format!("{} to play.", words.name(v.turn)),
    };
    let lines = words.log(&v.history);
    let last = lines.last().cloned().unwrap_or_default();
    // Newest first in the markup: the box is laid out bottom-up, so it stays scrolled to the
    // latest line and reads oldest-to-newest downwards.
    let log: Html = lines
        .iter()
        .rev()
        .map(|line| html! { <li>{ line }</li> })
        .collect();
    let scores: Html = (0..)
        .zip(&v.scores)
        .map(|(s, score)| html! { <li><span>{ words.name(s) }</span><span>{ score }</span></li> })
        .collect();
    let on_hint = props.on_hint.reform(|_: MouseEvent| ());

    html! {
        <section class={classes!("table", (settings.speed == Speed::Instant).then_some("still"))}
            data-speed={format!("{:?}", settings.speed).to_lowercase()} aria-labelledby="table-title">
            <h2 id="table-title" class="visually-hidden">{ "Table" }</h2>
            <ol class="opponents" aria-label="Opponents">{ opponents }</ol>
            <div class="center">
                // Named by its text ("Draw a card, 80 left"), which holds the count it shows.
                <button class="pile draw-pile" aria-disabled={draw.is_none().to_string()}
                    onclick={draw.map_or(Callback::noop(), &act)}>
                    <span class="visually-hidden">{ "Draw a card, " }</span>
                    <CardBack/>
                    <span class="pile-count">{ v.draw_pile_size }</span>
                    <span class="visually-hidden">{ " left" }</span>
                </button>
                <div class="pile discard-pile" role="img" aria-label={format!("Top card: {}", top.name())}>
                    // Keyed by the pile's size: each new top card mounts and travels in from its player.
                    <div key={v.discard_pile.len()} class={classes!("arrive", arrival(t))}>
                        <CardFace card={top} symbols={settings.symbols} named={v.color}/>
                    </div>
                </div>
                <div class="current">
                    <p class="current-color">{ "Color: " }{ color_badge }<span>{ color_label }</span></p>
                    <p class="direction">{ "Play goes " }{ direction }</p>
                    <p class="turn">{ status }</p>
                </div>
            </div>
            { prompt(t, &words, &act) }
            { challenged_hand(t, settings.symbols) }
            if to_play(me) {
                <div class="hint-row">
                    <button class="secondary hint-button" onclick={on_hint}>{ "Hint" }</button>
                    if let Some(hint) = &props.hint {
                        <p class="hint-text" role="status">{ format!("Hint: {}.", words.action(hint)) }</p>
                    }
                </div>
            }
            if let Some(notice) = &props.notice {
                <p class="notice" role="alert">{ notice }</p>
            }
            if let Some(refused) = &props.refused {
                <p class="notice" role="alert">{ words.refusal(refused) }</p>
            }
            <div class="my-side">
                <ul class="hand" aria-label="Your hand">{ hand }</ul>
                <button class="uno-button" aria-disabled={uno.is_none().to_string()}
                    onclick={uno.map_or(Callback::noop(), &act)}>{ "UNO!" }</button>
            </div>
            <div class="sidebar">
                <section aria-labelledby="log-title" class="log">
                    <h3 id="log-title">{ "What happened" }</h3>
                    <ul>{ log }</ul>
                </section>
                <section aria-labelledby="scores-title" class="scores">
                    <h3 id="scores-title">{ "Scores" }</h3>
                    <ul>{ scores }</ul>
                </section>
            </div>
            <p class="visually-hidden" aria-live="polite">{ last }</p>
            { picker.unwrap_or_default() }
            if over.is_some() {
                <RoundOver table={t.clone()} dispatch={props.dispatch.clone()}/>
            }
        </section>
    }
}

/// The other seats, in seat order after this screen's: name, cards, UNO state, to play, and
/// the catch button when the seat may be caught.
fn opponents(t: &TableView, act: &impl Fn(Action) -> Callback<MouseEvent>) -> Html {
    let v = &t.view;
    let me = t.seat();
    let players = v.hand_sizes.len() as Seat;
    let words = t.words(false);
    let over = t.outcome().is_some();
    (1..players)
        .map(|i| (me + i) % players)
        .map(|seat| {
            let count = v.hand_sizes[usize::from(seat)];
            let to_play = v.turn == seat && !over;
            let catch = t.find(|a| matches!(a, Action::Catch { target, .. } if *target == seat));
            let backs: Html = (0..count.min(12)).map(|_| html! { <span class="mini-back"><CardBack/></span> }).collect();
            let name = words.name(seat);
            html! {
                <li class={classes!("opponent", to_play.then_some("to-play"))}
                    aria-label={format!("{name}: {count} card{}{}", if count == 1 { "" } else { "s" },
                        if to_play { ", to play" } else { "" })}>
                    <span class="who">{ name }</span>
                    <span class="fan" aria-hidden="true">{ backs }</span>
                    <span class="count" aria-hidden="true">{ count }</span>
                    if count == 1 && v.called_uno[usize::from(seat)] {
                        <span class="uno-badge">{ "UNO!" }</span>
                    }
                    if let Some(action) = catch {
                        <button class="catch" onclick={act(action)}>{ format!("Catch {name}!") }</button>
                    } else if v.catchable == Some(seat) {
                        <span class="forgot">{ "forgot UNO" }</span>
                    }
                </li>
            }
        })
        .collect()
}

/// This seat's hand: playable cards raised, the others dimmed and aria-disabled. Each copy of
/// a card keeps its key, so only a newly drawn card mounts (and flies in). A hand lists its
/// copies of a card together, so counting along the hand numbers them.
fn hand(
    t: &TableView,
    props: &TableProps,
    act: &impl Fn(Action) -> Callback<MouseEvent>,
    symbols: bool,
) -> Html {
    let mut previous = None;
    let mut copy = 0u8;
    t.view
        .hand
        .iter()
        .map(|&card| {
            copy = if previous == Some(card) { copy + 1 } else { 1 };
            previous = Some(card);
            let key = format!("{card}#{copy}");
            let play = t.find(|a| matches!(a, Action::Play { card: c, .. } if *c == card));
            let onclick = match play {
                Some(_) if card.is_wild() => props.dispatch.reform(move |_| Msg::PickColor(Some(card))),
                Some(action) => act(action),
                // Tried anyway, the engine says why not (a Wild with some color, so that the
                // reason is about the card, not a missing color).
                None => act(Action::Play {
                    seat: t.seat(),
                    card,
                    color: card.is_wild().then(|| t.view.rules.edition.rules().colors[0]),
                }),
            };
            let hinted = matches!(props.hint, Some(Action::Play { card: c, .. }) if c == card);
            html! {
                <li {key}>
                    <button class={classes!("card", if play.is_some() { "playable" } else { "unplayable" },
                        hinted.then_some("hinted"))}
                        data-card={card.to_string()} aria-disabled={(play.is_none()).to_string()} {onclick}>
                        // Named by its text, not an aria-label: a label would have to hold the
                        // face's printed numbers too (WCAG 2.5.3, label in name).
                        <span class="visually-hidden">{ card.name() }</span>
                        <CardFace {card} {symbols}/>
                    </button>
                </li>
            }
        })
        .collect()
}

/// The CSS class that paints a color (no inline styles: the page's CSP forbids them).
pub fn color_class(color: Color) -> String {
    format!("paint-{}", color.name().to_lowercase())
}

/// Where the top card comes from: this seat's hand (below) or another seat (above).
fn arrival(t: &TableView) -> &'static str {
    let last = t.view.history.iter().rev().find_map(|e| match e {
        Event::Played { seat, .. } => Some(*seat),
        _ => None,
    });
    match last {
        Some(seat) if seat == t.seat() => "from-below",
        Some(_) => "from-above",
        None => "from-deck",
    }
}
