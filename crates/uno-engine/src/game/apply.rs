//! Applying an action: checked against the legal list (the game is unchanged when it is
//! refused), then what each kind of action does: draws, passes, UNO calls and catches,
//! answers to a Wild Draw Four, and choices.

use super::{Choice, Game, Offence, Phase, Reveal};
use crate::action::{Action, Seat};
use crate::error::RuleError;
use crate::event::Event;

impl Game {
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

    pub(super) fn perform(&mut self, action: Action) {
        self.move_on(action);
        match action {
            Action::Play { seat, card, color } => self.play(seat, card, color),
            Action::Draw { seat } => {
                if let Phase::Penalty { total, .. } = self.phase {
                    self.take_penalty(seat, total);
                } else {
                    self.draw_on_turn(seat);
                }
            }
            Action::Pass { seat } => {
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
                self.log(Event::Accepted { seat });
                if let Phase::Penalty { total, .. } = self.phase {
                    self.take_penalty(seat, total);
                }
            }
            Action::Challenge { seat } => {
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

    /// What every action that moves the game on does first (a play; a draw, a pass, an accept
    /// or a challenge): the moment to catch a seat that did not call UNO ends, and a call made
    /// holding two cards lapses unless this is that seat's play (a call is for the play of the
    /// next-to-last card: one over a drawn card then kept, or for a jump-in let pass, leaves
    /// none standing, and the seat calls again as it plays that card). A one-card hand's call
    /// stands; `uno`, `catch` and `choose` move nothing on.
    fn move_on(&mut self, action: Action) {
        let player = match action {
            Action::Play { seat, .. } => Some(seat),
            Action::Draw { .. }
            | Action::Pass { .. }
            | Action::Accept { .. }
            | Action::Challenge { .. } => None,
            Action::CallUno { .. } | Action::Catch { .. } | Action::Choose { .. } => return,
        };
        self.uno_window = None;
        if self.called_uno == 0 {
            return;
        }
        for seat in (0..self.seats()).filter(|&s| Some(s) != player) {
            if self.hands[usize::from(seat)].len() >= 2 {
                self.called_uno &= !(1 << seat);
            }
        }
    }

    pub(super) fn draw_on_turn(&mut self, seat: Seat) {
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

    pub(super) fn choose(&mut self, seat: Seat, target: Option<Seat>) {
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
}
