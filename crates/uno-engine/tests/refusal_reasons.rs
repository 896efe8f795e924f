//! Every reason `apply` gives for a refused action, each in a table where it is the true one,
//! and the game left as it was. (What a refused card says in words is `refusals.rs`.)

mod common;

use common::{card, on_red_three};
use uno_engine::{Action, Color, Edition, Game, HouseRules, RuleError, Rules, Scoring};

/// Seat 0 to play on a Red 3, three seats, Classic with `house` rules; `before` applied.
fn table(house: HouseRules, hands: &[&[&str]], before: &[Action]) -> Game {
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules = house;
    let draw_pile = ["R5", "Y1", "B9", "R1", "R2", "B6", "B7", "G8"];
    let mut game = on_red_three(rules, hands, &draw_pile);
    for &action in before {
        game.apply(action).unwrap();
    }
    game
}

/// The reason `action` is refused at `game`, which it must leave as it was.
fn refused(game: &Game, action: Action) -> RuleError {
    let mut tried = game.clone();
    let error = tried.apply(action).unwrap_err();
    assert_eq!(&tried, game, "{action:?} changed the game");
    error
}

fn play(seat: u8, code: &str) -> Action {
    Action::Play {
        seat,
        card: card(code),
        color: None,
    }
}

fn wild(seat: u8, code: &str, color: Color) -> Action {
    Action::Play {
        seat,
        card: card(code),
        color: Some(color),
    }
}

const HANDS: &[&[&str]] = &[&["R9", "B2", "W", "G7"], &["G1", "G2", "R4"], &["Y5", "YS"]];

#[test]
fn a_turn_refuses_cards_that_cannot_go_down() {
    let game = table(HouseRules::default(), HANDS, &[]);
    assert_eq!(
        refused(&game, Action::Draw { seat: 5 }),
        RuleError::NoSuchSeat(5)
    );
    assert_eq!(
        refused(&game, play(0, "R5")),
        RuleError::CardNotInHand {
            seat: 0,
            card: card("R5")
        }
    );
    assert_eq!(
        refused(&game, play(0, "W")),
        RuleError::ColorRequired { card: card("W") }
    );
    assert_eq!(
        refused(&game, wild(0, "R9", Color::Red)),
        RuleError::ColorNotAllowed { card: card("R9") }
    );
    assert_eq!(
        refused(&game, wild(0, "W", Color::Purple)),
        RuleError::NoSuchColor(Color::Purple)
    );
    assert_eq!(
        refused(&game, play(0, "B2")),
        RuleError::DoesNotMatch {
            card: card("B2"),
            top: card("R3"),
            color: Some(Color::Red),
            edition: Edition::Classic
        }
    );
    assert_eq!(
        refused(&game, play(1, "R4")),
        RuleError::NotYourTurn { seat: 1, turn: 0 }
    );
    let jump_in = HouseRules {
        jump_in: true,
        ..HouseRules::default()
    };
    assert_eq!(
        refused(&table(jump_in, HANDS, &[]), play(1, "R4")),
        RuleError::CannotJumpIn { seat: 1 },
        "R4 is not the twin of R3"
    );
    let no_bluffing = HouseRules {
        no_bluffing: true,
        ..HouseRules::default()
    };
    let holding_red = table(no_bluffing, &[&["W4", "R9"], &["G1"], &["Y5"]], &[]);
    assert_eq!(
        refused(&holding_red, wild(0, "W4", Color::Blue)),
        RuleError::IllegalWildDrawFour
    );
}

#[test]
fn a_drawn_card_leaves_its_drawer_one_card_to_play_or_keep() {
    // Seat 0 draws R5, which fits.
    let game = table(HouseRules::default(), HANDS, &[Action::Draw { seat: 0 }]);
    assert_eq!(
        refused(&game, play(0, "R9")),
        RuleError::OnlyDrawnCard { card: card("R5") }
    );
    assert_eq!(
        refused(&game, Action::Draw { seat: 0 }),
        RuleError::NotAllowedNow
    );
    for action in [
        play(1, "R4"),
        Action::Draw { seat: 1 },
        Action::Pass { seat: 1 },
    ] {
        assert_eq!(
            refused(&game, action),
            RuleError::NotYourTurn { seat: 1, turn: 0 },
            "{action:?}"
        );
    }
    assert_eq!(
        refused(
            &table(HouseRules::default(), HANDS, &[]),
            Action::Pass { seat: 0 }
        ),
        RuleError::NothingToPass
    );
    let forced = HouseRules {
        forced_play: true,
        ..HouseRules::default()
    };
    let game = table(forced, HANDS, &[Action::Draw { seat: 0 }]);
    assert_eq!(
        refused(&game, Action::Pass { seat: 0 }),
        RuleError::MustPlayDrawnCard
    );
}

