//! The app shell: the New game screen and the table, the saved game, and the bot driver that
//! asks the worker for each opponent's move.

use crate::components::rules::RulesPage;
use crate::components::setup::Setup;
use crate::components::table::Table;
use crate::model::{Link, Match, Options, HUMAN};
use crate::state::{Msg, TableState};
use crate::worker::{BotReply, BotRequest, BotWorker};
use gloo_storage::{LocalStorage, Storage};
use gloo_worker::oneshot::OneshotBridge;
use gloo_worker::Spawnable;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;
use uno_engine::{Action, Seat};
use yew::platform::spawn_local;
use yew::platform::time::sleep;
use yew::prelude::*;

const OPTIONS_KEY: &str = "uno-table.options";
const GAME_KEY: &str = "uno-table.game";
/// Where a saved game that could not be read is set aside.
const UNREADABLE_KEY: &str = "uno-table.game.unreadable";
/// Where the game in progress waits after the player left its table or a link's game
/// replaced it. One waits at a time, and it stays until it is resumed or a New game is
/// started instead: a game left or replaced while one waits is the later one, not kept.
const EARLIER_KEY: &str = "uno-table.game.earlier";

type Bridge = Rc<RefCell<Option<OneshotBridge<BotWorker>>>>;

/// The game saved under `key`, if there is one; a save that cannot be read is reported and
/// set aside.
fn load_game(key: &str) -> (Option<Match>, Option<String>) {
    match LocalStorage::get::<Match>(key) {
        // A finished game is not resumed.
        Ok(m) if !m.is_over() => (Some(m), None),
        Ok(_) => (None, None),
        Err(gloo_storage::errors::StorageError::KeyNotFound(_)) => (None, None),
        Err(_) => {
            // Kept under another key, not lost: the next save would overwrite it.
            if let Ok(Some(raw)) = LocalStorage::raw().get_item(key) {
                let _ = LocalStorage::raw().set_item(UNREADABLE_KEY, &raw);
            }
            LocalStorage::delete(key);
            (
                None,
                Some(
                    "Your saved game could not be read, so it was set aside: start a new one."
                        .into(),
                ),
            )
        }
    }
}

/// The table the page opens on. A link with game parameters deals that game; otherwise the
/// saved game resumes. The address loses its query once read, so a reload resumes the game
/// instead of dealing it again; a link that asks for no possible game loses nothing.
fn first_table(options: &Options) -> TableState {
    let mut link_notice = None;
    if let Some(link) = Link::parse(&location_query(), options) {
        forget_query();
        link_notice = link.notice.clone();
        if link.understood {
            match link.into_match((js_seed() * 1e15) as u64) {
                Ok(m) => {
                    let (kept, unreadable) = set_aside_game_in_progress();
                    return TableState {
                        current: Some(Rc::new(m)),
                        notice: sentences([link_notice, unreadable, kept]),
                        ..TableState::default()
                    };
                }
                Err(e) => link_notice = Some(e),
            }
        }
    }
    let (current, notice) = load_game(GAME_KEY);
    TableState {
        current: current.map(Rc::new),
        notice: sentences([link_notice, notice]),
        ..TableState::default()
    }
}

/// Before a link's game replaces it, the saved game in progress waits for the player to come
/// back to it. Returns what to tell the player, and the notice of a save that could not be read.
fn set_aside_game_in_progress() -> (Option<String>, Option<String>) {
    let (current, unreadable) = load_game(GAME_KEY);
    let told = current
        .is_some_and(|m| set_aside(&m))
        .then(|| "Your game in progress is kept: leave this table to resume it.".into());
    (told, unreadable)
}

/// Keeps `m` under `EARLIER_KEY` unless its game is over or another game waits there already;
/// whether it was kept.
fn set_aside(m: &Match) -> bool {
    !earlier_game_waits() && !m.is_over() && LocalStorage::set(EARLIER_KEY, m).is_ok()
}

/// Whether a game waits under `EARLIER_KEY`.
fn earlier_game_waits() -> bool {
    matches!(LocalStorage::raw().get_item(EARLIER_KEY), Ok(Some(_)))
}

/// What the table waits for from a bot: a seat's decision (out of turn or not), or, in watch
/// mode, the next round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BotTurn {
    Decide { seat: Seat, out_of_turn: bool },
    NextRound,
}

/// Which bot acts next at this table, if any: first a chance out of turn, then the turn.
fn next_bot(m: &Match, declined: &[Seat]) -> Option<BotTurn> {
    let game = &m.game;
    let is_bot = |seat: Seat| seat != HUMAN || m.options.watch;
    if let Some(outcome) = game.outcome() {
        return (m.options.watch && outcome.game_winner.is_none()).then_some(BotTurn::NextRound);
    }
    let turn = game.turn();
    for seat in game.out_of_turn_order() {
        if is_bot(seat) && !declined.contains(&seat) && !game.legal_actions_for(seat).is_empty() {
            return Some(BotTurn::Decide {
                seat,
                out_of_turn: true,
            });
        }
    }
    is_bot(turn).then_some(BotTurn::Decide {
        seat: turn,
        out_of_turn: false,
    })
}

