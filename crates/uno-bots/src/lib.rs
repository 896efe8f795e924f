//! Computer opponents. A bot decides from one seat's `PlayerView` and that seat's legal
//! actions only: it is never handed the game, so it cannot read another hand or the draw pile.
//!
//! Levels: `random` (any legal action, drawing only when it has no card to play, as RLCard's
//! random agent), `easy` (a random card; forgets UNO now and then),
//! `medium` (a heuristic with weights tuned by self-play: keeps Wilds, follows and names its
//! strongest color, turns to colors the next seat likely lacks, attacks a player close to
//! going out, calls, catches and challenges; head to head, with weights tuned for two, it plays
//! its action cards first) and
//! `hard` (search over guesses of the hidden cards, see `search`). `medium-v1` and `hard-v1`
//! are the two as first shipped, frozen as the arena's yardsticks.

pub mod arena;
pub mod determinize;
pub mod past;
pub mod policy;
pub mod search;
pub mod table;
pub mod tree;
pub mod value;

use policy::MediumWeights;
use search::{Budget, Style};
use uno_engine::{Action, PlayerView, Rng};

/// A player that picks one of its legal actions from what its seat may know.
pub trait Bot {
    /// The bot's name in the arena and the UI.
    fn name(&self) -> String;
    /// One of `legal`, on the seat's turn (never empty; every action belongs to `view.seat`).
    fn decide(&mut self, view: &PlayerView, legal: &[Action]) -> Action;
    /// A chance out of turn (`legal` holds catches, jump-ins, a late UNO call): take one, or
    /// let it pass with `None`.
    fn out_of_turn(&mut self, view: &PlayerView, legal: &[Action]) -> Option<Action>;
    /// Decisions the bot failed to give (no answer, or one not in `legal`): only a bot in
    /// another process can fail so, and the arena reports it.
    fn bad_answers(&self) -> u32 {
        0
    }
    /// Sets the bot's dice afresh, from `seed` (the arena's paired dice: every game's
    /// choices then depend on that game alone). A bot without dice of its own ignores it.
    fn reseed(&mut self, _seed: u64) {}
}

/// The built-in levels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Random,
    Easy,
    Medium,
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];
}

/// A built-in bot of some level, with its own seeded generator.
#[derive(Clone, Debug)]
pub struct LevelBot {
    level: Level,
    rng: Rng,
    /// The hard level's thinking budget.
    pub budget: Budget,
    /// The weights the medium level plays by at a table of three or more.
    pub weights: MediumWeights,
    /// The weights the medium level plays by head to head, where an action card is a second
    /// turn.
    pub heads_up: MediumWeights,
    /// The hard level's search style.
    pub style: Style,
    /// Said after the level's name: `-v1` for a frozen baseline, `-tree` for the tree search.
    variant: &'static str,
}

/// Playouts per decision of the hard level when no time limit is set.
pub const HARD_PLAYOUTS: u32 = 3000;

impl LevelBot {
    #[must_use]
    pub fn new(level: Level, seed: u64) -> LevelBot {
        LevelBot {
            level,
            rng: Rng::new(seed),
            budget: Budget::playouts(HARD_PLAYOUTS),
            weights: MediumWeights::DEFAULT,
            heads_up: MediumWeights::HEADS_UP,
            style: Style::CURRENT,
            variant: "",
        }
    }

