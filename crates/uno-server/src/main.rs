//! `uno-server --addr 127.0.0.1:8080 --dist dist --db uno-rooms.sqlite`: the built site and
//! the rooms at one address (see ROOMS.md and the README's "Play with friends").

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use uno_server::store::SqliteStore;
use uno_server::{router, Config, Hub};

const USAGE: &str = "usage: uno-server [--addr HOST:PORT] [--dist DIR] [--db FILE]
       [--allow-origin ORIGIN]... [--max-rooms N] [--max-connections N]
       [--bot-delay-ms N] [--reaction-ms N] [--round-pause-ms N] [--ping-seconds N]

  --addr          where to listen (default 127.0.0.1:8080; 0.0.0.0:8080 for a LAN)
  --dist          the built site to serve beside /ws (default dist, if it exists)
  --db            the SQLite file that keeps the rooms (default uno-rooms.sqlite)
  --allow-origin  another page origin that may open rooms here (repeatable)
  --ping-seconds  ping every connection this often; one silent for twice as long is
                  closed, so its seat counts as away (default 20)";

fn main() {
    if let Err(e) = run() {
        eprintln!("uno-server: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut addr = "127.0.0.1:8080".to_string();
    let mut dist: Option<PathBuf> = None;
    let mut db = PathBuf::from("uno-rooms.sqlite");
    let mut config = Config::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value\n{USAGE}"));
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{name} takes a whole number, not {v:?}"))
        };
        match arg.as_str() {
            "--addr" => addr = value("--addr")?,
            "--dist" => dist = Some(value("--dist")?.into()),
            "--db" => db = value("--db")?.into(),
            "--allow-origin" => config.allow_origins.push(value("--allow-origin")?),
            "--max-rooms" => config.max_rooms = number(&arg, value(&arg)?)? as usize,
            "--max-connections" => config.max_connections = number(&arg, value(&arg)?)? as usize,
            "--bot-delay-ms" => {
                config.pace.bot_turn = Duration::from_millis(number(&arg, value(&arg)?)?);
            }
            "--reaction-ms" => {
                config.pace.bot_reaction = Duration::from_millis(number(&arg, value(&arg)?)?);
            }
            "--ping-seconds" => {
                let seconds = number(&arg, value(&arg)?)?;
                if seconds == 0 {
                    return Err(format!("--ping-seconds must be at least 1\n{USAGE}"));
                }
                config.ping = Duration::from_secs(seconds);
            }
            "--round-pause-ms" => {
                config.pace.round_pause = Duration::from_millis(number(&arg, value(&arg)?)?);
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown option {other:?}\n{USAGE}")),
        }
    }
    let dist = dist.or_else(|| {
        let d = PathBuf::from("dist");
        d.join("index.html").exists().then_some(d)
    });
    if let Some(d) = &dist {
        if !d.join("index.html").exists() {
            return Err(format!(
                "{} holds no index.html: build the site first",
                d.display()
            ));
        }
    }
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let store = Arc::new(SqliteStore::open(&db)?);
        let hub = Hub::new(config, store)?;
        let listener = tokio::net::TcpListener::bind(&addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        println!(
            "uno-server: {} rooms kept in {}; open http://{local}/{}",
            hub.room_count(),
            db.display(),
            if dist.is_some() {
                ""
            } else {
                " (no site: --dist not given)"
            }
        );
        let app = router(hub, dist);
        axum::serve(listener, app)
            .with_graceful_shutdown(stop_asked())
            .await
            .map_err(|e| e.to_string())
    })
}

/// Ctrl-C, or SIGTERM (how systemd, Docker and most hosts stop a service): either stops the
/// server the same clean way. Every accepted action is already in the file.
async fn stop_asked() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
