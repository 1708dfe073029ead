"""The puzzle kinds: what each asks, which answers the engine accepts, and why.

Every accepted answer comes from the engine (``captures``, ``legal_plays``,
``setenta``, ``score_deal``, the R16 check sum, a ``Match`` played out); nothing here is an answer key.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from trainer.cards import DECK, RANKS, Card, CardError, Suit, cards_text, parse_cards
from trainer.deal import Deal
from trainer.match import Match, match_result
from trainer.plays import (
    CAPTURE_SUM,
    IllegalPlay,
    Play,
    captures,
    illegal_reason,
    is_end_of_deal_sum,
    legal_plays,
    missing_value,
)
from trainer.plays import parse_play as parse_play_text
from trainer.profile import CLASSIC
from trainer.scoring import DealScore, score_deal, setenta, setenta_cards
from trainer.text import plural

SIDES = ("A", "B")


class AnswerError(ValueError):
    """An answer that cannot be read; the message tells the learner how to write it."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's judgement of one answer."""

    correct: bool
    explanation: str
    solutions: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Puzzle:
    """What every puzzle has; each kind adds its position and its rules for answers."""

    kind: ClassVar[str]
    id: str
    level: int
    themes: tuple[str, ...]
    title: str
    hints: tuple[str, ...] = ()
    explain: str = ""
    source: str = ""  # "file:line" of the puzzle, for messages

    def solutions(self) -> list[str]:
        """Every accepted answer, in canonical text."""
        raise NotImplementedError

    def canonical(self, answer: str) -> str:
        """The answer in canonical text; raises ``AnswerError`` or ``CardError`` if it cannot be read."""
        raise NotImplementedError

    def why(self, answer: str) -> str:
        """Why a canonical answer is right or wrong, in the learner's terms."""
        raise NotImplementedError

    def author_problems(self) -> list[tuple[str, str]]:
        """(field, message) for each way the puzzle cannot be posed, e.g. no answer exists."""
        return []

    def check(self, answer: str) -> Verdict:
        """The engine's verdict on a learner's answer, in any card order and notation; never raises."""
        solutions = tuple(self.solutions())
        try:
            given = self.canonical(answer.strip())
        except (AnswerError, CardError, IllegalPlay) as error:
            return Verdict(False, str(error), solutions)
        return Verdict(given in solutions, self.why(given), solutions)


def _sum_text(played: Card, group: Iterable[Card]) -> str:
    cards = [played, *sorted(group)]
    return f"{' + '.join(map(str, cards))} = {sum(c.value for c in cards)}"


def _group_text(group: Iterable[Card]) -> str:
    return cards_text(group) or "nothing"


@dataclass(frozen=True, kw_only=True)
class CapturePuzzle(Puzzle):
    """Which table cards make 15 with the played card? With ``all``, name every way."""

    kind: ClassVar[str] = "capture"
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

    def canonical(self, answer: str) -> str:
        if not self.all:
            return cards_text(_table_pick(answer, self.play))
        picks = [_table_pick(part, self.play) for part in re.split(r"[;|\n]", answer) if part.strip()]
        if not picks:
            raise AnswerError("write each way as its cards, with ';' between ways: 5♦; 2♣ 3♥")
        return "; ".join(sorted({cards_text(pick) for pick in picks}))

    def why(self, answer: str) -> str:
        picks = [frozenset(parse_cards(part)) for part in answer.split(";")]
        options = self.options()
        wrong = [pick for pick in picks if pick not in options]
        if wrong or not self.all:
            return self._why_group(wrong[0] if wrong else picks[0])
        missed = [group for group in options if group not in picks]
        if missed:
            return f"you missed {_group_text(missed[0])}: {_sum_text(self.play, missed[0])} too"
        return f"all {plural(len(options), 'way')}: " + "; ".join(_sum_text(self.play, g) for g in options)

    def _why_group(self, pick: frozenset[Card]) -> str:
        off_table = pick - set(self.table)
        if off_table:
            return f"{_group_text(off_table)} {'is' if len(off_table) == 1 else 'are'} not on the table"
        if pick in self.options():
            sweep = ": the table is empty, an escoba (R14)" if pick == set(self.table) else ""
            return _sum_text(self.play, pick) + sweep
        total = self.play.value + sum(c.value for c in pick)
        inside = [group for group in self.options() if group < pick]
        if inside:
            extra = _group_text(pick - inside[0])
            return f"{_sum_text(self.play, inside[0])}, but you also took {extra}: that makes {total}"
        if total < CAPTURE_SUM:
            return f"{_sum_text(self.play, pick)}: {CAPTURE_SUM - total} short of {CAPTURE_SUM}"
        return f"{_sum_text(self.play, pick)}, not {CAPTURE_SUM}"


