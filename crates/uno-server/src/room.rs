//! One room, as a value: its seats and their tokens, its options, its game. Every request is a
//! method that checks it and changes the room or says why not; the clock is passed in, so the
//! whole room is tested without a network or a timer. What each seat may know is built here
//! (`state_for`): a seat's view, a watcher's public view, never more.

use crate::protocol::{
    clean_name, distinct_name, same_name, Reply, RoomOptions, SeatInfo, SeatKindSpec,
    MAX_TIMER_SECONDS,
};
use serde::{Deserialize, Deserializer, Serialize};
use sha2::{Digest, Sha256};
use std::fmt::Write;
use std::time::{Duration, Instant};
use uno_bots::Level;
use uno_engine::{Action, Event, Game, Rules, Seat};

/// The name seat `seat` takes as `name` among `seats`: numbered ("Sam 2") when another seat
/// has it (`distinct_name`).
fn name_among(seats: &[RoomSeat], seat: usize, name: &str) -> String {
    distinct_name(name, |n| {
        seats
            .iter()
            .enumerate()
            .any(|(i, s)| i != seat && same_name(&s.name, n))
    })
}

/// A seat of the room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomSeat {
    pub name: String,
    /// A bot level for a bot's seat; `None` for a person's seat.
    pub bot: Option<Level>,
    /// The digest of the token that takes this seat back (`TokenDigest`); `None` while no
    /// person holds it. The token itself is given to its seat and never kept.
    #[serde(default, deserialize_with = "stored_token")]
    pub token: Option<TokenDigest>,
    /// Connections that play this seat now (a person may have two tabs open).
    #[serde(skip)]
    pub connections: u32,
    /// When the person's last connection closed (for the takeover timer).
    #[serde(skip)]
    pub away_since: Option<Instant>,
}

/// A seat token as the room keeps it: `sha256:` and the SHA-256 of the token in hex. A copy of
/// the database (a backup, a leaked file) then holds no token that would take a seat back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TokenDigest(String);

impl TokenDigest {
    const PREFIX: &'static str = "sha256:";

    #[must_use]
    pub fn of(token: &str) -> TokenDigest {
        let hash = Sha256::digest(token.as_bytes());
        let mut hex = String::with_capacity(Self::PREFIX.len() + 64);
        hex.push_str(Self::PREFIX);
        for byte in hash {
            let _ = write!(hex, "{byte:02x}");
        }
        TokenDigest(hex)
    }

    /// Whether two digests are the same (compared in constant time).
    #[must_use]
    pub fn matches(&self, other: &TokenDigest) -> bool {
        same(&self.0, &other.0)
    }
}

/// Reads a stored token: a digest, or a plain token kept by a server from before digests,
/// which is turned into its digest here (and saved so at the room's next change).
fn stored_token<'de, D: Deserializer<'de>>(d: D) -> Result<Option<TokenDigest>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.map(|t| {
        if t.starts_with(TokenDigest::PREFIX) {
            TokenDigest(t)
        } else {
            TokenDigest::of(&t)
        }
    }))
}

impl RoomSeat {
    fn is_person(&self) -> bool {
        self.bot.is_none()
    }
}

/// A room: kept whole in the store after every accepted change (runtime fields are skipped).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Room {
    pub code: String,
    pub rules: Rules,
    pub options: RoomOptions,
    pub seats: Vec<RoomSeat>,
    pub game: Option<Game>,
    /// The seed of the next deal of a new game (the game holds its own chance after that).
    pub seed: u64,
    /// Counts accepted actions and deals: a client drops what is older than it has.
    pub version: u64,
    /// Seconds since the Unix epoch of the last change, for removing idle rooms.
    pub updated: u64,
    /// The events of the last accepted change, sent with the next `state`.
    #[serde(skip)]
    pub last_events: Vec<Event>,
    /// When the last change happened: bots and timers count from it.
    #[serde(skip, default = "Instant::now")]
    pub changed_at: Instant,
    /// Bot-played seats that let their chance out of turn pass at this version.
    #[serde(skip)]
    pub declined: Vec<Seat>,
    /// Whether a bot already acted for the seat to play when its turn timer ran out.
    #[serde(skip)]
    pub timed_out: bool,
}

/// How long bots and timers wait (the server's settings; tests set them to nothing).
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    /// Before a bot plays its turn, so people can follow.
    pub bot_turn: Duration,
    /// Before a bot takes a chance out of turn (a catch, a late UNO call, a jump-in): a
    /// person's reaction time.
    pub bot_reaction: Duration,
    /// Between the end of a round and the next deal, if no one deals it first.
    pub round_pause: Duration,
}

/// What the room waits for next, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// A bot decides for `seat` (on its turn, out of turn, or for a person who let the turn
    /// timer run out).
    Decide {
        seat: Seat,
        out_of_turn: bool,
    },
    NextRound,
    /// Nothing to do but look again (a takeover timer runs out: the room message changes).
    Refresh,
}

/// What a `create` asks for.
#[derive(Clone, Copy, Debug)]
pub struct NewRoom<'a> {
    pub name: &'a str,
    pub rules: Rules,
    pub seats: &'a [SeatKindSpec],
    pub options: RoomOptions,
}

/// A change the room made, for the server to tell the connections.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Told {
    /// Seats, names, connections or the start changed: send `room` to everyone.
    pub room: bool,
    /// The game changed: send each connection its `state`.
    pub state: bool,
}

