"""Loading puzzle files: a strict schema, every problem in one pass, each with its place."""

from __future__ import annotations

import difflib
import importlib.resources
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from trainer.cards import Card, CardError, mask_of, parse_card
from trainer.plays import Play, parse_play
from trainer.profile import PROFILES
from trainer.puzzles.catalog import THEMES, theme_problems
from trainer.puzzles.kinds import (
    ASKS,
    GOALS,
    KINDS,
    REFEREE_ASKS,
    AnswerError,
    Puzzle,
)
from trainer.puzzles.yamlfile import Marked, Problem, Refused, read_yaml
from trainer.records import CLAIM
from trainer.text import reaching_out


class PuzzleError(ValueError):
    """Puzzle files with problems; ``problems`` lists them all."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


class _Bad(Exception):
    """A field's value is wrong; ``offset`` points inside a one-line text."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset


# -- field readers: each takes the YAML value and returns the field's value, or raises _Bad --


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _Bad(f"expected some text, not {value!r}")
    if (at := reaching_out(value)) is not None:
        raise _Bad("a puzzle's text holds no link, image or HTML tag: it is shown to learners as Markdown", at)
    return value.strip()


def _id(value: Any) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"[a-z0-9][a-z0-9-]*", value):
        raise _Bad(f"expected lowercase letters, digits and '-', such as capture-07, not {value!r}")
    return value


def _level(value: Any) -> int:
    if isinstance(value, bool) or value not in range(1, 6):
        raise _Bad(f"expected a whole number from 1 (beginner) to 5 (expert), not {value!r}")
    return int(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"expected true or false, not {value!r}")
    return value


def _cards(value: Any) -> tuple[Card, ...]:
    if value is None:
        return ()
    if not isinstance(value, str):
        raise _Bad(f"expected cards written as text, such as 'A♦ 4♣ 7♦', not {value!r}")
    cards = []
    for token in re.finditer(r"[^\s,]+", value):
        try:
            cards.append(parse_card(token.group()))
        except CardError as error:
            raise _Bad(f"unknown card: {error}", token.start()) from None
    return tuple(cards)


def _one_card(value: Any) -> Card:
    cards = _cards(value)
    if len(cards) != 1:
        raise _Bad(f"expected exactly one card, not {value!r}")
    return cards[0]


def _hand(value: Any) -> tuple[Card, ...]:
    cards = _cards(value)
    if not 1 <= len(cards) <= 3:
        raise _Bad(f"expected 1 to 3 cards, not {len(cards)}")
    return cards


def _goal(value: Any) -> str:
    if isinstance(value, str) and value.startswith("take "):
        _one_card(value[5:])
        return value
    if value not in GOALS or value == "take":
        raise _Bad(f"expected one of escoba, most-cards, take <card>, coins, setenta, safe; not {value!r}")
    return str(value)


def _ask(value: Any) -> str:
    if value not in ("sum", "missing"):
        raise _Bad(f"expected 'sum' or 'missing', not {value!r}")
    return str(value)


def _escoba_count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 40:
        raise _Bad(f"expected a whole number of escobas, not {value!r}")
    return value


