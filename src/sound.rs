//! The table's sounds, synthesized with WebAudio (no files to download), and a short vibration
//! on phones for what concerns the player (UNO, a catch, their turn). Which cue an event gets
//! is decided here from the engine's events; the page plays them only when sound is on.

use uno_engine::{Event, Face, Seat};

/// A sound of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Play,
    Draw,
    Shuffle,
    Skip,
    Reverse,
    DrawPenalty,
    Wild,
    Uno,
    Catch,
    YourTurn,
    RoundEnd,
    GameEnd,
}

impl Cue {
    /// Whether the phone also vibrates for this cue (it concerns the player).
    #[must_use]
    pub fn buzz(self) -> Option<&'static [u32]> {
        match self {
            Cue::Uno => Some(&[60]),
            Cue::Catch => Some(&[80, 60, 80]),
            Cue::YourTurn => Some(&[30]),
            _ => None,
        }
    }
}

/// The cues for one move's events, in order, at most three (a long chain is summed up by its
/// first sounds). `me` is the screen's seat: its turn coming gets a cue.
#[must_use]
pub fn cues(events: &[Event], me: Seat, my_turn_now: bool) -> Vec<Cue> {
    let mut out: Vec<Cue> = Vec::new();
    let mut push = |cue: Cue| {
        if out.last() != Some(&cue) {
            out.push(cue);
        }
    };
    for event in events {
        match event {
            Event::RoundStarted { .. } | Event::Reshuffled { .. } => push(Cue::Shuffle),
            Event::Played { card, .. } => push(match card.face() {
                Face::Skip => Cue::Skip,
                Face::Reverse => Cue::Reverse,
                Face::DrawTwo => Cue::DrawPenalty,
                Face::WildDrawFour | Face::WildGrayskull => Cue::DrawPenalty,
                f if card.is_wild() && f != Face::Number(0) => Cue::Wild,
                _ => Cue::Play,
            }),
            Event::Drew { .. } => push(Cue::Draw),
            Event::CalledUno { .. } => push(Cue::Uno),
            Event::Caught { .. } => push(Cue::Catch),
            Event::RoundEnded { .. } => push(Cue::RoundEnd),
            Event::GameWon { .. } => push(Cue::GameEnd),
            _ => {}
        }
    }
    // The end of a game is its last word.
    if out.contains(&Cue::GameEnd) {
        out.retain(|c| *c != Cue::RoundEnd);
    }
    out.truncate(3);
    let mine = events.first().and_then(actor) == Some(me);
    if my_turn_now && !mine && out.len() < 4 {
        out.push(Cue::YourTurn);
    }
    out
}