def _table_pick(answer: str, played: Card) -> frozenset[Card]:
    cards = parse_cards(answer)
    if not cards:
        raise AnswerError(f"pick the table cards that make 15 with {played}")
    if len(set(cards)) != len(cards):
        raise AnswerError("you named a card twice")
    if played in cards:
        raise AnswerError(f"{played} is the card being played: pick only cards from the table")
    return frozenset(cards)


# -- choose: which play is best for a goal ----------------------------------------------

GOALS = ("escoba", "most-cards", "take", "coins", "setenta", "safe")


def _setenta_total(cards: Iterable[Card]) -> int:
    """Setenta prices of the best card per suit held so far (0 for a missing suit)."""
    return sum(CLASSIC.setenta_prices[card.rank] for card in setenta_cards(cards).values())


@dataclass(frozen=True, kw_only=True)
class ChoosePuzzle(Puzzle):
    """Which play from this hand is best for the goal? Any play the engine ranks best is right."""

    kind: ClassVar[str] = "choose"
    table: tuple[Card, ...]
    hand: tuple[Card, ...]
    goal: str  # one of GOALS; "take" comes with ``target``
    target: Card | None = None  # the card to take, for goal "take"
    next_hand: tuple[Card, ...] = ()  # the next player's cards, for goal "safe"
    pile: tuple[Card, ...] = ()  # the side's pile so far, for goal "setenta"

    def measure(self, play: Play) -> int:
        """How well a legal play serves the goal; higher is better, 0 does not serve it."""
        taken = [*play.captured, play.card] if play.captured else []
        if self.goal == "escoba":
            return int(bool(self.table) and play.captured == set(self.table))
        if self.goal == "most-cards":
            return len(taken)
        if self.goal == "take":
            return int(self.target in play.captured)
        if self.goal == "coins":
            return sum(card.suit is Suit.COINS for card in taken)
        if self.goal == "setenta":
            return _setenta_total([*self.pile, *taken]) - _setenta_total(self.pile)
        return int(not self._threats(play))  # safe

    def _threats(self, play: Play) -> list[tuple[Card, frozenset[Card]]]:
        """Captures the next player could make after ``play``."""
        table = set(self.table) - play.captured if play.captured else {*self.table, play.card}
        return [(card, group) for card in self.next_hand for group in captures(card, table)]

    def best(self) -> list[Play]:
        plays = legal_plays(self.hand, self.table)
        top = max((self.measure(p) for p in plays), default=0)
        return [p for p in plays if top > 0 and self.measure(p) == top]

    def solutions(self) -> list[str]:
        return [str(play) for play in self.best()]

    def author_problems(self) -> list[tuple[str, str]]:
        if self.goal == "take" and self.target not in self.table:
            return [("goal", f"{self.target} is not on the table, so it cannot be taken")]
        if self.goal == "safe" and not self.next_hand:
            return [("goal", "goal 'safe' needs next_hand: the cards the next player holds")]
        if self.next_hand and self.goal != "safe":
            return [("next_hand", "next_hand is used only with goal 'safe'")]
        if self.pile and self.goal != "setenta":
            return [("pile", "pile is used only with goal 'setenta'")]
        if not self.best():
            return [("goal", f"no legal play meets the goal '{self.goal_text}', so the puzzle has no answer")]
        return []

    @property
    def goal_text(self) -> str:
        return f"take {self.target}" if self.goal == "take" else self.goal

    def canonical(self, answer: str) -> str:
        if not answer:
            raise AnswerError("write the card you play, then the table cards it takes (none to lay it down)")
        return str(parse_play_text(answer))

    def why(self, answer: str) -> str:
        play = parse_play_text(answer)
        reason = illegal_reason(play, self.hand, self.table)
        if reason is not None:
            return reason
        best = self.best()
        return self._describe(play) if play in best else self._compare(play, best[0])

    def _describe(self, play: Play) -> str:
        if not play.captured:
            done = f"you lay {play.card} on the table (a card that takes nothing may always be played, R13)"
        else:
            done = f"{_sum_text(play.card, play.captured)}: you take {len(play.captured) + 1} cards"
        if self.goal == "coins":
            return f"{done}, with {plural(self.measure(play), 'coin')} among them"
        if self.goal == "setenta":
            return f"{done}; your setenta grows by {self.measure(play)}"
        if self.goal == "safe":
            return f"{done}, and no card of {cards_text(self.next_hand)} can make 15 afterwards"
        if self.goal == "escoba":
            return f"{done} and sweep the table: escoba (R14)"
        return done

    def _compare(self, play: Play, better: Play) -> str:
        return f"{self.shortfall(play)}; {self._better(play, better)}"

    def shortfall(self, play: Play) -> str:
        """What a legal play misses of the goal, without giving the answer away."""
        if self.goal == "escoba":
            return "that leaves cards on the table"
        if self.goal == "take":
            return f"that does not take {self.target}"
        if self.goal == "safe":
            card, group = self._threats(play)[0]
            return f"after that, {card} could take {cards_text(group)} on the next turn"
        if self.goal == "setenta":
            return f"that adds {self.measure(play)} to your setenta, and another play adds more"
        unit = {"most-cards": "card", "coins": "coin"}[self.goal]
        return f"that brings you {plural(self.measure(play), unit)}, and another play brings more"

    def _better(self, play: Play, better: Play) -> str:
        done = {"escoba": "clears it", "take": "does", "safe": "is safe"}.get(self.goal)
        if done:
            return f"{play_text(better)} {done}"
        verb = "adds" if self.goal == "setenta" else "brings"
        text = f"{play_text(better)} {verb} {self.measure(better)}"
        seven = next((c for c in better.captured if c.rank == "7" and c.suit is Suit.COINS), None)
        if seven is not None and seven not in play.captured:
            text += f". You missed {seven}: it is worth the 7 of coins point on its own"
        return text


