//! `Game::turn_plays`: the turn's plays as card sets, in the order `legal_actions` lists them.

use uno_engine::{Action, Card, Color, Direction, Edition, Game, Rules, Setup};

const R3: Card = Card::number(Color::Red, 3);
const R7: Card = Card::number(Color::Red, 7);
const B3: Card = Card::number(Color::Blue, 3);
const G5: Card = Card::number(Color::Green, 5);

fn table(no_bluffing: bool) -> Game {
    let mut rules = Rules::new(Edition::Classic);
    rules.house_rules.no_bluffing = no_bluffing;
    holding_in(
        rules,
        vec![R7, R7, B3, G5, Card::WILD, Card::WILD_DRAW_FOUR],
    )
}

/// Seat 0 holding `hand` on a Red 3, Classic, against seat 1's G5 and B3.
fn holding(hand: Vec<Card>) -> Game {
    holding_in(Rules::new(Edition::Classic), hand)
}

fn holding_in(rules: Rules, hand: Vec<Card>) -> Game {
    let setup = Setup {
        hands: vec![hand, vec![G5, B3]],
        draw_pile: vec![Card::WILD],
        discard_pile: vec![R3],
        color: Some(Color::Red),
        turn: 0,
        direction: Direction::Left,
        dealer: 1,
        scores: vec![],
    };
    Game::from_setup(rules, setup, 7).unwrap()
}

fn play(card: Card, color: Option<Color>) -> Action {
    Action::Play {
        seat: 0,
        card,
        color,
    }
}

fn all(game: &Game) -> Vec<Action> {
    let plays = game.turn_plays().unwrap();
    (0..plays.len()).map(|i| plays.get(i).unwrap()).collect()
}

#[test]
fn a_turns_plays_by_card_then_each_wild_per_color() {
    let game = table(false);
    let plays = game.turn_plays().unwrap();
    assert_eq!(plays.seat(), 0);
    assert_eq!(plays.len(), 10);
    let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow];
    let mut want = vec![play(R7, None), play(B3, None)];
    want.extend(colors.map(|c| play(Card::WILD, Some(c))));
    want.extend(colors.map(|c| play(Card::WILD_DRAW_FOUR, Some(c))));
    assert_eq!(all(&game), want);
    assert_eq!(plays.get(10), None);
    // The same plays begin the listed actions, and the draw follows them.
    let listed = game.legal_actions_for(0);
    assert_eq!(listed[..10], want[..]);
    assert_eq!(listed[10], Action::Draw { seat: 0 });
}

#[test]
fn no_bluffing_leaves_out_the_wild_draw_four_while_the_color_is_held() {
    let game = table(true);
    assert_eq!(game.turn_plays().unwrap().len(), 6);
    assert!(all(&game)
        .iter()
        .all(|a| !matches!(a, Action::Play { card, .. } if *card == Card::WILD_DRAW_FOUR)));
}

#[test]
fn after_a_draw_only_the_drawn_card_and_none_in_a_penalty_or_off_turn() {
    let mut game = table(false);
    game.apply(Action::Draw { seat: 0 }).unwrap();
    let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow];
    assert_eq!(all(&game), colors.map(|c| play(Card::WILD, Some(c))));
    game.apply(play(Card::WILD_DRAW_FOUR, Some(Color::Green)))
        .unwrap_err();
    game.apply(play(Card::WILD, Some(Color::Green))).unwrap();
    // Seat 1's plain turn on a green Wild: its green 5.
    let plays = game.turn_plays().unwrap();
    assert_eq!(plays.seat(), 1);
    assert_eq!(
        (0..plays.len()).map(|i| plays.get(i)).collect::<Vec<_>>(),
        [Some(Action::Play {
            seat: 1,
            card: G5,
            color: None
        })]
    );
    game.apply(Action::Play {
        seat: 1,
        card: G5,
        color: None,
    })
    .unwrap();
    // Seat 0 plays its Wild Draw Four: seat 1 answers a penalty, so no turn plays.
    game.apply(play(Card::WILD_DRAW_FOUR, Some(Color::Blue)))
        .unwrap();
    assert_eq!(game.turn(), 1);
    assert_eq!(game.turn_plays(), None);
}

