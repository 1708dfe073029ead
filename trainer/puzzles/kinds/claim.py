"""Claim puzzles: what may be claimed after a card was laid down by mistake (V5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trainer.cards import R4, Card, Notation, cards_text, parse_cards
from trainer.plays import (
    captures,
)
from trainer.profile import PROFILES, RuleProfile
from trainer.puzzles.kinds.base import Dealt, Puzzle
from trainer.puzzles.kinds.shared import NOTHING, needs, pick_miss, sum_text, table_pick, why_not
from trainer.puzzles.kinds.shown import AnswerForm, Part, Picked, Scene
from trainer.text import Said, marked, said


@dataclass(frozen=True, kw_only=True)
class ClaimPuzzle(Puzzle, Dealt):
    """The last player laid ``laid`` on the table; before playing, what may the next player claim (V5)?

    ``table`` holds the other cards on the table. The answer is the table cards the claim takes with the laid
    card, or "nothing" when the laid card could make 15 with none of them, so laying it was no mistake. The
    position comes from its recorded deal, played by penalties.
    """

    kind: ClassVar[str] = "claim"
    order: ClassVar[int] = 9
    table: tuple[Card, ...]
    laid: Card

    @property
    def profile(self) -> RuleProfile:
        rules = PROFILES[self.rules]
        return rules.with_options(penalties=True) if rules.penalties_allowed else rules

    def options(self) -> list[frozenset[Card]]:
        return sorted(captures(self.laid, self.table), key=cards_text)

    def solutions(self) -> list[str]:
        return [cards_text(group) for group in self.options()] or [NOTHING]

    def author_problems(self) -> list[tuple[str, str]]:
        if not PROFILES[self.rules].penalties_allowed:
            return [("rules", f"the {self.rules} rule set refuses a missed capture (R13, R17), so nothing is claimed")]
        if self.seed is None:
            return [("seed", "a claim comes from a real deal: give players, seed and plays, the record of that deal")]
        return self.record_problems()

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        if answer.lower() in (NOTHING, "none", "no"):
            return NOTHING
        return cards_text(table_pick(answer, self.laid, notation, nothing=True))

    def why(self, answer: str) -> Said:
        options, laid = self.options(), str(self.laid)
        if not options:
            missed = said("no table cards make 15 with {card}, so laying it down missed no capture", card=laid)
            if answer == NOTHING:
                return said("{missed}: there is nothing to claim (V5)", missed=missed)
            wrong = why_not(self.laid, self.table, options, frozenset(parse_cards(answer)))
            return said("{wrong}; {missed} (V5)", wrong=wrong, missed=missed)
        if answer == NOTHING:
            return said(
                "{sum}: {card} could have taken that, so the last player missed a capture and you may claim it before "
                "you play (V5)",
                sum=sum_text(self.laid, options[0]),
                card=laid,
            )
        pick = frozenset(parse_cards(answer))
        if pick not in options:
            return why_not(self.laid, self.table, options, pick)
        return said(
            "{sum}: you take them all into your side's pile before you play. A claim is never an escoba (V5)",
            sum=sum_text(self.laid, pick),
        )

    def miss(self, answer: str) -> Said:
        if answer == NOTHING:
            return said("{card} could have made 15 with cards on the table, so there is a capture to claim (V5)",
                        card=str(self.laid))  # fmt: skip
        return pick_miss(self.laid, self.table, frozenset(parse_cards(answer)))

    def closer(self, answer: str) -> Said:
        return needs(self.laid, self.table)

    def scene(self) -> Scene:
        """The laid card apart from the rest of the table."""
        return (
            Part(said("Just laid on the table by the player before you"), (self.laid,), played=True),
            Part(said("The rest of the table"), self.table, "table", "many", said("nothing else on the table")),
        )

    def answer_form(self) -> AnswerForm:
        return Picked(
            marked("The table cards you claim with the laid card, such as {example}, or {nothing}"),
            "5♦ 2♣",
            (said("Nothing to claim"), NOTHING),
            tap=said(
                "Tap the table cards the laid card could have taken, then press Check; or press Nothing to claim."
            ),
            played=self.laid,
        )
