"""End to end: the real server, opened in headless Chromium, with screenshots to look at.

Skipped, saying why, where no Chromium is installed. Screenshots go to
``build/screenshots`` (or ``$SCREENSHOTS``).
"""

import base64
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = Path(os.environ.get("SCREENSHOTS", ROOT / "build" / "screenshots"))
READY = "[data-testid='stApp'][data-test-script-state='notRunning']"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", "--server.port", str(port)]
    env = {**os.environ, "ESCOBA_TRAINER_DATA": str(tmp_path_factory.mktemp("progress"))}
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{url}/_stcore/health", timeout=1)
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("the Streamlit server did not start within a minute")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


def open_page(browser, url: str, name: str, **context):
    page = browser.new_page(viewport={"width": 1200, "height": 1600}, **context)
    page.goto(url)
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    return page


def click(page, locator) -> None:
    """Click, then wait for the script run it starts to finish."""
    locator.click()
    page.wait_for_timeout(250)
    page.wait_for_selector(READY, timeout=30_000)


def pill(page, text: str):
    return page.locator("[data-testid='stButtonGroup'] button", has_text=text)


def test_home_page_shows_cards(server, browser):
    page = open_page(browser, server, "home")
    assert page.get_by_role("heading", name="Escoba Trainer").is_visible()
    assert page.locator("img[alt*='worth']").count() == 7  # your three cards and four on the table
    assert page.locator("img[alt='face-down card']").count() == 3


def test_learn_page_steps_forward_and_back(server, browser):
    page = open_page(browser, f"{server}/learn?lesson=turn&step=3", "learn-step")
    assert page.get_by_text("The captured cards go face down").is_visible()
    assert page.locator("img[alt='3 of cups (tres de copas), worth 3, just played']").count() == 1
    click(page, page.get_by_role("button", name="Next ▶"))
    page.get_by_text("Sometimes there are several ways").wait_for(timeout=10_000)
    assert "step=4" in page.url


def test_learn_try_it_takes_a_move_in_the_browser(server, browser):
    page = open_page(browser, f"{server}/learn?lesson=worked-example&step=7", "learn-try")
    for card in ("3♥", "A♦", "4♣", "7♦"):
        click(page, pill(page, card))
    click(page, page.get_by_role("button", name="Play", exact=True))
    page.get_by_text("3 + 1 + 4 + 7 = 15. Escoba!").wait_for(timeout=10_000)
    page.screenshot(path=str(SHOTS / "learn-try-done.png"), full_page=True)
    assert page.locator("img[alt='3 of cups (tres de copas), worth 3, just played']").count() == 1


def test_dark_theme_draws_dark_cards(server, browser):
    page = open_page(browser, f"{server}/learn?lesson=cards&step=1", "learn-dark", color_scheme="dark")
    source = page.locator("img[alt*='worth']").first.get_attribute("src")
    svg = base64.b64decode(source.split(",", 1)[1]).decode()
    assert "#1b1d23" in svg  # the dark card face


def test_puzzles_page_judges_an_answer_and_progress_shows_it(server, browser):
    page = open_page(browser, f"{server}/puzzles?puzzle=capture-l1-sota", "puzzles")
    assert page.get_by_text("Which card makes 15 with a 7?").is_visible()
    assert page.locator("img[alt*='worth']").count() == 4  # the card played and three on the table
    click(page, pill(page, "J♦"))
    click(page, page.get_by_role("button", name="Check", exact=True))
    page.get_by_text("Right: 7♥ + J♦ = 15.").wait_for(timeout=10_000)
    page.screenshot(path=str(SHOTS / "puzzles-answered.png"), full_page=True)
    progress = open_page(browser, f"{server}/progress", "progress")
    progress.get_by_text("Rating over time").wait_for(timeout=10_000)
    progress.wait_for_timeout(1000)  # let the charts draw before the screenshot
    progress.screenshot(path=str(SHOTS / "progress.png"), full_page=True)
    assert progress.locator("[data-testid='stMetricValue']").nth(1).inner_text() == "1"


def test_try_again_from_progress_opens_the_missed_puzzle(server, browser):
    page = open_page(browser, f"{server}/puzzles?puzzle=capture-l1-rey", "puzzles-missed")
    click(page, pill(page, "3♦"))
    click(page, page.get_by_role("button", name="Check", exact=True))
    page.get_by_text("Not quite:").wait_for(timeout=10_000)
    click(page, page.get_by_role("link", name="Progress"))
    click(page, page.get_by_role("link", name="A five looks for ten").first)
    page.get_by_text("A five looks for ten").first.wait_for(timeout=10_000)
    assert page.locator("[data-testid='stButtonGroup'] button", has_text="K♥").count() == 1
