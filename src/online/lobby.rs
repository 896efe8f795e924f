//! The lobby: the room's code and link, what it was created with, its seats (freed and
//! taken here), and Start.

use crate::browser_storage as kept;
use crate::components::{rule_choices, scoring};
use crate::share_link;
use crate::table::online::OnlineTable;
use crate::words::same_name;
use uno_engine::Seat;
use uno_protocol::Request;
use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::connection::{Line, Online, OnlineState};
use super::links::{room_link, site_server, NAME_KEY, NO_NAME};
use super::span;

/// Who is in, the code and link to share, and the creator's Start.
pub(super) fn lobby(state: &UseReducerHandle<OnlineState>, room: &OnlineTable) -> Html {
    let location = gloo_utils::window().location();
    let href = location.href().unwrap_or_default();
    let base = href
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_string();
    let link = room_link(&base, &room.code, &state.server, &site_server());
    // A page opened at this machine's loopback address gives a link that opens on this machine
    // alone: friends need its address on their network (a LAN game's usual trap).
    let host = location.hostname().unwrap_or_default();
    let this_machine_only = matches!(host.as_str(), "localhost" | "127.0.0.1" | "[::1]");
    let copy = {
        let link = link.clone();
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            let (link, d) = (link.clone(), d.clone());
            let field = gloo_utils::document()
                .query_selector(".share input")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<HtmlInputElement>().ok());
            yew::platform::spawn_local(async move {
                let said = if share_link::copy(&link, field).await {
                    "Link copied."
                } else {
                    "This browser does not let the page copy: select the link and copy it."
                };
                d.dispatch(Online::Notice(Some(said.into())));
            });
        })
    };
    // A phone's share sheet (messages, mail), where the browser has one.
    let share = share_link::can_share().then(|| {
        let link = link.clone();
        let title = format!("UNO Table: room {}", room.code);
        Callback::from(move |_: MouseEvent| {
            let (link, title) = (link.clone(), title.clone());
            yew::platform::spawn_local(async move {
                share_link::share(&title, &link).await;
            });
        })
    });
    // Friends at the same table open the link by a phone's camera. Not from a loopback
    // address: that link opens on this machine alone.
    let qr = (!this_machine_only)
        .then(|| crate::qr::drawing(&link))
        .flatten()
        .map(|code| {
            let side = (code.side + 8).to_string();
            html! {
                <details class="room-qr">
                    <summary class="secondary"><span class="when-folded">{ "Show a QR code" }</span><span class="when-open">{ "Hide the QR code" }</span></summary>
                    <svg viewBox={format!("-4 -4 {side} {side}")} role="img" aria-label="QR code of the link to this room" shape-rendering="crispEdges">
                        <rect x="-4" y="-4" width={side.clone()} height={side} fill="#fff"/>
                        <path d={code.path} fill="#000"/>
                    </svg>
                    <p>{ "A friend points a phone's camera at it to open the room." }</p>
                </details>
            }
        });
    let start = {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(Online::Ask(Request::Start)))
    };
    html! {
        <section class="start lobby">
            <h2 tabindex="-1">{ "Room " }<span class="room-code">{ room.code.clone() }</span></h2>
            // The live area is always there and its words come into it ("Link copied."): one
            // inserted with its words is not read by every screen reader.
            <div class="lobby-notice" role="status">
                if let Some(n) = &state.notice { <p class="notice">{ n }</p> }
            </div>
            <p>{ "Friends join with this code, or with the link:" }</p>
            <p class="share">
                <input type="text" readonly=true value={link} aria-label="Link to this room"/>
                <button class="secondary" onclick={copy}>{ "Copy link" }</button>
                if let Some(share) = share { <button class="secondary" onclick={share}>{ "Share…" }</button> }
            </p>
            { qr.unwrap_or_default() }
            if this_machine_only {
                <p class="this-machine">{ format!("This page is open at {host}, which is this computer alone: friends open this computer's address on your network instead (like 192.168.1.20), with the same port, and type the code. A lobby opened at that address shows its link as a QR code as well.") }</p>
            }
            { seat_list(state, room) }
            // The `room` message brings the seats and the rules together: until it comes, the
            // rules are not known, and the line waits rather than say the defaults.
            if !room.seats.is_empty() { <p class="room-rules">{ room_rules(room) }</p> }
            if let Some(starter) = room.start_awaited() {
                <p>{ format!("Waiting for {starter} to start the game.") }</p>
            } else {
                if let Some(line) = anyone_may_start(room) { <p>{ line }</p> }
                <button class="primary" onclick={start}>{ "Start the game" }</button>
                <p>{ "Seats no friend has taken are played by bots." }</p>
            }
        </section>
    }
}

