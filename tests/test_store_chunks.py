"""Large imports are written in chunks: other tabs keep answering meanwhile, and a killed import leaves nothing."""

import dataclasses
import itertools
import os
import queue
import signal
import socket
import sqlite3
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from store_kit import T0, edit, kill_once_started

from trainer.progress import store as store_module
from trainer.progress.errors import SaveError
from trainer.progress.model import Attempt
from trainer.progress.sqlite import Store
from trainer.progress.store import ProgressStore
from trainer.progress.stores import open_store
from trainer.progress.transfer import FORMAT, FORMAT_VERSION


def export_of(count: int) -> dict[str, Any]:
    """An export of a profile "Big" with ``count`` attempts, made by the store itself."""
    one = Attempt("p1", "capture", 1, ("sum",), "drill", "7", True, 2.0, 0, False, T0)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": "Big",
        "created": T0.isoformat(),
        "attempts": [
            {**dataclasses.asdict(one), "themes": ["sum"], "at": (T0 + timedelta(seconds=i)).isoformat()}
            for i in range(count)
        ],
        "rating": {"rating": 1500.0, "rd": 200.0, "vol": 0.06},
        "review_cards": [],
        "records": {"streak": 4},
        "stars": {"values": 2},
    }


def with_ana(store: Store) -> Store:
    """Add a profile "Ana" with some progress, which an import must not replace."""
    store.create_profile("Ana")
    store.record_best("Ana", "streak", 1)
    return store


def test_an_import_commits_one_chunk_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "IMPORT_CHUNK", 10)
    with Store.open(tmp_path) as store:
        commits: list[str] = []
        store._conn.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
        store.import_profile(export_of(35))
        store._conn.set_trace_callback(None)
        assert len(commits) == 1 + 4 + 1 + 1 + 1  # the profile, 4 chunks of attempts, records, stars, the end
        assert len(store.attempts("Big")) == 35 and store.best("Big", "streak") == 4


def test_a_profile_being_imported_is_hidden_and_cannot_be_answered_into(
    place: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "IMPORT_CHUNK", 10)
    seen: list[tuple[list[str], str]] = []
    with open_store(place) as store, open_store(place) as other:
        with_ana(store)
        importer = store_module.importer

        def look_between_chunks(number: str) -> str:
            with pytest.raises(ValueError) as refused:
                other.attempts("Big")  # a read: WAL lets it run while the chunk is being written
            seen.append((other.profiles(), str(refused.value)))
            return importer(number)

        monkeypatch.setattr(store_module, "importer", look_between_chunks)
        store.import_profile(export_of(25))
        assert seen and all(entry == (["Ana"], "no profile 'Big'") for entry in seen)
        assert other.profiles() == ["Ana", "Big"] and len(other.attempts("Big")) == 25


