//! Play with friends: the online app (its own wasm, `src/bin/online.rs`, loaded only for
//! `?online` and `?room=` links, so the solo page's first load does not grow). It creates or
//! joins a room on the room server, shows the lobby, then the same table as solo through the
//! seam (`table::online::OnlineTable`). The connection comes back by itself: a seat's token is
//! kept in `localStorage` (and in memory, for a browser that keeps nothing), and a reload or a
//! dropped network resumes the same seat.

mod connection;
mod home;
mod links;
mod lobby;

use connection::{open, Line, Online, OnlineState};
use home::{home, Asked};
use links::NAME_KEY;
pub use links::{seat_kept, seat_link};
use lobby::{lobby, seat_list};

use crate::browser_storage as kept;
use crate::components::announce::live_areas;
use crate::components::dialogs::{use_heading_focus, Modal};
use crate::components::drafts::use_drafts;
use crate::components::rules::RulesPage;
use crate::components::sound_switch::{sound_switch, use_sound};
use crate::components::table::TableScreen;
use crate::record::Record;
use crate::settings::{SavedLook, Settings};
use crate::state::Msg;
use crate::storage::OPTIONS_KEY;
use crate::table::online::OnlineTable;
use crate::table::{Table, TableView};
use std::rc::Rc;
use uno_engine::{Edition, Rules, Seat};
use uno_protocol::{Request, SeatKindSpec, EMOTES};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Hidden this long (ms), the page opens a fresh line when seen again (`Online::Wake`).
const WAKE_AFTER_MS: f64 = 3_000.0;
/// A move or a ping the server has not answered in this long (ms) went down a dead line: the
/// server answers each at once (a move with its new state, or why not), and a slow phone
/// network takes a second or two.
const ANSWER_WAIT_MS: u64 = 5_000;
/// How often (ms) the page looks whether its line has been quiet (`LINE_QUIET_MS`).
const QUIET_CHECK_MS: u64 = 5_000;

/// A timer's length as the form and the lobby say it ("30 s", "1 min").
fn span(seconds: u32) -> String {
    if seconds % 60 == 0 {
        format!("{} min", seconds / 60)
    } else {
        format!("{seconds} s")
    }
}

