//! The app mounted in real headless Chromium (wasm-bindgen-test): what a player sees first and
//! what "New game" changes. Native `cargo test` skips this file.
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
