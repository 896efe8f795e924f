//! The hard bot: information-set Monte Carlo search at the root. Each iteration guesses the
//! hidden cards afresh (a determinization consistent with the view and the opponent model:
//! who drew rather than follow a color; guesses kept as likely as they were to make the plays
//! and draws each seat made this round, `past`), then plays every one of the seat's options
//! out in that world, each seat playing by the medium heuristic for a few turns, then scores
//! the position by a learned evaluation (`value`). The medium heuristic's choice is played
//! unless another option beat it by `Style::sure` standard errors.

use crate::determinize::{sample_from, unseen_cards, Beliefs, Reading};
use crate::past::Reader;
use crate::policy::{is_out_of_turn, medium_out_of_turn, medium_with, MediumWeights};
use crate::value;
use uno_engine::{Action, Event, Game, Guess, PlayerView, Rng, Seat};

/// How the search plays and what it expects of the others: the medium heuristic the
/// searching seat plays by (its own moves in playouts, and the move that stands unless the
/// search is sure of another) and the one it expects of every other seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub own: MediumWeights,
    pub others: MediumWeights,
    /// Standard errors by which an option must beat the heuristic's choice to replace it.
    pub sure: f64,
    /// At tables of three or more, once a decision had `.1` playouts or more, `.0` standard
    /// errors are enough: there, at the full budget, overriding more readily pays, while with
    /// few playouts, or head to head, it does not (the README's "Bot strength", item 35).
    pub sure_at_table: Option<(f64, u32)>,
    /// Search one tree over the seat's own later decisions too (`tree`), not only the
    /// options of this one.
    pub tree: bool,
    /// What the guesses read from the history.
    pub reading: Reading,
    /// Playouts stop after this many steps and score the position by `value::win_chance`
    /// instead of playing the round out: a chance in place of a win or a loss is far less
    /// noisy, and the playouts are shorter (`None`: played out to the end).
    pub cutoff: Option<u16>,
    /// Once this many cards have been played in the round, the seat plays the medium
    /// heuristic's choice without searching. Searching seats among themselves can hoard cards
    /// for thousands of moves under some house rules (draw to match with Power of Grayskull
    /// and seven-O), a round no person sits through; medium play ends such a round as a
    /// medium table's ends. A Classic round without house rules never comes near it (README,
    /// Known limits).
    pub search_plays: Option<u16>,
}

impl Style {
    /// Today's hard level.
    pub const CURRENT: Style = Style {
        own: MediumWeights::SEARCH,
        others: MediumWeights::SEARCH,
        sure: 2.0,
        sure_at_table: Some((1.5, 2_000)),
        tree: false,
        reading: Reading::CURRENT,
        cutoff: Some(8),
        search_plays: Some(200),
    };
    /// The hard level as first shipped, frozen: the arena's `hard-v1` baseline.
    pub const V1: Style = Style {
        own: MediumWeights::V1,
        others: MediumWeights::V1,
        sure: 2.0,
        sure_at_table: None,
        tree: false,
        reading: Reading::V1,
        cutoff: None,
        search_plays: None,
    };

    /// How many standard errors an override needs at a table of `players` seats after
    /// `playouts` playouts.
    #[must_use]
    pub fn sure_for(&self, players: usize, playouts: u32) -> f64 {
        match self.sure_at_table {
            Some((z, from)) if players >= 3 && playouts >= from => z,
            _ => self.sure,
        }
    }

    /// Whether the round has gone on past `search_plays` cards played (see there).
    #[must_use]
    pub fn searches_no_more(&self, view: &PlayerView) -> bool {
        self.search_plays
            .is_some_and(|limit| cards_played(view) >= usize::from(limit))
    }
}

/// Cards played so far in the round, as its history shows them to every seat.
fn cards_played(view: &PlayerView) -> usize {
    view.history
        .iter()
        .filter(|e| matches!(e, Event::Played { .. }))
        .count()
}

