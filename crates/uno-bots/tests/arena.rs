//! The arena: seats rotate, every game has one winner, and the levels rank as intended.

use uno_bots::arena::run;
use uno_bots::{Bot, Level, LevelBot};
use uno_engine::{Edition, Rules};

fn bots(levels: &[Level]) -> Vec<Box<dyn Bot>> {
    levels
        .iter()
        .enumerate()
        .map(|(i, &l)| Box::new(LevelBot::new(l, i as u64 + 1)) as Box<dyn Bot>)
        .collect()
}

#[test]
fn equal_bots_share_the_wins() {
    let mut table = bots(&[Level::Medium; 4]);
    let s = run(Rules::new(Edition::Classic), 800, 3, true, &mut table).unwrap();
    let wins: u32 = s.bots.iter().map(|b| b.wins).sum();
    assert_eq!(wins + s.abandoned, 800);
    for b in &s.bots {
        // Rotating seats: each copy wins its fair quarter, within four standard errors.
        assert!((b.win_rate - 0.25).abs() < 4.0 * b.stderr, "{s:?}");
    }
}

#[test]
fn medium_beats_easy_beats_random() {
    let rules = Rules::new(Edition::Classic);
    let mut table = bots(&[Level::Medium, Level::Random, Level::Random, Level::Random]);
    let s = run(rules, 1000, 5, true, &mut table).unwrap();
    assert!(s.bots[0].win_rate > 0.31 + 2.0 * s.bots[0].stderr, "{s:?}");
    let mut table = bots(&[Level::Easy, Level::Random, Level::Random, Level::Random]);
    let s = run(rules, 2000, 6, true, &mut table).unwrap();
    assert!(s.bots[0].win_rate > 0.25 + 2.0 * s.bots[0].stderr, "{s:?}");
}

#[test]
fn whole_games_go_to_the_target() {
    let mut table = bots(&[Level::Medium, Level::Easy]);
    let s = run(Rules::new(Edition::Masters), 20, 9, false, &mut table).unwrap();
    assert_eq!(s.bots.iter().map(|b| b.wins).sum::<u32>() + s.abandoned, 20);
    // A whole game to 500 scores at least 500 for its winner.
    assert!(s.bots.iter().map(|b| b.points).sum::<u64>() >= 20 * 500);
}