impl Room {
    /// A new room as `asked`; the creator takes seat 0 (which must be a person's) with
    /// `token`.
    pub fn create(
        asked: &NewRoom<'_>,
        code: String,
        token: String,
        seed: u64,
        now: (Instant, u64),
    ) -> Result<Room, String> {
        let NewRoom {
            name,
            rules,
            seats,
            options,
        } = *asked;
        let name = clean_name(name)?;
        if !(2..=10).contains(&seats.len()) {
            return Err("A room has 2 to 10 seats.".into());
        }
        if seats[0] != SeatKindSpec::Human {
            return Err("The first seat is the creator's: it must be \"human\".".into());
        }
        if options.takeover_seconds > MAX_TIMER_SECONDS || options.turn_seconds > MAX_TIMER_SECONDS
        {
            return Err("A room's timers are at most a day (86400 seconds).".into());
        }
        // The engine checks the rules against the table (edition cards, seats) as it deals.
        Game::deal(rules, seats.len(), seed)
            .map_err(|e| format!("These rules cannot be dealt: {e}."))?;
        let mut bots = 0;
        let seats = seats
            .iter()
            .enumerate()
            .map(|(i, kind)| {
                let bot = kind.level();
                let name = match bot {
                    Some(_) => {
                        bots += 1;
                        format!("Bot {bots}")
                    }
                    None => format!("Seat {}", i + 1),
                };
                RoomSeat {
                    name,
                    bot,
                    token: (i == 0).then(|| TokenDigest::of(&token)),
                    connections: 0,
                    away_since: None,
                }
            })
            .collect::<Vec<RoomSeat>>();
        // Seat 0 is the creator's, under their name: numbered when a bot or a free seat is
        // called so ("Bot 1 2"), as a `join` would be.
        let mut seats = seats;
        seats[0].name = name_among(&seats, 0, &name);
        Ok(Room {
            code,
            rules,
            options,
            seats,
            game: None,
            seed,
            version: 0,
            updated: now.1,
            last_events: Vec::new(),
            changed_at: now.0,
            declined: Vec::new(),
            timed_out: false,
        })
    }

    /// A room read back from the store: its people are away from now on (their clients
    /// reconnect), its timers start again.
    pub fn restored(mut self, now: Instant) -> Room {
        self.changed_at = now;
        for seat in &mut self.seats {
            seat.connections = 0;
            seat.away_since = seat.token.as_ref().map(|_| now);
        }
        self
    }

    #[must_use]
    pub fn started(&self) -> bool {
        self.game.is_some()
    }

    /// A person takes a free seat: `seat`, or the lowest free one. Returns the seat.
    pub fn join(&mut self, name: &str, seat: Option<Seat>, token: String) -> Result<Seat, String> {
        let name = clean_name(name)?;
        let free = |s: &RoomSeat| s.is_person() && s.token.is_none();
        let seat = match seat {
            Some(s) => {
                // Sentences count seats from 1, as the seats' names and the page do (the
                // protocol's `seat` counts from 0).
                let Some(chosen) = self.seats.get(usize::from(s)) else {
                    return Err(format!(
                        "This room has no seat {} (its seats are 1 to {}).",
                        u16::from(s) + 1,
                        self.seats.len()
                    ));
                };
                if !free(chosen) {
                    return Err(format!("Seat {} is not free.", u16::from(s) + 1));
                }
                s
            }
            None => match self.seats.iter().position(free) {
                Some(s) => s as Seat,
                None => return Err("This room has no free seat; you can watch it.".into()),
            },
        };
        let name = name_among(&self.seats, usize::from(seat), &name);
        let held = &mut self.seats[usize::from(seat)];
        held.name = name;
        held.token = Some(TokenDigest::of(&token));
        held.away_since = None;
        Ok(seat)
    }

    /// The seat `token` was given for.
    #[must_use]
    pub fn seat_of(&self, token: &str) -> Option<Seat> {
        let digest = TokenDigest::of(token);
        self.seats
            .iter()
            .position(|s| s.token.as_ref().is_some_and(|t| t.matches(&digest)))
            .map(|s| s as Seat)
    }

    /// A connection now plays `seat`.
    pub fn connect(&mut self, seat: Seat) {
        let s = &mut self.seats[usize::from(seat)];
        s.connections += 1;
        s.away_since = None;
    }

    /// A connection of `seat` closed.
    pub fn disconnect(&mut self, seat: Seat, now: Instant) {
        let s = &mut self.seats[usize::from(seat)];
        s.connections = s.connections.saturating_sub(1);
        if s.connections == 0 && s.token.is_some() {
            s.away_since = Some(now);
        }
    }

    /// `seat` gives up its place: a bot plays it from now on, and a person may join it.
    pub fn leave(&mut self, seat: Seat) {
        let s = &mut self.seats[usize::from(seat)];
        s.token = None;
        s.connections = 0;
        s.away_since = None;
        s.name = format!("Seat {}", seat + 1);
    }

    /// `by` frees another person's `seat`: as if they had left (`leave`), so a bot plays it
    /// until someone joins it. The room's creator (seat 0) frees any seat; while no one is
    /// connected at the creator's, anyone seated frees a seat whose holder is away too (the
    /// creator's own included), as anyone may then start, or a friend gone for good would
    /// hold a seat no one could take.
    pub fn free_seat(&mut self, by: Seat, seat: Seat) -> Result<(), String> {
        if seat == by {
            return Err("Your own seat is freed by leaving the room.".into());
        }
        let Some(s) = self.seats.get(usize::from(seat)) else {
            return Err(format!("This room has no seat {}.", u16::from(seat) + 1));
        };
        if s.token.is_none() {
            return Err(format!(
                "Seat {} holds no one to free.",
                u16::from(seat) + 1
            ));
        }
        if by != 0 {
            if self.seats[0].connections > 0 {
                return Err("Only the room's creator (seat 1) can free a seat.".into());
            }
            if s.connections > 0 {
                return Err(format!(
                    "{} is connected: only the room's creator (seat 1) can free their seat.",
                    s.name
                ));
            }
        }
        self.leave(seat);
        Ok(())
    }

