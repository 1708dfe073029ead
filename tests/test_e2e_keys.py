"""End to end: a course task, a puzzle and a whole deal at the Play table done with the keyboard alone, in headless
Chromium, counting the keys pressed against the clicks a mouse would need for the same (``keys_kit``).

Each flow checks on its way that the focus is where the next thing to do is: on the board after the link that skips
to it, on the button that goes on after a right answer, on the new puzzle after it, on the hand at every turn. A
keyboard learner plays a whole deal with no more than twice the key presses a mouse learner needs clicks. Skipped,
saying why, where no Chromium is installed.
"""

import re
from pathlib import Path

import pytest
from browser_kit import CHROMIUM, PLAY_TABLE, click_and_settle, open_app, table_ready
from keys_kit import FLOWS, TASK, Keys, answer, task_answer
from test_e2e import axe_violations, violation_lines

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
Axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe is not installed").Axe
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")
#: The most key presses a click may cost, for each thing done: about two, as for a whole deal.
KEYS_PER_CLICK = {"course task": 2.5, "puzzle": 2.5, "whole deal, 2 seats": 2.0}


@pytest.mark.parametrize("name", FLOWS)
def test_done_with_the_keyboard_alone_in_about_twice_the_presses_of_a_mouse(app, browser, name):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    by = Keys(page)
    FLOWS[name](by, app)
    page.close()
    print(f"{name}: {by.clicks} clicks, {by.count} keys")
    assert by.count <= KEYS_PER_CLICK[name] * by.clicks, (by.clicks, by.count)


def test_a_right_answers_verdict_with_the_focus_on_next_passes_axe(app, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    open_app(page, app(f"/learn?level={TASK[0]}&stage={TASK[1]}"))
    by = Keys(page)
    by.to_board()
    answer(by, task_answer())
    by.expect_focus(re.compile(r"^Next ▶$"))
    found = axe_violations(Axe(), page, "learn, a right answer", 1280)
    page.close()
    ours = violation_lines(found).get("app", [])
    assert not ours, "axe violations in the app:\n" + "\n".join(ours)


def test_the_play_table_names_each_thing_once_for_a_screen_reader(app, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    open_app(page, app("/play"))
    click_and_settle(page, page.get_by_role("button", name="Start the match"))
    table_ready(page)
    tree = page.locator(PLAY_TABLE).aria_snapshot()
    page.close()
    assert tree.count('"Table"') == 1, tree  # the table's cards are named by it; its title is not read again
    assert "text: Pace" not in tree and 'group "Pace"' in tree, tree  # the same for the pace's buttons
    assert re.search(r'toolbar "Your hand"', tree) and re.search(r'toolbar "Table"', tree), tree
    assert re.search(r'img "stock: \d+ cards"', tree), tree  # one picture, one name
    assert len(re.findall(r'img "(your side.s |their side.s )?pile: ', tree)) == 2, tree  # each side's, named
    assert re.search(r'img "\d cards? in hand"', tree), tree  # the computer's hand, face down


def test_the_keys_line_is_seen_once_the_keyboard_moves_in_the_table_and_not_after_a_tap(app, browser):
    """A phone with a keyboard, or a desktop: the line that says which keys do what comes with the keyboard's focus
    (``:focus-visible``), not with a tap or a click; screen readers hear it either way."""
    page = browser.new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    open_app(page, app("/play"))
    click_and_settle(page, page.get_by_role("button", name="Start the match"))
    table_ready(page)
    table = page.locator(PLAY_TABLE)
    line = table.locator(".keys-hint")
    table.get_by_role("toolbar", name="Your hand").get_by_role("button").first.tap()
    tapped = line.bounding_box()
    page.keyboard.press("ArrowRight")
    keyed = line.bounding_box()
    page.close()
    assert tapped is not None and tapped["width"] <= 1  # out of sight after a tap
    assert keyed is not None and keyed["width"] > 100  # in sight once a key moves the focus
