"""Cards, the deck and card notation (R1-R4).

A card is a small immutable value. Inside the engine a set of cards is an int
with one bit per card (``Card.bit``), which keeps capture search fast; the
public functions take and return ``Card`` values.

>>> parse_card("7d")
parse_card('7♦')
>>> str(parse_card("qh")), parse_card("1S").value
('Q♥', 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from trainer.text import Said, SaidError, said


class Suit(Enum):
    """The four suits (R2), in the engine's fixed order."""

    COINS = "♦"
    CUPS = "♥"
    CLUBS = "♣"
    SWORDS = "♠"

    @property
    def spanish(self) -> str:
        """The suit's name on a Spanish deck: oros, copas, bastos, espadas."""
        return _SPANISH_SUITS[self]

    @property
    def letter(self) -> str:
        """The ASCII letter accepted for the suit (R4): D, H, C or S."""
        return _SUIT_LETTERS[self]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SPANISH_SUITS = {Suit.COINS: "oros", Suit.CUPS: "copas", Suit.CLUBS: "bastos", Suit.SWORDS: "espadas"}
_SUIT_LETTERS = {Suit.COINS: "D", Suit.CUPS: "H", Suit.CLUBS: "C", Suit.SWORDS: "S"}
SUITS: tuple[Suit, ...] = tuple(Suit)

#: The ten ranks in order of capture value (R1, R3): A=1 ... 7=7, J=8, Q=9, K=10.
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
RANK_NAMES = {"A": "ace", "J": "sota", "Q": "caballo", "K": "rey"}


class CardError(SaidError):
    """A card written in a way the notation (R4) does not allow."""


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 40 cards: a rank from ``RANKS`` and a ``Suit``."""

    rank: str
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    bit: int = field(init=False, repr=False, compare=False)  # this card as a one-card bitmask

    def __post_init__(self) -> None:
        if self.rank not in RANKS or not isinstance(self.suit, Suit):
            raise CardError(said("no such card: rank {rank}, suit {suit}", rank=repr(self.rank), suit=repr(self.suit)))
        # Cards are ordered by value, then suit: bit i has capture value i // 4 + 1.
        object.__setattr__(self, "index", RANKS.index(self.rank) * 4 + SUITS.index(self.suit))
        object.__setattr__(self, "bit", 1 << self.index)

    @property
    def value(self) -> int:
        """Capture value (R3): A=1, 2-7 at face value, J=8, Q=9, K=10."""
        return self.index // 4 + 1

    def __str__(self) -> str:
        return self.rank + self.suit.value

    def __repr__(self) -> str:
        return f"parse_card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


#: The 40 cards in the engine's fixed order: A♦ A♥ A♣ A♠ 2♦ ... K♠.
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
VALUES: tuple[int, ...] = tuple(card.value for card in DECK)

_SUIT_BY_TEXT = {s.value: s for s in Suit} | {s.letter: s for s in Suit}
_RANK_BY_TEXT = {r: r for r in RANKS} | {"1": "A"}
_BY_TEXT = {
    (rank_text, suit_text): card
    for card in DECK
    for rank_text, rank in _RANK_BY_TEXT.items()
    if rank == card.rank
    for suit_text, suit in _SUIT_BY_TEXT.items()
    if suit is card.suit
}
_SEPARATORS = re.compile(r"[\s,]+")


def parse_card(text: str) -> Card:
    """Read one card: ``7♦``, ``7d``, ``1S``, ``qh`` (R4)."""
    token = text.strip()
    card = _BY_TEXT.get((token[:-1].upper(), token[-1:].upper())) if token else None
    if card is None:
        raise CardError(said("{token} is not a card: {reason}", token=repr(token), reason=_why_not_a_card(token)))
    return card


def _why_not_a_card(token: str) -> Said:
    """Say what is wrong with a token that is not a card, for a learner."""
    if not token:
        return said("it is empty")
    rank, suit = token[:-1].upper(), token[-1:].upper()
    if suit not in _SUIT_BY_TEXT:
        return said("a card ends with its suit: ♦ ♥ ♣ ♠ (or D H C S)")
    if rank in {"8", "9", "10"}:
        return said("the Spanish deck has no 8, 9 or 10 (R1)")
    return said("the rank must be one of A 2 3 4 5 6 7 J Q K (or 1 for the ace)")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``"A♦ 4c, 7d"``."""
    return tuple(parse_card(token) for token in _SEPARATORS.split(text.strip()) if token)


def cards_text(cards: Iterable[Card]) -> str:
    """Canonical text of cards in deck order: ``A♦ 4♣ 7♦``."""
    return " ".join(str(card) for card in sorted(cards))


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in deck order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def value_of(mask: int) -> int:
    """Sum of the capture values of the cards in a bitmask."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUES[low.bit_length() - 1]
        mask ^= low
    return total
