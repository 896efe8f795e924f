//! An online room's table: the game lives on the room server (ROOMS.md), which sends this seat
//! its view and its legal actions after every change. `OnlineTable` keeps the last of them and
//! turns actions into messages for the server (`outbox`, sent by `crate::online`); it never
//! decides a rule, it only refuses at once what the server's last `legal` did not list.

use super::{AfterGame, Table, TableView};
use uno_engine::{Action, Edition, Event, Outcome, Pending, PlayerView, RuleError, Rules, Seat};
use uno_protocol::{Reply, Request, RoomOptions, SeatInfo};

/// A room this screen is in, as the server last described it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OnlineTable {
    pub code: String,
    /// This screen's seat; `None` for a watcher.
    pub seat: Option<Seat>,
    pub seats: Vec<SeatInfo>,
    pub started: bool,
    pub rules: Rules,
    pub timers: RoomOptions,
    /// The last view and legal actions the server sent.
    pub view: Option<PlayerView>,
    pub legal: Vec<Action>,
    pub version: u64,
    /// Seconds left, when the state came, before a bot acts for the seat to play.
    pub turn_deadline: Option<u32>,
    /// This screen was in the lobby before the game began (not joined in the middle of one).
    pub waited_in_lobby: bool,
    /// Where the round's news starts for a table first drawn now: its deal, for the first
    /// state after the lobby (the deal was made while no table was shown); none for a table
    /// joined or found again mid-game, or after a later state.
    pub news_from: Option<usize>,
    /// This screen's seat was at a round still being played since it was taken here: a
    /// round's end counts in the player's record only then (not for a seat taken at the round
    /// over, nor in a page opened after it).
    pub played: bool,
    /// Messages for the server, sent and emptied by the connection.
    pub outbox: Vec<String>,
}

impl OnlineTable {
    /// Whether this screen may start the game (the first, or a new one after a game): the
    /// creator's seat, or any seat while no one is connected at the creator's (docs/ROOMS.md,
    /// additions), so that a room never waits on a closed phone.
    #[must_use]
    pub fn may_start(&self) -> bool {
        self.seat == Some(0)
            || (self.seat.is_some() && self.seats.first().is_some_and(|s| !s.connected))
    }

    /// Who this screen waits for to start a game (the first, or a new one), when it may not
    /// itself (`may_start`): the creator, or while the creator is away, a player.
    #[must_use]
    pub fn start_awaited(&self) -> Option<String> {
        match self.seats.first() {
            _ if self.may_start() => None,
            Some(creator) if creator.connected => Some(creator.name.clone()),
            // The creator away: a watcher waits for whoever is seated.
            _ => Some("a player".into()),
        }
    }

    /// Whether this screen may free seat `i` (docs/ROOMS.md, additions): the creator frees
    /// another person's seat; while no one is connected at the creator's, anyone seated frees
    /// another seat whose holder is away too. The server decides and refuses alike.
    #[must_use]
    pub fn may_free(&self, i: usize) -> bool {
        let (Some(me), Some(s)) = (self.seat, self.seats.get(i)) else {
            return false;
        };
        let creator_away = self.seats.first().is_some_and(|c| !c.connected);
        usize::from(me) != i && s.taken && (me == 0 || (creator_away && !s.connected))
    }

    /// Whether this screen holds a seat in a round still being played: leaving now hands the
    /// seat to a bot in the middle of the round (the page asks first).
    #[must_use]
    pub fn in_a_round(&self) -> bool {
        self.seat.is_some()
            && self
                .view
                .as_ref()
                .is_some_and(|v| !matches!(v.pending, Pending::RoundOver { .. }))
    }

    /// What changed at the other people's seats between the seats this screen knew and
    /// `seats` (a `room` message's), a sentence each, for a screen reader, which does not
    /// hear the seats' list change: who joined, whose seat is free again, who is away, who is
    /// back. Nothing before the first `room` message.
    #[must_use]
    pub fn seat_news(&self, seats: &[SeatInfo]) -> Vec<String> {
        if self.seats.len() != seats.len() {
            return Vec::new();
        }
        self.seats
            .iter()
            .zip(seats)
            .enumerate()
            .filter(|&(i, (was, _))| self.seat != Some(i as Seat) && was.kind == "human")
            .filter_map(|(_, (was, now))| match (was.taken, now.taken) {
                (false, true) => Some(format!("{} joined.", now.name)),
                (true, false) => Some(format!("{}'s seat is free: a bot plays it.", was.name)),
                (true, true) if was.connected && !now.connected => {
                    Some(format!("{} is away.", now.name))
                }
                (true, true) if !was.connected && now.connected => {
                    Some(format!("{} is back.", now.name))
                }
                _ => None,
            })
            .collect()
    }

