"""Learners' progress on a PostgreSQL server, for a club or a class: several app servers may share one database.

The tables are those of the SQLite file (``schema.MIGRATIONS``), with PostgreSQL's types: every column keeps its
type, so a row cannot hold a value of another type as a damaged SQLite file can. Writes are made one at a time,
as in SQLite, under a transaction-level advisory lock that every app server on the database takes; reads see one
snapshot each and never wait for a write: they have connections of their own, which no waiting save can take.
Each wait is bounded (``Waits``): a save waits so long for the lock, then is refused with nothing of it saved.
"""

from __future__ import annotations

import functools
import json
import re
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from trainer.progress.checks import ANSWER_LENGTH, MOST_HINTS, PUZZLE_LEVELS, THEMES_LENGTH, WORD_LENGTH, iso
from trainer.progress.errors import NO_DATABASE, REFUSED, TIMED_OUT, UNREACHABLE, Busy, SaveError, StoreError
from trainer.progress.model import Who
from trainer.progress.rows import READERS, Statements, damaged_in, find_damage
from trainer.progress.schema import (
    ACCOUNT_TABLES,
    APPLICATION_ID,
    GUESS_TABLES,
    HOMEWORK_FOR_LEARNERS,
    HOMEWORK_TABLES,
    IMPORT_TRIES_TABLES,
    ROSTER_TABLES,
    SCOPE_FROM_ACCOUNT,
    SESSION_TABLES,
    SHARED_TABLES,
)
from trainer.progress.store import BUSY_SECONDS, ProgressStore, drop_dead_imports, profile_id
from trainer.text import Said

#: The connections one app server keeps open at most for reads, each taken for a millisecond or so.
READ_POOL_SIZE = 8
#: Those for saves, apart: the app server makes one save at a time (the database takes them one at a time anyway),
#: so one connection serves, and a second stands by while the first is replaced after an outage.
WRITE_POOL_SIZE = 2


@dataclass(frozen=True)
class Waits:
    """How long, in seconds, the database lets a store's work wait or run before it ends it and nothing of it is
    kept (0: no end). ``idle`` ends a save that stopped talking (its app server frozen, stopped or cut off), which
    frees the write lock it held: shorter than ``lock``, so that the saves waiting behind it go on."""

    lock: float = 2 * BUSY_SECONDS  #: a save waits this long for the saves before it, in all, then is refused
    statement: float = 30.0  #: a statement, read or write, runs at most this long
    idle: float = BUSY_SECONDS  #: a save's transaction left idle this long is ended by the server, rolled back


#: ``Waits`` as a club's server runs with them.
WAITS = Waits()
_LOCK = f"SELECT pg_advisory_xact_lock({APPLICATION_ID})"
#: Each row's number: the identity column the SQLite tables have as ``rowid``, under the same name.
_ROWID = "rowid BIGINT GENERATED ALWAYS AS IDENTITY"
_OWNER = "profile_id BIGINT NOT NULL REFERENCES profiles(id) ON DELETE CASCADE"


def _postgres(sql: str) -> str:
    """A table of the file as PostgreSQL makes it: its row numbers and references 64-bit, as SQLite's integers are."""
    for sqlite, postgres in (
        ("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"),
        ("INTEGER PRIMARY KEY REFERENCES", "BIGINT PRIMARY KEY REFERENCES"),
        ("INTEGER NOT NULL REFERENCES", "BIGINT NOT NULL REFERENCES"),
        ("INTEGER REFERENCES", "BIGINT REFERENCES"),
        ("REAL NOT NULL", "DOUBLE PRECISION NOT NULL"),  # SQLite's REAL is 8 bytes, PostgreSQL's 4
        ("seen REAL,", "seen DOUBLE PRECISION,"),
    ):
        sql = sql.replace(sqlite, postgres)
    return sql


