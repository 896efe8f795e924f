//! The game as a state machine: `Game::deal` or `Game::from_setup`, then `legal_actions`,
//! `apply`, `view` and `outcome`. Every rule decision lives here or in `Edition` data.

use crate::action::{Action, Seat};
use crate::card::{Card, Color, Face};
use crate::edition::{DealerRule, ReverseStart, Scoring, StartCard};
use crate::error::{RuleError, SetupError};
use crate::event::Event;
use crate::hand::{CardSet, Hand};
use crate::rng::Rng;
use crate::rules::{CustomEffect, Rules};
use crate::view::{Pending, PlayerView};
use serde::{Deserialize, Serialize};

mod plays;
mod saved;

pub use plays::TurnPlays;

/// The most players a table seats.
pub const MAX_PLAYERS: usize = 10;
/// Cards dealt to each player.
pub const HAND_SIZE: usize = 7;
/// Cards the Power of Grayskull makes every other player draw.
const GRAYSKULL_DRAW: u16 = 3;

/// Where a table stands: unvalidated data with public fields, as in a scenario file. The draw
/// pile's first card is the next one drawn; the discard pile's last card is the top.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub hands: Vec<Vec<Card>>,
    #[serde(default)]
    pub draw_pile: Vec<Card>,
    pub discard_pile: Vec<Card>,
    /// `None` after a Wild start card: any card matches and the first card played sets it.
    #[serde(default)]
    pub color: Option<Color>,
    #[serde(default)]
    pub turn: Seat,
    #[serde(default = "forward")]
    pub direction: i8,
    #[serde(default)]
    pub dealer: Seat,
    /// Running scores; empty means all zero.
    #[serde(default)]
    pub scores: Vec<u32>,
}

fn forward() -> i8 {
    1
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

/// A choice a card asks its player to make.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Choice {
    /// Web Swing: skip one of the seats that hold the named color, or no one.
    WebSwing { color: Color },
    /// Seven-O's 7: swap hands with another seat.
    SevenSwap,
    /// A Blank / Customizable card with the swap-hands effect.
    SwapHands,
}

/// What the game waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The seat to play plays a card or draws.
    Play,
    /// The seat to play drew `card`, which is playable: play it or pass.
    Drawn { card: Card },
    /// The seat to play faces a Draw Two / Wild Draw Four of `total` cards.
    Penalty {
        total: u16,
        /// A stacking rule applies: the seat may stack, or `draw` the total.
        stackable: bool,
        /// The Wild Draw Four on top may be challenged.
        challenge: Option<Offence>,
    },
    /// The seat to play must pick a seat.
    Choose { choice: Choice },
    /// Someone went out. `game_winner` is set when that ended the game.
    RoundOver {
        winner: Seat,
        points: u32,
        game_winner: Option<Seat>,
    },
}

/// The Wild Draw Four that may be challenged: who played it and whether they held the color.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offence {
    pub offender: Seat,
    pub guilty: bool,
}

/// Cards shown: to everyone (`to: None`, Web Swing) or to one seat (a challenge).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    pub seat: Seat,
    /// The hand as it was shown (a copy, which allocates nothing).
    pub cards: Hand,
    pub to: Option<Seat>,
}

/// How a round ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The seat that went out.
    pub winner: Seat,
    /// The points left in the other hands.
    pub points: u32,
    /// The seat that won the game, if this round ended it.
    pub game_winner: Option<Seat>,
}

/// A game in progress. Every field is private: it changes only through `apply`. Read back
/// from JSON, it is checked first (see `saved`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "saved::SavedGame")]
pub struct Game {
    rules: Rules,
    rng: Rng,
    hands: Vec<Hand>,
    /// The next card drawn is the last.
    draw_pile: Vec<Card>,
    /// The top card is the last.
    discard_pile: Vec<Card>,
    color: Option<Color>,
    turn: Seat,
    direction: i8,
    dealer: Seat,
    scores: Vec<u32>,
    phase: Phase,
    /// Seats that have called UNO for the hand they hold (bit per seat).
    called_uno: u16,
    /// The seat that went down to one card without calling, while it can still be caught.
    uno_window: Option<Seat>,
    reveals: Vec<Reveal>,
    /// This round's events.
    history: Vec<Event>,
    /// Reused by `apply` to check legality without allocating.
    #[serde(skip)]
    scratch: Scratch,
}

/// A reusable buffer that is not part of the game's state: every two are equal.
#[derive(Clone, Debug, Default)]
struct Scratch(Vec<Action>);

impl PartialEq for Scratch {
    fn eq(&self, _: &Scratch) -> bool {
        true
    }
}
impl Eq for Scratch {}

impl Game {
    // ----- building a game -------------------------------------------------------------------

    /// Deals a new game from `seed` as at a real table: the dealer is chosen by drawing, seven
    /// cards each, and the start card turned up.
    pub fn deal(rules: Rules, players: usize, seed: u64) -> Result<Game, SetupError> {
        check_rules(&rules, players)?;
        let deck = rules.deck_cards().len();
        let mut game = Game {
            rules,
            rng: Rng::new(seed),
            hands: vec![Hand::default(); players],
            draw_pile: Vec::with_capacity(deck),
            discard_pile: Vec::with_capacity(deck),
            color: None,
            turn: 0,
            direction: 1,
            dealer: 0,
            scores: vec![0; players],
            phase: Phase::Play,
            called_uno: 0,
            uno_window: None,
            reveals: Vec::new(),
            history: Vec::with_capacity(512),
            scratch: Scratch::default(),
        };
        game.redeal(seed);
        Ok(game)
    }

    /// Deals a new game from `seed` for the same rules and players, in this game's memory:
    /// the game `Game::deal` would give, without allocating (for simulations that play many).
    pub fn redeal(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
        self.dealer = choose_dealer(&self.rules, self.players(), &mut self.rng, |_| {});
        self.scores.fill(0);
        self.deal_round();
    }

