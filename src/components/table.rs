//! The table as one seat sees it: the other players, the piles, the seat's hand and UNO
//! button, the prompts the engine's phase calls for, the log and the scores. Every control
//! comes from the seat's legal actions in its `TableView`; nothing here knows where the game
//! lives or which seats are people. It fits a phone's screen without scrolling the page (the
//! hand scrolls sideways inside itself); see static/style.css.

use crate::components::announce::{announcements, jump_in, urgent, whose_turn, Fresh, Spoken};
use crate::components::card::{CardBack, CardFace, ColorSymbol};
use crate::components::dialogs::{
    color_picker, hands_face_up, help, round_over, since_scrolled_by_hand,
};
use crate::components::keys::{keyboard_likely, move_in_hand, settle_focus, use_shortcuts};
use crate::components::prompt::{challenged_hand, prompt, swing_hands};
use crate::components::tour::Tour;
use crate::settings::{Settings, Speed};
use crate::sound;
use crate::state::{Msg, Reading};
use crate::table::TableView;
use crate::words::counted;
use std::cell::Cell;
use std::rc::Rc;
use uno_engine::{Action, Card, Color, Direction, Event, RuleError, Seat};
use yew::prelude::*;

#[derive(Properties)]
pub struct TableProps {
    pub table: Rc<TableView>,
    /// The hard bot's advice, when the player asked for it.
    pub hint: Option<Action>,
    /// Asks for a hint; none at a table of friends (online), where the button is not shown.
    pub on_hint: Option<Callback<()>>,
    pub picking_color: Option<Card>,
    pub notice: Option<String>,
    /// Why the last move tried here was refused.
    pub refused: Option<RuleError>,
    pub dispatch: Callback<Msg>,
    /// Whether the first-game tour may start by itself here.
    #[prop_or(true)]
    pub tour: bool,
    /// The first of this round's events that is news to this screen's person when the table
    /// is first shown mid-game (pass-and-play: the moves made while others held the device);
    /// `None`: none is (a reload, a table joined online).
    #[prop_or_default]
    pub news_from: Option<usize>,
}

/// The table is compared by its `Rc` alone: a screen builds a new one when its table changes
/// (and only then), so comparing every event of the round again at each render is not needed.
/// (Every field is named, so that a prop added and not compared fails to compile.)
impl PartialEq for TableProps {
    fn eq(&self, other: &Self) -> bool {
        let TableProps {
            table,
            hint,
            on_hint,
            picking_color,
            notice,
            refused,
            dispatch,
            tour,
            news_from,
        } = self;
        Rc::ptr_eq(table, &other.table)
            && *hint == other.hint
            && *on_hint == other.on_hint
            && *picking_color == other.picking_color
            && *notice == other.notice
            && *refused == other.refused
            && *dispatch == other.dispatch
            && *tour == other.tour
            && *news_from == other.news_from
    }
}

/// A callback that sends `action` for the table at `version`.
pub fn act(dispatch: &Callback<Msg>, version: u64) -> impl Fn(Action) -> Callback<MouseEvent> {
    let dispatch = dispatch.clone();
    move |action: Action| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Msg::Apply { version, action }))
    }
}

/// A short visual effect on a seat for this move: a Skip, cards drawn, an UNO call, a catch.
struct Effect {
    seat: Seat,
    class: &'static str,
    text: String,
}

/// The seat effects of one move's events.
fn effects(events: &[Event]) -> Vec<Effect> {
    let mut out: Vec<Effect> = Vec::new();
    let mut drawn: Vec<(Seat, usize)> = Vec::new();
    for e in events {
        match *e {
            Event::Skipped { seat } => out.push(Effect {
                seat,
                class: "fx-skip",
                text: "⊘".into(),
            }),
            Event::Drew { seat, .. } => match drawn.iter_mut().find(|(s, _)| *s == seat) {
                Some((_, n)) => *n += 1,
                None => drawn.push((seat, 1)),
            },
            Event::CalledUno { seat } => out.push(Effect {
                seat,
                class: "fx-uno",
                text: "UNO!".into(),
            }),
            Event::Caught { target, .. } => out.push(Effect {
                seat: target,
                class: "fx-caught",
                text: "Caught!".into(),
            }),
            _ => {}
        }
    }
    // One card drawn is an ordinary turn; more land on the hand as a penalty.
    out.extend(
        drawn
            .into_iter()
            .filter(|(_, n)| *n > 1)
            .map(|(seat, n)| Effect {
                seat,
                class: "fx-draw",
                text: format!("+{n}"),
            }),
    );
    out
}

