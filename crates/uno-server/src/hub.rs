//! The rooms of one server: a registry of room tasks, and the task that runs each room. A room
//! lives in one task that alone changes it (requests, bots and timers one after another), so a
//! room needs no lock; rooms are independent of each other.

use crate::address::Network;
use crate::admission::{Connections, Refused, Told};
use crate::protocol::{Reply, Request, RoomOptions, SeatKindSpec, EMOTES};
use crate::room::{NewRoom, Pace, Plan, Room};
use crate::store::{RoomStore, StoredRoom};
use crate::writer::StoreWriter;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{mpsc, oneshot};
use uno_bots::{Bot, Level, LevelBot};
use uno_engine::{Rules, Seat};

/// A connection's line out: text frames, bounded (a client that stops reading is dropped
/// rather than let memory grow).
pub type Outbox = mpsc::Sender<String>;

/// How many messages may wait for a slow client.
pub const OUTBOX: usize = 256;

/// How many requests may wait for a room's task.
const ROOM_QUEUE: usize = 64;

pub type ConnId = u64;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Origins besides the site's own that may open the WebSocket.
    pub allow_origins: Vec<String>,
    pub max_rooms: usize,
    pub max_connections: usize,
    /// Rooms made from one network (`address::Network`) and still kept; one more is refused,
    /// so that one machine cannot fill `max_rooms` for everyone.
    pub rooms_per_address: usize,
    /// Connections open at once from one network.
    pub connections_per_address: usize,
    /// Watchers of one room at once: each of them is sent every state, so a room's link
    /// passed round far and wide cannot slow its game (or the server) down.
    pub watchers_per_room: usize,
    /// Whether a request's network is the one a proxy in front names in `X-Forwarded-For`
    /// (the host's proxy; the server must not be reachable but through it).
    pub forwarded_for: bool,
    pub pace: Pace,
    /// A room no one is in and nothing happened in for this long is removed.
    pub idle: Duration,
    /// Every connection is pinged this often, and one that sent nothing (not even the pong a
    /// browser answers by itself) for twice as long is closed: a phone that slept or lost its
    /// network holds no seat as connected, so the room's takeover timer can start.
    pub ping: Duration,
    /// The first room's seed, the next room's one more (`--seed`), so a test's or a demo's
    /// rooms deal the same cards every run; `None` (the default): each from the operating system.
    pub seed: Option<u64>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            allow_origins: Vec::new(),
            max_rooms: 10_000,
            max_connections: 20_000,
            rooms_per_address: 30,
            connections_per_address: 100,
            watchers_per_room: 100,
            forwarded_for: false,
            pace: Pace {
                bot_turn: Duration::from_millis(900),
                bot_reaction: Duration::from_millis(1200),
                round_pause: Duration::from_secs(20),
            },
            idle: Duration::from_secs(24 * 3600),
            ping: Duration::from_secs(20),
            seed: None,
        }
    }
}

/// How a connection enters a room.
#[derive(Clone, Debug)]
pub enum Entry {
    Join { name: String, seat: Option<Seat> },
    Watch,
    Resume { token: String },
}

/// What a room's task is asked.
pub enum Cmd {
    /// A connection asks in; `reply` says whether it got in (and at which seat).
    Enter {
        conn: ConnId,
        out: Outbox,
        entry: Entry,
        reply: oneshot::Sender<bool>,
    },
    Request {
        conn: ConnId,
        request: Request,
    },
    /// The connection closed or went to another room.
    Exit {
        conn: ConnId,
    },
}

/// A room running: its task, and the network it was made from (kept in memory only: a room
/// restored after a restart counts for no one, and no address is written to the store).
struct KeptRoom {
    task: mpsc::Sender<Cmd>,
    made_from: Option<Network>,
}

