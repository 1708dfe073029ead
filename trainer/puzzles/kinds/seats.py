"""Seats puzzles: who deals, who leads, who partners whom, and what is left in the stock."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from trainer.cards import DECK, R4, Notation
from trainer.deal import Deal, EventKind
from trainer.match import Match
from trainer.puzzles import readers
from trainer.puzzles.kinds.base import AnswerError, Puzzle
from trainer.puzzles.kinds.shown import AnswerForm, Numbers, OneOf, Part, Scene
from trainer.puzzles.readers import Field
from trainer.text import Joined, Listed, Said, either, marked, said, said_plural

# -- around the table: seats, the deal and the match ------------------------------------------

ASKS = ("next-dealer", "leader", "partner", "stock-after", "first-after-redeal")
#: The question of a seats puzzle answered with a seat, by what it asks.
QUESTIONS = {
    "leader": said("Who plays the first card?"),
    "next-dealer": said("Who deals next?"),
    "partner": said("Who is the partner?"),
    "first-after-redeal": said("Who plays first with the new hands?"),
}


def _hands_dealt(deal: Deal) -> int:
    """How many times hands have been dealt in this deal so far (R8, R10)."""
    return sum(event.kind in (EventKind.DEAL, EventKind.REDEAL) for event in deal.log)


@dataclass(frozen=True, kw_only=True)
class SeatsPuzzle(Puzzle):
    """Who deals, who leads, who partners whom, and how many cards the stock keeps (R5-R8, R10, R22).

    Seats are named "seat 0", "seat 1", ... counted round the table in the order play goes, so
    with four players seat 0 sits opposite seat 2. ``dealer`` is the seat dealing this deal. The
    answer is a seat number, or for ``stock-after`` a count of cards; the engine finds it by
    playing a ``Match`` from that dealer.

    >>> SeatsPuzzle(id="p", level=1, themes=("seats",), title="", players=4, dealer=3, ask="next-dealer").solutions()
    ['0']
    """

    kind: ClassVar[str] = marked("seats")
    order: ClassVar[int] = 7
    yaml_fields: ClassVar[dict[str, Field]] = {
        "players": Field(readers.players, True),
        "dealer": Field(readers.whole(0, 5, "a seat"), True),
        "ask": Field(readers.one_of(ASKS), True),
        "seat": Field(readers.whole(0, 5, "a seat")),
        "round": Field(readers.whole(1, 6, "a round of hands")),
    }
    #: The rules each ask adds.
    ask_rules: ClassVar[dict[str, tuple[str, ...]]] = {
        "next-dealer": ("R7", "R22"),
        "leader": ("R7",),
        "partner": ("R5", "R6"),
        "stock-after": ("R8",),
        "first-after-redeal": ("R7", "R10"),
    }
    players: int
    dealer: int
    ask: str  # one of ASKS
    seat: int | None = None  # whose partner, for ask "partner"
    round: int = 1  # for ask "stock-after": after hands are dealt for the round-th time

    def _start(self) -> Match:
        return Match.new(self.players, seed=0, first_dealer=self.dealer, profile=self.profile, deck=DECK)

    def _played(self, rounds: int = len(DECK)) -> Match:
        """The match played on, the first legal play each turn, until hands are dealt ``rounds`` times or it ends."""
        match = self._start()
        while not match.current.is_over and _hands_dealt(match.current) < rounds:
            match = match.play(match.current.legal_plays()[0])
        return match

    def rounds(self) -> int:
        """How many times hands are dealt in a whole deal at this table."""
        return _hands_dealt(self._played().current)

    def answers(self) -> list[int]:
        """The engine's answers: a seat (with six players, either partner), or the cards left in the stock; none
        if the deal never gets there."""
        if self.ask == "stock-after":
            later = self._played(self.round)
            return [len(later.current.stock)] if _hands_dealt(later.current) == self.round else []
        if self.ask == "next-dealer":
            return [self._played().next_deal(DECK).dealer]
        match = self._played(2) if self.ask == "first-after-redeal" else self._start()
        to_play = match.current.to_play
        assert to_play is not None  # hands have just been dealt
        if self.ask != "partner":
            return [match.seat_of(to_play)]
        # The deal's sides are its seats' sides, as its piles are (R5, V3); map them back to the seats at the table.
        deal, seats = match.current, [match.seat_of(deal_seat) for deal_seat in range(self.players)]
        mine = seats.index(self.seat) if self.seat is not None else to_play
        return sorted(seat for at, seat in enumerate(seats) if deal.side_of(at) == deal.side_of(mine) and at != mine)

    def choices(self) -> tuple[str, ...]:
        """The seats to choose from, or nothing when the answer is a count of cards."""
        return () if self.ask == "stock-after" else tuple(map(str, range(self.players)))

    def confirms(self, theme: str) -> bool:
        if theme == "seats-and-sides":
            return self.players in (3, 6)
        return super().confirms(theme)

    def rules_drilled(self) -> set[str]:
        """The ask's rules; a stock count after the first hands adds R10, and with more than two players the way
        round the table (R6) decides who deals and leads."""
        found = super().rules_drilled() | set(self.ask_rules[self.ask])
        if self.round > 1:
            found.add("R10")
        if self.players > 2 and self.ask in ("next-dealer", "leader"):
            found.add("R6")
        if self.players in (3, 6) and self.ask != "next-dealer":
            found.add("V3")  # who sits where, with whom, and how many cards go out, at a table of 3 or 6
        return found

    def solutions(self) -> list[str]:
        return [str(found) for found in self.answers()]

    def author_problems(self) -> list[tuple[str, str]]:
        if self.players not in self.profile.players:
            allowed = either(self.profile.players)
            return [("players", f"{self.players} players: the {self.rules} rule set is for {allowed} players (V3)")]
        if not 0 <= self.dealer < self.players:
            return [("dealer", f"with {self.players} players the seats are 0 to {self.players - 1}")]
        if (self.seat is None) != (self.ask != "partner"):
            return [("seat", "seat is needed with ask 'partner', and only there")]
        if self.round != 1 and self.ask != "stock-after":
            return [("round", "round is used only with ask 'stock-after'")]
        if self.ask == "partner" and self.profile.sides(self.players) == self.players:
            return [("ask", f"with {self.players} players each plays alone, so nobody has a partner (R5, V3)")]
        if self.seat is not None and not 0 <= self.seat < self.players:
            return [("seat", f"with {self.players} players the seats are 0 to {self.players - 1}")]
        if self.ask == "stock-after" and not self.solutions():
            return [("round", f"{self.players} players get new hands only {self.rounds()} times in a deal (R10)")]
        return []

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = re.fullmatch(r"(?:seat\s*)?([0-9]+)", answer.lower())
        if given is None:
            if self.ask == "stock-after":
                raise AnswerError(said("answer with a number of cards"))
            raise AnswerError(said("answer with a seat"))
        return str(int(given.group(1)))

    def miss(self, answer: str) -> Said:
        if self.ask == "stock-after":
            many = (
                said("{given} is too many", given=answer)
                if int(answer) > int(self.solutions()[0])
                else said("{given} is too few", given=answer)
            )
            return said("{given}: count the cards on the table and every hand dealt so far (R8, R10)", given=many)
        return said("not seat {seat}: {rule}", seat=answer, rule=self._rule())

    def closer(self, answer: str) -> Said:
        if self.ask == "stock-after":
            return said(
                "each time hands are dealt, every one of the {players} players gets {hand} cards; {table} lie on the "
                "table from the start",
                players=self.players,
                hand=self.profile.hand_size,
                table=self.profile.table_size,
            )
        if self.ask == "partner" and self.players > 4:
            return said("count two seats on from seat {seat}, then two more, going round the table", seat=self.seat)
        if self.ask == "partner":
            return said("count two seats on from seat {seat}, going round the table", seat=self.seat)
        return said("count on from seat {dealer}, the dealer, in playing order, going round the table",
                    dealer=self.dealer)  # fmt: skip

    def _rule(self) -> Said:
        """The rule that answers the question, without the seat it points to."""
        if self.ask == "leader":
            return said("the seat after the dealer, in playing order, plays the first card (R7)")
        if self.ask == "next-dealer":
            return said("the deal passes one seat on each time (R22)")
        if self.ask == "partner" and self.players > 4:
            return said("with six players every other seat is one side (V3)")
        if self.ask == "partner":
            return said("partners sit across the table from each other (R5)")
        return said("new hands do not change who plays first (R10)")

    def why(self, answer: str) -> Said:
        found, dealer = self.solutions()[0], self.dealer
        if self.ask == "leader":
            return said(
                "seat {dealer} deals, so the next seat in playing order, seat {seat}, plays first (R7)",
                dealer=dealer,
                seat=found,
            )
        if self.ask == "next-dealer":
            return said(
                "seat {dealer} dealt this time; once the deal is over the cards are shuffled again and the deal moves "
                "one seat on, to seat {seat}, who led this deal (R7, R22)",
                dealer=dealer,
                seat=found,
            )
        if self.ask == "partner" and self.players > 4:
            partners = Listed(tuple(self.solutions()))
            return said(
                "with six players every other seat is one side: seat {seat} plays with seats {partners} (V3)",
                seat=self.seat,
                partners=partners,
            )
        if self.ask == "partner":
            return said(
                "partners sit across the table from each other: seat {seat} plays with seat {partner} (R5)",
                seat=self.seat,
                partner=found,
            )
        if self.ask == "first-after-redeal":
            return said(
                "new hands do not change the order: seat {seat}, just after the dealer, plays first again (R10)",
                seat=found,
            )
        hands = self.profile.hand_size * self.players
        return said(
            "{deck} cards, {table} turned up on the table and {rounds} × {hands} = {dealt} dealt into hands leave "
            "{left} in the stock (R8, R10)",
            deck=len(DECK),
            table=self.profile.table_size,
            rounds=self.round,
            hands=hands,
            dealt=self.round * hands,
            left=found,
        )

    def scene(self) -> Scene:
        """The seats in playing order, named by role; the cards in hand do not matter here."""
        hand = said_plural("{n} card in hand", "{n} cards in hand", 3)
        return tuple(Part(self._seat_title(seat), empty=hand) for seat in range(self.players))

    def _seat_title(self, seat: int) -> Said:
        roles = [said("Seat {seat}", seat=seat)]
        if seat == self.dealer:
            roles.append(said("dealer"))
        if seat == self.seat:
            roles.append(said("asked about"))
        return said("{parts}", parts=Joined(tuple(roles), ", "))

    def answer_form(self) -> AnswerForm:
        seats = self.choices()
        if not seats:
            return Numbers((("count", said("Cards left in the stock")),))
        return OneOf(QUESTIONS[self.ask], seats, {seat: said("Seat {seat}", seat=seat) for seat in seats})

    def worded_answer(self, answer: str) -> Said | None:
        return said("Seat {seat}", seat=answer) if self.choices() else None
