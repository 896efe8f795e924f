//! The table: opponents, piles, the player's hand, the prompts the engine's phase calls for,
//! the log and the scores. Every control comes from the engine's legal actions for seat 0.

use crate::components::card::{CardBack, CardFace, ColorSymbol};
use crate::model::{color_words, name, Match, Speed, HUMAN};
use crate::state::Msg;
use std::rc::Rc;
use uno_engine::{Action, Card, Choice, Color, Phase};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub current: Rc<Match>,
    /// The hard bot's advice, when the player asked for it.
    pub hint: Option<Action>,
    pub on_hint: Callback<()>,
    pub picking_color: Option<Card>,
    pub notice: Option<String>,
    pub dispatch: Callback<Msg>,
}

#[function_component(Table)]
pub fn table(props: &TableProps) -> Html {
    let m = &props.current;
    let game = &m.game;
    let symbols = m.options.symbols;
    let legal = m.human_legal();
    let version = m.version;
    let act = {
        let dispatch = props.dispatch.clone();
        move |action: Action| {
            let dispatch = dispatch.clone();
            Callback::from(move |_: MouseEvent| dispatch.emit(Msg::Apply { version, action }))
        }
    };
    let can = |f: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| f(a));
    let turn = game.turn();
    let players = game.seats();
    let over = game.outcome();

    // Opponents, in seat order after the player.
    let catchable = game.catchable();
    let opponents: Html = (1..players)
        .map(|seat| {
            let count = game.hand(seat).len();
            let catch = can(&|a| matches!(a, Action::Catch { target, .. } if *target == seat));
            let backs: Html = (0..count.min(12)).map(|_| html! { <span class="mini-back"><CardBack/></span> }).collect();
            html! {
                <li class={classes!("opponent", (turn == seat && over.is_none()).then_some("to-play"))}
                    aria-label={format!("{}: {count} card{}{}", name(seat), if count == 1 { "" } else { "s" },
                        if turn == seat && over.is_none() { ", to play" } else { "" })}>
                    <span class="who">{ name(seat) }</span>
                    <span class="fan" aria-hidden="true">{ backs }</span>
                    <span class="count" aria-hidden="true">{ count }</span>
                    if count == 1 && game.has_called_uno(seat) {
                        <span class="uno-badge">{ "UNO!" }</span>
                    }
                    if let Some(action) = catch {
                        <button class="catch" onclick={act(action)}>{ format!("Catch {}!", name(seat)) }</button>
                    } else if catchable == Some(seat) {
                        <span class="forgot">{ "forgot UNO" }</span>
                    }
                </li>
            }
        })
        .collect();

    // The piles.
    let top = game.top_card();
    let draw = can(&|a| matches!(a, Action::Draw { .. }));
    let color_label = match game.color() {
        Some(c) => color_words(c, symbols),
        None => "any (the first card played sets it)".to_string(),
    };
    let color_badge = match game.color() {
        Some(c) => html! {
            <span class={classes!("color-chip", color_class(c))}>
                if symbols { <svg class="chip-symbol" viewBox="-1 -1 12 12" aria-hidden="true"><ColorSymbol color={c}/></svg> }
            </span>
        },
        None => html! {},
    };
    let direction = if game.direction() == uno_engine::Direction::Left {
        "clockwise ↻"
    } else {
        "counter-clockwise ↺"
    };

    // The player's hand: playable cards raised, the others dimmed and aria-disabled. Each copy
    // of a card keeps its key, so only a newly drawn card mounts (and flies in). A hand lists
    // its copies of a card together, so counting along the hand numbers them.
    let mut previous = None;
    let mut copy = 0u8;
    let hand: Html = game
        .hand(HUMAN)
        .iter()
        .map(|card| {
            copy = if previous == Some(card) { copy + 1 } else { 1 };
            previous = Some(card);
            let key = format!("{card}#{copy}");
            let play = can(&|a| matches!(a, Action::Play { card: c, .. } if *c == card));
            let onclick = match play {
                Some(_) if card.is_wild() => {
                    let dispatch = props.dispatch.clone();
                    Callback::from(move |_| dispatch.emit(Msg::PickColor(Some(card))))
                }
                Some(action) => act(action),
                None => Callback::noop(),
            };
            html! {
                <li {key}>
                    <button class={classes!("card", if play.is_some() { "playable" } else { "unplayable" },
                        matches!(props.hint, Some(Action::Play { card: c, .. }) if c == card).then_some("hinted"))}
                        aria-label={card.name()} aria-disabled={(play.is_none()).to_string()} {onclick}>
                        <CardFace {card} {symbols}/>
                    </button>
                </li>
            }
        })
        .collect();

    let uno = can(&|a| matches!(a, Action::CallUno { .. }));
    let prompt = prompt(m, &legal, &act);
    let picker = props.picking_color.map(|card| {
        html! { <ColorPicker current={m.clone()} {card} dispatch={props.dispatch.clone()}/> }
    });
    let status = match over {
        Some(_) => "The round is over.".to_string(),
        None if turn == HUMAN => "Your turn.".to_string(),
        None => format!("{} to play.", name(turn)),
    };
    let last = m.log.last().cloned().unwrap_or_default();
    // Newest first in the markup: the box is laid out bottom-up, so it stays scrolled to the
    // latest line and reads oldest-to-newest downwards.
    let log: Html = m
        .log
        .iter()
        .rev()
        .map(|line| html! { <li>{ line }</li> })
        .collect();
    let scores: Html = (0..players)
        .map(|s| html! { <li><span>{ name(s) }</span><span>{ game.scores()[usize::from(s)] }</span></li> })
        .collect();

    html! {
        <section class={classes!("table", (m.options.speed == Speed::Instant).then_some("still"))}
            data-speed={format!("{:?}", m.options.speed).to_lowercase()} aria-labelledby="table-title">
            <h2 id="table-title" class="visually-hidden">{ "Table" }</h2>
            <ol class="opponents" aria-label="Opponents">{ opponents }</ol>
            <div class="center">
                <button class="pile draw-pile" aria-label="Draw a card" aria-disabled={draw.is_none().to_string()}
                    onclick={draw.map_or(Callback::noop(), act.clone())}>
                    <CardBack/>
                    <span class="pile-count">{ game.draw_pile_size() }</span>
                </button>
                <div class="pile discard-pile" role="img" aria-label={format!("Top card: {}", top.name())}>
                    // Keyed by the pile's size: each new top card mounts and travels in from its player.
                    <div key={game.discard_pile().len()} class={classes!("arrive", arrival(m))}>
                        <CardFace card={top} {symbols} named={game.color()}/>
                    </div>
                </div>
                <div class="current">
                    <p class="current-color">{ "Color: " }{ color_badge }<span>{ color_label }</span></p>
                    <p class="direction">{ "Play goes " }{ direction }</p>
                    <p class="turn">{ status }</p>
                </div>
            </div>
            { prompt }
            { challenged_hand(m) }
            if turn == HUMAN && over.is_none() {
                <div class="hint-row">
                    <button class="secondary hint-button" onclick={let on_hint = props.on_hint.clone(); Callback::from(move |_| on_hint.emit(()))}>{ "Hint" }</button>
                    if let Some(hint) = &props.hint {
                        <p class="hint-text" role="status">{ format!("Hint: {}.", crate::model::action_words(hint, symbols)) }</p>
                    }
                </div>
            }
            if let Some(notice) = &props.notice {
                <p class="notice" role="alert">{ notice }</p>
            }
            <div class="my-side">
                <ul class="hand" aria-label="Your hand">{ hand }</ul>
                <button class="uno-button" aria-disabled={uno.is_none().to_string()}
                    onclick={uno.map_or(Callback::noop(), act.clone())}>{ "UNO!" }</button>
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
                <RoundOver current={m.clone()} dispatch={props.dispatch.clone()}/>
            }
        </section>
    }
}

