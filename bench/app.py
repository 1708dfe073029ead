"""Script time per interaction in the app: ``python bench/app.py``.

Drives the pages with Streamlit's AppTest (no browser) and times each rerun a
click causes: the page script plus AppTest's own bookkeeping, so real script
times are a little lower. Prints the median and the 95th percentile per kind
of interaction, measured in one run.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from streamlit.testing.v1 import AppTest

from trainer.course import load_levels

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


def timed(times: list[float], action) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    action()
    times.append(time.perf_counter() - start)


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
        hint = next(b for b in at.button if b.label.startswith("Hint"))
        if not hint.disabled:
            timed(times["puzzles: hint"], lambda h=hint: h.click().run())
        if any(t.key == "ans_text" for t in at.text_input):
            at.text_input(key="ans_text").set_value("A♦")  # a card, a number: some answer each kind can read
        timed(
            times["puzzles: check answer"],
            lambda: next(b for b in at.button if b.label.startswith("Check")).click().run(),
        )
    at.switch_page("trainer/app/pages/progress.py")
    timed(times["progress: first open"], at.run)  # loads the chart library once per server
    for _ in range(10):
        timed(times["progress: open page"], at.run)
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
