//! The five editions as data: deck, colors, start-card and dealer rules, penalties, defaults.
//! Where the rule sheets differ, this table follows the project's RULES.md.

use crate::card::{Card, Color, Face};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A rule edition of the game.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edition {
    #[default]
    #[serde(rename = "classic")]
    Classic,
    #[serde(rename = "classic-blank")]
    ClassicBlank,
    #[serde(rename = "masters")]
    Masters,
    #[serde(rename = "spider-man")]
    SpiderMan,
    #[serde(rename = "coloradd")]
    ColorAdd,
}

/// How the dealer is chosen before the first round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealerRule {
    /// Each player draws; highest number deals, symbols count 0; ties draw again.
    HighestNumber,
    /// Each player draws; highest point value deals; ties draw again.
    HighestPoints,
    /// Any player: chosen at random.
    Random,
}

/// What happens when a card of some kind is turned up to start the discard pile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartCard {
    /// The card acts on the first player (Draw Two, Skip, Reverse) or lets them name a color (Wilds).
    Acts,
    /// Back into the draw pile at a random place; turn up another.
    Returned,
    /// Left where it is; turn up another on top of it (Spider-Man).
    Ignored,
}

/// Who plays first when a Reverse starts the discard pile (play then goes to the right).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReverseStart {
    Dealer,
    DealersRight,
}

/// Everything that makes one edition differ from another (static data: serialize only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditionRules {
    pub name: &'static str,
    /// The four card colors in deck order.
    pub colors: [Color; 4],
    /// The edition's own Wild card, if it has one.
    pub edition_card: Option<Card>,
    /// How many edition cards the deck holds at most (and by default).
    pub edition_cards: u8,
    /// Whether the table may choose to play with fewer edition cards (Blank, Customizable).
    pub edition_cards_optional: bool,
    pub dealer: DealerRule,
    /// Draw Two, Skip and Reverse turned up at the start.
    pub start_action: StartCard,
    /// Wild and edition Wild cards turned up at the start.
    pub start_wild: StartCard,
    /// Wild Draw Four turned up at the start.
    pub start_wild_draw_four: StartCard,
    pub reverse_start: ReverseStart,
    pub uno_penalty: u8,
    /// Spider-Man: a Wild-type card in hand counts as holding the color when a Wild Draw Four
    /// is judged.
    pub wild_matches_for_draw_four: bool,
    pub default_scoring: Scoring,
}

/// How rounds add up to a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// The player who goes out scores the other hands; first to the target wins.
    Standard,
    /// Each player adds the points left in their own hand; when anyone reaches the target the
    /// lowest total wins.
    Alternative,
    /// The first player out wins the game.
    SingleHand,
}

const FOUR: [Color; 4] = [Color::Red, Color::Blue, Color::Green, Color::Yellow];

const CLASSIC: EditionRules = EditionRules {
    name: "Classic",
    colors: FOUR,
    edition_card: None,
    edition_cards: 0,
    edition_cards_optional: false,
    dealer: DealerRule::HighestNumber,
    start_action: StartCard::Acts,
    start_wild: StartCard::Acts,
    start_wild_draw_four: StartCard::Returned,
    reverse_start: ReverseStart::Dealer,
    uno_penalty: 2,
    wild_matches_for_draw_four: false,
    default_scoring: Scoring::Standard,
};

const CLASSIC_BLANK: EditionRules = EditionRules {
    name: "Classic with Blank cards",
    edition_card: Some(Card::WILD_CUSTOM),
    edition_cards: 4,
    edition_cards_optional: true,
    dealer: DealerRule::HighestPoints,
    start_wild: StartCard::Returned,
    reverse_start: ReverseStart::DealersRight,
    uno_penalty: 4,
    ..CLASSIC
};

const MASTERS: EditionRules = EditionRules {
    name: "Masters of the Universe",
    colors: [Color::Red, Color::Blue, Color::Green, Color::Purple],
    edition_card: Some(Card::WILD_GRAYSKULL),
    edition_cards: 4,
    ..CLASSIC
};