def play_text(play: Play) -> str:
    """A play in words: ``6♠ taking A♠ 2♣ 6♥`` or ``laying 5♦ down``."""
    if not play.captured:
        return f"laying {play.card} down"
    return f"{play.card} taking {cards_text(play.captured)}"


# -- the setenta and scoring ----------------------------------------------------------------


def setenta_breakdown(pile: Iterable[Card]) -> str:
    """Why a pile has the setenta it has (R19), in a learner's words."""
    pile = tuple(pile)
    best = setenta_cards(pile)
    missing = [suit for suit in Suit if suit not in best]
    if missing:
        names = ", ".join(f"{s.value} ({s.spanish})" for s in missing)
        return f"no {names} in the pile, so it has no setenta"
    prices = [f"{card} = {CLASSIC.setenta_prices[card.rank]}" for card in best.values()]
    return f"best of each suit: {', '.join(prices)}; together {setenta(pile)}"


@dataclass(frozen=True, kw_only=True)
class SetentaPuzzle(Puzzle):
    """What is this pile's setenta?"""

    kind: ClassVar[str] = "setenta"
    pile: tuple[Card, ...]

    def solutions(self) -> list[str]:
        value = setenta(self.pile)
        return ["none" if value is None else str(value)]

    def canonical(self, answer: str) -> str:
        said = answer.lower()
        if said != "none" and not re.fullmatch(r"[0-9]+", said):
            raise AnswerError("answer with a number such as 65, or 'none' if the pile has no setenta")
        return said if said == "none" else str(int(said))

    def why(self, answer: str) -> str:
        return setenta_breakdown(self.pile)


