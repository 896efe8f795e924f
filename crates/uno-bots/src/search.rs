//! The hard bot: information-set Monte Carlo search at the root. Each iteration guesses the
//! hidden cards afresh (a determinization consistent with the view and the opponent model),
//! picks one of the seat's options by UCB1, and plays the round out with the medium heuristic
//! for every seat. The option tried most often is played.

use crate::determinize::{sample, Beliefs};
use crate::policy::{is_out_of_turn, medium};
use uno_engine::{Action, Game, PlayerView, Rng, Seat};

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
const PLAYOUT_STEPS: usize = 400;
const EXPLORATION: f64 = 0.7;

/// What the search found: each option with its playouts and wins.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// `None` is letting an out-of-turn chance pass.
    pub options: Vec<(Option<Action>, u32, f64)>,
    pub playouts: u32,
}

impl Found {
    /// The option tried most (ties: the better mean).
    #[must_use]
    pub fn best(&self) -> Option<Action> {
        self.options
            .iter()
            .max_by(|a, b| {
                (a.1, a.2 / f64::from(a.1.max(1)))
                    .partial_cmp(&(b.1, b.2 / f64::from(b.1.max(1))))
                    .expect("finite")
            })
            .and_then(|o| o.0)
    }
}

/// Searches `options` for `view.seat`.
pub fn search(
    view: &PlayerView,
    options: &[Option<Action>],
    budget: Budget,
    rng: &mut Rng,
) -> Found {
    let me = view.seat;
    let beliefs = Beliefs::from_view(view);
    let mut stats: Vec<(Option<Action>, u32, f64)> = options.iter().map(|&o| (o, 0, 0.0)).collect();
    let start = budget.clock.map(|c| c());
    let mut buffer = Vec::with_capacity(64);
    let mut total = 0u32;
    while total < budget.playouts {
        if let (Some(clock), Some(start), Some(limit)) = (budget.clock, start, budget.millis) {
            if total % 8 == 0 && clock() - start > limit {
                break;
            }
        }
        let k = pick(&stats, total);
        let guess = sample(view, &beliefs, rng);
        let mut game = Game::from_view(view, guess, rng.next_u64());
        let reward = match stats[k].0 {
            Some(action) if game.apply(action).is_err() => 0.0,
            _ => playout(&mut game, me, rng, &mut buffer),
        };
        stats[k].1 += 1;
        stats[k].2 += reward;
        total += 1;
    }
    Found {
        options: stats,
        playouts: total,
    }
}

/// UCB1 over the options; each is tried once first.
fn pick(stats: &[(Option<Action>, u32, f64)], total: u32) -> usize {
    if let Some(i) = stats.iter().position(|s| s.1 == 0) {
        return i;
    }
    let ln = f64::from(total.max(1)).ln();
    let ucb = |s: &(Option<Action>, u32, f64)| {
        let n = f64::from(s.1);
        s.2 / n + EXPLORATION * (ln / n).sqrt()
    };
    (0..stats.len())
        .max_by(|&a, &b| ucb(&stats[a]).partial_cmp(&ucb(&stats[b])).expect("finite"))
        .expect("options")
}

/// Plays the round out with the medium heuristic for every seat: 1 if `me` goes out first.
fn playout(game: &mut Game, me: Seat, rng: &mut Rng, buffer: &mut Vec<Action>) -> f64 {
    for _ in 0..PLAYOUT_STEPS {
        if let Some(outcome) = game.outcome() {
            return if outcome.winner == me { 1.0 } else { 0.0 };
        }
        // A forgotten UNO is caught by the next seat, as a medium player would.
        if let Some(target) = game.catchable() {
            let seat = (target + 1) % game.seats();
            game.apply_legal(Action::Catch { seat, target });
            continue;
        }
        let turn = game.turn();
        game.legal_actions_into(buffer);
        buffer.retain(|a| a.seat() == turn && !matches!(a, Action::Catch { .. }));
        let action = medium(&*game, turn, buffer, rng);
        game.apply_legal(action);
    }
    0.0
}

/// The hard bot's decision on its turn.
pub fn decide(view: &PlayerView, legal: &[Action], budget: Budget, rng: &mut Rng) -> Action {
    // Catching and calling UNO are never worse: no search needed.
    let has_play = legal.iter().any(|a| matches!(a, Action::Play { .. }));
    for &a in legal {
        match a {
            Action::Catch { .. } => return a,
            Action::CallUno { .. } if view.hand.len() <= 1 || has_play => return a,
            _ => {}
        }
    }
    let options: Vec<Option<Action>> = legal
        .iter()
        .filter(|a| !is_out_of_turn(a))
        .map(|&a| Some(a))
        .collect();
    match options.as_slice() {
        [] => legal[0],
        [only] => only.expect("some"),
        _ => search(view, &options, budget, rng)
            .best()
            .unwrap_or(legal[0]),
    }
}

/// The hard bot out of turn: catch and call at once; search whether to jump in.
pub fn out_of_turn(
    view: &PlayerView,
    legal: &[Action],
    budget: Budget,
    rng: &mut Rng,
) -> Option<Action> {
    if let Some(&a) = legal
        .iter()
        .find(|a| matches!(a, Action::Catch { .. } | Action::CallUno { .. }))
    {
        return Some(a);
    }
    let mut options: Vec<Option<Action>> = legal.iter().map(|&a| Some(a)).collect();
    if options.is_empty() {
        return None;
    }
    options.push(None);
    search(view, &options, budget, rng).best()
}
