//! What a screen reader hears at the table: one polite area where each move's events are read
//! whole, in order, as one utterance (never overwritten by the next line), "Your turn" with
//! what may be played when the turn comes, the table's status when asked (S); and an
//! assertive area only for what needs an answer now. The two areas belong to the page, not
//! to the table: a live area inserted with its words already in it is not read, so the app
//! draws them empty from the start ([`live_areas`]) and each table speaks into them.

use crate::table::TableView;
use crate::words::Words;
use std::cell::RefCell;
use std::ops::Range;
use uno_engine::{Action, Card, Pending};
use yew::create_portal;
use yew::prelude::*;

/// How many utterances stay in the area (older ones have been read).
const KEPT: usize = 4;

/// Which of the round's events are new since the table was last drawn, per version.
#[derive(Default)]
pub struct Fresh {
    version: Option<u64>,
    seen: usize,
    range: Range<usize>,
}

impl Fresh {
    /// The events new at this version. A table first shown mid-game has none new but those
    /// from `news_from` on (the moves its person missed); a game's first table (version 0)
    /// has its deal.
    pub fn update(
        &mut self,
        version: u64,
        history_len: usize,
        news_from: Option<usize>,
    ) -> Range<usize> {
        if self.version == Some(version) {
            return self.range.clone();
        }
        let start = match self.version {
            None if version > 0 => news_from.map_or(history_len, |from| from.min(history_len)),
            None => 0,
            // A new round starts a new history.
            Some(_) if history_len < self.seen => 0,
            Some(_) => self.seen,
        };
        self.version = Some(version);
        self.seen = history_len;
        self.range = start..history_len;
        self.range.clone()
    }
}

/// The utterances said so far, newest last, each with a key that never repeats.
#[derive(Default)]
pub struct Spoken {
    next: u64,
    said: Vec<(u64, String)>,
    version: Option<u64>,
    status_asked: u32,
    /// The hint last said, and at which version of the table.
    hint: Option<(u64, String)>,
}

impl Spoken {
    fn say(&mut self, text: String) {
        if text.is_empty() {
            return;
        }
        self.said.push((self.next, text));
        self.next += 1;
        let excess = self.said.len().saturating_sub(KEPT);
        self.said.drain(..excess);
    }
}

/// "Your turn" and what it allows, or `None` when it is not this seat's turn to play.
#[must_use]
pub fn your_turn(t: &TableView, words: &Words) -> Option<String> {
    let what = what_to_do(t)?;
    let top = words.card(t.top_card());
    let color = t.view.color.map(|c| words.color(c)).unwrap_or("any".into());
    Some(format!("Your turn. Top card {top}, color {color}. {what}"))
}

/// What this seat's turn allows, in a sentence ("You may play 2 cards."), or `None` when it
/// is not this seat's turn to play.
fn what_to_do(t: &TableView) -> Option<String> {
    let v = &t.view;
    if !t.my_turn() {
        return None;
    }
    let playable = t
        .legal
        .iter()
        .filter(|a| matches!(a, Action::Play { .. }))
        .map(|a| match a {
            Action::Play { card, .. } => *card,
            _ => unreachable!("filtered"),
        })
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let what = match v.pending {
        Pending::Penalty { total, .. } => {
            let stack = t.find(|a| matches!(a, Action::Play { .. })).is_some();
            let challenge = t.find(|a| matches!(a, Action::Challenge { .. })).is_some();
            match (stack, challenge) {
                (true, true) => format!("You must draw {total}, stack a card on it, or challenge."),
                (true, false) => format!("You must draw {total}, or stack a card on it."),
                (false, true) => format!("You must draw {total}, or challenge."),
                (false, false) => format!("You must draw {total}."),
            }
        }
        // Under forced play a playable drawn card may not be kept.
        Pending::Drawn { .. } if t.find(|a| matches!(a, Action::Pass { .. })).is_none() => {
            "Play the drawn card: it must be played.".to_string()
        }
        Pending::Drawn { .. } => "Play the drawn card or keep it.".to_string(),
        Pending::Choose { .. } => "Choose a player.".to_string(),
        _ if t.nothing_fits() => "No card to play: draw.".to_string(),
        _ if playable == 1 => "You may play 1 card.".to_string(),
        _ => format!("You may play {playable} cards."),
    };
    Some(what)
}

