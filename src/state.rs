//! The table's state for Yew: a match in progress and what the page shows around it, changed
//! only by `Msg`s through `Reducible` (one arm per message). Saving happens in an effect, not
//! here.

use crate::table::local::Match;
use crate::table::Table;
use std::rc::Rc;
use uno_engine::{Action, Card, RuleError, Seat};
use yew::Reducible;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableState {
    /// Shared, not copied, by every render, effect and component: a move copies it once.
    pub current: Option<Rc<Match>>,
    /// A sentence for the player: a save that could not be read, a link that asked for too
    /// much.
    pub notice: Option<String>,
    /// Why the last move a person tried was refused (said by `Words::refusal`).
    pub refused: Option<RuleError>,
    /// The Wild the player chose and must still name a color for.
    pub picking_color: Option<Card>,
    /// Bots that let their out-of-turn chance pass at this version.
    pub declined: Vec<Seat>,
    /// The hard bot's advice for the player at this version, when asked for.
    pub hint: Option<Action>,
    /// What the player is reading (the first-game tour, Help, the rules), one bit each
    /// (`Reading::bit`): the table waits, no bot moves behind it.
    pub reading: u8,
}

/// Something a player reads away from the game, as at a table where the others wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    Tour = 1,
    Help = 2,
    Rules = 4,
    /// The page is out of sight (another tab or app in front, the screen off): the player
    /// comes back to the bots' moves, not to what they left behind, and a tab behind another
    /// of this site leaves the bots to the one in front.
    Away = 8,
}

impl Reading {
    fn bit(self) -> u8 {
        self as u8
    }
}

impl TableState {
    /// Whether the bots wait: the player is reading something.
    pub fn held(&self) -> bool {
        self.reading != 0
    }

    /// This table, held while the page is out of sight (`away`).
    #[must_use]
    pub fn away(mut self, away: bool) -> TableState {
        if away {
            self.reading |= Reading::Away.bit();
        }
        self
    }

    /// Whether the player is reading `what`.
    fn reads(&self, what: Reading) -> bool {
        self.reading & what.bit() != 0
    }
}

pub enum Msg {
    /// A new or resumed match.
    Start(Box<Match>),
    /// An action for the match at `version` (a bot's answer for an older table is dropped).
    Apply {
        version: u64,
        action: Action,
    },
    /// The hard bot's advice for the player's move at `version`.
    Hint {
        version: u64,
        action: Action,
    },
    /// A bot let its chance pass.
    Decline {
        version: u64,
        seat: Seat,
    },
    /// The person the device was passed to has taken it.
    TakeOver,
    /// The player picked a Wild: ask for a color.
    PickColor(Option<Card>),
    NextRound,
    /// After a game in this page: the same table (its options) dealt again with `seed`.
    PlayAgain {
        seed: u64,
    },
    Notice(Option<String>),
    /// The tour, Help or the rules opened (true) or closed: the bots wait while any is read.
    Hold(Reading, bool),
    /// The game in progress as another tab of this site saved it (none: that tab went back to
    /// New game): this tab shows the same, so that neither saves over the other's moves.
    Adopt(Option<Box<Match>>),
    /// Back to the New game screen, with nothing said.
    Quit,
}

