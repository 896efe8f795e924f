//! `Game::view` on exact tables: a drawn card, a hand shown by a challenge and the points left
//! at a round's end, each seen by whom the rules say and by no one else; and
//! `PlayerView::refusal`, the reason a screen that holds only its seat's view gives, agreeing
//! with the engine's.

mod common;

use common::{card, cards, on_red_three};
use uno_engine::{Action, Card, Color, Edition, Game, Pending, Reveal, RuleError, Rules};

/// Seat 0 to play on a Red 3, three seats.
fn table(edition: Edition, hands: &[&[&str]]) -> Game {
    let draw_pile = ["R5", "Y1", "B9", "R1", "R2", "B6", "B7", "G8"];
    on_red_three(Rules::new(edition), hands, &draw_pile)
}

/// Seat 1 faces the Wild Draw Four seat 0 played naming blue, holding no red: innocent.
fn facing_wild_draw_four() -> Game {
    let mut game = table(
        Edition::Classic,
        &[&["W4", "B2", "G7"], &["G1", "G2"], &["Y5", "YS"]],
    );
    game.apply(Action::Play {
        seat: 0,
        card: Card::WILD_DRAW_FOUR,
        color: Some(Color::Blue),
    })
    .unwrap();
    game
}

#[test]
fn a_drawn_card_waiting_to_be_played_is_shown_to_its_drawer_alone() {
    let mut game = table(
        Edition::Classic,
        &[&["B2", "G7"], &["G1", "G2"], &["Y5", "YS"]],
    );
    game.apply(Action::Draw { seat: 0 }).unwrap();
    assert_eq!(
        game.view(0).pending,
        Pending::Drawn {
            card: Some(card("R5"))
        }
    );
    for view in [game.view(1), game.view(2), game.public_view()] {
        assert_eq!(view.pending, Pending::Drawn { card: None });
        assert!(view.hand.iter().all(|&c| c != card("R5")));
    }
}

#[test]
fn a_challenged_hand_is_shown_to_the_challenger_alone() {
    let mut game = facing_wild_draw_four();
    game.apply(Action::Challenge { seat: 1 }).unwrap();
    let shown = Reveal {
        seat: 0,
        cards: cards(&["B2", "G7"]).into(),
        to: Some(1),
    };
    assert_eq!(game.view(1).revealed, [shown]);
    for view in [game.view(0), game.view(2), game.public_view()] {
        assert_eq!(view.revealed, [], "seat {}", view.seat);
    }
}

#[test]
fn at_a_rounds_end_everyone_sees_the_points_left_in_each_hand() {
    let mut game = table(Edition::Classic, &[&["R9"], &["G1", "G2"], &["Y5", "YS"]]);
    assert_eq!(game.view(1).points_left, Vec::<u32>::new(), "while played");
    game.apply(Action::Play {
        seat: 0,
        card: card("R9"),
        color: None,
    })
    .unwrap();
    for view in [game.view(0), game.view(1), game.public_view()] {
        assert_eq!(view.points_left, [0, 3, 25], "a Skip scores 20");
    }
}

#[test]
fn a_seats_view_refuses_for_the_engines_reasons() {
    // A Wild Draw Four waits for seat 1's answer.
    let game = facing_wild_draw_four();
    let view = game.view(1);
    for action in [
        Action::Draw { seat: 1 },
        Action::Play {
            seat: 1,
            card: card("G1"),
            color: None,
        },
        Action::CallUno { seat: 1 },
    ] {
        let engine = game.clone().apply(action).unwrap_err();
        assert_eq!(view.refusal(&action), Some(engine), "{action:?}");
    }
    assert_eq!(
        view.refusal(&Action::Draw { seat: 1 }),
        Some(RuleError::MustChallengeOrAccept { seat: 1 })
    );
    for action in game.legal_actions_for(1) {
        assert_eq!(view.refusal(&action), None, "{action:?} is legal");
    }
}

#[test]
fn a_web_swing_choice_is_judged_by_the_hands_it_showed() {
    // Seat 0 plays the Web Swing naming blue: every hand is shown, and it may skip a player
    // who holds blue, which seat 1 does and seat 2 does not.
    let mut game = table(
        Edition::SpiderMan,
        &[&["WS", "G7", "G8"], &["B1", "G2"], &["Y5", "YS"]],
    );
    game.apply(Action::Play {
        seat: 0,
        card: Card::WILD_WEB_SWING,
        color: Some(Color::Blue),
    })
    .unwrap();
    let view = game.view(0);
    let choose = |target| Action::Choose { seat: 0, target };
    assert_eq!(view.refusal(&choose(Some(1))), None);
    assert_eq!(view.refusal(&choose(None)), None);
    assert_eq!(
        view.refusal(&choose(Some(2))),
        Some(RuleError::BadTarget),
        "seat 2 holds no blue"
    );
    assert_eq!(
        game.clone().apply(choose(Some(2))),
        Err(RuleError::BadTarget)
    );
}
