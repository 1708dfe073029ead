"""Match puzzles: whether a match is won once a deal is scored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, Notation
from trainer.match import match_result
from trainer.profile import CLASSIC, PROFILES
from trainer.puzzles import readers
from trainer.puzzles.kinds.base import AnswerError, Puzzle
from trainer.puzzles.kinds.shown import AnswerForm, OneOf, Part, Scene
from trainer.puzzles.readers import Field
from trainer.text import SIDES, Said, either, marked, said, said_plural

OUTCOMES = ("A", "B", "another deal")


@dataclass(frozen=True, kw_only=True)
class MatchPuzzle(Puzzle):
    """Sides A and B had ``totals`` before a deal that brought them ``points``: has the match been won? (R21)

    The answer is "A", "B" or "another deal".

    >>> MatchPuzzle(id="p", level=1, themes=("match-target",), title="", totals=(18, 20), points=(4, 1)).solutions()
    ['A']
    """

    kind: ClassVar[str] = marked("match")
    order: ClassVar[int] = 8
    yaml_fields: ClassVar[dict[str, Field]] = {
        "totals": Field(readers.whole(0, 99, "a total"), True, "pair"),
        "points": Field(readers.whole(0, 40, "a deal's points"), True, "pair"),
        "target": Field(readers.whole(1, 99, "a target")),
    }
    drills: ClassVar[tuple[str, ...]] = ("R21",)
    drills_elsewhere: ClassVar[tuple[str, ...] | None] = ("V4",)  # another rule set plays to its own target
    totals: tuple[int, int]
    points: tuple[int, int]
    target: int = CLASSIC.target

    def after(self) -> tuple[int, int]:
        """Both sides' totals once the deal is scored."""
        return self.totals[0] + self.points[0], self.totals[1] + self.points[1]

    def choices(self) -> tuple[str, ...]:
        return OUTCOMES

    def confirms(self, theme: str) -> bool:
        if theme == "match-rules":
            return self.rules != CLASSIC.name
        return super().confirms(theme)

    def solutions(self) -> list[str]:
        side = match_result(self.after(), self.target)
        return [OUTCOMES[2] if side is None else SIDES[side]]

    @property
    def rule(self) -> str:
        """The rule a match puzzle drills: R21, or V4 for a match of another rule set."""
        return "R21" if self.rules == CLASSIC.name else "V4"

    def author_problems(self) -> list[tuple[str, str]]:
        if self.target not in self.profile.targets:
            goals = either(self.profile.targets)
            played_to = f"a match by the {self.rules} rules is played to {goals} points"
            return [("target", f"{played_to}, not {self.target} ({self.rule})")]
        side = match_result(self.totals, self.target)
        if side is None:
            return []
        message = f"{SIDES[side]} has already won with these totals, so no deal comes after them ({self.rule})"
        return [("totals", message)]

    @classmethod
    def arguments(cls, read: dict[str, Any]) -> dict[str, Any]:
        """A match with no target of its own is played to its rule set's usual target (V4)."""
        if "target" in read:
            return read
        return read | {"target": PROFILES[read.get("rules", CLASSIC.name)].target}

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = {"a": "A", "b": "B", "another deal": OUTCOMES[2], "another": OUTCOMES[2]}.get(
            " ".join(answer.lower().split())
        )
        if given is None:
            raise AnswerError(said("answer A, B or another deal"))
        return given

    def miss(self, answer: str) -> Said:
        won = said("a side has won") if answer == OUTCOMES[2] else said("{side} has not won", side=answer)
        return said(
            "{first}: add this deal's points to each side's total and compare them with {target} ({rule})",
            first=won,
            target=self.target,
            rule=self.rule,
        )

    def closer(self, answer: str) -> Said:
        a, b = self.after()
        return said("after the deal A has {a} and B {b}", a=a, b=b)

    def why(self, answer: str) -> Said:
        a, b = self.after()
        totals = self.closer(answer)  # the totals after the deal, the clue for a second miss
        target, rule = self.target, self.rule
        if max(a, b) < target:
            return said(
                "{totals}: nobody has reached {target} yet, so another deal is played ({rule})",
                totals=totals,
                target=target,
                rule=rule,
            )
        if a == b:
            return said(
                "{totals}: level at {target} or more, so one more whole deal decides it ({rule})",
                totals=totals,
                target=target,
                rule=rule,
            )
        return said(
            "{totals}: {side} has reached {target} with the larger total and wins ({rule})",
            totals=totals,
            side=self.solutions()[0],
            target=target,
            rule=rule,
        )

    def scene(self) -> Scene:
        totals = [
            Part(
                said_plural(
                    "Side {side}: {before} before the deal, {n} point in it",
                    "Side {side}: {before} before the deal, {n} points in it",
                    points,
                    side=name,
                    before=before,
                ),
                empty=None,
            )
            for name, before, points in zip("AB", self.totals, self.points, strict=True)
        ]
        return (*totals, Part(said("The match is played to {target}", target=self.target), empty=None))

    def answer_form(self) -> AnswerForm:
        return OneOf(said("Once this deal is scored:"), self.choices(), {"A": said("A wins"), "B": said("B wins")})
