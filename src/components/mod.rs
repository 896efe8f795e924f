//! The app's components, one a file. They see the game only as a `TableView` (crate::table)
//! and read the settings from the `Settings` context.
pub mod announce;
pub mod card;
pub mod dialogs;
pub mod drafts;
pub mod handover;
pub mod keys;
pub mod prompt;
pub mod rule_choices;
pub mod rules;
pub mod scoring;
pub mod setup;
pub mod sound_switch;
pub mod table;
pub mod tour;
