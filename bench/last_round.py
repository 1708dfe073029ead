"""What playing a way's last cards at best costs the master: ``python bench/last_round.py [--deals 4]``.

Takes the learner's decisions with a choice in seeded two-player deals, and for each weighs every legal play on
``--ways`` ways (2,048, the master's) as the master does (inferred, the counting playout) with the last 0, 4 and 6
cards of each way at best (``exact``), by the clock, after one call has compiled the code. Prints each one's median
and 95th percentile from one run, the ways alone, without the master's race.
"""

from __future__ import annotations

import argparse
import time

from labels import decisions

from trainer.ai.arena import median_and_p95
from trainer.ai.batch import margins_on_ways
from trainer.ai.view import View
from trainer.ai.warm import compile_engine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--ways", type=int, default=2048)
    args = parser.parse_args()
    compile_engine()
    views = [View.of(decision.before) for decision in decisions(args.deals)]
    for exact in (0, 4, 6):
        margins_on_ways(views[0], views[0].legal_plays(), 1, "bench", True, "counting", exact=exact)  # compiled
        times = []
        for view in views:
            began = time.perf_counter()
            margins_on_ways(view, view.legal_plays(), args.ways, "bench", True, "counting", exact=exact)
            times.append(time.perf_counter() - began)
        median, p95 = median_and_p95(times)
        figures = f"median {1000 * median:6.1f} ms   p95 {1000 * p95:6.1f} ms   ({len(times)} decisions)"
        print(f"last {exact} at best: {figures}")


if __name__ == "__main__":
    main()
