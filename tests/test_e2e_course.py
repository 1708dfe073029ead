"""End to end: every task of every level of the course done by tapping alone, in headless Chromium.

A test per level, so that the workers share them out: the level is opened at its first step and walked to its
end on one page. Cards are tapped on the card table (a play's card from the hand first), a choice is tapped, a
number is tapped on the keypad; nothing is typed. The answer is the stage's own first accepted one, and each task
must be right at once, so the level ends with three stars. ``test_app_learn`` walks the course with AppTest, and
checks each step's words; this test checks that a learner's taps reach the engine.
Skipped, saying why, where no Chromium is installed.
"""

import re
from pathlib import Path

import pytest
from browser_kit import CHROMIUM, SETTLE_MS, click_and_settle, open_app

from trainer.app.card_style import CardStyle
from trainer.app.names import spoken_label
from trainer.cards import parse_card
from trainer.course import choice_label, load_levels

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")
LEVELS = load_levels()
#: The keypad's keys for the signs of an answer that are not digits.
SIGNS = {"-": "Minus: below zero", "none": "none"}


@pytest.mark.parametrize("level", LEVELS, ids=[level.id for level in LEVELS])
def test_every_task_of_a_level_is_done_by_tapping(app, browser, level):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    open_app(page, app(f"/learn?level={level.id}&stage=1"))
    for number, stage in enumerate(level.stages, start=1):
        onward = page.get_by_role("button", name="Finish the level ▶" if number == len(level.stages) else "Next ▶")
        if stage.is_task:
            tap_answer(page, stage)
            playwright.expect(onward).to_be_enabled(timeout=SETTLE_MS)  # a task goes on only once answered rightly
        send(page, onward)
    page.locator("img[alt='3 of 3 stars'][height='44']").wait_for()
    page.close()


def tap_answer(page, stage) -> None:
    """Tap the stage's first accepted answer: its cards, its choice or its number's keys, then the button that
    sends it. A tap on a card, a choice or a key changes the page in the browser alone, at once, so only the button
    waits for the page to settle."""
    right = sorted(stage.accept)[0]
    if stage.task in ("pick", "play"):
        for token in right.split():  # a play's card from the hand comes first
            name = spoken_label(parse_card(token), CardStyle())
            page.get_by_role("button", name=re.compile(f"^{re.escape(name)}")).click()
        send(page, page.get_by_role("button", name="Play" if stage.task == "play" else "Check", exact=True))
        return
    if stage.choices:
        page.get_by_text(choice_label(right), exact=True).last.click()
    else:
        for key in [right] if right in SIGNS else right:
            page.get_by_role("button", name=SIGNS.get(key, key), exact=True).click()
    send(page, page.get_by_role("button", name="Check", exact=True))


def send(page, locator) -> None:
    """Tap a button that runs the page's script, then wait until the run is over and the page has settled."""
    click_and_settle(page, locator)
