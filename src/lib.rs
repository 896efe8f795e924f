//! The browser game: a Yew app (`app`) and the Web Worker where the bots think (`worker`).
//! The rules live in the `uno-engine` crate; nothing here decides what is legal. Components
//! see the game only through the seam in `table`.

/// The page's allocator (the solo app's and the online app's, each single-threaded): talc
/// instead of Rust's default dlmalloc, 3 KB less of each download gzipped. The bots' worker
/// keeps dlmalloc, with which the hard bot's playouts run about 5% faster in wasm.
#[macro_export]
macro_rules! page_allocator {
    () => {
        #[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
        #[global_allocator]
        static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
    };
}

pub mod app;
pub mod awake;
pub mod back;
pub mod bots;
pub mod browser_storage;
pub mod components;
pub mod later;
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
