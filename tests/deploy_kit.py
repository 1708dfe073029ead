"""``deploy/`` run on this machine without Docker, for the deploy's browser test and ``bench/classroom.py``:
app processes on one PostgreSQL database, and Caddy from Debian's package in front of them with
``deploy/Caddyfile`` itself, its replicas' names (``to app1:8501 ...``) swapped for the local processes' addresses.
Caddy serves HTTPS with a certificate of its own local authority, as it does for any IP address."""

from __future__ import annotations

import re
import shutil
import ssl
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from browser_kit import ROOT, answering, app_server, click_and_settle, club_secrets, free_port, stop

from trainer.progress.accounts import add_learner
from trainer.progress.homework import assign_puzzles
from trainer.progress.stores import DB_VAR, open_store
from trainer.puzzles import load_puzzles
from trainer.puzzles.loader import bank_folder

BANK = {puzzle.id: puzzle for puzzle in load_puzzles(bank_folder())}
THEME = "several-ways"  # every classic puzzle of it is a capture or a choice of play, answered by typing
PASSWORD = "a-class-password"
CADDY = shutil.which("caddy") or "/usr/bin/caddy"
CADDYFILE = ROOT / "deploy" / "Caddyfile"
#: The replicas' line of the Caddyfile, which names them as compose.yaml does.
REPLICAS = re.compile(r"^(\s*)to( [\w.-]+:\d+)+$", re.MULTILINE)
#: Global options for a Caddy that is one test's: no admin endpoint, no HTTP port to redirect from (port 80 is
#: not ours), and its local authority kept out of the machine's trust store.
LOCAL = "{\n\tadmin off\n\tauto_https disable_redirects\n\tskip_install_trust\n}\n"


def class_with_homework(place: str, learners: int) -> str:
    """A teacher, a class with ``learners`` learners ("Learner 1", ... with ``PASSWORD``) and homework of 60
    puzzles answered by typing, in the store at ``place``; returns the class code."""
    with open_store(place) as saved:
        teacher = saved.create_account("Teacher", "https://id.example", "teacher").learner
        saved.set_teacher(teacher)
        room = saved.create_class(teacher, "Bench")
        for number in range(1, learners + 1):
            add_learner(saved, teacher, room.id, f"Learner {number}", PASSWORD)
        due = datetime.now(UTC) + timedelta(days=7)
        assign_puzzles(saved, teacher, room.id, BANK.values(), due, 60, THEME, "classic")
        return room.code


def local_caddyfile(upstreams: list[str]) -> str:
    """``deploy/Caddyfile`` with its replicas at ``upstreams`` (``host:port``) instead, under ``LOCAL``'s options."""
    text = CADDYFILE.read_text(encoding="utf-8")
    found = REPLICAS.findall(text)
    if len(found) != 1:
        raise ValueError(f"{CADDYFILE} should name its replicas on one `to` line, found {len(found)}")
    return LOCAL + REPLICAS.sub(lambda line: f"{line.group(1)}to {' '.join(upstreams)}", text)


def unverified() -> ssl.SSLContext:
    """A TLS context that takes the local authority's certificate (as a browser told to ignore it does)."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


@dataclass
class Deploy:
    """The proxy's address, each replica's own, and the database they share."""

    url: str
    replicas: list[str]
    database: str
    folder: Path
    _running: list[ExitStack] = field(repr=False, default_factory=list)
    _start: Any = field(repr=False, default=None)

    def dial(self, replica: int) -> str:
        """The address Caddy dials for a replica, as its Caddyfile names it."""
        return self.replicas[replica].removeprefix("http://")

    def stop(self, replica: int) -> None:
        """Stop a replica's process, as a crash or a restart would."""
        self._running[replica].close()

    def restart(self, replica: int) -> None:
        """Start a stopped replica again, at the address Caddy dials for it."""
        self._running[replica] = ExitStack()
        self._running[replica].enter_context(self._start(replica, int(self.dial(replica).rsplit(":", 1)[1])))


@contextmanager
def caddy(upstreams: list[str], folder: Path) -> Iterator[str]:
    """Caddy with the local Caddyfile, on a free port; yields its ``https://`` address once it answers there."""
    port = free_port()
    caddyfile = folder / "Caddyfile"
    caddyfile.write_text(local_caddyfile(upstreams), encoding="utf-8")
    url = f"https://127.0.0.1:{port}"
    places = {"XDG_DATA_HOME": str(folder / "data"), "XDG_CONFIG_HOME": str(folder / "config"), "HOME": str(folder)}
    env = {"PATH": "/usr/bin:/bin", "SITE_ADDRESS": url, **places}
    command = [CADDY, "run", "--adapter", "caddyfile", "--config", str(caddyfile)]
    with (folder / "caddy.log").open("wb") as log:
        process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        try:
            answering(url, process, "Caddy", unverified())
        except RuntimeError as error:
            raise RuntimeError(f"{error}: see {folder / 'caddy.log'}") from None
        yield url
    finally:
        stop(process)


@contextmanager
def deploy(database: str, folder: Path, replicas: int = 2) -> Iterator[Deploy]:
    """``replicas`` club servers on ``database`` (secrets from ``club_secrets``), behind Caddy."""
    secrets = club_secrets(folder, behind_proxy=True)
    flags, env = ["--secrets.files", str(secrets)], {DB_VAR: database}
    running = [ExitStack() for _ in range(replicas)]

    def start(replica: int, port: int | None = None) -> Any:
        return app_server(folder / f"app{replica + 1}", port=port, flags=flags, env=env)

    try:
        addresses = [stack.enter_context(start(number)) for number, stack in enumerate(running)]
        upstreams = [address.removeprefix("http://") for address in addresses]
        with caddy(upstreams, folder) as url:
            yield Deploy(url, addresses, database, folder, running, start)
    finally:
        for stack in running:  # a replica restarted among them: a restart changes this list
            stack.close()


def answer_homework(page: Any, link: Any) -> None:
    """Follow a homework ``link`` to its puzzle, type the answer and check it: it is judged right."""
    puzzle = BANK[parse_qs(urlsplit(link.get_attribute("href")).query)["puzzle"][0]]
    click_and_settle(page, link)
    box = page.locator("[data-testid='stTextInput'] input").last
    if not box.is_visible():  # a puzzle answered by tapping cards keeps its box in an expander
        page.get_by_text("Type your answer instead").click()
    box.fill(puzzle.solutions()[0])
    click_and_settle(page, page.locator("[data-testid='stFormSubmitButton'] button"))
    page.get_by_text(re.compile(r"^Right")).first.wait_for()
