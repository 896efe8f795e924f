//! The browser game: a Yew app (`app`) and the Web Worker where the bots think (`worker`).
//! The rules live in the `uno-engine` crate; nothing here decides what is legal.

pub mod app;
pub mod components;
pub mod model;
pub mod state;
pub mod worker;
