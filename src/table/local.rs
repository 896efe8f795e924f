//! The local table: the engine in this page, the bots in the worker. A person sits in seat 0
//! (`PLAYER`) and, in pass-and-play, in the seats the options name; every other seat (and all
//! of them in watch mode) is a bot. With several people the screen shows one person's seat at
//! a time: when the turn comes to another person, a handover hides every hand until that
//! person takes the device.

use super::{AfterGame, Table, TableView};
use crate::options::Options;
use serde::{Deserialize, Serialize};
use uno_engine::{Action, Event, Game, RuleError, Seat};

/// The seat of the person at this page's table.
pub const PLAYER: Seat = 0;

/// A game in progress in this page. Saved after every move (the engine's `Game` is checked as
/// it is read back); a save from before the log kept events still loads (its lines are left).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub options: Options,
    pub seed: u64,
    pub game: Game,
    /// Counts the actions applied: a bot's answer for an older table is ignored.
    pub version: u64,
    /// The seat whose screen this is (in pass-and-play, the person holding the device).
    #[serde(default)]
    pub viewer: Seat,
    /// The device is being passed to `viewer`: no hand is shown until they take it.
    #[serde(default)]
    pub handover: bool,
    /// In pass-and-play, how many of this round's events each person's screen has shown them
    /// (by seat; none yet: 0): the one who takes the device hears the rest.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<usize>,
}

impl Match {
    /// Whether the whole game is over (a round over is not): such a game is not resumed.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some_and(|o| o.game_winner.is_some())
    }

    /// Deals a new game: the same table `unocli deal` deals for these options and seed.
    pub fn deal(options: Options, seed: u64) -> Result<Match, String> {
        let game = Game::deal(options.rules, options.players, seed).map_err(|e| e.to_string())?;
        Ok(Match::new(options, seed, game))
    }

    /// A match of `game`, its screen given to the first person to act.
    #[must_use]
    pub fn new(options: Options, seed: u64, game: Game) -> Match {
        let mut m = Match {
            options,
            seed,
            game,
            version: 0,
            viewer: PLAYER,
            handover: false,
            shown: Vec::new(),
        };
        m.pass_on();
        m.handover = m.options.pass_and_play();
        m
    }

    /// The person who should hold the device now: the seat to play if a person plays it, else
    /// whoever holds it (who watches the bots play). Another person than the viewer means a
    /// handover.
    fn pass_on(&mut self) {
        let turn = self.game.turn();
        let over = self.game.outcome().is_some();
        if !over && !self.options.watch && self.options.is_person(turn) && turn != self.viewer {
            self.viewer = turn;
            self.handover = true;
        }
    }

    /// The person the device was passed to has taken it: their hand may be shown.
    pub fn take_over(&mut self) {
        self.handover = false;
    }

    /// The table gives way to the rules, opened by the person holding the device: they have
    /// seen what it showed, so back from the rules none of it is said (nor sounded) to them
    /// again as news. Nothing while the device is being handed over: nothing was shown.
    pub fn news_seen(&mut self) {
        if self.news_unseen() {
            self.mark_shown(self.viewer, self.game.history().len());
        }
    }

    /// Whether the table shown to the person holding the device has news that `news_seen`
    /// would mark as seen.
    #[must_use]
    pub fn news_unseen(&self) -> bool {
        !self.handover
            && self
                .news_from()
                .is_some_and(|from| from < self.game.history().len())
    }

    /// `seat`'s screen has shown this round's events up to `upto`.
    fn mark_shown(&mut self, seat: Seat, upto: usize) {
        let seat = usize::from(seat);
        if self.shown.len() <= seat {
            self.shown.resize(seat + 1, 0);
        }
        self.shown[seat] = upto;
    }

    /// Where this round's news starts for the person holding the device, in pass-and-play:
    /// the first event their screen has not shown them (the moves made while others held
    /// it); once they act, none is left. `None` at a table of one person, whose screen showed
    /// every move as it came.
    #[must_use]
    pub fn news_from(&self) -> Option<usize> {
        self.options.pass_and_play().then(|| {
            self.shown
                .get(usize::from(self.viewer))
                .copied()
                .unwrap_or(0)
        })
    }

    /// A game read back from the page's storage (a reload, a game resumed): on a shared device
    /// no one knows who holds it now, so a hand that was face up when the game was saved waits
    /// behind its "Pass to" screen again. A finished round shows every hand anyway.
    #[must_use]
    pub fn resumed(mut self) -> Match {
        if self.options.pass_and_play() && !self.options.watch && self.game.outcome().is_none() {
            self.handover = true;
        }
        self
    }

    /// Whether a bot plays `seat` (every seat but the player's, and that one too in watch
    /// mode).
    #[must_use]
    pub fn is_bot(&self, seat: Seat) -> bool {
        !self.options.is_person(seat) || self.options.watch
    }

    /// Whether the person holding the device may act out of the turn's order now: catch a
    /// bot that forgot UNO, or jump in. The bot to play then waits as long as a person takes
    /// to react, as a bot waits before it catches the person.
    #[must_use]
    pub fn person_may_act_out_of_turn(&self) -> bool {
        !self.options.watch && self.game.may_catch_or_jump_in(self.viewer)
    }

    /// Which bot acts next at this table, if any: first a chance out of turn (in the engine's
    /// order), then the turn. `declined` are the bots that let their chance pass.
    #[must_use]
    pub fn next_bot(&self, declined: &[Seat]) -> Option<BotTurn> {
        let game = &self.game;
        if let Some(outcome) = game.outcome() {
            return (self.options.watch && outcome.game_winner.is_none())
                .then_some(BotTurn::NextRound);
        }
        for seat in game.out_of_turn_order() {
            if self.is_bot(seat)
                && !declined.contains(&seat)
                && !game.legal_actions_for(seat).is_empty()
            {
                return Some(BotTurn::Decide {
                    seat,
                    out_of_turn: true,
                });
            }
        }
        let turn = game.turn();
        self.is_bot(turn).then_some(BotTurn::Decide {
            seat: turn,
            out_of_turn: false,
        })
    }
}