#: ``MIGRATIONS[n]`` takes the schema from version n to n + 1; a new database is at version 0.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE escoba_trainer (schema_version INTEGER NOT NULL)",
        "INSERT INTO escoba_trainer VALUES (0)",
        """CREATE TABLE profiles (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name TEXT UNIQUE NOT NULL, name_key TEXT UNIQUE,
            created TEXT NOT NULL, importing TEXT, rule_set TEXT NOT NULL DEFAULT 'classic', target INTEGER,
            language TEXT)""",
        f"""CREATE TABLE attempts (
            {_ROWID} PRIMARY KEY, {_OWNER},
            puzzle_id TEXT NOT NULL, kind TEXT NOT NULL, level INTEGER NOT NULL, themes TEXT NOT NULL,
            mode TEXT NOT NULL, answer TEXT NOT NULL, correct INTEGER NOT NULL, seconds DOUBLE PRECISION NOT NULL,
            hints INTEGER NOT NULL, skipped INTEGER NOT NULL, at TEXT NOT NULL, rating_after DOUBLE PRECISION,
            rd_after DOUBLE PRECISION)""",
        "CREATE INDEX attempts_by_profile ON attempts(profile_id, at)",
        "CREATE INDEX attempts_counted ON attempts(profile_id, skipped, kind, themes, correct, puzzle_id)",
        f"""CREATE TABLE ratings (
            {_ROWID}, {_OWNER} PRIMARY KEY,
            rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL, vol DOUBLE PRECISION NOT NULL)""",
        f"""CREATE TABLE review_cards (
            {_ROWID}, {_OWNER}, puzzle_id TEXT NOT NULL, card_json TEXT NOT NULL, due TEXT NOT NULL,
            PRIMARY KEY (profile_id, puzzle_id))""",
        f"""CREATE TABLE records (
            {_ROWID}, {_OWNER}, mode TEXT NOT NULL, best INTEGER NOT NULL, PRIMARY KEY (profile_id, mode))""",
        f"""CREATE TABLE stars (
            {_ROWID}, {_OWNER}, level_id TEXT NOT NULL, stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
            PRIMARY KEY (profile_id, level_id))""",
        f"""CREATE TABLE places (
            {_ROWID}, {_OWNER} PRIMARY KEY, level_id TEXT NOT NULL, stage INTEGER NOT NULL CHECK (stage >= 0))""",
        f"""CREATE TABLE games (
            {_ROWID} PRIMARY KEY, {_OWNER},
            played_at TEXT NOT NULL, level TEXT NOT NULL, players INTEGER NOT NULL, points INTEGER NOT NULL,
            against INTEGER NOT NULL, over INTEGER NOT NULL, decisions INTEGER NOT NULL,
            lost DOUBLE PRECISION NOT NULL, record TEXT NOT NULL, won INTEGER NOT NULL DEFAULT 0,
            version INTEGER NOT NULL DEFAULT 1, luck DOUBLE PRECISION)""",
        "CREATE INDEX games_listed ON games(profile_id, played_at)",
        # Rows a reader could not read, moved here by ``set_aside_damaged``: no longer anyone's, kept to look at.
        "CREATE TABLE set_aside (at TEXT NOT NULL, rows TEXT NOT NULL)",
    ),
    # Accounts and classes, then homework, then guesses, then sessions, as the file has them.
    tuple(map(_postgres, ACCOUNT_TABLES)),
    tuple(map(_postgres, HOMEWORK_TABLES)),
    tuple(map(_postgres, GUESS_TABLES)),
    tuple(map(_postgres, SESSION_TABLES)),
    # Names unique within a scope, as the file has them (the constraints are those PostgreSQL named for the columns'
    # UNIQUE), then the import tries.
    (
        "ALTER TABLE profiles DROP CONSTRAINT profiles_name_key, DROP CONSTRAINT profiles_name_key_key",
        "ALTER TABLE profiles ADD COLUMN scope TEXT DEFAULT ''",
        f"UPDATE profiles SET scope = {SCOPE_FROM_ACCOUNT}",
        "CREATE UNIQUE INDEX profiles_by_key ON profiles(scope, name_key)",
        *map(_postgres, IMPORT_TRIES_TABLES),
    ),
    # A class for a term, as the file has it.
    tuple(map(_postgres, ROSTER_TABLES)),
    tuple(map(_postgres, HOMEWORK_FOR_LEARNERS)),
    tuple(map(_postgres, SHARED_TABLES)),
)
SCHEMA_VERSION = len(MIGRATIONS)


#: What PostgreSQL says when a connection is refused, before it has a session to give an error code (SQLSTATE) in:
#: its own messages in English (``lc_messages`` C or English, as a server is usually set up), and libpq's.
_NO_DATABASE = re.compile(r'database ".*" does not exist')
_REFUSED = re.compile(r'role ".*" does not exist|authentication failed|no pg_hba\.conf entry|password')
#: Error codes of a statement or lock that waited too long (query_canceled, lock_not_available).
_TOO_LONG = {"57014", "55P03"}


