"""How the arena's throughput grows with its workers: ``python bench/arena.py``.

Plays the same decks, bot A against bot B, on 1, 2, ... ``--workers`` processes (the executor ``escoba-trainer
arena --workers`` uses), and prints, from one run, the decks a second for each count, the speed-up over one
process and the share of a linear speed-up it reaches. Every count must give the same margins: the bench stops
with an error if one does not.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from trainer.ai.arena import ArenaResult, Decks, arena
from trainer.ai.bots import LEVELS
from trainer.profile import PROFILES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", choices=LEVELS, default="expert")
    parser.add_argument("--b", choices=LEVELS, default="greedy")
    parser.add_argument("--deals", type=int, default=200, help="decks played for each count of workers")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rules", choices=list(PROFILES), default="classic")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="the most workers tried")
    args = parser.parse_args()

    decks = Decks(args.deals, 1, PROFILES[args.rules], args.players)
    first: ArenaResult | None = None
    alone = 0.0
    print(f"{args.deals} decks, {args.a} against {args.b}, {args.players} players, {args.rules} rules")
    for workers in range(1, args.workers + 1):
        began = time.perf_counter()
        if workers == 1:
            result = arena(args.a, args.b, decks)
        else:
            with ProcessPoolExecutor(workers) as pool:
                result = arena(args.a, args.b, decks, pool)
        seconds = time.perf_counter() - began
        if first is None:
            first, alone = result, seconds
        elif result.by_side != first.by_side:
            raise SystemExit(f"{workers} workers gave other margins than one: the arena is not reproducible")
        speed_up = alone / seconds
        print(
            f"{workers} worker(s): {args.deals / seconds:6.2f} decks/s   speed-up {speed_up:4.2f}   "
            f"{100 * speed_up / workers:3.0f}% of linear   margin {result.margin:+.3f}"
        )


if __name__ == "__main__":
    main()
