"""Setenta duels: which of two piles wins the setenta point (R19)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, Card, Notation, cards_text
from trainer.deal import Deal
from trainer.puzzles import readers
from trainer.puzzles.estimate import level_from
from trainer.puzzles.kinds.base import AnswerError, Puzzle
from trainer.puzzles.kinds.shared import best_cards, setenta_breakdown, setenta_problems, winner_text
from trainer.puzzles.kinds.shown import AnswerForm, OneOf, Part, Scene
from trainer.puzzles.reachable import deal_problem
from trainer.puzzles.readers import Field
from trainer.puzzles.wording import Words
from trainer.scoring import DealScore, score_deal, setenta
from trainer.text import SIDES, Said, marked, said, said_plural


def _side_of(scores: list[DealScore], category: str) -> int | None:
    return next((side for side, s in enumerate(scores) if getattr(s, category)), None)


@dataclass(frozen=True, kw_only=True)
class SetentaDuelPuzzle(Puzzle):
    """Which side wins the setenta point: A, B or nobody?"""

    kind: ClassVar[str] = marked("setenta-duel")
    order: ClassVar[int] = 4
    point_needed: ClassVar[str | None] = "setenta"
    yaml_fields: ClassVar[dict[str, Field]] = {"piles": Field(readers.cards, True, "pair")}
    generated: ClassVar[bool] = True
    drills: ClassVar[tuple[str, ...]] = ("R19",)
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]

    def piles_shown(self) -> tuple[tuple[Card, ...], ...]:
        return self.piles

    def confirms(self, theme: str) -> bool:
        if theme == "ties":
            return self.solutions() == ["nobody"]
        return super().confirms(theme)

    def as_yaml(self) -> dict[str, Any]:
        return {"piles": [cards_text(pile) for pile in self.piles]}

    def generated_themes(self) -> list[str]:
        return ["setenta"]

    @classmethod
    def found_in(
        cls, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
    ) -> Iterator[tuple[Puzzle, int]]:
        if not deal.is_over or deal.sides != 2:
            return
        piles = (deal.piles[0], deal.piles[1])
        sums = [setenta(p) for p in piles]
        margin = abs((sums[0] or 0) - (sums[1] or 0))
        yield cls(**common, piles=piles), 1 if None in sums else 6 - level_from(margin, (3, 8, 15, 25))

    def solutions(self) -> list[str]:
        return [winner_text(_side_of(score_deal(self.piles, [0, 0]), "setenta"))]

    def author_problems(self) -> list[tuple[str, str]]:
        return setenta_problems(self)

    def words(self) -> Words:
        """Both setentas, and a pile that has none."""
        return said("Who wins the setenta?"), (
            said("Work out both setentas."),
            said("A pile with no card of some suit has no setenta at all."),
        )

    def reach_problems(self) -> list[tuple[str, str]]:
        problem = deal_problem(self.piles)
        return [] if problem is None else [("piles", problem)]

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = {"a": "A", "b": "B", "nobody": "nobody", "none": "nobody", "tie": "nobody"}.get(answer.lower())
        if given is None:
            raise AnswerError(said("answer A, B or nobody"))
        return given

    def why(self, answer: str) -> Said:
        a, b = (setenta_breakdown(pile) for pile in self.piles)
        winner = self.solutions()[0]
        if winner == "nobody":
            return said("A: {a}; B: {b}. The point goes to nobody (R19)", a=a, b=b)
        return said("A: {a}; B: {b}. The point goes to {side} (R19)", a=a, b=b, side=winner)

    def miss(self, answer: str) -> Said:
        if answer == "nobody":
            return said("one side's setenta is higher: work out both, the best card of each suit at its price (R19)")
        return said("side {side}'s setenta is not the higher one: work out both (R19)", side=answer)

    def closer(self, answer: str) -> Said:
        a, b = (best_cards(pile) for pile in self.piles)
        return said("A: {a}; B: {b}", a=a, b=b)

    def scene(self) -> Scene:
        return tuple(
            Part(
                said_plural(
                    "Side {side}'s pile: {n} card", "Side {side}'s pile: {n} cards", len(pile), side=SIDES[side]
                ),
                pile,
            )
            for side, pile in enumerate(self.piles)
        )

    def answer_form(self) -> AnswerForm:
        return OneOf(said("Who wins the setenta point?"), ("A", "B", "nobody"))