/// Every room of this server.
pub struct Hub {
    pub config: Config,
    /// Read at start and by the health check; written through `writer` alone once rooms run
    /// (the start's removal of idle rooms, before any, writes to it directly).
    store: Arc<dyn RoomStore>,
    writer: StoreWriter,
    rooms: Mutex<HashMap<String, KeptRoom>>,
    pub connections: Connections,
    told: Told,
    next_conn: AtomicU64,
    rooms_made: AtomicU64,
}

/// A connection counted while it is open (`Hub::admit`), given back when dropped.
pub struct Counted {
    pub hub: Arc<Hub>,
    pub from: Option<Network>,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.hub.connections.release(self.from);
    }
}

/// Seconds since the Unix epoch.
#[must_use]
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `n` random bytes from the operating system.
fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes).expect("the operating system gives random bytes");
    bytes
}

/// A line for the host on standard error, beside the server's errors: what happens to rooms,
/// by their codes, never a name or a token. A closed standard error loses the line, not the
/// server.
pub fn log(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "uno-server: {line}");
}

/// A seat's token: 128 random bits, as 32 hex digits.
#[must_use]
pub fn new_token() -> String {
    random_bytes::<16>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Letters and digits that cannot be mistaken for each other when read aloud or typed.
const CODE_ALPHABET: &[u8] = b"BCDFGHJKLMNPQRSTVWXZ23456789";
pub const CODE_LEN: usize = 6;

fn new_code() -> String {
    random_bytes::<CODE_LEN>()
        .iter()
        .map(|b| CODE_ALPHABET[usize::from(*b) % CODE_ALPHABET.len()] as char)
        .collect()
}

/// A room code as a person typed it: case and spaces do not matter.
#[must_use]
pub fn normalize_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .take(CODE_LEN + 1)
        .collect::<String>()
        .to_ascii_uppercase()
}

