"""End to end, for a learner on a phone, with the keyboard or a screen reader: tap targets, badge text, the focus
of a radio choice, and what is read out after a play or a step forward.

Measured in headless Chromium at 390 x 844 and 1280 wide. Streamlit's own chrome (the header, the sidebar and its
toggle) is left out of the tap targets: the app does not draw it, and on a phone the sidebar is closed; so is the
arrow inside a drop-down list, whose whole field opens it.
Skipped, saying why, where no Chromium is installed.
"""

from pathlib import Path

import pytest
from browser_kit import CHROMIUM, click_and_settle, good_play, open_app, table_ready
from test_e2e import WIDTHS, shoot

from trainer.app.card_style import CardStyle

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")

#: Every element matching a selector, in the document and in every open shadow root (the card tables).
EVERYWHERE = """const everywhere = (selector) => {
  const found = [];
  const walk = (root) => {
    found.push(...root.querySelectorAll(selector));
    for (const node of root.querySelectorAll("*")) if (node.shadowRoot) walk(node.shadowRoot);
  };
  walk(document);
  return found;
};"""
#: The tap targets of the page's main area, card tables included, each with its size: buttons and radio choices.
TARGETS = f"""() => {{
  {EVERYWHERE}
  const main = document.querySelector("[data-testid='stMain']");
  const inMain = (node) => {{
    for (let at = node; at; at = at.getRootNode().host) if (main.contains(at)) return true;
    return false;
  }};
  return everywhere("button, [data-testid='stRadioOption']")
    .filter((node) => inMain(node) && node.getClientRects().length && !node.closest("[data-testid='stSelectbox']"))
    .map((node) => {{
      const box = node.getBoundingClientRect();
      const name = (node.getAttribute("aria-label") || node.innerText || "").trim().slice(0, 40);
      return {{name, width: box.width, height: box.height}};
    }});
}}"""
#: The size in pixels at which each value badge's text is drawn: its font size times the card's scale, whether the
#: card is upright or turned.
BADGES = f"""() => {{
  {EVERYWHERE}
  return everywhere(".badge text")
    .filter((text) => text.getClientRects().length)
    .map((text) => {{
      const turn = text.getScreenCTM();
      return parseFloat(getComputedStyle(text).fontSize) * Math.hypot(turn.a, turn.b);
    }});
}}"""
#: The focused element, looking into shadow roots: its role, tabindex and text.
FOCUSED = """() => {
  let node = document.activeElement;
  while (node?.shadowRoot?.activeElement) node = node.shadowRoot.activeElement;
  return {role: node?.getAttribute("role"), tabindex: node?.getAttribute("tabindex"), text: node?.innerText ?? ""};
}"""
#: The live regions that are out of sight, marked so a later look can tell the same node from a new one.
NEWS = f"""() => {{
  {EVERYWHERE}
  return everywhere(".unseen[role='status']").map((node) => {{
    node.dataset.seen = node.dataset.seen ?? String(Math.random());
    const slot = node.getRootNode().host.closest("[data-testid='stElementContainer']");
    return {{text: node.textContent, id: node.dataset.seen, gapless: getComputedStyle(slot).position === "absolute"}};
  }});
}}"""
PAGES = {
    "learn-task": "/learn?level=values&stage=5&lang=en",  # a card table with court cards, Check and Clear
    "learn-choice": "/learn?level=seats&stage=4&lang=en",  # a yes-or-no radio
    "puzzles": "/puzzles?puzzle=choose-l1-sweep&lang=en",
    "play": "/play?lang=en",  # the table and the computer's strength, as radios
}


def small(targets: list[dict]) -> list[dict]:
    """The targets under 44 x 44 pixels, measured to a hundredth: a box 44 pixels high at a fractional place on the
    page measures 43.99997."""
    return [target for target in targets if round(target["width"], 2) < 44 or round(target["height"], 2) < 44]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_button_card_and_radio_choice_is_a_44_pixel_tap_target_and_badges_read_11_pixels(app, browser, width):
    page = browser.new_page(**WIDTHS[width])
    badges = []
    for name, path in PAGES.items():
        open_app(page, app(path))
        if name == "play":
            targets = page.evaluate(TARGETS)
            click_and_settle(page, page.get_by_role("button", name="Start the match"))
            table_ready(page)  # the learner's turn: the seat table's cards and buttons
            targets += page.evaluate(TARGETS)
        else:
            targets = page.evaluate(TARGETS)
        shoot(page, f"access-{name}-{width}")
        assert len(targets) >= 3, (name, targets)
        assert not small(targets), f"{name} at {width}: tap targets under 44 x 44 px: {small(targets)}"
        badges += page.evaluate(BADGES)
    page.close()
    assert badges, "the sota on the values task shows a badge"
    assert min(badges) >= 11, f"badge text drawn at {min(badges):.1f} px at {width} px wide"


