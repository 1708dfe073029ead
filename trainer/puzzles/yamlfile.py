"""Reading a YAML file defensively, keeping the line and column of every value.

Puzzle files come from people, so this refuses what a puzzle never needs and
what could hurt: files over ``MAX_BYTES``, bytes that are not UTF-8 text,
anchors and aliases (the "billion laughs" trick), deep nesting and repeated
keys. Values are plain Python data built from YAML's safe scalar types only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from trainer.safefile import FileRefused, read_bounded, shorten, terminal_safe, unprintable

MAX_BYTES = 512 * 1024
MAX_DEPTH = 16
MAX_MESSAGE = 300  # characters of a problem's message shown, and of its file's name
_QUOTED = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a file, where it is, and what to do."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        """The problem as one line a terminal shows as it is: no control characters, no endless quoted value."""
        message = _QUOTED.sub(lambda quoted: quoted[0][0] + shorten(quoted[0][1:-1]) + quoted[0][0], self.message)
        where = f"{shorten(self.file, MAX_MESSAGE)}:{self.line}:{self.column}"
        return terminal_safe(f"{where}: {shorten(message, MAX_MESSAGE)}")


@dataclass(frozen=True, slots=True)
class Marked:
    """A value read from YAML with its position (1-based line and column)."""

    value: Any  # str | int | float | bool | None | list[Marked] | dict[str, Marked]
    line: int
    column: int
    key_line: int = 0  # for a mapping value: where its key stands
    key_column: int = 0
    quoted: bool = False  # a scalar written in quotes: its text starts one column later


class Refused(Exception):
    """The file cannot be read as puzzle data; carries the ``Problem``."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _GuardedLoader(yaml.SafeLoader):
    """A safe loader that stops at anchors, aliases and deep nesting."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event: Any = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise yaml.MarkedYAMLError(
                problem="anchors and aliases (&name, *name) are not allowed in puzzle files: write values out",
                problem_mark=event.start_mark,
            )
        self.depth += 1
        if self.depth > MAX_DEPTH:
            too_deep = f"nested more than {MAX_DEPTH} levels deep"
            raise yaml.MarkedYAMLError(problem=too_deep, problem_mark=event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def read_yaml(path: Path) -> Marked | None:
    """The file's content as ``Marked`` values (None for an empty file); raises ``Refused``."""
    name = str(path)
    try:
        data = read_bounded(path, MAX_BYTES)
    except FileRefused as error:
        raise Refused(Problem(name, 1, 1, str(error))) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise Refused(Problem(name, line, column, "not UTF-8 text (is this a binary file?)")) from None
    return parse_yaml(text, name)


def parse_yaml(text: str, name: str) -> Marked | None:
    """Parse YAML text as ``read_yaml`` does."""
    try:
        loader = _GuardedLoader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = error.problem or "not valid YAML"
        raise Refused(Problem(name, line, column, f"{what} {error.context or ''}".strip())) from None
    except yaml.reader.ReaderError as error:  # characters YAML does not allow
        line = text[: error.position].count("\n") + 1
        column = error.position - (text.rfind("\n", 0, error.position) + 1) + 1
        bad = f"character #x{error.character:04x} is not allowed in YAML"
        raise Refused(Problem(name, line, column, bad)) from None
    return None if root is None else _marked(root, name)


_scalars = SafeConstructor()


def _marked(node: yaml.Node, name: str) -> Marked:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    if isinstance(node, yaml.SequenceNode):
        return Marked([_marked(item, name) for item in node.value], line, column)
    if isinstance(node, yaml.MappingNode):
        mapping: dict[str, Marked] = {}
        for key_node, value_node in node.value:
            key = _marked(key_node, name)
            if not isinstance(key.value, str):
                raise Refused(Problem(name, key.line, key.column, f"a key must be a name, not {key.value!r}"))
            if key.value in mapping:
                raise Refused(Problem(name, key.line, key.column, f"{key.value!r} is given twice"))
            value = _marked(value_node, name)
            mapping[key.value] = Marked(value.value, value.line, value.column, key.line, key.column, value.quoted)
        return Marked(mapping, line, column)
    try:
        value = _scalars.construct_object(node)
    except (yaml.YAMLError, ValueError, TypeError, KeyError, OverflowError) as error:
        why = f"not a valid {node.tag.rsplit(':', 1)[-1]}"
        if isinstance(error, yaml.MarkedYAMLError) and error.problem:
            why = error.problem
        elif isinstance(error, ValueError) and "digits" in str(error):
            why = "it is too long"
        message = f"cannot read the value {shorten(str(node.value))!r}: {why}"
        raise Refused(Problem(name, line, column, message)) from None
    if isinstance(value, str) and (bad := unprintable(value)):
        message = f"the text {shorten(value)!r} holds {bad}, a character that cannot be shown: remove it"
        raise Refused(Problem(name, line, column, message))
    return Marked(value, line, column, quoted=getattr(node, "style", None) in ("'", '"'))
