"""The app with a progress file it must refuse, and the profile kept in the address bar."""

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from app_kit import seen
from store_kit import T0
from streamlit.testing.v1 import AppTest

from trainer.app.store_access import _store
from trainer.progress.errors import SaveError
from trainer.progress.model import Attempt
from trainer.progress.sqlite import DB_NAME, Store

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


def start(profile: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    if profile is not None:
        at.query_params["profile"] = profile
    at.run()
    assert not at.exception, at.exception
    return at


@contextmanager
def disk_full(saved: Store, method: str) -> Iterator[None]:
    """The app's store, whose ``method`` fails as on a full disk while the block runs."""

    def full(*args: object) -> None:
        raise SaveError(f"{saved.path} could not be saved to: the disk is full", saved.path)

    setattr(saved, method, full)
    try:
        yield
    finally:
        delattr(saved, method)  # the class's own method again


def test_another_programs_database_is_explained_and_can_be_kept_aside(data: Path) -> None:
    with closing(sqlite3.connect(data / DB_NAME)) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
        conn.commit()
    at = start()
    assert seen(at.error[0].value).startswith(
        f"Your progress could not be opened: {data / DB_NAME} is another program's"
    )
    at.button[0].click().run()
    assert not at.error
    assert len([p for p in data.iterdir() if p.name.startswith(f"{DB_NAME}.unreadable-")]) == 1


def test_a_folder_at_the_progress_path_is_explained(data: Path) -> None:
    (data / DB_NAME).mkdir()
    at = start()
    assert seen(at.error[0].value) == (
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
    assert at.warning[0].value == (
        "The link names a profile, “Zoe”, that is not here; choose one in the sidebar or on the Settings page."
    )
    assert at.query_params["profile"] == "Player"


def test_an_answer_on_a_full_disk_is_explained_kept_and_saved_once_there_is_room(data: Path) -> None:
    with Store.open(data) as saved:
        saved.create_profile("Ana")
        saved.create_profile("Zed")
    at = start("Ana")
    at.query_params["puzzle"] = "capture-l1-sota"
    at.switch_page("trainer/app/views/puzzles.py").run()
    saved = _store(str(data))  # the app's own store: the test and the app run in one process
    pages = saved._conn.execute("PRAGMA page_count").fetchone()[0]
    saved._conn.execute(f"PRAGMA max_page_count = {pages}")  # the file may grow no more, as on a full disk
    with pytest.raises(SaveError):
        while True:  # fill the room left in its pages
            saved.record_attempt("Zed", Attempt("p", "capture", 1, (), "drill", "x" * 500, True, 1.0, 0, False, T0))
    at.text_input(key="ans_text").set_value("10o")
    next(b for b in at.button if b.label.startswith("Check")).click().run()
    assert not at.exception, at.exception
    assert seen(at.error[0].value).startswith(
        f"That could not be saved just now: {data / DB_NAME} could not be saved to: the disk"
    )
    assert "Everything saved before is kept and nothing was half-saved" in at.error[0].value
    assert saved.attempts("Ana") == [] and saved.get_rating("Ana") is None
    assert [w.value for w in at.warning] == ["Your answer, Sota of coins, is kept but not saved yet."]
    streak = next(b for b in at.button if b.label == "Streak")
    streak.click().run()  # moving on sends the kept answer first: while it cannot, the puzzle stays
    assert "could not be saved" in at.error[0].value and at.session_state.puzzle_id == "capture-l1-sota"
    assert at.session_state.run.mode == "practice"
    saved._conn.execute("PRAGMA max_page_count = 1073741823")
    streak.click().run()
    assert not at.error and [a.answer for a in saved.attempts("Ana")] == ["J♦"]
    assert at.session_state.run.mode == "streak" and at.session_state.puzzle_id != "capture-l1-sota"


def test_a_step_that_cannot_be_saved_is_explained_and_the_lesson_stays_where_it_was(data: Path) -> None:
    at = start()
    at.switch_page("trainer/app/views/learn.py").run()
    assert at.session_state.stage == 0
    saved = _store(str(data))
    with disk_full(saved, "set_place"):
        next(b for b in at.button if b.label == "Next ▶").click().run()
    assert not at.exception, at.exception
    told = seen(at.error[0].value)
    assert told.startswith(f"That could not be saved just now: {saved.path} could not be saved to: the disk")
    assert at.session_state.stage == 0
    next(b for b in at.button if b.label == "Next ▶").click().run()
    assert not at.error and at.session_state.stage == 1


def test_a_level_whose_stars_cannot_be_saved_is_explained_and_stays_at_its_last_step(data: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params.update(level="match", stage="5")  # the level's last step, one to read
    at.switch_page("trainer/app/views/learn.py").run()
    saved = _store(str(data))
    with disk_full(saved, "record_stars"):
        next(b for b in at.button if b.label == "Finish the level ▶").click().run()
    assert not at.exception, at.exception
    assert seen(at.error[0].value).startswith("That could not be saved just now")
    assert at.session_state.stage == 4 and not at.header  # still the last step, not the level's end
    assert saved.stars("Player") == {}
    next(b for b in at.button if b.label == "Finish the level ▶").click().run()
    assert not at.error and at.header[0].value == "Level done"
    assert saved.stars("Player") == {"match": 3}
