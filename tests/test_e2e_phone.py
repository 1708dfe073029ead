"""End to end on a phone, 390x844: a step or a puzzle is answered without scrolling, and every page is reached
through the menu of pages in the header, the sidebar shut.

A handful of representative steps and puzzles, in headless Chromium: every answer control (the cards to tap and
Check, or the choice, number or box and its Check) lies wholly inside the first screen. The figure for the whole
course and a sample of the bank is ``bench/phone.py``'s. Skipped, saying why, where no Chromium is installed.
"""

from pathlib import Path

import pytest
from browser_kit import ANSWER_CONTROLS, CHROMIUM, PHONE, click_and_settle, off_screen, open_app
from test_e2e import shoot

from trainer.course import load_levels

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")


def step(level_id: str, task: str) -> str:
    """The address of a level's first step asking this kind of task, where the course has it now."""
    level = next(level for level in load_levels() if level.id == level_id)
    number = next(n for n, stage in enumerate(level.stages, start=1) if stage.task == task)
    return f"/learn?level={level_id}&stage={number}"


ANSWERED_ON_ONE_SCREEN = {
    step("fifteen", "pick"): "a pick from the table",
    step("must-take", "play"): "a play, hand and table",
    step("mistakes", "allowed"): "yes or no about a board",
    step("scoring", "who"): "who took more, about both piles laid out by suit",
    step("setenta", "number"): "a number, about both piles",
    "/puzzles?puzzle=capture-l1-sota": "a capture",
    "/puzzles?puzzle=endgame-01": "an endgame, every hand in sight",
    "/puzzles?puzzle=gen-score-l2-s2026-004": "a deal's points, two numbers about two piles",
    "/puzzles?puzzle=duel-l1-four-sevens": "who wins the setenta, about two piles",
}

#: Every page in the menu's order, each with controls of its own that a learner uses it with, by role and name:
#: Settings, the settings every other page holds in the sidebar.
WALK = {
    "Learn": [("button", "Levels")],
    "Puzzles": [("button", "Practice")],
    "Play": [("button", "Start the match")],
    "Progress": [("button", "Export this profile (JSON)")],
    "Settings": [("radiogroup", "Language"), ("combobox", "Profile"), ("combobox", "Rule set")],
    "Home": [("link", "Practise on puzzles")],
}
MENU = "[class*='st-key-pages-'] button"
SIDEBAR_SHUT = "document.querySelector(\"[data-testid='stSidebar']\").dataset.collapsed === 'true'"


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


def test_every_page_is_reached_through_the_menu_in_the_header_with_the_sidebar_shut(app, browser):
    """Streamlit moves its bar of pages into the sidebar on a narrow screen: the app's menu, pinned in the header,
    leads to every page instead, and each page is used from its main area alone."""
    context = browser.new_context(**PHONE)  # storage of its own: Streamlit remembers an opened sidebar there
    page = context.new_page()
    open_app(page, app("/?lang=en"))
    assert page.get_by_test_id("stTopNav").count() == 0
    for title, controls in WALK.items():
        click_and_settle(page, page.locator(MENU))
        click_and_settle(page, page.get_by_test_id("stPopoverBody").get_by_role("link", name=title, exact=True))
        page.wait_for_function("title => document.title === title", arg=f"{title} · Escoba Trainer")
        page.get_by_role("button", name=title, exact=True).wait_for()  # the menu, headed by the page shown
        found = [page.get_by_test_id("stMain").get_by_role(role, name=name, exact=True) for role, name in controls]
        for control in found:
            control.wait_for()
        assert page.evaluate(SIDEBAR_SHUT), title
        for box in (page.locator(MENU).bounding_box(), *(control.bounding_box() for control in found)):
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["viewport"]["width"], (title, box)
    context.close()


def test_a_wide_screen_shows_the_pages_in_streamlits_bar_and_the_sidebar_only_settings(app, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    open_app(page, app("/learn?lang=en"))
    assert page.get_by_test_id("stTopNav").get_by_role("link", name="Progress").is_visible()
    assert page.locator(MENU).is_hidden() and page.get_by_test_id("stSidebarNav").is_hidden()
    assert page.get_by_test_id("stSidebar").get_by_text("Language").is_visible()
    page.close()
