#!/usr/bin/env bash
# Installs what the tests need and runs every tier: formatting and lints, native tests, wasm
# tests in headless Chromium, and end-to-end tests of the release site in headless Chromium.
# Ends with one summary line: "summary: N passed, M failed".
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_build_tools
ensure_chromium
cd "$ROOT"

LOG_DIR="$(mktemp -d)"
failed_tiers=()
tier=0

# run_tier NAME COMMAND...: runs it, echoing its output, and remembers whether it failed.
run_tier() {
  local name="$1"; shift
  tier=$((tier + 1))
  printf '\n=== tier %d: %s\n' "$tier" "$name"
  if "$@" 2>&1 | tee "$LOG_DIR/$tier.log"; then :; else failed_tiers+=("$name"); fi
}

lint() {
  cargo fmt --all -- --check &&
    cargo clippy --workspace --all-targets --quiet -- -D warnings &&
    cargo clippy --target wasm32-unknown-unknown -p uno-web --all-targets --quiet -- -D warnings &&
    echo "lint: fmt and clippy clean"
}

e2e() {
  build_site && build_server && node scripts/sizes.mjs dist && node --test --test-concurrency=1 tests/e2e/
}

run_tier "lint (cargo fmt, clippy)" lint
run_tier "native tests (cargo test --workspace)" cargo test --workspace
run_tier "wasm tests in headless Chromium (wasm-bindgen-test)" \
  cargo test --target wasm32-unknown-unknown -p uno-web --test web
run_tier "end-to-end tests (Playwright, release dist/)" e2e

# Count tests from each runner's own closing lines: cargo's "test result:" and node's "# pass".
passed=0; fails=0
while read -r p f; do passed=$((passed + p)); fails=$((fails + f)); done < <(
  cat "$LOG_DIR"/*.log | sed -n \
    -e 's/^test result: [A-Za-z]*\. \([0-9]*\) passed; \([0-9]*\) failed.*/\1 \2/p' \
    -e 's/^# pass \([0-9]*\)$/\1 0/p' -e 's/^# fail \([0-9]*\)$/0 \1/p'
)
rm -rf "$LOG_DIR"

echo
if [ ${#failed_tiers[@]} -gt 0 ]; then
  printf 'failed tier: %s\n' "${failed_tiers[@]}"
  # A tier can fail before its runner counts anything (a build error): count it as a failure.
  [ "$fails" -gt 0 ] || fails=${#failed_tiers[@]}
  echo "summary: $passed passed, $fails failed"
  exit 1
fi
echo "summary: $passed passed, $fails failed"
