//! The last-card table: for every kind of card played as a player's last card, which of its
//! effects still apply. RULES.md: a last card still acts when it makes others draw (Draw Two,
//! Wild Draw Four, Grayskull, "others draw one"), with no stacking or challenge on it; every
//! other effect of a last card is dropped. The round ends, the turn rests with the winner.

use uno_engine::{
    Action, Card, Color, CustomEffect, Direction, Edition, Event, Game, HouseRules, Phase, Rules,
    Setup,
};

/// One row: the card played last, and what each other seat must draw because of it.
struct Row {
    name: &'static str,
    edition: Edition,
    house_rules: HouseRules,
    custom_effect: CustomEffect,
    card: Card,
    /// Cards seat 1 and seat 2 draw.
    draws: [u16; 2],
    /// A Draw Two penalty seat 0 faces when it plays (stacking its last card on it).
    facing: u16,
}

fn row(name: &'static str, edition: Edition, card: Card, draws: [u16; 2]) -> Row {
    Row {
        name,
        edition,
        house_rules: HouseRules::default(),
        custom_effect: CustomEffect::Wild,
        card,
        draws,
        facing: 0,
    }
}

fn rows() -> Vec<Row> {
    let red = Color::Red;
    let seven_o = HouseRules {
        seven_o: true,
        ..HouseRules::default()
    };
    let custom = |name, effect, draws| Row {
        custom_effect: effect,
        ..row(name, Edition::ClassicBlank, Card::WILD_CUSTOM, draws)
    };
    vec![
        row("number", Edition::Classic, Card::number(red, 7), [0, 0]),
        row("Skip", Edition::Classic, Card::skip(red), [0, 0]),
        row("Reverse", Edition::Classic, Card::reverse(red), [0, 0]),
        row("Draw Two", Edition::Classic, Card::draw_two(red), [2, 0]),
        row("Wild", Edition::Classic, Card::WILD, [0, 0]),
        row(
            "Wild Draw Four",
            Edition::Classic,
            Card::WILD_DRAW_FOUR,
            [4, 0],
        ),
        row("Grayskull", Edition::Masters, Card::WILD_GRAYSKULL, [3, 3]),
        row(
            "Web Swing",
            Edition::SpiderMan,
            Card::WILD_WEB_SWING,
            [0, 0],
        ),
        custom("Custom: wild", CustomEffect::Wild, [0, 0]),
        custom("Custom: others draw 1", CustomEffect::OthersDrawOne, [1, 1]),
        custom("Custom: swap hands", CustomEffect::SwapHands, [0, 0]),
        custom("Custom: rotate hands", CustomEffect::RotateHands, [0, 0]),
        custom("Custom: discard color", CustomEffect::DiscardColor, [0, 0]),
        custom("Custom: play again", CustomEffect::PlayAgain, [0, 0]),
        Row {
            house_rules: seven_o,
            ..row("seven-O 7", Edition::Classic, Card::number(red, 7), [0, 0])
        },
        Row {
            house_rules: seven_o,
            ..row("seven-O 0", Edition::Classic, Card::number(red, 0), [0, 0])
        },
        Row {
            house_rules: HouseRules {
                stack_draw_twos: true,
                stack_draw_fours: true,
                ..HouseRules::default()
            },
            facing: 2,
            ..row(
                "stacked Draw Two",
                Edition::Classic,
                Card::draw_two(red),
                [4, 0],
            )
        },
    ]
}

fn cards(codes: &[&str]) -> Vec<Card> {
    codes.iter().map(|c| c.parse().unwrap()).collect()
}

#[test]
fn a_last_card_acts_only_when_it_makes_others_draw() {
    for row in rows() {
        let rules = Rules {
            house_rules: row.house_rules,
            custom_effect: row.custom_effect,
            ..Rules::new(row.edition)
        };
        // Seat 0 holds only the card. For a stacked row, seat 2 first plays a Draw Two on it.
        let stacked = row.facing > 0;
        let setup = Setup {
            hands: vec![
                vec![row.card],
                cards(&["G1", "G2"]),
                cards(if stacked {
                    &["GD2", "B2"]
                } else {
                    &["B1", "B2"]
                }),
            ],
            draw_pile: cards(&["B5", "B6", "B7", "B8", "B9", "G5", "G6", "G7"]),
            discard_pile: cards(&["R4", if stacked { "G3" } else { "R3" }]),
            color: None,
            turn: if stacked { 2 } else { 0 },
            direction: Direction::Left,
            dealer: 2,
            scores: vec![],
        };
        let mut game = Game::from_setup(rules, setup, 1).unwrap();
        if stacked {
            let draw_two = Action::Play {
                seat: 2,
                card: Card::draw_two(Color::Green),
                color: None,
            };
            game.apply(draw_two).unwrap();
            assert!(
                matches!(game.phase(), Phase::Penalty { total, .. } if total == row.facing),
                "{}: seat 0 faces the Draw Two",
                row.name
            );
        }
        let sizes_before: Vec<usize> = game.hands().iter().map(|h| h.len()).collect();
        let color = row.card.is_wild().then_some(Color::Blue);
        let events = game
            .apply(Action::Play {
                seat: 0,
                card: row.card,
                color,
            })
            .unwrap_or_else(|e| panic!("{}: {e}", row.name));

        // After the card itself: only the draws, then the end of the round.
        assert!(
            matches!(events[0], Event::Played { seat: 0, .. }),
            "{}",
            row.name
        );
        let mut want = Vec::new();
        for (seat, &count) in (1..).zip(&row.draws) {
            if count > 0 {
                want.push(Event::MustDraw { seat, count });
                for _ in 0..count {
                    want.push(Event::Drew { seat, card: None });
                }
            }
        }
        let between: Vec<Event> = events[1..]
            .iter()
            .take_while(|e| !matches!(e, Event::RoundEnded { .. }))
            .map(|e| e.seen_by(0))
            .collect();
        assert_eq!(between, want, "{}: the effects that still apply", row.name);
        assert!(
            matches!(
                events.get(1 + between.len()),
                Some(Event::RoundEnded { winner: 0, .. })
            ),
            "{}: the round ends right after them",
            row.name
        );

        assert_eq!(
            game.direction(),
            Direction::Left,
            "{}: the direction is unchanged",
            row.name
        );
        assert_eq!(
            game.turn(),
            0,
            "{}: the turn rests with the winner",
            row.name
        );
        assert_eq!(game.outcome().unwrap().winner, 0, "{}", row.name);
        assert!(game.hand(0).is_empty(), "{}", row.name);
        for seat in 1..3u8 {
            assert_eq!(
                game.hand(seat).len(),
                sizes_before[usize::from(seat)] + usize::from(row.draws[usize::from(seat) - 1]),
                "{}: seat {seat}'s hand",
                row.name
            );
        }
        assert!(game.reveals().is_empty(), "{}: no hand is shown", row.name);
        let want_color = color.or(row.card.color());
        assert_eq!(game.color(), want_color, "{}: the color in force", row.name);
    }
}
