"""What the store tests share: a moment to date things at, a review card the scheduler can read, a writer
killed mid-way, and a hand edit of the database behind a store's back."""

import json
import multiprocessing
import os
import signal
import sqlite3
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import fsrs
import psycopg

from trainer.progress.model import Learner
from trainer.progress.postgres import PostgresStore
from trainer.progress.sqlite import DB_NAME, Store
from trainer.progress.store import ProgressStore
from trainer.progress.stores import is_url

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
CARD = json.dumps(fsrs.Card(card_id=1, due=T0).to_dict())


def kill_once_started(target: Callable[[str, Any], None], folder: str) -> int | None:
    """Run ``target(folder, started)`` in a child process, kill it with SIGKILL once it sets ``started``, and
    return its exit code."""
    context = multiprocessing.get_context("spawn")
    started = context.Event()
    child = context.Process(target=target, args=(folder, started))
    child.start()
    try:
        assert started.wait(timeout=300)
    finally:
        assert child.pid is not None
        os.kill(child.pid, signal.SIGKILL)
        child.join()
    return child.exitcode


def edit(where: ProgressStore | str, sql: str, *values: object) -> list[tuple[Any, ...]]:
    """Run ``sql`` (with ``?`` for each value) directly on the database of a store, or of a place as
    ``open_store`` takes it, as a hand edit would; return the rows it selects."""
    if isinstance(where, PostgresStore):
        where = where._reads.conninfo
    if isinstance(where, str) and is_url(where):
        with psycopg.connect(where, autocommit=True) as pg:
            cursor = pg.execute(sql.replace("?", "%s"), values or None)
            return cursor.fetchall() if cursor.description else []
    path = where.path if isinstance(where, Store) else Path(where) / DB_NAME
    with closing(sqlite3.connect(path)) as conn, conn:
        return conn.execute(sql, values).fetchall()


def class_of(store: ProgressStore, *names: str) -> tuple[Learner, int, list[Learner]]:
    """Tere, who teaches, her class "Martes", and a learner of each name in it (password "<name>-secret")."""
    from trainer.progress.accounts import add_learner

    tere = store.create_account("Tere", "https://id.example", "tere").learner
    store.set_teacher(tere)
    room = store.create_class(tere, "Martes")
    return tere, room.id, [add_learner(store, tere, room.id, name, f"{name}-secret")[0] for name in names]