/// How long the search may think.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Playouts per decision at most.
    pub playouts: u32,
    /// Milliseconds per decision at most, measured with `clock` (none: playouts only).
    pub millis: Option<f64>,
    /// Milliseconds from some fixed moment (`performance.now()` in a browser).
    pub clock: Option<fn() -> f64>,
}

impl Budget {
    #[must_use]
    pub const fn playouts(playouts: u32) -> Budget {
        Budget {
            playouts,
            millis: None,
            clock: None,
        }
    }
}

/// A round's playout stops here and counts as a loss (random tables can stall).
pub(crate) const PLAYOUT_STEPS: usize = 400;

/// What the search found: each option with its playouts and wins.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// `None` is letting an out-of-turn chance pass.
    pub options: Vec<(Option<Action>, u32, f64)>,
    pub playouts: u32,
    /// Per option, the sum and the sum of squares of its reward less the first option's, in
    /// the same worlds: how much better than the first option it did, and how surely.
    pub versus_first: Vec<(f64, f64)>,
}

impl Found {
    /// The first option, unless another beat it by more than `z` standard errors of the
    /// paired difference: the search overrides a default only when it is sure.
    #[must_use]
    pub fn best_over_first(&self, z: f64) -> Option<Action> {
        let mut choice = 0;
        let mut margin = 0.0;
        for (i, &(sum, squares)) in self.versus_first.iter().enumerate().skip(1) {
            let n = f64::from(self.options[i].1.max(2));
            let mean = sum / n;
            let variance = (squares / n - mean * mean).max(0.0) * n / (n - 1.0);
            let se = (variance / n).sqrt();
            if mean > z * se && mean > margin {
                choice = i;
                margin = mean;
            }
        }
        self.options.get(choice).and_then(|o| o.0)
    }

    /// What `style` plays after this search at a table of `players` seats: the first option
    /// unless another beat it by as many standard errors as `Style::sure_for` asks.
    #[must_use]
    pub fn choice(&self, style: &Style, players: usize) -> Option<Action> {
        self.best_over_first(style.sure_for(players, self.playouts))
    }
}

/// Searches `options` for `view.seat`: each iteration guesses the hidden cards once and plays
/// every option out in that same world with the same dice (common random numbers), so options
/// are compared pair by pair rather than each against its own luck.
pub fn search(
    view: &PlayerView,
    options: &[Option<Action>],
    style: &Style,
    budget: Budget,
    rng: &mut Rng,
) -> Found {
    search_worlds(
        view,
        options,
        style,
        budget,
        rng,
        &mut guesser(view, style.reading, &style.others),
    )
}

/// Guesses of the hidden cards from what `view` says of them (see `determinize`), read with
/// the heuristic `others` the search expects of the other seats (see `past`).
fn guesser<'a>(
    view: &'a PlayerView,
    reading: Reading,
    others: &'a MediumWeights,
) -> impl FnMut(&mut Rng) -> Guess + 'a {
    // Read when the first world is guessed: a decision taken without a search reads nothing.
    let mut read = None;
    move |rng| {
        let (beliefs, reader, unseen) = read.get_or_insert_with(|| {
            (
                Beliefs::read(view, reading),
                Reader::new(view, others, reading),
                unseen_cards(view),
            )
        });
        reader.pick(view, rng, |rng| {
            sample_from(view, beliefs, unseen.clone(), rng)
        })
    }
}