impl Hub {
    /// A hub over `store`, with the rooms it holds already running.
    pub fn new(config: Config, store: Arc<dyn RoomStore>) -> Result<Arc<Hub>, String> {
        let hub = Arc::new(Hub {
            config,
            writer: StoreWriter::start(store.clone())?,
            store,
            rooms: Mutex::new(HashMap::new()),
            connections: Connections::default(),
            told: Told::default(),
            next_conn: AtomicU64::new(1),
            rooms_made: AtomicU64::new(0),
        });
        hub.restore()?;
        Ok(hub)
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, KeptRoom>> {
        self.rooms
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Tells the host, once per origin, that pages from `origin` were refused: a site hosted
    /// elsewhere whose host forgot `--allow-origin` shows in the log, by the option to give.
    pub fn origin_refused(&self, origin: &str) {
        let origin: String = origin.chars().take(100).collect();
        if self.told.first(format!("origin {origin}")) {
            log(format_args!(
                "pages from {origin} were refused; if that is this game's site, start the \
                 server with --allow-origin {origin}"
            ));
        }
    }

    /// Counts a connection from `from` in, or says why not.
    pub fn admit(self: &Arc<Hub>, from: Option<Network>) -> Result<Counted, Refused> {
        let config = &self.config;
        self.connections
            .take(from, config.max_connections, config.connections_per_address)?;
        Ok(Counted {
            hub: self.clone(),
            from,
        })
    }

    /// Starts a task for every stored room; removes the idle ones.
    fn restore(self: &Arc<Hub>) -> Result<(), String> {
        let now = Instant::now();
        let idle = self.config.idle.as_secs();
        for stored in self.store.load_all()? {
            if unix_now().saturating_sub(stored.updated) > idle {
                self.store.remove(&stored.code)?;
                continue;
            }
            match serde_json::from_str::<Room>(&stored.json) {
                Ok(room) => self.spawn(room.restored(now)),
                // Kept as it is, for a person to look at: it is not served.
                Err(e) => log(format_args!("room {} cannot be read: {e}", stored.code)),
            }
        }
        Ok(())
    }

    /// The number of rooms running.
    #[must_use]
    pub fn room_count(&self) -> usize {
        self.rooms().len()
    }

    /// Whether the room store answers now (a blocking call: SQLite may wait on a lock).
    pub fn check_store(&self) -> Result<(), String> {
        self.store.check()
    }

    #[must_use]
    pub fn next_conn(&self) -> ConnId {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The task of the room with `code`.
    #[must_use]
    pub fn find(&self, code: &str) -> Option<mpsc::Sender<Cmd>> {
        self.rooms().get(code).map(|kept| kept.task.clone())
    }

    /// Makes a room and starts its task; returns its code, its task and the creator's token.
    /// `from`: the network asking (`None`: one not counted). The rooms' lock is held only to
    /// count them and to claim a code; the room is written to the store after, so no one
    /// else's lookup waits on the disk.
    pub async fn create(
        self: &Arc<Hub>,
        from: Option<Network>,
        name: &str,
        rules: Rules,
        seats: &[SeatKindSpec],
        options: RoomOptions,
    ) -> Result<(String, mpsc::Sender<Cmd>, String), String> {
        let token = new_token();
        // The code is claimed, with the channel of a task not started yet: what is sent to
        // it meanwhile waits, and is dropped with the claim if the room is not made.
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        let (code, seed, running) = {
            let mut rooms = self.rooms();
            if rooms.len() >= self.config.max_rooms {
                return Err("The server has as many rooms as it can hold; try again later.".into());
            }
            if let Some(network) = from {
                let made = rooms.values().filter(|r| r.made_from == from).count();
                if made >= self.config.rooms_per_address {
                    if self.told.first(format!("rooms {network}")) {
                        log(format_args!(
                            "{network} keeps as many rooms as an address may ({made}): more \
                             are refused (said once for each address)"
                        ));
                    }
                    return Err(format!(
                        "Your network has made as many rooms as one may keep here ({made}); \
                         play in one of them, or try again tomorrow (a room goes a day after \
                         its last move)."
                    ));
                }
            }
            // A room refused at the cap takes no seed of the sequence.
            let seed = match self.config.seed {
                Some(first) => first.wrapping_add(self.rooms_made.fetch_add(1, Ordering::Relaxed)),
                None => u64::from_le_bytes(random_bytes::<8>()),
            };
            let code = loop {
                let code = new_code();
                if !rooms.contains_key(&code) {
                    break code;
                }
            };
            rooms.insert(
                code.clone(),
                KeptRoom {
                    task: tx.clone(),
                    made_from: from,
                },
            );
            (code, seed, rooms.len())
        };
        let asked = NewRoom {
            name,
            rules,
            seats,
            options,
        };
        // Until the room is written, its code is given back if it is not made: refused, or
        // this request dropped while the store writes.
        let mut claim = Claim {
            hub: self,
            code: Some(&code),
        };
        let room = Room::create(
            &asked,
            code.clone(),
            token.clone(),
            seed,
            (Instant::now(), unix_now()),
        )?;
        save(&self.writer, &room).await.map_err(|e| {
            log(format_args!(
                "room {code} could not be saved, so not made: {e}"
            ));
            "The server could not keep a new room just now; try again in a moment.".to_string()
        })?;
        claim.code = None;
        drop(claim);
        self.run_task(room, rx);
        log(format_args!(
            "room {code} made: {} seats, {} (rooms running: {running})",
            seats.len(),
            rules.edition,
        ));
        Ok((code, tx, token))
    }

    fn spawn(self: &Arc<Hub>, room: Room) {
        let code = room.code.clone();
        let task = self.start_task(room);
        self.rooms().insert(
            code,
            KeptRoom {
                task,
                made_from: None,
            },
        );
    }

    fn start_task(self: &Arc<Hub>, room: Room) -> mpsc::Sender<Cmd> {
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        self.run_task(room, rx);
        tx
    }

    fn run_task(self: &Arc<Hub>, room: Room, rx: mpsc::Receiver<Cmd>) {
        let task = RoomTask {
            hub: self.clone(),
            room,
            conns: HashMap::new(),
            shown_bot_plays: Vec::new(),
            store_failed: None,
        };
        tokio::spawn(task.run(rx));
    }

    fn forget(&self, code: &str) {
        let left = {
            let mut rooms = self.rooms();
            rooms.remove(code);
            rooms.len()
        };
        log(format_args!(
            "room {code} removed: idle with no one in it (rooms running: {left})"
        ));
        self.writer.remove(code);
    }
}

/// A room code claimed in `Hub::create` and not yet made: dropped, it is given back.
struct Claim<'a> {
    hub: &'a Hub,
    code: Option<&'a str>,
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        if let Some(code) = self.code {
            self.hub.rooms().remove(code);
        }
    }
}

/// Writes `room` through the store's writer; returns once it is written (or could not be).
async fn save(writer: &StoreWriter, room: &Room) -> Result<(), String> {
    let json = serde_json::to_string(room).map_err(|e| e.to_string())?;
    writer
        .save(StoredRoom {
            code: room.code.clone(),
            json,
            updated: room.updated,
        })
        .await
}

/// One room's task: the room, and who is connected to it (at which seat, or watching).
struct RoomTask {
    hub: Arc<Hub>,
    room: Room,
    conns: HashMap<ConnId, (Option<Seat>, Outbox)>,
    /// Which seats bots played in the last `room` message (a takeover is news).
    shown_bot_plays: Vec<bool>,
    /// The last change could not be kept (a full disk, a lost volume): when the room's bots
    /// and timers may try again, and how long that wait was. They wait, longer each time, so
    /// that a failing store is not asked again and again at once, its log flooded.
    store_failed: Option<(Instant, Duration)>,
}

/// The first wait after a change could not be kept, and the longest.
const STORE_RETRY: (Duration, Duration) = (Duration::from_secs(1), Duration::from_secs(60));

impl RoomTask {
    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        loop {
            let now = Instant::now();
            if self.bot_plays(now) != self.shown_bot_plays && !self.conns.is_empty() {
                self.tell_room();
            }
            let plan = self
                .room
                .plan(now, &self.hub.config.pace)
                .map(|(due, plan)| {
                    let not_before = self.store_failed.map_or(due, |(until, _)| until);
                    (due.max(not_before), plan)
                });
            let idle_at = self
                .conns
                .is_empty()
                .then(|| self.room.changed_at + self.hub.config.idle);
            let wake = match (plan.map(|p| p.0), idle_at) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let sleep = async {
                match wake {
                    Some(t) => tokio::time::sleep_until(t.into()).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => return,
                },
                () = sleep => {
                    let now = Instant::now();
                    if idle_at.is_some_and(|t| now >= t) && self.conns.is_empty() {
                        self.hub.forget(&self.room.code);
                        return;
                    }
                    match plan {
                        Some((due, plan)) if now >= due => self.carry_out(plan).await,
                        _ => {}
                    }
                }
            }
        }
    }

