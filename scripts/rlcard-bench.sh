#!/usr/bin/env bash
# For scale: RLCard's Python UNO core playing the same kind of random 4-player hands as
# `scripts/bench.sh`, on this machine. Installs RLCard from PyPI into target/rlcard-venv once.
# Usage: scripts/rlcard-bench.sh [GAMES] [RUNS]   (defaults 5000 and 5)
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
require python3 "install Python 3"
cd "$ROOT"
VENV="$ROOT/target/rlcard-venv"
RLCARD_VERSION="1.2.0"
if ! "$VENV/bin/python" -c "import rlcard, sys; sys.exit(rlcard.__version__ != '$RLCARD_VERSION')" 2>/dev/null; then
  say "installing rlcard $RLCARD_VERSION into target/rlcard-venv (PyPI)"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "rlcard==$RLCARD_VERSION" "numpy==2.4.6"
fi
"$VENV/bin/python" scripts/rlcard-bench.py "${1:-5000}" "${2:-5}"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $("$VENV/bin/python" --version)"