def _winner_text(side: int | None) -> str:
    return "nobody" if side is None else SIDES[side]


def _side_of(scores: list[DealScore], category: str) -> int | None:
    return next((side for side, s in enumerate(scores) if getattr(s, category)), None)


@dataclass(frozen=True, kw_only=True)
class SetentaDuelPuzzle(Puzzle):
    """Which side wins the setenta point: A, B or nobody?"""

    kind: ClassVar[str] = "setenta-duel"
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]

    def solutions(self) -> list[str]:
        return [_winner_text(_side_of(score_deal(self.piles, [0, 0]), "setenta"))]

    def canonical(self, answer: str) -> str:
        said = {"a": "A", "b": "B", "nobody": "nobody", "none": "nobody", "tie": "nobody"}.get(answer.lower())
        if said is None:
            raise AnswerError("answer A, B or nobody")
        return said

    def why(self, answer: str) -> str:
        why = "; ".join(f"{name}: {setenta_breakdown(pile)}" for name, pile in zip(SIDES, self.piles, strict=True))
        return f"{why}. The point goes to {self.solutions()[0]} (R19)"


@dataclass(frozen=True, kw_only=True)
class ScorePuzzle(Puzzle):
    """How many points does each side score for this deal?"""

    kind: ClassVar[str] = "score"
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    escobas: tuple[int, int]

    def scores(self) -> list[DealScore]:
        return score_deal(self.piles, self.escobas)

    def solutions(self) -> list[str]:
        a, b = self.scores()
        return [f"{a.total} {b.total}"]

    def canonical(self, answer: str) -> str:
        numbers = re.findall(r"\d+", answer)
        if len(numbers) != 2 or re.sub(r"[\d\s,\-–:ABab]", "", answer):
            raise AnswerError("answer with two numbers, A's points then B's: 6 2")
        return " ".join(str(int(n)) for n in numbers)

    def why(self, answer: str) -> str:
        return score_breakdown(self.scores())


def score_breakdown(scores: list[DealScore]) -> str:
    """Category by category, who scores what and why (R18), in sentences.

    >>> from trainer.cards import DECK
    >>> print(score_breakdown(score_deal([DECK[:25], DECK[25:]], [1, 0])).replace(". ", ".\\n"))
    A made 1 escoba, B none.
    A has more cards, 25 to 15, and scores 1.
    A has more coins, 7 to 3, and scores 1.
    A holds the 7♦ and scores 1.
    The setenta is 75 for A and 73 for B, so A scores 1.
    In all, A scores 5 and B 0
    """
    a, b = scores

    def most(what: str, figures: tuple[int, int], category: str) -> str:
        side = _side_of(scores, category)
        if side is None:
            return f"Both sides have {figures[0]} {what}, so nobody scores that point"
        return f"{SIDES[side]} has more {what}, {max(figures)} to {min(figures)}, and scores 1"

    setenta_side = _side_of(scores, "setenta")
    setentas = ["none" if s.setenta_sum is None else str(s.setenta_sum) for s in scores]
    escobas = f"A made {plural(a.escobas, 'escoba') if a.escobas else 'no escoba'}, B "
    escobas += plural(b.escobas, "escoba") if b.escobas else "none"
    lines = [
        escobas,
        most("cards", (a.card_count, b.card_count), "cards"),
        most("coins", (a.coin_count, b.coin_count), "coins"),
        f"{_winner_text(_side_of(scores, 'seven_of_coins'))} holds the 7♦ and scores 1",
        f"The setenta is {setentas[0]} for A and {setentas[1]} for B, so "
        + ("nobody scores it" if setenta_side is None else f"{SIDES[setenta_side]} scores 1"),
        f"In all, A scores {a.total} and B {b.total}",
    ]
    return ". ".join(lines)


