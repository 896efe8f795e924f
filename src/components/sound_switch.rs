//! The Sound switch in both pages' bars (alone against bots and in a room): sound and
//! vibration on or off, remembered in this browser apart from any game's options, and the
//! audio readied at the player's first gesture while it is on.

use yew::prelude::*;

use crate::browser_storage as kept;

/// Where the switch is kept: "off", or anything else for on.
pub const SOUND_KEY: &str = "uno-table.sound";

/// Whether sound is on, and the click that turns it over (and keeps the choice).
#[hook]
pub fn use_sound() -> (bool, Callback<MouseEvent>) {
    let sound = use_state(|| kept::get(SOUND_KEY).as_deref() != Some("off"));
    crate::sound::use_unlock(*sound);
    let toggle = {
        let sound = sound.clone();
        Callback::from(move |_: MouseEvent| {
            let on = !*sound;
            if on {
                // A click is a gesture: sound turned on is heard from this move on.
                crate::sound::unlock();
            }
            kept::set(SOUND_KEY, if on { "on" } else { "off" });
            sound.set(on);
        })
    };
    (*sound, toggle)
}

/// The switch: a speaker, struck through when off, and the word "Sound" (shown or, where the
/// bar is narrow, only read out); its state is `aria-pressed`. (A function, not a component:
/// it keeps no state of its own, and a component's machinery costs the first load.)
pub fn sound_switch(on: bool, on_toggle: Callback<MouseEvent>) -> Html {
    html! {
        <button class="secondary sound-toggle" aria-pressed={on.to_string()} onclick={on_toggle}>
            <svg class="sound-icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
                <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>
                <path class="sound-on" d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11"/>
                <path class="sound-off" d="M16 9l5 6M21 9l-5 6"/>
            </svg>
            <span class="sound-label">{ "Sound" }</span>
        </button>
    }
}
