//! Setting up a table: dealing a new game from a seed as at a real table (drawing for dealer,
//! seven cards each, the start card), the next round's deal, and a game built from any table
//! position (`Setup`), checked against the edition's deck.

use super::{Game, Outcome, Phase, Scratch, Setup, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS};
use crate::card::{Card, Face};
use crate::edition::{DealerRule, ReverseStart, StartCard};
use crate::error::{RuleError, SetupError};
use crate::event::Event;
use crate::hand::Hand;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::seat::{Direction, Seat};
use serde::{Deserialize, Serialize};

impl Game {
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
            direction: Direction::Left,
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
    /// Every hand holds a card: a round ends when a hand is empty.
    pub fn from_setup(rules: Rules, setup: Setup, seed: u64) -> Result<Game, SetupError> {
        let game = Self::from_table(rules, setup, seed)?;
        match game.hands.iter().position(Hand::is_empty) {
            Some(seat) => Err(SetupError::EmptyHand { seat: seat as Seat }),
            None => Ok(game),
        }
    }

    /// A game from a table whose hands may be empty, as one the round ended at is.
    pub(super) fn from_table(rules: Rules, setup: Setup, seed: u64) -> Result<Game, SetupError> {
        let players = setup.hands.len();
        check_rules(&rules, players)?;
        let edition = rules.edition;
        let seat_ok = |field, seat| check_seat(field, seat, players);
        seat_ok("turn", setup.turn)?;
        seat_ok("dealer", setup.dealer)?;
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

    /// Deals the next round after one ended: the deal passes one seat to the left.
    pub fn start_next_round(&mut self) -> Result<(), RuleError> {
        match self.phase {
            Phase::RoundOver(Outcome {
                game_winner: None, ..
            }) => {
                // Always to the left, whatever the direction of play was.
                self.dealer = (self.dealer + 1) % self.seats();
                self.deal_round();
                Ok(())
            }
            Phase::RoundOver(_) => Err(RuleError::GameOver),
            _ => Err(RuleError::NotAllowedNow),
        }
    }

    pub(super) fn deal_round(&mut self) {
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
        self.direction = Direction::Left;
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
                self.direction = Direction::Right;
                self.log(Event::Reversed {
                    direction: Direction::Right,
                });
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
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(SetupError::PlayerCount(players));
    }
    if rules.edition_cards > 4 {
        return Err(SetupError::EditionCards(rules.edition_cards));
    }
    let penalty = rules.uno_penalty();
    if !Rules::UNO_PENALTIES.contains(&penalty) {
        return Err(SetupError::UnoPenalty(penalty));
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
