//! Fuzzing the server's handling of input without a network: random and mutated messages go
//! through `protocol::parse` and, when they parse, into a room as its task would pass them.
//! Nothing may panic, and a refused request must leave the room exactly as it was.

use std::time::Instant;
use uno_engine::Rng;
use uno_server::protocol::{parse, Request, RoomOptions, SeatKindSpec};
use uno_server::room::{NewRoom, Room};

const TEMPLATES: [&str; 13] = [
    r#"{"type":"create","name":"Ada","rules":{"edition":"classic"},"seats":["human","easy","medium"]}"#,
    r#"{"type":"join","room":"BCD234","name":"Bo","seat":1}"#,
    r#"{"type":"watch","room":"BCD234"}"#,
    r#"{"type":"resume","room":"BCD234","token":"00112233445566778899aabbccddeeff"}"#,
    r#"{"type":"start"}"#,
    r#"{"type":"act","action":{"seat":0,"do":"draw"}}"#,
    r#"{"type":"act","action":{"seat":1,"do":"play","card":"r5"}}"#,
    r#"{"type":"act","action":{"seat":2,"do":"play","card":"w","color":"red"}}"#,
    r#"{"type":"act","action":{"seat":0,"do":"catch","target":1}}"#,
    r#"{"type":"react","emote":"👍"}"#,
    r#"{"type":"leave"}"#,
    r#"{"type":"next_round"}"#,
    r#"{"type":"free_seat","seat":1}"#,
];

/// A random change to `text`: a byte cut, doubled, swapped for another printable one, or a
/// digit changed (seat numbers, cards).
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(3) {
        if bytes.is_empty() {
            break;
        }
        let i = rng.below(bytes.len());
        match rng.below(4) {
            0 => {
                bytes.remove(i);
            }
            1 => bytes.insert(i, bytes[i]),
            2 => bytes[i] = 32 + rng.below(95) as u8,
            _ => {
                if let Some(d) = bytes.iter().position(u8::is_ascii_digit) {
                    bytes[d] = b'0' + rng.below(10) as u8;
                }
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn no_input_panics_the_server_and_a_refusal_changes_nothing() {
    let mut rng = Rng::new(2026);
    let t = (Instant::now(), 1);
    let asked = NewRoom {
        name: "Ada",
        rules: uno_engine::Rules::default(),
        seats: &[
            SeatKindSpec::Human,
            SeatKindSpec::Human,
            SeatKindSpec::Medium,
        ],
        options: RoomOptions::default(),
    };
    let mut room = Room::create(&asked, "BCD234".into(), "t0".into(), 11, t).unwrap();
    let (mut parsed, mut accepted, mut refused) = (0, 0, 0);
    for i in 0..30_000 {
        let text = match i % 3 {
            0 => (0..rng.below(80))
                .map(|_| char::from(rng.below(128) as u8))
                .collect(),
            _ => mutate(TEMPLATES[rng.below(TEMPLATES.len())], &mut rng),
        };
        let Ok(request) = parse(&text) else { continue };
        parsed += 1;
        let seat = rng.below(4) as u8;
        let before = serde_json::to_string(&room).unwrap();
        let result = match request {
            Request::Join { name, seat, .. } => room.join(&name, seat, format!("t{i}")).map(|_| ()),
            Request::Start => room.start(seat, t),
            Request::Act { action } if usize::from(seat) < room.seats.len() => {
                room.act(seat, action, t)
            }
            Request::NextRound => room.next_round(t),
            Request::FreeSeat { seat: freed } => room.free_seat(seat, freed),
            Request::Leave if usize::from(seat) < room.seats.len() => {
                room.leave(seat);
                Ok(())
            }
            _ => continue,
        };
        match result {
            Ok(()) => accepted += 1,
            Err(message) => {
                refused += 1;
                assert!(!message.is_empty());
                assert_eq!(
                    serde_json::to_string(&room).unwrap(),
                    before,
                    "{text}: {message}"
                );
            }
        }
        // Keep the game moving so that actions meet every phase.
        if let Some(game) = room.game.as_ref() {
            let legal = game.legal_actions();
            if let Some(&a) = legal.first() {
                room.act(a.seat(), a, t).unwrap();
            }
        }
    }
    assert!(
        parsed > 2000 && accepted > 100 && refused > 500,
        "{parsed} {accepted} {refused}"
    );
}