#[test]
fn chances_out_of_turn_go_in_seat_order_after_the_turn() {
    let mut game = Game::deal(Rules::new(Edition::Classic), 5, 3).unwrap();
    let turn = game.turn();
    let want: Vec<u8> = (1..5).map(|i| (turn + i) % 5).collect();
    assert_eq!(game.out_of_turn_order().collect::<Vec<_>>(), want);
    // After a Reverse the order is still by seat number, from the new seat to play.
    let setup = Setup {
        hands: vec![
            cards(&["RR", "B1"]),
            cards(&["G1", "G2"]),
            cards(&["Y1", "Y2"]),
        ],
        draw_pile: vec![],
        discard_pile: cards(&["R3"]),
        color: None,
        turn: 0,
        direction: Direction::Left,
        dealer: 2,
        scores: vec![],
    };
    game = Game::from_setup(Rules::new(Edition::Classic), setup, 1).unwrap();
    game.apply(Action::Play {
        seat: 0,
        card: "RR".parse().unwrap(),
        color: None,
    })
    .unwrap();
    assert_eq!(game.turn(), 2);
    assert_eq!(game.out_of_turn_order().collect::<Vec<_>>(), [0, 1]);
}

fn cards(codes: &[&str]) -> Vec<Card> {
    codes.iter().map(|c| c.parse().unwrap()).collect()
}

#[test]
fn a_wilds_colors_follow_any_number_of_colored_plays() {
    // One colored play (R7), then the Wild in each color.
    let game = holding(vec![R7, G5, Card::WILD]);
    let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow];
    let mut want = vec![play(R7, None)];
    want.extend(colors.map(|c| play(Card::WILD, Some(c))));
    assert_eq!(all(&game), want);
    assert!(!game.turn_plays().unwrap().is_empty());
}

#[test]
fn a_turn_has_plays_when_a_colored_card_or_a_wild_fits() {
    let with = |hand: Vec<Card>| holding(hand).turn_plays().unwrap().is_empty();
    assert!(!with(vec![R7, G5]), "a colored card fits");
    assert!(!with(vec![Card::WILD, G5]), "a Wild fits");
    assert!(
        with(vec![G5, Card::number(Color::Yellow, 1)]),
        "nothing fits"
    );
}

#[test]
fn playable_copies_counts_every_copy_that_fits() {
    // R7 twice, B3 (a 3), the Wild and the Wild Draw Four fit the red 3; G5 does not.
    assert_eq!(table(false).playable_copies(0), 5);
    // No bluffing: the Wild Draw Four does not, while red is held.
    assert_eq!(table(true).playable_copies(0), 4);
    // Seat 1, not to play, on the table as it stands: its B3.
    assert_eq!(table(false).playable_copies(1), 1);
}

#[test]
fn plays_past_the_first_word_of_cards_are_listed_in_order() {
    // Masters on a purple 3: a red 3, the other purple 3 and two purple cards fit; purple
    // cards (and Wilds) are counted in the card set's second word, after the red.
    let [r3, p5, p7, p3] = [
        Card::number(Color::Red, 3),
        Card::number(Color::Purple, 5),
        Card::number(Color::Purple, 7),
        Card::number(Color::Purple, 3),
    ];
    let setup = Setup {
        hands: vec![vec![p7, r3, p5, G5, p3], vec![G5, B3]],
        draw_pile: vec![Card::WILD],
        discard_pile: vec![p3],
        color: Some(Color::Purple),
        turn: 0,
        direction: Direction::Left,
        dealer: 1,
        scores: vec![],
    };
    let game = Game::from_setup(Rules::new(Edition::Masters), setup, 7).unwrap();
    let want = [p3, p5, p7].map(|c| play(c, None));
    assert_eq!(all(&game), [&[play(r3, None)], &want[..]].concat());
    assert_eq!(game.legal_actions_for(0)[..4], all(&game)[..]);
}
