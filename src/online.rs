//! Play with friends: the online app (its own wasm, `src/bin/online.rs`, loaded only for
//! `?online` and `?room=` links, so the solo page's first load does not grow). It creates or
//! joins a room on the room server, shows the lobby, then the same table as solo through the
//! seam (`table::online::OnlineTable`). The connection comes back by itself: a seat's token is
//! kept in `localStorage` (and in memory, for a browser that keeps nothing), and a reload or a
//! dropped network resumes the same seat.

use crate::browser_storage as kept;
use crate::components::dialogs::{use_heading_focus, Modal};
use crate::components::rules::RulesPage;
use crate::components::sound_switch::{sound_switch, use_sound};
use crate::components::table::TableScreen;
use crate::components::{rule_choices, scoring};
use crate::settings::{SavedLook, Settings};
use crate::share_link;
use crate::state::Msg;
use crate::storage::OPTIONS_KEY;
use crate::table::online::OnlineTable;
use crate::table::Table;
use std::cell::RefCell;
use std::rc::Rc;
use uno_engine::{Card, Edition, HouseRules, Pending, RuleError, Rules, Seat};
use uno_protocol::{Reply, Request, RoomOptions, SeatKindSpec, EMOTES};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, MessageEvent, WebSocket};
use yew::prelude::*;

/// Where the room server is remembered when a player names one.
pub const SERVER_KEY: &str = "uno-table.server";
/// The name a player last gave.
pub const NAME_KEY: &str = "uno-table.name";
/// A seat's token for room `CODE` is kept under this prefix + `CODE`.
pub const TOKEN_PREFIX: &str = "uno-table.room.";
/// The code of the room this browser last took a seat in: the online home offers it back
/// while its token is kept (a tab closed mid-game, the site opened again from its icon).
pub const LAST_ROOM_KEY: &str = "uno-table.last-room";
/// The room server of that seat, when it is not the site's own (`site_server`).
pub const LAST_ROOM_SERVER_KEY: &str = "uno-table.last-room.server";
/// Hidden this long (ms), the page opens a fresh line when seen again (`Online::Wake`).
const WAKE_AFTER_MS: f64 = 3_000.0;

/// How the page stands with the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Not connected, and not trying.
    Idle,
    Connecting,
    Open,
    /// The line dropped: trying again (the count of tries so far).
    Reconnecting(u32),
}

/// The socket and the closures that keep its handlers alive.
struct Socket {
    ws: WebSocket,
    _handlers: Vec<Closure<dyn FnMut(web_sys::Event)>>,
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        let _ = self.ws.close();
    }
}

type Shared = Rc<RefCell<Option<Socket>>>;

/// The online page's state, changed only by `Online` messages.
#[derive(Clone)]
pub struct OnlineState {
    socket: Shared,
    pub server: String,
    pub line: Line,
    /// The first request to send once the line is open (create, join, watch).
    hello: Option<String>,
    /// Counts connections asked for: the effect opens one per change.
    dial: u32,
    pub room: Option<OnlineTable>,
    /// A code from the link, for the join form.
    pub code: String,
    pub notice: Option<String>,
    pub refused: Option<RuleError>,
    pub picking_color: Option<Card>,
    /// The room's rules are shown instead of the table.
    pub reading_rules: bool,
    pub reactions: Vec<(Seat, String)>,
    /// When the last state came (ms since the epoch), for the turn timer.
    pub state_at: f64,
    /// The seat's token for the room it is in (room, token), besides `localStorage`: a
    /// browser that keeps nothing can still resume after a dropped connection.
    token: Option<(String, String)>,
    /// A `resume` (or a watcher's `watch` again) was sent and not answered yet: an `error`
    /// now means the seat, or the room, is gone.
    resuming: bool,
}

impl PartialEq for OnlineState {
    fn eq(&self, other: &OnlineState) -> bool {
        self.line == other.line
            && self.dial == other.dial
            && self.room == other.room
            && self.notice == other.notice
            && self.refused == other.refused
            && self.picking_color == other.picking_color
            && self.reading_rules == other.reading_rules
            && self.reactions == other.reactions
            && self.server == other.server
            && self.code == other.code
    }
}

pub enum Online {
    /// Open the line and send `hello` (a create, join or watch).
    Dial(String),
    /// Open the line again after a drop, unless a dial came since the one given (a wake
    /// tried at once while a try waited its turn).
    Redial(u32),
    /// The page is seen again after a while hidden, or the browser is back online: a phone
    /// that slept may hold a line that died without a word, so a fresh one takes the room
    /// back (resumed, or watched again); a line already trying again tries now, not after
    /// its wait.
    Wake,
    Opened,
    Received(String),
    Closed,
    /// From the table's components.
    Table(Msg),
    /// A request about the room (start, react).
    Ask(Request),
    Leave,
    /// Show the room's rules instead of the table, or the table again.
    ReadRules(bool),
    /// The room server the player names (kept for later visits).
    Server(String),
    /// The room server of the seat taken back (not kept as the player's own).
    SeatServer,
    Notice(Option<String>),
}

