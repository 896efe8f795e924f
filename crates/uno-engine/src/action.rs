//! What a seat can do, in the scenario file's words.

use crate::card::{Card, Color};
use serde::{Deserialize, Serialize};

pub use crate::seat::Seat;

/// One thing one seat does. Serialized as `{"seat": 0, "do": "play", "card": "R7"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
