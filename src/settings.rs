//! The settings many components read (ColorADD symbols, the speed of cards and opponents,
//! sound, the edition whose cards are drawn), given to them by a Yew context instead of
//! passed down by hand.

use serde::{Deserialize, Serialize};
use uno_engine::Edition;

/// How the table looks and moves for this player. Provided by the app with
/// `ContextProvider<Settings>`; a component reads it with `use_context::<Settings>()`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// ColorADD symbols on cards, the picker and in messages.
    pub symbols: bool,
    pub speed: Speed,
    /// Sound effects (and vibration) on; remembered apart from the game's options.
    pub sound: bool,
    /// The edition at the table: its colors paint the Wilds.
    pub edition: Edition,
}

/// How fast cards move (the travel times are in static/style.css, by `data-speed`) and how
/// long an opponent pauses before its move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Slow,
    #[default]
    Normal,
    Fast,
    /// No animation, and the shortest pause.
    Instant,
}

impl Speed {
    pub const ALL: [(Speed, &'static str); 4] = [
        (Speed::Slow, "Slow"),
        (Speed::Normal, "Normal"),
        (Speed::Fast, "Fast"),
        (Speed::Instant, "No animation"),
    ];

    /// The speed's name in the page's CSS (`data-speed`).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    /// Milliseconds a bot waits before it catches a missed UNO: a person's reaction time, so
    /// a person's chance to catch (or to call) is as fair as the bots'.
    #[must_use]
    pub fn reaction_ms(self) -> u32 {
        match self {
            Speed::Slow => 1600,
            Speed::Normal => 1200,
            Speed::Fast => 900,
            Speed::Instant => 600,
        }
    }

    /// Milliseconds an opponent waits before its move, so a person can follow.
    #[must_use]
    pub fn pause_ms(self) -> u32 {
        match self {
            Speed::Slow => 1400,
            Speed::Normal => 750,
            Speed::Fast => 300,
            Speed::Instant => 60,
        }
    }
}