    fn now() -> (Instant, u64) {
        (Instant::now(), unix_now())
    }

    fn send(&mut self, conn: ConnId, reply: &Reply) {
        self.send_text(conn, reply.to_text());
    }

    fn send_text(&mut self, conn: ConnId, text: String) {
        let Some((_, out)) = self.conns.get(&conn) else {
            return;
        };
        if out.try_send(text).is_err() {
            // Gone, or too far behind to catch up: it will resume with a whole state.
            self.drop_conn(conn);
        }
    }

    fn drop_conn(&mut self, conn: ConnId) {
        if let Some((Some(seat), _)) = self.conns.remove(&conn) {
            self.room.disconnect(seat, Instant::now());
            self.tell_room();
        }
    }

    fn bot_plays(&self, now: Instant) -> Vec<bool> {
        (0..self.room.seats.len())
            .map(|s| self.room.bot_plays(s as Seat, now))
            .collect()
    }

    fn tell_room(&mut self) {
        self.tell_room_freed(&[], None);
    }

    /// The `room` message to every connection; those of a seat just freed (`freed`) hear who
    /// freed it (`by`: its `freed_by`).
    fn tell_room_freed(&mut self, freed: &[ConnId], by: Option<&str>) {
        self.shown_bot_plays = self.bot_plays(Instant::now());
        let mut reply = self.room.room_reply(Instant::now());
        let text = reply.to_text();
        // Only a seat freed by someone has a message of its own.
        let told = match (&mut reply, by) {
            (Reply::Room { freed_by, .. }, Some(name)) => {
                *freed_by = Some(name.to_string());
                Some(reply.to_text())
            }
            _ => None,
        };
        let ids: Vec<_> = self.conns.keys().copied().collect();
        for id in ids {
            let text = match &told {
                Some(told) if freed.contains(&id) => told,
                _ => &text,
            };
            self.send_text(id, text.clone());
        }
    }

