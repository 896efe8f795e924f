//! The app mounted in real headless Chromium (wasm-bindgen-test): what a player sees first and
//! what "New game" changes; and the bot worker's logic run as wasm (32-bit, the browser's
//! clock, the JSON codec over `JsValue`) for a whole hand. Native `cargo test` skips this file.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;
use uno_web::app::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

fn mount() -> Element {
    let document = gloo_utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    root
}

async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(20)).await;
}

fn buttons(root: &Element) -> Vec<HtmlElement> {
    let list = root.query_selector_all("button").unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().dyn_into::<HtmlElement>().unwrap())
        .collect()
}

#[wasm_bindgen_test]
async fn start_screen_then_new_game_shows_the_table() {
    let root = mount();
    settle().await;

    let title = root.query_selector("h1").unwrap().unwrap();
    assert_eq!(title.text_content().unwrap(), "UNO Table");
    let new_game: Vec<_> = buttons(&root)
        .into_iter()
        .filter(|b| b.text_content().unwrap() == "New game")
        .collect();
    assert_eq!(new_game.len(), 1, "one New game button");
    assert!(root.query_selector(".table").unwrap().is_none());

    new_game[0].click();
    settle().await;

    let table = root
        .query_selector(".table h2")
        .unwrap()
        .expect("the table is shown");
    assert_eq!(table.text_content().unwrap(), "Table");
    assert!(
        root.query_selector(".start").unwrap().is_none(),
        "the start screen is gone"
    );
}

/// One request through the worker's codec and back, as the page and the worker pass it.
fn through_codec<T: serde::Serialize + serde::de::DeserializeOwned>(message: T) -> T {
    use gloo_worker::Codec;
    uno_web::worker::Json::decode(uno_web::worker::Json::encode(message))
}

#[wasm_bindgen_test]
fn the_worker_plays_a_hand_out_in_wasm_at_every_level() {
    use uno_bots::Level;
    use uno_engine::{Edition, Game, Rules};
    use uno_web::worker::{answer, BotReply, BotRequest};

    // The four levels at one table, each decision asked as the page asks the worker: the
    // request and the reply cross the JSON codec, and the hard level thinks against the
    // browser's clock (its 40 ms limit), as it does in the worker.
    let levels = [Level::Hard, Level::Medium, Level::Easy, Level::Random];
    let mut game = Game::deal(Rules::new(Edition::Classic), 4, 2026).unwrap();
    let mut decisions = [0u32; 4];
    for step in 0..1000u64 {
        if game.outcome().is_some() {
            break;
        }
        let seat = game.turn();
        let legal = game.legal_actions_for(seat);
        let request = through_codec(BotRequest::Decide {
            level: levels[usize::from(seat)],
            seed: step,
            out_of_turn: false,
            view: Box::new(game.view(seat)),
            legal: legal.clone(),
        });
        let BotReply::Decided(Some(action)) = through_codec(answer(request, js_sys::Date::now))
        else {
            panic!("seat {seat} gave no action");
        };
        assert!(legal.contains(&action), "seat {seat} chose {action:?}");
        game.apply(action).expect("a legal action applies");
        decisions[usize::from(seat)] += 1;
    }
    let outcome = game
        .outcome()
        .expect("the hand ends within 1,000 decisions");
    assert!(game.hand(outcome.winner).is_empty(), "the winner went out");
    assert!(
        decisions.iter().all(|&d| d > 0),
        "every level decided: {decisions:?}"
    );
}