    /// A game from any table position. Checks that it is one this edition's deck can make.
    pub fn from_setup(rules: Rules, setup: Setup, seed: u64) -> Result<Game, SetupError> {
        let players = setup.hands.len();
        check_rules(&rules, players)?;
        let edition = rules.edition;
        let seat_ok = |field, seat| check_seat(field, seat, players);
        seat_ok("turn", setup.turn)?;
        seat_ok("dealer", setup.dealer)?;
        if setup.direction != 1 && setup.direction != -1 {
            return Err(SetupError::BadDirection(setup.direction));
        }
        let scores = if setup.scores.is_empty() {
            vec![0; players]
        } else if setup.scores.len() == players {
            setup.scores.clone()
        } else {
            return Err(SetupError::ScoresLength {
                got: setup.scores.len(),
                players,
            });
        };
        let all = setup
            .hands
            .iter()
            .flatten()
            .chain(&setup.draw_pile)
            .chain(&setup.discard_pile);
        let mut counts: Vec<(Card, usize)> = Vec::new();
        for &card in all {
            let max = edition.copies(card, rules.edition_cards);
            if max == 0 {
                return Err(SetupError::CardNotInEdition { card });
            }
            match counts.iter_mut().find(|(c, _)| *c == card) {
                Some((_, n)) => *n += 1,
                None => counts.push((card, 1)),
            }
            let count = counts.iter().find(|(c, _)| *c == card).map_or(0, |x| x.1);
            if count > max {
                return Err(SetupError::TooManyCopies { card, count, max });
            }
        }
        let top = *setup
            .discard_pile
            .last()
            .ok_or(SetupError::EmptyDiscardPile)?;
        let color = match (top.color(), setup.color) {
            (_, Some(c)) if !edition.has_color(c) => return Err(SetupError::ColorNotInEdition(c)),
            (Some(top_color), Some(c)) if top_color != c => {
                return Err(SetupError::ColorMismatch {
                    top,
                    top_color,
                    color: c,
                })
            }
            (Some(top_color), _) => Some(top_color),
            (None, c) => c,
        };
        let mut draw_pile = setup.draw_pile;
        draw_pile.reverse();
        let mut game = Game {
            rules,
            rng: Rng::new(seed),
            hands: setup.hands.into_iter().map(Hand::from).collect(),
            draw_pile,
            discard_pile: setup.discard_pile,
            color,
            turn: setup.turn,
            direction: setup.direction,
            dealer: setup.dealer,
            scores,
            phase: Phase::Play,
            called_uno: 0,
            uno_window: None,
            reveals: Vec::new(),
            history: Vec::new(),
            scratch: Scratch::default(),
        };
        // A one-card hand at the start counts as called.
        game.reset_uno_calls();
        game.log(Event::RoundStarted {
            dealer: game.dealer,
            top,
            color,
        });
        Ok(game)
    }

    /// A whole table rebuilt from what `view.seat` knows and a `guess` of what it does not:
    /// a determinization, for a bot that searches. The result is a game in the same phase,
    /// with the view's hand, piles, turn, UNO calls and scores, and the guessed hidden cards.
    pub fn from_view(view: &PlayerView, guess: Guess, seed: u64) -> Game {
        let rules = Rules {
            edition: view.edition,
            house_rules: view.house_rules,
            custom_effect: view.custom_effect,
            edition_cards: view.edition_cards,
        };
        let mut hands: Vec<Hand> = guess.hands.into_iter().map(Hand::from).collect();
        hands[usize::from(view.seat)] = view.hand.iter().copied().collect();
        let phase = match view.pending {
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
            Pending::RoundOver { outcome } => Phase::RoundOver {
                winner: outcome.winner,
                points: outcome.points,
                game_winner: outcome.game_winner,
            },
        };
        let mut draw_pile = guess.draw_pile;
        draw_pile.reverse();
        let mut called_uno = 0u16;
        for (s, &called) in view.called_uno.iter().enumerate() {
            if called {
                called_uno |= 1 << s;
            }
        }
        Game {
            rules,
            rng: Rng::new(seed),
            hands,
            draw_pile,
            discard_pile: view.discard_pile.clone(),
            color: view.color,
            turn: view.turn,
            direction: view.direction,
            dealer: view.dealer,
            scores: view.scores.clone(),
            phase,
            called_uno,
            uno_window: view.catchable,
            reveals: Vec::new(),
            history: Vec::with_capacity(256),
            scratch: Scratch::default(),
        }
    }

    /// Deals the next round after one ended: the deal passes one seat to the left.
    pub fn start_next_round(&mut self) -> Result<(), RuleError> {
        match self.phase {
            Phase::RoundOver {
                game_winner: None, ..
            } => {
                // Always to the left, whatever the direction of play was.
                self.dealer = (self.dealer + 1) % self.seats();
                self.deal_round();
                Ok(())
            }
            Phase::RoundOver { .. } => Err(RuleError::GameOver),
            _ => Err(RuleError::NotAllowedNow),
        }
    }

