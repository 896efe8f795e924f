//! Cards and colors, and their codes in scenario files (`R7`, `BS`, `GD2`, `W4`, ...).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A card color. Masters of the Universe has purple where the others have yellow.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red = 0,
    Blue = 1,
    Green = 2,
    Yellow = 3,
    Purple = 4,
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

/// A card of some edition's deck, packed in one byte: the color's index in the high nibble (5
/// for Wild-type cards) and the face in the low one. Build one with `Card::number`,
/// `Card::skip`, ... or a constant such as `Card::WILD`; read it with `color()` and `face()`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

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
    /// Masters of the Universe: every other player draws three.
    WildGrayskull,
    /// Spider-Man: every other hand is shown; its player may skip a holder of the named color.
    WildWebSwing,
    /// A Blank (Classic with Blank cards) or Wild Customizable (ColorADD) card: a Wild whose
    /// effect the table chose before the game.
    WildCustom,
}

const WILD_NIBBLE: u8 = 5;
const SKIP: u8 = 10;
const REVERSE: u8 = 11;
const DRAW_TWO: u8 = 12;

impl Card {
    pub const WILD: Card = Card(WILD_NIBBLE << 4);
    pub const WILD_DRAW_FOUR: Card = Card(WILD_NIBBLE << 4 | 1);
    pub const WILD_GRAYSKULL: Card = Card(WILD_NIBBLE << 4 | 2);
    pub const WILD_WEB_SWING: Card = Card(WILD_NIBBLE << 4 | 3);
    pub const WILD_CUSTOM: Card = Card(WILD_NIBBLE << 4 | 4);

    /// A number card, 0 to 9.
    #[must_use]
    pub const fn number(color: Color, n: u8) -> Card {
        assert!(n <= 9, "number cards go from 0 to 9");
        Card((color as u8) << 4 | n)
    }
    #[must_use]
    pub const fn skip(color: Color) -> Card {
        Card((color as u8) << 4 | SKIP)
    }
    #[must_use]
    pub const fn reverse(color: Color) -> Card {
        Card((color as u8) << 4 | REVERSE)
    }
    #[must_use]
    pub const fn draw_two(color: Color) -> Card {
        Card((color as u8) << 4 | DRAW_TWO)
    }

    /// The printed color; `None` for every Wild-type card.
    #[must_use]
    #[inline]
    pub const fn color(self) -> Option<Color> {
        if self.is_wild() {
            None
        } else {
            Some(Color::ALL[(self.0 >> 4) as usize])
        }
    }

    #[must_use]
    pub const fn face(self) -> Face {
        let low = self.0 & 15;
        if self.is_wild() {
            return match low {
                0 => Face::Wild,
                1 => Face::WildDrawFour,
                2 => Face::WildGrayskull,
                3 => Face::WildWebSwing,
                _ => Face::WildCustom,
            };
        }
        match low {
            SKIP => Face::Skip,
            REVERSE => Face::Reverse,
            DRAW_TWO => Face::DrawTwo,
            n => Face::Number(n),
        }
    }

    /// Whether two cards show the same number or symbol (for Wild-type cards: the same card).
    #[must_use]
    #[inline]
    pub const fn same_face(self, other: Card) -> bool {
        self.0 & 15 == other.0 & 15 && self.is_wild() == other.is_wild()
    }

    /// Whether this card may go on `top` with `color` in force, by color or face (Wild-type
    /// cards go on anything; with no color in force, anything goes). The one rule of what
    /// fits: the engine judges plays by it, and bots read past plays by it.
    #[must_use]
    #[inline]
    pub const fn fits(self, top: Card, color: Option<Color>) -> bool {
        match (self.color(), color) {
            (None, _) | (_, None) => true,
            (Some(c), Some(color)) => c as u8 == color as u8 || self.same_face(top),
        }
    }

    /// A small distinct number for each different card (below 128), for bit sets.
    #[must_use]
    #[inline]
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The card with this `id`; only for ids that came from `id()`.
    #[inline]
    pub(crate) const fn from_id(id: u8) -> Card {
        Card(id)
    }

    /// A colored card's face as a number (0–9, then Skip, Reverse, Draw Two); for a Wild-type
    /// card, a code no colored card has.
    #[inline]
    pub(crate) const fn face_code(self) -> u8 {
        if self.is_wild() {
            0xFF
        } else {
            self.0 & 15
        }
    }

    /// Wild-type cards match anything and make their player name a color.
    #[must_use]
    #[inline]
    pub const fn is_wild(self) -> bool {
        self.0 >> 4 == WILD_NIBBLE
    }