#[function_component(OnlineApp)]
pub fn online_app() -> Html {
    let state = use_reducer(OnlineState::first);
    // What is typed in the home page's fields and not yet left, kept through its redraws.
    let drafts = use_drafts();
    let asked = use_state(|| Asked {
        name: kept::get(NAME_KEY).unwrap_or_default(),
        code: String::new(),
        rules: Rules::default(),
        seats: vec![
            SeatKindSpec::Human,
            SeatKindSpec::Human,
            SeatKindSpec::Medium,
            SeatKindSpec::Medium,
        ],
        takeover: 60,
        turn: 0,
        look: SavedLook::read(kept::get(OPTIONS_KEY).as_deref()),
        rules_open: false,
        server_open: false,
    });
    let tick = use_state(|| 0u32);
    // The Sound switch of the solo page, in this page's bar too.
    let (sound_on, toggle_sound) = use_sound();
    // One connection per dial: a new one replaces the last.
    {
        let dispatcher = state.dispatcher();
        let socket = state.socket.clone();
        // The room's code rides in the address too, for a proxy that routes rooms to servers.
        let code = state
            .room
            .as_ref()
            .map_or(state.code.clone(), |r| r.code.clone());
        let url = if code.is_empty() {
            state.server.clone()
        } else {
            format!(
                "{}?room={}",
                state.server,
                js_sys::encode_uri_component(&code)
            )
        };
        use_effect_with(state.dial, move |dial| {
            if *dial > 0 {
                *socket.borrow_mut() = open(&url, dispatcher);
            }
        });
    }
    // A dropped line is tried again, sooner first (try 0 at once, on no timer).
    {
        let dispatcher = state.dispatcher();
        let dial = state.dial;
        use_effect_with(state.line, move |line| {
            if let Line::Reconnecting(n) = *line {
                let wait = 500 * u64::from(n.min(8));
                if wait == 0 {
                    dispatcher.dispatch(Online::Redial(dial));
                } else {
                    yew::platform::spawn_local(async move {
                        yew::platform::time::sleep(std::time::Duration::from_millis(wait)).await;
                        dispatcher.dispatch(Online::Redial(dial));
                    });
                }
            }
        });
    }
    // A move or a ping unanswered after ANSWER_WAIT_MS: a fresh line (see
    // `Online::Unanswered`).
    {
        let dispatcher = state.dispatcher();
        use_effect_with(state.asked, move |sent| {
            let sent = *sent;
            if sent > 0 {
                yew::platform::spawn_local(async move {
                    let wait = std::time::Duration::from_millis(ANSWER_WAIT_MS);
                    yew::platform::time::sleep(wait).await;
                    dispatcher.dispatch(Online::Unanswered(sent));
                });
            }
        });
    }
    // While the line is open in a room, every QUIET_CHECK_MS: a quiet line is asked after
    // (see `Online::Quiet`). Hidden too: a tab in the background still says in its title
    // when the seat must play, which a dead line would never bring.
    {
        let dispatcher = state.dispatcher();
        let in_room = state.line == Line::Open && state.room.is_some();
        use_effect_with(in_room, move |&in_room| {
            let on = Rc::new(std::cell::Cell::new(in_room));
            if in_room {
                let on = on.clone();
                yew::platform::spawn_local(async move {
                    let every = std::time::Duration::from_millis(QUIET_CHECK_MS);
                    while on.get() {
                        yew::platform::time::sleep(every).await;
                        if on.get() {
                            dispatcher.dispatch(Online::Quiet);
                        }
                    }
                });
            }
            move || on.set(false)
        });
    }
    // Seen again after WAKE_AFTER_MS or more hidden, or back online: a fresh line (see
    // `Online::Wake`).
    {
        let dispatcher = state.dispatcher();
        use_effect_with((), move |()| {
            let document = gloo_utils::document();
            let window = gloo_utils::window();
            let hidden_at = std::cell::Cell::new(None::<f64>);
            let seen = document.clone();
            let wake = dispatcher.clone();
            let on_change = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                let now = js_sys::Date::now();
                if seen.hidden() {
                    hidden_at.set(Some(now));
                } else if hidden_at.take().is_some_and(|t| now - t >= WAKE_AFTER_MS) {
                    wake.dispatch(Online::Wake);
                }
            });
            let on_online = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                dispatcher.dispatch(Online::Wake);
            });
            let _ = document.add_event_listener_with_callback(
                "visibilitychange",
                on_change.as_ref().unchecked_ref(),
            );
            let _ = window
                .add_event_listener_with_callback("online", on_online.as_ref().unchecked_ref());
            move || {
                let _ = document.remove_event_listener_with_callback(
                    "visibilitychange",
                    on_change.as_ref().unchecked_ref(),
                );
                let _ = window.remove_event_listener_with_callback(
                    "online",
                    on_online.as_ref().unchecked_ref(),
                );
            }
        });
    }
    // Focus to the heading of a lobby, the home screen, the rules or a watcher's table when
    // they come: a player's table focuses a card of its own. The home screen comes again
    // after "Connecting…" when a room refused (no free seat, no such code): its controls are
    // new, and the focus goes to its heading rather than to the page's body.
    use_heading_focus(match &state.room {
        Some(r) if r.view.is_some() && !state.reading_rules => {
            r.seat.is_none().then(|| "watching".to_string())
        }
        Some(r) if r.view.is_some() => Some("rules".to_string()),
        Some(r) => Some(r.code.clone()),
        None if state.line == Line::Connecting => None,
        None => Some(String::new()),
    });
    // The turn timer counts down once a second while it runs.
    {
        let tick = tick.clone();
        let running = state.room.as_ref().and_then(|r| r.turn_deadline).is_some();
        use_effect_with((running, *tick), move |(running, n)| {
            if *running {
                let n = *n;
                yew::platform::spawn_local(async move {
                    yew::platform::time::sleep(std::time::Duration::from_secs(1)).await;
                    tick.set(n.wrapping_add(1));
                });
            }
        });
    }
    let settings = Settings {
        symbols: asked.look.symbols
            || state
                .room
                .as_ref()
                .is_some_and(|r| r.rules.edition == Edition::ColorAdd),
        speed: asked.look.speed,
        sound: sound_on,
        edition: state
            .room
            .as_ref()
            .map_or(Edition::Classic, |r| r.rules.edition),
    };
    let line = match state.line {
        Line::Idle => None,
        Line::Connecting => Some("Connecting…".to_string()),
        Line::Open => None,
        // Try 0 is a fresh line after the page was hidden: said only if it fails.
        Line::Reconnecting(0) => None,
        Line::Reconnecting(n) => Some(match &state.line_refused {
            Some(why) => format!("Reconnecting… (try {n}): {why}"),
            None => format!("Reconnecting… (try {n})"),
        }),
    };
    // The room's rules, from the table (a friend who took a seat late never saw the lobby).
    let rules_shown = |shown: bool| {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(Online::ReadRules(shown)))
    };
    // The room this screen sits at once the game has begun (before, the lobby).
    let playing = state.room.as_ref().filter(|r| r.view.is_some());
    let show_rules = playing.is_some() && state.reading_rules;
    // The phone's Back closes the rules; from the room it goes back to the page before, and
    // the seat waits for this browser there (`seat_kept`).
    {
        let d = state.dispatcher();
        crate::back::use_back(
            u32::from(show_rules),
            Callback::from(move |_| d.dispatch(Online::ReadRules(false))),
        );
    }
    // A round this screen's seat played to its end goes into the player's record, under
    // `Online` (once: the round over shown again after a reload is the same round).
    {
        let finished = state.room.as_ref().and_then(OnlineTable::round_to_count);
        use_effect_with(finished, |finished| {
            if let Some((edition, round, seat, outcome)) = *finished {
                let _ = Record::count_kept(&Record::default(), |r| {
                    r.count_online(edition, round, seat, &outcome);
                });
            }
        });
    }
    // In a room (the lobby too, waiting for friends) the screen stays on.
    crate::awake::use_screen_awake(state.room.is_some());
    // The table as this seat sees it, built again only when the room changes, not at each
    // tick of the turn timer: `TableScreen` tells a new table by its `Rc` alone.
    let table = use_memo(state.room.clone(), |room| {
        room.as_ref().map(|r| Rc::new(r.table_view()))
    });
    // (Its callback made once too, or each tick would still draw the table again.)
    let table_dispatch = {
        let d = state.dispatcher();
        use_memo((), move |()| {
            Callback::from(move |m: Msg| d.dispatch(Online::Table(m)))
        })
    };
    let screen = match (&state.room, playing) {
        // The room's seats first: who is in, away, or played by a bot, and for the creator a
        // way to free a seat in the middle of a game (a friend who went for good).
        (_, Some(room)) if show_rules => html! {
            <RulesPage rules={room.rules} back="Back to the table" on_close={rules_shown(false)}>
                <h3>{ "Seats" }</h3>
                { seat_list(&state, room) }
            </RulesPage>
        },
        (_, Some(_)) => (*table).clone().map_or_else(Html::default, |t| {
            table_screen(&state, t, (*table_dispatch).clone())
        }),
        (Some(room), None) => lobby(&state, room),
        (None, _) if state.line == Line::Connecting => {
            html! { <section class="start"><h2>{ "Play with friends" }</h2><p>{ "Connecting to the room server…" }</p></section> }
        }
        (None, _) => home(&state, &asked, &drafts),
    };
    // Leaving in the middle of a round hands one's seat to a bot for good: asked first. The
    // question is about one room (the code): a room lost meanwhile, or another one later,
    // does not inherit it.
    let asking_to_leave = use_state(|| None::<String>);
    let leave_now = {
        let d = state.dispatcher();
        let asking = asking_to_leave.clone();
        Callback::from(move |_: MouseEvent| {
            asking.set(None);
            d.dispatch(Online::Leave);
        })
    };
    let leave = match &state.room {
        Some(room) if room.in_a_round() => {
            let asking = asking_to_leave.clone();
            let code = room.code.clone();
            Callback::from(move |_: MouseEvent| asking.set(Some(code.clone())))
        }
        _ => leave_now.clone(),
    };
    let stay = {
        let asking = asking_to_leave.clone();
        Callback::from(move |()| asking.set(None))
    };
    let asked_here = asking_to_leave
        .as_ref()
        .is_some_and(|code| state.room.as_ref().is_some_and(|r| &r.code == code));
    // Staying (Stay, or Escape) takes the question away with the focus in it: the focus goes
    // back to Leave, where the player was, rather than to the page's body. It is done as the
    // question's effect ends: after the page has been drawn without it.
    let leave_button = use_node_ref();
    {
        let leave_button = leave_button.clone();
        use_effect_with(asked_here, move |&asked| {
            move || {
                let lost = gloo_utils::document()
                    .active_element()
                    .is_none_or(|a| a == gloo_utils::body().into());
                if let Some(button) = leave_button
                    .cast::<web_sys::HtmlElement>()
                    .filter(|_| asked && lost)
                {
                    let _ = button.focus();
                }
            }
        });
    }
    let confirm_leave = asked_here.then(|| {
        let stay_click = stay.reform(|_: MouseEvent| ());
        html! {
            <Modal class="confirm-leave" labelledby="leave-title" on_cancel={stay.clone()}>
                <h3 id="leave-title">{ "Leave the game?" }</h3>
                <p>{ "A bot plays your seat from now on, unless someone joins the room and takes it." }</p>
                <div class="dialog-buttons">
                    <button class="secondary" autofocus={true} onclick={stay_click}>{ "Stay" }</button>
                    <button class="primary" onclick={leave_now}>{ "Leave room" }</button>
                </div>
            </Modal>
        }
    });
    html! {
        <ContextProvider<Settings> context={settings}>
            <header class="top-bar online-bar">
                <h1>{ "UNO Table" }</h1>
                if let Some(room) = playing {
                    { strip(&state, room) }
                }
                <nav class="table-menu" aria-label="Game">
                    if playing.is_some() && !show_rules {
                        <button class="secondary" onclick={rules_shown(true)}>{ "Rules" }</button>
                    }
                    { sound_switch(sound_on, toggle_sound) }
                    if state.room.is_some() {
                        // "Leave" on a phone, so the bar stays one row with Rules beside it.
                        <button class="secondary" aria-label="Leave room" onclick={leave} ref={leave_button}>
                            { "Leave" }<span class="wide-only">{ " room" }</span></button>
                    } else {
                        <a class="button secondary" href="./">{ "Play alone" }</a>
                    }
                </nav>
                <p class="status" role="status">{ line.clone().unwrap_or_else(|| "Online".into()) }</p>
            </header>
            <main class={classes!((playing.is_some() && !show_rules).then_some("at-table"))}>
                if let Some(l) = &line {
                    if state.room.is_some() { <p class="notice reconnecting" role="alert">{ l }</p> }
                }
                { screen }
                { confirm_leave.unwrap_or_default() }
                { live_areas() }
                // Who joined, left, went away or came back, said without moving focus: the
                // seats' list changes silently.
                <div class="visually-hidden seat-news" aria-live="polite">
                    { for state.seat_news.iter().map(|(n, line)| html! { <p key={*n}>{ line.clone() }</p> }) }
                </div>
            </main>
        </ContextProvider<Settings>>
    }
}

