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

/// A yes-or-no house rule as a table chooses it: its name, what it does in a line, and how to
/// read and set it in `HouseRules`.
#[derive(Clone, Copy)]
pub struct HouseRuleSwitch {
    pub name: &'static str,
    pub about: &'static str,
    pub get: fn(&HouseRules) -> bool,
    pub set: fn(&mut HouseRules, bool),
}

impl HouseRules {
    /// Every yes-or-no house rule, in the order a table lists them.
    pub const SWITCHES: [HouseRuleSwitch; 8] = [
        HouseRuleSwitch {
            name: "Stack Draw Twos",
            about: "Answer a Draw Two with a Draw Two; the total passes on.",
            get: |h| h.stack_draw_twos,
            set: |h, on| h.stack_draw_twos = on,
        },
        HouseRuleSwitch {
            name: "Stack Wild Draw Fours",
            about: "Answer a Wild Draw Four with a Wild Draw Four.",
            get: |h| h.stack_draw_fours,
            set: |h, on| h.stack_draw_fours = on,
        },
        HouseRuleSwitch {
            name: "Stack mixed",
            about: "A Wild Draw Four may answer a Draw Two.",
            get: |h| h.stack_mixed,
            set: |h, on| h.stack_mixed = on,
        },
        HouseRuleSwitch {
            name: "Jump-in",
            about: "Play the twin of the top card out of turn.",
            get: |h| h.jump_in,
            set: |h, on| h.jump_in = on,
        },
        HouseRuleSwitch {
            name: "Seven-O",
            about: "A 7 swaps hands with a player; a 0 passes every hand along.",
            get: |h| h.seven_o,
            set: |h, on| h.seven_o = on,
        },
        HouseRuleSwitch {
            name: "Draw to match",
            about: "Keep drawing until a playable card comes.",
            get: |h| h.draw_to_match,
            set: |h, on| h.draw_to_match = on,
        },
        HouseRuleSwitch {
            name: "Forced play",
            about: "A playable drawn card must be played.",
            get: |h| h.forced_play,
            set: |h, on| h.forced_play = on,
        },
        HouseRuleSwitch {
            name: "No bluffing",
            about: "A Wild Draw Four is refused while you hold the color.",
            get: |h| h.no_bluffing,
            set: |h, on| h.no_bluffing = on,
        },
    ];
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

impl CustomEffect {
    /// Every effect, in the order a table lists them.
    pub const ALL: [CustomEffect; 6] = [
        CustomEffect::Wild,
        CustomEffect::OthersDrawOne,
        CustomEffect::SwapHands,
        CustomEffect::RotateHands,
        CustomEffect::DiscardColor,
        CustomEffect::PlayAgain,
    ];

    /// What the card does, in a line.
    #[must_use]
    pub const fn about(self) -> &'static str {
        match self {
            CustomEffect::Wild => "A plain Wild",
            CustomEffect::OthersDrawOne => "Every other player draws 1",
            CustomEffect::SwapHands => "Swap hands with a chosen player",
            CustomEffect::RotateHands => "Every hand passes one seat along",
            CustomEffect::DiscardColor => "Discard every card of the named color",
            CustomEffect::PlayAgain => "Take another turn",
        }
    }
}

/// The rules of a table, everything fixed before the first deal: the edition, the house rules
/// and the edition-card choices. One value, carried whole by a `Game`, a `PlayerView`, a
/// `Scenario` and the app's options (flattened into their JSON, whose keys stay the format's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    pub edition: Edition,
    #[serde(default)]
    pub house_rules: HouseRules,
    /// What Blank / Customizable cards do.
    #[serde(default)]
    pub custom_effect: CustomEffect,
    /// Blank / Customizable cards in the deck (0–4; other editions always hold their four).
    #[serde(default = "four")]
    pub edition_cards: u8,
}

fn four() -> u8 {
    4
}

/// Classic with no house rule.
impl Default for Rules {
    fn default() -> Rules {
        Rules::new(Edition::Classic)
    }
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