/// A parameter of the page's address.
fn param(name: &str) -> Option<String> {
    let search = gloo_utils::window().location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

fn token_of(code: &str) -> Option<String> {
    kept::get(&format!("{TOKEN_PREFIX}{code}"))
}

/// Taking back this browser's seat in room `code`, if it holds one.
fn resume(code: &str) -> Option<Request> {
    token_of(code).map(|token| Request::Resume {
        room: code.to_string(),
        token,
    })
}

/// The room this browser last took a seat in, while it still holds that seat's token.
#[must_use]
pub fn seat_kept() -> Option<String> {
    kept::get(LAST_ROOM_KEY).filter(|code| token_of(code).is_some())
}

/// The room server that seat is on: the one it was taken on, which a page opened later
/// without a `server` parameter would not know.
fn seat_server() -> String {
    kept::get(LAST_ROOM_SERVER_KEY).unwrap_or_else(site_server)
}

/// This page's address for the seat kept in room `code` (on its own server). Its server is
/// kept only when it is not the site's own (`keep_seat`), so the site's own need not be
/// worked out here, on New game (that code would weigh on the solo page's first load).
#[must_use]
pub fn seat_link(code: &str) -> String {
    let server = kept::get(LAST_ROOM_SERVER_KEY).unwrap_or_default();
    room_link("", code, &server, "")
}

/// Keeps room `code` as the one this browser has a seat in, taken on `server`.
fn keep_seat(code: &str, server: &str) {
    kept::set(LAST_ROOM_KEY, code);
    if server == site_server() {
        kept::delete(LAST_ROOM_SERVER_KEY);
    } else {
        kept::set(LAST_ROOM_SERVER_KEY, server);
    }
}

/// The room server's address: a `server` link parameter, else one the player named, else
/// this site's own `/ws` (the room server serves the site too). A room's link without one
/// means the site's own (`room_link` names any other), whatever server the player named.
fn default_server() -> String {
    if let Some(s) = param("server") {
        return s;
    }
    if param("room").is_some() {
        return site_server();
    }
    if let Some(s) = kept::get(SERVER_KEY) {
        if !s.is_empty() {
            return s;
        }
    }
    site_server()
}

/// The room server that serves this site too: `/ws` beside the page.
fn site_server() -> String {
    let location = gloo_utils::window().location();
    let href = location.href().unwrap_or_default();
    let base = href.split(['?', '#']).next().unwrap_or_default();
    let dir = &base[..base.rfind('/').map_or(base.len(), |i| i + 1)];
    let dir = dir
        .replacen("https://", "wss://", 1)
        .replacen("http://", "ws://", 1);
    format!("{dir}ws")
}

/// The link to room `code` from `page` (the page's address without its query, or nothing for
/// this page's own address). It names the room server when that is not the site's own
/// (`site_server`): a friend's browser, which knows no other, opens the room there too.
fn room_link(page: &str, code: &str, server: &str, site_server: &str) -> String {
    let mut link = format!("{page}?room={code}");
    if server != site_server {
        link.push_str("&server=");
        link.push_str(&crate::link::percent_encode(server));
    }
    link
}

impl OnlineState {
    fn first() -> OnlineState {
        let code = param("room").unwrap_or_default().to_ascii_uppercase();
        let resume = !code.is_empty() && token_of(&code).is_some();
        OnlineState {
            socket: Rc::new(RefCell::new(None)),
            server: default_server(),
            line: if resume { Line::Connecting } else { Line::Idle },
            hello: None,
            dial: u32::from(resume),
            room: None,
            code,
            notice: None,
            refused: None,
            picking_color: None,
            reading_rules: false,
            reactions: Vec::new(),
            state_at: 0.0,
            token: None,
            resuming: false,
        }
    }

    fn send(&self, text: &str) {
        if let Some(s) = self.socket.borrow().as_ref() {
            if s.ws.ready_state() == WebSocket::OPEN {
                let _ = s.ws.send_with_str(text);
            }
        }
    }

    fn flush(&mut self) {
        if let Some(room) = self.room.as_mut() {
            for text in std::mem::take(&mut room.outbox) {
                if let Some(s) = self.socket.borrow().as_ref() {
                    let _ = s.ws.send_with_str(&text);
                }
            }
        }
    }

    /// This browser holds no seat in room `code` any more (refused, freed, left): its token
    /// is forgotten, and the room is offered back no longer.
    fn forget_seat(&mut self, code: &str) {
        kept::delete(&format!("{TOKEN_PREFIX}{code}"));
        if kept::get(LAST_ROOM_KEY).as_deref() == Some(code) {
            kept::delete(LAST_ROOM_KEY);
        }
        self.token = None;
    }

    fn remember_url(&self, code: &str) {
        crate::back::replace_url(&room_link("", code, &self.server, &site_server()));
    }

    fn receive(&mut self, text: &str) {
        let msg: Reply = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(_) => return,
        };
        match msg {
            Reply::Error { message } => {
                // A resume refused (a token that holds no seat any more, a room the server
                // no longer has): forget it and offer the home page, with the reason.
                let mut message = message;
                if std::mem::take(&mut self.resuming) {
                    self.forget_seat(&self.code.clone());
                    self.room = None;
                    self.line = Line::Idle;
                    *self.socket.borrow_mut() = None;
                    // The server speaks of tokens; a player knows a seat.
                    if message.contains("token") {
                        message = format!(
                            "Your seat in room {} is no longer yours (it was given up). \
                             Join the room again to take a free seat.",
                            self.code
                        );
                    }
                }
                self.notice = Some(message);
            }
            Reply::Reaction { seat, emote } => {
                self.reactions.push((seat, emote));
                let excess = self.reactions.len().saturating_sub(3);
                self.reactions.drain(..excess);
            }
            Reply::Joined { room, seat, token } => {
                self.resuming = false;
                if let Some(token) = &token {
                    kept::set(&format!("{TOKEN_PREFIX}{room}"), token);
                    keep_seat(&room, &self.server);
                    self.token = Some((room.clone(), token.clone()));
                }
                self.remember_url(&room);
                self.code = room.clone();
                self.notice = None;
                // Back at the same seat (a fresh line): the table stays on screen until the
                // room's state comes, instead of the lobby for a moment.
                let same = self
                    .room
                    .as_ref()
                    .is_some_and(|t| t.code == room && t.seat == seat);
                if !same {
                    let mut table = OnlineTable::default();
                    let _ = table.receive(Reply::Joined { room, seat, token });
                    self.room = Some(table);
                }
            }
            msg => {
                let is_state = matches!(msg, Reply::State { .. });
                let lost = match (&msg, self.room.as_mut()) {
                    (Reply::Room { seats, .. }, Some(room)) if room.seat_lost(seats) => {
                        room.seat = None;
                        Some(room.code.clone())
                    }
                    _ => None,
                };
                if let Some(code) = lost {
                    // The server took the seat's token back: forget it, and watch.
                    self.forget_seat(&code);
                    self.notice = Some(
                        "Your seat was freed (by another person in the room, or given up from \
                             another of your devices): you are watching. Join the room again to take a \
                             free seat."
                            .into(),
                    );
                }
                if let Some(room) = self.room.as_mut() {
                    let before = room.version;
                    if let Err(e) = room.receive(msg) {
                        self.notice = Some(e);
                    } else if is_state {
                        self.state_at = js_sys::Date::now();
                        // An open color dialog stays while its card can still be played
                        // (another seat caught someone, or the same state came again).
                        if !self
                            .picking_color
                            .is_some_and(|c| room.table_view().can_play(c))
                        {
                            self.picking_color = None;
                        }
                        if room.version != before {
                            self.refused = None;
                        }
                        // A seat in a game being played is offered back on the home screens;
                        // once the game is won, it is not (a tab closed after the game).
                        if room.seat.is_some() {
                            let won = room.view.as_ref().is_some_and(|v| {
                                matches!(v.pending, Pending::RoundOver { outcome } if outcome.game_winner.is_some())
                            });
                            if won {
                                kept::delete(LAST_ROOM_KEY);
                            } else if kept::get(LAST_ROOM_KEY).as_deref() != Some(&room.code) {
                                keep_seat(&room.code, &self.server);
                            }
                        }
                    }
                }
            }
        }
    }
}

