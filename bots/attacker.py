#!/usr/bin/env python3
"""An outside heuristic: attack whoever plays next. Skips, Draw Twos and Wild Draw Fours
first while the next seat holds four cards or fewer, else the number card of the color held
most; a Wild names the color held most. Calls UNO and catches; challenges never.
"""
from outside import color_of, first, held_colors, run

ATTACKS = ("S", "D2", "W4")


def decide(view, legal):
    sure = first(legal, "catch", "uno")
    if sure:
        return sure
    plays = [a for a in legal if a["do"] == "play"]
    if not plays:
        return first(legal, "accept", "draw", "pass") or legal[0]
    held = held_colors(view["hand"])
    sizes = view["hand_sizes"]
    following = sizes[(view["seat"] + view["direction"]) % len(sizes)]

    def worth(a):
        card = a["card"]
        attack = following <= 4 and any(card.endswith(x) for x in ATTACKS)
        plain = color_of(card) is not None and card[1:].isdigit()
        return (attack, plain, held.get(color_of(card) or a.get("color"), 0))

    return max(plays, key=worth)


run(decide)
