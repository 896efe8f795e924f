//! The app shell: the start screen and, after "New game", the table.

use crate::worker::{BotReply, BotRequest, BotWorker};
use gloo_worker::Spawnable;
use yew::platform::spawn_local;
use yew::prelude::*;

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    Table,
}

#[function_component(App)]
pub fn app() -> Html {
    let screen = use_state(|| Screen::Start);
    let worker_status = use_state(|| None::<String>);

    // Start the bot worker once and show that it answered.
    {
        let worker_status = worker_status.clone();
        use_effect_with((), move |_| {
            spawn_local(async move {
                let mut bridge = BotWorker::spawner().as_module(false).spawn("./worker.js");
                let BotReply::Ready { editions } = bridge.run(BotRequest::Hello).await;
                worker_status.set(Some(format!(
                    "Opponents ready: {} editions",
                    editions.len()
                )));
            });
        });
    }

    let on_new_game = {
        let screen = screen.clone();
        Callback::from(move |_| screen.set(Screen::Table))
    };

    html! {
        <>
            <header class="top-bar">
                <h1>{ "UNO Table" }</h1>
                <p class="status" role="status">
                    { worker_status.as_deref().unwrap_or("Opponents warming up…") }
                </p>
            </header>
            <main>
                {
                    match *screen {
                        Screen::Start => html! {
                            <section class="start" aria-labelledby="start-title">
                                <h2 id="start-title">{ "Play against the computer" }</h2>
                                <p>{ "Five rule editions, house rules, and ColorADD symbols for colorblind players." }</p>
                                <button class="primary" onclick={on_new_game}>{ "New game" }</button>
                            </section>
                        },
                        Screen::Table => html! {
                            <section class="table" aria-labelledby="table-title">
                                <h2 id="table-title">{ "Table" }</h2>
                                <div class="piles">
                                    <div class="pile draw-pile">{ "Draw pile" }</div>
                                    <div class="pile discard-pile">{ "Discard pile" }</div>
                                </div>
                                <p>{ "The cards are being shuffled." }</p>
                            </section>
                        },
                    }
                }
            </main>
        </>
    }
}
