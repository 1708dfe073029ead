"""A match: deals in turn until a side reaches the target (R7, R21, R22).

Seats of the match are fixed; in each deal the player after the dealer leads,
so deal seat ``i`` is match seat ``(dealer + 1 + i) % players``.

>>> from trainer import Match
>>> match = Match.new(players=2, seed=1)
>>> while not match.is_over:
...     match = match.next_deal() if match.current.is_over else match.play(match.current.legal_plays()[0])
>>> max(match.totals) >= 21 and match.totals[0] != match.totals[1]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from trainer.cards import DECK, Card
from trainer.deal import Deal
from trainer.plays import Play
from trainer.profile import CLASSIC, RuleProfile
from trainer.scoring import DealScore, most


@dataclass(frozen=True)
class FinishedDeal:
    """A deal of the match once it is over, with its scores by match side."""

    dealer: int
    deal: Deal
    scores: tuple[DealScore, ...]


@dataclass(frozen=True)
class Match:
    """A match state; ``play`` and ``next_deal`` return new states."""

    players: int
    seed: int
    first_dealer: int
    current: Deal
    dealer: int  # match seat of the current deal's dealer
    finished: tuple[FinishedDeal, ...] = ()
    profile: RuleProfile = CLASSIC

    @classmethod
    def new(
        cls,
        players: int = 2,
        seed: int | None = None,
        first_dealer: int | None = None,
        profile: RuleProfile = CLASSIC,
        deck: Sequence[Card] | None = None,
    ) -> Match:
        """Start a match: the first dealer is drawn at random unless given (R7)."""
        seed = random.SystemRandom().getrandbits(64) if seed is None else seed
        if first_dealer is None:
            first_dealer = draw_for_dealer(players, seed, profile)
        if not 0 <= first_dealer < players:
            raise ValueError(f"first dealer {first_dealer}: seats are 0 to {players - 1}")
        deal = Deal.from_deck(deck if deck is not None else _shuffled(seed, 0), players, profile)
        return cls(players, seed, first_dealer, deal, first_dealer, (), profile)

    @property
    def sides(self) -> int:
        """How many sides play (V3)."""
        return self.current.sides

    @property
    def totals(self) -> tuple[int, ...]:
        """Points of each match side (match seat % sides) after the finished deals."""
        return tuple(sum(done.scores[side].total for done in self.finished) for side in range(self.sides))

    @property
    def is_over(self) -> bool:
        """Over when, after a full deal, a side has won (R21, V4)."""
        return self.winner is not None

    @property
    def shut_out(self) -> int | None:
        """The match side that captured no card in a deal, losing the match at once (V1, ``turkish``), if any."""
        return next((side for done in self.finished for side, s in enumerate(done.scores) if s.shut_out), None)

    @property
    def winner(self) -> int | None:
        """The winning match side, once the match is over."""
        if not self.current.is_over:
            return None
        if (loser := self.shut_out) is not None:
            return 1 - loser
        return match_result(self.totals, self.profile.target)

    def seat_of(self, deal_seat: int) -> int:
        """The match seat sitting at ``deal_seat`` of the current deal."""
        return (self.dealer + 1 + deal_seat) % self.players

    def play(self, play: Play) -> Match:
        """Play in the current deal; a deal that ends is scored at once (R18)."""
        return self._after(self.current.play(play))

    def claim(self, play: Play) -> Match:
        """Claim a missed capture in the current deal (V5)."""
        return self._after(self.current.claim(play))

    def _after(self, deal: Deal) -> Match:
        finished = self.finished
        if deal.is_over:
            scores = deal.score()
            # Deal side s is the side of deal seat s, which is match seat dealer + 1 + s.
            first = (self.dealer + 1) % self.sides
            by_match_side = tuple(scores[(side - first) % self.sides] for side in range(self.sides))
            finished = (*finished, FinishedDeal(self.dealer, deal, by_match_side))
        return replace(self, current=deal, finished=finished)

    def next_deal(self, deck: Sequence[Card] | None = None) -> Match:
        """Gather, shuffle and deal again; the deal passes to the next seat (R7, R22)."""
        if not self.current.is_over:
            raise ValueError("the current deal is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        cards = deck if deck is not None else _shuffled(self.seed, len(self.finished))
        deal = Deal.from_deck(cards, self.players, self.profile)
        return replace(self, current=deal, dealer=(self.dealer + 1) % self.players)


def match_result(totals: Sequence[int], target: int) -> int | None:
    """The side that has won once a whole deal is scored, or None when another deal is needed (R21, V4): of the
    sides that reached the target, the one with the highest total, unless that total is shared.

    >>> match_result((23, 18), 21), match_result((19, 20), 21), match_result((22, 22), 21), match_result((21, 25), 21)
    (0, None, None, 1)
    >>> match_result((22, 25, 25), 21), match_result((22, 19, 25), 21)
    (None, 2)
    """
    side = most(totals)
    return side if side is not None and totals[side] >= target else None


def draw_for_dealer(players: int, seed: int, profile: RuleProfile = CLASSIC) -> int:
    """The first dealer (V4): drawn at random, or, with ``first_dealer = "high card"``, the seat that draws the
    highest card (those tied draw again)."""
    rng = random.Random(f"{seed}:dealer")
    if profile.first_dealer != "high card":
        return rng.randrange(players)
    seats = list(range(players))
    while len(seats) > 1:
        cards = rng.sample(DECK, len(seats))
        best = max(card.value for card in cards)
        seats = [seat for seat, card in zip(seats, cards, strict=True) if card.value == best]
    return seats[0]


def _shuffled(seed: int, deal_number: int) -> list[Card]:
    """The deck for one deal of a seeded match: reproducible, different each deal."""
    deck = list(DECK)
    random.Random(f"{seed}:{deal_number}").shuffle(deck)
    return deck
