#!/usr/bin/env bash
# Installs what is missing, builds the game and serves it on http://127.0.0.1:8080/
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_build_tools
cd "$ROOT"
say "serving the game at http://127.0.0.1:8080/ (Ctrl-C stops)"
exec trunk serve --release --address 127.0.0.1 --port 8080
