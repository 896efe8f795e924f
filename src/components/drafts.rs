//! What a player has typed in a field and not yet left. A form's text and number fields show
//! the value of the state they change, and Yew puts that value back into a field whenever the
//! page is drawn; drawn between a keystroke and the field's change event (the phone put away
//! a moment, a message from the room server, another tab), the page would wipe what was typed,
//! and leaving the field would then change nothing. A field shows its draft instead, until
//! its change is made.

use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The drafts of one form's fields, by a name of each field (a few at most: a list). Kept across the form's renders
/// without causing one: a keystroke needs no drawing.
#[derive(Clone, Default)]
pub struct Drafts(Rc<RefCell<Vec<(String, String)>>>);

impl Drafts {
    /// What `field` shows: its draft, or else the value of the state it changes.
    #[must_use]
    pub fn shown(&self, field: &str, value: String) -> String {
        self.0
            .borrow()
            .iter()
            .find(|(f, _)| f == field)
            .map_or(value, |(_, draft)| draft.clone())
    }

    /// Keeps each keystroke in `field` as its draft.
    #[must_use]
    pub fn typed(&self, field: &str) -> Callback<InputEvent> {
        let (drafts, field) = (self.0.clone(), field.to_string());
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut drafts = drafts.borrow_mut();
            drafts.retain(|(f, _)| *f != field);
            drafts.push((field.clone(), value));
        })
    }

    /// `on_change` for `field`, once its draft is let go: from then the state shows.
    #[must_use]
    pub fn left(&self, field: &str, on_change: Callback<Event>) -> Callback<Event> {
        let (drafts, field) = (self.0.clone(), field.to_string());
        Callback::from(move |e: Event| {
            drafts.borrow_mut().retain(|(f, _)| *f != field);
            on_change.emit(e);
        })
    }
}

/// The drafts of the calling component's form.
#[hook]
pub fn use_drafts() -> Drafts {
    Drafts(use_mut_ref(Vec::new))
}
