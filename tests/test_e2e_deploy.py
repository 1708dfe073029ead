"""End to end, ``deploy/`` as a club runs it, without Docker (``deploy_kit``): PostgreSQL, two app processes on
it and Caddy from Debian's package with ``deploy/Caddyfile``'s own settings, over HTTPS. A learner of a class signs
in through the proxy in Chromium and answers homework; the replica serving them is stopped; the page connects to
the other replica, and at the learner's next click it is still signed in there; they answer again: both answers
are stored. Caddy's part is checked where a browser cannot see it: Streamlit's cookies leave the proxy with Secure,
and the stopped replica's health check fails. One start-up for the module. Skipped, saying why, where Caddy,
Chromium or PostgreSQL is missing."""

import hashlib
import hmac
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import (
    CHROMIUM,
    FIND_TABLE,
    PLAY_TABLE,
    TURN_CARDS,
    click_and_settle,
    good_play,
    open_app,
    table_ready,
    tap_play,
)
from deploy_kit import CADDY, PASSWORD, Deploy, answer_homework, class_with_homework, deploy, unverified
from pg_kit import Server
from test_e2e import shoot
from test_e2e_club import choose

from trainer.app.card_style import CardStyle
from trainer.progress import table_play
from trainer.progress.stores import open_store

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium"),
    pytest.mark.skipif(not Path(CADDY).exists(), reason="no Caddy here: apt-get install caddy"),
]
LEARNER = "Learner 1"
FRENCH = CardStyle(style="french", courts="letters")
#: Whether the page has drawn what followed a play: the table with other moves than those sent as ``old``, once it
#: has shown them, or no table (the deal is over).
MOVED_ON = f"""(old) => {{
  {FIND_TABLE}
  const table = find(document);
  return !table || (["turn", "done"].includes(table.dataset.state) && table.dataset.seq !== old);
}}"""
NEXT = re.compile(r"· next puzzle$")


@pytest.fixture(scope="module")
def club(postgres: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Deploy, str]]:
    """The deploy running, and the class code of a class with one learner and homework."""
    database = postgres.database()
    code = class_with_homework(database, learners=2)
    with deploy(database, tmp_path_factory.mktemp("deploy")) as running:
        yield running, code


def lb_cookie(replica: str) -> str:
    """The value of Caddy's ``lb`` cookie that sends a browser to ``replica`` (the address Caddy dials): an
    HMAC-SHA256 of it, with the Caddyfile's secret, none."""
    return hmac.new(b"", replica.encode(), hashlib.sha256).hexdigest()