fn effect_on(fx: &[Effect], seat: Seat, version: u64) -> Html {
    fx.iter()
        .filter(|f| f.seat == seat)
        .map(|f| {
            html! { <span key={format!("{version}{}", f.class)} class={classes!("fx", f.class)} aria-hidden="true">{ f.text.clone() }</span> }
        })
        .collect()
}

/// What the tab's title starts with while this seat must act.
const TURN_TITLE: &str = "Your turn · ";

#[function_component(TableScreen)]
pub fn table_screen(props: &TableProps) -> Html {
    let settings = use_context::<Settings>().unwrap_or_default();
    let t = &props.table;
    let v = &t.view;
    let me = t.seat();
    let words = t.words(settings.symbols);
    let act = act(&props.dispatch, t.version);
    let over = t.outcome();
    let my_turn = t.my_turn();
    // The hard bot's advice, shown under the piles and said in the polite live area.
    let hint = props
        .hint
        .filter(|_| my_turn)
        .map(|hint| format!("Hint: {}.", words.action(&hint)));

    // The events new at this version: read out, sounded and shown as effects.
    let fresh = use_mut_ref(Fresh::default);
    let range = fresh
        .borrow_mut()
        .update(t.version, v.history.len(), props.news_from);
    // (Never out of bounds, even for a table that changed under the same version.)
    let new_events = v.history.get(range).unwrap_or_default();
    let fx = effects(new_events);
    let lines = words.log(new_events);
    {
        let cues = sound::cues(new_events, me, my_turn);
        let on = settings.sound;
        use_effect_with(t.version, move |_| {
            if on {
                sound::play(&cues);
            }
        });
    }
    // Focus after each move: see `keys::settle_focus`.
    let played_at: Rc<Cell<Option<usize>>> = (*use_memo((), |_| Rc::new(Cell::new(None)))).clone();
    {
        // After a move: to a useful control if this seat must act. After any drawing: back
        // into the hand if focus was lost (a dialog closed, the focused card left).
        let must_act = my_turn && !t.legal.is_empty();
        let at = played_at.clone();
        use_effect_with(t.version, move |_| settle_focus(at.get(), must_act, true));
        let at = played_at.clone();
        use_effect(move || settle_focus(at.get(), must_act, false));
    }
    use_shortcuts();
    // Whether what is said names keys, or what to tap (a phone).
    let keys = use_memo((), |_| keyboard_likely());
    {
        // The tab's title says when this seat must act, for a player in another tab while
        // friends (or slow bots) play; never to a watcher (online, or in watch mode).
        let wanted = !t.watching && (my_turn || urgent(t, *keys).is_some()) && !t.legal.is_empty();
        use_effect_with(wanted, |&wanted| {
            let document = gloo_utils::document();
            let base = document.title().trim_start_matches(TURN_TITLE).to_string();
            if wanted {
                document.set_title(&format!("{TURN_TITLE}{base}"));
            }
            move || document.set_title(&base)
        });
    }
    // The hand's size, for the stylesheet to overlap the cards just enough to show them all
    // (set through the style object: the page's CSP refuses style attributes).
    let hand_list = use_node_ref();
    {
        let list = hand_list.clone();
        use_effect_with(v.hand.len(), move |&cards| {
            if let Some(list) = list.cast::<web_sys::HtmlElement>() {
                let _ = list.style().set_property("--cards", &cards.to_string());
            }
        });
    }
    // Watching a big table, the row of the seat to play stays in view in its scrolling list.
    {
        let open = t.watching && !t.open_hands.is_empty();
        use_effect_with((v.turn, open), |&(_, open)| {
            if open {
                keep_in_view(".open-hands", ".open-hands li.to-play");
            }
        });
    }
    let status_asked = use_state(|| 0u32);
    let spoken = use_mut_ref(Spoken::default);
    let help_open = use_state(|| false);
    let tour_asked = use_state(|| 0u32);
    // Drawing the table again after the tour closes runs `settle_focus`, which finds focus lost.
    let redraw = use_force_update();
    let tour_closed = use_callback((), move |(), ()| redraw.force_update());

    let opponents = opponents(t, &act, &fx);
    let top = t.top_card();
    let draw = t.find(|a| matches!(a, Action::Draw { .. }));
    let color_label = match v.color {
        Some(c) => words.color(c),
        None => "any (the first card played sets it)".to_string(),
    };
    let wild_now = new_events
        .iter()
        .any(|e| matches!(e, Event::Played { card, .. } if card.is_wild()));
    let color_badge = match v.color {
        Some(c) => html! {
            <span key={if wild_now { format!("named{}", t.version) } else { "color".into() }}
                class={classes!("color-chip", color_class(c), wild_now.then_some("fx-color"))}>
                if settings.symbols { <svg class="chip-symbol" viewBox="-1 -1 12 12" aria-hidden="true"><ColorSymbol color={c}/></svg> }
            </span>
        },
        None => html! {},
    };
    let reversed = new_events
        .iter()
        .any(|e| matches!(e, Event::Reversed { .. }));
    let arrow = match v.direction {
        Direction::Left => "↻",
        Direction::Right => "↺",
    };
    let direction = crate::words::direction(v.direction);
    let hand = hand(t, props, &act, settings.symbols, &played_at);
    let uno = t.find(|a| matches!(a, Action::CallUno { .. }));
    let picker = props
        .picking_color
        .map(|card| color_picker(t, card, settings.symbols, &props.dispatch));
    let nothing_fits = t.nothing_fits();
    let status = whose_turn(t, &words);
    // The lines of what is new at this version (at least the newest line) stand out: a bot's
    // whole turn, or all a person missed while others held the device.
    let fresh_lines = lines.len().max(1);
    let log: Html = words
        .log(&v.history)
        .iter()
        .rev()
        .enumerate()
        .map(|(i, line)| html! { <li class={classes!((i < fresh_lines).then_some("fresh"))}>{ line }</li> })
        .collect();
    let scores: Html = (0..)
        .zip(&v.scores)
        .map(|(s, score)| html! { <li><span>{ words.name(s) }</span><span>{ score }</span></li> })
        .collect();
    let on_hint = props
        .on_hint
        .as_ref()
        .map(|asked| asked.reform(|_: MouseEvent| ()));
    let ask_status = {
        let asked = status_asked.clone();
        Callback::from(move |_: MouseEvent| asked.set(*asked + 1))
    };
    // The bots wait while Help is read, as they do while the tour's steps are.
    let set_help = {
        let open = help_open.clone();
        let dispatch = props.dispatch.clone();
        move |shown: bool| {
            open.set(shown);
            dispatch.emit(Msg::Hold(Reading::Help, shown));
        }
    };
    let open_help = {
        let set_help = set_help.clone();
        Callback::from(move |_: MouseEvent| set_help(true))
    };
    let close_help = {
        let set_help = set_help.clone();
        Callback::from(move |()| set_help(false))
    };
    let show_tour = {
        let asked = tour_asked.clone();
        Callback::from(move |()| {
            set_help(false);
            asked.set(*asked + 1);
        })
    };
    let on_hand_key = Callback::from(|e: KeyboardEvent| move_in_hand(&e));

    html! {
        <section class={classes!("table", (settings.speed == Speed::Instant).then_some("still"))}
            data-speed={settings.speed.code()} aria-labelledby="table-title">
            <h2 id="table-title" class="visually-hidden" tabindex="-1">{ "Table" }</h2>
            <ol class="opponents" aria-label="Opponents">{ opponents }</ol>
            <div class="center">
                // Named by its text ("Draw a card, 80 left"), which holds the count it shows.
                <button class={classes!("pile", "draw-pile", nothing_fits.then_some("only-move"))} aria-disabled={draw.is_none().to_string()} data-shortcut="d"
                    onclick={draw.map_or(Callback::noop(), &act)}>
                    <span class="visually-hidden">{ "Draw a card, " }</span>
                    <CardBack/>
                    // A screen reader hears it in the turn's announcement ("No card to play: draw.").
                    if nothing_fits { <span class="pile-cue" aria-hidden="true">{ "Draw" }</span> }
                    <span class="pile-count">{ v.draw_pile_size }</span>
                    <span class="visually-hidden">{ " left" }</span>
                </button>
                <div class="pile discard-pile" role="img" aria-label={format!("Top card: {}", v.rules.edition.card_name(top))}>
                    // Keyed by the pile's size: each new top card mounts and travels in from its player.
                    <div key={v.discard_pile.len()} class={classes!("arrive", arrival(t), special_motion(top, new_events))}>
                        <CardFace card={top} symbols={settings.symbols} named={v.color}/>
                    </div>
                </div>
                <div class="current">
                    <p class="edition-name">{ v.rules.edition.to_string() }</p>
                    <p class="current-color">{ "Color: " }{ color_badge }<span>{ color_label }</span></p>
                    <p class="direction">
                        <span key={if reversed { format!("turned{}", t.version) } else { "arrow".into() }}
                            class={classes!("arrow", reversed.then_some("fx-reverse"))} aria-hidden="true">{ arrow }</span>
                        { " Play goes " }{ direction }
                    </p>
                    <p class="turn">{ status }</p>
                </div>
            </div>
            <div class="messages">
                { prompt(t, &words, &act) }
                { challenged_hand(t, settings.symbols) }
                { swing_hands(t, settings.symbols) }
                if let Some(hint) = &hint {
                    <p class="hint-text">{ hint }</p>
                }
                if let Some(card) = t.jump_in() {
                    <p class="chance">{ jump_in(t, &words, card) }</p>
                }
                if let Some(notice) = &props.notice {
                    <p class="notice" role="alert">{ notice }</p>
                }
                if let Some(refused) = &props.refused {
                    <p class="notice" role="alert">{ words.refusal(refused) }</p>
                }
            </div>
            <div class={classes!("my-side", my_turn.then_some("to-play"))}>
                // A watcher holds no hand and calls nothing: every seat is among the others.
                // Where only bots play (watch mode), every hand is face up here instead.
                if !t.watching {
                    <ul class="hand" aria-label="Your hand" onkeydown={on_hand_key} ref={hand_list}>{ hand }</ul>
                    { effect_on(&fx, me, t.version) }
                } else if !t.open_hands.is_empty() {
                    { hands_face_up(&t.open_hands, &words, "Every hand", Some(v.turn)) }
                }
                <div class="actions">
                    if let Some(on_hint) = on_hint.filter(|_| !t.watching) {
                        <button class="secondary hint-button" data-shortcut="h" aria-disabled={(!my_turn).to_string()}
                            onclick={if my_turn { on_hint } else { Callback::noop() }}>{ "Hint" }</button>
                    }
                    <button class="secondary" data-shortcut="s" onclick={ask_status}>{ "Status" }</button>
                    <button class="secondary" data-shortcut="?" onclick={open_help}>{ "Help" }</button>
                    if !t.watching {
                        <button class="uno-button" aria-disabled={uno.is_none().to_string()} data-shortcut="u"
                            onclick={uno.map_or(Callback::noop(), &act)}>{ "UNO!" }</button>
                    }
                </div>
            </div>
            <div class="sidebar">
                // The list scrolls inside the box, newest last and in view (see the stylesheet);
                // focusable, so a keyboard can scroll it back.
                <section aria-labelledby="log-title" class="log">
                    <h3 id="log-title">{ "What happened" }</h3>
                    <ul aria-labelledby="log-title" tabindex="0">{ log }</ul>
                </section>
                <section aria-labelledby="scores-title" class="scores" tabindex="0">
                    <h3 id="scores-title">{ "Scores" }</h3>
                    <ul>{ scores }</ul>
                </section>
            </div>
            { announcements(&spoken, t, &lines, settings.symbols, *keys, *status_asked, hint.as_deref()) }
            { picker.unwrap_or_default() }
            if *help_open {
                { help(&close_help, &show_tour, !t.watching, props.on_hint.is_some(), v.rules.house_rules.jump_in) }
            }
            <Tour asked={*tour_asked} enabled={props.tour} on_close={tour_closed} on_hold={props.dispatch.reform(|open| Msg::Hold(Reading::Tour, open))}/>
            if over.is_some() {
                { round_over(t, settings.symbols, &props.dispatch) }
            }
        </section>
    }
}

