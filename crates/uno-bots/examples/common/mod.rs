//! What the examples share: a chance taken out of turn as the medium bot takes it, how far a
//! guessed hand is from the true one, and hands played to look at one seat's turns.

// Each example uses a part of this module.
#![allow(dead_code)]
use uno_bots::policy::medium_out_of_turn;
use uno_bots::{Bot, LevelBot};
use uno_engine::{Action, Card, Edition, Game, PlayerView, Rules, Scoring, Seat};

/// The cards by which two hands' counts of each color (and of Wilds) differ, summed.
pub fn color_error(guess: &[Card], truth: &[Card]) -> u32 {
    let counts = |cards: &[Card]| {
        let mut n = [0i32; 6];
        for c in cards {
            n[c.color().map_or(5, |c| c as usize)] += 1;
        }
        n
    };
    let (a, b) = (counts(guess), counts(truth));
    (0..6).map(|i| a[i].abs_diff(b[i])).sum()
}

/// A chance taken out of turn by any seat, as the medium bot takes them.
pub fn out_of_turn(game: &Game) -> Option<Action> {
    let seats = game.seats();
    (1..seats)
        .map(|i| (game.turn() + i) % seats)
        .find_map(|seat| medium_out_of_turn(&game.legal_actions_for(seat)))
}

/// Plays `hands` Classic single hands of `players` seats from deal `seed` on, `player` at
/// every seat, and hands `look` the game and the view at every turn of one seat (another
/// each hand) before it plays.
pub fn watch(
    hands: u32,
    players: usize,
    seed: u64,
    player: &mut LevelBot,
    mut look: impl FnMut(&Game, Seat, &PlayerView),
) {
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules.scoring = Some(Scoring::SingleHand);
    for g in 0..hands {
        let mut game = Game::deal(rules, players, seed + u64::from(g)).expect("a valid table");
        let seer = (g as usize % players) as Seat;
        while game.outcome().is_none() {
            let action = out_of_turn(&game).unwrap_or_else(|| {
                let turn = game.turn();
                let legal = game.legal_actions_for(turn);
                let view = game.view(turn);
                if turn == seer {
                    look(&game, seer, &view);
                }
                player.decide(&view, &legal)
            });
            game.apply(action).expect("bots choose legal actions");
        }
    }
}
