//! What the engine waits for from this seat besides playing a card (a penalty to answer, a
//! drawn card to decide on, a player to choose), and the hands it was shown.

use crate::components::card::CardFace;
use crate::table::TableView;
use crate::words::{counted, Words};
use uno_engine::{Action, Choice, Event, Pending, Reveal, Seat};
use yew::prelude::*;

/// The buttons for what the engine waits for from this seat besides playing a card.
pub fn prompt(t: &TableView, words: &Words, act: &impl Fn(Action) -> Callback<MouseEvent>) -> Html {
    let v = &t.view;
    if !t.my_turn() {
        return html! {};
    }
    match v.pending {
        Pending::Penalty {
            total, stackable, ..
        } => {
            let challenge = t.find(|a| matches!(a, Action::Challenge { .. }));
            let accept = t.find(|a| matches!(a, Action::Accept { .. }));
            let draw = t.find(|a| matches!(a, Action::Draw { .. }));
            html! {
                <div class="prompt" role="group" aria-label="Your answer">
                    <p>{ format!("You must draw {total}{}.", if stackable { ", or stack a card on it" } else { "" }) }</p>
                    if let Some(a) = challenge { <button onclick={act(a)}>{ "Challenge" }</button> }
                    if let Some(a) = accept { <button data-shortcut="d" onclick={act(a)}>{ format!("Accept and draw {total}") }</button> }
                    else if let Some(a) = draw { <button onclick={act(a)}>{ format!("Draw {total}") }</button> }
                </div>
            }
        }
        Pending::Drawn { card: Some(card) } => {
            let keep = t.find(|a| matches!(a, Action::Pass { .. }));
            html! {
                <div class="prompt" role="group" aria-label="The card you drew">
                    <p>{ format!("You drew {}: play it from your hand{}", words.card(card), if keep.is_some() { ", or keep it." } else { " (it must be played)." }) }</p>
                    if let Some(a) = keep { <button data-shortcut="p" onclick={act(a)}>{ "Keep it" }</button> }
                </div>
            }
        }
        Pending::Choose { choice } => {
            let question = match choice {
                Choice::WebSwing { color } => {
                    format!("Skip a player holding {}?", words.color(color))
                }
                Choice::SevenSwap | Choice::SwapHands => "Swap hands with whom?".to_string(),
            };
            let buttons: Html = t
                .legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Choose { target, .. } => Some(html! {
                        <button onclick={act(a)}>{
                            match target {
                                // Two lines where many players are offered (the stylesheet).
                                Some(s) => html! { <>
                                    <span>{ words.name(s) }</span>{ " " }
                                    <span class="cards">{ format!("({})", counted(v.hand_sizes[usize::from(s)], "card")) }</span>
                                </> },
                                None => html! { "No one" },
                            }
                        }</button>
                    }),
                    _ => None,
                })
                .collect();
            html! {
                <div class="prompt" role="group" aria-label="Choose a player">
                    <p>{ question }</p>
                    { buttons }
                    { revealed(t, words.symbols) }
                </div>
            }
        }
        _ => html! {},
    }
}

/// The cards of a shown hand, small.
fn faces(r: &Reveal, symbols: bool) -> Html {
    r.cards
        .iter()
        .map(|card| html! { <span class="mini-face"><CardFace {card} {symbols}/></span> })
        .collect()
}

/// The events since `me` last played a card or kept one: hands a real table showed `me` and
/// then put back (on a phone they would take a third of the screen for the rest of the round)
/// are news until then.
fn since_my_move(history: &[Event], me: Seat) -> &[Event] {
    let mine = history.iter().rposition(
        |e| matches!(e, Event::Played { seat, .. } | Event::Passed { seat } if *seat == me),
    );
    &history[mine.map_or(0, |i| i + 1)..]
}

/// Whether the hand `me`'s last challenge showed is still news.
fn challenge_is_news(history: &[Event], me: Seat) -> bool {
    since_my_move(history, me)
        .iter()
        .any(|e| matches!(e, Event::Challenged { seat, .. } if *seat == me))
}

/// The seat whose Web Swing showed `me` the other hands, while that is news (`me`'s own
/// swing shows them in its choice).
fn swing_is_news(history: &[Event], me: Seat) -> Option<Seat> {
    since_my_move(history, me)
        .iter()
        .rev()
        .find_map(|e| match *e {
            Event::HandsRevealed { seat } if seat != me => Some(seat),
            _ => None,
        })
}

/// The hands another seat's Web Swing showed to all, while they are news (`swing_is_news`):
/// the bots at the table see them, and so does the player.
pub fn swing_hands(t: &TableView, symbols: bool) -> Html {
    let Some(by) = t.player().and_then(|me| swing_is_news(&t.view.history, me)) else {
        return html! {};
    };
    html! {
        <div class="reveal-panel">
            <p>{ format!("Shown by {}'s Web Swing:", t.words(symbols).name(by)) }</p>
            { revealed(t, symbols) }
        </div>
    }
}

/// The hand a challenge of this seat's showed it, while it is news (`challenge_is_news`).
pub fn challenged_hand(t: &TableView, symbols: bool) -> Html {
    let me = t.player();
    if !me.is_some_and(|me| challenge_is_news(&t.view.history, me)) {
        return html! {};
    }
    let Some(r) = t
        .view
        .revealed
        .iter()
        .rev()
        .find(|r| me.is_some() && r.to == me)
    else {
        return html! {};
    };
    let name = t.words(symbols).name(r.seat).to_string();
    html! {
        <div class="reveal-panel" role="group" aria-label={format!("{name}'s hand when you challenged: {}", t.words(symbols).cards(&r.cards.to_vec()))}>
            <p>{ format!("{name}'s hand when you challenged:") }</p>
            <div class="reveal-cards" aria-hidden="true">{ faces(r, symbols) }</div>
        </div>
    }
}

