//! The effects of cards: what a played card does to the turn, the direction, the other hands
//! and the round (Skip, Reverse, Draw Two and Wild Draw Four penalties and stacking, the
//! edition cards, seven-O, and a last card, which only makes others draw).

use super::{Choice, Game, Offence, Phase, Reveal, GRAYSKULL_DRAW};
use crate::card::{Card, Color, Face};
use crate::event::Event;
use crate::hand::CardSet;
use crate::rules::CustomEffect;
use crate::seat::{Direction, Seat};

impl Game {
    pub(super) fn play(&mut self, seat: Seat, card: Card, named: Option<Color>) {
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
        let out = self.hands[usize::from(seat)].is_empty();
        if plain && !out {
            self.advance(1);
        } else if out {
            self.last_card_draws(seat, card, carried);
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
    pub(super) fn last_card_draws(&mut self, seat: Seat, card: Card, carried: u16) {
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
    pub(super) fn card_effect(
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
                self.direction = self.direction.reversed();
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
    pub(super) fn penalty(&mut self, seat: Seat, total: u16, offence: Option<Offence>) {
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
    pub(super) fn take_penalty(&mut self, seat: Seat, total: u16) {
        self.must_draw(seat, total);
        self.log(Event::Skipped { seat });
        self.advance(1);
    }

    pub(super) fn web_swing(&mut self, seat: Seat, color: Color) {
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

    pub(super) fn custom_effect(&mut self, seat: Seat) {
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

    pub(super) fn rotate_hands(&mut self) {
        // Seat i's hand goes to the next seat in the direction of play.
        if self.direction == Direction::Left {
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
    pub(super) fn reset_uno_calls(&mut self) {
        for seat in 0..self.seats() {
            self.settle_received_hand(seat);
        }
    }

    /// `seat` received a new hand: called if it is one card, owing a call otherwise.
    pub(super) fn settle_received_hand(&mut self, seat: Seat) {
        if self.hands[usize::from(seat)].len() == 1 {
            self.called_uno |= 1 << seat;
        } else {
            self.called_uno &= !(1 << seat);
        }
    }

    pub(super) fn others_draw(&mut self, seat: Seat, count: u16) {
        for i in 1..self.players() {
            let s = self.seat_at(seat, i as isize);
            self.must_draw(s, count);
        }
    }

    /// `seat` is told to draw `count` cards, and draws them (as many as the piles hold).
    pub(super) fn must_draw(&mut self, seat: Seat, count: u16) {
        self.log(Event::MustDraw { seat, count });
        self.draw_cards(seat, count);
    }
}
