//! The site the server serves beside `/ws` (`--dist`): gzipped for a browser that takes it,
//! as it is for one that does not, and the rooms on the same address still open; and the
//! host's health check, `/health`.

mod common;

use common::*;
use serde_json::json;
use std::io::Read;
use std::path::PathBuf;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A built site of two files: a page and a large, compressible wasm.
fn site(name: &str) -> (PathBuf, Vec<u8>) {
    let dir = std::env::temp_dir().join(format!("uno-site-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>UNO Table</title>",
    )
    .unwrap();
    let wasm: Vec<u8> = (0..200_000u32)
        .map(|i| (i % 251) as u8 ^ (i / 4000) as u8)
        .collect();
    std::fs::write(dir.join("app_bg.wasm"), &wasm).unwrap();
    (dir, wasm)
}

/// A GET of `path` over HTTP/1.1 on loopback: the head's lines, lowercased, and the body
/// (chunks joined).
async fn get(server: &Server, path: &str, gzip: bool) -> (Vec<String>, Vec<u8>) {
    let mut tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let accept = if gzip {
        "Accept-Encoding: gzip\r\n"
    } else {
        ""
    };
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{accept}Connection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(WAIT, tcp.read_to_end(&mut raw))
        .await
        .expect("an answer in time")
        .unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head: Vec<String> = String::from_utf8_lossy(&raw[..split])
        .lines()
        .map(str::to_ascii_lowercase)
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if head.iter().any(|h| h == "transfer-encoding: chunked") {
        let mut joined = Vec::new();
        let mut rest = &body[..];
        loop {
            let line = rest.windows(2).position(|w| w == b"\r\n").unwrap();
            let size =
                usize::from_str_radix(std::str::from_utf8(&rest[..line]).unwrap(), 16).unwrap();
            if size == 0 {
                break;
            }
            joined.extend_from_slice(&rest[line + 2..line + 2 + size]);
            rest = &rest[line + 2 + size + 2..];
        }
        body = joined;
    }
    (head, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_site_goes_out_gzipped_to_a_browser_that_takes_it() {
    let (dist, wasm) = site("gzip");
    let server = Server::start_with_site(quick(), &db_path("site"), Some(dist.clone())).await;

    let (head, body) = get(&server, "/app_bg.wasm", true).await;
    assert_eq!(head[0], "http/1.1 200 ok");
    assert!(
        head.contains(&"content-encoding: gzip".to_string()),
        "{head:?}"
    );
    assert!(
        head.contains(&"content-type: application/wasm".to_string()),
        "{head:?}"
    );
    assert!(
        body.len() * 2 < wasm.len(),
        "{} bytes sent for {}",
        body.len(),
        wasm.len()
    );
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(&body[..])
        .read_to_end(&mut unzipped)
        .unwrap();
    assert_eq!(unzipped, wasm);

    // A client that takes no gzip gets the file as it is.
    let (head, body) = get(&server, "/app_bg.wasm", false).await;
    assert!(
        !head.iter().any(|h| h.starts_with("content-encoding")),
        "{head:?}"
    );
    assert_eq!(body, wasm);
    let (head, body) = get(&server, "/", false).await;
    assert_eq!(head[0], "http/1.1 200 ok");
    assert_eq!(body, b"<!doctype html><title>UNO Table</title>");
    assert_eq!(
        get(&server, "/missing.js", true).await.0[0],
        "http/1.1 404 not found"
    );

    // The rooms answer on the same address.
    let (mut ada, code, _) = create(&server, json!(["human", "easy"]), json!({})).await;
    assert_eq!(code.len(), 6);
    ada.send(json!({ "type": "start" })).await;
    assert_eq!(ada.until("state").await["view"]["seat"], 0);
    server.stop();
    let _ = std::fs::remove_dir_all(dist);
}

/// `/health`'s head and JSON body.
async fn health(server: &Server) -> (Vec<String>, serde_json::Value) {
    let (head, body) = get(server, "/health", false).await;
    (head, serde_json::from_slice(&body).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_health_check_counts_rooms_and_says_when_the_room_file_fails() {
    let db = db_path("health");
    let server = Server::start(quick(), &db).await;
    let (head, body) = health(&server).await;
    assert_eq!(head[0], "http/1.1 200 ok");
    assert!(
        head.contains(&"content-type: application/json".to_string()),
        "{head:?}"
    );
    assert!(
        head.contains(&"cache-control: no-store".to_string()),
        "{head:?}"
    );
    assert_eq!(
        body,
        json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION"), "rooms": 0, "connections": 0 })
    );

    // A room made and its creator connected: counted.
    let (ada, _, _) = create(&server, json!(["human", "easy"]), json!({})).await;
    let (_, body) = health(&server).await;
    assert_eq!(
        (&body["rooms"], &body["connections"]),
        (&json!(1), &json!(1))
    );
    ada.close().await;

    // The room file loses its table behind the server's back: no room could be saved now.
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch("DROP TABLE rooms")
        .unwrap();
    let (head, body) = health(&server).await;
    assert_eq!(head[0], "http/1.1 503 service unavailable");
    assert_eq!(body["status"], "unavailable");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.starts_with("the room store does not answer: ") && error.contains("no such table"),
        "{error}"
    );
    server.stop();
}