#[test]
fn a_penalty_is_answered_as_its_rules_allow() {
    let stacking = HouseRules {
        stack_draw_twos: true,
        ..HouseRules::default()
    };
    let hands: &[&[&str]] = &[&["RD2", "B2"], &["G1", "G2", "R4"], &["Y5", "YS"]];
    let game = table(stacking, hands, &[play(0, "RD2")]);
    assert_eq!(
        refused(&game, play(1, "R4")),
        RuleError::CannotStack { card: card("R4") }
    );
    assert_eq!(
        refused(&game, Action::Challenge { seat: 1 }),
        RuleError::NothingToChallenge
    );

    // A Wild Draw Four, no stacking: it waits for seat 1 to challenge or accept.
    let hands: &[&[&str]] = &[&["W4", "B2", "G7"], &["G1", "G2"], &["Y5", "YS"]];
    let game = table(HouseRules::default(), hands, &[wild(0, "W4", Color::Blue)]);
    assert_eq!(
        refused(&game, play(1, "G1")),
        RuleError::MustAnswerPenalty { seat: 1, total: 4 }
    );
    // The words a player or a bot's author reads: no stacking here, so not "stack or draw".
    assert_eq!(
        refused(&game, play(1, "G1")).to_string(),
        "seat 1 must challenge or accept the penalty of 4 before playing a card"
    );
    assert_eq!(
        refused(&game, Action::Draw { seat: 1 }),
        RuleError::MustChallengeOrAccept { seat: 1 }
    );
    for action in [Action::Challenge { seat: 2 }, Action::Accept { seat: 2 }] {
        assert_eq!(
            refused(&game, action),
            RuleError::NotYourTurn { seat: 2, turn: 1 },
            "{action:?}"
        );
    }
}

#[test]
fn a_seven_waits_for_its_player_to_choose() {
    let seven_o = HouseRules {
        seven_o: true,
        ..HouseRules::default()
    };
    let hands: &[&[&str]] = &[&["R7", "B2", "G7"], &["G1", "G2"], &["Y5", "YS"]];
    let before = table(seven_o, hands, &[]);
    let choose = |seat: u8, target: u8| Action::Choose {
        seat,
        target: Some(target),
    };
    assert_eq!(refused(&before, choose(0, 1)), RuleError::NothingToChoose);
    let game = table(seven_o, hands, &[play(0, "R7")]);
    for action in [play(0, "G7"), Action::Draw { seat: 0 }] {
        assert_eq!(
            refused(&game, action),
            RuleError::MustChoose { seat: 0 },
            "{action:?}"
        );
    }
    assert_eq!(
        refused(&game, choose(1, 2)),
        RuleError::NotYourTurn { seat: 1, turn: 0 }
    );
    assert_eq!(refused(&game, choose(0, 0)), RuleError::BadTarget);
}

#[test]
fn uno_calls_and_catches_need_their_moment() {
    let game = table(HouseRules::default(), HANDS, &[]);
    assert_eq!(
        refused(&game, Action::CallUno { seat: 0 }),
        RuleError::CannotCallUno(0)
    );
    let catch = |target: u8| Action::Catch { seat: 1, target };
    assert_eq!(refused(&game, catch(1)), RuleError::CatchSelf);
    assert_eq!(refused(&game, catch(7)), RuleError::NoSuchSeat(7));
    assert_eq!(refused(&game, catch(0)), RuleError::CannotCatch(0));
}

#[test]
fn nothing_is_played_after_the_round_or_the_game() {
    let hands: &[&[&str]] = &[&["R9"], &["G1", "G2"], &["Y5", "YS"]];
    let round_over = table(HouseRules::default(), hands, &[play(0, "R9")]);
    assert_eq!(
        refused(&round_over, Action::Draw { seat: 1 }),
        RuleError::RoundOver
    );
    let single_hand = HouseRules {
        scoring: Some(Scoring::SingleHand),
        ..HouseRules::default()
    };
    let game_over = table(single_hand, hands, &[play(0, "R9")]);
    assert_eq!(
        refused(&game_over, Action::Draw { seat: 1 }),
        RuleError::GameOver
    );
}
