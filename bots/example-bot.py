#!/usr/bin/env python3
"""An external bot for `unocli arena --bots cmd:python3 bots/example-bot.py,...`.

It reads one JSON line per decision, {"view": ..., "legal": [...]}, and answers with one of the
legal actions as a JSON line. Its play: call UNO when it may, catch when it can, play the card
of the color it holds most (naming that color for a Wild), else take the first other action.
"""
import json
import sys
from collections import Counter

COLORS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple"}


def decide(view, legal):
    for kind in ("catch", "uno"):
        for action in legal:
            if action["do"] == kind:
                return action
    held = Counter(COLORS[c[0]] for c in view["hand"] if c[0] in COLORS and c[0] != "W")
    plays = [a for a in legal if a["do"] == "play"]
    if plays:
        def worth(action):
            color = action.get("color") or COLORS.get(action["card"][0])
            wild = action["card"].startswith("W")
            return (not wild, held.get(color, 0))
        return max(plays, key=worth)
    return legal[0]


for line in sys.stdin:
    message = json.loads(line)
    print(json.dumps(decide(message["view"], message["legal"])), flush=True)
