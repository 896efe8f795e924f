//! The New game screen. First what a one-tap start needs (edition, each explained in a line;
//! players; opponents' level; the New game button) and the player's record; "More options"
//! folds out the rest: scoring, target, the missed-UNO penalty, the Blank / Customizable
//! cards (how many, what they do), speed, ColorADD symbols, each
//! seat's level or a person's name (pass-and-play), and the house rules.

use crate::components::drafts::{use_drafts, Drafts};
use crate::components::rule_choices::{self, RulesEdit};
use crate::options::{Options, Person};
use crate::record::Record;
use crate::settings::Speed;
use crate::words::counted;
use std::rc::Rc;
use uno_bots::Level;
use uno_engine::{Edition, HouseRules, Seat, MAX_PLAYERS, MIN_PLAYERS};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// A change to the options, for the page to make to the options it holds now.
pub type OptionsEdit = Rc<dyn Fn(&mut Options)>;

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub options: Options,
    /// Each change as an edit, not as whole options: two changes before the form is drawn
    /// again (a name typed and Tab, then the next at once on a slow phone) would otherwise each
    /// start from the options as drawn, and the second undo the first.
    pub on_change: Callback<OptionsEdit>,
    pub on_start: Callback<Begin>,
    /// Shows the rules of the chosen edition and house rules.
    pub on_rules: Callback<MouseEvent>,
    pub record: Record,
    /// Said when the record could not be read.
    pub record_notice: Option<String>,
    pub on_reset_record: Callback<()>,
}

/// How a new game is dealt from the New game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Begin {
    /// The player plays their seat.
    Play,
    /// A bot plays it too, and the player watches every hand face up (`Options::watch`).
    Watch,
}

/// Each edition in one line, for someone who has not played it.
#[must_use]
pub fn about(edition: Edition) -> &'static str {
    match edition {
        Edition::Classic => "The standard game: match color or number, first to 500 points wins.",
        Edition::ClassicBlank => {
            "Classic with 4 blank Wilds whose effect you choose; a missed UNO costs 4 cards."
        }
        Edition::Masters => {
            "Purple instead of yellow, and Power of Grayskull: every other player draws 3."
        }
        Edition::SpiderMan => {
            "Web Swing shows every hand and skips a player; the first one out wins."
        }
        Edition::ColorAdd => {
            "Every card carries its ColorADD symbol, for colorblind players; 4 customizable Wilds."
        }
    }
}

/// The player's record, with its reset, which asks once more (`asking`) before it wipes it:
/// the question comes after the button, which keeps focus and takes the question back.
fn record(
    r: &Record,
    notice: Option<&String>,
    on_reset: &Callback<()>,
    asking: &UseStateHandle<bool>,
) -> Html {
    let ask = {
        let asking = asking.clone();
        Callback::from(move |_: MouseEvent| asking.set(!*asking))
    };
    let wipe = {
        let (asking, on_reset) = (asking.clone(), on_reset.clone());
        Callback::from(move |_: MouseEvent| {
            asking.set(false);
            on_reset.emit(());
        })
    };
    let lines: Html = r
        .lines
        .iter()
        .map(|l| {
            let level = if l.level == crate::record::ONLINE {
                "friends online"
            } else {
                &l.level
            };
            record_row(&format!("{}, {level}", l.edition), &l.tally)
        })
        .collect();
    let people: Html = r
        .people
        .iter()
        .map(|l| record_row(&format!("{}, {}", l.level, l.edition), &l.tally))
        .collect();
    // The reset wipes the whole record; it sits in the last fold shown.
    let reset = html! { <>
        <button class="secondary" aria-expanded={(**asking).to_string()} onclick={ask}>{ "Reset my record" }</button>
        if **asking {
            <p role="alert">{ "Wipe every game and round counted? It cannot be undone." }</p>
            <button class="secondary" onclick={wipe}>{ "Wipe my record" }</button>
        }
    </> };
    let mine = r.all.rounds > 0;
    let here = !r.people.is_empty();
    html! {
        <section class="record" aria-labelledby="record-title">
            <h3 id="record-title">{ "Your record" }</h3>
            if let Some(n) = notice { <p class="notice" role="status">{ n }</p> }
            if mine {
                <p class="record-summary">{ format!("Games won: {} of {}. Rounds won: {} of {}. Best round: {}. Streak: {} won in a row.",
                    r.all.games_won, r.all.games, r.all.rounds_won, r.all.rounds, counted(r.best_round as usize, "point"), counted(r.streak as usize, "game")) }</p>
                { record_fold("By edition and opponents", "Edition, opponents", lines, (!here).then(|| reset.clone())) }
            } else if !here {
                <p>{ "No round finished yet: your games against the bots and with friends online will be counted here, and pass-and-play by each person's name." }</p>
            }
            if here {
                { record_fold("Pass-and-play at this device", "Person, edition", people, Some(reset)) }
            }
        </section>
    }
}

