"""A class on a club's server: ``python bench/classroom.py [--learners 30] [--seconds 60] [--every 2] [--browsers 1]
[--db URL] [--replicas N]``.

Serves the app as a club's server (a ``[club]`` in its secrets) with a fresh progress folder, or ``--db URL`` a
PostgreSQL database; with ``--replicas N``, as ``deploy/`` serves it (``tests/deploy_kit.py``): N app processes
on PostgreSQL (``--db``, else a private server made for the run) behind Caddy with ``deploy/Caddyfile``, over
HTTPS, each learner's tab sent to a replica by the proxy. A teacher's class gets homework of 60 puzzles that are
answered by typing (theme "several-ways"), and each learner signs in with the class code. Every ``--every``
seconds each learner follows the link to their next homework puzzle (Home's, then the one a verdict shows), types
its answer and presses Check: the rounds are spread evenly over the interval. A Check that draws no verdict is an
error. Then the store is asked how many answers each learner has: every answer given must be stored.

Most learners are tabs that speak the browser's own protocol to the server (``bench/wire.py``): each of their
clicks is timed from sending it to the end of the run it started, which is the server's part of a click, the part a
class's devices share. ``--browsers`` of them are headless Chromium pages, whose Check is timed from the click to
the page's last change once the app is idle, as ``bench/browser.py`` times it: what a learner waits, drawing
included, on a device that is this machine (a run over between two animation frames is not seen starting: its
Check is timed all the same, and counted).

Prints the median and 95th percentile of each, the errors, the answers given and stored, the share of a core the
servers used, and each server process's resident memory: once started, with a first session (which loads the
app, the bank and the course), with every learner's session idle, and per further idle session.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from wire import Session

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_kit import CHROMIUM, FLAGS, WATCH, app_server, club_secrets, free_port
from deploy_kit import BANK, PASSWORD, class_with_homework, deploy, unverified
from pg_kit import database_server

from trainer.ai.arena import median_and_p95
from trainer.progress.stores import DB_VAR, open_store

SIGN_IN = (("Class code", "code"), ("Your name", "name"), ("Password", "password"))
#: How long a Check waits for its run to be seen starting (a run over between two animation frames is not),
#: before the last change counts as its end.
GRACE_MS = 5_000
#: The verdict a Check draws: what tells that the answer was judged.
VERDICT = re.compile(r"^(Right|Not quite)")
NEXT = re.compile(r"· next puzzle$")
#: Every learner's page is drawn as if it were in front: Chromium slows the animation frames of pages behind
#: others, which the timing waits on.
AWAKE = [
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]


def server_process(port: int) -> Path:
    """The /proc folder of the Streamlit server serving ``port`` (found by its command line)."""
    for process in Path("/proc").iterdir():
        try:
            command = (process / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"streamlit" in command and str(port).encode() in command:
            return process
    raise RuntimeError(f"no Streamlit server on port {port}")


def resident_mb(process: Path) -> float:
    """A process's resident memory, in MB."""
    status = (process / "status").read_text()
    return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) / 1024


def cpu_seconds(process: Path) -> float:
    """The CPU time a process has used so far, user and system."""
    user, system = (process / "stat").read_text().rsplit(")", 1)[1].split()[11:13]
    return (int(user) + int(system)) / os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    """The timed clicks, by what was clicked, for the wire tabs and the Chromium pages; the errors."""

    wire: dict[str, list[float]] = field(default_factory=lambda: {"Check": [], "the next puzzle": []})
    browser: list[float] = field(default_factory=list)
    unseen: int = 0  # Chromium Checks whose run was too quick to be seen starting
    errors: list[str] = field(default_factory=list)


def verdict(tab: Session) -> str:
    """The verdict a puzzle page shows, in the card table's box or the verdict box (its component's data), not
    the words only screen readers are told."""
    shown = [json.loads(element.proto.json or "{}") for element in tab.elements if element.kind == "bidi_component"]
    return next((str(data["message"]["text"]) for data in shown if data.get("message") and not data.get("unseen")), "")


