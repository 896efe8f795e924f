//! Tunes the medium heuristic's weights by self-play with SPSA (simultaneous perturbation
//! stochastic approximation): each step nudges every weight at once by a random ±c, plays
//! the two nudged players against `medium-v1` players (three by default) on the same deals,
//! and moves the weights toward the one that won more. Medium plays a 4-player hand in about
//! 30 µs, so a step of 2 × 10,000 hands takes well under a second.
//!
//! ```text
//! cargo run --profile fast -p uno-bots --example tune_medium -- [steps] [hands] [seed] [gain] [players]
//! ```
//!
//! `players` is 4 by default; with 2 it tunes the head-to-head weights (`HEADS_UP`).
//!
//! It prints each 20th step, then the tuned weights as Rust and their win rate on fresh deals
//! (a seed range the tuning never saw), to be checked with `unocli arena` before they are
//! shipped as `MediumWeights::DEFAULT` (or, at two players, `HEADS_UP`).

use uno_bots::arena;
use uno_bots::policy::MediumWeights;
use uno_bots::{Bot, Level, LevelBot};
use uno_engine::{Edition, Rng, Rules};

/// A tuned weight: its name, how to read and write it, and its scale (one unit of the
/// search moves it by this much).
struct Knob {
    name: &'static str,
    get: fn(&MediumWeights) -> f64,
    set: fn(&mut MediumWeights, f64),
    scale: f64,
}

macro_rules! knob {
    ($field:ident, int, $scale:expr) => {
        Knob {
            name: stringify!($field),
            get: |w| f64::from(w.$field),
            set: |w, x| w.$field = x.round() as i32,
            scale: $scale,
        }
    };
    ($field:ident, size, $scale:expr) => {
        Knob {
            name: stringify!($field),
            get: |w| w.$field as f64,
            set: |w, x| w.$field = x.round().clamp(0.0, 20.0) as usize,
            scale: $scale,
        }
    };
}

/// The weights that matter in a Classic hand (the Grayskull and seat-choice weights never
/// come up; drawing when a card could be played stays the last resort).
fn knobs() -> Vec<Knob> {
    vec![
        knob!(danger_hand, size, 1.0),
        knob!(attack_hand, size, 1.0),
        knob!(near_out_hand, size, 1.0),
        knob!(number, int, 6.0),
        knob!(action, int, 6.0),
        knob!(action_attack, int, 8.0),
        knob!(action_danger, int, 8.0),
        knob!(wild_draw_four, int, 8.0),
        knob!(wild_draw_four_attack, int, 8.0),
        knob!(other_wild, int, 8.0),
        knob!(wild_near_out, int, 8.0),
        knob!(same_color, int, 2.0),
        knob!(named_color, int, 2.0),
        knob!(next_lacks, int, 6.0),
        knob!(scarce, int, 6.0),
        knob!(pass, int, 6.0),
        knob!(challenge_big_hand, int, 40.0),
        knob!(challenge_small_hand, int, 40.0),
        knob!(challenge_hand, size, 1.0),
    ]
}

/// The weights at `x` (in units of each knob's scale, from `base`).
fn weights_at(base: &MediumWeights, knobs: &[Knob], x: &[f64]) -> MediumWeights {
    let mut w = *base;
    for (k, &xi) in knobs.iter().zip(x) {
        (k.set)(&mut w, (k.get)(base) + xi * k.scale);
    }
    w
}

/// The win rate of `w` against `players - 1` `medium-v1` over `hands` Classic hands, seats
/// rotated, dealt from `seed` on.
fn win_rate(w: MediumWeights, players: u64, hands: u32, seed: u64) -> f64 {
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|s| {
            let mut bot = LevelBot::new(
                Level::Medium,
                seed ^ (s + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            );
            let weights = if s == 0 { w } else { MediumWeights::V1 };
            bot.weights = weights;
            bot.heads_up = weights;
            Box::new(bot) as Box<dyn Bot>
        })
        .collect();
    let standings = arena::run(Rules::new(Edition::Classic), hands, seed, true, &mut bots)
        .expect("a Classic table deals");
    standings.bots[0].win_rate
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("steps, hands, seed, gain and players are whole numbers")
        })
        .collect();
    let steps = args.first().copied().unwrap_or(300);
    let hands = args.get(1).copied().unwrap_or(10_000) as u32;
    let seed = args.get(2).copied().unwrap_or(1);
    let players = args.get(4).copied().unwrap_or(4).clamp(2, 10);
    let knobs = knobs();
    // From the medium level as it ships (first tuned from `V1`).
    let base = MediumWeights::DEFAULT;
    let mut x = vec![0.0f64; knobs.len()];
    let mut rng = Rng::new(seed);
    // Gains as Spall recommends: a_k = a / (k + 1 + A)^0.602, c_k = c / (k + 1)^0.101.
    let a = args.get(3).copied().unwrap_or(400) as f64;
    let (big_a, c) = (steps as f64 / 10.0, 1.0);
    // Deals for tuning start at 10^9 (the README's arena runs use small seeds).
    let mut deal = 1_000_000_000 + seed * 100_000_000;
    for k in 0..steps {
        let ak = a / (k as f64 + 1.0 + big_a).powf(0.602);
        let ck = c / (k as f64 + 1.0).powf(0.101);
        let delta: Vec<f64> = (0..knobs.len())
            .map(|_| if rng.below(2) == 0 { -1.0 } else { 1.0 })
            .collect();
        let plus: Vec<f64> = x.iter().zip(&delta).map(|(xi, d)| xi + ck * d).collect();
        let minus: Vec<f64> = x.iter().zip(&delta).map(|(xi, d)| xi - ck * d).collect();
        // The same deals for both: the difference is the weights', not the cards'.
        let f_plus = win_rate(weights_at(&base, &knobs, &plus), players, hands, deal);
        let f_minus = win_rate(weights_at(&base, &knobs, &minus), players, hands, deal);
        deal += u64::from(hands);
        for (xi, d) in x.iter_mut().zip(&delta) {
            let step = ak * (f_plus - f_minus) / (2.0 * ck * d);
            *xi += step.clamp(-0.5, 0.5);
        }
        if k % 20 == 19 || k + 1 == steps {
            println!(
                "step {:>4}: +{:.4} -{:.4}  {:?}",
                k + 1,
                f_plus,
                f_minus,
                weights_at(&base, &knobs, &x)
            );
        }
    }
    let tuned = weights_at(&base, &knobs, &x);
    println!("\nTuned (changed from the medium level):");
    for k in &knobs {
        let (was, now) = ((k.get)(&base), (k.get)(&tuned));
        if (was - now).abs() > f64::EPSILON {
            println!("    {}: {now},  // was {was}", k.name);
        }
    }
    // Fresh deals, never used above.
    let check = 100_000;
    let fresh = 5_000_000_000 + seed * 1_000_000;
    let p = win_rate(tuned, players, check, fresh);
    let se = (p * (1.0 - p) / f64::from(check)).sqrt();
    println!(
        "\nTuned vs {} medium-v1 on {check} fresh hands: {:.2}% ± {:.2}",
        players - 1,
        100.0 * p,
        100.0 * se
    );
}
