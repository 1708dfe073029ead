"""One deal of Escoba as a chain of immutable states (R5-R17).

``Deal.play`` returns the next state and leaves the old one as it was, so a
tutorial can step back and forth and a search can keep every state. Each state
remembers the one before it and the events between them (``Deal.log``).

>>> from trainer import Deal
>>> deal = Deal.new(players=2, seed=7)
>>> len(deal.hands[0]), len(deal.table), len(deal.stock)
(3, 4, 30)
>>> after = deal.play(deal.legal_plays()[0])
>>> len(after.hands[0]), len(deal.hands[0])
(2, 3)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Literal, NamedTuple

from trainer.cards import DECK, Card, cards_of, cards_text, mask_of, value_of
from trainer.plays import (
    IllegalPlay,
    Play,
    Refusal,
    capture_masks,
    illegal_reason_masks,
    legal_plays_masks,
    play_of,
    playable_refusal_masks,
    refusal_masks,
)
from trainer.profile import CLASSIC, RuleProfile
from trainer.scoring import DealScore, score_masks
from trainer.text import either

SWEEP_ESCOBAS = {15: 1, 30: 2}  # R9


class EventKind(StrEnum):
    """What an ``Event`` records."""

    DEAL = "deal"  # hands and table dealt
    SWEEP = "sweep"  # the dealer's side takes a first table of 15 or 30 (R9)
    PLAY = "play"
    CLAIM = "claim"  # the next player takes a capture the last one missed (V5)
    REDEAL = "redeal"  # new hands (R10)
    LAST_TAKE = "last-take"  # the last capturer takes the table (R15)
    NO_TAKE = "no-take"  # nobody captured all deal, so the table stays (R15)


#: What is wrong with a play that stands although the rules forbid it (V5): nothing, a capture not making 15, or a
#: card laid down when a capture was there.
Fault = Literal["", "wrong", "missed"]


class Event(NamedTuple):
    """Something that happened in a deal, for a log a tutorial can narrate: its ``kind``, and ``fault`` for a play
    that stands although wrong (V5)."""

    kind: EventKind
    seat: int | None = None
    side: int | None = None
    play: Play | None = None
    cards: tuple[Card, ...] = ()
    escobas: int = 0
    fault: Fault = ""

    def __str__(self) -> str:
        cards = cards_text(self.cards)
        if self.kind is EventKind.PLAY and self.play is not None:
            if not self.play.captured:
                laid = f"seat {self.seat} lays {self.play.card} on the table"
                return laid + (" although a capture was there: it stands (V5)" if self.fault else "")
            took = f"seat {self.seat} plays {self.play.card} and takes {cards_text(self.play.captured)}"
            if self.fault:
                total = sum(card.value for card in (self.play.card, *self.play.captured))
                return took + f", which make {total}, not 15: the capture stands and costs a penalty (V5)"
            return took + (": escoba" if self.escobas else "")
        if self.kind is EventKind.CLAIM and self.play is not None:
            return f"seat {self.seat} claims the missed capture: {self.play.card} with {cards_text(self.play.captured)}"
        return {
            EventKind.DEAL: f"three cards to each player, {cards} to the table",
            EventKind.SWEEP: f"the dealer's side takes {cards} from the table: "
            + (escobas_text(self.escobas) if self.escobas else "no escoba in this rule set"),
            EventKind.REDEAL: "three more cards to each player",
            EventKind.LAST_TAKE: f"side {self.side} made the last capture and takes {cards or 'nothing'}",
            EventKind.NO_TAKE: f"nobody captured, so {cards} stay on the table",
        }[self.kind]


def escobas_text(count: int) -> str:
    """An escoba count in words: "an escoba", "2 escobas"."""
    return "an escoba" if count == 1 else f"{count} escobas"


class Deal:
    """A state of one deal. Make one with ``new``, ``from_deck`` or ``from_position``."""

    __slots__ = (
        "profile", "players", "deck", "previous", "events",
        "_stock", "_table", "_hands", "_piles", "_escobas", "_to_play", "_last_capturer", "_remainder",
        "_wrong", "_claim",
    )  # fmt: skip

    def __init__(
        self,
        profile: RuleProfile,
        players: int,
        deck: tuple[Card, ...] | None,
        previous: Deal | None,
        events: tuple[Event, ...],
        stock: tuple[Card, ...],
        table: int,
        hands: tuple[int, ...],
        piles: tuple[int, ...],
        escobas: tuple[int, ...],
        to_play: int | None,
        last_capturer: int | None,
        remainder: int,
        wrong: tuple[int, ...] = (),
        claim: int = 0,
    ) -> None:
        self.profile = profile
        self.players = players
        self.deck = deck  # the full order it was dealt from; None for a set-up position
        self.previous = previous
        self.events = events  # what happened between ``previous`` and this state
        self._stock = stock
        self._table = table
        self._hands = hands
        self._piles = piles
        self._escobas = escobas
        self._to_play = to_play  # None once the deal is over
        self._last_capturer = last_capturer
        self._remainder = remainder
        self._wrong = wrong or (0,) * len(piles)  # V5: wrong captures per side, played by penalties
        self._claim = claim  # V5: the card just laid although it could capture, which the seat to play may claim

    def _position(self) -> tuple[object, ...]:
        """All that decides the rest of the deal and its score; how the deal got here is left out."""
        return (
            self.players, self._stock, self._table, self._hands, self._piles, self._escobas, self._to_play,
            self._last_capturer, self._remainder, self._wrong, self._claim,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        """The same position by the same rules: cards in the same places, the same seat to play, the same piles,
        escobas and last capturer (and faults and claim, V5), however it was reached."""
        if not isinstance(other, Deal):
            return NotImplemented
        return self._position() == other._position() and self.profile == other.profile

    def __hash__(self) -> int:
        return hash((self.profile.name, self._position()))

    # -- making a deal ---------------------------------------------------------------

    @classmethod
    def new(cls, players: int = 2, seed: int | str | None = None, profile: RuleProfile = CLASSIC) -> Deal:
        """A deal from a freshly shuffled deck (R8); the same seed gives the same deal."""
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        return cls.from_deck(deck, players, profile)

    @classmethod
    def from_deck(cls, cards: Sequence[Card], players: int = 2, profile: RuleProfile = CLASSIC) -> Deal:
        """Deal from the front of a 40-card order (R8): seat 0 leads, the last seat deals."""
        _check_players(players, profile)
        deck = tuple(cards)
        if len(deck) != len(DECK) or mask_of(deck) != (1 << len(DECK)) - 1:
            raise ValueError("a deck must hold each of the 40 cards exactly once (R1)")
        sides = (0,) * profile.sides(players)
        start = cls(profile, players, deck, None, (), deck, 0, (0,) * players, sides, sides, 0, None, 0)
        return start._deal_hands(first=True)

    @classmethod
    def from_position(
        cls,
        table: Iterable[Card],
        hands: Sequence[Iterable[Card]],
        stock: Iterable[Card] = (),
        piles: Sequence[Iterable[Card]] | None = None,
        escobas: Sequence[int] | None = None,
        to_play: int = 0,
        last_capturer: int | None = None,
        profile: RuleProfile = CLASSIC,
    ) -> Deal:
        """A position set up by hand (for the course and puzzles); unlisted cards are out of play.

        The R16 check sum holds only when all 40 cards are in the position.
        """
        players = len(hands)
        _check_players(players, profile)
        sides = profile.sides(players)
        piles = [()] * sides if piles is None else piles
        escobas = [0] * sides if escobas is None else escobas
        groups = [tuple(table), *(tuple(h) for h in hands), tuple(stock), *(tuple(p) for p in piles)]
        every = [card for group in groups for card in group]
        if len(set(every)) != len(every):
            twice = sorted({c for c in every if every.count(c) > 1})
            raise ValueError(f"a card cannot be in two places: {cards_text(twice)}")
        if len(piles) != sides or len(escobas) != sides or not 0 <= to_play < players:
            raise ValueError(
                f"a position of {players} players has {sides} piles, {sides} escoba counts and a seat to play"
            )
        if min(escobas) < 0 or last_capturer not in (None, *range(sides)):
            named = ", ".join(f"side {side}" for side in range(sides))
            raise ValueError(f"escoba counts are 0 or more, and the last capturer is {named} or nobody")
        sizes = [len(tuple(h)) for h in hands]
        # Play goes round from seat 0, so the seats before the one to play hold one card fewer (R6, R11).
        if any(size != sizes[to_play] - (seat < to_play) for seat, size in enumerate(sizes)):
            raise ValueError(
                f"hands of {', '.join(map(str, sizes))} cards with seat {to_play} to play: the seats before it "
                "hold one card fewer than the others, and every other seat as many as the one to play"
            )
        position = cls(
            profile, players, None, None, (), tuple(stock), mask_of(table),
            tuple(mask_of(h) for h in hands), tuple(mask_of(pile) for pile in piles),
            tuple(escobas), to_play, last_capturer, 0,
        )  # fmt: skip
        return position._settle((), last_play_was_escoba=False) if not any(position._hands) else position

    # -- reading the state -----------------------------------------------------------

    @property
    def dealer(self) -> int:
        """The dealer's seat: the last one, as seat 0 leads (R7)."""
        return self.players - 1

    @property
    def table(self) -> tuple[Card, ...]:
        return cards_of(self._table)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(cards_of(h) for h in self._hands)

    @property
    def stock(self) -> tuple[Card, ...]:
        return self._stock

    @property
    def sides(self) -> int:
        """How many sides play (V3): each seat alone with 2 or 3 players, two sides with 4 or 6."""
        return len(self._piles)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for (R5, V3)."""
        return seat % len(self._piles)

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """Captured cards, one pile per side."""
        return tuple(cards_of(pile) for pile in self._piles)

    @property
    def escobas(self) -> tuple[int, ...]:
        """Escobas made, per side."""
        return self._escobas

    @property
    def wrong_captures(self) -> tuple[int, ...]:
        """Wrong captures that stood, per side (V5; always 0 unless played by penalties)."""
        return self._wrong

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is; None once the deal is over."""
        return self._to_play

    @property
    def is_over(self) -> bool:
        return self._to_play is None

    @property
    def last_capturer(self) -> int | None:
        """The side that made the last capture so far (R9 counts), or None."""
        return self._last_capturer

    @property
    def remainder(self) -> tuple[Card, ...]:
        """The cards left on the table when the deal ended (R15, R16).

        They went to ``last_capturer``'s pile, or stayed on the table if nobody captured.
        """
        return cards_of(self._remainder)

    @property
    def states(self) -> tuple[Deal, ...]:
        """Every state of the deal from its first to this one, in order."""
        chain = []
        state: Deal | None = self
        while state is not None:
            chain.append(state)
            state = state.previous
        return tuple(reversed(chain))

    @property
    def log(self) -> tuple[Event, ...]:
        """Everything that happened from the start of the deal to this state."""
        return tuple(event for state in self.states for event in state.events)

    @property
    def plays(self) -> tuple[Play, ...]:
        """The plays made so far, in order (claims of V5 left out)."""
        return tuple(e.play for e in self.log if e.play is not None and e.kind is EventKind.PLAY)

    # -- playing ---------------------------------------------------------------------

    def legal_plays(self) -> list[Play]:
        """Every legal play for the seat to play (R11-R13); empty once over."""
        if self._to_play is None:
            return []
        return legal_plays_masks(self._hands[self._to_play], self._table, self.profile.must_capture)

    def verify_play(self, play: Play) -> None:
        """Raise ``IllegalPlay`` with the reason (a ``Refusal``) if ``play`` is not legal now (R17); played by
        penalties (V5), only if it cannot be made at all."""
        if self._to_play is None:
            raise IllegalPlay(Refusal("deal_over"))
        hand = self._hands[self._to_play]
        if self.profile.penalties:
            refusal = playable_refusal_masks(play, hand, self._table)
        else:
            refusal = refusal_masks(play, hand, self._table, self.profile.must_capture)
        if refusal is not None:
            raise IllegalPlay(refusal)

    def can_play(self, play: Play) -> bool:
        """Whether ``play`` is legal now."""
        try:
            self.verify_play(play)
        except IllegalPlay:
            return False
        return True

    def fault_of(self, play: Play) -> Fault:
        """What is wrong with a play that can be made (V5): "wrong" (its capture does not make 15), "missed" (laid
        down when a capture was there), or "" for a legal play."""
        assert self._to_play is not None
        hand = self._hands[self._to_play]
        if illegal_reason_masks(play, hand, self._table, self.profile.must_capture) is None:
            return ""
        return "wrong" if play.captured else "missed"

    def play(self, play: Play) -> Deal:
        """The state after ``play``; this state is left unchanged."""
        self.verify_play(play)
        seat = self._to_play
        assert seat is not None  # verify_play refused a finished deal
        fault = self.fault_of(play) if self.profile.penalties else ""
        side = self.side_of(seat)
        hands = list(self._hands)
        hands[seat] &= ~play.card.bit
        captured = play.captured_mask
        piles, escobas, last_capturer, wrong = self._piles, self._escobas, self._last_capturer, self._wrong
        escoba = False
        claim = 0
        if captured:  # R12
            table = self._table & ~captured
            piles = _add(piles, side, captured | play.card.bit)
            last_capturer = side
            escoba = not table and not fault  # R14; a wrong capture is never an escoba (V5)
            if fault:
                wrong = _add(wrong, side, 1)
        else:  # R13: a card that takes nothing stays on the table
            table = self._table | play.card.bit
            if fault and capture_masks(play.card, self._table):
                claim = play.card.bit  # V5: the next player may take it with what it could have taken
        event = Event(EventKind.PLAY, seat, side, play, cards_of(captured), int(escoba), fault)
        state = Deal(
            self.profile, self.players, self.deck, self, (event,), self._stock, table, tuple(hands),
            piles, escobas, (seat + 1) % self.players, last_capturer, 0, wrong, claim,
        )  # fmt: skip
        if escoba:
            state._escobas = _add(escobas, side, 1)
        if not any(hands):
            state = state._settle((event,), last_play_was_escoba=escoba)
        return state

    def claims(self) -> list[Play]:
        """The captures the seat to play may claim before playing (V5): the card the last player laid down
        although it could capture, with each group of table cards it makes 15 with."""
        if not self._claim or self._to_play is None:
            return []
        card = cards_of(self._claim)[0]
        return [play_of(card.index, group) for group in capture_masks(card, self._table & ~self._claim)]

    def claim(self, play: Play) -> Deal:
        """The state after the seat to play claims a missed capture (V5): the laid card and the cards it makes 15
        with go to that seat's side, which becomes the last capturer; it is never an escoba. The seat then plays."""
        if play not in self.claims():
            raise IllegalPlay(Refusal("not_a_missed_capture", play.card, tuple(sorted(play.captured))))
        assert self._to_play is not None
        seat = self._to_play
        side = self.side_of(seat)
        taken = play.captured_mask | play.card.bit
        event = Event(EventKind.CLAIM, seat, side, play, cards_of(play.captured_mask))
        return Deal(
            self.profile, self.players, self.deck, self, (event,), self._stock, self._table & ~taken, self._hands,
            _add(self._piles, side, taken), self._escobas, seat, side, 0, self._wrong, 0,
        )  # fmt: skip

    def score(self) -> list[DealScore]:
        """Every side's points for the finished deal (R18, V1), with the penalties of V5 if played by them."""
        if self._to_play is not None:
            raise ValueError("the deal is not over yet: it is scored at the end (R18)")
        return score_masks(self._piles, self._escobas, self.profile, self._wrong)

    # -- steps the rules take on their own ---------------------------------------------

    def _settle(self, events: tuple[Event, ...], last_play_was_escoba: bool) -> Deal:
        """All hands are empty: deal again from the stock (R10) or end the deal (R15)."""
        if self._stock:
            self.events = events
            return self._deal_hands(first=False)
        if last_play_was_escoba and not self.profile.escoba_on_last_play:
            side = events[-1].side
            assert side is not None
            self._escobas = _add(self._escobas, side, -1)
            events = (*events[:-1], Event(EventKind.PLAY, events[-1].seat, side, events[-1].play, events[-1].cards))
        left = self._table
        if self._last_capturer is not None:
            self._piles = _add(self._piles, self._last_capturer, left)
            self._table = 0
            events += (Event(EventKind.LAST_TAKE, side=self._last_capturer, cards=cards_of(left)),)
        else:
            events += (Event(EventKind.NO_TAKE, cards=cards_of(left)),)
        self.events = events
        self._remainder = left
        self._to_play = None
        return self

    def _deal_hands(self, first: bool) -> Deal:
        """Deal a card at a time to each seat from seat 0 (R8, R10); the first time, the table too."""
        count = min(self.profile.hand_size * self.players, len(self._stock))
        hands = [0] * self.players
        for i, card in enumerate(self._stock[:count]):
            hands[i % self.players] |= card.bit
        self._hands = tuple(hands)
        self._stock = self._stock[count:]
        self._to_play = 0
        if not first:
            self.events += (Event(EventKind.REDEAL),)
            return self
        self._table = mask_of(self._stock[: self.profile.table_size])
        self._stock = self._stock[self.profile.table_size :]
        self.events = (Event(EventKind.DEAL, cards=cards_of(self._table)),)
        total, rule = value_of(self._table), self.profile.first_table
        sweep = SWEEP_ESCOBAS.get(total, 0) if rule == "escobas" else 0
        if sweep or (rule == "take" and total == 15):
            # R9: the dealer's side takes the whole table; it counts as a capture (R15)
            side = self.side_of(self.dealer)
            self.events += (Event(EventKind.SWEEP, self.dealer, side, cards=cards_of(self._table), escobas=sweep),)
            self._piles = _add(self._piles, side, self._table)
            self._escobas = _add(self._escobas, side, sweep)
            self._last_capturer = side
            self._table = 0
        return self


def _add(values: tuple[int, ...], side: int, amount: int) -> tuple[int, ...]:
    """Values per side with ``amount`` added (or OR-ed, for bitmasks of disjoint cards) on one side."""
    return (*values[:side], values[side] + amount, *values[side + 1 :])


def _check_players(players: int, profile: RuleProfile) -> None:
    if players not in profile.players:
        allowed = either(profile.players)
        raise ValueError(f"{players} players: the {profile.name} rule set is for {allowed} players (R5, V3)")