/// Why a seat other than the creator's may start: the creator is away, or gone (left, or
/// freed) and no one holds seat 1.
fn anyone_may_start(room: &OnlineTable) -> Option<String> {
    let creator = room.seats.first()?;
    (room.seat != Some(0)).then(|| {
        if creator.taken {
            format!("{} is away: anyone seated may start.", creator.name)
        } else {
            "No one holds seat 1, the creator's: anyone seated may start.".to_string()
        }
    })
}

/// What a friend joining should know before the game starts: the edition, the house rules
/// in force, how the game is won and the room's timers (the `room` message carries them).
fn room_rules(room: &OnlineTable) -> String {
    let rules = &room.rules;
    let on: Vec<String> = rules
        .house_rules
        .switches_on()
        .map(|switch| switch.name.to_string())
        .chain(rule_choices::changed(rules))
        .collect();
    let house = match on.as_slice() {
        [] => "no house rules".to_string(),
        [one] => format!("house rule: {one}"),
        many => format!("house rules: {}", many.join(", ")),
    };
    let takeover = match room.timers.takeover_seconds {
        0 => "No bot plays for someone away".to_string(),
        s => format!("A bot plays for someone away after {}", span(s)),
    };
    let turn = match room.timers.turn_seconds {
        0 => "no turn timer".to_string(),
        s => format!("{} a turn", span(s)),
    };
    format!(
        "{}, {house}. {} {takeover}; {turn}.",
        rules.edition,
        scoring::sentence(rules)
    )
}