    /// Seat 0 deals: a new game (also after one has ended). While the creator is not connected
    /// (left the room, or away), any seated person may, the first game too, or the others could
    /// only wait.
    pub fn start(&mut self, by: Seat, now: (Instant, u64)) -> Result<(), String> {
        if by != 0 && self.seats[0].connections > 0 {
            return Err("Only the room's creator (seat 1) can start the game.".into());
        }
        if let Some(game) = &self.game {
            if game.outcome().is_none_or(|o| o.game_winner.is_none()) {
                return Err("The game has already started.".into());
            }
            // A new game after the last one: the next seed from the last game's own chance.
            self.seed = self
                .seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
        }
        let game =
            Game::deal(self.rules, self.seats.len(), self.seed).map_err(|e| e.to_string())?;
        self.last_events = game.history().to_vec();
        self.game = Some(game);
        self.changed(now);
        Ok(())
    }

    /// Takes `action` for `seat` (the sender's seat, or a bot's): the engine decides.
    pub fn act(&mut self, seat: Seat, action: Action, now: (Instant, u64)) -> Result<(), String> {
        let Some(game) = self.game.as_mut() else {
            return Err("The game has not started yet.".into());
        };
        if action.seat() != seat {
            return Err("That action is for another seat: you can act only for your own.".into());
        }
        let events = game.apply(action).map_err(|e| {
            let mut s = e.to_string();
            if let Some(first) = s.get(..1) {
                s = first.to_uppercase() + &s[1..];
            }
            s + "."
        })?;
        self.last_events = events;
        self.changed(now);
        Ok(())
    }

    /// Deals the next round once one is over (not after the game's end).
    pub fn next_round(&mut self, now: (Instant, u64)) -> Result<(), String> {
        let Some(game) = self.game.as_mut() else {
            return Err("The game has not started yet.".into());
        };
        match game.outcome() {
            None => return Err("The round is still being played.".into()),
            Some(o) if o.game_winner.is_some() => {
                return Err("The game is over: the creator can start a new one.".into())
            }
            Some(_) => {}
        }
        game.start_next_round().map_err(|e| e.to_string())?;
        self.last_events = game.history().to_vec();
        self.changed(now);
        Ok(())
    }

    fn changed(&mut self, now: (Instant, u64)) {
        self.version += 1;
        self.changed_at = now.0;
        self.updated = now.1;
        self.declined.clear();
        self.timed_out = false;
    }

    /// Whether a bot plays `seat` now: a bot's seat, a person's seat no one holds, or one whose
    /// person has been away longer than the takeover time.
    #[must_use]
    pub fn bot_plays(&self, seat: Seat, now: Instant) -> bool {
        let s = &self.seats[usize::from(seat)];
        if s.bot.is_some() || s.token.is_none() {
            return true;
        }
        let takeover = self.options.takeover_seconds;
        takeover > 0
            && s.away_since
                .is_some_and(|t| now >= t + Duration::from_secs(u64::from(takeover)))
    }

    /// A decision planned for `seat` at `now` changed nothing (the bot found nothing to do, or
    /// its move was refused): a bot's seat lets its chance pass at this version, and a person
    /// whose turn timer ran out is waited for again with no second timer. Otherwise the room
    /// would plan the same decision at once, and again.
    pub fn let_pass(&mut self, seat: Seat, now: Instant) {
        if self.bot_plays(seat, now) {
            self.declined.push(seat);
        } else {
            self.timed_out = true;
        }
    }

    /// The level of the bot that plays `seat`.
    #[must_use]
    pub fn level(&self, seat: Seat) -> Level {
        self.seats[usize::from(seat)].bot.unwrap_or(Level::Medium)
    }

    /// What the room waits for next and when it is due; `None`: only for people.
    #[must_use]
    pub fn plan(&self, now: Instant, pace: &Pace) -> Option<(Instant, Plan)> {
        let game = self.game.as_ref()?;
        if let Some(outcome) = game.outcome() {
            return outcome
                .game_winner
                .is_none()
                .then(|| (self.changed_at + pace.round_pause, Plan::NextRound));
        }
        for seat in game.out_of_turn_order() {
            if self.bot_plays(seat, now)
                && !self.declined.contains(&seat)
                && !game.legal_actions_for(seat).is_empty()
            {
                let plan = Plan::Decide {
                    seat,
                    out_of_turn: true,
                };
                return Some((self.changed_at + pace.bot_reaction, plan));
            }
        }
        let turn = game.turn();
        let plan = Plan::Decide {
            seat: turn,
            out_of_turn: false,
        };
        if self.bot_plays(turn, now) {
            // A person who may catch or jump in has as long to do it as a bot takes to
            // catch a person.
            let person_may_act = game
                .out_of_turn_order()
                .any(|seat| !self.bot_plays(seat, now) && game.may_catch_or_jump_in(seat));
            let wait = if person_may_act {
                pace.bot_turn.max(pace.bot_reaction)
            } else {
                pace.bot_turn
            };
            return Some((self.changed_at + wait, plan));
        }
        let mut next: Option<(Instant, Plan)> = None;
        if self.options.turn_seconds > 0 && !self.timed_out {
            let due = self.changed_at + Duration::from_secs(u64::from(self.options.turn_seconds));
            next = Some((due, plan));
        }
        // A person away: look again when the takeover time runs out.
        if self.options.takeover_seconds > 0 {
            let takeover = Duration::from_secs(u64::from(self.options.takeover_seconds));
            for s in &self.seats {
                if let Some(t) = s.away_since.filter(|_| s.token.is_some()) {
                    let due = t + takeover;
                    if due > now && next.is_none_or(|(n, _)| due < n) {
                        next = Some((due, Plan::Refresh));
                    }
                }
            }
        }
        next
    }

