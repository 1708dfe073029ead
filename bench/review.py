"""How long the review after a deal takes: ``python bench/review.py [--deals N] [--learner first|greedy]``.

Plays ``N`` seeded two-player deals against the greedy computer, the learner making the first legal play or the
greedy one, then times the whole review of each deal as the Play page makes it: every play weighed, with the
reasons for a play that lost points, and the deal's luck. Prints the median and the 95th percentile of a deal's
review, the time to the first row shown, and the target (2 s at the 95th percentile), in CPU time, so that other
work on the machine weighs less, and the wall-clock figures beside them.
"""

from __future__ import annotations

import argparse
import time

from trainer.ai.arena import median_and_p95
from trainer.ai.bots import make_bot
from trainer.ai.game import Game, reviewing
from trainer.ai.view import View

TARGET = 2.0  # seconds, at the 95th percentile, for a two-player deal


def played(seed: int, learner: str) -> Game:
    """A deal played to its end, the learner by the first legal play or the greedy one."""
    game = Game.start(2, "greedy", seed=seed)
    bot = make_bot("greedy", seed)
    while not game.deal.is_over:
        if not game.learner_to_play:
            game = game.computer_turn()
        else:
            play = game.deal.legal_plays()[0] if learner == "first" else bot.choose(View.of(game.deal))
            game = game.learner_plays(play)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=30, help="deals played and reviewed")
    parser.add_argument("--learner", choices=("first", "greedy"), default="first", help="how the learner plays")
    args = parser.parse_args()
    whole: list[float] = []
    first: list[float] = []
    wall: list[float] = []
    for seed in range(args.deals):
        game = played(seed, args.learner)
        start, started = time.process_time(), time.perf_counter()
        for number, _ in enumerate(reviewing(game.decisions)):
            if not number:
                first.append(time.process_time() - start)
        game.deal_luck()
        whole.append(time.process_time() - start)
        wall.append(time.perf_counter() - started)
    median, p95 = median_and_p95(whole)
    print(f"{args.deals} two-player deals, the learner playing its {args.learner} play; CPU time")
    print(f"review of a deal, reasons and luck: median {median:.2f} s, p95 {p95:.2f} s (target p95 {TARGET:g} s)")
    print("first row shown after:             median {:.2f} s, p95 {:.2f} s".format(*median_and_p95(first)))
    print("the review, wall clock:            median {:.2f} s, p95 {:.2f} s".format(*median_and_p95(wall)))
    print("within the target" if p95 <= TARGET else "over the target")


if __name__ == "__main__":
    main()
