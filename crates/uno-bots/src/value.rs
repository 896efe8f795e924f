//! A learned evaluation of a position: each seat's chance to go out first, from what each
//! seat holds and where the turn is. A conditional logit (one score per seat, the same
//! weights for every seat, a softmax over the seats) fitted offline to medium self-play by
//! the `train_value` example, and shipped as constants. The hard level's playouts stop after
//! a few turns and take this chance as their result (`search::Style::cutoff`; the README's
//! "Bot strength", item 20).

use uno_engine::{Face, Game, Seat, MAX_PLAYERS};

/// Features of one seat.
pub const FEATURES: usize = 18;
/// Which of them say the hand's size (`train_value` fits a model of these alone to compare).
pub const HAND_SIZE: [usize; 4] = [3, 4, 5, 6];

/// What one seat's score reads: where it sits from the turn, its hand's size and makeup.
#[must_use]
pub fn features(game: &Game, seat: Seat) -> [f32; FEATURES] {
    // Steps from the seat to play to `seat`, in the direction of play.
    let n = game.players() as isize;
    let step = isize::from(game.direction().step());
    let distance = ((isize::from(seat) - isize::from(game.turn())) * step).rem_euclid(n);
    let hand = game.hand(seat);
    let size = hand.len() as f32;
    // Counted by the hand's sets, not card by card: this runs for every seat at the end of
    // every playout.
    let fours = hand.face_count(Face::WildDrawFour);
    let wilds = hand.wild_count() - fours;
    let twos = hand.face_count(Face::DrawTwo);
    let skips = hand.face_count(Face::Skip);
    let reverses = hand.face_count(Face::Reverse);
    let colors = hand.colors_held();
    let playable = game.playable_copies(seat);
    let d = |k: isize| f32::from(u8::from(distance == k));
    let one = f32::from(u8::from(hand.len() == 1));
    let can_play = f32::from(u8::from(playable > 0));
    [
        // Its place: to play now, next, the one after.
        d(0),
        d(1),
        d(2),
        // Its hand's size, three ways.
        1.0 / size.max(1.0),
        one,
        f32::from(u8::from(hand.len() == 2)),
        size / 10.0,
        // Its cards that stop or hurt others, or fit anything.
        wilds as f32,
        fours as f32,
        twos as f32,
        skips as f32,
        reverses as f32,
        // What it could play on the card on top.
        playable as f32 / size.max(1.0),
        can_play * d(0),
        // One card left, and its turn now or next.
        one * d(0),
        one * d(1),
        // How many colors it holds, and whether it can play at all.
        f32::from(colors.count_ones() as u8),
        can_play,
    ]
}

/// Seats from which a table is weighed by `BIG_TABLE`.
const BIG_TABLE_FROM: usize = 7;

/// Weights for a table of `players` seats (two, three to six, or seven and more).
#[must_use]
pub fn weights(players: usize) -> &'static [f32; FEATURES] {
    match players {
        2 => &HEADS_UP,
        p if p >= BIG_TABLE_FROM => &BIG_TABLE,
        _ => &TABLE,
    }
}

/// `me`'s chance to go out first: a softmax over every seat's score.
#[must_use]
pub fn win_chance(game: &Game, me: Seat) -> f64 {
    let w = weights(game.players());
    let mut scores = [0f64; MAX_PLAYERS];
    let scores = &mut scores[..game.players()];
    for (seat, score) in scores.iter_mut().enumerate() {
        *score = score_of(&features(game, seat as Seat), w);
    }
    to_chances(scores);
    scores[usize::from(me)]
}

/// One seat's score: its features weighed.
#[must_use]
pub fn score_of(features: &[f32; FEATURES], weights: &[f32; FEATURES]) -> f64 {
    f64::from(
        features
            .iter()
            .zip(weights)
            .map(|(a, b)| a * b)
            .sum::<f32>(),
    )
}

/// Turns the seats' scores into their chances (a softmax, in place).
pub fn to_chances(scores: &mut [f64]) {
    let top = scores.iter().copied().fold(f64::MIN, f64::max);
    let mut total = 0.0;
    for s in scores.iter_mut() {
        *s = (*s - top).exp();
        total += *s;
    }
    for s in scores.iter_mut() {
        *s /= total;
    }
}

