"""Which course stages teach each rule (R1-R22, and V1-V6 of the other rule sets), and which bank puzzles drill it.

A rule counts as taught by every stage of a level that lists it, and as drilled by every puzzle
whose kind, goal or themes train it (``trainer.puzzles.catalog.rules_of``). Each rule needs a
level that teaches it, and each rule R1-R22 at least ``DRILLS`` puzzles: the bank drills the
classic rules, so the rules of the other rule sets (V1-V6) need a level only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trainer.course import Level
from trainer.puzzles.catalog import ALL_RULES, RULE_IDS, rule_coverage
from trainer.puzzles.kinds import Puzzle

DRILLS = 2


@dataclass(frozen=True)
class Covered:
    """One rule: the levels (with their stage counts) that teach it, the puzzles that drill it, and how many
    puzzles it needs."""

    rule: str
    levels: tuple[tuple[str, int], ...]
    puzzles: tuple[str, ...]
    drills: int = DRILLS

    @property
    def gap(self) -> str:
        """What is missing for this rule, or "" if nothing is."""
        missing = []
        if not self.levels:
            missing.append("no level teaches it")
        if len(self.puzzles) < self.drills:
            count = len(self.puzzles)
            missing.append(f"{count} puzzle{'' if count == 1 else 's'} drill it, not {self.drills}")
        return "; ".join(missing)


def coverage(levels: Iterable[Level], puzzles: Iterable[Puzzle]) -> list[Covered]:
    """Every rule in order, R1-R22 then V1-V6, with what teaches and drills it."""
    levels = list(levels)
    drilled = rule_coverage(puzzles)
    return [
        Covered(
            rule,
            tuple((level.id, len(level.stages)) for level in levels if rule in level.rules),
            tuple(drilled.get(rule, ())),
            DRILLS if rule in ALL_RULES else 0,
        )
        for rule in RULE_IDS
    ]


def coverage_text(rows: Iterable[Covered], width: int = 60) -> str:
    """The table ``escoba-trainer coverage`` prints: rule, stages (by level), puzzles, and any gap."""
    lines = [f"{'rule':<5} {'stages (level: how many)':<{width}} puzzles"]
    for row in rows:
        stages = ", ".join(f"{level}: {count}" for level, count in row.levels) or "-"
        if len(stages) > width:
            stages = stages[: width - 3] + "..."
        examples = ", ".join(row.puzzles[:2]) + (", ..." if len(row.puzzles) > 2 else "")
        lines.append(f"{row.rule:<5} {stages:<{width}} {len(row.puzzles):>3}  {examples}")
        if row.gap:
            lines.append(f"      GAP: {row.gap}")
    return "\n".join(lines)
