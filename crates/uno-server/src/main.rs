//! `uno-server --addr 127.0.0.1:8080 --dist dist --db uno-rooms.sqlite`: the built site and
//! the rooms at one address (see ROOMS.md and the README's "Play with friends").

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use uno_server::store::SqliteStore;
use uno_server::{router, serve, Config, Hub};

/// The options and their defaults (read from `Config::default`, so they cannot drift).
fn usage() -> String {
    let d = Config::default();
    format!(
        "usage: uno-server [--addr HOST:PORT] [--dist DIR] [--db FILE]
       [--allow-origin ORIGIN]... [--max-rooms N] [--max-connections N]
       [--rooms-per-address N] [--connections-per-address N] [--watchers-per-room N]
       [--forwarded-for] [--bot-delay-ms N] [--reaction-ms N] [--round-pause-ms N]
       [--ping-seconds N] [--seed N] [--version]

  --addr          where to listen (default 127.0.0.1:8080; 0.0.0.0:8080 for a LAN)
  --dist          the built site to serve beside /ws (default dist, if it exists)
  --db            the SQLite file that keeps the rooms (default uno-rooms.sqlite)
  --allow-origin  another page origin that may open rooms here (repeatable)
  --max-rooms     rooms kept at once; creating one more is refused (default {})
  --max-connections
                  connections open at once; one more is refused (default {})
  --rooms-per-address
                  rooms made from one address (an IPv6 /64) still kept; one more is
                  refused (default {}). Addresses of this machine and its network
                  (loopback, private, link-local) are not counted
  --connections-per-address
                  connections open at once from one address (default {})
  --watchers-per-room
                  watchers of one room at once; one more is refused (default {}; 0: none)
  --forwarded-for behind a proxy the host runs: count the address the proxy appends to
                  X-Forwarded-For, not the proxy's own (give it only when the server
                  cannot be reached but through that proxy: the header is anyone's to write)
  --bot-delay-ms  a bot's pause before its turn, so people can follow (default {})
  --reaction-ms   a bot's pause before it takes a chance out of turn (a catch, a late
                  UNO call, a jump-in), and before its turn while a person may catch
                  or jump in (default {})
  --round-pause-ms
                  after a round, the next is dealt by itself after this (default {})
  --ping-seconds  ping every connection this often; one silent for twice as long is
                  closed, so its seat counts as away, and one in no room yet as long
                  after it opened is closed too (default {})
  --seed          the first room deals from this seed, each next room from one more, so
                  the same rooms deal the same cards every run (tests, demos; default:
                  each room's seed is random)
  --version       print the version and stop

A host's health check: GET /health answers 200 and {{\"status\": \"ok\", ...}} while
the room file answers, 503 and the reason when it does not.",
        d.max_rooms,
        d.max_connections,
        d.rooms_per_address,
        d.connections_per_address,
        d.watchers_per_room,
        d.pace.bot_turn.as_millis(),
        d.pace.bot_reaction.as_millis(),
        d.pace.round_pause.as_millis(),
        d.ping.as_secs(),
    )
}

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
        let mut value = |name: &str| {
            args.next()
                .ok_or(format!("{name} needs a value\n{}", usage()))
        };
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
            "--rooms-per-address" => {
                config.rooms_per_address = number(&arg, value(&arg)?)? as usize;
            }
            "--connections-per-address" => {
                config.connections_per_address = number(&arg, value(&arg)?)? as usize;
            }
            "--watchers-per-room" => {
                config.watchers_per_room = number(&arg, value(&arg)?)? as usize;
            }
            "--forwarded-for" => config.forwarded_for = true,
            "--bot-delay-ms" => {
                config.pace.bot_turn = Duration::from_millis(number(&arg, value(&arg)?)?);
            }
            "--reaction-ms" => {
                config.pace.bot_reaction = Duration::from_millis(number(&arg, value(&arg)?)?);
            }
            "--ping-seconds" => {
                let seconds = number(&arg, value(&arg)?)?;
                if seconds == 0 {
                    return Err("--ping-seconds must be at least 1".into());
                }
                config.ping = Duration::from_secs(seconds);
            }
            "--seed" => config.seed = Some(number(&arg, value(&arg)?)?),
            "--round-pause-ms" => {
                config.pace.round_pause = Duration::from_millis(number(&arg, value(&arg)?)?);
            }
            "-V" | "--version" => {
                println!("uno-server {}", env!("CARGO_PKG_VERSION"));
                return Ok(());
            }
            "-h" | "--help" => {
                println!("{}", usage());
                return Ok(());
            }
            other => return Err(format!("unknown option {other:?}\n{}", usage())),
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
            "uno-server: {} rooms kept in {}; {}",
            hub.room_count(),
            db.display(),
            where_to_open(local, dist.is_some())
        );
        let app = router(hub, dist);
        serve(listener, app, stop_asked())
            .await
            .map_err(|e| e.to_string())
    })
}

/// Where to open the game, said when the server starts. On every interface (a LAN game)
/// 0.0.0.0 is no address to open: this machine opens it on loopback, friends at its address on
/// their network.
fn where_to_open(local: std::net::SocketAddr, site: bool) -> String {
    let no_site = if site {
        ""
    } else {
        " (no site: --dist not given)"
    };
    let port = local.port();
    if local.ip().is_unspecified() {
        format!(
            "open http://127.0.0.1:{port}/{no_site}; friends open \
             http://<this machine's LAN address>:{port}/ (hostname -I prints it)"
        )
    } else {
        format!("open http://{local}/{no_site}")
    }
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

#[cfg(test)]
mod tests {
    use super::where_to_open;

    #[test]
    fn the_start_line_names_an_address_that_opens() {
        let at = |a: &str| a.parse().unwrap();
        assert_eq!(
            where_to_open(at("127.0.0.1:8080"), true),
            "open http://127.0.0.1:8080/"
        );
        assert_eq!(
            where_to_open(at("127.0.0.1:8080"), false),
            "open http://127.0.0.1:8080/ (no site: --dist not given)"
        );
        assert_eq!(
            where_to_open(at("0.0.0.0:8080"), true),
            "open http://127.0.0.1:8080/; friends open http://<this machine's LAN address>:8080/ \
             (hostname -I prints it)"
        );
    }
}
