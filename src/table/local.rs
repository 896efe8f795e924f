//! The local table: the engine in this page, the bots in the worker. The player sits in seat
//! 0 (`PLAYER`); every other seat, and the player's too in watch mode, is a bot.

use super::{Table, TableView};
use crate::options::Options;
use crate::words::NAMES;
use serde::{Deserialize, Serialize};
use uno_engine::{Action, Event, Game, Seat};

/// The seat of the person at this page's table.
pub const PLAYER: Seat = 0;

/// A game in progress in this page. Saved after every move (the engine's `Game` is checked as
/// it is read back); a save from before the log kept events still loads (its lines are left).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub options: Options,
    pub seed: u64,
    pub game: Game,
    /// Counts the actions applied: a bot's answer for an older table is ignored.
    pub version: u64,
}

impl Match {
    /// Whether the whole game is over (a round over is not): such a game is not resumed.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some_and(|o| o.game_winner.is_some())
    }

    /// Deals a new game: the same table `unocli deal` deals for these options and seed.
    pub fn deal(options: Options, seed: u64) -> Result<Match, String> {
        let game = Game::deal(options.rules, options.players, seed).map_err(|e| e.to_string())?;
        Ok(Match {
            options,
            seed,
            game,
            version: 0,
        })
    }

    /// Whether a bot plays `seat` (every seat but the player's, and that one too in watch
    /// mode).
    #[must_use]
    pub fn is_bot(&self, seat: Seat) -> bool {
        seat != PLAYER || self.options.watch
    }

    /// Which bot acts next at this table, if any: first a chance out of turn (in the engine's
    /// order), then the turn. `declined` are the bots that let their chance pass.
    #[must_use]
    pub fn next_bot(&self, declined: &[Seat]) -> Option<BotTurn> {
        let game = &self.game;
        if let Some(outcome) = game.outcome() {
            return (self.options.watch && outcome.game_winner.is_none())
                .then_some(BotTurn::NextRound);
        }
        for seat in game.out_of_turn_order() {
            if self.is_bot(seat)
                && !declined.contains(&seat)
                && !game.legal_actions_for(seat).is_empty()
            {
                return Some(BotTurn::Decide {
                    seat,
                    out_of_turn: true,
                });
            }
        }
        let turn = game.turn();
        self.is_bot(turn).then_some(BotTurn::Decide {
            seat: turn,
            out_of_turn: false,
        })
    }
}

/// What the local table waits for from a bot: a seat's decision (out of turn or not), or, in
/// watch mode, the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotTurn {
    Decide { seat: Seat, out_of_turn: bool },
    NextRound,
}

impl Table for Match {
    fn table_view(&self) -> TableView {
        TableView {
            view: self.game.view(PLAYER),
            legal: self.game.legal_actions_for(PLAYER),
            names: NAMES[..self.game.players()]
                .iter()
                .map(|n| n.to_string())
                .collect(),
            version: self.version,
        }
    }

    fn act(&mut self, action: Action) -> Result<Vec<Event>, String> {
        let events = self.game.apply(action).map_err(|e| e.to_string())?;
        self.version += 1;
        Ok(events)
    }

    fn next_round(&mut self) -> Result<(), String> {
        self.game.start_next_round().map_err(|e| e.to_string())?;
        self.version += 1;
        Ok(())
    }

    fn version(&self) -> u64 {
        self.version
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Edition, Rules};

    #[test]
    fn a_match_deals_as_unocli_does() {
        let options = Options {
            players: 3,
            ..Options::default()
        };
        let m = Match::deal(options, 123).unwrap();
        let game = Game::deal(Rules::new(Edition::Classic), 3, 123).unwrap();
        assert_eq!(m.game, game);
        let table = m.table_view();
        let log = table.words(false).log(&table.view.history);
        assert!(log[0].ends_with("starts the discard pile.") || log[0].contains("the first card"));
    }

    #[test]
    fn a_refused_action_changes_nothing() {
        let mut m = Match::deal(Options::default(), 5).unwrap();
        let before = m.clone();
        let wrong = Action::Pass { seat: 3 };
        assert!(m.act(wrong).is_err());
        assert_eq!(m, before);
    }

    #[test]
    fn a_saved_match_round_trips() {
        let m = Match::deal(Options::default(), 9).unwrap();
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(serde_json::from_str::<Match>(&json).unwrap(), m);
    }
    #[test]
    fn a_match_saved_with_log_lines_still_loads() {
        let m = Match::deal(Options::default(), 9).unwrap();
        let mut json = serde_json::to_value(&m).unwrap();
        json["log"] = serde_json::json!(["Ada dealt."]);
        assert_eq!(serde_json::from_value::<Match>(json).unwrap(), m);
    }

    #[test]
    fn the_player_sees_their_own_seat_and_bots_play_the_others() {
        let m = Match::deal(Options::default(), 42).unwrap();
        let table = m.table_view();
        assert_eq!(table.seat(), PLAYER);
        assert_eq!(table.legal, m.game.legal_actions_for(PLAYER));
        assert_eq!(table.names, ["You", "Ada", "Ben", "Cleo"]);
        assert!(!m.is_bot(PLAYER) && m.is_bot(1));
        let watched = Match {
            options: Options {
                watch: true,
                ..Options::default()
            },
            ..m
        };
        assert!(watched.is_bot(PLAYER));
    }
}
