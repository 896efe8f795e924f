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

/// A `HouseRuleSwitch` for the boolean field `$field` of `HouseRules`.
macro_rules! switch {
    ($field:ident, $name:literal, $about:literal) => {
        HouseRuleSwitch {
            name: $name,
            about: $about,
            get: |h| h.$field,
            set: |h, on| h.$field = on,
        }
    };
}

impl HouseRules {
    /// Every yes-or-no house rule, in the order a table lists them.
    pub const SWITCHES: [HouseRuleSwitch; 8] = [
        switch!(
            stack_draw_twos,
            "Stack Draw Twos",
            "Answer a Draw Two with a Draw Two; the total passes on."
        ),
        switch!(
            stack_draw_fours,
            "Stack Wild Draw Fours",
            "Answer a Wild Draw Four with a Wild Draw Four."
        ),
        switch!(
            stack_mixed,
            "Stack mixed",
            "A Wild Draw Four may answer a Draw Two."
        ),
        switch!(
            jump_in,
            "Jump-in",
            "Play the twin of the top card out of turn."
        ),
        switch!(
            seven_o,
            "Seven-O",
            "A 7 swaps hands with a player; a 0 passes every hand along."
        ),
        switch!(
            draw_to_match,
            "Draw to match",
            "Keep drawing until a playable card comes."
        ),
        switch!(
            forced_play,
            "Forced play",
            "A playable drawn card must be played."
        ),
        switch!(
            no_bluffing,
            "No bluffing",
            "A Wild Draw Four is refused while you hold the color."
        ),
    ];

    /// The yes-or-no house rules in force, in the order a table lists them.
    pub fn switches_on(&self) -> impl Iterator<Item = &'static HouseRuleSwitch> + '_ {
        HouseRules::SWITCHES
            .iter()
            .filter(move |switch| (switch.get)(self))
    }
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
    /// The cards a missed UNO may cost, as a house rule (0 would make a catch pointless, and
    /// a huge number would empty the draw pile into one hand).
    pub const UNO_PENALTIES: std::ops::RangeInclusive<u8> = 1..=10;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_switches_on_are_those_set_in_table_order() {
        let mut house = HouseRules::default();
        assert_eq!(house.switches_on().count(), 0);
        house.no_bluffing = true;
        house.jump_in = true;
        let names: Vec<&str> = house.switches_on().map(|s| s.name).collect();
        assert_eq!(names, ["Jump-in", "No bluffing"]);
        for switch in &HouseRules::SWITCHES {
            let mut one = HouseRules::default();
            (switch.set)(&mut one, true);
            let on: Vec<&str> = one.switches_on().map(|s| s.name).collect();
            assert_eq!(on, [switch.name]);
        }
    }
}
