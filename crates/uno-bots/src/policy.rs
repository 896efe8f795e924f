//! The decisions of the heuristic levels, as plain functions of a `Table`, so that the hard
//! bot's rollouts play by the same heuristic it expects of its opponents.

use crate::table::Table;
use uno_engine::{Action, Card, Color, Face, Rng, Seat};

/// Whether an action is a chance anyone may take out of turn (or at any moment).
#[must_use]
pub fn is_out_of_turn(action: &Action) -> bool {
    matches!(action, Action::CallUno { .. } | Action::Catch { .. })
}

/// How many cards of each edition color `seat` holds (Wilds not counted).
fn color_counts<T: Table>(t: &T, seat: Seat) -> [(Color, usize); 4] {
    t.edition_colors().map(|c| (c, t.color_count(seat, c)))
}

/// The medium heuristic's worth of playing `card` (naming `named`) for `seat`.
fn play_score<T: Table>(t: &T, seat: Seat, card: Card, named: Option<Color>) -> i32 {
    let next = t.seat_from(seat, 1);
    let next_size = t.hand_size(next);
    let danger = t.fewest_other(seat) <= 2;
    let attack = next_size <= 2;
    let mut score = match card.face() {
        // Dump high points when someone is about to go out.
        Face::Number(n) => 10 + if danger { i32::from(n) } else { 0 },
        Face::Skip | Face::Reverse | Face::DrawTwo => {
            let hits_next = card.face() != Face::Reverse || t.seat_count() == 2;
            8 + if attack && hits_next { 30 } else { 0 } + if danger { 20 } else { 0 }
        }
        // Wilds are kept for later, unless the hand is nearly out or the next seat is close.
        Face::WildDrawFour => -25 + if attack { 45 } else { 0 },
        Face::WildGrayskull => 5 + if danger { 25 } else { 0 },
        _ => -20,
    };
    if card.is_wild() && t.hand_size(seat) <= 2 {
        score += 30;
    }
    // Keep to the color held most: play into it, and name it.
    let counts = color_counts(t, seat);
    let held = |c: Color| counts.iter().find(|(k, _)| *k == c).map_or(0, |x| x.1) as i32;
    if let Some(c) = card.color() {
        score += 2 * (held(c) - 1);
    }
    if let Some(c) = named {
        score += 3 * held(c);
    }
    score
}

/// The medium heuristic for a decision on `seat`'s turn.
pub fn medium<T: Table>(t: &T, seat: Seat, legal: &[Action], rng: &mut Rng) -> Action {
    let has_play = legal.iter().any(|a| matches!(a, Action::Play { .. }));
    // Call UNO before playing the next-to-last card; catch whoever forgot.
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::Catch { .. })) {
        return *a;
    }
    if let Some(a) = legal.iter().find(|a| matches!(a, Action::CallUno { .. })) {
        if t.hand_size(seat) <= 1 || has_play {
            return *a;
        }
    }
    let mut best: Option<(i32, Action)> = None;
    for &a in legal {
        let score = match a {
            Action::Play { card, color, .. } => play_score(t, seat, card, color),
            // Keeping a drawn card scores as an average play would.
            Action::Pass { .. } => 0,
            Action::Draw { .. } | Action::Accept { .. } => -100,
            Action::Challenge { .. } => {
                // The Wild Draw Four came from the previous seat: the more cards it holds, the
                // likelier one was of the color. Challenge when that beats the cost of 2 more.
                let offender = t.seat_from(seat, -1);
                if t.hand_size(offender) >= 3 {
                    -50
                } else {
                    -150
                }
            }
            Action::Choose { target: None, .. } => -1000,
            // Hand swaps and skips go to the seat closest to going out.
            Action::Choose {
                target: Some(s), ..
            } => 100 - t.hand_size(s) as i32,
            Action::CallUno { .. } | Action::Catch { .. } => -10_000,
        };
        // A little noise breaks ties between equal plays.
        let score = score * 8 + rng.below(8) as i32;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, a));
        }
    }
    best.map_or(legal[0], |(_, a)| a)
}

/// The medium heuristic out of turn: catch, call a forgotten UNO, jump in.
#[must_use]
pub fn medium_out_of_turn(legal: &[Action]) -> Option<Action> {
    let pick = |f: fn(&Action) -> bool| legal.iter().copied().find(f);
    pick(|a| matches!(a, Action::Catch { .. }))
        .or_else(|| pick(|a| matches!(a, Action::CallUno { .. })))
        .or_else(|| pick(|a| matches!(a, Action::Play { .. })))
}

/// Random: uniformly any legal action, except that it draws only when it has no card to play
/// (the random agent of RLCard, whose figures the README compares with).
pub fn random(legal: &[Action], rng: &mut Rng) -> Action {
    let can_play = legal.iter().any(|a| matches!(a, Action::Play { .. }));
    let allowed = |a: &&Action| !(can_play && matches!(a, Action::Draw { .. }));
    let count = legal.iter().filter(allowed).count();
    *legal
        .iter()
        .filter(allowed)
        .nth(rng.below(count))
        .expect("a decision has a legal action")
}

/// Easy: a random card, and now and then it forgets to call UNO or misses a catch.
pub fn easy(seat_hand: usize, legal: &[Action], rng: &mut Rng) -> Action {
    let plays: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Play { .. }))
        .collect();
    let find = |f: fn(&Action) -> bool| legal.iter().copied().find(f);
    if let Some(uno) = find(|a| matches!(a, Action::CallUno { .. })) {
        // Forgets two times in ten.
        if (seat_hand <= 1 || !plays.is_empty()) && rng.below(10) >= 2 {
            return uno;
        }
    }
    if let Some(c) = find(|a| matches!(a, Action::Challenge { .. })) {
        // Three times in ten (a random player challenges half the time).
        if rng.below(10) < 3 {
            return c;
        }
    }
    if !plays.is_empty() {
        return plays[rng.below(plays.len())];
    }
    let rest: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| !is_out_of_turn(a) && !matches!(a, Action::Challenge { .. }))
        .collect();
    if rest.is_empty() {
        legal[rng.below(legal.len())]
    } else {
        rest[rng.below(rest.len())]
    }
}

/// Easy out of turn: rarely catches, sometimes remembers a forgotten UNO, jumps in half the time.
pub fn easy_out_of_turn(legal: &[Action], rng: &mut Rng) -> Option<Action> {
    for &a in legal {
        let chance = match a {
            Action::Catch { .. } => 3,
            Action::CallUno { .. } => 3,
            Action::Play { .. } => 5,
            _ => 0,
        };
        if rng.below(10) < chance {
            return Some(a);
        }
    }
    None
}
