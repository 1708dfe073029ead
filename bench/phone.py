"""Answer without scrolling on a phone: ``python bench/phone.py [--per-kind N]``.

Serves the app with a fresh data folder and opens, at 390x844 (a phone, touch, two device pixels a CSS pixel),
every task step of every course level (``/learn?level=ID&stage=N``: a step where the learner answers, not one
that only tells) and a fixed sample of puzzles (``/puzzles?puzzle=ID``): of each kind, ``--per-kind`` puzzles (4
unless told) spread evenly over the kind's puzzles sorted by id, so every run opens the same ones. A step or
puzzle passes when all its answer controls lie wholly inside the first viewport, nothing scrolled: the card
table's cards to tap and its Check or Play button, or else the choice, number or box to type in and its Check
button (``tests/browser_kit.py``, ``ANSWER_CONTROLS``). Typing the cards instead, folded away under a card
table, is a second way to answer and is not counted.

Prints the count passing out of the total, by course and puzzles, the median bottom edge of the lowest answer
control (the viewport is 844 px high), then every address that fails with how far its lowest control reaches.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_kit import PHONE, answer_controls, app_server, chromium, off_screen, open_app

from trainer.course import load_levels
from trainer.puzzles import KINDS, load_puzzles
from trainer.puzzles.loader import bank_folder


def steps() -> list[str]:
    """The address of every task step of the course."""
    return [
        f"/learn?level={level.id}&stage={number}"
        for level in load_levels()
        for number, stage in enumerate(level.stages, start=1)
        if stage.is_task
    ]


def puzzles(per_kind: int) -> list[str]:
    """The address of ``per_kind`` puzzles of each kind, spread evenly over its puzzles sorted by id."""
    bank = sorted(load_puzzles(bank_folder()), key=lambda puzzle: puzzle.id)
    chosen = []
    for kind in KINDS:
        ids = [puzzle.id for puzzle in bank if puzzle.kind == kind]
        picks = sorted({round(n * (len(ids) - 1) / max(per_kind - 1, 1)) for n in range(min(per_kind, len(ids)))})
        chosen += [f"/puzzles?puzzle={ids[n]}" for n in picks]
    return chosen


def measure(page: Any, url: str) -> tuple[float, list[dict[str, Any]]]:
    """Open ``url``: the bottom edge of its lowest answer control, and the controls outside the first viewport."""
    open_app(page, url)
    found = answer_controls(page)
    return max((box["bottom"] for box in found), default=0.0), off_screen(page)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=4, help="puzzles opened of each kind (default 4)")
    per_kind = parser.parse_args().per_kind
    groups = {"course steps": steps(), "puzzles": puzzles(per_kind)}
    failed: list[str] = []
    passed = total = 0
    with app_server(Path(tempfile.mkdtemp(prefix="escoba-phone-"))) as url, chromium() as browser:
        context = browser.new_context(**PHONE)
        page = context.new_page()
        for name, paths in groups.items():
            bottoms, fine = [], 0
            for path in paths:
                bottom, outside = measure(page, url + path)
                bottoms.append(bottom)
                if outside:
                    labels = ", ".join(sorted({box["label"] for box in outside}))
                    failed.append(f"{path}  lowest control ends at {bottom:.0f} px ({len(outside)} out: {labels})")
                else:
                    fine += 1
            passed, total = passed + fine, total + len(paths)
            print(f"{name:<13} {fine:3d} of {len(paths):3d} answer without scrolling; "
                  f"median lowest control ends at {statistics.median(bottoms):.0f} px")  # fmt: skip
    print(f"{'all':<13} {passed:3d} of {total:3d} ({100 * passed / total:.0f}%) at 390x844")
    if failed:
        print("to scroll:", *failed, sep="\n  ")


if __name__ == "__main__":
    main()
