//! The game as a state machine: `Game::deal` or `Game::from_setup`, then `legal_actions`,
//! `apply`, `view` and `outcome`. Every rule decision lives in this module's files, one job
//! each, or in `Edition` data:
//! - this file: the state (`Game`, `Phase`, what a round's outcome is) and reading it, and the
//!   piles (drawing, reshuffling) that every job uses;
//! - `deal`: setting up a table; `legal`: what is legal; `explain`: why not;
//! - `apply`: applying an action; `effects`: what cards do; `scoring`: the end of a round;
//! - `view`: what a seat may know, and determinizing it for bots; `plays`: a turn's plays as
//!   card sets (simulations); `saved`: reading a saved game back, checked.

use crate::action::Action;
use crate::card::{Card, Color};
use crate::event::Event;
use crate::hand::Hand;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::seat::{Direction, Seat};
use crate::tagged::{need, unknown};
use serde::{Deserialize, Deserializer, Serialize};

mod apply;
mod deal;
mod effects;
mod explain;
mod legal;
mod plays;
mod saved;
mod scoring;
pub mod view;

pub(crate) use deal::check_seat;
pub use deal::{dealer_value, draw_for_dealer, DealerDraw};
pub use plays::TurnPlays;
pub use view::Guess;

/// The fewest players a game needs.
pub const MIN_PLAYERS: usize = 2;
/// The most players a table seats.
pub const MAX_PLAYERS: usize = 10;
/// Players dealt for when nobody says how many (a scenario without `setup`, a new table).
pub const DEFAULT_PLAYERS: usize = 4;
/// Cards dealt to each player.
pub const HAND_SIZE: usize = 7;
/// Cards the Power of Grayskull makes every other player draw.
const GRAYSKULL_DRAW: u16 = 3;

/// Where a table stands: unvalidated data with public fields, as in a scenario file. The draw
/// pile's first card is the next one drawn; the discard pile's last card is the top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub hands: Vec<Vec<Card>>,
    #[serde(default)]
    pub draw_pile: Vec<Card>,
    pub discard_pile: Vec<Card>,
    /// `None` after a Wild start card: any card matches and the first card played sets it.
    #[serde(default)]
    pub color: Option<Color>,
    #[serde(default)]
    pub turn: Seat,
    /// `1` (to the left, up the seat numbers) or `-1`; to the left when left out.
    #[serde(default)]
    pub direction: Direction,
    #[serde(default)]
    pub dealer: Seat,
    /// Running scores; empty means all zero.
    #[serde(default)]
    pub scores: Vec<u32>,
}

/// A choice a card asks its player to make.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Choice {
    /// Web Swing: skip one of the seats that hold the named color, or no one.
    WebSwing { color: Color },
    /// Seven-O's 7: swap hands with another seat.
    SevenSwap,
    /// A Blank / Customizable card with the swap-hands effect.
    SwapHands,
}

/// What the game waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The seat to play plays a card or draws.
    Play,
    /// The seat to play drew `card`, which is playable: play it or pass.
    Drawn { card: Card },
    /// The seat to play faces a Draw Two / Wild Draw Four of `total` cards.
    Penalty {
        total: u16,
        /// A stacking rule applies: the seat may stack, or `draw` the total.
        stackable: bool,
        /// The Wild Draw Four on top may be challenged.
        challenge: Option<Offence>,
    },
    /// The seat to play must pick a seat.
    Choose { choice: Choice },
    /// Someone went out: how the round ended (and whether it ended the game) is part of the
    /// phase, so no state says "over" without saying how.
    RoundOver(Outcome),
}

/// Every field any choice has, read in one pass (see `tagged`).
#[derive(Deserialize)]
struct ChoiceFields {
    kind: String,
    color: Option<Color>,
}

impl<'de> Deserialize<'de> for Choice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Choice, D::Error> {
        let f = ChoiceFields::deserialize(d)?;
        Ok(match f.kind.as_str() {
            "web_swing" => Choice::WebSwing {
                color: need(f.color, "color")?,
            },
            "seven_swap" => Choice::SevenSwap,
            "swap_hands" => Choice::SwapHands,
            other => return Err(unknown("choice", other)),
        })
    }
}

/// Every field any phase has, read in one pass (see `tagged`); a round over carries its
/// `Outcome`'s fields.
#[derive(Deserialize)]
struct PhaseFields {
    phase: String,
    card: Option<Card>,
    total: Option<u16>,
    stackable: Option<bool>,
    challenge: Option<Offence>,
    choice: Option<Choice>,
    winner: Option<Seat>,
    points: Option<u32>,
    game_winner: Option<Seat>,
}