impl Reducible for OnlineState {
    type Action = Online;

    fn reduce(self: Rc<Self>, msg: Online) -> Rc<Self> {
        let mut next = (*self).clone();
        match msg {
            Online::Dial(hello) => {
                let asked = serde_json::from_str::<serde_json::Value>(&hello).ok();
                if let Some(code) = asked
                    .as_ref()
                    .and_then(|v| v["room"].as_str().map(str::to_ascii_uppercase))
                {
                    next.code = code;
                }
                // A seat taken back: a refusal forgets its token (see `receive`).
                next.resuming = asked.is_some_and(|v| v["type"] == "resume");
                next.hello = Some(hello);
                next.notice = None;
                // A seat taken from the room's Rules (a watcher's) shows the table.
                next.reading_rules = false;
                next.line = Line::Connecting;
                next.dial += 1;
            }
            Online::Redial(after) => {
                if next.dial == after {
                    next.dial += 1;
                }
            }
            Online::Wake => match next.line {
                Line::Open if next.room.is_some() => {
                    // Dropping the socket closes it without a `Closed`; try 0 redials at once.
                    *next.socket.borrow_mut() = None;
                    next.line = Line::Reconnecting(0);
                }
                // The next try is at once: the dial it makes replaces the one on its way.
                Line::Reconnecting(n) if n > 0 => next.line = Line::Reconnecting(0),
                _ => {}
            },
            Online::Opened => {
                next.line = Line::Open;
                let code = next
                    .room
                    .as_ref()
                    .map_or(next.code.clone(), |r| r.code.clone());
                let token = token_of(&code).or_else(|| {
                    next.token
                        .as_ref()
                        .filter(|(room, _)| *room == code)
                        .map(|(_, token)| token.clone())
                });
                let watching = next.room.as_ref().is_some_and(|r| r.seat.is_none());
                match (token, next.hello.take()) {
                    (_, Some(hello)) => next.send(&hello),
                    (Some(token), None) => {
                        next.resuming = true;
                        next.send(&Request::Resume { room: code, token }.to_text());
                    }
                    // A watcher holds no token: it asks to watch again.
                    (None, None) if watching => {
                        next.resuming = true;
                        next.send(&Request::Watch { room: code }.to_text());
                    }
                    (None, None) => {}
                }
            }
            Online::Received(text) => next.receive(&text),
            Online::Closed => {
                next.line = match next.line {
                    Line::Connecting => {
                        next.notice = Some(format!(
                            "No room server answers at {}. Online play needs the room server \
                             (see the README, \"Play with friends\"); you can name another below.",
                            next.server
                        ));
                        next.hello = None;
                        Line::Idle
                    }
                    Line::Open if next.room.is_some() => Line::Reconnecting(1),
                    Line::Reconnecting(n) => Line::Reconnecting(n + 1),
                    _ => Line::Idle,
                };
            }
            Online::Table(msg) => match msg {
                Msg::Apply { action, .. } => {
                    if let Some(room) = next.room.as_mut() {
                        match room.act(action) {
                            Ok(_) => next.refused = None,
                            Err(e) => next.refused = Some(e),
                        }
                    }
                    next.picking_color = None;
                    next.flush();
                }
                Msg::PickColor(card) => next.picking_color = card,
                Msg::NextRound => {
                    if let Some(room) = next.room.as_mut() {
                        let _ = room.next_round();
                    }
                    next.flush();
                }
                Msg::Notice(n) => next.notice = n,
                Msg::Quit => return Rc::new(next).reduce(Online::Leave),
                _ => {}
            },
            Online::Ask(request) => next.send(&request.to_text()),
            Online::Leave => {
                if let Some(room) = &next.room {
                    if room.seat.is_some() {
                        next.send(&Request::Leave.to_text());
                    }
                    let code = room.code.clone();
                    next.forget_seat(&code);
                }
                next.token = None;
                *next.socket.borrow_mut() = None;
                next.room = None;
                next.reading_rules = false;
                next.line = Line::Idle;
                next.code.clear();
                crate::back::replace_url("?online");
            }
            Online::Server(server) => {
                kept::set(SERVER_KEY, &server);
                next.server = if server.is_empty() {
                    default_server()
                } else {
                    server
                };
            }
            Online::SeatServer => next.server = seat_server(),
            Online::Notice(n) => next.notice = n,
            Online::ReadRules(shown) => next.reading_rules = shown,
        }
        Rc::new(next)
    }
}

