"""A teacher's view of a class: one row of figures per learner, to sort, to read and to take away as CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from trainer.progress.model import Learner, Who
from trainer.progress.stats import Accuracy, accuracy, strengths_and_weak_spots
from trainer.progress.store import ProgressStore


@dataclass(frozen=True)
class LearnerRow:
    """One learner's figures: the course, the puzzles, the reviews and the matches, and when they last did any."""

    learner: Learner
    levels_done: int
    stars: int
    rating: float | None  # None before a first rated answer
    answers: int
    right: int
    themes: tuple[Accuracy, ...]  # every theme answered, by name
    weak_spot: Accuracy | None  # the theme answered worst, once answered often enough
    reviews_due: int
    matches: int
    lost_per_play: float | None  # None before a reviewed play
    last_active: datetime | None

    @property
    def percent_right(self) -> float | None:
        return 100 * self.right / self.answers if self.answers else None


def class_table(store: ProgressStore, teacher: Who, class_id: int, now: datetime) -> list[LearnerRow]:
    """A row for each learner of the teacher's class, by name; NotYours for a class the teacher does not teach."""
    return [_row(store, learner, now) for learner in store.members(teacher, class_id)]


def _row(store: ProgressStore, learner: Learner, now: datetime) -> LearnerRow:
    groups = store.answer_groups(learner)
    stars, games, rating = store.stars(learner), store.games(learner), store.get_rating(learner)
    latest = store.attempts(learner, limit=1)
    reviewed = sum(game.decisions for game in games)
    moments = [*(attempt.at for attempt in latest), *(game.played_at for game in games)]
    _, weak = strengths_and_weak_spots(groups, count=1)
    return LearnerRow(
        learner=learner,
        levels_done=len(stars),
        stars=sum(stars.values()),
        rating=None if rating is None else rating[0],
        answers=sum(count for *_, count in groups),
        right=sum(right for _, _, right, _ in groups),
        themes=tuple(accuracy(groups, "theme")),
        weak_spot=weak[0] if weak else None,
        reviews_due=len(store.due_puzzles(learner, now)),
        matches=len(games),
        lost_per_play=sum(game.lost for game in games) / reviewed if reviewed else None,
        last_active=max(moments, default=None),
    )


def ordered(columns: Sequence[Sequence[object]], by: int, descending: bool) -> list[list[object]]:
    """The table's ``columns`` with their rows in the order of column ``by``, blanks (None) always last.

    >>> ordered([["Bea", "Cai", "Ana"], [3, None, 5]], by=1, descending=True)
    [['Ana', 'Bea', 'Cai'], [5, 3, None]]
    """
    rows = list(zip(*columns, strict=True))
    filled = sorted((row for row in rows if row[by] is not None), key=lambda row: row[by], reverse=descending)
    table = filled + [row for row in rows if row[by] is None]
    return [[row[number] for row in table] for number in range(len(columns))]


def class_csv(rows: Sequence[LearnerRow], headers: Sequence[str]) -> str:
    """The table as CSV: ``headers`` names the columns of ``LearnerRow`` in order (learner, levels done, stars,
    rating, answers, percent right, weak spot, reviews due, matches, points lost per play, last active), then one
    column for each theme answered, its percent right."""
    themes = sorted({accuracy.name for row in rows for accuracy in row.themes})
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*headers, *themes])
    for row in rows:
        by_theme = {accuracy.name: f"{accuracy.percent:.0f}" for accuracy in row.themes}
        writer.writerow(
            [
                _safe(row.learner.name),
                row.levels_done,
                row.stars,
                "" if row.rating is None else round(row.rating),
                row.answers,
                "" if row.percent_right is None else f"{row.percent_right:.0f}",
                "" if row.weak_spot is None else row.weak_spot.name,
                row.reviews_due,
                row.matches,
                "" if row.lost_per_play is None else f"{row.lost_per_play:.2f}",
                "" if row.last_active is None else row.last_active.isoformat(timespec="minutes"),
                *(by_theme.get(theme, "") for theme in themes),
            ]
        )
    return out.getvalue()


def table_csv(table: dict[str, list[str]]) -> str:
    """A table of columns by heading, as the page shows it, as CSV: its cells as shown, none run as a formula."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_safe(heading) for heading in table])
    writer.writerows([_safe(cell) for cell in row] for row in zip(*table.values(), strict=True))
    return out.getvalue()


def _safe(text: str) -> str:
    """A name as a spreadsheet shows it, never as a formula it runs: one starting with = + - or @ gets a quote."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text
