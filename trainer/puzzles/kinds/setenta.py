"""Setenta puzzles: the figure of one pile (R19)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, Card, Notation, cards_text
from trainer.deal import Deal
from trainer.puzzles import readers
from trainer.puzzles.estimate import level_from
from trainer.puzzles.kinds.base import AnswerError, Puzzle
from trainer.puzzles.kinds.shared import best_cards, setenta_breakdown, setenta_problems
from trainer.puzzles.kinds.shown import AnswerForm, Part, Scene, Typed
from trainer.puzzles.reachable import pile_problem
from trainer.puzzles.readers import Field
from trainer.puzzles.wording import Words
from trainer.scoring import setenta
from trainer.text import Said, marked, said, said_plural


@dataclass(frozen=True, kw_only=True)
class SetentaPuzzle(Puzzle):
    """What is this pile's setenta?"""

    kind: ClassVar[str] = marked("setenta")
    order: ClassVar[int] = 3
    point_needed: ClassVar[str | None] = "setenta"
    yaml_fields: ClassVar[dict[str, Field]] = {"pile": Field(readers.cards, True)}
    generated: ClassVar[bool] = True
    drills: ClassVar[tuple[str, ...]] = ("R19",)
    pile: tuple[Card, ...]

    def piles_shown(self) -> tuple[tuple[Card, ...], ...]:
        return (self.pile,)

    def as_yaml(self) -> dict[str, Any]:
        return {"pile": cards_text(self.pile)}

    def generated_themes(self) -> list[str]:
        return ["setenta"]

    @classmethod
    def found_in(
        cls, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
    ) -> Iterator[tuple[Puzzle, int]]:
        pile = deal.piles[rng.randrange(deal.sides)]  # a side's pile at this moment of the deal: reachable as it is
        if len(pile) >= 4:
            yield cls(**common, pile=pile), level_from(len(pile), (6, 9, 13, 17))

    def solutions(self) -> list[str]:
        value = setenta(self.pile)
        return ["none" if value is None else str(value)]

    def author_problems(self) -> list[tuple[str, str]]:
        return setenta_problems(self)

    def words(self) -> Words:
        """How a setenta is counted."""
        return said("Work out the setenta"), (
            said("In every suit, keep only the card with the highest price."),
            said("Sevens are worth 21, sixes 18, aces 16, fives 15, and every court card only 10."),
        )

    def reach_problems(self) -> list[tuple[str, str]]:
        problem = pile_problem(self.pile, end=True)
        return [] if problem is None else [("pile", problem)]

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = answer.lower()
        if given != "none" and not re.fullmatch(r"[0-9]+", given):
            raise AnswerError(said("answer with a number such as 65, or 'none' if the pile has no setenta"))
        return given if given == "none" else str(int(given))

    def why(self, answer: str) -> Said:
        return setenta_breakdown(self.pile)

    def miss(self, answer: str) -> Said:
        value = setenta(self.pile)
        if value is None:
            return said("{given} cannot be: look at the suits in the pile first (R19)", given=answer)
        if answer == "none":
            return said("every suit is in the pile, so it has a setenta (R19)")
        if int(answer) > value:
            return said("{given} is more than this pile's setenta: one card per suit counts, the highest-priced (R19)",
                        given=answer)  # fmt: skip
        return said("{given} is less than this pile's setenta: add the price of each suit's highest-priced card (R19)",
                    given=answer)  # fmt: skip

    def closer(self, answer: str) -> Said:
        return best_cards(self.pile)

    def scene(self) -> Scene:
        return (Part(said_plural("The pile: {n} card", "The pile: {n} cards", len(self.pile)), self.pile),)

    def answer_form(self) -> AnswerForm:
        return Typed(marked("The setenta: a number, or none"))
