"""Checksum puzzles: the R16 check sum of the cards left at a deal's end."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, RANKS, Card, Notation, cards_text
from trainer.deal import Deal
from trainer.plays import (
    is_end_of_deal_sum,
    missing_value,
)
from trainer.puzzles import readers
from trainer.puzzles.estimate import level_from
from trainer.puzzles.kinds.base import AnswerError, Puzzle
from trainer.puzzles.kinds.shown import AnswerForm, Part, Scene, Typed
from trainer.puzzles.readers import BadValue, Field
from trainer.puzzles.wording import COURT_VALUES, Words
from trainer.text import Said, marked, said

# -- the check sum ----------------------------------------------------------------------


#: The hidden card of a check-sum puzzle, as an answer names it, by its rank when it is not a number.
_HIDDEN = {
    "A": said("an ace"),
    "J": said("a sota (J)"),
    "Q": said("a caballo (Q)"),
    "K": said("a rey (K)"),
}


def _ask(value: Any) -> str:
    """What a check-sum puzzle asks: the ``sum``, or the ``missing`` card."""
    if value not in ("sum", "missing"):
        raise BadValue(f"expected 'sum' or 'missing', not {value!r}")
    return str(value)


@dataclass(frozen=True, kw_only=True)
class ChecksumPuzzle(Puzzle):
    """The R16 check sum: what the end-of-deal table adds up to, or the value of its hidden card."""

    kind: ClassVar[str] = marked("checksum")
    order: ClassVar[int] = 6
    yaml_fields: ClassVar[dict[str, Field]] = {"table": Field(readers.cards, True), "ask": Field(_ask)}
    generated: ClassVar[bool] = True
    drills: ClassVar[tuple[str, ...]] = ("R3",)
    ask_rules: ClassVar[dict[str, tuple[str, ...]]] = {"sum": (), "missing": ("R1", "R16")}  # the rules each ask adds
    table: tuple[Card, ...]
    ask: str = "sum"  # or "missing": one more card lies face down

    def confirms(self, theme: str) -> bool:
        if theme == "count-out":
            return self.ask == "missing"
        return super().confirms(theme)

    def rules_drilled(self) -> set[str]:
        return super().rules_drilled() | set(self.ask_rules[self.ask])

    def as_yaml(self) -> dict[str, Any]:
        return {"table": cards_text(self.table)} | ({"ask": "missing"} if self.ask == "missing" else {})

    def generated_themes(self) -> list[str]:
        return ["check-sum"]

    @classmethod
    def found_in(
        cls, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
    ) -> Iterator[tuple[Puzzle, int]]:
        if not deal.is_over:
            return
        left = deal.remainder
        yield cls(**common, table=left), 1 if len(left) <= 3 else 2
        if len(left) >= 2:
            hidden = rng.choice(left)
            shown = tuple(card for card in left if card != hidden)
            yield cls(**common, table=shown, ask="missing"), level_from(len(shown), (0, 0, 3, 5))

    def solutions(self) -> list[str]:
        if self.ask == "sum":
            return [str(sum(card.value for card in self.table))]
        value = missing_value(self.table)
        return [] if value is None else [RANKS[value - 1]]

    def author_problems(self) -> list[tuple[str, str]]:
        total = sum(card.value for card in self.table)
        if self.ask == "sum" and not is_end_of_deal_sum(total):
            return [("table", f"these cards add up to {total}; no whole deal ends like that (R16: 10, 25, 40, ...)")]
        if self.ask == "missing" and not self.solutions():
            return [("table", f"these cards add up to {total}; no single card brings that to 10, 25, 40, ... (R16)")]
        return []

    def words(self) -> Words:
        """What to add up, and the sums a deal ends on."""
        if self.ask == "missing":
            return said("Name the hidden card"), (
                said("Add up the cards you can see."),
                said("A deal always leaves 10, 25, 40 ... on the table: what is missing?"),
            )
        return said("Check the sum"), (
            said("Add the values: {values}.", values=COURT_VALUES),
            said("The end of a deal leaves 10, 25, 40 ..."),
        )

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        if self.ask == "sum":
            if not re.fullmatch(r"[0-9]+", answer):
                raise AnswerError(said("answer with a number"))
            return str(int(answer))
        given = answer.upper()
        rank = {str(value): rank for value, rank in enumerate(RANKS, start=1)}.get(given, given)
        if rank not in RANKS:
            raise AnswerError(said("answer with a rank (A, 2 ... 7, J, Q, K) or a value from 1 to 10"))
        return rank

    def why(self, answer: str) -> Said:
        total = sum(card.value for card in self.table)
        if self.ask == "sum":
            values = " + ".join(str(card.value) for card in self.table)
            return said("{values} = {total}: one of 10, 25, 40, ... (R16)", values=values, total=total)
        rank = self.solutions()[0]
        return said(
            "the table shows {total}; a deal always ends on 10, 25, 40, ... (R16), so the hidden card is worth "
            "{value}: {card}",
            total=total,
            value=RANKS.index(rank) + 1,
            card=_HIDDEN.get(rank) or said("a {rank}", rank=rank),
        )

    def miss(self, answer: str) -> Said:
        if self.ask == "sum":
            return said(
                "{given} is not what these cards add up to: count each sota, caballo and rey at its capture value (R3)",
                given=answer,
            )
        value = RANKS.index(answer) + 1
        total = value + sum(card.value for card in self.table)
        return said("with a card worth {value} the table would add up to {total}, and no deal ends on that (R16)",
                    value=value, total=total)  # fmt: skip

    def closer(self, answer: str) -> Said:
        if self.ask == "sum":
            values = " + ".join(str(card.value) for card in self.table)
            return said("add {values}, one card at a time", values=values)
        total = sum(card.value for card in self.table)
        return said("the table shows {total}: one more card must bring it to one of 10, 25, 40, ... (R16)", total=total)

    def answer_form(self) -> AnswerForm:
        """The question above the cards: the figure wanted, the sum or the hidden card."""
        if self.ask == "missing":
            return Typed(marked("Which card lies face down? Its rank (A, 2 ... 7, J, Q, K) or its value"))
        return Typed(marked("What do the cards left on the table add up to? A number"))

    def scene(self) -> Scene:
        if self.ask != "missing":
            return (Part(said("Left on the table at the end of a deal"), self.table),)
        return (Part(said("Left on the table at the end of a deal, and one card face down"), self.table, hidden=1),)
