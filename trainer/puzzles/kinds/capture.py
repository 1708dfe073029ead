"""Capture puzzles: which table cards make 15 with the card played (R11-R13)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from trainer.cards import R4, Card, Notation, cards_text, parse_cards
from trainer.plays import (
    captures,
)
from trainer.puzzles.kinds.base import AnswerError, Puzzle
from trainer.puzzles.kinds.shared import group_text, needs, pick_miss, sum_text, table_pick, why_not
from trainer.puzzles.kinds.shown import AnswerForm, Part, Picked, Scene, Typed
from trainer.text import Said, marked, said, said_plural


@dataclass(frozen=True, kw_only=True)
class CapturePuzzle(Puzzle):
    """Which table cards make 15 with the played card? With ``all``, name every way."""

    kind: ClassVar[str] = "capture"
    order: ClassVar[int] = 1
    table: tuple[Card, ...]
    play: Card
    all: bool = False

    def options(self) -> list[frozenset[Card]]:
        return sorted(captures(self.play, self.table), key=cards_text)

    def solutions(self) -> list[str]:
        texts = [cards_text(group) for group in self.options()]
        return ["; ".join(texts)] if self.all else texts

    def author_problems(self) -> list[tuple[str, str]]:
        if self.options():
            return []
        return [("play", f"{self.play} takes nothing from this table, so the puzzle has no answer (R12)")]

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        if not self.all:
            return cards_text(table_pick(answer, self.play, notation))
        picks = [table_pick(part, self.play, notation) for part in re.split(r"[;|\n]", answer) if part.strip()]
        if not picks:
            raise AnswerError(said("write each way as its cards, with ';' between ways: 5♦; 2♣ 3♥"))
        return "; ".join(sorted({cards_text(pick) for pick in picks}))

    def why(self, answer: str) -> Said:
        picks = [frozenset(parse_cards(part)) for part in answer.split(";")]
        options = self.options()
        wrong = [pick for pick in picks if pick not in options]
        if wrong or not self.all:
            return self._why_group(wrong[0] if wrong else picks[0])
        missed = [group for group in options if group not in picks]
        if missed:
            return said(
                "you missed {cards}: {sum} too", cards=group_text(missed[0]), sum=sum_text(self.play, missed[0])
            )
        sums = "; ".join(sum_text(self.play, group) for group in options)
        return said_plural("all {n} way: {sums}", "all {n} ways: {sums}", len(options), sums=sums)

    def miss(self, answer: str) -> Said:
        picks = [frozenset(parse_cards(part)) for part in answer.split(";")]
        options = self.options()
        wrong = [pick for pick in picks if pick not in options]
        if wrong:
            return pick_miss(self.play, self.table, wrong[0])
        return said_plural(
            "{n} more way makes 15 with {card}", "{n} more ways make 15 with {card}", len(options) - len(picks),
            card=str(self.play),
        )  # fmt: skip

    def closer(self, answer: str) -> Said:
        return needs(self.play, self.table)

    def _why_group(self, pick: frozenset[Card]) -> Said:
        if pick in self.options():
            if pick == set(self.table):
                return said("{sum}: the table is empty, an escoba (R14)", sum=sum_text(self.play, pick))
            return said("{sum}", sum=sum_text(self.play, pick))
        return why_not(self.play, self.table, self.options(), pick)

    def scene(self) -> Scene:
        return Part(said("The card played"), (self.play,)), Part(said("The table"), self.table, "table", "many")

    def answer_form(self) -> AnswerForm:
        if self.all:
            return Typed(marked("Every way, with ';' between ways, such as {example}"), "5♦; 2♣ 3♥")
        return Picked(
            marked("The table cards that make 15, such as {example}"),
            "5♦ 2♣",
            tap=said("Tap the table cards that make 15 with the card played, then press Check."),
            played=self.play,
        )