def signed_in(context: Any, running: Deploy, code: str, name: str) -> Any:
    """A page of ``context`` signed in through the proxy as the learner ``name`` of the class ``code``."""
    page = context.new_page()
    open_app(page, running.url)
    page.get_by_label("Class code", exact=True).fill(code)
    page.get_by_label("Your name", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    click_and_settle(page, page.get_by_role("button", name="Sign in", exact=True))
    page.get_by_test_id("stMain").get_by_text(f"Signed in as {name}").wait_for()
    return page


def answer_next_homework(page: Any) -> None:
    """Follow Home's link to the next homework puzzle, type its answer and check it: it is judged right."""
    answer_homework(page, page.get_by_role("link", name=NEXT))
    click_and_settle(page, page.get_by_role("link", name="Home"))


def health_check_failed(running: Deploy, replica: int, seconds: float = 30) -> bool:
    """Whether Caddy's active health check logs the replica's /_stcore/health failing, within ``seconds`` (its
    interval is 5 s)."""
    failed = re.compile(
        rf'"logger":"[\w.]*health_checker.active".*"host":"{re.escape(running.dial(replica))}".*/_stcore/health'
    )
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if failed.search((running.folder / "caddy.log").read_text(encoding="utf-8")):
            return True
        time.sleep(0.25)
    return False


def cookies_set_secure(url: str) -> bool:
    """Whether Streamlit's cookie against cross-site requests, which its health check sets, leaves the proxy at
    ``url`` with Secure, once."""
    response = urllib.request.urlopen(f"{url}/_stcore/health", context=unverified())
    [token] = [line for line in response.headers.get_all("Set-Cookie") if line.startswith("_streamlit_xsrf=")]
    return bool(re.search(r"; *Secure$", token)) and token.count("Secure") == 1


def answers_stored(database: str, code: str) -> int:
    with open_store(database) as saved:
        return len(saved.attempts(saved.class_password(code, LEARNER)[0]))


def test_through_the_proxy_a_learner_goes_on_on_the_other_replica_when_theirs_stops(
    browser: Any, club: tuple[Deploy, str]
) -> None:
    """One test, so that the servers start once wherever the tests run."""
    running, code = club
    assert cookies_set_secure(running.url)
    context = browser.new_context(ignore_https_errors=True, viewport={"width": 1280, "height": 900})
    page = signed_in(context, running, code, LEARNER)
    streamlits = [cookie for cookie in context.cookies() if cookie["name"].startswith("_streamlit")]
    assert streamlits and all(cookie["secure"] for cookie in streamlits)  # as the browser keeps them
    [sticky] = [cookie["value"] for cookie in context.cookies() if cookie["name"] == "lb"]
    served = [lb_cookie(running.dial(number)) for number in (0, 1)].index(sticky)  # one replica, by the cookie
    answer_next_homework(page)
    assert answers_stored(running.database, code) == 1

    running.stop(served)
    other = lb_cookie(running.dial(1 - served))  # the page connects again through Caddy, which sends it there
    page.wait_for_function("other => document.cookie.includes(`lb=${other}`)", arg=other)
    assert health_check_failed(running, served)

    # The learner's next click runs on the other replica, still signed in: the sign-in's session is read back
    # from its cookie there.
    click_and_settle(page, page.get_by_role("link", name="Home"))
    page.get_by_test_id("stMain").get_by_text(f"Signed in as {LEARNER}").wait_for()
    answer_next_homework(page)
    assert answers_stored(running.database, code) == 2  # nothing lost: the answer given before the stop, and this one
    running.restart(served)  # for the module's other tests
    context.close()


def sign_in(browser: Any, running: Deploy, code: str, name: str, replica: int) -> Any:
    """A browser of its own for a learner, sent by Caddy's cookie to ``replica``, signed in with the class code, on
    the Play a classmate page with French faces (the names ``good_play`` reads)."""
    context = browser.new_context(ignore_https_errors=True, viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "lb", "value": lb_cookie(running.dial(replica)), "url": running.url}])
    page = signed_in(context, running, code, name)
    open_app(page, f"{running.url}/classmates?faces=french&courts=letters")
    return page


def radio(page: Any, label: str, option: str) -> Any:
    """The choice ``option`` of the radio buttons ``label``."""
    return page.get_by_test_id("stRadio").filter(has_text=label).get_by_text(option, exact=True)


def play_turns(pages: list[Any], until: Any, turns: int = 10_000) -> int:
    """Each page plays a good play whenever the table offers its seat the cards, ``turns`` plays in all or until
    ``until(page)`` holds on every page; the plays made. The other page's move reaches each by its poll."""
    made = 0
    while made < turns and not all(until(page) for page in pages):
        played = False
        for page in pages:
            if page.evaluate(TURN_CARDS):
                try:
                    _, seq = table_ready(page)
                    tap_play(page, good_play(page, FRENCH))
                    page.wait_for_function(MOVED_ON, arg=seq)  # a loaded machine may start its rerun after the settle
                except playwright.TimeoutError:  # what each page showed then, to see why
                    for number, shown in enumerate(pages):
                        shoot(shown, f"classmates-stuck-{number}")
                    raise
                made, played = made + 1, True
        if not played:
            pages[0].wait_for_timeout(200)
    return made


def deal_over(page: Any, number: int = 1) -> bool:
    return page.get_by_role("heading", name=f"Deal {number} is over").count() > 0


def ended(page: Any) -> bool:
    """Whether the deal's end, once its review is read, offers the way back to the tables: the match is over."""
    page.get_by_role("button", name=re.compile(r"^(Next deal ▶|Back to the tables)$")).wait_for()
    return page.get_by_role("button", name="Back to the tables").count() > 0