impl<'de> Deserialize<'de> for Phase {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Phase, D::Error> {
        let f = PhaseFields::deserialize(d)?;
        Ok(match f.phase.as_str() {
            "play" => Phase::Play,
            "drawn" => Phase::Drawn {
                card: need(f.card, "card")?,
            },
            "penalty" => Phase::Penalty {
                total: need(f.total, "total")?,
                stackable: need(f.stackable, "stackable")?,
                challenge: f.challenge,
            },
            "choose" => Phase::Choose {
                choice: need(f.choice, "choice")?,
            },
            "round_over" => Phase::RoundOver(Outcome {
                winner: need(f.winner, "winner")?,
                points: need(f.points, "points")?,
                game_winner: f.game_winner,
            }),
            other => return Err(unknown("phase", other)),
        })
    }
}

/// The Wild Draw Four that may be challenged: who played it and whether they held the color.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offence {
    pub offender: Seat,
    pub guilty: bool,
}

/// Cards shown: to everyone (`to: None`, Web Swing) or to one seat (a challenge).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub seat: Seat,
    /// The hand as it was shown (a copy, which allocates nothing).
    pub cards: Hand,
    pub to: Option<Seat>,
}

/// How a round ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The seat that went out.
    pub winner: Seat,
    /// The points left in the other hands.
    pub points: u32,
    /// The seat that won the game, if this round ended it.
    pub game_winner: Option<Seat>,
}

/// A game in progress. Every field is private: it changes only through `apply`. Read back
/// from JSON, it is checked first (see `saved`).
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "saved::SavedGame")]
pub struct Game {
    rules: Rules,
    rng: Rng,
    hands: Vec<Hand>,
    /// The next card drawn is the last.
    draw_pile: Vec<Card>,
    /// The top card is the last.
    discard_pile: Vec<Card>,
    color: Option<Color>,
    turn: Seat,
    direction: Direction,
    dealer: Seat,
    scores: Vec<u32>,
    phase: Phase,
    /// Seats that have called UNO for the hand they hold (bit per seat).
    called_uno: u16,
    /// The seat that went down to one card without calling, while it can still be caught.
    uno_window: Option<Seat>,
    reveals: Vec<Reveal>,
    /// This round's events.
    history: Vec<Event>,
    /// Reused by `apply` to check legality without allocating.
    #[serde(skip)]
    scratch: Scratch,
}

// Written out rather than derived for `clone_from`: a search copies one guessed world into
// the same game for every option it plays out, and copying into the game's own piles, hands
// and history keeps their buffers instead of allocating new ones (and growing the history's
// at its first event).
impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            rules: self.rules,
            rng: self.rng.clone(),
            hands: self.hands.clone(),
            draw_pile: self.draw_pile.clone(),
            discard_pile: self.discard_pile.clone(),
            color: self.color,
            turn: self.turn,
            direction: self.direction,
            dealer: self.dealer,
            scores: self.scores.clone(),
            phase: self.phase,
            called_uno: self.called_uno,
            uno_window: self.uno_window,
            reveals: self.reveals.clone(),
            history: self.history.clone(),
            scratch: self.scratch.clone(),
        }
    }

    fn clone_from(&mut self, source: &Game) {
        // Every field named, so that a new one cannot be left out.
        let Game {
            rules,
            rng,
            hands,
            draw_pile,
            discard_pile,
            color,
            turn,
            direction,
            dealer,
            scores,
            phase,
            called_uno,
            uno_window,
            reveals,
            history,
            scratch: _,
        } = source;
        self.rules = *rules;
        self.rng.clone_from(rng);
        self.hands.clone_from(hands);
        self.draw_pile.clone_from(draw_pile);
        self.discard_pile.clone_from(discard_pile);
        self.color = *color;
        self.turn = *turn;
        self.direction = *direction;
        self.dealer = *dealer;
        self.scores.clone_from(scores);
        self.phase = *phase;
        self.called_uno = *called_uno;
        self.uno_window = *uno_window;
        self.reveals.clone_from(reveals);
        self.history.clone_from(history);
    }
}

/// A reusable buffer that is not part of the game's state: every two are equal.
#[derive(Clone, Debug, Default)]
struct Scratch(Vec<Action>);

impl PartialEq for Scratch {
    fn eq(&self, _: &Scratch) -> bool {
        true
    }
}
impl Eq for Scratch {}

