"""Engine speed, through the public API: ``python bench/engine.py``.

Prints medians of several runs: random full deals per second for every rule set with every
player count it allows (and the Turkish rule set played by its penalties), each also as a share
of the classic two-player figure, then ``captures()`` calls per second. Time is this process's
CPU time, so other work on a shared machine weighs on the figures as little as possible; runs
of the different games are interleaved, so what it still changes touches them all alike. Every
run plays the same number of deals and starts with the engine's capture cache emptied, so the
figures are not flattered by positions seen before.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from trainer import DECK, PROFILES, Deal, RuleProfile, captures
from trainer.ai import playout
from trainer.plays import groups_by_sum

#: Every game measured: a name, the rule set and the number of players. Classic with 2 players comes first: the
#: other figures are given as a share of it.
GAMES: list[tuple[str, RuleProfile, int]] = [
    *((f"{profile.name} {players}p", profile, players) for profile in PROFILES.values() for players in profile.players),
    *(
        (f"turkish {players}p, penalties", PROFILES["turkish"].with_options(penalties=True), players)
        for players in PROFILES["turkish"].players
    ),
]
#: The floor the share of the classic two-player figure should stay above.
FLOOR = 0.8


def deals_per_second(players: int, deals: int, seed: int, profile: RuleProfile = PROFILES["classic"]) -> float:
    """Random full deals: a new shuffle, then uniformly random legal plays to the end."""
    groups_by_sum.cache_clear()
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(deals):
        deal = Deal.new(players, seed=rng.getrandbits(64), profile=profile)
        while not deal.is_over:
            deal = deal.play(rng.choice(deal.legal_plays()))
    return deals / (time.process_time() - start)


def playouts_per_second(deals: int, seed: int) -> float:
    """Random two-player deals through the bots' playout engine, its table cache emptied first."""
    playout.forget_tables()
    start = time.process_time()
    playout.random_deal_points(deals, seed)
    return deals / (time.process_time() - start)


def captures_per_second(table_size: int, calls: int, seed: int) -> float:
    """``captures()`` on distinct random tables of one size, none of them cached."""
    rng = random.Random(seed)
    cases = {}
    while len(cases) < calls:
        cards = rng.sample(DECK, table_size + 1)
        cases[frozenset(cards[1:])] = cards[0]
    work = [(played, list(table)) for table, played in cases.items()]
    groups_by_sum.cache_clear()
    start = time.process_time()
    for played, table in work:
        captures(played, table)
    return calls / (time.process_time() - start)


def median_of(runs: int, measure: Callable[[int], float]) -> tuple[float, float, float]:
    """Median, lowest and highest of ``runs`` measurements."""
    figures = [measure(run) for run in range(runs)]
    return statistics.median(figures), min(figures), max(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (default 5)")
    parser.add_argument("--deals", type=int, default=1000, help="deals in one run (default 1000)")
    args = parser.parse_args()
    print(f"median of {args.runs} runs (lowest - highest), one process, one core, CPU time")
    figures: dict[str, list[float]] = {name: [] for name, _, _ in GAMES}
    for run in range(args.runs):  # interleaved: run 1 of every game, then run 2, ...
        for name, profile, players in GAMES:
            figures[name].append(deals_per_second(players, args.deals, run, profile))
    base = statistics.median(figures[GAMES[0][0]])
    below = []
    print(f"{'random full deals per second':<36}{'median':>8}  {'range':<15}{'of classic 2p':>14}")
    for name, _, _ in GAMES:
        med = statistics.median(figures[name])
        share = med / base
        span = f"{min(figures[name]):.0f} - {max(figures[name]):.0f}"
        print(f"{name:<36}{med:8.0f}  {span:<15}{share:13.0%}" + ("  below the floor" if share < FLOOR else ""))
        if share < FLOOR:
            below.append(name)
    print(f"every game at {FLOOR:.0%} of classic 2p or more" if not below else f"below {FLOOR:.0%}: {', '.join(below)}")
    med, low, high = median_of(args.runs, lambda run: playouts_per_second(10 * args.deals, run))
    print(f"{'playout engine (bots), classic 2p':<36}{med:8.0f}  {f'{low:.0f} - {high:.0f}':<15}{med / base:13.0%}")
    for size in (4, 8, 12):
        med, low, high = median_of(args.runs, lambda run, n=size: captures_per_second(n, 5000, run))
        print(f"captures() per second, {size:2d}-card tables: {med:8.0f}  ({low:.0f} - {high:.0f})")


if __name__ == "__main__":
    main()
