//! What the engine's tests share: every Customizable effect, house-rule mixes drawn from the
//! bits of a number so that every combination is reachable, and exact tables set up by card
//! codes.

#![allow(dead_code)] // Each test file uses its own part of this module.

use uno_engine::{
    Card, Color, CustomEffect, Direction, Edition, Game, HouseRules, Rules, Scoring, Setup,
};

pub const CUSTOM: [CustomEffect; 6] = CustomEffect::ALL;

/// House rules from the bits of `mask`: every combination is reachable.
pub fn house_rules(mask: u32) -> HouseRules {
    let bit = |i: u32| mask & (1 << i) != 0;
    HouseRules {
        stack_draw_twos: bit(0),
        stack_draw_fours: bit(1),
        stack_mixed: bit(2),
        jump_in: bit(3),
        seven_o: bit(4),
        draw_to_match: bit(5),
        forced_play: bit(6),
        no_bluffing: bit(7),
        uno_penalty: bit(8).then_some(3),
        target: Some(if bit(9) { 100 } else { 250 }),
        scoring: Some(match (mask >> 10) % 3 {
            0 => Scoring::Standard,
            1 => Scoring::Alternative,
            _ => Scoring::SingleHand,
        }),
    }
}

/// One table of a sweep.
pub struct SweepTable {
    pub rules: Rules,
    pub players: usize,
    pub seed: u64,
    /// Which of the house-rule mixes it is (0 first).
    pub variant: u32,
}

/// Every edition at 2–10 players with `variants` house-rule mixes each (their bits spread by
/// `shift`), the Customizable effect and the edition cards varied by seed; the seeds count up
/// from `after + 1`.
pub fn sweep(variants: u32, shift: u32, after: u64) -> Vec<SweepTable> {
    let mut seed = after;
    let mut out = Vec::new();
    for edition in Edition::ALL {
        for players in 2..=10 {
            for variant in 0..variants {
                seed += 1;
                let mut rules = Rules::new(edition);
                rules.house_rules = house_rules(variant.wrapping_mul(2_654_435_761) >> shift);
                rules.custom_effect = CUSTOM[(seed % 6) as usize];
                rules.edition_cards = (seed % 5) as u8;
                out.push(SweepTable {
                    rules,
                    players,
                    seed,
                    variant,
                });
            }
        }
    }
    out
}

/// Cards by their codes ("R7", "W4").
pub fn cards(codes: &[&str]) -> Vec<Card> {
    codes.iter().map(|c| c.parse().unwrap()).collect()
}

/// A card by its code.
pub fn card(code: &str) -> Card {
    code.parse().unwrap()
}

/// Seat 0 to play on a Red 3 (red in force), no scores yet, the deal passing from the last
/// seat; `hands` by card codes and `draw_pile` next card first.
pub fn on_red_three(rules: Rules, hands: &[&[&str]], draw_pile: &[&str]) -> Game {
    let setup = Setup {
        hands: hands.iter().map(|h| cards(h)).collect(),
        draw_pile: cards(draw_pile),
        discard_pile: cards(&["R3"]),
        color: Some(Color::Red),
        turn: 0,
        direction: Direction::Left,
        dealer: (hands.len() - 1) as u8,
        scores: vec![],
    };
    Game::from_setup(rules, setup, 3).unwrap()
}
