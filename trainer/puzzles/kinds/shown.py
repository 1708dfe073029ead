"""What a puzzle shows, as data the app draws the same way for every kind.

A kind describes its position (``Puzzle.scene``) as rows of cards (``Part``) or as a deal's board (``Board``). Words
are ``Said``, for the app to say in the learner's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from trainer.cards import Card
from trainer.deal import Deal
from trainer.text import Said, said

#: What an empty row says unless its part says otherwise.
NO_CARDS = said("no cards")


@dataclass(frozen=True)
class Part:
    """One titled row of a position: its cards, and ``hidden`` cards face down after them.

    ``name`` keys what is picked in it ("table", "hand"), and ``pick`` says how many of its cards the learner picks
    while answering ("one", "many", or None to look at); ``empty`` is said in place of no cards (None: nothing is);
    with ``played``, its cards are the card just played, and are marked so.
    """

    title: Said
    cards: tuple[Card, ...] = ()
    name: str = ""
    pick: str | None = None
    empty: Said | None = NO_CARDS
    hidden: int = 0
    played: bool = False


@dataclass(frozen=True)
class Board:
    """A deal's position, drawn as the board is: seat ``me`` at the bottom, the hands of the seats ``face_up`` shown
    and the others face down, the ``asked`` cards marked; with ``pick`` the learner picks a card of the hand and
    cards of the table."""

    deal: Deal
    me: int
    face_up: tuple[int, ...]
    asked: tuple[Card, ...] = ()
    pick: bool = False


#: What a puzzle shows: rows of cards, or a board.
Scene: TypeAlias = tuple[Part, ...] | Board
