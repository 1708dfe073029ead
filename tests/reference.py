"""A slow, naive re-reading of RULES.md, used only to check the engine.

Nothing here comes from ``trainer`` except the card type itself: values, prices,
capture search, scoring and the course of a deal are all written out again
from the rule book, as plainly as possible (lists, loops, every subset).

>>> from trainer import parse_card, parse_cards
>>> sorted(len(group) for group in captures(parse_card("3♥"), parse_cards("A♦ 4♣ 7♦ Q♠")))
[3]
>>> setenta(parse_cards("7♦ 6♥ A♣ 5♠"))
70
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from trainer import Card

RefPlay = tuple[Card, frozenset[Card]]

SUITS = ("♦", "♥", "♣", "♠")  # R2; ♦ is coins (oros)
COINS = "♦"
VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}  # R3
PRICES = {"A": 16, "2": 12, "3": 13, "4": 14, "5": 15, "6": 18, "7": 21, "J": 10, "Q": 10, "K": 10}  # R19
HAND_SIZE = 3  # R8, R10
TABLE_SIZE = 4  # R8
TARGET_SUM = 15  # R12
SWEEP_ESCOBAS = {15: 1, 30: 2}  # R9


def suit(card: Card) -> str:
    """The suit symbol, read off the written card (R4)."""
    return str(card)[-1]


def value(card: Card) -> int:
    """Capture value (R3)."""
    return VALUES[card.rank]


def total(cards: Iterable[Card]) -> int:
    """Sum of capture values."""
    return sum(value(card) for card in cards)


# -- a turn (R11-R13) ------------------------------------------------------------------


def captures(played: Card, table: Sequence[Card]) -> set[frozenset[Card]]:
    """Every non-empty group of table cards making 15 with ``played`` (R12)."""
    groups = set()
    for size in range(1, len(table) + 1):
        for group in combinations(table, size):
            if value(played) + total(group) == TARGET_SUM:
                groups.add(frozenset(group))
    return groups


def legal_plays(hand: Sequence[Card], table: Sequence[Card]) -> set[RefPlay]:
    """Any hand card (R11, R13); it captures one group if it can (R12, R13), else is laid down."""
    plays: set[RefPlay] = set()
    for card in hand:
        groups = captures(card, table)
        if groups:
            for group in groups:
                plays.add((card, group))
        else:
            plays.add((card, frozenset()))
    return plays


def is_legal(card: Card, taken: Iterable[Card], hand: Sequence[Card], table: Sequence[Card]) -> bool:
    """Whether playing ``card`` and taking ``taken`` is allowed (R11-R13)."""
    return (card, frozenset(taken)) in legal_plays(hand, table)


# -- scoring (R18, R19) ----------------------------------------------------------------


def setenta(pile: Iterable[Card]) -> int | None:
    """Best price in each suit, added; None when a suit is missing (R19)."""
    pile = list(pile)
    result = 0
    for s in SUITS:
        prices = [PRICES[card.rank] for card in pile if suit(card) == s]
        if not prices:
            return None
        result += max(prices)
    return result


def more(a: int, b: int) -> int | None:
    """The side with the larger count; None on a tie (R18)."""
    if a > b:
        return 0
    if b > a:
        return 1
    return None


def better_setenta(a: int | None, b: int | None) -> int | None:
    """The side with the better setenta: valid beats invalid, higher beats lower (R19)."""
    if a is None and b is None:
        return None
    if a is None:
        return 1
    if b is None:
        return 0
    return more(a, b)


def score_deal(piles: Sequence[Iterable[Card]], escobas: Sequence[int]) -> list[dict[str, int]]:
    """Points per category for sides 0 and 1 (R18)."""
    pile0, pile1 = list(piles[0]), list(piles[1])
    coins0 = len([c for c in pile0 if suit(c) == COINS])
    coins1 = len([c for c in pile1 if suit(c) == COINS])
    seven0 = any(c.rank == "7" and suit(c) == COINS for c in pile0)
    seven1 = any(c.rank == "7" and suit(c) == COINS for c in pile1)
    winners = {
        "cards": more(len(pile0), len(pile1)),
        "coins": more(coins0, coins1),
        "seven_of_coins": 0 if seven0 else 1 if seven1 else None,
        "setenta": better_setenta(setenta(pile0), setenta(pile1)),
    }
    scores = []
    for side in (0, 1):
        points = {"escobas": escobas[side]}
        for category, winner in winners.items():
            points[category] = 1 if winner == side else 0
        points["total"] = sum(points.values())
        scores.append(points)
    return scores


# -- a whole deal (R8-R10, R14, R15) ---------------------------------------------------


@dataclass
class RefDeal:
    """The state of a deal in plain lists; seats 0..n-1, side = seat % 2 (R5, R6)."""

    players: int
    stock: list[Card]
    table: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    piles: list[list[Card]] = field(default_factory=lambda: [[], []])
    escobas: list[int] = field(default_factory=lambda: [0, 0])
    to_play: int | None = 0
    last_capturer: int | None = None
    remainder: list[Card] = field(default_factory=list)

    @property
    def dealer(self) -> int:
        """Seat 0 leads, so the dealer sits last (R7)."""
        return self.players - 1

    def deal_hands(self) -> None:
        """Three cards each, one at a time, seat 0 first, from the front of the stock (R8, R10)."""
        self.hands = [[] for _ in range(self.players)]
        for _ in range(HAND_SIZE):
            for seat in range(self.players):
                self.hands[seat].append(self.stock.pop(0))

    def legal_plays(self) -> set[RefPlay]:
        """The legal plays of the seat to play; none once the deal is over."""
        if self.to_play is None:
            return set()
        return legal_plays(self.hands[self.to_play], self.table)

    def play(self, card: Card, taken: Iterable[Card]) -> None:
        """Play one card (R11), capturing ``taken`` (R12) or laying it down (R13)."""
        assert self.to_play is not None, "the deal is over"
        taken = list(taken)
        seat = self.to_play
        side = seat % 2
        assert is_legal(card, taken, self.hands[seat], self.table)
        self.hands[seat].remove(card)
        if taken:
            for c in taken:
                self.table.remove(c)
            self.piles[side] += [*taken, card]
            self.last_capturer = side
            if not self.table:  # R14, the last play of the deal included
                self.escobas[side] += 1
        else:
            self.table.append(card)
        self.to_play = (seat + 1) % self.players
        if all(not hand for hand in self.hands):
            if self.stock:  # R10
                self.deal_hands()
            else:  # R15
                self.remainder = list(self.table)
                if self.last_capturer is not None:
                    self.piles[self.last_capturer] += self.table
                    self.table = []
                self.to_play = None

    def score(self) -> list[dict[str, int]]:
        """The deal's points (R18)."""
        return score_deal(self.piles, self.escobas)


def new_deal(deck: Sequence[Card], players: int) -> RefDeal:
    """Deal hands then the table from the front of ``deck``, and apply the initial sweep (R8, R9)."""
    state = RefDeal(players=players, stock=list(deck))
    state.deal_hands()
    state.table = state.stock[:TABLE_SIZE]
    state.stock = state.stock[TABLE_SIZE:]
    sweep = SWEEP_ESCOBAS.get(total(state.table), 0)
    if sweep:
        side = state.dealer % 2
        state.piles[side] += state.table
        state.escobas[side] += sweep
        state.last_capturer = side
        state.table = []
    return state
