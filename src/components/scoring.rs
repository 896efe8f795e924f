//! How a game is won, as the New game form, the online New room form, the Rules screen and the
//! online lobby say it: one list of choices and one sentence per way of scoring.

use uno_engine::{Rules, Scoring};
use yew::prelude::*;

/// Each way of scoring with its name in a select: short enough for a phone (the sentence
/// under the select says the whole rule).
const CHOICES: [(Scoring, &str); 3] = [
    (Scoring::Standard, "Points to the winner"),
    (Scoring::Alternative, "Own points, lowest wins"),
    (Scoring::SingleHand, "One hand, first out wins"),
];

/// The `<option>`s of a scoring select, `current` selected.
pub fn options(current: Scoring) -> Html {
    CHOICES
        .iter()
        .map(|(s, label)| html! { <option value={format!("{s:?}")} selected={*s == current}>{ *label }</option> })
        .collect()
}

/// The scoring an option's value names (the standard one for anything else).
#[must_use]
pub fn chosen(value: &str) -> Scoring {
    CHOICES
        .iter()
        .find(|(s, _)| format!("{s:?}") == value)
        .map_or(Scoring::Standard, |(s, _)| *s)
}

/// The target score typed into a form: a whole number from 50 to 5000, or `current` when the
/// text is not a number.
#[must_use]
pub fn target(typed: &str, current: u32) -> u32 {
    typed
        .trim()
        .parse::<u32>()
        .map_or(current, |v| v.clamp(50, 5000))
}

/// How `rules` score and who wins, in one sentence.
#[must_use]
pub fn sentence(rules: &Rules) -> String {
    match rules.scoring() {
        Scoring::Standard => format!("Whoever goes out scores the cards left in the other hands; the first to {} points wins.", rules.target()),
        Scoring::Alternative => format!("Each player adds the points left in their own hand; when anyone reaches {}, the lowest total wins.", rules.target()),
        Scoring::SingleHand => "The first player out wins.".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::Edition;

    #[test]
    fn every_choice_reads_back_and_a_stranger_is_the_standard() {
        for (s, _) in CHOICES {
            assert_eq!(chosen(&format!("{s:?}")), s);
        }
        assert_eq!(chosen("Lowest"), Scoring::Standard);
    }

    #[test]
    fn a_typed_target_is_kept_within_its_range() {
        assert_eq!(target("200", 500), 200);
        assert_eq!(target(" 10 ", 500), 50);
        assert_eq!(target("99999", 500), 5000);
        assert_eq!(target("two hundred", 300), 300);
    }

    #[test]
    fn the_sentence_says_the_target() {
        let mut rules = Rules::new(Edition::Classic);
        rules.house_rules.target = Some(200);
        assert_eq!(sentence(&rules), "Whoever goes out scores the cards left in the other hands; the first to 200 points wins.");
        rules.house_rules.scoring = Some(Scoring::SingleHand);
        assert_eq!(sentence(&rules), "The first player out wins.");
    }
}
