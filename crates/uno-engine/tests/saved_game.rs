//! A game read back from JSON is checked: an edited or corrupt save is refused with the reason,
//! never turned into a game that panics later.

use serde_json::{json, Value};
use uno_engine::{Direction, Edition, Game, Rules};

/// A 3-player Classic game a few moves in, as JSON.
fn saved() -> Value {
    let mut game = Game::deal(Rules::new(Edition::Classic), 3, 5).unwrap();
    for _ in 0..6 {
        let action = game.legal_actions_for(game.turn())[0];
        game.apply(action).unwrap();
    }
    serde_json::to_value(&game).unwrap()
}

/// The error reading `saved()` back after `edit`.
fn refused(edit: impl FnOnce(&mut Value)) -> String {
    let mut value = saved();
    edit(&mut value);
    serde_json::from_value::<Game>(value)
        .expect_err("a corrupt game is refused")
        .to_string()
}

#[test]
fn a_saved_game_reads_back_as_it_was() {
    let value = saved();
    let game: Game = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(serde_json::to_value(&game).unwrap(), value);
    assert_eq!(game.players(), 3);
    assert!(!game.legal_actions_for(game.turn()).is_empty());
}

#[test]
fn seats_that_are_not_at_the_table_are_refused() {
    assert_eq!(
        refused(|g| g["turn"] = json!(9)),
        "turn is 9, but the table has only seats 0 to 2"
    );
    assert_eq!(
        refused(|g| g["dealer"] = json!(3)),
        "dealer is 3, but the table has only seats 0 to 2"
    );
    assert_eq!(
        refused(|g| g["uno_window"] = json!(4)),
        "uno_window is 4, but the table has only seats 0 to 2"
    );
    assert_eq!(
        refused(|g| g["called_uno"] = json!(0b1001)),
        "called_uno is 3, but the table has only seats 0 to 2"
    );
    assert_eq!(
        refused(|g| g["phase"] =
            json!({"phase": "round_over", "winner": 7, "points": 10, "game_winner": null})),
        "phase's winner is 7, but the table has only seats 0 to 2"
    );
    assert_eq!(
        refused(|g| g["history"][1]["seat"] = json!(5)),
        "a seat in history is 5, but the table has only seats 0 to 2"
    );
    assert_eq!(
        refused(|g| g["reveals"] = json!([{"seat": 1, "cards": [], "to": 6}])),
        "a reveal's to is 6, but the table has only seats 0 to 2"
    );
    let penalty = uno_engine::Phase::Penalty {
        total: 4,
        stackable: false,
        challenge: Some(uno_engine::Offence {
            offender: 8,
            guilty: false,
        }),
    };
    assert_eq!(
        refused(|g| g["phase"] = serde_json::to_value(penalty).unwrap()),
        "phase's offender is 8, but the table has only seats 0 to 2"
    );
}

#[test]
fn a_game_waiting_on_a_drawn_card_its_drawer_holds_reads_back() {
    let mut value = saved();
    let turn = value["turn"].as_u64().unwrap() as usize;
    let held = value["hands"][turn][0].clone();
    value["phase"] = json!({"phase": "drawn", "card": held});
    let game: Game = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(serde_json::to_value(&game).unwrap(), value);
    assert!(matches!(game.phase(), uno_engine::Phase::Drawn { .. }));
}

#[test]
fn a_table_that_cannot_be_is_refused() {
    assert_eq!(
        refused(|g| g["hands"][0] = json!(["R7", "R7", "R7"])),
        "R7 appears 3 times, but the deck holds 2"
    );
    // More copies than a hand can count: refused while it is read, not wrapped round.
    let many = refused(|g| g["hands"][0] = json!(vec!["R7"; 300]));
    assert!(
        many.starts_with("a hand holds more than 255 copies of R7"),
        "{many}"
    );
    assert_eq!(
        refused(|g| g["scores"] = json!([0, 0])),
        "scores has 2 entries for 3 players"
    );
    assert_eq!(
        refused(|g| g["direction"] = json!(2)),
        "direction must be 1 or -1, not 2"
    );
    assert_eq!(
        refused(|g| g["discard_pile"] = json!([])),
        "the discard pile is empty: it needs a top card"
    );
    assert_eq!(
        refused(|g| {
            g["hands"] = json!([["G1"]]);
            g["scores"] = json!([0]);
        }),
        "a game needs 2 to 10 players, not 1"
    );
    // A card drawn that its drawer does not hold: one of another seat's.
    let refused_drawn = refused(|g| {
        let turn = g["turn"].as_u64().unwrap() as usize;
        let held = g["hands"][turn].as_array().unwrap().clone();
        let other = (0..3)
            .flat_map(|s| g["hands"][s].as_array().unwrap().clone())
            .find(|card| !held.contains(card))
            .unwrap();
        g["phase"] = json!({"phase": "drawn", "card": other});
    });
    assert_eq!(
        refused_drawn,
        "the card drawn, R7, is not in the hand of the seat to play"
    );
    // A round in play with an empty hand: it would have ended.
    assert_eq!(
        refused(|g| {
            g["hands"][1] = json!([]);
        }),
        "seat 1 holds no card, but a round ends when a hand is empty"
    );
    assert_eq!(
        refused(|g| g["rules"]["house_rules"]["uno_penalty"] = json!(200)),
        "uno_penalty must be 1 to 10, not 200"
    );
}