def test_answers_from_another_tab_go_through_during_a_large_import(place: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Between any two of the import's chunks the other tab answers once, and the import goes on only once that
    answer is saved: every answer lands while the import goes on, not once it is over (one transaction for every row
    would hold the data till its end, and the answer would wait in vain). Each wait is bounded, so a held lock fails
    the test instead of hanging it."""
    monkeypatch.setattr(store_module, "IMPORT_CHUNK", 100)
    asked: queue.Queue[bool] = queue.Queue()
    saved: queue.Queue[BaseException | None] = queue.Queue()

    def other_tab() -> None:
        with open_store(place) as tab:
            for best in itertools.count(2):
                if not asked.get():
                    return
                try:
                    tab.record_best("Ana", "streak", best)
                except (sqlite3.OperationalError, psycopg.OperationalError, SaveError) as error:
                    saved.put(error)
                else:
                    saved.put(None)

    answers: list[BaseException | None] = []

    def answer_between_chunks() -> None:
        asked.put(True)
        answers.append(saved.get(timeout=30))

    monkeypatch.setattr(store_module, "between_chunks", answer_between_chunks)
    with open_store(place) as store:
        with_ana(store)
        writer = threading.Thread(target=other_tab)
        writer.start()
        try:
            store.import_profile(export_of(2_000))
        finally:
            asked.put(False)
            writer.join()
        assert len(store.attempts("Big")) == 2_000
        chunks = 2_000 // 100 + 2  # the attempts, then the records and the stars
        assert answers == [None] * (chunks - 1)
        assert store.best("Ana", "streak") == chunks


def import_slowly(place: str, started: Any) -> None:
    """Child process: import a profile in small chunks, saying so once a few chunks are written."""
    store_module.IMPORT_CHUNK = 10
    importer = store_module.importer
    chunks = 0

    def slow(number: str) -> str:
        nonlocal chunks
        chunks += 1
        if chunks == 3:
            started.set()
        threading.Event().wait(0.05)
        return importer(number)

    store_module.importer = slow
    with open_store(place) as store:
        store.import_profile(export_of(5_000))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_an_import_killed_half_way_leaves_nothing_and_can_be_run_again(place: str) -> None:
    with open_store(place) as store:
        with_ana(store)
    assert kill_once_started(import_slowly, place) == -signal.SIGKILL
    assert edit(place, "SELECT count(*) FROM profiles WHERE importing IS NOT NULL") == [(1,)]
    with open_store(place) as store:  # opening removes what the dead import wrote
        assert store.profiles() == ["Ana"]
        assert edit(store, "SELECT count(*) FROM attempts") == [(0,)]
        assert store.import_profile(export_of(30)) == "Big"
        assert len(store.attempts("Big")) == 30


def another_process_importing(started: str | None = None) -> str:
    """What an import of another live process of this host (this one's parent) writes; with ``started``, of a
    process that had its id before (a restarted server's)."""
    parent = os.getppid()
    started = store_module._process_start(parent) if started is None else started
    return f"{socket.gethostname()} {parent} {started} 1 {store_module.iso('now', datetime.now(UTC))}"


def left_by(store: ProgressStore, importing: str) -> None:
    """A half-imported profile "Big" as the import ``importing`` names would have left it."""
    with store._writing() as conn:
        store_module.insert_profile(conn, "Big", T0.isoformat(), importing=importing)


def test_a_name_being_imported_by_a_live_import_is_refused_with_a_reason(place: str) -> None:
    with open_store(place) as store:
        left_by(store, another_process_importing())
        with pytest.raises(ValueError, match="'Big' is being imported right now"):
            store.create_profile("big")


def test_an_import_of_a_process_since_restarted_is_taken_as_dead(place: str) -> None:
    """The same host and process id, started at another time: a server restarted mid-import, whose process may
    well have the same id again (in a container, say). Another app server on the data finds out too."""
    with open_store(place) as store:
        left_by(store, another_process_importing(started="another-boot/1"))
        assert store.create_profile("Big").name == "Big"


def test_a_failed_import_frees_its_name_at_once(place: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def fail() -> None:
        raise RuntimeError("the disk is gone")

    monkeypatch.setattr(store_module, "IMPORT_CHUNK", 10)
    monkeypatch.setattr(store_module, "between_chunks", fail)
    with open_store(place) as store:
        with pytest.raises(RuntimeError):
            store.import_profile(export_of(25))
        assert edit(store, "SELECT count(*) FROM profiles") == [(0,)]
        assert edit(store, "SELECT count(*) FROM attempts") == [(0,)]
        assert store.create_profile("Big").name == "Big"


def test_a_failed_import_that_could_not_clean_up_frees_its_name_at_once(place: str) -> None:
    """Its rows are left (the database could not be reached to remove them), but it is no longer under way in this
    process: the next to ask for the name has it."""
    with open_store(place) as store:
        left_by(store, store_module.importer("failed"))
        assert store.create_profile("Big").name == "Big"


def test_an_import_that_wrote_nothing_for_long_is_taken_as_dead(place: str) -> None:
    stale = another_process_importing().rsplit(" ", 1)[0] + f" {T0.isoformat()}"  # a live process, long ago
    with open_store(place) as store:
        left_by(store, stale)
    with open_store(place) as store:
        assert store.profiles() == []
        store.create_profile("Big")