def outage(error: psycopg.OperationalError) -> Said:
    """Why a database server could not be used, from psycopg's error: by its error code, else by its words (a
    server out of connections is busy, as one that does not answer in time)."""
    text = str(error)
    if error.sqlstate in _TOO_LONG or "timeout expired" in text or "too many clients" in text:
        return TIMED_OUT
    if _NO_DATABASE.search(text):
        return NO_DATABASE
    if _REFUSED.search(text):
        return REFUSED
    return UNREACHABLE


def shown(url: str) -> str:
    """The database as messages name it, in any language: its address without the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://?"
    user = f"{parts['user']}@" if parts.get("user") else ""
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{parts.get('host') or 'localhost'}{port}/{parts.get('dbname') or ''}"


@functools.cache
def _dialect(sql: str) -> str:
    """The store's SQL as psycopg takes it: ``%s`` for each value."""
    return sql.replace("%", "%%").replace("?", "%s")


def _values(parameters: Sequence[Any]) -> list[Any]:
    """Values as the columns keep them: a flag is the integer 0 or 1, as in SQLite."""
    return [int(value) if isinstance(value, bool) else value for value in parameters]


class _Statements:
    """A psycopg connection that takes the store's SQL."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Any:
        return self._conn.execute(_dialect(sql), _values(parameters) if parameters else None)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any:
        cursor = self._conn.cursor()
        cursor.executemany(_dialect(sql), [_values(row) for row in parameters])
        return cursor


def _ms(seconds: float) -> str:
    """A wait as PostgreSQL's settings take it: whole milliseconds, at least one unless it is 0 (no end)."""
    return str(max(1, round(seconds * 1000)) if seconds > 0 else 0)


def _pool(url: str, size: int, settings: dict[str, float]) -> ConnectionPool[Any]:
    """A pool of up to ``size`` connections to ``url``, each with the waits ``settings`` (PostgreSQL's, in seconds)
    for its whole session."""

    def configure(conn: psycopg.Connection[Any]) -> None:
        for name, seconds in settings.items():
            conn.execute("SELECT set_config(%s, %s, false)", (name, _ms(seconds)))

    return ConnectionPool(
        url,
        min_size=1,
        max_size=size,
        kwargs={"autocommit": True},
        configure=configure,
        timeout=BUSY_SECONDS,
        # A connection lost in an outage is retried at ever longer intervals: given up after this long, a page
        # that asks next tries again at once, so the app answers within seconds of the database coming back.
        reconnect_timeout=BUSY_SECONDS,
        check=ConnectionPool.check_connection,
        open=False,
    )


