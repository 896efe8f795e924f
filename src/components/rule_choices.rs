//! The table's choices beyond the yes-or-no house rules (RULES.md): how the game is won and
//! to what target (`scoring`), what a missed UNO costs, and how many Blank or Customizable
//! cards the deck holds and what they do. `fields` lays them out for the New game form and
//! the online New room form alike; the Rules screen and the lobby say them (`changed`).

use crate::components::drafts::Drafts;
use crate::components::scoring;
use std::rc::Rc;
use uno_engine::{CustomEffect, Edition, Rules};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// A change to the rules, for the form to make to the rules it holds now.
pub type RulesEdit = Rc<dyn Fn(&mut Rules)>;

/// The fields of these choices for `rules`, each a `<label>` of `class`, the target typed kept
/// in the form's `drafts` until it is left; every change is sent
/// as an edit, not as whole rules: two changes before the form is drawn again (a quick hand,
/// a slow phone) would otherwise each start from the rules as drawn, and the second undo the
/// first.
pub fn fields(
    rules: &Rules,
    on_change: &Callback<RulesEdit>,
    drafts: &Drafts,
    class: &'static str,
) -> Html {
    let edit = |f: fn(&mut Rules, String)| {
        let on_change = on_change.clone();
        Callback::from(move |e: Event| {
            let value = match e.target_dyn_into::<HtmlSelectElement>() {
                Some(select) => select.value(),
                None => e.target_unchecked_into::<HtmlInputElement>().value(),
            };
            on_change.emit(Rc::new(move |rules: &mut Rules| f(rules, value.clone())));
        })
    };
    html! { <>
        <label {class}>{ "Scoring" }
            <select aria-describedby="scoring-about"
                onchange={edit(|r, v| r.house_rules.scoring = Some(scoring::chosen(&v)))}>
                { scoring::options(rules.scoring()) }</select>
            <span id="scoring-about" class="hint">{ scoring::sentence(rules) }</span>
        </label>
        <label {class}>{ "Target score" }
            <input type="number" min="50" max="5000" step="50"
                value={drafts.shown("target", rules.target().to_string())} oninput={drafts.typed("target")}
                onchange={drafts.left("target", edit(|r, v| r.house_rules.target = Some(scoring::target(&v, r.target()))))}/>
        </label>
        <label {class}>{ "Missed UNO" }
            <select onchange={edit(|r, v| r.house_rules.uno_penalty = penalty_chosen(&v, r.edition, r.house_rules.uno_penalty))}>
                { penalty_options(rules) }</select>
        </label>
        if has_custom_cards(rules.edition) {
            <label {class}>{ custom_cards_name(rules.edition) }
                <select onchange={edit(|r, v| r.edition_cards = count_chosen(&v, r.edition_cards))}>
                    { count_options(rules) }</select>
            </label>
            <label {class}>{ "What they do" }
                <select disabled={rules.edition_cards == 0}
                    onchange={edit(|r, v| r.custom_effect = effect_chosen(&v, r.custom_effect))}>
                    { effect_options(rules) }</select>
            </label>
        }
    </> }
}

/// The penalties a form offers for a missed UNO (the editions' own are 2 and 4).
const PENALTIES: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// The `<option>`s of the missed-UNO select, the table's penalty selected and the edition's
/// own marked.
pub fn penalty_options(rules: &Rules) -> Html {
    let own = rules.edition.rules().uno_penalty;
    PENALTIES
        .iter()
        .map(|&n| {
            let label = if n == own {
                format!("Draw {n} (the edition's)")
            } else {
                format!("Draw {n}")
            };
            html! { <option value={n.to_string()} selected={n == rules.uno_penalty()}>{ label }</option> }
        })
        .collect()
}

/// The house rule an option's value sets: none when it is the edition's own penalty (so the
/// rule follows the edition if the edition changes), `current` kept for anything not offered.
#[must_use]
pub fn penalty_chosen(value: &str, edition: Edition, current: Option<u8>) -> Option<u8> {
    match value.parse::<u8>() {
        Ok(n) if PENALTIES.contains(&n) => (n != edition.rules().uno_penalty).then_some(n),
        _ => current,
    }
}

/// Whether the edition lets a table choose its own cards (Blank, Customizable).
#[must_use]
pub fn has_custom_cards(edition: Edition) -> bool {
    edition.rules().edition_cards_optional
}

/// What the edition calls its cards whose effect a table chooses.
#[must_use]
pub fn custom_cards_name(edition: Edition) -> &'static str {
    if edition == Edition::ColorAdd {
        "Customizable cards"
    } else {
        "Blank cards"
    }
}

/// The `<option>`s of the effect select, the table's effect selected.
pub fn effect_options(rules: &Rules) -> Html {
    CustomEffect::ALL
        .iter()
        .enumerate()
        .map(|(i, e)| html! { <option value={i.to_string()} selected={*e == rules.custom_effect}>{ e.about() }</option> })
        .collect()
}

