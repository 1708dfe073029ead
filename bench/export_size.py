"""Whether a profile of the most answers an import takes can be moved: ``python bench/export_size.py``.

Imports a profile of ``--answers`` answers (100,000 unless told: ``IMPORT_ROWS["attempts"]``) into a fresh file, or
into an empty PostgreSQL database with ``--db URL``, exports it, and prints the size of its export as JSON text (as
exports were before they were gzipped) and as the file the app offers (``export_file``) beside the import limit
(``IMPORT_MB``), with how long the export, the packing and the import of that file back took; the profile imported
back must export the same.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import tempfile
import time
from datetime import UTC, datetime, timedelta

from trainer.progress.export_schema import IMPORT_ROWS
from trainer.progress.model import Attempt
from trainer.progress.rows import attempt_data
from trainer.progress.stores import open_store
from trainer.progress.transfer import FORMAT, FORMAT_VERSION, IMPORT_BYTES, IMPORT_MB, export_file

T0 = datetime(2025, 3, 1, tzinfo=UTC)
MB = 2**20


def export_of(count: int) -> dict[str, object]:
    """An export of ``count`` answers, each told apart by its puzzle, answer and time."""
    answer = Attempt("p1", "capture", 2, ("sum", "escoba"), "drill", "7", True, 4.5, 0, False, T0, 1500.5, 80.25)
    answers = [
        attempt_data(
            dataclasses.replace(answer, puzzle_id=f"p{i % 400}", answer=f"7♦ takes {i}", at=T0 + timedelta(seconds=i)),
            list(answer.themes),
        )
        for i in range(count)
    ]
    place = {"level_id": "basics-3", "stage": 2}
    created = T0.isoformat()
    return {"format": FORMAT, "version": FORMAT_VERSION, "name": "Big", "created": created, "attempts": answers,
            "rating": None, "review_cards": [], "records": {}, "place": place}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--answers", type=int, default=IMPORT_ROWS["attempts"])
    parser.add_argument("--db", metavar="URL", help="an empty PostgreSQL database to use instead of a file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, open_store(args.db or folder) as store:
        start = time.perf_counter()
        store.import_profile(export_of(args.answers))
        built = time.perf_counter()
        data = store.export_profile("Big")
        exported = time.perf_counter()
        packed = export_file(data)
        packing = time.perf_counter()
        store.import_json(packed, name="Back")
        imported = time.perf_counter()
        assert store.export_profile("Back") == {**data, "name": "Back"}
    plain = len(json.dumps(data, ensure_ascii=False, indent=1).encode())
    fits = "fits" if len(packed) <= IMPORT_BYTES else "TOO LARGE"
    print(f"{args.answers:,} answers on {'PostgreSQL' if args.db else 'SQLite'} (made in {built - start:.1f} s)")
    print(f"  export as JSON text:   {plain / MB:6.1f} MB")
    print(f"  export file (gzipped): {len(packed) / MB:6.1f} MB; the limit, {IMPORT_MB} MB: {fits}")
    print(f"  export {exported - built:.1f} s, packing {packing - exported:.1f} s", end="")
    print(f", import of the file {imported - packing:.1f} s")


if __name__ == "__main__":
    main()