# -- the check sum ----------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ChecksumPuzzle(Puzzle):
    """The R16 check sum: what the end-of-deal table adds up to, or the value of its hidden card."""

    kind: ClassVar[str] = "checksum"
    table: tuple[Card, ...]
    ask: str = "sum"  # or "missing": one more card lies face down

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

    def canonical(self, answer: str) -> str:
        if self.ask == "sum":
            if not re.fullmatch(r"[0-9]+", answer):
                raise AnswerError("answer with a number")
            return str(int(answer))
        said = answer.upper()
        rank = {str(value): rank for value, rank in enumerate(RANKS, start=1)}.get(said, said)
        if rank not in RANKS:
            raise AnswerError("answer with a rank (A, 2 ... 7, J, Q, K) or a value from 1 to 10")
        return rank

    def why(self, answer: str) -> str:
        total = sum(card.value for card in self.table)
        if self.ask == "sum":
            return f"{' + '.join(str(c.value) for c in self.table)} = {total}: one of 10, 25, 40, ... (R16)"
        rank = self.solutions()[0]
        name = {"A": "an ace", "J": "a sota (J)", "Q": "a caballo (Q)", "K": "a rey (K)"}.get(rank, f"a {rank}")
        return (
            f"the table shows {total}; a deal always ends on 10, 25, 40, ... (R16), "
            f"so the hidden card is worth {RANKS.index(rank) + 1}: {name}"
        )


# -- around the table: seats, the deal and the match ------------------------------------------

ASKS = ("next-dealer", "leader", "partner", "stock-after", "first-after-redeal")


def _hands_dealt(deal: Deal) -> int:
    """How many times hands have been dealt in this deal so far (R8, R10)."""
    return sum(event.kind in ("deal", "redeal") for event in deal.log)


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

    kind: ClassVar[str] = "seats"
    players: int
    dealer: int
    ask: str  # one of ASKS
    seat: int | None = None  # whose partner, for ask "partner"
    round: int = 1  # for ask "stock-after": after hands are dealt for the round-th time

    def _start(self) -> Match:
        return Match.new(self.players, seed=0, first_dealer=self.dealer, deck=DECK)

    def _played(self, rounds: int = len(DECK)) -> Match:
        """The match played on, the first legal play each turn, until hands are dealt ``rounds`` times or it ends."""
        match = self._start()
        while not match.current.is_over and _hands_dealt(match.current) < rounds:
            match = match.play(match.current.legal_plays()[0])
        return match

    def rounds(self) -> int:
        """How many times hands are dealt in a whole deal at this table."""
        return _hands_dealt(self._played().current)

    def answer(self) -> int | None:
        """The engine's answer: a seat, or the cards left in the stock; None if the deal never gets there."""
        if self.ask == "stock-after":
            later = self._played(self.round)
            return len(later.current.stock) if _hands_dealt(later.current) == self.round else None
        if self.ask == "next-dealer":
            return self._played().next_deal(DECK).dealer
        match = self._played(2) if self.ask == "first-after-redeal" else self._start()
        to_play = match.current.to_play
        assert to_play is not None  # hands have just been dealt
        if self.ask != "partner":
            return match.seat_of(to_play)
        # The deal's sides are seat % 2, as its piles are (R5); map them back to the seats at the table.
        seats = [match.seat_of(deal_seat) for deal_seat in range(self.players)]
        mine = seats.index(self.seat) if self.seat is not None else to_play
        return next(seat for deal_seat, seat in enumerate(seats) if deal_seat % 2 == mine % 2 and deal_seat != mine)

    def choices(self) -> tuple[str, ...]:
        """The seats to choose from, or nothing when the answer is a count of cards."""
        return () if self.ask == "stock-after" else tuple(map(str, range(self.players)))

    def solutions(self) -> list[str]:
        found = self.answer()
        return [] if found is None else [str(found)]

    def author_problems(self) -> list[tuple[str, str]]:
        if not 0 <= self.dealer < self.players:
            return [("dealer", f"with {self.players} players the seats are 0 to {self.players - 1}")]
        if (self.seat is None) != (self.ask != "partner"):
            return [("seat", "seat is needed with ask 'partner', and only there")]
        if self.round != 1 and self.ask != "stock-after":
            return [("round", "round is used only with ask 'stock-after'")]
        if self.ask == "partner" and self.players != 4:
            return [("ask", "with two players each plays alone, so nobody has a partner (R5)")]
        if self.seat is not None and not 0 <= self.seat < self.players:
            return [("seat", f"with {self.players} players the seats are 0 to {self.players - 1}")]
        if self.ask == "stock-after" and not self.solutions():
            return [("round", f"{self.players} players get new hands only {self.rounds()} times in a deal (R10)")]
        return []

    def canonical(self, answer: str) -> str:
        said = re.fullmatch(r"(?:seat\s*)?([0-9]+)", answer.lower())
        if said is None:
            raise AnswerError("answer with a number of cards" if self.ask == "stock-after" else "answer with a seat")
        return str(int(said.group(1)))

    def why(self, answer: str) -> str:
        found = self.solutions()[0]
        if self.ask == "leader":
            return f"seat {self.dealer} deals, so the next seat in playing order, seat {found}, plays first (R7)"
        if self.ask == "next-dealer":
            return (
                f"seat {self.dealer} dealt this time; once the deal is over the cards are shuffled again and "
                f"the deal moves one seat on, to seat {found}, who led this deal (R7, R22)"
            )
        if self.ask == "partner":
            return f"partners sit across the table from each other: seat {self.seat} plays with seat {found} (R5)"
        if self.ask == "first-after-redeal":
            return f"new hands do not change the order: seat {found}, just after the dealer, plays first again (R10)"
        dealt = self.round * CLASSIC.hand_size * self.players
        return (
            f"{len(DECK)} cards, {CLASSIC.table_size} turned up on the table and {self.round} × "
            f"{CLASSIC.hand_size * self.players} = {dealt} dealt into hands leave {found} in the stock (R8, R10)"
        )


