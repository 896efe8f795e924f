//! The seam between the screens and the game. Components never know where the game lives:
//! they are given a `TableView` (what the seat this screen plays may know and do) and send
//! actions back as messages. Each kind of table implements `Table`: the game in this page
//! with bots in the worker, alone or passed round (`local`), and an online room on the room
//! server (`online`), with no change to the components.

pub mod local;
pub mod online;

use crate::words::Words;
use uno_engine::{Action, Card, Event, Outcome, Pending, PlayerView, RuleError, Seat};

/// What one screen at the table is shown: the seat it plays now, all that seat may know (its
/// `PlayerView`, whose `history` is the round's events in order, other seats' drawn cards
/// hidden), what it may do now, and who sits where.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    pub view: PlayerView,
    /// The legal actions of `view.seat`.
    pub legal: Vec<Action>,
    /// Every seat's name.
    pub names: Vec<String>,
    /// Changes with every action: an answer meant for an older table is dropped.
    pub version: u64,
    /// A watcher's screen (online): `view.seat` is only where it is shown from, not "you".
    pub watching: bool,
    /// Hands face up, in seat order, for a game in this page: every hand in watch mode (only
    /// bots play, so nothing is hidden from a player), and every hand left once a round is
    /// over (laid down for the count, as at a table). Empty otherwise, and always in an
    /// online room, whose server promises never to show another hand (docs/ROOMS.md).
    pub open_hands: Vec<Vec<Card>>,
    /// What the end of a game offers this screen.
    pub after_game: AfterGame,
}

/// What the end of a game offers a screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterGame {
    /// Play again (the same table dealt anew, `Msg::PlayAgain`) or back to the New game
    /// screen (a game in this page).
    NewGame,
    /// A new game for the same seats, dealt by `Table::next_round` (an online room's creator).
    DealAgain,
    /// The seat named deals the next game; this screen waits, or leaves.
    Wait(String),
}

/// A table a screen plays at, wherever its game lives.
pub trait Table {
    /// What the screen shows now.
    fn table_view(&self) -> TableView;
    /// Takes an action of a seat this screen plays. A refused action changes nothing and
    /// says why (the engine's reason; `Words::refusal` says it to a player).
    fn act(&mut self, action: Action) -> Result<Vec<Event>, RuleError>;
    /// Deals the next round after one ended, or a new game after the last one where the
    /// screen may (`AfterGame::DealAgain`).
    fn next_round(&mut self) -> Result<(), String>;
}

impl TableView {
    /// The seat this screen is shown from (a watcher's too).
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.view.seat
    }

    /// The seat this screen plays: none for a watcher, who is never "you".
    #[must_use]
    pub fn player(&self) -> Option<Seat> {
        (!self.watching).then_some(self.view.seat)
    }

    /// Whether this screen's player must act, in a round still on.
    #[must_use]
    pub fn my_turn(&self) -> bool {
        self.player() == Some(self.view.turn) && self.outcome().is_none()
    }

    /// The words this screen speaks in.
    #[must_use]
    pub fn words(&self, symbols: bool) -> Words<'_> {
        Words {
            names: &self.names,
            me: if self.watching {
                Seat::MAX
            } else {
                self.view.seat
            },
            symbols,
            edition: self.view.rules.edition,
        }
    }

    /// The first legal action of this seat that `f` accepts.
    #[must_use]
    pub fn find(&self, f: impl Fn(&Action) -> bool) -> Option<Action> {
        self.legal.iter().copied().find(|a| f(a))
    }

    /// Whether `card` may still be played: a color dialog open for it stays open while
    /// another seat's move (a catch, a late UNO call) leaves it playable.
    #[must_use]
    pub fn can_play(&self, card: Card) -> bool {
        self.legal
            .iter()
            .any(|a| matches!(a, Action::Play { card: c, .. } if *c == card))
    }

    /// Whether this screen's player must play and no card fits: drawing is all there is to do
    /// (the table marks the draw pile, and the turn's announcement says "draw").
    #[must_use]
    pub fn nothing_fits(&self) -> bool {
        self.my_turn()
            && matches!(self.view.pending, Pending::Play)
            && self.find(|a| matches!(a, Action::Play { .. })).is_none()
            && self.find(|a| matches!(a, Action::Draw { .. })).is_some()
    }

    /// The seat that played the top card (`None`: it started the pile).
    #[must_use]
    pub fn top_played_by(&self) -> Option<Seat> {
        self.view.history.iter().rev().find_map(|e| match e {
            Event::Played { seat, .. } => Some(*seat),
            _ => None,
        })
    }

    /// The card this screen's player may jump in with (jump-in: the twin of the top card,
    /// played out of turn), while another seat is to play.
    #[must_use]
    pub fn jump_in(&self) -> Option<Card> {
        if self.my_turn() || self.player().is_none() {
            return None;
        }
        self.legal.iter().find_map(|a| match a {
            Action::Play { card, .. } => Some(*card),
            _ => None,
        })
    }

    /// How the round ended, once it is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.view.pending {
            Pending::RoundOver { outcome } => Some(outcome),
            _ => None,
        }
    }

    /// The card on top of the discard pile.
    #[must_use]
    pub fn top_card(&self) -> Card {
        *self
            .view
            .discard_pile
            .last()
            .expect("the discard pile is never empty")
    }
}