/// Fitted at four seats: `cargo run --profile fast -p uno-bots --example train_value -- 200000 4 1`.
pub const TABLE: [f32; FEATURES] = [
    -0.3372, 0.0296, 0.0067, 2.3652, -0.6513, -0.0853, -2.1078, 0.5722, 0.8575, 0.1645, 0.0485,
    0.0097, 0.5790, 0.5487, 0.4514, -0.0520, 0.0343, 0.0118,
];
/// Fitted at ten seats: `cargo run --profile fast -p uno-bots --example train_value -- 60000 10 1`.
/// A big hand weighs twice as much as at four seats (eight others may go out first), and one
/// card left on its turn more than twice: with `TABLE` the hard level won no more than a
/// medium seat at eight or ten seats (the README's "Bot strength").
pub const BIG_TABLE: [f32; FEATURES] = [
    -0.8415, 0.0932, 0.1232, 2.9516, -0.6900, -0.0647, -4.6983, 0.7535, 0.7348, 0.0275, -0.0087,
    0.0291, 0.3111, 1.2670, 1.0344, 0.0631, 0.3221, 0.0380,
];
/// Fitted at two seats: `cargo run --profile fast -p uno-bots --example train_value -- 200000 2 1`.
pub const HEADS_UP: [f32; FEATURES] = [
    -0.0328, 0.0328, 0.0000, 0.7954, 0.0086, -0.0014, -1.2135, 0.4694, 1.0745, 0.3814, 0.1638,
    0.1996, 0.8463, 0.2752, 0.1525, -0.0689, -0.2700, -0.0321,
];

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Rules, Setup};

    /// A Classic table from a scenario file's setup.
    fn classic(setup: &str) -> Game {
        let setup: Setup = serde_json::from_str(setup).unwrap();
        Game::from_setup(Rules::new(uno_engine::Edition::Classic), setup, 1).unwrap()
    }

    /// Seat 1 is to play on a red 3 with one red card left; the others hold more.
    fn close_to_out() -> Game {
        classic(
            r#"{"hands": [["B2","G7","W","Y1"],["R9"],["G3","G4","G6","R5","W4","BS","BD2"]],
                "draw_pile": ["Y9","Y2","B9","G8"], "discard_pile": ["R3"],
                "color": "red", "turn": 1, "dealer": 0}"#,
        )
    }

    #[test]
    fn a_seat_reads_its_place_and_its_hand() {
        let game = close_to_out();
        // Seat 1 plays now, its one card fits.
        let f1 = features(&game, 1);
        assert_eq!(
            f1,
            [
                1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0,
                1.0, 1.0
            ]
        );
        // Seat 2 plays next: the green 3, the red 5 and the Wild Draw Four fit the red 3, of its
        // seven cards.
        let f2 = features(&game, 2);
        assert_eq!(
            f2,
            [
                0.0,
                1.0,
                0.0,
                1.0 / 7.0,
                0.0,
                0.0,
                0.7,
                0.0,
                1.0,
                1.0,
                1.0,
                0.0,
                3.0 / 7.0,
                0.0,
                0.0,
                0.0,
                3.0,
                1.0
            ]
        );
        // Seat 0 plays last: its Wild fits.
        let f0 = features(&game, 0);
        assert_eq!((f0[2], f0[7], f0[12], f0[16]), (1.0, 1.0, 0.25, 3.0));
        // A hand with nothing that fits the red 3 can play nothing, now or at all.
        let stuck = classic(
            r#"{"hands": [["B2","G7","Y1"],["R9"],["G4","G6","B5"]],
                "draw_pile": ["Y9","Y2","B9","G8"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 2}"#,
        );
        let f0 = features(&stuck, 0);
        assert_eq!((f0[0], f0[12], f0[13], f0[17]), (1.0, 0.0, 0.0, 0.0));
    }

    #[test]
    fn the_chances_of_every_seat_add_up_and_the_seat_about_to_go_out_leads() {
        let game = close_to_out();
        let chances: Vec<f64> = (0..3).map(|s| win_chance(&game, s)).collect();
        assert!(
            (chances.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{chances:?}"
        );
        assert!(chances[1] > 0.6, "{chances:?}");
        assert!(chances[0] > chances[2], "{chances:?}");
        // Dealt hands of seven: the seat to play leads a little, no seat by much.
        let game = Game::deal(Rules::new(uno_engine::Edition::Classic), 4, 5).unwrap();
        let chances: Vec<f64> = (0..4).map(|s| win_chance(&game, s)).collect();
        assert!(
            (chances.iter().sum::<f64>() - 1.0).abs() < 1e-9,
            "{chances:?}"
        );
        assert!(
            chances.iter().all(|&c| (0.1..0.45).contains(&c)),
            "{chances:?}"
        );
    }

    #[test]
    fn at_ten_seats_the_dealt_chances_are_near_even_and_a_last_card_leads() {
        let game = Game::deal(Rules::new(uno_engine::Edition::Classic), 10, 5).unwrap();
        let dealt: Vec<f64> = (0..10).map(|s| win_chance(&game, s)).collect();
        assert!((dealt.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{dealt:?}");
        assert!(dealt.iter().all(|&c| (0.03..0.2).contains(&c)), "{dealt:?}");
        // Seat 0 to play its last card, which fits; nine hands of three.
        let game = classic(
            r#"{"hands": [["R9"],["B1","B2","B3"],["B4","B5","B6"],["B7","B8","B9"],
                ["G1","G2","G3"],["G4","G5","G6"],["G7","G8","G9"],["Y1","Y2","Y3"],
                ["Y4","Y5","Y6"],["Y7","Y8","Y9"]],
                "draw_pile": ["R1","R2"], "discard_pile": ["R3"],
                "color": "red", "turn": 0, "dealer": 9}"#,
        );
        let near_out: Vec<f64> = (0..10).map(|s| win_chance(&game, s)).collect();
        assert!(near_out[0] > 0.7, "{near_out:?}");
    }

    #[test]
    fn two_seats_and_big_tables_have_weights_of_their_own() {
        assert_ne!(HEADS_UP, TABLE);
        assert_ne!(BIG_TABLE, TABLE);
        assert_eq!(weights(2), &HEADS_UP);
        assert_eq!(weights(3), &TABLE);
        assert_eq!(weights(4), &TABLE);
        assert_eq!(weights(6), &TABLE);
        assert_eq!(weights(7), &BIG_TABLE);
        assert_eq!(weights(10), &BIG_TABLE);
    }
}
