"""Writes the file's state stops after it opened (a full disk, a held lock): a clear SaveError, nothing half-saved."""

import dataclasses
import sqlite3
from contextlib import closing
from datetime import timedelta
from pathlib import Path

import pytest
from store_kit import CARD, T0

from trainer.progress import sqlite as sqlite_module
from trainer.progress.errors import Busy, SaveError
from trainer.progress.model import Attempt
from trainer.progress.sqlite import Store

ANSWER = Attempt("p1", "capture", 1, ("sum",), "drill", "7" * 400, True, 2.0, 0, False, T0)


def fill_the_disk(store: Store) -> None:
    """Let the file grow no more: SQLite then answers every write that needs a page as a full disk would."""
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")


def answer(store: Store, second: int) -> None:
    """An answer given ``second`` seconds after the first: each one a new answer, not the same sent again."""
    given = dataclasses.replace(ANSWER, at=T0 + timedelta(seconds=second))
    store.record_answer("Ana", given, lambda old: (1400.0, 90.0, 0.06), lambda card: (CARD, T0))


def test_an_answer_on_a_full_disk_is_refused_whole_and_saved_once_there_is_room(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_profile("Ana")
        fill_the_disk(store)
        with pytest.raises(SaveError, match=r"could not be saved to: the disk is full") as refused:
            for second in range(100):
                answer(store, second)
        assert refused.value.path == store.path and not refused.value.reading
        kept = len(store.attempts("Ana"))
        rated = [a for a in store.attempts("Ana") if a.rating_after is not None]
        assert len(rated) == kept and (store.get_rating("Ana") is not None) == (kept > 0)  # none half-saved
        store._conn.execute("PRAGMA max_page_count = 1073741823")
        answer(store, 100)
        assert len(store.attempts("Ana")) == kept + 1


def test_a_lock_held_past_the_busy_time_refuses_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_module, "BUSY_SECONDS", 0.1)
    with Store.open(tmp_path) as store, closing(sqlite3.connect(store.path, isolation_level=None)) as other:
        store.create_profile("Ana")
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(Busy, match=r"another program held the file .* please try again"):
            store.record_best("Ana", "streak", 3)
        other.execute("ROLLBACK")
        assert store.record_best("Ana", "streak", 3)


def test_opening_a_file_another_program_holds_is_a_save_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sqlite_module, "BUSY_SECONDS", 0.1)
    Store.open(tmp_path).close()
    with closing(sqlite3.connect(tmp_path / sqlite_module.DB_NAME, isolation_level=None)) as other:
        other.execute("PRAGMA locking_mode = EXCLUSIVE")
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(SaveError, match=r"is held by another program .* please try again"):
            Store.open(tmp_path)
        other.execute("ROLLBACK")


def test_a_mistake_in_a_statement_is_not_taken_for_the_files_state(tmp_path: Path) -> None:
    with (
        Store.open(tmp_path) as store,
        pytest.raises(sqlite3.OperationalError, match="no such table"),
        store._transaction() as conn,
    ):
        conn.execute("SELECT * FROM no_such_table")
