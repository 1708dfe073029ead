"""An arena's decks kept in a file as they are counted (``arena --keep FILE``), so that a run cut short, or one
asked for more decks, goes on from the deck after the last one kept, and its figures count every deck.

The file is JSON Lines: first the run (the two players, the table, the seed and a reference player's CPU time a
move), then one line a deck, in deck order, as ``trainer.ai.arena.Dealt`` holds it.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "decks.jsonl"
>>> kept = KeptDecks.begin(path, Run(a="expert", b="greedy", rules="classic", players=2, seed=1))
>>> kept.add(Dealt([1.0, -2.0], [1, -1], {"expert": [0.01]}, {"expert": [0.01]}))
>>> KeptDecks.read(path).dealt[0].margins
[1.0, -2.0]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from trainer.ai.arena import Dealt
from trainer.safefile import shorten

_DEALT = TypeAdapter(Dealt)
_Read = TypeVar("_Read")


class KeptDecksError(ValueError):
    """A kept file that cannot be read, or that was kept by another run."""


class Run(BaseModel):
    """What an arena's decks were played by: a kept file goes on only with the same."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    a: str
    b: str
    rules: str
    players: int
    seed: int
    cpu_ms: float | None = None  # a reference player's CPU time a move; None where neither is one


@dataclass
class KeptDecks:
    """A kept file: its run and the decks counted so far, each added to the file as it is counted."""

    path: Path
    run: Run
    dealt: list[Dealt] = field(default_factory=list)

    @classmethod
    def begin(cls, path: Path, run: Run) -> KeptDecks:
        """A new kept file for ``run``, refused where a file is already there."""
        with path.open("x", encoding="utf-8") as file:
            file.write(run.model_dump_json() + "\n")
        return cls(path, run)

    @classmethod
    def read(cls, path: Path) -> KeptDecks:
        """The run and the decks a file keeps; ``KeptDecksError`` names the file, the line and what is wrong."""
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lines:
            raise KeptDecksError(f"{path}, line 1: empty, where the run's line should be")
        run = _line(path, 1, lines[0], Run.model_validate_json)
        dealt = [_line(path, number, text, _strict_dealt) for number, text in enumerate(lines[1:], start=2)]
        for number, deck in enumerate(dealt[1:], start=3):
            if len(deck.margins) != len(dealt[0].margins):
                raise KeptDecksError(
                    f"{path}, line {number}: margins: {len(deck.margins)} sides, where line 2 has "
                    f"{len(dealt[0].margins)}"
                )
        return cls(path, run, dealt)

    def add(self, dealt: Dealt) -> None:
        """Keep one more deck: its line written and flushed before the next is played."""
        with self.path.open("a", encoding="utf-8") as file:
            file.write(json.dumps(_DEALT.dump_python(dealt)) + "\n")
        self.dealt.append(dealt)


def _strict_dealt(text: str) -> Dealt:
    """A deck's line, its numbers as numbers (no text taken for one)."""
    return _DEALT.validate_json(text, strict=True)


def _line(path: Path, number: int, text: str, read: Callable[[str], _Read]) -> _Read:
    """Line ``number`` of a kept file, read by ``read``; its first problem named."""
    try:
        return read(text)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(map(str, problem["loc"])) or "the line"
        raise KeptDecksError(
            f"{path}, line {number}: {where}: {problem['msg']}: {shorten(repr(problem.get('input')))}"
        ) from None