/// Opens a socket to `url` whose events come back as messages.
fn open(url: &str, dispatcher: UseReducerDispatcher<OnlineState>) -> Option<Socket> {
    let ws = match WebSocket::new(url) {
        Ok(ws) => ws,
        Err(_) => {
            dispatcher.dispatch(Online::Closed);
            return None;
        }
    };
    let d = dispatcher.clone();
    let on_open = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| d.dispatch(Online::Opened));
    let d = dispatcher.clone();
    let on_message = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        if let Some(text) = e.unchecked_into::<MessageEvent>().data().as_string() {
            d.dispatch(Online::Received(text));
        }
    });
    let on_close =
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| dispatcher.dispatch(Online::Closed));
    ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    Some(Socket {
        ws,
        _handlers: vec![on_open, on_message, on_close],
    })
}

fn value_of(e: &Event) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
}

fn select_of(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// The New room form's choices.
#[derive(Clone, PartialEq)]
struct Asked {
    name: String,
    code: String,
    /// The rules the form asks for.
    rules: Rules,
    seats: Vec<SeatKindSpec>,
    takeover: u32,
    turn: u32,
    /// How the player sees the table (ColorADD symbols, card speed): the New game screen's
    /// choice, and the symbols can be switched here too.
    look: SavedLook,
}

/// A seat kind as the New room form offers it.
fn seat_kind_label(kind: SeatKindSpec) -> &'static str {
    match kind {
        SeatKindSpec::Human => "A friend",
        SeatKindSpec::Easy => "Bot, easy",
        SeatKindSpec::Medium => "Bot, medium",
        SeatKindSpec::Hard => "Bot, hard",
    }
}

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
    // they come: a player's table focuses a card of its own.
    use_heading_focus(match &state.room {
        Some(r) if r.view.is_some() && !state.reading_rules => {
            r.seat.is_none().then(|| "watching".to_string())
        }
        Some(r) if r.view.is_some() => Some("rules".to_string()),
        Some(r) => Some(r.code.clone()),
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
        Line::Reconnecting(n) => Some(format!("Reconnecting… (try {n})")),
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
    // In a room (the lobby too, waiting for friends) the screen stays on.
    crate::awake::use_screen_awake(state.room.is_some());
    let screen = match (&state.room, playing) {
        // The room's seats first: who is in, away, or played by a bot, and for the creator a
        // way to free a seat in the middle of a game (a friend who went for good).
        (_, Some(room)) if show_rules => html! {
            <RulesPage rules={room.rules} back="Back to the table" on_close={rules_shown(false)}>
                <h3>{ "Seats" }</h3>
                { seat_list(&state, room) }
            </RulesPage>
        },
        (_, Some(room)) => table_screen(&state, room),
        (Some(room), None) => lobby(&state, room),
        (None, _) if state.line == Line::Connecting => {
            html! { <section class="start"><h2>{ "Play with friends" }</h2><p>{ "Connecting to the room server…" }</p></section> }
        }
        (None, _) => home(&state, &asked),
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
                        <button class="secondary" aria-label="Leave room" onclick={leave}>
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
            </main>
        </ContextProvider<Settings>>
    }
}

/// Create or join a room.
fn home(state: &UseReducerHandle<OnlineState>, asked: &UseStateHandle<Asked>) -> Html {
    let a = (**asked).clone();
    let edit = |f: fn(&mut Asked, &Event)| {
        let asked = asked.clone();
        Callback::from(move |e: Event| {
            let mut next = (*asked).clone();
            f(&mut next, &e);
            asked.set(next);
        })
    };
    let typed = |f: fn(&mut Asked, String)| {
        let asked = asked.clone();
        Callback::from(move |e: InputEvent| {
            let mut next = (*asked).clone();
            f(
                &mut next,
                e.target_unchecked_into::<HtmlInputElement>().value(),
            );
            asked.set(next);
        })
    };
    let dial = |make: fn(&Asked, &str) -> Request| {
        let asked = asked.clone();
        let d = state.dispatcher();
        let link_code = state.code.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let a = (*asked).clone();
            let code = if a.code.trim().is_empty() {
                link_code.clone()
            } else {
                a.code.trim().to_ascii_uppercase()
            };
            let request = make(&a, &code);
            // A seat taken back keeps the name it had: none is asked for.
            if !matches!(request, Request::Resume { .. }) {
                if a.name.trim().is_empty() {
                    d.dispatch(Online::Notice(Some("Please give your name first.".into())));
                    return;
                }
                kept::set(NAME_KEY, a.name.trim());
            }
            d.dispatch(Online::Dial(request.to_text()));
        })
    };
    let create = dial(|a, _| Request::Create {
        name: a.name.trim().to_string(),
        rules: a.rules,
        seats: a.seats.clone(),
        options: RoomOptions {
            takeover_seconds: a.takeover,
            turn_seconds: a.turn,
        },
    });
    // A room this browser holds a seat in is taken back, not joined a second time.
    let join = dial(|a, code| {
        resume(code).unwrap_or_else(|| Request::Join {
            room: code.to_string(),
            name: a.name.trim().to_string(),
            seat: None,
        })
    });
    let seat_kept = seat_kept();
    let back_to_seat = seat_kept.clone().map(|code| {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            if let Some(request) = resume(&code) {
                d.dispatch(Online::SeatServer);
                d.dispatch(Online::Dial(request.to_text()));
            }
        })
    });
    let watch = {
        let asked = asked.clone();
        let d = state.dispatcher();
        let link_code = state.code.clone();
        Callback::from(move |_: MouseEvent| {
            let code = if asked.code.trim().is_empty() {
                link_code.clone()
            } else {
                asked.code.trim().to_ascii_uppercase()
            };
            d.dispatch(Online::Dial(Request::Watch { room: code }.to_text()));
        })
    };
    let editions: Html = Edition::ALL
        .iter()
        .map(|e| html! { <option value={e.code()} selected={*e == a.rules.edition}>{ e.to_string() }</option> })
        .collect();
    let seats: Html = a
        .seats
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let label = format!("Seat {}", i + 1);
            if i == 0 {
                return html! { <li>{ format!("{label}: you") }</li> };
            }
            let asked = asked.clone();
            let onchange = Callback::from(move |e: Event| {
                let v = select_of(&e);
                let mut next = (*asked).clone();
                if let Some(&k) = SeatKindSpec::ALL.iter().find(|k| k.name() == v) {
                    next.seats[i] = k;
                }
                asked.set(next);
            });
            let options: Html = SeatKindSpec::ALL
                .iter()
                .map(|k| html! { <option value={k.name()} selected={k == kind}>{ seat_kind_label(*k) }</option> })
                .collect();
            html! { <li><label>{ format!("{label} ") }<select {onchange}>{ options }</select></label></li> }
        })
        .collect();
    let more_seats = edit(|a, e| {
        let n: usize = select_of(e).parse().unwrap_or(4);
        a.seats.resize(n.clamp(2, 10), SeatKindSpec::Medium);
    });
    let switches: Html = HouseRules::SWITCHES
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let asked = asked.clone();
            let on = (s.get)(&a.rules.house_rules);
            let onchange = Callback::from(move |e: Event| {
                let mut next = (*asked).clone();
                let checked = e.target_unchecked_into::<HtmlInputElement>().checked();
                (HouseRules::SWITCHES[i].set)(&mut next.rules.house_rules, checked);
                asked.set(next);
            });
            html! { <li><label><input type="checkbox" checked={on} {onchange}/>{ format!(" {}", s.name) }</label></li> }
        })
        .collect();
    let rules_changed = {
        let asked = asked.clone();
        Callback::from(move |rules| {
            let mut next = (*asked).clone();
            next.rules = rules;
            asked.set(next);
        })
    };
    // `0` is the timer off, said as `off`.
    let timer = |value: u32, choices: &[u32], off: &str, f: fn(&mut Asked, &Event)| {
        let options: Html = choices
            .iter()
            .map(|&v| {
                let label = if v == 0 { off.to_string() } else { span(v) };
                html! { <option value={v.to_string()} selected={v == value}>{ label }</option> }
            })
            .collect();
        html! { <select onchange={edit(f)}>{ options }</select> }
    };
    let counts: Html = (2..=10)
        .map(|n| html! { <option value={n.to_string()} selected={n == a.seats.len()}>{ n }</option> })
        .collect();
    let on_server = {
        let d = state.dispatcher();
        Callback::from(move |e: Event| d.dispatch(Online::Server(value_of(&e).trim().to_string())))
    };
    html! {
        <section class="start online-home">
            <h2 tabindex="-1">{ "Play with friends" }</h2>
            if let Some(n) = &state.notice { <p class="notice" role="alert">{ n }</p> }
            if !kept::available() {
                <p class="notice storage-off">{ "This browser keeps nothing for this site (its storage is off): a reload cannot bring you back to your seat." }</p>
            }
            if let (Some(code), Some(onclick)) = (seat_kept, back_to_seat) {
                <div class="seat-kept">
                    <p>{ format!("You have a seat in room {code}.") }</p>
                    <button class="primary" type="button" {onclick}>{ "Back to your seat" }</button>
                </div>
            }
            <label class="field">{ "Your name " }
                <input type="text" maxlength="20" autocomplete="nickname" value={a.name.clone()}
                    oninput={typed(|a, v| a.name = v)}/>
            </label>
            <div class="symbols-toggle online-symbols">
                <input type="checkbox" id="online-symbols" checked={a.look.symbols} onchange={edit(|a, e| {
                    a.look.symbols = e.target_unchecked_into::<HtmlInputElement>().checked();
                    // The New game screen's own choice: one setting for every game.
                    let saved = kept::get(OPTIONS_KEY);
                    kept::set(OPTIONS_KEY, &SavedLook::with_symbols(saved.as_deref(), a.look.symbols));
                })}/>
                <label for="online-symbols">{ "ColorADD symbols" }<span class="hint">{ "Shapes for colors, for colorblind players." }</span></label>
            </div>
            <form class="join-room" onsubmit={join}>
                <h3>{ "Join a room" }</h3>
                <label class="field">{ "Room code " }
                    <input type="text" maxlength="8" autocapitalize="characters" placeholder="BCD234"
                        value={if a.code.is_empty() { state.code.clone() } else { a.code.clone() }}
                        oninput={typed(|a, v| a.code = v)}/>
                </label>
                <button class="primary" type="submit">{ "Join" }</button>
                <button class="secondary" type="button" onclick={watch}>{ "Watch" }</button>
            </form>
            <form class="create-room" onsubmit={create}>
                <h3>{ "Create a room" }</h3>
                <label class="field">{ "Edition " }
                    <select onchange={edit(|a, e| {
                        crate::options::edition_chosen(&mut a.rules, select_of(e).parse().unwrap_or_default());
                    })}>{ editions }</select>
                </label>
                <label class="field">{ "Seats " }<select onchange={more_seats}>{ counts }</select></label>
                <ul class="room-seats">{ seats }</ul>
                <details>
                    <summary>{ "House rules and timers" }</summary>
                    <ul class="switches">{ switches }</ul>
                    { rule_choices::fields(&a.rules, &rules_changed, "field") }
                    <label class="field">{ "A bot plays for someone away after " }
                        { timer(a.takeover, &[30, 60, 180, 0], "never",
                            |a, e| a.takeover = select_of(e).parse().unwrap_or(60)) }
                    </label>
                    <label class="field">{ "Turn timer " }
                        { timer(a.turn, &[0, 30, 60, 120], "none",
                            |a, e| a.turn = select_of(e).parse().unwrap_or(0)) }
                    </label>
                </details>
                <button class="primary" type="submit">{ "Create room" }</button>
            </form>
            <details class="server">
                <summary>{ "Room server" }</summary>
                <label class="field">{ "Address " }
                    <input type="url" value={state.server.clone()} onchange={on_server}/>
                </label>
            </details>
        </section>
    }
}

