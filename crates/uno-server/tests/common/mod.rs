//! A room server on an ephemeral loopback port and WebSocket clients for it. Every wait is
//! bounded: a message that does not come fails the test within seconds.

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uno_server::room::Pace;
use uno_server::store::{RoomStore, SqliteStore};
use uno_server::{router, Config, Hub};

pub const WAIT: Duration = Duration::from_secs(10);

/// A fresh SQLite file for one test.
pub fn db_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("uno-server-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.sqlite"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// Bots that act at once, so a test plays whole rounds in moments.
pub fn quick() -> Config {
    Config {
        pace: Pace {
            bot_turn: Duration::ZERO,
            bot_reaction: Duration::ZERO,
            round_pause: Duration::from_secs(3600),
        },
        ..Config::default()
    }
}

pub struct Server {
    pub addr: std::net::SocketAddr,
    pub hub: Arc<Hub>,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    pub async fn start(config: Config, db: &std::path::Path) -> Server {
        Server::start_with_site(config, db, None).await
    }

    /// A server that serves the site in `dist` too, as `uno-server --dist` does.
    pub async fn start_with_site(
        config: Config,
        db: &std::path::Path,
        dist: Option<PathBuf>,
    ) -> Server {
        let store = Arc::new(SqliteStore::open(db).unwrap());
        Server::start_with_store(config, store, dist).await
    }

    /// A server that keeps its rooms in `store`, serving the site in `dist` if given.
    pub async fn start_with_store(
        config: Config,
        store: Arc<dyn RoomStore>,
        dist: Option<PathBuf>,
    ) -> Server {
        let hub = Hub::new(config, store).unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = router(hub.clone(), dist);
        // As `uno-server` serves: each request knows its peer's address.
        let task = tokio::spawn(async move {
            uno_server::serve(listener, app, std::future::pending())
                .await
                .unwrap();
        });
        Server { addr, hub, task }
    }

    pub async fn client(&self) -> Client {
        Client::connect(&format!("ws://{}/ws", self.addr)).await
    }

    /// A client whose request says a proxy forwarded it from `address` (`X-Forwarded-For`;
    /// the connection itself is on loopback).
    pub async fn client_forwarded_from(&self, address: &str) -> Client {
        self.client_with_header("x-forwarded-for", address).await
    }

    /// A client whose upgrade request carries `name: value`.
    pub async fn client_with_header(&self, name: &'static str, value: &str) -> Client {
        Client::connect_with_header(&format!("ws://{}/ws", self.addr), name, value).await
    }

    pub fn stop(self) {
        self.task.abort();
    }
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every message received, in order.
    pub seen: Vec<Value>,
    /// The texts as they came, to search for what must never be there.
    pub texts: Vec<String>,
}

impl Client {
    pub async fn connect(url: &str) -> Client {
        Client::open(url).await
    }

    /// `connect`, the upgrade request carrying `name: value`.
    pub async fn connect_with_header(url: &str, name: &'static str, value: &str) -> Client {
        let mut request = url.into_client_request().unwrap();
        request.headers_mut().insert(name, value.parse().unwrap());
        Client::open(request).await
    }

    async fn open(request: impl IntoClientRequest + Unpin) -> Client {
        let (ws, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(request))
            .await
            .expect("connects in time")
            .expect("connects");
        Client {
            ws,
            seen: Vec::new(),
            texts: Vec::new(),
        }
    }

    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    pub async fn send_raw(&mut self, message: Message) {
        self.ws.send(message).await.unwrap();
    }

    /// The next message, within `WAIT`.
    pub async fn next(&mut self) -> Value {
        self.next_within(WAIT).await.expect("a message in time")
    }

    /// The next message, or `None` if none comes within `wait`.
    pub async fn next_within(&mut self, wait: Duration) -> Option<Value> {
        // One deadline for the whole wait: the server's pings must not stretch it.
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let message = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .ok()??;
            match message.expect("the connection stays open") {
                Message::Text(text) => {
                    let value: Value = serde_json::from_str(text.as_str()).unwrap();
                    self.texts.push(text.to_string());
                    self.seen.push(value.clone());
                    return Some(value);
                }
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// The close frame's code and reason, if the server closes the connection at once (a
    /// connection it does not take), before sending anything else.
    pub async fn refused_at_once(&mut self) -> Option<(u16, String)> {
        let first = tokio::time::timeout(Duration::from_millis(500), self.ws.next()).await;
        match first {
            Ok(Some(Ok(Message::Close(Some(frame))))) => {
                Some((u16::from(frame.code), frame.reason.to_string()))
            }
            _ => None,
        }
    }

    /// How the line ended after a close frame: `None` for a clean close (the server answered
    /// the closing handshake and closed TCP in order), else what went wrong (a reset: what
    /// the server sent last may have been lost on the way).
    pub async fn unclean_end(&mut self) -> Option<String> {
        use tokio_tungstenite::tungstenite::Error;
        loop {
            match tokio::time::timeout(WAIT, self.ws.next()).await {
                Err(_) => return Some("the line stayed open".into()),
                Ok(None | Some(Err(Error::ConnectionClosed | Error::AlreadyClosed))) => {
                    return None
                }
                Ok(Some(Err(e))) => return Some(e.to_string()),
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// Whether the server ends the connection within `wait`: everything it sent before is
    /// read past, and a close, an end or an error of the closed line all count.
    pub async fn closed_within(&mut self, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Err(_) => return false,
                Ok(None | Some(Err(_) | Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// Reads until a message of `kind` comes (within `WAIT` in all).
    pub async fn until(&mut self, kind: &str) -> Value {
        let what = format!("{kind} message");
        self.until_that(&what, |m| m["type"] == kind).await
    }

    /// Reads until a message that `f` accepts comes.
    pub async fn until_that(&mut self, what: &str, f: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let m = self
                .next_within(left)
                .await
                .unwrap_or_else(|| panic!("no {what} in time; saw {:?}", self.seen.last()));
            if f(&m) {
                return m;
            }
        }
    }

    /// Sends `message` and expects an `error` back.
    pub async fn refused(&mut self, message: Value) -> String {
        self.send(message).await;
        let m = self.until("error").await;
        m["message"].as_str().unwrap().to_string()
    }

    /// The last `state` received, if any.
    pub fn last_state(&self) -> Option<&Value> {
        self.seen.iter().rev().find(|m| m["type"] == "state")
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A room of `seats` made by a client called Ada; returns her client, the code and her token.
pub async fn create(server: &Server, seats: Value, options: Value) -> (Client, String, String) {
    let mut ada = server.client().await;
    ada.send(json!({
        "type": "create", "name": "Ada", "rules": { "edition": "classic" },
        "seats": seats, "options": options
    }))
    .await;
    let joined = ada.until("joined").await;
    assert_eq!(joined["seat"], 0);
    let code = joined["room"].as_str().unwrap().to_string();
    let token = joined["token"].as_str().unwrap().to_string();
    (ada, code, token)
}

/// Joins `code` as `name`; returns the client, its seat and token.
pub async fn join(server: &Server, code: &str, name: &str) -> (Client, u64, String) {
    let mut c = server.client().await;
    c.send(json!({ "type": "join", "room": code, "name": name }))
        .await;
    let joined = c.until("joined").await;
    let seat = joined["seat"].as_u64().unwrap();
    let token = joined["token"].as_str().unwrap().to_string();
    (c, seat, token)
}

/// Ada's room of two people with a takeover after `takeover_seconds`: Bo joins, Ada starts,
/// and Bo's first state has come. Returns both clients, the code, Bo's token and that state.
pub async fn ada_and_bo(
    server: &Server,
    takeover_seconds: u32,
) -> (Client, Client, String, String, Value) {
    let options = json!({ "takeover_seconds": takeover_seconds });
    let (mut ada, code, _) = create(server, json!(["human", "human"]), options).await;
    let (mut bo, _, token) = join(server, &code, "Bo").await;
    ada.send(json!({ "type": "start" })).await;
    let first = bo.until("state").await;
    (ada, bo, code, token, first)
}

/// A seat's pick among its legal actions: a play if it has one (naming a color), else the
/// first, so rounds move on.
pub fn pick(legal: &[Value]) -> Option<Value> {
    legal
        .iter()
        .find(|a| a["do"] == "play")
        .or_else(|| {
            legal
                .iter()
                .find(|a| a["do"] != "catch" && a["do"] != "uno")
        })
        .or(legal.first())
        .cloned()
}

/// Whether a `state` is the end of a round.
pub fn round_over(state: &Value) -> bool {
    state["view"]["pending"]["pending"] == "round_over"
}

/// What a seat's state may hold and nothing more (hidden information): its own hand only, no
/// draw pile order, no other seat's drawn card, actions of its own seat only.
pub fn check_private(state: &Value, text: &str, seat: Option<u64>) {
    let view = &state["view"];
    assert_eq!(view["seat"].as_u64(), seat, "the view is the seat's own");
    let hand = view["hand"].as_array().unwrap();
    match seat {
        Some(s) => assert_eq!(
            hand.len() as u64,
            view["hand_sizes"][s as usize].as_u64().unwrap()
        ),
        None => assert!(hand.is_empty(), "a watcher holds no hand"),
    }
    for key in ["\"hands\"", "\"draw_pile\"", "\"rng\"", "\"token\""] {
        assert!(!text.contains(key), "a state never holds {key}: {text}");
    }
    let drew_card = |e: &Value| e["event"] == "drew" && !e["card"].is_null();
    for e in view["history"]
        .as_array()
        .unwrap()
        .iter()
        .chain(state["events"].as_array().unwrap())
    {
        if drew_card(e) {
            assert_eq!(
                e["seat"].as_u64(),
                seat,
                "only a seat's own drawn cards: {e}"
            );
        }
    }
    for a in state["legal"].as_array().unwrap() {
        assert_eq!(a["seat"].as_u64(), seat, "only the seat's own actions");
    }
    for r in view["revealed"].as_array().unwrap() {
        assert!(
            r["to"].is_null() || r["to"].as_u64() == seat,
            "a reveal to another seat: {r}"
        );
    }
}

/// Plays until the round is over, each client acting for its own seat whenever it may; checks
/// every state it receives for hidden information. Returns the number of actions people took.
pub async fn play_round(clients: &mut [(&mut Client, u64)], limit: usize) -> usize {
    let mut acted = 0;
    let mut checked = vec![0; clients.len()];
    for _ in 0..limit {
        let mut over = false;
        for (i, (client, seat)) in clients.iter_mut().enumerate() {
            // Everything that has come in by now.
            while client.next_within(Duration::from_millis(5)).await.is_some() {}
            for k in checked[i]..client.seen.len() {
                if client.seen[k]["type"] == "state" {
                    check_private(&client.seen[k], &client.texts[k], Some(*seat));
                }
            }
            checked[i] = client.seen.len();
            let Some(state) = client.last_state().cloned() else {
                continue;
            };
            if round_over(&state) {
                over = true;
                continue;
            }
            let legal = state["legal"].as_array().unwrap();
            let mine = state["view"]["turn"].as_u64() == Some(*seat);
            if let Some(action) = pick(legal).filter(|_| mine) {
                client
                    .send(json!({ "type": "act", "action": action }))
                    .await;
                // Wait for the answer: the next state, or the error.
                let version = state["version"].as_u64().unwrap();
                client
                    .until_that("the answer to a move", |m| {
                        m["type"] == "error" || m["version"].as_u64() > Some(version)
                    })
                    .await;
                acted += 1;
            }
        }
        if over {
            return acted;
        }
    }
    panic!("the round did not end in {limit} passes");
}

/// The state that ended the round, as `client` received it.
pub async fn round_end(client: &mut Client) -> Value {
    match client.last_state() {
        Some(s) if round_over(s) => s.clone(),
        _ => {
            client
                .until_that("the round's end", |m| m["type"] == "state" && round_over(m))
                .await
        }
    }
}

/// The real `uno-server` binary (`bin`) on an ephemeral loopback port over `db`; returns the
/// process and its WebSocket address.
pub fn spawn_binary(
    bin: &str,
    db: &std::path::Path,
    args: &[&str],
) -> (std::process::Child, String) {
    spawn(bin, db, args, std::process::Stdio::inherit())
}

/// `spawn_binary`, with what the server writes on standard error (its log for the host)
/// gathered line by line as it comes.
pub fn spawn_binary_logged(
    bin: &str,
    db: &std::path::Path,
    args: &[&str],
) -> (
    std::process::Child,
    String,
    Arc<std::sync::Mutex<Vec<String>>>,
) {
    use std::io::{BufRead, BufReader};
    let (mut child, url) = spawn(bin, db, args, std::process::Stdio::piped());
    let lines = Arc::new(std::sync::Mutex::new(Vec::new()));
    let gathered = lines.clone();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            gathered.lock().unwrap().push(line);
        }
    });
    (child, url, lines)
}

fn spawn(
    bin: &str,
    db: &std::path::Path,
    args: &[&str],
    stderr: std::process::Stdio,
) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(bin)
        .args(["--addr", "127.0.0.1:0"])
        .args(args)
        .arg("--db")
        .arg(db)
        .stdout(std::process::Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let at = line
        .find("http://")
        .expect("the server says where it listens")
        + "http://".len();
    let host = line[at..].split('/').next().unwrap();
    (child, format!("ws://{host}/ws"))
}
