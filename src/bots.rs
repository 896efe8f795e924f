//! The local table's bots: the worker they think in, the driver that asks it for the next
//! bot's move whenever the table changes (and answers on the page should the worker never
//! answer), and the hard bot's hint for the player.

use crate::state::{Msg, TableState};
use crate::table::local::{BotTurn, Match};
use crate::worker::{BotReply, BotRequest, BotWorker, Json};
use gloo_worker::oneshot::OneshotBridge;
use gloo_worker::Spawnable;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;
use yew::platform::spawn_local;
use yew::platform::time::sleep;
use yew::prelude::*;

/// The page's line to the bot worker, once it is started, whether the worker let a question
/// go unanswered and has not answered one since (see `use_bot_driver`), and who hears that it
/// is ready.
pub struct Worker {
    line: RefCell<Option<OneshotBridge<BotWorker>>>,
    stalled: Cell<bool>,
    on_ready: Callback<()>,
}

impl Worker {
    /// Starts the worker, once: its own thread, which loads and compiles its program.
    fn start(&self) {
        if self.line.borrow().is_some() {
            return;
        }
        let mut hello = BotWorker::spawner()
            .encoding::<Json>()
            .as_module(false)
            .with_loader(true)
            .spawn("./worker_loader.js");
        *self.line.borrow_mut() = Some(hello.fork());
        let on_ready = self.on_ready.clone();
        spawn_local(async move {
            if let BotReply::Ready { .. } = hello.run(BotRequest::Hello).await {
                on_ready.emit(());
            }
        });
    }

    /// A line for one question; the worker starts now if it has not yet.
    fn fork(&self) -> Option<OneshotBridge<BotWorker>> {
        self.start();
        self.line.borrow().as_ref().map(OneshotBridge::fork)
    }
}

pub type Bridge = Rc<Worker>;

/// The status line once the worker has answered.
pub const READY: &str = "Opponents ready.";

/// The status line once the page plays for the bots itself (the worker never answered).
pub const PLAYING_HERE: &str =
    "The opponents' program did not load: they play a simpler game for now.";

/// Said when a hint is asked of a worker that does not answer.
pub const NO_HINT: &str = "No hint for now: the opponents' program, which gives it, did not load.";

/// How long a bot's question waits for the worker before the page answers it itself.
const WORKER_PATIENCE_MS: u64 = 5_000;

/// The bot worker, started once the page is first idle (or at once, when a bot or a hint needs
/// it sooner); `status` says when it answered. Started during the page's first tasks, its
/// thread would compete with them for the phone's cores and make them longer.
#[hook]
pub fn use_bot_worker(status: UseStateHandle<Option<String>>) -> Bridge {
    let bridge: Bridge = (*use_memo((), |()| {
        Rc::new(Worker {
            line: RefCell::default(),
            stalled: Cell::default(),
            on_ready: Callback::from(move |()| status.set(Some(READY.into()))),
        })
    }))
    .clone();
    {
        let bridge = bridge.clone();
        use_effect_with((), move |_| {
            crate::later::when_idle(Box::new(move || bridge.start()));
        });
    }
    bridge
}