class PostgresStore(ProgressStore):
    """The progress kept in a PostgreSQL database, shared by every app server that opens it."""

    def __init__(self, reads: ConnectionPool[Any], writes: ConnectionPool[Any], url: str, waits: Waits) -> None:
        self._reads = reads
        self._writes = writes
        self._waits = waits
        self._url = url
        self._writer = threading.Lock()  # this app server's save under way: the others wait here, not in a connection
        self.where = shown(url)
        self._damage: dict[int, dict[str, int]] = {}  # damaged_rows by profile id
        self._set_aside = 0  # how many times damaged rows were set aside, so that no check from before is kept
        self._damage_lock = threading.Lock()

    @classmethod
    def open(cls, url: str, waits: Waits | None = None) -> PostgresStore:
        """Connect to the database at ``url`` and bring its schema up to date, to wait and run as ``waits`` says
        (default: ``WAITS``); StoreError if it is another program's or a newer version's, SaveError if the server
        cannot be reached now."""
        waits = waits or WAITS
        both = {"lock_timeout": waits.lock, "statement_timeout": waits.statement}
        reads = _pool(url, READ_POOL_SIZE, both)  # a frozen read holds no lock: it is left to end on its own
        writes = _pool(url, WRITE_POOL_SIZE, {**both, "idle_in_transaction_session_timeout": waits.idle})
        try:
            reads.open()
            writes.open()
            store = cls(reads, writes, url, waits)
            store._migrate()
            with store._writing() as conn:
                drop_dead_imports(conn)
        except BaseException:
            reads.close()
            writes.close()
            raise
        return store

    def close(self) -> None:
        self._reads.close()
        self._writes.close()

    def _reading(self) -> AbstractContextManager[Statements]:
        return self._transaction(self._reads, "read from", "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")

    @contextmanager
    def _writing(self, patient: bool = False) -> Iterator[Statements]:
        """A write transaction under the write lock; Busy if the saves before it (of any app server) kept it
        waiting longer than ``Waits.lock`` in all, or it ran longer than ``Waits.statement``. ``patient``: it waits
        and runs as long as it needs (a migration, which any app server starting meanwhile must wait for)."""
        deadline = time.monotonic() + self._waits.lock
        if not self._writer.acquire(timeout=-1 if patient or not self._waits.lock else self._waits.lock):
            raise self._busy("the saves before it in this app server")
        try:
            left = 0 if patient or not self._waits.lock else max(deadline - time.monotonic(), 0.001)
            waits = [f"SET LOCAL lock_timeout = {_ms(left)}", *(["SET LOCAL statement_timeout = 0"] * patient)]
            with self._transaction(self._writes, "saved to", *waits, _LOCK) as conn:
                yield conn
        except SaveError as error:
            if isinstance(error.__cause__, (psycopg.errors.LockNotAvailable, psycopg.errors.QueryCanceled)):
                raise self._busy(str(error.__cause__).strip().splitlines()[0]) from error.__cause__
            raise
        finally:
            self._writer.release()

    def _busy(self, reason: str) -> Busy:
        """A save refused for waiting or running too long, for ``reason``."""
        return Busy(
            f"{self.where} was busy with other saves, or this one ran too long ({reason}); nothing of it was saved, "
            "please try again",
            self.where,
        )

    @contextmanager
    def _transaction(self, pool: ConnectionPool[Any], action: str, *first: str) -> Iterator[Statements]:
        """One transaction on a connection of ``pool``, begun with the statements ``first``; SaveError if the server
        cannot be reached or refuses for want of room, and then nothing of it is kept."""
        try:
            with pool.connection() as conn, conn.transaction():
                for statement in first:
                    conn.execute(statement)
                yield _Statements(conn)
        except (psycopg.OperationalError, PoolTimeout) as error:
            reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            message = f"{self.where} could not be {action} ({reason})"
            raise SaveError(message, self.where, action == "read from", self._outage(error)) from error

    def _outage(self, error: psycopg.OperationalError) -> Said:
        """Why the server could not be used. The pool does not tell why it could not connect, so then one more
        connection, made here, finds out; if that one is made, the server was only too busy to answer in time."""
        if isinstance(error, PoolTimeout):
            try:
                psycopg.connect(self._url, connect_timeout=2).close()
            except psycopg.OperationalError as refused:
                return outage(refused)
            return TIMED_OUT
        return outage(error)

    def _migrate(self) -> None:
        """Bring the schema up to date in one transaction, which any other app server starting waits for."""
        with self._writing(patient=True) as conn:
            query = "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND {}"
            ours = conn.execute(query.format("table_name = 'escoba_trainer'")).fetchone()[0]
            if ours:
                version = int(conn.execute("SELECT schema_version FROM escoba_trainer").fetchone()[0])
            elif tables := conn.execute(query.format("true")).fetchone()[0]:
                raise StoreError(
                    f"{self.where} holds {tables} tables of another program; it was left as it was", self.where
                )
            else:
                version = 0
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.where} has schema version {version}, newer than version {SCHEMA_VERSION} that this "
                    "program knows; a newer Escoba Trainer wrote it",
                    self.where,
                )
            for statements in MIGRATIONS[version:]:
                for statement in statements:
                    conn.execute(statement)
            conn.execute("UPDATE escoba_trainer SET schema_version = ?", (SCHEMA_VERSION,))

    def _check_whole(self, conn: Statements) -> None:
        """Nothing to check: the server keeps its indexes whole, or reports an error on reading."""

    def damaged_rows(self, profile: Who) -> dict[str, int]:
        """How many of the profile's rows its readers cannot read, by table. The database vouches for most rows
        (``_SOUND``): only the others are read here. Every column keeps its type and every app server writes only
        checked values, so only a hand edit makes a damaged row: the answer is kept for the life of this store (an
        app server's), until the rows are set aside."""
        with self._reading() as conn:
            pid = profile_id(conn, profile)
            with self._damage_lock:
                if (kept := self._damage.get(pid)) is not None:
                    return dict(kept)
                set_aside = self._set_aside
            found = {
                table: count for table in READERS if (count := len(damaged_in(conn, table, pid, _SOUND.get(table))))
            }
        with self._damage_lock:
            if self._set_aside == set_aside:  # else the check may have read rows since set aside
                self._damage[pid] = found
        return dict(found)

    def set_aside_damaged(self, profile: Who) -> str | None:
        """Move the profile's damaged rows into the table ``set_aside``, as JSON with the time; return where they
        are (the database, then the table in brackets), or None if no row was damaged."""
        with self._writing() as conn:
            pid = profile_id(conn, profile)
            with self._damage_lock:
                self._damage.pop(pid, None)
                self._set_aside += 1
            if (damaged := find_damage(conn, pid, _SOUND)) is None:
                return None
            conn.execute("INSERT INTO set_aside (at, rows) VALUES (?, ?)", (_now(), json.dumps(damaged.shown)))
            damaged.delete(conn)
        return f"{self.where} (set_aside)"


