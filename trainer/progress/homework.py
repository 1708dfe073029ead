"""Homework: what a teacher sets a class (course levels, a set of puzzles, a match against the computer) and how
each learner did on each item, read from what the store already keeps (answers, stars, matches) since it was set.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from trainer.progress.model import Assignment, Learner, Who
from trainer.progress.store import ProgressStore
from trainer.puzzles import Puzzle
from trainer.text import SaidError, said


@dataclass(frozen=True)
class ItemResult:
    """One item for one learner: whether it is done, and how it went. A puzzle: its first answer since the homework
    was set, right or not, and its seconds. A level: its stars. A match: the points lost per reviewed play of the
    first one finished."""

    item: str
    done: bool
    right: bool | None = None
    seconds: float | None = None
    stars: int | None = None
    lost_per_play: float | None = None


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
    return store.assign(teacher, class_id, "puzzles", choose_puzzles(bank, count, theme, rules, level), due)


def results(store: ProgressStore, teacher: Who, assignment: Assignment) -> list[LearnerResult]:
    """How each learner of the class did on each item; NotYours for another teacher's class."""
    return [standing(store, learner, assignment) for learner in store.members(teacher, assignment.class_id)]


def standing(store: ProgressStore, learner: Learner, assignment: Assignment) -> LearnerResult:
    """How the learner stands on the homework: each item, what is done and what comes next."""
    return LearnerResult(learner, _items(store, learner, assignment))


def _items(store: ProgressStore, learner: Who, assignment: Assignment) -> tuple[ItemResult, ...]:
    if assignment.kind == "puzzles":
        first: dict[str, ItemResult] = {}
        for attempt in store.attempts_since(learner, assignment.items, assignment.created):
            if not attempt.skipped:
                first.setdefault(
                    attempt.puzzle_id, ItemResult(attempt.puzzle_id, True, attempt.correct, attempt.seconds)
                )
        return tuple(first.get(puzzle, ItemResult(puzzle, False)) for puzzle in assignment.items)
    if assignment.kind == "levels":
        stars = store.stars(learner)
        return tuple(ItemResult(level, level in stars, stars=stars.get(level)) for level in assignment.items)
    [strength] = assignment.items
    played = [
        game
        for game in store.games(learner)
        if game.level == strength and game.over and game.played_at >= assignment.created
    ]
    if not played:
        return (ItemResult(strength, False),)
    game = played[0]
    return (ItemResult(strength, True, lost_per_play=game.lost / game.decisions if game.decisions else None),)
