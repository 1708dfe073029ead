"""End to end: the seat table at 2, 3, 4 and 6 players and in table mode, played by tapping only.

The learner reads the hand and the table from the card buttons' names, plays the capture that takes the most, and
lets the computer's replies show at the fast pace. A deal at each table on a phone, 390 wide, where nothing scrolls
sideways, every card to tap is 44 pixels or more, and the learner skips to each turn, then steps through the replay;
at 1280 wide each table's first play, its replies shown moving, after a press of Play with nothing picked, refused
(the computer's thinking, said while an answer is awaited, gone with the answer). The Turkish rules are played: the
one rule set with all four tables (V3); ``test_app_play`` plays a whole match at each table to its end. In table
mode (V5), on a phone, the learner claims every capture the computer leaves, and once lays down a card that could
capture, which the computer claims. Screenshots in play and in the replay at the end of a deal go to
``build/screenshots/``. Skipped, saying why, where no Chromium is installed.
"""

import re
from pathlib import Path

import pytest
from browser_kit import CHROMIUM, FIND_TABLE, PLAY_TABLE, click_and_settle, good_play, open_app, table_ready, tap_play
from test_e2e import WIDTHS, shoot

from trainer.app.card_style import CardStyle
from trainer.profile import PROFILES

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")
FRENCH = CardStyle(style="french", courts="letters")
TABLES = {2: "Two players", 3: "Three players", 4: "Four players", 6: "Six players"}
#: What a seat table must not do on a phone: scroll sideways, or draw a card to tap under 44 pixels.
PHONE_FAULTS = """() => {
  const faults = [];
  const main = document.querySelector("[data-testid='stMain']");
  if (main.scrollWidth > main.clientWidth + 1) faults.push(`scrolls sideways: ${main.scrollWidth}`);
  for (const host of document.querySelectorAll("[data-testid^='stBidiComponent']")) {
    for (const card of host.shadowRoot?.querySelectorAll(".seat-table button") ?? []) {
      const box = card.getBoundingClientRect();
      if (!card.getClientRects().length) continue; // a control not shown now
      if (box.width < 44 || box.height < 44) faults.push(`${card.getAttribute("aria-label") || card.innerText}`);
    }
  }
  return faults;
}"""


class HeldAnswers:
    """The app's messages to ``page``, held back while ``held``: the page waits for an answer as long as a test
    wants."""

    def __init__(self, page) -> None:
        self.held, self.waiting, self.socket = False, [], None
        page.route_web_socket(re.compile(r"/_stcore/stream$"), self.route)

    def route(self, socket) -> None:
        self.socket = socket
        socket.connect_to_server().on_message(self.to_page)

    def to_page(self, message) -> None:
        if self.held:
            self.waiting.append(message)
        else:
            self.socket.send(message)

    def release(self) -> None:
        self.held = False
        for message in self.waiting:
            self.socket.send(message)
        self.waiting.clear()


def start(app, page, players: int, width: int) -> None:
    """A match at ``players`` by the learner's rules, the replies shown at the fast pace."""
    open_app(page, app("/play?faces=french&courts=letters&lang=en"))
    page.get_by_text(re.compile(f"^{TABLES[players]}")).click()
    click_and_settle(page, page.get_by_role("button", name="Start the match"))
    click_and_settle(page, page.get_by_role("button", name="Fast", exact=True))


#: Taps "Skip to my turn" if the computer's replies are being shown, in one step in the page: the replies may end, and
#: at a deal's end their table gives way to the replay, between a test's look and its tap.
SKIP_REPLIES = f"""() => {{
  {FIND_TABLE}
  const table = find(document);
  const skip = table && !table.classList.contains("replay") && table.dataset.state === "playing"
    && [...table.querySelectorAll("button")].find((button) => button.textContent === "Skip to my turn");
  if (skip) skip.click();
}}"""


def skip_replies(page) -> None:
    """Tap "Skip to my turn" while the computer's replies are shown (not at a deal's end, which is replayed)."""
    page.evaluate(SKIP_REPLIES)


def table_state(page) -> str:
    return page.locator(PLAY_TABLE).get_attribute("data-state")


