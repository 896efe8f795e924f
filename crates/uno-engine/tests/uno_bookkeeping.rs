//! The UNO call and catch rules of docs/SCENARIOS.md, checked against a model of them kept
//! apart from the engine: it follows each action and the public events it caused (never the
//! engine's own flags) and says, at every step of seeded random play in every edition, 2–10
//! players and every house-rule mix, which `uno` calls and which `catch`es must be legal.
//!
//! The model's words:
//! - A call or a catch settles a seat's UNO for the hand it holds then; once the seat draws a
//!   card it owes a new call; so does a seat that called over two cards once the game moves
//!   on by anything but its play: another seat's play, a draw, a pass, an accept or a
//!   challenge by anyone (a call is for the play of the next-to-last card: a drawn card called
//!   over and kept, a jump-in called for and let pass, leave none). A one-card hand a seat
//!   starts the round with, or receives by a swap or a rotation, counts as called; any other
//!   hand received owes one.
//! - `uno` is legal for a seat not settled that holds one card, or two cards one of which it
//!   may play now.
//! - A seat that ends a play holding one card it has not settled may be caught by every other
//!   seat until the next `play`, `draw`, `pass`, `accept` or `challenge` by anyone (`uno`,
//!   `catch` and `choose` leave the window open); a catch makes it draw the penalty.

mod common;

use common::sweep;
use uno_engine::{Action, Direction, Event, Game, Rng, Rules, Seat};

struct UnoModel {
    sizes: Vec<usize>,
    settled: Vec<bool>,
    window: Option<Seat>,
}

impl UnoModel {
    /// At the start of a round (or of a scenario): one-card hands count as called.
    fn new(game: &Game) -> UnoModel {
        let sizes: Vec<usize> = game.hands().iter().map(|h| h.len()).collect();
        UnoModel {
            settled: sizes.iter().map(|&n| n == 1).collect(),
            sizes,
            window: None,
        }
    }

    fn follow(&mut self, action: Action, events: &[Event]) {
        if matches!(
            action,
            Action::Play { .. }
                | Action::Draw { .. }
                | Action::Pass { .. }
                | Action::Accept { .. }
                | Action::Challenge { .. }
        ) {
            self.window = None;
            // The game moved on, not by the caller's play: a call made over two cards lapses.
            let player = matches!(action, Action::Play { .. }).then(|| action.seat());
            for (seat, (&n, settled)) in (0..).zip(self.sizes.iter().zip(&mut self.settled)) {
                if Some(seat) != player && n >= 2 {
                    *settled = false;
                }
            }
        }
        let mut player = None;
        for &event in events {
            match event {
                Event::Played { seat, .. } => {
                    self.sizes[usize::from(seat)] -= 1;
                    player = Some(seat);
                }
                Event::Drew { seat, .. } => {
                    self.sizes[usize::from(seat)] += 1;
                    self.settled[usize::from(seat)] = false;
                }
                Event::CalledUno { seat } => self.settled[usize::from(seat)] = true,
                Event::Caught { target, .. } => {
                    self.settled[usize::from(target)] = true;
                    self.window = None;
                }
                Event::HandsSwapped { seat, target } => {
                    let (a, b) = (usize::from(seat), usize::from(target));
                    self.sizes.swap(a, b);
                    self.settled[a] = self.sizes[a] == 1;
                    self.settled[b] = self.sizes[b] == 1;
                }
                Event::HandsRotated { direction } => {
                    if direction == Direction::Left {
                        self.sizes.rotate_right(1);
                    } else {
                        self.sizes.rotate_left(1);
                    }
                    for (settled, &n) in self.settled.iter_mut().zip(&self.sizes) {
                        *settled = n == 1;
                    }
                }
                Event::DiscardedColor { seat, count, .. } => {
                    self.sizes[usize::from(seat)] -= usize::from(count);
                }
                _ => {}
            }
        }
        if let Some(p) = player {
            if self.sizes[usize::from(p)] == 1 && !self.settled[usize::from(p)] {
                self.window = Some(p);
            }
        }
    }

