# Sourced by scripts/play.sh and scripts/test.sh: installs what is missing, at pinned versions,
# from the package registries only (crates.io, npm, Debian). Each step checks first and says
# what it installs, so running it again does nothing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TRUNK_VERSION="0.21.14"
# wasm-bindgen-cli must equal the wasm-bindgen that Cargo.lock holds.
WASM_BINDGEN_VERSION="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$ROOT/Cargo.lock")"
WASM_OPT_VERSION="132"

export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# Trunk must use the tools installed here and never fetch its own.
export TRUNK_OFFLINE=true
export TRUNK_SKIP_VERSION_CHECK=true

say() { printf '[setup] %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

require() { # require CMD "how to get it"
  command -v "$1" >/dev/null 2>&1 || die "$1 is missing: $2"
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    die "need root to run: $* (run this script as root or install it yourself)"
  fi
}

ensure_rust() {
  require cargo "install Rust with rustup (https://rustup.rs)"
  require rustup "install Rust with rustup (https://rustup.rs); the wasm target needs rustup"
}

ensure_wasm_target() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "installing the Rust target wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
}

ensure_trunk() {
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    say "installing trunk $TRUNK_VERSION (cargo install, about 7 minutes)"
    # --force: cargo keeps a record of past installs and would skip a removed binary.
    cargo install --force --locked trunk --version "$TRUNK_VERSION"
  fi
}

ensure_wasm_bindgen() {
  [ -n "$WASM_BINDGEN_VERSION" ] || die "Cargo.lock names no wasm-bindgen version"
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
    say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (cargo install, about 3 minutes)"
    # Not --locked: one of its locked dependency versions is no longer in the registry.
    cargo install --force wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
  fi
}

# node_modules from the committed package-lock.json: wasm-opt (binaryen), Terser, Playwright, axe-core.
ensure_node_packages() {
  require node "install Node.js 20 or newer (Debian: apt-get install nodejs npm)"
  require npm "install npm (Debian: apt-get install npm)"
  local stamp="$ROOT/node_modules/.installed-from-lock"
  local want
  want="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    say "installing node packages from package-lock.json (npm ci)"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
    echo "$want" >"$stamp"
  fi
  case "$(wasm-opt --version 2>/dev/null)" in
    *"version $WASM_OPT_VERSION"*) ;;
    *) die "wasm-opt $WASM_OPT_VERSION not found in node_modules/.bin (npm ci should have installed binaryen)" ;;
  esac
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    command -v apt-get >/dev/null 2>&1 ||
      die "Chromium is missing: install chromium and chromedriver at /usr/bin (Debian: apt-get install chromium chromium-driver)"
    say "installing Debian's chromium and chromium-driver"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
}

# Everything needed to build the site.
ensure_build_tools() {
  ensure_rust
  ensure_wasm_target
  ensure_node_packages
  ensure_wasm_bindgen
  ensure_trunk
}

# The release site in dist/.
build_site() {
  say "building the release site into dist/"
  (cd "$ROOT" && trunk build --release)
}

# The room server, native and optimized (the `fast` profile: unlike `release`, which is tuned
# for a small wasm, it unwinds, so a fault in one room's task cannot stop the others).
SERVER_BIN="$ROOT/target/fast/uno-server"
build_server() {
  say "building the room server (target/fast/uno-server)"
  (cd "$ROOT" && cargo build --quiet --profile fast -p uno-server)
}
