//! What the seeded random-play tests share: every Customizable effect, and house-rule mixes
//! drawn from the bits of a number so that every combination is reachable.

#![allow(dead_code)] // Each test file uses its own part of this module.

use uno_engine::{CustomEffect, HouseRules, Scoring};

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
