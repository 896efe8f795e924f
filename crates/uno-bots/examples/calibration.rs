//! Whether the hard bot's guesses are as sure as they should be: bots of one level
//! (`medium-v1`) play Classic single hands, and at each turn of one seat (a different one each
//! hand) the guesses the hard bot would search are dealt. For every other seat and color, the
//! share of guesses in which that seat holds the color is set against whether it truly does;
//! so for Wilds, and for whether the next seat could play on the card on top. It prints the
//! Brier score of each (lower is better) with today's readings; with the cards a hand's deal
//! passed over mixed back into the rest (`mixed`, which played worse); then taking today's
//! away one by one: a seat's choice to keep a drawn card not read with its plays (`kept_read`
//! off), a drawn card it kept dealt as any card (`kept_fits` off), each hand's draws read as
//! binding the whole hand (`groups` off). Then today's chances by bins: a guessed 0–10% that
//! comes true 11% of the time is a reading too sure of itself. The README's "Bot strength"
//! (items 30 and 31) quotes it.
//!
//! `cargo run --profile fast -p uno-bots --example calibration -- [HANDS] [GUESSES] [PLAYERS] [SEED]`

mod common;

use uno_bots::determinize::{sample, Beliefs, Reading};
use uno_bots::past::Reader;
use uno_bots::search::Style;
use uno_bots::table::Table as _;
use uno_bots::LevelBot;
use uno_engine::{Card, Color, Game, Phase, Rng};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let hands: u32 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(600);
    let guesses: u32 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(60);
    let players: usize = arg(3).and_then(|s| s.parse().ok()).unwrap_or(4);
    let seed: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(2026);
    let today = Style::CURRENT.reading;
    let mixed = Reading {
        mixed: true,
        ..today
    };
    let kept_not_read = Reading {
        kept_read: false,
        ..today
    };
    let kept_any = Reading {
        kept_fits: false,
        ..kept_not_read
    };
    let whole = Reading {
        groups: false,
        ..kept_any
    };
    println!("{players} players, {hands} hands of medium-v1, {guesses} guesses a turn:");
    let mut shown = Vec::new();
    for (name, reading) in [
        ("today's readings", today),
        ("with passed-over cards mixed back", mixed),
        ("and a choice to keep a drawn card not read", kept_not_read),
        ("and a kept drawn card dealt as any card", kept_any),
        ("and each hand read whole (item 30's before)", whole),
    ] {
        let events = measure(hands, guesses, players, seed, reading);
        println!("  {name}: Brier score");
        for e in &events {
            println!("    {:.4}  {} ({} chances)", e.brier(), e.name, e.count());
        }
        if shown.is_empty() {
            shown = events;
        }
    }
    println!("With today's readings, by the chance the guesses gave:");
    for e in &shown {
        e.print_bins();
    }
}

/// The chances guessed for one kind of event and whether each came true, by tenths.
struct Event {
    name: &'static str,
    /// Per bin: how many, the sum of the chances guessed, how many came true.
    bins: [(u64, f64, u64); 10],
    squares: f64,
}

impl Event {
    fn new(name: &'static str) -> Event {
        Event {
            name,
            bins: [(0, 0.0, 0); 10],
            squares: 0.0,
        }
    }

    fn add(&mut self, chance: f64, truth: bool) {
        let bin = &mut self.bins[((chance * 10.0) as usize).min(9)];
        bin.0 += 1;
        bin.1 += chance;
        bin.2 += u64::from(truth);
        self.squares += (chance - f64::from(u8::from(truth))).powi(2);
    }

    fn count(&self) -> u64 {
        self.bins.iter().map(|b| b.0).sum()
    }

    fn brier(&self) -> f64 {
        self.squares / self.count().max(1) as f64
    }

    fn print_bins(&self) {
        println!("  {}:", self.name);
        for (i, &(n, chances, truths)) in self.bins.iter().enumerate() {
            if n > 0 {
                let n = n as f64;
                println!(
                    "    guessed {:>3}–{:>3}%: on average {:5.1}%, came true {:5.1}% ({n})",
                    i * 10,
                    i * 10 + 10,
                    100.0 * chances / n,
                    100.0 * truths as f64 / n,
                );
            }
        }
    }
}

/// Whether `hand` holds a card of `color` (`None`: a Wild-type card).
fn holds(hand: &[Card], color: Option<Color>) -> bool {
    hand.iter().any(|c| c.color() == color)
}

/// Whether `seat` of `game` holds a card it could play on the card on top.
fn could_play(game: &Game, seat: u8) -> bool {
    game.hand(seat).iter().any(|c| game.playable(seat, c))
}

fn measure(hands: u32, guesses: u32, players: usize, seed: u64, reading: Reading) -> Vec<Event> {
    const COLORS: [Color; 4] = [Color::Red, Color::Blue, Color::Green, Color::Yellow];
    let mut colors = [
        Event::new("the next seat holds a color"),
        Event::new("the seat two on holds a color"),
        Event::new("the seat three on holds a color"),
    ];
    let mut wilds = Event::new("another seat holds a Wild");
    let mut next_plays = Event::new("the next seat could play on the card on top");
    let others = Style::CURRENT.others;
    let mut player = LevelBot::by_name("medium-v1", 5).expect("a level");
    // Guesses have their own dice, so the hands played do not depend on them.
    let mut dice = Rng::new(8);
    common::watch(hands, players, seed, &mut player, |game, seer, view| {
        // The turns where the seat plays or draws, not those where it faces a penalty.
        if !matches!(game.phase(), Phase::Play) {
            return;
        }
        let beliefs = Beliefs::read(view, reading);
        let mut reader = Reader::new(view, &others, reading);
        let next = game.seat_from(seer, 1);
        // Per seat, the guesses holding each color, then Wilds; and those where the next
        // seat could play.
        let mut held = vec![[0u32; 5]; players];
        let mut next_could = 0u32;
        for _ in 0..guesses {
            let guess = reader.pick(view, &mut dice, |rng| sample(view, &beliefs, rng));
            for (s, hand) in guess.hands.iter().enumerate() {
                for (k, color) in COLORS.map(Some).into_iter().chain([None]).enumerate() {
                    held[s][k] += u32::from(holds(hand, color));
                }
            }
            let world = Game::from_view(view, guess, dice.next_u64());
            next_could += u32::from(could_play(&world, next));
        }
        let chance = |n: u32| f64::from(n) / f64::from(guesses);
        for (r, event) in colors.iter_mut().enumerate().take(players - 1) {
            let seat = game.seat_from(seer, r as isize + 1);
            let truth = game.hand(seat).to_vec();
            for (k, color) in COLORS.into_iter().enumerate() {
                event.add(
                    chance(held[usize::from(seat)][k]),
                    holds(&truth, Some(color)),
                );
            }
            wilds.add(chance(held[usize::from(seat)][4]), holds(&truth, None));
        }
        next_plays.add(chance(next_could), could_play(game, next));
    });
    let mut events: Vec<Event> = colors.into_iter().take(players - 1).collect();
    events.extend([wilds, next_plays]);
    events
}
