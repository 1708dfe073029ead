"""A class on one app process: ``python bench/classroom.py [--learners 30] [--seconds 60] [--every 2]``.

Serves the app as a club's server (a ``[club]`` in its secrets) with a fresh progress folder, or ``--db URL`` a
PostgreSQL database. A teacher's class gets homework of 60 puzzles that are answered by typing (theme
"several-ways"), and each learner signs in with the class code in a headless Chromium page of their own. Every
``--every`` seconds each learner follows Home's link to their next homework puzzle, types its answer and presses
Check, then goes back Home: the rounds are spread evenly over the interval. The Check is timed from the click to
the page's last change once the app is idle, as ``bench/browser.py`` times it (a run over between two animation
frames is not seen starting: its Check is timed all the same, and counted); a Check that draws no verdict, or
changes nothing, is an error. Then the store is asked how many answers each learner has: every answer given must
be stored.

Prints the median and 95th percentile of the Check, the errors, the answers given and stored, and the app
server's resident memory: once started, with the first session (which loads the app, the bank and the course),
with every learner's session idle, and per further idle session. The browser runs on the same machine, so on few
cores its drawing competes with the server: the figures are the server's under that load.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from browser_kit import CHROMIUM, FLAGS, WATCH, app_server, free_port

from trainer.ai.arena import median_and_p95
from trainer.progress.accounts import add_learner
from trainer.progress.homework import assign_puzzles
from trainer.progress.stores import DB_VAR, open_store
from trainer.puzzles import load_puzzles
from trainer.puzzles.loader import bank_folder

BANK = {puzzle.id: puzzle for puzzle in load_puzzles(bank_folder())}
THEME = "several-ways"  # every classic puzzle of it is a capture or a choice of play, answered by typing
PASSWORD = "a-class-password"
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


def resident_mb(port: int) -> float:
    """The resident memory of the Streamlit server serving ``port``, in MB (found by its command line)."""
    for process in Path("/proc").iterdir():
        try:
            command = (process / "cmdline").read_bytes().split(b"\0")
            if b"streamlit" in command and str(port).encode() in command:
                status = (process / "status").read_text()
                return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) / 1024
        except (OSError, StopIteration, ValueError):
            continue
    raise RuntimeError(f"no Streamlit server on port {port}")


def set_up(place: str, learners: int) -> str:
    """A teacher, a class with ``learners`` learners and their homework; returns the class code."""
    with open_store(place) as saved:
        teacher = saved.create_account("Teacher", "https://id.example", "teacher").learner
        saved.set_teacher(teacher)
        room = saved.create_class(teacher, "Bench")
        for number in range(1, learners + 1):
            add_learner(saved, teacher, room.id, f"Learner {number}", PASSWORD)
        due = datetime.now(UTC) + timedelta(days=7)
        assign_puzzles(saved, teacher, room.id, BANK.values(), due, 60, THEME, "classic")
        return room.code


async def ready(page: Any) -> None:
    await page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=90_000)


async def click_and_wait(page: Any, locator: Any) -> None:
    await page.evaluate(WATCH, {"quiet": 50, "grace": GRACE_MS, "limit": 60_000, "fromClick": True})
    await locator.click()
    await page.evaluate("window.__idle")


async def sign_in(browser: Any, url: str, code: str, name: str) -> Any:
    """A page of learner ``name``, signed in with the class code, on Home."""
    page = await (await browser.new_context(viewport={"width": 1280, "height": 900})).new_page()
    page.set_default_timeout(90_000)
    await page.goto(url)
    await ready(page)
    for label, text in (("Class code", code), ("Your name", name), ("Password", PASSWORD)):
        await page.get_by_label(label, exact=True).fill(text)
    await click_and_wait(page, page.get_by_role("button", name="Sign in", exact=True))
    await page.get_by_role("link", name=NEXT).wait_for()
    return page


@dataclass
class Tally:
    """The Checks timed, the errors, and how many timed Checks had a run too quick to be seen starting."""

    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    unseen: int = 0


async def rounds(page: Any, start: float, every: float, until: float, tally: Tally) -> int:
    """Answer the next homework puzzle every ``every`` seconds from ``start`` until ``until``; return how many
    answers were given."""
    given, due = 0, start
    while max(due, time.monotonic()) < until:  # a round late for its time starts at once, none after the end
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        due += every
        link = page.get_by_role("link", name=NEXT)
        puzzle = BANK[parse_qs(urlsplit(await link.get_attribute("href")).query)["puzzle"][0]]
        await click_and_wait(page, link)
        box = page.locator("[data-testid='stTextInput'] input").last
        if not await box.is_visible():
            await page.get_by_text("Type your answer instead").click()
        await box.fill(puzzle.solutions()[0])
        await page.evaluate(WATCH, {"quiet": 50, "grace": GRACE_MS, "limit": 60_000, "fromClick": True})
        await page.locator("[data-testid='stFormSubmitButton'] button").click()
        result = await page.evaluate("window.__idle")
        given += 1
        if await page.get_by_text(VERDICT).count() == 0:
            tally.errors.append(f"no verdict on {puzzle.id}")
        elif result["ms"] <= 0:
            tally.errors.append(f"no change on {puzzle.id}")
        else:
            tally.times.append(result["ms"])
            tally.unseen += not result["rerun"]
        await click_and_wait(page, page.get_by_role("link", name="Home", exact=True))
    return given


async def classroom(url: str, port: int, code: str, learners: int, seconds: float, every: float) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    names = [f"Learner {number}" for number in range(1, learners + 1)]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=[*FLAGS, *AWAKE])
        before = resident_mb(port)
        pages = [await sign_in(browser, url, code, names[0])]  # loads the app's modules, the bank and the course
        await asyncio.sleep(2)
        warm = resident_mb(port)
        pages += [await sign_in(browser, url, code, name) for name in names[1:]]
        await asyncio.sleep(2)
        idle = resident_mb(port)
        tally = Tally()
        start = time.monotonic() + 1
        given = await asyncio.gather(
            *(rounds(page, start + n * every / learners, every, start + seconds, tally)
              for n, page in enumerate(pages))
        )  # fmt: skip
        await browser.close()
    return {
        "before": before,
        "warm": warm,
        "idle": idle,
        "tally": tally,
        "given": dict(zip(names, given, strict=True)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the learners answer (default 60)")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between a learner's answers (default 2)")
    parser.add_argument("--db", help="a PostgreSQL database to keep progress in (default: a fresh SQLite file)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="classroom-"))
    place = args.db or str(folder)
    code = set_up(place, args.learners)
    secrets = folder / "secrets.toml"
    secrets.write_text('[club]\nteacher_code = "not used here"\n', encoding="utf-8")
    port = free_port()
    flags, env = ["--secrets.files", str(secrets)], {DB_VAR: args.db} if args.db else {}
    with app_server(folder, port=port, flags=flags, env=env) as url:
        found = asyncio.run(classroom(url, port, code, args.learners, args.seconds, args.every))
    with open_store(place) as saved:
        stored = {name: len(saved.attempts(name)) for name in found["given"]}
    tally: Tally = found["tally"]
    median, p95 = median_and_p95(tally.times)
    missing = {name: given - stored[name] for name, given in found["given"].items() if stored[name] != given}
    print(f"{args.learners} learners, an answer each every {args.every:g} s for {args.seconds:g} s, "
          f"progress in {'PostgreSQL' if args.db else 'SQLite'}")  # fmt: skip
    print(f"Check, click to idle: median {median:.0f} ms, p95 {p95:.0f} ms over {len(tally.times)} answers "
          f"({tally.unseen} with a run too quick to be seen starting, timed to the page's last change)")  # fmt: skip
    print(f"errors: {len(tally.errors)} {sorted(set(tally.errors))[:5]}")
    print(f"answers given {sum(found['given'].values())}, stored {sum(stored.values())}, missing {missing or 'none'}")
    per_session = (found["idle"] - found["warm"]) / max(1, args.learners - 1)
    print(f"server memory: {found['before']:.0f} MB started, {found['warm']:.0f} MB with one session (the app "
          f"loaded), {found['idle']:.0f} MB with {args.learners} idle: "
          f"{per_session:.1f} MB a further session")  # fmt: skip


if __name__ == "__main__":
    main()
