//! The browser game: a Yew app (`app`) and the Web Worker where the bots think (`worker`).
//! The rules live in the `uno-engine` crate; nothing here decides what is legal. Components
//! see the game only through the seam in `table`.

pub mod app;
pub mod awake;
pub mod back;
pub mod bots;
pub mod browser_storage;
pub mod components;
pub mod link;
pub mod online;
pub mod options;
pub mod qr;
pub mod record;
pub mod settings;
pub mod share_link;
pub mod sound;
pub mod state;
pub mod storage;
pub mod table;
pub mod tabs;
pub mod words;
pub mod worker;
