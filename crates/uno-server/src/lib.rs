//! The room server: friends play one game from their own devices. It serves the built site
//! and `/ws` at one address, runs the same engine and bots as the page, sends each seat only
//! what that seat may know, and keeps every room in a store (a SQLite file) after every
//! accepted change. The protocol is ROOMS.md's (`protocol`: the `uno-protocol` crate, which
//! the page shares); one room is a value (`room`) run by a task of its own (`hub`); `conn` is
//! one WebSocket; `store` keeps the rooms.

pub mod address;
pub mod admission;
pub mod conn;
pub mod hub;
pub use uno_protocol as protocol;
pub mod room;
pub mod store;
pub mod writer;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Extension;
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use admission::Refused;
pub use hub::{Config, Hub};

/// The largest frame the socket reads at all; frames over `protocol::MAX_MESSAGE` but under
/// this get an `error`, larger ones close the connection.
const MAX_FRAME: usize = 64 * 1024;

/// The server's routes: `/ws`, `/health` for the host, and the built site from `dist` if
/// given, gzipped for a browser that takes it (a phone's first visit loads 2.5 times less).
pub fn router(hub: Arc<Hub>, dist: Option<PathBuf>) -> Router {
    let router = Router::new()
        .route("/ws", get(upgrade))
        .route("/health", get(health))
        .with_state(hub);
    match dist {
        Some(dist) => router.fallback_service(tower_http::compression::Compression::new(
            tower_http::services::ServeDir::new(dist),
        )),
        None => router,
    }
}

/// Whether a browser page from `origin` may open the socket: the site's own origin, or one
/// named with `--allow-origin`. A program that sends no `Origin` (an external bot) may.
#[must_use]
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed.iter().any(|a| a == origin || a == "*") {
        return true;
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    !host.is_empty()
        && origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            == Some(host)
}

/// The host's health check (a proxy's, a container's, an uptime monitor's): 200 and what the
/// server holds while its room store answers; 503 and why not when it does not, since a room
/// that cannot be saved cannot be played.
async fn health(State(hub): State<Arc<Hub>>) -> Response {
    let store = hub.clone();
    let check = tokio::task::spawn_blocking(move || store.check_store())
        .await
        .unwrap_or_else(|e| Err(e.to_string()));
    let version = env!("CARGO_PKG_VERSION");
    let (status, body) = match check {
        Ok(()) => (
            StatusCode::OK,
            serde_json::json!({
                "status": "ok",
                "version": version,
                "rooms": hub.room_count(),
                "connections": hub.connections.open(),
            }),
        ),
        Err(error) => (
            StatusCode::SERVICE_UNAVAILABLE,
            serde_json::json!({
                "status": "unavailable",
                "version": version,
                "error": format!("the room store does not answer: {error}"),
            }),
        ),
    };
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body.to_string(),
    )
        .into_response()
}

/// Serves `app` on `listener`, each request knowing the address it came from (for the caps
/// per address: under plain `axum::serve` no connection is counted), until `stop` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    app: Router,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(stop)
    .await
}

async fn upgrade(
    State(hub): State<Arc<Hub>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let ws = ws.max_message_size(MAX_FRAME).max_frame_size(MAX_FRAME);
    if !origin_allowed(&headers, &hub.config.allow_origins) {
        if let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) {
            hub.origin_refused(origin);
        }
        return ws.on_upgrade(|socket| conn::refuse(socket, Refused::Origin));
    }
    let peer = peer.map(|Extension(ConnectInfo(addr))| addr);
    let from = address::Network::asking(peer, &headers, hub.config.forwarded_for);
    let counted = match hub.admit(from) {
        Ok(counted) => counted,
        Err(refused) => return ws.on_upgrade(move |socket| conn::refuse(socket, refused)),
    };
    ws.on_upgrade(move |socket| conn::serve(counted, socket))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn only_the_sites_origin_and_named_ones_open_the_socket() {
        let mut h = HeaderMap::new();
        assert!(origin_allowed(&h, &[]), "no origin: not a browser");
        h.insert(header::HOST, HeaderValue::from_static("cards.example:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://cards.example:8080"),
        );
        assert!(origin_allowed(&h, &[]));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://cards.example:8080"),
        );
        assert!(origin_allowed(&h, &[]));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://evil.example"),
        );
        assert!(!origin_allowed(&h, &[]));
        assert!(origin_allowed(&h, &["https://evil.example".into()]));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://cards.example:8080.evil"),
        );
        assert!(!origin_allowed(&h, &[]));
    }

    #[test]
    fn an_origin_named_lets_in_that_origin_only_and_a_star_any() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static("cards.example"));
        let friends = ["https://friends.example".to_string()];
        let from = |h: &mut HeaderMap, origin: &'static str| {
            h.insert(header::ORIGIN, HeaderValue::from_static(origin));
        };
        from(&mut h, "https://friends.example");
        assert!(origin_allowed(&h, &friends));
        from(&mut h, "https://evil.example");
        assert!(!origin_allowed(&h, &friends), "naming one lets no other in");
        assert!(origin_allowed(&h, &["*".to_string()]));
        from(&mut h, "https://cards.example");
        assert!(origin_allowed(&h, &friends), "the site's own, as ever");
        h.remove(header::HOST);
        assert!(!origin_allowed(&h, &[]), "no Host to be the site's own");
    }
}
