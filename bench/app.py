"""Script time per interaction in the app: ``python bench/app.py``.

Drives the pages with Streamlit's AppTest (no browser) and times each rerun a
click causes: the page script plus AppTest's own bookkeeping, so real script
times are a little lower. Prints the median and the 95th percentile per kind
of interaction, measured in one run, after the kinds of puzzle "Next for me"
served: a kind with no hints (an endgame) adds no hint timing.
"""

from __future__ import annotations

import os
import re
import sqlite3
import tempfile
import time
from collections import Counter, defaultdict
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from trainer.ai.arena import median_and_p95
from trainer.course import load_levels

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


def timed(times: list[float], action) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    action()
    times.append(time.perf_counter() - start)


LONG_HISTORY = 100_000
PUZZLES = 40  # served by "Next for me", each answered once
KIND = re.compile(r"^Level \d+ ([\w-]+) puzzle")


def kind(at: AppTest) -> str:
    """The kind of the puzzle on the Puzzles page, from its caption."""
    return next(m[1] for c in at.caption if (m := KIND.match(c.value)))


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


def button(at: AppTest, start: str) -> Any | None:
    """The first button on the page whose label starts with ``start``, if there is one."""
    return next((b for b in at.button if b.label.startswith(start)), None)


def press(at: AppTest, start: str) -> None:
    """Click the button whose label starts with ``start`` and let the page run; a page that fails stops the bench."""
    found = button(at, start)
    if found is None:
        raise LookupError(f"no button starts with {start!r} among {[b.label for b in at.button]}")
    found.click().run()
    if at.exception:
        raise RuntimeError(f"the page failed after {start!r}: {at.exception[0].message}")


def main() -> None:
    os.environ["ESCOBA_TRAINER_DATA"] = tempfile.mkdtemp(prefix="escoba-bench-")  # a fresh learner
    times: dict[str, list[float]] = defaultdict(list)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()  # the first run builds the course and the bank once per server: not an interaction
    for _ in range(5):
        timed(times["home: deal again"], lambda: press(at, "Deal again"))
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
                timed(times["learn: answer a task"], lambda c=check: press(at, c))
            forward = "Next ▶" if number < len(level.stages) else "Finish the level ▶"
            timed(times["learn: next step"], lambda f=forward: press(at, f))
    at.switch_page("trainer/app/pages/puzzles.py")
    timed(times["puzzles: first open"], at.run)  # creates the progress database
    kinds: Counter[str] = Counter()
    for _ in range(PUZZLES):
        timed(times["puzzles: next for me"], lambda: press(at, "Next for me"))
        kinds[kind(at)] += 1
        hint = button(at, "Hint")  # "No hints left" where the puzzle has none, as an endgame
        if hint is not None and not hint.disabled:
            timed(times["puzzles: hint"], lambda: press(at, "Hint"))
        if any(t.key == "ans_text" for t in at.text_input):
            at.text_input(key="ans_text").set_value("A♦")  # a card, a number: some answer each kind can read
        timed(times["puzzles: check answer"], lambda: press(at, "Check"))
    at.switch_page("trainer/app/pages/progress.py")
    timed(times["progress: first open"], at.run)
    for _ in range(10):
        timed(times["progress: open page"], at.run)
    many = store_many_answers(Path(os.environ["ESCOBA_TRAINER_DATA"]), LONG_HISTORY)
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
