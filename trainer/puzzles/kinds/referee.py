"""Referee puzzles: plays the rules refuse, the first table, the last take."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, Card, Notation
from trainer.deal import Deal, EventKind
from trainer.plays import (
    IllegalPlay,
    Play,
    parse_play,
)
from trainer.puzzles import readers
from trainer.puzzles.kinds.base import AnswerError, Dealt, Puzzle
from trainer.puzzles.kinds.shared import RULES_OF_ALLOWED, allowed, play_text, ruling_clues, winner_text
from trainer.puzzles.kinds.shown import AnswerForm, Board, OneOf, Part, Scene
from trainer.puzzles.readers import Field
from trainer.text import SIDES, Listed, Said, marked, said, said_plural

# -- the referee: plays the rules refuse, the first table, the last take ---------------------------------------------

REFEREE_ASKS = ("allowed", "first-table", "last-take")


#: The options of a referee puzzle, by what it asks.
REFEREE_CHOICES = {"allowed": ("yes", "no"), "first-table": ("0", "1", "2"), "last-take": ("A", "B", "nobody")}


def _move(value: Any) -> Play:
    """The play a referee puzzle asks about."""
    return parse_play(readers.play(value))


@dataclass(frozen=True, kw_only=True)
class RefereePuzzle(Puzzle, Dealt):
    """A question the referee settles in a real deal, the position that of its record (R9, R11-R13, R15, R17).

    ``allowed``: may the seat to play make ``move``? (yes or no; the engine's ``verify_play`` judges it and its
    ``Refusal`` says why). ``first-table``: how many escobas does the dealer's side score for the four cards turned
    up (R9)? ``last-take``: ``move`` is the deal's last; who takes the cards left on the table (R15)?
    """

    kind: ClassVar[str] = marked("referee")
    order: ClassVar[int] = 11
    yaml_fields: ClassVar[dict[str, Field]] = {
        "ask": Field(readers.one_of(REFEREE_ASKS), True),
        "move": Field(_move),
    } | Dealt.record_fields
    ask: str  # one of REFEREE_ASKS
    move: Play | None = None  # the play asked about

    def position(self) -> Deal:
        return self.replay(self.profile)

    def refusal(self) -> IllegalPlay | None:
        """Why the rules refuse the play asked about, or None if they allow it."""
        return self._allowed()[1]

    def question_key(self) -> str:
        """What the play asked about is, as the course's ``allowed`` task names it (see ``allowed``)."""
        return self._allowed()[0]

    def _allowed(self) -> tuple[str, IllegalPlay | None]:
        assert self.move is not None
        return allowed(self.position(), self.move)

    def turned_up(self) -> tuple[Card, ...]:
        """The cards the dealer turned up on the table."""
        return next(event.cards for event in self.position().log if event.kind is EventKind.DEAL)

    def taker(self) -> int | None:
        """The side whose pile holds what was left on the table once the last play is made, or None (R15)."""
        assert self.move is not None
        end = self.position().play(self.move)
        left = set(end.remainder)
        return next((side for side, pile in enumerate(end.piles) if left and left <= set(pile)), None)

    def choices(self) -> tuple[str, ...]:
        return REFEREE_CHOICES[self.ask]

    def rules_drilled(self) -> set[str]:
        """A first table swept (R9), the last take (R15), or for a play, what the ruling on it depends on."""
        if self.ask == "first-table":
            found: tuple[str, ...] = ("R9",) if self.solutions() != ["0"] else ()
        elif self.ask == "last-take":
            found = ("R15",)
        else:
            found = RULES_OF_ALLOWED.get(self.question_key(), ())
        return super().rules_drilled() | set(found)

    def solutions(self) -> list[str]:
        if self.ask == "allowed":
            return ["no" if self.refusal() else "yes"]
        if self.ask == "first-table":
            deal = self.position()
            return [str(deal.escobas[deal.side_of(deal.dealer)])]
        return [winner_text(self.taker())]

    def author_problems(self) -> list[tuple[str, str]]:
        if self.players is None or (self.seed is None and not self.deck):
            return [("seed", "a referee puzzle is asked in a real deal: give players, seed (or deck) and plays")]
        if (self.move is None) == (self.ask != "first-table"):
            return [("move", "a move is needed with ask 'allowed' or 'last-take', and only there")]
        try:
            deal = self.position()
        except (IllegalPlay, ValueError) as error:
            return [("plays", f"the recorded deal cannot be replayed: {error}")]
        if self.ask == "first-table" and self.plays:
            return [("plays", "the first table is asked about before anybody plays: leave plays out")]
        if self.ask == "last-take" and (self.refusal() or deal.stock or sum(map(len, deal.hands)) != 1):
            return [("move", "ask 'last-take' needs the deal's last play: one card left in hand, the stock used up")]
        return self.record_problems()

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = " ".join(answer.split())
        found = next((choice for choice in self.choices() if choice.lower() == given.lower()), None)
        if found is None:
            raise AnswerError(said("answer with one of: {choices}", choices=Listed(self.choices())))
        return found

    def question(self) -> Said:
        """What the puzzle asks, in words."""
        if self.ask == "first-table":
            return said("How many escobas does the dealer's side score for this first table?")
        assert self.move is not None
        if self.ask == "last-take":
            deal = self.position()
            return said(
                "Side {last} has made the last capture so far. Side {side} makes the deal's last play: {play}. Who "
                "takes the cards left on the table?",
                last=winner_text(deal.last_capturer),
                side=SIDES[deal.side_of(deal.to_play or 0)],
                play=play_text(self.move),
            )
        return said("May the player to play make this play: {play}?", play=play_text(self.move))

    def why(self, answer: str) -> Said:
        if self.ask == "first-table":
            return self._first_table()
        if self.ask == "last-take":
            return self._last_take()
        refused = self.refusal()
        if refused is None:
            assert self.move is not None
            return said("{play} breaks no rule, so it may be made", play=play_text(self.move))
        reason = refused.refusal.said if refused.refusal else str(refused)
        return said("it is refused: {reason}. The play is taken back and the same player plays again (R17)",
                    reason=reason)  # fmt: skip

    def miss(self, answer: str) -> Said:
        if self.ask == "first-table":
            return said("not {given}: add up the four cards turned up and compare the sum with 15 and 30 (R9)",
                        given=answer)  # fmt: skip
        if self.ask == "last-take" and answer == "nobody":
            return said("the cards left at the end of a deal do not stay on the table: a side takes them (R15)")
        if self.ask == "last-take":
            return said("side {side} does not take them: look at who made the last capture (R15)", side=answer)
        return self._ruling_clues()[0]

    def closer(self, answer: str) -> Said:
        if self.ask == "first-table":
            return said("the four cards turned up add up to {total}", total=sum(c.value for c in self.turned_up()))
        assert self.move is not None
        if self.ask == "last-take":
            if self.move.captured:
                return said("this last play takes cards itself")
            return said("this last play takes nothing: look at who made the capture before it")
        return self._ruling_clues()[1]

    def _ruling_clues(self) -> tuple[Said, Said]:
        """The rule the play asked about breaks, or the rule that lets it be made; then a closer look at it."""
        assert self.move is not None
        refused = self.refusal()
        return ruling_clues(self.position(), self.move, refused.refusal if refused else None)

    def _first_table(self) -> Said:
        cards = self.turned_up()
        total, escobas = sum(card.value for card in cards), int(self.solutions()[0])
        if not escobas:
            return said(
                "the four cards turned up add up to {total}, neither 15 nor 30, so they stay on the table and no "
                "escoba is scored (R9)",
                total=total,
            )
        return said_plural(
            "the four cards turned up make {total}: the dealer's side picks them up before anyone plays, {n} escoba "
            "to its credit (R9)",
            "the four cards turned up make {total}: the dealer's side picks them up before anyone plays, {n} "
            "escobas to its credit (R9)",
            escobas,
            total=total,
        )

    def _last_take(self) -> Said:
        assert self.move is not None
        side = self.solutions()[0]
        if side == "nobody":
            return said("nobody captured in this deal, so the cards stay on the table (R15)")
        if self.move.captured:
            return said("the last play captures, so side {side}, who made it, also takes what is left (R15)",
                        side=side)  # fmt: skip
        return said(
            "the final play takes nothing, so the leftovers go to side {side}, whose capture was the latest (R15)",
            side=side,
        )

    def scene(self) -> Scene:
        """The cards turned up, or the board as the seat to play sees it, the play asked about marked."""
        if self.ask == "first-table":
            return (Part(said("The four cards the dealer turns up"), self.turned_up()),)
        deal = self.position()
        asked = () if self.move is None else (self.move.card, *self.move.captured)
        return Board(deal, deal.to_play or 0, (deal.to_play or 0,), asked)

    def answer_form(self) -> AnswerForm:
        return OneOf(self.question(), self.choices())
