"""The last play of a deal, in headless Chromium: ``python bench/last_play.py [--deals N]``.

Serves the app with a fresh data folder and plays ``--deals`` two-player deals against the expert (5 unless told)
at 1280x900, the learner tapping a good play each turn, the computer's replies at the fast pace. For the play that
ends each deal it times, from the press of Play: the deal's score drawn, the review's table of the learner's plays
drawn (once a row came only with its play weighed), the first play weighed, the review whole (the "Next deal" or
"Start a new match" button drawn), and the page idle (``tests/browser_kit.py``). Prints the median and the 95th
percentile of each.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_kit import PLAY_TABLE, app_server, chromium, click_and_settle, good_play, open_app, table_ready

from trainer.ai.arena import median_and_p95
from trainer.app.card_style import CardStyle

#: Notes, in ``window.__lastPlay``, the ms from the next click to each of the moments timed, as the page changes.
WATCH = """() => {
  const seen = {};
  window.__lastPlay = seen;
  let clicked = null;
  window.addEventListener("click", () => { clicked ??= performance.now(); }, {capture: true, once: true});
  const main = () => document.querySelector("[data-testid='stMain']");
  const note = (name, shown) => {
    if (clicked !== null && !(name in seen) && shown) seen[name] = performance.now() - clicked;
  };
  const look = () => {
    const page = main();
    if (!page) return;
    note("score", page.innerText.includes("Points won in each category"));
    const rows = [...page.querySelectorAll("table")].filter(t => t.innerText.includes("Best play"))
      .flatMap(t => [...t.querySelectorAll("tbody tr")]);
    note("plays listed", rows.length > 0);
    note("first play weighed", rows.some(row => row.cells[2]?.innerText.trim() !== "…"));
    const buttons = [...page.querySelectorAll("button")].map(b => b.innerText);
    note("whole review", buttons.some(b => b.startsWith("Next deal") || b.startsWith("Start a new match")));
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true});
}"""


def play_deal(page: Any) -> dict[str, float]:
    """Play the deal under way to its end; the moments of its last play."""
    table = page.locator(PLAY_TABLE)
    while True:
        labels = good_play(page, CardStyle())
        for label in labels:
            table.get_by_role("button", name=label).click()
        page.evaluate(WATCH)
        settled = click_and_settle(page, table.get_by_role("button", name="Play", exact=True), grace_ms=30_000)
        state = table_ready(page)[0]
        if state == "done":
            found: dict[str, float] = page.evaluate("() => window.__lastPlay")
            return found | {"page idle": settled["ms"]}
        skip = page.locator(f"{PLAY_TABLE}:not(.replay)").get_by_role("button", name="Skip to my turn")
        if skip.count():
            skip.click(force=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    deals = parser.parse_args().deals
    times: dict[str, list[float]] = {}
    with app_server(Path(tempfile.mkdtemp(prefix="escoba-last-play-"))) as url, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        open_app(page, f"{url}/play")
        for _ in range(deals):
            start = page.get_by_role("button", name="Start the match")
            if not start.count():
                start = page.get_by_role("button", name="Start a new match")
                if start.count():
                    click_and_settle(page, start)
                    start = page.get_by_role("button", name="Start the match")
                else:
                    start = page.get_by_role("button", name="Next deal ▶")
            click_and_settle(page, start)
            click_and_settle(page, page.get_by_role("button", name="Fast", exact=True))
            for name, ms in play_deal(page).items():
                times.setdefault(name, []).append(ms)
    for name in ("score", "plays listed", "first play weighed", "whole review", "page idle"):
        median, p95 = median_and_p95(times.get(name, [0.0]))
        print(f"{name:<20}median {median:5.0f} ms  p95 {p95:5.0f} ms  (n={len(times.get(name, []))})")


if __name__ == "__main__":
    main()