/// The seat that plays after the one to play, one step in the direction of play: a marker
/// for the eye, which a pending Skip may still change.
fn next_seat(t: &TableView) -> Seat {
    let v = &t.view;
    let players = v.hand_sizes.len() as i16;
    (i16::from(v.turn) + i16::from(v.direction.step())).rem_euclid(players) as Seat
}

/// The other seats, in seat order after this screen's: name, cards, UNO state, to play or
/// next, and the catch button when the seat may be caught.
fn opponents(t: &TableView, act: &impl Fn(Action) -> Callback<MouseEvent>, fx: &[Effect]) -> Html {
    let v = &t.view;
    let me = t.seat();
    let players = v.hand_sizes.len() as Seat;
    let words = t.words(false);
    let over = t.outcome().is_some();
    let next = next_seat(t);
    // A watcher's screen is only shown from `me`: that seat is among the others too.
    let first = Seat::from(!t.watching);
    (first..players)
        .map(|i| (me + i) % players)
        .map(|seat| {
            let count = v.hand_sizes[usize::from(seat)];
            let to_play = v.turn == seat && !over;
            let is_next = next == seat && !over && !to_play;
            let catch = t.find(|a| matches!(a, Action::Catch { target, .. } if *target == seat));
            let backs: Html = (0..count.min(8)).map(|_| html! { <span class="mini-back"><CardBack/></span> }).collect();
            let name = words.name(seat);
            let uno = count == 1 && v.called_uno[usize::from(seat)];
            html! {
                <li class={classes!("opponent", to_play.then_some("to-play"), is_next.then_some("next"))}
                    aria-label={format!("{name}: {}{}{}", counted(count, "card"),
                        if uno { ", called UNO" } else { "" },
                        if to_play { ", to play" } else if is_next { ", next" } else { "" })}>
                    <span class="who">{ name }</span>
                    <span class="count" aria-hidden="true"><span class="fan">{ backs }</span>{ count }</span>
                    if to_play { <span class="marker" aria-hidden="true">{ "▶ to play" }</span> }
                    else if is_next { <span class="marker next-marker" aria-hidden="true">{ "next" }</span> }
                    if uno {
                        <span class="uno-badge" aria-hidden="true">{ "UNO!" }</span>
                    }
                    if let Some(action) = catch {
                        <button class="catch" data-shortcut="c" onclick={act(action)}>{ format!("Catch {name}!") }</button>
                    } else if v.catchable == Some(seat) {
                        <span class="forgot">{ "forgot UNO" }</span>
                    }
                    { effect_on(fx, seat, t.version) }
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
    played_at: &Rc<Cell<Option<usize>>>,
) -> Html {
    let mut previous = None;
    let mut copy = 0u8;
    let jump_in = t.jump_in();
    t.view
        .hand
        .iter()
        .enumerate()
        .map(|(at, &card)| {
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
            // Where the hand was left: focus returns to the card that takes this one's place.
            let remember = played_at.clone();
            let onclick = Callback::from(move |e: MouseEvent| {
                // The second click of a double click (the same place, at once) lands on the
                // card that took the played one's place: it is no move of its own.
                if e.detail() > 1 {
                    return;
                }
                remember.set(Some(at));
                onclick.emit(e);
            });
            let hinted = matches!(props.hint, Some(Action::Play { card: c, .. }) if c == card);
            html! {
                <li {key}>
                    <button class={classes!("card", if play.is_some() { "playable" } else { "unplayable" },
                        hinted.then_some("hinted"))}
                        data-card={card.to_string()} aria-disabled={(play.is_none()).to_string()}
                        data-shortcut={(jump_in == Some(card) && copy == 1).then_some("j")} {onclick}>
                        // Named by its text, not an aria-label: a label would have to hold the
                        // face's printed numbers too (WCAG 2.5.3, label in name).
                        <span class="visually-hidden">{ t.view.rules.edition.card_name(card) }</span>
                        <CardFace {card} {symbols}/>
                    </button>
                </li>
            }
        })
        .collect()
}

/// The CSS class that paints a color (no inline styles: the page's CSP forbids them).
pub fn color_class(color: Color) -> String {
    format!("paint-{}", crate::components::card::lower(color))
}

/// Where the top card comes from: this seat's hand (below) or another seat (above).
fn arrival(t: &TableView) -> &'static str {
    match t.top_played_by() {
        Some(seat) if Some(seat) == t.player() => "from-below",
        Some(_) => "from-above",
        None => "from-deck",
    }
}

/// The motion a special card makes as it lands, when it was just played.
fn special_motion(top: Card, new_events: &[Event]) -> Option<&'static str> {
    let just_played = new_events
        .iter()
        .any(|e| matches!(e, Event::Played { card, .. } if *card == top));
    if !just_played {
        return None;
    }
    use uno_engine::Face;
    Some(match top.face() {
        Face::Skip => "land-skip",
        Face::Reverse => "land-reverse",
        Face::DrawTwo | Face::WildDrawFour | Face::WildGrayskull => "land-draw",
        _ if top.is_wild() => "land-wild",
        _ => return None,
    })
}

/// How long a list someone scrolled by hand stays where they put it.
const HELD_BY_HAND_MS: f64 = 4000.0;

/// Scrolls the list `list` just enough to show its row `row`, if that row is out of view (the
/// page itself does not move), unless a person scrolled the list in the last few seconds.
fn keep_in_view(list: &str, row: &str) {
    use wasm_bindgen::JsCast;
    if since_scrolled_by_hand() < HELD_BY_HAND_MS {
        return;
    }
    let document = gloo_utils::document();
    let find = |selector: &str| {
        document
            .query_selector(selector)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    };
    let (Some(list), Some(row)) = (find(list), find(row)) else {
        return;
    };
    let (top, bottom) = (row.offset_top(), row.offset_top() + row.offset_height());
    let (seen, height) = (list.scroll_top(), list.client_height());
    if top < seen {
        list.set_scroll_top(top);
    } else if bottom > seen + height {
        list.set_scroll_top(bottom - height);
    }
}
