//! A server upgraded in place reads the rooms the one before it kept: its players come back
//! with their tokens to the very table they left, and play on. `tests/saved/` holds, per
//! version that changed what a room keeps, rooms exactly as that version wrote them to its
//! file, with the tokens its players were given. (A change that fails this needs a
//! `serde(default)`, or a reading of the older shape: never a new fixture in place of the old.)

mod common;

use common::*;
use serde_json::{json, Value};
use std::time::Duration;
use uno_server::hub::unix_now;
use uno_server::protocol::unsaid;
use uno_server::store::{RoomStore, SqliteStore, StoredRoom};

const KEPT: [&str; 1] = [include_str!("saved/rooms-2026-11-28.json")];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rooms_an_earlier_version_kept_are_served_as_they_were_and_play_on() {
    for (n, text) in KEPT.iter().enumerate() {
        let fixture: Value = serde_json::from_str(text).unwrap();
        let db = db_path(&format!("earlier-{n}"));
        {
            let store = SqliteStore::open(&db).unwrap();
            for room in fixture["rooms"].as_array().unwrap() {
                let stored = StoredRoom {
                    code: room["code"].as_str().unwrap().into(),
                    json: room["kept"].as_str().unwrap().into(),
                    updated: unix_now(),
                };
                store.save(&stored).unwrap();
            }
        }
        let server = Server::start(quick(), &db).await;
        for room in fixture["rooms"].as_array().unwrap() {
            let about = &room["about"];
            let mut seen = Vec::new();
            for (seat, player) in room["players"].as_array().unwrap().iter().enumerate() {
                let mut c = server.client().await;
                c.send(json!({ "type": "resume", "room": room["code"], "token": player["token"] }))
                    .await;
                let joined = c.until("joined").await;
                assert_eq!(joined["seat"], json!(seat), "{about}");
                let state = c.until("room").await;
                assert_eq!(unsaid(&room["room"], &state), None, "{about}");
                if let Some(view) = player.get("view") {
                    let state = c.until("state").await;
                    assert_eq!(unsaid(view, &state["view"]), None, "{about}");
                    assert_eq!(state["version"], room["version"], "{about}");
                    seen.push((c, state));
                } else {
                    seen.push((c, Value::Null));
                }
            }
            // The seat to play plays on, and every seat hears of it.
            if room["version"].is_u64() {
                let (c, state) = seen
                    .iter_mut()
                    .find(|(_, s)| s["view"]["turn"] == s["view"]["seat"])
                    .expect("a person's turn");
                let action = pick(state["legal"].as_array().unwrap()).unwrap();
                c.send(json!({ "type": "act", "action": action })).await;
                let after = c
                    .until_that("the next state", |m| {
                        m["type"] == "state" && m["version"].as_u64() > room["version"].as_u64()
                    })
                    .await;
                assert_eq!(after["events"][0]["seat"], action["seat"], "{about}");
            } else {
                // A room not started yet starts.
                let (c, _) = &mut seen[0];
                c.send(json!({ "type": "start" })).await;
                c.until("state").await;
            }
        }
        server.stop();
    }
}

/// Writes today's rooms: `UNO_SAVED_OUT=crates/uno-server/tests/saved/rooms-DATE.json cargo
/// test -p uno-server --test earlier_rooms -- --ignored`, once for a version that changes
/// what a room keeps.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes a fixture"]
async fn write_todays_rooms() {
    let db = db_path("todays-rooms");
    let server = Server::start(quick(), &db).await;
    let mut rooms = Vec::new();
    // A round under way: two people and a bot, Spider-Man with house rules, a few moves in.
    {
        let mut ada = server.client().await;
        ada.send(json!({
            "type": "create", "name": "Ada",
            "rules": { "edition": "spider-man", "house_rules": { "jump_in": true, "seven_o": true, "stack_draw_twos": true } },
            "seats": ["human", "human", "medium"], "options": { "takeover_seconds": 0, "turn_seconds": 0 }
        }))
        .await;
        let joined = ada.until("joined").await;
        let (code, ada_token) = (joined["room"].clone(), joined["token"].clone());
        let (mut bo, _, bo_token) = join(&server, code.as_str().unwrap(), "Bo").await;
        ada.send(json!({ "type": "start" })).await;
        ada.until("state").await;
        bo.until("state").await;
        for _ in 0..12 {
            for c in [&mut ada, &mut bo] {
                while c.next_within(Duration::from_millis(30)).await.is_some() {}
                let state = c.last_state().unwrap().clone();
                if state["view"]["turn"] == state["view"]["seat"] && !round_over(&state) {
                    if let Some(a) = pick(state["legal"].as_array().unwrap()) {
                        c.send(json!({ "type": "act", "action": a })).await;
                    }
                }
            }
        }
        // Left at a person's turn (a bot's would be played at once on restoring).
        loop {
            while ada.next_within(Duration::from_millis(100)).await.is_some() {}
            while bo.next_within(Duration::from_millis(100)).await.is_some() {}
            let state = ada.last_state().unwrap().clone();
            if state["view"]["turn"] != 2 && !round_over(&state) {
                break;
            }
            let c = if state["view"]["turn"] == 0 {
                &mut ada
            } else {
                &mut bo
            };
            let state = c.last_state().unwrap().clone();
            c.send(json!({ "type": "act", "action": pick(state["legal"].as_array().unwrap()) }))
                .await;
        }
        let room = ada
            .seen
            .iter()
            .rev()
            .find(|m| m["type"] == "room")
            .unwrap()
            .clone();
        let (a, b) = (
            ada.last_state().unwrap().clone(),
            bo.last_state().unwrap().clone(),
        );
        rooms.push(json!({
            "about": "a round under way: two people and a medium bot, Spider-Man, house rules",
            "code": code, "version": a["version"], "room": room,
            "players": [{ "token": ada_token, "view": a["view"] }, { "token": bo_token, "view": b["view"] }],
        }));
    }
    // A room not started: its maker and one who joined.
    {
        let (ada, code, ada_token) = create(
            &server,
            json!(["human", "human", "easy", "hard"]),
            json!({}),
        )
        .await;
        let (mut bo, _, bo_token) = join(&server, &code, "Bo").await;
        let room = bo.until("room").await;
        drop(ada);
        rooms.push(json!({
            "about": "a room not started: two people of four seats",
            "code": code, "version": null, "room": room,
            "players": [{ "token": ada_token }, { "token": bo_token }],
        }));
    }
    // Who is connected is not kept: it is whoever has come back.
    for room in &mut rooms {
        for seat in room["room"]["seats"].as_array_mut().unwrap() {
            seat.as_object_mut().unwrap().remove("connected");
        }
    }
    // As the file holds them.
    let store = SqliteStore::open(&db).unwrap();
    let kept = store.load_all().unwrap();
    for room in &mut rooms {
        let stored = kept
            .iter()
            .find(|s| room["code"] == s.code.as_str())
            .unwrap();
        room["kept"] = json!(stored.json);
    }
    server.stop();
    let out = std::env::var("UNO_SAVED_OUT").expect("UNO_SAVED_OUT: where to write");
    let text = serde_json::to_string_pretty(&json!({ "rooms": rooms })).unwrap();
    std::fs::write(out, text + "\n").unwrap();
}
