"""Fixtures the test files share."""

import functools
import itertools
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import settings
from pg_kit import Server, database_server, programs

from trainer.ai import warm
from trainer.profile import RuleProfile
from trainer.progress import stores
from trainer.progress.sqlite import Store
from trainer.progress.store import ProgressStore

# No example may fail for being slow: CI runs on a shared, loaded machine where one example can take seconds.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


@pytest.fixture(autouse=True)
def _progress_kept_apart(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps the app's progress in a folder of its own, never in the user's data folder, which a test
    that opens the app without asking for ``data`` would otherwise write to (and an older file there refuse); and
    the command line speaks English, whatever the machine's language, unless a test asks for another. No database is
    chosen, and one a test chooses (``escoba-trainer app --db`` sets it for the server it becomes) is forgotten after
    it: an app server a later test starts would otherwise keep its progress there."""
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(tmp_path_factory.mktemp("progress")))
    monkeypatch.delenv(stores.DB_VAR, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture(autouse=True)
def _main_module_kept() -> Iterator[None]:
    """AppTest runs a page as the ``__main__`` module and leaves it there; a process a later test starts by "spawn"
    (the store's writers, a Dask cluster) would run that page again as it starts, outside any app, and fail. Each test
    gets back the run's own ``__main__``."""
    main = sys.modules["__main__"]
    yield
    sys.modules["__main__"] = main


@pytest.fixture(autouse=True, scope="session")
def _engine_compiled_at_first_call() -> None:
    """The app builds the computer players' compiled code in the background as it starts, and the computer plays
    greedy plays meanwhile (``trainer.ai.warm``). The app the tests run in their own process compiles it at its first
    call instead, as the command line does (the run's first process put it on disk before any test), so that a
    computer player plays the same whenever a test runs."""
    warm._started.set()
    warm._built.set()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server]:
    """A private PostgreSQL server, shared by the whole run; skips where PostgreSQL is not installed."""
    if programs() is None:
        pytest.skip("no PostgreSQL here: apt-get install postgresql")
    with database_server() as running:
        yield running


@pytest.fixture
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each play of a review weighed on one batch of ways (``FEWEST``) rather than until its label is settled, for a
    test that plays matches through and checks nothing of the review's figures."""
    from trainer.ai import game

    monkeypatch.setattr(game, "MOST", game.FEWEST)


@pytest.fixture
def database(postgres: Server) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database on the run's server, dropped once the test is over."""
    url = postgres.database()
    yield url
    postgres.drop(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh place to keep progress, for ``open_store``: a folder for a SQLite file, then a new PostgreSQL
    database."""
    if request.param == "sqlite":
        return str(tmp_path)
    url: str = request.getfixturevalue("database")
    return url


@pytest.fixture
def open_store(place: str) -> Callable[[], ProgressStore]:
    """Opens a store on ``place``: each call opens another one on the same data, as another tab's or app server's."""
    return functools.partial(stores.open_store, place)


@pytest.fixture
def store(open_store: Callable[[], ProgressStore]) -> Iterator[ProgressStore]:
    """A progress store on fresh data, SQLite's and PostgreSQL's in turn, with one profile, "Ana"."""
    with open_store() as store:
        store.create_profile("Ana")
        yield store


@pytest.fixture
def file_store(tmp_path: Path) -> Iterator[Store]:
    """A progress store in a fresh folder's SQLite file, with one profile, "Ana": for what only a file has."""
    with Store.open(tmp_path) as store:
        store.create_profile("Ana")
        yield store


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder the app keeps its progress in, for AppTest runs."""
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(tmp_path))
    return tmp_path


#: The browser tests in groups of about equal length (two to four minutes each), by module or, where one test alone
#: would make its module's group the longest, by test: each group runs on one worker, which starts the app server
#: and the Chromium its tests share once (``--dist loadgroup``), and takes other tests between them; a test of several
#: cases may put a case apart. A group waits on its page most of the time, so several keep two cores busy to the end.
BROWSER_GROUPS = {
    "test_e2e": "pages",
    "test_e2e_table": "tables",
    "test_e2e_tabs": "tables",
    "test_e2e_play": "play",
    "test_e2e_languages": "play",
    "test_e2e_club": "club",
    "test_e2e_access": "club",
    "test_e2e_phone": "deploy",
    "test_e2e_deploy": "deploy",  # its servers and Caddy, started once for the module (its tests all mark it)
    "test_e2e_course": "walks",
    "test_e2e_keys": "keys",
    "test_e2e::test_every_page_at_phone_and_desktop_width_passes_axe[en]": "walks",  # two minutes alone
    "test_e2e::test_every_page_at_phone_and_desktop_width_passes_axe[es]": "keys",  # one minute
}


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put each browser test in its group (``BROWSER_GROUPS``)."""
    for item in items:
        if {"app", "browser"} & set(getattr(item, "fixturenames", ())):
            module = item.module.__name__
            named = (f"{module}::{item.name}", f"{module}::{item.originalname}", module)  # a case, a test, a module
            group = next((BROWSER_GROUPS[name] for name in named if name in BROWSER_GROUPS), "pages")
            item.add_marker(pytest.mark.xdist_group(f"browser-{group}"))


@pytest.fixture(scope="session")
def app_served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The real app, served once for the browser tests of a worker (one group): its address and its progress folder."""
    from browser_kit import app_server

    folder = tmp_path_factory.mktemp("app")
    with app_server(folder) as url:
        yield url, folder


_LEARNERS = itertools.count(1)


class App:
    """The app as one browser test meets it: a learner of its own on the shared server, whose progress no other
    test sees. ``app("/learn?level=values")`` is the address of a page for this learner."""

    def __init__(self, url: str, folder: Path, name: str) -> None:
        self.url, self.folder, self.name = url, folder, name
        with stores.open_store(folder) as saved:
            saved.create_profile(name)

    def __call__(self, path: str = "/") -> str:
        joiner = "&" if "?" in path else "?"
        return f"{self.url}{path}{joiner}profile={quote(self.name)}"

    def set_rules(self, rules: RuleProfile) -> None:
        """Have this learner play by ``rules``, as the sidebar's choice would."""
        with stores.open_store(self.folder) as saved:
            saved.set_rules(self.name, rules)


@pytest.fixture
def app(app_served: tuple[str, Path]) -> App:
    """A fresh learner on the app this worker serves for its browser tests."""
    return App(*app_served, name=f"Player {next(_LEARNERS)}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium, launched once for the run; each ``new_page`` opens in a fresh context (cookies and storage
    of its own)."""
    from browser_kit import chromium

    with chromium() as launched:
        yield launched
