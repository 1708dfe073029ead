"""The app on a PostgreSQL database ($ESCOBA_TRAINER_DB), as a club's server runs it: without its sign-in set up it
serves no one; signed in, progress goes to the database and damaged rows are set aside into it; a database that
cannot be used is said so without its address or details, which go to the server's log."""

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest
from app_kit import page_text, seen
from pg_kit import Server
from store_kit import edit
from streamlit import config
from streamlit.testing.v1 import AppTest

from trainer.progress import postgres as postgres_store
from trainer.progress.model import Attempt
from trainer.progress.postgres import PostgresStore, Waits, shown
from trainer.progress.schema import APPLICATION_ID
from trainer.progress.stores import DB_VAR

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


#: A club's settings: the app serves a PostgreSQL database only with its sign-in set up (it fails closed).
SECRETS = {
    "club": {"teacher_code": "a long phrase for teachers"},
    "auth": {
        "redirect_uri": "http://localhost:8501/oauth2callback",
        "cookie_secret": "a cookie secret for this test only",
        "client_id": "escoba",
        "client_secret": "any",
        "server_metadata_url": "https://id.example/.well-known/openid-configuration",
    },
}
ISSUER = "https://id.example"


@pytest.fixture(autouse=True)
def error_details() -> Iterator[None]:
    """The process's setting for showing errors, which a club's server turns off, as it was before each test (the
    worker's other AppTests read errors through it)."""
    before = config.get_option("client.showErrorDetails")
    yield
    config.set_option("client.showErrorDetails", before)


