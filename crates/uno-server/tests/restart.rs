//! Killing the server (SIGKILL, mid-round) and starting it again on the same SQLite file loses
//! no game: the clients resume with their tokens, see what they saw, and play the round out.

mod common;

use common::*;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_restarts_from_its_file_and_the_round_goes_on() {
    let db = db_path("restart");
    let (mut server, url) = spawn_binary(
        env!("CARGO_BIN_EXE_uno-server"),
        &db,
        &["--bot-delay-ms", "0", "--reaction-ms", "0"],
    );
    let mut ada = Client::connect(&url).await;
    ada.send(json!({
        "type": "create", "name": "Ada", "rules": { "edition": "classic" },
        "seats": ["human", "human"], "options": { "takeover_seconds": 0 }
    }))
    .await;
    let joined = ada.until("joined").await;
    let (code, ada_token) = (joined["room"].clone(), joined["token"].clone());
    let mut bo = Client::connect(&url).await;
    bo.send(json!({ "type": "join", "room": code, "name": "Bo" }))
        .await;
    let bo_token = bo.until("joined").await["token"].clone();
    ada.send(json!({ "type": "start" })).await;
    ada.until("state").await;
    bo.until("state").await;
    // A few moves, then the kill.
    for _ in 0..6 {
        for c in [&mut ada, &mut bo] {
            while c.next_within(Duration::from_millis(20)).await.is_some() {}
            let state = c.last_state().unwrap().clone();
            let seat = state["view"]["seat"].clone();
            if state["view"]["turn"] == seat && !round_over(&state) {
                if let Some(a) = pick(state["legal"].as_array().unwrap()) {
                    c.send(json!({ "type": "act", "action": a })).await;
                }
            }
        }
    }
    while ada.next_within(Duration::from_millis(50)).await.is_some() {}
    while bo.next_within(Duration::from_millis(50)).await.is_some() {}
    let ada_before = ada.last_state().unwrap().clone();
    let bo_before = bo.last_state().unwrap().clone();
    assert!(
        ada_before["version"].as_u64().unwrap() > 1,
        "moves were made"
    );
    server.kill().expect("SIGKILL");
    server.wait().unwrap();
    // The file (and its write-ahead log) holds the tokens' digests, never a token.
    let mut stored = Vec::new();
    for suffix in ["", "-wal"] {
        if let Ok(bytes) = std::fs::read(format!("{}{suffix}", db.display())) {
            stored.extend(bytes);
        }
    }
    let stored = String::from_utf8_lossy(&stored);
    assert!(stored.contains("sha256:"), "the seats are stored");
    for token in [&ada_token, &bo_token] {
        assert!(
            !stored.contains(token.as_str().unwrap()),
            "a token in the file"
        );
    }

    let (mut server, url) = spawn_binary(
        env!("CARGO_BIN_EXE_uno-server"),
        &db,
        &["--bot-delay-ms", "0", "--reaction-ms", "0"],
    );
    let mut ada = Client::connect(&url).await;
    ada.send(json!({ "type": "resume", "room": code, "token": ada_token }))
        .await;
    assert_eq!(ada.until("joined").await["seat"], 0);
    let ada_after = ada.until("state").await;
    let mut bo = Client::connect(&url).await;
    bo.send(json!({ "type": "resume", "room": code, "token": bo_token }))
        .await;
    assert_eq!(bo.until("joined").await["seat"], 1);
    let bo_after = bo.until("state").await;
    assert_eq!(ada_after["version"], ada_before["version"]);
    assert_eq!(
        ada_after["view"], ada_before["view"],
        "Ada sees what she saw"
    );
    assert_eq!(bo_after["view"], bo_before["view"], "Bo sees what he saw");
    play_round(&mut [(&mut ada, 0), (&mut bo, 1)], 3000).await;
    server.kill().unwrap();
    server.wait().unwrap();
}

/// A host stops the server with SIGTERM (systemd, Docker): it stops cleanly, status 0, with a
/// connection open, and its rooms are there when it starts again. Meanwhile its log said
/// what the room did, by its code alone.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_server_cleanly_and_keeps_its_rooms() {
    let db = db_path("sigterm");
    let (mut server, url, log) = spawn_binary_logged(env!("CARGO_BIN_EXE_uno-server"), &db, &[]);
    let mut ada = Client::connect(&url).await;
    ada.send(json!({
        "type": "create", "name": "Ada", "rules": { "edition": "masters" },
        "seats": ["human", "medium"]
    }))
    .await;
    let code = ada.until("joined").await["room"].clone();
    ada.send(json!({ "type": "start" })).await;
    ada.until("state").await;
    let said = format!(
        "uno-server: room {0} made: 2 seats, Masters of the Universe (rooms running: 1)\nuno-server: room {0}: a game begins",
        code.as_str().unwrap()
    );
    for _ in 0..100 {
        if log.lock().unwrap().join("\n") == said {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(log.lock().unwrap().join("\n"), said, "no name, no token");
    let pid = libc::pid_t::try_from(server.id()).expect("a pid");
    // SAFETY: kill(2) with the pid of the child this test started and owns.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0, "SIGTERM sent");
    let mut status = None;
    for _ in 0..100 {
        status = server.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let Some(status) = status else {
        server.kill().unwrap();
        panic!("still running 5 s after SIGTERM");
    };
    assert_eq!(
        status.code(),
        Some(0),
        "a clean stop, not death by the signal"
    );

    let (mut server, url) = spawn_binary(env!("CARGO_BIN_EXE_uno-server"), &db, &[]);
    let mut eve = Client::connect(&url).await;
    eve.send(json!({ "type": "watch", "room": code })).await;
    assert_eq!(eve.until("joined").await["room"], code);
    server.kill().unwrap();
    server.wait().unwrap();
}

/// What the host must act on is in the log once, however often it happens: a site's origin
/// refused (with the option that lets it in), an address at its room cap (the one to block).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_is_told_once_of_a_refused_origin_and_of_an_address_at_its_cap() {
    let db = db_path("told-once");
    let (mut server, url, log) = spawn_binary_logged(
        env!("CARGO_BIN_EXE_uno-server"),
        &db,
        &["--forwarded-for", "--rooms-per-address", "1"],
    );
    for _ in 0..3 {
        let mut page = Client::connect_with_header(&url, "origin", "https://cards.example").await;
        assert!(page.refused_at_once().await.is_some());
    }
    let mut flood = Client::connect_with_header(&url, "x-forwarded-for", "203.0.113.7").await;
    let create = json!({
        "type": "create", "name": "Ada", "rules": { "edition": "classic" },
        "seats": ["human", "human"]
    });
    flood.send(create.clone()).await;
    let code = flood.until("joined").await["room"]
        .as_str()
        .unwrap()
        .to_string();
    for _ in 0..3 {
        flood.refused(create.clone()).await;
    }
    let said = format!(
        "uno-server: pages from https://cards.example were refused; if that is this game's \
         site, start the server with --allow-origin https://cards.example\n\
         uno-server: room {code} made: 2 seats, Classic (rooms running: 1)\n\
         uno-server: 203.0.113.7 keeps as many rooms as an address may (1): more are refused \
         (said once for each address)"
    );
    for _ in 0..100 {
        if log.lock().unwrap().join("\n") == said {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(log.lock().unwrap().join("\n"), said);
    server.kill().unwrap();
    server.wait().unwrap();
}