/// Who is in, the code and link to share, and the creator's Start.
fn lobby(state: &UseReducerHandle<OnlineState>, room: &OnlineTable) -> Html {
    let location = gloo_utils::window().location();
    let href = location.href().unwrap_or_default();
    let base = href
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_string();
    let link = room_link(&base, &room.code, &state.server, &site_server());
    // A page opened at this machine's loopback address gives a link that opens on this machine
    // alone: friends need its address on their network (a LAN game's usual trap).
    let host = location.hostname().unwrap_or_default();
    let this_machine_only = matches!(host.as_str(), "localhost" | "127.0.0.1" | "[::1]");
    let copy = {
        let link = link.clone();
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            let (link, d) = (link.clone(), d.clone());
            let field = gloo_utils::document()
                .query_selector(".share input")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok());
            yew::platform::spawn_local(async move {
                let said = if share_link::copy(&link, field).await {
                    "Link copied."
                } else {
                    "This browser does not let the page copy: select the link and copy it."
                };
                d.dispatch(Online::Notice(Some(said.into())));
            });
        })
    };
    // A phone's share sheet (messages, mail), where the browser has one.
    let share = share_link::can_share().then(|| {
        let link = link.clone();
        let title = format!("UNO Table: room {}", room.code);
        Callback::from(move |_: MouseEvent| {
            let (link, title) = (link.clone(), title.clone());
            yew::platform::spawn_local(async move {
                share_link::share(&title, &link).await;
            });
        })
    });
    // Friends at the same table open the link by a phone's camera. Not from a loopback
    // address: that link opens on this machine alone.
    let qr = (!this_machine_only)
        .then(|| crate::qr::drawing(&link))
        .flatten()
        .map(|code| {
            let side = (code.side + 8).to_string();
            html! {
                <details class="room-qr">
                    <summary class="secondary"><span class="when-folded">{ "Show a QR code" }</span><span class="when-open">{ "Hide the QR code" }</span></summary>
                    <svg viewBox={format!("-4 -4 {side} {side}")} role="img" aria-label="QR code of the link to this room" shape-rendering="crispEdges">
                        <rect x="-4" y="-4" width={side.clone()} height={side} fill="#fff"/>
                        <path d={code.path} fill="#000"/>
                    </svg>
                    <p>{ "A friend points a phone's camera at it to open the room." }</p>
                </details>
            }
        });
    let start = {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(Online::Ask(Request::Start)))
    };
    html! {
        <section class="start lobby">
            <h2 tabindex="-1">{ "Room " }<span class="room-code">{ room.code.clone() }</span></h2>
            if let Some(n) = &state.notice { <p class="notice" role="status">{ n }</p> }
            <p>{ "Friends join with this code, or with the link:" }</p>
            <p class="share">
                <input type="text" readonly=true value={link} aria-label="Link to this room"/>
                <button class="secondary" onclick={copy}>{ "Copy link" }</button>
                if let Some(share) = share { <button class="secondary" onclick={share}>{ "Share…" }</button> }
            </p>
            { qr.unwrap_or_default() }
            if this_machine_only {
                <p class="this-machine">{ format!("This page is open at {host}, which is this computer alone: friends open this computer's address on your network instead (like 192.168.1.20), with the same port, and type the code. A lobby opened at that address shows its link as a QR code as well.") }</p>
            }
            { seat_list(state, room) }
            // The `room` message brings the seats and the rules together: until it comes, the
            // rules are not known, and the line waits rather than say the defaults.
            if !room.seats.is_empty() { <p class="room-rules">{ room_rules(room) }</p> }
            if room.may_start() {
                if room.seat != Some(0) {
                    <p>{ format!("{} is away: anyone seated may start.", room.seats.first().map_or("The creator", |s| s.name.as_str())) }</p>
                }
                <button class="primary" onclick={start}>{ "Start the game" }</button>
                <p>{ "Seats no friend has taken are played by bots." }</p>
            } else {
                <p>{ format!("Waiting for {} to start the game.", room.seats.first().map_or("the creator", |s| s.name.as_str())) }</p>
            }
        </section>
    }
}