@pytest.fixture
def url(database: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A new database with the accounts "Ana" and "Bea", which the app is told to use."""
    url = database
    with PostgresStore.open(url) as saved:
        saved.create_account("Ana", ISSUER, "ana")
        saved.create_account("Bea", ISSUER, "bea")
    monkeypatch.setenv(DB_VAR, url)
    return url


def app(secrets: dict[str, Any] = SECRETS, page: str | None = None, **address: str) -> AppTest:
    """The app with the server's ``secrets``, opened by Ana, signed in with the club's provider, at the address of
    ``page`` (a file under ``trainer/app/views``; None: Home) with the query ``address``."""
    at = AppTest.from_file(APP, default_timeout=30)
    for name, table in secrets.items():
        at.secrets[name] = table
    at.query_params.update(address)
    if page is not None:
        at.switch_page(f"trainer/app/views/{page}.py")
    at.user = {"is_logged_in": True, "iss": ISSUER, "sub": "ana", "iat": int(time.time())}  # signed in just now
    return at.run()


def opened(page: str) -> AppTest:
    at = app()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("secrets", [{}, {"club": SECRETS["club"]}])
def test_without_its_sign_in_set_up_the_app_serves_no_one_from_the_database(url: str, secrets: dict) -> None:
    """A server on PostgreSQL never falls back to local profiles: every page says what its settings lack, and shows
    no profile, no page and no address."""
    at = app(secrets)
    [refused] = [e.value for e in at.error]
    assert refused.startswith("This server is not set up yet, so it serves no one.")
    assert ("[club] teacher_code" in refused) is (secrets == {}) and "[auth] cookie_secret" in refused
    assert url not in refused and not at.selectbox and not at.button and not at.text_input and not at.title
    assert config.get_option("client.showErrorDetails") == "none"  # no traceback, path or address in a page


def test_damaged_rows_are_said_and_set_aside_into_the_database(url: str) -> None:
    with PostgresStore.open(url) as saved:
        when = datetime(2026, 1, 1, tzinfo=UTC)
        saved.record_attempt(
            saved.account(ISSUER, "ana").learner,  # an account's profile is found by its sign-in, not by its name
            Attempt("capture-l1-sota", "capture", 1, ("sum",), "practice", "J♦", True, 3.0, 0, False, when),
        )
    edit(url, "UPDATE attempts SET at = 'not a date'")
    at = opened("trainer/app/views/progress.py")
    assert at.warning[0].value == "1 saved records of this profile could not be read and are left out."
    next(b for b in at.button if b.label == "Set them aside").click().run()
    [kept] = [seen(box.value) for box in at.success]
    assert kept == "They are kept apart on the server for its administrator; the rest of your progress is untouched."
    assert len(edit(url, "SELECT rows FROM set_aside")) == 1


def test_another_programs_database_is_left_alone_and_told_to_the_log_not_to_the_learner(
    database: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    url = database
    edit(url, "CREATE TABLE invoices (id INTEGER)")
    monkeypatch.setenv(DB_VAR, url)
    at = app()
    assert [e.value for e in at.error] == [
        "This server cannot open its progress store. Its administrator will find why in the server's log."
    ]
    assert "holds 1 tables of another program" in caplog.text and shown(url) in caplog.text
    assert not at.button  # no file to move aside, no page
    assert edit(url, "SELECT count(*) FROM invoices") == [(0,)]


def test_an_outage_keeps_the_answer_says_so_once_and_the_answer_is_saved_when_the_database_is_back(
    url: str, postgres: Server, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """PostgreSQL stops while Ana is signed in: her answer is judged and kept, each page says in one message that
    her progress cannot be reached (never where the database is, nor a traceback), a new session opening a deep link
    gets the same in its language; once the database is back, the answer is sent again and saved once."""
    monkeypatch.setattr(postgres_store, "BUSY_SECONDS", 2.0)  # how long a page waits for the database to answer
    never_opened = postgres.database()  # a new app server's first request: its store is not open yet
    at = app()
    at.query_params["puzzle"] = "capture-l1-sota"
    at.switch_page("trainer/app/views/puzzles.py").run()
    postgres.stop()
    try:
        at.text_input(key="ans_text").set_value("10o")
        next(b for b in at.button if b.label.startswith("Check")).click().run()
        assert [e.value for e in at.error] == [
            "That could not be saved just now: the server that keeps the progress cannot be reached. Everything "
            "saved before is kept and nothing was half-saved; try again in a moment."
        ]
        assert [i.value for i in at.info] == [KEPT]
        told_nothing_of_the_server(at, url)
        at.switch_page("trainer/app/views/progress.py").run()  # a read
        assert [e.value for e in at.error] == [UNREACHABLE] and [i.value for i in at.info] == [KEPT]
        told_nothing_of_the_server(at, url)
        monkeypatch.setenv(DB_VAR, never_opened)
        first = app(page="puzzles", puzzle="capture-l1-sota", lang="es")  # a deep link, a session's first request
        assert [e.value for e in first.error] == [
            "Ahora mismo no se ha podido abrir tu progreso: no se puede llegar al servidor que guarda el progreso. "
            "No se ha perdido nada: recarga la página dentro de un momento."
        ]
        assert first.radio(key="_lang").value == "es"  # the sidebar's settings, in the learner's language
        told_nothing_of_the_server(first, never_opened)
        monkeypatch.setenv(DB_VAR, url)
    finally:
        postgres.start()
    assert "could not be saved to" in caplog.text and "could not be read from" in caplog.text  # for the admin
    next(b for b in at.button if b.label == "Try again").click().run()
    assert not at.error and at.title[0].value == "Progress"
    at.switch_page("trainer/app/views/puzzles.py").run()
    assert [w.value for w in at.warning] == ["Your answer, Sota of coins, is kept but not saved yet."]
    next(b for b in at.button if b.label == "Send it again").click().run()
    boxes = [json.loads(e.proto.json) for e in at.get("bidi_component")]  # the card table's, as it was answered on
    [verdict] = [box["message"]["text"] for box in boxes if box.get("message") and not box.get("unseen")]
    assert not at.error and verdict.startswith("Right: ")  # its verdict, at last, and its rating
    assert edit(url, "SELECT answer, correct FROM attempts") == [("J♦", 1)]
    postgres.drop(never_opened)


def test_a_save_kept_waiting_too_long_says_nothing_was_saved_and_keeps_the_answer(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another session holds the write lock past the time a save waits for it: the answer is judged and kept, and
    the page says plainly that nothing was saved; once the lock is free, it is sent again."""
    monkeypatch.setattr(postgres_store, "WAITS", Waits(lock=0.3))
    at = app(page="puzzles", puzzle="capture-l1-sota")
    with psycopg.connect(url) as holder:
        holder.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID,))
        at.text_input(key="ans_text").set_value("10o")
        next(b for b in at.button if b.label.startswith("Check")).click().run()
    assert [e.value for e in at.error] == [
        "That was not saved: the server was busy with other saves for too long. Nothing of it was saved and "
        "everything saved before is kept; try again."
    ]
    assert [w.value for w in at.warning] == ["Your answer, Sota of coins, is kept but not saved yet."]
    next(b for b in at.button if b.label == "Send it again").click().run()
    assert not at.error and edit(url, "SELECT answer FROM attempts") == [("J♦",)]