    /// Points this card scores when left in a hand: face value, 20 for actions, 50 for Wilds.
    #[must_use]
    pub const fn points(self) -> u32 {
        match self.face() {
            Face::Number(n) => n as u32,
            Face::Skip | Face::Reverse | Face::DrawTwo => 20,
            _ => 50,
        }
    }

    /// The card's name in words, as a screen reader says it: "Red 7", "Wild Draw Four".
    #[must_use]
    pub fn name(self) -> String {
        let color = self.color().map_or("", Color::name);
        match self.face() {
            Face::Number(n) => format!("{color} {n}"),
            Face::Skip => format!("{color} Skip"),
            Face::Reverse => format!("{color} Reverse"),
            Face::DrawTwo => format!("{color} Draw Two"),
            Face::Wild => "Wild".into(),
            Face::WildDrawFour => "Wild Draw Four".into(),
            Face::WildGrayskull => "Wild Power of Grayskull".into(),
            Face::WildWebSwing => "Wild Web Swing".into(),
            Face::WildCustom => "Wild Customizable".into(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = self.color() {
            write!(f, "{}", c.letter())?;
        }
        match self.face() {
            Face::Number(n) => write!(f, "{n}"),
            Face::Skip => f.write_str("S"),
            Face::Reverse => f.write_str("R"),
            Face::DrawTwo => f.write_str("D2"),
            Face::Wild => f.write_str("W"),
            Face::WildDrawFour => f.write_str("W4"),
            Face::WildGrayskull => f.write_str("WG"),
            Face::WildWebSwing => f.write_str("WS"),
            Face::WildCustom => f.write_str("WC"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card code that names no card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("unknown card code {0:?}")]
pub struct UnknownCard(pub String);

impl FromStr for Card {
    type Err = UnknownCard;

    fn from_str(s: &str) -> Result<Card, UnknownCard> {
        let bad = || UnknownCard(s.to_string());
        let card = match s {
            "W" => Card::WILD,
            "W4" => Card::WILD_DRAW_FOUR,
            "WG" => Card::WILD_GRAYSKULL,
            "WS" => Card::WILD_WEB_SWING,
            "WC" => Card::WILD_CUSTOM,
            _ => {
                let mut chars = s.chars();
                let color = chars.next().and_then(Color::from_letter).ok_or_else(bad)?;
                match chars.as_str() {
                    "S" => Card::skip(color),
                    "R" => Card::reverse(color),
                    "D2" => Card::draw_two(color),
                    n if n.len() == 1 && n.as_bytes()[0].is_ascii_digit() => {
                        Card::number(color, n.as_bytes()[0] - b'0')
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
    fn a_card_fits_by_color_or_face_and_a_wild_fits_anything() {
        let card = |code: &str| code.parse::<Card>().unwrap();
        let on_red_three = |code: &str| card(code).fits(card("R3"), Some(Color::Red));
        assert!(on_red_three("R9") && on_red_three("B3") && on_red_three("W4"));
        assert!(!on_red_three("B9") && !on_red_three("GS"));
        // After a Wild naming blue, a blue card fits and a red one does not.
        assert!(card("BS").fits(card("W"), Some(Color::Blue)));
        assert!(!card("RS").fits(card("W"), Some(Color::Blue)));
        // A Wild start card leaves no color in force: anything goes.
        assert!(card("G7").fits(card("W"), None));
    }

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
                ids.insert(Card::number(color, n).id());
            }
            for card in [
                Card::skip(color),
                Card::reverse(color),
                Card::draw_two(color),
            ] {
                ids.insert(card.id());
            }
        }
        for card in [
            Card::WILD,
            Card::WILD_DRAW_FOUR,
            Card::WILD_GRAYSKULL,
            Card::WILD_WEB_SWING,
            Card::WILD_CUSTOM,
        ] {
            ids.insert(card.id());
        }
        assert_eq!(ids.len(), 70);
        assert!(ids.iter().all(|&id| id < 128));
    }

    #[test]
    fn points_and_names() {
        assert_eq!(Card::number(Color::Red, 7).points(), 7);
        assert_eq!(Card::draw_two(Color::Blue).points(), 20);
        assert_eq!(Card::WILD_WEB_SWING.points(), 50);
        assert_eq!(Card::draw_two(Color::Yellow).name(), "Yellow Draw Two");
        assert_eq!(Card::WILD_DRAW_FOUR.name(), "Wild Draw Four");
        assert_eq!(Card::number(Color::Blue, 7).color(), Some(Color::Blue));
        assert_eq!(Card::skip(Color::Purple).face(), Face::Skip);
        assert!(Card::skip(Color::Red).same_face(Card::skip(Color::Green)));
        assert!(!Card::skip(Color::Red).same_face(Card::reverse(Color::Red)));
        assert!(!Card::number(Color::Red, 0).same_face(Card::WILD));
    }
}