/// Every seat: name, who plays it, connected or not.
pub(super) fn seat_list(state: &UseReducerHandle<OnlineState>, room: &OnlineTable) -> Html {
    let seats: Html = room
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let you = room.seat == Some(i as Seat);
            // This page's own line is down: the last room message it had says "connected".
            let cut_off = you && matches!(state.line, Line::Reconnecting(n) if n > 0);
            // A friend's seat freed (one who joined twice, or went for good): a bot plays it
            // until someone joins it.
            let free_button = room.may_free(i).then(|| {
                let d = state.dispatcher();
                let seat = i as Seat;
                let on_free = Callback::from(move |e: MouseEvent| {
                    // The button goes with the seat it frees: focus stays on the seat's row
                    // (the live region says the seat is free), not back at the page's top.
                    if let Some(row) = e
                        .target_dyn_into::<web_sys::Element>()
                        .and_then(|b| b.closest("li").ok().flatten())
                        .and_then(|r| r.dyn_into::<web_sys::HtmlElement>().ok())
                    {
                        let _ = row.focus();
                    }
                    d.dispatch(Online::Ask(Request::FreeSeat { seat }));
                });
                html! {
                    <button class="secondary free-seat" onclick={on_free}
                        aria-label={format!("Free seat of {}", s.name)}>{ "Free seat" }</button>
                }
            });
            let status = if cut_off {
                "reconnecting…".into()
            } else if s.kind == "bot" {
                format!("bot, {}", level_name(s.level))
            } else if !s.taken {
                "free seat: a bot plays it".into()
            } else if s.bot_plays {
                "away: a bot plays for them".into()
            } else if s.connected {
                "connected".into()
            } else {
                "away".into()
            };
            let connected = s.connected && !cut_off;
            let dot = if s.kind == "bot" || connected { "●" } else { "○" };
            html! {
                <li class={classes!("room-seat", (s.kind == "human" && !connected).then_some("away"))} tabindex="-1">
                    <span aria-hidden="true">{ dot }</span>
                    { format!(" {}{}: {status}", s.name, if you { " (you)" } else { "" }) }
                    { free_button.unwrap_or_default() }
                </li>
            }
        })
        .collect();
    // A watcher (one whose seat was freed, or who chose to watch) takes a free seat at once,
    // under the name this browser last gave; one that never gave a name gives it here, rather
    // than leave the room to find the join form.
    let any_free = room.seats.iter().any(|s| s.kind == "human" && !s.taken);
    let take = (room.seat.is_none() && any_free).then(|| {
        let d = state.dispatcher();
        let code = room.code.clone();
        let take_as = move |name: &str| {
            kept::set(NAME_KEY, name);
            let join = Request::Join {
                room: code.clone(),
                name: name.to_string(),
                seat: None,
            };
            d.dispatch(Online::Dial(join.to_text()));
        };
        // A name already held at this table is asked again: two seats of one name would say
        // "Ada plays…" for either.
        let held: Vec<String> = room
            .seats
            .iter()
            .filter(|s| s.kind == "human" && s.taken)
            .map(|s| s.name.clone())
            .collect();
        let kept_name = kept::get(NAME_KEY).unwrap_or_default();
        let kept_name = kept_name.trim();
        if kept_name.is_empty() || holds(&held, kept_name) {
            let on_name = Callback::from(move |name: String| take_as(&name));
            html! { <NameForSeat {held} given={kept_name.to_string()} {on_name}/> }
        } else {
            let label = format!("Take a free seat as {kept_name}");
            let name = kept_name.to_string();
            let on_take = Callback::from(move |_: MouseEvent| take_as(&name));
            html! { <button class="secondary take-seat" onclick={on_take}>{ label }</button> }
        }
    });
    html! {
        <>
            <ul class="room-seats" aria-label="Seats">{ seats }</ul>
            { take.unwrap_or_default() }
        </>
    }
}

fn level_name(level: uno_bots::Level) -> &'static str {
    match level {
        uno_bots::Level::Random => "random",
        uno_bots::Level::Easy => "easy",
        uno_bots::Level::Medium => "medium",
        uno_bots::Level::Hard => "hard",
    }
}

/// Whether `name` is one of `held`.
fn holds(held: &[String], name: &str) -> bool {
    held.iter().any(|h| same_name(h, name))
}

/// Why `name` cannot take a seat here.
fn held_already(name: &str) -> String {
    format!("{name} is already at this table: please give another name.")
}

#[derive(Properties, PartialEq)]
struct NameForSeatProps {
    /// The names of the seats people hold.
    held: Vec<String>,
    /// What the field starts with: the name this browser kept, when the table holds it.
    given: String,
    /// A name fit to join under.
    on_name: Callback<String>,
}

