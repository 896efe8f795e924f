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

    /// Milliseconds a bot waits before it takes a chance out of turn (a catch, its own late UNO
    /// call, a jump-in): a person's reaction time, so a person's chance to catch, call or play
    /// first is as fair as the bots'.
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

/// How the player chose to see the table on the New game screen (ColorADD symbols, the
/// speed of cards), read from the saved options by a page without that screen: the online
/// app. Read leniently: anything unreadable is the default look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct SavedLook {
    pub symbols: bool,
    pub speed: Speed,
}

impl SavedLook {
    /// The look saved in the options' JSON (`None`: nothing saved).
    #[must_use]
    pub fn read(options: Option<&str>) -> SavedLook {
        options
            .and_then(|text| serde_json::from_str(text).ok())
            .unwrap_or_default()
    }

    /// The options' JSON with `symbols` set and every other key kept (a save that cannot be
    /// read keeps nothing else: the New game screen reads missing keys as their defaults).
    #[must_use]
    pub fn with_symbols(options: Option<&str>, symbols: bool) -> String {
        let mut saved = options
            .and_then(|text| serde_json::from_str::<serde_json::Value>(text).ok())
            .filter(serde_json::Value::is_object)
            .unwrap_or_else(|| serde_json::json!({}));
        saved["symbols"] = serde_json::Value::Bool(symbols);
        saved.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_saved_look_is_read_leniently_and_symbols_written_keep_the_rest() {
        let saved = r#"{"edition":"masters","players":5,"symbols":true,"speed":"instant"}"#;
        assert_eq!(
            SavedLook::read(Some(saved)),
            SavedLook {
                symbols: true,
                speed: Speed::Instant
            }
        );
        assert_eq!(SavedLook::read(None), SavedLook::default());
        assert_eq!(SavedLook::read(Some("{not json")), SavedLook::default());
        assert_eq!(
            SavedLook::read(Some(r#"{"symbols":true}"#)),
            SavedLook {
                symbols: true,
                speed: Speed::Normal
            }
        );

        let written = SavedLook::with_symbols(Some(saved), false);
        let back: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(back["symbols"], false);
        assert_eq!(back["edition"], "masters");
        assert_eq!(back["players"], 5);
        assert_eq!(
            SavedLook::with_symbols(Some("[1,2]"), true),
            r#"{"symbols":true}"#
        );
        assert_eq!(SavedLook::with_symbols(None, true), r#"{"symbols":true}"#);
    }
}
