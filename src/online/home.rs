//! The online home: create a room (its rules, seats and timers) or join one by its code, or
//! take back the seat this browser kept.

use crate::browser_storage as kept;
use crate::components::drafts::Drafts;
use crate::components::rule_choices::{self, RulesEdit};
use crate::components::setup::unfolded;
use crate::settings::SavedLook;
use crate::storage::OPTIONS_KEY;
use uno_engine::{Edition, HouseRules, Rules};
use uno_protocol::{Request, RoomOptions, SeatKindSpec};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::connection::{Online, OnlineState};
use super::links::{resume, seat_kept, NAME_KEY, NO_CODE, NO_NAME};
use super::span;

fn value_of(e: &Event) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
}

fn select_of(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// The New room form's choices.
#[derive(Clone, PartialEq)]
pub(super) struct Asked {
    pub(super) name: String,
    pub(super) code: String,
    /// The rules the form asks for.
    pub(super) rules: Rules,
    pub(super) seats: Vec<SeatKindSpec>,
    pub(super) takeover: u32,
    pub(super) turn: u32,
    /// How the player sees the table (ColorADD symbols, card speed): the New game screen's
    /// choice, and the symbols can be switched here too.
    pub(super) look: SavedLook,
    /// Which folds the player opened, "House rules and timers" and "Room server": a refused
    /// room draws the form again, and it comes back as it was left.
    pub(super) rules_open: bool,
    pub(super) server_open: bool,
}

/// A seat kind as the New room form offers it.
fn seat_kind_label(kind: SeatKindSpec) -> &'static str {
    match kind {
        SeatKindSpec::Human => "A friend",
        SeatKindSpec::Easy => "Bot, easy",
        SeatKindSpec::Medium => "Bot, medium",
        SeatKindSpec::Hard => "Bot, hard",
    }
}

/// The room a form asks for: the code typed, else the link's. Typed in any case, and as a
/// friend may read it out or write it down, in groups ("bcd 234", "BCD-234").
fn room_code(typed: &str, link: &str) -> String {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if code.is_empty() {
        link.to_string()
    } else {
        code
    }
}

