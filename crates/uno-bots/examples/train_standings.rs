//! Fits `standings`' weights: plays whole Classic games of medium self-play (the weights the
//! hard level's playouts use) to the edition's target, keeps the scores at the start of every
//! round with the seat that won the game, and fits the conditional logit to them (Newton's
//! method over the log loss). Prints the loss on games it did not see, beside even chances,
//! and the weights as Rust.
//!
//! `cargo run --profile fast -p uno-bots --example train_standings -- [GAMES] [PLAYERS] [SEED] [standard|alternative]`

use uno_bots::policy::{medium_with, MediumWeights};
use uno_bots::search::next_decision;
use uno_bots::standings::{features, FEATURES};
use uno_engine::{Edition, Game, Rng, Rules, Scoring};

/// One round's start: every seat's features, and which seat won the game.
struct Sample {
    seats: Vec<[f64; FEATURES]>,
    winner: usize,
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let players: usize = arg(2).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seed: u64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules.scoring = Some(match arg(4).as_deref() {
        None | Some("standard") => Scoring::Standard,
        Some("alternative") => Scoring::Alternative,
        Some(other) => {
            eprintln!("scoring: standard or alternative, not {other}");
            std::process::exit(2);
        }
    });
    let target = rules.target();
    let mut rng = Rng::new(seed);
    let mut samples = Vec::new();
    let mut legal = Vec::new();
    'games: for g in 0..games {
        let mut game = Game::deal(rules, players, seed * 1_000_000 + g).expect("a valid table");
        let first = samples.len();
        let winner = loop {
            samples.push(Sample {
                seats: game.scores().iter().map(|&s| features(s, target)).collect(),
                winner: 0,
            });
            for _ in 0..2_000 {
                if game.outcome().is_some() {
                    break;
                }
                let Some(turn) = next_decision(&mut game, &mut legal) else {
                    continue;
                };
                let action = medium_with(&MediumWeights::SEARCH, &game, turn, &legal, &mut rng);
                game.apply_legal(action);
            }
            let Some(outcome) = game.outcome() else {
                samples.truncate(first);
                continue 'games;
            };
            if let Some(w) = outcome.game_winner {
                break usize::from(w);
            }
            game.start_next_round().expect("the game goes on");
        };
        samples[first..].iter_mut().for_each(|s| s.winner = winner);
    }
    // Games' rounds are in order: the last tenth is held out.
    let split = samples.len() * 9 / 10;
    let (train, test) = samples.split_at(split);
    println!(
        "{} rounds from {games} games of {players}; {} to fit, {} held out",
        samples.len(),
        train.len(),
        test.len()
    );
    let w = fit(train);
    println!(
        "held-out log loss: even chances {:.4}, fitted {:.4}",
        loss(test, &[0.0; FEATURES]),
        loss(test, &w)
    );
    println!(
        "[{}]",
        w.iter()
            .map(|x| format!("{x:.3}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
}

/// Each seat's chance in a sample.
fn chances(sample: &Sample, w: &[f64; FEATURES]) -> Vec<f64> {
    let scores: Vec<f64> = sample
        .seats
        .iter()
        .map(|f| f.iter().zip(w).map(|(a, b)| a * b).sum())
        .collect();
    let top = scores.iter().copied().fold(f64::MIN, f64::max);
    let e: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let total: f64 = e.iter().sum();
    e.iter().map(|x| x / total).collect()
}

/// The mean log loss of `w` on `samples`.
fn loss(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    samples
        .iter()
        .map(|s| -chances(s, w)[s.winner].ln())
        .sum::<f64>()
        / samples.len().max(1) as f64
}

/// Newton's method on the conditional logit's log-likelihood (concave: it converges).
fn fit(samples: &[Sample]) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    for _ in 0..50 {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for s in samples {
            let p = chances(s, &w);
            let mut mean = [0.0; FEATURES];
            for (f, pi) in s.seats.iter().zip(&p) {
                for k in 0..FEATURES {
                    mean[k] += pi * f[k];
                }
            }
            for k in 0..FEATURES {
                grad[k] += s.seats[s.winner][k] - mean[k];
            }
            for (f, pi) in s.seats.iter().zip(&p) {
                for a in 0..FEATURES {
                    for b in 0..FEATURES {
                        hess[a][b] -= pi * (f[a] - mean[a]) * (f[b] - mean[b]);
                    }
                }
            }
        }
        // Solve hess · step = grad for two unknowns.
        let det = hess[0][0] * hess[1][1] - hess[0][1] * hess[1][0];
        if det.abs() < 1e-12 {
            break;
        }
        let step = [
            (grad[0] * hess[1][1] - grad[1] * hess[0][1]) / det,
            (hess[0][0] * grad[1] - hess[1][0] * grad[0]) / det,
        ];
        w[0] -= step[0];
        w[1] -= step[1];
        if step.iter().all(|s| s.abs() < 1e-9) {
            break;
        }
    }
    w
}
