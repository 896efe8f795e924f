//! The app shell: the New game screen, the rules page and the table, the settings every
//! component reads (a context), saving, and the local table's bots.

use crate::back::use_back;
use crate::bots::{ask_hint, use_bot_driver, use_bot_worker, READY};
use crate::browser_storage as kept;
use crate::components::announce::live_areas;
use crate::components::dialogs::use_heading_focus;
use crate::components::handover::Handover;
use crate::components::rules::RulesPage;
use crate::components::setup::{Begin, OptionsEdit, Setup};
use crate::components::sound_switch::{sound_switch, use_sound};
use crate::components::table::TableScreen;
use crate::options::Options;
use crate::record::{Record, RECORD_KEY};
use crate::settings::Settings;
use crate::state::{Msg, Reading};
use crate::storage::{
    earlier_game_kept, earlier_game_waits, first_table, load_game, new_seed, set_aside,
    take_back_set_aside_game, Newer, SavedGame, EARLIER_KEY, OPTIONS_KEY,
};
use crate::table::local::Match;
use crate::table::Table;
use crate::tabs::use_other_tabs;
use std::rc::Rc;
use yew::prelude::*;

/// Said on the New game screen where the browser keeps nothing for the site.
const STORAGE_OFF: &str = "This browser keeps nothing for this site (its storage is off): \
    your options, the game in progress and your record last only while this page is open.";

/// Said in place of the table when another tab kept a game this page cannot read.
const OUTDATED: &str = "It saved your game in a form this page cannot read. Reload to go on \
    with it here: nothing is lost.";

/// Said on the New game screen of an older page when a newer version kept the options.
const NEWER_OPTIONS: &str = "Your options were kept by a newer version of this site: reload \
    the page to see them. What you change here lasts while this page is open.";

/// Whether the options this browser keeps are a newer version of the site's: this page does
/// not write over them.
fn options_kept_by_newer() -> bool {
    kept::get(OPTIONS_KEY).is_some_and(|raw| Options::kept_by_newer(&raw))
}

