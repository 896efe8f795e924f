//! The end of a round: the points left in the other hands, the running scores by the table's
//! way of winning (standard, alternative, single hand), and whether that ended the game.

use super::{Game, Outcome, Phase, MAX_PLAYERS};
use crate::action::Seat;
use crate::edition::Scoring;
use crate::event::Event;

impl Game {
    pub(super) fn end_round(&mut self, winner: Seat) {
        self.uno_window = None;
        // Nobody is to play: the turn rests with the seat that went out.
        self.turn = winner;
        let mut left = [0u32; MAX_PLAYERS];
        for (own, hand) in left.iter_mut().zip(&self.hands) {
            *own = hand.points();
        }
        let left = &left[..self.players()];
        let points: u32 = left.iter().sum();
        let target = self.rules.target();
        let game_winner = match self.rules.scoring() {
            Scoring::Standard => {
                self.scores[usize::from(winner)] += points;
                (self.scores[usize::from(winner)] >= target).then_some(winner)
            }
            Scoring::SingleHand => {
                self.scores[usize::from(winner)] += points;
                Some(winner)
            }
            Scoring::Alternative => {
                for (score, own) in self.scores.iter_mut().zip(left) {
                    *score += own;
                }
                if self.scores.iter().any(|&s| s >= target) {
                    let low = *self.scores.iter().min().expect("players");
                    if self.scores[usize::from(winner)] == low {
                        Some(winner)
                    } else {
                        (0..)
                            .zip(&self.scores)
                            .find(|&(_, &s)| s == low)
                            .map(|(seat, _)| seat)
                    }
                } else {
                    None
                }
            }
        };
        self.phase = Phase::RoundOver(Outcome {
            winner,
            points,
            game_winner,
        });
        self.log(Event::RoundEnded { winner, points });
        if let Some(w) = game_winner {
            self.log(Event::GameWon { winner: w });
        }
    }

    /// How the last round ended, while it is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::RoundOver(outcome) => Some(outcome),
            _ => None,
        }
    }
}