    fn deal_round(&mut self) {
        let players = self.hands.len();
        self.draw_pile.clear();
        self.draw_pile.extend_from_slice(self.rules.deck_cards());
        self.rng.shuffle(&mut self.draw_pile);
        self.discard_pile.clear();
        self.history.clear();
        self.reveals.clear();
        self.called_uno = 0;
        self.uno_window = None;
        for hand in &mut self.hands {
            hand.clear();
        }
        // One card at a time, starting left of the dealer.
        let mut seat = usize::from(self.dealer);
        for _ in 0..HAND_SIZE * players {
            seat = if seat + 1 == players { 0 } else { seat + 1 };
            let card = self
                .draw_pile
                .pop()
                .expect("a deck holds enough for ten hands");
            self.hands[seat].push(card);
        }
        self.direction = 1;
        self.phase = Phase::Play;
        let edition = self.rules.edition.rules();
        // Turn up start cards until one stands.
        let start = loop {
            let Some(card) = self.draw_pile.pop() else {
                // Unreachable with a real deck (it holds 76 number cards); keep the last one.
                break *self.discard_pile.last().expect("a card was turned up");
            };
            let rule = match card.face() {
                Face::Number(_) => StartCard::Acts,
                Face::WildDrawFour => edition.start_wild_draw_four,
                Face::Skip | Face::Reverse | Face::DrawTwo => edition.start_action,
                _ => edition.start_wild,
            };
            match rule {
                StartCard::Acts => {
                    self.discard_pile.push(card);
                    break card;
                }
                StartCard::Returned => {
                    let at = self.rng.below(self.draw_pile.len() + 1);
                    self.draw_pile.insert(at, card);
                }
                StartCard::Ignored => self.discard_pile.push(card),
            }
        };
        self.color = start.color();
        self.log(Event::RoundStarted {
            dealer: self.dealer,
            top: start,
            color: self.color,
        });
        let first = self.seat_at(self.dealer, 1);
        self.turn = first;
        match start.face() {
            Face::Skip => {
                self.log(Event::Skipped { seat: first });
                self.turn = self.seat_at(first, 1);
            }
            Face::Reverse => {
                self.direction = -1;
                self.log(Event::Reversed { direction: -1 });
                self.turn = match edition.reverse_start {
                    ReverseStart::Dealer => self.dealer,
                    ReverseStart::DealersRight => self.seat_at(self.dealer, 1),
                };
            }
            // The turn is `first`'s: it draws 2 and the turn passes.
            Face::DrawTwo => self.take_penalty(first, 2),
            _ => {}
        }
    }

