//! Scenario files: a table position (or a seed to deal from) and actions to apply, as
//! `unocli play` reads them. The format is documented in docs/SCENARIOS.md.

use crate::action::{Action, Seat};
use crate::error::{RuleError, SetupError};
use crate::game::{check_seat, Game, Setup, DEFAULT_PLAYERS};
use crate::rules::Rules;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// The table's rules: the keys `edition`, `house_rules`, `custom_effect` and
    /// `edition_cards` (0 to 4, an addition to the format).
    #[serde(flatten)]
    pub rules: Rules,
    #[serde(default)]
    pub seed: u64,
    /// Players to deal for when there is no `setup` (default 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    #[serde(default)]
    pub actions: Vec<Action>,
}

/// An action the rules refused: its index, why, and the game as it was before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub index: usize,
    pub error: RuleError,
    pub game: Game,
}

/// `round` in a result: the round the last action ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundReport {
    pub winner: Seat,
    pub points: u32,
}

/// Where a game stands, as `unocli` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub state: Setup,
    pub legal: Vec<Action>,
    pub round: Option<RoundReport>,
    pub winner: Option<Seat>,
}

/// An action the rules refused: which one, why, and the game as it was before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub error: RefusalError,
    pub state: Setup,
    pub legal: Vec<Action>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefusalError {
    pub index: usize,
    pub kind: String,
    pub message: String,
}

/// A scenario that describes no possible game: `unocli` exits with status 2.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
pub enum ScenarioError {
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    #[error("actions[{index}]: {error}")]
    Action { index: usize, error: SetupError },
}

impl Scenario {
    /// The game before any action: from `setup`, or dealt from `seed`.
    pub fn start(&self) -> Result<Game, ScenarioError> {
        let rules = self.rules;
        Ok(match &self.setup {
            Some(setup) => Game::from_setup(rules, setup.clone(), self.seed)?,
            None => Game::deal(rules, self.players.unwrap_or(DEFAULT_PLAYERS), self.seed)?,
        })
    }

    /// The game after the actions, in order; `Ok(Err(refused))` when the rules refuse one.
    pub fn play(&self) -> Result<Result<Game, Refused>, ScenarioError> {
        let mut game = self.start()?;
        for (index, &action) in self.actions.iter().enumerate() {
            check_shape(&game, action).map_err(|error| ScenarioError::Action { index, error })?;
            // An action after a round ended plays in the next round.
            let _ = game.start_next_round();
            if let Err(e) = game.apply(action) {
                return Ok(Err(Refused {
                    index,
                    error: e,
                    game,
                }));
            }
        }
        Ok(Ok(game))
    }

    /// Plays the actions in order, as `unocli play` reports it. `Ok(Err(refusal))` when the
    /// rules refuse one.
    pub fn run(&self) -> Result<Result<Report, Refusal>, ScenarioError> {
        Ok(match self.play()? {
            Ok(game) => Ok(report(&game)),
            Err(Refused {
                index,
                error: e,
                game,
            }) => Err(Refusal {
                error: RefusalError {
                    index,
                    kind: e.kind().to_string(),
                    message: e.to_string(),
                },
                state: game.setup(),
                legal: game.legal_actions(),
            }),
        })
    }
}

/// The result object for a game as it stands.
#[must_use]
pub fn report(game: &Game) -> Report {
    let outcome = game.outcome();
    Report {
        state: game.setup(),
        legal: game.legal_actions(),
        round: outcome.map(|o| RoundReport {
            winner: o.winner,
            points: o.points,
        }),
        winner: outcome.and_then(|o| o.game_winner),
    }
}

/// Seats, cards and colors that the table or edition does not have make a malformed scenario.
fn check_shape(game: &Game, action: Action) -> Result<(), SetupError> {
    let players = game.players();
    let rules = game.rules();
    let seat_ok = |field, seat| check_seat(field, seat, players);
    seat_ok("the action's seat", action.seat())?;
    match action {
        Action::Play { card, color, .. } => {
            if rules.edition.copies(card, rules.edition_cards) == 0 {
                return Err(SetupError::CardNotInEdition { card });
            }
            if let Some(c) = color.filter(|&c| !rules.edition.has_color(c)) {
                return Err(SetupError::ColorNotInEdition(c));
            }
        }
        Action::Catch { target, .. }
        | Action::Choose {
            target: Some(target),
            ..
        } => {
            seat_ok("the action's target", target)?;
        }
        _ => {}
    }
    Ok(())
}
