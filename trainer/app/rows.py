"""A board as data: rows of drawn cards, some of which a learner may pick.

``trainer.app.board`` builds these rows from the engine's states; they are drawn either as
plain HTML (a board to look at) or by the card-table component (a board to play on).
"""

from __future__ import annotations

from dataclasses import dataclass

#: How many cards of a row a learner may pick: one, several, or none (a row to look at).
PICKS = ("one", "many", None)


@dataclass(frozen=True)
class Face:
    """One card as drawn: its token (``str(card)``, or "" face down), its SVG and its spoken name."""

    token: str
    svg: str
    label: str
    mark: str | None = None  # a highlight: "played", "taken", "selected"


@dataclass(frozen=True)
class Row:
    """A titled row of cards; ``name`` keys what is picked in it ("hand", "table")."""

    title: str
    faces: tuple[Face, ...]
    name: str = ""
    pick: str | None = None
    empty: str = "no cards"  # said in place of the cards when there are none

    def __post_init__(self) -> None:
        if self.pick not in PICKS:
            raise ValueError(f"pick must be one of {PICKS}, not {self.pick!r}")
        if self.pick and not self.name:
            raise ValueError("a row the learner picks from needs a name")
