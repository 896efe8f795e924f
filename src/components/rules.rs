//! The rules page for the edition and house rules of the game at hand, drawn from the same
//! data the engine plays by (docs/RULES.md has the full text).

use crate::components::dialogs::mini_card;
use crate::components::{rule_choices, scoring};
use uno_engine::{Card, DealerRule, Edition, ReverseStart, Rules, StartCard};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct RulesProps {
    pub rules: Rules,
    /// What the way back says ("Back to the table", "Back to New game").
    pub back: &'static str,
    pub on_close: Callback<MouseEvent>,
    /// What the page says first, under the way back (a room's seats).
    #[prop_or_default]
    pub children: Html,
}

/// The points table: what each kind of card counts when left in a hand (`Card::points`).
fn points(rules: Rules) -> Html {
    let color = rules.edition.rules().colors[0];
    let mut kinds: Vec<(Card, String)> = vec![
        (Card::number(color, 7), "Number cards 0–9".into()),
        (Card::draw_two(color), "Draw Two".into()),
        (Card::reverse(color), "Reverse".into()),
        (Card::skip(color), "Skip".into()),
        (Card::WILD, "Wild".into()),
        (Card::WILD_DRAW_FOUR, "Wild Draw Four".into()),
    ];
    // The edition's own card, unless this game plays with none of them.
    let dealt = rules.edition.edition_card_count(rules.edition_cards) > 0;
    if let Some(card) = rules.edition.rules().edition_card.filter(|_| dealt) {
        kinds.push((card, rules.edition.card_name(card)));
    }
    let rows: Html = kinds
        .into_iter()
        .map(|(card, what)| {
            let value = match card.face() {
                uno_engine::Face::Number(_) => "the number on the card".to_string(),
                _ => format!("{} points", card.points()),
            };
            html! { <tr><th scope="row"><span class="kind">{ mini_card(card) }<span class="what">{ what }</span></span></th><td>{ value }</td></tr> }
        })
        .collect();
    html! {
        <table class="points">
            <thead><tr><th scope="col">{ "Card" }</th><th scope="col">{ "Points" }</th></tr></thead>
            <tbody>{ rows }</tbody>
        </table>
    }
}

fn start(rule: StartCard, acts: &str) -> String {
    match rule {
        StartCard::Acts => acts.to_string(),
        StartCard::Returned => "it goes back into the deck and another is turned up".into(),
        StartCard::Ignored => "it is ignored and another is turned up on it".into(),
    }
}

#[function_component(RulesPage)]
pub fn rules_page(props: &RulesProps) -> Html {
    let rules = props.rules;
    let e = rules.edition.rules();
    let colors = e.colors.map(|c| c.name()).join(", ");
    let dealer = match e.dealer {
        DealerRule::HighestNumber => {
            "Everyone draws a card; the highest number deals (action cards count 0)."
        }
        DealerRule::HighestPoints => "Everyone draws a card; the highest point value deals.",
        DealerRule::Random => "Any player deals.",
    };
    let reverse = match e.reverse_start {
        ReverseStart::Dealer => "the dealer plays first, then play goes to the right",
        ReverseStart::DealersRight => {
            "the player to the dealer's right plays first, then play goes to the right"
        }
    };
    let own_cards = rules.edition.edition_card_count(rules.edition_cards);
    let edition_card = match rules.edition {
        Edition::Classic => None,
        Edition::Masters => Some("Wild Power of Grayskull: a Wild; every other player draws 3 and play goes on in order.".to_string()),
        Edition::SpiderMan => Some("Wild Web Swing: a Wild; every other hand is shown; you may skip one player holding the color you named, and play goes on after them.".to_string()),
        Edition::ClassicBlank | Edition::ColorAdd => {
            let effect = rules.custom_effect.about();
            let name = rules.edition.card_name(Card::WILD_CUSTOM);
            match own_cards {
                0 => None,
                n => Some(format!("{name} ({n} in this game): a Wild with the effect chosen for this game: {effect}.")),
            }
        }
    };
    let scoring = scoring::sentence(&rules);
    let on: Html = rules
        .house_rules
        .switches_on()
        .map(|switch| html! { <li><strong>{ switch.name }</strong>{ ": " }{ switch.about }</li> })
        .chain(
            rule_choices::changed(&rules)
                .into_iter()
                .map(|said| html! { <li>{ said }</li> }),
        )
        .collect();
    let close = props.on_close.clone();
    html! {
        <section class="rules" aria-labelledby="rules-title">
            <h2 id="rules-title" tabindex="-1">{ format!("Rules: {}", rules.edition) }</h2>
            <button class="secondary back" onclick={close.clone()}>{ props.back }</button>
            { props.children.clone() }
            <h3>{ "The cards" }</h3>
            <p>{ format!("{} cards in {colors}: in each color one 0, two of each 1–9, two Draw Two, two Reverse and two Skip; 4 Wild and 4 Wild Draw Four{}.",
                rules.deck_cards().len(),
                match own_cards { 0 => "", 1 => ", and the edition's own card", _ => ", and the edition's own cards" }) }</p>
            if let Some(text) = edition_card { <p>{ text }</p> }
            <h3>{ "Playing" }</h3>
            <ul>
                <li>{ "Match the top card by color, number or symbol; a Wild matches anything and you name the color." }</li>
                <li>{ "If you cannot play, draw one card; if it matches you may play it at once. You may also draw instead of playing, and then only the drawn card may be played." }</li>
                <li>{ "Draw Two: the next player draws 2 and loses the turn. Skip: the next player loses the turn. Reverse: play changes direction (with two players it acts as a Skip)." }</li>
                <li>{ "Wild Draw Four: only when you hold no card of the current color. The next player draws 4, or challenges: if you were bluffing you draw 4 instead; if not, they draw 6." }
                    if e.wild_matches_for_draw_four { { " In this edition a Wild in your hand counts as holding the color." } }
                </li>
                <li>{ format!("Call UNO when you play your next-to-last card. Anyone who catches you before the next player acts makes you draw {}.", rules.uno_penalty()) }</li>
            </ul>
            <h3>{ "Starting a round" }</h3>
            <ul>
                <li>{ dealer }</li>
                <li>{ format!("A Wild turned up to start: {}.", start(e.start_wild, "the player left of the dealer names the color with the first card")) }</li>
                <li>{ format!("A Wild Draw Four turned up: {}.", start(e.start_wild_draw_four, "it acts")) }</li>
                <li>{ format!("A Draw Two, Skip or Reverse turned up: {}.", start(e.start_action, &format!("it acts on the first player (for a Reverse, {reverse})"))) }</li>
            </ul>
            <h3>{ "Winning" }</h3>
            <p>{ scoring }</p>
            <h3>{ "Points" }</h3>
            <p>{ "The cards left in a hand at the end of a round count:" }</p>
            { points(rules) }
            <h3>{ "House rules in this game" }</h3>
            if on == Html::default() { <p>{ "None." }</p> } else { <ul>{ on }</ul> }
            <h3>{ "Credits" }</h3>
            <p class="credits">
                { "The symbol mode draws ColorADD®, the color identification code for colorblind people created by Miguel Neiva (" }
                <a href="https://www.coloradd.net" target="_blank" rel="noopener">{ "coloradd.net" }</a>
                { "). UNO® is a trademark of Mattel; this is an independent fan game, not affiliated with or endorsed by Mattel." }
            </p>
            <button class="primary" onclick={close}>{ props.back }</button>
        </section>
    }
}
