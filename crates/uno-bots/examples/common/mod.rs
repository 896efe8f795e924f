//! What the examples share: a chance taken out of turn as the medium bot takes it, and how
//! far a guessed hand is from the true one.

use uno_bots::policy::medium_out_of_turn;
use uno_engine::{Action, Card, Game};

/// The cards by which two hands' counts of each color (and of Wilds) differ, summed.
pub fn color_error(guess: &[Card], truth: &[Card]) -> u32 {
    let counts = |cards: &[Card]| {
        let mut n = [0i32; 6];
        for c in cards {
            n[c.color().map_or(5, |c| c as usize)] += 1;
        }
        n
    };
    let (a, b) = (counts(guess), counts(truth));
    (0..6).map(|i| a[i].abs_diff(b[i])).sum()
}

/// A chance taken out of turn by any seat, as the medium bot takes them.
pub fn out_of_turn(game: &Game) -> Option<Action> {
    let seats = game.seats();
    (1..seats)
        .map(|i| (game.turn() + i) % seats)
        .find_map(|seat| medium_out_of_turn(&game.legal_actions_for(seat)))
}
