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
from trainer.scoring import DealScore


@dataclass(frozen=True)
class FinishedDeal:
    """A deal of the match once it is over, with its scores by match side."""

    dealer: int
    deal: Deal
    scores: tuple[DealScore, DealScore]


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
            first_dealer = random.Random(f"{seed}:dealer").randrange(players)
        if not 0 <= first_dealer < players:
            raise ValueError(f"first dealer {first_dealer}: seats are 0 to {players - 1}")
        deal = Deal.from_deck(deck if deck is not None else _shuffled(seed, 0), players, profile)
        return cls(players, seed, first_dealer, deal, first_dealer, (), profile)

    @property
    def totals(self) -> tuple[int, int]:
        """Points of match sides 0 and 1 (match seats 0, 2 and 1, 3) after finished deals."""
        return (
            sum(done.scores[0].total for done in self.finished),
            sum(done.scores[1].total for done in self.finished),
        )

    @property
    def is_over(self) -> bool:
        """Over when, after a full deal, a side has the target and the totals differ (R21)."""
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning match side, once the match is over."""
        if not self.current.is_over:
            return None
        return match_result(self.totals, self.profile.target)

    def seat_of(self, deal_seat: int) -> int:
        """The match seat sitting at ``deal_seat`` of the current deal."""
        return (self.dealer + 1 + deal_seat) % self.players

    def play(self, play: Play) -> Match:
        """Play in the current deal; a deal that ends is scored at once (R18)."""
        deal = self.current.play(play)
        finished = self.finished
        if deal.is_over:
            scores = deal.score()
            # The deal's side 0 is the leader's, match side (dealer + 1) % 2.
            by_match_side = (scores[0], scores[1]) if (self.dealer + 1) % 2 == 0 else (scores[1], scores[0])
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


def match_result(totals: tuple[int, int], target: int) -> int | None:
    """The side that has won once a whole deal is scored, or None when another deal is needed (R21).

    >>> match_result((23, 18), 21), match_result((19, 20), 21), match_result((22, 22), 21), match_result((21, 25), 21)
    (0, None, None, 1)
    """
    a, b = totals
    if max(a, b) < target or a == b:
        return None
    return 0 if a > b else 1


def _shuffled(seed: int, deal_number: int) -> list[Card]:
    """The deck for one deal of a seeded match: reproducible, different each deal."""
    deck = list(DECK)
    random.Random(f"{seed}:{deal_number}").shuffle(deck)
    return deck
