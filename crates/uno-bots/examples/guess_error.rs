//! How far the hard bot's guesses of the hidden hands are from the truth: bots of one level
//! (`medium-v1` unless named) play Classic single hands, and at each turn of one seat (a
//! different one each hand) the guesses the hard bot would search are dealt and their counts
//! of each color (and of Wilds) compared with the true hands. It prints the error with
//! today's readings of the history, with the whole round's plays read, with only the plays
//! since each seat last drew, with no plays read (`past`), and with each hand's draws read as
//! binding the whole hand rather than group by group (`Groups`), in seconds: the yardstick for
//! a new reading before it is measured by play. The README's "Bot strength" quotes it.
//!
//! `cargo run --profile fast -p uno-bots --example guess_error -- [HANDS] [GUESSES] [PLAYERS] [SEED] [BOT]`

mod common;

use uno_bots::determinize::{sample, Beliefs, Reading};
use uno_bots::past::Reader;
use uno_bots::policy::MediumWeights;
use uno_bots::search::Style;
use uno_bots::LevelBot;
use uno_engine::{Rng, Seat};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let hands: u32 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let guesses: u32 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(60);
    let players: usize = arg(3).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seed: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(2026);
    let bot = arg(5).unwrap_or_else(|| "medium-v1".into());
    if LevelBot::by_name(&bot, 5).is_none() {
        eprintln!("guess_error: no bot level {bot:?}");
        std::process::exit(2);
    }
    let style = Style::CURRENT;
    let today = style.reading;
    let readings = [
        ("today's readings", today),
        (
            "the whole round's plays, at full sharpness",
            Reading {
                whole_round: true,
                halved_from: u8::MAX,
                ..today
            },
        ),
        (
            "the plays since each seat last drew",
            Reading {
                whole_round: false,
                halved_from: u8::MAX,
                ..today
            },
        ),
        ("no plays", Reading { plays: 0, ..today }),
        (
            "today's readings, each hand read whole rather than by groups",
            Reading {
                groups: false,
                ..today
            },
        ),
    ];
    println!("{players} players, {hands} hands of {bot}:");
    for (name, reading) in readings {
        let table = Table {
            hands,
            guesses,
            players,
            seed,
        };
        // The same bots, from the same seed, play the same hands for every reading.
        let mut player = LevelBot::by_name(&bot, 5).expect("checked");
        let error = table.measure(reading, &style.others, &mut player);
        println!("  {name}: guesses' color counts off by {error:.3} cards a hand");
    }
}

/// The hands played.
struct Table {
    hands: u32,
    guesses: u32,
    players: usize,
    seed: u64,
}

impl Table {
    /// The mean error of the guesses read with `reading`, the plays read as `others` would
    /// make them, with `player` playing every seat.
    fn measure(&self, reading: Reading, others: &MediumWeights, player: &mut LevelBot) -> f64 {
        // Guesses have their own dice, so the hands played do not depend on them.
        let mut dice = Rng::new(8);
        let (mut total, mut count) = (0u64, 0u64);
        common::watch(
            self.hands,
            self.players,
            self.seed,
            player,
            |game, seer, view| {
                let beliefs = Beliefs::read(view, reading);
                let mut reader = Reader::new(view, others, reading);
                for _ in 0..self.guesses {
                    let guess = reader.pick(view, &mut dice, |rng| sample(view, &beliefs, rng));
                    for (s, hand) in guess.hands.iter().enumerate() {
                        if s != usize::from(seer) {
                            let truth = game.hand(s as Seat).to_vec();
                            total += u64::from(common::color_error(hand, &truth));
                            count += 1;
                        }
                    }
                }
            },
        );
        total as f64 / count.max(1) as f64
    }
}
