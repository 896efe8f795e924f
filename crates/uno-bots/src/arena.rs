//! Bots playing each other: the table loop that offers each seat its chances (its turn, and
//! catches, jump-ins and late UNO calls out of turn), and win counts over many games.

use crate::Bot;
use serde::{Deserialize, Serialize};
use uno_engine::{Action, Game, Rules};

/// A round that goes on this long is abandoned (random players can stall a round forever).
pub const ROUND_STEPS: usize = 5000;

/// Plays until the round ends: `false` if it was abandoned. `bots[s]` plays seat `s`.
pub fn play_round(game: &mut Game, bots: &mut [&mut dyn Bot]) -> bool {
    for _ in 0..ROUND_STEPS {
        if game.outcome().is_some() {
            return true;
        }
        let action = next_action(game, bots);
        game.apply(action).expect("bots choose among legal actions");
    }
    false
}

/// The next action at the table: first any seat taking a chance out of turn, in the engine's
/// order (`Game::out_of_turn_order`), then the seat to play.
pub fn next_action(game: &Game, bots: &mut [&mut dyn Bot]) -> Action {
    let turn = game.turn();
    for seat in game.out_of_turn_order() {
        let legal = game.legal_actions_for(seat);
        if !legal.is_empty() {
            if let Some(action) = bots[usize::from(seat)].out_of_turn(&game.view(seat), &legal) {
                if legal.contains(&action) {
                    return action;
                }
            }
        }
    }
    let legal = game.legal_actions_for(turn);
    let action = bots[usize::from(turn)].decide(&game.view(turn), &legal);
    if legal.contains(&action) {
        action
    } else {
        legal[0]
    }
}

/// One bot's record in an arena.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Record {
    pub name: String,
    pub wins: u32,
    pub win_rate: f64,
    /// The standard error of the win rate.
    pub stderr: f64,
    /// Points scored over all games.
    pub points: u64,
    /// Decisions the bot failed to give, each played for it as the rules allow (see
    /// `Bot::bad_answers`); left out when there were none.
    #[serde(skip_serializing_if = "is_zero")]
    pub bad_answers: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// An arena's result, as `unocli arena` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub games: u32,
    pub bots: Vec<Record>,
    /// Games abandoned because a round stalled (no one wins them).
    pub abandoned: u32,
}

/// How the bots' dice run from game to game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dice {
    /// Each bot keeps its own dice from game to game (seeded once, by whoever made it).
    Kept,
    /// Before game `g`, bot `i` (its place in the list) gets dice seeded from the game's deal,
    /// `bot_seed(seed + g, i)`: its choices in a game depend on that game alone, so two
    /// runs that change one bot play alike, hand by hand, wherever that bot chose alike.
    Paired,
}

/// The seed of the `i`-th bot's dice (from 0, in the order named) in an arena of `seed`: the
/// command line makes its bots so, and `Dice::Paired` sets them so again before each game
/// from that game's deal (so game 0 plays alike either way).
#[must_use]
pub fn bot_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_mul(31).wrapping_add(i as u64 + 1)
}

/// One game of an arena: its winner and points by the bots' places in the list (a line of
/// `unocli arena --per-game`, read back by `unocli compare`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub game: u32,
    /// The seed the game was dealt from (`seed + game`).
    pub deal: u64,
    /// `None`: abandoned.
    pub winner: Option<usize>,
    pub points: Vec<u32>,
}

/// Plays `games` games (whole games, or single hands when `hands`) with one bot per seat,
/// rotating the bots through the seats each game. Game `g` is dealt from `seed + g`.
pub fn run(
    rules: Rules,
    games: u32,
    seed: u64,
    hands: bool,
    bots: &mut [Box<dyn Bot>],
) -> Result<Standings, uno_engine::SetupError> {
    run_each(rules, games, seed, hands, Dice::Kept, bots, |_| {})
}

/// `run`, with the bots' dice run as `dice` says, telling `each` how every game went.
pub fn run_each(
    rules: Rules,
    games: u32,
    seed: u64,
    hands: bool,
    dice: Dice,
    bots: &mut [Box<dyn Bot>],
    mut each: impl FnMut(&GameRecord),
) -> Result<Standings, uno_engine::SetupError> {
    let players = bots.len();
    let mut wins = vec![0u32; players];
    let mut points = vec![0u64; players];
    let mut abandoned = 0;
    let mut rules = rules;
    if hands {
        rules.house_rules.scoring = Some(uno_engine::Scoring::SingleHand);
    }
    for g in 0..games {
        let deal = seed.wrapping_add(u64::from(g));
        if dice == Dice::Paired {
            for (i, bot) in bots.iter_mut().enumerate() {
                bot.reseed(bot_seed(deal, i));
            }
        }
        let mut game = Game::deal(rules, players, deal)?;
        // Seat s is played by bot (s + g) mod n.
        let shift = g as usize % players;
        let bot_of = |seat: usize| (seat + shift) % players;
        // Seated for this game: seat s is bot (s + shift) mod n.
        bots.rotate_left(shift);
        let winner = loop {
            let finished = {
                let mut seated: Vec<&mut dyn Bot> = Vec::with_capacity(players);
                for bot in bots.iter_mut() {
                    seated.push(bot.as_mut());
                }
                play_round(&mut game, &mut seated)
            };
            if !finished {
                break None;
            }
            let outcome = game.outcome().expect("round over");
            if let Some(w) = outcome.game_winner {
                break Some(w);
            }
            game.start_next_round().expect("the game goes on");
        };
        bots.rotate_right(shift);
        let winner = winner.map(|w| bot_of(usize::from(w)));
        match winner {
            Some(w) => wins[w] += 1,
            None => abandoned += 1,
        }
        let mut scored = vec![0u32; players];
        for (seat, &score) in game.scores().iter().enumerate() {
            scored[bot_of(seat)] = score;
            points[bot_of(seat)] += u64::from(score);
        }
        each(&GameRecord {
            game: g,
            deal,
            winner,
            points: scored,
        });
    }
    let n = f64::from(games.max(1));
    Ok(Standings {
        games,
        abandoned,
        bots: bots
            .iter()
            .enumerate()
            .map(|(i, bot)| {
                let p = f64::from(wins[i]) / n;
                Record {
                    name: bot.name(),
                    wins: wins[i],
                    win_rate: p,
                    stderr: (p * (1.0 - p) / n).sqrt(),
                    points: points[i],
                    bad_answers: bot.bad_answers(),
                }
            })
            .collect(),
    })
}
