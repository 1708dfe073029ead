"""Saves that wait on PostgreSQL never stall reads: reads keep connections of their own, a save kept waiting too long
is refused with nothing of it saved, and a frozen app server's save is ended by the server, so the others go on."""

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from store_kit import edit
from test_store import attempt

from trainer.progress.errors import Busy
from trainer.progress.postgres import READ_POOL_SIZE, PostgresStore, Waits
from trainer.progress.schema import APPLICATION_ID

#: Saves waiting at once in one app server: more than its connections, reads' and saves' together.
CROWD = 2 * READ_POOL_SIZE


@pytest.fixture
def url(database: str) -> str:
    """A new database with the profiles "Ana" and "Bea", Ana with one answer."""
    with PostgresStore.open(database) as store:
        store.record_attempt(store.create_profile("Ana"), attempt(0))
        store.create_profile("Bea")
    return database


@contextmanager
def lock_held(url: str) -> Iterator[Callable[[], None]]:
    """The write lock taken by a session that neither commits nor ends until the block does (as an administrator's
    might); yields the function that lets it go sooner."""
    with psycopg.connect(url) as holder:
        holder.execute("SELECT pg_advisory_xact_lock(%s)", (APPLICATION_ID,))
        yield holder.rollback


def waiting_for_the_lock(url: str) -> bool:
    """Whether a session of the database waits for the write lock."""
    return bool(
        edit(url, "SELECT 1 FROM pg_stat_activity WHERE wait_event = 'advisory' AND datname = current_database()")
    )


def test_reads_go_on_while_more_saves_wait_than_there_are_connections(url: str) -> None:
    with PostgresStore.open(url, Waits(lock=0)) as store, ThreadPoolExecutor(CROWD) as saves:  # waits without end
        with lock_held(url):
            saved = [saves.submit(store.record_attempt, "Ana", attempt(i)) for i in range(1, CROWD + 1)]
            while not waiting_for_the_lock(url):
                threading.Event().wait(0.01)
            for _ in range(2 * READ_POOL_SIZE):
                assert store.attempts("Ana") == [attempt(0)] and store.profiles() == ["Ana", "Bea"]
        for save in saved:
            save.result()
        assert len(store.attempts("Ana")) == CROWD + 1


def test_saves_kept_waiting_too_long_are_refused_with_nothing_saved(url: str) -> None:
    with PostgresStore.open(url, Waits(lock=0.2)) as store, lock_held(url) as release:
        with ThreadPoolExecutor(3) as saves:  # one waits for the lock in the database, the others for it
            refused = [saves.submit(store.record_attempt, "Bea", attempt(i)) for i in range(3)]
            for save in refused:
                with pytest.raises(Busy, match=r"busy with other saves.*nothing of it was saved, please try again"):
                    save.result()
        assert store.attempts("Ana") == [attempt(0)] and store.attempts("Bea") == []
        release()
        store.record_attempt("Bea", attempt(1))
        assert store.attempts("Bea") == [attempt(1)]


def save_and_freeze(url: str, saving: Any) -> None:
    """Child process: an app server whose save stops half-way, its transaction left open: it says when, then waits
    for the signal that stops it."""
    with PostgresStore.open(url, Waits(idle=0.2)) as store, store._writing() as conn:
        conn.execute("UPDATE profiles SET name = 'Frozen' WHERE name = 'Ana'")
        saving.set()
        threading.Event().wait()


def test_a_frozen_app_servers_save_is_ended_and_the_others_go_on(url: str) -> None:
    """Its process stopped (SIGSTOP) while it holds the write lock: the server ends its transaction once it has
    been idle for ``Waits.idle``, shorter than other saves wait, which go on; its save is not kept."""
    context = multiprocessing.get_context("spawn")
    saving = context.Event()
    frozen = context.Process(target=save_and_freeze, args=(url, saving))
    frozen.start()
    try:
        assert saving.wait(timeout=300)
        assert frozen.pid is not None
        os.kill(frozen.pid, signal.SIGSTOP)
        with PostgresStore.open(url) as store:  # opening saves too, under the lock
            assert store.attempts("Ana") == [attempt(0)]
            store.record_attempt("Bea", attempt(1))
            store.create_profile("Cai")
            assert store.profiles() == ["Ana", "Bea", "Cai"]
            assert store.attempts("Bea") == [attempt(1)]
    finally:
        assert frozen.pid is not None
        os.kill(frozen.pid, signal.SIGKILL)
        frozen.join()
