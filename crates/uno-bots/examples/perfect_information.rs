//! What knowing the hands is worth: the hard bot's decision, with its search handed guesses
//! that know a share of each other hand's true cards (each card at random with that chance;
//! the rest is guessed as the hard bot guesses, and the draw pile is always shuffled), against
//! `medium-v1` bots in Classic single hands (four seats unless PLAYERS says), seats rotated. A share of 1 sees
//! every hand; 0 is the fair hard bot. It also prints how far the guesses' color counts are
//! from the true hands, the yardstick for any better reading of the history. The README's
//! "Bot strength" compares the fair hard bot with it.
//!
//! `cargo run --profile fast -p uno-bots --example perfect_information -- [GAMES] [PLAYOUTS] [SHARE] [FIRST_DEAL] [SMALL] [PLAYERS]`
//!
//! With SMALL, only hands of at most SMALL cards are known (by SHARE): what reading a hand
//! near its end could be worth at most; `all` (or anything not a number) tells hands of any
//! size, as when it is left out. PLAYERS is the seats, 4 unless given.

mod common;

use uno_bots::determinize::{sample, Beliefs};
use uno_bots::past::Reader;
use uno_bots::search::{decide_in_worlds, Budget, Style};
use uno_bots::HARD_PLAYOUTS;
use uno_engine::{Card, Rng, Seat};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u32 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let playouts: u32 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(HARD_PLAYOUTS);
    let share: f64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let first_deal: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(2026);
    let small: usize = arg(5).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let players: usize = arg(6).and_then(|s| s.parse().ok()).unwrap_or(4);
    // Each true card is known with this chance in 2^20.
    let chance = (share * f64::from(1 << 20)) as usize;
    let mut rng = Rng::new(7);
    let mut error = Error::default();
    let wins = common::against_medium_v1(
        games,
        players,
        first_deal,
        &mut rng,
        |game, view, legal, rng| {
            let seer = view.seat;
            let beliefs = Beliefs::from_view(view);
            let style = Style::CURRENT;
            let mut reader = Reader::new(view, &style.others, style.reading);
            let mut guess = |rng: &mut Rng| {
                // The known share joins what the view itself showed; the guesses are then read
                // against the plays as the hard bot reads them.
                let guess = reader.pick(view, rng, |rng| {
                    let mut told = beliefs.clone();
                    for (s, b) in told.seats.iter_mut().enumerate() {
                        if s != usize::from(seer) && game.hand(s as Seat).len() <= small {
                            b.known = game.hand(s as Seat).to_vec();
                            b.known.retain(|_| rng.below(1 << 20) < chance);
                        }
                    }
                    sample(view, &told, rng)
                });
                for (s, hand) in guess.hands.iter().enumerate() {
                    if s != usize::from(seer) {
                        error.add(hand, &game.hand(s as Seat).to_vec());
                    }
                }
                guess
            };
            decide_in_worlds(
                view,
                legal,
                &style,
                Budget::playouts(playouts),
                rng,
                &mut guess,
            )
        },
    );
    let p = f64::from(wins) / f64::from(games);
    let se = (p * (1.0 - p) / f64::from(games)).sqrt();
    println!(
        "search that knows {:.0}% of each hand{} ({playouts} playouts) vs {} medium-v1: {:.1}% ± {:.1} over {games} hands; guesses' color counts off by {:.2} cards a hand",
        100.0 * share,
        if small == usize::MAX {
            String::new()
        } else {
            format!(" of {small} cards or fewer")
        },
        players - 1,
        100.0 * p,
        100.0 * se,
        error.mean()
    );
}

/// How far guessed hands are from the true ones: the cards by which their counts of each
/// color (and of Wilds) differ, summed.
#[derive(Default)]
struct Error {
    total: u64,
    hands: u64,
}

impl Error {
    fn add(&mut self, guess: &[Card], truth: &[Card]) {
        self.total += u64::from(common::color_error(guess, truth));
        self.hands += 1;
    }

    fn mean(&self) -> f64 {
        self.total as f64 / self.hands.max(1) as f64
    }
}
