"""The course in figures: how much of it is done on the board, how much is read, and how soon level 1 asks
for a first tap.

A task on the board is one the learner answers by acting on the cards (``pick``, ``play``); any other task is a
quiz (a choice or a number). A step watched is a stage of a watched deal told in the engine's words, one play at
a time. Words are counted in English, the course's source language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainer.course import TRACKS, Level, Stage

BOARD_TASKS = ("pick", "play")


def words(text: object) -> int:
    """The words of a text as the learner reads it in English.

    >>> words("Tap the card worth 8.")
    5
    """
    return len(str(text).split())


def is_watched(stage: Stage) -> bool:
    """A step of a watched deal: a stage that only tells, in the engine's words rather than a level's own."""
    return not stage.is_task and not isinstance(stage.text, str)


@dataclass(frozen=True)
class Figures:
    """One part of the course counted: its levels, its tasks and the words it tells and asks."""

    name: str
    levels: int
    tasks: int
    on_board: int
    words_told: int
    words_asked: int
    watched: int

    @property
    def quizzes(self) -> int:
        return self.tasks - self.on_board

    @property
    def board_share(self) -> float:
        """The share of tasks done on the board, in percent."""
        return 100 * self.on_board / self.tasks if self.tasks else 0.0


def figures(name: str, levels: Iterable[Level]) -> Figures:
    """Count ``levels`` as one part of the course, called ``name``."""
    chosen = list(levels)
    stages = [stage for level in chosen for stage in level.stages]
    tasks = [stage for stage in stages if stage.is_task]
    return Figures(
        name=name,
        levels=len(chosen),
        tasks=len(tasks),
        on_board=sum(stage.task in BOARD_TASKS for stage in tasks),
        words_told=sum(words(stage.text) for stage in stages if not stage.is_task),
        words_asked=sum(words(stage.text) for stage in tasks),
        watched=sum(is_watched(stage) for stage in stages),
    )


def words_before_first_task(level: Level) -> int:
    """The words a learner reads in a level before its first task."""
    told = 0
    for stage in level.stages:
        if stage.is_task:
            break
        told += words(stage.text)
    return told


def course_figures(levels: Sequence[Level]) -> list[Figures]:
    """The figures of each track, in course order, then of the whole course."""
    return [
        *(figures(track, (level for level in levels if level.track == track)) for track in TRACKS),
        figures("total", levels),
    ]


def course_text(levels: Sequence[Level]) -> str:
    """The course's figures as a table, and how many words level 1 tells before its first task."""
    head = f"{'':<7}{'levels':>7}{'tasks':>7}{'board':>7}{'quizzes':>9}{'% board':>9}{'told':>7}{'asked':>7}"
    lines = [head + f"{'watched':>9}"]
    for row in course_figures(levels):
        lines.append(
            f"{row.name:<7}{row.levels:>7}{row.tasks:>7}{row.on_board:>7}{row.quizzes:>9}{row.board_share:>8.0f}%"
            f"{row.words_told:>7}{row.words_asked:>7}{row.watched:>9}"
        )
    first = next((level for level in levels if level.track == TRACKS[0]), None)
    if first is not None:
        lines.append(f"words before level 1's first task: {words_before_first_task(first)}")
    lines.append("board: pick and play tasks; told: words of say stages; asked: words of task prompts;")
    lines.append("watched: steps of a watched deal")
    return "\n".join(lines)