    fn tell_state(&mut self) {
        let now = Instant::now();
        let mut by_seat: HashMap<Option<Seat>, String> = HashMap::new();
        let ids: Vec<_> = self.conns.iter().map(|(id, (s, _))| (*id, *s)).collect();
        for (id, seat) in ids {
            let text = by_seat.entry(seat).or_insert_with(|| {
                self.room
                    .state_for(seat, true, now)
                    .map_or_else(String::new, |r| r.to_text())
            });
            if !text.is_empty() {
                let text = text.clone();
                self.send_text(id, text);
            }
        }
    }

    /// Writes the room; if it cannot be written, puts `before` back and says so.
    async fn keep(&mut self, before: Room) -> Result<(), String> {
        let kept = save(&self.hub.writer, &self.room).await;
        if kept.is_ok() {
            self.store_failed = None;
        }
        kept.map_err(|e| {
            let wait = self
                .store_failed
                .map_or(STORE_RETRY.0, |(_, wait)| (wait * 2).min(STORE_RETRY.1));
            self.store_failed = Some((Instant::now() + wait, wait));
            log(format_args!(
                "room {} could not be saved (its bots try again in {} s): {e}",
                self.room.code,
                wait.as_secs()
            ));
            self.room = before;
            "The server could not keep that change; nothing happened. Try again.".to_string()
        })
    }

