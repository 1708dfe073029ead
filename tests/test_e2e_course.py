"""End to end: every kind of task of the course done by tapping alone, in headless Chromium.

``test_app_learn`` walks every step of every level with AppTest, checks each step's words and that the engine
accepts each task's answer; this test checks that a learner's taps reach the engine, in a real browser, for each
kind of task the course holds once: each kind of answer (cards picked from the table or from every hand in sight,
a play, a choice of each kind, a number, with the keypad's none and minus keys), each task beside the piles, a
turn in a deal the learner plays, boards of each number of sides, and both tracks. The fewest levels that hold
them all (``walked``) are walked, each from its first step to its end on one page, a test per level. Cards are
tapped on the card table (a play's card from the hand first), a choice is tapped, a number is tapped on the
keypad; nothing is typed. The answer is the stage's own first accepted one, and each task must be right at once,
so the level ends with three stars. Skipped, saying why, where no Chromium is installed.
"""

import re
from pathlib import Path

import pytest
from browser_kit import CHROMIUM, SETTLE_MS, click_and_settle, open_app

from trainer.app.card_style import CardStyle
from trainer.app.names import spoken_label
from trainer.cards import parse_card
from trainer.course import Level, choice_label, load_levels

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")
LEVELS = load_levels()
#: The keypad's keys for the signs of an answer that are not digits.
SIGNS = {"-": "Minus: below zero", "none": "none"}


def kinds_of_task(level: Level) -> set[tuple[object, ...]]:
    """What a browser meets in a level's tasks: the level's track, and for each task its kind, where its cards are
    picked from, its choice, whether it sits beside the piles or is a turn in a deal played, its board's number of
    sides, and the keypad's signs its answer needs."""
    kinds: set[tuple[object, ...]] = {("track", level.track)}
    for stage in (stage for stage in level.stages if stage.is_task):
        right = sorted(stage.accept)[0]
        kinds |= {("task", stage.task), ("turn", stage.is_turn), ("piles", stage.task, bool(stage.piles))}
        kinds |= {("choice", stage.task)} if stage.choices else set()
        kinds |= {("pick from", stage.pick_from)} if stage.task == "pick" else set()
        kinds |= {("sides", stage.deal.sides)} if stage.deal is not None else set()
        kinds |= {("sign", sign) for sign in SIGNS if stage.task == "number" and right.startswith(sign)}
    return kinds


def walked(levels: list[Level]) -> list[Level]:
    """The fewest levels, near enough (each next one holds most of the kinds still missing), that hold every kind
    of task the course has."""
    missing, chosen = set().union(*(kinds_of_task(level) for level in levels)), []
    while missing:
        best = max(levels, key=lambda level: len(kinds_of_task(level) & missing))
        chosen.append(best)
        missing -= kinds_of_task(best)
    return chosen


WALKED = walked(LEVELS)


def test_the_levels_walked_hold_every_kind_of_task_of_every_level():
    held = set().union(*(kinds_of_task(level) for level in WALKED))
    assert all(kinds_of_task(level) <= held for level in LEVELS)
    assert {("task", kind) for kind in ("pick", "play", "number", "who")} <= held and len(WALKED) < len(LEVELS)


@pytest.mark.parametrize("level", WALKED, ids=[level.id for level in WALKED])
def test_every_task_of_a_level_is_done_by_tapping(app, browser, level):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    open_app(page, app(f"/learn?level={level.id}&stage=1"))
    for number, stage in enumerate(level.stages, start=1):
        onward = page.get_by_role(
            "button", name="Finish the level ▶" if number == len(level.stages) else "Next ▶"
        ).first
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
