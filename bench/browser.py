"""Click to idle in headless Chromium: ``python bench/browser.py [--repeat N]``.

Serves the app with a fresh data folder, opens it at 1280x900 and times each action ``--repeat`` times
(20 unless told), after one click not timed. A time runs from the click event in the page to the
animation frame that first showed the page's last change, once the app's script state is
``notRunning`` again and nothing has changed for 50 ms (that quiet window is not counted); see
``tests/browser_kit.py``. A click that reruns the app waits up to 30 s for the rerun to start, however
loaded the machine: a reading where it never started, or where the page did not change, is refused,
not counted, and the refusals are printed. Prints the median and the 95th percentile per action, then
the worst 95th percentile. A card tap is a card button (named like "7 of coins, worth 7"): choosing stays
in the browser, so it reruns nothing. A verdict, on Learn and on Puzzles, is timed from the same click
as its Check, to the first frame that shows it (at once, where the table was sent the verdict of every
pick). A play on Play is timed from the press of Play to the first computer reply shown moving at the
normal pace (the learner's own play is shown done at once); the cards are tapped first, not timed, and
a new match is started when the deal is over. A play that ends the deal has no reply: it is timed
apart, as "play ending a deal", to the deal's score and whole review drawn. First of all, a bare
rerun is timed on a page of a few lines served apart (``BARE_RERUN``): Streamlit's own floor on the
machine, which no click that reruns the app can beat.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_kit import CARD_NAME, PLAY_TABLE, app_server, chromium, click_and_settle, good_play, open_app, table_ready

from trainer.ai.arena import median_and_p95
from trainer.app.card_style import CardStyle

LEARN_NEXT = re.compile(r"^Next( level)?\b")
LEARN_TASK = "/learn?level=fifteen&stage=3"  # a pick on the table, checked with the table's own button
NARRATED = "/learn?level=whole-deal-end&stage=1"  # a played deal's opening step, before the learner's turn
NEXT_PUZZLE = re.compile(r"^Next puzzle")
PUZZLE = "/puzzles?puzzle=capture-l1-sota"  # a deep link always opens this one, whatever the bank serves next
#: Streamlit's own floor, served apart: a part of a page that its button reruns, holding a progress bar and a line,
#: as Learn's Next reruns its step. Nothing the app draws after a click can be faster than this on the machine.
BARE_RERUN = """
import streamlit as st


@st.fragment
def step():
    shown = st.session_state.setdefault("shown", 0)
    st.progress(shown % 10 / 10, text=f"Step {shown % 10 + 1} of 10")
    st.button("Next", on_click=lambda: st.session_state.update(shown=shown + 1))
    st.markdown(f"Step {shown} has a line of its own.")


