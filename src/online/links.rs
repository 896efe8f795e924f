//! What this browser keeps of its rooms (a seat's token, the room it last sat in and that
//! room's server) and the addresses that lead back to them: the room server's, and a room's
//! link.

use crate::browser_storage as kept;
use uno_protocol::Request;

/// What Join or Take a free seat says when no name was given.
pub const NO_NAME: &str = "Please give your name first.";
/// What Join or Watch says when no room code was typed (and the link named none).
pub const NO_CODE: &str = "Please type the room's code first: the friend who made the room \
    has it at the top of its lobby.";

/// Where the room server is remembered when a player names one.
pub const SERVER_KEY: &str = "uno-table.server";
/// The name a player last gave.
pub const NAME_KEY: &str = "uno-table.name";
/// A seat's token for room `CODE` is kept under this prefix + `CODE`.
pub const TOKEN_PREFIX: &str = "uno-table.room.";
/// The code of the room this browser last took a seat in: the online home offers it back
/// while its token is kept (a tab closed mid-game, the site opened again from its icon).
pub const LAST_ROOM_KEY: &str = "uno-table.last-room";
/// The room server of that seat, when it is not the site's own (`site_server`).
pub const LAST_ROOM_SERVER_KEY: &str = "uno-table.last-room.server";

/// A parameter of the page's address.
pub(super) fn param(name: &str) -> Option<String> {
    let search = gloo_utils::window().location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

pub(super) fn token_of(code: &str) -> Option<String> {
    kept::get(&format!("{TOKEN_PREFIX}{code}"))
}

/// Taking back this browser's seat in room `code`, if it holds one.
pub(super) fn resume(code: &str) -> Option<Request> {
    token_of(code).map(|token| Request::Resume {
        room: code.to_string(),
        token,
    })
}

/// The room this browser last took a seat in, while it still holds that seat's token.
#[must_use]
pub fn seat_kept() -> Option<String> {
    kept::get(LAST_ROOM_KEY).filter(|code| token_of(code).is_some())
}

/// The room server that seat is on: the one it was taken on, which a page opened later
/// without a `server` parameter would not know.
pub(super) fn seat_server() -> String {
    kept::get(LAST_ROOM_SERVER_KEY).unwrap_or_else(site_server)
}

/// This page's address for the seat kept in room `code` (on its own server). Its server is
/// kept only when it is not the site's own (`keep_seat`), so the site's own need not be
/// worked out here, on New game (that code would weigh on the solo page's first load).
#[must_use]
pub fn seat_link(code: &str) -> String {
    let server = kept::get(LAST_ROOM_SERVER_KEY).unwrap_or_default();
    room_link("", code, &server, "")
}

/// Keeps room `code` as the one this browser has a seat in, taken on `server`.
pub(super) fn keep_seat(code: &str, server: &str) {
    kept::set(LAST_ROOM_KEY, code);
    if server == site_server() {
        kept::delete(LAST_ROOM_SERVER_KEY);
    } else {
        kept::set(LAST_ROOM_SERVER_KEY, server);
    }
}

/// A room server's address as a person types it: "rooms.example.org",
/// "https://rooms.example.org" and "wss://rooms.example.org/ws" all name the same socket (a
/// WebSocket address; with no scheme, the page's own kind, `wss` on an https page; with no
/// path, the server's `/ws`). Empty stays empty (the site's own server); another scheme is
/// kept as typed, and the page then says no room server answers there.
pub(super) fn server_address(typed: &str, secure_page: bool) -> String {
    let typed = typed.trim();
    if typed.is_empty() {
        return String::new();
    }
    let (scheme, rest) = match typed.split_once("://") {
        Some((scheme, rest)) => match scheme.to_ascii_lowercase().as_str() {
            "ws" | "http" => ("ws", rest),
            "wss" | "https" => ("wss", rest),
            _ => return typed.to_string(),
        },
        None if secure_page => ("wss", typed),
        None => ("ws", typed),
    };
    match rest.split_once('/') {
        None => format!("{scheme}://{rest}/ws"),
        Some((host, "")) => format!("{scheme}://{host}/ws"),
        Some(_) => format!("{scheme}://{rest}"),
    }
}

/// Whether this page came over https (a server typed without a scheme is then `wss`).
pub(super) fn secure_page() -> bool {
    gloo_utils::window()
        .location()
        .protocol()
        .is_ok_and(|p| p == "https:")
}

/// The room server's address: a `server` link parameter, else one the player named, else
/// this site's own `/ws` (the room server serves the site too). A room's link without one
/// means the site's own (`room_link` names any other), whatever server the player named.
pub(super) fn default_server() -> String {
    if let Some(s) = param("server").filter(|s| !s.trim().is_empty()) {
        return server_address(&s, secure_page());
    }
    if param("room").is_some() {
        return site_server();
    }
    if let Some(s) = kept::get(SERVER_KEY) {
        if !s.is_empty() {
            return s;
        }
    }
    site_server()
}

/// The room server that serves this site too: `/ws` beside the page.
pub(super) fn site_server() -> String {
    let location = gloo_utils::window().location();
    let href = location.href().unwrap_or_default();
    let base = href.split(['?', '#']).next().unwrap_or_default();
    let dir = &base[..base.rfind('/').map_or(base.len(), |i| i + 1)];
    let dir = dir
        .replacen("https://", "wss://", 1)
        .replacen("http://", "ws://", 1);
    format!("{dir}ws")
}

/// The link to room `code` from `page` (the page's address without its query, or nothing for
/// this page's own address). It names the room server when that is not the site's own
/// (`site_server`): a friend's browser, which knows no other, opens the room there too.
pub(super) fn room_link(page: &str, code: &str, server: &str, site_server: &str) -> String {
    let mut link = format!("{page}?room={code}");
    if server != site_server {
        link.push_str("&server=");
        link.push_str(&crate::link::percent_encode(server));
    }
    link
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_is_found_however_it_was_typed() {
        let wss = "wss://rooms.example.org/ws";
        for typed in [
            "rooms.example.org",
            " rooms.example.org/ ",
            "https://rooms.example.org",
            "HTTPS://rooms.example.org/",
            "wss://rooms.example.org",
            wss,
        ] {
            assert_eq!(server_address(typed, true), wss, "{typed:?}");
        }
        assert_eq!(
            server_address("192.168.1.20:8080", false),
            "ws://192.168.1.20:8080/ws"
        );
        assert_eq!(
            server_address("http://192.168.1.20:8080", true),
            "ws://192.168.1.20:8080/ws",
            "a scheme given is kept"
        );
        // A path given is the host's: a server behind a proxy's prefix.
        assert_eq!(
            server_address("https://example.org/uno/ws", false),
            "wss://example.org/uno/ws"
        );
        assert_eq!(server_address("   ", true), "");
        assert_eq!(server_address("ftp://x.example", true), "ftp://x.example");
    }

    #[test]
    fn a_rooms_link_names_its_server_only_when_the_site_does_not_serve_rooms() {
        let site = "ws://192.168.1.20:8080/ws";
        assert_eq!(
            room_link("http://192.168.1.20:8080/", "ABC123", site, site),
            "http://192.168.1.20:8080/?room=ABC123"
        );
        // A site on a static host, its rooms on a server of their own.
        assert_eq!(
            room_link(
                "https://cards.example.org/uno/",
                "ABC123",
                "wss://rooms.example.org/ws",
                "wss://cards.example.org/uno/ws"
            ),
            "https://cards.example.org/uno/?room=ABC123&server=wss%3A%2F%2Frooms.example.org%2Fws"
        );
        assert_eq!(
            room_link("", "ABC123", "wss://r.example/ws", site),
            "?room=ABC123&server=wss%3A%2F%2Fr.example%2Fws"
        );
    }
}