/// Who made the move an event starts.
fn actor(event: &Event) -> Option<Seat> {
    match *event {
        Event::Played { seat, .. }
        | Event::Drew { seat, .. }
        | Event::Passed { seat }
        | Event::CalledUno { seat }
        | Event::Caught { seat, .. }
        | Event::Challenged { seat, .. }
        | Event::Chose { seat, .. } => Some(seat),
        _ => None,
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::Cue;
    use std::cell::RefCell;
    use web_sys::{AudioContext, OscillatorType};

    thread_local! {
        static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    }

    /// One note: a frequency glide from `from` to `to` Hz over `len` seconds, `at` seconds
    /// from now, with a quick attack and decay so it never clicks.
    fn note(
        ctx: &AudioContext,
        at: f64,
        from: f32,
        to: f32,
        len: f64,
        wave: OscillatorType,
        volume: f32,
    ) {
        let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else {
            return;
        };
        let start = ctx.current_time() + at;
        osc.set_type(wave);
        let f = osc.frequency();
        let _ = f.set_value_at_time(from, start);
        let _ = f.exponential_ramp_to_value_at_time(to, start + len);
        let g = gain.gain();
        let _ = g.set_value_at_time(0.0001, start);
        let _ = g.exponential_ramp_to_value_at_time(volume, start + 0.01);
        let _ = g.exponential_ramp_to_value_at_time(0.0001, start + len);
        let _ = osc.connect_with_audio_node(&gain);
        let _ = gain.connect_with_audio_node(&ctx.destination());
        let _ = osc.start_with_when(start);
        let _ = osc.stop_with_when(start + len + 0.02);
    }

    fn sound(ctx: &AudioContext, cue: Cue, at: f64) {
        use OscillatorType::{Sawtooth, Sine, Square, Triangle};
        let n = |dt: f64, from: f32, to: f32, len: f64, wave, vol| {
            note(ctx, at + dt, from, to, len, wave, vol)
        };
        // Notes one after another, `gap` seconds apart, each `len` long (the last `last`).
        let tune =
            |notes: &[f32], gap: f64, len: f64, last: f64, wave: OscillatorType, vol: f32| {
                for (i, &f) in notes.iter().enumerate() {
                    let len = if i + 1 == notes.len() { last } else { len };
                    n(i as f64 * gap, f, f, len, wave, vol);
                }
            };
        match cue {
            Cue::Play => n(0.0, 520.0, 260.0, 0.09, Triangle, 0.25),
            Cue::Draw => n(0.0, 300.0, 520.0, 0.08, Sine, 0.2),
            Cue::Shuffle => {
                for i in 0..6 {
                    n(f64::from(i) * 0.045, 900.0, 600.0, 0.03, Square, 0.05);
                }
            }
            Cue::Skip => {
                n(0.0, 392.0, 392.0, 0.09, Square, 0.08);
                n(0.1, 262.0, 262.0, 0.14, Square, 0.08);
            }
            Cue::Reverse => {
                n(0.0, 300.0, 620.0, 0.12, Triangle, 0.2);
                n(0.12, 620.0, 300.0, 0.12, Triangle, 0.2);
            }
            Cue::DrawPenalty => n(0.0, 180.0, 110.0, 0.25, Sawtooth, 0.1),
            Cue::Wild => tune(&[523.0, 659.0, 784.0, 1047.0], 0.06, 0.12, 0.12, Sine, 0.18),
            Cue::Uno => {
                n(0.0, 880.0, 880.0, 0.3, Square, 0.07);
                n(0.0, 1320.0, 1320.0, 0.3, Sine, 0.12);
            }
            Cue::Catch => {
                n(0.0, 740.0, 740.0, 0.08, Square, 0.09);
                n(0.12, 740.0, 740.0, 0.08, Square, 0.09);
                n(0.24, 520.0, 330.0, 0.2, Sawtooth, 0.08);
            }
            Cue::YourTurn => n(0.0, 1175.0, 1175.0, 0.18, Sine, 0.12),
            Cue::RoundEnd => tune(&[523.0, 659.0, 784.0], 0.12, 0.2, 0.2, Triangle, 0.2),
            Cue::GameEnd => tune(
                &[523.0, 659.0, 784.0, 659.0, 1047.0],
                0.14,
                0.16,
                0.5,
                Triangle,
                0.22,
            ),
        }
    }

    /// Makes the audio context, inside a gesture of the player's (browsers start audio only
    /// there, and making one can take tens of milliseconds: not in the middle of a move).
    pub fn unlock() {
        CONTEXT.with(|c| {
            let mut c = c.borrow_mut();
            if c.is_none() {
                *c = AudioContext::new().ok();
            }
            if let Some(ctx) = c.as_ref() {
                let _ = ctx.resume();
            }
        });
    }

    pub fn play(cues: &[Cue]) {
        // Silent (and still) until the player has touched the page with sound on.
        let ready = CONTEXT.with(|c| {
            let c = c.borrow();
            let Some(ctx) = c.as_ref() else { return false };
            for (i, cue) in cues.iter().enumerate() {
                sound(ctx, *cue, i as f64 * 0.16);
            }
            true
        });
        if !ready {
            return;
        }
        let buzz: Vec<u32> = cues
            .iter()
            .filter_map(|c| c.buzz())
            .flatten()
            .copied()
            .collect();
        if !buzz.is_empty() {
            if let Some(w) = web_sys::window().filter(touched) {
                let pattern = js_sys::Array::new();
                for ms in buzz {
                    pattern.push(&ms.into());
                }
                let _ = w.navigator().vibrate_with_pattern(&pattern);
            }
        }
    }

    /// Whether the page has had a tap or a key (`navigator.userActivation`; a browser without it
    /// is trusted). A finger's press readies sound but is not one until it lifts, and a scroll
    /// never is: Chrome refuses a vibration before, and says so in the console.
    fn touched(w: &web_sys::Window) -> bool {
        let get = |o: &wasm_bindgen::JsValue, key: &str| js_sys::Reflect::get(o, &key.into()).ok();
        get(&w.navigator(), "userActivation")
            .filter(|a| a.is_object())
            .and_then(|a| get(&a, "hasBeenActive"))
            .and_then(|v| v.as_bool())
            .unwrap_or(true)
    }
}

/// Readies sound from a gesture of the player's (a tap, a key), when sound is on.
pub fn unlock() {
    #[cfg(target_arch = "wasm32")]
    web::unlock();
}

/// The events that may start sound: a finger's press grants it only when lifted (`pointerup`,
/// `click`; Safari on an iPhone starts audio on nothing earlier), a mouse's and a key's at once.
const GESTURES: [&str; 4] = ["pointerdown", "pointerup", "click", "keydown"];

/// While `on`, readies sound at the player's gestures (`unlock`): each app's root calls it, the
/// solo page and the online page alike, or the cues it plays are never heard.
#[yew::hook]
pub fn use_unlock(on: bool) {
    yew::use_effect_with(on, move |on| {
        let listener = on.then(|| wasm_bindgen::closure::Closure::<dyn Fn()>::new(unlock));
        let document = gloo_utils::document();
        if let Some(l) = &listener {
            for kind in GESTURES {
                let _ = document.add_event_listener_with_callback(
                    kind,
                    wasm_bindgen::JsCast::unchecked_ref(l.as_ref()),
                );
            }
        }
        move || {
            if let Some(l) = listener {
                for kind in GESTURES {
                    let _ = document.remove_event_listener_with_callback(
                        kind,
                        wasm_bindgen::JsCast::unchecked_ref(l.as_ref()),
                    );
                }
            }
        }
    });
}

/// Plays `cues` one after another (and vibrates for those that concern the player).
pub fn play(cues: &[Cue]) {
    #[cfg(target_arch = "wasm32")]
    if !cues.is_empty() {
        web::play(cues);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = cues;
}

#[cfg(test)]
mod tests {
    use super::*;
    use uno_engine::{Card, Color};

    #[test]
    fn each_special_card_has_its_own_cue() {
        let played = |card| Event::Played {
            seat: 1,
            card,
            color: card.is_wild().then_some(Color::Red),
        };
        let cue = |card| cues(&[played(card)], 0, false);
        assert_eq!(cue(Card::number(Color::Red, 5)), vec![Cue::Play]);
        assert_eq!(cue(Card::skip(Color::Red)), vec![Cue::Skip]);
        assert_eq!(cue(Card::reverse(Color::Red)), vec![Cue::Reverse]);
        assert_eq!(cue(Card::draw_two(Color::Red)), vec![Cue::DrawPenalty]);
        assert_eq!(cue(Card::WILD_DRAW_FOUR), vec![Cue::DrawPenalty]);
        assert_eq!(cue(Card::WILD), vec![Cue::Wild]);
    }

    #[test]
    fn a_bots_move_ends_with_your_turn_but_yours_does_not() {
        let bot = [Event::Played {
            seat: 1,
            card: Card::number(Color::Red, 5),
            color: None,
        }];
        assert_eq!(cues(&bot, 0, true), vec![Cue::Play, Cue::YourTurn]);
        let mine = [Event::Drew {
            seat: 0,
            card: None,
        }];
        assert_eq!(cues(&mine, 0, true), vec![Cue::Draw]);
        let won = [
            Event::RoundEnded {
                winner: 1,
                points: 30,
            },
            Event::GameWon { winner: 1 },
        ];
        assert_eq!(cues(&won, 0, false), vec![Cue::GameEnd]);
    }
}