/// The CSS class that paints a color (no inline styles: the page's CSP forbids them).
fn color_class(color: Color) -> String {
    format!("paint-{}", color.name().to_lowercase())
}

/// Where the top card comes from: the player's hand (below) or an opponent (above).
fn arrival(m: &Match) -> &'static str {
    let last = m.game.history().iter().rev().find_map(|e| match e {
        uno_engine::Event::Played { seat, .. } => Some(*seat),
        _ => None,
    });
    match last {
        Some(HUMAN) => "from-below",
        Some(_) => "from-above",
        None => "from-deck",
    }
}

/// The buttons for what the engine waits for from the player besides playing a card.
fn prompt(m: &Match, legal: &[Action], act: &impl Fn(Action) -> Callback<MouseEvent>) -> Html {
    let game = &m.game;
    let find = |f: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| f(a));
    if game.turn() != HUMAN {
        return html! {};
    }
    match game.phase() {
        Phase::Penalty {
            total, stackable, ..
        } => {
            let challenge = find(&|a| matches!(a, Action::Challenge { .. }));
            let accept = find(&|a| matches!(a, Action::Accept { .. }));
            let draw = find(&|a| matches!(a, Action::Draw { .. }));
            html! {
                <div class="prompt" role="group" aria-label="Your answer">
                    <p>{ format!("You must draw {total}{}.", if stackable { ", or stack a card on it" } else { "" }) }</p>
                    if let Some(a) = challenge { <button onclick={act(a)}>{ "Challenge" }</button> }
                    if let Some(a) = accept { <button onclick={act(a)}>{ format!("Accept and draw {total}") }</button> }
                    else if let Some(a) = draw { <button onclick={act(a)}>{ format!("Draw {total}") }</button> }
                </div>
            }
        }
        Phase::Drawn { card } => {
            let keep = find(&|a| matches!(a, Action::Pass { .. }));
            html! {
                <div class="prompt" role="group" aria-label="The card you drew">
                    <p>{ format!("You drew {}: play it from your hand{}", card.name(), if keep.is_some() { ", or keep it." } else { " (it must be played)." }) }</p>
                    if let Some(a) = keep { <button onclick={act(a)}>{ "Keep it" }</button> }
                </div>
            }
        }
        Phase::Choose { choice } => {
            let question = match choice {
                Choice::WebSwing { color } => format!(
                    "Skip a player holding {}?",
                    color_words(color, m.options.symbols)
                ),
                Choice::SevenSwap | Choice::SwapHands => "Swap hands with whom?".to_string(),
            };
            let buttons: Html = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Choose { target, .. } => Some(html! {
                        <button onclick={act(a)}>{
                            match target {
                                Some(t) => format!("{} ({} cards)", name(t), game.hand(t).len()),
                                None => "No one".to_string(),
                            }
                        }</button>
                    }),
                    _ => None,
                })
                .collect();
            html! {
                <div class="prompt" role="group" aria-label="Choose a player">
                    <p>{ question }</p>
                    { buttons }
                    { revealed(m) }
                </div>
            }
        }
        _ => html! {},
    }
}

