//! House rules and the choices a table makes before a game, resolved against the edition.

use crate::edition::{Edition, Scoring};
use serde::{Deserialize, Serialize};

/// The house rules of RULES.md. All off by default; a missing number takes the edition's value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HouseRules {
    pub stack_draw_twos: bool,
    pub stack_draw_fours: bool,
    /// A Wild Draw Four may answer a Draw Two (never the other way round).
    pub stack_mixed: bool,
    pub jump_in: bool,
    pub seven_o: bool,
    pub draw_to_match: bool,
    pub forced_play: bool,
    pub no_bluffing: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uno_penalty: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
}

/// What a Blank or Wild Customizable card does, chosen for the whole game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CustomEffect {
    /// A plain Wild.
    #[default]
    Wild,
    OthersDrawOne,
    /// Swap hands with a chosen player.
    SwapHands,
    /// Every hand passes one seat in the direction of play.
    RotateHands,
    /// The player discards every card of the color they name.
    DiscardColor,
    /// The player takes another turn.
    PlayAgain,
}

/// Everything fixed before the first deal: edition, house rules and the edition card choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub edition: Edition,
    pub house_rules: HouseRules,
    pub custom_effect: CustomEffect,
    /// Blank / Customizable cards in the deck (0–4; other editions always hold their four).
    pub edition_cards: u8,
}

impl Rules {
    /// The edition's defaults with no house rule.
    #[must_use]
    pub fn new(edition: Edition) -> Rules {
        Rules {
            edition,
            house_rules: HouseRules::default(),
            custom_effect: CustomEffect::Wild,
            edition_cards: 4,
        }
    }

    #[must_use]
    pub fn uno_penalty(&self) -> u8 {
        self.house_rules
            .uno_penalty
            .unwrap_or(self.edition.rules().uno_penalty)
    }

    #[must_use]
    pub fn target(&self) -> u32 {
        self.house_rules.target.unwrap_or(500)
    }

    #[must_use]
    pub fn scoring(&self) -> Scoring {
        self.house_rules
            .scoring
            .unwrap_or(self.edition.rules().default_scoring)
    }

    #[must_use]
    pub fn deck(&self) -> Vec<crate::Card> {
        self.edition.deck(self.edition_cards)
    }

    /// `deck` without a copy.
    #[must_use]
    pub fn deck_cards(&self) -> &'static [crate::Card] {
        self.edition.deck_cards(self.edition_cards)
    }
}
