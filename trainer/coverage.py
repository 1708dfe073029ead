"""Which course tasks and which bank puzzles depend on each rule (R1-R22, and V1-V6 of the other rule sets).

A task (a stage that asks the learner something; a stage that only says something teaches but is not one) or a
puzzle is credited with a rule only where its answer depends on it: changed in the engine, the rule gives another
answer. What each kind of task and puzzle depends on is declared in one place, ``trainer.puzzles.catalog``
(``rules_of``, and the tables ``trainer.course.task_rules`` reads), and a test changes every rule credited and sees
the answers change. Every rule needs at least one task and ``DRILLS`` puzzles that depend on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.course import Level, task_rules
from trainer.puzzles.catalog import RULE_IDS, rule_coverage
from trainer.puzzles.kinds import Puzzle

DRILLS = 2


@dataclass(frozen=True)
class Covered:
    """One rule: the course tasks that depend on it (``level:stage``, stages counted from 1) and the puzzles."""

    rule: str
    tasks: tuple[str, ...]
    puzzles: tuple[str, ...]

    @property
    def gap(self) -> str:
        """What is missing for this rule, or "" if nothing is."""
        missing = []
        if not self.tasks:
            missing.append("no task depends on it")
        if len(self.puzzles) < DRILLS:
            count = len(self.puzzles)
            missing.append(f"{count} puzzle{'' if count == 1 else 's'} depend on it, not {DRILLS}")
        return "; ".join(missing)


def coverage(levels: Iterable[Level], puzzles: Iterable[Puzzle]) -> list[Covered]:
    """Every rule in order, R1-R22 then V1-V6, with the tasks and puzzles that depend on it."""
    tasks: dict[str, list[str]] = {rule: [] for rule in RULE_IDS}
    for level in levels:
        for number, stage in enumerate(level.stages, 1):
            for rule in task_rules(stage):
                tasks[rule].append(f"{level.id}:{number}")
    drilled = rule_coverage(puzzles)
    return [Covered(rule, tuple(tasks[rule]), tuple(drilled[rule])) for rule in RULE_IDS]


def coverage_text(rows: Iterable[Covered], width: int = 44) -> str:
    """The table ``escoba-trainer coverage`` prints: each rule, how many tasks and puzzles depend on it with the first
    few of each, and any gap."""
    lines = [f"{'rule':<5} {'tasks':>5}  {'for example':<{width}} {'puzzles':>7}  for example"]
    for row in rows:
        tasks = _first(row.tasks, width)
        lines.append(
            f"{row.rule:<5} {len(row.tasks):>5}  {tasks:<{width}} {len(row.puzzles):>7}  {_first(row.puzzles)}"
        )
        if row.gap:
            lines.append(f"      GAP: {row.gap}")
    return "\n".join(lines)


def _first(names: tuple[str, ...], width: int = 60) -> str:
    """As many of ``names`` as fit in ``width`` characters, then "..." if some are left out; "-" for none."""
    shown = ""
    for count, name in enumerate(names):
        more = f"{shown}, {name}" if shown else name
        if len(more) + (5 if count < len(names) - 1 else 0) > width:
            return f"{shown}, ..." if shown else "..."
        shown = more
    return shown or "-"