KEPT = "Your answer is kept: it can be sent again once your progress can be reached."
UNREACHABLE = (
    "Your progress could not be read just now: the server that keeps the progress cannot be reached. Nothing saved "
    "before is lost; try again in a moment."
)


def told_nothing_of_the_server(at: AppTest, url: str) -> None:
    """No error, address, path or traceback anywhere on the page."""
    assert not at.exception, at.exception
    said = page_text(at)
    where = urlsplit(url)
    assert not [
        word for word in (shown(url), where.query, "5432", "postgres", "Traceback", "/tmp", ".py") if word in said
    ]


@pytest.mark.parametrize(
    ("wrong", "told"),
    [
        ("dbname", "la base de datos del progreso que nombra la configuración del servidor no existe"),
        ("user", "la base de datos del progreso rechazó el usuario o la contraseña de la configuración del servidor"),
    ],
)
def test_a_database_that_cannot_be_used_is_named_for_what_it_is_in_the_learners_language(
    database: str, monkeypatch: pytest.MonkeyPatch, wrong: str, told: str
) -> None:
    monkeypatch.setattr(postgres_store, "BUSY_SECONDS", 0.5)
    url = database.replace("/test_", "/no_such_") if wrong == "dbname" else database.replace("escoba@", "nobody@")
    monkeypatch.setenv(DB_VAR, url)
    at = app(lang="es")
    assert [e.value for e in at.error] == [
        f"Ahora mismo no se ha podido abrir tu progreso: {told}. No se ha perdido nada: recarga la página dentro de "
        "un momento."
    ]
    told_nothing_of_the_server(at, url)


def test_a_nul_in_the_address_or_a_class_sign_in_is_no_profile_and_no_traceback(url: str) -> None:
    """A NUL, which PostgreSQL keeps in no text, in the address's profile and in a class sign-in's code and name:
    the address names nobody (a club's server goes by the sign-in), and the sign-in is a wrong one, said so."""
    for page in (None, "progress", "puzzles"):
        at = app(page=page, profile="a\x00b")
        assert not at.exception, at.exception
        assert at.title and not at.error
    at = AppTest.from_file(APP, default_timeout=30)  # no one signed in yet
    for name, table in SECRETS.items():
        at.secrets[name] = table
    at.run()
    at.text_input(key="sign_in_code").set_value("AB\x00CDE")
    at.text_input(key="sign_in_name").set_value("A\x00na")
    at.text_input(key="sign_in_password").set_value("any password")
    next(b for b in at.button if b.label == "Sign in").click().run()
    assert not at.exception, at.exception
    assert [e.value for e in at.error] == [
        "The class code, the name or the password is not right. Ask your teacher if you are not sure."
    ]