impl Reducible for TableState {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let mut next = (*self).clone();
        match msg {
            Msg::Start(m) => {
                next = TableState {
                    current: Some(Rc::new(*m)),
                    ..TableState::default()
                };
            }
            Msg::Apply { version, action } => {
                let Some(m) = next.current.as_mut() else {
                    return self;
                };
                if m.version != version {
                    return self;
                }
                let by_person = !m.is_bot(action.seat());
                // A bot's move asked for before the table was held waits: it is asked again.
                if self.held() && !by_person {
                    return self;
                }
                match Rc::make_mut(m).act(action) {
                    Ok(_) => {
                        next.declined.clear();
                        next.hint = None;
                        // A color dialog stays open while its card can still be played (a
                        // bot caught someone meanwhile).
                        if !(next.picking_color)
                            .is_some_and(|c| m.table_view().can_play(c) && !by_person)
                        {
                            next.picking_color = None;
                        }
                        // Why a move was refused holds for the table it was tried at ("It is
                        // Ben's turn."): any move makes it old news, as in an online room.
                        next.refused = None;
                        if by_person {
                            next.notice = None;
                        }
                    }
                    Err(e) if by_person => next.refused = Some(e),
                    Err(_) => return self,
                }
            }
            Msg::Hint { version, action } => {
                if next.current.as_ref().map(|m| m.version) != Some(version) {
                    return self;
                }
                next.hint = Some(action);
                // The hint says what to do instead: why the last try failed is old news.
                next.refused = None;
            }
            Msg::Decline { version, seat } => {
                if self.held() || next.current.as_ref().map(|m| m.version) != Some(version) {
                    return self;
                }
                next.declined.push(seat);
            }
            Msg::TakeOver => {
                if let Some(m) = next.current.as_mut() {
                    Rc::make_mut(m).take_over();
                }
                // What was said was for the person before.
                next.notice = None;
                next.refused = None;
                next.hint = None;
            }
            Msg::PickColor(card) => next.picking_color = card,
            Msg::NextRound => {
                if let Some(m) = next.current.as_mut() {
                    if let Err(e) = Rc::make_mut(m).next_round() {
                        next.notice = Some(e);
                    }
                    next.declined.clear();
                }
            }
            Msg::PlayAgain { seed } => {
                // Only once the game is over: a stray message never throws a game away.
                let Some(m) = next.current.as_ref().filter(|m| m.is_over()) else {
                    return self;
                };
                match Match::deal(m.options.clone(), seed) {
                    Ok(m) => {
                        next = TableState {
                            current: Some(Rc::new(m)),
                            ..TableState::default()
                        }
                    }
                    Err(e) => next.notice = Some(e),
                }
            }
            Msg::Notice(notice) => next.notice = notice,
            // Said at every step of the tour and by every table drawn: the same state is kept.
            Msg::Hold(what, open) if self.reads(what) == open => return self,
            Msg::Hold(what, true) => {
                next.reading |= what.bit();
                // The table gives way to the rules: in pass-and-play its news has been seen
                // (a table unchanged keeps its pointer: nothing is drawn or saved anew).
                if what == Reading::Rules {
                    if let Some(m) = next.current.as_mut().filter(|m| m.news_unseen()) {
                        Rc::make_mut(m).news_seen();
                    }
                }
            }
            Msg::Hold(what, false) => next.reading &= !what.bit(),
            Msg::Adopt(saved) => {
                // What this tab's player is reading stays open, and the table waits for it.
                next = TableState {
                    current: saved.map(|m| Rc::new(*m)),
                    reading: self.reading,
                    ..TableState::default()
                };
            }
            // What was said at the table (a refused move, a kept game) is not for the New
            // game screen.
            Msg::Quit => next = TableState::default(),
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Options;
    use crate::table::local::PLAYER;

    fn started() -> Rc<TableState> {
        let m = Match::deal(Options::default(), 42).unwrap();
        Rc::new(TableState::default()).reduce(Msg::Start(Box::new(m)))
    }

    #[test]
    fn the_tour_holds_the_table_and_a_new_deal_lets_it_go() {
        let state = started();
        assert!(!state.held());
        let held = state.reduce(Msg::Hold(Reading::Tour, true));
        assert!(held.held());
        // A bot's move asked for before the hold is dropped (asked again once let go).
        let m = held.current.clone().unwrap();
        let bot_move = m.game.legal_actions_for(m.game.turn())[0];
        assert!(m.is_bot(bot_move.seat()));
        assert!(Rc::ptr_eq(
            &held.clone().reduce(Msg::Apply {
                version: 0,
                action: bot_move
            }),
            &held
        ));
        assert!(Rc::ptr_eq(
            &held.clone().reduce(Msg::Hold(Reading::Tour, true)),
            &held
        ));
        assert!(!held.clone().reduce(Msg::Hold(Reading::Tour, false)).held());
        let m = Match::deal(Options::default(), 43).unwrap();
        assert!(!held.reduce(Msg::Start(Box::new(m))).held());
    }

    #[test]
    fn out_of_sight_the_table_waits_and_another_tab_s_game_keeps_it_waiting() {
        let state = Rc::new((*started()).clone().away(true));
        assert!(state.held() && state.reads(Reading::Away));
        assert!(!(*started()).clone().away(false).held());
        let m = Match::deal(Options::default(), 44).unwrap();
        let adopted = state.reduce(Msg::Adopt(Some(Box::new(m))));
        assert!(
            adopted.held(),
            "taken up from a tab in front, still out of sight"
        );
        assert!(!adopted.reduce(Msg::Hold(Reading::Away, false)).held());
    }

    #[test]
    fn the_table_waits_until_everything_read_is_closed() {
        // The tour asked again from Help: Help closes as the tour opens (its hold said after
        // Help's, or, as here, before).
        let state = started()
            .reduce(Msg::Hold(Reading::Help, true))
            .reduce(Msg::Hold(Reading::Tour, true))
            .reduce(Msg::Hold(Reading::Help, false));
        assert!(state.reads(Reading::Tour) && !state.reads(Reading::Help));
        assert!(state.held());
        let state = state
            .reduce(Msg::Hold(Reading::Rules, true))
            .reduce(Msg::Hold(Reading::Tour, false));
        assert!(state.reads(Reading::Rules) && !state.reads(Reading::Tour));
        let state = state.reduce(Msg::Hold(Reading::Rules, false));
        assert!(!state.held());
        // A bot's move is played once nothing is read.
        let m = state.current.clone().unwrap();
        let bot_move = m.game.legal_actions_for(m.game.turn())[0];
        let after = state.reduce(Msg::Apply {
            version: 0,
            action: bot_move,
        });
        assert_eq!(after.current.as_ref().unwrap().version, 1);
    }

    #[test]
    fn a_stale_answer_is_dropped() {
        let state = started();
        let m = state.current.as_ref().unwrap();
        let action = m.game.legal_actions_for(m.game.turn())[0];
        let after = state.clone().reduce(Msg::Apply { version: 7, action });
        assert!(Rc::ptr_eq(&after, &state), "version 7 is not the table's");
        let after = state.clone().reduce(Msg::Apply { version: 0, action });
        assert_eq!(after.current.as_ref().unwrap().version, 1);
    }

    #[test]
    fn a_move_changes_a_copy_and_other_messages_share_the_match() {
        let state = started();
        let before = state.current.clone().unwrap();
        let action = before.game.legal_actions_for(before.game.turn())[0];
        let after = state.clone().reduce(Msg::Apply { version: 0, action });
        // The table the effects and components still hold is the one before the move.
        assert_eq!(state.current.as_ref().unwrap().version, 0);
        assert_eq!(**state.current.as_ref().unwrap(), *before);
        assert_eq!(after.current.as_ref().unwrap().version, 1);
        // A message that does not touch the match keeps the very same one.
        let noticed = after.clone().reduce(Msg::Notice(Some("hello".into())));
        assert!(Rc::ptr_eq(
            noticed.current.as_ref().unwrap(),
            after.current.as_ref().unwrap()
        ));
    }

    #[test]
    fn play_again_deals_the_same_table_anew_once_the_game_is_over() {
        let options = Options {
            players: 3,
            rules: uno_engine::Rules {
                house_rules: uno_engine::HouseRules {
                    scoring: Some(uno_engine::Scoring::SingleHand),
                    ..uno_engine::HouseRules::default()
                },
                ..uno_engine::Rules::default()
            },
            ..Options::default()
        };
        let m = Match::deal(options.clone(), 5).unwrap();
        let state = Rc::new(TableState::default()).reduce(Msg::Start(Box::new(m)));
        // Mid-game it changes nothing.
        let same = state.clone().reduce(Msg::PlayAgain { seed: 9 });
        assert!(Rc::ptr_eq(&same, &state));
        // Played to its end (one hand wins), it deals the same options with the new seed.
        let mut state = state;
        for _ in 0..2_000 {
            let m = state.current.as_ref().unwrap();
            if m.is_over() {
                break;
            }
            // Each seat plays a card when it can (a round of drawing alone may never end).
            let legal = m.game.legal_actions_for(m.game.turn());
            let action = *legal
                .iter()
                .find(|a| matches!(a, Action::Play { .. }))
                .unwrap_or(&legal[0]);
            let version = m.version;
            state = state.reduce(Msg::Apply { version, action });
        }
        assert!(state.current.as_ref().unwrap().is_over());
        let again = state.reduce(Msg::PlayAgain { seed: 9 });
        let fresh = again.current.as_ref().unwrap();
        assert_eq!(**fresh, Match::deal(options, 9).unwrap());
        assert_eq!((fresh.version, again.notice.as_ref()), (0, None));
    }

    #[test]
    fn a_refused_move_of_the_player_is_explained() {
        let state = started();
        let after = state.reduce(Msg::Apply {
            version: 0,
            action: Action::Challenge { seat: PLAYER },
        });
        assert_eq!(after.refused, Some(RuleError::NothingToChallenge));
        let table = after.current.as_ref().unwrap().table_view();
        assert_eq!(
            table.words(false).refusal(after.refused.as_ref().unwrap()),
            "There is no Wild Draw Four to challenge or accept."
        );
        assert_eq!(
            after.current.as_ref().unwrap().version,
            0,
            "nothing applied"
        );
        let hinted = after.reduce(Msg::Hint {
            version: 0,
            action: Action::Draw { seat: PLAYER },
        });
        assert_eq!(
            (hinted.hint, hinted.refused.as_ref()),
            (Some(Action::Draw { seat: PLAYER }), None),
            "a hint replaces the refusal's sentence"
        );
    }

    #[test]
    fn a_game_another_tab_saved_replaces_this_ones_and_what_is_read_still_holds() {
        let state = started()
            .reduce(Msg::Apply {
                version: 0,
                action: Action::Challenge { seat: PLAYER },
            })
            .reduce(Msg::Hold(Reading::Help, true));
        assert!(state.refused.is_some());
        let other = Match::deal(Options::default(), 7).unwrap();
        let adopted = state.reduce(Msg::Adopt(Some(Box::new(other.clone()))));
        assert_eq!(adopted.current.as_deref(), Some(&other));
        assert_eq!(adopted.refused, None, "said of the table this tab had");
        assert!(adopted.reads(Reading::Help) && adopted.held());
        // That tab went back to New game: so does this one.
        let left = adopted.reduce(Msg::Adopt(None));
        assert!(left.current.is_none() && left.held());
    }

    #[test]
    fn a_refusal_is_said_until_the_table_moves_on() {
        let state = started();
        let m = state.current.clone().unwrap();
        let (turn, card) = (m.game.turn(), m.game.hand(PLAYER).to_vec()[0]);
        assert_ne!(turn, PLAYER);
        let play = Action::Play {
            seat: PLAYER,
            card,
            color: card.is_wild().then_some(uno_engine::Color::Red),
        };
        let refused = state.reduce(Msg::Apply {
            version: 0,
            action: play,
        });
        assert_eq!(
            refused.refused,
            Some(RuleError::NotYourTurn { seat: PLAYER, turn })
        );
        // The bot whose turn it was plays: "It is Ada's turn." is no longer true.
        let bot_move = m.game.legal_actions_for(turn)[0];
        let after = refused.reduce(Msg::Apply {
            version: 0,
            action: bot_move,
        });
        assert_eq!(after.current.as_ref().unwrap().version, 1);
        assert_eq!(after.refused, None);
    }
}
