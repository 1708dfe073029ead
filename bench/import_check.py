"""How long the largest import keeps a core busy checking it, before any row is written:
``python bench/import_check.py``.

Builds two exports that just fit ``IMPORT_MB``: one of answers only, one of whole matches only
(each replayed through the engine to be checked), and prints their size, their count and the
seconds ``read_export`` takes on each. This is what a learner's import try costs a club's server
at most, which ``IMPORT_TRIES`` an hour bound.
"""

from __future__ import annotations

import dataclasses
import json
import time

from store import T0, export_of, whole_match

from trainer.progress.export_schema import read_export
from trainer.progress.model import GameSummary
from trainer.progress.transfer import IMPORT_BYTES, IMPORT_MB, parse_export
from trainer.records import record_of


def largest(data: dict, key: str, entry: object) -> str:
    """The export ``data`` with as many copies of ``entry`` under ``key`` as fit in ``IMPORT_BYTES``, as the page's
    Export writes it (indented)."""

    def size(count: int) -> int:
        return len(json.dumps({**data, key: [entry] * count}, ensure_ascii=False, indent=1).encode())

    one = size(2) - size(1)
    return json.dumps({**data, key: [entry] * ((IMPORT_BYTES - size(0)) // one)}, ensure_ascii=False, indent=1)


def checked(text: str) -> tuple[int, float]:
    start = time.perf_counter()
    imported = read_export(parse_export(text), str)
    return len(imported.attempts) + len(imported.games), time.perf_counter() - start


def main() -> None:
    data = export_of(1)
    answer = data["attempts"][0]
    match = whole_match(1)
    summary = GameSummary.of(match, T0, "greedy", 30, 4.5)
    game = {**dataclasses.asdict(summary), "played_at": T0.isoformat(), "record": record_of(match)}
    print(f"the largest import ({IMPORT_MB} MB), checked before any row is written")
    for label, key, entry in (("answers", "attempts", answer), ("matches", "games", game)):
        text = largest({**data, "attempts": [], "games": []}, key, entry)
        count, seconds = checked(text)
        print(f"{len(text.encode()) / 2**20:.1f} MB of {count:,} {label}: {seconds:.1f} s")


if __name__ == "__main__":
    main()
