//! An information-set tree search over the searching seat's own decisions (an experiment of
//! issue #23, kept for the arena as `hard-tree`): one tree over many guessed worlds. Each
//! iteration guesses the hidden cards, walks down the tree choosing the seat's moves by UCB
//! among those legal in that world (the other seats play the medium heuristic between them),
//! adds one node, and plays the round out as the flat search does. The heuristic's choice is
//! played unless another option at the root won more by `Style::sure_for` standard errors.

use crate::policy::medium_with;
use crate::search::{next_decision, playout, Budget, Style, PLAYOUT_STEPS};
use uno_engine::{Action, Game, Guess, PlayerView, Rng, Seat};

/// How much UCB explores (win rates run from 0 to 1).
const EXPLORE: f64 = 0.7;

/// One decision of the searching seat, reached by the moves on the path to it.
struct Node {
    /// The move that led here (none at the root).
    action: Option<Action>,
    visits: u32,
    wins: f64,
    /// Iterations in which this node's move was legal when its parent was reached.
    available: u32,
    children: Vec<usize>,
}

impl Node {
    fn new(action: Option<Action>) -> Node {
        Node {
            action,
            visits: 0,
            wins: 0.0,
            available: 0,
            children: Vec::new(),
        }
    }
}

/// Plays the other seats (medium) and the automatic chances until `me` decides: `false` if
/// the round ended first. `legal` is left holding `me`'s choices.
fn advance_to_me(
    game: &mut Game,
    me: Seat,
    style: &Style,
    rng: &mut Rng,
    legal: &mut Vec<Action>,
) -> bool {
    for _ in 0..PLAYOUT_STEPS {
        if game.outcome().is_some() {
            return false;
        }
        let Some(turn) = next_decision(game, legal) else {
            continue;
        };
        if turn == me {
            // Calling UNO is never worse: taken at once, as the flat search does.
            let has_play = legal.iter().any(|a| matches!(a, Action::Play { .. }));
            if let Some(&uno) = legal.iter().find(|a| matches!(a, Action::CallUno { .. })) {
                if game.hand(me).len() <= 1 || has_play {
                    game.apply_legal(uno);
                    continue;
                }
            }
            legal.retain(|a| !matches!(a, Action::CallUno { .. }));
            return !legal.is_empty();
        }
        let action = medium_with(&style.others, &*game, turn, legal, rng);
        game.apply_legal(action);
    }
    false
}

/// Searches `options` (legal for `view.seat` now, the heuristic's choice first) with one tree
/// over guessed worlds; the most visited option.
pub fn tree_search(
    view: &PlayerView,
    options: &[Action],
    style: &Style,
    budget: Budget,
    rng: &mut Rng,
    guess: &mut dyn FnMut(&mut Rng) -> Guess,
) -> Action {
    let me = view.seat;
    let mut nodes = vec![Node::new(None)];
    let mut legal = Vec::with_capacity(64);
    let mut buffer = Vec::with_capacity(64);
    let mut path = Vec::with_capacity(16);
    let start = budget.clock.map(|c| c());
    for done in 0..budget.playouts.max(1) {
        if let (Some(clock), Some(start), Some(limit)) = (budget.clock, start, budget.millis) {
            if done > 0 && clock() - start > limit {
                break;
            }
        }
        let mut game = Game::from_view(view, guess(rng), rng.next_u64());
        path.clear();
        path.push(0);
        let mut at = 0;
        let mut first = true;
        loop {
            if first {
                legal.clear();
                legal.extend_from_slice(options);
                first = false;
            } else if !advance_to_me(&mut game, me, style, rng, &mut legal) {
                break;
            }
            // Each child whose move is legal in this world was available to choose.
            let mut best: Option<(f64, usize)> = None;
            let mut untried = None;
            for &a in &legal {
                let child = nodes[at]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| nodes[c].action == Some(a));
                match child {
                    Some(c) => {
                        nodes[c].available += 1;
                        let n = &nodes[c];
                        let v = f64::from(n.visits.max(1));
                        let ucb = n.wins / v + EXPLORE * (f64::from(n.available).ln() / v).sqrt();
                        if best.is_none_or(|(b, _)| ucb > b) {
                            best = Some((ucb, c));
                        }
                    }
                    None if untried.is_none() => untried = Some(a),
                    None => {}
                }
            }
            if let Some(a) = untried {
                // Add one node, then play the round out.
                nodes.push(Node::new(Some(a)));
                let child = nodes.len() - 1;
                nodes[child].available = 1;
                nodes[at].children.push(child);
                path.push(child);
                if game.apply(a).is_err() {
                    // Not legal in this world after all: this iteration counts for nothing.
                    path.clear();
                }
                break;
            }
            let Some((_, child)) = best else { break };
            let action = nodes[child].action.expect("a child has a move");
            if game.apply(action).is_err() {
                break;
            }
            path.push(child);
            at = child;
        }
        let reward = if path.is_empty() {
            0.0
        } else {
            playout(&mut game, me, style, rng, &mut buffer)
        };
        for &n in &path {
            nodes[n].visits += 1;
            nodes[n].wins += reward;
        }
    }
    // As the flat search does, the heuristic's choice stands unless another option beat it by
    // as many standard errors as `Style::sure_for` asks: UCB's visit counts alone follow the
    // noise of close calls.
    let sure = style.sure_for(view.hand_sizes.len(), nodes[0].visits);
    let stats = |a: Action| {
        nodes[0]
            .children
            .iter()
            .map(|&c| &nodes[c])
            .find(|n| n.action == Some(a))
            .map_or((0.0, 0.0), |n| (n.wins, f64::from(n.visits)))
    };
    let (dw, dn) = stats(options[0]);
    let mut choice = options[0];
    let mut margin = 0.0;
    for &a in &options[1..] {
        let (w, n) = stats(a);
        if n < 2.0 || dn < 2.0 {
            continue;
        }
        let (p, q) = (w / n, dw / dn);
        let se = (p * (1.0 - p) / n + q * (1.0 - q) / dn).sqrt();
        if p - q > sure * se && p - q > margin {
            choice = a;
            margin = p - q;
        }
    }
    choice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::determinize::{sample, Beliefs};
    use uno_engine::{Edition, Rules, Setup};

    #[test]
    fn the_tree_overrides_a_default_that_loses_for_a_move_that_wins() {
        let setup: Setup = serde_json::from_str(
            r#"{"hands": [["R5"],["G1","G2","B7"],["Y5","Y6","B4"]],
                "draw_pile": ["G9","Y1","B9","G8","G6","R1","R2"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 2}"#,
        )
        .unwrap();
        let game = Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap();
        let view = game.view(0);
        let (draw, win) = (
            Action::Draw { seat: 0 },
            Action::Play {
                seat: 0,
                card: "R5".parse().unwrap(),
                color: None,
            },
        );
        let beliefs = Beliefs::from_view(&view);
        let mut guess = |rng: &mut Rng| sample(&view, &beliefs, rng);
        let mut rng = Rng::new(4);
        let style = Style {
            tree: true,
            ..Style::CURRENT
        };
        let budget = Budget::playouts(200);
        // Drawing listed first (as the heuristic's choice would be): going out still wins.
        let choice = tree_search(&view, &[draw, win], &style, budget, &mut rng, &mut guess);
        assert_eq!(choice, win);
        // And a default that is as good as any other stands.
        let choice = tree_search(&view, &[win], &style, budget, &mut rng, &mut guess);
        assert_eq!(choice, win);
    }
}