/// A fold of the record: its table of `rows` (each a `record_row`) under `summary`, and the
/// reset when given.
fn record_fold(summary: &str, first: &str, rows: Html, reset: Option<Html>) -> Html {
    html! {
        <details>
            <summary>{ summary }</summary>
            <table>
                <thead><tr><th scope="col">{ first }</th><th scope="col">{ "Games won" }</th><th scope="col">{ "Rounds won" }</th></tr></thead>
                <tbody>{ rows }</tbody>
            </table>
            if let Some(reset) = reset { { reset } }
        </details>
    }
}

/// A row of the record's tables: who or what, games won, rounds won.
fn record_row(label: &str, t: &crate::record::Tally) -> Html {
    html! { <tr>
        <th scope="row">{ label }</th>
        <td>{ format!("{} of {}", t.games_won, t.games) }</td>
        <td>{ format!("{} of {}", t.rounds_won, t.rounds) }</td>
    </tr> }
}

/// An edit of the options from a form event.
type Edit = Rc<dyn Fn(&mut Options, &Event)>;

fn input_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
}

/// Who plays `seat`: a bot of some level, or a person at this device (with a name).
fn seat_choice(
    o: &Options,
    seat: usize,
    clash: Option<&(Seat, String)>,
    change: &impl Fn(Edit) -> Callback<Event>,
    drafts: &Drafts,
) -> Html {
    let s = seat as Seat;
    let person = o.person(s);
    let current = o.level_of(s);
    let choices: Html = [(Level::Easy, "Easy"), (Level::Medium, "Medium"), (Level::Hard, "Hard")]
        .iter()
        .map(|(l, label)| html! { <option value={*label} selected={person.is_none() && *l == current}>{ *label }</option> })
        .chain(std::iter::once(html! { <option value="Person" selected={person.is_some()}>{ "Person" }</option> }))
        .collect();
    let onchange = change(Rc::new(move |n, e| {
        let choice = select_value(e);
        n.people.retain(|p| p.seat != s);
        if choice == "Person" {
            n.people.push(Person {
                seat: s,
                name: String::new(),
            });
            return;
        }
        let level = match choice.as_str() {
            "Easy" => Level::Easy,
            "Hard" => Level::Hard,
            _ => Level::Medium,
        };
        let mut levels: Vec<Level> = (1..n.players).map(|t| n.level_of(t as Seat)).collect();
        levels[seat - 1] = level;
        n.seat_levels = levels;
    }));
    let name = person.map(|p| {
        let id = name_field(s);
        let onchange = drafts.left(&id, change(Rc::new(move |n, e| {
            let name = input_value(e);
            if let Some(p) = n.people.iter_mut().find(|p| p.seat == s) {
                p.name = name;
            }
        })));
        // Said under the field it is about, where New game puts the focus.
        let clash = clash
            .filter(|c| c.0 == s)
            .map(|(_, name)| format!("Two people are called {name}: give seat {} another name.", seat + 1));
        html! { <>
            <label>{ format!("Seat {} name", seat + 1) }
                <input id={id.clone()} type="text" maxlength="20" value={drafts.shown(&id, p.name.clone())}
                    oninput={drafts.typed(&id)} {onchange}
                    aria-invalid={clash.is_some().then_some("true")}
                    aria-describedby={clash.is_some().then_some("name-clash")}/>
            </label>
            if let Some(clash) = clash { <p id="name-clash" class="notice" role="alert">{ clash }</p> }
        </> }
    });
    html! { <>
        // A bot is labelled by the name the table will give it (not its seat's, when a person
        // here has that); a person's seat by its place, as its name field is: no bot's name
        // stands over a person.
        <label>{ if person.is_some() { format!("Seat {}", seat + 1) } else { o.seat_name(s) } }<select {onchange}>{ choices }</select></label>
        // Always a node, empty for a bot: Yew pairs a list's children from its end, so a
        // name field that came from nothing would take the select's place, and the focus
        // of someone choosing Person by keyboard with it.
        { name.unwrap_or_default() }
    </> }
}

/// The id of the field that names the person in `seat` (0: "Your name").
fn name_field(seat: Seat) -> String {
    format!("seat-name-{seat}")
}

