//! A refused card says why in a player's words, naming what it had to match.

use uno_engine::{Action, Card, Color, Direction, Edition, Game, RuleError, Rules, Setup};

fn refusal(top: &str, color: Option<Color>) -> RuleError {
    refusal_in(Edition::Classic, top, color)
}

fn refusal_in(edition: Edition, top: &str, color: Option<Color>) -> RuleError {
    let cards =
        |codes: &[&str]| -> Vec<Card> { codes.iter().map(|c| c.parse().unwrap()).collect() };
    let setup = Setup {
        hands: vec![cards(&["R7", "B2"]), cards(&["G1"])],
        draw_pile: vec![],
        discard_pile: cards(&[top]),
        color,
        turn: 0,
        direction: Direction::Left,
        dealer: 1,
        scores: vec![],
    };
    let mut game = Game::from_setup(Rules::new(edition), setup, 1).unwrap();
    let before = game.clone();
    let red_seven = Action::Play {
        seat: 0,
        card: "R7".parse().unwrap(),
        color: None,
    };
    let error = game.apply(red_seven).unwrap_err();
    assert_eq!(game, before);
    error
}

#[test]
fn a_card_that_does_not_match_names_the_top_card_or_the_named_color() {
    let error = refusal("B4", None);
    assert_eq!(error.kind(), "does_not_match");
    assert_eq!(
        error.to_string(),
        "Red 7 matches neither the Blue top card nor its 4"
    );
    assert_eq!(
        refusal("BS", None).to_string(),
        "Red 7 matches neither the Blue top card nor its Skip"
    );
    assert_eq!(
        refusal("W", Some(Color::Blue)).to_string(),
        "Red 7 is not Blue, the color named for the Wild"
    );
    // The same card is a Blank card in its edition and a Wild Customizable in ColorADD.
    assert_eq!(
        refusal_in(Edition::ClassicBlank, "WC", Some(Color::Blue)).to_string(),
        "Red 7 is not Blue, the color named for the Blank card"
    );
    assert_eq!(
        refusal_in(Edition::ColorAdd, "WC", Some(Color::Blue)).to_string(),
        "Red 7 is not Blue, the color named for the Wild Customizable"
    );
}
