//! The Web Worker's entry point: the bots answer requests here, off the main thread.
use gloo_worker::Registrable;

fn main() {
    uno_web::worker::BotWorker::registrar()
        .encoding::<uno_web::worker::Json>()
        .register();
}