const SPIDER_MAN: EditionRules = EditionRules {
    name: "Spider-Man",
    edition_card: Some(Card::WILD_WEB_SWING),
    edition_cards: 4,
    dealer: DealerRule::Random,
    start_action: StartCard::Ignored,
    start_wild: StartCard::Ignored,
    start_wild_draw_four: StartCard::Ignored,
    wild_matches_for_draw_four: true,
    default_scoring: Scoring::SingleHand,
    ..CLASSIC
};

const COLORADD: EditionRules = EditionRules {
    name: "ColorADD",
    edition_card: Some(Card::WILD_CUSTOM),
    edition_cards: 4,
    edition_cards_optional: true,
    ..CLASSIC
};

/// The 108 cards every edition shares in its four colors, then four edition cards.
const fn full_deck(colors: [Color; 4], edition_card: Card) -> [Card; 112] {
    let mut deck = [Card::WILD; 112];
    let mut i = 0;
    let mut c = 0;
    while c < 4 {
        let color = colors[c];
        deck[i] = Card::number(color, 0);
        i += 1;
        let mut n = 1;
        while n <= 9 {
            deck[i] = Card::number(color, n);
            deck[i + 1] = Card::number(color, n);
            i += 2;
            n += 1;
        }
        let mut k = 0;
        while k < 2 {
            deck[i] = Card::skip(color);
            deck[i + 1] = Card::reverse(color);
            deck[i + 2] = Card::draw_two(color);
            i += 3;
            k += 1;
        }
        c += 1;
    }
    // deck[100..104] stay Wild.
    let mut k = 104;
    while k < 108 {
        deck[k] = Card::WILD_DRAW_FOUR;
        deck[k + 4] = edition_card;
        k += 1;
    }
    deck
}

const DECK_CUSTOM: [Card; 112] = full_deck(FOUR, Card::WILD_CUSTOM);
const DECK_MASTERS: [Card; 112] = full_deck(
    [Color::Red, Color::Blue, Color::Green, Color::Purple],
    Card::WILD_GRAYSKULL,
);
const DECK_SPIDER_MAN: [Card; 112] = full_deck(FOUR, Card::WILD_WEB_SWING);

impl Edition {
    pub const ALL: [Edition; 5] = [
        Edition::Classic,
        Edition::ClassicBlank,
        Edition::Masters,
        Edition::SpiderMan,
        Edition::ColorAdd,
    ];

    /// Every edition's code, as a sentence lists them (a test keeps it to `ALL`).
    pub const CODES: &'static str = "classic, classic-blank, masters, spider-man or coloradd";

    /// A card's name at this edition's table: the Blank edition's own card is a "Blank card"
    /// (as its sheet and its blank face say), ColorADD's the same card a "Wild Customizable".
    #[must_use]
    pub fn card_name(self, card: Card) -> String {
        match (self, card.face()) {
            (Edition::ClassicBlank, Face::WildCustom) => "Blank card".into(),
            _ => card.name(),
        }
    }

