//! What a seat can do, in the scenario file's words.

use crate::card::{Card, Color};
use crate::tagged::{need, unknown};
use serde::{Deserialize, Deserializer, Serialize};

pub use crate::seat::Seat;

/// One thing one seat does. Serialized as `{"seat": 0, "do": "play", "card": "R7"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Action {
    /// Play a card; `color` names the new color for a Wild-type card and is absent otherwise.
    Play {
        seat: Seat,
        card: Card,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        color: Option<Color>,
    },
    /// Draw on one's turn, or take a Draw Two / Wild Draw Four penalty when stacking is on.
    Draw { seat: Seat },
    /// Keep a playable card just drawn.
    Pass { seat: Seat },
    /// Call "UNO!".
    #[serde(rename = "uno")]
    CallUno { seat: Seat },
    /// Catch `target`, who has one card and did not call UNO.
    Catch { seat: Seat, target: Seat },
    /// Challenge the Wild Draw Four just played on this seat.
    Challenge { seat: Seat },
    /// Take the Wild Draw Four's cards without a challenge.
    Accept { seat: Seat },
    /// Pick a seat for Web Swing (`None`: skip no one), seven-O's 7 or a swap-hands card.
    Choose { seat: Seat, target: Option<Seat> },
}

/// Every field any action has, read in one pass (see `tagged`).
#[derive(Deserialize)]
struct Fields {
    #[serde(rename = "do")]
    verb: String,
    seat: Option<Seat>,
    card: Option<Card>,
    color: Option<Color>,
    target: Option<Seat>,
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let f = Fields::deserialize(d)?;
        let seat = || need(f.seat, "seat");
        Ok(match f.verb.as_str() {
            "play" => Action::Play {
                seat: seat()?,
                card: need(f.card, "card")?,
                color: f.color,
            },
            "draw" => Action::Draw { seat: seat()? },
            "pass" => Action::Pass { seat: seat()? },
            "uno" => Action::CallUno { seat: seat()? },
            "catch" => Action::Catch {
                seat: seat()?,
                target: need(f.target, "target")?,
            },
            "challenge" => Action::Challenge { seat: seat()? },
            "accept" => Action::Accept { seat: seat()? },
            "choose" => Action::Choose {
                seat: seat()?,
                target: f.target,
            },
            other => return Err(unknown("action", other)),
        })
    }
}

impl Action {
    /// The seat that acts.
    #[must_use]
    pub const fn seat(&self) -> Seat {
        match *self {
            Action::Play { seat, .. }
            | Action::Draw { seat }
            | Action::Pass { seat }
            | Action::CallUno { seat }
            | Action::Catch { seat, .. }
            | Action::Challenge { seat }
            | Action::Accept { seat }
            | Action::Choose { seat, .. } => seat,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_as_written_and_a_bad_one_is_named() {
        let all = [
            Action::Play {
                seat: 0,
                card: Card::number(Color::Red, 7),
                color: None,
            },
            Action::Play {
                seat: 1,
                card: Card::WILD,
                color: Some(Color::Green),
            },
            Action::Draw { seat: 2 },
            Action::Pass { seat: 2 },
            Action::CallUno { seat: 3 },
            Action::Catch { seat: 0, target: 3 },
            Action::Challenge { seat: 1 },
            Action::Accept { seat: 1 },
            Action::Choose {
                seat: 2,
                target: Some(0),
            },
            Action::Choose {
                seat: 2,
                target: None,
            },
        ];
        for action in all {
            let text = serde_json::to_string(&action).unwrap();
            assert_eq!(
                serde_json::from_str::<Action>(&text).unwrap(),
                action,
                "{text}"
            );
        }
        let read = |text: &str| {
            serde_json::from_str::<Action>(text)
                .unwrap_err()
                .to_string()
        };
        assert!(read(r#"{"do":"play","seat":0}"#).contains("missing field `card`"));
        assert!(read(r#"{"do":"catch","seat":0}"#).contains("missing field `target`"));
        assert!(read(r#"{"do":"fly"}"#).contains("unknown action `fly`"));
        assert!(read(r#"{"seat":0}"#).contains("missing field `do`"));
    }
}
