"""End to end in every language but English, on a phone's screen (390 x 844): one course task, one puzzle, a deal
against the computer, Home and Progress, in headless Chromium, with screenshots to look at, no English left on the
pages and no word cut or pushed off the screen (Polish and Turkish words run longer than English ones).

Every expected text is made the way the page makes it: the engine's verdict said by the language's translator,
the cards named as the faces show them. Skipped, saying why, where no Chromium is installed.
"""

import re
from pathlib import Path

import pytest
from browser_kit import (
    CHROMIUM,
    PHONE,
    PLAY_TABLE,
    READY,
    click_and_settle,
    cut_text,
    good_play,
    open_app,
    table_ready,
    tap_play,
)
from test_e2e import shoot
from test_i18n import TRANSLATED, english_in

from trainer.app.card_style import CardStyle
from trainer.app.names import say, spoken_label
from trainer.cards import parse_cards
from trainer.course import load_levels
from trainer.i18n import Translator, translator
from trainer.plays import parse_play
from trainer.puzzles import load_puzzles
from trainer.puzzles.loader import bank_folder

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")


def tap(page, view: CardStyle, cards: str) -> None:
    """Tap cards on the card table by their spoken names in the view's language."""
    for card in parse_cards(cards):
        name = spoken_label(card, view).split(",")[0].split(" (")[0]
        # the name's end is a space, a comma or a bracket: the browser's \b knows no Cyrillic letter
        page.get_by_role("button", name=re.compile(f"^{re.escape(name)}(?=[ ,(])")).first.click()


def button(page, label: str):
    return page.get_by_role("button", name=label, exact=True)


def looked_at(page, name: str, code: str) -> None:
    """Screenshot the page as ``name`` in the language ``code``, then check that it shows no English and cuts no
    word, and that a screen reader is told its language and reads Streamlit's link to the page's main part in it."""
    shoot(page, f"{name}-{code}")
    assert not english_on(page)
    assert not cut_text(page)
    assert page.evaluate("document.documentElement.lang") == code
    skip = page.get_by_test_id("stSkipToContent")
    assert skip.inner_text() == translator(code).text("Skip to main content") != "Skip to main content"


def english_on(page) -> list[str]:
    """The catalogue's English found in what the page shows, main area and sidebar, line by line."""
    lines = page.locator("[data-testid='stApp']").inner_text().splitlines()
    return english_in([line for line in lines if line.strip()])


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_course_task_is_done_and_judged_in_the_language(app, browser, code):
    view, t = CardStyle(language=code), translator(code)
    level = next(level for level in load_levels() if level.id == "values")
    number, stage = next((n, s) for n, s in enumerate(level.stages, start=1) if s.task == "pick")
    page = browser.new_page(**PHONE)
    open_app(page, app(f"/learn?level=values&stage={number}&lang={code}"))
    assert page.get_by_text(say(t.written(stage.text), view)).is_visible()
    right = sorted(stage.accept)[0]
    tap(page, view, right)
    click_and_settle(page, button(page, t.text("Check")))
    page.get_by_text(say(t.said(stage.judge(right).reason), view)).first.wait_for(timeout=30_000)
    looked_at(page, "learn-task", code)
    page.close()


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_puzzle_is_missed_then_solved_and_explained_in_the_language(app, browser, code):
    view, t = CardStyle(language=code), translator(code)
    puzzle = next(p for p in load_puzzles(bank_folder()) if p.id == "capture-l1-sota")
    page = browser.new_page(**PHONE)
    open_app(page, app(f"/puzzles?puzzle={puzzle.id}&lang={code}"))
    assert page.get_by_role("heading", name=say(t.written(puzzle.title), view)).is_visible()
    wrong = next(c for c in puzzle.table if str(c) not in puzzle.solutions())
    tap(page, view, str(wrong))
    click_and_settle(page, button(page, t.text("Check")))
    page.get_by_text(t.text("Not quite: {reason}.", reason="|").split("|")[0].strip()).first.wait_for(timeout=30_000)
    looked_at(page, "puzzle-missed", code)
    click_and_settle(page, button(page, t.text("Try again")))
    tap(page, view, puzzle.solutions()[0])
    click_and_settle(page, button(page, t.text("Check")))
    right = t.text("Right: {explanation}.", explanation=say(t.said(puzzle.check(puzzle.solutions()[0]).reason), view))
    page.get_by_text(right, exact=False).first.wait_for(timeout=30_000)
    assert page.get_by_text(say(t.written(puzzle.explain), view)).is_visible()
    looked_at(page, "puzzle-solved", code)
    page.close()


def hinted_play(page, t: Translator) -> str:
    """Ask for a hint and read the play it names, its cards as the French faces write them."""
    click_and_settle(page, button(page, t.text("Hint: the best play now")))
    hint = page.locator("[data-testid='stAlertContentInfo']").last.inner_text()
    for direction in ("ahead of", "behind"):
        english = (
            f"Best now: {{play}}, which leaves your side {{points}} points {direction} the other by the end of the "
            "deal on average (± {error})."
        )
        before, after = t.text(english, play="\0", points="\1", error="\2").split("\0")
        found = re.search(re.escape(before) + "(.*?)" + re.escape(after.split("\1")[0]), hint)
        if found:
            return " ".join(re.findall(r"[A2-7JQK][♦♥♣♠]", found.group(1)))
    raise AssertionError(f"no play named in the hint {hint!r}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_deal_against_the_computer_is_played_in_the_language(app, browser, code):
    """The first play is the hint's, read in the language; in Russian the deal goes on, at the fast pace, to its
    review, its plays read from the cards' spoken names. (``test_i18n`` plays a whole deal to its review in each
    language with AppTest.)"""
    view, t = CardStyle(language=code, style="french", courts="letters"), translator(code)
    page = browser.new_page(**PHONE)
    open_app(page, app(f"/play?faces=french&courts=letters&lang={code}"))
    click_and_settle(page, button(page, t.text("Start the match")))
    state, seq = table_ready(page)
    play_button = t.text_in("a button", "Play")
    tap(page, view, str(parse_play(hinted_play(page, t))))
    click_and_settle(page, page.locator(PLAY_TABLE).get_by_role("button", name=play_button, exact=True))
    state, seq = table_ready(page, seq)
    if code != "ru":
        looked_at(page, "play-turn", code)
        page.close()
        return
    click_and_settle(page, button(page, t.text("Fast")))  # the rest of the deal's replies at the fast pace
    while state == "turn":
        tap_play(page, good_play(page, view), play=play_button)
        state, seq = table_ready(page, seq)
    over = page.get_by_role("heading", name=t.text("Deal {number} is over", number=1))
    over.wait_for()
    page.locator(READY).wait_for()  # the review is weighed play by play after the heading shows
    assert over.is_visible() and page.get_by_role("heading", name=t.text("Your plays, weighed")).is_visible()
    looked_at(page, "play-review", code)
    page.close()


@pytest.mark.parametrize("code", TRANSLATED)
def test_home_and_progress_read_in_the_language(app, browser, code):
    t = translator(code)
    page = browser.new_page(**PHONE)
    for title, path in (("Home", "/"), ("Progress", "/progress")):
        open_app(page, app(f"{path}?lang={code}"))
        assert page.title() == f"{t.text(title)} · Escoba Trainer"
        looked_at(page, title.lower(), code)
    page.close()
