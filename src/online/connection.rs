//! The online page's state: the line to the room server (opened, dropped, tried again) and
//! the room it is in, changed only by `Online` messages.

use crate::browser_storage as kept;
use crate::state::Msg;
use crate::table::online::OnlineTable;
use crate::table::Table;
use std::cell::RefCell;
use std::rc::Rc;
use uno_engine::{Card, Pending, RuleError, Seat};
use uno_protocol::{Reply, Request};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};
use yew::prelude::*;

use super::links::{
    default_server, keep_seat, param, room_link, seat_server, secure_page, server_address,
    site_server, token_of, LAST_ROOM_KEY, SERVER_KEY, TOKEN_PREFIX,
};

/// A line that has brought nothing this long (ms) is asked after with a `ping`: a room where
/// no one moves sends nothing, and a line can die without closing (a weak signal, a socket the
/// browser kept), which would leave the table waiting on a turn played long ago.
pub(super) const LINE_QUIET_MS: f64 = 15_000.0;

/// What the page waits to hear answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Awaited {
    /// A move (a card, a draw, Next round): if the line dies, the next one says whether it
    /// arrived.
    Move,
    /// A `ping`: only whether the line lives.
    Ping,
}

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
pub(super) struct Socket {
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

pub(super) type Shared = Rc<RefCell<Option<Socket>>>;

/// The online page's state, changed only by `Online` messages.
#[derive(Clone)]
pub struct OnlineState {
    pub(super) socket: Shared,
    pub server: String,
    pub line: Line,
    /// The first request to send once the line is open (create, join, watch).
    hello: Option<String>,
    /// Counts connections asked for: the effect opens one per change.
    pub(super) dial: u32,
    pub room: Option<OnlineTable>,
    /// A code from the link, for the join form.
    pub code: String,
    pub notice: Option<String>,
    /// Why the server would not take the line back (full), while it tries again.
    pub line_refused: Option<String>,
    pub refused: Option<RuleError>,
    pub picking_color: Option<Card>,
    /// The room's rules are shown instead of the table.
    pub reading_rules: bool,
    pub reactions: Vec<(Seat, String)>,
    /// The last few sentences of what changed at the other seats (`OnlineTable::seat_news`),
    /// each with a number of its own, for the page's polite live region.
    pub seat_news: Vec<(u32, String)>,
    news_said: u32,
    /// When the last state came (ms since the epoch), for the turn timer.
    pub state_at: f64,
    /// The seat's token for the room it is in (room, token), besides `localStorage`: a
    /// browser that keeps nothing can still resume after a dropped connection.
    token: Option<(String, String)>,
    /// A `resume` (or a watcher's `watch` again) was sent and not answered yet: an `error`
    /// now means the seat, or the room, is gone.
    resuming: bool,
    /// Counts requests sent on an open line that await the server's answer, moves and
    /// pings (each one's wait: `Unanswered`).
    pub(super) asked: u32,
    /// What was last sent and has heard nothing back from the server yet.
    awaiting: Option<Awaited>,
    /// When the line last brought a message, or opened (ms since the epoch): a line quiet
    /// for `LINE_QUIET_MS` is asked after (`Online::Quiet`).
    heard_at: f64,
    /// The room's version when a move went unanswered and the line was opened afresh: the
    /// first state on the new line tells whether the move arrived.
    lost_at: Option<u64>,
    /// The state came back unchanged after a move went unanswered: the move never arrived.
    pub move_lost: bool,
}

impl PartialEq for OnlineState {
    fn eq(&self, other: &OnlineState) -> bool {
        self.line == other.line
            && self.dial == other.dial
            && self.room == other.room
            && self.notice == other.notice
            && self.line_refused == other.line_refused
            && self.refused == other.refused
            && self.picking_color == other.picking_color
            && self.reading_rules == other.reading_rules
            && self.reactions == other.reactions
            && self.seat_news == other.seat_news
            && self.server == other.server
            && self.code == other.code
            && self.asked == other.asked
            && self.move_lost == other.move_lost
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
    /// The request sent as this count (`asked`, a move or a ping) has had no answer in
    /// `ANSWER_WAIT_MS`: an open line that says nothing is dead (a weak signal, a socket the
    /// browser kept), so a fresh one takes the seat back, and the state it brings says
    /// whether a move arrived.
    Unanswered(u32),
    /// Time to see whether the line has been quiet `LINE_QUIET_MS`: if so, a `ping` asks
    /// after it (answered as a move is: `Unanswered`).
    Quiet,
    Opened,
    Received(String),
    /// The line closed; with the server's reason when it would not take the connection (the
    /// page's origin, the server or this network at its cap: close codes 1008 and 1013).
    Closed(Option<String>),
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

impl OnlineState {
    pub(super) fn first() -> OnlineState {
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
            line_refused: None,
            refused: None,
            picking_color: None,
            reading_rules: false,
            reactions: Vec::new(),
            seat_news: Vec::new(),
            news_said: 0,
            state_at: 0.0,
            token: None,
            resuming: false,
            asked: 0,
            awaiting: None,
            heard_at: 0.0,
            lost_at: None,
            move_lost: false,
        }
    }

    fn send(&self, text: &str) {
        if let Some(s) = self.socket.borrow().as_ref() {
            if s.ws.ready_state() == WebSocket::OPEN {
                let _ = s.ws.send_with_str(text);
            }
        }
    }

    /// Sends the room's outbox; on an open line, the server's answer is awaited (see
    /// `Online::Unanswered`).
    fn flush(&mut self) {
        let Some(room) = self.room.as_mut() else {
            return;
        };
        let outbox = std::mem::take(&mut room.outbox);
        if outbox.is_empty() {
            return;
        }
        if self.line != Line::Open {
            // Nowhere to go while the line is tried again: the state it brings says so.
            self.lost_at = Some(room.version);
            return;
        }
        for text in outbox {
            self.send(&text);
        }
        self.asked += 1;
        self.awaiting = Some(Awaited::Move);
    }

    /// Whether the open line of a room has been quiet `LINE_QUIET_MS` with no answer
    /// awaited (an awaited answer's own wait covers the line).
    fn quiet_line(&self) -> bool {
        self.line == Line::Open
            && self.room.is_some()
            && self.awaiting.is_none()
            && js_sys::Date::now() - self.heard_at >= LINE_QUIET_MS
    }

    /// Drops the line for a fresh one at once (try 0, said only if it fails); the seat is
    /// taken back, or the room watched again, when it opens (`Online::Opened`).
    fn fresh_line(&mut self) {
        self.line_lost();
        // Dropping the socket closes it without a `Closed`.
        *self.socket.borrow_mut() = None;
        self.line = Line::Reconnecting(0);
    }

    /// The line went: a move still awaiting its answer is asked after on the next line.
    fn line_lost(&mut self) {
        if self.awaiting.take() == Some(Awaited::Move) {
            self.lost_at = self.room.as_ref().map(|room| room.version);
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
        self.heard_at = js_sys::Date::now();
        let pinged = self.awaiting.take() == Some(Awaited::Ping);
        let msg: Reply = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(_) => return,
        };
        match msg {
            Reply::Pong => {}
            // A server from before `ping` answers it as an unknown type: the line lives, and
            // the player has nothing to read.
            Reply::Error { message } if pinged && message.contains("\"ping\"") => {}
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
                keep_last(&mut self.reactions, 3);
            }
            Reply::Joined { room, seat, token } => {
                self.resuming = false;
                self.line_refused = None;
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
                // The seats before and after: what changed at the others', and whether this
                // screen's seat was given up.
                let lost = match (&msg, self.room.as_mut()) {
                    (
                        Reply::Room {
                            seats, freed_by, ..
                        },
                        Some(room),
                    ) => {
                        for line in room.seat_news(seats) {
                            self.news_said += 1;
                            self.seat_news.push((self.news_said, line));
                        }
                        keep_last(&mut self.seat_news, 3);
                        room.seat_lost(seats).then(|| {
                            room.seat = None;
                            (room.code.clone(), freed_by.clone())
                        })
                    }
                    _ => None,
                };
                if let Some((code, freed_by)) = lost {
                    // The server took the seat's token back: forget it, and watch.
                    self.forget_seat(&code);
                    // Freed by another person (`free_seat`), or given up from another tab.
                    let how = freed_by.map_or_else(
                        || "Your seat was given up from another of your devices".to_string(),
                        |name| format!("{name} freed your seat"),
                    );
                    self.notice = Some(format!(
                        "{how}: you are watching. Join the room again to take a free seat."
                    ));
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
                            self.move_lost = false;
                        }
                        if let Some(version) = self.lost_at.take() {
                            self.move_lost = room.version == version;
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
        // Most looks at the line find it lively: the same state, so the page is not drawn
        // again every few seconds.
        if matches!(msg, Online::Quiet) && !self.quiet_line() {
            return self;
        }
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
                Line::Open if next.room.is_some() => next.fresh_line(),
                // The next try is at once: the dial it makes replaces the one on its way.
                Line::Reconnecting(n) if n > 0 => next.line = Line::Reconnecting(0),
                _ => {}
            },
            Online::Unanswered(sent) => {
                if sent == next.asked && next.awaiting.is_some() && next.line == Line::Open {
                    next.fresh_line();
                }
            }
            Online::Quiet => {
                next.send(&Request::Ping.to_text());
                next.asked += 1;
                next.awaiting = Some(Awaited::Ping);
            }
            Online::Opened => {
                next.line = Line::Open;
                next.heard_at = js_sys::Date::now();
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
            Online::Closed(refused) => {
                // A resume sent on this line is answered on none: the next line sends its own.
                next.resuming = false;
                next.line_lost();
                next.line = match next.line {
                    Line::Connecting => {
                        next.notice = Some(format!(
                            "No room server answers at {}. Online play needs a room server: \
                             ask whoever runs this site, or name another under Room server below.",
                            next.server
                        ));
                        next.hello = None;
                        Line::Idle
                    }
                    Line::Open if next.room.is_some() => Line::Reconnecting(1),
                    Line::Reconnecting(n) => Line::Reconnecting(n + 1),
                    // Not answered (a refusal, "no room with that code", stays said): the
                    // form says so rather than sit as if never asked.
                    Line::Open => {
                        next.notice.get_or_insert_with(|| {
                            "The room server closed the line before it answered; try again.".into()
                        });
                        Line::Idle
                    }
                    Line::Idle => Line::Idle,
                };
                // Not in a room yet: what the server said stands instead of a silent form.
                // In a room, the line keeps trying (a full server has room again later),
                // saying why.
                if next.room.is_some() {
                    next.line_refused = refused;
                } else if let Some(reason) = refused {
                    next.notice = Some(reason);
                    next.hello = None;
                    next.line = Line::Idle;
                }
            }
            Online::Table(msg) => match msg {
                Msg::Apply { action, .. } => {
                    next.move_lost = false;
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
                next.seat_news.clear();
                (next.awaiting, next.lost_at, next.move_lost) = (None, None, false);
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
            Online::Server(typed) => {
                let server = server_address(&typed, secure_page());
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

/// Drops all but the last `n` of `list` (the reactions, the seats' news shown).
fn keep_last<T>(list: &mut Vec<T>, n: usize) {
    let excess = list.len().saturating_sub(n);
    list.drain(..excess);
}

/// Opens a socket to `url` whose events come back as messages.
pub(super) fn open(url: &str, dispatcher: UseReducerDispatcher<OnlineState>) -> Option<Socket> {
    let ws = match WebSocket::new(url) {
        Ok(ws) => ws,
        Err(_) => {
            dispatcher.dispatch(Online::Closed(None));
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
    let on_close = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
        let close = e.unchecked_into::<web_sys::CloseEvent>();
        let refused = matches!(close.code(), 1008 | 1013)
            .then(|| close.reason())
            .filter(|reason| !reason.is_empty());
        dispatcher.dispatch(Online::Closed(refused));
    });
    ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    Some(Socket {
        ws,
        _handlers: vec![on_open, on_message, on_close],
    })
}