    /// The `uno` calls and catches the rules allow, given the rest of the legal list.
    fn expected(&self, legal: &[Action]) -> Vec<Action> {
        let mut out = Vec::new();
        for (seat, (&n, &settled)) in (0..).zip(self.sizes.iter().zip(&self.settled)) {
            let may_play = legal
                .iter()
                .any(|a| matches!(*a, Action::Play { seat: s, .. } if s == seat));
            if !settled && (n == 1 || (n == 2 && may_play)) {
                out.push(Action::CallUno { seat });
            }
        }
        if let Some(target) = self.window {
            if self.sizes[usize::from(target)] == 1 && !self.settled[usize::from(target)] {
                for seat in (0..self.sizes.len() as Seat).filter(|&s| s != target) {
                    out.push(Action::Catch { seat, target });
                }
            }
        }
        out.sort_by_key(|a| format!("{a:?}"));
        out
    }
}

fn uno_actions(legal: &[Action]) -> Vec<Action> {
    let mut out: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::CallUno { .. } | Action::Catch { .. }))
        .collect();
    out.sort_by_key(|a| format!("{a:?}"));
    out
}

/// Plays up to `rounds` rounds at random, checking the model at every step. Returns how many
/// catches were made and how many of them came after the target had already been caught once
/// in the round (the case the engine once got wrong).
fn play(rules: Rules, players: usize, seed: u64, rounds: usize) -> (usize, usize) {
    let mut game = Game::deal(rules, players, seed).unwrap();
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9));
    let (mut catches, mut second_catches) = (0, 0);
    for _ in 0..rounds {
        let mut model = UnoModel::new(&game);
        let mut caught_before = vec![false; players];
        for _ in 0..600 {
            if game.outcome().is_some() {
                break;
            }
            let sizes: Vec<usize> = game.hands().iter().map(|h| h.len()).collect();
            assert_eq!(model.sizes, sizes, "the model follows the hands");
            let legal = game.legal_actions();
            assert_eq!(
                uno_actions(&legal),
                model.expected(&legal),
                "UNO calls and catches, seed {seed}, {players} players, {rules:?}\nlast events: {:?}",
                &game.history()[game.history().len().saturating_sub(12)..]
            );
            let action = legal[rng.below(legal.len())];
            let before = game.clone();
            let events = game.apply(action).unwrap();
            if let Action::Catch { seat, target } = action {
                check_catch(&before, &game, seat, target, &events);
                catches += 1;
                second_catches += usize::from(caught_before[usize::from(target)]);
                caught_before[usize::from(target)] = true;
            }
            model.follow(action, &events);
        }
        if game.outcome().is_none_or(|o| o.game_winner.is_some()) {
            break;
        }
        game.start_next_round().unwrap();
    }
    (catches, second_catches)
}

/// A catch makes the target draw the penalty: every card of it while the piles hold them.
fn check_catch(before: &Game, after: &Game, seat: Seat, target: Seat, events: &[Event]) {
    let penalty = usize::from(before.rules().uno_penalty());
    let available = before.draw_pile_size() + before.discard_pile().len() - 1;
    let drawn = penalty.min(available);
    assert_eq!(events[0], Event::Caught { seat, target });
    assert_eq!(
        events[1],
        Event::MustDraw {
            seat: target,
            count: penalty as u16
        }
    );
    let draws = events
        .iter()
        .filter(|e| matches!(e, Event::Drew { seat: s, .. } if *s == target))
        .count();
    assert_eq!(draws, drawn, "the caught seat draws the penalty");
    assert_eq!(after.hand(target).len(), 1 + drawn);
}

#[test]
fn uno_calls_and_catches_follow_the_rules_in_random_play() {
    let (mut catches, mut second_catches) = (0, 0);
    for t in sweep(24, 7, 7) {
        let (c, s) = play(t.rules, t.players, t.seed, 3);
        catches += c;
        second_catches += s;
    }
    println!("{catches} catches, {second_catches} of a seat caught before in the round");
    // The checks above ran on real catches, second catches of a seat included.
    assert!(catches > 1000, "only {catches} catches");
    assert!(second_catches > 50, "only {second_catches} second catches");
}
