"""The course's words for the catalogues: Babel extractors for the level files and the puzzle files.

``babel.cfg`` names ``extract_levels`` for ``trainer/levels/*.yaml``, so one ``pybabel extract`` finds each level's
title, goal and the sentences of its stages, which the app translates where it shows them, as it does any message.
``extract_puzzles`` finds each hand-written puzzle's title, hints and explanation in ``puzzles/*.yaml``; a generated
puzzle keeps no words, only its position, and is worded where it is shown.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from trainer.course import worded
from trainer.puzzles.yamlfile import parse_yaml

#: The keys of a level, and of a stage, whose text the app shows translated.
WORDED = ("title", "goal")
STAGE_WORDED = ("say", "prompt")


def extract_levels(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor protocol: for each text of a level, its line, no function, the text as the course keeps
    it, and no comments."""
    root = parse_yaml(fileobj.read().decode("utf-8"), str(getattr(fileobj, "name", "level")))
    fields = root.value if root is not None and isinstance(root.value, dict) else {}
    texts = [fields[key] for key in WORDED if key in fields]
    stages = fields["stages"].value if "stages" in fields and isinstance(fields["stages"].value, list) else []
    texts += [stage.value[key] for stage in stages if isinstance(stage.value, dict) for key in STAGE_WORDED
              if key in stage.value]  # fmt: skip
    for text in texts:
        yield text.line, None, worded(text), []


#: The keys of a puzzle whose text the app shows translated; a hint may be one text or a list of them.
PUZZLE_WORDED = ("title", "hint", "explain")


def extract_puzzles(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor protocol for a puzzle file: each puzzle's title, hints and explanation, as the loader
    keeps them (stripped of the spaces around them)."""
    root = parse_yaml(fileobj.read().decode("utf-8"), str(getattr(fileobj, "name", "puzzles")))
    puzzles = root.value if root is not None and isinstance(root.value, list) else []
    for puzzle in puzzles:
        fields = puzzle.value if isinstance(puzzle.value, dict) else {}
        for key in PUZZLE_WORDED:
            value = fields.get(key)
            for text in value.value if value is not None and isinstance(value.value, list) else [value]:
                if text is not None and isinstance(text.value, str):
                    yield text.line, None, text.value.strip(), []
