//! A game read back from JSON (a saved game, a round trip): the fields as `Game` writes them,
//! checked before they become a `Game`. A corrupt or edited save is refused with the reason,
//! where it would otherwise index a seat that is not at the table later on.

use super::{check_seat, Game, Outcome, Phase, Reveal, Scratch};
use crate::card::{Card, Color};
use crate::error::SetupError;
use crate::event::Event;
use crate::hand::Hand;
use crate::rng::Rng;
use crate::rules::Rules;
use crate::seat::{Direction, Seat};
use serde::Deserialize;

/// `Game`'s fields, unchecked. (serde's `try_from` needs a type of its own; a field added to
/// `Game` and not here fails to compile in `try_from` below, so the two cannot drift apart.)
#[derive(Deserialize)]
pub(super) struct SavedGame {
    rules: Rules,
    rng: Rng,
    hands: Vec<Hand>,
    draw_pile: Vec<Card>,
    discard_pile: Vec<Card>,
    color: Option<Color>,
    turn: Seat,
    direction: Direction,
    dealer: Seat,
    scores: Vec<u32>,
    phase: Phase,
    called_uno: u16,
    uno_window: Option<Seat>,
    reveals: Vec<Reveal>,
    history: Vec<Event>,
}

impl TryFrom<SavedGame> for Game {
    type Error = SetupError;

    fn try_from(saved: SavedGame) -> Result<Game, SetupError> {
        let game = Game {
            rules: saved.rules,
            rng: saved.rng,
            hands: saved.hands,
            draw_pile: saved.draw_pile,
            discard_pile: saved.discard_pile,
            color: saved.color,
            turn: saved.turn,
            direction: saved.direction,
            dealer: saved.dealer,
            scores: saved.scores,
            phase: saved.phase,
            called_uno: saved.called_uno,
            uno_window: saved.uno_window,
            reveals: saved.reveals,
            history: saved.history,
            scratch: Scratch::default(),
        };
        // The table as a scenario's setup would be checked: players, turn, dealer, direction,
        // no card more often than the deck holds it, a top card and a color it allows, and a
        // card in every hand unless the round is over.
        if matches!(game.phase, Phase::RoundOver(_)) {
            Game::from_table(game.rules, game.setup(), 0)?;
        } else {
            Game::from_setup(game.rules, game.setup(), 0)?;
        }
        let players = game.hands.len();
        if game.scores.len() != players {
            return Err(SetupError::ScoresLength {
                got: game.scores.len(),
                players,
            });
        }
        let at_table = |field, seat| check_seat(field, seat, players);
        if let Some(seat) = game.uno_window {
            at_table("uno_window", seat)?;
        }
        if game.called_uno >> players != 0 {
            at_table("called_uno", (15 - game.called_uno.leading_zeros()) as Seat)?;
        }
        match game.phase {
            Phase::Drawn { card } if !game.hands[usize::from(game.turn)].contains(card) => {
                return Err(SetupError::DrawnCardNotHeld { card });
            }
            Phase::Penalty {
                challenge: Some(offence),
                ..
            } => at_table("phase's offender", offence.offender)?,
            Phase::RoundOver(Outcome {
                winner,
                game_winner,
                ..
            }) => {
                at_table("phase's winner", winner)?;
                if let Some(seat) = game_winner {
                    at_table("phase's game_winner", seat)?;
                }
            }
            _ => {}
        }
        for reveal in &game.reveals {
            at_table("a reveal's seat", reveal.seat)?;
            if let Some(seat) = reveal.to {
                at_table("a reveal's to", seat)?;
            }
        }
        for event in &game.history {
            for seat in event.seats().into_iter().flatten() {
                at_table("a seat in history", seat)?;
            }
        }
        Ok(game)
    }
}
