//! What the examples share: a chance taken out of turn as the medium bot takes it, how far a
//! guessed hand is from the true one, and hands played to look at one seat's turns.

// Each example uses a part of this module.
#![allow(dead_code)]
use uno_bots::policy::{medium_out_of_turn, medium_with, MediumWeights};
use uno_bots::{Bot, LevelBot};
use uno_engine::{Action, Card, Edition, Game, PlayerView, Rng, Rules, Scoring, Seat};

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

/// Plays `hands` Classic single hands of `players` seats from deal `seed` on, seats rotated:
/// `act` decides every turn, told whether it is the turn of the seat looked at this hand
/// (another each hand). Returns the hands that seat won.
fn play_hands(
    hands: u32,
    players: usize,
    seed: u64,
    mut act: impl FnMut(&Game, bool, &PlayerView, &[Action]) -> Action,
) -> u32 {
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules.scoring = Some(Scoring::SingleHand);
    let mut wins = 0;
    for g in 0..hands {
        let mut game = Game::deal(rules, players, seed + u64::from(g)).expect("a valid table");
        let seer = (g as usize % players) as Seat;
        while game.outcome().is_none() {
            let action = out_of_turn(&game).unwrap_or_else(|| {
                let turn = game.turn();
                act(
                    &game,
                    turn == seer,
                    &game.view(turn),
                    &game.legal_actions_for(turn),
                )
            });
            game.apply(action).expect("bots choose legal actions");
        }
        wins += u32::from(game.outcome().is_some_and(|o| o.winner == seer));
    }
    wins
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
    play_hands(hands, players, seed, |game, seer, view, legal| {
        if seer {
            look(game, view.seat, view);
        }
        player.decide(view, legal)
    });
}

/// Plays `hands` Classic single hands of `players` seats from deal `seed` on, seats rotated:
/// one seat (another each hand) decides its turns by `decide` (given the true game, which
/// only a diagnostic may look at), the others play as `medium-v1`. Returns the hands it won.
pub fn against_medium_v1(
    hands: u32,
    players: usize,
    seed: u64,
    rng: &mut Rng,
    mut decide: impl FnMut(&Game, &PlayerView, &[Action], &mut Rng) -> Action,
) -> u32 {
    play_hands(hands, players, seed, |game, seer, view, legal| {
        if seer {
            decide(game, view, legal, rng)
        } else {
            medium_with(&MediumWeights::V1, view, view.seat, legal, rng)
        }
    })
}