#[function_component(App)]
pub fn app() -> Html {
    let options = use_state(|| LocalStorage::get::<Options>(OPTIONS_KEY).unwrap_or_default());
    let table = {
        let options = options.clone();
        use_reducer(move || first_table(&options))
    };
    // Read after the table, which may have just set the game in progress aside.
    let earlier = use_state(earlier_game_waits);
    let worker_status = use_state(|| None::<String>);
    let show_rules = use_state(|| false);
    let bridge: Bridge = use_mut_ref(|| None).clone();

    // Start the bot worker once and show that it answered.
    {
        let worker_status = worker_status.clone();
        let bridge = bridge.clone();
        use_effect_with((), move |_| {
            let mut hello = BotWorker::spawner()
                .as_module(false)
                .with_loader(true)
                .spawn("./worker_loader.js");
            *bridge.borrow_mut() = Some(hello.fork());
            spawn_local(async move {
                if let BotReply::Ready { editions } = hello.run(BotRequest::Hello).await {
                    worker_status.set(Some(format!(
                        "Opponents ready: {} editions",
                        editions.len()
                    )));
                }
            });
        });
    }

    // Save the game after every move.
    {
        let version = table.current.as_ref().map(|m| (m.seed, m.version));
        let current = table.current.clone();
        use_effect_with(version, move |_| match current {
            Some(m) => {
                let _ = LocalStorage::set(GAME_KEY, &*m);
            }
            None => LocalStorage::delete(GAME_KEY),
        });
    }

    // The bot driver: whenever the table changes, the next bot (if any) thinks in the worker.
    {
        let key = table
            .current
            .as_ref()
            .map(|m| (m.seed, m.version, table.declined.len()));
        let current = table.current.clone();
        let declined = table.declined.clone();
        let dispatcher = table.dispatcher();
        let bridge = bridge.clone();
        use_effect_with(key, move |_| {
            let next = current.as_ref().and_then(|m| next_bot(m, &declined));
            if next == Some(BotTurn::NextRound) {
                let pause = current.as_ref().map_or(0, |m| m.options.speed.pause_ms());
                let dispatcher = dispatcher.clone();
                spawn_local(async move {
                    sleep(Duration::from_millis(u64::from(pause) * 3)).await;
                    dispatcher.dispatch(Msg::NextRound);
                });
            }
            if let Some(BotTurn::Decide { seat, out_of_turn }) = next {
                let m = current.expect("checked");
                let version = m.version;
                let pause_ms = u64::from(m.options.speed.pause_ms());
                let request = BotRequest::Decide {
                    level: m.options.level_of(seat),
                    seed: m.seed ^ (version << 8) ^ u64::from(seat),
                    out_of_turn,
                    view: serde_json::to_string(&m.game.view(seat)).expect("views serialize"),
                    legal: serde_json::to_string(&m.game.legal_actions_for(seat))
                        .expect("actions serialize"),
                };
                let worker = bridge.borrow().as_ref().map(OneshotBridge::fork);
                spawn_local(async move {
                    if !out_of_turn {
                        sleep(Duration::from_millis(pause_ms)).await;
                    }
                    let Some(mut worker) = worker else { return };
                    match worker.run(request).await {
                        BotReply::Decided(Some(json)) => {
                            match serde_json::from_str::<Action>(&json) {
                                Ok(action) => dispatcher.dispatch(Msg::Apply { version, action }),
                                Err(_) => dispatcher.dispatch(Msg::Decline { version, seat }),
                            }
                        }
                        BotReply::Decided(None) => {
                            dispatcher.dispatch(Msg::Decline { version, seat })
                        }
                        BotReply::Failed(e) => dispatcher.dispatch(Msg::Notice(Some(format!(
                            "An opponent could not decide: {e}"
                        )))),
                        BotReply::Ready { .. } => {}
                    }
                });
            }
        });
    }

    let on_options = {
        let options = options.clone();
        Callback::from(move |o: Options| {
            let _ = LocalStorage::set(OPTIONS_KEY, &o);
            options.set(o);
        })
    };
    let on_start = {
        let options = options.clone();
        let dispatcher = table.dispatcher();
        let earlier = earlier.clone();
        Callback::from(move |()| {
            let seed = (js_seed() * 1e15) as u64;
            match Match::deal((*options).clone(), seed) {
                Ok(m) => {
                    // A new game instead of the earlier one: the player let it go.
                    LocalStorage::delete(EARLIER_KEY);
                    earlier.set(false);
                    dispatcher.dispatch(Msg::Start(Box::new(m)));
                }
                Err(e) => dispatcher.dispatch(Msg::Notice(Some(e))),
            }
        })
    };
    let dispatch = {
        let dispatcher = table.dispatcher();
        Callback::from(move |msg: Msg| dispatcher.dispatch(msg))
    };
    // A hint is the hard bot's choice for the player's seat, thought out in the worker.
    let on_hint = {
        let current = table.current.clone();
        let dispatcher = table.dispatcher();
        let bridge = bridge.clone();
        Callback::from(move |()| {
            let Some(m) = current.clone() else { return };
            let legal = m.human_legal();
            if legal.is_empty() {
                return;
            }
            let version = m.version;
            let request = BotRequest::Decide {
                level: uno_bots::Level::Hard,
                seed: m.seed ^ version,
                out_of_turn: false,
                view: serde_json::to_string(&m.game.view(HUMAN)).expect("views serialize"),
                legal: serde_json::to_string(&legal).expect("actions serialize"),
            };
            let Some(mut worker) = bridge.borrow().as_ref().map(OneshotBridge::fork) else {
                return;
            };
            let dispatcher = dispatcher.clone();
            spawn_local(async move {
                if let BotReply::Decided(Some(json)) = worker.run(request).await {
                    if let Ok(action) = serde_json::from_str::<Action>(&json) {
                        dispatcher.dispatch(Msg::Hint { version, action });
                    }
                }
            });
        })
    };
    let open_rules = {
        let show_rules = show_rules.clone();
        Callback::from(move |_| show_rules.set(true))
    };
    let close_rules = {
        let show_rules = show_rules.clone();
        Callback::from(move |()| show_rules.set(false))
    };
    // Leaving the table pauses the game: the New game screen offers it back.
    let quit = {
        let dispatcher = table.dispatcher();
        let current = table.current.clone();
        let earlier = earlier.clone();
        Callback::from(move |_| {
            if current.as_deref().is_some_and(set_aside) {
                earlier.set(true);
            }
            dispatcher.dispatch(Msg::Quit);
        })
    };
    let resume_earlier = {
        let dispatcher = table.dispatcher();
        let earlier = earlier.clone();
        Callback::from(move |_| {
            let (game, notice) = load_game(EARLIER_KEY);
            LocalStorage::delete(EARLIER_KEY);
            earlier.set(false);
            match game {
                Some(m) => dispatcher.dispatch(Msg::Start(Box::new(m))),
                None => dispatcher.dispatch(Msg::Notice(notice)),
            }
        })
    };

    html! {
        <>
            <header class="top-bar">
                <h1>{ "UNO Table" }</h1>
                if table.current.is_some() && !*show_rules {
                    <nav class="table-menu" aria-label="Game">
                        <button class="secondary" onclick={open_rules}>{ "Rules" }</button>
                        <button class="secondary" onclick={quit}>{ "Leave table" }</button>
                    </nav>
                }
                <p class="status" role="status">
                    { worker_status.as_deref().unwrap_or("Opponents warming up…") }
                </p>
            </header>
            <main>
                {
                    match &table.current {
                        Some(m) if *show_rules => html! {
                            <RulesPage options={m.options.clone()} on_close={close_rules}/>
                        },
                        Some(m) => html! {
                            <Table current={m.clone()} picking_color={table.picking_color} notice={table.notice.clone()}
                                hint={table.hint} {on_hint} {dispatch}/>
                        },
                        None => html! {
                            <>
                                if let Some(notice) = &table.notice {
                                    <p class="notice" role="alert">{ notice }</p>
                                }
                                if *earlier {
                                    <p class="earlier">
                                        <button class="primary" onclick={resume_earlier}>{ "Resume your earlier game" }</button>
                                        <span>{ "or start a new one below, which lets it go." }</span>
                                    </p>
                                }
                                <Setup options={(*options).clone()} on_change={on_options} {on_start}/>
                            </>
                        },
                    }
                }
            </main>
        </>
    }
}

/// The page address's query string (`?edition=...`), empty outside a browser.
fn location_query() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        String::new()
    }
}

/// The notices that are there, as one text.
fn sentences<const N: usize>(notices: [Option<String>; N]) -> Option<String> {
    let text = notices.into_iter().flatten().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

/// Drops the query from the address bar (no reload, no new history entry).
fn forget_query() {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let path = window.location().pathname().unwrap_or_default();
        let hash = window.location().hash().unwrap_or_default();
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("{path}{hash}")),
            );
        }
    }
}

/// A random number in [0, 1) for a new game's seed: the only randomness outside the engine.
fn js_seed() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Math::random()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.5
    }
}
