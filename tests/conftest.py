"""Fixtures the test files share."""

import functools
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from pg_kit import Server, database_server, programs

from trainer.progress import accounts, stores
from trainer.progress.sqlite import Store
from trainer.progress.store import ProgressStore

# No example may fail for being slow: CI runs on a shared, loaded machine where one example can take seconds.
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


@pytest.fixture(autouse=True)
def _progress_kept_apart(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test keeps the app's progress in a folder of its own, never in the user's data folder, which a test
    that opens the app without asking for ``data`` would otherwise write to (and an older file there refuse); and
    the command line speaks English, whatever the machine's language, unless a test asks for another."""
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(tmp_path_factory.mktemp("progress")))
    monkeypatch.setenv("LANGUAGE", "en")
    monkeypatch.setattr(accounts.GUESSED, "_wrong", {})  # each test's wrong guesses are its own


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server]:
    """A private PostgreSQL server, shared by the whole run; skips where PostgreSQL is not installed."""
    if programs() is None:
        pytest.skip("no PostgreSQL here: apt-get install postgresql")
    with database_server() as running:
        yield running


@pytest.fixture(params=["sqlite", "postgresql"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh place to keep progress, for ``open_store``: a folder for a SQLite file, then a new PostgreSQL
    database."""
    if request.param == "sqlite":
        return str(tmp_path)
    server: Server = request.getfixturevalue("postgres")
    return server.database()


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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app served for a browser test module, with a progress folder of its own."""
    from browser_kit import app_server

    with app_server(tmp_path_factory.mktemp("progress")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, shared by a browser test module."""
    from browser_kit import chromium

    with chromium() as launched:
        yield launched