    /// Whether the room's `seats`, as a `room` message brings them, say that this screen's
    /// seat is no longer its own: freed by another person in the room, or given up from
    /// another tab. The server renames a seat given up "Seat N" and holds no token for it; the
    /// name is read too, so that a server that does not send `taken` never seems to take the
    /// seat away.
    #[must_use]
    pub fn seat_lost(&self, seats: &[SeatInfo]) -> bool {
        let Some(seat) = self.seat else {
            return false;
        };
        let i = usize::from(seat);
        match (self.seats.get(i), seats.get(i)) {
            (Some(was), Some(now)) => !now.taken && now.name != was.name,
            _ => false,
        }
    }

    /// Takes in one server message about the room; a `state` that cannot be read is an
    /// error sentence.
    pub fn receive(&mut self, msg: Reply) -> Result<(), String> {
        match msg {
            Reply::Joined { room, seat, .. } => {
                self.played &= self.code == room && self.seat == seat;
                self.code = room;
                self.seat = seat;
            }
            Reply::Room {
                seats,
                started,
                options,
                rules,
                ..
            } => {
                self.seats = seats;
                self.started = started;
                self.waited_in_lobby |= !started;
                self.timers = options;
                self.rules = rules;
            }
            Reply::State {
                mut view,
                legal,
                version,
                turn_deadline,
                ..
            } => {
                // A watcher's view has no seat: it is shown from seat 0's place, with no hand.
                if view["seat"].is_null() {
                    view["seat"] = 0.into();
                }
                let view: PlayerView = serde_json::from_value(view)
                    .map_err(|e| format!("The server sent a table this page cannot read: {e}."))?;
                self.rules = view.rules;
                self.started = true;
                self.played |=
                    self.seat.is_some() && !matches!(view.pending, Pending::RoundOver { .. });
                self.news_from = (self.view.is_none() && self.waited_in_lobby).then_some(0);
                self.view = Some(view);
                self.legal = legal;
                self.version = version;
                self.turn_deadline = turn_deadline;
            }
            Reply::Reaction { .. } | Reply::Error { .. } | Reply::Pong => {}
        }
        Ok(())
    }

    /// The round over this screen shows, to count in the player's record (`Record::
    /// count_online`): its edition, the round (`record::online_round`), this seat and how it
    /// ended; `None` while a round is played, for a watcher, or for a seat that did not play
    /// it here (`played`).
    #[must_use]
    pub fn round_to_count(&self) -> Option<(Edition, (u64, u64), Seat, Outcome)> {
        let seat = self.seat.filter(|_| self.played)?;
        match self.view.as_ref()?.pending {
            Pending::RoundOver { outcome } => Some((
                self.rules.edition,
                crate::record::online_round(&self.code, self.version),
                seat,
                outcome,
            )),
            _ => None,
        }
    }

    /// A message for the server.
    pub fn ask(&mut self, request: &Request) {
        self.outbox.push(request.to_text());
    }

    /// Whether a bot plays `seat` now (its own, or a person's seat while they are away).
    #[must_use]
    pub fn bot_plays(&self, seat: Seat) -> bool {
        self.seats
            .get(usize::from(seat))
            .is_some_and(|s| s.kind == "bot" || s.bot_plays)
    }
}

impl Table for OnlineTable {
    fn table_view(&self) -> TableView {
        let view = self.view.clone().unwrap_or_else(|| {
            // Before the first deal: an empty table of the room's shape (rules a server sent
            // that cannot be dealt fall back to Classic rather than stop the page).
            let players = self
                .seats
                .len()
                .clamp(uno_engine::MIN_PLAYERS, uno_engine::MAX_PLAYERS);
            uno_engine::Game::deal(self.rules, players, 0)
                .or_else(|_| uno_engine::Game::deal(Rules::default(), players, 0))
                .map(|g| g.public_view())
                .expect("Classic deals any table of 2 to 10")
        });
        TableView {
            view,
            legal: self.legal.clone(),
            names: self.seats.iter().map(seat_name).collect(),
            version: self.version,
            watching: self.seat.is_none(),
            // The server shows a watcher no hand.
            open_hands: Vec::new(),
            // The room's creator deals again (`start` after a game: docs/ROOMS.md, additions), the
            // others wait, unless the creator is away.
            after_game: self
                .start_awaited()
                .map_or(AfterGame::DealAgain, AfterGame::Wait),
        }
    }

