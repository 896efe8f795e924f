//! The browser's `localStorage`, where the browser gives one. A browser may refuse it (storage
//! blocked for the site, some private windows: reading `window.localStorage` then throws).
//! There nothing is read, writes are dropped, and the page plays on, keeping nothing between
//! visits (`available` says so, for the page to tell the player), instead of stopping.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// What is kept under a key.
#[derive(Debug, PartialEq)]
pub enum Kept<T> {
    /// Nothing (or no storage at all).
    Nothing,
    Read(T),
    /// Something that does not read as a `T`: the raw text, to set aside.
    Unreadable(String),
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether this browser keeps anything between visits.
#[must_use]
pub fn available() -> bool {
    storage().is_some()
}

/// The text kept under `key`.
#[must_use]
pub fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Keeps `value` under `key`; whether it was kept (no storage, or it is full: not).
pub fn set(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

pub fn delete(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// The value kept under `key` as JSON.
#[must_use]
pub fn get_json<T: DeserializeOwned>(key: &str) -> Kept<T> {
    match get(key) {
        None => Kept::Nothing,
        Some(text) => match serde_json::from_str(&text) {
            Ok(value) => Kept::Read(value),
            Err(_) => Kept::Unreadable(text),
        },
    }
}

/// Keeps `value` under `key` as JSON; whether it was kept.
pub fn set_json<T: Serialize>(key: &str, value: &T) -> bool {
    serde_json::to_string(value).is_ok_and(|text| set(key, &text))
}
