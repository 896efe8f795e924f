//! What is legal now: every seat's actions in a fixed order (the turn's plays, its other
//! moves, jump-ins, UNO calls, catches), and the matching and Wild Draw Four rules they rest on.

use super::{Choice, Game, Phase};
use crate::action::{Action, Seat};
use crate::card::{Card, Face};
use crate::hand::CardSet;

impl Game {
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

    /// Whether `seat`, which is not to play, may now act on the table out of turn: catch a seat
    /// that forgot UNO, or jump in. (A late UNO call only guards its own hand.) A table gives
    /// a person as long for such a chance as a bot takes to catch one.
    #[must_use]
    pub fn may_catch_or_jump_in(&self, seat: Seat) -> bool {
        seat != self.turn
            && self
                .legal_actions_for(seat)
                .iter()
                .any(|a| matches!(a, Action::Play { .. } | Action::Catch { .. }))
    }

    /// The order in which a table offers its chances out of turn (catching a missed UNO, a
    /// late UNO call, jumping in): every seat but the one to play, in seat order starting after
    /// it (turn + 1, turn + 2, ..., wrapping round). Whoever acts first out of turn changes the
    /// table for the rest, so every table (the arena, the page, a room) asks in this one order,
    /// each seat with `legal_actions_for`, and the seat to play after them all.
    pub fn out_of_turn_order(&self) -> impl Iterator<Item = Seat> {
        let (turn, seats) = (self.turn, self.seats());
        (1..seats).map(move |i| (turn + i) % seats)
    }

    pub(super) fn is_round_over(&self) -> bool {
        matches!(self.phase, Phase::RoundOver(_))
    }

    /// What the seat to play may do on its turn, UNO calls and catches aside.
    #[inline]
    pub(super) fn push_turn_moves(&self, out: &mut Vec<Action>) {
        match self.phase {
            // Most of a simulation's time is spent here: kept short and inlined.
            Phase::Play => self.push_turn_plays(out),
            _ => self.push_answers(out),
        }
    }

    /// A turn's plays as actions (each different card once, however many copies are held),
    /// then the draw: `turn_plays`, listed.
    #[inline(always)]
    pub(super) fn push_turn_plays(&self, out: &mut Vec<Action>) {
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
    pub(super) fn push_answers(&self, out: &mut Vec<Action>) {
        let t = self.turn;
        match self.phase {
            Phase::RoundOver(_) | Phase::Play => {}
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
    pub(super) fn push_jump_in(&self, out: &mut Vec<Action>, s: Seat) {
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
    pub(super) fn push_uno_call(&self, out: &mut Vec<Action>, s: Seat) {
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
    pub(super) fn push_play(&self, out: &mut Vec<Action>, seat: Seat, card: Card) {
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

    /// Whether `card` may be played on the discard pile by `seat` on its turn (bots read it
    /// too, so no rule of what fits is written twice).
    #[inline]
    #[must_use]
    pub fn playable(&self, seat: Seat, card: Card) -> bool {
        if card == Card::WILD_DRAW_FOUR && self.rules.house_rules.no_bluffing {
            return !self.holds_current_color(seat, card);
        }
        self.matches(card)
    }

    #[inline]
    pub(super) fn matches(&self, card: Card) -> bool {
        card.fits(self.top_card(), self.color)
    }

    /// Whether `seat`, apart from the `played` card, holds a card of the current color (or,
    /// in Spider-Man, a Wild-type card): what makes a Wild Draw Four illegal.
    pub(super) fn holds_current_color(&self, seat: Seat, played: Card) -> bool {
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
    pub(super) fn can_stack(&self, seat: Seat, card: Card) -> bool {
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
}
