//! The turn's plays as card sets: what a simulation picks from without listing every action.
//! A random player, a playout or a benchmark asks how many plays there are and takes the `i`th;
//! listing them as `Action`s first costs a loop whose length changes every turn.

use super::{Game, Phase};
use crate::action::{Action, Seat};
use crate::card::{Card, Color};
use crate::hand::CardSet;

/// The plays open to the seat to play (`Game::turn_plays`), in `legal_actions` order: its
/// colored cards by card order, then each Wild-type card once per color to name. `get(i)` is
/// the `i`th action of `legal_actions_for(seat)`, which lists the turn's other moves after the
/// plays: the draw, or the pass after a draw, then any UNO call or catch.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TurnPlays {
    seat: Seat,
    /// The colored cards that may be played, each once however many copies are held.
    pub(super) colored: CardSet,
    /// The Wild-type cards that may be played: each is a play per color.
    pub(super) wilds: CardSet,
    colors: [Color; 4],
}

impl TurnPlays {
    /// The seat to play.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// How many plays there are.
    #[must_use]
    #[inline]
    pub fn len(&self) -> usize {
        self.colored.len() + self.wilds.len() * self.colors.len()
    }

    #[must_use]
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.colored.is_empty() && self.wilds.is_empty()
    }

    /// The `i`th play, or `None` past the last.
    #[must_use]
    #[inline]
    pub fn get(&self, i: usize) -> Option<Action> {
        let colored = self.colored.len();
        let (card, color) = if i < colored {
            (self.colored.nth(i), None)
        } else {
            let per_card = self.colors.len();
            let wild = (i - colored) / per_card;
            if wild >= self.wilds.len() {
                return None;
            }
            let color = self.colors[(i - colored) % per_card];
            (self.wilds.nth(wild), Some(color))
        };
        Some(Action::Play {
            seat: self.seat,
            card,
            color,
        })
    }
}

impl Game {
    /// The plays open to the seat to play, on a plain turn or with the card it has just drawn.
    /// `None` while a penalty or a choice is answered, and once the round is over.
    #[must_use]
    #[inline]
    pub fn turn_plays(&self) -> Option<TurnPlays> {
        match self.phase {
            Phase::Play => Some(self.plays_now()),
            Phase::Drawn { card } => {
                let mut drawn = CardSet::default();
                drawn.insert(card);
                let none = CardSet::default();
                let (colored, wilds) = if card.is_wild() {
                    (none, drawn)
                } else {
                    (drawn, none)
                };
                Some(self.turn_plays_of(colored, wilds))
            }
            _ => None,
        }
    }

    /// How many of `seat`'s cards, every copy counted, are `playable` on the table as it
    /// stands: by the same sets as a turn's plays (an evaluation of positions reads it for
    /// every seat at the end of each playout).
    #[must_use]
    pub fn playable_copies(&self, seat: Seat) -> usize {
        let hand = &self.hands[usize::from(seat)];
        let held = hand.held();
        let mut wilds = held.intersection(CardSet::wilds());
        if self.rules.house_rules.no_bluffing && !wilds.is_empty() {
            wilds = self.without_bluffs(seat, wilds);
        }
        hand.copies_in(self.colored_plays(held).union(wilds))
    }

    /// The plays of a plain turn, by set operations on the hand's different cards.
    #[inline(always)]
    pub(super) fn plays_now(&self) -> TurnPlays {
        let held = self.hands[usize::from(self.turn)].held();
        let mut wilds = held.intersection(CardSet::wilds());
        if self.rules.house_rules.no_bluffing && !wilds.is_empty() {
            wilds = self.without_bluffs(self.turn, wilds);
        }
        self.turn_plays_of(self.colored_plays(held), wilds)
    }

    /// Of the `held` cards, the colored ones that may be played on a plain turn: those of the
    /// color in force or of the top card's face.
    #[inline(always)]
    fn colored_plays(&self, held: CardSet) -> CardSet {
        match self.color {
            None => held.without(CardSet::wilds()),
            Some(color) => {
                let top = self.top_card();
                let mut matching = CardSet::color(color as u8);
                if !top.is_wild() {
                    matching = matching.union(CardSet::face(top.face_code()));
                }
                held.intersection(matching)
            }
        }
    }

    /// Of the `wilds` `seat` holds, those that may be played under no bluffing: all but a Wild
    /// Draw Four while `seat` has the color in force.
    #[inline(never)]
    fn without_bluffs(&self, seat: Seat, mut wilds: CardSet) -> CardSet {
        if wilds.contains(Card::WILD_DRAW_FOUR)
            && self.holds_current_color(seat, Card::WILD_DRAW_FOUR)
        {
            wilds.remove(Card::WILD_DRAW_FOUR);
        }
        wilds
    }

    #[inline(always)]
    fn turn_plays_of(&self, colored: CardSet, wilds: CardSet) -> TurnPlays {
        TurnPlays {
            seat: self.turn,
            colored,
            wilds,
            colors: self.rules.edition.rules().colors,
        }
    }
}
