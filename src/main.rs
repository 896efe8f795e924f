//! The page's entry point: the app takes the place of the static shell in `#app`.
uno_web::page_allocator!();

fn main() {
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
