//! What knowing every hand is worth: the hard bot's decision, with its search handed the true
//! hands instead of guesses (the draw pile is still shuffled), against three medium bots in
//! 4-player Classic single hands, seats rotated. The README compares the fair hard bot with it.
//!
//! `cargo run --profile fast -p uno-bots --example perfect_information -- [GAMES] [PLAYOUTS]`

use uno_bots::policy::{medium, medium_out_of_turn};
use uno_bots::search::{decide_in_worlds, Budget, Style};
use uno_bots::HARD_PLAYOUTS;
use uno_engine::{Action, Edition, Game, Guess, Phase, Rng, Rules, Scoring, Seat};

fn main() {
    let arg = |i: usize, default: u32| {
        std::env::args()
            .nth(i)
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let (games, playouts) = (arg(1, 1000), arg(2, HARD_PLAYOUTS));
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules.scoring = Some(Scoring::SingleHand);
    let mut rng = Rng::new(7);
    let mut wins = 0u32;
    for g in 0..games {
        let mut game = Game::deal(rules, 4, 2026 + u64::from(g)).expect("a valid table");
        let seer = (g % 4) as Seat;
        while game.outcome().is_none() {
            let action = out_of_turn(&game).unwrap_or_else(|| {
                let turn = game.turn();
                let legal = game.legal_actions_for(turn);
                let view = game.view(turn);
                if turn != seer {
                    return medium(&view, turn, &legal, &mut rng);
                }
                let mut truth = |rng: &mut Rng| true_hands(&game, rng);
                decide_in_worlds(
                    &view,
                    &legal,
                    &Style::CURRENT,
                    Budget::playouts(playouts),
                    &mut rng,
                    &mut truth,
                )
            });
            game.apply(action).expect("bots choose legal actions");
        }
        if game.outcome().is_some_and(|o| o.winner == seer) {
            wins += 1;
        }
    }
    let p = f64::from(wins) / f64::from(games);
    let se = (p * (1.0 - p) / f64::from(games)).sqrt();
    println!(
        "search that sees every hand ({playouts} playouts) vs 3 medium: {:.1}% ± {:.1} over {games} hands",
        100.0 * p,
        100.0 * se
    );
}

/// A chance taken out of turn by any seat, as the medium bot takes them.
fn out_of_turn(game: &Game) -> Option<Action> {
    let seats = game.seats();
    (1..seats)
        .map(|i| (game.turn() + i) % seats)
        .find_map(|seat| medium_out_of_turn(&game.legal_actions_for(seat)))
}

/// The true hands, with the draw pile shuffled: no knowledge of the cards to come.
fn true_hands(game: &Game, rng: &mut Rng) -> Guess {
    let setup = game.setup();
    let mut draw_pile = setup.draw_pile;
    rng.shuffle(&mut draw_pile);
    let (draw_four_by, draw_four_guilty) = match game.phase() {
        Phase::Penalty {
            challenge: Some(offence),
            ..
        } => (offence.offender, offence.guilty),
        _ => (0, false),
    };
    let drawn = match game.phase() {
        Phase::Drawn { card } => Some(card),
        _ => None,
    };
    Guess {
        hands: setup.hands,
        draw_pile,
        draw_four_by,
        draw_four_guilty,
        drawn,
    }
}
