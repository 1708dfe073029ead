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

_SEPARATORS = re.compile(r"[\s,]+")
_COURT_NUMBERS = {"10": "J", "11": "Q", "12": "K"}  # as a Spanish deck prints the sota, caballo and rey


@dataclass(frozen=True, slots=True)
class Notation:
    """How a learner types cards: ``letters`` are the suits' letters in the order of ``SUITS`` (♦ ♥ ♣ ♠), and with
    ``numbers`` the sota, caballo and rey may also be typed 10, 11 and 12, as a Spanish deck prints them; ``numbered``
    writes them so. The suit symbols, J Q K, and 1 for the ace are read in every notation.

    >>> SPANISH_NOTATION.read("12c"), SPANISH_NOTATION.write(parse_card("K♥")), R4.write(parse_card("K♥"))
    (parse_card('K♥'), '12c', 'kh')
    >>> R4.read("12c")
    Traceback (most recent call last):
    ...
    trainer.cards.CardError: '12c' is not a card: the rank must be one of A 2 3 4 5 6 7 J Q K (or 1 for the ace)
    """

    letters: str = "DHCS"
    numbers: bool = False
    numbered: bool = False
    _cards: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.letters)) != len(SUITS) or not self.letters.isalpha() or not self.letters.isupper():
            raise ValueError(f"a notation needs four different capital letters for the suits, not {self.letters!r}")
        suits = {suit.value: suit for suit in SUITS} | dict(zip(self.letters, SUITS, strict=True))
        ranks = {rank: rank for rank in RANKS} | {"1": "A"} | (_COURT_NUMBERS if self.numbers else {})
        cards = {
            rank_text + suit_text: DECK[RANKS.index(rank) * 4 + SUITS.index(suit)]
            for rank_text, rank in ranks.items()
            for suit_text, suit in suits.items()
        }
        object.__setattr__(self, "_cards", cards)

    def read(self, text: str) -> Card:
        """One card as typed: ``7♦``, ``7d``, ``1S``, ``qh``; in a Spanish notation ``7o``, ``12b``."""
        token = text.strip()
        card = self._cards.get(token.upper())
        if card is None:
            raise CardError(said("{token} is not a card: {reason}", token=repr(token), reason=self._why_not(token)))
        return card

    def read_all(self, text: str) -> tuple[Card, ...]:
        """Cards separated by spaces or commas: ``"A♦ 4c, 7d"``."""
        return tuple(self.read(token) for token in _SEPARATORS.split(text.strip()) if token)

    def write(self, card: Card) -> str:
        """A card the way a learner types it in this notation: ``7d``, ``qh``; ``7o``, ``12b``."""
        numbers = {rank: number for number, rank in _COURT_NUMBERS.items()} if self.numbered else {}
        return numbers.get(card.rank, card.rank).lower() + self.letter(card.suit)

    def letter(self, suit: Suit) -> str:
        """The letter a learner types for ``suit``: ``d`` for ♦ in the rules' notation, ``o`` (oros) in Spanish."""
        return self.letters[SUITS.index(suit)].lower()

    @property
    def suits(self) -> str:
        """The suits' letters as a learner reads them: ``D H C S``."""
        return " ".join(self.letters)

    def _why_not(self, token: str) -> Said:
        """What is wrong with a token that is not a card, and what this notation reads instead."""
        if not token:
            return said("it is empty")
        rank, suit = token[:-1].upper(), token[-1:].upper()
        if suit not in self.letters and suit not in {s.value for s in SUITS}:
            return said("a card ends with its suit: ♦ ♥ ♣ ♠ (or {letters})", letters=self.suits)
        if self.numbers and rank in {"8", "9"}:
            return said("the Spanish deck has no 8 or 9 (R1); 10, 11 and 12 are the sota, caballo and rey")
        if self.numbers:
            return said(
                "the rank must be one of A 2 3 4 5 6 7 J Q K, or 1 for the ace and 10 11 12 for the court cards"
            )
        if rank in {"8", "9", "10"}:
            return said("the Spanish deck has no 8, 9 or 10 (R1)")
        return said("the rank must be one of A 2 3 4 5 6 7 J Q K (or 1 for the ace)")


#: The notation of the rules (R4), which game records and puzzle files are written in: ``7♦`` or ``7d``.
R4 = Notation()
#: Typing for Spanish faces: the suits' Spanish initials, oros, copas, bastos, espadas, and the printed numbers.
SPANISH_NOTATION = Notation("OCBE", numbers=True, numbered=True)


def parse_card(text: str, notation: Notation = R4) -> Card:
    """Read one card: ``7♦``, ``7d``, ``1S``, ``qh`` (R4), or as ``notation`` writes it."""
    return notation.read(text)


def parse_cards(text: str, notation: Notation = R4) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``"A♦ 4c, 7d"``."""
    return notation.read_all(text)


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


#: Per capture value (1 to 10), the bitmask of the four cards of that value.
VALUE_MASKS = {value: mask_of(card for card in DECK if card.value == value) for value in range(1, 11)}
#: Every card of the deck, as a bitmask.
WHOLE_DECK = (1 << len(DECK)) - 1
