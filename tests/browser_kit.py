"""The real app in headless Chromium, shared by the end-to-end test and ``bench/browser.py``.

``app_server`` runs ``streamlit run`` on a free port with its own data folder; ``chromium`` launches the
Debian Chromium through Playwright. ``open_app`` and ``click_and_settle`` wait until the page is idle:

- the app's script state is ``notRunning``, after having been ``running`` (or ``grace_ms`` passed with no
  rerun starting, for a click that changes nothing on the server), and no element still shows Streamlit's
  loading skeleton (on a loaded machine the first run can start late, and the page is then all skeleton) and
  every card table, seat table or keypad has drawn itself (its script loads after the page's own), and
- the page has settled: no DOM change (in the document or in any component's open shadow root) and no
  change of page height for ``quiet_ms``, checked once per animation frame. Streamlit's header, where the
  running indicator comes and goes, is left out.

The time reported is from the click event in the page (or from the start, for a load) to the animation
frame that first showed the last change: the quiet window that proves nothing more happens is not in it.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = (
    "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium") or "/usr/bin/chromium"
)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
READY = "[data-testid='stApp'][data-test-script-state='notRunning']"
#: How long a page may take to settle after a load or a click before a test fails: generous, as a loaded machine
#: (CI shares two cores with the app servers and Chromium) can stall a run for tens of seconds.
SETTLE_MS = 90_000
#: The accessible name of a card button, "7 of coins, worth 7"; pills show "7♦" instead.
CARD_NAME = re.compile(r"\b\w+ of (coins|cups|swords|clubs)\b", re.IGNORECASE)

WATCH = """({quiet, grace, limit, fromClick}) => {
  const header = "[data-testid='stHeader']";
  const start = performance.now();
  const state = {clicked: null, sawRun: false, changed: false, last: start};
  const observer = new MutationObserver(records => {
    for (const record of records) {
      const element = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      if (record.attributeName === "data-test-script-state" && element.dataset.testScriptState !== "notRunning") {
        state.sawRun = true;
      }
      if (!element || !element.closest(header)) state.changed = true;
    }
  });
  const watched = new WeakSet();
  const watch = root => {
    if (watched.has(root)) return;
    watched.add(root);
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
  };
  const main = () => document.querySelector("[data-testid='stMain']");
  const height = () => `${document.documentElement.scrollHeight} ${main()?.scrollHeight}`;
  let layout = height();
  watch(document);
  window.addEventListener("click", () => { state.clicked ??= performance.now(); }, {capture: true, once: true});
  window.__idle = new Promise(resolve => {
    const frame = () => {
      const now = performance.now();
      for (const host of document.querySelectorAll("[data-testid^='stBidiComponent']")) {
        if (host.shadowRoot) watch(host.shadowRoot);
      }
      const size = height();
      if (size !== layout) { layout = size; state.changed = true; }
      if (state.changed) { state.changed = false; state.last = now; }
      const origin = fromClick ? state.clicked : start;
      const script = document.querySelector("[data-testid='stApp']")?.dataset.testScriptState;
      // the components that draw something: all but the page's words and the way to its board
      const hosts = [...document.querySelectorAll("[data-testid^='stBidiComponent']")]
        .filter(host => !host.closest(".st-key-page-words, .st-key-board-keys"));
      const drawing = document.querySelector("[data-testid^='stSkeleton']") !== null  // still being drawn
        || hosts.some(host => !host.shadowRoot?.querySelector(".card-table, .seat-table, .keypad"));  // not drawn yet
      const idle = origin !== null && script === "notRunning" && !drawing && now - state.last >= quiet;
      if ((idle && (state.sawRun || now - origin >= grace)) || now - start > limit) {
        observer.disconnect();
        resolve({ms: Math.max(0, state.last - (origin ?? start)), rerun: state.sawRun, timedOut: !idle});
      } else {
        requestAnimationFrame(frame);
      }
    };
    requestAnimationFrame(frame);
  });
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def club_secrets(
    folder: Path,
    teachers_code: str = "not used here",
    redirect_uri: str = "http://localhost:8501/oauth2callback",
    metadata_url: str = "http://127.0.0.1:9/.well-known/openid-configuration",
    behind_proxy: bool = False,
) -> Path:
    """A club server's secrets.toml in ``folder``, with all a club's server must have to start: the teachers' code,
    and a provider (one that is never asked unless ``metadata_url`` names a real one); ``behind_proxy`` for servers
    reached through the club's proxy alone."""
    secrets = folder / "secrets.toml"
    secrets.write_text(
        f"""[club]
teacher_code = "{teachers_code}"
behind_proxy = {str(behind_proxy).lower()}

[auth]
redirect_uri = "{redirect_uri}"
cookie_secret = "a cookie secret for this test only"
client_id = "escoba-trainer"
client_secret = "any: the provider takes every client"
server_metadata_url = "{metadata_url}"
""",
        encoding="utf-8",
    )
    return secrets


@contextmanager
def app_server(
    data: Path,
    script: str = "streamlit_app.py",
    port: int | None = None,
    flags: Sequence[str] = (),
    env: dict[str, str] | None = None,
) -> Iterator[str]:
    """Serve the app (or another ``script``) with ``data`` as its progress folder, on ``port`` (a free one if None)
    with further Streamlit ``flags`` and environment variables ``env``; yields its address."""
    port = port or free_port()
    command = [sys.executable, "-m", "streamlit", "run", script, "--server.port", str(port), *flags]
    command += ["--server.headless", "true", "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"]
    env = {**os.environ, "ESCOBA_TRAINER_DATA": str(data), **(env or {})}
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        answering(url, process, "the Streamlit server")
        yield url
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a server a test started: asked to, then killed if it still runs after a minute (a loaded machine may be
    slow to let it go, and a test's end is no test of how fast a server stops)."""
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def answering(url: str, process: subprocess.Popen[bytes], what: str, context: ssl.SSLContext | None = None) -> None:
    """Wait until the server at ``url``, run by ``process``, answers its health check (Streamlit's, which the
    proxy passes on); RuntimeError if it stops first or is still silent after a minute."""
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{url}/_stcore/health", timeout=2, context=context)
            return
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"{what} stopped") from None
            time.sleep(0.5)
    raise RuntimeError(f"{what} did not answer within a minute")


@contextmanager
def chromium() -> Iterator[Any]:
    """Headless Debian Chromium, driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


def _idle(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("window.__idle")
    if result["timedOut"]:
        raise TimeoutError(f"the page did not settle within {SETTLE_MS // 1000} s: {result}")
    return result


def open_app(page: Any, url: str, quiet_ms: int = 300, grace_ms: int = 2000) -> dict[str, Any]:
    """Go to ``url`` and wait until the app's first run is over and the page has settled. Every later wait on
    the page (a locator, a click) allows 90 s, not Playwright's 30: a computer's turn on a loaded machine can
    take that long to be drawn."""
    page.set_default_timeout(90_000)
    page.goto(url)
    page.wait_for_selector("[data-testid='stApp']", timeout=SETTLE_MS)
    page.evaluate(WATCH, {"quiet": quiet_ms, "grace": grace_ms, "limit": SETTLE_MS, "fromClick": False})
    return _idle(page)


def click_and_settle(page: Any, locator: Any, quiet_ms: int = 50, grace_ms: int = 1000) -> dict[str, Any]:
    """Click, then wait until the app is idle; returns ``ms`` from the click to the last change, and ``rerun``."""
    return _settle_after(page, locator.click, quiet_ms, grace_ms)


def _settle_after(page: Any, act: Any, quiet_ms: int, grace_ms: int) -> dict[str, Any]:
    """Do ``act`` (a click, or a key that clicks) and wait until the app is idle, timed from the click."""
    page.evaluate(WATCH, {"quiet": quiet_ms, "grace": grace_ms, "limit": SETTLE_MS, "fromClick": True})
    act()
    return _idle(page)


def press_and_settle(page: Any, key: str, quiet_ms: int = 50, grace_ms: int = 1000) -> dict[str, Any]:
    """Press ``key`` on the focused control (Enter or Space on a button clicks it), then wait as ``click_and_settle``
    does."""
    return _settle_after(page, lambda: page.keyboard.press(key), quiet_ms, grace_ms)


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
#: The controls a step or a puzzle is answered with, in the page's main area, each as a label and its box in the
#: viewport: the card table's cards to tap or the keypad's keys, and the confirm button (inside the component's
#: shadow root); else a choice, a number or a box to type in, with its Check button. Typing the cards instead,
#: folded away in an expander, is a second way to answer a card table and is not counted.
ANSWER_CONTROLS = """() => {
  const main = document.querySelector("[data-testid='stMain']");
  const shown = node => !node.closest("[data-testid='stExpander']") && !node.closest("[data-testid='stSidebar']");
  const found = [];
  for (const host of main.querySelectorAll("[data-testid^='stBidiComponent']")) {
    for (const node of (host.shadowRoot ?? host).querySelectorAll("button.card, button.key, button.confirm")) {
      found.push([node.getAttribute("aria-label") || node.innerText, node]);
    }
  }
  const widgets = "[data-testid='stRadio'], [data-testid='stNumberInput'], [data-testid='stTextInput']";
  for (const node of main.querySelectorAll(widgets)) if (shown(node)) found.push([node.dataset.testid, node]);
  for (const node of main.querySelectorAll("button")) {
    if (node.innerText.trim() === "Check" && shown(node)) found.push(["Check", node]);
  }
  return found.map(([label, node]) => {
    const box = node.getBoundingClientRect();
    return {label, top: box.top, bottom: box.bottom, left: box.left, right: box.right};
  });
}"""


#: Text in the page's main area or header (the tables' included) that a phone's narrow screen cuts or pushes off: an
#: element running past the window's edge, or whose text is wider than its box while the box hides what overflows.
#: Words kept out of sight for screen readers (a box of 1 pixel) are not shown, so not cut.
CUT_TEXT = """() => {
  const width = document.documentElement.clientWidth;
  const hosts = [...document.querySelectorAll("[data-testid^='stBidiComponent']")];
  const roots = [document, ...hosts.map(host => host.shadowRoot).filter(Boolean)];
  const found = [];
  for (const root of roots) {
    for (const node of root.querySelectorAll("button, label, p, span, h1, h2, h3, a, summary, [role=tab]")) {
      if (root === document && !node.closest("[data-testid='stMain'], [data-testid='stHeader']")) continue;
      const text = (node.innerText || "").trim();
      const box = node.getBoundingClientRect();
      if (!text || box.width <= 1 || box.height <= 1) continue;  // not shown, or words for screen readers alone
      const hides = !["visible", "auto", "scroll"].includes(getComputedStyle(node).overflowX);
      if (box.right > width + 1 || box.left < -1) found.push(`off the screen: ${text.slice(0, 60)}`);
      else if (hides && node.scrollWidth > node.clientWidth + 1) found.push(`cut: ${text.slice(0, 60)}`);
    }
  }
  return found;
}"""


def cut_text(page: Any) -> list[str]:
    """The texts the page as it stands cuts or pushes off the screen (``CUT_TEXT``)."""
    found: list[str] = page.evaluate(CUT_TEXT)
    return found


def answer_controls(page: Any) -> list[dict[str, Any]]:
    """The answer controls of the page as it stands (``ANSWER_CONTROLS``), each with its box in the viewport."""
    found: list[dict[str, Any]] = page.evaluate(ANSWER_CONTROLS)
    return found


def off_screen(page: Any) -> list[dict[str, Any]]:
    """The answer controls not wholly inside the first viewport, the page unscrolled; every one when there are
    none to find, so a page that lost its controls never passes."""
    size = page.viewport_size
    found = answer_controls(page)
    if not found:
        return [{"label": "no answer controls found", "top": 0, "bottom": 0, "left": 0, "right": 0}]
    return [
        box
        for box in found
        if box["top"] < 0 or box["left"] < 0 or box["bottom"] > size["height"] or box["right"] > size["width"]
    ]


#: The Play page's seat table: the one in play, or at the end of a deal the one that replays it.
PLAY_TABLE = ".seat-table"


#: A JavaScript function finding the Play page's seat table, looking into the components' shadow roots.
FIND_TABLE = f"""const find = (root) => {{
    for (const node of root.querySelectorAll("*")) {{
      const found = node.shadowRoot && (node.shadowRoot.querySelector("{PLAY_TABLE}") || find(node.shadowRoot));
      if (found) return found;
    }}
    return null;
  }};"""
#: The Play table's state and the moves it was sent, once it has shown them all: "turn" when the learner is to play,
#: "done" at the end of a deal; null while it shows moves, or while it still shows the moves sent as ``old``.
TABLE_READY = f"""(old) => {{
  {FIND_TABLE}
  const table = find(document);
  const ready = table && ["turn", "done"].includes(table.dataset.state) && table.dataset.seq !== old;
  return ready ? [table.dataset.state, table.dataset.seq] : null;
}}"""
#: The names of the learner's cards and the table's at the learner's turn, read in one go once no card is still a
#: picture in flight; null until then.
TURN_CARDS = f"""() => {{
  {FIND_TABLE}
  const table = find(document);
  if (!table || table.dataset.state !== "turn" || table.querySelector(".ghost")) {{
    return null;
  }}
  const names = (selector) => [...table.querySelectorAll(selector)].map((node) => node.getAttribute("aria-label"));
  return {{hand: names(".my-hand button.card"), table: names(".table-cards button.card")}};
}}"""


def table_ready(page: Any, old: str | None = None) -> tuple[str, str]:
    """Wait until the Play page's seat table has shown every move it was sent, other moves than those sent as
    ``old``: its state ("turn" or "done") and the moves' id."""
    state, seq = page.wait_for_function(TABLE_READY, arg=old).json_value()
    return state, seq


def good_play(page: Any, view: Any) -> list[str]:
    """The cards of a good play for the learner (``good_play_of``), read from the card buttons' names as a screen
    reader hears them once it is the learner's turn."""
    from trainer.app.names import spoken_label
    from trainer.cards import DECK

    named = {spoken_label(card, view): card for card in DECK}
    shown = page.wait_for_function(TURN_CARDS).json_value()
    card, group = good_play_of([named[label] for label in shown["hand"]], [named[label] for label in shown["table"]])
    return [spoken_label(card, view), *(spoken_label(taken, view) for taken in sorted(group))]


def good_play_of(hand: list[Any], table: list[Any]) -> tuple[Any, frozenset[Any]]:
    """A good play from ``hand`` onto ``table`` (cards in the order they are shown): the capture taking the most
    cards (the lowest card for it first), else the lowest card laid down."""
    from trainer.plays import captures

    taking = [(card, group) for card in hand for group in captures(card, table)]
    if not taking:
        return min(hand, key=lambda card: card.value), frozenset()
    return max(taking, key=lambda found: (len(found[1]), -found[0].value))


def tap_play(page: Any, labels: list[str], play: str = "Play") -> dict[str, Any]:
    """Tap the cards named (the hand card first) on the seat table, then its Play button; returns the settle."""
    for label in labels:  # a card marked by a hint says so after its name
        page.locator(PLAY_TABLE).get_by_role("button", name=label).click()
    return click_and_settle(page, page.locator(PLAY_TABLE).get_by_role("button", name=play, exact=True))