/// The New game options this browser keeps.
fn kept_options() -> Options {
    match kept::get_json::<Options>(OPTIONS_KEY) {
        // Watching is a game's, not a preference (see `Options::watch`).
        kept::Kept::Read(o) => Options { watch: false, ..o },
        kept::Kept::Nothing | kept::Kept::Unreadable(_) => Options::default(),
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let options = use_state(kept_options);
    let table = {
        let options = options.clone();
        // A page opened out of sight (a tab opened behind) holds its table until it is seen.
        use_reducer(move || first_table(&options).away(gloo_utils::document().hidden()))
    };
    // Read after the table, which may have just set the game in progress aside.
    let earlier = use_state(|| {
        take_back_set_aside_game();
        earlier_game_waits()
    });
    let worker_status = use_state(|| None::<String>);
    let show_rules = use_state(|| false);
    // The bots wait while the rules are read from the table (Back to the table finds it as left).
    let set_rules = {
        let show_rules = show_rules.clone();
        let dispatcher = table.dispatcher();
        Callback::from(move |shown: bool| {
            show_rules.set(shown);
            dispatcher.dispatch(Msg::Hold(Reading::Rules, shown));
        })
    };
    // A browser that refuses this site storage: the game plays, and the player is told.
    let storage_off = use_state(|| !kept::available());
    let options_newer = use_state(options_kept_by_newer);
    // Sound (and vibration) on or off, remembered apart from the game's options.
    let (sound, toggle_sound) = use_sound();
    let record = use_state(|| Record::read(kept::get(RECORD_KEY).as_deref()));
    let bridge = use_bot_worker(worker_status.clone());
    use_bot_driver(&table, &bridge, worker_status.clone());
    // The game in progress as this tab last saw it kept (tabs of this site share it).
    let saved = use_memo((), |()| SavedGame::seen_now());
    // Another tab kept a game this page cannot read (a newer version of the site): this
    // tab's moves could no longer be kept, so its table goes and a reload is offered.
    let outdated = use_state(|| false);
    let take_up = {
        let dispatcher = table.dispatcher();
        let outdated = outdated.clone();
        Callback::from(move |newer: Newer| match newer {
            Newer::Game(game) => dispatcher.dispatch(Msg::Adopt(game)),
            Newer::Unreadable => {
                dispatcher.dispatch(Msg::Adopt(None));
                outdated.set(true);
            }
        })
    };
    // Another tab of this site played on, left the table, counted a round or changed the
    // options: this one follows, so a tab left behind never saves over the newest.
    {
        let (options, earlier, record) = (options.clone(), earlier.clone(), record.clone());
        let options_newer = options_newer.clone();
        let saved = saved.clone();
        let take_up = take_up.clone();
        let dispatcher = table.dispatcher();
        use_other_tabs(Callback::from(move |()| {
            let away = gloo_utils::document().hidden();
            dispatcher.dispatch(Msg::Hold(Reading::Away, away));
            if let Some(newer) = saved.take_up() {
                take_up.emit(newer);
            }
            earlier.set(earlier_game_kept());
            record.set(Record::read(kept::get(RECORD_KEY).as_deref()));
            options.set(kept_options());
            options_newer.set(options_kept_by_newer());
        }));
    }
    // Shown between the first state (held if the page opened hidden) and the start of the
    // listener above, the page would hear of it from no one, and its bots would wait for ever.
    {
        let dispatcher = table.dispatcher();
        use_effect_with((), move |()| {
            dispatcher.dispatch(Msg::Hold(Reading::Away, gloo_utils::document().hidden()));
        });
    }

    // What the screen shows changes with every move and every handover.
    let shown = table
        .current
        .as_ref()
        .map(|m| (m.seed, m.version, m.viewer, m.handover));
    // Save the game after every move (and handover: a reload resumes at the right one), in a
    // task of its own just after the move is drawn: the move's task stays short.
    {
        let version = shown;
        let current = table.current.clone();
        let saved = saved.clone();
        use_effect_with(version, move |_| {
            let ticket = saved.ticket();
            yew::platform::spawn_local(async move {
                yew::platform::time::sleep(std::time::Duration::ZERO).await;
                // Another tab played on meanwhile: its game, not this stale one, is the game.
                if let Some(newer) = saved.save(ticket, current.as_deref()) {
                    take_up.emit(newer);
                }
            });
        });
    }
    // A finished round of the player against bots, or of the people at this device, goes
    // into the record (once).
    {
        let current = table.current.clone();
        let record = record.clone();
        use_effect_with(shown, move |_| {
            let Some(m) = current else { return };
            let Some(outcome) = m.game.outcome() else {
                return;
            };
            if m.options.watch {
                return;
            }
            let Some(next) = Record::count_kept(&record.0, |r| {
                if m.options.pass_and_play() {
                    r.count_people(
                        m.options.rules.edition,
                        (m.seed, m.version),
                        &m.options.people_named(),
                        &outcome,
                    );
                } else {
                    r.count(
                        &m.options,
                        m.seed,
                        m.version,
                        crate::table::local::PLAYER,
                        &outcome,
                        outcome.points,
                    );
                }
            }) else {
                return;
            };
            if next != record.0 {
                record.set((next, None));
            }
        });
    }
    // What the screen shows of the table: built once per move.
    let view = {
        let key = shown;
        let current = table.current.clone();
        use_memo(key, move |_| current.map(|m| Rc::new(m.table_view())))
    };
    let mut settings = table
        .current
        .as_ref()
        .map_or_else(|| options.settings(), |m| m.options.settings());
    settings.sound = sound;
    let reset_record = {
        let record = record.clone();
        Callback::from(move |()| {
            kept::delete(RECORD_KEY);
            record.set((Record::default(), None));
        })
    };

    let on_options = {
        let (options, options_newer) = (options.clone(), options_newer.clone());
        Callback::from(move |edit: OptionsEdit| {
            // Made to the options as they are now (`options` reads the latest, even before
            // the page is drawn again), not as the form last drew them.
            let mut o = (*options).clone();
            edit(&mut o);
            // Read again as it is written: another tab may have kept a newer version's since.
            let newer = options_kept_by_newer();
            if !newer {
                kept::set(OPTIONS_KEY, &o.kept());
            }
            options_newer.set(newer);
            options.set(o);
        })
    };
    let on_start = {
        let options = options.clone();
        let dispatcher = table.dispatcher();
        let earlier = earlier.clone();
        Callback::from(move |begin: Begin| {
            let options = Options {
                watch: begin == Begin::Watch,
                ..(*options).clone()
            };
            match Match::deal(options, new_seed()) {
                Ok(m) => {
                    // A new game instead of the earlier one: the player let it go.
                    kept::delete(EARLIER_KEY);
                    earlier.set(false);
                    dispatcher.dispatch(Msg::Start(Box::new(m)));
                }
                Err(e) => dispatcher.dispatch(Msg::Notice(Some(e))),
            }
        })
    };
    // A hint is the hard bot's choice for the player's seat, thought out in the worker.
    let on_hint = {
        let current = table.current.clone();
        let dispatcher = table.dispatcher();
        Callback::from(move |()| {
            if let Some(m) = &current {
                ask_hint(m, &bridge, dispatcher.clone());
            }
        })
    };
    let rules_shown = |shown: bool| {
        let set_rules = set_rules.clone();
        Callback::from(move |_| set_rules.emit(shown))
    };
    // Leaving the table pauses the game: the New game screen offers it back.
    let quit = {
        let dispatcher = table.dispatcher();
        let current = table.current.clone();
        let earlier = earlier.clone();
        Callback::from(move |()| {
            if current.as_deref().is_some_and(set_aside) {
                earlier.set(true);
            }
            dispatcher.dispatch(Msg::Quit);
        })
    };
    // The table's own ways out (a round's or a game's end) leave as Leave table does.
    let dispatch = {
        let dispatcher = table.dispatcher();
        let quit = quit.clone();
        Callback::from(move |msg: Msg| match msg {
            Msg::Quit => quit.emit(()),
            msg => dispatcher.dispatch(msg),
        })
    };
    // The phone's Back closes the rules, then leaves the table (as its buttons do).
    {
        let at_a_table = table.current.is_some();
        let depth = u32::from(at_a_table) + u32::from(*show_rules);
        let shown = *show_rules;
        let set_rules = set_rules.clone();
        let quit = quit.clone();
        use_back(
            depth,
            Callback::from(move |to: u32| {
                let mut depth = depth;
                if shown && to < depth {
                    set_rules.emit(false);
                    depth -= 1;
                }
                if at_a_table && to < depth {
                    quit.emit(());
                }
            }),
        );
    }
    let resume_earlier = {
        let dispatcher = table.dispatcher();
        let earlier = earlier.clone();
        Callback::from(move |_| {
            let (game, notice) = load_game(EARLIER_KEY);
            kept::delete(EARLIER_KEY);
            earlier.set(false);
            match game {
                Some(m) => dispatcher.dispatch(Msg::Start(Box::new(m))),
                None => dispatcher.dispatch(Msg::Notice(notice)),
            }
        })
    };

    let at_table =
        view.is_some() && !*show_rules && !table.current.as_ref().is_some_and(|m| m.handover);
    let watch = table.current.as_ref().is_some_and(|m| m.options.watch);
    // A table the screen is watched at more than touched (the bots alone, or one device
    // passed around a family) keeps the screen on, as an online room does.
    crate::awake::use_screen_awake(
        table
            .current
            .as_ref()
            .is_some_and(|m| m.options.watch || m.options.pass_and_play()),
    );
    // Focus to the heading of the rules or the New game screen when they come: the table and
    // a handover focus a control of their own.
    use_heading_focus(match (*show_rules, view.is_some()) {
        _ if *outdated => Some("outdated"),
        (true, _) => Some("rules"),
        (false, true) => None,
        (false, false) => Some("new game"),
    });
    let screen = match (&*view, &table.current) {
        _ if *outdated => html! {
            <section class="start" aria-labelledby="outdated-title">
                <h2 id="outdated-title" tabindex="-1">{ "A newer version of this site is open in another tab" }</h2>
                <p class="notice" role="alert">{ OUTDATED }</p>
                <div class="start-buttons">
                    <button class="primary" data-land="" onclick={|_| { let _ = gloo_utils::window().location().reload(); }}>
                        { "Reload" }</button>
                </div>
            </section>
        },
        (Some(_), Some(m)) if *show_rules => html! {
            <RulesPage rules={m.options.rules} back="Back to the table" on_close={rules_shown(false)}/>
        },
        (None, _) if *show_rules => html! {
            <RulesPage rules={options.rules} back="Back to New game" on_close={rules_shown(false)}/>
        },
        (Some(view), Some(m)) if m.handover => {
            let name = view.names[usize::from(m.viewer)].clone();
            let key = name.clone();
            let on_take = table.dispatcher();
            let on_take = Callback::from(move |_| on_take.dispatch(Msg::TakeOver));
            html! { <Handover {key} {name} {on_take}/> }
        }
        // Keyed by the deal: a new game (Play again) is a new table, with nothing carried over
        // from the last one (which events are new, what was said, open help).
        (Some(view), m) => html! {
            <TableScreen key={m.as_ref().map_or(0, |m| m.seed)} table={view.clone()} picking_color={table.picking_color}
                notice={table.notice.clone()} refused={table.refused.clone()} hint={table.hint} on_hint={Some(on_hint)} {dispatch}
                tour={!watch} news_from={m.as_ref().and_then(|m| m.news_from())}/>
        },
        _ => html! {
            <>
                if let Some(notice) = &table.notice {
                    <p class="notice" role="alert">{ notice }</p>
                }
                if *storage_off {
                    <p class="notice storage-off">{ STORAGE_OFF }</p>
                } else if *options_newer {
                    <p class="notice">{ NEWER_OPTIONS }</p>
                }
                if *earlier {
                    <p class="earlier">
                        <button class="primary" data-land="" onclick={resume_earlier}>{ "Resume your earlier game" }</button>
                        <span>{ "or start a new one below, which lets it go." }</span>
                    </p>
                }
                <Setup options={(*options).clone()} on_change={on_options} {on_start}
                    on_rules={rules_shown(true)} record={record.0.clone()}
                    record_notice={record.1.clone()} on_reset_record={reset_record}/>
            </>
        },
    };
    html! {
        <ContextProvider<Settings> context={settings}>
            <header class="top-bar">
                <h1>{ "UNO Table" }</h1>
                <nav class="table-menu" aria-label="Game">
                    if table.current.is_some() && !*show_rules {
                        <button class="secondary" onclick={rules_shown(true)}>{ "Rules" }</button>
                    }
                    { sound_switch(sound, toggle_sound) }
                    if table.current.is_some() && !*show_rules {
                        <button class="secondary" aria-label="Leave table" onclick={quit.reform(|_| ())}>
                            { "Leave" }<span class="narrow-hidden">{ " table" }</span></button>
                    }
                </nav>
                <p class={classes!("status", (worker_status.as_deref() == Some(READY)).then_some("ready"))} role="status">
                    { worker_status.as_deref().unwrap_or("Opponents warming up…") }
                </p>
            </header>
            <main class={classes!(at_table.then_some("at-table"))}>
                { screen }
                // Empty until a table speaks: there before it does, so its first words are read.
                { live_areas() }
            </main>
        </ContextProvider<Settings>>
    }
}
