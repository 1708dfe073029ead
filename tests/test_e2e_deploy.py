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
from browser_kit import CHROMIUM, click_and_settle, open_app
from deploy_kit import CADDY, PASSWORD, Deploy, answer_homework, class_with_homework, deploy, unverified
from pg_kit import Server

from trainer.progress.stores import open_store

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = [
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium"),
    pytest.mark.skipif(not Path(CADDY).exists(), reason="no Caddy here: apt-get install caddy"),
]
LEARNER = "Learner 1"
NEXT = re.compile(r"· next puzzle$")


@pytest.fixture(scope="module")
def club(postgres: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Deploy, str]]:
    """The deploy running, and the class code of a class with one learner and homework."""
    database = postgres.database()
    code = class_with_homework(database, learners=1)
    with deploy(database, tmp_path_factory.mktemp("deploy")) as running:
        yield running, code


def lb_cookie(replica: str) -> str:
    """The value of Caddy's ``lb`` cookie that sends a browser to ``replica`` (the address Caddy dials): an
    HMAC-SHA256 of it, with the Caddyfile's secret, none."""
    return hmac.new(b"", replica.encode(), hashlib.sha256).hexdigest()


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
    page = context.new_page()
    open_app(page, running.url)
    page.get_by_label("Class code", exact=True).fill(code)
    page.get_by_label("Your name", exact=True).fill(LEARNER)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    click_and_settle(page, page.get_by_role("button", name="Sign in", exact=True))
    page.get_by_test_id("stMain").get_by_text(f"Signed in as {LEARNER}").wait_for()
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
