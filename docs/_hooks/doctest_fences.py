"""A Griffe extension for the API reference: docstrings written for pytest and for people, shown as Markdown.

The package's docstrings hold doctests (``>>>`` lines and their output), run by pytest, and now and
then a reStructuredText simple table. Markdown would read a ``>>>`` line as a quotation, a printed
list as a link, and a table as one long paragraph. So, before the docstrings are rendered, each
example, from its first ``>>>`` line to the blank line that ends it, is put in a ``pycon`` code
block, and each simple table becomes a Markdown table. The source files are not changed.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_BORDER = re.compile(r"^\s*=+(?:\s+=+)+\s*$")


def fence_doctests(text: str) -> str:
    r"""Wrap every doctest example of a docstring in a ``pycon`` fenced code block.

    >>> fence_doctests("Adds up.\n\n>>> 1 + 1\n2\n\nThe end.").splitlines()
    ['Adds up.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'The end.']
    """
    out: list[str] = []
    indent: str | None = None  # the example's indent while inside one
    in_fence = False
    for line in text.split("\n"):
        stripped = line.lstrip()
        if indent is not None:
            if stripped:
                out.append(line)
                continue
            out.append(f"{indent}```")
            indent = None
        if stripped.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(f"{indent}```pycon")
        out.append(line)
    if indent is not None:
        out.append(f"{indent}```")
    return "\n".join(out)


def _table(lines: list[str]) -> list[str]:
    """One reStructuredText simple table (its border lines included) as a Markdown table."""
    spans = [(m.start(), m.end()) for m in re.finditer(r"=+", lines[0])]
    starts = [start for start, _ in spans] + [10**6]
    rows: list[list[str]] = []
    borders = 0
    header = 0
    for line in lines:
        if _BORDER.match(line):
            borders += 1
            if borders == 2:
                header = len(rows)
            continue
        cells = [line[starts[i] : starts[i + 1]].strip() for i in range(len(spans))]
        if rows and not cells[0]:  # a continuation line adds to the row above
            rows[-1] = [f"{old} {new}".strip() for old, new in zip(rows[-1], cells, strict=True)]
        else:
            rows.append(cells)
    if header != 1:  # no header row: Markdown needs one, so the first row serves
        header = 1
    out = []
    for number, row in enumerate(rows):
        out.append("| " + " | ".join(cell.replace("``", "`").replace("|", "\\|") for cell in row) + " |")
        if number + 1 == header:
            out.append("|" + " --- |" * len(row))
    return out


def tables_to_markdown(text: str) -> str:
    r"""Turn the reStructuredText simple tables of a docstring into Markdown tables.

    >>> print(tables_to_markdown("Kinds:\n\n=====  ======\nkind   means\n=====  ======\n``a``  one\n=====  ======\n"))
    Kinds:
    <BLANKLINE>
    | kind | means |
    | --- | --- |
    | `a` | one |
    <BLANKLINE>
    """
    out: list[str] = []
    table: list[str] | None = None
    for line in text.split("\n"):
        if table is not None:
            if line.strip():
                table.append(line)
                continue
            out.extend(_table(table))
            table = None
        if _BORDER.match(line):
            table = [line]
            continue
        out.append(line)
    if table is not None:
        out.extend(_table(table))
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Show every object's docstring as Markdown: doctests as code, simple tables as tables."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = tables_to_markdown(fence_doctests(obj.docstring.value))