class WireLearner:
    """A learner in a tab that speaks the protocol: no drawing, each click timed to the end of its run."""

    def __init__(self, tab: Session, tally: Tally) -> None:
        self.tab, self.tally = tab, tally

    @classmethod
    async def sign_in(cls, url: str, said: dict[str, str], tally: Tally) -> WireLearner:
        tab = await Session.open(url, tls=unverified() if url.startswith("https:") else None)
        for label, key in SIGN_IN:
            await tab.fill(tab.find("text_input", label), said[key])
        await tab.click(tab.find("button", "Sign in"))
        tab.find("page_link", NEXT)
        return cls(tab, tally)

    async def answer(self) -> str:
        """Open the next homework puzzle and answer it; returns the puzzle's id."""
        tab, times = self.tab, self.tally.wire
        link = tab.find("page_link", NEXT)
        puzzle = BANK[parse_qs(link.proto.query_string)["puzzle"][0]]
        times["the next puzzle"].append(await tab.follow(link))
        [box] = [element for element in tab.elements if element.kind == "text_input"]
        await tab.fill(box, puzzle.solutions()[0])
        [check] = [element for element in tab.elements if element.kind == "button" and element.proto.is_form_submitter]
        seconds = await tab.click(check)
        if VERDICT.match(verdict(tab)):
            times["Check"].append(seconds)
        else:
            self.tally.errors.append(f"no verdict on {puzzle.id}")
        return puzzle.id

    async def close(self) -> None:
        await self.tab.close()


async def _settle(page: Any) -> None:
    await page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=90_000)


async def _click_and_wait(page: Any, locator: Any) -> dict[str, Any]:
    await page.evaluate(WATCH, {"quiet": 50, "grace": GRACE_MS, "limit": 60_000, "fromClick": True})
    await locator.click()
    return await page.evaluate("window.__idle")  # type: ignore[no-any-return]


class BrowserLearner:
    """A learner in a headless Chromium page, whose Check is timed from the click to the page's last change."""

    def __init__(self, page: Any, tally: Tally) -> None:
        self.page, self.tally = page, tally

    @classmethod
    async def sign_in(cls, browser: Any, url: str, said: dict[str, str], tally: Tally) -> BrowserLearner:
        context = await browser.new_context(viewport={"width": 1280, "height": 900}, ignore_https_errors=True)
        page = await context.new_page()
        page.set_default_timeout(90_000)
        await page.goto(url)
        await _settle(page)
        for label, key in SIGN_IN:
            await page.get_by_label(label, exact=True).fill(said[key])
        await _click_and_wait(page, page.get_by_role("button", name="Sign in", exact=True))
        await page.get_by_role("link", name=NEXT).wait_for()
        return cls(page, tally)

    async def answer(self) -> str:
        """Open the next homework puzzle and answer it; returns the puzzle's id."""
        page = self.page
        link = page.get_by_role("link", name=NEXT)
        puzzle = BANK[parse_qs(urlsplit(await link.get_attribute("href")).query)["puzzle"][0]]
        await _click_and_wait(page, link)
        box = page.locator("[data-testid='stTextInput'] input").last
        if not await box.is_visible():
            await page.get_by_text("Type your answer instead").click()
        await box.fill(puzzle.solutions()[0])
        result = await _click_and_wait(page, page.locator("[data-testid='stFormSubmitButton'] button"))
        if await page.get_by_text(VERDICT).count() == 0:
            self.tally.errors.append(f"no verdict on {puzzle.id} in Chromium")
        else:
            self.tally.browser.append(result["ms"] / 1000)
            self.tally.unseen += not result["rerun"]
        return puzzle.id

    async def close(self) -> None:
        await self.page.close()


async def warm_up(url: str, code: str) -> None:
    """Open a homework puzzle once without answering it, so the first learner's first click does not load the
    puzzles page's modules."""
    said = {"code": code, "name": "Learner 1", "password": PASSWORD}
    learner = await WireLearner.sign_in(url, said, Tally())
    await learner.tab.follow(learner.tab.find("page_link", NEXT))
    await learner.close()


async def rounds(answer: Callable[[], Awaitable[str]], start: float, every: float, until: float, tally: Tally) -> int:
    """Answer every ``every`` seconds from ``start`` until ``until``; return how many answers were given."""
    given, due = 0, start
    while max(due, time.monotonic()) < until:  # a round late for its time starts at once, none after the end
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        due += every
        try:
            await answer()
        except (LookupError, ValueError) as error:  # the page was not what a learner expects
            tally.errors.append(f"{type(error).__name__}: {error}"[:200])
            return given
        given += 1
    return given


@dataclass
class Run:
    """What a class's run found: answers given per learner, the tally, memory and CPU of the server processes."""

    given: dict[str, int]
    tally: Tally
    memory: list[tuple[float, float, float]]  # per process: started, with one session, with every session idle
    cpu: float  # the processes' CPU seconds while the learners answered
    seconds: float  # how long they answered


