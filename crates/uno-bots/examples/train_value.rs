//! Fits `value`'s weights: plays single Classic hands of medium self-play (the weights the hard
//! level's playouts use), keeps a quarter of the positions with the seat that went out, and fits
//! the conditional logit to them (Adam over the log loss). Prints the loss on hands it did not
//! see, beside a guess of even chances and a fit to hand sizes alone, and the weights as Rust.
//!
//! `cargo run --profile fast -p uno-bots --example train_value -- [HANDS] [PLAYERS] [SEED] [HOUSE_RULES]`
//! (`HOUSE_RULES` as a scenario's `house_rules`, e.g. `'{"draw_to_match":true}'`: the hands are
//! played under them; none by default).

use uno_bots::policy::{medium_with, MediumWeights};
use uno_bots::search::next_decision;
use uno_bots::value::{features, score_of, to_chances, FEATURES, HAND_SIZE};
use uno_engine::{Edition, Game, Rng, Rules, Scoring};

/// One position: every seat's features, and which seat went out.
struct Sample {
    seats: Vec<[f32; FEATURES]>,
    winner: usize,
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let hands: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(40_000);
    let players: usize = arg(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seed: u64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rules = Rules::new(Edition::Classic);
    if let Some(json) = arg(4) {
        rules.house_rules = serde_json::from_str(&json).unwrap_or_else(|e| {
            eprintln!("HOUSE_RULES: {e}");
            std::process::exit(2);
        });
    }
    rules.house_rules.scoring = Some(Scoring::SingleHand);
    let mut rng = Rng::new(seed);
    let mut samples = Vec::new();
    let mut legal = Vec::new();
    for h in 0..hands {
        let mut game = Game::deal(rules, players, seed * 1_000_000 + h).expect("a valid table");
        let first = samples.len();
        for _ in 0..400 {
            if game.outcome().is_some() {
                break;
            }
            if rng.below(4) == 0 {
                samples.push(Sample {
                    seats: (0..game.seats()).map(|s| features(&game, s)).collect(),
                    winner: 0,
                });
            }
            let Some(turn) = next_decision(&mut game, &mut legal) else {
                continue;
            };
            let action = medium_with(&MediumWeights::SEARCH, &game, turn, &legal, &mut rng);
            game.apply_legal(action);
        }
        match game.outcome() {
            Some(o) => samples[first..]
                .iter_mut()
                .for_each(|s| s.winner = usize::from(o.winner)),
            None => samples.truncate(first),
        }
    }
    // Hands' positions are in order: the last tenth is held out.
    let split = samples.len() * 9 / 10;
    let (train, test) = samples.split_at(split);
    println!(
        "{} positions from {hands} hands of {players}; {} to fit, {} held out",
        samples.len(),
        train.len(),
        test.len()
    );
    let even = (players as f64).ln();
    let sizes_only = fit(train, &HAND_SIZE, &mut rng);
    let all: Vec<usize> = (0..FEATURES).collect();
    let w = fit(train, &all, &mut rng);
    println!(
        "held-out log loss: even chances {even:.4}, hand sizes only {:.4}, all features {:.4}",
        loss(test, &sizes_only),
        loss(test, &w)
    );
    println!("[");
    for x in &w {
        println!("    {x:.4},");
    }
    println!("]");
}

/// Each seat's chance to go out, by `w`.
fn scores(s: &Sample, w: &[f32; FEATURES]) -> Vec<f64> {
    let mut chances: Vec<f64> = s.seats.iter().map(|f| score_of(f, w)).collect();
    to_chances(&mut chances);
    chances
}

fn loss(samples: &[Sample], w: &[f32; FEATURES]) -> f64 {
    samples
        .iter()
        .map(|s| -scores(s, w)[s.winner].max(1e-12).ln())
        .sum::<f64>()
        / samples.len() as f64
}

/// Adam over the log loss, only the features in `free` let to move.
fn fit(samples: &[Sample], free: &[usize], rng: &mut Rng) -> [f32; FEATURES] {
    let mut w = [0f64; FEATURES];
    let (mut m, mut v) = ([0f64; FEATURES], [0f64; FEATURES]);
    let (lr, b1, b2, batch) = (0.01, 0.9, 0.999, 512);
    let mut t = 0;
    let mut order: Vec<usize> = (0..samples.len()).collect();
    for _epoch in 0..4 {
        for i in (1..order.len()).rev() {
            let j = rng.below(i + 1);
            order.swap(i, j);
        }
        for chunk in order.chunks(batch) {
            let mut grad = [0f64; FEATURES];
            let wf: [f32; FEATURES] = w.map(|x| x as f32);
            for &i in chunk {
                let s = &samples[i];
                let p = scores(s, &wf);
                for (seat, f) in s.seats.iter().enumerate() {
                    let y = f64::from(u8::from(seat == s.winner));
                    for &k in free {
                        grad[k] += (p[seat] - y) * f64::from(f[k]);
                    }
                }
            }
            t += 1;
            for &k in free {
                let g = grad[k] / chunk.len() as f64;
                m[k] = b1 * m[k] + (1.0 - b1) * g;
                v[k] = b2 * v[k] + (1.0 - b2) * g * g;
                let mh = m[k] / (1.0 - b1.powi(t));
                let vh = v[k] / (1.0 - b2.powi(t));
                w[k] -= lr * mh / (vh.sqrt() + 1e-8);
            }
        }
    }
    w.map(|x| x as f32)
}