/// A chance this screen's player has out of the turn's order, in a sentence, while it lasts:
/// a bot that forgot UNO to catch, the top card's twin to jump in with. The table shows each
/// (the Catch button, the raised card); a screen reader hears it with the move that made it,
/// and how to take it: by its key where there is a keyboard (`keys`), else by what to tap.
#[must_use]
pub fn chance(t: &TableView, words: &Words, keys: bool) -> Option<String> {
    let catch = t
        .legal
        .iter()
        .find_map(|a| match a {
            Action::Catch { target, .. } => Some(*target),
            _ => None,
        })
        .map(|target| {
            let name = words.name(target);
            if keys {
                format!("{name} did not call UNO: press C to catch them.")
            } else {
                format!("{name} did not call UNO: tap Catch {name} to catch them.")
            }
        });
    let take = if keys {
        "Press J."
    } else {
        "Tap it in your hand."
    };
    let jump_in = t
        .jump_in()
        .map(|card| format!("{} {take}", jump_in(t, words, card)));
    match (catch, jump_in) {
        (Some(c), Some(j)) => Some(format!("{c} {j}")),
        (c, j) => c.or(j),
    }
}

/// The sentence for a chance to jump in, said and shown alike: "your other" when the top card
/// is the player's own, just played (jump-in lets a player follow it with its twin).
#[must_use]
pub fn jump_in(t: &TableView, words: &Words, card: Card) -> String {
    let other = if t.top_played_by().is_some_and(|s| Some(s) == t.player()) {
        "your other "
    } else {
        ""
    };
    format!("You may jump in with {other}{}.", words.card(card))
}

/// The table's status in words: top card, color, direction, each seat's count, whose turn.
#[must_use]
pub fn status(t: &TableView, words: &Words, keys: bool) -> String {
    let v = &t.view;
    let color = v.color.map(|c| words.color(c)).unwrap_or("any".into());
    let direction = crate::words::direction(v.direction);
    let counts: Vec<String> = (0..)
        .zip(&v.hand_sizes)
        .map(|(s, n)| {
            let name = words.name(s);
            format!("{name} {}", crate::words::counted(*n, "card"))
        })
        .collect();
    // Whose turn, then what the turn allows and any chance out of turn: S answers "what may
    // I do now?" as well as "where are we?".
    let mut said = format!(
        "Top card {}. Color {color}. Play goes {direction}. {}. {}",
        words.card(t.top_card()),
        counts.join(", "),
        whose_turn(t, words)
    );
    for more in [what_to_do(t), chance(t, words, keys)]
        .into_iter()
        .flatten()
    {
        said = format!("{said} {more}");
    }
    said
}

/// Whose turn it is, in a sentence: the table's line under the piles and the status's end.
#[must_use]
pub fn whose_turn(t: &TableView, words: &Words) -> String {
    match t.outcome() {
        Some(_) => "The round is over.".to_string(),
        None if t.my_turn() => "Your turn.".to_string(),
        None => format!("{} to play.", words.name(t.view.turn)),
    }
}

/// The urgent message, if something needs this seat's answer now; with its key where there
/// is a keyboard (`keys`).
#[must_use]
pub fn urgent(t: &TableView, keys: bool) -> Option<&'static str> {
    let v = &t.view;
    if v.catchable.is_some() && v.catchable == t.player() {
        return Some(if keys {
            "You did not call UNO: press U before someone catches you!"
        } else {
            "You did not call UNO: tap UNO before someone catches you!"
        });
    }
    if t.find(|a| matches!(a, Action::Challenge { .. })).is_some() {
        return Some("A Wild Draw Four on you: challenge it, or accept and draw.");
    }
    None
}