/// Puts the focus in the name field of `seat`, where the player fixes a name.
fn focus_name(seat: Seat) {
    if let Some(field) = gloo_utils::document()
        .get_element_by_id(&name_field(seat))
        .and_then(|f| f.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = field.focus();
    }
}

/// What "Each opponent's level" folds away: each seat's level or a person's name.
fn seat_levels(
    o: &Options,
    clash: Option<&(Seat, String)>,
    change: &impl Fn(Edit) -> Callback<Event>,
    drafts: &Drafts,
) -> Html {
    let seat_levels: Html = (1..o.players)
        .map(|seat| seat_choice(o, seat, clash, change, drafts))
        .collect();
    let own_name = o.pass_and_play().then(|| {
        let id = name_field(0);
        let onchange = drafts.left(&id, change(Rc::new(|n, e| n.name = input_value(e))));
        html! { <label>{ "Your name" }<input id={id.clone()} type="text" maxlength="20"
        value={drafts.shown(&id, o.name.clone())} oninput={drafts.typed(&id)} {onchange}/></label> }
    });
    html! { <>
        <p class="hint">{ "Or choose Person for someone at this device: the device is passed round, and each hand is shown only to its player (so only whoever holds it can catch a missed UNO)." }</p>
        <div class="options">{ own_name.unwrap_or_default() }{ seat_levels }</div>
    </> }
}

/// What "More options" folds away: scoring, target, the missed-UNO penalty, the Blank /
/// Customizable cards, speed, ColorADD symbols and the house rules.
fn more_options(
    o: &Options,
    change: &impl Fn(Edit) -> Callback<Event>,
    rules_changed: &Callback<RulesEdit>,
    drafts: &Drafts,
) -> Html {
    let house: Html = HouseRules::SWITCHES
        .iter()
        .enumerate()
        .map(|(i, switch)| {
            let checked = (switch.get)(&o.rules.house_rules);
            let id = format!("house-{i}");
            let set = switch.set;
            let onchange = change(Rc::new(move |next, e| {
                set(
                    &mut next.rules.house_rules,
                    e.target_unchecked_into::<HtmlInputElement>().checked(),
                );
            }));
            html! {
                <li>
                    <input type="checkbox" id={id.clone()} {checked} {onchange}/>
                    <label for={id}>{ switch.name }<span class="hint">{ switch.about }</span></label>
                </li>
            }
        })
        .collect();
    let speeds: Html = Speed::ALL
        .iter()
        .map(|(s, label)| html! { <option value={*label} selected={*s == o.speed}>{ *label }</option> })
        .collect();
    html! { <>
        <div class="options">
            { rule_choices::fields(&o.rules, rules_changed, drafts, "") }
            <label>{ "Speed" }
                <select onchange={change(Rc::new(|n, e| {
                    if let Some((speed, _)) = Speed::ALL.iter().find(|(_, label)| *label == select_value(e)) {
                        n.speed = *speed;
                    }
                }))}>{ speeds }</select>
            </label>
            <div class="symbols-toggle">
                <input type="checkbox" id="symbols" checked={o.symbols}
                    onchange={change(Rc::new(|n, e| n.symbols = e.target_unchecked_into::<HtmlInputElement>().checked()))}/>
                <label for="symbols">{ "ColorADD symbols" }<span class="hint">{ "Shapes for colors, for colorblind players." }</span></label>
            </div>
        </div>
        <fieldset class="house-rules">
            <legend>{ "House rules" }</legend>
            <ul>{ house }</ul>
        </fieldset>
    </> }
}

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// Whether a fold (`<details>`) is open, on its `toggle` (New game's and New room's folds).
pub(crate) fn unfolded(e: &Event) -> bool {
    e.target_unchecked_into::<web_sys::Element>()
        .has_attribute("open")
}