/// What the local table waits for from a bot: a seat's decision (out of turn or not), or, in
/// watch mode, the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotTurn {
    Decide { seat: Seat, out_of_turn: bool },
    NextRound,
}

impl Table for Match {
    fn table_view(&self) -> TableView {
        // In watch mode the person plays nothing: a bot has every seat, and the screen shows
        // the table as an online watcher's does (every seat a chip, no hand).
        let watch = self.options.watch;
        TableView {
            view: self.game.view(self.viewer),
            legal: if watch {
                Vec::new()
            } else {
                self.game.legal_actions_for(self.viewer)
            },
            names: self.options.seat_names(usize::from(self.game.seats())),
            version: self.version,
            watching: watch,
            open_hands: if watch || self.game.outcome().is_some() {
                self.game
                    .hands()
                    .iter()
                    .map(|h| h.iter().collect())
                    .collect()
            } else {
                Vec::new()
            },
            after_game: AfterGame::NewGame,
        }
    }

    fn act(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let before = self.game.history().len();
        let events = self.game.apply(action)?;
        self.version += 1;
        let (holder, uncovered) = (self.viewer, !self.handover);
        self.pass_on();
        if self.options.pass_and_play() && uncovered {
            // What the holder's screen showed: this move too if it stays up, or if the move
            // was their own; a move that sends the device on at once is never drawn for them.
            let shown = if self.viewer == holder || action.seat() == holder {
                self.game.history().len()
            } else {
                before
            };
            self.mark_shown(holder, shown);
        }
        Ok(events)
    }

    fn next_round(&mut self) -> Result<(), String> {
        self.game.start_next_round().map_err(|e| e.to_string())?;
        self.version += 1;
        // A new round is news to everyone from its deal, the one who dealt it included (the
        // device may leave them before their screen shows it).
        self.shown.clear();
        self.pass_on();
        Ok(())
    }
}