def stood_in(database: str, code: str) -> int:
    """How many plays the computer made for Learner 1 while they were away, as the table keeps them."""
    with open_store(database) as saved:
        [table] = saved.tables(saved.class_password(code, "Learner 1")[0])
        shared = table_play.shared_of(table)
        assert shared is not None
        return len(shared.stood_in)


def weighed_plays(page: Any) -> int:
    """How many of the reader's plays the review of the deal weighed, once it says so."""
    summary = page.get_by_text(re.compile(r"^\d+ plays? weighed"))
    summary.wait_for()
    return int(summary.inner_text().split()[0])


def test_two_classmates_on_two_replicas_play_through_the_proxy(browser: Any, club: tuple[Deploy, str]) -> None:
    """Learner 1 opens a table of four (two computers, as partners of neither) and invites Learner 2, each served by a
    replica of their own; they play the first deal by tapping, each move reaching the other browser by its poll:
    Learner 1 steps away and the computer plays for them until they take the seat back, and Learner 2's replica is
    stopped and their page goes on on the other. Each reads the review of their own plays alone, and the second deal,
    dealt once both have read the first's end, reaches both. (The match's end is read in ``test_app_classmates``.)"""
    running, code = club
    first, second = (sign_in(browser, running, code, f"Learner {n + 1}", n) for n in (0, 1))
    choose(first, "Rules", "Sevens (no setenta)")
    click_and_settle(first, radio(first, "Played to", "15 points"))
    click_and_settle(first, radio(first, "Players", "4"))
    choose(first, "Invite", "Learner 2")
    click_and_settle(first, first.get_by_role("button", name="Open the table"))
    click_and_settle(second, second.get_by_role("link", name="Home"))
    open_app(second, f"{running.url}/classmates?faces=french&courts=letters")
    click_and_settle(second, second.get_by_role("button", name="Sit down"))
    first.get_by_text("Seat 1: Learner 2", exact=True).wait_for()  # Learner 2's sitting down, by this page's poll
    click_and_settle(first, first.get_by_role("button", name="Start the match"))
    for page in (first, second):  # the others' plays shown fast, as a player in a hurry chooses
        click_and_settle(page, page.locator(PLAY_TABLE).get_by_role("button", name="Fast", exact=True))

    mine = play_turns([first, second], deal_over, turns=2)
    click_and_settle(first, first.get_by_role("button", name="Let the computer play for me while I am away"))
    first.get_by_text("The computer is playing your seat while you are away.").wait_for()
    mine += play_turns([second], deal_over, turns=2)  # the computer answers for Learner 1 meanwhile
    click_and_settle(first, first.get_by_role("button", name="Take my seat back"))
    shoot(first, "classmates-table-1280")
    running.stop(1)  # Learner 2's replica
    other = lb_cookie(running.dial(0))
    second.wait_for_function("other => document.cookie.includes(`lb=${other}`)", arg=other)
    second.locator("[data-testid='stApp'][data-test-connection-state='CONNECTED']").wait_for()
    second.get_by_test_id("stSidebar").get_by_text("Signed in as Learner 2").wait_for()  # still, on the other one
    mine += play_turns([first, second], deal_over)
    weighed = [weighed_plays(page) for page in (first, second)]
    shoot(second, "classmates-review-1280")
    assert weighed[1] == 9 and sum(weighed) == 18 - stood_in(running.database, code) < 18  # those are nobody's
    assert mine >= sum(weighed)  # a tap on a turn the computer had just taken is refused, and weighs nothing
    running.restart(1)
    for page in (first, second):  # the next deal is dealt once both have read the end of this one
        assert not ended(page)
        click_and_settle(page, page.get_by_role("button", name="Next deal ▶"))
    for page in (first, second):
        page.locator(PLAY_TABLE).wait_for()  # the second deal, on both pages
    assert play_turns([first, second], lambda page: deal_over(page, 2), turns=2) == 2  # and it goes on