OUTCOMES = ("A", "B", "another deal")


@dataclass(frozen=True, kw_only=True)
class MatchPuzzle(Puzzle):
    """Sides A and B had ``totals`` before a deal that brought them ``points``: has the match been won? (R21)

    The answer is "A", "B" or "another deal".

    >>> MatchPuzzle(id="p", level=1, themes=("match-target",), title="", totals=(18, 20), points=(4, 1)).solutions()
    ['A']
    """

    kind: ClassVar[str] = "match"
    totals: tuple[int, int]
    points: tuple[int, int]
    target: int = CLASSIC.target

    def after(self) -> tuple[int, int]:
        """Both sides' totals once the deal is scored."""
        return self.totals[0] + self.points[0], self.totals[1] + self.points[1]

    def choices(self) -> tuple[str, ...]:
        return OUTCOMES

    def solutions(self) -> list[str]:
        side = match_result(self.after(), self.target)
        return [OUTCOMES[2] if side is None else SIDES[side]]

    def author_problems(self) -> list[tuple[str, str]]:
        side = match_result(self.totals, self.target)
        if side is None:
            return []
        return [("totals", f"{SIDES[side]} has already won with these totals, so no deal comes after them (R21)")]

    def canonical(self, answer: str) -> str:
        said = {"a": "A", "b": "B", "another deal": OUTCOMES[2], "another": OUTCOMES[2]}.get(
            " ".join(answer.lower().split())
        )
        if said is None:
            raise AnswerError("answer A, B or another deal")
        return said

    def why(self, answer: str) -> str:
        a, b = self.after()
        totals = f"after the deal A has {a} and B {b}"
        if max(a, b) < self.target:
            return f"{totals}: nobody has reached {self.target} yet, so another deal is played (R21)"
        if a == b:
            return f"{totals}: level at {self.target} or more, so one more whole deal decides it (R21)"
        return f"{totals}: {self.solutions()[0]} has reached {self.target} with the larger total and wins (R21)"


KINDS: dict[str, type[Puzzle]] = {
    cls.kind: cls
    for cls in (
        CapturePuzzle,
        ChoosePuzzle,
        SetentaPuzzle,
        SetentaDuelPuzzle,
        ScorePuzzle,
        ChecksumPuzzle,
        SeatsPuzzle,
        MatchPuzzle,
    )
}