/// `search` with the hidden cards guessed by `guess` (tests and experiments use it to measure
/// what perfect information would be worth).
pub fn search_worlds(
    view: &PlayerView,
    options: &[Option<Action>],
    style: &Style,
    budget: Budget,
    rng: &mut Rng,
    guess: &mut dyn FnMut(&mut Rng) -> Guess,
) -> Found {
    let me = view.seat;
    let mut stats: Vec<(Option<Action>, u32, f64)> = options.iter().map(|&o| (o, 0, 0.0)).collect();
    let start = budget.clock.map(|c| c());
    let mut buffer = Vec::with_capacity(64);
    let mut total = 0u32;
    let round = options.len() as u32;
    let mut versus_first = vec![(0.0f64, 0.0f64); options.len()];
    let mut rewards = vec![0.0f64; options.len()];
    // One guessed world, rebuilt for every guess, and one game played out from it again and
    // again: both keep their buffers.
    let mut world: Option<Game> = None;
    let mut game: Option<Game> = None;
    while total == 0 || total + round <= budget.playouts {
        if let (Some(clock), Some(start), Some(limit)) = (budget.clock, start, budget.millis) {
            if total > 0 && clock() - start > limit {
                break;
            }
        }
        let (guessed, seed) = (guess(rng), rng.next_u64());
        let world = match &mut world {
            Some(world) => {
                world.rebuild_from_view(view, guessed, seed);
                world
            }
            None => world.insert(Game::from_view(view, guessed, seed)),
        };
        let dice = rng.next_u64();
        for (stat, reward) in stats.iter_mut().zip(&mut rewards) {
            let game = match &mut game {
                Some(game) => {
                    game.clone_from(world);
                    game
                }
                None => game.insert(world.clone()),
            };
            *reward = match stat.0 {
                Some(action) if game.apply(action).is_err() => 0.0,
                _ => playout(game, me, style, &mut Rng::new(dice), &mut buffer),
            };
            stat.1 += 1;
            stat.2 += *reward;
            total += 1;
        }
        for (v, r) in versus_first.iter_mut().zip(&rewards) {
            let d = r - rewards[0];
            v.0 += d;
            v.1 += d * d;
        }
    }
    Found {
        options: stats,
        playouts: total,
        versus_first,
    }
}

/// One step of a simulated round: a forgotten UNO is caught by the next seat, as a medium
/// player would (`None`: the catch was made); else the seat to play, with its choices (no
/// catch) in `legal`.
pub fn next_decision(game: &mut Game, legal: &mut Vec<Action>) -> Option<Seat> {
    if let Some(target) = game.catchable() {
        let seat = (target + 1) % game.seats();
        game.apply_legal(Action::Catch { seat, target });
        return None;
    }
    let turn = game.turn();
    game.legal_actions_for_into(turn, legal);
    legal.retain(|a| !matches!(a, Action::Catch { .. }));
    Some(turn)
}

/// Plays the round out with the medium heuristic for every seat (`style` says whose weights):
/// 1 if `me` goes out first; or, cut off (`Style::cutoff`), `me`'s chance to go out first.
pub(crate) fn playout(
    game: &mut Game,
    me: Seat,
    style: &Style,
    rng: &mut Rng,
    buffer: &mut Vec<Action>,
) -> f64 {
    for step in 0..PLAYOUT_STEPS {
        if let Some(outcome) = game.outcome() {
            return if outcome.winner == me { 1.0 } else { 0.0 };
        }
        if style.cutoff.is_some_and(|c| step == usize::from(c)) {
            return value::win_chance(game, me);
        }
        let Some(turn) = next_decision(game, buffer) else {
            continue;
        };
        let weights = if turn == me {
            &style.own
        } else {
            &style.others
        };
        let action = medium_with(weights, &*game, turn, buffer, rng);
        game.apply_legal(action);
    }
    0.0
}

/// The hard bot's decision on its turn.
pub fn decide(
    view: &PlayerView,
    legal: &[Action],
    style: &Style,
    budget: Budget,
    rng: &mut Rng,
) -> Action {
    decide_in_worlds(
        view,
        legal,
        style,
        budget,
        rng,
        &mut guesser(view, style.reading, &style.others),
    )
}

/// What the hard bot weighs on its turn: `Err` an action taken without a search (a catch, an
/// UNO call, the one choice there is), else the options to search, the medium heuristic's
/// choice first (the search overrides it only when sure).
pub fn turn_options(
    view: &PlayerView,
    legal: &[Action],
    style: &Style,
    rng: &mut Rng,
) -> Result<Vec<Option<Action>>, Action> {
    // Catching and calling UNO are never worse: no search needed.
    let has_play = legal.iter().any(|a| matches!(a, Action::Play { .. }));
    for &a in legal {
        match a {
            Action::Catch { .. } => return Err(a),
            Action::CallUno { .. } if view.hand.len() <= 1 || has_play => return Err(a),
            _ => {}
        }
    }
    let default = medium_with(&style.own, view, view.seat, legal, rng);
    let mut options: Vec<Option<Action>> = vec![Some(default)];
    options.extend(
        legal
            .iter()
            .filter(|a| !is_out_of_turn(a) && **a != default)
            .map(|&a| Some(a)),
    );
    match options.as_slice() {
        [only] => Err(only.expect("some")),
        _ => Ok(options),
    }
}