    // ----- reading the state -----------------------------------------------------------------

    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    #[must_use]
    pub fn players(&self) -> usize {
        self.hands.len()
    }
    /// The number of seats, as a seat number: every seat is below it.
    #[must_use]
    pub fn seats(&self) -> Seat {
        self.hands.len() as Seat
    }
    #[must_use]
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[usize::from(seat)]
    }
    #[must_use]
    pub fn hands(&self) -> &[Hand] {
        &self.hands
    }
    /// The draw pile, next card to be drawn first.
    #[must_use]
    pub fn draw_pile(&self) -> Vec<Card> {
        self.draw_pile.iter().rev().copied().collect()
    }
    #[must_use]
    pub fn draw_pile_size(&self) -> usize {
        self.draw_pile.len()
    }
    /// The discard pile, top card last.
    #[must_use]
    pub fn discard_pile(&self) -> &[Card] {
        &self.discard_pile
    }
    #[must_use]
    pub fn top_card(&self) -> Card {
        *self
            .discard_pile
            .last()
            .expect("the discard pile is never empty")
    }
    #[must_use]
    pub fn color(&self) -> Option<Color> {
        self.color
    }
    #[must_use]
    pub fn turn(&self) -> Seat {
        self.turn
    }
    #[must_use]
    pub fn direction(&self) -> i8 {
        self.direction
    }
    #[must_use]
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    #[must_use]
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Whether `seat` has called UNO for the hand it holds.
    #[must_use]
    pub fn has_called_uno(&self, seat: Seat) -> bool {
        self.called_uno & (1 << seat) != 0
    }
    /// The seat that can be caught for not calling UNO right now, if any.
    #[must_use]
    pub fn catchable(&self) -> Option<Seat> {
        self.uno_window
            .filter(|&s| self.hands[usize::from(s)].len() == 1 && !self.has_called_uno(s))
    }
    #[must_use]
    pub fn history(&self) -> &[Event] {
        &self.history
    }
    #[must_use]
    pub fn reveals(&self) -> &[Reveal] {
        &self.reveals
    }

    /// How the last round ended, while it is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::RoundOver {
                winner,
                points,
                game_winner,
            } => Some(Outcome {
                winner,
                points,
                game_winner,
            }),
            _ => None,
        }
    }

    /// The table as a `Setup` (the `state` of a scenario result).
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            hands: self.hands.iter().map(|h| h.to_vec()).collect(),
            draw_pile: self.draw_pile(),
            discard_pile: self.discard_pile.clone(),
            color: self.color,
            turn: self.turn,
            direction: self.direction,
            dealer: self.dealer,
            scores: self.scores.clone(),
        }
    }

    // ----- what is legal ---------------------------------------------------------------------

    /// Every action any seat may take now, catches, UNO calls and jump-ins included.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// `legal_actions` into a buffer the caller reuses (no allocation once it is big enough).
    /// The order: the turn's plays by card, its other moves, jump-ins, UNO calls, catches.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.is_round_over() {
            return;
        }
        self.push_turn_moves(out);
        if self.phase == Phase::Play && self.rules.house_rules.jump_in {
            for s in self.others(self.turn) {
                self.push_jump_in(out, s);
            }
        }
        for s in 0..self.seats() {
            self.push_uno_call(out, s);
        }
        if let Some(target) = self.catchable() {
            for s in self.others(target) {
                out.push(Action::Catch { seat: s, target });
            }
        }
    }

    /// The legal actions of one seat: what a bot for that seat is shown. (The full list would
    /// leak other hands: another seat's jump-in shows it holds the twin of the top card.)
    #[must_use]
    pub fn legal_actions_for(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_for_into(seat, &mut out);
        out
    }

    /// `legal_actions_for` into a buffer the caller reuses: `legal_actions` less every other
    /// seat's actions, in the same order, without finding theirs (the simulations' path).
    pub fn legal_actions_for_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.is_round_over() || usize::from(seat) >= self.players() {
            return;
        }
        if seat == self.turn {
            self.push_turn_moves(out);
        } else if self.phase == Phase::Play && self.rules.house_rules.jump_in {
            self.push_jump_in(out, seat);
        }
        self.push_uno_call(out, seat);
        if let Some(target) = self.catchable() {
            if target != seat {
                out.push(Action::Catch { seat, target });
            }
        }
    }

    fn is_round_over(&self) -> bool {
        matches!(self.phase, Phase::RoundOver { .. })
    }

    /// What the seat to play may do on its turn, UNO calls and catches aside.
    #[inline]
    fn push_turn_moves(&self, out: &mut Vec<Action>) {
        match self.phase {
            // Most of a simulation's time is spent here: kept short and inlined.
            Phase::Play => self.push_turn_plays(out),
            _ => self.push_answers(out),
        }
    }

    /// A turn's plays as actions (each different card once, however many copies are held),
    /// then the draw: `turn_plays`, listed.
    #[inline(always)]
    fn push_turn_plays(&self, out: &mut Vec<Action>) {
        let plays = self.plays_now();
        let t = self.turn;
        plays.colored.each(|card| {
            out.push(Action::Play {
                seat: t,
                card,
                color: None,
            });
        });
        if !plays.wilds.is_empty() {
            plays.wilds.each(|card| self.push_play(out, t, card));
        }
        out.push(Action::Draw { seat: t });
    }

    /// The moves of every phase but a plain turn: answering a drawn card, a penalty or a choice.
    #[inline(never)]
    fn push_answers(&self, out: &mut Vec<Action>) {
        let t = self.turn;
        match self.phase {
            Phase::RoundOver { .. } | Phase::Play => {}
            Phase::Drawn { card } => {
                self.push_play(out, t, card);
                if !self.rules.house_rules.forced_play {
                    out.push(Action::Pass { seat: t });
                }
            }
            Phase::Penalty {
                stackable,
                challenge,
                ..
            } => {
                if stackable {
                    self.hands[usize::from(t)].held().each(|card| {
                        if self.can_stack(t, card) {
                            self.push_play(out, t, card);
                        }
                    });
                    out.push(Action::Draw { seat: t });
                }
                if challenge.is_some() {
                    out.push(Action::Challenge { seat: t });
                    out.push(Action::Accept { seat: t });
                }
            }
            Phase::Choose { choice } => match choice {
                Choice::WebSwing { color } => {
                    for s in self.others(t) {
                        if self.hands[usize::from(s)].color_count(color) > 0 {
                            out.push(Action::Choose {
                                seat: t,
                                target: Some(s),
                            });
                        }
                    }
                    out.push(Action::Choose {
                        seat: t,
                        target: None,
                    });
                }
                Choice::SevenSwap | Choice::SwapHands => {
                    for s in self.others(t) {
                        out.push(Action::Choose {
                            seat: t,
                            target: Some(s),
                        });
                    }
                }
            },
        }
    }

    /// Jump-in: another seat holding the twin of the colored top card may play it now.
    fn push_jump_in(&self, out: &mut Vec<Action>, s: Seat) {
        let top = self.top_card();
        if !top.is_wild() && self.hands[usize::from(s)].held().contains(top) {
            out.push(Action::Play {
                seat: s,
                card: top,
                color: None,
            });
        }
    }

    /// UNO: before playing the next-to-last card (so after `s`'s plays are listed), or with
    /// one card not yet called for.
    #[inline]
    fn push_uno_call(&self, out: &mut Vec<Action>, s: Seat) {
        let n = self.hands[usize::from(s)].len();
        if n > 2 || self.has_called_uno(s) {
            return;
        }
        let may_play = || {
            out.iter()
                .any(|a| matches!(*a, Action::Play { seat, .. } if seat == s))
        };
        if n == 1 || (n == 2 && may_play()) {
            out.push(Action::CallUno { seat: s });
        }
    }

    /// Whether `action` is legal now.
    #[must_use]
    pub fn is_legal(&self, action: &Action) -> bool {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out.contains(action)
    }

    #[inline]
    fn push_play(&self, out: &mut Vec<Action>, seat: Seat, card: Card) {
        if card.is_wild() {
            let play = |color| Action::Play {
                seat,
                card,
                color: Some(color),
            };
            out.extend_from_slice(&self.rules.edition.rules().colors.map(play));
        } else {
            out.push(Action::Play {
                seat,
                card,
                color: None,
            });
        }
    }

    /// Whether `card` may be played on the discard pile by `seat` on its turn.
    #[inline]
    fn playable(&self, seat: Seat, card: Card) -> bool {
        if card == Card::WILD_DRAW_FOUR && self.rules.house_rules.no_bluffing {
            return !self.holds_current_color(seat, card);
        }
        self.matches(card)
    }

    #[inline]
    fn matches(&self, card: Card) -> bool {
        match (card.color(), self.color) {
            (None, _) | (_, None) => true,
            (Some(c), Some(color)) => c == color || card.same_face(self.top_card()),
        }
    }

    /// Whether `seat`, apart from the `played` card, holds a card of the current color (or,
    /// in Spider-Man, a Wild-type card): what makes a Wild Draw Four illegal.
    fn holds_current_color(&self, seat: Seat, played: Card) -> bool {
        let Some(color) = self.color else {
            return false;
        };
        let hand = &self.hands[usize::from(seat)];
        if !hand
            .held()
            .intersection(CardSet::color(color as u8))
            .is_empty()
        {
            return true;
        }
        if !self.rules.edition.rules().wild_matches_for_draw_four {
            return false;
        }
        // Spider-Man: a Wild-type card other than the one played counts as a match.
        hand.wild_count() > usize::from(played.is_wild())
    }

    /// Whether `card` answers the penalty on top under the stacking rules.
    fn can_stack(&self, seat: Seat, card: Card) -> bool {
        let house = &self.rules.house_rules;
        let on_draw_two = self.top_card().face() == Face::DrawTwo;
        match card.face() {
            Face::DrawTwo => on_draw_two && house.stack_draw_twos,
            Face::WildDrawFour => {
                let allowed = if on_draw_two {
                    house.stack_mixed
                } else {
                    house.stack_draw_fours
                };
                allowed && (!house.no_bluffing || !self.holds_current_color(seat, card))
            }
            _ => false,
        }
    }

    // ----- applying actions ------------------------------------------------------------------

    /// Applies `action` if it is legal and returns what happened. An illegal action returns an
    /// error that says why and leaves the game exactly as it was.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut legal = std::mem::take(&mut self.scratch.0);
        self.legal_actions_into(&mut legal);
        let ok = legal.contains(&action);
        self.scratch.0 = legal;
        if !ok {
            return Err(self.explain(&action));
        }
        let start = self.history.len();
        self.perform(action);
        Ok(self.history[start..].to_vec())
    }

    /// Applies an action taken from `legal_actions` without checking it again: the fast path
    /// for simulations. An action that is not legal leaves the game in an unspecified state.
    pub fn apply_legal(&mut self, action: Action) {
        debug_assert!(self.is_legal(&action), "{action:?} is not legal");
        self.perform(action);
    }

    fn perform(&mut self, action: Action) {
        match action {
            Action::Play { seat, card, color } => self.play(seat, card, color),
            Action::Draw { seat } => {
                self.uno_window = None;
                if let Phase::Penalty { total, .. } = self.phase {
                    self.take_penalty(seat, total);
                } else {
                    self.draw_on_turn(seat);
                }
            }
            Action::Pass { seat } => {
                self.uno_window = None;
                self.log(Event::Passed { seat });
                self.advance(1);
            }
            Action::CallUno { seat } => {
                self.called_uno |= 1 << seat;
                self.log(Event::CalledUno { seat });
            }
            Action::Catch { seat, target } => {
                self.log(Event::Caught { seat, target });
                // Settled for the hand it holds now, like a call: the penalty's cards (each
                // draw clears the call) make it owe a new one. With the piles too empty to
                // draw, the one card stays settled: no second catch, no late call.
                self.called_uno |= 1 << target;
                self.uno_window = None;
                self.must_draw(target, u16::from(self.rules.uno_penalty()));
            }
            Action::Accept { seat } => {
                self.uno_window = None;
                self.log(Event::Accepted { seat });
                if let Phase::Penalty { total, .. } = self.phase {
                    self.take_penalty(seat, total);
                }
            }
            Action::Challenge { seat } => {
                self.uno_window = None;
                if let Phase::Penalty {
                    total,
                    challenge: Some(Offence { offender, guilty }),
                    ..
                } = self.phase
                {
                    self.log(Event::Challenged {
                        seat,
                        target: offender,
                        guilty,
                    });
                    self.reveals.push(Reveal {
                        seat: offender,
                        cards: self.hands[usize::from(offender)].clone(),
                        to: Some(seat),
                    });
                    if guilty {
                        self.must_draw(offender, total);
                        // The challenger then takes the turn as usual.
                        self.phase = Phase::Play;
                    } else {
                        self.take_penalty(seat, total + 2);
                    }
                }
            }
            Action::Choose { seat, target } => self.choose(seat, target),
        }
    }

    fn play(&mut self, seat: Seat, card: Card, named: Option<Color>) {
        self.uno_window = None;
        let carried = match self.phase {
            Phase::Penalty { total, .. } => total,
            _ => 0,
        };
        // A jump-in: play goes on from this seat.
        self.turn = seat;
        let guilty = card == Card::WILD_DRAW_FOUR && self.holds_current_color(seat, card);
        let held = self.hands[usize::from(seat)].remove(card);
        debug_assert!(held, "legal play");
        self.discard_pile.push(card);
        self.color = card.color().or(named);
        self.log(Event::Played {
            seat,
            card,
            color: self.color,
        });
        // Most plays are number cards that only pass the turn: decided without `face()`.
        // (A Wild-type card's face code is above every number's.)
        let code = card.face_code();
        let plain = code <= 9 && !(self.rules.house_rules.seven_o && matches!(code, 0 | 7));
        if self.hands[usize::from(seat)].is_empty() {
            self.last_card_draws(seat, card, carried);
        } else if plain {
            self.advance(1);
        } else {
            self.card_effect(seat, card, named, carried, guilty);
        }
        if self.hands[usize::from(seat)].is_empty() {
            self.end_round(seat);
        } else if self.hands[usize::from(seat)].len() == 1 && !self.has_called_uno(seat) {
            self.uno_window = Some(seat);
        }
    }

    /// A last card acts only when it makes others draw (no stacking or challenge on it: the
    /// round is over); every other effect of it is dropped (RULES.md, "The last card").
    #[inline(never)]
    fn last_card_draws(&mut self, seat: Seat, card: Card, carried: u16) {
        let next = self.seat_at(seat, 1);
        match card.face() {
            Face::DrawTwo => self.must_draw(next, carried + 2),
            Face::WildDrawFour => self.must_draw(next, carried + 4),
            Face::WildGrayskull => self.others_draw(seat, GRAYSKULL_DRAW),
            Face::WildCustom if self.rules.custom_effect == CustomEffect::OthersDrawOne => {
                self.others_draw(seat, 1);
            }
            _ => {}
        }
    }

    /// What a card other than a plain number does once it is on the discard pile, when its
    /// player still holds a card.
    #[inline(never)]
    fn card_effect(
        &mut self,
        seat: Seat,
        card: Card,
        named: Option<Color>,
        carried: u16,
        guilty: bool,
    ) {
        let house = self.rules.house_rules;
        match card.face() {
            Face::Number(7) if house.seven_o => {
                self.phase = Phase::Choose {
                    choice: Choice::SevenSwap,
                };
            }
            Face::Number(0) if house.seven_o => {
                self.rotate_hands();
                self.advance(1);
            }
            Face::Number(_) | Face::Wild => self.advance(1),
            Face::Skip => {
                let next = self.seat_at(seat, 1);
                self.log(Event::Skipped { seat: next });
                self.advance(2);
            }
            Face::Reverse => {
                self.direction = -self.direction;
                self.log(Event::Reversed {
                    direction: self.direction,
                });
                // With two players a Reverse acts as a Skip: the same seat plays again.
                let step = if self.players() == 2 { 0 } else { 1 };
                self.advance(step);
            }
            Face::DrawTwo => self.penalty(seat, carried + 2, None),
            Face::WildDrawFour => {
                let offence = Offence {
                    offender: seat,
                    guilty,
                };
                self.penalty(seat, carried + 4, Some(offence));
            }
            Face::WildGrayskull => {
                self.others_draw(seat, GRAYSKULL_DRAW);
                self.advance(1);
            }
            Face::WildWebSwing => self.web_swing(seat, named.expect("wild has a color")),
            Face::WildCustom => self.custom_effect(seat),
        }
    }

    /// A Draw Two or Wild Draw Four of `total` cards (stacked totals included) lands on the
    /// next seat.
    fn penalty(&mut self, seat: Seat, total: u16, offence: Option<Offence>) {
        let next = self.seat_at(seat, 1);
        let house = self.rules.house_rules;
        let stackable = match offence {
            None => house.stack_draw_twos || house.stack_mixed,
            Some(_) => house.stack_draw_fours,
        };
        let challenge = offence.filter(|_| !house.no_bluffing);
        if stackable || challenge.is_some() {
            if matches!(self.phase, Phase::Penalty { .. }) {
                self.log(Event::Stacked { seat: next, total });
            }
            self.turn = next;
            self.phase = Phase::Penalty {
                total,
                stackable,
                challenge,
            };
        } else {
            self.must_draw(next, total);
            self.log(Event::Skipped { seat: next });
            self.turn = next;
            self.advance(1);
        }
    }

    /// `seat` draws a penalty and loses its turn.
    fn take_penalty(&mut self, seat: Seat, total: u16) {
        self.must_draw(seat, total);
        self.log(Event::Skipped { seat });
        self.advance(1);
    }

    fn draw_on_turn(&mut self, seat: Seat) {
        loop {
            let Some(card) = self.draw_one(seat) else {
                self.log(Event::NothingToDraw { seat });
                self.advance(1);
                return;
            };
            if self.playable(seat, card) {
                self.phase = Phase::Drawn { card };
                return;
            }
            if !self.rules.house_rules.draw_to_match {
                self.advance(1);
                return;
            }
        }
    }

    fn web_swing(&mut self, seat: Seat, color: Color) {
        self.log(Event::HandsRevealed { seat });
        let mut anyone = false;
        for i in 1..self.players() {
            let s = self.seat_at(seat, i as isize);
            anyone |= self.hands[usize::from(s)].color_count(color) > 0;
            self.reveals.push(Reveal {
                seat: s,
                cards: self.hands[usize::from(s)].clone(),
                to: None,
            });
        }
        if anyone {
            self.phase = Phase::Choose {
                choice: Choice::WebSwing { color },
            };
        } else {
            self.advance(1);
        }
    }

    fn custom_effect(&mut self, seat: Seat) {
        match self.rules.custom_effect {
            CustomEffect::Wild => self.advance(1),
            CustomEffect::OthersDrawOne => {
                self.others_draw(seat, 1);
                self.advance(1);
            }
            CustomEffect::SwapHands => {
                self.phase = Phase::Choose {
                    choice: Choice::SwapHands,
                };
            }
            CustomEffect::RotateHands => {
                self.rotate_hands();
                self.advance(1);
            }
            CustomEffect::DiscardColor => {
                let color = self.color.expect("a Wild names a color");
                let gone = self.hands[usize::from(seat)].take_all(CardSet::color(color as u8));
                let count = gone.len() as u16;
                // Under the Customizable card, which stays on top.
                let top = self.discard_pile.pop().expect("just played");
                self.discard_pile.extend(gone);
                self.discard_pile.push(top);
                self.log(Event::DiscardedColor { seat, color, count });
                self.advance(1);
            }
            CustomEffect::PlayAgain => {
                self.log(Event::PlaysAgain { seat });
                self.phase = Phase::Play;
            }
        }
    }

    fn choose(&mut self, seat: Seat, target: Option<Seat>) {
        self.log(Event::Chose { seat, target });
        let Phase::Choose { choice } = self.phase else {
            return;
        };
        match (choice, target) {
            (Choice::WebSwing { .. }, None) => self.advance(1),
            (Choice::WebSwing { .. }, Some(skipped)) => {
                self.log(Event::Skipped { seat: skipped });
                // Play continues after the skipped player.
                self.turn = skipped;
                self.advance(1);
            }
            (Choice::SevenSwap | Choice::SwapHands, Some(other)) => {
                self.hands.swap(usize::from(seat), usize::from(other));
                self.log(Event::HandsSwapped {
                    seat,
                    target: other,
                });
                // Only these two hands changed owners: every other seat's call stands.
                self.settle_received_hand(seat);
                self.settle_received_hand(other);
                self.advance(1);
            }
            (_, None) => self.advance(1),
        }
    }

    fn rotate_hands(&mut self) {
        // Seat i's hand goes to the next seat in the direction of play.
        if self.direction == 1 {
            self.hands.rotate_right(1);
        } else {
            self.hands.rotate_left(1);
        }
        self.log(Event::HandsRotated {
            direction: self.direction,
        });
        self.reset_uno_calls();
    }

    /// After every hand changed owners (or at a scenario's start): a one-card hand received
    /// counts as called, any other owes a call.
    fn reset_uno_calls(&mut self) {
        for seat in 0..self.seats() {
            self.settle_received_hand(seat);
        }
    }

    /// `seat` received a new hand: called if it is one card, owing a call otherwise.
    fn settle_received_hand(&mut self, seat: Seat) {
        if self.hands[usize::from(seat)].len() == 1 {
            self.called_uno |= 1 << seat;
        } else {
            self.called_uno &= !(1 << seat);
        }
    }

    fn others_draw(&mut self, seat: Seat, count: u16) {
        for i in 1..self.players() {
            let s = self.seat_at(seat, i as isize);
            self.must_draw(s, count);
        }
    }

    /// `seat` is told to draw `count` cards, and draws them (as many as the piles hold).
    fn must_draw(&mut self, seat: Seat, count: u16) {
        self.log(Event::MustDraw { seat, count });
        self.draw_cards(seat, count);
    }

    fn end_round(&mut self, winner: Seat) {
        self.uno_window = None;
        // Nobody is to play: the turn rests with the seat that went out.
        self.turn = winner;
        let mut left = [0u32; MAX_PLAYERS];
        for (own, hand) in left.iter_mut().zip(&self.hands) {
            *own = hand.points();
        }
        let left = &left[..self.players()];
        let points: u32 = left.iter().sum();
        let target = self.rules.target();
        let game_winner = match self.rules.scoring() {
            Scoring::Standard => {
                self.scores[usize::from(winner)] += points;
                (self.scores[usize::from(winner)] >= target).then_some(winner)
            }
            Scoring::SingleHand => {
                self.scores[usize::from(winner)] += points;
                Some(winner)
            }
            Scoring::Alternative => {
                for (score, own) in self.scores.iter_mut().zip(left) {
                    *score += own;
                }
                if self.scores.iter().any(|&s| s >= target) {
                    let low = *self.scores.iter().min().expect("players");
                    if self.scores[usize::from(winner)] == low {
                        Some(winner)
                    } else {
                        (0..)
                            .zip(&self.scores)
                            .find(|&(_, &s)| s == low)
                            .map(|(seat, _)| seat)
                    }
                } else {
                    None
                }
            }
        };
        self.phase = Phase::RoundOver {
            winner,
            points,
            game_winner,
        };
        self.log(Event::RoundEnded { winner, points });
        if let Some(w) = game_winner {
            self.log(Event::GameWon { winner: w });
        }
    }

    // ----- small helpers ---------------------------------------------------------------------

    fn log(&mut self, event: Event) {
        self.history.push(event);
    }

    /// The seat `steps` places from `seat` in the direction of play.
    #[inline]
    fn seat_at(&self, seat: Seat, steps: isize) -> Seat {
        let n = self.players() as isize;
        debug_assert!(steps.abs() <= n);
        // |steps| <= n: one correction each way, without a division.
        let mut s = seat as isize + steps * self.direction as isize;
        s += if s < 0 { n } else { 0 };
        s -= if s >= n { n } else { 0 };
        s as Seat
    }

    /// Every other seat, in the direction of play from `seat`.
    fn others(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        (1..self.players()).map(move |i| self.seat_at(seat, i as isize))
    }

    /// The turn moves `steps` seats on and a new turn begins.
    fn advance(&mut self, steps: isize) {
        self.turn = self.seat_at(self.turn, steps);
        self.phase = Phase::Play;
    }

    fn draw_cards(&mut self, seat: Seat, count: u16) {
        for _ in 0..count {
            if self.draw_one(seat).is_none() {
                break;
            }
        }
    }

    /// Moves the next card to `seat`'s hand, reshuffling the discard pile when the draw pile is
    /// empty; `None` when both are exhausted.
    #[inline(always)]
    fn draw_one(&mut self, seat: Seat) -> Option<Card> {
        if self.draw_pile.is_empty() {
            self.reshuffle();
        }
        let card = self.draw_pile.pop()?;
        self.hands[usize::from(seat)].push(card);
        self.called_uno &= !(1 << seat);
        self.log(Event::Drew {
            seat,
            card: Some(card),
        });
        Some(card)
    }

    #[cold]
    #[inline(never)]
    fn reshuffle(&mut self) {
        if self.discard_pile.len() < 2 {
            return;
        }
        let top = self.discard_pile.pop().expect("checked");
        std::mem::swap(&mut self.draw_pile, &mut self.discard_pile);
        self.discard_pile.push(top);
        self.rng.shuffle(&mut self.draw_pile);
        self.log(Event::Reshuffled {
            cards: self.draw_pile.len() as u16,
        });
    }

    /// Says why `action` is not legal now.
    fn explain(&self, action: &Action) -> RuleError {
        let seat = action.seat();
        if seat >= self.seats() {
            return RuleError::NoSuchSeat(seat);
        }
        if let Phase::RoundOver { game_winner, .. } = self.phase {
            return if game_winner.is_some() {
                RuleError::GameOver
            } else {
                RuleError::RoundOver
            };
        }
        let t = self.turn;
        let not_turn = RuleError::NotYourTurn { seat, turn: t };
        match *action {
            Action::Play { card, color, .. } => {
                if !self.hands[usize::from(seat)].contains(card) {
                    return RuleError::CardNotInHand { seat, card };
                }
                match (card.is_wild(), color) {
                    (true, None) => return RuleError::ColorRequired { card },
                    (false, Some(_)) => return RuleError::ColorNotAllowed { card },
                    (true, Some(c)) if !self.rules.edition.has_color(c) => {
                        return RuleError::NoSuchColor(c)
                    }
                    _ => {}
                }
                match self.phase {
                    Phase::Play if seat != t => {
                        if self.rules.house_rules.jump_in {
                            RuleError::CannotJumpIn { seat }
                        } else {
                            not_turn
                        }
                    }
                    Phase::Play if card == Card::WILD_DRAW_FOUR => RuleError::IllegalWildDrawFour,
                    Phase::Play => RuleError::DoesNotMatch { card },
                    _ if seat != t => not_turn,
                    Phase::Drawn { card } => RuleError::OnlyDrawnCard { card },
                    Phase::Penalty {
                        stackable: true, ..
                    } => RuleError::CannotStack { card },
                    Phase::Penalty { total, .. } => RuleError::MustAnswerPenalty { seat, total },
                    Phase::Choose { .. } => RuleError::MustChoose { seat },
                    Phase::RoundOver { .. } => RuleError::RoundOver,
                }
            }
            Action::Draw { .. } => match self.phase {
                _ if seat != t => not_turn,
                Phase::Drawn { .. } => RuleError::NotAllowedNow,
                Phase::Penalty { .. } => RuleError::NothingToChallenge,
                Phase::Choose { .. } => RuleError::MustChoose { seat },
                _ => RuleError::NotAllowedNow,
            },
            Action::Pass { .. } => match self.phase {
                _ if seat != t => not_turn,
                Phase::Drawn { .. } => RuleError::MustPlayDrawnCard,
                _ => RuleError::NothingToPass,
            },
            Action::CallUno { .. } => RuleError::CannotCallUno(seat),
            Action::Catch { target, .. } if target == seat => RuleError::CatchSelf,
            Action::Catch { target, .. } if target >= self.seats() => RuleError::NoSuchSeat(target),
            Action::Catch { target, .. } => RuleError::CannotCatch(target),
            Action::Challenge { .. } | Action::Accept { .. } => match self.phase {
                Phase::Penalty {
                    challenge: Some(_), ..
                } if seat != t => not_turn,
                _ => RuleError::NothingToChallenge,
            },
            Action::Choose { .. } => match self.phase {
                Phase::Choose { .. } if seat != t => not_turn,
                Phase::Choose { .. } => RuleError::BadTarget,
                _ => RuleError::NothingToChoose,
            },
        }
    }
}

