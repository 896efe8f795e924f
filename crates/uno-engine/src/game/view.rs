//! What one seat may know: its own hand, the others' card counts, the piles' public faces and
//! the history everyone saw. Bots decide from this alone; a bot that searches rebuilds a whole
//! table from it and a guess of the hidden cards (a determinization, `Game::from_view`).

use super::{Choice, Game, Offence, Outcome, Phase, Reveal, Scratch};
use crate::action::Action;
use crate::card::{Card, Color};
use crate::error::RuleError;
use crate::event::Event;
use crate::hand::Hand;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::seat::{Direction, Seat};

use crate::tagged::{need, unknown};
use serde::{Deserialize, Deserializer, Serialize};

/// What the game waits for, as a seat may know it (no hidden drawn card, no verdict of a
/// challenge not yet made).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    Play,
    /// The seat to play drew a playable card; `card` is shown to that seat only.
    Drawn {
        card: Option<Card>,
    },
    Penalty {
        total: u16,
        stackable: bool,
        can_challenge: bool,
    },
    Choose {
        choice: Choice,
    },
    RoundOver {
        outcome: Outcome,
    },
}

/// Every field anything pending has, read in one pass (see `tagged`).
#[derive(Deserialize)]
struct PendingFields {
    pending: String,
    card: Option<Card>,
    total: Option<u16>,
    stackable: Option<bool>,
    can_challenge: Option<bool>,
    choice: Option<Choice>,
    outcome: Option<Outcome>,
}

impl<'de> Deserialize<'de> for Pending {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pending, D::Error> {
        let f = PendingFields::deserialize(d)?;
        Ok(match f.pending.as_str() {
            "play" => Pending::Play,
            "drawn" => Pending::Drawn { card: f.card },
            "penalty" => Pending::Penalty {
                total: need(f.total, "total")?,
                stackable: need(f.stackable, "stackable")?,
                can_challenge: need(f.can_challenge, "can_challenge")?,
            },
            "choose" => Pending::Choose {
                choice: need(f.choice, "choice")?,
            },
            "round_over" => Pending::RoundOver {
                outcome: need(f.outcome, "outcome")?,
            },
            other => return Err(unknown("pending", other)),
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    pub discard_pile: Vec<Card>,
    pub color: Option<Color>,
    pub turn: Seat,
    pub direction: Direction,
    pub draw_pile_size: usize,
    pub scores: Vec<u32>,
    /// The table's rules (in JSON, the keys `edition`, `house_rules`, `custom_effect` and
    /// `edition_cards`).
    #[serde(flatten)]
    pub rules: Rules,
    pub dealer: Seat,
    pub pending: Pending,
    /// Who has called UNO for the hand they hold (everyone hears it).
    pub called_uno: Vec<bool>,
    /// The seat that may be caught for not calling UNO now.
    pub catchable: Option<Seat>,
    /// Hands shown this round to everyone (Web Swing) or to this seat (a challenge).
    pub revealed: Vec<Reveal>,
    /// This round's events, with other seats' drawn cards hidden.
    pub history: Vec<Event>,
    /// Once the round is over, the points left in each hand (every hand is shown then); empty
    /// while it is played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points_left: Vec<u32>,
}

impl Game {
    /// Everything `seat` may know, and nothing more.
    #[must_use]
    pub fn view(&self, seat: Seat) -> PlayerView {
        self.view_from(Some(seat))
    }

    /// What a watcher with no seat may know: what every seat sees, and no hand. Its `seat` is
    /// the seat to play, a placeholder: the room server sends it as `null`.
    #[must_use]
    pub fn public_view(&self) -> PlayerView {
        self.view_from(None)
    }

    fn view_from(&self, viewer: Option<Seat>) -> PlayerView {
        let pending = match self.phase() {
            Phase::Play => Pending::Play,
            Phase::Drawn { card } => Pending::Drawn {
                card: (viewer == Some(self.turn())).then_some(card),
            },
            Phase::Penalty {
                total,
                stackable,
                challenge,
            } => Pending::Penalty {
                total,
                stackable,
                can_challenge: challenge.is_some(),
            },
            Phase::Choose { choice } => Pending::Choose { choice },
            Phase::RoundOver(outcome) => Pending::RoundOver { outcome },
        };
        PlayerView {
            seat: viewer.unwrap_or(self.turn()),
            hand: viewer.map(|s| self.hand(s).to_vec()).unwrap_or_default(),
            hand_sizes: self.hands().iter().map(|h| h.len()).collect(),
            discard_pile: self.discard_pile().to_vec(),
            color: self.color(),
            turn: self.turn(),
            direction: self.direction(),
            draw_pile_size: self.draw_pile_size(),
            scores: self.scores().to_vec(),
            rules: *self.rules(),
            dealer: self.dealer(),
            pending,
            called_uno: (0..self.seats()).map(|s| self.has_called_uno(s)).collect(),
            catchable: self.catchable(),
            revealed: self
                .reveals()
                .iter()
                .filter(|r| r.to.is_none_or(|to| Some(to) == viewer))
                .cloned()
                .collect(),
            history: self.history().iter().map(|e| e.seen_from(viewer)).collect(),
            points_left: match self.phase() {
                Phase::RoundOver(_) => self.hands().iter().map(Hand::points).collect(),
                _ => Vec::new(),
            },
        }
    }
}

impl PlayerView {
    /// Why the engine would refuse `action` of this view's own seat now, in its words (`None`:
    /// it is legal): the reason a screen that holds only this view (an online room's) gives a
    /// player. What a seat may do rests only on what it knows (its hand, the piles, the counts,
    /// a hand a Web Swing showed), so the cards it cannot see are filled in blindly.
    #[must_use]
    pub fn refusal(&self, action: &Action) -> Option<RuleError> {
        let shown = |seat: Seat| {
            let size = self.hand_sizes[usize::from(seat)];
            self.revealed
                .iter()
                .rev()
                .find(|r| r.seat == seat && r.cards.len() == size)
                .map_or_else(|| vec![Card::WILD; size], |r| r.cards.to_vec())
        };
        let guess = Guess {
            hands: (0..self.hand_sizes.len())
                .map(|s| shown(s as Seat))
                .collect(),
            draw_pile: vec![Card::WILD; self.draw_pile_size],
            draw_four_by: self.seat,
            draw_four_guilty: false,
            drawn: None,
        };
        let table = Game::from_view(self, guess, 0);
        (!table.is_legal(action)).then(|| table.explain(action))
    }
}

/// The hidden part of a table as a bot guesses it (see `Game::from_view`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guess {
    /// Every hand; the viewer's own is taken from the view.
    pub hands: Vec<Vec<Card>>,
    /// The draw pile, next card first.
    pub draw_pile: Vec<Card>,
    /// Who played the Wild Draw Four that may be challenged, and whether it was illegal.
    pub draw_four_by: Seat,
    pub draw_four_guilty: bool,
    /// The playable card the seat to play just drew, when the view does not show it (another
    /// seat drew it); it is one of that seat's guessed cards.
    #[serde(default)]
    pub drawn: Option<Card>,
}

impl Game {
    /// A whole table rebuilt from what `view.seat` knows and a `guess` of what it does not:
    /// a determinization, for a bot that searches. The result is a game in the same phase,
    /// with the view's hand, piles, turn, UNO calls and scores, and the guessed hidden cards.
    pub fn from_view(view: &PlayerView, guess: Guess, seed: u64) -> Game {
        // Empty buffers and stand-in values: `rebuild_from_view` sets every field.
        let mut game = Game {
            rules: view.rules,
            rng: Rng::new(seed),
            hands: Vec::new(),
            draw_pile: Vec::new(),
            discard_pile: Vec::new(),
            color: None,
            turn: 0,
            direction: view.direction,
            dealer: 0,
            scores: Vec::new(),
            phase: Phase::Play,
            called_uno: 0,
            uno_window: None,
            reveals: Vec::new(),
            history: Vec::with_capacity(256),
            scratch: Scratch::default(),
        };
        game.rebuild_from_view(view, guess, seed);
        game
    }

