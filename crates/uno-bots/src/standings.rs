//! Each seat's chance to win the game from the running scores, at a table that plays to a
//! target: what a round's points are worth. A seat's score, read as a share of the target, is
//! weighed and the seats' weights turned into chances (a softmax, as `value` does for going
//! out first); a game already won is won. Fitted offline to medium self-play by the
//! `train_standings` example and shipped as constants. The hard level's playouts score a round
//! by it (`search::Style::points`), so that it weighs what it gives away when another seat
//! goes out, and what it takes when it does.

use crate::value::to_chances;
use uno_engine::{Game, Rules, Scoring, Seat, MAX_PLAYERS};

/// What one seat's score reads: its share of the target, and that share squared.
pub const FEATURES: usize = 2;

/// A seat's features.
#[must_use]
pub fn features(score: u32, target: u32) -> [f64; FEATURES] {
    let x = f64::from(score) / f64::from(target.max(1));
    [x, x * x]
}

/// Weights for a scoring at a table of `players` seats, or none where a game is one round.
#[must_use]
pub fn weights(scoring: Scoring, players: usize) -> Option<&'static [f64; FEATURES]> {
    let at = players.clamp(2, MAX_PLAYERS) - 2;
    match scoring {
        Scoring::Standard => Some(&STANDARD[at]),
        Scoring::Alternative => Some(&ALTERNATIVE[at]),
        Scoring::SingleHand => None,
    }
}

/// Every seat's chance to win the game from `scores`, none having won it yet.
#[must_use]
pub fn chances(rules: &Rules, scores: &[u32]) -> [f64; MAX_PLAYERS] {
    let mut out = [0f64; MAX_PLAYERS];
    let seated = &mut out[..scores.len()];
    if let Some(w) = weights(rules.scoring(), scores.len()) {
        let target = rules.target();
        for (chance, &score) in seated.iter_mut().zip(scores) {
            let f = features(score, target);
            *chance = f[0] * w[0] + f[1] * w[1];
        }
    }
    to_chances(seated);
    out
}

/// `me`'s chance to win the game once `winner` has gone out of the round being played and it
/// is scored, every other hand as it is now.
#[must_use]
pub fn if_out(game: &Game, winner: Seat, me: Seat) -> f64 {
    if_out_with(game, &points_held(game), winner, me)
}

/// The points each seat holds now.
fn points_held(game: &Game) -> [u32; MAX_PLAYERS] {
    let mut held = [0u32; MAX_PLAYERS];
    for (seat, points) in held[..game.players()].iter_mut().enumerate() {
        *points = game.hand(seat as Seat).points();
    }
    held
}

/// `if_out`, with the points each seat holds.
fn if_out_with(game: &Game, held: &[u32; MAX_PLAYERS], winner: Seat, me: Seat) -> f64 {
    let players = game.players();
    let mut left = *held;
    // The seat that goes out has played its cards.
    left[usize::from(winner)] = 0;
    let rules = game.rules();
    let scoring = rules.scoring();
    let mut scores = [0u32; MAX_PLAYERS];
    let scores = &mut scores[..players];
    for ((score, &before), gain) in scores
        .iter_mut()
        .zip(game.scores())
        .zip(scoring.gains(winner, &left[..players]))
    {
        *score = before + gain;
    }
    match scoring.game_winner(winner, scores, rules.target()) {
        Some(w) => f64::from(u8::from(w == me)),
        None => chances(rules, scores)[usize::from(me)],
    }
}

/// `me`'s chance to win the game, weighing each seat's chance to go out first (`out`) by what
/// its going out would leave.
#[must_use]
pub fn game_chance(game: &Game, out: &[f64; MAX_PLAYERS], me: Seat) -> f64 {
    let held = points_held(game);
    (0..game.seats())
        .map(|seat| out[usize::from(seat)] * if_out_with(game, &held, seat, me))
        .sum()
}

/// `me`'s chance to win the game once the round is over: won, or by the scores.
#[must_use]
pub fn after_round(game: &Game, me: Seat) -> f64 {
    match game.outcome().and_then(|o| o.game_winner) {
        Some(w) => f64::from(u8::from(w == me)),
        None => chances(game.rules(), game.scores())[usize::from(me)],
    }
}

