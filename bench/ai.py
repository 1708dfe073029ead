"""How fast the computer players think: ``python bench/ai.py``.

Prints, from one run: random two-player deals per second through the playout engine and through
``Deal`` (and their ratio), the expert's time per move, a hint's time and a whole deal's review time
(medians and 95th percentiles).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from trainer import Deal
from trainer.ai.bots import make_bot
from trainer.ai.game import Game, review
from trainer.ai.playout import random_deal_points


def per_second(run: Callable[[int], object], seconds: float) -> float:
    """How many times ``run`` completes per second, over about ``seconds``."""
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        run(count)
        count += 1
    return count / elapsed


def deal_through_referee(seed: int) -> None:
    rng = random.Random(seed)
    deal = Deal.new(seed=seed)
    while not deal.is_over:
        deal = deal.play(rng.choice(deal.legal_plays()))


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {1000 * statistics.median(ordered):7.1f} ms   p95 {1000 * p95:7.1f} ms   ({len(ordered)} runs)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time spent on each deals-per-second figure")
    parser.add_argument("--deals", type=int, default=20, help="deals played and reviewed for the timings")
    args = parser.parse_args()

    start = time.perf_counter()
    played = len(random_deal_points(round(2000 * args.seconds), seed=1))
    fast = played / (time.perf_counter() - start)
    slow = per_second(deal_through_referee, args.seconds)
    print(f"random 2-player deals/s: playout {fast:,.0f}, Deal {slow:,.0f} ({fast / slow:.1f} times as many)")

    expert = make_bot("expert", 1)
    moves: list[float] = []
    hints: list[float] = []
    reviews: list[float] = []
    for number in range(args.deals):
        game = Game.start(2, "greedy", seed=number)
        while not game.deal.is_over:
            if not game.learner_to_play:
                game = game.computer_turn()
                continue
            start = time.perf_counter()
            game.hint()
            middle = time.perf_counter()
            play = expert.choose(game.deal)
            hints.append(middle - start)
            moves.append(time.perf_counter() - middle)
            game = game.learner_plays(play)
        start = time.perf_counter()
        review(game.decisions)
        reviews.append(time.perf_counter() - start)
    print(f"expert move:           {figures(moves)}")
    print(f"hint:                  {figures(hints)}")
    print(f"review of a deal:      {figures(reviews)}")


if __name__ == "__main__":
    main()