/// Create or join a room.
pub(super) fn home(
    state: &UseReducerHandle<OnlineState>,
    asked: &UseStateHandle<Asked>,
    drafts: &Drafts,
) -> Html {
    let a = (**asked).clone();
    let edit = |f: fn(&mut Asked, &Event)| {
        let asked = asked.clone();
        Callback::from(move |e: Event| {
            let mut next = (*asked).clone();
            f(&mut next, &e);
            asked.set(next);
        })
    };
    let typed = |f: fn(&mut Asked, String)| {
        let asked = asked.clone();
        Callback::from(move |e: InputEvent| {
            let mut next = (*asked).clone();
            f(
                &mut next,
                e.target_unchecked_into::<HtmlInputElement>().value(),
            );
            asked.set(next);
        })
    };
    let dial = |make: fn(&Asked, &str) -> Request| {
        let asked = asked.clone();
        let d = state.dispatcher();
        let link_code = state.code.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let a = (*asked).clone();
            let code = room_code(&a.code, &link_code);
            let request = make(&a, &code);
            // A seat taken back keeps the name it had: none is asked for.
            if !matches!(request, Request::Resume { .. }) {
                if a.name.trim().is_empty() {
                    d.dispatch(Online::Notice(Some(NO_NAME.into())));
                    return;
                }
                kept::set(NAME_KEY, a.name.trim());
            }
            if matches!(&request, Request::Join { room, .. } if room.is_empty()) {
                d.dispatch(Online::Notice(Some(NO_CODE.into())));
                return;
            }
            d.dispatch(Online::Dial(request.to_text()));
        })
    };
    let create = dial(|a, _| Request::Create {
        name: a.name.trim().to_string(),
        rules: a.rules,
        seats: a.seats.clone(),
        options: RoomOptions {
            takeover_seconds: a.takeover,
            turn_seconds: a.turn,
        },
    });
    // A room this browser holds a seat in is taken back, not joined a second time.
    let join = dial(|a, code| {
        resume(code).unwrap_or_else(|| Request::Join {
            room: code.to_string(),
            name: a.name.trim().to_string(),
            seat: None,
        })
    });
    let seat_kept = seat_kept();
    let back_to_seat = seat_kept.clone().map(|code| {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            if let Some(request) = resume(&code) {
                d.dispatch(Online::SeatServer);
                d.dispatch(Online::Dial(request.to_text()));
            }
        })
    });
    let watch = {
        let asked = asked.clone();
        let d = state.dispatcher();
        let link_code = state.code.clone();
        Callback::from(move |_: MouseEvent| {
            let code = room_code(&asked.code, &link_code);
            if code.is_empty() {
                d.dispatch(Online::Notice(Some(NO_CODE.into())));
                return;
            }
            // A name given is kept as Join keeps it: the watcher may take a free seat under it.
            if !asked.name.trim().is_empty() {
                kept::set(NAME_KEY, asked.name.trim());
            }
            d.dispatch(Online::Dial(Request::Watch { room: code }.to_text()));
        })
    };
    let editions: Html = Edition::ALL
        .iter()
        .map(|e| html! { <option value={e.code()} selected={*e == a.rules.edition}>{ e.to_string() }</option> })
        .collect();
    let seats: Html = a
        .seats
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let label = format!("Seat {}", i + 1);
            if i == 0 {
                return html! { <li>{ format!("{label}: you") }</li> };
            }
            let asked = asked.clone();
            let onchange = Callback::from(move |e: Event| {
                let v = select_of(&e);
                let mut next = (*asked).clone();
                if let Some(&k) = SeatKindSpec::ALL.iter().find(|k| k.name() == v) {
                    next.seats[i] = k;
                }
                asked.set(next);
            });
            let options: Html = SeatKindSpec::ALL
                .iter()
                .map(|k| html! { <option value={k.name()} selected={k == kind}>{ seat_kind_label(*k) }</option> })
                .collect();
            html! { <li><label>{ format!("{label} ") }<select {onchange}>{ options }</select></label></li> }
        })
        .collect();
    let more_seats = edit(|a, e| {
        let n: usize = select_of(e).parse().unwrap_or(4);
        a.seats.resize(n.clamp(2, 10), SeatKindSpec::Medium);
    });
    let switches: Html = HouseRules::SWITCHES
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let asked = asked.clone();
            let on = (s.get)(&a.rules.house_rules);
            let onchange = Callback::from(move |e: Event| {
                let mut next = (*asked).clone();
                let checked = e.target_unchecked_into::<HtmlInputElement>().checked();
                (HouseRules::SWITCHES[i].set)(&mut next.rules.house_rules, checked);
                asked.set(next);
            });
            html! { <li><label><input type="checkbox" checked={on} {onchange}/>{ format!(" {}", s.name) }</label></li> }
        })
        .collect();
    let rules_changed = {
        let asked = asked.clone();
        Callback::from(move |edit: RulesEdit| {
            let mut next = (*asked).clone();
            edit(&mut next.rules);
            asked.set(next);
        })
    };
    // `0` is the timer off, said as `off`.
    let timer = |value: u32, choices: &[u32], off: &str, f: fn(&mut Asked, &Event)| {
        let options: Html = choices
            .iter()
            .map(|&v| {
                let label = if v == 0 { off.to_string() } else { span(v) };
                html! { <option value={v.to_string()} selected={v == value}>{ label }</option> }
            })
            .collect();
        html! { <select onchange={edit(f)}>{ options }</select> }
    };
    let counts: Html = (2..=10)
        .map(|n| html! { <option value={n.to_string()} selected={n == a.seats.len()}>{ n }</option> })
        .collect();
    let on_server = {
        let d = state.dispatcher();
        Callback::from(move |e: Event| d.dispatch(Online::Server(value_of(&e).trim().to_string())))
    };
    html! {
        <section class="start online-home">
            <h2 tabindex="-1">{ "Play with friends" }</h2>
            if let Some(n) = &state.notice { <p class="notice" role="alert">{ n }</p> }
            if !kept::available() {
                <p class="notice storage-off">{ "This browser keeps nothing for this site (its storage is off): a reload cannot bring you back to your seat." }</p>
            }
            if let (Some(code), Some(onclick)) = (seat_kept, back_to_seat) {
                <div class="seat-kept">
                    <p>{ format!("You have a seat in room {code}.") }</p>
                    <button class="primary" type="button" {onclick}>{ "Back to your seat" }</button>
                </div>
            }
            <label class="field">{ "Your name " }
                // With a room's code known (its link, or typed), Enter after the name (a phone
                // keyboard's Go) joins it: the field belongs to Join's form then.
                <input type="text" maxlength="20" autocomplete="nickname" value={a.name.clone()}
                    form={(!room_code(&a.code, &state.code).is_empty()).then_some("join-room")}
                    oninput={typed(|a, v| a.name = v)}/>
            </label>
            <div class="symbols-toggle online-symbols">
                <input type="checkbox" id="online-symbols" checked={a.look.symbols} onchange={edit(|a, e| {
                    a.look.symbols = e.target_unchecked_into::<HtmlInputElement>().checked();
                    // The New game screen's own choice: one setting for every game.
                    let saved = kept::get(OPTIONS_KEY);
                    kept::set(OPTIONS_KEY, &SavedLook::with_symbols(saved.as_deref(), a.look.symbols));
                })}/>
                <label for="online-symbols">{ "ColorADD symbols" }<span class="hint">{ "Shapes for colors, for colorblind players." }</span></label>
            </div>
            <form class="join-room" id="join-room" onsubmit={join}>
                <h3>{ "Join a room" }</h3>
                <label class="field">{ "Room code " }
                    <input type="text" maxlength="12" autocapitalize="characters" placeholder="BCD234"
                        value={if a.code.is_empty() { state.code.clone() } else { a.code.clone() }}
                        oninput={typed(|a, v| a.code = v)}/>
                </label>
                <button class="primary" type="submit">{ "Join" }</button>
                <button class="secondary" type="button" onclick={watch}>{ "Watch" }</button>
            </form>
            <form class="create-room" onsubmit={create}>
                <h3>{ "Create a room" }</h3>
                <label class="field">{ "Edition " }
                    <select onchange={edit(|a, e| {
                        crate::options::edition_chosen(&mut a.rules, select_of(e).parse().unwrap_or_default());
                    })}>{ editions }</select>
                </label>
                <label class="field">{ "Seats " }<select onchange={more_seats}>{ counts }</select></label>
                <ul class="room-seats">{ seats }</ul>
                <details open={a.rules_open} ontoggle={edit(|a, e| a.rules_open = unfolded(e))}>
                    <summary>{ "House rules and timers" }</summary>
                    <ul class="switches">{ switches }</ul>
                    { rule_choices::fields(&a.rules, &rules_changed, drafts, "field") }
                    <label class="field">{ "A bot plays for someone away after " }
                        { timer(a.takeover, &[30, 60, 180, 0], "never",
                            |a, e| a.takeover = select_of(e).parse().unwrap_or(60)) }
                    </label>
                    <label class="field">{ "Turn timer " }
                        { timer(a.turn, &[0, 30, 60, 120], "none",
                            |a, e| a.turn = select_of(e).parse().unwrap_or(0)) }
                    </label>
                </details>
                <button class="primary" type="submit">{ "Create room" }</button>
            </form>
            <details class="server" open={a.server_open} ontoggle={edit(|a, e| a.server_open = unfolded(e))}>
                <summary>{ "Room server" }</summary>
                <label class="field">{ "Address " }
                    <input type="url" value={drafts.shown("server", state.server.clone())}
                        oninput={drafts.typed("server")} onchange={drafts.left("server", on_server)}/>
                </label>
            </details>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::room_code;

    #[test]
    fn a_typed_code_is_read_in_any_case_and_grouping_else_the_links() {
        assert_eq!(room_code("bcd234", "QQQQQQ"), "BCD234");
        assert_eq!(room_code(" BCD 234 ", ""), "BCD234");
        assert_eq!(room_code("bcd-234", ""), "BCD234");
        assert_eq!(room_code("  ", "QRS567"), "QRS567");
        assert_eq!(room_code("", ""), "");
        // Anything else is the server's to refuse ("There is no room with that code.").
        assert_eq!(room_code("bc?d", ""), "BC?D");
    }
}
