//! The room server under load, on loopback only, bounded in rooms and time: it starts the real
//! `uno-server` binary on an ephemeral port, opens N rooms, each of one scripted client and
//! three medium bots playing whole rounds, and prints the concurrent rooms, the actions per
//! second (people's and bots'), p50/p99 from a client's action to the state that answers it,
//! and the server's memory. Stops by itself.
//!
//! `cargo bench -p uno-server --bench load -- [--rooms N] [--seconds S] [--think-ms T]
//!  [--bot-delay-ms B]`

#[path = "../tests/common/mod.rs"]
mod common;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

struct Args {
    rooms: usize,
    seconds: u64,
    think_ms: u64,
    bot_delay_ms: u64,
}

fn args() -> Args {
    let mut a = Args {
        rooms: 1000,
        seconds: 20,
        think_ms: 300,
        bot_delay_ms: 300,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut v = || it.next().and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        match k.as_str() {
            "--rooms" => a.rooms = v().clamp(1, 5000) as usize,
            "--seconds" => a.seconds = v().clamp(1, 600),
            "--think-ms" => a.think_ms = v(),
            "--bot-delay-ms" => a.bot_delay_ms = v(),
            _ => {} // cargo bench passes --bench
        }
    }
    a
}

/// The server's resident memory now and at its peak, in MB (Linux).
fn memory(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse::<f64>().ok())
            .unwrap_or(0.0)
            / 1024.0
    };
    (kb("VmRSS:"), kb("VmHWM:"))
}

#[derive(Default)]
struct Tally {
    /// Microseconds from a client's action to the state that answered it.
    latencies: Mutex<Vec<u64>>,
    /// Every state received (each is one accepted action or deal, people's and bots').
    states: AtomicU64,
    rounds: AtomicU64,
    errors: AtomicU64,
}

/// One room: create it, start it, and play its seat until `end`.
async fn room(
    url: String,
    end: Instant,
    measure_from: Instant,
    think: Duration,
    tally: Arc<Tally>,
) {
    let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await else {
        tally.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let create = json!({"type": "create", "name": "Load", "rules": {"edition": "classic"},
        "seats": ["human", "medium", "medium", "medium"], "options": {"takeover_seconds": 0}});
    let _ = ws.send(Message::Text(create.to_string().into())).await;
    let _ = ws
        .send(Message::Text(json!({"type": "start"}).to_string().into()))
        .await;
    let mut sent_at: Option<(Instant, u64)> = None;
    while Instant::now() < end {
        let left = end.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(message))) = tokio::time::timeout(left, ws.next()).await else {
            break;
        };
        let Message::Text(text) = message else {
            continue;
        };
        let m: Value = serde_json::from_str(text.as_str()).unwrap_or_default();
        match m["type"].as_str() {
            Some("state") => {}
            Some("error") => {
                tally.errors.fetch_add(1, Ordering::Relaxed);
                sent_at = None;
                continue;
            }
            _ => continue,
        }
        let now = Instant::now();
        let measuring = now >= measure_from;
        if measuring {
            tally.states.fetch_add(1, Ordering::Relaxed);
        }
        let version = m["version"].as_u64().unwrap_or(0);
        if let Some((at, v)) = sent_at {
            if version > v {
                if measuring {
                    tally
                        .latencies
                        .lock()
                        .unwrap()
                        .push(now.duration_since(at).as_micros() as u64);
                }
                sent_at = None;
            }
        }
        if m["view"]["pending"]["pending"] == "round_over" {
            if measuring {
                tally.rounds.fetch_add(1, Ordering::Relaxed);
            }
            let again = if m["view"]["pending"]["outcome"]["game_winner"].is_null() {
                "next_round"
            } else {
                "start"
            };
            tokio::time::sleep(think).await;
            let _ = ws
                .send(Message::Text(json!({"type": again}).to_string().into()))
                .await;
            continue;
        }
        let legal = m["legal"].as_array().cloned().unwrap_or_default();
        let mine = m["view"]["turn"] == m["view"]["seat"];
        if !mine || legal.is_empty() || sent_at.is_some() {
            continue;
        }
        let action = legal
            .iter()
            .find(|a| a["do"] == "play")
            .or_else(|| legal.iter().find(|a| a["do"] != "catch"))
            .cloned()
            .unwrap_or(Value::Null);
        tokio::time::sleep(think).await;
        sent_at = Some((Instant::now(), version));
        let _ = ws
            .send(Message::Text(
                json!({"type": "act", "action": action}).to_string().into(),
            ))
            .await;
    }
    let _ = ws.close(None).await;
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

fn main() {
    let a = args();
    let dir = std::env::temp_dir().join(format!("uno-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("rooms.sqlite");
    let bot_delay = a.bot_delay_ms.to_string();
    // Its log, a line or two a room, is gathered rather than shown; what went wrong is shown.
    let (mut server, url, log) = common::spawn_binary_logged(
        env!("CARGO_BIN_EXE_uno-server"),
        &db,
        &[
            "--reaction-ms",
            "300",
            "--round-pause-ms",
            "3600000",
            "--bot-delay-ms",
            &bot_delay,
        ],
    );
    let pid = server.id();

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let tally = Arc::new(Tally::default());
    let started = Instant::now();
    // Rooms open over the first few seconds; measuring starts once all are open.
    let ramp = Duration::from_secs(3);
    let measure_from = started + ramp + Duration::from_secs(2);
    let end = measure_from + Duration::from_secs(a.seconds);
    runtime.block_on(async {
        let mut tasks = Vec::new();
        for i in 0..a.rooms {
            let delay = ramp.mul_f64(i as f64 / a.rooms as f64);
            let (url, tally) = (url.clone(), tally.clone());
            let think = Duration::from_millis(a.think_ms);
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep(delay).await;
                room(url, end, measure_from, think, tally).await;
            }));
        }
        for t in tasks {
            let _ = t.await;
        }
    });
    let (rss, peak) = memory(pid);
    let _ = server.kill();
    let _ = server.wait();
    for line in log.lock().unwrap().iter() {
        if !line.contains(" made: ") && !line.ends_with(": a game begins") {
            eprintln!("{line}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);

    let mut lat = std::mem::take(&mut *tally.latencies.lock().unwrap());
    lat.sort_unstable();
    let secs = a.seconds as f64;
    println!(
        "uno-server load: {} rooms (1 scripted client + 3 medium bots each), {} s measured",
        a.rooms, a.seconds
    );
    println!(
        "  client think {} ms, bot delay {} ms; server and clients on one machine, loopback",
        a.think_ms, a.bot_delay_ms
    );
    println!("  concurrent rooms      {}", a.rooms);
    println!("  actions per second    {:.0} (every accepted action and deal, each saved to SQLite before it is told)", tally.states.load(Ordering::Relaxed) as f64 / secs);
    println!("  client actions/s      {:.0}", lat.len() as f64 / secs);
    println!(
        "  rounds finished       {}",
        tally.rounds.load(Ordering::Relaxed)
    );
    println!("  action -> state  p50  {:.2} ms", percentile(&lat, 0.50));
    println!("  action -> state  p99  {:.2} ms", percentile(&lat, 0.99));
    println!("  action -> state  max  {:.2} ms", percentile(&lat, 1.0));
    println!("  server memory         {rss:.0} MB resident at the end, {peak:.0} MB at its peak");
    println!(
        "  errors                {}",
        tally.errors.load(Ordering::Relaxed)
    );
}
