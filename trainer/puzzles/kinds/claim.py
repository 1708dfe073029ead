"""Claim puzzles: what may be claimed after a card was laid down by mistake (V5)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from trainer.cards import R4, Card, Notation, cards_text, mask_of, parse_cards
from trainer.deal import Deal, EventKind
from trainer.plays import (
    captures,
)
from trainer.profile import PROFILES, RuleProfile
from trainer.puzzles import readers
from trainer.puzzles.estimate import capture_level, deal_record, level_from
from trainer.puzzles.kinds.base import Dealt, Puzzle
from trainer.puzzles.kinds.shared import NOTHING, court_card_in, needs, pick_miss, sum_text, table_pick, why_not
from trainer.puzzles.kinds.shown import AnswerForm, Part, Picked, Scene
from trainer.puzzles.readers import Field
from trainer.puzzles.wording import Words
from trainer.text import Said, marked, said

NOTHING_CHANCE = 0.1  # how often a generated card laid down that missed nothing becomes a claim puzzle


def _laid_down(deal: Deal) -> Card | None:
    """The card the last play laid on the table, if the last play laid one down and the deal goes on."""
    plays = [event for event in deal.events if event.kind is EventKind.PLAY and event.play is not None]
    if deal.is_over or not plays or plays[-1].cards:
        return None
    return plays[-1].play.card if plays[-1].play else None


@dataclass(frozen=True, kw_only=True)
class ClaimPuzzle(Puzzle, Dealt):
    """The last player laid ``laid`` on the table; before playing, what may the next player claim (V5)?

    ``table`` holds the other cards on the table. The answer is the table cards the claim takes with the laid
    card, or "nothing" when the laid card could make 15 with none of them, so laying it was no mistake. The
    position comes from its recorded deal, played by penalties.
    """

    kind: ClassVar[str] = marked("claim")
    order: ClassVar[int] = 9
    from_penalties: ClassVar[bool] = True
    only_from_penalties: ClassVar[bool] = True  # a claim follows a mistake, which only penalties let stand (V5)
    yaml_fields: ClassVar[dict[str, Field]] = {
        "laid": Field(readers.one_card, True),
        "table": Field(readers.cards, True),
    } | {key: replace(field, required=True) for key, field in Dealt.record_fields.items() if key != "deck"}
    generated: ClassVar[bool] = True
    drills: ClassVar[tuple[str, ...]] = ("R3", "R4", "R12")
    table: tuple[Card, ...]
    laid: Card

    @property
    def profile(self) -> RuleProfile:
        rules = PROFILES[self.rules]
        return rules.with_options(penalties=True) if rules.penalties_allowed else rules

    def options(self) -> list[frozenset[Card]]:
        return sorted(captures(self.laid, self.table), key=cards_text)

    def confirms(self, theme: str) -> bool:
        if theme == "claims":
            return True
        if theme == "printed-numbers":
            return court_card_in(self.laid, self.options())
        return super().confirms(theme)

    def as_yaml(self) -> dict[str, Any]:
        return {"laid": str(self.laid), "table": cards_text(self.table), **self.record_as_yaml()}

    def generated_themes(self) -> list[str]:
        return ["claims"]

    @classmethod
    def found_in(
        cls, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
    ) -> Iterator[tuple[Puzzle, int]]:
        if (laid := _laid_down(deal)) is None:
            return
        claim = cls(**common, table=tuple(c for c in deal.table if c != laid), laid=laid, **deal_record(seed, deal))
        if claim.options():
            yield claim, capture_level(claim.table, laid)
        elif rng.random() < NOTHING_CHANCE:  # a lay-down that missed nothing: fewer of those, they are many
            yield claim, level_from(len(claim.table), (2, 4, 6, 8))

    def solutions(self) -> list[str]:
        return [cards_text(group) for group in self.options()] or [NOTHING]

    def author_problems(self) -> list[tuple[str, str]]:
        if not PROFILES[self.rules].penalties_allowed:
            return [("rules", f"the {self.rules} rule set refuses a missed capture (R13, R17), so nothing is claimed")]
        if self.seed is None:
            return [("seed", "a claim comes from a real deal: give players, seed and plays, the record of that deal")]
        return self.record_problems()

    def words(self) -> Words:
        """Whether the card laid could have made 15, and what a claim does."""
        return said("Anything to claim?"), (
            said("Could {laid} have made 15 with the cards that were already on the table?", laid=str(self.laid)),
            said("If it could, you take it with those cards before you play; if not, there is nothing to claim."),
        )

    def reach_problems(self) -> list[tuple[str, str]]:
        return self.replay_problems(self.profile)

    def mismatches(self, deal: Deal) -> list[tuple[str, str]]:
        """A claim puzzle shows the table just after a card was laid down, with the claims the engine allows (V5)."""
        plays = [event for event in deal.log if event.kind in (EventKind.PLAY, EventKind.CLAIM)]
        last = plays[-1] if plays else None
        if deal.is_over or last is None or last.kind is not EventKind.PLAY or last.cards or last.seat is None:
            return [("plays", "the recorded plays must end with a card laid on the table, and the deal going on")]
        if last.play is None or last.play.card != self.laid:
            return [("laid", f"the recorded plays end with {last.play.card if last.play else 'nothing'} laid down")]
        if mask_of(deal.table) != mask_of((*self.table, self.laid)):
            rest = [card for card in deal.table if card != self.laid]
            return [("table", f"the recorded deal has {cards_text(rest)} on the table besides {self.laid}")]
        claims = sorted(cards_text(play.captured) for play in deal.claims()) or ["nothing"]
        if claims != sorted(self.solutions()):
            return [("laid", f"the engine allows these claims here: {' | '.join(claims)}")]
        return []

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
