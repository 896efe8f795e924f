//! Why an action is not legal now: the `RuleError` a refused action returns, in the engine's
//! words ("Red 7 matches neither the Blue top card nor its 4").

use super::{Game, Phase};
use crate::action::Action;
use crate::card::Card;
use crate::error::RuleError;

impl Game {
    /// Says why `action` is not legal now.
    pub(super) fn explain(&self, action: &Action) -> RuleError {
        let seat = action.seat();
        if seat >= self.seats() {
            return RuleError::NoSuchSeat(seat);
        }
        if let Phase::RoundOver(outcome) = self.phase {
            return if outcome.game_winner.is_some() {
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
                    Phase::Play => RuleError::DoesNotMatch {
                        card,
                        top: self.top_card(),
                        color: self.color,
                        edition: self.rules.edition,
                    },
                    _ if seat != t => not_turn,
                    Phase::Drawn { card } => RuleError::OnlyDrawnCard { card },
                    Phase::Penalty {
                        stackable: true, ..
                    } => RuleError::CannotStack { card },
                    Phase::Penalty { total, .. } => RuleError::MustAnswerPenalty { seat, total },
                    Phase::Choose { .. } => RuleError::MustChoose { seat },
                    Phase::RoundOver(_) => RuleError::RoundOver,
                }
            }
            Action::Draw { .. } => match self.phase {
                _ if seat != t => not_turn,
                Phase::Drawn { .. } => RuleError::NotAllowedNow,
                // With stacking the facing seat may draw the total: a penalty refuses a draw
                // only while a Wild Draw Four waits for its challenge or acceptance.
                Phase::Penalty { .. } => RuleError::MustChallengeOrAccept { seat },
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