/// The effect an option's value names (`current` for anything else).
#[must_use]
pub fn effect_chosen(value: &str, current: CustomEffect) -> CustomEffect {
    value
        .parse::<usize>()
        .ok()
        .and_then(|i| CustomEffect::ALL.get(i))
        .copied()
        .unwrap_or(current)
}

/// The `<option>`s of the card-count select: 4 down to none.
pub fn count_options(rules: &Rules) -> Html {
    (0..=4u8)
        .rev()
        .map(|n| {
            let label = match n {
                4 => "All 4".to_string(),
                0 => "None".to_string(),
                n => n.to_string(),
            };
            html! { <option value={n.to_string()} selected={n == rules.edition_cards}>{ label }</option> }
        })
        .collect()
}

/// The card count an option's value names (`current` for anything else).
#[must_use]
pub fn count_chosen(value: &str, current: u8) -> u8 {
    value
        .parse::<u8>()
        .ok()
        .filter(|n| *n <= 4)
        .unwrap_or(current)
}

/// The choices of `rules` that differ from their edition's, in a few words each, as a list of
/// house rules says them ("Missed UNO: draw 4", "2 Blank cards: take another turn").
#[must_use]
pub fn changed(rules: &Rules) -> Vec<String> {
    let mut said = Vec::new();
    if let Some(n) = rules.house_rules.uno_penalty {
        if n != rules.edition.rules().uno_penalty {
            said.push(format!("Missed UNO: draw {n}"));
        }
    }
    if has_custom_cards(rules.edition)
        && (rules.custom_effect != CustomEffect::Wild || rules.edition_cards != 4)
    {
        let name = custom_cards_name(rules.edition);
        said.push(match rules.edition_cards {
            0 => format!("No {}", name.to_ascii_lowercase()),
            n => format!(
                "{n} {}: {}",
                if n == 1 {
                    name.trim_end_matches('s').to_ascii_lowercase()
                } else {
                    name.to_ascii_lowercase()
                },
                lower_first(rules.custom_effect.about())
            ),
        });
    }
    said
}

/// `text` with its first letter small, as it reads after a colon (ASCII only: the page
/// carries no Unicode case tables).
fn lower_first(text: &str) -> String {
    let mut said = text.to_string();
    if let Some(first) = said.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_penalty_equal_to_the_editions_sets_no_house_rule() {
        assert_eq!(penalty_chosen("4", Edition::Classic, None), Some(4));
        assert_eq!(penalty_chosen("2", Edition::Classic, Some(4)), None);
        assert_eq!(penalty_chosen("2", Edition::ClassicBlank, None), Some(2));
        assert_eq!(penalty_chosen("4", Edition::ClassicBlank, Some(2)), None);
        assert_eq!(penalty_chosen("40", Edition::Classic, Some(3)), Some(3));
        assert_eq!(penalty_chosen("two", Edition::Classic, None), None);
    }

    #[test]
    fn an_effect_and_a_count_read_back_and_a_stranger_changes_nothing() {
        for (i, e) in CustomEffect::ALL.iter().enumerate() {
            assert_eq!(effect_chosen(&i.to_string(), CustomEffect::Wild), *e);
        }
        assert_eq!(
            effect_chosen("9", CustomEffect::PlayAgain),
            CustomEffect::PlayAgain
        );
        assert_eq!(count_chosen("0", 4), 0);
        assert_eq!(count_chosen("3", 4), 3);
        assert_eq!(count_chosen("5", 2), 2);
        assert_eq!(count_chosen("", 2), 2);
    }

    #[test]
    fn only_what_differs_from_the_edition_is_said() {
        let mut rules = Rules::new(Edition::Classic);
        assert!(changed(&rules).is_empty());
        rules.house_rules.uno_penalty = Some(2);
        assert!(changed(&rules).is_empty(), "Classic's own penalty");
        rules.house_rules.uno_penalty = Some(4);
        assert_eq!(changed(&rules), ["Missed UNO: draw 4"]);
        // Classic has no Blank cards: their effect is not said.
        rules.custom_effect = CustomEffect::SwapHands;
        assert_eq!(changed(&rules), ["Missed UNO: draw 4"]);

        let mut rules = Rules::new(Edition::ClassicBlank);
        assert!(changed(&rules).is_empty(), "four plain Wilds");
        rules.custom_effect = CustomEffect::PlayAgain;
        assert_eq!(changed(&rules), ["4 blank cards: take another turn"]);
        rules.edition_cards = 1;
        assert_eq!(changed(&rules), ["1 blank card: take another turn"]);
        rules.edition_cards = 0;
        rules.house_rules.uno_penalty = Some(2);
        assert_eq!(changed(&rules), ["Missed UNO: draw 2", "No blank cards"]);

        let mut rules = Rules::new(Edition::ColorAdd);
        rules.edition_cards = 2;
        assert_eq!(changed(&rules), ["2 customizable cards: a plain Wild"]);
    }
}
