"""Figures about a learner's attempts, for the Progress page.

>>> from datetime import UTC, datetime
>>> from trainer.progress.store import Attempt
>>> when = datetime(2026, 1, 1, tzinfo=UTC)
>>> tries = [Attempt("p1", "capture", 1, ("escoba",), "practice", "5♦", ok, 3.0, 0, False, when) for ok in (1, 0)]
>>> accuracy(tries, "kind")
[('capture', 50.0, 2)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from trainer.progress.store import Attempt

MIN_ANSWERS = 3  # answers on a theme before it counts as a strength or a weak spot


def accuracy(attempts: Iterable[Attempt], by: str) -> list[tuple[str, float, int]]:
    """(kind or theme, percent right, answers) for every kind or theme answered, skips left out."""
    right: dict[str, list[bool]] = defaultdict(list)
    for attempt in attempts:
        if attempt.skipped:
            continue
        for name in attempt.themes if by == "theme" else (attempt.kind,):
            right[name].append(bool(attempt.correct))
    return [(name, 100 * sum(marks) / len(marks), len(marks)) for name, marks in sorted(right.items())]


def strengths_and_weak_spots(attempts: Iterable[Attempt], count: int = 3) -> tuple[list[str], list[str]]:
    """The best and the worst themes by accuracy, among those answered often enough."""
    ranked = sorted((share, name) for name, share, answers in accuracy(attempts, "theme") if answers >= MIN_ANSWERS)
    best = [f"{name}: {share:.0f}%" for share, name in reversed(ranked[-count:])]
    worst = [f"{name}: {share:.0f}%" for share, name in ranked[:count]]
    return best, worst
