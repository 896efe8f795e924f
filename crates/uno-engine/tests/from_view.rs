//! `Game::from_view`: given the true hidden cards, a determinization rebuilds the same table,
//! in the same phase, with the same legal actions, for every seat's view; and rebuilt into a
//! game already in play elsewhere (`rebuild_from_view`), it is that same game.

use uno_engine::{Edition, Game, Guess, HouseRules, Phase, Rng, Rules};

#[test]
fn the_true_guess_rebuilds_the_same_table() {
    let mut checked = 0;
    for seed in 0..300u64 {
        let edition = Edition::ALL[(seed % 5) as usize];
        let mut rules = Rules::new(edition);
        rules.house_rules = HouseRules {
            stack_draw_twos: seed % 3 == 0,
            stack_draw_fours: seed % 4 == 0,
            seven_o: seed % 2 == 0,
            jump_in: seed % 5 == 0,
            ..HouseRules::default()
        };
        let mut game = Game::deal(rules, 2 + (seed % 5) as usize, seed).unwrap();
        let mut rng = Rng::new(seed);
        // Another table in play (another edition, ten seats): what it held must all go.
        let mut spare = Game::deal(
            Rules::new(Edition::ALL[(seed as usize + 2) % 5]),
            10,
            seed + 7,
        )
        .unwrap();
        for _ in 0..120 {
            if game.outcome().is_some() {
                break;
            }
            let (draw_four_by, draw_four_guilty) = match game.phase() {
                Phase::Penalty {
                    challenge: Some(o), ..
                } => (o.offender, o.guilty),
                _ => (0, false),
            };
            for seat in 0..game.seats() {
                let guess = Guess {
                    hands: game.hands().iter().map(|h| h.to_vec()).collect(),
                    draw_pile: game.draw_pile(),
                    draw_four_by,
                    draw_four_guilty,
                    drawn: match game.phase() {
                        Phase::Drawn { card } => Some(card),
                        _ => None,
                    },
                };
                let rebuilt = Game::from_view(&game.view(seat), guess.clone(), 1);
                spare.rebuild_from_view(&game.view(seat), guess, 1);
                assert_eq!(spare, rebuilt);
                // Played on, so that the next rebuild starts from a history and other piles.
                if let Some(&action) = spare.legal_actions().first() {
                    spare.apply(action).unwrap();
                }
                assert_eq!(rebuilt.setup(), game.setup());
                assert_eq!(rebuilt.phase(), game.phase());
                assert_eq!(rebuilt.legal_actions(), game.legal_actions());
                checked += 1;
            }
            let legal = game.legal_actions();
            game.apply(legal[rng.below(legal.len())]).unwrap();
        }
    }
    assert!(checked > 10_000, "{checked}");
}