    #[must_use]
    pub const fn rules(self) -> &'static EditionRules {
        match self {
            Edition::Classic => &CLASSIC,
            Edition::ClassicBlank => &CLASSIC_BLANK,
            Edition::Masters => &MASTERS,
            Edition::SpiderMan => &SPIDER_MAN,
            Edition::ColorAdd => &COLORADD,
        }
    }

    /// The code used in scenario files and URLs: `classic`, `spider-man`, ...
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Edition::Classic => "classic",
            Edition::ClassicBlank => "classic-blank",
            Edition::Masters => "masters",
            Edition::SpiderMan => "spider-man",
            Edition::ColorAdd => "coloradd",
        }
    }

    #[must_use]
    pub fn has_color(self, color: Color) -> bool {
        self.rules().colors.contains(&color)
    }

    /// The full deck, in a fixed order, with `edition_cards` of the edition's own card
    /// (clamped to what the edition allows).
    #[must_use]
    pub fn deck(self, edition_cards: u8) -> Vec<Card> {
        self.deck_cards(edition_cards).to_vec()
    }

    /// `deck` without a copy.
    #[must_use]
    pub fn deck_cards(self, edition_cards: u8) -> &'static [Card] {
        let full: &'static [Card; 112] = match self {
            Edition::Masters => &DECK_MASTERS,
            Edition::SpiderMan => &DECK_SPIDER_MAN,
            Edition::Classic | Edition::ClassicBlank | Edition::ColorAdd => &DECK_CUSTOM,
        };
        &full[..108 + usize::from(self.edition_card_count(edition_cards))]
    }

    /// How many edition cards a deck holds when the table asked for `chosen`: the full four
    /// unless the edition lets the table choose (Blank, Customizable).
    #[must_use]
    pub fn edition_card_count(self, chosen: u8) -> u8 {
        let rules = self.rules();
        if rules.edition_cards_optional {
            chosen.min(rules.edition_cards)
        } else {
            rules.edition_cards
        }
    }

    /// How many copies of `card` this edition's deck holds.
    #[must_use]
    pub fn copies(self, card: Card, edition_cards: u8) -> usize {
        let rules = self.rules();
        if let Some(color) = card.color() {
            if !self.has_color(color) {
                return 0;
            }
        }
        match card.face() {
            Face::Number(0) => 1,
            Face::Number(_) | Face::Skip | Face::Reverse | Face::DrawTwo => 2,
            Face::Wild | Face::WildDrawFour => 4,
            _ if rules.edition_card == Some(card) => {
                usize::from(self.edition_card_count(edition_cards))
            }
            _ => 0,
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rules().name)
    }
}

/// An edition code that names no edition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("unknown edition {0:?} (expected {codes})", codes = Edition::CODES)]
pub struct UnknownEdition(pub String);

impl FromStr for Edition {
    type Err = UnknownEdition;

