#!/usr/bin/env python3
"""An outside heuristic: play the card worth the most points, so that a lost round costs
little. A Wild names the color held most. Calls UNO and catches; never challenges.
"""
from outside import first, held_colors, points, run


def decide(view, legal):
    sure = first(legal, "catch", "uno")
    if sure:
        return sure
    plays = [a for a in legal if a["do"] == "play"]
    if plays:
        held = held_colors(view["hand"])
        return max(plays, key=lambda a: (points(a["card"]), held.get(a.get("color"), 0)))
    return first(legal, "accept", "draw", "pass") or legal[0]


run(decide)
