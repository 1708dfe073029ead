"""Capture puzzles: which table cards make 15 with the card played (R11-R13)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, Card, Notation, cards_text, parse_cards
from trainer.deal import Deal
from trainer.plays import (
    CAPTURE_SUM,
    captures,
)
from trainer.puzzles import readers
from trainer.puzzles.estimate import capture_level
from trainer.puzzles.kinds.base import AnswerError, Puzzle
from trainer.puzzles.kinds.shared import court_card_in, group_text, needs, pick_miss, sum_text, table_pick, why_not
from trainer.puzzles.kinds.shown import AnswerForm, Part, Picked, Scene, Typed
from trainer.puzzles.readers import Field
from trainer.puzzles.wording import COURT_VALUES, Words
from trainer.text import Said, marked, said, said_plural


@dataclass(frozen=True, kw_only=True)
class CapturePuzzle(Puzzle):
    """Which table cards make 15 with the played card? With ``all``, name every way."""

    kind: ClassVar[str] = marked("capture")
    order: ClassVar[int] = 1
    yaml_fields: ClassVar[dict[str, Field]] = {
        "table": Field(readers.cards, True),
        "play": Field(readers.one_card, True),
        "all": Field(readers.flag),
    }
    generated: ClassVar[bool] = True
    drills: ClassVar[tuple[str, ...]] = ("R3", "R4", "R12")
    table: tuple[Card, ...]
    play: Card
    all: bool = False

    def options(self) -> list[frozenset[Card]]:
        return sorted(captures(self.play, self.table), key=cards_text)

    def confirms(self, theme: str) -> bool:
        if theme == "several-ways":
            return len(self.options()) > 1
        if theme == "printed-numbers":
            return court_card_in(self.play, self.options())
        return super().confirms(theme)

    def start_order(self) -> float:
        return len(self.table)  # a capture first, from the smallest table

    def as_yaml(self) -> dict[str, Any]:
        return {"table": cards_text(self.table), "play": str(self.play)} | ({"all": True} if self.all else {})

    def generated_themes(self) -> list[str]:
        themes, options = ["making-15"], self.options()
        if any(len(group) >= 3 for group in options):
            themes.append("big-capture")
        if any(group == set(self.table) for group in options):
            themes.append("escoba")
        return themes

    @classmethod
    def found_in(
        cls, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
    ) -> Iterator[tuple[Puzzle, int]]:
        if deal.is_over or deal.to_play is None:
            return
        for card in deal.hands[deal.to_play]:
            if options := captures(card, deal.table):
                level = capture_level(deal.table, card)
                every_way = len(options) > 1 and level >= 4  # a hard one asks for every way
                yield cls(**common, table=deal.table, play=card, all=every_way), level

    def solutions(self) -> list[str]:
        texts = [cards_text(group) for group in self.options()]
        return ["; ".join(texts)] if self.all else texts

    def author_problems(self) -> list[tuple[str, str]]:
        if self.options():
            return []
        return [("play", f"{self.play} takes nothing from this table, so the puzzle has no answer (R12)")]

    def words(self) -> Words:
        """What the card played is worth, and what it needs from the table.

        >>> from trainer.cards import parse_cards
        >>> table, (play,) = parse_cards("A♦ 4♣ J♦"), parse_cards("7♠")
        >>> title, hints = CapturePuzzle(id="p", level=1, themes=(), title="", table=table, play=play).words()
        >>> str(title), [str(hint) for hint in hints]
        ('Find the 15 with 7♠', ['7♠ is worth 7, so you need 8 from the table.', 'Remember: J = 8, Q = 9, K = 10.'])
        """
        play, value = str(self.play), self.play.value
        need = CAPTURE_SUM - value
        return said("Find the 15 with {play}", play=play), (
            said("{play} is worth {value}, so you need {need} from the table.", play=play, value=value, need=need),
            said("Remember: {values}.", values=COURT_VALUES),
        )

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
