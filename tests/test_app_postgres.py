"""The app on a PostgreSQL database ($ESCOBA_TRAINER_DB), as a club's server runs it: progress goes to the
database, damaged rows are set aside into it, and a database that cannot be used is said so, with no offer to move
a file aside."""

from datetime import UTC, datetime
from pathlib import Path

import pytest
from app_kit import seen
from store_kit import edit
from streamlit.testing.v1 import AppTest

from trainer.progress.model import Attempt
from trainer.progress.postgres import PostgresStore, shown
from trainer.progress.stores import DB_VAR

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


@pytest.fixture
def url(database: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A new database with profiles "Ana" and "Bea", which the app is told to use."""
    url = database
    with PostgresStore.open(url) as saved:
        saved.create_profile("Ana")
        saved.create_profile("Bea")
    monkeypatch.setenv(DB_VAR, url)
    return url


def opened(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def test_a_rename_on_the_page_is_kept_in_the_database(url: str) -> None:
    at = opened("trainer/app/views/puzzles.py")
    at.sidebar.selectbox(key="profile").set_value("Bea").run()
    at.text_input(key="rename_to").set_value("Beatriz")
    next(b for b in at.button if b.label == "Rename").click().run()
    assert not at.exception, at.exception
    with PostgresStore.open(url) as saved:
        assert saved.profiles() == ["Ana", "Beatriz"]


def test_damaged_rows_are_said_and_set_aside_into_the_database(url: str) -> None:
    with PostgresStore.open(url) as saved:
        when = datetime(2026, 1, 1, tzinfo=UTC)
        saved.record_attempt(
            "Ana", Attempt("capture-l1-sota", "capture", 1, ("sum",), "practice", "J♦", True, 3.0, 0, False, when)
        )
    edit(url, "UPDATE attempts SET at = 'not a date'")
    at = opened("trainer/app/views/progress.py")
    assert at.warning[0].value == "1 saved records of this profile could not be read and are left out."
    next(b for b in at.button if b.label == "Set them aside").click().run()
    assert seen(at.success[0].value).startswith(f"They are kept in {shown(url)} (set_aside);")
    assert len(edit(url, "SELECT rows FROM set_aside")) == 1


def test_another_programs_database_is_said_and_no_file_is_offered_to_move(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = database
    edit(url, "CREATE TABLE invoices (id INTEGER)")
    monkeypatch.setenv(DB_VAR, url)
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert "holds 1 tables of another program" in at.error[0].value
    assert not [b for b in at.button if b.label.startswith("Keep that file aside")]
    assert edit(url, "SELECT count(*) FROM invoices") == [(0,)]
