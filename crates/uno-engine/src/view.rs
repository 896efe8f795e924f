//! What one seat may know: its own hand, the others' card counts, the piles' public faces and
//! the history everyone saw. Bots decide from this alone.

use crate::action::Seat;
use crate::card::{Card, Color};
use crate::edition::Edition;
use crate::event::Event;
use crate::game::{Choice, Game, Outcome, Phase, Reveal};
use crate::rules::{CustomEffect, HouseRules};
use serde::{Deserialize, Serialize};

/// What the game waits for, as a seat may know it (no hidden drawn card, no verdict of a
/// challenge not yet made).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    Play,
    /// The seat to play drew a playable card; `card` is shown to that seat only.
    Drawn {
        card: Option<Card>,
    },
    Penalty {
        total: u16,
        stackable: bool,
        can_challenge: bool,
    },
    Choose {
        choice: Choice,
    },
    RoundOver {
        outcome: Outcome,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    pub discard_pile: Vec<Card>,
    pub color: Option<Color>,
    pub turn: Seat,
    pub direction: i8,
    pub draw_pile_size: usize,
    pub scores: Vec<u32>,
    pub edition: Edition,
    pub house_rules: HouseRules,
    pub custom_effect: CustomEffect,
    /// Blank / Customizable cards in the deck.
    pub edition_cards: u8,
    pub dealer: Seat,
    pub pending: Pending,
    /// Who has called UNO for the hand they hold (everyone hears it).
    pub called_uno: Vec<bool>,
    /// The seat that may be caught for not calling UNO now.
    pub catchable: Option<Seat>,
    /// Hands shown this round to everyone (Web Swing) or to this seat (a challenge).
    pub revealed: Vec<Reveal>,
    /// This round's events, with other seats' drawn cards hidden.
    pub history: Vec<Event>,
}

impl Game {
    /// Everything `seat` may know, and nothing more.
    #[must_use]
    pub fn view(&self, seat: Seat) -> PlayerView {
        let pending = match self.phase() {
            Phase::Play => Pending::Play,
            Phase::Drawn { card } => Pending::Drawn {
                card: (seat == self.turn()).then_some(card),
            },
            Phase::Penalty {
                total,
                stackable,
                challenge,
            } => Pending::Penalty {
                total,
                stackable,
                can_challenge: challenge.is_some(),
            },
            Phase::Choose { choice } => Pending::Choose { choice },
            Phase::RoundOver { .. } => Pending::RoundOver {
                outcome: self.outcome().expect("round over"),
            },
        };
        PlayerView {
            seat,
            hand: self.hand(seat).to_vec(),
            hand_sizes: self.hands().iter().map(|h| h.len()).collect(),
            discard_pile: self.discard_pile().to_vec(),
            color: self.color(),
            turn: self.turn(),
            direction: self.direction(),
            draw_pile_size: self.draw_pile_size(),
            scores: self.scores().to_vec(),
            edition: self.rules().edition,
            house_rules: self.rules().house_rules,
            custom_effect: self.rules().custom_effect,
            edition_cards: self.rules().edition_cards,
            dealer: self.dealer(),
            pending,
            called_uno: (0..self.seats()).map(|s| self.has_called_uno(s)).collect(),
            catchable: self.catchable(),
            revealed: self
                .reveals()
                .iter()
                .filter(|r| r.to.is_none_or(|to| to == seat))
                .cloned()
                .collect(),
            history: self.history().iter().map(|e| e.seen_by(seat)).collect(),
        }
    }
}