#[function_component(Setup)]
pub fn setup(props: &SetupProps) -> Html {
    let asking_reset = use_state(|| false);
    let o = &props.options;
    // What folds away is built when it is first opened: the first screen then builds a third
    // of its elements, and a phone shows it and answers a tap sooner.
    let seat_levels_open = use_state(|| false);
    let more_open = use_state(|| false);
    let drafts = use_drafts();
    let unfold = |open: &UseStateHandle<bool>| {
        let open = open.clone();
        Callback::from(move |e: Event| open.set(unfolded(&e)))
    };
    let change = |f: Edit| {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            let f = f.clone();
            on_change.emit(Rc::new(move |next: &mut Options| f(next, &e)));
        })
    };
    let rules_changed = {
        let on_change = props.on_change.clone();
        Callback::from(move |edit: RulesEdit| {
            on_change.emit(Rc::new(move |next: &mut Options| edit(&mut next.rules)));
        })
    };
    let editions: Html = Edition::ALL
        .iter()
        .map(|e| html! { <option value={e.code()} selected={*e == o.rules.edition}>{ e.to_string() }</option> })
        .collect();
    let players: Html = (MIN_PLAYERS..=MAX_PLAYERS)
        .map(|n| html! { <option value={n.to_string()} selected={n == o.players}>{ format!("{n} players") }</option> })
        .collect();
    let levels: Html = [
        (Level::Easy, "Easy"),
        (Level::Medium, "Medium"),
        (Level::Hard, "Hard"),
    ]
    .iter()
    .map(|(l, label)| html! { <option value={*label} selected={*l == o.level}>{ *label }</option> })
    .collect();
    // Two people under one name: the device would be passed to "Sam" with no telling which.
    let clash = o.name_clash();
    let start = {
        let on_start = props.on_start.clone();
        let clash = clash.as_ref().map(|c| c.0);
        Callback::from(move |_| match clash {
            Some(seat) => focus_name(seat),
            None => on_start.emit(Begin::Play),
        })
    };
    let watch = {
        let on_start = props.on_start.clone();
        Callback::from(move |_| on_start.emit(Begin::Watch))
    };
    let people: Vec<String> = o.people.iter().map(|p| o.seat_name(p.seat)).collect();
    let alone = change(Rc::new(|n, _| n.people.clear()));
    let alone = Callback::from(move |_: MouseEvent| {
        if let Ok(e) = Event::new("change") {
            alone.emit(e);
        }
    });
    html! {
        <section class="start" aria-labelledby="start-title">
            <h2 id="start-title" tabindex="-1">{ "Play UNO" }</h2>
            <div class="quick">
                <label class="edition-choice">{ "Edition" }
                    <select aria-describedby="edition-about" onchange={change(Rc::new(|n, e| {
                        if let Ok(ed) = select_value(e).parse() {
                            n.choose_edition(ed);
                        }
                    }))}>{ editions }</select>
                    <span id="edition-about" class="hint edition-about">{ about(o.rules.edition) }</span>
                </label>
                <label>{ "Players" }
                    <select onchange={change(Rc::new(|n, e| n.players = select_value(e).parse().unwrap_or(uno_engine::DEFAULT_PLAYERS)))}>{ players }</select>
                </label>
                <label>{ "Opponents" }
                    <select onchange={change(Rc::new(|n, e| {
                        n.level = match select_value(e).as_str() {
                            "Easy" => Level::Easy, "Hard" => Level::Hard, _ => Level::Medium };
                        n.seat_levels.clear();
                    }))}>{ levels }</select>
                </label>
            </div>
            if !people.is_empty() {
                <p class="people">{ format!("Pass-and-play with {}.", people.join(", ")) }
                    <button class="secondary" onclick={alone}>{ "Play alone" }</button></p>
            }
            if let Some(code) = crate::online::seat_kept() {
                <p class="seat-kept">{ format!("You have a seat in room {code}. ") }
                    <a class="button primary" href={crate::online::seat_link(&code)}>{ "Back to your seat" }</a></p>
            }
            <div class="start-buttons">
                <button class="primary" onclick={start}>{ "New game" }</button>
                <button class="secondary" onclick={props.on_rules.clone()}>{ "Rules and points" }</button>
                <a class="button secondary" href="?online">{ "Play with friends" }</a>
            </div>
            // Open with people at the table, and open still once the last of them is a bot
            // again if it was open: it shut under the focus of the player choosing.
            <details class="seat-levels" open={o.pass_and_play() || *seat_levels_open} ontoggle={unfold(&seat_levels_open)}>
                <summary>{ "Each opponent's level" }</summary>
                if o.pass_and_play() || *seat_levels_open { { seat_levels(o, clash.as_ref(), &change, &drafts) } }
            </details>
            { record(&props.record, props.record_notice.as_ref(), &props.on_reset_record, &asking_reset) }
            <details class="more-options" ontoggle={unfold(&more_open)}>
            <summary>{ "More options" }</summary>
            if *more_open {
                { more_options(o, &change, &rules_changed, &drafts) }
                <p class="watch-bots">
                    <button class="secondary" onclick={watch}>{ "Watch the bots play" }</button>
                    <span class="hint">{ "A bot plays your seat too, every hand face up: see how they play this table." }</span>
                </p>
            }
            </details>
        </section>
    }
}