    /// `from_view` into this game, keeping its buffers: a search guesses a new world a thousand
    /// times a decision.
    pub fn rebuild_from_view(&mut self, view: &PlayerView, guess: Guess, seed: u64) {
        // Every field named, so that a new one cannot be left out.
        let Game {
            rules,
            rng,
            hands,
            draw_pile,
            discard_pile,
            color,
            turn,
            direction,
            dealer,
            scores,
            phase,
            called_uno,
            uno_window,
            reveals,
            history,
            scratch: _,
        } = self;
        *rules = view.rules;
        *rng = Rng::new(seed);
        hands.clear();
        hands.extend(guess.hands.into_iter().map(Hand::from));
        hands[usize::from(view.seat)] = view.hand.iter().copied().collect();
        *phase = match view.pending {
            Pending::Play => Phase::Play,
            Pending::Drawn { card } => Phase::Drawn {
                card: card.or(guess.drawn).unwrap_or(Card::WILD),
            },
            Pending::Penalty {
                total,
                stackable,
                can_challenge,
            } => Phase::Penalty {
                total,
                stackable,
                challenge: can_challenge.then_some(Offence {
                    offender: guess.draw_four_by,
                    guilty: guess.draw_four_guilty,
                }),
            },
            Pending::Choose { choice } => Phase::Choose { choice },
            Pending::RoundOver { outcome } => Phase::RoundOver(outcome),
        };
        *draw_pile = guess.draw_pile;
        draw_pile.reverse();
        *called_uno = 0;
        for (s, &called) in view.called_uno.iter().enumerate() {
            if called {
                *called_uno |= 1 << s;
            }
        }
        discard_pile.clone_from(&view.discard_pile);
        *color = view.color;
        *turn = view.turn;
        *direction = view.direction;
        *dealer = view.dealer;
        scores.clone_from(&view.scores);
        *uno_window = view.catchable;
        reveals.clear();
        history.clear();
    }
}
