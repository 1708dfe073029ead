"""Figures about a learner's attempts, for the Progress page.

>>> from datetime import UTC, datetime
>>> from trainer.progress.model import Attempt, GameSummary
>>> when = datetime(2026, 1, 1, tzinfo=UTC)
>>> tries = [Attempt("p1", "capture", 1, ("escoba",), "practice", "5♦", ok, 3.0, 0, False, when) for ok in (1, 0)]
>>> accuracy(groups_of(tries), "kind")
[Accuracy(name='capture', right=1, answers=2)]
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, timedelta
from typing import NamedTuple

from trainer.progress.model import Attempt, GameSummary
from trainer.progress.rating import START

MIN_ANSWERS = 3  # answers on a theme before it counts as a strength or a weak spot

#: The red of the charts: 5.2:1 against white and 3.5:1 against the dark theme's background, so it serves both,
#: and white text on it stays readable.
ACCENT = "#c8363d"

_MARKDOWN = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~:$&])")
#: Where Markdown would make a link of bare text (``https://…``, ``www.…``, ``a@b.org``) whatever is escaped: a word
#: joiner after it, unseen and unread, breaks the pattern.
_AUTOLINK = re.compile(r"\b(?:https?|ftp|mailto|xmpp)(?=\\:)|\bwww(?=\\\.)|@", re.IGNORECASE)


class Accuracy(NamedTuple):
    """How many answers on one kind or theme were right."""

    name: str
    right: int
    answers: int

    @property
    def percent(self) -> float:
        """The share right, in percent."""
        return 100 * self.right / self.answers


#: Answers grouped by kind and themes: (kind, themes, right, answers), as ``Store.answer_groups`` counts them.
Group = tuple[str, tuple[str, ...], int, int]


def groups_of(attempts: Iterable[Attempt]) -> list[Group]:
    """Attempts grouped as the store groups them, skips left out."""
    counts: dict[tuple[str, tuple[str, ...]], list[int]] = defaultdict(lambda: [0, 0])
    for attempt in attempts:
        if not attempt.skipped:
            tally = counts[attempt.kind, attempt.themes]
            tally[0] += bool(attempt.correct)
            tally[1] += 1
    return [(kind, themes, right, answers) for (kind, themes), (right, answers) in counts.items()]


def accuracy(groups: Iterable[Group], by: str) -> list[Accuracy]:
    """Right answers for every kind or theme answered (``by`` is "kind" or "theme"), by name."""
    right: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for kind, themes, correct, count in groups:
        for name in themes if by == "theme" else (kind,):
            right[name][0] += correct
            right[name][1] += count
    return [Accuracy(name, correct, count) for name, (correct, count) in sorted(right.items())]


def strengths_and_weak_spots(groups: Iterable[Group], count: int = 3) -> tuple[list[Accuracy], list[Accuracy]]:
    """The best and the worst themes by accuracy, among those answered often enough; a theme is never both: with
    few themes the better half are strengths and the worse half weak spots, and a middle one is a strength if at
    least half of its answers were right.

    >>> groups = [("capture", ("escoba",), 3, 3), ("capture", ("sevens",), 1, 3)]
    >>> [[row.name for row in rows] for rows in strengths_and_weak_spots(groups)]
    [['escoba'], ['sevens']]
    """
    ranked = [row for _, row in sorted((r.percent, r) for r in accuracy(groups, "theme") if r.answers >= MIN_ANSWERS)]
    middle = len(ranked) // 2
    weak = middle + (len(ranked) % 2 == 1 and ranked[middle].percent < 50)
    return ranked[weak:][::-1][:count], ranked[:weak][:count]


def recent_mistakes(attempts: Sequence[Attempt], count: int = 8) -> list[Attempt]:
    """The latest misses of ``count`` different puzzles, newest first, each with its latest wrong answer; skips
    are not misses."""
    missed: dict[str, Attempt] = {}
    for attempt in reversed(attempts):
        if not attempt.correct and not attempt.skipped:
            missed.setdefault(attempt.puzzle_id, attempt)
    return list(missed.values())[:count]


def rating_history(latest: Sequence[float], window: int) -> list[float]:
    """The ratings to draw: the latest ones after rated answers (at most ``window``), with the starting rating
    in front while the whole history fits.

    >>> rating_history([1520.0, 1490.0], window=300), rating_history([1520.0, 1490.0], window=2)
    ([1500.0, 1520.0, 1490.0], [1520.0, 1490.0])
    """
    return [START.rating, *latest] if len(latest) < window else list(latest)


def rating_domain(ratings: Sequence[float]) -> tuple[float, float]:
    """A rating axis from just below the lowest to just above the highest, in round tens, never narrower than 40."""
    low, high = min(ratings), max(ratings)
    pad = max(20.0, (high - low) / 10)
    return math.floor((low - pad) / 10) * 10, math.ceil((high + pad) / 10) * 10


def plain(text: str, limit: int = 200) -> str:
    r"""Stored or typed text made safe to show where Markdown is read: every mark escaped, no address made a link,
    lines joined, and cut to ``limit`` characters, so a pasted page of text is not echoed whole.

    >>> print(plain("![x](http://e.org/x.png)").replace("\u2060", "+"), plain("a" * 500, limit=5))
    \!\[x\]\(http+\://e\.org/x\.png\) aaaaa…
    """
    text = " ".join(text.split())
    escaped = _MARKDOWN.sub(r"\\\1", text if len(text) <= limit else f"{text[:limit]}…")
    return _AUTOLINK.sub("\\g<0>\u2060", escaped)


@dataclass(frozen=True)
class LevelResults:
    """Matches against one level of computer player: how many, won, lost and still under way."""

    level: str
    played: int
    won: int
    lost: int
    open: int


def results_by_level(games: Iterable[GameSummary]) -> list[LevelResults]:
    """Matches grouped by the computer's level, in the order the levels were first played."""
    grouped: dict[str, list[GameSummary]] = {}
    for game in games:
        grouped.setdefault(game.level, []).append(game)
    return [
        LevelResults(
            level,
            len(kept),
            sum(g.over and g.won for g in kept),
            sum(g.over and not g.won for g in kept),
            sum(not g.over for g in kept),
        )
        for level, kept in grouped.items()
    ]


def loss_per_decision(games: Iterable[GameSummary]) -> list[float]:
    """The average points lost per reviewed play, match by match, oldest first."""
    return [game.lost / game.decisions for game in games if game.decisions]


def luck_per_match(games: Iterable[GameSummary]) -> list[float]:
    """The luck of the cards, match by match, oldest first: what the cards of its reviewed deals were worth to the
    learner's side, for the matches with deals reviewed since it was kept."""
    return [game.luck for game in games if game.luck is not None and game.decisions]


class Period(NamedTuple):
    """A week (from its Monday) or a calendar month of a learner's puzzles: how many they answered (skips left out),
    how many right, the minutes they spent, and their rating after the period's last rated answer (None if none)."""

    start: date
    answered: int
    right: int
    minutes: float
    rating: float | None


def by_period(attempts: Iterable[Attempt], period: str) -> list[Period]:
    """The learner's answers gathered by ``period`` ("week" or "month", in UTC), oldest first; a period without an
    answer is left out.

    >>> from datetime import datetime, timezone
    >>> def at(day): return Attempt("p", "capture", 1, ("sum",), "practice", "x", day % 2 == 0, 90.0, 0, False,
    ...                              datetime(2026, 3, day, tzinfo=timezone.utc), 1500.0 + day)
    >>> [tuple(p) for p in by_period([at(2), at(3), at(10)], "week")]  # doctest: +NORMALIZE_WHITESPACE
    [(datetime.date(2026, 3, 2), 2, 1, 3.0, 1503.0), (datetime.date(2026, 3, 9), 1, 1, 1.5, 1510.0)]
    >>> [(p.start.isoformat(), p.answered) for p in by_period([at(2), at(3), at(10)], "month")]
    [('2026-03-01', 3)]
    """
    found: dict[date, list[Attempt]] = {}
    for attempt in sorted(attempts, key=lambda attempt: attempt.at):
        if attempt.skipped:
            continue
        day = attempt.at.astimezone(UTC).date()
        start = day - timedelta(days=day.weekday()) if period == "week" else day.replace(day=1)
        found.setdefault(start, []).append(attempt)
    return [
        Period(
            start,
            len(answers),
            sum(answer.correct for answer in answers),
            sum(answer.seconds for answer in answers) / 60,
            next((a.rating_after for a in reversed(answers) if a.rating_after is not None), None),
        )
        for start, answers in sorted(found.items())
    ]
