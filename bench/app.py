"""Script time per interaction in the app: ``python bench/app.py [--lang es]``.

Drives the pages with Streamlit's AppTest (no browser) and times each rerun a
click causes: the page script plus AppTest's own bookkeeping, so real script
times are a little lower. Prints the median and the 95th percentile per kind
of interaction, measured in one run, after the kinds of puzzle "Next for me"
served: a kind with no hints (an endgame) adds no hint timing.

``--lang`` opens the app with ``?lang=CODE`` and presses each button by its
label in that language, so every language runs the same interactions.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import tempfile
import time
from collections import Counter, defaultdict
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from streamlit.testing.v1 import AppTest

from trainer.ai.arena import median_and_p95
from trainer.course import load_levels
from trainer.i18n import SOURCE, languages, translator
from trainer.puzzles.loader import bank_folder, load_puzzles

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


def timed(times: list[float], action) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    action()
    times.append(time.perf_counter() - start)


LONG_HISTORY = 100_000
PUZZLES = 40  # served by "Next for me", each answered once


def store_many_answers(folder: Path, learner: str, count: int) -> int:
    """Give the learner named ``learner`` ``count`` more answers, written straight into the file in one transaction
    (as a long history would be); returns how many answers there are."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows = [
        ("capture-l1-sota", "capture", 1, "making-15", "practice", "J♦", int(n % 3 > 0), 4.0, 0, 0,
         (start + timedelta(seconds=n)).isoformat(), 1500.0 + n % 200, 90.0)
        for n in range(count)
    ]  # fmt: skip
    with closing(sqlite3.connect(folder / "progress.sqlite3")) as conn, conn:
        (pid,) = conn.execute("SELECT id FROM profiles WHERE name = ?", (learner,)).fetchone()
        conn.executemany(
            "INSERT INTO attempts (profile_id, puzzle_id, kind, level, themes, mode, answer, correct, seconds, hints,"
            " skipped, at, rating_after, rd_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(pid, *row) for row in rows],
        )
        return int(conn.execute("SELECT COUNT(*) FROM attempts WHERE profile_id = ?", (pid,)).fetchone()[0])


def press(at: AppTest, *labels: str) -> None:
    """Click the first button labelled one of ``labels`` and let the page run; a page that fails stops the bench."""
    found = next((b for b in at.button if b.label in labels), None)
    if found is None:
        raise LookupError(f"no button labelled {' or '.join(map(repr, labels))} among {[b.label for b in at.button]}")
    found.click().run()
    if at.exception:
        raise RuntimeError(f"the page failed after {labels[0]!r}: {at.exception[0].message}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default=SOURCE, choices=languages(), help="the app's language (default: %(default)s)")
    language = parser.parse_args().lang
    t = translator(language)
    bank = {puzzle.id: puzzle for puzzle in load_puzzles(bank_folder())}  # the puzzles the page serves, by id
    os.environ["ESCOBA_TRAINER_DATA"] = tempfile.mkdtemp(prefix="escoba-bench-")  # a fresh learner
    times: dict[str, list[float]] = defaultdict(list)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = language
    at.run()  # the first run builds the course and the bank once per server: not an interaction
    for _ in range(5):
        timed(times["home: deal again"], lambda: press(at, t.text("Deal again")))
    at.switch_page("trainer/app/pages/learn.py")
    timed(times["learn: open page"], at.run)
    for level in load_levels():
        at.query_params.update(level=level.id, stage="1")
        at.run()
        for number, stage in enumerate(level.stages, start=1):
            if stage.is_task:
                typed = stage.task in ("pick", "play", "number")
                right = str(stage.goal.best()[0]) if stage.goal else sorted(stage.accept)[0]
                (at.text_input if typed else at.radio)(key="answer").set_value(right)
                check = t.text("Check what I typed") if stage.task in ("pick", "play") else t.text("Check")
                timed(times["learn: answer a task"], lambda c=check: press(at, c))
            forward = t.text("Next ▶") if number < len(level.stages) else t.text("Finish the level ▶")
            timed(times["learn: next step"], lambda f=forward: press(at, f))
    at.switch_page("trainer/app/pages/puzzles.py")
    timed(times["puzzles: first open"], at.run)  # creates the progress database
    kinds: Counter[str] = Counter()
    for _ in range(PUZZLES):
        timed(times["puzzles: next for me"], lambda: press(at, t.text("Next for me (near my rating)")))
        puzzle = bank[at.session_state["puzzle_id"]]
        kinds[puzzle.kind] += 1
        if puzzle.hints:  # none in an endgame, whose button says "No hints left"
            hint = t.plural("Hint ({n} left)", "Hint ({n} left)", len(puzzle.hints))
            timed(times["puzzles: hint"], lambda h=hint: press(at, h))
        if any(box.key == "ans_text" for box in at.text_input):
            at.text_input(key="ans_text").set_value("A♦")  # a card, a number: some answer each kind can read
        timed(times["puzzles: check answer"], lambda: press(at, t.text("Check"), t.text("Check what I typed")))
    at.switch_page("trainer/app/pages/progress.py")
    timed(times["progress: first open"], at.run)
    for _ in range(10):
        timed(times["progress: open page"], at.run)
    many = store_many_answers(Path(os.environ["ESCOBA_TRAINER_DATA"]), t.text("Player"), LONG_HISTORY)
    for _ in range(5):
        timed(times[f"progress, {many:,} answers"], at.run)
    print(f"puzzles served: {', '.join(f'{n} {k}' for k, n in kinds.most_common())}")
    print("script time per interaction (AppTest, one process), in ms")
    print(f"{'interaction':<24}{'runs':>6}{'median':>9}{'p95':>9}")
    for name, values in [*times.items(), ("all", [t for each in times.values() for t in each])]:
        median, p95 = median_and_p95(values)
        print(f"{name:<24}{len(values):>6}{1000 * median:>9.1f}{1000 * p95:>9.1f}")


if __name__ == "__main__":
    main()