/// What a friend joining should know before the game starts: the edition, the house rules
/// in force, how the game is won and the room's timers (the `room` message carries them).
fn room_rules(room: &OnlineTable) -> String {
    let rules = &room.rules;
    let on: Vec<String> = rules
        .house_rules
        .switches_on()
        .map(|switch| switch.name.to_string())
        .chain(rule_choices::changed(rules))
        .collect();
    let house = match on.as_slice() {
        [] => "no house rules".to_string(),
        [one] => format!("house rule: {one}"),
        many => format!("house rules: {}", many.join(", ")),
    };
    let takeover = match room.timers.takeover_seconds {
        0 => "No bot plays for someone away".to_string(),
        s => format!("A bot plays for someone away after {}", span(s)),
    };
    let turn = match room.timers.turn_seconds {
        0 => "no turn timer".to_string(),
        s => format!("{} a turn", span(s)),
    };
    format!(
        "{}, {house}. {} {takeover}; {turn}.",
        rules.edition,
        scoring::sentence(rules)
    )
}

/// Every seat: name, who plays it, connected or not.
fn seat_list(state: &UseReducerHandle<OnlineState>, room: &OnlineTable) -> Html {
    let seats: Html = room
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let you = room.seat == Some(i as Seat);
            // A friend's seat freed (one who joined twice, or went for good): a bot plays it
            // until someone joins it.
            let free_button = room.may_free(i).then(|| {
                let d = state.dispatcher();
                let seat = i as Seat;
                let on_free = Callback::from(move |_: MouseEvent| {
                    d.dispatch(Online::Ask(Request::FreeSeat { seat }));
                });
                html! {
                    <button class="secondary free-seat" onclick={on_free}
                        aria-label={format!("Free seat of {}", s.name)}>{ "Free seat" }</button>
                }
            });
            let status = if s.kind == "bot" {
                format!("bot, {}", level_name(s.level))
            } else if !s.taken {
                "free seat: a bot plays it".into()
            } else if s.bot_plays {
                "away: a bot plays for them".into()
            } else if s.connected {
                "connected".into()
            } else {
                "away".into()
            };
            let dot = if s.kind == "bot" || s.connected { "●" } else { "○" };
            html! {
                <li class={classes!("room-seat", (s.kind == "human" && !s.connected).then_some("away"))}>
                    <span aria-hidden="true">{ dot }</span>
                    { format!(" {}{}: {status}", s.name, if you { " (you)" } else { "" }) }
                    { free_button.unwrap_or_default() }
                </li>
            }
        })
        .collect();
    // A watcher (one whose seat was freed, or who chose to watch) takes a free seat at once,
    // under the name this browser last gave.
    let name = kept::get(NAME_KEY).filter(|n| !n.trim().is_empty());
    let any_free = room.seats.iter().any(|s| s.kind == "human" && !s.taken);
    let take_button = name.filter(|_| room.seat.is_none() && any_free).map(|name| {
        let d = state.dispatcher();
        let join = Request::Join {
            room: room.code.clone(),
            name: name.clone(),
            seat: None,
        };
        let on_take = Callback::from(move |_: MouseEvent| d.dispatch(Online::Dial(join.to_text())));
        html! { <button class="secondary take-seat" onclick={on_take}>{ format!("Take a free seat as {name}") }</button> }
    });
    html! {
        <>
            <ul class="room-seats" aria-label="Seats">{ seats }</ul>
            { take_button.unwrap_or_default() }
        </>
    }
}

