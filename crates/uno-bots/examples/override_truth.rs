//! Which of the search's overrides are right (a diagnostic): at every decision of the hard
//! bot, against three `medium-v1` bots in 4-player Classic single hands, seats rotated, each
//! option is searched twice: as the hard bot searches it (its guesses), and in worlds that
//! hold the true hands (the draw pile shuffled, the others played as `medium-v1`). Prints one
//! line per option other than medium's choice: how far ahead of that choice the fair search
//! and the true worlds put it, with their standard errors and what the seat could see. The
//! hard bot plays its own choice, so the hands go as they go in the arena.
//!
//! `cargo run --profile fast -p uno-bots --example override_truth -- [GAMES] [PLAYOUTS] [TRUE_PLAYOUTS] [FIRST_DEAL]`

mod common;

use uno_bots::determinize::{sample, Beliefs};
use uno_bots::policy::{is_out_of_turn, medium_with, MediumWeights};
use uno_bots::search::{search, search_worlds, Budget, Found, Style};
use uno_bots::HARD_PLAYOUTS;
use uno_engine::{Action, Edition, Game, Rng, Rules, Scoring, Seat};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u32 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let playouts: u32 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(HARD_PLAYOUTS);
    let true_playouts: u32 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(HARD_PLAYOUTS);
    let first_deal: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(9026);
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules.scoring = Some(Scoring::SingleHand);
    let style = Style::CURRENT;
    let truth_style = Style {
        others: MediumWeights::V1,
        ..style
    };
    let mut rng = Rng::new(11);
    println!("game,kind,fair_mean,fair_se,true_mean,true_se,options,own,next,least_other,top_wild,chosen");
    for g in 0..games {
        let mut game = Game::deal(rules, 4, first_deal + u64::from(g)).expect("a valid table");
        let seer = (g % 4) as Seat;
        while game.outcome().is_none() {
            let action = common::out_of_turn(&game).unwrap_or_else(|| {
                let turn = game.turn();
                let legal = game.legal_actions_for(turn);
                let view = game.view(turn);
                if turn != seer {
                    return medium_with(&MediumWeights::V1, &view, turn, &legal, &mut rng);
                }
                let has_play = legal.iter().any(|a| matches!(a, Action::Play { .. }));
                for &a in &legal {
                    match a {
                        Action::Catch { .. } => return a,
                        Action::CallUno { .. } if view.hand.len() <= 1 || has_play => return a,
                        _ => {}
                    }
                }
                let default = medium_with(&style.own, &view, seer, &legal, &mut rng);
                let mut options = vec![Some(default)];
                options.extend(
                    legal
                        .iter()
                        .filter(|a| !is_out_of_turn(a) && **a != default)
                        .map(|&a| Some(a)),
                );
                if options.len() == 1 {
                    return default;
                }
                let fair = search(
                    &view,
                    &options,
                    &style,
                    Budget::playouts(playouts),
                    &mut rng,
                );
                let mut told = Beliefs::from_view(&view);
                for (s, b) in told.seats.iter_mut().enumerate() {
                    if s != usize::from(seer) {
                        b.known = game.hand(s as Seat).to_vec();
                    }
                }
                let mut truly = |rng: &mut Rng| sample(&view, &told, rng);
                let truth = search_worlds(
                    &view,
                    &options,
                    &truth_style,
                    Budget::playouts(true_playouts),
                    &mut rng,
                    &mut truly,
                );
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
                        "{g},{},{fm:.5},{fs:.5},{tm:.5},{ts:.5},{},{},{next},{},{},{}",
                        kind(action, default),
                        options.len(),
                        view.hand.len(),
                        least.unwrap_or(0),
                        u8::from(top_wild),
                        u8::from(action == chosen)
                    );
                }
                chosen
            });
            game.apply(action).expect("bots choose legal actions");
        }
        eprintln!(
            "{g} won by {}",
            game.outcome().map_or(9, |o| o.winner) == seer
        );
    }
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
        (Action::Challenge { .. } | Action::Accept { .. }, _) => "challenge",
        _ => "other",
    }
}
