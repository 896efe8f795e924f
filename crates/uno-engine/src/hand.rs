//! A player's hand: how many of each card it holds, listed in card order, and the set of
//! different cards in it (what finding legal plays reads).

use crate::card::{Card, Color, Face};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

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

    /// The set of one card.
    #[inline]
    pub(crate) fn of(card: Card) -> CardSet {
        let mut set = CardSet::default();
        set.insert(card);
        set
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
    pub(crate) fn remove(&mut self, card: Card) {
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

    /// How many cards the set holds.
    #[inline]
    pub(crate) fn len(self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones()) as usize
    }

    /// The `n`th card by id, lowest first (`n < len()`).
    #[inline]
    pub(crate) fn nth(self, n: usize) -> Card {
        let low = self.0[0].count_ones() as usize;
        let (mut bits, n, base) = if n < low {
            (self.0[0], n, 0u8)
        } else {
            (self.0[1], n - low, 64)
        };
        for _ in 0..n {
            bits &= bits - 1;
        }
        Card::from_id(base | bits.trailing_zeros() as u8)
    }

    /// Takes out the card with the lowest id.
    #[inline]
    fn take_first(&mut self) -> Option<Card> {
        let word = usize::from(self.0[0] == 0);
        let bits = self.0[word];
        if bits == 0 {
            return None;
        }
        self.0[word] = bits & (bits - 1);
        Some(Card::from_id(
            (64 * word as u8) | bits.trailing_zeros() as u8,
        ))
    }

    /// Calls `f` with each card, lowest id first. (The legal plays' loop: a word at a time, it
    /// compiles tighter than repeated `take_first`, which `Hand::iter` keeps between calls.)
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

/// One more than the highest card id: colors 0–4 and the Wild-type block 5, 16 ids each.
const CARD_IDS: usize = 6 * 16;

/// The cards one seat holds: how many of each card. A hand has no order in the game, so it is
/// listed in card order (red, blue, green, yellow, purple, each by face, then the Wild-type
/// cards), which is how the screen and scenario files show it. Counts make taking a card out
/// as cheap as putting one in, and a hand copies without allocating (bots copy many tables).
#[derive(Clone, PartialEq, Eq)]
pub struct Hand {
    counts: [u8; CARD_IDS],
    /// The different cards in the hand (what finding legal plays reads).
    held: CardSet,
    /// How many cards of each block of ids (by `Card::id() / 16`: a color's `Color as u8`, 5
    /// the Wild-type cards): the medium heuristic reads these at every step of a rollout.
    blocks: [u16; 6],
    len: u16,
}

impl Default for Hand {
    fn default() -> Hand {
        Hand {
            counts: [0; CARD_IDS],
            held: CardSet::default(),
            blocks: [0; 6],
            len: 0,
        }
    }
}

impl Hand {
    #[must_use]
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    #[must_use]
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many copies of `card` the hand holds.
    #[must_use]
    #[inline]
    pub fn count(&self, card: Card) -> usize {
        usize::from(self.counts[usize::from(card.id())])
    }

    #[must_use]
    #[inline]
    pub fn contains(&self, card: Card) -> bool {
        self.held.contains(card)
    }

    /// How many cards of `color` the hand holds.
    #[must_use]
    pub fn color_count(&self, color: Color) -> usize {
        self.block_count(color as u8)
    }

    /// How many Wild-type cards the hand holds.
    #[must_use]
    pub fn wild_count(&self) -> usize {
        self.block_count(5)
    }

    /// How many cards of `face` the hand holds, of every color (a Wild-type face: its cards).
    #[must_use]
    pub fn face_count(&self, face: Face) -> usize {
        let set = match face {
            // No card shows a number past 9 (and a code past 15 is no stripe at all).
            Face::Number(n) if n > 9 => CardSet::default(),
            Face::Number(n) => CardSet::face(n),
            Face::Skip => CardSet::face(Card::skip(Color::Red).face_code()),
            Face::Reverse => CardSet::face(Card::reverse(Color::Red).face_code()),
            Face::DrawTwo => CardSet::face(Card::draw_two(Color::Red).face_code()),
            Face::Wild => CardSet::of(Card::WILD),
            Face::WildDrawFour => CardSet::of(Card::WILD_DRAW_FOUR),
            Face::WildGrayskull => CardSet::of(Card::WILD_GRAYSKULL),
            Face::WildWebSwing => CardSet::of(Card::WILD_WEB_SWING),
            Face::WildCustom => {
                let named = [
                    Card::WILD,
                    Card::WILD_DRAW_FOUR,
                    Card::WILD_GRAYSKULL,
                    Card::WILD_WEB_SWING,
                ];
                named
                    .into_iter()
                    .fold(CardSet::wilds(), |set, card| set.without(CardSet::of(card)))
            }
        };
        self.copies_in(set)
    }

    /// The colors the hand holds a card of, one bit per `Color as u8`.
    #[must_use]
    pub fn colors_held(&self) -> u8 {
        (0..5).fold(0, |bits, c| bits | u8::from(self.blocks[c] > 0) << c)
    }

    /// How many cards of `set` the hand holds, every copy counted.
    pub(crate) fn copies_in(&self, set: CardSet) -> usize {
        let mut n = 0;
        self.held
            .intersection(set)
            .each(|card| n += usize::from(self.counts[usize::from(card.id())]));
        n
    }

    /// The points the hand's cards score for the player who goes out.
    #[must_use]
    pub fn points(&self) -> u32 {
        self.iter().map(Card::points).sum()
    }

    /// How many cards of one block of ids the hand holds (a color's `Color as u8`, or 5 for
    /// the Wild-type cards, as in `CardSet::color`).
    fn block_count(&self, code: u8) -> usize {
        usize::from(self.blocks[usize::from(code)])
    }

    /// Every card, each copy once, in card order.
    #[must_use]
    pub fn iter(&self) -> Cards<'_> {
        Cards {
            hand: self,
            rest: self.held,
            card: Card::WILD,
            copies: 0,
        }
    }

    #[must_use]
    pub fn to_vec(&self) -> Vec<Card> {
        let mut cards = Vec::with_capacity(self.len());
        cards.extend(self.iter());
        cards
    }

    /// The different cards in the hand.
    #[inline]
    pub(crate) fn held(&self) -> CardSet {
        self.held
    }

    #[inline]
    pub(crate) fn push(&mut self, card: Card) {
        self.counts[usize::from(card.id())] += 1;
        self.held.insert(card);
        self.blocks[usize::from(card.id() / 16)] += 1;
        self.len += 1;
    }

    /// Takes out one copy of `card`; whether the hand held it.
    #[inline]
    pub(crate) fn remove(&mut self, card: Card) -> bool {
        let count = &mut self.counts[usize::from(card.id())];
        if *count == 0 {
            return false;
        }
        *count -= 1;
        if *count == 0 {
            self.held.remove(card);
        }
        self.blocks[usize::from(card.id() / 16)] -= 1;
        self.len -= 1;
        true
    }

    pub(crate) fn clear(&mut self) {
        *self = Hand::default();
    }

    /// Takes out every card of `set`, in card order.
    pub(crate) fn take_all(&mut self, set: CardSet) -> Vec<Card> {
        let mut gone = Vec::new();
        self.held.intersection(set).each(|card| {
            let count = std::mem::take(&mut self.counts[usize::from(card.id())]);
            for _ in 0..count {
                gone.push(card);
            }
            self.held.remove(card);
            self.blocks[usize::from(card.id() / 16)] -= u16::from(count);
        });
        self.len -= gone.len() as u16;
        gone
    }
}

