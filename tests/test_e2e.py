"""End to end: the real server, opened in headless Chromium, with screenshots to look at.

Skipped, saying why, where no Chromium is installed. Screenshots go to ``build/screenshots``
(or ``$SCREENSHOTS``), with ``axe-en.json`` and ``axe-es.json``: every axe-core violation (WCAG 2.2 A and AA, and
best practices) found on every page, in English at both widths and in Spanish on a phone.

Whose violation is it? A node is Streamlit's when it lies in Streamlit's chrome (header, toolbar, main
menu, status widget, decoration, the bar of pages in the header or the sidebar, and the sidebar's collapse
controls), is one of the widget parts Streamlit draws and the app cannot change (``INTERNAL``), or is the
``<html>`` of Streamlit's index page (except for the document title, which the app sets). Everything else is
the app's: our HTML, our components, our markdown and captions, the labels and choices of the widgets we place.
Any violation of the app fails the test, whatever its impact; Streamlit's are printed.
"""

import base64
import json
import os
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from browser_kit import CARD_NAME, CHROMIUM, ROOT, click_and_settle, open_app, press_and_settle

from trainer.progress.sqlite import Store

SHOTS = Path(os.environ.get("SCREENSHOTS", ROOT / "build" / "screenshots"))
PAGES = {
    "home": "/",
    "learn": "/learn",
    "puzzles": "/puzzles?puzzle=choose-l1-sweep",  # a fixed puzzle with cards in hand and on the table
    "play": "/play",
    "progress": "/progress",
    "settings": "/settings",
}
WIDTHS = {
    1280: {"viewport": {"width": 1280, "height": 900}},
    390: {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}
CHROME = [
    "stHeader", "stToolbar", "stToolbarActions", "stMainMenu", "stStatusWidget", "stDecoration", "stAppDeployButton",
    "stSidebarNav", "stSidebarHeader", "stSidebarCollapseButton", "stSidebarCollapsedControl", "stExpandSidebarButton",
    "stTopNav",
]  # fmt: skip
INTERNAL = ["stFileUploaderDropzone"]  # role="presentation" with a tabindex, set by Streamlit
#: Finds an axe target (shadow roots included) and says whose it is.
OWNER = """([target, chrome, internal]) => {
  let root = document, node = null;
  for (const selector of [target].flat(2)) {
    node = root.querySelector(selector);
    if (!node) return "app";
    root = node.shadowRoot ?? root;
  }
  if (node === document.documentElement) return "streamlit";
  const streamlit = chrome.map(id => `[data-testid='${id}']`).join(", ");
  if (internal.includes(node.dataset?.testid)) return "streamlit";
  for (let at = node; at; at = at.getRootNode().host) {
    if (at.closest(streamlit)) return "streamlit";
  }
  return "app";
}"""
#: The focused control, looking into shadow roots, and whether it answers the puzzle.
FOCUSED = """(cardName) => {
  let node = document.activeElement;
  while (node?.shadowRoot?.activeElement) node = node.shadowRoot.activeElement;
  if (!node || node === document.body) return {name: "", answer: false};
  const name = (node.getAttribute("aria-label") || node.innerText || node.value || "").trim();
  const widget = "[data-testid='stButtonGroup'], [data-testid='stTextInput'], [data-testid='stNumberInput']";
  return {name, answer: !!node.closest(widget) || (node.tagName === "BUTTON" && new RegExp(cardName, "i").test(name))};
}"""

#: What the focused control is described by (``aria-describedby``, in its own shadow root): the words a screen reader
#: hears, those hidden from it left out, or "".
DESCRIBED = """() => {
  let node = document.activeElement;
  while (node?.shadowRoot?.activeElement) node = node.shadowRoot.activeElement;
  const id = node?.getAttribute("aria-describedby");
  const by = id && node.getRootNode().getElementById(id);
  if (!by) return "";
  return [...by.childNodes].filter(child => !child.getAttribute?.("aria-hidden")).map(child => child.textContent)
    .join("").trim();
}"""

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")


def open_page(browser, url: str, name: str, **context):
    page = browser.new_page(**{"viewport": {"width": 1200, "height": 1600}, **context})
    open_app(page, url)
    shoot(page, name)
    return page


def shoot(page, name: str) -> None:
    """Screenshot the whole page: Streamlit scrolls inside its main area, so the window grows to fit it first."""
    size = page.viewport_size
    height = page.evaluate("document.querySelector(\"[data-testid='stMain']\").scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.set_viewport_size(size)


def click(page, locator) -> None:
    """Click, then wait until the script run it starts is over and the page has settled."""
    click_and_settle(page, locator)


def card(page, name: str):
    """A card to tap on the card table, by the start of its spoken name ("7 of coins")."""
    return page.get_by_role("button", name=re.compile(f"^{re.escape(name)}\\b"))


def test_home_page_shows_cards(app, browser):
    page = open_page(browser, app(), "home")
    assert page.get_by_role("heading", name="Escoba Trainer").is_visible()
    assert page.locator("img[alt*='worth']").count() == 7  # your three cards and four on the table
    assert page.locator("img[alt='face-down card']").count() == 3


@pytest.mark.parametrize(
    "written", ["![x](http://10.255.255.1/x.png)", "[Restore](https://example.org/restore)", "www.example.org"]
)
def test_an_address_naming_no_profile_shows_no_link_and_fetches_nothing_from_elsewhere(app, browser, written):
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    open_app(page, f"{app.url}/?profile={quote(written)}")
    warning = page.locator("[data-testid='stAlert']").first
    assert "that is not here" in warning.inner_text()
    assert warning.locator("a, img").count() == 0
    # a component's script is loaded from an object URL the page itself made (blob:<the app's address>/...)
    assert [url for url in asked if not url.startswith((app.url, "data:", f"blob:{app.url}"))] == []
    page.close()


def test_learn_page_steps_forward_and_back(app, browser):
    page = open_page(browser, app("/learn?level=values&stage=1"), "learn-step")
    assert page.get_by_text("Escoba is a game of fifteens").is_visible()
    click(page, page.get_by_role("button", name="Next ▶"))
    page.get_by_text("to make your first 15").wait_for(timeout=10_000)
    assert "stage=2" in page.url
    click(page, page.get_by_role("button", name="◀ Back"))
    assert "stage=1" in page.url


def test_a_course_task_is_done_by_tapping_the_cards(app, browser):
    page = open_page(browser, app("/learn?level=values&stage=4"), "learn-task")
    assert page.get_by_role("button", name="Next ▶").is_disabled()  # the task comes first
    click(page, card(page, "4 of cups"))
    click(page, page.get_by_role("button", name="Check", exact=True))
    page.get_by_text("Not quite:").first.wait_for(timeout=10_000)
    click(page, card(page, "4 of cups"))  # picked again: off
    click(page, card(page, "sota of clubs"))
    click(page, page.get_by_role("button", name="Check", exact=True))
    page.get_by_text("Right. Sota of clubs counts 8 (card values).").wait_for(timeout=10_000)
    shoot(page, "learn-task-done")
    assert page.get_by_role("button", name="Next ▶").first.is_enabled()  # and the one under the verdict


def test_a_course_task_with_the_keyboard_alone_and_the_button_under_the_verdict_takes_the_focus(app, browser):
    page = open_page(browser, app("/learn?level=values&stage=7"), "learn-keyboard")
    card(page, "sota of clubs").focus()
    page.keyboard.press("Space")
    assert card(page, "sota of clubs").get_attribute("aria-pressed") == "true"
    page.get_by_role("button", name="Check", exact=True).focus()
    press_and_settle(page, "Enter")
    page.get_by_text("Right.").first.wait_for(timeout=10_000)
    page.wait_for_function(f"() => ({FOCUSED})({CARD_NAME.pattern!r}).name === 'Finish the level ▶'")  # the last step
    described = page.evaluate(DESCRIBED)
    assert described.startswith("Right."), described  # a screen reader reads the verdict with the button


def test_a_number_is_typed_into_the_keypad_and_checked_with_enter(app, browser):
    page = open_page(browser, app("/learn?level=setenta&stage=5"), "learn-keypad")  # a pile with no setenta
    page.get_by_label("Your answer: a number, or none").fill("7")
    page.keyboard.press("Enter")  # a key that clicks nothing: the verdict is what to wait for
    page.get_by_text("Not quite:").first.wait_for()
    page.get_by_role("button", name="Erase the last digit").click()
    page.get_by_role("button", name="none", exact=True).click()
    assert page.get_by_label("Your answer: a number, or none").input_value() == "none"
    click(page, page.get_by_role("button", name="Check", exact=True))
    page.get_by_text(re.compile(r"^(✓)?Right")).first.wait_for(timeout=10_000)


def test_dark_theme_draws_dark_cards(app, browser):
    page = open_page(browser, app("/learn?level=values&stage=1"), "learn-dark", color_scheme="dark")
    source = page.locator("img[alt*='worth']").first.get_attribute("src")
    svg = base64.b64decode(source.split(",", 1)[1]).decode()
    assert "#1b1d23" in svg  # the dark card face


def test_puzzles_page_judges_a_tapped_answer_and_progress_shows_it(app, browser):
    page = open_page(browser, app("/puzzles?puzzle=capture-l1-sota"), "puzzles")
    assert page.get_by_text("Which card makes 15 with a 7?", exact=True).is_visible()  # the heading, not the news
    assert page.get_by_role("button", name=CARD_NAME).count() == 3  # the table's three cards to tap
    click(page, card(page, "sota of coins"))
    click(page, page.get_by_role("button", name="Check", exact=True))
    page.get_by_text("Right: 7 of cups + sota of coins = 15.").wait_for(timeout=10_000)
    shoot(page, "puzzles-answered")
    progress = open_page(browser, app("/progress"), "progress")
    progress.get_by_text("Rating over time").wait_for(timeout=10_000)
    shoot(progress, "progress")
    assert progress.locator("[data-testid='stMetricValue']").nth(1).inner_text() == "1"


def test_try_again_from_progress_opens_the_missed_puzzle(app, browser):
    page = open_page(browser, app("/puzzles?puzzle=capture-l1-rey"), "puzzles-missed")
    click(page, card(page, "3 of coins"))
    click(page, page.get_by_role("button", name="Check", exact=True))
    page.get_by_text("Not quite:").first.wait_for(timeout=10_000)
    click(page, page.get_by_role("link", name="Progress", exact=True))
    click(page, page.get_by_role("link", name="A five looks for ten").first)
    page.get_by_text("A five looks for ten").first.wait_for(timeout=10_000)
    assert card(page, "rey of cups").count() == 1


def test_a_new_profile_takes_over_the_whole_page_at_once(app, browser):
    page = open_page(browser, app("/puzzles"), "new-profile")
    click(page, page.get_by_role("button", name="New profile"))
    page.get_by_label("Name", exact=True).fill("Zoe")
    click(page, page.get_by_role("button", name="Create"))
    page.get_by_text("Zoe · rating").wait_for(timeout=10_000)  # the page itself, not the dialog alone, drawn anew
    assert page.get_by_role("dialog").count() == 0


def test_an_imported_profile_is_the_one_in_use_at_once(app, browser, tmp_path):
    with Store.open(tmp_path) as saved:
        saved.create_profile("Imported")
        (tmp_path / "export.json").write_text(json.dumps(saved.export_profile("Imported")))
    page = open_page(browser, app("/progress"), "import")
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(tmp_path / "export.json"))
    click(page, page.get_by_role("button", name="Import it"))
    page.get_by_text("it is the profile in use now").wait_for(timeout=10_000)
    assert "profile=Imported" in page.url  # the address, like the sidebar, names the profile in use


def test_every_page_has_its_own_title(app, browser):
    page = browser.new_page()
    titles = {}
    for name, path in PAGES.items():
        open_app(page, app(path))
        titles[name] = page.title()
    page.close()
    assert len(set(titles.values())) == len(titles), f"pages share a document title: {titles}"


def test_puzzles_answer_is_reached_with_the_keyboard(app, browser):
    page = open_page(browser, app(PAGES["puzzles"]), "puzzles-keyboard", viewport={"width": 1280, "height": 900})
    tabs, focused = 0, {"name": "", "answer": False}
    while not focused["answer"] and tabs < 100:
        page.keyboard.press("Tab")
        tabs += 1
        focused = page.evaluate(FOCUSED, CARD_NAME.pattern)
    print(f"Puzzles: {tabs} Tab presses from page load to the answer control {focused['name']!r}")
    page.close()
    assert focused["answer"], "100 Tab presses never reached the puzzle's answer controls"


#: What axe checks: WCAG 2.2 A and AA, with its best practices; experimental rules are left out.
AXE_RULES = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa",
                                                  "best-practice"]}}  # fmt: skip