fn level_name(level: uno_bots::Level) -> &'static str {
    match level {
        uno_bots::Level::Random => "random",
        uno_bots::Level::Easy => "easy",
        uno_bots::Level::Medium => "medium",
        uno_bots::Level::Hard => "hard",
    }
}

/// The same table as solo, through the seam.
fn table_screen(state: &UseReducerHandle<OnlineState>, room: &OnlineTable) -> Html {
    let table = Rc::new(room.table_view());
    let dispatch = {
        let d = state.dispatcher();
        Callback::from(move |m: Msg| d.dispatch(Online::Table(m)))
    };
    html! {
        <TableScreen table={table} picking_color={state.picking_color}
            notice={state.notice.clone()} refused={state.refused.clone()} hint={None} on_hint={None} {dispatch}
            tour={false}/>
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

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::Scoring;

    #[test]
    fn a_rooms_link_names_its_server_only_when_the_site_does_not_serve_rooms() {
        let site = "ws://192.168.1.20:8080/ws";
        assert_eq!(
            room_link("http://192.168.1.20:8080/", "ABC123", site, site),
            "http://192.168.1.20:8080/?room=ABC123"
        );
        // A site on a static host, its rooms on a server of their own.
        assert_eq!(
            room_link(
                "https://cards.example.org/uno/",
                "ABC123",
                "wss://rooms.example.org/ws",
                "wss://cards.example.org/uno/ws"
            ),
            "https://cards.example.org/uno/?room=ABC123&server=wss%3A%2F%2Frooms.example.org%2Fws"
        );
        assert_eq!(
            room_link("", "ABC123", "wss://r.example/ws", site),
            "?room=ABC123&server=wss%3A%2F%2Fr.example%2Fws"
        );
    }

    #[test]
    fn the_lobby_says_the_rooms_rules_and_timers() {
        let mut room = OnlineTable::default();
        assert_eq!(
            room_rules(&room),
            "Classic, no house rules. Whoever goes out scores the cards left in the other hands; \
             the first to 500 points wins. A bot plays for someone away after 1 min; no turn timer."
        );
        room.rules = Rules::new(Edition::SpiderMan);
        room.rules.house_rules.jump_in = true;
        room.timers = RoomOptions {
            takeover_seconds: 0,
            turn_seconds: 30,
        };
        assert_eq!(
            room_rules(&room),
            "Spider-Man, house rule: Jump-in. The first player out wins. \
             No bot plays for someone away; 30 s a turn."
        );
        room.rules.house_rules.seven_o = true;
        room.rules.house_rules.scoring = Some(Scoring::Alternative);
        room.rules.house_rules.target = Some(250);
        room.timers.takeover_seconds = 180;
        room.timers.turn_seconds = 120;
        assert_eq!(
            room_rules(&room),
            "Spider-Man, house rules: Jump-in, Seven-O. Each player adds the points left in their \
             own hand; when anyone reaches 250, the lowest total wins. A bot plays for someone \
             away after 3 min; 2 min a turn."
        );
        // The choices that are not switches, where they differ from the edition's.
        room.rules = Rules::new(Edition::ClassicBlank);
        room.rules.house_rules.uno_penalty = Some(2);
        room.rules.edition_cards = 3;
        room.rules.custom_effect = uno_engine::CustomEffect::PlayAgain;
        room.rules.house_rules.scoring = Some(Scoring::SingleHand);
        assert_eq!(
            room_rules(&room),
            "Classic with Blank cards, house rules: Missed UNO: draw 2, 3 blank cards: take another \
             turn. The first player out wins. A bot plays for someone away after 3 min; 2 min a turn."
        );
    }
}
