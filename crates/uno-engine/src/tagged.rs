//! Reading the engine's tagged enums (`{"event": "played", "seat": 1, ...}`) in one pass: each
//! enum reads every field any of its kinds has into one struct of options, then builds the kind
//! its tag names from the fields it needs. serde's own reading of an internally tagged enum
//! buffers each value and reads it again per kind: for `Event`, `Action` and `Phase` that was the
//! largest code in the page's wasm (a saved game holds them all), about 10 KB gzipped for
//! `Event` alone. Writing stays serde's own.

use serde::de;

/// The field `name`, which the kind being read needs.
pub(crate) fn need<T, E: de::Error>(field: Option<T>, name: &'static str) -> Result<T, E> {
    field.ok_or_else(|| E::missing_field(name))
}

/// The error for a tag that names no kind of `what` ("event", "action", "phase").
pub(crate) fn unknown<E: de::Error>(what: &str, tag: &str) -> E {
    E::custom(format!("unknown {what} `{tag}`"))
}
