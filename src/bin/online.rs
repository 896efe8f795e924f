//! The online app's entry point (loaded by `boot.js` for `?online` and `?room=` links): it
//! takes the place of the static shell in `#app`.
uno_web::page_allocator!();

fn main() {
    // As the page's app: mounted in a task of its own, after the wasm's instantiation.
    uno_web::later::after_this_task(Box::new(mount));
}

fn mount() {
    match gloo_utils::document().get_element_by_id("app") {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<uno_web::online::OnlineApp>::with_root(root).render();
        }
        None => {
            yew::Renderer::<uno_web::online::OnlineApp>::new().render();
        }
    }
}