    /// Applies a change to the room; keeps it, then tells everyone, or puts it back.
    async fn change(
        &mut self,
        f: impl FnOnce(&mut Room) -> Result<(), String>,
        told_room: bool,
    ) -> Result<(), String> {
        let before = self.room.clone();
        f(&mut self.room)?;
        self.keep(before).await?;
        if told_room {
            self.tell_room();
        }
        self.tell_state();
        Ok(())
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Enter {
                conn,
                out,
                entry,
                reply,
            } => {
                self.conns.insert(conn, (None, out));
                match self.enter(conn, entry).await {
                    Ok(()) => {
                        let _ = reply.send(true);
                    }
                    Err(e) => {
                        self.send(conn, &Reply::error(e));
                        self.conns.remove(&conn);
                        let _ = reply.send(false);
                    }
                }
            }
            Cmd::Exit { conn } => self.drop_conn(conn),
            Cmd::Request { conn, request } => {
                if let Err(e) = self.request(conn, request).await {
                    self.send(conn, &Reply::error(e));
                }
            }
        }
    }

    async fn enter(&mut self, conn: ConnId, entry: Entry) -> Result<(), String> {
        let (seat, token) = match entry {
            Entry::Watch => {
                // This connection is counted already (`handle` put it in before `enter`).
                let watching = self.conns.values().filter(|(s, _)| s.is_none()).count();
                match self.hub.config.watchers_per_room {
                    0 => return Err(
                        "This server lets no one watch its rooms: join the room if a seat is free."
                            .into(),
                    ),
                    cap if watching > cap => {
                        return Err(format!(
                            "This room has as many watchers as it takes ({cap}); try again later, \
                             or join it if a seat is free."
                        ))
                    }
                    _ => {}
                }
                (None, None)
            }
            Entry::Resume { token } => {
                let seat = self
                    .room
                    .seat_of(&token)
                    .ok_or("That token holds no seat in this room.")?;
                (Some(seat), Some(token))
            }
            Entry::Join { name, seat } => {
                let token = new_token();
                let before = self.room.clone();
                let seat = self.room.join(&name, seat, token.clone())?;
                self.room.updated = unix_now();
                self.keep(before).await?;
                self.send(
                    conn,
                    &Reply::Joined {
                        room: self.room.code.clone(),
                        seat: Some(seat),
                        token: Some(token),
                    },
                );
                self.seat_conn(conn, seat);
                return Ok(());
            }
        };
        self.send(
            conn,
            &Reply::Joined {
                room: self.room.code.clone(),
                seat,
                token,
            },
        );
        match seat {
            Some(seat) => self.seat_conn(conn, seat),
            None => {
                self.send(conn, &self.room.room_reply(Instant::now()));
                if let Some(state) = self.room.state_for(None, false, Instant::now()) {
                    self.send(conn, &state);
                }
            }
        }
        Ok(())
    }

    /// `seat` given up by `give` (left, or freed by the person named `by`), once it is kept:
    /// every connection that held it (the leaver's, another tab's, a freed friend's) watches
    /// from now on, and is shown the table as a watcher sees it; everyone hears of the seat,
    /// and a freed friend by whom.
    async fn give_up(
        &mut self,
        seat: Seat,
        by: Option<&str>,
        give: impl FnOnce(&mut Room) -> Result<(), String>,
    ) -> Result<(), String> {
        let before = self.room.clone();
        give(&mut self.room)?;
        self.room.updated = unix_now();
        self.keep(before).await?;
        let held: Vec<ConnId> = self
            .conns
            .iter_mut()
            .filter(|(_, c)| c.0 == Some(seat))
            .map(|(&id, c)| {
                c.0 = None;
                id
            })
            .collect();
        self.tell_room_freed(&held, by);
        if let Some(state) = self.room.state_for(None, false, Instant::now()) {
            for id in held {
                self.send(id, &state);
            }
        }
        Ok(())
    }

    /// `conn` now plays `seat`: everyone hears of it, and it gets its whole view.
    fn seat_conn(&mut self, conn: ConnId, seat: Seat) {
        if let Some(c) = self.conns.get_mut(&conn) {
            c.0 = Some(seat);
        }
        self.room.connect(seat);
        self.tell_room();
        if let Some(state) = self.room.state_for(Some(seat), false, Instant::now()) {
            self.send(conn, &state);
        }
    }

    async fn request(&mut self, conn: ConnId, request: Request) -> Result<(), String> {
        let seat = self.conns.get(&conn).and_then(|c| c.0);
        let seated =
            || seat.ok_or_else(|| "Watchers cannot do that: join a seat first.".to_string());
        match request {
            Request::Start => {
                let seat = seated()?;
                self.change(|r| r.start(seat, Self::now()), true).await?;
                log(format_args!("room {}: a game begins", self.room.code));
                Ok(())
            }
            Request::Act { action } => {
                let seat = seated()?;
                self.change(|r| r.act(seat, action, Self::now()), false)
                    .await
            }
            Request::NextRound => {
                seated()?;
                self.change(|r| r.next_round(Self::now()), false).await
            }
            Request::React { emote } => {
                let seat = seated()?;
                if !EMOTES.contains(&emote.as_str()) {
                    return Err(format!("A reaction is one of {}.", EMOTES.join(" ")));
                }
                let text = Reply::Reaction { seat, emote }.to_text();
                let ids: Vec<_> = self.conns.keys().copied().collect();
                for id in ids {
                    self.send_text(id, text.clone());
                }
                Ok(())
            }
            Request::Leave => {
                let seat = seated()?;
                self.give_up(seat, None, |r| {
                    r.leave(seat);
                    Ok(())
                })
                .await
            }
            Request::FreeSeat { seat: freed } => {
                let seat = seated()?;
                let by = self.room.seats[usize::from(seat)].name.clone();
                self.give_up(freed, Some(&by), |r| r.free_seat(seat, freed))
                    .await
            }
            Request::Create { .. }
            | Request::Join { .. }
            | Request::Watch { .. }
            | Request::Resume { .. }
            | Request::Ping => Err("That is asked of the server, not of a room.".into()),
        }
    }

    /// A bot acts (or the next round is dealt), as planned.
    async fn carry_out(&mut self, plan: Plan) {
        let now = Instant::now();
        match plan {
            Plan::Refresh => {}
            Plan::NextRound => {
                if let Err(e) = self.change(|r| r.next_round(Self::now()), false).await {
                    log(format_args!("room {}: {e}", self.room.code));
                }
            }
            Plan::Decide { seat, out_of_turn } => {
                let Some(game) = self.room.game.as_ref() else {
                    return;
                };
                // What that seat may know, and nothing more.
                let view = game.view(seat);
                let legal = game.legal_actions_for(seat);
                let level = self.room.level(seat);
                let seed = self.room.seed ^ (self.room.version << 8) ^ u64::from(seat);
                let think = move || {
                    let mut bot = server_bot(level, seed);
                    if legal.is_empty() {
                        None
                    } else if out_of_turn {
                        bot.out_of_turn(&view, &legal)
                    } else {
                        Some(bot.decide(&view, &legal))
                    }
                };
                let decision = if level == Level::Hard {
                    tokio::task::spawn_blocking(think).await.ok().flatten()
                } else {
                    think()
                };
                let version = self.room.version;
                let acted = match decision {
                    Some(action) => self
                        .change(|r| r.act(seat, action, Self::now()), false)
                        .await
                        .is_ok(),
                    None => false,
                };
                if !acted && self.room.version == version {
                    self.room.let_pass(seat, now);
                }
            }
        }
    }
}