/// The hand a challenge of the player's showed them (the latest, until the round ends).
fn challenged_hand(m: &Match) -> Html {
    let Some(r) = m.game.reveals().iter().rev().find(|r| r.to == Some(HUMAN)) else {
        return html! {};
    };
    let names = r
        .cards
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ");
    let cards: Html = r
        .cards
        .iter()
        .map(|card| html! { <span class="mini-face"><CardFace {card} symbols={m.options.symbols}/></span> })
        .collect();
    html! {
        <div class="reveal-panel" role="group" aria-label={format!("{}'s hand when you challenged: {names}", name(r.seat))}>
            <p>{ format!("{}'s hand when you challenged:", name(r.seat)) }</p>
            <div class="reveal-cards" aria-hidden="true">{ cards }</div>
        </div>
    }
}

/// Hands shown by a Web Swing.
fn revealed(m: &Match) -> Html {
    let shown: Html = m
        .game
        .reveals()
        .iter()
        .filter(|r| r.to.is_none())
        .map(|r| {
            let cards: Html = r.cards.iter().map(|card| html! { <span class="mini-face"><CardFace {card} symbols={m.options.symbols}/></span> }).collect();
            html! { <li aria-label={format!("{}: {}", name(r.seat), r.cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "))}>
                <span class="who">{ name(r.seat) }</span>{ cards }</li> }
        })
        .collect();
    html! { <ul class="revealed">{ shown }</ul> }
}

/// Moves keyboard focus to `node` when the component mounts (a dialog's first button).
#[hook]
fn use_focus_on_mount(node: NodeRef) {
    use_effect_with((), move |_| {
        if let Some(element) = node.cast::<web_sys::HtmlElement>() {
            let _ = element.focus();
        }
    });
}

#[derive(Properties, PartialEq)]
struct PickerProps {
    current: Rc<Match>,
    card: Card,
    dispatch: Callback<Msg>,
}

/// The dialog that names the color of a Wild: focus starts on the first color; Escape cancels.
#[function_component(ColorPicker)]
fn color_picker(props: &PickerProps) -> Html {
    let m = &props.current;
    let card = props.card;
    let version = m.version;
    let first = use_node_ref();
    use_focus_on_mount(first.clone());
    let colors: [Color; 4] = m.options.rules.edition.rules().colors;
    let buttons: Html = colors
        .iter()
        .enumerate()
        .map(|(i, &color)| {
            let dispatch = props.dispatch.clone();
            let onclick = Callback::from(move |_| {
                dispatch.emit(Msg::Apply {
                    version,
                    action: Action::Play { seat: HUMAN, card, color: Some(color) },
                })
            });
            html! {
                <button class={classes!("swatch", color_class(color))}
                    aria-label={color.name()}
                    ref={if i == 0 { first.clone() } else { NodeRef::default() }} {onclick}>
                    if m.options.symbols {
                        <svg class="swatch-symbol" viewBox="-1 -1 12 12" aria-hidden="true"><ColorSymbol {color}/></svg>
                    }
                    <span>{ color.name() }</span>
                </button>
            }
        })
        .collect();
    let cancel = {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_| dispatch.emit(Msg::PickColor(None)))
    };
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
struct RoundOverProps {
    current: Rc<Match>,
    dispatch: Callback<Msg>,
}

/// Who went out, every hand's points and the totals; next round or a new game.
#[function_component(RoundOver)]
fn round_over(props: &RoundOverProps) -> Html {
    let m = &props.current;
    let dispatch = &props.dispatch;
    let button = use_node_ref();
    use_focus_on_mount(button.clone());
    let Some(outcome) = m.game.outcome() else {
        return html! {};
    };
    let rows: Html = (0..m.game.seats())
        .map(|s| {
            let left = m.game.hand(s).points();
            html! { <tr><th scope="row">{ name(s) }</th><td>{ left }</td><td>{ m.game.scores()[usize::from(s)] }</td></tr> }
        })
        .collect();
    let title = match outcome.game_winner {
        Some(w) if w == HUMAN => "You win the game!".to_string(),
        Some(w) => format!("{} wins the game", name(w)),
        None if outcome.winner == HUMAN => "You went out!".to_string(),
        None => format!("{} went out", name(outcome.winner)),
    };
    let next = {
        let dispatch = dispatch.clone();
        let game_over = outcome.game_winner.is_some();
        Callback::from(move |_| dispatch.emit(if game_over { Msg::Quit } else { Msg::NextRound }))
    };
    html! {
        <div class="backdrop">
            <div class="dialog round-over" role="dialog" aria-modal="true" aria-labelledby="round-title">
                <h3 id="round-title">{ title }</h3>
                <p>{ format!("{} points from the other hands.", outcome.points) }</p>
                <table>
                    <thead><tr><th scope="col">{ "Player" }</th><th scope="col">{ "Left in hand" }</th><th scope="col">{ "Total" }</th></tr></thead>
                    <tbody>{ rows }</tbody>
                </table>
                <button class="primary" ref={button} onclick={next}>{ if outcome.game_winner.is_some() { "New game" } else { "Next round" } }</button>
            </div>
        </div>
    }
}