/// `decide` with the hidden cards guessed by `guess` (see `search_worlds`).
pub fn decide_in_worlds(
    view: &PlayerView,
    legal: &[Action],
    style: &Style,
    budget: Budget,
    rng: &mut Rng,
    guess: &mut dyn FnMut(&mut Rng) -> Guess,
) -> Action {
    let options = match turn_options(view, legal, style, rng) {
        Ok(options) => options,
        Err(action) => return action,
    };
    let default = options[0].expect("medium's choice");
    if style.searches_no_more(view) {
        return default;
    }
    if style.tree {
        let options: Vec<Action> = options.iter().flatten().copied().collect();
        return crate::tree::tree_search(view, &options, style, budget, rng, guess);
    }
    search_worlds(view, &options, style, budget, rng, guess)
        .choice(style, view.hand_sizes.len())
        .unwrap_or(default)
}

/// The hard bot out of turn: catch and call at once; search whether to jump in.
pub fn out_of_turn(
    view: &PlayerView,
    legal: &[Action],
    style: &Style,
    budget: Budget,
    rng: &mut Rng,
) -> Option<Action> {
    if let Some(&a) = legal
        .iter()
        .find(|a| matches!(a, Action::Catch { .. } | Action::CallUno { .. }))
    {
        return Some(a);
    }
    if legal.is_empty() {
        return None;
    }
    let default = medium_out_of_turn(legal);
    if style.searches_no_more(view) {
        return default;
    }
    let mut options = vec![default];
    options.extend(legal.iter().map(|&a| Some(a)).filter(|&a| a != default));
    if default.is_some() {
        options.push(None);
    }
    search(view, &options, style, budget, rng).choice(style, view.hand_sizes.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search of two options over 100 worlds (`playouts` counted in all), the second ahead
    /// of the first by `mean` on average with a variance of one in the paired difference.
    fn searched(mean: f64, playouts: u32) -> Found {
        let (first, second) = (Action::Draw { seat: 0 }, Action::Pass { seat: 0 });
        Found {
            options: vec![
                (Some(first), 100, 30.0),
                (Some(second), 100, 30.0 + 100.0 * mean),
            ],
            playouts,
            versus_first: vec![(0.0, 0.0), (100.0 * mean, 100.0 * (mean * mean + 1.0))],
        }
    }

    #[test]
    fn an_option_replaces_the_default_only_beyond_the_standard_errors_asked() {
        // 0.17 ahead with a standard error of 0.1005: 1.69 standard errors.
        let close = searched(0.17, 200);
        assert_eq!(close.best_over_first(1.5), Some(Action::Pass { seat: 0 }));
        assert_eq!(close.best_over_first(2.0), Some(Action::Draw { seat: 0 }));
        // Behind the default: never chosen.
        let behind = searched(-0.5, 200);
        assert_eq!(behind.best_over_first(0.0), Some(Action::Draw { seat: 0 }));
    }

    #[test]
    fn a_full_search_at_a_table_of_three_or_more_overrides_more_readily() {
        let hard = Style::CURRENT;
        assert_eq!(hard.sure_for(4, 3_000), 1.5);
        assert_eq!(hard.sure_for(3, 2_000), 1.5);
        // Cut short (a slow browser) or at 300 playouts: two standard errors, as head to head.
        assert_eq!(hard.sure_for(4, 1_999), 2.0);
        assert_eq!(hard.sure_for(4, 300), 2.0);
        assert_eq!(hard.sure_for(2, 3_000), 2.0);
        // The frozen baseline keeps two everywhere.
        assert_eq!(Style::V1.sure_for(4, 3_000), 2.0);
        // What the level plays from a search: 1.69 standard errors ahead is enough at four
        // seats after a full search, not after a short one, nor head to head, nor for `V1`.
        let (pass, draw) = (
            Some(Action::Pass { seat: 0 }),
            Some(Action::Draw { seat: 0 }),
        );
        assert_eq!(searched(0.17, 3_000).choice(&hard, 4), pass);
        assert_eq!(searched(0.17, 300).choice(&hard, 4), draw);
        assert_eq!(searched(0.17, 3_000).choice(&hard, 2), draw);
        assert_eq!(searched(0.17, 3_000).choice(&Style::V1, 4), draw);
    }

    /// Counts the readings of a search's clock: a search that runs reads it.
    static CLOCK_READ: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    fn counting_clock() -> f64 {
        CLOCK_READ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        0.0
    }

    #[test]
    fn past_its_plays_in_a_round_the_search_stops_and_the_medium_choice_is_played() {
        use uno_engine::{Card, Edition, Rules};
        let style = Style::CURRENT;
        let budget = Budget {
            playouts: 300,
            millis: Some(1e9),
            clock: Some(counting_clock),
        };
        // A seeded game of medium seats, up to the first turn where the search overrides
        // medium's choice.
        let mut game = Game::deal(Rules::new(Edition::Classic), 4, 7).expect("a table");
        let (view, legal, searched) = loop {
            let turn = game.turn();
            let (view, legal) = (game.view(turn), game.legal_actions_for(turn));
            let default = turn_options(&view, &legal, &style, &mut Rng::new(1))
                .map_or_else(|only| only, |options| options[0].expect("medium's choice"));
            let searched = decide(&view, &legal, &style, budget, &mut Rng::new(1));
            if searched != default {
                break (view, legal, searched);
            }
            game.apply(default).expect("a legal action");
            assert!(game.outcome().is_none(), "the search never overrode medium");
        };
        assert!(CLOCK_READ.load(std::sync::atomic::Ordering::Relaxed) > 0);
        let default = turn_options(&view, &legal, &style, &mut Rng::new(1)).expect("options")[0];
        // The same turn once 200 cards have been played this round: medium's choice, and no
        // search (its clock is never read).
        let mut long = view.clone();
        let played = Event::Played {
            seat: 0,
            card: "R5".parse::<Card>().expect("a card"),
            color: None,
        };
        long.history
            .extend(std::iter::repeat_n(played, 199 - cards_played(&view)));
        assert!(!style.searches_no_more(&long));
        long.history.push(played);
        assert!(style.searches_no_more(&long));
        CLOCK_READ.store(0, std::sync::atomic::Ordering::Relaxed);
        let chosen = decide(&long, &legal, &style, budget, &mut Rng::new(1));
        assert_eq!(Some(chosen), default);
        assert_ne!(chosen, searched);
        assert_eq!(CLOCK_READ.load(std::sync::atomic::Ordering::Relaxed), 0);
        // The frozen baseline searches on.
        assert!(!Style::V1.searches_no_more(&long));
    }

    /// Options whose paired differences from the first are `diffs` (one list per option
    /// after the first, one difference per world).
    fn paired(diffs: &[&[f64]]) -> Found {
        let n = diffs[0].len() as u32;
        let mut options = vec![(Some(Action::Draw { seat: 0 }), n, 0.0)];
        let mut versus_first = vec![(0.0, 0.0)];
        for (i, d) in diffs.iter().enumerate() {
            let action = Action::Choose {
                seat: 0,
                target: Some(i as Seat),
            };
            options.push((Some(action), n, d.iter().sum()));
            versus_first.push((d.iter().sum(), d.iter().map(|x| x * x).sum()));
        }
        Found {
            options,
            playouts: n * (diffs.len() as u32 + 1),
            versus_first,
        }
    }

    #[test]
    fn the_standard_error_is_the_paired_differences_sample_one() {
        // Ahead in three worlds of four by one: a mean of 0.75, a sample variance of 0.25
        // (n − 1 in the denominator), a standard error of 0.25: exactly 3 of them.
        let found = paired(&[&[1.0, 1.0, 1.0, 0.0]]);
        let second = Some(Action::Choose {
            seat: 0,
            target: Some(0),
        });
        assert_eq!(found.best_over_first(2.9), second);
        // Exactly three standard errors is not beyond three.
        assert_eq!(found.best_over_first(3.0), Some(Action::Draw { seat: 0 }));
        assert_eq!(found.best_over_first(3.1), Some(Action::Draw { seat: 0 }));
    }

    #[test]
    fn of_the_options_sure_to_beat_the_first_the_one_furthest_ahead_is_chosen() {
        let (a, b, c) = (
            &[1.0, 1.0, 1.0, 0.0][..],
            &[2.0, 2.0, 2.0, 1.0][..],
            &[2.0, 2.0, 2.0, 1.0][..],
        );
        let choose = |target| {
            Some(Action::Choose {
                seat: 0,
                target: Some(target),
            })
        };
        // The second option (1.75 ahead) over the first (0.75); the third, as far ahead as
        // the second, does not replace it.
        assert_eq!(paired(&[a, b, c]).best_over_first(2.0), choose(1));
        assert_eq!(paired(&[c, a]).best_over_first(2.0), choose(0));
    }

    /// A clock that moves on a millisecond each time it is read.
    static TICKS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    fn ticking_clock() -> f64 {
        f64::from(TICKS.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }

    #[test]
    fn a_search_plays_whole_rounds_of_its_options_within_its_budget() {
        use uno_engine::{Edition, Rules};
        let game = Game::deal(Rules::new(Edition::Classic), 4, 7).expect("a table");
        let turn = game.turn();
        let (view, legal) = (game.view(turn), game.legal_actions_for(turn));
        let options = turn_options(&view, &legal, &Style::CURRENT, &mut Rng::new(1))
            .expect("a choice to search");
        let k = options.len() as u32;
        assert!(k >= 3, "{options:?}");
        let searched = |budget: Budget| {
            let found = search(&view, &options, &Style::CURRENT, budget, &mut Rng::new(3));
            let counts: Vec<u32> = found.options.iter().map(|o| o.1).collect();
            (found, counts)
        };
        // Ten worlds, every option played out in each.
        let (found, counts) = searched(Budget::playouts(10 * k + k - 1));
        assert_eq!((found.playouts, counts), (10 * k, vec![10; k as usize]));
        // Each option's difference from the first, summed world by world, is the difference
        // of their sums; the first's own is nothing.
        assert_eq!(found.versus_first[0], (0.0, 0.0));
        for (option, &(sum, squares)) in found.options.iter().zip(&found.versus_first) {
            assert!((sum - (option.2 - found.options[0].2)).abs() < 1e-9);
            assert!(squares + 1e-9 >= sum * sum / 10.0, "{sum} {squares}");
            assert!((0.0..=10.0).contains(&option.2), "rewards are chances");
        }
        assert!(found.versus_first.iter().any(|v| v.1 > 0.0));
        // A budget smaller than the options still plays one world.
        let (found, counts) = searched(Budget::playouts(1));
        assert_eq!((found.playouts, counts), (k, vec![1; k as usize]));
        // On the clock: read once at the start and once a world after the first; a search
        // of 3 ms begins worlds until the clock reads more than 3 past the start: four.
        TICKS.store(0, std::sync::atomic::Ordering::Relaxed);
        let (found, _) = searched(Budget {
            playouts: 1_000 * k,
            millis: Some(3.0),
            clock: Some(ticking_clock),
        });
        assert_eq!(found.playouts, 4 * k);
    }

    /// A Classic table from a scenario file's setup.
    fn classic(setup: &str) -> Game {
        use uno_engine::{Edition, Rules, Setup};
        let setup: Setup = serde_json::from_str(setup).unwrap();
        Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap()
    }

    /// `seat` plays the card with this code (not a Wild).
    fn play(seat: Seat, code: &str) -> Action {
        Action::Play {
            seat,
            card: code.parse().unwrap(),
            color: None,
        }
    }

    #[test]
    fn a_playout_of_a_round_already_won_scores_the_winner_alone() {
        let mut game = classic(
            r#"{"hands": [["R5"],["G1","G2"],["Y5","YS"]], "draw_pile": ["Y1","Y2"],
                "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}"#,
        );
        game.apply(play(0, "R5")).unwrap();
        let mut buffer = Vec::new();
        let mut score = |me| {
            let mut game = game.clone();
            playout(
                &mut game,
                me,
                &Style::CURRENT,
                &mut Rng::new(1),
                &mut buffer,
            )
        };
        assert_eq!((score(0), score(1), score(2)), (1.0, 0.0, 0.0));
    }

    #[test]
    fn a_forgotten_uno_is_caught_by_the_next_seat_in_a_playout() {
        // Seat 2, the last, plays to one card without calling: seat 0 catches it.
        let mut game = classic(
            r#"{"hands": [["B1","B2"],["G1","G2"],["R5","Y5"]], "draw_pile": ["Y1","Y2","Y3"],
                "discard_pile": ["R3"], "color": "red", "turn": 2, "dealer": 1}"#,
        );
        game.apply(play(2, "R5")).unwrap();
        assert_eq!(game.catchable(), Some(2));
        let mut legal = Vec::new();
        assert_eq!(next_decision(&mut game, &mut legal), None);
        assert_eq!(game.hand(2).len(), 3, "two cards for the catch");
        assert!(matches!(
            game.history()
                .iter()
                .rev()
                .find(|e| matches!(e, Event::Caught { .. })),
            Some(Event::Caught { seat: 0, target: 2 })
        ));
        // Then the seat to play, with its choices and no catch among them.
        assert_eq!(next_decision(&mut game, &mut legal), Some(game.turn()));
        assert_eq!(legal, game.legal_actions_for(game.turn()));
    }

    #[test]
    fn what_the_hard_level_takes_without_a_search() {
        let options = |game: &Game, seat| {
            turn_options(
                &game.view(seat),
                &game.legal_actions_for(seat),
                &Style::CURRENT,
                &mut Rng::new(1),
            )
        };
        // Two cards and a play: UNO first.
        let two = classic(
            r#"{"hands": [["R5","B1"],["G1","G2"],["Y5","YS"]], "draw_pile": ["Y1","Y2"],
                "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}"#,
        );
        assert_eq!(options(&two, 0), Err(Action::CallUno { seat: 0 }));
        // Two cards and nothing to play: no call, and drawing is the one choice.
        let none = classic(
            r#"{"hands": [["G5","B1"],["G1","G2"],["Y5","YS"]], "draw_pile": ["Y1","Y2"],
                "discard_pile": ["R3"], "color": "red", "turn": 0, "dealer": 2}"#,
        );
        assert_eq!(options(&none, 0), Err(Action::Draw { seat: 0 }));
        // Several plays: medium's choice first, then the rest, nothing out of turn.
        let many = classic(
            r#"{"hands": [["R5","R7","B3","G2"],["G1","G2"],["Y5","YS"]],
                "draw_pile": ["Y1","Y2"], "discard_pile": ["R3"], "color": "red", "turn": 0,
                "dealer": 2}"#,
        );
        let found = options(&many, 0).expect("options");
        assert_eq!(found.len(), 4, "R5, R7, B3, draw: {found:?}");
        assert!(found.iter().all(|o| !is_out_of_turn(&o.unwrap())));
        // A seat left with one card that did not call may be caught: catching comes first.
        let mut caught = classic(
            r#"{"hands": [["R5","Y9","Y8"],["G1","G2"],["R6","Y5"]], "draw_pile": ["Y1","Y2"],
                "discard_pile": ["R3"], "color": "red", "turn": 2, "dealer": 1}"#,
        );
        caught.apply(play(2, "R6")).unwrap();
        assert_eq!(
            options(&caught, 0),
            Err(Action::Catch { seat: 0, target: 2 })
        );
    }
}
