"""What a puzzle shows and how it is answered, as data the app draws the same way for every kind.

A kind describes its position (``Puzzle.scene``) as rows of cards (``Part``) or as a deal's board (``Board``), and its
answer (``Puzzle.answer_form``) as typed (``Typed``), picked on the cards (``Picked``), one choice among options
(``OneOf``) or whole numbers (``Numbers``). Words are ``Said``, for the app to say in the learner's language; a
message in ``Typed.prompt`` is one the app fills with the example, typed as the learner types cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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


@dataclass(frozen=True)
class Typed:
    """Answered by typing: ``prompt`` is a message with ``{example}``, filled with ``example`` (an answer as the
    engine writes it, its cards shown as the learner types them; none where the answer names no cards), and maybe
    ``{nothing}``, the word that claims nothing. ``outright`` is a button's words and the answer it gives at once."""

    prompt: str
    example: str = ""
    outright: tuple[Said, str] | None = None


@dataclass(frozen=True, kw_only=True)
class Picked(Typed):
    """Answered by picking cards on the board, or by typing them: ``tap`` says what to pick; ``played`` is the card,
    not picked, whose value the picked cards add up with (the card played in a capture, the laid card of a claim)."""

    tap: Said
    played: Card | None = None


@dataclass(frozen=True)
class OneOf:
    """Answered by one of ``options`` under ``question``; an option in ``named`` is said in those words, any other as
    an answer is (a word translated, a side's letter or a number as it is)."""

    question: Said
    options: tuple[str, ...]
    named: Mapping[str, Said] = field(default_factory=dict)


@dataclass(frozen=True)
class Numbers:
    """Answered by whole numbers from ``lowest`` to ``highest``, one per box: each box's name and label. The answer
    is the numbers in the boxes' order."""

    boxes: tuple[tuple[str, Said], ...]
    lowest: int = 0
    highest: int = 40


#: How a puzzle is answered.
AnswerForm: TypeAlias = Typed | OneOf | Numbers
#: What a puzzle shows: rows of cards, or a board.
Scene: TypeAlias = tuple[Part, ...] | Board
