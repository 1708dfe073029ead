"""The app with a progress file it must refuse, and the profile kept in the address bar."""

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.progress.store import DB_NAME, Store

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(tmp_path))
    return tmp_path


def start(profile: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    if profile is not None:
        at.query_params["profile"] = profile
    at.run()
    assert not at.exception, at.exception
    return at


def test_another_programs_database_is_explained_and_can_be_kept_aside(data: Path) -> None:
    with closing(sqlite3.connect(data / DB_NAME)) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
        conn.commit()
    at = start()
    assert at.error[0].value.startswith(f"Your progress could not be opened: {data / DB_NAME} is another program's")
    at.button[0].click().run()
    assert not at.error
    assert len([p for p in data.iterdir() if p.name.startswith(f"{DB_NAME}.unreadable-")]) == 1


def test_a_folder_at_the_progress_path_is_explained(data: Path) -> None:
    (data / DB_NAME).mkdir()
    at = start()
    assert at.error[0].value == (
        f"Your progress could not be opened: {data / DB_NAME} is a folder, not a file: "
        "a progress file cannot be kept there"
    )


def test_the_profile_named_in_the_address_is_chosen(data: Path) -> None:
    with Store.open(data) as saved:
        saved.create_profile("Ana")
        saved.create_profile("Bea")
    at = start("Bea")
    assert at.selectbox(key="profile").value == "Bea"
    assert at.query_params["profile"] == "Bea"


def test_the_chosen_profile_is_written_to_the_address(data: Path) -> None:
    at = start()
    assert at.selectbox(key="profile").value == "Player"
    assert at.query_params["profile"] == "Player"


def test_an_unknown_profile_in_the_address_is_explained(data: Path) -> None:
    at = start("Zoe")
    assert at.warning[0].value == "The link names a profile 'Zoe' that is not here; choose a profile in the sidebar."
    assert at.query_params["profile"] == "Player"
