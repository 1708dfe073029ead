"""Endgame puzzles: the best play once every card is known, by exact search."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from trainer.ai.bots import SearchBudgetExceeded, exact_margins
from trainer.ai.view import View
from trainer.cards import R4, Notation
from trainer.deal import Deal
from trainer.plays import (
    IllegalPlay,
    Play,
    refusal_of,
)
from trainer.plays import parse_play as parse_play_text
from trainer.puzzles.kinds.base import Dealt, Puzzle
from trainer.puzzles.kinds.shared import PLAY_FORM, card_to_play, play_answer, play_text
from trainer.puzzles.kinds.shown import AnswerForm, Board, Scene
from trainer.puzzles.readers import Field
from trainer.text import Said, marked, said, said_plural


@dataclass(frozen=True, kw_only=True)
class EndgamePuzzle(Puzzle, Dealt):
    """Two players, the stock used up: every card left is known. Which play leaves your side furthest ahead of the
    other when the deal is scored? The engine searches every way the deal can still go, both sides playing their
    best; a position with more ways than its search may weigh is refused. The position is that of its recorded
    deal."""

    kind: ClassVar[str] = marked("endgame")
    order: ClassVar[int] = 10
    yaml_fields: ClassVar[dict[str, Field]] = Dealt.record_fields
    drills: ClassVar[tuple[str, ...]] = ("R4",)

    def position(self) -> Deal:
        return self.replay(self.profile)

    @cached_property
    def margins(self) -> dict[Play, int]:
        """Each legal play, with the points its side ends ahead of the other (behind, if negative); searched once
        per puzzle, as the answers, the verdict and its explanation all need it."""
        return exact_margins(View.of(self.position()))

    def confirms(self, theme: str) -> bool:
        return theme == "endgame" or super().confirms(theme)

    def solutions(self) -> list[str]:
        margins = self.margins
        best = max(margins.values())
        return [str(play) for play, margin in margins.items() if margin == best]

    def author_problems(self) -> list[tuple[str, str]]:
        problems = self.record_problems()
        if problems or self.players is None:
            return problems or [("players", "an endgame comes from a real deal: give players, deck or seed, plays")]
        try:
            deal = self.position()
        except (IllegalPlay, ValueError) as error:
            return [("plays", f"the recorded deal cannot be replayed: {error}")]
        if deal.players != 2 or deal.stock or deal.to_play is None:
            return [("plays", "an endgame is a two-player deal with the stock used up and a player still to play")]
        try:
            self.margins  # noqa: B018 (searched now: a position too big to solve is for the author to change)
        except SearchBudgetExceeded as error:
            return [("plays", f"the engine cannot solve this endgame ({error}): end the plays later in the deal")]
        return []

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        return play_answer(answer, notation)

    def refused(self, answer: str) -> Said | None:
        """Why the rules refuse the play answered from this position, or None if they allow it."""
        deal = self.position()
        seat = deal.to_play
        assert seat is not None
        refusal = refusal_of(parse_play_text(answer), deal.hands[seat], deal.table, self.profile.must_capture)
        return None if refusal is None else refusal.said

    def why(self, answer: str) -> Said:
        if (refused := self.refused(answer)) is not None:
            return refused
        play = parse_play_text(answer)
        margins = self.margins
        best = max(margins.values())
        mine = margins[play]
        ahead = said("with best play on both sides your side ends {margin}", margin=_margin_text(mine))
        if mine == best:
            return said("{play}: {ahead}, and no play does better", play=play_text(play), ahead=ahead)
        top = next(p for p, m in margins.items() if m == best)  # the answer itself: shown with it, never before
        return said(
            "{play}: {ahead}; {best} ends {margin}",
            play=play_text(play),
            ahead=ahead,
            best=play_text(top),
            margin=_margin_text(best),
        )

    def miss(self, answer: str) -> Said:
        if (refused := self.refused(answer)) is not None:
            return refused
        play = parse_play_text(answer)
        return said(
            "{play}: with best play on both sides your side ends {margin}, and another play does better",
            play=play_text(play),
            margin=_margin_text(self.margins[play]),
        )

    def closer(self, answer: str) -> Said:
        best = max(self.margins.values())
        return card_to_play(next(play for play, margin in self.margins.items() if margin == best))

    def scene(self) -> Scene:
        """The whole board, every hand face up."""
        deal = self.position()
        return Board(deal, deal.to_play or 0, tuple(range(deal.players)), pick=True)

    def answer_form(self) -> AnswerForm:
        return PLAY_FORM

    def goal_words(self) -> Said:
        return said(
            "the stock is used up and every card is in sight. Make the play that leaves your side furthest ahead "
            "of the other when the deal is scored, if both sides then play their best."
        )

    def worded_answer(self, answer: str) -> Said:
        return play_text(parse_play_text(answer))


def _margin_text(margin: int) -> Said:
    if margin == 0:
        return said("level with the other side")
    if margin > 0:
        return said_plural("{n} point ahead", "{n} points ahead", margin)
    return said_plural("{n} point behind", "{n} points behind", -margin)
