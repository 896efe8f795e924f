//! The page's entry point: mount the app on the body.
fn main() {
    yew::Renderer::<uno_web::app::App>::new().render();
}
