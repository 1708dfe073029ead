"""Script time per interaction in the app: ``python bench/app.py [--lang es]``.

Drives the pages with Streamlit's AppTest (no browser) and times each rerun a
click causes: the page script plus AppTest's own bookkeeping, so real script
times are a little lower. Prints the median and the 95th percentile per kind
of interaction, measured in one run, after the kinds of puzzle "Next for me"
served: a kind with no hints (an endgame) adds no hint timing.

``--lang`` opens the app with ``?lang=CODE`` and presses each button by its
label in that language, so every language runs the same interactions.

Then the message layer's share of that time, per kind of interaction: the
time inside the translator's methods and the functions that name cards,
counting only the outermost call (``said`` saying its parameters, ``say``
naming cards, count once), against the target of 5% of a page's script time.
The timer's own cost, under a microsecond a call, is in both figures.
"""

from __future__ import annotations

import argparse
import functools
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import NamedTuple, ParamSpec, TypeVar

from streamlit.testing.v1 import AppTest

from trainer.ai.arena import median_and_p95
from trainer.app import names
from trainer.course import load_levels
from trainer.i18n import SOURCE, Translator, languages, translator
from trainer.puzzles.loader import bank_folder, load_puzzles

APP = str(Path(__file__).parent.parent / "streamlit_app.py")
LONG_HISTORY = 100_000
PUZZLES = 40  # served by "Next for me", each answered once
TARGET = 0.05  # the most of a page's script time the message layer may take
TRANSLATOR_METHODS = ("text", "text_in", "plural", "items", "decimal", "percent", "written", "said")
CARD_NAMING = ("say", "card_name", "cards_name", "spoken_label", "suit_name")
P = ParamSpec("P")
R = TypeVar("R")


class MessageClock:
    """Time spent in the functions ``wrap`` was given, counting only the outermost call of them. AppTest runs one
    script at a time, so one count of the calls under way is enough."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0
        self._under_way = 0

    def wrap(self, function: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(function)
        def timed_call(*args: P.args, **kwargs: P.kwargs) -> R:
            if self._under_way:
                return function(*args, **kwargs)
            self._under_way += 1
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - start
                self.calls += 1
                self._under_way -= 1

        return timed_call


def time_message_layer(clock: MessageClock) -> None:
    """Wrap the message layer's entry points in ``clock``, for this process: the translator's methods, and the
    functions naming cards in every module that holds them (``from trainer.app.names import say`` copies the name;
    a module imported later copies the wrapped one)."""
    for method in TRANSLATOR_METHODS:
        setattr(Translator, method, clock.wrap(getattr(Translator, method)))
    for function in CARD_NAMING:
        original = getattr(names, function)
        wrapped = clock.wrap(original)
        for name, module in list(sys.modules.items()):
            if name.startswith("trainer.") and getattr(module, function, None) is original:
                setattr(module, function, wrapped)


class Run(NamedTuple):
    """One interaction: its script time, the message layer's part of it, and how many outermost calls that was."""

    seconds: float
    message_seconds: float
    message_calls: int