def _whole(low: int, high: int, what: str) -> Callable[[Any], int]:
    """A reader of a whole number from ``low`` to ``high``."""

    def read(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _Bad(f"expected {what}, a whole number from {low} to {high}, not {value!r}")
        return value

    return read


def _players(value: Any) -> int:
    if value not in (2, 3, 4, 6) or isinstance(value, bool):
        raise _Bad(f"expected 2, 3, 4 or 6 players, not {value!r}")
    return int(value)


def _rules(value: Any) -> str:
    if value not in PROFILES:
        raise _Bad(f"expected one of {', '.join(PROFILES)}; not {value!r}")
    return str(value)


def _play(value: Any) -> str:
    """One play of a deal's record, in canonical text: ``4♣ J♦``, or ``claim 5♦ K♣`` (V5)."""
    if not isinstance(value, str):
        raise _Bad(f"expected a play written as text, such as '4♣ J♦', not {value!r}")
    claimed = value.startswith(CLAIM)
    try:
        play = parse_play(value.removeprefix(CLAIM))
    except CardError as error:
        raise _Bad(f"cannot read the play: {error}", len(CLAIM) if claimed else 0) from None
    return (CLAIM if claimed else "") + str(play)


def _seats_ask(value: Any) -> str:
    if value not in ASKS:
        raise _Bad(f"expected one of {', '.join(ASKS)}; not {value!r}")
    return str(value)


def _referee_ask(value: Any) -> str:
    if value not in REFEREE_ASKS:
        raise _Bad(f"expected one of {', '.join(REFEREE_ASKS)}; not {value!r}")
    return str(value)


def _move(value: Any) -> Play:
    return parse_play(_play(value))


def _answer(value: Any) -> str:
    return _text(str(value) if isinstance(value, int) and not isinstance(value, bool) else value)


@dataclass(frozen=True)
class _Field:
    read: Callable[[Any], Any]
    required: bool = False
    #: "one" value, a non-empty "list", "one-or-list", a "pair" (list of two) or "sides" (two or three, V3)
    shape: str = "one"


COMMON = {
    "id": _Field(_id, True),
    "kind": _Field(_text, True),
    "level": _Field(_level, True),
    "rules": _Field(_rules),
    "themes": _Field(_text, True, "list"),
    "title": _Field(_text, True),
    "hint": _Field(_text, False, "one-or-list"),
    "explain": _Field(_text),
    "expect": _Field(_answer, False, "one-or-list"),
}
#: A position's record (``kinds.Dealt``): the deal's players and seed (or its deck), and the plays made in it.
RECORD = {
    "players": _Field(_players),
    "seed": _Field(_whole(0, 2**64 - 1, "a deal's seed")),
    "deck": _Field(_cards),
    "plays": _Field(_play, False, "list"),
}
PER_KIND = {
    "capture": {"table": _Field(_cards, True), "play": _Field(_one_card, True), "all": _Field(_flag)},
    "choose": {
        "table": _Field(_cards, True),
        "hand": _Field(_hand, True),
        "goal": _Field(_goal, True),
        "next_hand": _Field(_cards),
        "pile": _Field(_cards),
    },
    "setenta": {"pile": _Field(_cards, True)},
    "setenta-duel": {"piles": _Field(_cards, True, "pair")},
    "score": {
        "piles": _Field(_cards, True, "sides"),
        "escobas": _Field(_escoba_count, True, "sides"),
        "wrong_captures": _Field(_whole(0, 36, "a count of wrong captures"), False, "sides"),
        **RECORD,
    },
    "claim": {"laid": _Field(_one_card, True), "table": _Field(_cards, True)}
    | {key: _Field(spec.read, True, spec.shape) for key, spec in RECORD.items() if key != "deck"},
    "endgame": RECORD,
    "referee": {"ask": _Field(_referee_ask, True), "move": _Field(_move)} | RECORD,
    "checksum": {"table": _Field(_cards, True), "ask": _Field(_ask)},
    "seats": {
        "players": _Field(_players, True),
        "dealer": _Field(_whole(0, 5, "a seat"), True),
        "ask": _Field(_seats_ask, True),
        "seat": _Field(_whole(0, 5, "a seat")),
        "round": _Field(_whole(1, 6, "a round of hands")),
    },
    "match": {
        "totals": _Field(_whole(0, 99, "a total"), True, "pair"),
        "points": _Field(_whole(0, 40, "a deal's points"), True, "pair"),
        "target": _Field(_whole(1, 99, "a target")),
    },
}
POSITION_FIELDS = ("table", "play", "laid", "hand", "next_hand", "pile", "piles")


class _File:
    """Problems found in one file, each placed at a line and column."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems: list[Problem] = []

    def at(self, where: Marked, message: str, offset: int = 0, key: bool = False) -> None:
        line, column = (where.key_line, where.key_column) if key and where.key_line else (where.line, where.column)
        self.problems.append(Problem(self.name, line, column + offset + (where.quoted and offset > 0), message))

    def read(self, name: str, spec: _Field, marked: Marked) -> Any:
        """The field's value, or None after noting a problem."""
        items: list[Marked]
        if spec.shape == "one" or (spec.shape == "one-or-list" and not isinstance(marked.value, list)):
            items = [marked]
        elif not isinstance(marked.value, list) or not marked.value:
            self.at(
                marked,
                f"{name}: expected a list" + {"pair": " of two", "sides": " of two or three"}.get(spec.shape, ""),
            )
            return None
        elif spec.shape == "pair" and len(marked.value) != 2:
            self.at(marked, f"{name}: expected a list of two, one for side A and one for side B")
            return None
        elif spec.shape == "sides" and len(marked.value) not in (2, 3):
            self.at(marked, f"{name}: expected a list of two or three, one for each side (A, B and maybe C)")
            return None
        else:
            items = marked.value
        values = []
        for item in items:
            if isinstance(item.value, (list, dict)):
                self.at(item, f"{name}: expected a single value here, not a {type(item.value).__name__}")
                return None
            try:
                values.append(spec.read(item.value))
            except _Bad as bad:
                self.at(item, f"{name}: {bad}", bad.offset if isinstance(item.value, str) else 0)
                return None
        return values[0] if spec.shape == "one" or items[0] is marked else tuple(values)


def _build(marked: Marked, file: _File) -> Puzzle | None:
    """One puzzle from its YAML mapping, or None after noting every problem found."""
    if not isinstance(marked.value, dict):
        file.at(marked, "each puzzle is a mapping of fields (id: ..., kind: ..., ...)")
        return None
    fields: dict[str, Marked] = marked.value
    before = len(file.problems)
    kind = fields.get("kind")
    if kind is None or not isinstance(kind.value, str) or kind.value not in KINDS:
        known = ", ".join(KINDS)
        file.at(kind or marked, f"kind: expected one of {known}, not {kind.value if kind else 'nothing'!r}")
        return None
    schema = COMMON | PER_KIND[str(kind.value)]
    for key, value in fields.items():
        if key not in schema:
            close = difflib.get_close_matches(key, schema, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f"; a {kind.value} puzzle has: {', '.join(schema)}"
            file.at(value, f"unknown field '{key}'{hint}", key=True)
    worded = "title" not in fields and KINDS[kind.value].generated
    for key, spec in schema.items():
        if spec.required and key not in fields and not (worded and key == "title"):
            file.at(marked, f"missing field '{key}'")
    if worded and "hint" in fields:
        message = "a puzzle with no title is worded from its data, hints included: give it a title too, or no hint"
        file.at(fields["hint"], message, key=True)
    values = {key: file.read(key, schema[key], value) for key, value in fields.items() if key in schema}
    for key, value in fields.items():
        if key == "themes" and values.get(key):
            for item, theme in zip(value.value, values[key], strict=True):
                if theme not in THEMES:
                    close = difflib.get_close_matches(theme, THEMES, n=1)
                    file.at(item, f"unknown theme '{theme}'" + (f" (did you mean '{close[0]}'?)" if close else ""))
    if len(file.problems) > before:
        return None
    if not _position_ok(fields, values, file):
        return None
    puzzle = _make(str(kind.value), values, f"{file.name}:{marked.line}")
    for key, message in puzzle.author_problems() or puzzle.reach_problems():
        file.at(fields.get(key, marked), message)
    if len(file.problems) > before:  # a puzzle that cannot be posed has no themes to check either
        return None
    for message in theme_problems(puzzle):
        file.at(fields["themes"], message)
    if "expect" in values and len(file.problems) == before:
        _check_expect(puzzle, values["expect"], fields["expect"], file)
    return puzzle if len(file.problems) == before else None


def _position_ok(fields: dict[str, Marked], values: dict[str, Any], file: _File) -> bool:
    """At most 40 cards and no card twice in one puzzle's position."""
    placed = [(card, key) for key in POSITION_FIELDS for card in _cards_of_field(key, values.get(key))]
    if len(placed) > 40:
        file.at(fields[placed[-1][1]], f"{len(placed)} cards in one puzzle, but the deck has only 40")
        return False
    seen: dict[Card, str] = {}
    for card, key in placed:
        if card in seen:
            file.at(fields[key], f"{card} is already in {seen[card]}: a card can be in one place only")
        seen.setdefault(card, key)
    return len(seen) == len(placed)


def _cards_of_field(key: str, value: Any) -> list[Card]:
    if value is None:
        return []
    if key == "piles":
        return [card for pile in value for card in pile]
    return [value] if isinstance(value, Card) else list(value)


def _make(kind: str, values: dict[str, Any], source: str) -> Puzzle:
    """The puzzle from its fields; one of a generated kind with no title is worded from its data (``words``)."""
    hints = values.get("hint") or ()
    args = {key: value for key, value in values.items() if key not in ("kind", "hint", "expect")}
    args["themes"] = tuple(values["themes"])
    args["hints"] = (hints,) if isinstance(hints, str) else tuple(hints)
    if kind == "choose" and values["goal"].startswith("take "):
        args["goal"], args["target"] = "take", parse_card(values["goal"][5:])
    if kind == "match" and "target" not in args:
        args["target"] = PROFILES[values.get("rules", "classic")].target  # the rule set's usual target (V4)
    puzzle = KINDS[kind](source=source, **{"title": "", **args})
    if "title" in values:
        return puzzle
    title, worded_hints = puzzle.words()  # a generated puzzle: its file keeps only its data
    # Puzzle annotates its title and hints as str, which a hand-written puzzle's are; the app says a Said alike
    return replace(puzzle, title=title, hints=worded_hints)


def _check_expect(puzzle: Puzzle, expect: str | tuple[str, ...], where: Marked, file: _File) -> None:
    """An author's ``expect`` must be what the engine says: one accepted answer, or the list of all."""
    solutions = set(puzzle.solutions())
    said = [expect] if isinstance(expect, str) else list(expect)
    try:
        canonical = {puzzle.canonical(answer) for answer in said}
    except (AnswerError, CardError, ValueError) as error:
        file.at(where, f"expect: cannot read it as an answer: {error}")
        return
    wrong = sorted(canonical - solutions)
    if wrong:
        file.at(where, f"expect: the engine does not accept {wrong[0]!r}: {puzzle.why(wrong[0])}")
    elif isinstance(expect, tuple) and canonical != solutions:
        also = " | ".join(sorted(solutions - canonical))
        file.at(where, f"expect lists {len(canonical)} answers; the engine also accepts: {also}")


def bank_folder() -> Path:
    """The folder of the puzzle bank that ships with the trainer: ``puzzles`` in a checkout."""
    return Path(str(importlib.resources.files("trainer.bank")))


def puzzle_files(paths: Iterable[str | Path]) -> list[Path]:
    """The YAML files named, and those below the folders named, in a stable order."""
    found: list[Path] = []
    for path in map(Path, paths):
        found += sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")) if path.is_dir() else [path]
    return found


def check_paths(*paths: str | Path) -> tuple[list[Puzzle], list[Problem]]:
    """Every puzzle that loads, and every problem found, over all the files."""
    puzzles: list[Puzzle] = []
    problems: list[Problem] = []
    first_seen: dict[str, str] = {}
    pile_seen: dict[int, str] = {}  # a pile's bitmask -> the puzzle that shows it
    for path in puzzle_files(paths):
        file = _File(str(path))
        try:
            root = read_yaml(path)
        except Refused as refused:
            problems.append(refused.problem)
            continue
        if root is None or not isinstance(root.value, list):
            file.at(root or Marked(None, 1, 1), "a puzzle file is a list of puzzles, each starting with '- id: ...'")
        else:
            for item in root.value:
                id_field = item.value.get("id") if isinstance(item.value, dict) else None
                if id_field is not None and isinstance(id_field.value, str):
                    if id_field.value in first_seen:
                        file.at(id_field, f"id '{id_field.value}' is already used at {first_seen[id_field.value]}")
                    first_seen.setdefault(id_field.value, f"{path}:{id_field.line}")
                puzzle = _build(item, file)
                if puzzle is not None:
                    puzzles.append(puzzle)
                    _check_new_piles(puzzle, item, pile_seen, file)
        problems += sorted(file.problems, key=lambda p: (p.line, p.column))
    return puzzles, problems


def _check_new_piles(puzzle: Puzzle, item: Marked, seen: dict[int, str], file: _File) -> None:
    """A pile may be shown by one puzzle only: the same piles twice are the same puzzle."""
    keys = [key for key in map(mask_of, puzzle.piles_shown()) if key]
    first = next((seen[key] for key in keys if key in seen), None)
    if first is not None:
        field = item.value.get("pile") or item.value["piles"]
        file.at(field, f"puzzle '{puzzle.id}' shows the same pile as {first}: use another deal")
    for key in keys:
        seen.setdefault(key, f"puzzle '{puzzle.id}' ({puzzle.source})")


def load_puzzles(*paths: str | Path) -> list[Puzzle]:
    """The puzzles of these files and folders; raises ``PuzzleError`` listing every problem."""
    puzzles, problems = check_paths(*paths)
    if problems:
        raise PuzzleError(problems)
    return puzzles