/// A test's table: three seats, jump-in on, `hands` and `actions` as in a scenario file, seat
/// `turn` first (the player in seat 0; `watch`: bots at every seat).
#[cfg(test)]
pub(crate) fn match_after(hands: &str, turn: Seat, actions: &str, watch: bool) -> Match {
    let json = format!(
        r#"{{"edition":"classic","house_rules":{{"jump_in":true}},"seed":1,"setup":{{
        "hands":{hands},"draw_pile":["B6","B7"],"discard_pile":["R3"],"turn":{turn}}},
        "actions":{actions}}}"#
    );
    let scenario: uno_engine::scenario::Scenario = serde_json::from_str(&json).unwrap();
    let game = scenario.play().unwrap().unwrap();
    let options = Options {
        players: 3,
        watch,
        ..Options::default()
    };
    Match::new(options, 1, game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Card, Edition, Rules};

    #[test]
    fn a_match_deals_as_unocli_does() {
        let options = Options {
            players: 3,
            ..Options::default()
        };
        let m = Match::deal(options, 123).unwrap();
        let game = Game::deal(Rules::new(Edition::Classic), 3, 123).unwrap();
        assert_eq!(m.game, game);
        let table = m.table_view();
        let log = table.words(false).log(&table.view.history);
        assert!(log[0].ends_with("starts the discard pile.") || log[0].contains("the first card"));
    }

    #[test]
    fn the_bot_to_play_waits_while_the_player_may_jump_in_or_catch() {
        let table = |hands: &str, actions: &str, watch: bool| match_after(hands, 1, actions, watch);
        let ada_plays_red_5 = r#"[{"seat":1,"do":"uno"},{"seat":1,"do":"play","card":"R5"}]"#;
        let twin = table(
            r#"[["R5","B2"],["R5","G2"],["Y1","Y2"]]"#,
            ada_plays_red_5,
            false,
        );
        assert_eq!(twin.game.turn(), 2, "Ben, a bot, to play");
        assert!(twin.person_may_act_out_of_turn(), "the player may jump in");
        let no_twin = table(
            r#"[["R6","B2"],["R5","G2"],["Y1","Y2"]]"#,
            ada_plays_red_5,
            false,
        );
        assert!(!no_twin.person_may_act_out_of_turn());
        // Ada forgot UNO: the player may catch her until Ben acts.
        let forgot = r#"[{"seat":1,"do":"play","card":"R5"}]"#;
        let catch = table(r#"[["R6","B2"],["R5","G2"],["Y1","Y2"]]"#, forgot, false);
        assert!(catch.person_may_act_out_of_turn());
        let watched = table(
            r#"[["R5","B2"],["R5","G2"],["Y1","Y2"]]"#,
            ada_plays_red_5,
            true,
        );
        assert!(
            !watched.person_may_act_out_of_turn(),
            "watching, the person plays nothing"
        );
    }

    #[test]
    fn a_refused_action_changes_nothing() {
        let mut m = Match::deal(Options::default(), 5).unwrap();
        let before = m.clone();
        let wrong = Action::Pass { seat: 3 };
        assert!(m.act(wrong).is_err());
        assert_eq!(m, before);
    }

    #[test]
    fn a_saved_match_round_trips() {
        let m = Match::deal(Options::default(), 9).unwrap();
        let json = serde_json::to_string(&m).unwrap();
        assert!(
            !json.contains("watch"),
            "a player's game says nothing of watching"
        );
        assert_eq!(serde_json::from_str::<Match>(&json).unwrap(), m);
        // A watched game is watched again after a reload (it was played on by a bot for the
        // player, and counting it as the player's would be wrong).
        let options = Options {
            watch: true,
            ..Options::default()
        };
        let watched = Match::deal(options, 9).unwrap();
        let json = serde_json::to_string(&watched).unwrap();
        let back = serde_json::from_str::<Match>(&json).unwrap();
        assert!(back.options.watch);
        assert_eq!(back, watched);
    }
    #[test]
    fn a_match_saved_with_log_lines_still_loads() {
        let m = Match::deal(Options::default(), 9).unwrap();
        let mut json = serde_json::to_value(&m).unwrap();
        json["log"] = serde_json::json!(["Ada dealt."]);
        assert_eq!(serde_json::from_value::<Match>(json).unwrap(), m);
    }

    #[test]
    fn the_player_sees_their_own_seat_and_bots_play_the_others() {
        let m = Match::deal(Options::default(), 42).unwrap();
        let table = m.table_view();
        assert_eq!(table.seat(), PLAYER);
        assert_eq!(table.legal, m.game.legal_actions_for(PLAYER));
        assert_eq!(table.names, ["You", "Ada", "Ben", "Cleo"]);
        assert!(table.open_hands.is_empty(), "a player sees no other hand");
        assert!(!m.is_bot(PLAYER) && m.is_bot(1));
        let watched = Match {
            options: Options {
                watch: true,
                ..Options::default()
            },
            ..m
        };
        assert!(watched.is_bot(PLAYER));
        // Watching, the person plays nothing and is no one at the table: their seat is their
        // bot's.
        let shown = watched.table_view();
        assert!(shown.watching && shown.legal.is_empty());
        assert_eq!(shown.player(), None);
        assert_eq!(shown.names, ["Your bot", "Ada", "Ben", "Cleo"]);
        // Only bots play: every hand is face up, each exactly as held.
        let held: Vec<Vec<Card>> = (0..4).map(|s| watched.game.hand(s).to_vec()).collect();
        assert_eq!(shown.open_hands, held);
        assert!(held.iter().all(|h| h.len() == 7));
    }

    #[test]
    fn watching_a_family_table_the_bots_play_every_seat_and_no_device_is_passed() {
        let family = pass_and_play().options;
        assert!(family.pass_and_play());
        let options = Options {
            watch: true,
            ..family
        };
        let m = Match::deal(options, 7).unwrap();
        assert!(!m.options.pass_and_play() && !m.handover);
        assert!((0..3).all(|s| m.is_bot(s)));
        assert_eq!(m.table_view().names, ["Your bot", "Ada", "Ben"]);
    }

    #[test]
    fn watching_it_is_never_your_turn() {
        let options = Options {
            watch: true,
            ..Options::default()
        };
        let mut m = Match::deal(options, 42).unwrap();
        // Play on until the turn is seat 0's, as a bot would.
        while m.game.turn() != PLAYER {
            assert!(m.game.outcome().is_none(), "the round ended first");
            let seat = m.game.turn();
            let action = m.game.legal_actions_for(seat)[0];
            m.act(action).unwrap();
        }
        let shown = m.table_view();
        assert!(!shown.my_turn());
        let words = shown.words(false);
        assert!(crate::components::announce::status(&shown, &words, true)
            .ends_with("Your bot to play."));
        assert_eq!(crate::components::announce::your_turn(&shown, &words), None);
    }

    /// Al (seat 0) and Bea (seat 1) share the device; Ben (seat 2) is a bot.
    fn pass_and_play() -> Match {
        let options = Options {
            players: 3,
            name: "Al".into(),
            people: vec![crate::options::Person {
                seat: 1,
                name: "Bea".into(),
            }],
            ..Options::default()
        };
        let game = three_seats([&["R7", "R2"], &["R5", "G3"], &["Y1", "Y2"]], &["B9", "B8"]);
        Match::new(options, 1, game)
    }

    /// `seat` plays `card` (not a Wild).
    fn play(card: &str, seat: Seat) -> Action {
        Action::Play {
            seat,
            card: card.parse().unwrap(),
            color: None,
        }
    }

    fn cards(codes: &[&str]) -> Vec<Card> {
        codes.iter().map(|c| c.parse().unwrap()).collect()
    }

    /// A Classic table of three seats holding `hands`, Red 3 on top, seat 0 to play.
    fn three_seats(hands: [&[&str]; 3], draw_pile: &[&str]) -> Game {
        let setup = uno_engine::Setup {
            hands: hands.iter().map(|h| cards(h)).collect(),
            draw_pile: cards(draw_pile),
            discard_pile: cards(&["R3"]),
            color: None,
            turn: 0,
            direction: uno_engine::Direction::Left,
            dealer: 2,
            scores: vec![],
        };
        Game::from_setup(Rules::default(), setup, 1).unwrap()
    }

    #[test]
    fn the_hands_left_are_laid_down_once_a_round_is_over_and_not_before() {
        let options = Options {
            players: 3,
            ..Options::default()
        };
        let game = three_seats([&["R5"], &["B7", "W"], &["G2", "GS", "Y9"]], &["B1", "B2"]);
        let mut m = Match::new(options, 1, game);
        assert!(m.table_view().open_hands.is_empty());
        m.act(Action::Play {
            seat: 0,
            card: "R5".parse().unwrap(),
            color: None,
        })
        .unwrap();
        assert_eq!(
            m.table_view().open_hands,
            vec![vec![], cards(&["B7", "W"]), cards(&["G2", "GS", "Y9"])]
        );
        // The next round is dealt face down again.
        m.next_round().unwrap();
        assert!(m.table_view().open_hands.is_empty());
    }

    #[test]
    fn the_device_passes_from_person_to_person_and_hides_hands_between() {
        // What the person who takes the device hears of the moves made while others held it.
        let news = |m: &Match| {
            let table = m.table_view();
            let from = m.news_from().unwrap();
            table.words(false).log(&table.view.history[from..])
        };
        let mut m = pass_and_play();
        assert_eq!(
            (m.viewer, m.handover),
            (0, true),
            "Al takes the device first"
        );
        assert_eq!(m.table_view().names, ["Al", "Bea", "Ben"]);
        assert!(m.is_bot(2) && !m.is_bot(1));
        m.take_over();
        assert_eq!(m.table_view().view.hand, m.game.hand(0).to_vec());
        m.act(Action::CallUno { seat: 0 }).unwrap();
        assert!(!m.handover, "still Al's turn");
        m.act(play("R7", 0)).unwrap();
        assert_eq!((m.viewer, m.handover), (1, true), "Bea's turn: pass to Bea");
        // Bea has seen nothing of the round yet: she hears it from the deal.
        assert_eq!(
            news(&m),
            [
                "Ben dealt. Red 3 starts the discard pile.",
                "Al calls UNO!",
                "Al plays Red 7."
            ]
        );
        let table = m.table_view();
        assert_eq!(table.seat(), 1);
        assert_eq!(table.view.hand, m.game.hand(1).to_vec());
        m.take_over();
        m.act(play("R5", 1)).unwrap();
        assert_eq!(
            news(&m),
            [] as [&str; 0],
            "once Bea acts, nothing is news to her"
        );
        assert_eq!(m.game.turn(), 2);
        assert_eq!(
            (m.viewer, m.handover),
            (1, false),
            "Bea watches the bot play"
        );
        m.act(Action::Draw { seat: 2 }).unwrap();
        assert_eq!((m.viewer, m.handover), (0, true), "back to Al");
        // Al hears what was played while Bea held the device, from his own last move on.
        assert_eq!(news(&m), ["Bea plays Red 5.", "Ben drew a card."]);
        // Saved and read back at this handover, it resumes at it.
        let back: Match = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!((back.viewer, back.handover), (0, true));
        assert_eq!(news(&back), news(&m), "and with the same news");
        // Saved while Al's hand was face up, it resumes behind "Pass to Al": whoever holds
        // the device after a reload may not be Al.
        m.take_over();
        let back: Match = serde_json::from_str(&serde_json::to_string(&m).unwrap()).unwrap();
        assert_eq!((back.viewer, back.handover), (0, false));
        assert_eq!((back.viewer, back.resumed().handover), (0, true));
    }

    #[test]
    fn news_seen_before_the_rules_is_not_news_again_but_a_handover_s_waits() {
        let mut m = pass_and_play();
        // The rules opened at Al's "Pass to" screen: nothing was shown, all is news still.
        m.news_seen();
        assert_eq!(m.news_from(), Some(0));
        m.take_over();
        m.act(play("R7", 0)).unwrap();
        assert_eq!((m.viewer, m.handover), (1, true));
        m.news_seen();
        assert_eq!(m.news_from(), Some(0), "Bea has not taken the device");
        m.take_over();
        assert_eq!(m.news_from(), Some(0), "Bea's table says the round so far");
        // She reads the rules before she acts: back at the table, none of it is news.
        assert!(m.news_unseen());
        m.news_seen();
        assert_eq!(m.news_from(), Some(m.game.history().len()));
        assert!(!m.news_unseen());
        // A table of one person keeps no news.
        let mut solo = Match::deal(Options::default(), 3).unwrap();
        solo.news_seen();
        assert!(solo.shown.is_empty());
    }

    #[test]
    fn a_new_round_is_news_to_everyone_from_its_deal() {
        let mut m = pass_and_play();
        for action in [
            Action::CallUno { seat: 0 },
            play("R7", 0),
            play("R5", 1),
            Action::Draw { seat: 2 },
            play("R2", 0),
        ] {
            m.take_over();
            m.act(action).unwrap();
        }
        assert!(m.game.outcome().is_some(), "Al went out");
        // Bea's screen showed the round up to her own play: Ben's draw sent the device on
        // before it was drawn for her.
        assert_eq!(m.shown[1], 4);
        m.next_round().unwrap();
        assert_eq!(m.news_from(), Some(0));
        // One person at the table heard every move as it came: no news.
        assert_eq!(
            Match::deal(Options::default(), 3).unwrap().news_from(),
            None
        );
    }

    #[test]
    fn one_person_against_bots_never_hands_over() {
        let mut m = Match::deal(Options::default(), 7).unwrap();
        assert!(!m.handover);
        assert!(!m.clone().resumed().handover, "nor when resumed");
        for _ in 0..40 {
            if m.game.outcome().is_some() {
                break;
            }
            let seat = m.game.turn();
            let action = m.game.legal_actions_for(seat)[0];
            m.act(action).unwrap();
            assert_eq!((m.viewer, m.handover), (PLAYER, false));
        }
    }
}