def play_deal(page, players: int, width: int, shots: bool) -> None:
    """Tap a good play at each turn until the deal is over; the first turn and the replay screenshot. On a phone the
    learner taps "Skip to my turn" while the replies are shown."""
    state, seq = table_ready(page)
    turns = 0
    while state == "turn":
        if shots and turns == 1:
            shoot(page, f"table-{players}p-play-{width}")
            faults = page.evaluate(PHONE_FAULTS) if width == 390 else []
            assert not faults, faults
        tap_play(page, good_play(page, FRENCH))
        if width == 390:
            skip_replies(page)
        state, seq = table_ready(page, seq)
        turns += 1
    assert turns and turns <= 40 // players + 1  # a hand of three at a time, from the 40 cards (R8, R10)
    after = page.get_by_role("button", name="Next deal ▶").or_(page.get_by_role("button", name="Start a new match"))
    after.first.wait_for()
    if shots:
        replay = page.locator(".seat-table.replay")
        click_and_settle(page, replay.get_by_role("button", name="◀ Back"))
        steps = replay.locator(".where")
        last = int(re.search(r"Step (\d+) of", steps.inner_text())[1])
        page.keyboard.press("ArrowLeft")  # the focus on Back: the arrow keys step too
        assert re.search(r"Step (\d+) of", steps.inner_text())[1] == str(last - 1)
        replay.scroll_into_view_if_needed()
        shoot(page, f"table-{players}p-replay-{width}")


def turkish(app):
    """The app, its learner playing by the Turkish rules to 21."""
    app.set_rules(PROFILES["turkish"])
    return app


@pytest.mark.parametrize("players", TABLES)
def test_a_deal_at_each_table_is_played_by_tapping_only_on_a_phone(app, browser, players):
    page = browser.new_page(**WIDTHS[390])
    start(turkish(app), page, players, 390)
    play_deal(page, players, 390, shots=True)
    page.close()


@pytest.mark.parametrize("players", TABLES)
def test_each_table_is_drawn_and_a_play_shown_moving_at_1280_wide(app, browser, players):
    page = browser.new_page(**WIDTHS[1280])
    answers = HeldAnswers(page)
    start(turkish(app), page, players, 1280)
    _, seq = table_ready(page)
    table = page.locator(PLAY_TABLE)
    answers.held = True
    table.get_by_role("button", name="Play", exact=True).click()  # nothing picked: to be refused
    table.locator(".thinking").wait_for()  # no answer after 300 ms
    answers.release()
    table.locator(".message.error").wait_for()
    assert table.locator(".thinking").is_hidden()
    tap_play(page, good_play(page, FRENCH))
    assert table_ready(page, seq)[0] == "turn"  # every reply shown moving, at the fast pace
    shoot(page, f"table-{players}p-play-1280")
    page.close()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_cards_fly_to_the_table_unless_the_learner_asks_for_less_motion(app, browser, motion):
    page = browser.new_page(**WIDTHS[1280], reduced_motion=motion)
    start(turkish(app), page, 4, 1280)
    _, seq = table_ready(page)
    page.evaluate(
        """() => {
          window.__flying = 0;
          const host = [...document.querySelectorAll("[data-testid^='stBidiComponent']")]
            .find((node) => node.shadowRoot?.querySelector(".seat-table"));
          new MutationObserver((records) => {
            for (const record of records) {
              for (const node of record.addedNodes) if (node.classList?.contains("ghost")) window.__flying += 1;
            }
          }).observe(host.shadowRoot, {childList: true, subtree: true});
        }"""
    )
    tap_play(page, good_play(page, FRENCH))
    table_ready(page, seq)
    flying = page.evaluate("window.__flying")
    if motion == "reduce":
        assert flying == 0  # the states shown one after the other, nothing flying
    else:
        assert flying >= 3  # each of the three replies' cards, from its seat to the table
    page.close()


def shown(page) -> int:
    """How many of the moves sent the seat table has shown."""
    return int(page.locator(PLAY_TABLE).get_attribute("data-shown"))


def test_step_by_step_waits_for_next_play_and_pause_holds_the_replies(app, browser):
    page = browser.new_page(**WIDTHS[1280])
    start(turkish(app), page, 4, 1280)
    table = page.locator(PLAY_TABLE)
    _, seq = table_ready(page)
    click_and_settle(page, table.get_by_role("button", name="Step by step", exact=True))
    tap_play(page, good_play(page, FRENCH))
    page.locator(f"{PLAY_TABLE}[data-waiting='next']").wait_for()  # the learner's play shown, the first reply held
    assert table_state(page) == "playing" and not table.locator(".my-hand button").count()  # not yet to pick
    presses = 0
    while table_state(page) == "playing":
        before = shown(page)
        table.get_by_role("button", name="Next play").click()  # one reply shown per press
        page.wait_for_function(  # the move shown whole: to the table, then to the pile; then the next one held
            f"""() => {{
              {FIND_TABLE}
              const table = find(document);
              return Number(table.dataset.shown) > {before}
                && (table.dataset.waiting === "next" || table.dataset.state !== "playing");
            }}"""
        )
        presses += 1
        assert presses <= 3, "three replies at a table of four"
    _, seq = table_ready(page, seq)
    click_and_settle(page, table.get_by_role("button", name="Slow", exact=True))
    tap_play(page, good_play(page, FRENCH))
    click_and_settle(page, table.get_by_role("button", name="Pause"))
    page.locator(f"{PLAY_TABLE}[data-waiting='pause']").wait_for()  # held with no timer running: only Go on ends it
    assert table_state(page) == "playing"
    click_and_settle(page, table.get_by_role("button", name="Go on"))
    assert table_ready(page, seq)[0] == "turn"
    page.close()


