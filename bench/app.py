"""Script time per interaction in the app: ``python bench/app.py``.

Drives the pages with Streamlit's AppTest (no browser) and times each rerun a
click causes: the page script plus AppTest's own bookkeeping, so real script
times are a little lower. Prints the median and the 95th percentile per kind
of interaction, measured in one run.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import tempfile
import time
from collections import defaultdict
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from streamlit.testing.v1 import AppTest

from trainer.course import load_levels

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


def timed(times: list[float], action) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    action()
    times.append(time.perf_counter() - start)


LONG_HISTORY = 100_000


def store_many_answers(folder: Path, count: int) -> int:
    """Give the learner ``count`` more answers, written straight into the file in one transaction (as a long
    history would be); returns how many answers there are."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows = [
        ("capture-l1-sota", "capture", 1, "making-15", "practice", "J♦", int(n % 3 > 0), 4.0, 0, 0,
         (start + timedelta(seconds=n)).isoformat(), 1500.0 + n % 200, 90.0)
        for n in range(count)
    ]  # fmt: skip
    with closing(sqlite3.connect(folder / "progress.sqlite3")) as conn, conn:
        (pid,) = conn.execute("SELECT id FROM profiles WHERE name = 'Player'").fetchone()
        conn.executemany(
            "INSERT INTO attempts (profile_id, puzzle_id, kind, level, themes, mode, answer, correct, seconds, hints,"
            " skipped, at, rating_after, rd_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(pid, *row) for row in rows],
        )
        return int(conn.execute("SELECT COUNT(*) FROM attempts WHERE profile_id = ?", (pid,)).fetchone()[0])


def press(at: AppTest, label: str) -> None:
    """Click the button with this label and let the page run."""
    next(b for b in at.button if b.label == label).click().run()


def main() -> None:
    os.environ["ESCOBA_TRAINER_DATA"] = tempfile.mkdtemp(prefix="escoba-bench-")  # a fresh learner
    times: dict[str, list[float]] = defaultdict(list)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()  # the first run builds the course and the bank once per server: not an interaction
    for _ in range(5):
        timed(times["home: deal again"], lambda: next(b for b in at.button if b.label == "Deal again").click().run())
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
                check = "Check what I typed" if stage.task in ("pick", "play") else "Check"
                timed(
                    times["learn: answer a task"],
                    lambda c=check: next(b for b in at.button if b.label == c).click().run(),
                )
            forward = "Next ▶" if number < len(level.stages) else "Finish the level ▶"
            timed(times["learn: next step"], lambda f=forward: next(b for b in at.button if b.label == f).click().run())
    at.switch_page("trainer/app/pages/puzzles.py")
    timed(times["puzzles: first open"], at.run)  # creates the progress database
    for _ in range(40):
        timed(
            times["puzzles: next for me"],
            lambda: next(b for b in at.button if b.label.startswith("Next for me")).click().run(),
        )
        hint = next((b for b in at.button if b.label.startswith("Hint")), None)  # "No hints left" on some puzzles
        if hint is not None and not hint.disabled:
            timed(times["puzzles: hint"], lambda h=hint: h.click().run())
        if any(t.key == "ans_text" for t in at.text_input):
            at.text_input(key="ans_text").set_value("A♦")  # a card, a number: some answer each kind can read
        timed(
            times["puzzles: check answer"],
            lambda: next(b for b in at.button if b.label.startswith("Check")).click().run(),
        )
    at.switch_page("trainer/app/pages/progress.py")
    timed(times["progress: first open"], at.run)
    for _ in range(10):
        timed(times["progress: open page"], at.run)
    many = store_many_answers(Path(os.environ["ESCOBA_TRAINER_DATA"]), LONG_HISTORY)
    for _ in range(5):
        timed(times[f"progress, {many:,} answers"], at.run)
    print("script time per interaction (AppTest, one process), in ms")
    print(f"{'interaction':<24}{'runs':>6}{'median':>9}{'p95':>9}")
    every: list[float] = []
    for name, values in times.items():
        every += values
        p95 = statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]
        print(f"{name:<24}{len(values):>6}{1000 * statistics.median(values):>9.1f}{1000 * p95:>9.1f}")
    print(
        f"{'all':<24}{len(every):>6}{1000 * statistics.median(every):>9.1f}"
        f"{1000 * statistics.quantiles(every, n=20)[-1]:>9.1f}"
    )


if __name__ == "__main__":
    main()