    /// The seats as the `room` message shows them.
    #[must_use]
    pub fn room_reply(&self, now: Instant) -> Reply {
        Reply::Room {
            room: self.code.clone(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    name: s.name.clone(),
                    kind: if s.is_person() { "human" } else { "bot" }.into(),
                    level: s.bot.unwrap_or(Level::Medium),
                    connected: s.bot.is_some() || s.connections > 0,
                    bot_plays: self.bot_plays(i as Seat, now),
                    taken: s.token.is_some(),
                })
                .collect(),
            started: self.started(),
            options: self.options,
            rules: self.rules,
            freed_by: None,
        }
    }

    /// The `state` for a seat (or a watcher, `None`): what it may know, what it may do, and
    /// the last change's events as it may know them.
    #[must_use]
    pub fn state_for(&self, seat: Option<Seat>, with_events: bool, now: Instant) -> Option<Reply> {
        let game = self.game.as_ref()?;
        let (view, legal) = match seat {
            Some(s) => (game.view(s), game.legal_actions_for(s)),
            None => (game.public_view(), Vec::new()),
        };
        let mut view = serde_json::to_value(view).ok()?;
        if seat.is_none() {
            view["seat"] = serde_json::Value::Null;
        }
        let events = if with_events {
            self.last_events.iter().map(|e| e.seen_from(seat)).collect()
        } else {
            Vec::new()
        };
        let turn_deadline = (self.options.turn_seconds > 0
            && game.outcome().is_none()
            && !self.bot_plays(game.turn(), now)
            && !self.timed_out)
            .then(|| {
                let due =
                    self.changed_at + Duration::from_secs(u64::from(self.options.turn_seconds));
                // Whole seconds, rounded up: "1 s" until the last moment.
                due.saturating_duration_since(now)
                    .as_millis()
                    .div_ceil(1000) as u32
            });
        Some(Reply::State {
            view,
            legal,
            events,
            version: self.version,
            turn_deadline,
        })
    }
}