    /// `random`, `easy`, `medium`, `hard`, or `hard:N` for N playouts a decision; the frozen
    /// baselines `medium-v1`, `hard-v1` and `hard-v1:N`, the levels as first shipped, which
    /// later versions are measured against; and `hard-tree` (`:N`), the hard level searching
    /// one tree over its own later decisions (an experiment, see `tree`).
    #[must_use]
    pub fn by_name(name: &str, seed: u64) -> Option<LevelBot> {
        let (name, playouts) = match name.split_once(':') {
            Some((name @ ("hard" | "hard-v1" | "hard-tree"), n)) => (name, n.parse().ok()?),
            Some(_) => return None,
            None => (name, HARD_PLAYOUTS),
        };
        let (base, variant) = match name {
            "medium-v1" => ("medium", "-v1"),
            "hard-v1" => ("hard", "-v1"),
            "hard-tree" => ("hard", "-tree"),
            _ => (name, ""),
        };
        let level = match base {
            "random" => Level::Random,
            "easy" => Level::Easy,
            "medium" => Level::Medium,
            "hard" => Level::Hard,
            _ => return None,
        };
        let mut bot = LevelBot::new(level, seed);
        bot.budget = Budget::playouts(playouts);
        bot.variant = variant;
        match variant {
            "-v1" => {
                bot.weights = MediumWeights::V1;
                bot.heads_up = MediumWeights::V1;
                bot.style = Style::V1;
            }
            "-tree" => bot.style.tree = true,
            _ => {}
        }
        Some(bot)
    }

    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }
}

impl Bot for LevelBot {
    fn name(&self) -> String {
        let v = self.variant;
        match self.level {
            Level::Random => "random".into(),
            Level::Easy => "easy".into(),
            Level::Medium => format!("medium{v}"),
            Level::Hard if self.budget.playouts == HARD_PLAYOUTS => format!("hard{v}"),
            Level::Hard => format!("hard{v}:{}", self.budget.playouts),
        }
    }

    fn decide(&mut self, view: &PlayerView, legal: &[Action]) -> Action {
        match self.uno_with_two(view, legal) {
            Some((uno, called, rest)) => match self.choose(&called, &rest) {
                // Said now; the play follows at the next decision.
                Action::Play { .. } => uno,
                other => other,
            },
            None => match self.promised(view, legal) {
                Some(plays) => self.choose(view, &plays),
                None => self.choose(view, legal),
            },
        }
    }

    fn out_of_turn(&mut self, view: &PlayerView, legal: &[Action]) -> Option<Action> {
        match self.uno_with_two(view, legal) {
            Some((uno, called, rest)) => match self.choose_out_of_turn(&called, &rest) {
                Some(Action::Play { .. }) => Some(uno),
                other => other,
            },
            None => match self.promised(view, legal) {
                Some(plays) => self.choose_out_of_turn(view, &plays),
                None => self.choose_out_of_turn(view, legal),
            },
        }
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }
}

impl LevelBot {
    /// UNO said with two cards held, before the play that leaves one: the call, the table as
    /// it stands once called, and the other actions, when the medium and hard levels must
    /// first choose whether they will play at all (the choice is made on the table once
    /// called, where a play to one card is safe, as it was when they called first). A call
    /// made and then no card played (a drawn card kept, a jump-in let pass) is a false
    /// alarm at the table, and leaves the UNO mark on a two-card hand. The frozen baselines
    /// call first, as they always did; easy plays whenever it can and forgets on purpose;
    /// random is random.
    fn uno_with_two(
        &self,
        view: &PlayerView,
        legal: &[Action],
    ) -> Option<(Action, PlayerView, Vec<Action>)> {
        if !self.calls_on_the_way(view) {
            return None;
        }
        let uno = *legal.iter().find(|a| matches!(a, Action::CallUno { .. }))?;
        let rest = legal.iter().copied().filter(|a| *a != uno).collect();
        let mut called = view.clone();
        called.called_uno[usize::from(view.seat)] = true;
        Some((uno, called, rest))
    }

