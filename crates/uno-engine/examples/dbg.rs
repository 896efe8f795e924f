use uno_engine::*;
fn main() {
    for seed in 0..2000u64 {
        let edition = Edition::ALL[(seed % 5) as usize];
        let mut rules = Rules::new(edition);
        let mask = seed as u32 * 37;
        let bit = |i: u32| mask & (1 << i) != 0;
        rules.house_rules = HouseRules {
            stack_draw_twos: bit(0),
            stack_draw_fours: bit(1),
            stack_mixed: bit(2),
            jump_in: bit(3),
            seven_o: bit(4),
            draw_to_match: bit(5),
            forced_play: bit(6),
            no_bluffing: bit(7),
            ..Default::default()
        };
        rules.house_rules.scoring = Some(Scoring::SingleHand);
        let mut game = Game::deal(rules, 2 + (seed % 9) as usize, seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut steps = 0;
        while game.outcome().is_none() {
            let legal = game.legal_actions();
            let a = legal[rng.below(legal.len())];
            let ev = game.apply(a).unwrap();
            steps += 1;
            if steps > 19960 {
                println!(
                    "{a:?} -> {:?} | top {} color {:?}",
                    ev.iter()
                        .filter(|e| !matches!(e, Event::Drew { .. }))
                        .collect::<Vec<_>>(),
                    game.top_card(),
                    game.color()
                );
            }
            if steps > 20000 || ev.len() > 1000 {
                println!("seed {seed} steps {steps} {:?} action {a:?} events {} rules {:?} hands {:?} draw {} discard {}", edition, ev.len(), rules.house_rules, game.hands().iter().map(|h| h.len()).collect::<Vec<_>>(), game.draw_pile_size(), game.discard_pile().len());
                return;
            }
        }
    }
    println!("all ended");
}