    fn from_str(s: &str) -> Result<Edition, UnknownEdition> {
        Edition::ALL
            .into_iter()
            .find(|e| e.code() == s)
            .ok_or_else(|| UnknownEdition(s.to_string()))
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_blank_edition_names_its_own_card_a_blank_card() {
        assert_eq!(
            Edition::ClassicBlank.card_name(Card::WILD_CUSTOM),
            "Blank card"
        );
        assert_eq!(
            Edition::ColorAdd.card_name(Card::WILD_CUSTOM),
            "Wild Customizable"
        );
        assert_eq!(Edition::ClassicBlank.card_name(Card::WILD), "Wild");
        assert_eq!(
            Edition::ClassicBlank.card_name(Card::number(Color::Red, 7)),
            "Red 7"
        );
    }

    use super::*;

    #[test]
    fn the_codes_sentence_names_every_edition_in_order() {
        let codes: Vec<&str> = Edition::ALL.iter().map(|e| e.code()).collect();
        let (last, rest) = codes.split_last().unwrap();
        assert_eq!(Edition::CODES, format!("{} or {last}", rest.join(", ")));
    }

    #[test]
    fn deck_sizes() {
        assert_eq!(Edition::Classic.deck(4).len(), 108);
        for e in [
            Edition::ClassicBlank,
            Edition::Masters,
            Edition::SpiderMan,
            Edition::ColorAdd,
        ] {
            assert_eq!(e.deck(4).len(), 112, "{e}");
        }
        assert_eq!(Edition::ColorAdd.deck(1).len(), 109);
        assert_eq!(
            Edition::Masters.deck(0).len(),
            112,
            "Masters always has its four"
        );
    }

    /// RULES.md's table "Where the editions differ", row by row, its columns in `ALL`'s order
    /// (Classic, Blank, Masters, Spider-Man, ColorADD): the data the engine plays by, said once
    /// more as the rules document says it.
    #[test]
    fn the_editions_differ_as_rules_md_says() {
        fn row<T>(field: impl Fn(&EditionRules) -> T) -> [T; 5] {
            Edition::ALL.map(|e| field(e.rules()))
        }
        use DealerRule::{HighestNumber, HighestPoints, Random};
        use StartCard::{Acts, Ignored, Returned};
        assert_eq!(
            row(|r| r.name),
            [
                "Classic",
                "Classic with Blank cards",
                "Masters of the Universe",
                "Spider-Man",
                "ColorADD"
            ]
        );
        assert_eq!(
            row(|r| r.dealer),
            [
                HighestNumber,
                HighestPoints,
                HighestNumber,
                Random,
                HighestNumber
            ]
        );
        assert_eq!(
            row(|r| r.start_wild),
            [Acts, Returned, Acts, Ignored, Acts],
            "a Wild turned up at the start"
        );
        assert_eq!(
            row(|r| r.start_wild_draw_four),
            [Returned, Returned, Returned, Ignored, Returned]
        );
        assert_eq!(
            row(|r| r.start_action),
            [Acts, Acts, Acts, Ignored, Acts],
            "a Draw Two, Skip or Reverse turned up at the start"
        );
        // Spider-Man ignores a Reverse turned up, so its way of starting after one never comes.
        assert_eq!(
            row(|r| r.reverse_start)[..3],
            [
                ReverseStart::Dealer,
                ReverseStart::DealersRight,
                ReverseStart::Dealer
            ]
        );
        assert_eq!(row(|r| r.reverse_start)[4], ReverseStart::Dealer);
        assert_eq!(row(|r| r.uno_penalty), [2, 4, 2, 2, 2]);
        assert_eq!(
            row(|r| r.wild_matches_for_draw_four),
            [false, false, false, true, false]
        );
        assert_eq!(
            row(|r| r.edition_card),
            [
                None,
                Some(Card::WILD_CUSTOM),
                Some(Card::WILD_GRAYSKULL),
                Some(Card::WILD_WEB_SWING),
                Some(Card::WILD_CUSTOM)
            ]
        );
        assert_eq!(row(|r| r.edition_cards), [0, 4, 4, 4, 4]);
        assert_eq!(
            row(|r| r.edition_cards_optional),
            [false, true, false, false, true],
            "Blank and Customizable cards: 0 to 4, chosen"
        );
        assert_eq!(
            row(|r| r.default_scoring),
            [
                Scoring::Standard,
                Scoring::Standard,
                Scoring::Standard,
                Scoring::SingleHand,
                Scoring::Standard
            ]
        );
        assert_eq!(
            row(|r| r.colors[3]),
            [
                Color::Yellow,
                Color::Yellow,
                Color::Purple,
                Color::Yellow,
                Color::Yellow
            ],
            "Masters plays purple for yellow"
        );
    }

    #[test]
    fn each_code_reads_back_as_its_edition_and_each_edition_shows_its_name() {
        for e in Edition::ALL {
            assert_eq!(e.code().parse(), Ok(e));
            assert_eq!(e.to_string(), e.rules().name);
        }
        assert_eq!("uno".parse::<Edition>(), Err(UnknownEdition("uno".into())));
        // A name is not a code.
        assert!("Classic".parse::<Edition>().is_err());
    }

    #[test]
    fn an_edition_holds_no_copy_of_another_editions_own_card() {
        for e in Edition::ALL {
            for card in [
                Card::WILD_CUSTOM,
                Card::WILD_GRAYSKULL,
                Card::WILD_WEB_SWING,
            ] {
                let own = e.rules().edition_card == Some(card);
                assert_eq!(e.copies(card, 4), if own { 4 } else { 0 }, "{e} {card}");
            }
        }
    }

    #[test]
    fn copies_agree_with_deck() {
        for e in Edition::ALL {
            let deck = e.deck(4);
            for card in &deck {
                let n = deck.iter().filter(|c| *c == card).count();
                assert_eq!(e.copies(*card, 4), n, "{e} {card}");
            }
            assert_eq!(
                e.copies(Card::number(Color::Yellow, 3), 4) == 0,
                e == Edition::Masters
            );
        }
    }
}
