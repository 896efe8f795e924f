//! A player's hand: its cards in the order they were received (what scenarios and the screen
//! show), and the set of different cards in it (what finding legal plays reads).

use crate::card::Card;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::Deref;

/// A set of cards by `Card::id` (all below 128), in two words: wasm has no 128-bit integers.
/// Colors 0–3 fill the first word (16 ids each); purple and the Wild-type cards the second.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CardSet(pub(crate) [u64; 2]);

impl CardSet {
    /// Every card of one color (`Color as u8`; 5 is the Wild-type cards' block).
    #[inline]
    pub(crate) fn color(code: u8) -> CardSet {
        let block = 0xFFFFu64 << (16 * u32::from(code & 3));
        if code < 4 {
            CardSet([block, 0])
        } else {
            CardSet([0, block])
        }
    }

    /// Every Wild-type card.
    #[inline]
    pub(crate) fn wilds() -> CardSet {
        CardSet::color(5)
    }

    /// Every colored card with this face code (`Card::face_code`, below 16).
    #[inline]
    pub(crate) fn face(code: u8) -> CardSet {
        let stripe = 0x0001_0001_0001_0001u64 << code;
        // Purple only; the Wild-type cards have no colored face.
        CardSet([stripe, 1 << code])
    }

    #[inline]
    pub(crate) fn contains(self, card: Card) -> bool {
        let id = card.id();
        self.0[usize::from(id >> 6)] & 1 << (id & 63) != 0
    }

    #[inline]
    pub(crate) fn insert(&mut self, card: Card) {
        let id = card.id();
        self.0[usize::from(id >> 6)] |= 1 << (id & 63);
    }

    #[inline]
    fn remove(&mut self, card: Card) {
        let id = card.id();
        self.0[usize::from(id >> 6)] &= !(1 << (id & 63));
    }

    #[inline]
    pub(crate) fn union(self, other: CardSet) -> CardSet {
        CardSet([self.0[0] | other.0[0], self.0[1] | other.0[1]])
    }

    #[inline]
    pub(crate) fn intersection(self, other: CardSet) -> CardSet {
        CardSet([self.0[0] & other.0[0], self.0[1] & other.0[1]])
    }

    /// The cards of this set that are not in `other`.
    #[inline]
    pub(crate) fn without(self, other: CardSet) -> CardSet {
        CardSet([self.0[0] & !other.0[0], self.0[1] & !other.0[1]])
    }

    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        self.0[0] | self.0[1] == 0
    }

    /// Calls `f` with each card, lowest id first. (A loop inside compiles tighter than an
    /// iterator's state kept between calls: this is on the hot path.)
    #[inline]
    pub(crate) fn each(self, mut f: impl FnMut(Card)) {
        for (word, base) in self.0.into_iter().zip([0u8, 64]) {
            let mut bits = word;
            while bits != 0 {
                f(Card::from_id(base | bits.trailing_zeros() as u8));
                bits &= bits - 1;
            }
        }
    }
}

/// The cards one seat holds. Reads as a slice of cards; changes only through the engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    cards: Vec<Card>,
    held: CardSet,
}

impl Hand {
    pub(crate) fn with_capacity(capacity: usize) -> Hand {
        Hand {
            cards: Vec::with_capacity(capacity),
            held: CardSet::default(),
        }
    }

    /// The different cards in the hand.
    #[inline]
    pub(crate) fn held(&self) -> CardSet {
        self.held
    }

    #[inline]
    pub(crate) fn push(&mut self, card: Card) {
        self.cards.push(card);
        self.held.insert(card);
    }

    /// Takes out the first copy of `card`; whether the hand held it.
    #[inline]
    pub(crate) fn remove(&mut self, card: Card) -> bool {
        let Some(at) = self.cards.iter().position(|&c| c == card) else {
            return false;
        };
        // One pass closes the gap and looks for another copy (hands are short: a loop beats
        // a call to memmove).
        let mut another = false;
        for i in at + 1..self.cards.len() {
            let next = self.cards[i];
            another |= next == card;
            self.cards[i - 1] = next;
        }
        self.cards.pop();
        if !another {
            self.held.remove(card);
        }
        true
    }

    pub(crate) fn clear(&mut self) {
        self.cards.clear();
        self.held = CardSet::default();
    }

    /// Takes out every card `take` picks, in hand order.
    pub(crate) fn take_where(&mut self, take: impl Fn(Card) -> bool) -> Vec<Card> {
        let (gone, kept) = self.cards.iter().partition(|&&c| take(c));
        *self = Hand::from(kept);
        gone
    }
}

impl From<Vec<Card>> for Hand {
    fn from(cards: Vec<Card>) -> Hand {
        let mut held = CardSet::default();
        for &card in &cards {
            held.insert(card);
        }
        Hand { cards, held }
    }
}

impl Deref for Hand {
    type Target = [Card];

    fn deref(&self) -> &[Card] {
        &self.cards
    }
}

impl<'a> IntoIterator for &'a Hand {
    type Item = &'a Card;
    type IntoIter = std::slice::Iter<'a, Card>;

    fn into_iter(self) -> Self::IntoIter {
        self.cards.iter()
    }
}

/// Serialized as its list of cards.
impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.cards.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hand, D::Error> {
        Vec::<Card>::deserialize(d).map(Hand::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Color;
    use crate::{Edition, Rules};

    fn cards(set: CardSet) -> Vec<Card> {
        let mut out = Vec::new();
        set.each(|card| out.push(card));
        out
    }

    #[test]
    fn the_set_follows_every_copy() {
        let r7 = Card::number(Color::Red, 7);
        let mut hand = Hand::from(vec![r7, Card::WILD, r7]);
        assert!(hand.held().contains(r7));
        assert!(hand.remove(r7));
        assert_eq!(hand[..], [Card::WILD, r7]);
        assert!(hand.held().contains(r7), "a second Red 7 is still held");
        assert!(hand.remove(r7));
        assert!(!hand.held().contains(r7));
        assert!(!hand.remove(r7), "no Red 7 left");
        assert_eq!(cards(hand.held()), vec![Card::WILD]);
    }

    #[test]
    fn color_and_face_sets_hold_exactly_their_cards() {
        // Every card of every edition.
        let every: Vec<Card> = Edition::ALL
            .iter()
            .flat_map(|&e| Rules::new(e).deck_cards())
            .copied()
            .collect();
        for code in 0..=5u8 {
            let set = CardSet::color(code);
            for &card in &every {
                assert_eq!(
                    set.contains(card),
                    card.color().map_or(5, |c| c as u8) == code,
                    "{card} in {code}"
                );
            }
        }
        for face in 0..=12u8 {
            let set = CardSet::face(face);
            for &card in &every {
                let want = !card.is_wild() && card.face_code() == face;
                assert_eq!(set.contains(card), want, "{card} with face {face}");
            }
        }
    }

    #[test]
    fn cards_come_out_by_id() {
        let b2 = Card::number(Color::Blue, 2);
        let p9 = Card::number(Color::Purple, 9);
        let hand = Hand::from(vec![Card::WILD_DRAW_FOUR, p9, b2]);
        let order = cards(hand.held());
        assert_eq!(order, vec![b2, p9, Card::WILD_DRAW_FOUR]);
    }
}