/// `seat`, named `field`, is one of the `players` seats at the table.
pub(crate) fn check_seat(
    field: &'static str,
    seat: Seat,
    players: usize,
) -> Result<(), SetupError> {
    if usize::from(seat) < players {
        Ok(())
    } else {
        Err(SetupError::SeatOutOfRange {
            field,
            seat,
            players,
        })
    }
}

fn check_rules(rules: &Rules, players: usize) -> Result<(), SetupError> {
    if !(2..=MAX_PLAYERS).contains(&players) {
        return Err(SetupError::PlayerCount(players));
    }
    if rules.edition_cards > 4 {
        return Err(SetupError::EditionCards(rules.edition_cards));
    }
    Ok(())
}

/// How the dealer was chosen: each round of cards drawn (seat, card), and the dealer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealerDraw {
    /// Each round of drawing; after the first, only the tied seats draw. Empty when the
    /// edition picks the dealer at random (Spider-Man).
    pub rounds: Vec<Vec<(Seat, Card)>>,
    pub dealer: Seat,
}

/// Each player draws a card; the highest (a number, symbols 0; or the point value in the Blank
/// edition) deals; tied players draw again.
#[must_use]
pub fn draw_for_dealer(rules: &Rules, players: usize, rng: &mut Rng) -> DealerDraw {
    let mut rounds = Vec::new();
    let dealer = choose_dealer(rules, players, rng, |drawn| rounds.push(drawn.to_vec()));
    DealerDraw { rounds, dealer }
}

