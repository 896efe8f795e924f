#!/usr/bin/env bash
# Installs what is missing, builds the game and the room server, and serves both at
# http://127.0.0.1:8080/: solo and pass-and-play in the page, online rooms through /ws.
# Options go to the server (a later one wins), e.g. `./scripts/play.sh --addr 0.0.0.0:8080`
# for friends on the LAN (README, "Play with friends"). Rooms are kept in uno-rooms.sqlite.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_build_tools
cd "$ROOT"
build_site
build_server
say "serving the game and its rooms (Ctrl-C stops)"
exec "$SERVER_BIN" --addr 127.0.0.1:8080 --dist dist --db uno-rooms.sqlite "$@"
