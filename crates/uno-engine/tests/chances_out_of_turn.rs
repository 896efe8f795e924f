//! `Game::may_catch_or_jump_in`: which seats not to play may act on the table now, the chances
//! a table gives a person as long for as a bot takes.

use uno_engine::{Action, Card, Color, Direction, Edition, Game, Rules, Setup};

fn cards(codes: &[&str]) -> Vec<Card> {
    codes.iter().map(|c| c.parse().unwrap()).collect()
}

/// Seat 1 to play on a Red 5; jump-in as asked.
fn table(hands: &[&[&str]], jump_in: bool) -> Game {
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules.jump_in = jump_in;
    let setup = Setup {
        hands: hands.iter().map(|h| cards(h)).collect(),
        draw_pile: cards(&["B6", "B7"]),
        discard_pile: cards(&["R5"]),
        color: Some(Color::Red),
        turn: 1,
        direction: Direction::Left,
        dealer: 0,
        scores: vec![],
    };
    Game::from_setup(rules, setup, 1).unwrap()
}

#[test]
fn the_twin_of_the_top_card_is_a_chance_only_with_jump_in_and_only_out_of_turn() {
    let hands: &[&[&str]] = &[&["R5", "B2"], &["R6", "G2"], &["Y1", "Y2"]];
    let game = table(hands, true);
    assert!(game.may_catch_or_jump_in(0), "seat 0 holds the twin");
    assert!(
        !game.may_catch_or_jump_in(1),
        "seat 1 is to play: its turn, no chance"
    );
    assert!(!game.may_catch_or_jump_in(2), "seat 2 holds no twin");
    assert!(
        !table(hands, false).may_catch_or_jump_in(0),
        "no jump-in: no chance"
    );
}

#[test]
fn a_seat_that_forgot_uno_is_a_chance_for_every_other_seat_until_the_next_acts() {
    let mut game = table(&[&["B2", "G5"], &["R6", "G2"], &["Y1", "Y2"]], false);
    game.apply(Action::Play {
        seat: 1,
        card: "R6".parse().unwrap(),
        color: None,
    })
    .unwrap();
    // Seat 1 is down to one card without calling UNO; seat 2 is to play.
    assert!(game.may_catch_or_jump_in(0));
    assert!(!game.may_catch_or_jump_in(1), "no one catches themself");
    assert!(
        !game.may_catch_or_jump_in(2),
        "seat 2 may catch, but on its turn"
    );
    game.apply(Action::Draw { seat: 2 }).unwrap();
    assert!(
        !game.may_catch_or_jump_in(0),
        "the window closed at seat 2's draw"
    );
}