    /// Sends `action` if the server listed it; the next `state` brings its events. One it did
    /// not list is refused with the engine's reason, read from this seat's view ("Red 7
    /// matches neither…"), as at a table in the page; one sent already waits for the answer.
    fn act(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        if !self.legal.contains(&action) {
            let reason = self.view.as_ref().and_then(|v| v.refusal(&action));
            return Err(reason.unwrap_or(RuleError::NotAllowedNow));
        }
        self.ask(&Request::Act { action });
        // Until the server answers, nothing more may be sent for this state.
        self.legal.clear();
        Ok(Vec::new())
    }

    fn next_round(&mut self) -> Result<(), String> {
        let game_over = self.view.as_ref().is_some_and(|v| {
            matches!(v.pending, Pending::RoundOver { outcome } if outcome.game_winner.is_some())
        });
        let request = if game_over {
            Request::Start
        } else {
            Request::NextRound
        };
        self.ask(&request);
        Ok(())
    }
}

/// A seat's name at the table: a seat no person holds is played by a bot, and says so (the
/// server names it only by its place, "Seat 3").
fn seat_name(s: &SeatInfo) -> String {
    if s.kind == "human" && !s.taken && s.bot_plays {
        format!("{} (bot)", s.name)
    } else {
        s.name.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Reply {
        serde_json::from_str(text).unwrap()
    }

    fn state_of(game: &uno_engine::Game, seat: Option<Seat>) -> String {
        let (view, legal) = match seat {
            Some(s) => (game.view(s), game.legal_actions_for(s)),
            None => (game.public_view(), Vec::new()),
        };
        let mut view = serde_json::to_value(view).unwrap();
        if seat.is_none() {
            view["seat"] = serde_json::Value::Null;
        }
        serde_json::json!({"type": "state", "view": view, "legal": legal, "events": [], "version": 3})
            .to_string()
    }

    #[test]
    fn a_table_first_drawn_after_the_lobby_has_the_deal_as_news() {
        let game = uno_engine::Game::deal(Rules::default(), 2, 5).unwrap();
        let room = |started: bool| {
            read(&format!(
                r#"{{"type":"room","room":"BCD234","seats":[
                {{"name":"Ada","kind":"human","level":"medium","connected":true}},
                {{"name":"Bo","kind":"human","level":"medium","connected":true}}],
                "started":{started},"options":{{"takeover_seconds":60,"turn_seconds":0}}}}"#
            ))
        };
        // Waited in the lobby: the first table says the round from its deal, later ones
        // (drawn again after the rules page, say) only what comes.
        let mut waited = OnlineTable::default();
        waited.receive(room(false)).unwrap();
        waited.receive(room(true)).unwrap();
        waited.receive(read(&state_of(&game, Some(1)))).unwrap();
        assert_eq!(waited.news_from, Some(0));
        waited.receive(read(&state_of(&game, Some(1)))).unwrap();
        assert_eq!(waited.news_from, None);
        // Joined (or a page reloaded) in the middle of a game: nothing is news.
        let mut joined = OnlineTable::default();
        joined.receive(room(true)).unwrap();
        joined.receive(read(&state_of(&game, Some(1)))).unwrap();
        assert_eq!(joined.news_from, None);
    }

    #[test]
    fn a_seat_reads_its_state_and_acts_only_as_listed() {
        let game = uno_engine::Game::deal(Rules::default(), 3, 5).unwrap();
        let turn = game.turn();
        let mut t = OnlineTable::default();
        t.receive(read(
            r#"{"type":"joined","room":"BCD234","seat":1,"token":"ab"}"#,
        ))
        .unwrap();
        t.receive(read(
            r#"{"type":"room","room":"BCD234","seats":[
            {"name":"Ada","kind":"human","level":"medium","connected":true},
            {"name":"Bo","kind":"human","level":"medium","connected":true,"bot_plays":false},
            {"name":"Bot 1","kind":"bot","level":"hard","connected":true}],
            "started":true,"options":{"takeover_seconds":60,"turn_seconds":0}}"#,
        ))
        .unwrap();
        t.receive(read(&state_of(&game, Some(turn)))).unwrap();
        let shown = t.table_view();
        assert_eq!(shown.names, ["Ada", "Bo", "Bot 1"]);
        assert_eq!(shown.view, game.view(turn));
        assert_eq!(shown.version, 3);
        assert!(t.bot_plays(2) && !t.bot_plays(1));
        let legal = game.legal_actions_for(turn);
        // Refused with the engine's own reason, as a table in the page gives it.
        let refused = game.clone().apply(Action::Challenge { seat: turn });
        assert_eq!(refused, Err(RuleError::NothingToChallenge));
        assert_eq!(t.act(Action::Challenge { seat: turn }), refused);
        assert!(t.outbox.is_empty(), "a refused action is not sent");
        // A color dialog stays open only for a card the seat may still play.
        let mut explained = 0;
        for card in &game.view(turn).hand {
            let playable = legal
                .iter()
                .any(|a| matches!(a, Action::Play { card: c, .. } if c == card));
            assert_eq!(shown.can_play(*card), playable, "{card:?}");
            if !playable && !card.is_wild() {
                // "Red 7 matches neither the Blue top card nor its 4", not a bare refusal.
                let play = Action::Play {
                    seat: turn,
                    card: *card,
                    color: None,
                };
                let refused = game.clone().apply(play);
                assert!(matches!(refused, Err(RuleError::DoesNotMatch { .. })));
                assert_eq!(t.act(play), refused);
                explained += 1;
            }
        }
        assert!(explained > 0, "the deal holds a card that does not fit");
        t.act(legal[0]).unwrap();
        let sent: serde_json::Value = serde_json::from_str(&t.outbox[0]).unwrap();
        assert_eq!(sent["type"], "act");
        assert_eq!(sent["action"], serde_json::to_value(legal[0]).unwrap());
        assert_eq!(
            t.act(legal[0]),
            Err(RuleError::NotAllowedNow),
            "once per state"
        );
    }

    #[test]
    fn a_seat_is_in_a_round_from_the_deal_to_the_rounds_end_a_watcher_never() {
        let game = uno_engine::Game::deal(Rules::default(), 3, 4).unwrap();
        let mut seated = OnlineTable {
            seat: Some(1),
            ..OnlineTable::default()
        };
        assert!(!seated.in_a_round(), "the lobby");
        seated.receive(read(&state_of(&game, Some(1)))).unwrap();
        assert!(seated.in_a_round());
        let mut watcher = OnlineTable::default();
        watcher.receive(read(&state_of(&game, None))).unwrap();
        assert!(!watcher.in_a_round());
        seated
            .receive(read(&state_of(&played_out(game), Some(1))))
            .unwrap();
        assert!(!seated.in_a_round(), "the round is over");
    }

    #[test]
    fn a_seat_no_person_holds_is_named_a_bots() {
        let mut t = OnlineTable::default();
        // Bo left: his seat, free now, is a bot's (older servers send neither flag).
        t.receive(read(
            r#"{"type":"room","room":"BCD234","seats":[
            {"name":"Ada","kind":"human","level":"medium","connected":true,"taken":true},
            {"name":"Seat 2","kind":"human","level":"medium","connected":false,"bot_plays":true,"taken":false},
            {"name":"Cy","kind":"human","level":"medium","connected":false,"bot_plays":true,"taken":true},
            {"name":"Dee","kind":"human","level":"medium","connected":true},
            {"name":"Bot 1","kind":"bot","level":"hard","connected":true}],
            "started":false,"options":{"takeover_seconds":60,"turn_seconds":0}}"#,
        ))
        .unwrap();
        assert_eq!(
            t.table_view().names,
            ["Ada", "Seat 2 (bot)", "Cy", "Dee", "Bot 1"]
        );
    }

    #[test]
    fn a_seat_is_lost_when_the_server_frees_it_not_when_an_older_server_omits_taken() {
        let room = |bo: &str| {
            read(&format!(
                r#"{{"type":"room","room":"BCD234","seats":[
                {{"name":"Ada","kind":"human","level":"medium","connected":true,"taken":true}},
                {bo}],"started":false,"options":{{"takeover_seconds":60,"turn_seconds":0}}}}"#
            ))
        };
        let seats = |reply: &Reply| match reply {
            Reply::Room { seats, .. } => seats.clone(),
            _ => unreachable!(),
        };
        let bo = r#"{"name":"Bo","kind":"human","level":"medium","connected":true,"taken":true}"#;
        let freed =
            r#"{"name":"Seat 2","kind":"human","level":"medium","connected":false,"taken":false}"#;
        let older = r#"{"name":"Bo","kind":"human","level":"medium","connected":true}"#;
        let mut t = OnlineTable::default();
        t.receive(read(r#"{"type":"joined","room":"BCD234","seat":1}"#))
            .unwrap();
        // Before the first `room` message nothing is known of the seat.
        assert!(!t.seat_lost(&seats(&room(freed))));
        t.receive(room(bo)).unwrap();
        assert!(!t.seat_lost(&seats(&room(bo))));
        assert!(!t.seat_lost(&seats(&room(older))), "an older server");
        assert!(t.seat_lost(&seats(&room(freed))));
        // Ada's screen, and a watcher's, lose nothing when Bo's seat is freed.
        t.seat = Some(0);
        assert!(!t.seat_lost(&seats(&room(freed))));
        t.seat = None;
        assert!(!t.seat_lost(&seats(&room(freed))));
    }

    #[test]
    fn the_other_seats_news_is_said_in_a_sentence_each() {
        let seat = |name: &str, connected: bool, taken: bool| SeatInfo {
            name: name.into(),
            kind: "human".into(),
            level: uno_bots::Level::Medium,
            connected,
            bot_plays: false,
            taken,
        };
        let bot = SeatInfo {
            kind: "bot".into(),
            ..seat("Bot 1", true, false)
        };
        let mut t = OnlineTable {
            seat: Some(0),
            ..OnlineTable::default()
        };
        let first = vec![
            seat("Ada", true, true),
            seat("Bo", true, true),
            seat("Seat 3", false, false),
            seat("Cy", false, true),
            bot.clone(),
        ];
        assert!(
            t.seat_news(&first).is_empty(),
            "before the first room message"
        );
        t.seats = first;
        let next = vec![
            seat("Ada", false, true),
            seat("Bo", false, true),
            seat("Di", true, true),
            seat("Cy", true, true),
            bot.clone(),
        ];
        assert_eq!(
            t.seat_news(&next),
            ["Bo is away.", "Di joined.", "Cy is back."],
            "not this screen's own seat, nor a bot's"
        );
        t.seats = next;
        let freed = vec![
            seat("Ada", false, true),
            seat("Seat 2", false, false),
            seat("Di", true, true),
            seat("Cy", true, true),
            bot,
        ];
        assert_eq!(t.seat_news(&freed), ["Bo's seat is free: a bot plays it."]);
        assert!(t.seat_news(&t.seats.clone()).is_empty(), "nothing changed");
    }

    #[test]
    fn the_creator_frees_a_seat_and_while_away_anyone_seated_frees_an_away_one() {
        let room = |ada: bool, cy: bool| {
            read(&format!(
                r#"{{"type":"room","room":"BCD234","seats":[
                {{"name":"Ada","kind":"human","level":"medium","connected":{ada},"taken":true}},
                {{"name":"Bo","kind":"human","level":"medium","connected":true,"taken":true}},
                {{"name":"Cy","kind":"human","level":"medium","connected":{cy},"taken":true}},
                {{"name":"Seat 4","kind":"human","level":"medium","connected":false,"taken":false}},
                {{"name":"Bot 1","kind":"bot","level":"hard","connected":true}}],
                "started":false,"options":{{"takeover_seconds":60,"turn_seconds":0}}}}"#
            ))
        };
        let freeable = |t: &OnlineTable| (0..6).filter(|&i| t.may_free(i)).collect::<Vec<_>>();
        let mut t = OnlineTable::default();
        t.receive(room(true, true)).unwrap();
        assert_eq!(freeable(&t), [0usize; 0], "a watcher frees nothing");
        t.seat = Some(0);
        assert_eq!(freeable(&t), [1, 2]);
        t.seat = Some(1);
        assert_eq!(freeable(&t), [0usize; 0], "Ada is here");
        t.receive(room(false, true)).unwrap();
        assert_eq!(freeable(&t), [0], "Cy is here");
        t.receive(room(false, false)).unwrap();
        assert_eq!(freeable(&t), [0, 2]);
    }

    /// `game` played by each seat's first legal action until the round is over.
    fn played_out(mut game: uno_engine::Game) -> uno_engine::Game {
        while game.outcome().is_none() {
            let action = game.legal_actions()[0];
            game.apply(action).unwrap();
        }
        game
    }

    #[test]
    fn after_a_game_the_creator_deals_again_and_the_others_wait() {
        let seats = r#"{"type":"room","room":"BCD234","seats":[
            {"name":"Ada","kind":"human","level":"medium","connected":true,"taken":true},
            {"name":"Bo","kind":"human","level":"medium","connected":true,"taken":true}],
            "started":true,"options":{"takeover_seconds":60,"turn_seconds":0}}"#;
        let mut rules = Rules::default();
        rules.house_rules.scoring = Some(uno_engine::Scoring::SingleHand);
        let over = played_out(uno_engine::Game::deal(rules, 2, 5).unwrap());
        assert!(over.outcome().unwrap().game_winner.is_some());
        let round_over = played_out(uno_engine::Game::deal(Rules::default(), 2, 5).unwrap());
        assert!(round_over.outcome().unwrap().game_winner.is_none());
        let sent = |t: &mut OnlineTable| {
            t.next_round().unwrap();
            let sent: serde_json::Value = serde_json::from_str(&t.outbox.pop().unwrap()).unwrap();
            sent["type"].as_str().unwrap().to_string()
        };
        for (seat, after) in [
            (0, AfterGame::DealAgain),
            (1, AfterGame::Wait("Ada".into())),
        ] {
            let mut t = OnlineTable::default();
            t.receive(read(&format!(
                r#"{{"type":"joined","room":"BCD234","seat":{seat},"token":"ab"}}"#
            )))
            .unwrap();
            t.receive(read(seats)).unwrap();
            t.receive(read(&state_of(&over, Some(seat)))).unwrap();
            assert_eq!(t.table_view().after_game, after);
            if seat == 0 {
                assert_eq!(sent(&mut t), "start", "a new game in the same room");
            }
            t.receive(read(&state_of(&round_over, Some(seat)))).unwrap();
            assert_eq!(sent(&mut t), "next_round", "the next round of the game");
        }
        // While the creator is away (her seat kept), Bo deals.
        let mut t = OnlineTable::default();
        t.receive(read(
            r#"{"type":"joined","room":"BCD234","seat":1,"token":"ab"}"#,
        ))
        .unwrap();
        t.receive(read(&seats.replace(
            r#""name":"Ada","kind":"human","level":"medium","connected":true,"taken":true"#,
            r#""name":"Ada","kind":"human","level":"medium","connected":false,"taken":true"#,
        )))
        .unwrap();
        t.receive(read(&state_of(&over, Some(1)))).unwrap();
        assert_eq!(t.table_view().after_game, AfterGame::DealAgain);
        assert_eq!(sent(&mut t), "start");
        // A watcher meanwhile waits for a player, not for Ada.
        t.receive(read(r#"{"type":"joined","room":"BCD234","seat":null}"#))
            .unwrap();
        t.receive(read(&state_of(&over, None))).unwrap();
        assert_eq!(
            t.table_view().after_game,
            AfterGame::Wait("a player".into())
        );
    }

    #[test]
    fn a_room_whose_rules_cannot_be_dealt_still_shows_a_table() {
        // Rules no engine deals (nine edition cards) for eleven seats: before the first deal
        // the page shows an empty Classic table of ten instead of stopping.
        let seat = r#"{"name":"Ada","kind":"human","level":"medium","connected":true}"#;
        let room = format!(
            r#"{{"type":"room","room":"BCD234","seats":[{}],"started":false,
            "options":{{"takeover_seconds":60,"turn_seconds":0}},
            "rules":{{"edition":"classic-blank","edition_cards":9}}}}"#,
            [seat; 11].join(",")
        );
        let mut t = OnlineTable::default();
        t.receive(read(&room)).unwrap();
        assert_eq!(t.rules.edition_cards, 9);
        let shown = t.table_view();
        assert_eq!(shown.view.hand_sizes.len(), 10);
        assert_eq!(shown.view.rules, Rules::default());
    }

    #[test]
    fn a_watcher_is_shown_no_hand() {
        let game = uno_engine::Game::deal(Rules::default(), 2, 8).unwrap();
        let mut t = OnlineTable::default();
        t.receive(read(r#"{"type":"joined","room":"BCD234","seat":null}"#))
            .unwrap();
        t.receive(read(&state_of(&game, None))).unwrap();
        let shown = t.table_view();
        assert!(shown.watching && shown.view.hand.is_empty() && shown.legal.is_empty());
        let bad = r#"{"type":"state","view":{"seat":0},"legal":[],"events":[],"version":1}"#;
        assert!(t.receive(read(bad)).unwrap_err().contains("cannot read"));
    }

    #[test]
    fn a_watcher_is_never_called_you_even_on_the_seat_the_screen_is_shown_from() {
        use crate::components::announce;
        // A deal where seat 0, the seat a watcher's screen is shown from, plays first.
        let game = (0..)
            .map(|seed| uno_engine::Game::deal(Rules::default(), 3, seed).unwrap())
            .find(|g| g.turn() == 0)
            .unwrap();
        let mut t = OnlineTable::default();
        t.receive(read(r#"{"type":"joined","room":"BCD234","seat":null}"#))
            .unwrap();
        t.receive(read(&state_of(&game, None))).unwrap();
        let mut shown = t.table_view();
        shown.names = vec!["Ada".into(), "Bo".into(), "Cy".into()];
        assert_eq!(
            (shown.seat(), shown.player(), shown.my_turn()),
            (0, None, false)
        );
        let words = shown.words(false);
        assert_eq!(announce::your_turn(&shown, &words), None);
        let status = announce::status(&shown, &words, true);
        assert!(status.ends_with("Ada to play."), "{status}");
        assert!(status.contains("Ada 7 cards"), "{status}");
        // Ada forgot UNO: the watcher is not told to call it.
        shown.view.catchable = Some(0);
        assert_eq!(announce::urgent(&shown, true), None);
        // The same table for Ada herself.
        shown.watching = false;
        assert_eq!((shown.player(), shown.my_turn()), (Some(0), true));
        assert!(announce::urgent(&shown, true).is_some());
    }

    #[test]
    fn a_round_counts_for_the_record_only_where_this_screen_played_it() {
        let dealt = uno_engine::Game::deal(Rules::default(), 2, 9).unwrap();
        let mut over = dealt.clone();
        for _ in 0..2_000 {
            if over.outcome().is_some() {
                break;
            }
            over.apply(over.legal_actions()[0]).unwrap();
        }
        let outcome = over
            .outcome()
            .expect("first legal actions end a round of two");
        let joined = |seat: &str| {
            read(&format!(
                r#"{{"type":"joined","room":"BCD234","seat":{seat}}}"#
            ))
        };
        // Seat 1 played the round here to its end.
        let mut t = OnlineTable::default();
        t.receive(joined("1")).unwrap();
        t.receive(read(&state_of(&dealt, Some(1)))).unwrap();
        assert_eq!(t.round_to_count(), None, "still played");
        t.receive(read(&state_of(&over, Some(1)))).unwrap();
        let round = crate::record::online_round("BCD234", 3);
        assert_eq!(
            t.round_to_count(),
            Some((Edition::Classic, round, 1, outcome))
        );
        // The line back after a drop: the same seat, the same round over.
        t.receive(joined("1")).unwrap();
        t.receive(read(&state_of(&over, Some(1)))).unwrap();
        assert_eq!(
            t.round_to_count(),
            Some((Edition::Classic, round, 1, outcome))
        );
        // Another seat taken here (a freed one), at the round over: not this screen's round.
        t.receive(joined("0")).unwrap();
        t.receive(read(&state_of(&over, Some(0)))).unwrap();
        assert_eq!(t.round_to_count(), None);
        // A page opened (or reloaded) at the round over: counted before if at all.
        let mut late = OnlineTable::default();
        late.receive(joined("1")).unwrap();
        late.receive(read(&state_of(&over, Some(1)))).unwrap();
        assert_eq!(late.round_to_count(), None);
        // A watcher has no record.
        let mut watcher = OnlineTable::default();
        watcher.receive(joined("null")).unwrap();
        watcher.receive(read(&state_of(&dealt, None))).unwrap();
        watcher.receive(read(&state_of(&over, None))).unwrap();
        assert_eq!(watcher.round_to_count(), None);
    }
}