st.title("A bare rerun")
step()
"""
RERUN_WAIT_MS = 30_000  # the longest a click waits for its rerun to start, on a loaded machine
#: From the next click to the first frame that shows a verdict in a message box of the page's tables (the card
#: table's, or the verdict box's): ``window.__verdict`` gives the ms, or null if none came within 30 s.
VERDICT = """() => {
  window.__verdict = new Promise(resolve => {
    let clicked = null;
    window.addEventListener("click", () => { clicked = performance.now(); }, {capture: true, once: true});
    const shown = () => [...document.querySelectorAll("[data-testid^='stBidiComponent']")].some(host => {
      const box = host.shadowRoot?.querySelector(".message");
      return box !== null && box !== undefined && !box.hidden && box.textContent.trim() !== "";
    });
    const frame = () => {
      const now = performance.now();
      if (clicked !== null && shown()) resolve(now - clicked);
      else if (clicked !== null && now - clicked > 30000) resolve(null);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}"""


def card(page: Any) -> Any:
    """The first card to tap in the page's content."""
    return page.locator("[data-testid='stMain']").get_by_role("button", name=CARD_NAME).first


def settle(page: Any, locator: Any, rerun: bool = True) -> tuple[float, str | None]:
    """Click and wait until the page is idle: the ms from the click to the page's last change, and why that
    reading is refused, if it is (a click meant to ``rerun`` the app saw no rerun start within 30 s, or nothing
    changed)."""
    result = click_and_settle(page, locator, grace_ms=RERUN_WAIT_MS if rerun else 1000)
    if rerun and not result["rerun"]:
        return result["ms"], "no rerun seen"
    return result["ms"], None if result["ms"] > 0 else "no change"


class Bench:
    """One browser page on the app, the times taken per action and the readings refused."""

    def __init__(self, page: Any, url: str) -> None:
        self.page, self.url = page, url
        self.times: dict[str, list[float]] = {}
        self.refused: Counter[str] = Counter()

    def time(self, name: str, locator: Any, timed: bool, rerun: bool = True) -> None:
        self.record(name, *settle(self.page, locator, rerun), timed)

    def record(self, name: str, ms: float, refused: str | None, timed: bool) -> None:
        if timed and refused:
            self.refused[f"{name}, {refused}"] += 1
        elif timed:
            self.times.setdefault(name, []).append(ms)

    def learn_next(self, timed: bool) -> None:
        """Next from a played deal's opening step to the learner's turn; back to the opening at a task (Next waits
        for it)."""
        forward = self.page.get_by_role("button", name=LEARN_NEXT)
        if not forward.count() or forward.is_disabled():
            open_app(self.page, f"{self.url}{NARRATED}")
        self.time("learn next", forward, timed)

    def bare_rerun(self, timed: bool) -> None:
        self.time("bare rerun (Streamlit)", self.page.get_by_role("button", name="Next"), timed)

    def card_tap(self, timed: bool) -> None:
        self.time("card tap", card(self.page), timed, rerun=False)

    def check(self, page_name: str, timed: bool) -> None:
        """Tap a card and press Check, timing it to the page settled and to its verdict shown."""
        settle(self.page, card(self.page), rerun=False)
        self.page.evaluate(VERDICT)
        self.time(f"{page_name} check", self.page.get_by_role("button", name="Check", exact=True), timed)
        shown = self.page.evaluate("window.__verdict")
        self.record(f"{page_name} verdict shown", shown or 0.0, None if shown else "no verdict", timed)

    def learn_check(self, timed: bool) -> None:
        """Check a pick on a course task; then the step opened afresh."""
        self.check("learn", timed)
        open_app(self.page, f"{self.url}{LEARN_TASK}")

    def puzzle(self, timed: bool) -> None:
        """Answer the capture puzzle open with any card, check it, ask for the next puzzle, then open it again."""
        self.check("puzzles", timed)
        self.time("puzzles next puzzle", self.page.get_by_role("button", name=NEXT_PUZZLE).last, timed)
        open_app(self.page, f"{self.url}{PUZZLE}")

    def play(self, timed: bool) -> None:
        """A good play of the learner's at the seat table, then Play; a new match once the deal is over."""
        if not self.page.locator(PLAY_TABLE).count() or table_ready(self.page)[0] != "turn":
            open_app(self.page, f"{self.url}/play")
            settle(self.page, self.page.get_by_role("button", name="Start the match"))
            table_ready(self.page)
        table = self.page.locator(PLAY_TABLE)
        for label in good_play(self.page, CardStyle()):
            table.get_by_role("button", name=label).click()
        ms, refused = settle(self.page, table.get_by_role("button", name="Play", exact=True))
        over = table_ready(self.page)[0] == "done"  # the deal's last play: its score, then its review, drawn
        self.record("play ending a deal" if over else "play and first reply", ms, refused, timed)

    def open_progress(self, timed: bool) -> None:
        """From Home to Progress through the pages in the header, then back to Home, not timed."""
        nav = self.page.locator("[data-testid='stTopNav']")
        self.time("open progress", nav.get_by_role("link", name="Progress"), timed)
        settle(self.page, nav.get_by_role("link", name="Home"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="times each action is timed, 2 or more (default 20)")
    repeat = parser.parse_args().repeat
    folder = Path(tempfile.mkdtemp(prefix="escoba-browser-"))
    (folder / "bare.py").write_text(BARE_RERUN, encoding="utf-8")
    with (
        app_server(folder) as url,
        app_server(folder, script=str(folder / "bare.py")) as bare_url,
        chromium() as browser,
    ):
        bench = Bench(browser.new_page(viewport={"width": 1280, "height": 900}), url)
        rounds: list[tuple[str, Callable[[bool], None]]] = [
            (bare_url, bench.bare_rerun),
            (NARRATED, bench.learn_next),
            (LEARN_TASK, bench.card_tap),
            (LEARN_TASK, bench.learn_check),
            (PUZZLE, bench.puzzle),
            ("/", bench.open_progress),
            ("/play", bench.play),
        ]
        for path, action in rounds:
            open_app(bench.page, path if path.startswith("http") else url + path)
            for attempt in range(repeat + 1):
                action(attempt > 0)
    for name, times in bench.times.items():
        median, p95 = median_and_p95(times)
        print(f"{name:<26}median {median:4.0f} ms  p95 {p95:4.0f} ms  (n={len(times)})")
    if bench.refused:
        print(f"refused: {'; '.join(f'{n} {reading}' for reading, n in bench.refused.items())}")
    print(f"click-to-idle p95 {max(median_and_p95(times)[1] for times in bench.times.values()):.0f} ms")


if __name__ == "__main__":
    main()
