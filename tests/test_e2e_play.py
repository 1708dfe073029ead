"""End to end: a whole deal against the computer in headless Chromium, cards tapped, then the review.

Skipped, saying why, where no Chromium is installed. Screenshots go beside the other end-to-end ones.
"""

import re
from pathlib import Path

import pytest
from browser_kit import CHROMIUM, click_and_settle, good_play, open_app, table_ready, tap_play
from test_e2e import axe_violations, shoot, violation_lines

from trainer.app.card_style import CardStyle
from trainer.app.names import spoken_label
from trainer.cards import parse_cards

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
Axe = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe is not installed").Axe
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")
FRENCH = CardStyle(style="french", courts="letters")
SIZES = {1280: {"viewport": {"width": 1280, "height": 900}}, 390: {"viewport": {"width": 390, "height": 844}}}


def best_play(page) -> list[str]:
    """Ask for a hint and read the cards of the best play it names."""
    click_and_settle(page, page.get_by_role("button", name="Hint: the best play now"))
    text = page.locator("[data-testid='stAlertContentInfo']").last.inner_text()
    return re.findall(r"(?:[A2-7JQK])[♦♥♣♠]", text.split("Best now: ")[1].split(", which")[0])


def tap_and_play(page, tokens: list[str]) -> None:
    """Tap the cards of a play on the seat table (the hand card first), then Play."""
    tap_play(page, [spoken_label(card, FRENCH) for card in parse_cards(" ".join(tokens))])


@pytest.mark.parametrize("width", SIZES)
def test_a_deal_against_the_computer_is_played_by_tapping_cards_then_reviewed(app, browser, width):
    """At each width the first turn, with a hint, passes axe; on a phone the whole deal is played on to its review,
    which passes axe too (``test_app_play`` plays deals to their review at every table)."""
    page = browser.new_page(**SIZES[width])
    open_app(page, app("/play?faces=french&courts=letters"))
    shoot(page, f"play-setup-{width}")
    click_and_settle(page, page.get_by_role("button", name="Start the match"))
    axe, found = Axe(), []
    state, seq = table_ready(page)  # the computer's plays, if it leads, shown on their own
    tap_and_play(page, best_play(page))  # the learner's first turn, the hint shown
    shoot(page, f"play-turn-{width}")
    found += axe_violations(axe, page, "play, a turn", width)
    state, seq = table_ready(page, seq)
    if width == 390:
        turns = 1
        click_and_settle(page, page.get_by_role("button", name="Fast", exact=True))  # the replies at the fast pace
        while state == "turn":
            tap_play(page, good_play(page, FRENCH))
            state, seq = table_ready(page, seq)
            turns += 1
        assert turns == 18  # a hand of three at a time, half the 36 cards dealt (R8, R10)
        page.get_by_role("heading", name="Your plays, weighed").wait_for()
        summary = page.get_by_text(re.compile(r"^18 plays weighed"))  # 18 of the 36 plays are yours
        summary.wait_for()  # shown once the last play is weighed, which a loaded machine takes a while to do
        assert summary.is_visible()
        shoot(page, f"play-review-{width}")
        found += axe_violations(axe, page, "play, the review", width)
        click_and_settle(page, page.get_by_role("button", name="Next deal ▶"))
        assert table_ready(page, seq)[0] == "turn"  # the computer's plays, if it leads, shown; then the learner's
        assert not page.get_by_role("button", name=re.compile("^Next: ")).count()
    ours = violation_lines(found).get("app", [])
    assert not ours, "axe violations in the app:\n" + "\n".join(ours)
    page.close()


def test_a_match_left_in_one_tab_goes_on_from_the_same_play_in_a_new_one(app, browser):
    first = browser.new_page(**SIZES[1280])
    open_app(first, app("/play?faces=french&courts=letters"))
    click_and_settle(first, first.get_by_role("button", name="Start the match"))
    _, seq = table_ready(first)
    tap_and_play(first, best_play(first))
    table_ready(first, seq)
    board = first.locator("[data-testid='stMain']").inner_text()
    later = browser.new_page(**SIZES[1280])
    open_app(later, app("/play?faces=french&courts=letters"))
    click_and_settle(later, later.get_by_role("button", name=re.compile("^Go on with the match you left")))
    shoot(later, "play-resumed-1280")
    assert later.locator("[data-testid='stMain']").inner_text() == board