impl Game {
    // ----- reading the state -----------------------------------------------------------------

    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    #[must_use]
    pub fn players(&self) -> usize {
        self.hands.len()
    }
    /// The number of seats, as a seat number: every seat is below it.
    #[must_use]
    pub fn seats(&self) -> Seat {
        self.hands.len() as Seat
    }
    #[must_use]
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[usize::from(seat)]
    }
    #[must_use]
    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }
    /// The draw pile, next card to be drawn first.
    #[must_use]
    pub fn draw_pile(&self) -> Vec<Card> {
        self.draw_pile.iter().rev().copied().collect()
    }
    #[must_use]
    pub fn draw_pile_size(&self) -> usize {
        self.draw_pile.len()
    }
    /// The discard pile, top card last.
    #[must_use]
    pub fn discard_pile(&self) -> &[Card] {
        &self.discard_pile
    }
    #[must_use]
    pub fn top_card(&self) -> Card {
        *self
            .discard_pile
            .last()
            .expect("the discard pile is never empty")
    }
    #[must_use]
    pub fn color(&self) -> Option<Color> {
        self.color
    }
    #[must_use]
    pub fn turn(&self) -> Seat {
        self.turn
    }
    #[must_use]
    pub fn direction(&self) -> Direction {
        self.direction
    }
    #[must_use]
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    #[must_use]
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Whether `seat` has called UNO for the hand it holds.
    #[must_use]
    pub fn has_called_uno(&self, seat: Seat) -> bool {
        self.called_uno & (1 << seat) != 0
    }
    /// The seat that can be caught for not calling UNO right now, if any.
    #[must_use]
    pub fn catchable(&self) -> Option<Seat> {
        self.uno_window
            .filter(|&s| self.hands[usize::from(s)].len() == 1 && !self.has_called_uno(s))
    }
    #[must_use]
    pub fn history(&self) -> &[Event] {
        &self.history
    }
    #[must_use]
    pub fn reveals(&self) -> &[Reveal] {
        &self.reveals
    }

    /// The table as a `Setup` (the `state` of a scenario result).
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            hands: self.hands.iter().map(|h| h.to_vec()).collect(),
            draw_pile: self.draw_pile(),
            discard_pile: self.discard_pile.clone(),
            color: self.color,
            turn: self.turn,
            direction: self.direction,
            dealer: self.dealer,
            scores: self.scores.clone(),
        }
    }

    // ----- small helpers ---------------------------------------------------------------------

    fn log(&mut self, event: Event) {
        self.history.push(event);
    }

    /// The seat `steps` places from `seat` in the direction of play.
    #[inline]
    fn seat_at(&self, seat: Seat, steps: isize) -> Seat {
        let n = self.players() as isize;
        debug_assert!(steps.abs() <= n);
        // |steps| <= n: one correction each way, without a division.
        let mut s = seat as isize + steps * self.direction.step() as isize;
        s += if s < 0 { n } else { 0 };
        s -= if s >= n { n } else { 0 };
        s as Seat
    }

    /// Every other seat, in the direction of play from `seat`.
    fn others(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        (1..self.players()).map(move |i| self.seat_at(seat, i as isize))
    }

    /// The turn moves `steps` seats on and a new turn begins.
    fn advance(&mut self, steps: isize) {
        self.turn = self.seat_at(self.turn, steps);
        self.phase = Phase::Play;
    }

    fn draw_cards(&mut self, seat: Seat, count: u16) {
        for _ in 0..count {
            if self.draw_one(seat).is_none() {
                break;
            }
        }
    }

    /// Moves the next card to `seat`'s hand, reshuffling the discard pile when the draw pile is
    /// empty; `None` when both are exhausted.
    #[inline(always)]
    fn draw_one(&mut self, seat: Seat) -> Option<Card> {
        if self.draw_pile.is_empty() {
            self.reshuffle();
        }
        let card = self.draw_pile.pop()?;
        self.hands[usize::from(seat)].push(card);
        self.called_uno &= !(1 << seat);
        self.log(Event::Drew {
            seat,
            card: Some(card),
        });
        Some(card)
    }

    #[cold]
    #[inline(never)]
    fn reshuffle(&mut self) {
        if self.discard_pile.len() < 2 {
            return;
        }
        let top = self.discard_pile.pop().expect("checked");
        std::mem::swap(&mut self.draw_pile, &mut self.discard_pile);
        self.discard_pile.push(top);
        self.rng.shuffle(&mut self.draw_pile);
        self.log(Event::Reshuffled {
            cards: self.draw_pile.len() as u16,
        });
    }
}
