//! Computer opponents. A bot decides from one seat's `PlayerView` and that seat's legal
//! actions only: it is never handed the game, so it cannot read another hand or the draw pile.
//! Levels: `random` here; the stronger levels build on the same trait.

use uno_engine::{Action, PlayerView, Rng};

/// A player that picks one of its legal actions from what its seat may know.
pub trait Bot {
    /// The bot's name in the arena and the UI.
    fn name(&self) -> &'static str;
    /// One of `legal` (never empty: every action there belongs to `view.seat`).
    fn decide(&mut self, view: &PlayerView, legal: &[Action]) -> Action;
}

/// Picks uniformly among its legal actions, from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    #[must_use]
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn decide(&mut self, _view: &PlayerView, legal: &[Action]) -> Action {
        legal[self.rng.below(legal.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Edition, Game, Rules, Setup};

    /// Two tables that look the same from seat 0: other hands and the draw pile differ.
    fn twins() -> (Game, Game) {
        let rules = Rules::new(Edition::Classic);
        let game = Game::deal(rules, 4, 21).unwrap();
        let setup = game.setup();
        let mut other = setup.clone();
        // Swap a card of seat 1's hand with the next card of the draw pile.
        std::mem::swap(&mut other.hands[1][0], &mut other.draw_pile[0]);
        other.draw_pile.reverse();
        let a = Game::from_setup(rules, setup, 5).unwrap();
        let b = Game::from_setup(rules, Setup { ..other }, 5).unwrap();
        (a, b)
    }

    #[test]
    fn hidden_cards_never_change_a_choice() {
        let (a, b) = twins();
        assert_ne!(a.hands(), b.hands());
        let mut compared = 0;
        for seat in 0..4 {
            let (mut bot_a, mut bot_b) = (RandomBot::new(9), RandomBot::new(9));
            let (mut a, mut b) = (a.clone(), b.clone());
            // Every seat acts in both games alike while `seat` sees the same table in both.
            while a.outcome().is_none() && a.view(seat) == b.view(seat) {
                let actor = a.turn();
                let (legal_a, legal_b) = (a.legal_actions_for(actor), b.legal_actions_for(actor));
                let choice = if actor == seat {
                    assert_eq!(legal_a, legal_b);
                    let choice_a = bot_a.decide(&a.view(seat), &legal_a);
                    let choice_b = bot_b.decide(&b.view(seat), &legal_b);
                    assert_eq!(choice_a, choice_b, "hidden cards changed the choice");
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
        assert!(compared >= 4, "only {compared} decisions compared");
    }
}