/// Whenever the table changes, the next bot (if any) thinks in the worker and its move is
/// dispatched; in watch mode the next round is dealt after a pause. A question the worker
/// leaves unanswered for `WORKER_PATIENCE_MS` (its files failed to load) is answered on the
/// page by the easy bot, and the next ones at once until the worker answers again:
/// the table never waits forever.
#[hook]
pub fn use_bot_driver(
    table: &UseReducerHandle<TableState>,
    bridge: &Bridge,
    status: UseStateHandle<Option<String>>,
) {
    let key = table
        .current
        .as_ref()
        .map(|m| (m.seed, m.version, table.declined.len(), table.held()));
    // Held (the player reads the tour, Help or the rules): no bot is asked; one asked before
    // is dropped by the table.
    let current = table.current.clone().filter(|_| !table.held());
    let declined = table.declined.clone();
    let dispatcher = table.dispatcher();
    let bridge = bridge.clone();
    use_effect_with(key, move |_| {
        let Some(m) = current else { return };
        match m.next_bot(&declined) {
            Some(BotTurn::NextRound) => {
                let pause = u64::from(m.options.speed.pause_ms()) * 3;
                spawn_local(async move {
                    sleep(Duration::from_millis(pause)).await;
                    dispatcher.dispatch(Msg::NextRound);
                });
            }
            Some(BotTurn::Decide { seat, out_of_turn }) => {
                let version = m.version;
                let pause_ms = u64::from(m.options.speed.pause_ms());
                let reaction_ms = u64::from(m.options.speed.reaction_ms());
                let seed = m.seed ^ (version << 8) ^ u64::from(seat);
                let worker = bridge.fork();
                spawn_local(async move {
                    // The question is written in a task of its own, not in the move's.
                    let pause = if out_of_turn {
                        0
                    } else if m.person_may_act_out_of_turn() {
                        pause_ms.max(reaction_ms)
                    } else {
                        pause_ms
                    };
                    sleep(Duration::from_millis(pause)).await;
                    let request = decide(&m, seat, m.options.level_of(seat), out_of_turn, seed);
                    let answered = Rc::new(Cell::new(false));
                    let deliver = move |reply: BotReply| {
                        let dispatcher = dispatcher.clone();
                        async move {
                            match reply {
                                BotReply::Decided(Some(action)) => {
                                    // A bot takes a chance out of turn (a catch, its own
                                    // late UNO call, a jump-in) no faster than a person
                                    // would: the person's window to call, catch or play
                                    // first is as long as a bot's, as in a room.
                                    if out_of_turn {
                                        sleep(Duration::from_millis(reaction_ms)).await;
                                    }
                                    dispatcher.dispatch(Msg::Apply { version, action });
                                }
                                BotReply::Decided(None) => {
                                    dispatcher.dispatch(Msg::Decline { version, seat });
                                }
                                BotReply::Ready { .. } => {}
                            }
                        }
                    };
                    if let Some(mut worker) = worker {
                        let (answered, bridge, deliver) =
                            (answered.clone(), bridge.clone(), deliver.clone());
                        let request = request.clone();
                        spawn_local(async move {
                            let reply = worker.run(request).await;
                            bridge.stalled.set(false);
                            if !answered.replace(true) {
                                deliver(reply).await;
                            }
                        });
                    }
                    if !bridge.stalled.get() {
                        sleep(Duration::from_millis(WORKER_PATIENCE_MS)).await;
                    }
                    if !answered.replace(true) {
                        bridge.stalled.set(true);
                        status.set(Some(PLAYING_HERE.into()));
                        deliver(BotReply::Decided(decide_here(&request))).await;
                    }
                });
            }
            None => {}
        }
    });
}

/// The easy bot's answer to `request` (medium's out of turn), on the page: for a worker that
/// never answers. The easy bot, not medium, because this code is in the first load: medium's
/// reading of the table would add 6 KB to it, for a page that has already failed once.
fn decide_here(request: &BotRequest) -> Option<uno_engine::Action> {
    let BotRequest::Decide {
        seed,
        out_of_turn,
        view,
        legal,
        ..
    } = request
    else {
        return None;
    };
    if legal.is_empty() {
        None
    } else if *out_of_turn {
        uno_bots::policy::medium_out_of_turn(legal)
    } else {
        let mut rng = uno_engine::Rng::new(*seed);
        Some(uno_bots::policy::easy(view.hand.len(), legal, &mut rng))
    }
}

/// Asks the hard bot what the player should do; its answer arrives as `Msg::Hint`.
pub fn ask_hint(m: &Match, bridge: &Bridge, dispatcher: UseReducerDispatcher<TableState>) {
    let request = decide(
        m,
        m.viewer,
        uno_bots::Level::Hard,
        false,
        m.seed ^ m.version,
    );
    if matches!(&request, BotRequest::Decide { legal, .. } if legal.is_empty()) {
        return;
    }
    if bridge.stalled.get() {
        dispatcher.dispatch(Msg::Notice(Some(NO_HINT.into())));
        return;
    }
    let Some(mut worker) = bridge.fork() else {
        return;
    };
    let version = m.version;
    spawn_local(async move {
        if let BotReply::Decided(Some(action)) = worker.run(request).await {
            dispatcher.dispatch(Msg::Hint { version, action });
        }
    });
}

/// A decision for `seat`, from what that seat may know: its view and its legal actions.
fn decide(m: &Match, seat: u8, level: uno_bots::Level, out_of_turn: bool, seed: u64) -> BotRequest {
    BotRequest::Decide {
        level,
        seed,
        out_of_turn,
        view: Box::new(m.game.view(seat)),
        legal: m.game.legal_actions_for(seat),
    }
}