def test_a_radio_choice_shows_the_keyboard_focus(app, browser):
    page = browser.new_page(**WIDTHS[390])
    open_app(page, app(PAGES["learn-choice"]))
    choice = page.locator("[data-testid='stMain'] [data-testid='stRadioOption']")
    choice.first.locator("input").focus()
    page.keyboard.press("ArrowRight")  # the keyboard moves to the second choice
    outline = choice.nth(1).evaluate(
        "(label) => [getComputedStyle(label).outlineStyle, getComputedStyle(label).outlineWidth]"
    )
    page.close()
    assert outline[0] == "solid" and float(outline[1].removesuffix("px")) >= 2, outline


#: Every text the seat table's live region says, in order, kept from now on.
HEARD = f"""() => {{
  {EVERYWHERE}
  const [live] = everywhere(".live[aria-live='polite']");
  window.__heard = [];
  new MutationObserver(() => window.__heard.push(live.textContent)).observe(
    live, {{childList: true, characterData: true, subtree: true}}
  );
}}"""


def test_after_a_play_each_move_is_read_out_once_then_the_turn_and_the_focus_is_on_the_hand(app, browser):
    page = browser.new_page(**WIDTHS[390])
    open_app(page, app("/play?lang=en&faces=french&courts=letters"))
    click_and_settle(page, page.get_by_role("button", name="Start the match"))
    _, seq = table_ready(page)
    page.evaluate(HEARD)
    labels = good_play(page, CardStyle(style="french", courts="letters"))
    for label in labels:  # by the keyboard: each card focused and pressed with Space, then Play with Enter
        page.locator(".seat-table").get_by_role("button", name=label).focus()
        page.keyboard.press("Space")
    page.locator(".seat-table").get_by_role("button", name="Play", exact=True).focus()
    page.keyboard.press("Enter")
    table_ready(page, seq)
    heard = page.evaluate("window.__heard")
    in_hand = page.evaluate(
        """() => {
          let node = document.activeElement;
          while (node?.shadowRoot?.activeElement) node = node.shadowRoot.activeElement;
          return Boolean(node?.closest(".my-hand")) && node.matches("button.card");
        }"""
    )
    shoot(page, "access-play-after-a-play-390")
    page.close()
    assert heard[0].startswith("You (seat ") and heard[-1] == "Your turn.", heard
    assert len(heard) == len(set(heard)), "each move read out once"
    assert any(said.startswith("Seat ") for said in heard), heard  # the computer's reply, in words
    assert in_hand, "the focus on a card of the hand, ready for the next turn"


@pytest.mark.parametrize(
    ("path", "folded", "button", "before", "after"),
    [
        ("/learn?level=values&stage=1&lang=en", None, "Next ▶", "step 1 of", "step 2 of"),
        # the first puzzle a new learner is served, not one opened by a ?puzzle= link: on a loaded machine, Next
        # right after a link's puzzle was seen to leave that puzzle on the page
        ("/puzzles?lang=en", "Choose puzzles", "Next puzzle", "Puzzle 1: ", "Puzzle 2: "),
    ],
)
def test_after_next_the_new_step_or_puzzle_is_read_out_by_a_live_region(
    app, browser, path, folded, button, before, after
):
    page = browser.new_page(**WIDTHS[390])
    open_app(page, app(path))
    if folded:  # the button is in an expander
        page.get_by_text(folded).click()
    [first] = page.evaluate(NEWS)
    click_and_settle(page, page.get_by_role("button", name=button, exact=True))
    page.wait_for_function(
        f"() => {{ {EVERYWHERE} return everywhere('.unseen')[0]?.textContent.includes({after!r}); }}"
    )
    [then] = page.evaluate(NEWS)
    page.close()
    assert before in first["text"] and after in then["text"], (first, then)
    assert then["id"] == first["id"], "the same live region, its words changed, so a screen reader reads them"
    assert then["gapless"], "out of the page's flow, so it leaves no gap between the things shown"
