"""Loading puzzle files: a strict schema, every problem in one pass, each with its place."""

from __future__ import annotations

import difflib
import importlib.resources
import os
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from trainer.cards import Card, CardError, mask_of
from trainer.profile import PROFILES
from trainer.puzzles import readers
from trainer.puzzles.catalog import THEMES, theme_problems
from trainer.puzzles.kinds import KINDS, AnswerError, Puzzle
from trainer.puzzles.readers import BadValue, Field
from trainer.puzzles.yamlfile import Marked, Problem, Refused, read_yaml


class PuzzleError(ValueError):
    """Puzzle files with problems; ``problems`` lists them all."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(map(str, problems)))
        self.problems = problems


COMMON = {
    "id": Field(readers.identifier, True),
    "kind": Field(readers.text, True),
    "level": Field(readers.level, True),
    "rules": Field(readers.one_of(PROFILES)),
    "themes": Field(readers.text, True, "list"),
    "title": Field(readers.text, True),
    "hint": Field(readers.text, False, "one-or-list"),
    "explain": Field(readers.text),
    "expect": Field(readers.answer, False, "one-or-list"),
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

    def read(self, name: str, spec: Field, marked: Marked) -> Any:
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
            except BadValue as bad:
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
    cls = KINDS[kind.value]
    schema = COMMON | cls.yaml_fields
    for key, value in fields.items():
        if key not in schema:
            close = difflib.get_close_matches(key, schema, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f"; a {kind.value} puzzle has: {', '.join(schema)}"
            file.at(value, f"unknown field '{key}'{hint}", key=True)
    worded = "title" not in fields and cls.generated
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
    puzzle = _make(cls, values, f"{file.name}:{marked.line}")
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


def _make(kind: type[Puzzle], values: dict[str, Any], source: str) -> Puzzle:
    """The puzzle from its fields; one of a generated kind with no title is worded from its data (``words``)."""
    hints = values.get("hint") or ()
    args = {key: value for key, value in values.items() if key not in ("kind", "hint", "expect")}
    args["themes"] = tuple(values["themes"])
    args["hints"] = (hints,) if isinstance(hints, str) else tuple(hints)
    puzzle = kind(source=source, **{"title": "", **kind.arguments(args)})
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


def puzzle_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[Problem]]:
    """The YAML files named, and those below the folders named, in a stable order; and a problem for each path
    that cannot be looked at and each folder that cannot be read, rather than passing over what is in them."""
    found: list[Path] = []
    problems: list[Problem] = []

    def refuse(error: OSError) -> None:
        problems.append(Problem(str(error.filename), 1, 1, f"cannot read the folder: {error.strerror or error}"))

    for path in map(Path, paths):
        try:
            is_folder = path.is_dir()
        except OSError as error:  # a name too long, or a folder on the way that cannot be entered
            problems.append(Problem(str(path), 1, 1, f"cannot read the path: {error.strerror or error}"))
            continue
        if not is_folder:
            found.append(path)
            continue
        below = (Path(folder, name) for folder, _, names in os.walk(path, onerror=refuse) for name in names)
        found += sorted(file for file in below if file.suffix in (".yaml", ".yml"))
    return found, problems


def check_paths(*paths: str | Path) -> tuple[list[Puzzle], list[Problem]]:
    """Every puzzle that loads, and every problem found, over all the files."""
    puzzles: list[Puzzle] = []
    first_seen: dict[str, str] = {}
    pile_seen: dict[int, str] = {}  # a pile's bitmask -> the puzzle that shows it
    files, problems = puzzle_files(paths)
    for path in files:
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