def _finite(column: str) -> str:
    """SQL: the column is a finite number (PostgreSQL's NaN is above every number, infinity included)."""
    return f"abs({column}) < 'Infinity'::float8"


#: The shapes of a time as ``iso`` writes it (and without the microseconds), each digit written as 0.
_TIME_SHAPES = "'0000-00-00T00:00:00.000000+00:00', '0000-00-00T00:00:00+00:00'"


def _sound_time(column: str) -> str:
    """SQL: the column is a time as ``iso`` writes it, each field in its range, on a day its month has. CASE keeps
    the order of the checks (AND does not), so that each runs only on text the one before passed; and no
    regular expression of many parts, which PostgreSQL runs many times slower."""
    field = {name: f"substr({column}, {start}, 2)::int" for name, start in (("month", 6), ("day", 9), ("hour", 12))}
    month = f"make_date(left({column}, 4)::int, {field['month']}, 1)"
    return f"""CASE WHEN translate({column}, '0123456789', '0000000000') IN ({_TIME_SHAPES}) THEN
        CASE WHEN left({column}, 4) <> '0000' AND {field["month"]} BETWEEN 1 AND 12 AND {field["day"]} >= 1
            AND {field["hour"]} <= 23 AND substr({column}, 15, 1) <= '5' AND substr({column}, 18, 1) <= '5'
        THEN {field["day"]} <= 28 OR {field["day"]} <= extract(day FROM {month} + interval '1 month - 1 day')
        ELSE false END
    ELSE false END"""


def _sound_themes(column: str) -> str:
    """SQL: the column holds themes as ``checks.themes_of`` takes them, or stricter: words of letters, digits and
    ``-_.`` one space apart, none longer than ``WORD_LENGTH`` (looked for only in the rare long ones: a bounded
    repeat costs a regular expression dearly), ``THEMES_LENGTH`` in all."""
    longer = f"[^ ]{{{WORD_LENGTH + 1}}}"
    return (
        f"char_length({column}) <= {THEMES_LENGTH} AND {column} !~ '[^A-Za-z0-9_. -]' AND {column} NOT LIKE '%  %' "
        f"AND {column} NOT LIKE ' %' AND {column} NOT LIKE '% ' "
        f"AND CASE WHEN char_length({column}) <= {WORD_LENGTH} THEN true ELSE {column} !~ '{longer}' END"
    )


#: For the table with many rows, SQL true of a row that its reader surely takes: what PostgreSQL's column types do
#: not already rule out (text is always text, an integer an integer) is checked here, and only the other rows are
#: read in Python.
_SOUND = {
    "attempts": " AND ".join(
        (
            "rowid >= 0",
            "puzzle_id ~ '^[A-Za-z0-9_.-]+$' AND char_length(puzzle_id) <= 80",  # as ``ids.id_of`` takes it
            f"char_length(kind) BETWEEN 1 AND {WORD_LENGTH}",
            f"char_length(mode) BETWEEN 1 AND {WORD_LENGTH}",
            f"char_length(answer) <= {ANSWER_LENGTH}",
            _sound_themes("themes"),
            f"level BETWEEN {PUZZLE_LEVELS[0]} AND {PUZZLE_LEVELS[1]}",
            "correct BETWEEN 0 AND 1 AND skipped BETWEEN 0 AND 1",
            f"hints BETWEEN 0 AND {MOST_HINTS}",
            f"{_finite('seconds')} AND seconds >= 0",
            f"(rating_after IS NULL OR {_finite('rating_after')})",
            f"(rd_after IS NULL OR {_finite('rd_after')})",
            _sound_time("at"),
        )
    )
}


def _now() -> str:
    return iso("now", datetime.now(UTC))
