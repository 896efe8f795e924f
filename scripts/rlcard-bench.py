"""RLCard's UNO game core playing random 4-player hands: the README's point of comparison.

The player is the bench's: a random legal action (RLCard lists a draw only when nothing is
playable). Two figures: the round alone (legal actions, then the step), and the game's
`step`, which also builds the next player's observation each time.
"""
import random
import sys
import time

from rlcard.games.uno.game import UnoGame


def play(games, with_state):
    game = UnoGame(num_players=4)
    game.np_random.seed(1)
    choose = random.Random(1).choice
    actions = 0
    start = time.perf_counter()
    for _ in range(games):
        game.init_game()
        r, players = game.round, game.players
        while not r.is_over:
            if with_state:
                game.step(choose(game.get_legal_actions()))
            else:
                r.proceed_round(players, choose(r.get_legal_actions(players, r.current_player)))
            actions += 1
    seconds = time.perf_counter() - start
    return games / seconds, actions / games


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    for label, with_state in (("round only", False), ("game.step", True)):
        # Every run plays the same seeded hands, so any run's actions/game will do.
        results = [play(games, with_state) for _ in range(runs)]
        rates = sorted(rate for rate, _ in results)
        per_game = results[0][1]
        print(f"rlcard {label}: {rates[(runs - 1) // 2]:,.0f} games/s (median of {runs} runs of"
              f" {games}; slowest {rates[0]:,.0f}, fastest {rates[-1]:,.0f}),"
              f" {per_game:.1f} actions/game")


main()
