"""How long checking the whole puzzle bank takes: ``python bench/puzzles.py``.

One run loads and validates every file in ``puzzles/`` (what ``escoba-trainer
check`` does) and then asks each puzzle for its solutions and judges each one.
Prints the median and the range of several runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from trainer.plays import groups_by_sum
from trainer.puzzles import check_paths

BANK = Path(__file__).parent.parent / "puzzles"


def one_run() -> tuple[float, int]:
    """Seconds for one full check of the bank, from cold caches, and the number of puzzles."""
    groups_by_sum.cache_clear()
    start = time.perf_counter()
    puzzles, problems = check_paths(BANK)
    for puzzle in puzzles:
        for answer in puzzle.solutions():
            puzzle.check(answer)
    elapsed = time.perf_counter() - start
    if problems:
        raise SystemExit(f"the bank has problems: {problems[0]}")
    return elapsed, len(puzzles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    runs = [one_run() for _ in range(args.runs)]
    times = [seconds for seconds, _ in runs]
    print(f"checking the whole bank ({runs[0][1]} puzzles), median of {args.runs} runs:")
    print(f"  {1000 * statistics.median(times):.0f} ms  ({1000 * min(times):.0f} - {1000 * max(times):.0f} ms)")


if __name__ == "__main__":
    main()