/// The cards of a hand in card order (`Hand::iter`).
pub struct Cards<'a> {
    hand: &'a Hand,
    /// The different cards not reached yet.
    rest: CardSet,
    card: Card,
    /// Copies of `card` still to come.
    copies: u8,
}

impl Iterator for Cards<'_> {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.copies == 0 {
            self.card = self.rest.take_first()?;
            self.copies = self.hand.counts[usize::from(self.card.id())];
        }
        self.copies -= 1;
        Some(self.card)
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> Hand {
        let mut hand = Hand::default();
        for card in cards {
            hand.push(card);
        }
        hand
    }
}

impl From<Vec<Card>> for Hand {
    fn from(cards: Vec<Card>) -> Hand {
        cards.into_iter().collect()
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Serialized as its list of cards, in card order.
impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// Read from a list of cards. A count is a byte: a list (an edited save) holding more copies
/// of a card than that is refused here, before any deck check could see it.
impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hand, D::Error> {
        let mut hand = Hand::default();
        for card in Vec::<Card>::deserialize(d)? {
            if hand.count(card) == usize::from(u8::MAX) {
                return Err(serde::de::Error::custom(format!(
                    "a hand holds more than {} copies of {card}",
                    u8::MAX
                )));
            }
            hand.push(card);
        }
        Ok(hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Edition, Rules};

    fn cards(set: CardSet) -> Vec<Card> {
        let mut out = Vec::new();
        set.each(|card| out.push(card));
        out
    }

    #[test]
    fn counts_follow_every_copy() {
        let r7 = Card::number(Color::Red, 7);
        let mut hand = Hand::from(vec![r7, Card::WILD, r7]);
        assert_eq!((hand.len(), hand.count(r7)), (3, 2));
        assert!(hand.remove(r7));
        assert_eq!(hand.to_vec(), [r7, Card::WILD]);
        assert!(hand.held().contains(r7), "a second Red 7 is still held");
        assert!(hand.remove(r7));
        assert!(!hand.held().contains(r7));
        assert!(!hand.remove(r7), "no Red 7 left");
        assert_eq!((hand.len(), hand.count(r7)), (1, 0));
        assert_eq!(cards(hand.held()), vec![Card::WILD]);
    }

    #[test]
    fn counts_by_color_wilds_and_points() {
        let hand = Hand::from(vec![
            Card::WILD,
            Card::number(Color::Red, 7),
            Card::WILD_DRAW_FOUR,
            Card::skip(Color::Red),
            Card::number(Color::Blue, 2),
        ]);
        assert_eq!(hand.color_count(Color::Red), 2);
        assert_eq!(hand.color_count(Color::Green), 0);
        assert_eq!(hand.wild_count(), 2);
        assert_eq!(hand.points(), 50 + 7 + 50 + 20 + 2);
        assert_eq!(hand.face_count(Face::Number(7)), 1);
        assert_eq!(hand.face_count(Face::Skip), 1);
        assert_eq!(hand.face_count(Face::WildDrawFour), 1);
        assert_eq!(hand.face_count(Face::WildCustom), 0);
        assert_eq!(hand.face_count(Face::Number(200)), 0, "no such face");
        assert_eq!(
            hand.colors_held(),
            1 << Color::Red as u8 | 1 << Color::Blue as u8
        );
    }

    /// Each block's count, counted card by card.
    fn plain_blocks(hand: &Hand) -> Vec<usize> {
        (0..6)
            .map(|b| {
                hand.counts[b * 16..b * 16 + 16]
                    .iter()
                    .map(|&n| usize::from(n))
                    .sum()
            })
            .collect()
    }

    #[test]
    fn block_counts_follow_every_card_put_in_and_taken_out() {
        // Every id of every block, up to 200 copies of one card, then some taken out one by one
        // and a color and the Wilds taken all at once.
        let mut hand = Hand::default();
        for id in 0..CARD_IDS as u8 {
            for _ in 0..(u32::from(id) * 37 + 11) % 200 {
                hand.push(Card::from_id(id));
            }
        }
        let blocks = (0..6).map(|b| hand.block_count(b)).collect::<Vec<_>>();
        assert_eq!(blocks, plain_blocks(&hand));
        assert_eq!(blocks[0], 1616);
        for id in (0..CARD_IDS as u8).step_by(3) {
            hand.remove(Card::from_id(id));
        }
        let blocks = (0..6).map(|b| hand.block_count(b)).collect::<Vec<_>>();
        assert_eq!(blocks, plain_blocks(&hand));
        assert_eq!(blocks[0], 1616 - 6);
        hand.take_all(CardSet::color(Color::Blue as u8).union(CardSet::wilds()));
        assert_eq!(hand.color_count(Color::Blue), 0);
        assert_eq!(hand.wild_count(), 0);
        let blocks = (0..6).map(|b| hand.block_count(b)).collect::<Vec<_>>();
        assert_eq!(blocks, plain_blocks(&hand));
        assert_eq!(blocks.iter().sum::<usize>(), hand.len());
    }

    #[test]
    fn a_hand_lists_in_card_order_and_round_trips() {
        let b2 = Card::number(Color::Blue, 2);
        let r9 = Card::number(Color::Red, 9);
        let hand = Hand::from(vec![Card::WILD, b2, r9, Card::WILD, Card::skip(Color::Red)]);
        let listed = [r9, Card::skip(Color::Red), b2, Card::WILD, Card::WILD];
        assert_eq!(hand.to_vec(), listed);
        let json = serde_json::to_string(&hand).unwrap();
        assert_eq!(json, r#"["R9","RS","B2","W","W"]"#);
        assert_eq!(serde_json::from_str::<Hand>(&json).unwrap(), hand);
    }

    #[test]
    fn taking_a_color_takes_every_copy() {
        let (r1, g1) = (Card::number(Color::Red, 1), Card::number(Color::Green, 1));
        let mut hand = Hand::from(vec![g1, r1, Card::WILD, r1, Card::skip(Color::Red)]);
        let gone = hand.take_all(CardSet::color(Color::Red as u8));
        assert_eq!(gone, [r1, r1, Card::skip(Color::Red)]);
        assert_eq!(hand.to_vec(), [g1, Card::WILD]);
        assert_eq!(hand, Hand::from(vec![Card::WILD, g1]));
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