#[test]
fn what_is_read_back_plays_on() {
    // Not JSON of a game at all: serde's own message.
    let err = serde_json::from_str::<Game>(r#"{"this is": "not a game"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field"), "{err}");
    // Every legal action of a game read back is accepted, as in the game it was saved from.
    let game: Game = serde_json::from_value(saved()).unwrap();
    for action in game.legal_actions() {
        let mut copy = game.clone();
        assert!(copy.apply(action).is_ok(), "{action:?}");
    }
}

#[test]
fn a_challenge_shows_the_hand_as_a_list_of_cards() {
    use uno_engine::{Action, Card, Color, Setup};
    let setup = Setup {
        hands: vec![
            vec![
                Card::number(Color::Blue, 2),
                Card::WILD_DRAW_FOUR,
                Card::number(Color::Red, 7),
            ],
            vec![Card::number(Color::Green, 5)],
        ],
        draw_pile: (1..=9).map(|n| Card::number(Color::Yellow, n)).collect(),
        discard_pile: vec![Card::number(Color::Red, 3)],
        color: Some(Color::Red),
        turn: 0,
        direction: Direction::Left,
        dealer: 1,
        scores: vec![],
    };
    let mut game = Game::from_setup(Rules::new(Edition::Classic), setup, 3).unwrap();
    game.apply(Action::Play {
        seat: 0,
        card: Card::WILD_DRAW_FOUR,
        color: Some(Color::Green),
    })
    .unwrap();
    game.apply(Action::Challenge { seat: 1 }).unwrap();
    let value = serde_json::to_value(&game).unwrap();
    // Guilty (it held red): the hand shown is the one the offender held, in card order.
    assert_eq!(
        value["reveals"],
        json!([{"seat": 0, "cards": ["R7", "B2"], "to": 1}])
    );
    let back: Game = serde_json::from_value(value).unwrap();
    assert_eq!(back, game);
}

#[test]
fn every_phase_a_game_waits_in_reads_back_as_written() {
    use uno_engine::{Card, Choice, Color, Offence, Outcome, Phase};
    let all = [
        Phase::Play,
        Phase::Drawn { card: Card::WILD },
        Phase::Penalty {
            total: 6,
            stackable: true,
            challenge: None,
        },
        Phase::Penalty {
            total: 4,
            stackable: false,
            challenge: Some(Offence {
                offender: 2,
                guilty: true,
            }),
        },
        Phase::Choose {
            choice: Choice::WebSwing { color: Color::Blue },
        },
        Phase::Choose {
            choice: Choice::SevenSwap,
        },
        Phase::Choose {
            choice: Choice::SwapHands,
        },
        Phase::RoundOver(Outcome {
            winner: 1,
            points: 88,
            game_winner: None,
        }),
        Phase::RoundOver(Outcome {
            winner: 1,
            points: 512,
            game_winner: Some(1),
        }),
    ];
    for phase in all {
        let text = serde_json::to_string(&phase).unwrap();
        assert_eq!(
            serde_json::from_str::<Phase>(&text).unwrap(),
            phase,
            "{text}"
        );
    }
    assert_eq!(
        serde_json::to_string(&all[7]).unwrap(),
        r#"{"phase":"round_over","winner":1,"points":88,"game_winner":null}"#
    );
    let read = |text: &str| serde_json::from_str::<Phase>(text).unwrap_err().to_string();
    assert!(read(r#"{"phase":"penalty","total":2}"#).contains("missing field `stackable`"));
    assert!(read(r#"{"phase":"choose","choice":{"kind":"web_swing"}}"#)
        .contains("missing field `color`"));
    assert!(read(r#"{"phase":"waiting"}"#).contains("unknown phase `waiting`"));
}

#[test]
fn a_game_saved_when_its_round_ended_reads_back_with_the_winners_empty_hand() {
    use uno_engine::{Outcome, Phase};
    let mut game = Game::deal(Rules::new(Edition::Classic), 3, 5).unwrap();
    while !matches!(game.phase(), Phase::RoundOver(_)) {
        let action = game.legal_actions()[0];
        game.apply(action).unwrap();
    }
    let Phase::RoundOver(Outcome { winner, .. }) = game.phase() else {
        unreachable!("the loop ends at a round's end")
    };
    assert!(game.hand(winner).is_empty());
    let value = serde_json::to_value(&game).unwrap();
    let back: Game = serde_json::from_value(value.clone()).unwrap();
    assert_eq!(serde_json::to_value(&back).unwrap(), value);
}
