"""Readers of a puzzle file's fields, for the loader's fields every puzzle has and each kind's own
(``Puzzle.yaml_fields``): a reader takes the YAML value and returns the field's value, or raises ``BadValue``."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from trainer.cards import Card, CardError, parse_card
from trainer.ids import id_of
from trainer.plays import parse_play
from trainer.records import CLAIM
from trainer.text import reaching_out


class BadValue(Exception):
    """A field's value is wrong; ``offset`` points inside a one-line text."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Field:
    """How a field is read, and whether a puzzle must have it."""

    read: Callable[[Any], Any]
    required: bool = False
    #: "one" value, a non-empty "list", "one-or-list", a "pair" (list of two) or "sides" (two or three, V3)
    shape: str = "one"


def text(value: Any) -> str:
    """Some text, with no link, image or HTML tag."""
    if not isinstance(value, str) or not value.strip():
        raise BadValue(f"expected some text, not {value!r}")
    if (at := reaching_out(value)) is not None:
        raise BadValue("a puzzle's text holds no link, image or HTML tag: it is shown to learners as Markdown", at)
    return value.strip()


def identifier(value: Any) -> str:
    """A puzzle's id: lowercase letters, digits and '-', and an id the store keeps."""
    if not isinstance(value, str) or not re.fullmatch(r"[a-z0-9][a-z0-9-]*", value):
        raise BadValue(f"expected lowercase letters, digits and '-', such as capture-07, not {value!r}")
    try:
        return id_of(value)
    except ValueError as error:
        raise BadValue(str(error)) from None


def level(value: Any) -> int:
    """A puzzle's level, 1 to 5."""
    if isinstance(value, bool) or value not in range(1, 6):
        raise BadValue(f"expected a whole number from 1 (beginner) to 5 (expert), not {value!r}")
    return int(value)


def flag(value: Any) -> bool:
    """True or false."""
    if not isinstance(value, bool):
        raise BadValue(f"expected true or false, not {value!r}")
    return value


def cards(value: Any) -> tuple[Card, ...]:
    """Cards written as text, none if the value is empty."""
    if value is None:
        return ()
    if not isinstance(value, str):
        raise BadValue(f"expected cards written as text, such as 'A♦ 4♣ 7♦', not {value!r}")
    found = []
    for token in re.finditer(r"[^\s,]+", value):
        try:
            found.append(parse_card(token.group()))
        except CardError as error:
            raise BadValue(f"unknown card: {error}", token.start()) from None
    return tuple(found)


def one_card(value: Any) -> Card:
    """Exactly one card."""
    found = cards(value)
    if len(found) != 1:
        raise BadValue(f"expected exactly one card, not {value!r}")
    return found[0]


def whole(low: int, high: int, what: str) -> Callable[[Any], int]:
    """A reader of a whole number from ``low`` to ``high``."""

    def read(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BadValue(f"expected {what}, a whole number from {low} to {high}, not {value!r}")
        return value

    return read


def one_of(names: Collection[str]) -> Callable[[Any], str]:
    """A reader of one of ``names``."""

    def read(value: Any) -> str:
        if value not in names:
            raise BadValue(f"expected one of {', '.join(names)}; not {value!r}")
        return str(value)

    return read


def players(value: Any) -> int:
    """How many play at the table: 2, 3, 4 or 6."""
    if value not in (2, 3, 4, 6) or isinstance(value, bool):
        raise BadValue(f"expected 2, 3, 4 or 6 players, not {value!r}")
    return int(value)


def play(value: Any) -> str:
    """One play of a deal's record, in canonical text: ``4♣ J♦``, or ``claim 5♦ K♣`` (V5)."""
    if not isinstance(value, str):
        raise BadValue(f"expected a play written as text, such as '4♣ J♦', not {value!r}")
    claimed = value.startswith(CLAIM)
    try:
        read = parse_play(value.removeprefix(CLAIM))
    except CardError as error:
        raise BadValue(f"cannot read the play: {error}", len(CLAIM) if claimed else 0) from None
    return (CLAIM if claimed else "") + str(read)


def answer(value: Any) -> str:
    """An answer as an author expects it: some text, or a whole number."""
    return text(str(value) if isinstance(value, int) and not isinstance(value, bool) else value)