#: The widths each language's pages are checked at: every width in English, the phone's in Spanish.
LANGUAGE_WIDTHS = {"en": (1280, 390), "es": (390,)}


@pytest.mark.parametrize("language", LANGUAGE_WIDTHS)
def test_every_page_at_phone_and_desktop_width_passes_axe(app, browser, language):
    from axe_playwright_python.sync_playwright import Axe

    axe, found = Axe(), []
    for width in LANGUAGE_WIDTHS[language]:
        for name, path in PAGES.items():
            joined = "&" if "?" in path else "?"
            page = open_page(
                browser, app(f"{path}{joined}lang={language}"), f"{name}-{width}-{language}", **WIDTHS[width]
            )
            found += axe_violations(axe, page, name, width)
            page.close()
    (SHOTS / f"axe-{language}.json").write_text(json.dumps(found, indent=2, ensure_ascii=False))
    lines = violation_lines(found)
    print("Streamlit's own violations, not failing:", *lines.get("streamlit", ["none"]), sep="\n  ")
    ours = lines.get("app", [])
    assert not ours, "axe violations in the app:\n" + "\n".join(ours)


def axe_violations(axe, page, name: str, width: int) -> list[dict]:
    """axe's findings on the page as it stands (WCAG 2.2 A and AA, and best practices), each node marked as the
    app's or Streamlit's own."""
    found = []
    for violation in axe.run(page, options=AXE_RULES).response["violations"]:
        nodes = [
            {
                "target": node["target"],
                "html": node["html"],
                "owner": page.evaluate(OWNER, [node["target"], CHROME, INTERNAL]),
            }
            for node in violation["nodes"]
        ]
        found.append({"page": name, "width": width, "id": violation["id"], "impact": violation["impact"],
                      "help": violation["help"], "nodes": nodes})  # fmt: skip
    return found


def violation_lines(found: list[dict]) -> dict[str, list[str]]:
    """A line per node of each violation, grouped by whose node it is ("app" or "streamlit")."""
    lines: dict[tuple[str, bool], list[str]] = {}
    for violation in found:
        for node in violation["nodes"]:
            line = (
                f"{violation['page']} {violation['width']}px {violation['id']} ({violation['impact']}) {node['target']}"
            )
            lines.setdefault(node["owner"], []).append(f"{line} {node['html'][:160]}")
    return lines


def test_the_widest_table_of_the_course_fits_a_phone(app, browser):
    """One deal scored under all five rule sets, side by side (the last level): every column shows without scrolling."""
    page = open_page(browser, app("/learn?level=rule-sets&stage=10"), "learn-compare-390", **WIDTHS[390])
    widths = page.evaluate(
        "[...document.querySelectorAll('table')].map(t => [t.scrollWidth, t.parentElement.clientWidth])"
    )
    assert widths and all(table <= room for table, room in widths), widths
    assert page.get_by_role("columnheader", name="Turkish").is_visible()
    page.close()
