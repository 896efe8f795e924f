#!/usr/bin/env python3
"""An outside heuristic: keep the Wilds to the end. A colored card is played when one fits
(the color held most first, low points before high); a Wild only once the hand is down to
three cards, and otherwise it draws. Calls UNO and catches; challenges a Wild Draw Four from
a hand of five or more cards.
"""
from outside import color_of, first, held_colors, points, run


def decide(view, legal):
    sure = first(legal, "catch", "uno")
    if sure:
        return sure
    hand = view["hand"]
    held = held_colors(hand)
    colored = [a for a in legal if a["do"] == "play" and color_of(a["card"])]
    if colored:
        return max(colored, key=lambda a: (held[color_of(a["card"])], -points(a["card"])))
    wilds = [a for a in legal if a["do"] == "play"]
    if wilds and (len(hand) <= 3 or not first(legal, "draw", "pass")):
        return max(wilds, key=lambda a: held.get(a.get("color"), 0))
    if first(legal, "challenge"):
        offender = (view["seat"] - view["direction"]) % len(view["hand_sizes"])
        return first(legal, "challenge" if view["hand_sizes"][offender] >= 5 else "accept")
    return first(legal, "pass", "draw") or legal[0]


run(decide)
