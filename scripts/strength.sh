#!/usr/bin/env bash
# Bot strength: every pairing of the README's table, as single Classic hands in the arena with
# seats rotated. Prints one line per pairing: the first bot's win rate and its standard error.
# Usage: scripts/strength.sh [GAMES]   (default 2000; each hard pairing takes 5 to 10 minutes,
# the one against three hard-v1 about four times that)
# `medium-v1` and `hard-v1` are the levels as first shipped, frozen: later versions are measured
# against them. The bots/*.py heuristics were written apart from the built-in levels.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
ensure_rust
cd "$ROOT"
GAMES="${1:-2000}"
cargo build --quiet --profile fast -p unocli
FORMAT=$(cat <<'PY'
import json, sys
d = json.load(sys.stdin)
b = d["bots"][0]
share = 100 / len(d["bots"])
print(f"{sys.argv[1]:<34} {b['name']:>7} wins {100*b['win_rate']:5.1f}% ± {100*b['stderr']:.1f} (fair share {share:.0f}%)")
PY
)
pairing() { # players bots
  target/fast/unocli arena --players "$1" --games "$GAMES" --seed 2026 --hands --bots "$2" |
    python3 -c "$FORMAT" "$2"
}
pairing 4 easy,random,random,random
pairing 4 medium,random,random,random
pairing 4 hard,random,random,random
pairing 4 medium,easy,easy,easy
pairing 4 hard,easy,easy,easy
pairing 4 hard,medium,medium,medium
pairing 2 easy,random
pairing 2 medium,easy
pairing 2 hard,medium
# Against the frozen baselines and the outside heuristics (issue #23).
pairing 4 medium,medium-v1,medium-v1,medium-v1
pairing 4 hard,medium-v1,medium-v1,medium-v1
pairing 2 hard,medium-v1
for bot in highest-points wilds-last attacker; do
  pairing 4 "hard,cmd:python3 bots/$bot.py,cmd:python3 bots/$bot.py,cmd:python3 bots/$bot.py"
done
pairing 4 hard,hard-v1,hard-v1,hard-v1