/// Milliseconds a bot may think for a seat here at most: the hard level's 3,000 playouts take
/// up to about 160 ms on this project's test machine (ten seats under draw to match), and a
/// slower host would keep the table waiting several times that; past this it plays the best it
/// found so far, as the browser's bot does past its 40 ms.
const BOT_MILLIS: f64 = 250.0;

/// A bot of `level` as the server seats it: seeded, and held to [`BOT_MILLIS`].
fn server_bot(level: Level, seed: u64) -> LevelBot {
    let mut bot = LevelBot::new(level, seed);
    bot.budget.millis = Some(BOT_MILLIS);
    bot.budget.clock = Some(millis_since_start);
    bot
}

/// Milliseconds since the first call: a bot's clock (only differences are read).
fn millis_since_start() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seated_bot_is_held_to_the_servers_time_limit() {
        let bot = server_bot(Level::Hard, 7);
        assert_eq!(bot.budget.millis, Some(BOT_MILLIS));
        assert_eq!(bot.budget.playouts, uno_bots::HARD_PLAYOUTS);
        // Its clock is a real one: it reads the time that passed.
        let clock = bot.budget.clock.expect("a clock");
        let before = clock();
        std::thread::sleep(Duration::from_millis(5));
        assert!(clock() - before >= 5.0);
    }

    #[test]
    fn tokens_are_128_random_bits_and_codes_are_short() {
        let a = new_token();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, new_token());
        let code = new_code();
        assert_eq!(code.len(), CODE_LEN);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)));
        assert_eq!(normalize_code(" bcd-234 "), "BCD234");
        // One letter too many stays, so it finds no room rather than the room of its first six.
        assert_eq!(normalize_code("bcd 234 5"), "BCD2345");
    }

    #[test]
    fn codes_draw_on_the_whole_alphabet() {
        // 200 codes are 1,200 letters: each of the 28 is missed with a chance under 1e-18.
        let used: std::collections::HashSet<u8> =
            (0..200).flat_map(|_| new_code().into_bytes()).collect();
        assert_eq!(used, CODE_ALPHABET.iter().copied().collect());
    }
}
