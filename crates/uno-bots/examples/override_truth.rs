//! Which of the search's overrides are right (a diagnostic): at every decision of the hard
//! bot, against three `medium-v1` bots in 4-player Classic single hands, seats rotated, each
//! option is searched twice: as the hard bot searches it (its guesses), and in worlds that
//! hold the true hands (the draw pile shuffled, the others played as `medium-v1`). Prints a CSV
//! line per option other than medium's choice (the decision it belongs to, its kind, how far
//! ahead of that choice the fair search and the true worlds put it with their standard errors,
//! what the seat could see, whether the level chose it), and the hands won on stderr. The hard
//! bot plays its own choice, so the hands go as they go in the arena.
//!
//! `cargo run --profile fast -p uno-bots --example override_truth -- [GAMES] [PLAYOUTS] [TRUE_PLAYOUTS] [FIRST_DEAL]`

mod common;

use uno_bots::determinize::{sample, Beliefs};
use uno_bots::policy::MediumWeights;
use uno_bots::search::{search, search_worlds, turn_options, Budget, Found, Style};
use uno_bots::HARD_PLAYOUTS;
use uno_engine::{Action, Rng, Seat};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u32 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let playouts: u32 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(HARD_PLAYOUTS);
    let true_playouts: u32 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(HARD_PLAYOUTS);
    let first_deal: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(9026);
    let style = Style::CURRENT;
    let truth_style = Style {
        others: MediumWeights::V1,
        ..style
    };
    let mut rng = Rng::new(11);
    println!("decision,kind,fair_mean,fair_se,true_mean,true_se,options,own,next,least_other,top_wild,chosen");
    let mut decision = 0u32;
    let wins =
        common::against_medium_v1(games, 4, first_deal, &mut rng, |game, view, legal, rng| {
            let seer = view.seat;
            let options = match turn_options(view, legal, &style, rng) {
                Ok(options) => options,
                Err(action) => return action,
            };
            let default = options[0].expect("medium's choice");
            let fair = search(view, &options, &style, Budget::playouts(playouts), rng);
            let mut told = Beliefs::from_view(view);
            for (s, b) in told.seats.iter_mut().enumerate() {
                if s != usize::from(seer) {
                    b.known = game.hand(s as Seat).to_vec();
                }
            }
            let mut truly = |rng: &mut Rng| sample(view, &told, rng);
            let budget = Budget::playouts(true_playouts);
            let truth = search_worlds(view, &options, &truth_style, budget, rng, &mut truly);
            let chosen = fair.choice(&style, 4).unwrap_or(default);
            let sizes = &view.hand_sizes;
            let next = sizes[usize::from((seer + 1) % 4)];
            let least = (1..4).map(|i| sizes[usize::from((seer + i) % 4)]).min();
            let top_wild = view.discard_pile.last().is_some_and(|c| c.is_wild());
            for (i, option) in options.iter().enumerate().skip(1) {
                let (fm, fs) = ahead(&fair, i);
                let (tm, ts) = ahead(&truth, i);
                let action = option.expect("an action");
                println!(
                    "{decision},{},{fm:.5},{fs:.5},{tm:.5},{ts:.5},{},{},{next},{},{},{}",
                    kind(action, default),
                    options.len(),
                    view.hand.len(),
                    least.unwrap_or(0),
                    u8::from(top_wild),
                    u8::from(action == chosen)
                );
            }
            decision += 1;
            chosen
        });
    eprintln!("the hard level won {wins} of {games} hands");
}

/// How far option `i` is ahead of the first, and the standard error of that.
fn ahead(found: &Found, i: usize) -> (f64, f64) {
    let (sum, squares) = found.versus_first[i];
    let n = f64::from(found.options[i].1.max(2));
    let mean = sum / n;
    let variance = (squares / n - mean * mean).max(0.0) * n / (n - 1.0);
    (mean, (variance / n).sqrt())
}

/// What kind of change from medium's choice an option is.
fn kind(action: Action, default: Action) -> &'static str {
    match (action, default) {
        (Action::Draw { .. } | Action::Pass { .. }, Action::Play { .. }) => "draw",
        (Action::Play { .. }, Action::Draw { .. } | Action::Pass { .. }) => "play",
        (Action::Play { card: a, .. }, Action::Play { card: b, .. }) if a == b => "color",
        (Action::Play { .. }, Action::Play { .. }) => "card",
        (Action::Challenge { .. }, _) => "challenge",
        (Action::Accept { .. }, _) => "accept",
        _ => "other",
    }
}