def test_a_step_back_while_the_last_plays_move_stops_them_there(app, browser):
    page = browser.new_page(**WIDTHS[1280])
    start(turkish(app), page, 2, 1280)
    click_and_settle(page, page.locator(PLAY_TABLE).get_by_role("button", name="Slow", exact=True))
    table, replay = page.locator(PLAY_TABLE), page.locator(".seat-table.replay")
    _, seq = table_ready(page)
    while table.locator(".my-hand button.card").count() > 1 or table.locator(".stock-card").count():
        tap_play(page, good_play(page, FRENCH))
        skip_replies(page)
        _, seq = table_ready(page, seq)
    for label in good_play(page, FRENCH):  # the learner's last card: the deal ends, its last plays move slowly
        table.get_by_role("button", name=label).click()
    table.get_by_role("button", name="Play", exact=True).click()
    page.locator(".seat-table.replay[data-state='playing']").wait_for()
    where = replay.locator(".where")
    moving = int(re.search(r"Step (\d+) of", where.inner_text())[1])  # the state the move under way starts from
    replay.get_by_role("button", name="◀ Back").click()
    page.locator(".seat-table.replay[data-state='done']").wait_for()
    # the move under way was drawn at once and the show ended there, one state on: the step back comes to where
    # it started, not to the state before the deal's end
    assert int(re.search(r"Step (\d+) of", where.inner_text())[1]) == moving
    assert replay.get_by_role("button", name="Forward ▶").is_enabled()
    page.close()


CLAIM = re.compile("^Claim: ")


def claim_or_play(page, seq: str, missed: bool) -> tuple[int, bool, str]:
    """One turn in table mode: claim what the computer left (V5), then play; the first time a capture is there and
    none was ``missed`` yet, lay the capturing card down instead (not with the hand's last card, which may end the
    deal before the computer can claim it). How many claims were made, whether one was missed now, and the id of the
    moves the table shows before the play."""
    claims = 0
    while page.get_by_role("button", name=CLAIM).count():
        click_and_settle(page, page.get_by_role("button", name=CLAIM).first)
        _, seq = table_ready(page, seq)  # the table shows the claim, then gives the learner the turn again
        claims += 1
    labels = good_play(page, FRENCH)
    in_hand = page.locator(f"{PLAY_TABLE} .my-hand button.card").count()
    if not missed and len(labels) > 1 and in_hand > 1:  # the card alone, laid down (it stands, V5); not the last
        tap_play(page, labels[:1])
        return claims, True, seq
    tap_play(page, labels)
    return claims, False, seq


def test_table_mode_with_claims_both_ways(app, browser):
    """Deal after deal until the learner has claimed a capture and the computer one the learner left, and a deal is
    over (``test_app_play`` plays whole matches to their end)."""
    width = 390
    page = browser.new_page(**WIDTHS[width])
    open_app(page, turkish(app)("/play?faces=french&courts=letters&lang=en"))
    page.get_by_text(re.compile("^Two players")).click()
    page.get_by_text(re.compile("^Beginner")).click()  # it overlooks a capture one time in four
    page.get_by_text(re.compile("^Table mode")).click()
    click_and_settle(page, page.get_by_role("button", name="Start the match"))
    click_and_settle(page, page.get_by_role("button", name="Fast", exact=True))
    claimed, missed, deals = 0, False, 0
    while not (claimed and missed and deals) and not page.get_by_role("button", name="Start a new match").count():
        if deals:
            click_and_settle(page, page.get_by_role("button", name="Next deal ▶"))
        state, seq = table_ready(page)
        while state == "turn":
            if page.get_by_role("button", name=CLAIM).count() and not claimed:
                shoot(page, f"table-mode-claim-{width}")
            made, missed_now, seq = claim_or_play(page, seq, missed)
            claimed, missed = claimed + made, missed or missed_now
            state, seq = table_ready(page, seq)
            if missed_now:
                log = page.get_by_text("Every play of this deal")
                log.click()
                claim = re.compile(r"^Seat \d+[^:]*: claiming the missed capture")  # the computer's (dealer or not)
                assert page.get_by_text(claim).count()
                shoot(page, f"table-mode-claimed-against-{width}")
                log.click()
        deals += 1
        assert deals < 12, "claims both ways come in far fewer deals"
    assert claimed and missed
    assert page.get_by_role("heading", name=re.compile("^Deal \\d+ is over$")).count()
    shoot(page, f"table-mode-over-{width}")
    page.close()
