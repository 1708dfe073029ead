"""Homework: what a teacher sets a class (course levels, a set of puzzles, a match against the computer) and how
each learner did on each item, read from what the store already keeps (answers, stars, matches) since it was set.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from trainer.profile import PROFILES
from trainer.progress.model import Assignment, HomeworkSettings, Learner, Who
from trainer.progress.store import ProgressStore
from trainer.puzzles import Puzzle
from trainer.text import SaidError, said


@dataclass(frozen=True)
class ItemResult:
    """One item for one learner: whether it is done, and how it went. A puzzle: its first answer since the homework
    was set, right or not, its seconds, and when. A level: its stars (when they were earned is not kept). A match:
    the first one finished as set (strength, rule set, table and target), won or not, its points and the best other
    side's, the points lost per reviewed play, and when it ended."""

    item: str
    done: bool
    right: bool | None = None
    seconds: float | None = None
    stars: int | None = None
    lost_per_play: float | None = None
    at: datetime | None = None
    won: bool | None = None
    points: tuple[int, int] | None = None

    def late(self, due: datetime) -> bool:
        """Whether it was done after the homework was due."""
        return self.at is not None and self.at > due


@dataclass(frozen=True)
class LearnerResult:
    learner: Learner
    items: tuple[ItemResult, ...]

    @property
    def done(self) -> int:
        return sum(item.done for item in self.items)

    @property
    def right(self) -> int:
        return sum(bool(item.right) for item in self.items)

    def behind(self, due: datetime, now: datetime) -> bool:
        """Whether the learner is late with it: an item done after ``due``, or ``due`` past with items still to do."""
        return any(item.late(due) for item in self.items) or (now > due and self.done < len(self.items))

    @property
    def next_item(self) -> str | None:
        """The first item not done yet, or None once all are done."""
        return next((item.item for item in self.items if not item.done), None)


def choose_puzzles(
    bank: Iterable[Puzzle],
    count: int,
    theme: str | None = None,
    rules: str | None = None,
    level: int | None = None,
    seed: int | None = None,
) -> tuple[str, ...]:
    """``count`` puzzles of the bank (fewer if fewer match) on ``theme``, under ``rules``, of ``level`` (None: any),
    drawn at random, easiest first; every learner of the class gets the same ones."""
    matching = [
        puzzle
        for puzzle in bank
        if (theme is None or theme in puzzle.themes)
        and (rules is None or puzzle.rules == rules)
        and (level is None or puzzle.level == level)
    ]
    if not matching:
        raise SaidError(said("no puzzle of the bank is of that theme, rule set and level"))
    drawn = random.Random(seed).sample(matching, min(count, len(matching)))
    return tuple(puzzle.id for puzzle in sorted(drawn, key=lambda puzzle: (puzzle.level, puzzle.id)))


def assign_puzzles(
    store: ProgressStore,
    teacher: Who,
    class_id: int,
    bank: Iterable[Puzzle],
    due: datetime,
    count: int,
    theme: str | None = None,
    rules: str | None = None,
    level: int | None = None,
) -> Assignment:
    """Set the class ``count`` puzzles drawn from the bank (``choose_puzzles``), due by ``due``."""
    drawn = choose_puzzles(bank, count, theme, rules, level)
    return store.assign(teacher, class_id, "puzzles", drawn, due, HomeworkSettings(rules, theme=theme, level=level))


def results(store: ProgressStore, teacher: Who, assignment: Assignment) -> list[LearnerResult]:
    """How each learner the homework is for (in the class, not archived) did on each item; NotYours for another
    teacher's class."""
    learners = store.members(teacher, assignment.class_id)
    chosen = [learner for learner in learners if learner.id in assignment.learners] if assignment.learners else learners
    return [standing(store, learner, assignment) for learner in chosen]


def standing(store: ProgressStore, learner: Learner, assignment: Assignment) -> LearnerResult:
    """How the learner stands on the homework: each item, what is done and what comes next."""
    return LearnerResult(learner, _items(store, learner, assignment))


def _items(store: ProgressStore, learner: Who, assignment: Assignment) -> tuple[ItemResult, ...]:
    if assignment.kind == "puzzles":
        first: dict[str, ItemResult] = {}
        for attempt in store.attempts_since(learner, assignment.items, assignment.created):
            if not attempt.skipped:
                first.setdefault(
                    attempt.puzzle_id,
                    ItemResult(attempt.puzzle_id, True, attempt.correct, attempt.seconds, at=attempt.at),
                )
        return tuple(first.get(puzzle, ItemResult(puzzle, False)) for puzzle in assignment.items)
    if assignment.kind == "levels":
        stars = store.stars(learner)
        return tuple(ItemResult(level, level in stars, stars=stars.get(level)) for level in assignment.items)
    [strength] = assignment.items
    played = [kept.summary for kept in store.finished_games(learner, strength, assignment.created)
              if played_as_set(kept.record, kept.summary.players, assignment.settings)]  # fmt: skip
    if not played:
        return (ItemResult(strength, False),)
    game = played[0]
    lost = game.lost / game.decisions if game.decisions else None
    return (
        ItemResult(
            strength, True, lost_per_play=lost, at=game.played_at, won=game.won, points=(game.points, game.against)
        ),
    )


def played_as_set(record: dict[str, Any], players: int, settings: HomeworkSettings) -> bool:
    """Whether a match (its game record, and its players) was played by the homework's rule set, table and target,
    where it sets them."""
    rules = str(record.get("profile"))
    target = record.get("target", PROFILES[rules].target if rules in PROFILES else None)
    return (
        (settings.rules is None or rules == settings.rules)
        and (settings.players is None or players == settings.players)
        and (settings.target is None or target == settings.target)
    )