/// Standard scoring's weights at a table of 2, 3, … 10 seats, each fitted to 100,000 games:
/// `cargo run --profile fast -p uno-bots --example train_standings -- 100000 N 1 standard`.
pub const STANDARD: [[f64; FEATURES]; MAX_PLAYERS - 1] = [
    [1.925, 1.817],
    [2.263, 1.115],
    [2.467, 0.382],
    [2.696, -0.241],
    [3.171, -1.186],
    [4.046, -2.476],
    [3.974, -2.605],
    [2.980, -1.872],
    [1.816, -1.156],
];
/// Alternative scoring's, likewise (`… 100000 N 1 alternative`): a lower score is better.
pub const ALTERNATIVE: [[f64; FEATURES]; MAX_PLAYERS - 1] = [
    [-1.925, -1.817],
    [-3.235, -4.007],
    [-4.327, -5.461],
    [-5.327, -6.454],
    [-5.978, -7.687],
    [-6.607, -8.550],
    [-7.237, -9.379],
    [-7.592, -10.384],
    [-8.150, -11.096],
];

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Edition, Setup};

    /// A Classic table playing to 500 from a scenario file's setup.
    fn table(setup: &str, scoring: Scoring) -> Game {
        let setup: Setup = serde_json::from_str(setup).unwrap();
        let mut rules = Rules::new(Edition::Classic);
        rules.house_rules.scoring = Some(scoring);
        Game::from_setup(rules, setup, 1).unwrap()
    }

    /// Seat 1 holds 420 points and one card; seat 0 holds a Wild (50), a red 1 and a blue 9.
    const NEAR_THE_TARGET: &str = r#"{"hands": [["W","R1","B9"],["R8"],["G5","Y7","G9"],["Y3"]],
        "draw_pile": ["Y9","Y2","B4","G8"], "discard_pile": ["R3"], "color": "red",
        "turn": 0, "dealer": 3, "scores": [100, 420, 0, 60]}"#;

    #[test]
    fn the_seat_nearer_the_target_is_likelier_to_win_the_game() {
        let rules = |scoring| {
            let mut r = Rules::new(Edition::Classic);
            r.house_rules.scoring = Some(scoring);
            r
        };
        let even = chances(&rules(Scoring::Standard), &[0, 0, 0, 0]);
        assert_eq!(&even[..4], &[0.25; 4]);
        assert_eq!(&even[4..], &[0.0; MAX_PLAYERS - 4]);
        let standard = chances(&rules(Scoring::Standard), &[100, 420, 0, 60]);
        let [a, b] = STANDARD[2];
        let e = |score: f64| (a * score / 500.0 + b * (score / 500.0).powi(2)).exp();
        let total = e(100.0) + e(420.0) + e(0.0) + e(60.0);
        for (seat, score) in [100.0, 420.0, 0.0, 60.0].into_iter().enumerate() {
            assert!((standard[seat] - e(score) / total).abs() < 1e-12);
        }
        assert!(
            standard[1] > standard[0] && standard[0] > standard[3] && standard[3] > standard[2]
        );
        // Alternative scoring: the lowest score wins.
        let alternative = chances(&rules(Scoring::Alternative), &[100, 420, 0, 60]);
        assert!(alternative[2] > alternative[3] && alternative[3] > alternative[0]);
        assert!(alternative[0] > alternative[1]);
    }

    #[test]
    fn a_round_won_is_worth_the_points_the_others_hold() {
        let game = table(NEAR_THE_TARGET, Scoring::Standard);
        // Seat 1 out now takes 60 + 21 + 3 = 84 points: 504, the game.
        assert_eq!(if_out(&game, 1, 1), 1.0);
        assert_eq!(if_out(&game, 1, 0), 0.0);
        // Seat 0 out takes 8 + 21 + 3 = 32: 132 against 420, 0 and 60.
        let after = chances(game.rules(), &[132, 420, 0, 60]);
        assert_eq!(if_out(&game, 0, 0), after[0]);
        assert_eq!(if_out(&game, 0, 2), after[2]);
        // Weighed by each seat's chance to go out.
        let mut out = [0.0; MAX_PLAYERS];
        out[..3].copy_from_slice(&[0.5, 0.25, 0.25]);
        let by_seat_2 = chances(game.rules(), &[100, 420, 60 + 8 + 3, 60])[0];
        let expected = 0.5 * after[0] + 0.25 * 0.0 + 0.25 * by_seat_2;
        assert!((game_chance(&game, &out, 0) - expected).abs() < 1e-12);
        // Alternative: each seat scores its own hand; seat 0 takes 60, seat 1 none, and no one
        // is at 500 yet.
        let game = table(NEAR_THE_TARGET, Scoring::Alternative);
        let after = chances(game.rules(), &[160, 420, 21, 63]);
        assert_eq!(if_out(&game, 1, 2), after[2]);
    }

    #[test]
    fn a_single_hand_is_not_scored_by_standings() {
        let game = table(NEAR_THE_TARGET, Scoring::SingleHand);
        assert_eq!(weights(game.rules().scoring(), 4), None);
        // Seat 1 out wins the game, which is the hand.
        assert_eq!(if_out(&game, 1, 1), 1.0);
        assert_eq!(if_out(&game, 1, 0), 0.0);
    }
}
