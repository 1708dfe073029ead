"""How much faster the compiled ways are than the Python playouts: ``python bench/ways.py [--ways 2000]``.

Takes the learner's decisions with a choice in seeded two-player deals, and for each weighs every legal play on
``--ways`` ways the hidden cards may lie, once in Python (``sampled_worlds``, each way played out by ``greedy_move``,
the code the compiled playouts are tested against) and once compiled (``margins_on_ways``, what the bots and the
coach use), in CPU time, after one call has compiled the code. Prints the medians and their ratio, from one run.
"""

from __future__ import annotations

import argparse
import statistics
import time

from labels import decisions

from trainer.ai.batch import margins_on_ways
from trainer.ai.bots import greedy_move, margin, sampled_worlds
from trainer.ai.playout import Position
from trainer.ai.view import View
from trainer.ai.warm import compile_engine
from trainer.plays import Play


def played_out(play: Play, worlds: list[Position], side: int) -> list[int]:
    """The margin ``side`` ends the deal with after ``play`` in each of ``worlds``, played out in Python."""
    margins = []
    for world in worlds:
        after = world.copy()
        after.apply((play.card.bit, play.captured_mask))
        while after.to_play >= 0:
            after.apply(greedy_move(after))
        margins.append(margin(after.points(), side))
    return margins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--ways", type=int, default=2000)
    args = parser.parse_args()
    compile_engine()
    python, compiled = [], []
    for decision in decisions(args.deals):
        view = View.of(decision.before)
        plays = view.legal_plays()
        began = time.process_time()
        worlds = sampled_worlds(view, args.ways, "bench")
        for play in plays:
            played_out(play, worlds, view.side)
        python.append((time.process_time() - began) / len(plays) / args.ways)
        began = time.process_time()
        margins_on_ways(view, plays, args.ways, "bench")
        compiled.append((time.process_time() - began) / len(plays) / args.ways)
    slow, fast = statistics.median(python), statistics.median(compiled)
    print(f"{len(python)} decisions, every play on {args.ways} ways; CPU time per play and way, median:")
    print(f"Python:          {1e6 * slow:6.1f} µs")
    print(f"compiled ways:   {1e6 * fast:6.1f} µs   ({slow / fast:.1f} times faster)")


if __name__ == "__main__":
    main()
