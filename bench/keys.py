"""Key presses against clicks, in headless Chromium: ``python bench/keys.py``.

A learner does three things twice, once with the mouse and once with the keyboard alone, and every click and key
press is counted: a course task (a play on the board, checked, then Next), a puzzle (a sweep to choose, checked,
then the next puzzle) and a whole deal against the computer at two seats (Start the match, then each turn's cards
and Play). Each answer is a right one: the task's first accepted answer, the puzzle's first solution found by the
engine, and at the table the capture taking the most cards (``browser_kit.good_play``).

The keyboard learner starts on a course task or a puzzle with the link that skips to the board, goes with Tab or
Shift+Tab to the nearest control wanted, along a row of cards with the arrow keys, picks a card with Space, sends a
pick with Ctrl+Enter and presses a button with Enter (``browser_kit.Keys``).
Prints, for each, the clicks, the key presses and their ratio.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_kit import Keys, app_server, chromium, click_and_settle, good_play, open_app, table_ready

from trainer.app.card_style import CardStyle
from trainer.app.names import spoken_label
from trainer.cards import parse_cards
from trainer.course import load_levels
from trainer.puzzles import load_puzzles

ROOT = Path(__file__).resolve().parent.parent
TASK = ("fifteen", 5)  # a play from the hand onto two table cards
PUZZLE = "choose-l1-sweep"  # the play that sweeps the table


def named(text: str) -> re.Pattern[str]:
    """A control's name as said: exactly ``text``, or a card's spoken name with what a hint adds after it."""
    return re.compile(f"^{re.escape(text)}(,|$)")


def task_answer() -> list[str]:
    level = next(level for level in load_levels() if level.id == TASK[0])
    return [spoken_label(card, CardStyle()) for card in parse_cards(sorted(level.stages[TASK[1] - 1].accept)[0])]


def puzzle_answer() -> list[str]:
    puzzle = next(puzzle for puzzle in load_puzzles(ROOT / "puzzles") if puzzle.id == PUZZLE)
    return [spoken_label(card, CardStyle()) for card in parse_cards(puzzle.solutions()[0])]


class Mouse:
    """A learner with a mouse: clicks the controls named, and counts the clicks."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def click(self, name: re.Pattern[str], settle: bool = False) -> None:
        self.count += 1
        control = self.page.get_by_role("button", name=name).first
        click_and_settle(self.page, control) if settle else control.click()


def answer(by: Mouse | Keys, cards: list[str], confirm: str) -> None:
    """Pick the cards named, then send the pick: its button clicked, or Ctrl+Enter from the table."""
    if isinstance(by, Mouse):
        for card in cards:
            by.click(named(card))
        by.click(named(confirm), settle=True)
        return
    for card in cards:
        by.pick(card)
    by.press("Control+Enter", settle=True)


def onward(by: Mouse | Keys, button: re.Pattern[str]) -> None:
    """Press a button that runs the page's script, and wait until the page has settled."""
    if isinstance(by, Mouse):
        by.click(button, settle=True)
    else:
        by.tab_to(button)
        by.press("Enter", settle=True)


def course_task(by: Mouse | Keys, url: str) -> None:
    open_app(by.page, f"{url}/learn?level={TASK[0]}&stage={TASK[1]}")
    if isinstance(by, Keys):
        by.to_board()
    answer(by, task_answer(), "Play")
    onward(by, re.compile(r"^Next ▶$"))
    by.page.wait_for_url(re.compile(f"stage={TASK[1] + 1}"))


def puzzle(by: Mouse | Keys, url: str) -> None:
    open_app(by.page, f"{url}/puzzles?puzzle={PUZZLE}")
    if isinstance(by, Keys):
        by.to_board()
    answer(by, puzzle_answer(), "Check")
    onward(by, re.compile(r"^Next puzzle"))


def whole_deal(by: Mouse | Keys, url: str) -> None:
    open_app(by.page, f"{url}/play")
    onward(by, re.compile(r"^Start the match$"))
    state, seq = table_ready(by.page)
    while state == "turn":
        cards = good_play(by.page, CardStyle())
        answer(by, cards, "Play")
        state, seq = table_ready(by.page, seq)


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="escoba-keys-"))
    with app_server(folder) as url, chromium() as browser:
        for name, flow in (("course task", course_task), ("puzzle", puzzle), ("whole deal, 2 seats", whole_deal)):
            counts = []
            for learner in (Mouse, Keys):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                by = learner(page)
                flow(by, url)
                counts.append(by.count)
                page.close()
            clicks, keys = counts
            print(f"{name:<20} clicks {clicks:3d}  keys {keys:3d}  keys per click {keys / clicks:.1f}")


if __name__ == "__main__":
    main()
