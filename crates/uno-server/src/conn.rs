//! One WebSocket connection: reads text frames, turns them into requests (or an `error`),
//! holds the flood limit, and passes what belongs to a room to that room's task.

use crate::address::Network;
use crate::admission::Refused;
use crate::hub::{normalize_code, Cmd, ConnId, Counted, Entry, Hub, Outbox, OUTBOX};
use crate::protocol::{parse, Reply, Request};
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// A per-connection flood limit: a burst of `BURST` messages, then `PER_SECOND`.
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

pub const BURST: f64 = 30.0;
pub const PER_SECOND: f64 = 15.0;

impl Bucket {
    #[must_use]
    pub fn new(now: Instant) -> Bucket {
        Bucket {
            tokens: BURST,
            at: now,
        }
    }

    /// Whether one more message may pass at `now`.
    pub fn take(&mut self, now: Instant) -> bool {
        let refill = now.saturating_duration_since(self.at).as_secs_f64() * PER_SECOND;
        self.tokens = (self.tokens + refill).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Serves one connection until it closes.
pub async fn serve(counted: Counted, socket: WebSocket) {
    let hub = counted.hub.clone();
    let ping = hub.config.ping;
    let (mut sink, mut stream) = socket.split();
    let (out, mut rx) = mpsc::channel::<String>(OUTBOX);
    let mut writer = tokio::spawn(async move {
        let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping, ping);
        // A send that stalled is followed by one ping, not a burst of the ones missed.
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let message = tokio::select! {
                text = rx.recv() => match text {
                    Some(text) => Message::Text(text.into()),
                    None => break,
                },
                _ = pings.tick() => Message::Ping(Vec::new().into()),
            };
            if sink.send(message).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut conn = Conn {
        hub,
        from: counted.from,
        id: 0,
        out,
        room: None,
    };
    conn.id = conn.hub.next_conn();
    let mut bucket = Bucket::new(Instant::now());
    // A connection in no room yet (not created, joined or watched) is closed two pings after
    // it opened, whatever it sends: a client says what it came for at once, and an idle one
    // would hold one of `max_connections` for nothing.
    let roomless_until = tokio::time::Instant::now() + ping * 2;
    loop {
        // Silent for two pings (no message, no pong): the line is dead, whatever TCP believes.
        let mut until = tokio::time::Instant::now() + ping * 2;
        if conn.room.is_none() {
            until = until.min(roomless_until);
        }
        let Ok(Some(Ok(message))) = tokio::time::timeout_at(until, stream.next()).await else {
            break;
        };
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                conn.say(&Reply::error("Send JSON in text frames."));
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !bucket.take(Instant::now()) {
            conn.say(&Reply::error("Too many messages: slow down."));
            continue;
        }
        match parse(text.as_str()) {
            Ok(request) => conn.request(request).await,
            Err(e) => conn.say(&Reply::error(e)),
        }
    }
    conn.exit().await;
    drop(conn);
    // A writer stuck on a dead peer's full buffer is not waited for past a ping.
    if tokio::time::timeout(ping, &mut writer).await.is_err() {
        writer.abort();
    }
    drop(counted);
}

/// Closes a socket the server does not take, saying why in the close frame (`Refused`).
pub async fn refuse(mut socket: WebSocket, refused: Refused) {
    let close = axum::extract::ws::CloseFrame {
        code: refused.close_code(),
        reason: refused.message().into(),
    };
    let closing = socket.send(Message::Close(Some(close)));
    // A peer that does not read is not waited for.
    if let Ok(Ok(())) = tokio::time::timeout(Duration::from_secs(5), closing).await {
        // The closing handshake is finished (the peer's answering close read, and whatever
        // it sent before it, such as a page's hello sent as the line opened): a socket
        // dropped with unread data is reset, and a reset may lose the close frame, so the
        // page would never read why. A second is many round trips: a peer that has not
        // answered by then has the frame, and a flood of refused lines is not held longer.
        let answer = async {
            while let Some(Ok(message)) = socket.recv().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(1), answer).await;
    }
}

struct Conn {
    hub: Arc<Hub>,
    /// The network it comes from, if counted.
    from: Option<Network>,
    id: ConnId,
    out: Outbox,
    /// The room this connection is in, and its task.
    room: Option<mpsc::Sender<Cmd>>,
}

impl Conn {
    fn say(&self, reply: &Reply) {
        let _ = self.out.try_send(reply.to_text());
    }

    async fn exit(&mut self) {
        if let Some(room) = self.room.take() {
            let _ = room.send(Cmd::Exit { conn: self.id }).await;
        }
    }

    async fn enter(&mut self, room: Option<mpsc::Sender<Cmd>>, entry: Entry) {
        let Some(room) = room else {
            self.say(&Reply::error("There is no room with that code."));
            return;
        };
        self.exit().await;
        let (reply, answer) = oneshot::channel();
        let asked = room
            .send(Cmd::Enter {
                conn: self.id,
                out: self.out.clone(),
                entry,
                reply,
            })
            .await;
        if asked.is_err() {
            self.say(&Reply::error("That room has just closed."));
            return;
        }
        match answer.await {
            Ok(true) => self.room = Some(room),
            // Refused: the room said why.
            Ok(false) => {}
            // The room went (idle, or never made) with the request unread.
            Err(_) => self.say(&Reply::error("That room has just closed.")),
        }
    }

    async fn request(&mut self, request: Request) {
        match request {
            Request::Create {
                name,
                rules,
                seats,
                options,
            } => match self
                .hub
                .create(self.from, &name, rules, &seats, options)
                .await
            {
                Ok((_, room, token)) => self.enter(Some(room), Entry::Resume { token }).await,
                Err(e) => self.say(&Reply::error(e)),
            },
            Request::Join { room, name, seat } => {
                let room = self.hub.find(&normalize_code(&room));
                self.enter(room, Entry::Join { name, seat }).await;
            }
            Request::Watch { room } => {
                let room = self.hub.find(&normalize_code(&room));
                self.enter(room, Entry::Watch).await;
            }
            Request::Resume { room, token } => {
                let room = self.hub.find(&normalize_code(&room));
                self.enter(room, Entry::Resume { token }).await;
            }
            // Answered here, not by the room: it asks after the line, and a room busy with a
            // bot's turn would only delay it.
            Request::Ping => self.say(&Reply::Pong),
            request => match &self.room {
                Some(room) => {
                    let _ = room
                        .send(Cmd::Request {
                            conn: self.id,
                            request,
                        })
                        .await;
                }
                None => self.say(&Reply::error("Create or join a room first.")),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_is_held_back_then_let_through_again() {
        let t = Instant::now();
        let mut b = Bucket::new(t);
        let passed = (0..100).filter(|_| b.take(t)).count();
        assert_eq!(passed, BURST as usize);
        assert!(!b.take(t));
        assert!(b.take(t + Duration::from_millis(100)), "1.5 tokens back");
    }
}
