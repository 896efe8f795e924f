//! What happened, in order: returned by `Game::apply` for the UI to animate and kept as the
//! round's history. A drawn card is shown only to its drawer (see `Event::seen_by`).

use crate::card::{Card, Color};
use crate::seat::{Direction, Seat};
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A round began: `top` stands on the discard pile and `color` is in force (none after a
    /// Wild start card). Logged before any effect of the start card.
    RoundStarted {
        dealer: Seat,
        top: Card,
        color: Option<Color>,
    },
    /// A card went onto the discard pile; `color` is the color in force after it.
    Played {
        seat: Seat,
        card: Card,
        color: Option<Color>,
    },
    /// One card went from the draw pile to a hand; `card` is `None` where it is hidden.
    Drew {
        seat: Seat,
        card: Option<Card>,
    },
    /// The discard pile (less its top card) was shuffled into a new draw pile.
    Reshuffled {
        /// (Counts are `u16`: a deck holds fewer than 128 cards, and events stay small.)
        cards: u16,
    },
    /// Both piles are exhausted: the seat draws nothing and the turn passes.
    NothingToDraw {
        seat: Seat,
    },
    /// The seat kept the card it drew.
    Passed {
        seat: Seat,
    },
    CalledUno {
        seat: Seat,
    },
    /// `seat` caught `target`, who draws the penalty.
    Caught {
        seat: Seat,
        target: Seat,
    },
    Challenged {
        seat: Seat,
        target: Seat,
        guilty: bool,
    },
    Accepted {
        seat: Seat,
    },
    /// The seat must draw this many cards (a Draw Two, Wild Draw Four, penalty or effect).
    MustDraw {
        seat: Seat,
        count: u16,
    },
    /// A penalty grew by stacking and passed on.
    Stacked {
        seat: Seat,
        total: u16,
    },
    Skipped {
        seat: Seat,
    },
    Reversed {
        direction: Direction,
    },
    /// Web Swing: every other hand is shown to all (see `PlayerView::revealed`).
    HandsRevealed {
        seat: Seat,
    },
    Chose {
        seat: Seat,
        target: Option<Seat>,
    },
    HandsSwapped {
        seat: Seat,
        target: Seat,
    },
    HandsRotated {
        direction: Direction,
    },
    DiscardedColor {
        seat: Seat,
        color: Color,
        count: u16,
    },
    PlaysAgain {
        seat: Seat,
    },
    RoundEnded {
        winner: Seat,
        points: u32,
    },
    GameWon {
        winner: Seat,
    },
}

impl Event {
    /// The seats this event names.
    #[must_use]
    pub fn seats(self) -> [Option<Seat>; 2] {
        match self {
            Event::RoundStarted { dealer: seat, .. }
            | Event::Played { seat, .. }
            | Event::Drew { seat, .. }
            | Event::NothingToDraw { seat }
            | Event::Passed { seat }
            | Event::CalledUno { seat }
            | Event::Accepted { seat }
            | Event::MustDraw { seat, .. }
            | Event::Stacked { seat, .. }
            | Event::Skipped { seat }
            | Event::HandsRevealed { seat }
            | Event::DiscardedColor { seat, .. }
            | Event::PlaysAgain { seat }
            | Event::RoundEnded { winner: seat, .. }
            | Event::GameWon { winner: seat } => [Some(seat), None],
            Event::Caught { seat, target }
            | Event::Challenged { seat, target, .. }
            | Event::HandsSwapped { seat, target } => [Some(seat), Some(target)],
            Event::Chose { seat, target } => [Some(seat), target],
            Event::Reshuffled { .. } | Event::Reversed { .. } | Event::HandsRotated { .. } => {
                [None, None]
            }
        }
    }

    /// This event as `viewer` may know it: other seats' drawn cards are hidden.
    #[must_use]
    pub fn seen_by(self, viewer: Seat) -> Event {
        self.seen_from(Some(viewer))
    }

    /// This event as a seat (or, with `None`, a watcher with no seat) may know it.
    #[must_use]
    pub fn seen_from(self, viewer: Option<Seat>) -> Event {
        match self {
            Event::Drew { seat, .. } if Some(seat) != viewer => Event::Drew { seat, card: None },
            other => other,
        }
    }
}
