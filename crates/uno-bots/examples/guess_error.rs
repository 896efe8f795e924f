//! How far the hard bot's guesses of the hidden hands are from the truth: four `medium-v1`
//! bots play 4-player Classic single hands, and at each turn of one seat (a different one
//! each hand) the guesses the hard bot would search are dealt and their counts of each color
//! (and of Wilds) compared with the true hands. It prints the error with today's readings of
//! the history and with all of them but the plays (`past`), in seconds: the yardstick for a
//! new reading before it is measured by play. The README's "Bot strength" quotes it.
//!
//! `cargo run --profile fast -p uno-bots --example guess_error -- [HANDS] [GUESSES] [SEED]`

use uno_bots::determinize::{sample, Beliefs, Reading};
use uno_bots::past::Reader;
use uno_bots::policy::{medium_out_of_turn, medium_with, MediumWeights};
use uno_bots::search::Style;
use uno_engine::{Action, Card, Edition, Game, Rng, Rules, Scoring, Seat};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let hands: u32 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let guesses: u32 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(60);
    let seed: u64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(2026);
    let style = Style::CURRENT;
    let without_plays = Reading {
        plays: 0,
        ..style.reading
    };
    for (name, reading) in [
        ("today's readings", style.reading),
        ("without the plays", without_plays),
    ] {
        let error = measure(hands, guesses, seed, reading, &style.others);
        println!("{name}: guesses' color counts off by {error:.3} cards a hand");
    }
}

/// The mean error of the guesses read with `reading`, the plays read as `others` would make
/// them, over `hands` hands dealt from `seed` on.
fn measure(hands: u32, guesses: u32, seed: u64, reading: Reading, others: &MediumWeights) -> f64 {
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules.scoring = Some(Scoring::SingleHand);
    let mut rng = Rng::new(7);
    // Guesses have their own dice, so the hands played do not depend on them.
    let mut dice = Rng::new(8);
    let mut players = std::env::var("EXP_PLAYER")
        .ok()
        .map(|n| uno_bots::LevelBot::by_name(&n, 5).unwrap());
    let (mut total, mut count) = (0u64, 0u64);
    for g in 0..hands {
        let mut game = Game::deal(rules, 4, seed + u64::from(g)).expect("a valid table");
        let seer = (g % 4) as Seat;
        while game.outcome().is_none() {
            let action = out_of_turn(&game).unwrap_or_else(|| {
                let turn = game.turn();
                let legal = game.legal_actions_for(turn);
                let view = game.view(turn);
                if turn == seer {
                    let beliefs = Beliefs::read(&view, reading);
                    let mut reader = Reader::new(&view, others, reading);
                    for _ in 0..guesses {
                        let guess =
                            reader.pick(&view, &mut dice, |rng| sample(&view, &beliefs, rng));
                        for (s, hand) in guess.hands.iter().enumerate() {
                            if s != usize::from(seer) {
                                total += u64::from(error(hand, &game.hand(s as Seat).to_vec()));
                                count += 1;
                            }
                        }
                    }
                }
                match players.as_mut() {
                    Some(p) => uno_bots::Bot::decide(p, &view, &legal),
                    None => medium_with(&MediumWeights::V1, &view, turn, &legal, &mut rng),
                }
            });
            game.apply(action).expect("bots choose legal actions");
        }
    }
    total as f64 / count.max(1) as f64
}

/// The cards by which two hands' counts of each color (and of Wilds) differ, summed.
fn error(guess: &[Card], truth: &[Card]) -> u32 {
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
fn out_of_turn(game: &Game) -> Option<Action> {
    let seats = game.seats();
    (1..seats)
        .map(|i| (game.turn() + i) % seats)
        .find_map(|seat| medium_out_of_turn(&game.legal_actions_for(seat)))
}
