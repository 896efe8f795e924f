//! Cards and colors, and their codes in scenario files (`R7`, `BS`, `GD2`, `W4`, ...).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A card color. Masters of the Universe has purple where the others have yellow.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Blue,
    Green,
    Yellow,
    Purple,
}

impl Color {
    /// Every color any edition uses, in code order.
    pub const ALL: [Color; 5] = [
        Color::Red,
        Color::Blue,
        Color::Green,
        Color::Yellow,
        Color::Purple,
    ];

    /// The letter that starts this color's card codes.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::Blue => 'B',
            Color::Green => 'G',
            Color::Yellow => 'Y',
            Color::Purple => 'P',
        }
    }

    /// The word players use for it: "Red".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "Red",
            Color::Blue => "Blue",
            Color::Green => "Green",
            Color::Yellow => "Yellow",
            Color::Purple => "Purple",
        }
    }

    fn from_letter(c: char) -> Option<Color> {
        Color::ALL.into_iter().find(|k| k.letter() == c)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A card of some edition's deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Number(Color, u8),
    Skip(Color),
    Reverse(Color),
    DrawTwo(Color),
    Wild,
    WildDrawFour,
    /// Masters of the Universe: every other player draws three.
    WildGrayskull,
    /// Spider-Man: every other hand is shown; its player may skip a holder of the named color.
    WildWebSwing,
    /// A Blank (Classic with Blank cards) or Wild Customizable (ColorADD) card: a Wild whose
    /// effect the table chose before the game.
    WildCustom,
}

/// What a card shows besides its color: the part that matches "by number or symbol".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    Number(u8),
    Skip,
    Reverse,
    DrawTwo,
    Wild,
    WildDrawFour,
    WildGrayskull,
    WildWebSwing,
    WildCustom,
}

impl Card {
    /// The printed color; `None` for every Wild-type card.
    #[must_use]
    pub const fn color(self) -> Option<Color> {
        match self {
            Card::Number(c, _) | Card::Skip(c) | Card::Reverse(c) | Card::DrawTwo(c) => Some(c),
            _ => None,
        }
    }

    #[must_use]
    pub const fn face(self) -> Face {
        match self {
            Card::Number(_, n) => Face::Number(n),
            Card::Skip(_) => Face::Skip,
            Card::Reverse(_) => Face::Reverse,
            Card::DrawTwo(_) => Face::DrawTwo,
            Card::Wild => Face::Wild,
            Card::WildDrawFour => Face::WildDrawFour,
            Card::WildGrayskull => Face::WildGrayskull,
            Card::WildWebSwing => Face::WildWebSwing,
            Card::WildCustom => Face::WildCustom,
        }
    }

    /// A small distinct number for each different card (0..70), for bit sets.
    #[must_use]
    pub const fn id(self) -> u8 {
        let (color, offset) = match self {
            Card::Number(c, n) => (c, n),
            Card::Skip(c) => (c, 10),
            Card::Reverse(c) => (c, 11),
            Card::DrawTwo(c) => (c, 12),
            Card::Wild => return 65,
            Card::WildDrawFour => return 66,
            Card::WildGrayskull => return 67,
            Card::WildWebSwing => return 68,
            Card::WildCustom => return 69,
        };
        color as u8 * 13 + offset
    }

    /// Wild-type cards match anything and make their player name a color.
    #[must_use]
    pub const fn is_wild(self) -> bool {
        self.color().is_none()
    }

    /// Points this card scores when left in a hand: face value, 20 for actions, 50 for Wilds.
    #[must_use]
    pub const fn points(self) -> u32 {
        match self {
            Card::Number(_, n) => n as u32,
            Card::Skip(_) | Card::Reverse(_) | Card::DrawTwo(_) => 20,
            _ => 50,
        }
    }

    /// The scenario-file code: `R7`, `BS`, `GR`, `YD2`, `W`, `W4`, `WG`, `WS`, `WC`.
    #[must_use]
    pub fn code(self) -> String {
        self.to_string()
    }

