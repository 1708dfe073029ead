"""Engine speed, through the public API: ``python bench/engine.py``.

Prints medians of several runs. Every run starts with the engine's capture
cache emptied, so the figures are not flattered by positions seen before.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from trainer import DECK, Deal, captures
from trainer.plays import groups_by_sum


def deals_per_second(players: int, seconds: float, seed: int) -> float:
    """Random full deals: a new shuffle, then uniformly random legal plays to the end."""
    groups_by_sum.cache_clear()
    rng = random.Random(seed)
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        deal = Deal.new(players, seed=rng.getrandbits(64))
        while not deal.is_over:
            deal = deal.play(rng.choice(deal.legal_plays()))
        count += 1
    return count / elapsed


def captures_per_second(table_size: int, calls: int, seed: int) -> float:
    """``captures()`` on distinct random tables of one size, none of them cached."""
    rng = random.Random(seed)
    cases = {}
    while len(cases) < calls:
        cards = rng.sample(DECK, table_size + 1)
        cases[frozenset(cards[1:])] = cards[0]
    work = [(played, list(table)) for table, played in cases.items()]
    groups_by_sum.cache_clear()
    start = time.perf_counter()
    for played, table in work:
        captures(played, table)
    return calls / (time.perf_counter() - start)


def median_of(runs: int, measure: Callable[[int], float]) -> tuple[float, float, float]:
    """Median, lowest and highest of ``runs`` measurements."""
    figures = [measure(run) for run in range(runs)]
    return statistics.median(figures), min(figures), max(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one deal run (default 1 s)")
    args = parser.parse_args()
    print(f"median of {args.runs} runs (lowest - highest), one process, one core")
    for players in (2, 4):
        med, low, high = median_of(args.runs, lambda run, p=players: deals_per_second(p, args.seconds, run))
        print(f"random {players}-player deals per second: {med:8.0f}  ({low:.0f} - {high:.0f})")
    for size in (4, 8, 12):
        med, low, high = median_of(args.runs, lambda run, n=size: captures_per_second(n, 5000, run))
        print(f"captures() per second, {size:2d}-card tables: {med:8.0f}  ({low:.0f} - {high:.0f})")


if __name__ == "__main__":
    main()