/// A watcher's name and the button that seats it. What is wrong with the name shows under
/// the field, where the eye and the focus are (on a phone the room's top may be scrolled
/// away), and the field names it to a screen reader.
#[function_component]
fn NameForSeat(props: &NameForSeatProps) -> Html {
    let field = use_node_ref();
    // The field's text lives here: the form draws again when a problem shows, and a `value`
    // given afresh would wipe what was typed.
    let typed = use_state(|| props.given.clone());
    let problem = use_state(|| (!props.given.is_empty()).then(|| held_already(&props.given)));
    let on_input = {
        let typed = typed.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                typed.set(input.value());
            }
        })
    };
    let on_submit = {
        let field = field.clone();
        let typed = typed.clone();
        let problem = problem.clone();
        let held = props.held.clone();
        let on_name = props.on_name.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let name = typed.trim().to_string();
            if name.is_empty() {
                problem.set(Some(NO_NAME.into()));
            } else if holds(&held, &name) {
                problem.set(Some(held_already(&name)));
            } else {
                on_name.emit(name);
                return;
            }
            if let Some(input) = field.cast::<HtmlInputElement>() {
                let _ = input.focus();
            }
        })
    };
    html! {
        <form class="take-seat-named" onsubmit={on_submit}>
            <div class="take-seat-row">
                <label>{ "Your name " }<input ref={field} type="text" maxlength="20" autocomplete="nickname"
                    value={(*typed).clone()} oninput={on_input}
                    aria-invalid={problem.is_some().then_some("true")}
                    aria-describedby={problem.is_some().then_some("take-seat-problem")}/></label>
                <button class="secondary" type="submit">{ "Take a free seat" }</button>
            </div>
            if let Some(p) = &*problem { <p id="take-seat-problem" class="field-problem" role="alert">{ p.clone() }</p> }
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Edition, Rules, Scoring};
    use uno_protocol::{RoomOptions, SeatInfo};

    #[test]
    fn the_lobby_says_why_anyone_seated_may_start() {
        let seat = |name: &str, taken: bool| SeatInfo {
            name: name.into(),
            kind: "human".into(),
            level: uno_bots::Level::Medium,
            connected: false,
            bot_plays: false,
            taken,
        };
        let mut room = OnlineTable {
            seat: Some(1),
            seats: vec![seat("Ada", true), seat("Bo", true)],
            ..OnlineTable::default()
        };
        assert_eq!(
            anyone_may_start(&room).as_deref(),
            Some("Ada is away: anyone seated may start.")
        );
        room.seats[0] = seat("Seat 1", false);
        assert_eq!(
            anyone_may_start(&room).as_deref(),
            Some("No one holds seat 1, the creator's: anyone seated may start.")
        );
        room.seat = Some(0);
        assert_eq!(anyone_may_start(&room), None, "the creator is told nothing");
    }

    #[test]
    fn the_lobby_says_the_rooms_rules_and_timers() {
        let mut room = OnlineTable::default();
        assert_eq!(
            room_rules(&room),
            "Classic, no house rules. Whoever goes out scores the cards left in the other hands; \
             the first to 500 points wins. A bot plays for someone away after 1 min; no turn timer."
        );
        room.rules = Rules::new(Edition::SpiderMan);
        room.rules.house_rules.jump_in = true;
        room.timers = RoomOptions {
            takeover_seconds: 0,
            turn_seconds: 30,
        };
        assert_eq!(
            room_rules(&room),
            "Spider-Man, house rule: Jump-in. The first player out wins. \
             No bot plays for someone away; 30 s a turn."
        );
        room.rules.house_rules.seven_o = true;
        room.rules.house_rules.scoring = Some(Scoring::Alternative);
        room.rules.house_rules.target = Some(250);
        room.timers.takeover_seconds = 180;
        room.timers.turn_seconds = 120;
        assert_eq!(
            room_rules(&room),
            "Spider-Man, house rules: Jump-in, Seven-O. Each player adds the points left in their \
             own hand; when anyone reaches 250, the lowest total wins. A bot plays for someone \
             away after 3 min; 2 min a turn."
        );
        // The choices that are not switches, where they differ from the edition's.
        room.rules = Rules::new(Edition::ClassicBlank);
        room.rules.house_rules.uno_penalty = Some(2);
        room.rules.edition_cards = 3;
        room.rules.custom_effect = uno_engine::CustomEffect::PlayAgain;
        room.rules.house_rules.scoring = Some(Scoring::SingleHand);
        assert_eq!(
            room_rules(&room),
            "Classic with Blank cards, house rules: Missed UNO: draw 2, 3 blank cards: take another \
             turn. The first player out wins. A bot plays for someone away after 3 min; 2 min a turn."
        );
    }
}
