//! The end of a round: the points left in the other hands, the running scores by the table's
//! way of winning (standard, alternative, single hand), and whether that ended the game.

use super::{Game, Outcome, Phase, MAX_PLAYERS};
use crate::action::Seat;
use crate::edition::Scoring;
use crate::event::Event;

impl Scoring {
    /// What each seat adds to its score when `winner` goes out and `left` are the points
    /// left in every hand: the winner takes them all, or (alternative) each its own.
    #[must_use]
    pub fn gains(self, winner: Seat, left: &[u32]) -> Vec<u32> {
        let all: u32 = left.iter().sum();
        (0..)
            .zip(left)
            .map(|(seat, &own)| match self {
                Scoring::Alternative => own,
                _ if seat == winner => all,
                _ => 0,
            })
            .collect()
    }
}

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
        let scoring = self.rules.scoring();
        for (score, gain) in self.scores.iter_mut().zip(scoring.gains(winner, left)) {
            *score += gain;
        }
        let game_winner = match scoring {
            Scoring::Standard => (self.scores[usize::from(winner)] >= target).then_some(winner),
            Scoring::SingleHand => Some(winner),
            Scoring::Alternative => {
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
