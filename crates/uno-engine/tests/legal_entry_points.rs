//! The ways in to the game besides `legal_actions` and `apply`: `is_legal`, one seat's list
//! (`legal_actions_for`, what a bot is shown), `clone_from` (a search's copy of a world), and
//! the round's `history` and `reveals`, each held to what `legal_actions` and `apply` say.

mod common;

use common::{card, cards, on_red_three};
use uno_engine::{Action, Color, Edition, Event, Game, Reveal, Rules};

/// Seat 0 to play on a Red 3, three seats, Classic.
fn table(hands: &[&[&str]]) -> Game {
    on_red_three(
        Rules::new(Edition::Classic),
        hands,
        &["G5", "Y1", "B9", "R1"],
    )
}

fn play(seat: u8, code: &str) -> Action {
    Action::Play {
        seat,
        card: card(code),
        color: None,
    }
}

#[test]
fn is_legal_says_what_the_legal_list_says() {
    let game = table(&[&["R9", "B2", "G7"], &["G1", "G2"], &["Y5", "YS"]]);
    assert_eq!(
        game.legal_actions(),
        vec![play(0, "R9"), Action::Draw { seat: 0 }]
    );
    for action in game.legal_actions() {
        assert!(game.is_legal(&action), "{action:?} is listed");
    }
    for action in [
        play(0, "B2"),            // held, but fits neither color nor number
        play(0, "R5"),            // fits, but not held
        Action::Draw { seat: 1 }, // not seat 1's turn
        Action::Pass { seat: 0 }, // nothing drawn to keep
        Action::CallUno { seat: 0 },
    ] {
        assert!(!game.is_legal(&action), "{action:?} is not listed");
    }
}

#[test]
fn no_seat_may_act_once_the_round_is_over() {
    // Seat 0 plays down to one card without calling UNO; seat 1 then goes out. Seat 0 could
    // still have called late while the round went on; once it is over, nobody may act.
    let mut game = table(&[&["R8", "R9"], &["R4"], &["Y5", "YS"]]);
    game.apply(play(0, "R8")).unwrap();
    assert_eq!(
        game.legal_actions_for(0),
        vec![Action::CallUno { seat: 0 }],
        "a late call while the round goes on"
    );
    game.apply(play(1, "R4")).unwrap();
    assert!(game.outcome().is_some(), "seat 1 went out");
    assert_eq!(game.hands()[0], cards(&["R9"]).into());
    for seat in 0..3 {
        assert_eq!(game.legal_actions_for(seat), vec![], "seat {seat}");
    }
    assert_eq!(game.legal_actions(), vec![]);
}

#[test]
fn a_seat_beyond_the_table_is_shown_no_actions() {
    let game = table(&[&["R9", "B2"], &["G1", "G2"], &["Y5", "YS"]]);
    assert_eq!(game.legal_actions_for(3), vec![]);
    assert_eq!(game.legal_actions_for(9), vec![]);
}

#[test]
fn a_game_copied_into_another_is_that_game() {
    let source = table(&[&["R9", "B2", "G7"], &["G1", "G2"], &["Y5", "YS"]]);
    let mut copy = table(&[&["B1", "B2"], &["G1", "R2", "G3"], &["Y5"]]);
    copy.apply(Action::Draw { seat: 0 }).unwrap();
    copy.clone_from(&source);
    assert_eq!(copy, source);
    // And it plays on as the source does, its dice included (a reshuffle would use them).
    let mut original = source.clone();
    for action in [play(0, "R9"), Action::Draw { seat: 1 }] {
        assert_eq!(copy.apply(action), original.apply(action));
    }
    assert_eq!(copy, original);
}

#[test]
fn the_history_is_the_rounds_events_in_order_and_a_challenge_shows_the_hand() {
    let mut game = table(&[&["W4", "B2", "G7"], &["G1", "G2"], &["Y5", "YS"]]);
    let mut events = game.history().to_vec();
    let wild_draw_four = Action::Play {
        seat: 0,
        card: card("W4"),
        color: Some(Color::Blue),
    };
    for action in [wild_draw_four, Action::Challenge { seat: 1 }] {
        events.extend(game.apply(action).unwrap());
    }
    assert_eq!(game.history(), events.as_slice());
    assert!(events.contains(&Event::Challenged {
        seat: 1,
        target: 0,
        guilty: false
    }));
    // The challenger, and only it, is shown the hand the Wild Draw Four came from: no red,
    // the color it was played on, so innocent.
    assert_eq!(
        game.reveals(),
        [Reveal {
            seat: 0,
            cards: cards(&["B2", "G7"]).into(),
            to: Some(1),
        }]
    );
}

#[test]
fn apply_legal_does_what_apply_does() {
    // The simulations' unchecked path: for a legal action, the same game as `apply` makes.
    let start = table(&[&["R9", "B2", "G7"], &["G1", "R2"], &["Y5", "YS"]]);
    let (mut checked, mut unchecked) = (start.clone(), start);
    for action in [play(0, "R9"), play(1, "R2"), Action::Draw { seat: 2 }] {
        checked.apply(action).unwrap();
        unchecked.apply_legal(action);
        assert_eq!(unchecked, checked, "after {action:?}");
    }
    assert_eq!(
        unchecked.turn(),
        0,
        "seat 2 drew Green 5, which does not fit, so play moves on"
    );
}
