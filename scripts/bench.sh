#!/usr/bin/env bash
# Engine speed: random 4-player Classic hands per second on one core, native and in
# WebAssembly (a wasm32-wasip1 build of unocli run by Node's WASI). Prints both results, each
# the median of RUNS runs of the same hands (this machine's speed drifts from run to run).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_rust
require node "install Node.js 20 or newer"
cd "$ROOT"
GAMES="${1:-300000}"
RUNS="${2:-5}"
# The wasm figure needs the wasm32-wasip1 target, which rustup downloads from outside the
# package registries: where it cannot (offline), the native figure is printed alone, and
# the browser's own figures come from scripts/worker-think.mjs.
WASM=yes
if ! rustup target list --installed | grep -qx wasm32-wasip1; then
  say "installing the Rust target wasm32-wasip1"
  if ! timeout 300 rustup target add wasm32-wasip1; then
    say "could not install wasm32-wasip1 (offline?): native figures only"
    WASM=no
  fi
fi
cargo build --quiet --profile fast -p unocli
echo "native: $(target/fast/unocli bench --games "$GAMES" --runs "$RUNS")"
if [ "$WASM" = yes ]; then
  cargo build --quiet --profile fast -p unocli --target wasm32-wasip1
  echo "wasm:   $(node --no-warnings scripts/wasi-run.mjs target/wasm32-wasip1/fast/unocli.wasm bench --games "$GAMES" --runs "$RUNS")"
fi
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), rustc $(rustc --version | cut -d' ' -f2), node $(node --version)"
