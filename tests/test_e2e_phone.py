"""End to end on a phone, 390x844: a step or a puzzle is answered without scrolling.

A handful of representative steps and puzzles, in headless Chromium: every answer control (the cards to tap and
Check, or the choice, number or box and its Check) lies wholly inside the first screen. The figure for the whole
course and a sample of the bank is ``bench/phone.py``'s. Skipped, saying why, where no Chromium is installed.
"""

from pathlib import Path

import pytest
from browser_kit import ANSWER_CONTROLS, CHROMIUM, PHONE, off_screen, open_app
from test_e2e import shoot

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")
ANSWERED_ON_ONE_SCREEN = {
    "/learn?level=fifteen&stage=3": "a pick from the table",
    "/learn?level=must-take&stage=6": "a play, hand and table",
    "/learn?level=mistakes&stage=2": "yes or no about a board",
    "/learn?level=scoring&stage=2": "who took more, about both piles laid out by suit",
    "/learn?level=setenta&stage=5": "a number, about both piles",
    "/puzzles?puzzle=capture-l1-sota": "a capture",
    "/puzzles?puzzle=endgame-01": "an endgame, every hand in sight",
    "/puzzles?puzzle=gen-score-l2-s2026-004": "a deal's points, two numbers about two piles",
    "/puzzles?puzzle=duel-l1-four-sevens": "who wins the setenta, about two piles",
}


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(**PHONE)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", ANSWERED_ON_ONE_SCREEN, ids=ANSWERED_ON_ONE_SCREEN.get)
def test_a_step_or_puzzle_is_answered_on_the_first_screen_of_a_phone(app, phone, path):
    open_app(phone, app(path))
    phone.wait_for_function(f"({ANSWER_CONTROLS})().length > 0")  # the card table is drawn once its script has run
    assert phone.evaluate("document.querySelector(\"[data-testid='stMain']\").scrollTop") == 0
    outside = off_screen(phone)
    if outside:
        shoot(phone, "phone-" + path.strip("/").replace("?", "-").replace("&", "-").replace("=", "-"))
    assert not outside, f"{ANSWERED_ON_ONE_SCREEN[path]}: to scroll to {outside}"
