"""How fast the computer players think: ``python bench/ai.py``.

Prints, from one run: the expert's time per move (in the learner's seat), the master's (at every turn, on both
sides), a hint's time and a whole deal's review time (medians and 95th percentiles), by the clock. The playout
engine's deals per second are in ``bench/engine.py``, beside ``Deal``'s. The exact endgame search, before and after
alpha-beta, is in ``bench/endgame.py``."""

from __future__ import annotations

import argparse
import time

from trainer.ai.arena import median_and_p95
from trainer.ai.bots import make_bot
from trainer.ai.game import Game, review
from trainer.ai.view import View


def figures(times: list[float]) -> str:
    median, p95 = median_and_p95(times)
    return f"median {1000 * median:7.1f} ms   p95 {1000 * p95:7.1f} ms   ({len(times)} runs)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20, help="deals played and reviewed for the timings")
    args = parser.parse_args()

    expert, master = make_bot("expert", 1), make_bot("master", 1)
    moves: list[float] = []
    master_moves: list[float] = []
    hints: list[float] = []
    reviews: list[float] = []
    for number in range(args.deals):
        game = Game.start(2, "greedy", seed=number)
        while not game.deal.is_over:
            start = time.perf_counter()
            master.choose(View.of(game.deal))
            master_moves.append(time.perf_counter() - start)
            if not game.learner_to_play:
                game = game.computer_turn()
                continue
            start = time.perf_counter()
            game.hint()
            middle = time.perf_counter()
            play = expert.choose(View.of(game.deal))
            hints.append(middle - start)
            moves.append(time.perf_counter() - middle)
            game = game.learner_plays(play)
        start = time.perf_counter()
        review(game.decisions)
        reviews.append(time.perf_counter() - start)
    print(f"expert move:           {figures(moves)}")
    print(f"master move:           {figures(master_moves)}")
    print(f"hint:                  {figures(hints)}")
    print(f"review of a deal:      {figures(reviews)}")


if __name__ == "__main__":
    main()
