"""What the outside heuristics share: reading the bot protocol's lines and the cards' codes.

The heuristics in this folder were written apart from the built-in bots, as a player might
play, so that the hard level is measured against play it was never tuned against
(`unocli arena --bots hard,cmd:"python3 bots/highest-points.py",...`).
"""
import json
import sys
from collections import Counter

COLORS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple"}


def color_of(card):
    """The color of a colored card, None for a Wild."""
    return None if card.startswith("W") else COLORS[card[0]]


def points(card):
    """A card's points at the end of a round: its number, 20 for an action, 50 for a Wild."""
    if card.startswith("W"):
        return 50
    rank = card[1:]
    return int(rank) if rank.isdigit() else 20


def held_colors(hand):
    return Counter(color_of(c) for c in hand if color_of(c))


def first(legal, *kinds):
    """The first legal action of one of these kinds, in the order given."""
    for kind in kinds:
        for action in legal:
            if action["do"] == kind:
                return action
    return None


def run(decide):
    """Answers one JSON line per decision with one of the legal actions."""
    for line in sys.stdin:
        message = json.loads(line)
        print(json.dumps(decide(message["view"], message["legal"])), flush=True)
