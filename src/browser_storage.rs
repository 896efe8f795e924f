//! The browser's `localStorage`, where the browser gives one. A browser may refuse it (storage
//! blocked for the site, some private windows: reading `window.localStorage` then throws).
//! There nothing is read, writes are dropped, and the page plays on, keeping nothing between
//! visits (`available` says so, for the page to tell the player), instead of stopping.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

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

/// The version a kept JSON text says it was written in (its `version` key), read without the
/// rest: a newer version's text may hold what this page cannot read. 0: none, or no JSON.
#[must_use]
pub fn version_of(text: &str) -> u32 {
    #[derive(Deserialize)]
    struct Stamp {
        #[serde(default)]
        version: u32,
    }
    serde_json::from_str::<Stamp>(text).map_or(0, |s| s.version)
}

/// The words a kept JSON `text` is written in, into `words`: every key (a nested one after its
/// parent's, `parent.key`; an array's items' as `key[]`) and every string value as
/// `key=value`, but for the keys in `free` (names a person typed). Tests compare them with
/// those of the version kept (`OPTIONS_VERSION`, `RECORD_VERSION`).
#[cfg(test)]
pub fn words_of(text: &str, free: &[&str], words: &mut std::collections::BTreeSet<String>) {
    fn walk(
        value: &serde_json::Value,
        path: &str,
        free: &[&str],
        words: &mut std::collections::BTreeSet<String>,
    ) {
        match value {
            serde_json::Value::Object(keys) => {
                for (key, value) in keys {
                    let key = if path.is_empty() {
                        key.clone()
                    } else {
                        format!("{path}.{key}")
                    };
                    words.insert(key.clone());
                    walk(value, &key, free, words);
                }
            }
            serde_json::Value::Array(items) => {
                for item in items {
                    walk(item, &format!("{path}[]"), free, words);
                }
            }
            serde_json::Value::String(value) if !free.contains(&path) => {
                words.insert(format!("{path}={value}"));
            }
            _ => {}
        }
    }
    walk(&serde_json::from_str(text).expect("JSON"), "", free, words);
}

/// Asserts that `words` (see `words_of`) are those of the last entry of `kept_words`, the words
/// of each version of what is kept (`version`, the constant that says which one).
#[cfg(test)]
pub fn assert_kept_words(
    words: &std::collections::BTreeSet<String>,
    kept_words: &[&str],
    version: &str,
) {
    let words = words
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" ");
    let last = kept_words.last().expect("a version");
    assert_eq!(
        words,
        last.split_whitespace().collect::<Vec<_>>().join(" "),
        "kept in other words than at the last version: raise {version} and add these words as \
         its entry of KEPT_WORDS (an older page can then tell that it must not write over them)"
    );
}