async def classroom(url: str, servers: list[str], code: str, args: argparse.Namespace) -> Run:
    """The class at ``url``, served by the app processes at ``servers`` (``url`` itself, without a proxy)."""
    from playwright.async_api import async_playwright

    names = [f"Learner {number}" for number in range(1, args.learners + 1)]
    tally = Tally()
    processes = [server_process(int(server.rsplit(":", 1)[1])) for server in servers]
    async with async_playwright() as playwright:
        browser = None
        if args.browsers:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *AWAKE])

        async def sign_in(number: int) -> WireLearner | BrowserLearner:
            said = {"code": code, "name": names[number], "password": PASSWORD}
            if number < args.browsers:
                return await BrowserLearner.sign_in(browser, url, said, tally)
            return await WireLearner.sign_in(url, said, tally)

        before = [resident_mb(process) for process in processes]
        for server in servers:  # loads each process's modules, the bank and the course
            await warm_up(server, code)
        await asyncio.sleep(2)
        warm = [resident_mb(process) for process in processes]
        learners = [await sign_in(number) for number in range(args.learners)]
        await asyncio.sleep(2)
        idle = [resident_mb(process) for process in processes]
        start, used = time.monotonic() + 1, sum(map(cpu_seconds, processes))
        given = await asyncio.gather(
            *(rounds(learner.answer, start + n * args.every / args.learners, args.every, start + args.seconds, tally)
              for n, learner in enumerate(learners))
        )  # fmt: skip
        used, took = sum(map(cpu_seconds, processes)) - used, time.monotonic() - start
        for learner in learners:
            await learner.close()
        if browser is not None:
            await browser.close()
    return Run(dict(zip(names, given, strict=True)), tally, list(zip(before, warm, idle, strict=True)), used, took)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the learners answer (default 60)")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between a learner's answers (default 2)")
    parser.add_argument("--browsers", type=int, default=1, help="learners in Chromium pages (default 1)")
    parser.add_argument("--db", help="a PostgreSQL database to keep progress in (default: a fresh SQLite file)")
    parser.add_argument(
        "--replicas", type=int, default=0, help="app processes behind Caddy, on PostgreSQL (default 0: one, no proxy)"
    )
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="classroom-"))
    with ExitStack() as running:
        if args.replicas and not args.db:
            args.db = running.enter_context(database_server()).database()
        place = args.db or str(folder)
        code = class_with_homework(place, args.learners)
        if args.replicas:
            deployed = running.enter_context(deploy(args.db, folder, args.replicas))
            url, servers = deployed.url, deployed.replicas
        else:
            flags, env = ["--secrets.files", str(club_secrets(folder))], {DB_VAR: args.db} if args.db else {}
            url = running.enter_context(app_server(folder, port=free_port(), flags=flags, env=env))
            servers = [url]
        found = asyncio.run(classroom(url, servers, code, args))
        with open_store(place) as saved:
            # a class's learner is found by the class code and name: a name alone finds only this computer's profiles
            stored = {name: len(saved.attempts(saved.class_password(code, name)[0])) for name in found.given}
    report(found, stored, args)


def report(found: Run, stored: dict[str, int], args: argparse.Namespace) -> None:
    tally = found.tally
    missing = {name: given - stored[name] for name, given in found.given.items() if stored[name] != given}
    wire = args.learners - args.browsers
    served = f"{args.replicas} app processes behind Caddy" if args.replicas else "one app process"
    print(f"{args.learners} learners ({wire} on the protocol, {args.browsers} in Chromium), an answer each every "
          f"{args.every:g} s for {args.seconds:g} s, progress in {'PostgreSQL' if args.db else 'SQLite'}, "
          f"{served}")  # fmt: skip
    for action, times in tally.wire.items():
        if times:
            median, p95 = median_and_p95(times)
            print(f"the server's part of a click on {action}: median {median * 1000:.0f} ms, "
                  f"p95 {p95 * 1000:.0f} ms over {len(times)}")  # fmt: skip
    if tally.browser:
        median, p95 = median_and_p95(tally.browser)
        print(f"Check in Chromium, click to idle: median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms over "
              f"{len(tally.browser)} ({tally.unseen} with a run too quick to be seen starting)")  # fmt: skip
    print(f"errors: {len(tally.errors)} {sorted(set(tally.errors))[:5]}")
    print(f"answers given {sum(found.given.values())}, stored {sum(stored.values())}, missing {missing or 'none'}")
    answers = max(1, sum(found.given.values()))
    print(f"server CPU while answering: {found.cpu / found.seconds:.2f} s a second (a whole core is 1.00), "
          f"{found.cpu / answers * 1000:.0f} ms an answer")  # fmt: skip
    for number, (before, warm, idle) in enumerate(found.memory, 1):
        print(f"process {number} memory: {before:.0f} MB started, {warm:.0f} MB with one session (the app loaded), "
              f"{idle:.0f} MB with its learners idle")  # fmt: skip
    growth = sum(idle - warm for _, warm, idle in found.memory) / max(1, args.learners - len(found.memory))
    print(f"{growth:.2f} MB a further idle session")


if __name__ == "__main__":
    main()