    /// Once UNO is said with two cards, the play it announced: the plays (and catches) among
    /// `legal`, when the medium or hard level called and may play. Deciding again after the
    /// call could otherwise come out the other way (the hard level's search is drawn anew).
    fn promised(&self, view: &PlayerView, legal: &[Action]) -> Option<Vec<Action>> {
        if !self.calls_on_the_way(view) || !view.called_uno[usize::from(view.seat)] {
            return None;
        }
        let plays: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Play { .. } | Action::Catch { .. }))
            .collect();
        plays
            .iter()
            .any(|a| matches!(a, Action::Play { .. }))
            .then_some(plays)
    }

    /// Whether this bot says UNO only on its way to one card (see `uno_with_two`), and holds
    /// two cards.
    fn calls_on_the_way(&self, view: &PlayerView) -> bool {
        self.variant != "-v1"
            && matches!(self.level, Level::Medium | Level::Hard)
            && view.hand.len() == 2
    }

    fn choose(&mut self, view: &PlayerView, legal: &[Action]) -> Action {
        match self.level {
            Level::Random => policy::random(legal, &mut self.rng),
            Level::Easy => policy::easy(view.hand.len(), legal, &mut self.rng),
            Level::Medium => {
                let weights = if view.hand_sizes.len() == 2 {
                    &self.heads_up
                } else {
                    &self.weights
                };
                policy::medium_with(weights, view, view.seat, legal, &mut self.rng)
            }
            Level::Hard => search::decide(view, legal, &self.style, self.budget, &mut self.rng),
        }
    }

    fn choose_out_of_turn(&mut self, view: &PlayerView, legal: &[Action]) -> Option<Action> {
        match self.level {
            Level::Random => {
                // Each chance, or letting them all pass, equally likely.
                let k = self.rng.below(legal.len() + 1);
                legal.get(k).copied()
            }
            Level::Easy => policy::easy_out_of_turn(legal, &mut self.rng),
            Level::Medium => policy::medium_out_of_turn(legal),
            Level::Hard => {
                search::out_of_turn(view, legal, &self.style, self.budget, &mut self.rng)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_level_is_in_all() {
        // A new level fails to compile here until it is in `Level::ALL` too.
        for level in super::Level::ALL {
            match level {
                super::Level::Random
                | super::Level::Easy
                | super::Level::Medium
                | super::Level::Hard => {}
            }
        }
        assert_eq!(super::Level::ALL.len(), 4);
    }

    use super::*;
    use uno_engine::{Edition, Game, Rules, Seat, Setup};

    /// Two tables that look the same from seat 0: other hands and the draw pile differ.
    fn twins(players: usize) -> (Game, Game) {
        let rules = Rules::new(Edition::Classic);
        let game = Game::deal(rules, players, 21).unwrap();
        let setup = game.setup();
        let mut other = setup.clone();
        if players > 2 {
            // Swap a card of seat 1's hand with the next card of the draw pile.
            std::mem::swap(&mut other.hands[1][0], &mut other.draw_pile[0]);
            other.draw_pile.reverse();
        } else {
            // Two seats draw often: swap it with the card drawn last instead.
            let last = other.draw_pile.len() - 1;
            std::mem::swap(&mut other.hands[1][0], &mut other.draw_pile[last]);
        }
        let a = Game::from_setup(rules, setup, 5).unwrap();
        let b = Game::from_setup(rules, Setup { ..other }, 5).unwrap();
        (a, b)
    }

    /// Seat 0 holds a red 5 and a red Skip on a red 2; the other seats hold seven cards.
    fn skip_or_five(players: usize) -> Game {
        let others = [
            r#"["G1","G2","G3","G4","G6","G7","G8"]"#,
            r#"["Y4","Y5","Y6","Y7","Y9","G9","GS"]"#,
            r#"["B1","B2","B3","B4","B5","B6","B8"]"#,
        ];
        let hands = [r#"["R5","RS","B7","Y8"]"#]
            .iter()
            .chain(&others[..players - 1])
            .copied()
            .collect::<Vec<_>>()
            .join(",");
        let setup: Setup = serde_json::from_str(&format!(
            r#"{{"hands": [{hands}], "draw_pile": ["Y1","Y2","Y3"], "discard_pile": ["R2"],
                "color": "red", "turn": 0, "dealer": 1}}"#
        ))
        .unwrap();
        Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap()
    }

    #[test]
    fn head_to_head_medium_plays_the_action_card_first() {
        let play = |name: &str, players: usize| {
            let game = skip_or_five(players);
            let mut bot = LevelBot::by_name(name, 3).unwrap();
            match bot.decide(&game.view(0), &game.legal_actions_for(0)) {
                Action::Play { card, .. } => card.to_string(),
                other => panic!("{other:?}"),
            }
        };
        // A Skip is a second turn with two players: play it, keep the 5 to follow.
        assert_eq!(play("medium", 2), "RS");
        // At a table of three or more it plays the number and keeps the Skip.
        assert_eq!(play("medium", 3), "R5");
        assert_eq!(play("medium", 4), "R5");
        // The frozen baseline plays by `V1` at any table.
        assert_eq!(play("medium-v1", 2), "R5");
    }

    /// Seat 0 holds Green 7 on a red 2, draws `drawn` (it fits) and holds two cards.
    fn drawn_with_two(drawn: &str) -> Game {
        let setup: Setup = serde_json::from_str(&format!(
            r#"{{"hands": [["G7"], ["G1","G2","G3","G4","G6","G8","G9"],
                ["Y4","Y5","Y6","Y7","Y9","B9","BS"], ["B1","B2","B3","B4","B5","B6","B8"]],
                "draw_pile": ["{drawn}","Y1","Y2"], "discard_pile": ["R2"],
                "color": "red", "turn": 0, "dealer": 3}}"#
        ))
        .unwrap();
        let mut game = Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap();
        game.apply(Action::Draw { seat: 0 }).unwrap();
        assert_eq!(game.hand(0).len(), 2);
        game
    }

    #[test]
    fn uno_is_called_only_on_the_way_to_one_card() {
        let decide = |name: &str, game: &Game| {
            LevelBot::by_name(name, 3)
                .unwrap()
                .decide(&game.view(0), &game.legal_actions_for(0))
        };
        // A drawn Wild Draw Four with nobody close to going out: medium keeps it, and says
        // nothing (the frozen baseline still calls first, then keeps it).
        let game = drawn_with_two("W4");
        assert!(game
            .legal_actions_for(0)
            .contains(&Action::CallUno { seat: 0 }));
        assert_eq!(decide("medium", &game), Action::Pass { seat: 0 });
        assert_eq!(decide("medium-v1", &game), Action::CallUno { seat: 0 });
        // A drawn Red 9: medium will play it, so it calls first, then plays it safe.
        let mut game = drawn_with_two("R9");
        assert_eq!(decide("medium", &game), Action::CallUno { seat: 0 });
        game.apply(Action::CallUno { seat: 0 }).unwrap();
        let nine = Action::Play {
            seat: 0,
            card: "R9".parse().unwrap(),
            color: None,
        };
        assert_eq!(decide("medium", &game), nine);
        game.apply(nine).unwrap();
        assert_eq!(game.catchable(), None);
    }

    #[test]
    fn no_uno_call_is_followed_by_no_play() {
        // Whole hands of medium and (briefly thinking) hard bots at every seat: each call made
        // with two cards is followed by that seat's play, not a card kept or drawn.
        let mut rules = Rules::new(Edition::Classic);
        rules.house_rules.jump_in = true;
        for (name, hands) in [("medium", 300), ("hard:30", 30)] {
            let (mut calls, mut pending) = (0, [false; 4]);
            for g in 0..hands {
                let mut bots: Vec<LevelBot> = (0..4)
                    .map(|s| LevelBot::by_name(name, g * 4 + s).unwrap())
                    .collect();
                let mut game = Game::deal(rules, 4, 500 + g).unwrap();
                while game.outcome().is_none() {
                    let turn = game.turn();
                    let early = (1..4).map(|i| (turn + i) % 4).find_map(|s| {
                        let legal = game.legal_actions_for(s);
                        bots[usize::from(s)].out_of_turn(&game.view(s), &legal)
                    });
                    let action = early.unwrap_or_else(|| {
                        bots[usize::from(turn)]
                            .decide(&game.view(turn), &game.legal_actions_for(turn))
                    });
                    let seat = usize::from(action.seat());
                    if matches!(action, Action::CallUno { .. }) {
                        if game.hand(action.seat()).len() == 2 {
                            pending[seat] = true;
                            calls += 1;
                        }
                    } else if std::mem::take(&mut pending[seat]) {
                        assert!(
                            matches!(action, Action::Play { .. }),
                            "{name}, deal {g}: UNO called, then {action:?}"
                        );
                    }
                    if matches!(action, Action::Play { .. }) {
                        // Another seat jumped in first: the chance to play is gone.
                        pending = [false; 4];
                    }
                    game.apply(action).unwrap();
                }
            }
            assert!(calls >= hands, "{name}: only {calls} calls with two cards");
        }
    }

    #[test]
    fn hidden_cards_never_change_a_choice() {
        // Four seats, where the hard bot reads the round's plays at half sharpness, and two.
        for players in [4, 2] {
            hidden_cards_never_change_a_choice_at(players);
        }
    }

    fn hidden_cards_never_change_a_choice_at(players: usize) {
        let (a, b) = twins(players);
        assert_ne!(a.hands(), b.hands());
        let names = [
            "random",
            "easy",
            "medium",
            "hard:40",
            "medium-v1",
            "hard-v1:40",
        ];
        for level in names {
            let mut compared = 0;
            for seat in 0..players as Seat {
                let mut bot_a = LevelBot::by_name(level, 9).unwrap();
                let mut bot_b = LevelBot::by_name(level, 9).unwrap();
                let (mut a, mut b) = (a.clone(), b.clone());
                // Every seat acts alike in both games while `seat` sees the same table in both.
                while a.outcome().is_none() && a.view(seat) == b.view(seat) {
                    let actor: Seat = a.turn();
                    let (legal_a, legal_b) =
                        (a.legal_actions_for(actor), b.legal_actions_for(actor));
                    let choice = if actor == seat {
                        assert_eq!(legal_a, legal_b);
                        let choice_a = bot_a.decide(&a.view(seat), &legal_a);
                        let choice_b = bot_b.decide(&b.view(seat), &legal_b);
                        assert_eq!(
                            choice_a, choice_b,
                            "{level}: hidden cards changed the choice"
                        );
                        assert!(legal_a.contains(&choice_a));
                        compared += 1;
                        choice_a
                    } else {
                        match legal_a.iter().find(|x| legal_b.contains(x)) {
                            Some(&x) => x,
                            None => break,
                        }
                    };
                    a.apply(choice).unwrap();
                    b.apply(choice).unwrap();
                }
            }
            assert!(
                compared >= 4,
                "{level} at {players}: only {compared} decisions compared"
            );
        }
    }

    #[test]
    fn the_arena_names_each_level_and_the_frozen_baselines() {
        for name in [
            "random",
            "easy",
            "medium",
            "hard",
            "hard:500",
            "medium-v1",
            "hard-v1",
        ] {
            let bot = LevelBot::by_name(name, 1).unwrap();
            assert_eq!(bot.name(), name);
        }
        let v1 = LevelBot::by_name("hard-v1:600", 1).unwrap();
        assert_eq!(
            (v1.name(), v1.style, v1.budget.playouts),
            ("hard-v1:600".into(), Style::V1, 600)
        );
        assert_eq!(LevelBot::by_name("hard", 1).unwrap().style, Style::CURRENT);
        let medium_v1 = LevelBot::by_name("medium-v1", 1).unwrap();
        assert_eq!(
            (medium_v1.level(), medium_v1.weights),
            (Level::Medium, MediumWeights::V1)
        );
        assert_eq!(
            LevelBot::by_name("medium", 1).unwrap().weights,
            MediumWeights::DEFAULT
        );
        assert!(LevelBot::by_name("hard-tree", 1).unwrap().style.tree);
        for bad in [
            "easy-v1",
            "medium:5",
            "hard:x",
            "hard-v2",
            "v1",
            "medium-tree",
            "",
        ] {
            assert!(LevelBot::by_name(bad, 1).is_none(), "{bad}");
        }
    }

    /// Seat 0 plays a Red 5 from two cards without calling UNO, under the jump-in house rule;
    /// seat 2 holds the other Red 5: it may catch seat 0, or jump in.
    fn forgot_uno() -> Game {
        let mut rules = Rules::new(Edition::Classic);
        rules.house_rules.jump_in = true;
        let setup: Setup = serde_json::from_str(
            r#"{"hands": [["R5","G7"],["G1","G2","G3"],["R5","B2","B3"],["Y1","Y2","Y3"]],
                "draw_pile": ["Y4","Y5","Y6"], "discard_pile": ["R2"], "color": "red",
                "turn": 0, "dealer": 3}"#,
        )
        .unwrap();
        let mut game = Game::from_setup(rules, setup, 1).unwrap();
        game.apply(Action::Play {
            seat: 0,
            card: "R5".parse().unwrap(),
            color: None,
        })
        .unwrap();
        game
    }

    #[test]
    fn out_of_turn_each_level_catches_or_jumps_in_as_it_does() {
        let game = forgot_uno();
        let (view, legal) = (game.view(2), game.legal_actions_for(2));
        let catch = Action::Catch { seat: 2, target: 0 };
        let jump_in = Action::Play {
            seat: 2,
            card: "R5".parse().unwrap(),
            color: None,
        };
        assert_eq!(legal, [jump_in, catch]);
        // How often each level takes each chance, over 300 bots of different seeds.
        let tally = |name: &str| {
            let mut counts = [0; 3];
            for seed in 0..300 {
                let mut bot = LevelBot::by_name(name, seed).unwrap();
                match bot.out_of_turn(&view, &legal) {
                    Some(a) if a == catch => counts[0] += 1,
                    Some(a) if a == jump_in => counts[1] += 1,
                    None => counts[2] += 1,
                    Some(other) => panic!("{name}: {other:?}"),
                }
            }
            counts
        };
        // Medium and hard always catch first.
        assert_eq!(tally("medium"), [300, 0, 0]);
        assert_eq!(tally("hard:30"), [300, 0, 0]);
        // Random takes each chance, or lets both pass, a third of the time each.
        let random = tally("random");
        assert!(
            random.iter().all(|&n| (70..=130).contains(&n)),
            "{random:?}"
        );
        // Easy weighs each chance in turn: jumps in half the time, else catches three
        // times in ten (45 in 300).
        let easy = tally("easy");
        assert!((120..=180).contains(&easy[1]), "{easy:?}");
        assert!((20..=75).contains(&easy[0]), "{easy:?}");
    }

    #[test]
    fn easy_forgets_uno_now_and_then_where_medium_never_does() {
        // Seat 0 holds two cards on a red 2, a red one among them.
        let setup: Setup = serde_json::from_str(
            r#"{"hands": [["R5","G7"],["G1","G2","G3"],["B2","B3"],["Y1","Y2","Y3"]],
                "draw_pile": ["Y4","Y5","Y6"], "discard_pile": ["R2"], "color": "red",
                "turn": 0, "dealer": 3}"#,
        )
        .unwrap();
        let game = Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap();
        let (view, legal) = (game.view(0), game.legal_actions_for(0));
        let calls = |name: &str| {
            (0..200)
                .filter(|&seed| {
                    let mut bot = LevelBot::by_name(name, seed).unwrap();
                    let action = bot.decide(&view, &legal);
                    assert!(matches!(
                        action,
                        Action::CallUno { .. } | Action::Play { .. }
                    ));
                    action == Action::CallUno { seat: 0 }
                })
                .count()
        };
        assert_eq!(calls("medium"), 200);
        assert_eq!(calls("medium-v1"), 200);
        // Two times in ten it plays without a word.
        let easy = calls("easy");
        assert!((140..=180).contains(&easy), "{easy}");
    }

    #[test]
    fn reseeding_a_bot_sets_its_dice_afresh() {
        // Two random bots of different seeds, reseeded alike, choose alike; not reseeded,
        // they part ways.
        let game = skip_or_five(4);
        let (view, legal) = (game.view(0), game.legal_actions_for(0));
        let choices = |bot: &mut LevelBot| -> Vec<Action> {
            (0..40).map(|_| bot.decide(&view, &legal)).collect()
        };
        let (mut a, mut b) = (
            LevelBot::by_name("random", 1).unwrap(),
            LevelBot::by_name("random", 2).unwrap(),
        );
        assert_ne!(choices(&mut a), choices(&mut b));
        a.reseed(7);
        b.reseed(7);
        assert_eq!(choices(&mut a), choices(&mut b));
    }
}
