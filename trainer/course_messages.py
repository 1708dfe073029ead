"""The course's words for the catalogues: a Babel extractor for the level files.

``babel.cfg`` names ``extract_levels`` for ``trainer/levels/*.yaml``, so one ``pybabel extract`` finds each level's
title and goal, which the app translates where it shows them, as it does any message.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from trainer.course import worded
from trainer.puzzles.yamlfile import parse_yaml

#: The keys of a level whose text the app shows translated.
WORDED = ("title", "goal")


def extract_levels(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor protocol: for each text of a level, its line, no function, the text as the course keeps
    it, and no comments."""
    root = parse_yaml(fileobj.read().decode("utf-8"), str(getattr(fileobj, "name", "level")))
    fields = root.value if root is not None and isinstance(root.value, dict) else {}
    for key in WORDED:
        if key in fields:
            yield fields[key].line, None, worded(fields[key]), []
