//! What happened, in order: returned by `Game::apply` for the UI to animate and kept as the
//! round's history. A drawn card is shown only to its drawer (see `Event::seen_by`).

use crate::card::{Card, Color};
use crate::seat::{Direction, Seat};
use crate::tagged::{need, unknown};
use serde::{Deserialize, Deserializer, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
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

/// Every field any event has, read in one pass (see `tagged`).
#[derive(Deserialize)]
struct Fields {
    event: String,
    seat: Option<Seat>,
    dealer: Option<Seat>,
    target: Option<Seat>,
    winner: Option<Seat>,
    top: Option<Card>,
    card: Option<Card>,
    color: Option<Color>,
    direction: Option<Direction>,
    cards: Option<u16>,
    count: Option<u16>,
    total: Option<u16>,
    points: Option<u32>,
    guilty: Option<bool>,
}

impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Event, D::Error> {
        let f = Fields::deserialize(d)?;
        let seat = || need(f.seat, "seat");
        Ok(match f.event.as_str() {
            "round_started" => Event::RoundStarted {
                dealer: need(f.dealer, "dealer")?,
                top: need(f.top, "top")?,
                color: f.color,
            },
            "played" => Event::Played {
                seat: seat()?,
                card: need(f.card, "card")?,
                color: f.color,
            },
            "drew" => Event::Drew {
                seat: seat()?,
                card: f.card,
            },
            "reshuffled" => Event::Reshuffled {
                cards: need(f.cards, "cards")?,
            },
            "nothing_to_draw" => Event::NothingToDraw { seat: seat()? },
            "passed" => Event::Passed { seat: seat()? },
            "called_uno" => Event::CalledUno { seat: seat()? },
            "caught" => Event::Caught {
                seat: seat()?,
                target: need(f.target, "target")?,
            },
            "challenged" => Event::Challenged {
                seat: seat()?,
                target: need(f.target, "target")?,
                guilty: need(f.guilty, "guilty")?,
            },
            "accepted" => Event::Accepted { seat: seat()? },
            "must_draw" => Event::MustDraw {
                seat: seat()?,
                count: need(f.count, "count")?,
            },
            "stacked" => Event::Stacked {
                seat: seat()?,
                total: need(f.total, "total")?,
            },
            "skipped" => Event::Skipped { seat: seat()? },
            "reversed" => Event::Reversed {
                direction: need(f.direction, "direction")?,
            },
            "hands_revealed" => Event::HandsRevealed { seat: seat()? },
            "chose" => Event::Chose {
                seat: seat()?,
                target: f.target,
            },
            "hands_swapped" => Event::HandsSwapped {
                seat: seat()?,
                target: need(f.target, "target")?,
            },
            "hands_rotated" => Event::HandsRotated {
                direction: need(f.direction, "direction")?,
            },
            "discarded_color" => Event::DiscardedColor {
                seat: seat()?,
                color: need(f.color, "color")?,
                count: need(f.count, "count")?,
            },
            "plays_again" => Event::PlaysAgain { seat: seat()? },
            "round_ended" => Event::RoundEnded {
                winner: need(f.winner, "winner")?,
                points: need(f.points, "points")?,
            },
            "game_won" => Event::GameWon {
                winner: need(f.winner, "winner")?,
            },
            other => return Err(unknown("event", other)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drawn_card_is_seen_by_its_drawer_alone() {
        let drew = Event::Drew {
            seat: 1,
            card: Some(Card::number(Color::Green, 8)),
        };
        let hidden = Event::Drew {
            seat: 1,
            card: None,
        };
        assert_eq!(drew.seen_by(1), drew);
        assert_eq!(drew.seen_by(0), hidden);
        assert_eq!(drew.seen_from(None), hidden, "a watcher with no seat");
        let played = Event::Played {
            seat: 1,
            card: Card::WILD,
            color: Some(Color::Red),
        };
        assert_eq!(played.seen_by(0), played, "a play is seen by all");
    }

    #[test]
    fn every_kind_of_event_reads_back_as_written() {
        let (red, seven) = (Color::Red, Card::number(Color::Red, 7));
        let all = [
            Event::RoundStarted {
                dealer: 1,
                top: seven,
                color: Some(red),
            },
            Event::RoundStarted {
                dealer: 0,
                top: Card::WILD,
                color: None,
            },
            Event::Played {
                seat: 2,
                card: Card::WILD,
                color: Some(Color::Blue),
            },
            Event::Drew {
                seat: 3,
                card: Some(seven),
            },
            Event::Drew {
                seat: 3,
                card: None,
            },
            Event::Reshuffled { cards: 71 },
            Event::NothingToDraw { seat: 1 },
            Event::Passed { seat: 1 },
            Event::CalledUno { seat: 0 },
            Event::Caught { seat: 0, target: 2 },
            Event::Challenged {
                seat: 1,
                target: 0,
                guilty: true,
            },
            Event::Accepted { seat: 1 },
            Event::MustDraw { seat: 1, count: 4 },
            Event::Stacked { seat: 2, total: 6 },
            Event::Skipped { seat: 3 },
            Event::Reversed {
                direction: Direction::Right,
            },
            Event::HandsRevealed { seat: 2 },
            Event::Chose {
                seat: 2,
                target: Some(0),
            },
            Event::Chose {
                seat: 2,
                target: None,
            },
            Event::HandsSwapped { seat: 1, target: 3 },
            Event::HandsRotated {
                direction: Direction::Left,
            },
            Event::DiscardedColor {
                seat: 0,
                color: red,
                count: 3,
            },
            Event::PlaysAgain { seat: 0 },
            Event::RoundEnded {
                winner: 2,
                points: 131,
            },
            Event::GameWon { winner: 2 },
        ];
        for event in all {
            let text = serde_json::to_string(&event).unwrap();
            assert_eq!(
                serde_json::from_str::<Event>(&text).unwrap(),
                event,
                "{text}"
            );
        }
        assert_eq!(
            serde_json::to_string(&all[0]).unwrap(),
            r#"{"event":"round_started","dealer":1,"top":"R7","color":"red"}"#
        );
    }

    #[test]
    fn an_event_missing_a_field_or_of_no_kind_is_refused_by_name() {
        let read = |text: &str| serde_json::from_str::<Event>(text).unwrap_err().to_string();
        assert!(read(r#"{"event":"played","card":"R7"}"#).contains("missing field `seat`"));
        assert!(read(r#"{"event":"discarded_color","seat":1,"count":2}"#)
            .contains("missing field `color`"));
        assert!(read(r#"{"event":"won","winner":1}"#).contains("unknown event `won`"));
        assert!(read(r#"{"seat":1}"#).contains("missing field `event`"));
        assert!(read(r#"{"event":"passed","seat":"one"}"#).contains("invalid type"));
    }
}
