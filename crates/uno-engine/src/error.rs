//! Why an action or a setup was refused. An refused action leaves the game unchanged.

use crate::action::Seat;
use crate::card::{Card, Color};
use crate::edition::Edition;
use serde::Serialize;
use thiserror::Error;

/// Why `card` cannot go on `top` with `color` in force, in a player's words: "Red 7 matches
/// neither the Blue top card nor its 4", "Red 7 is not Blue, the color named for the Wild".
fn no_match(card: Card, top: Card, color: Option<Color>, edition: Edition) -> String {
    match (top.color(), color) {
        (Some(c), _) => {
            let name = top.name();
            let face = name.split_once(' ').map_or(name.as_str(), |(_, face)| face);
            format!(
                "{} matches neither the {} top card nor its {face}",
                card.name(),
                c.name()
            )
        }
        (None, Some(c)) => format!(
            "{} is not {}, the color named for the {}",
            card.name(),
            c.name(),
            edition.card_name(top)
        ),
        (None, None) => format!("{} does not match the discard pile", card.name()),
    }
}

/// An action that the rules do not allow now.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    #[error("the round is over")]
    RoundOver,
    #[error("the game is over")]
    GameOver,
    #[error("there is no seat {0}")]
    NoSuchSeat(Seat),
    #[error("it is seat {turn}'s turn, not seat {seat}'s")]
    NotYourTurn { seat: Seat, turn: Seat },
    #[error("seat {seat} does not hold {card}")]
    CardNotInHand { seat: Seat, card: Card },
    /// `top` is the discard pile's top card and `color` the color in force; `edition` names
    /// the top card (a Blank card, a Wild Customizable).
    #[error("{}", no_match(*card, *top, *color, *edition))]
    DoesNotMatch {
        card: Card,
        top: Card,
        color: Option<Color>,
        edition: Edition,
    },
    #[error("{card} needs a color to be named")]
    ColorRequired { card: Card },
    #[error("{card} is not a Wild: it takes no color")]
    ColorNotAllowed { card: Card },
    #[error("this edition has no {0} cards")]
    NoSuchColor(Color),
    #[error("a Wild Draw Four may not be played while holding a card of the current color")]
    IllegalWildDrawFour,
    #[error("only the card just drawn, {card}, may be played now")]
    OnlyDrawnCard { card: Card },
    #[error("the card just drawn must be played (forced play)")]
    MustPlayDrawnCard,
    #[error("there is no drawn card to keep")]
    NothingToPass,
    /// A Wild Draw Four that cannot be stacked waits for its answer: the seat facing it plays
    /// no card until it has challenged or accepted.
    #[error("seat {seat} must challenge or accept the penalty of {total} before playing a card")]
    MustAnswerPenalty { seat: Seat, total: u16 },
    /// A Wild Draw Four waits for its answer: the seat facing it challenges or accepts (and
    /// draws so); it cannot simply draw.
    #[error("seat {seat} must challenge the Wild Draw Four or accept it")]
    MustChallengeOrAccept { seat: Seat },
    #[error("{card} cannot be stacked on this penalty")]
    CannotStack { card: Card },
    #[error("there is no Wild Draw Four to challenge or accept")]
    NothingToChallenge,
    #[error("seat {seat} must choose a seat first")]
    MustChoose { seat: Seat },
    #[error("there is nothing to choose")]
    NothingToChoose,
    #[error("that seat cannot be chosen")]
    BadTarget,
    #[error("seat {0} cannot call UNO now")]
    CannotCallUno(Seat),
    #[error(
        "seat {0} cannot be caught: they called UNO, hold more than one card, or the moment passed"
    )]
    CannotCatch(Seat),
    #[error("a seat cannot catch itself")]
    CatchSelf,
    #[error("seat {seat} cannot jump in: only an identical card may be played out of turn")]
    CannotJumpIn { seat: Seat },
    #[error("that action is not allowed now")]
    NotAllowedNow,
}

impl RuleError {
    /// A stable snake_case code for the error, as in `unocli`'s output.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            RuleError::RoundOver => "round_over",
            RuleError::GameOver => "game_over",
            RuleError::NoSuchSeat(_) => "no_such_seat",
            RuleError::NotYourTurn { .. } => "not_your_turn",
            RuleError::CardNotInHand { .. } => "card_not_in_hand",
            RuleError::DoesNotMatch { .. } => "does_not_match",
            RuleError::ColorRequired { .. } => "color_required",
            RuleError::ColorNotAllowed { .. } => "color_not_allowed",
            RuleError::NoSuchColor(_) => "no_such_color",
            RuleError::IllegalWildDrawFour => "illegal_wild_draw_four",
            RuleError::OnlyDrawnCard { .. } => "only_drawn_card",
            RuleError::MustPlayDrawnCard => "must_play_drawn_card",
            RuleError::NothingToPass => "nothing_to_pass",
            RuleError::MustAnswerPenalty { .. } => "must_answer_penalty",
            RuleError::MustChallengeOrAccept { .. } => "must_challenge_or_accept",
            RuleError::CannotStack { .. } => "cannot_stack",
            RuleError::NothingToChallenge => "nothing_to_challenge",
            RuleError::MustChoose { .. } => "must_choose",
            RuleError::NothingToChoose => "nothing_to_choose",
            RuleError::BadTarget => "bad_target",
            RuleError::CannotCallUno(_) => "cannot_call_uno",
            RuleError::CannotCatch(_) => "cannot_catch",
            RuleError::CatchSelf => "catch_self",
            RuleError::CannotJumpIn { .. } => "cannot_jump_in",
            RuleError::NotAllowedNow => "not_allowed_now",
        }
    }
}

/// A setup or scenario that does not describe a possible table.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SetupError {
    #[error("a game needs 2 to 10 players, not {0}")]
    PlayerCount(usize),
    #[error("{card} is not a card of this edition")]
    CardNotInEdition { card: Card },
    #[error("{card} appears {count} times, but the deck holds {max}")]
    TooManyCopies {
        card: Card,
        count: usize,
        max: usize,
    },
    #[error("this edition has no {0} cards")]
    ColorNotInEdition(Color),
    #[error("the discard pile is empty: it needs a top card")]
    EmptyDiscardPile,
    #[error("{field} is {seat}, but the table has only seats 0 to {}", players - 1)]
    SeatOutOfRange {
        field: &'static str,
        seat: Seat,
        players: usize,
    },
    #[error("scores has {got} entries for {players} players")]
    ScoresLength { got: usize, players: usize },
    #[error("the top card {top} is {top_color}, but color says {color}")]
    ColorMismatch {
        top: Card,
        top_color: Color,
        color: Color,
    },
    #[error("edition_cards must be 0 to 4, not {0}")]
    EditionCards(u8),
    #[error("uno_penalty must be 1 to 10, not {0}")]
    UnoPenalty(u8),
    #[error("the card drawn, {card}, is not in the hand of the seat to play")]
    DrawnCardNotHeld { card: Card },
    #[error("seat {seat} holds no card, but a round ends when a hand is empty")]
    EmptyHand { seat: Seat },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_serialize_with_their_kind() {
        let e = RuleError::NoSuchSeat(4);
        assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"no_such_seat":4}"#);
        assert_eq!(e.kind(), "no_such_seat");
        let e = SetupError::PlayerCount(11);
        assert_eq!(serde_json::to_string(&e).unwrap(), r#"{"player_count":11}"#);
        assert_eq!(e.to_string(), "a game needs 2 to 10 players, not 11");
    }
}