/// The two live areas. The polite one only ever gains a paragraph (an utterance): this
/// move's events, then "Your turn" if it came, once per version, the status each time it
/// was asked for (`status_asked` counts the requests), and a hint once it came (`hint`, its
/// sentence; the line shown for it is no live area of its own: one inserted with its words
/// is not read by every screen reader). The assertive one changes only when the urgent
/// message does. Both are drawn into the page's areas ([`live_areas`]). `keys`: whether to
/// name keys or what to tap ([`crate::components::keys::keyboard_likely`]).
pub fn announcements(
    spoken: &RefCell<Spoken>,
    t: &TableView,
    lines: &[String],
    symbols: bool,
    keys: bool,
    status_asked: u32,
    hint: Option<&str>,
) -> Html {
    let words = t.words(symbols);
    let mut s = spoken.borrow_mut();
    if s.version != Some(t.version) {
        s.version = Some(t.version);
        let mut text = lines.join(" ");
        for more in [your_turn(t, &words), chance(t, &words, keys)]
            .into_iter()
            .flatten()
        {
            text = format!("{text} {more}").trim().to_string();
        }
        s.say(text);
    }
    if s.status_asked != status_asked {
        s.status_asked = status_asked;
        s.say(status(t, &words, keys));
    }
    if let Some(hint) = hint {
        let now = Some((t.version, hint.to_string()));
        if s.hint != now {
            s.hint = now;
            s.say(hint.to_string());
        }
    }
    let said: Html = s
        .said
        .iter()
        .map(|(key, text)| html! { <p key={*key}>{ text }</p> })
        .collect();
    let urgent_now = html! { urgent(t, keys).unwrap_or_default() };
    // The app root draws the areas before any table (its children are made after its own
    // elements are in the page), so they are found from a table's first drawing on.
    let area = |id| gloo_utils::document().get_element_by_id(id);
    match (area(SAID), area(SAID_URGENT)) {
        (Some(polite), Some(assertive)) => html! {
            <>{ create_portal(said, polite) }{ create_portal(urgent_now, assertive) }</>
        },
        _ => html! {},
    }
}

/// The ids of the page's two live areas.
const SAID: &str = "said";
const SAID_URGENT: &str = "said-urgent";

/// The page's two live areas, empty, drawn by the app on every screen so that they are
/// watched before a table first speaks into them (a new game, a device handed over, back
/// from the rules).
pub fn live_areas() -> Html {
    html! {
        <>
            <div id={SAID} class="visually-hidden announcements" aria-live="polite" aria-relevant="additions"></div>
            <div id={SAID_URGENT} class="visually-hidden urgent" aria-live="assertive"></div>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::local::match_after;
    use crate::table::Table;

    #[test]
    fn a_chance_to_jump_in_names_the_twin_and_whose_card_it_follows() {
        for (hands, turn, said) in [
            // Ada plays a Red 5; the player holds the other.
            (
                r#"[["R5","B2"],["R5","G2","G3"],["Y1","Y2"]]"#,
                1,
                "You may jump in with Red 5. Press J.",
            ),
            // The player plays a Red 5 and holds the other.
            (
                r#"[["R5","R5","B2"],["G1","G2"],["Y1","Y2"]]"#,
                0,
                "You may jump in with your other Red 5. Press J.",
            ),
        ] {
            let play = format!(r#"[{{"seat":{turn},"do":"play","card":"R5"}}]"#);
            let t = match_after(hands, turn, &play, false).table_view();
            assert_eq!(chance(&t, &t.words(false), true).as_deref(), Some(said));
            // On a phone: what to tap instead of the key.
            let tapped = said.replace("Press J.", "Tap it in your hand.");
            assert_eq!(chance(&t, &t.words(false), false), Some(tapped));
        }
    }

    #[test]
    fn fresh_events_are_those_since_the_last_version() {
        let mut f = Fresh::default();
        assert_eq!(
            f.update(0, 2, None),
            0..2,
            "a game's first table has its deal"
        );
        assert_eq!(
            f.update(0, 2, None),
            0..2,
            "drawn again at the same version"
        );
        assert_eq!(f.update(1, 5, None), 2..5);
        assert_eq!(
            f.update(2, 1, None),
            0..1,
            "a new round starts a new history"
        );
        let mut g = Fresh::default();
        assert_eq!(
            g.update(7, 40, None),
            40..40,
            "a table first shown mid-game has nothing new"
        );
        assert_eq!(g.update(8, 43, None), 40..43);
        // Taken over in pass-and-play: the moves since the device left this person are new.
        let mut h = Fresh::default();
        assert_eq!(h.update(7, 40, Some(31)), 31..40);
        assert_eq!(h.update(7, 40, Some(31)), 31..40, "drawn again");
        assert_eq!(h.update(8, 41, Some(31)), 40..41, "then only each move's");
        let mut i = Fresh::default();
        assert_eq!(
            i.update(7, 4, Some(0)),
            0..4,
            "a round this person has not seen"
        );
        let mut j = Fresh::default();
        assert_eq!(j.update(7, 4, Some(9)), 4..4, "never past the history");
    }
}