/// Compares two tokens in time that does not depend on where they differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::Edition;

    fn at(secs: u64) -> (Instant, u64) {
        (Instant::now(), secs)
    }

    fn room(kinds: &[SeatKindSpec]) -> Room {
        let asked = NewRoom {
            name: "Ada",
            rules: Rules::new(Edition::Classic),
            seats: kinds,
            options: RoomOptions::default(),
        };
        Room::create(&asked, "BCD234".into(), "t0".into(), 7, at(1)).unwrap()
    }

    use SeatKindSpec::{Hard, Human, Medium};

    /// The server's waits as the tests set them: each different, so a plan shows which it took.
    const PACE: Pace = Pace {
        bot_turn: Duration::from_millis(500),
        bot_reaction: Duration::from_millis(900),
        round_pause: Duration::from_secs(5),
    };

    #[test]
    fn a_room_seats_its_creator_and_names_its_bots() {
        let r = room(&[Human, Medium, Human, Hard]);
        let names: Vec<_> = r.seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Ada", "Bot 1", "Seat 3", "Bot 2"]);
        assert_eq!(r.seat_of("t0"), Some(0));
        assert_eq!(r.seat_of("t1"), None);
        assert!(!r.started());
    }

    #[test]
    fn bad_rooms_are_refused() {
        let mk = |kinds: &[SeatKindSpec], options| {
            let asked = NewRoom {
                name: "Ada",
                rules: Rules::default(),
                seats: kinds,
                options,
            };
            Room::create(&asked, "X".into(), "t".into(), 1, at(1))
        };
        assert!(mk(&[Human], RoomOptions::default())
            .unwrap_err()
            .contains("2 to 10"));
        assert!(mk(&[Medium, Human], RoomOptions::default())
            .unwrap_err()
            .contains("first seat"));
        let long = RoomOptions {
            takeover_seconds: 100_000,
            turn_seconds: 0,
        };
        assert!(mk(&[Human, Human], long)
            .unwrap_err()
            .contains("at most a day"));
        let mut rules = Rules::default();
        rules.house_rules.uno_penalty = Some(0);
        let asked = NewRoom {
            name: "Ada",
            rules,
            seats: &[Human, Human],
            options: RoomOptions::default(),
        };
        assert_eq!(
            Room::create(&asked, "X".into(), "t".into(), 1, at(1)).unwrap_err(),
            "These rules cannot be dealt: uno_penalty must be 1 to 10, not 0."
        );
    }

    #[test]
    fn join_takes_only_a_free_persons_seat() {
        let mut r = room(&[Human, Medium, Human, Human]);
        assert_eq!(r.join("Bo", None, "t2".into()), Ok(2));
        assert_eq!(
            r.join("Cy", Some(2), "x".into()).unwrap_err(),
            "Seat 3 is not free."
        );
        assert_eq!(
            r.join("Cy", Some(0), "x".into()).unwrap_err(),
            "Seat 1 is not free."
        );
        assert_eq!(
            r.join("Cy", Some(1), "x".into()).unwrap_err(),
            "Seat 2 is not free."
        );
        assert_eq!(
            r.join("Cy", Some(9), "x".into()).unwrap_err(),
            "This room has no seat 10 (its seats are 1 to 4)."
        );
        assert_eq!(r.join("Cy", None, "t3".into()), Ok(3));
        assert!(r
            .join("Di", None, "t4".into())
            .unwrap_err()
            .contains("no free seat"));
        assert_eq!(r.seats[2].name, "Bo");
        assert_eq!(r.seat_of("t3"), Some(3));
    }

    #[test]
    fn a_name_another_seat_has_is_numbered() {
        let mut r = room(&[Human, Medium, Human, Human]);
        let names = |r: &Room| r.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(&r), ["Ada", "Bot 1", "Seat 3", "Seat 4"]);
        r.join(" ada ", None, "t2".into()).unwrap();
        r.join("Bot 1", None, "t3".into()).unwrap();
        assert_eq!(names(&r), ["Ada", "Bot 1", "ada 2", "Bot 1 2"]);
        let asked = NewRoom {
            name: "seat 2",
            rules: Rules::default(),
            seats: &[Human, Human, Medium],
            options: RoomOptions::default(),
        };
        let created = Room::create(&asked, "X".into(), "t".into(), 1, at(1)).unwrap();
        assert_eq!(names(&created), ["seat 2 2", "Seat 2", "Bot 1"]);
        // A seat freed and taken again under its old name keeps it: only the others count.
        r.leave(3);
        r.join("Bot 1 2", Some(3), "t4".into()).unwrap();
        assert_eq!(r.seats[3].name, "Bot 1 2");
    }

    #[test]
    fn while_the_creator_is_away_anyone_seated_frees_a_seat_whose_holder_is_away() {
        let mut r = room(&[Human, Human, Human, Human]);
        r.join("Bo", None, "t1".into()).unwrap();
        r.join("Cy", None, "t2".into()).unwrap();
        r.join("Di", None, "t3".into()).unwrap();
        for seat in 0..4 {
            r.connect(seat);
        }
        // Ada is here: she alone frees a seat.
        assert_eq!(
            r.free_seat(1, 2).unwrap_err(),
            "Only the room's creator (seat 1) can free a seat."
        );
        // Ada and Cy went without leaving: Bo frees Cy's seat, and Ada's, but not Di's (Di
        // is here) nor his own.
        r.disconnect(0, at(2).0);
        r.disconnect(2, at(2).0);
        assert_eq!(
            r.free_seat(1, 3).unwrap_err(),
            "Di is connected: only the room's creator (seat 1) can free their seat."
        );
        assert_eq!(
            r.free_seat(1, 1).unwrap_err(),
            "Your own seat is freed by leaving the room."
        );
        assert_eq!(r.free_seat(1, 2), Ok(()));
        assert_eq!(r.seats[2].name, "Seat 3");
        assert_eq!(r.seat_of("t2"), None);
        assert_eq!(
            r.free_seat(1, 2).unwrap_err(),
            "Seat 3 holds no one to free."
        );
        assert_eq!(r.free_seat(1, 0), Ok(()));
        assert_eq!(r.seat_of("t0"), None);
        // Whoever joins seat 1 now is the room's creator.
        assert_eq!(r.join("Eve", Some(0), "t4".into()), Ok(0));
        r.connect(0);
        assert_eq!(r.free_seat(0, 3), Ok(()));
        assert_eq!(r.seat_of("t3"), None);
    }

    #[test]
    fn only_the_creator_starts_and_actions_must_be_the_senders() {
        let mut r = room(&[Human, Human]);
        r.join("Bo", None, "t1".into()).unwrap();
        r.connect(0);
        r.connect(1);
        assert!(r
            .act(0, Action::Draw { seat: 0 }, at(2))
            .unwrap_err()
            .contains("not started"));
        assert!(r.start(1, at(2)).unwrap_err().contains("creator"));
        // While Ada is away, Bo may start: the room does not wait on a closed phone.
        let mut away = r.clone();
        away.disconnect(0, at(2).0);
        away.start(1, at(2)).unwrap();
        assert!(away.started());
        r.start(0, at(2)).unwrap();
        assert_eq!(r.version, 1);
        let game = r.game.clone().unwrap();
        let turn = game.turn();
        let other = 1 - turn;
        let foreign = game.legal_actions_for(turn)[0];
        let before = r.clone();
        assert!(r
            .act(other, foreign, at(3))
            .unwrap_err()
            .contains("another seat"));
        // Not this seat's turn: the engine's reason, and nothing changed.
        let e = r
            .act(other, Action::Draw { seat: other }, at(3))
            .unwrap_err();
        assert!(e.starts_with("It is seat"), "{e}");
        assert_eq!(r, before);
        r.act(turn, foreign, at(3)).unwrap();
        assert_eq!(r.version, 2);
        assert_eq!(r.updated, 3);
    }

    #[test]
    fn after_a_game_the_creator_deals_again_or_anyone_while_the_creator_is_gone() {
        let asked = NewRoom {
            name: "Ada",
            rules: Rules {
                house_rules: uno_engine::HouseRules {
                    scoring: Some(uno_engine::Scoring::SingleHand),
                    ..Default::default()
                },
                ..Rules::new(Edition::Classic)
            },
            seats: &[Human, Human],
            options: RoomOptions::default(),
        };
        let mut r = Room::create(&asked, "BCD234".into(), "t0".into(), 7, at(1)).unwrap();
        r.join("Bo", None, "t1".into()).unwrap();
        r.connect(0);
        r.connect(1);
        r.start(0, at(2)).unwrap();
        let play_out = |r: &mut Room| {
            while r.game.as_ref().unwrap().outcome().is_none() {
                let game = r.game.as_ref().unwrap();
                let action = game.legal_actions()[0];
                r.act(action.seat(), action, at(3)).unwrap();
            }
        };
        play_out(&mut r);
        let first = r.game.clone().unwrap();
        assert!(
            first.outcome().unwrap().game_winner.is_some(),
            "one hand is the game"
        );
        assert!(
            r.start(1, at(4)).unwrap_err().contains("creator"),
            "Ada is still here"
        );
        r.start(0, at(4)).unwrap();
        assert_ne!(
            r.game.as_ref().unwrap().hands(),
            first.hands(),
            "a new deal"
        );
        assert!(
            r.start(1, at(5)).unwrap_err().contains("creator"),
            "not mid-game"
        );
        play_out(&mut r);
        // Ada's page closed (her seat kept): Bo need not wait for her.
        r.disconnect(0, Instant::now());
        r.start(1, at(6)).unwrap();
        assert!(
            r.game.as_ref().unwrap().outcome().is_none(),
            "Bo dealt the next game"
        );
        // Ada is back; after the next game she deals again, and once she has left, Bo does.
        r.connect(0);
        play_out(&mut r);
        assert!(r.start(1, at(7)).unwrap_err().contains("creator"));
        r.leave(0);
        r.start(1, at(8)).unwrap();
        assert!(r.game.as_ref().unwrap().outcome().is_none());
    }

    #[test]
    fn a_watcher_sees_no_hand_and_no_drawn_card() {
        let mut r = room(&[Human, Medium, Medium]);
        r.start(0, at(2)).unwrap();
        let turn = r.game.as_ref().unwrap().turn();
        r.act(turn, Action::Draw { seat: turn }, at(3)).unwrap();
        let now = Instant::now();
        let Some(Reply::State {
            view,
            legal,
            events,
            ..
        }) = r.state_for(None, true, now)
        else {
            panic!("a started room has a state");
        };
        assert_eq!(view["seat"], serde_json::Value::Null);
        assert_eq!(view["hand"], serde_json::json!([]));
        assert!(legal.is_empty());
        assert!(events
            .iter()
            .all(|e| !matches!(e, Event::Drew { card: Some(_), .. })));
        let text = serde_json::to_string(&view).unwrap();
        assert!(!text.contains("draw_pile\""), "no draw pile order: {text}");
        // The seat that drew sees its card.
        let Some(Reply::State { events, .. }) = r.state_for(Some(turn), true, now) else {
            panic!()
        };
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::Drew { card: Some(_), .. })));
    }

    #[test]
    fn an_away_person_is_played_by_a_bot_after_the_takeover_time() {
        let mut r = room(&[Human, Human]);
        r.join("Bo", None, "t1".into()).unwrap();
        let t = Instant::now();
        r.connect(1);
        assert!(!r.bot_plays(1, t));
        r.disconnect(1, t);
        assert!(!r.bot_plays(1, t + Duration::from_secs(59)));
        assert!(r.bot_plays(1, t + Duration::from_secs(60)));
        r.connect(1);
        assert!(
            !r.bot_plays(1, t + Duration::from_secs(61)),
            "back: the person plays"
        );
        r.leave(1);
        assert!(r.bot_plays(1, t), "a seat given up is a bot's");
        assert_eq!(r.seat_of("t1"), None);
    }

    #[test]
    fn the_plan_waits_for_people_and_times_bots() {
        let mut r = room(&[Human, Medium]);
        r.connect(0);
        assert_eq!(r.plan(Instant::now(), &PACE), None, "not started");
        r.start(0, at(2)).unwrap();
        let game = r.game.as_ref().unwrap();
        let now = Instant::now();
        match game.turn() {
            0 => assert_eq!(r.plan(now, &PACE), None, "the person's turn, no timer"),
            _ => assert_eq!(
                r.plan(now, &PACE),
                Some((
                    r.changed_at + PACE.bot_turn,
                    Plan::Decide {
                        seat: 1,
                        out_of_turn: false
                    }
                ))
            ),
        }
    }

    #[test]
    fn a_bot_waits_a_person_s_reaction_while_the_person_may_jump_in() {
        let mut r = room(&[Human, Medium, Medium]);
        r.connect(0);
        r.start(0, at(2)).unwrap();
        // The bot in seat 1 is to play on a Red 5; the person in seat 0 holds `hand`.
        let table = |hand: &str| {
            let setup = format!(
                r#"{{"hands":[[{hand},"B2"],["G1","G2"],["Y1","Y2"]],"draw_pile":["B6","B7"],
                "discard_pile":["R5"],"turn":1}}"#
            );
            table(r#"{"jump_in":true}"#, &setup)
        };
        let bot = Plan::Decide {
            seat: 1,
            out_of_turn: false,
        };
        let now = Instant::now();
        r.game = Some(table(r#""R5""#));
        assert_eq!(
            r.plan(now, &PACE),
            Some((r.changed_at + PACE.bot_reaction, bot)),
            "the twin of the top card: the person may jump in"
        );
        r.game = Some(table(r#""R6""#));
        assert_eq!(
            r.plan(now, &PACE),
            Some((r.changed_at + PACE.bot_turn, bot)),
            "nothing to do out of turn"
        );
    }

    #[test]
    fn a_room_round_trips_through_its_saved_form() {
        let mut r = room(&[Human, Medium, Human]);
        r.start(0, at(2)).unwrap();
        let json = serde_json::to_string(&r).unwrap();
        let back: Room = serde_json::from_str(&json).unwrap();
        assert_eq!(back.game, r.game);
        assert_eq!(back.seats, r.seats);
        assert_eq!(back.version, 1);
    }

    #[test]
    fn the_stored_room_keeps_digests_of_tokens_never_the_tokens() {
        let mut r = room(&[Human, Human, Medium]);
        let token = "0123456789abcdef0123456789abcdef";
        assert_eq!(r.join("Ben", None, token.into()), Ok(1));
        let json = serde_json::to_string(&r).unwrap();
        assert!(!json.contains(token), "{json}");
        assert!(!json.contains("\"t0\""), "{json}");
        // SHA-256 of "t0", as `printf t0 | sha256sum` prints it.
        let t0 = "sha256:512f26ada3c3d634ac3c6b12b7b33cb50bb0963c3f6d9924241619c84ec78ff2";
        assert_eq!(r.seats[0].token, Some(TokenDigest(t0.into())));
        let back: Room = serde_json::from_str(&json).unwrap();
        assert_eq!(back.seat_of(token), Some(1));
        assert_eq!(back.seat_of("t0"), Some(0));
        assert_eq!(
            back.seat_of(&TokenDigest::of(token).0),
            None,
            "the digest is no token"
        );
    }

    #[test]
    fn a_room_saved_with_plain_tokens_reads_them_as_digests() {
        let r = room(&[Human, Human]);
        let digest = serde_json::to_string(&r.seats[0].token).unwrap();
        let before = serde_json::to_string(&r)
            .unwrap()
            .replace(&digest, "\"t0\"");
        assert!(before.contains("\"token\":\"t0\""), "{before}");
        let back: Room = serde_json::from_str(&before).unwrap();
        assert_eq!(back.seat_of("t0"), Some(0));
        assert_eq!(back.seats, r.seats);
        assert!(!serde_json::to_string(&back).unwrap().contains("\"t0\""));
    }

    /// A table set by hand (a scenario's `setup`), Classic with `house_rules`.
    fn table(house_rules: &str, setup: &str) -> Game {
        let json = format!(
            r#"{{"edition":"classic","house_rules":{house_rules},"seed":1,"setup":{setup}}}"#
        );
        let scenario: uno_engine::scenario::Scenario = serde_json::from_str(&json).unwrap();
        scenario.start().unwrap()
    }

    /// Seat 0 holds its last card, a Red 7 on a Red 3, and has 499 points: playing it scores
    /// the 3 points of seat 1's hand and wins the game.
    const LAST_CARD_WINS: &str = r#"{"hands":[["R7"],["G1","G2"]],"draw_pile":["G5","Y1"],
        "discard_pile":["R3"],"turn":0,"scores":[499,0]}"#;

    fn play(seat: Seat, card: &str) -> Action {
        Action::Play {
            seat,
            card: card.parse().unwrap(),
            color: None,
        }
    }

    #[test]
    fn a_room_s_timers_are_at_most_a_day_each() {
        let mk = |takeover_seconds, turn_seconds| {
            let asked = NewRoom {
                name: "Ada",
                rules: Rules::default(),
                seats: &[Human, Human],
                options: RoomOptions {
                    takeover_seconds,
                    turn_seconds,
                },
            };
            Room::create(&asked, "X".into(), "t".into(), 1, at(1)).map(|r| r.options)
        };
        let a_day = RoomOptions {
            takeover_seconds: 86_400,
            turn_seconds: 86_400,
        };
        assert_eq!(mk(86_400, 86_400), Ok(a_day));
        for (takeover, turn) in [(86_401, 0), (0, 86_401)] {
            assert_eq!(
                mk(takeover, turn).unwrap_err(),
                "A room's timers are at most a day (86400 seconds).",
                "takeover {takeover}, turn {turn}"
            );
        }
    }

    #[test]
    fn a_person_with_a_tab_still_open_is_not_away() {
        let mut r = room(&[Human, Human]);
        r.join("Bo", None, "t1".into()).unwrap();
        let t = Instant::now();
        let an_hour_later = t + Duration::from_secs(3600);
        r.connect(1);
        r.connect(1);
        r.disconnect(1, t);
        assert_eq!(r.seats[1].away_since, None, "one tab of two closed");
        assert!(!r.bot_plays(1, an_hour_later));
        r.disconnect(1, t);
        assert_eq!(r.seats[1].away_since, Some(t), "the last tab closed");
        assert!(r.bot_plays(1, an_hour_later));
    }

    #[test]
    fn once_the_game_is_won_no_next_round_is_dealt() {
        let mut r = room(&[Human, Medium]);
        r.start(0, at(2)).unwrap();
        // A round won under the target: the next is dealt after the pause.
        r.game = Some(table("{}", &LAST_CARD_WINS.replace("499", "0")));
        r.act(0, play(0, "R7"), at(3)).unwrap();
        assert_eq!(
            r.plan(Instant::now(), &PACE),
            Some((r.changed_at + PACE.round_pause, Plan::NextRound))
        );
        assert_eq!(r.next_round(at(4)), Ok(()));

        r.game = Some(table("{}", LAST_CARD_WINS));
        assert_eq!(
            r.next_round(at(3)).unwrap_err(),
            "The round is still being played."
        );
        r.act(0, play(0, "R7"), at(3)).unwrap();
        let won = r.clone();
        assert_eq!(
            r.next_round(at(4)).unwrap_err(),
            "The game is over: the creator can start a new one."
        );
        assert_eq!(r, won, "a refused deal changes nothing");
        assert_eq!(r.plan(Instant::now(), &PACE), None, "no round to wait for");
    }

    #[test]
    fn a_bot_s_chance_out_of_turn_is_timed_and_once_let_pass_not_planned_again() {
        let mut r = room(&[Human, Medium]);
        r.connect(0);
        r.start(0, at(2)).unwrap();
        // The person is to play on a Red 5; the bot holds the other Red 5 and may jump in.
        r.game = Some(table(
            r#"{"jump_in":true}"#,
            r#"{"hands":[["B2","G3"],["R5","Y1"]],"draw_pile":["B6","B7"],
                "discard_pile":["R5"],"turn":0}"#,
        ));
        let now = r.changed_at;
        assert_eq!(
            r.plan(now, &PACE),
            Some((
                r.changed_at + PACE.bot_reaction,
                Plan::Decide {
                    seat: 1,
                    out_of_turn: true
                }
            ))
        );
        r.let_pass(1, now);
        assert_eq!(r.declined, [1]);
        assert_eq!(
            r.plan(now, &PACE),
            None,
            "let pass: the person's turn, no timer"
        );
    }

    #[test]
    fn a_person_s_turn_is_timed_and_an_away_person_looked_at_when_the_takeover_ends() {
        let mut r = room(&[Human, Human, Medium]);
        r.join("Bo", None, "t1".into()).unwrap();
        r.connect(0);
        r.connect(1);
        r.start(0, at(2)).unwrap();
        r.game = Some(table(
            "{}",
            r#"{"hands":[["B2","G3"],["G1","G2"],["Y1","Y2"]],"draw_pile":["B6","B7"],
                "discard_pile":["R5"],"turn":0}"#,
        ));
        let t0 = r.changed_at;
        let secs = |s| t0 + Duration::from_secs(s);
        let person = Plan::Decide {
            seat: 0,
            out_of_turn: false,
        };
        let plan_with = |r: &mut Room, takeover_seconds, turn_seconds, now| {
            r.options = RoomOptions {
                takeover_seconds,
                turn_seconds,
            };
            r.plan(now, &PACE)
        };
        assert_eq!(plan_with(&mut r, 60, 0, t0), None, "no timer, no one away");
        assert_eq!(plan_with(&mut r, 60, 30, t0), Some((secs(30), person)));

        // Seat 1 goes away 10 s in: a bot takes it over at 70 s.
        r.disconnect(1, secs(10));
        let refresh = Plan::Refresh;
        // (takeover, turn timer, now, what is planned, why)
        let cases = [
            (60, 0, t0, Some((secs(70), refresh)), "the takeover"),
            (60, 30, t0, Some((secs(30), person)), "the turn first"),
            (60, 100, t0, Some((secs(70), refresh)), "the takeover first"),
            (
                60,
                70,
                t0,
                Some((secs(70), person)),
                "at the same moment, the turn",
            ),
            (
                60,
                100,
                secs(70),
                Some((secs(100), person)),
                "the takeover over",
            ),
            (0, 0, t0, None, "no takeover, no timer"),
        ];
        for (takeover, turn, now, planned, why) in cases {
            assert_eq!(plan_with(&mut r, takeover, turn, now), planned, "{why}");
        }
        // The turn's time ran out and the bot found nothing for the person: wait for them.
        r.options.turn_seconds = 30;
        r.let_pass(0, secs(30));
        assert!(r.timed_out);
        assert!(r.declined.is_empty(), "the person's seat is not a bot's");
        assert_eq!(
            r.plan(secs(30), &PACE),
            None,
            "its time ran out once already"
        );
    }

    #[test]
    fn a_person_s_turn_deadline_counts_whole_seconds_left_rounded_up() {
        let mut r = room(&[Human, Human]);
        r.join("Bo", None, "t1".into()).unwrap();
        r.connect(0);
        r.connect(1);
        r.start(0, at(2)).unwrap();
        r.game = Some(table("{}", LAST_CARD_WINS));
        r.options.turn_seconds = 30;
        let t0 = r.changed_at;
        let ms = |ms| t0 + Duration::from_millis(ms);
        let deadline = |r: &Room, now| match r.state_for(Some(1), false, now) {
            Some(Reply::State { turn_deadline, .. }) => turn_deadline,
            other => panic!("{other:?}"),
        };
        assert_eq!(deadline(&r, ms(0)), Some(30));
        assert_eq!(deadline(&r, ms(1)), Some(30));
        assert_eq!(deadline(&r, ms(29_001)), Some(1));
        assert_eq!(deadline(&r, ms(30_000)), Some(0));
        assert_eq!(deadline(&r, ms(31_000)), Some(0));
        r.timed_out = true;
        assert_eq!(deadline(&r, ms(0)), None, "a bot already played it once");
        r.timed_out = false;
        r.options.turn_seconds = 0;
        assert_eq!(deadline(&r, ms(0)), None, "no turn timer");
        r.options.turn_seconds = 30;
        r.disconnect(0, ms(0));
        assert_eq!(deadline(&r, ms(60_000)), None, "a bot plays the seat away");
        r.connect(0);
        r.act(0, play(0, "R7"), at(3)).unwrap();
        assert_eq!(deadline(&r, r.changed_at), None, "the round is over");
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "abcd"));
    }
}