    /// The card's name in words, as a screen reader says it: "Red 7", "Wild Draw Four".
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Card::Number(c, n) => format!("{c} {n}"),
            Card::Skip(c) => format!("{c} Skip"),
            Card::Reverse(c) => format!("{c} Reverse"),
            Card::DrawTwo(c) => format!("{c} Draw Two"),
            Card::Wild => "Wild".into(),
            Card::WildDrawFour => "Wild Draw Four".into(),
            Card::WildGrayskull => "Wild Power of Grayskull".into(),
            Card::WildWebSwing => "Wild Web Swing".into(),
            Card::WildCustom => "Wild Customizable".into(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::Number(c, n) => write!(f, "{}{n}", c.letter()),
            Card::Skip(c) => write!(f, "{}S", c.letter()),
            Card::Reverse(c) => write!(f, "{}R", c.letter()),
            Card::DrawTwo(c) => write!(f, "{}D2", c.letter()),
            Card::Wild => f.write_str("W"),
            Card::WildDrawFour => f.write_str("W4"),
            Card::WildGrayskull => f.write_str("WG"),
            Card::WildWebSwing => f.write_str("WS"),
            Card::WildCustom => f.write_str("WC"),
        }
    }
}

/// A card code that names no card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown card code {0:?}")]
pub struct UnknownCard(pub String);

impl FromStr for Card {
    type Err = UnknownCard;

    fn from_str(s: &str) -> Result<Card, UnknownCard> {
        let bad = || UnknownCard(s.to_string());
        let card = match s {
            "W" => Card::Wild,
            "W4" => Card::WildDrawFour,
            "WG" => Card::WildGrayskull,
            "WS" => Card::WildWebSwing,
            "WC" => Card::WildCustom,
            _ => {
                let mut chars = s.chars();
                let color = chars.next().and_then(Color::from_letter).ok_or_else(bad)?;
                match chars.as_str() {
                    "S" => Card::Skip(color),
                    "R" => Card::Reverse(color),
                    "D2" => Card::DrawTwo(color),
                    n if n.len() == 1 && n.as_bytes()[0].is_ascii_digit() => {
                        Card::Number(color, n.as_bytes()[0] - b'0')
                    }
                    _ => return Err(bad()),
                }
            }
        };
        Ok(card)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let code = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips() {
        for code in [
            "R0", "B9", "GS", "YR", "PD2", "W", "W4", "WG", "WS", "WC", "P5",
        ] {
            let card: Card = code.parse().unwrap();
            assert_eq!(card.to_string(), code);
        }
    }

    #[test]
    fn bad_codes_are_refused() {
        for code in ["", "X1", "R10", "RD", "W5", "r7", "R"] {
            assert_eq!(code.parse::<Card>(), Err(UnknownCard(code.to_string())));
        }
    }

    #[test]
    fn ids_are_distinct() {
        let mut ids = std::collections::BTreeSet::new();
        for color in Color::ALL {
            for n in 0..10 {
                ids.insert(Card::Number(color, n).id());
            }
            for card in [
                Card::Skip(color),
                Card::Reverse(color),
                Card::DrawTwo(color),
            ] {
                ids.insert(card.id());
            }
        }
        for card in [
            Card::Wild,
            Card::WildDrawFour,
            Card::WildGrayskull,
            Card::WildWebSwing,
            Card::WildCustom,
        ] {
            ids.insert(card.id());
        }
        assert_eq!(ids.len(), 70);
        assert!(ids.iter().all(|&id| id < 70));
    }

    #[test]
    fn points_and_names() {
        assert_eq!(Card::Number(Color::Red, 7).points(), 7);
        assert_eq!(Card::DrawTwo(Color::Blue).points(), 20);
        assert_eq!(Card::WildWebSwing.points(), 50);
        assert_eq!(Card::DrawTwo(Color::Yellow).name(), "Yellow Draw Two");
        assert_eq!(Card::WildDrawFour.name(), "Wild Draw Four");
    }
}
