"""How many positions the exact endgame search weighs, and how long it takes: ``python bench/endgame.py``.

For the hard last round of ``tests/solver_kit.py`` (thirteen aces and court cards on the table) and each endgame
of the puzzle bank, prints the plays to choose from, then the positions weighed and the median time of
``--runs`` searches (3 unless told), before (plain minimax, as the trainer searched without alpha-beta) and now
(``exact_search``: alpha-beta, remembered positions, a budget).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from trainer import Deal
from trainer.ai.bots import exact_search
from trainer.plays import Play
from trainer.puzzles import load_puzzles
from trainer.puzzles.kinds import EndgamePuzzle

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from solver_kit import hard_position, plain_margins

BANK = Path(__file__).parent.parent / "puzzles"
Search = Callable[[Deal], tuple[dict[Play, int], int]]


def measured(search: Search, deal: Deal, runs: int) -> str:
    """The positions a search weighs and its median time over ``runs`` runs, as two columns."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        _, weighed = search(deal)
        times.append(time.perf_counter() - start)
    return f"{weighed:>11,} {1000 * statistics.median(times):>10.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="searches timed per position and search")
    args = parser.parse_args()
    positions = [("hard last round", hard_position())]
    positions += [(p.id, p.position()) for p in load_puzzles(BANK) if isinstance(p, EndgamePuzzle)]
    print(f"{'position':<16}{'plays':>6}   {'before: positions':>17} {'ms':>10}   {'now: positions':>14} {'ms':>10}")
    for name, deal in positions:
        before, now = measured(plain_margins, deal, args.runs), measured(exact_search, deal, args.runs)
        print(f"{name:<16}{len(deal.legal_plays()):>6}   {before:>28}   {now:>25}")


if __name__ == "__main__":
    main()
