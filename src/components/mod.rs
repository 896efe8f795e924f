//! The app's components, one a file.
pub mod card;
pub mod rules;
pub mod setup;
pub mod table;