/// Said at the table when a move went down a dead line and the fresh one shows it never came.
const MOVE_LOST: &str =
    "The line to the room had dropped: your move did not arrive. Play it again.";

/// The same table as solo, through the seam.
fn table_screen(
    state: &UseReducerHandle<OnlineState>,
    table: Rc<TableView>,
    dispatch: Callback<Msg>,
) -> Html {
    html! {
        <TableScreen table={table} picking_color={state.picking_color}
            notice={state.notice.clone().or_else(|| state.move_lost.then(|| MOVE_LOST.to_string()))}
            refused={state.refused.clone()} hint={None} on_hint={None} {dispatch}
            tour={false} news_from={state.room.as_ref().and_then(|r| r.news_from)}/>
    }
}

/// The room's strip in the top bar at the table: the code, the turn timer, who is away (and
/// played by a bot), the last reactions, and the reactions to send.
fn strip(state: &UseReducerHandle<OnlineState>, room: &OnlineTable) -> Html {
    let emotes: Html = EMOTES
        .iter()
        .map(|e| {
            let d = state.dispatcher();
            let emote = (*e).to_string();
            let onclick = Callback::from(move |_: MouseEvent| {
                d.dispatch(Online::Ask(Request::React {
                    emote: emote.clone(),
                }));
            });
            html! { <button class="secondary emote" aria-label={format!("React {e}")} {onclick}>{ *e }</button> }
        })
        .collect();
    let heard: Html = state
        .reactions
        .iter()
        .map(|(seat, e)| {
            let name = room
                .seats
                .get(usize::from(*seat))
                .map_or("?", |s| s.name.as_str());
            html! { <span class="reaction">{ format!("{name} {e}") }</span> }
        })
        .collect();
    let timer = room
        .turn_deadline
        .zip(room.view.as_ref())
        .map(|(left, view)| {
            let gone = ((js_sys::Date::now() - state.state_at) / 1000.0) as u32;
            let who = room
                .seats
                .get(usize::from(view.turn))
                .map_or("", |s| s.name.as_str());
            format!("⏱ {} s for {who}", left.saturating_sub(gone))
        });
    let away: Html = room
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == "human" && s.taken && !s.connected)
        .map(|(i, s)| {
            let text = if room.bot_plays(i as Seat) {
                format!("{} away: a bot plays", s.name)
            } else {
                format!("{} away", s.name)
            };
            html! { <span class="away">{ text }</span> }
        })
        .collect();
    html! {
        <div class="online-strip">
            <span class="room-code" aria-label={format!("Room {}", room.code)}>{ room.code.clone() }</span>
            if let Some(t) = timer { <span class="turn-timer" role="timer">{ t }</span> }
            { away }
            <span class="reactions" role="status">{ heard }</span>
            if room.seat.is_some() {
                <details class="emotes">
                    <summary class="secondary">{ "React" }</summary>
                    <div class="emote-list">{ emotes }</div>
                </details>
            } else {
                <span class="watching">{ "Watching" }</span>
            }
        </div>
    }
}