class Timings:
    """The runs of each kind of interaction, timed with the message layer's part from ``clock``."""

    def __init__(self, clock: MessageClock) -> None:
        self.clock = clock
        self.runs: dict[str, list[Run]] = defaultdict(list)

    def __call__(self, interaction: str, action: Callable[[], object]) -> None:
        seconds, calls = self.clock.seconds, self.clock.calls
        start = time.perf_counter()
        action()
        elapsed = time.perf_counter() - start
        self.runs[interaction].append(Run(elapsed, self.clock.seconds - seconds, self.clock.calls - calls))

    def by_kind(self) -> list[tuple[str, list[Run]]]:
        """Each kind of interaction with its runs, then "all" with every run."""
        return [*self.runs.items(), ("all", [run for each in self.runs.values() for run in each])]


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
    clock = MessageClock()
    time_message_layer(clock)
    timed = Timings(clock)
    deal = t.text("Deal again")  # the labels, found before the clock runs
    next_for_me = t.text("Next for me (near my rating)")
    checks = (t.text("Check"), t.text("Check what I typed"))  # a puzzle answered on its cards has the second
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = language
    at.run()  # the first run builds the course and the bank once per server: not an interaction
    for _ in range(5):
        timed("home: deal again", functools.partial(press, at, deal))
    at.switch_page("trainer/app/views/learn.py")
    timed("learn: open page", at.run)
    for level in load_levels():
        at.query_params.update(level=level.id, stage="1")
        at.run()
        for number, stage in enumerate(level.stages, start=1):
            if stage.is_task:
                typed = stage.task in ("pick", "play", "number")
                right = str(stage.goal.best()[0]) if stage.goal else sorted(stage.accept)[0]
                (at.text_input if typed else at.radio)(key="answer").set_value(right)
                check = t.text("Check what I typed") if stage.task in ("pick", "play") else t.text("Check")
                timed("learn: answer a task", functools.partial(press, at, check))
            forward = t.text("Next ▶") if number < len(level.stages) else t.text("Finish the level ▶")
            timed("learn: next step", functools.partial(press, at, forward))
    at.switch_page("trainer/app/views/puzzles.py")
    timed("puzzles: first open", at.run)  # creates the progress database
    kinds: Counter[str] = Counter()
    for _ in range(PUZZLES):
        timed("puzzles: next for me", functools.partial(press, at, next_for_me))
        puzzle = bank[at.session_state["puzzle_id"]]
        kinds[puzzle.kind] += 1
        if puzzle.hints:  # none in an endgame, whose button says "No hints left"
            hint = t.plural("Hint ({n} left)", "Hint ({n} left)", len(puzzle.hints))
            timed("puzzles: hint", functools.partial(press, at, hint))
        if any(box.key == "ans_text" for box in at.text_input):
            at.text_input(key="ans_text").set_value("A♦")  # a card, a number: some answer each kind can read
        timed("puzzles: check answer", functools.partial(press, at, *checks))
    at.switch_page("trainer/app/views/progress.py")
    timed("progress: first open", at.run)
    for _ in range(10):
        timed("progress: open page", at.run)
    many = store_many_answers(Path(os.environ["ESCOBA_TRAINER_DATA"]), t.text("Player"), LONG_HISTORY)
    for _ in range(5):
        timed(f"progress, {many:,} answers", at.run)
    print(f"puzzles served: {', '.join(f'{n} {k}' for k, n in kinds.most_common())}")
    print("script time per interaction (AppTest, one process), in ms")
    print(f"{'interaction':<24}{'runs':>6}{'median':>9}{'p95':>9}")
    for name, runs in timed.by_kind():
        median, p95 = median_and_p95([run.seconds for run in runs])
        print(f"{name:<24}{len(runs):>6}{1000 * median:>9.1f}{1000 * p95:>9.1f}")
    report_message_layer(timed, languages()[language])


def report_message_layer(timed: Timings, language: str) -> None:
    """The message layer's time per kind of interaction, its share of script time, and the verdict on the target."""
    print(f"message layer in {language}: median ms and outermost calls per run, share of script time")
    print(f"{'interaction':<24}{'runs':>6}{'ms':>9}{'calls':>7}{'median':>9}{'of total':>10}")
    of_total = {}
    for name, runs in timed.by_kind():
        of_total[name] = sum(run.message_seconds for run in runs) / sum(run.seconds for run in runs)
        ms = 1000 * statistics.median(run.message_seconds for run in runs)
        calls = statistics.median(run.message_calls for run in runs)
        share = statistics.median(run.message_seconds / run.seconds for run in runs)
        print(f"{name:<24}{len(runs):>6}{ms:>9.1f}{calls:>7.0f}{share:>9.1%}{of_total[name]:>10.1%}")
    overall = of_total.pop("all")
    worst = max(of_total, key=of_total.__getitem__)
    within = "within" if of_total[worst] <= TARGET else "over"
    print(
        f"verdict: {within} the {TARGET:.0%} target: the message layer takes {overall:.1%} of all script time,"
        f" at most {of_total[worst]:.1%} ({worst})"
    )


if __name__ == "__main__":
    main()