/// `draw_for_dealer` without keeping the cards: `record` sees each round of drawing.
fn choose_dealer(
    rules: &Rules,
    players: usize,
    rng: &mut Rng,
    mut record: impl FnMut(&[(Seat, Card)]),
) -> Seat {
    let how = rules.edition.rules().dealer;
    if how == DealerRule::Random {
        return rng.below(players) as Seat;
    }
    let deck = rules.deck_cards();
    // Positions in the deck already drawn, a bit each in two words (a deck holds fewer than
    // 128 cards): each draw takes a card not yet taken (a fresh deck once the deck is used
    // up), as drawing from a shuffled deck does.
    let mut taken = [0u64; 2];
    let mut left = deck.len();
    let mut contenders = [0 as Seat; MAX_PLAYERS];
    for (seat, c) in (0..).zip(&mut contenders[..players]) {
        *c = seat;
    }
    let mut count = players;
    let mut drawn = [(0 as Seat, Card::WILD); MAX_PLAYERS];
    loop {
        for (&seat, d) in contenders[..count].iter().zip(&mut drawn) {
            if left == 0 {
                taken = [0; 2];
                left = deck.len();
            }
            let at = loop {
                let at = rng.below(deck.len());
                if taken[at >> 6] & 1 << (at & 63) == 0 {
                    break at;
                }
            };
            taken[at >> 6] |= 1 << (at & 63);
            left -= 1;
            *d = (seat, deck[at]);
        }
        let drawn = &drawn[..count];
        record(drawn);
        let best = drawn.iter().map(|&(_, c)| dealer_value(how, c)).max();
        count = 0;
        for &(seat, card) in drawn {
            if Some(dealer_value(how, card)) == best {
                contenders[count] = seat;
                count += 1;
            }
        }
        if count == 1 {
            return contenders[0];
        }
    }
}

/// What a card is worth when drawing for dealer.
#[must_use]
pub fn dealer_value(how: DealerRule, card: Card) -> u32 {
    match (how, card.face()) {
        (DealerRule::HighestPoints, _) => card.points(),
        (_, Face::Number(n)) => u32::from(n),
        _ => 0,
    }
}