/// Whether `seat`'s hand changed since the last Web Swing showed it (another seat's: a swing
/// shows the others' hands; a card played, drawn or discarded since, hands swapped or passed
/// along): its cards are then those it held then.
fn changed_since_shown(history: &[Event], seat: Seat) -> bool {
    history
        .iter()
        .rev()
        .take_while(|e| !matches!(e, Event::HandsRevealed { seat: by } if *by != seat))
        .any(|e| match *e {
            Event::Played { seat: s, .. }
            | Event::Drew { seat: s, .. }
            | Event::DiscardedColor { seat: s, .. } => s == seat,
            Event::HandsSwapped { seat: a, target: b } => a == seat || b == seat,
            Event::HandsRotated { .. } => true,
            _ => false,
        })
}

/// Hands shown to everyone by a Web Swing, each seat's latest, each said to be as it was then
/// once it changed.
fn revealed(t: &TableView, symbols: bool) -> Html {
    let words = t.words(symbols);
    // The player's own hand is in front of them.
    let everyone: Vec<&Reveal> = t
        .view
        .revealed
        .iter()
        .filter(|r| r.to.is_none() && Some(r.seat) != t.player())
        .collect();
    let shown = (0..everyone.len())
        .filter(|&i| {
            everyone[i + 1..]
                .iter()
                .all(|later| later.seat != everyone[i].seat)
        })
        .map(|i| everyone[i])
        .map(|r| {
            let mut who = words.name(r.seat).to_string();
            if changed_since_shown(&t.view.history, r.seat) {
                who.push_str(", at the Web Swing");
            }
            html! { <li aria-label={format!("{who}: {}", words.cards(&r.cards.to_vec()))}>
            <span class="who">{ who }</span>{ faces(r, symbols) }</li> }
        })
        .collect::<Vec<Html>>();
    if shown.is_empty() {
        return html! {};
    }
    // A tab stop: at a full table the list scrolls, and a keyboard must reach what it hides.
    html! { <ul class="revealed" aria-label="Hands the Web Swing showed" tabindex="0">{ shown }</ul> }
}

#[cfg(test)]
mod tests {
    use super::{challenge_is_news, changed_since_shown, swing_is_news};
    use uno_engine::{Card, Color, Direction, Event};

    #[test]
    fn a_hand_shown_by_a_web_swing_is_said_as_it_was_once_it_changed() {
        let shown = Event::HandsRevealed { seat: 0 };
        let played = |seat| Event::Played {
            seat,
            card: Card::number(Color::Red, 1),
            color: Some(Color::Red),
        };
        assert!(!changed_since_shown(&[shown], 1));
        // A swing shows the others' hands: seat 1's own swing leaves its hand as seat 0's showed it.
        let own_swing = Event::HandsRevealed { seat: 1 };
        assert!(changed_since_shown(&[shown, played(1), own_swing], 1));
        assert!(!changed_since_shown(&[played(1), shown, played(2)], 1));
        assert!(changed_since_shown(&[shown, played(2), played(1)], 1));
        let swapped = Event::HandsSwapped { seat: 0, target: 1 };
        assert!(changed_since_shown(&[shown, swapped], 1));
        assert!(!changed_since_shown(&[shown, swapped], 2));
        let rotated = Event::HandsRotated {
            direction: Direction::Left,
        };
        assert!(changed_since_shown(&[shown, rotated], 2));
    }

    #[test]
    fn another_seats_web_swing_is_news_until_the_player_plays_or_keeps_a_card() {
        let swing = |seat| Event::HandsRevealed { seat };
        let played = |seat| Event::Played {
            seat,
            card: Card::number(Color::Red, 5),
            color: Some(Color::Red),
        };
        let skipped = Event::Skipped { seat: 0 };
        assert_eq!(
            swing_is_news(&[played(0), swing(1), skipped, played(2)], 0),
            Some(1)
        );
        // The latest swing is the news; the player's own swing is shown in its choice.
        assert_eq!(swing_is_news(&[swing(1), played(2), swing(2)], 0), Some(2));
        assert_eq!(swing_is_news(&[swing(1)], 1), None);
        assert_eq!(swing_is_news(&[swing(1), played(0)], 0), None);
        assert_eq!(
            swing_is_news(&[swing(1), Event::Passed { seat: 0 }], 0),
            None
        );
        assert_eq!(swing_is_news(&[], 0), None);
    }

    #[test]
    fn a_challenged_hand_is_news_until_the_challenger_plays_or_keeps_a_card() {
        let challenged = Event::Challenged {
            seat: 0,
            target: 1,
            guilty: true,
        };
        let played = |seat| Event::Played {
            seat,
            card: Card::number(Color::Red, 5),
            color: Some(Color::Red),
        };
        assert!(!challenge_is_news(&[], 0));
        assert!(challenge_is_news(&[played(0), challenged], 0));
        // Another seat's play, a draw: still news; not to the seat challenged.
        let drew = Event::Drew {
            seat: 0,
            card: None,
        };
        assert!(challenge_is_news(&[challenged, played(1), drew], 0));
        assert!(!challenge_is_news(&[challenged], 1));
        assert!(!challenge_is_news(&[challenged, played(0)], 0));
        assert!(!challenge_is_news(
            &[challenged, Event::Passed { seat: 0 }],
            0
        ));
    }
}
