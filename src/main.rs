//! The page's entry point: the app takes the place of the static shell in `#app`.
uno_web::page_allocator!();

fn main() {
    // The app mounts in a task of its own, not in the one that instantiated the wasm: two
    // shorter tasks instead of one long one, between which the browser may paint or answer a
    // tap (on a phone each is some tens of milliseconds).
    uno_web::later::after_this_task(Box::new(mount));
}

fn mount() {
    let document = gloo_utils::document();
    match document.get_element_by_id("app") {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<uno_web::app::App>::with_root(root).render();
        }
        None => {
            yew::Renderer::<uno_web::app::App>::new().render();
        }
    }
}
