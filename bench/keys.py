"""Key presses against clicks, in headless Chromium: ``python bench/keys.py``.

A learner does three things with the keyboard alone, and every key press is counted against the clicks a mouse
would need for the same: a course task (a play on the board, checked, then Next), a puzzle (a sweep to choose, checked,
then the next puzzle) and a whole deal against the computer at two seats (Start the match, then each turn's cards
and Play). Each answer is a right one: the task's first accepted answer, the puzzle's first solution found by the
engine, and at the table the capture taking the most cards (``browser_kit.good_play``), over five deals. How the
learner goes about it is in ``tests/keys_kit.py``. Prints, for each, the clicks, the key presses and their ratio.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_kit import app_server, chromium
from keys_kit import FLOWS, Keys

DEALS = 5  # deals differ: a capture of several table cards takes more keys than laying a card down


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="escoba-keys-"))
    with app_server(folder) as url, chromium() as browser:
        for name, flow in FLOWS.items():
            for _ in range(DEALS if name.startswith("whole deal") else 1):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                by = Keys(page)
                flow(by, lambda path: url + path)
                page.close()
                print(
                    f"{name:<20} clicks {by.clicks:3d}  keys {by.count:3d}  keys per click {by.count / by.clicks:.2f}"
                )


if __name__ == "__main__":
    main()
