"""Learners' progress in one SQLite file, safe against crashes and against two tabs writing at once.

Every write is one short ``BEGIN IMMEDIATE`` transaction (an import, a series of them): a crash
loses at most the write in flight, and a second writer waits (busy timeout) rather than fails. A
write that the file's state stops (a full disk) raises ``SaveError`` and changes nothing. A file
that cannot be read, or that a newer version wrote, is never changed: opening it raises
``StoreError``, and the app may then move it out of the way with ``Store.set_aside`` and start
afresh.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import sqlite3
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from trainer.bot_levels import LEVELS as BOT_LEVELS
from trainer.progress.checks import (
    ANSWER_LENGTH,
    LOST_PER_PLAY,
    MOST_HINTS,
    PUZZLE_LEVELS,
    THEMES_LENGTH,
    WORD_LENGTH,
)
from trainer.progress.errors import Busy, SaveError, StoreError
from trainer.progress.model import Who
from trainer.progress.rows import READERS, Damage, Statements, damaged_in, find_damage
from trainer.progress.schema import APPLICATION_ID, COUNTED_TABLES, MIGRATIONS, SCHEMA_VERSION
from trainer.progress.store import BUSY_SECONDS, ProgressStore, drop_dead_imports, name_key, profile_id

ENV_VAR = "ESCOBA_TRAINER_DATA"
DB_NAME = "progress.sqlite3"
#: The tables of the first progress files, made before they had an ``APPLICATION_ID``.
_FIRST_TABLES = frozenset({"profiles", "attempts", "ratings", "review_cards", "records"})

#: A write refused because other writers kept the file past the busy time: nothing is lost, and it passes later.
_HELD = f"another program held the file for more than {BUSY_SECONDS:g} seconds; nothing was lost, please try again"
#: What SQLite's primary result codes mean for a learner, for the ones a file's state causes.
_FILE_TROUBLE = {
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_READONLY: "the file has been made read-only",
    sqlite3.SQLITE_CANTOPEN: "the file can no longer be opened",
    sqlite3.SQLITE_PERM: "permission was refused",
    sqlite3.SQLITE_IOERR: "the disk reported an error",
    sqlite3.SQLITE_BUSY: _HELD,
    sqlite3.SQLITE_LOCKED: _HELD,
    sqlite3.SQLITE_CORRUPT: "the file has been damaged",
    sqlite3.SQLITE_NOTADB: "the file has been damaged",
}


def data_dir(override: str | Path | None = None) -> Path:
    """The folder of the progress file, created if missing: ``override``, else $ESCOBA_TRAINER_DATA, else the
    user's data folder."""
    folder = _chosen_dir(override)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _chosen_dir(override: str | Path | None) -> Path:
    chosen = (
        override if override is not None else os.environ.get(ENV_VAR) or platformdirs.user_data_dir("escoba-trainer")
    )
    return Path(chosen).expanduser()


class Store(ProgressStore):
    """The progress kept in one SQLite file (``DB_NAME`` in a folder), with the guarantees above."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._conn = conn
        self._lock = threading.Lock()
        self._damage: dict[int, tuple[int, dict[str, int]]] = {}  # damaged_rows by profile id, with the data_version
        self._set_aside = 0  # how many times damaged rows were set aside, so that no scan from before is kept
        #: A second connection for the damage check's long read, so that it holds up no other call of this Store.
        self._scanner: sqlite3.Connection | None = None
        self._scan_lock = threading.Lock()
        self.path = path

    @classmethod
    def open(cls, folder: str | Path | None = None) -> Store:
        """Open (or create) the progress file in ``folder`` (default: ``data_dir()``), bringing its schema up to
        date; StoreError if it is damaged, too new or not ours, SaveError if it is busy or cannot be written now."""
        path = _chosen_dir(folder) / DB_NAME
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            message = f"{path} cannot be made: its folder {path.parent} cannot be created ({error})"
            raise StoreError(message, path) from error
        try:
            if _check_place(path):
                _recover_journal(path)
                _check_file(path)
            conn = _connect(path)
            try:
                _use_wal(conn)
                conn.execute("PRAGMA synchronous = FULL")
                store = cls(conn, path)
                store._migrate()
                conn.execute("PRAGMA foreign_keys = ON")  # after migrating, which may rebuild a table others refer to
                with store._transaction() as writing:
                    drop_dead_imports(writing)
            except BaseException:
                conn.close()
                raise
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                busy = f"{path} is held by another program for more than {BUSY_SECONDS:g} seconds; please try again"
                raise SaveError(busy, path) from error  # the file itself may well be fine: it is not offered aside
            raise StoreError(f"{path} cannot be opened for writing ({error})", path) from error
        return store

    @staticmethod
    def set_aside(folder: str | Path | None = None) -> Path:
        """Rename the progress file (and its -wal and -shm) to ``progress.sqlite3.unreadable-<UTC time>``; return
        the new path. Only for a file that ``open`` refused, and with no Store open on it."""
        path = data_dir(folder) / DB_NAME
        stamp = f"{DB_NAME}.unreadable-{datetime.now(UTC):%Y%m%dT%H%M%SZ}"
        target, number = path.with_name(stamp), 1
        while any(Path(f"{target}{end}").exists() for end in ("", "-wal", "-shm")):
            number += 1
            target = path.with_name(f"{stamp}-{number}")
        for end in ("-wal", "-shm"):  # before the database, so a new database never meets its old log
            if (companion := Path(f"{path}{end}")).exists():
                companion.rename(f"{target}{end}")
        path.rename(target)
        return target

    def close(self) -> None:
        """Close the connections; every write is already saved."""
        with self._lock:
            self._conn.close()
        with self._scan_lock:
            if self._scanner is not None:
                self._scanner.close()

    def _reading(self) -> AbstractContextManager[Statements]:
        return self._transaction("BEGIN")

    def _check_whole(self, conn: Statements) -> None:
        """StoreError if SQLite's integrity check of a table fails: an index that hides rows, say."""
        for table in READERS:
            if (problems := [problem for (problem,) in conn.execute(f"PRAGMA integrity_check({table})")]) != ["ok"]:
                message = f"{self.path} is damaged, so an export could miss some progress ({_problem(problems)})"
                raise StoreError(message, self.path)

    def _writing(self) -> AbstractContextManager[Statements]:
        return self._transaction()

    @contextmanager
    def _transaction(self, begin: str = "BEGIN IMMEDIATE", scan: bool = False) -> Iterator[sqlite3.Connection]:
        """One transaction on this Store's connection (with ``scan``, on its second connection, for a long read);
        a write one by default, taken at once so that a second writer waits instead of failing half-way. SaveError
        if the file's state stops it (Busy for a write that others kept waiting too long); it is rolled back."""
        with self._scan_lock if scan else self._lock:
            try:
                conn = self._conn
                if scan:
                    conn = self._scanner = self._scanner or _connect(self.path)
                conn.execute(begin)
                try:
                    yield conn
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            except sqlite3.DatabaseError as error:
                if (trouble := _FILE_TROUBLE.get(getattr(error, "sqlite_errorcode", 0) & 0xFF)) is None:
                    raise
                writing = begin == "BEGIN IMMEDIATE"
                kind = Busy if writing and trouble is _HELD else SaveError
                action = "saved to" if writing else "read from"
                raise kind(f"{self.path} could not be {action}: {trouble} ({error})", self.path, not writing) from error

    def _migrate(self) -> None:
        """Bring an older schema up to date in one transaction."""
        with self._transaction() as conn:
            version: int = conn.execute("PRAGMA user_version").fetchone()[0]
            _check_version(self.path, version)
            if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            if version < SCHEMA_VERSION:
                try:
                    for statements in MIGRATIONS[version:]:
                        for statement in statements:
                            conn.execute(statement)
                except sqlite3.IntegrityError as error:
                    if not (twice := _one_name_twice(conn)):
                        raise
                    names = " and ".join(map(repr, twice))
                    message = f"{self.path} holds profiles {names}, whose names differ only in case or width"
                    raise StoreError(f"{message}: it was left as it was", self.path) from error
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                if conn.execute("PRAGMA foreign_key_check").fetchone() is not None:
                    raise StoreError(f"{self.path} holds rows of no profile: it was left as it was", self.path)
            found = _columns(conn)
            if damaged := [table for table, columns in _schema().items() if found.get(table) != columns]:
                message = f"{self.path} is damaged: its table {damaged[0]} is not as this program made it"
                raise StoreError(message, self.path)

    def damaged_rows(self, profile: Who) -> dict[str, int]:
        """How many of the profile's rows hold a damaged value or cannot be found, by table (only tables that have
        some). The readers skip the first; the others are rows the file counted as written (``row_counts``) that the
        table or one of its indexes no longer leads to, as a damaged page can hide them. ``set_aside_damaged`` moves
        the first out and notes the others.

        SQLite vouches for most rows (``_SOUND``); only the others are read here, on a second connection, so that
        the other calls of this Store go on meanwhile. The answer is kept until another connection changes the
        file: this Store's own writes check every value, so they add no damage."""
        with self._transaction("BEGIN") as conn:
            pid = profile_id(conn, profile)
            (version,) = conn.execute("PRAGMA data_version").fetchone()
            kept, set_aside = self._damage.get(pid), self._set_aside
        if kept is not None and kept[0] == version:
            return dict(kept[1])
        with self._transaction("BEGIN", scan=True) as conn:
            unread = _unread(conn, pid)
            counts = {
                table: len(damaged_in(conn, table, pid, _SOUND.get(table))) + unread.get(table, 0) for table in READERS
            }
        found = {table: count for table, count in counts.items() if count}
        with self._lock:
            if self._set_aside == set_aside:  # else the scan may have read rows since set aside
                self._damage[pid] = version, found
        return dict(found)

    def set_aside_damaged(self, profile: Who) -> Path | None:
        """Move the profile's damaged rows out of the database, into a JSON file beside it named
        ``progress.sqlite3.damaged-<UTC time>.json`` (text as Python shows it, bytes in hex), with how many rows of
        each table could not be found (under "unread"), which are no longer counted; return that file, or None if no
        row was damaged or missing."""
        with self._transaction() as conn:
            pid = profile_id(conn, profile)
            self._damage.pop(pid, None)
            self._set_aside += 1
            damaged, unread = find_damage(conn, pid, _SOUND), _unread(conn, pid)
            if damaged is None and not unread:
                return None
            if damaged is None:
                (name,) = conn.execute("SELECT name FROM profiles WHERE id = ?", (pid,)).fetchone()
                damaged = Damage({"profile": name, "rows": {}}, {})
            target = self.path.with_name(f"{DB_NAME}.damaged-{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}.json")
            target.write_text(json.dumps({**damaged.shown, "unread": unread}, indent=1), encoding="utf-8")
            damaged.delete(conn)
            conn.executemany(
                "UPDATE row_counts SET kept = kept - ? WHERE profile_id = ? AND name = ?",
                [(count, pid, table) for table, count in unread.items()],
            )
        return target


def _unread(conn: Statements, pid: int) -> dict[str, int]:
    """How many of the profile's rows of each table (only tables that have some) the file counted as written but
    cannot find now: the fewest found by the table itself or by any of its indexes, as a read may take any of them."""
    unread = {}
    for table in COUNTED_TABLES:
        row = conn.execute("SELECT kept FROM row_counts WHERE profile_id = ? AND name = ?", (pid, table)).fetchone()
        if row is None or not isinstance(row[0], int):
            continue  # none kept, or a damaged count, which tells nothing
        ways = ["NOT INDEXED", *(f"INDEXED BY {index[1]}" for index in conn.execute(f"PRAGMA index_list({table})"))]
        found = min(
            conn.execute(f"SELECT count(*) FROM {table} {way} WHERE profile_id = ?", (pid,)).fetchone()[0]
            for way in ways
        )
        if row[0] > found:
            unread[table] = row[0] - found
    return unread


def _check_place(path: Path) -> bool:
    """Whether a file is at ``path``; StoreError unless it is a plain file that we, and SQLite's logs beside it in
    its folder, may read and write. Only looks, so it never waits on a FIFO or reads a device."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise StoreError(f"{path} cannot be looked at ({error.strerror})", path) from error
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a folder" if stat.S_ISDIR(mode) else "a pipe (FIFO)" if stat.S_ISFIFO(mode) else "a device or socket"
        raise StoreError(f"{path} is {kind}, not a file: a progress file cannot be kept there", path)
    if mode is not None and not os.access(path, os.R_OK):
        raise StoreError(f"{path} cannot be read: permission denied", path)
    if mode is not None and not os.access(path, os.W_OK):
        raise StoreError(f"{path} is read-only: progress cannot be saved to it", path)
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise StoreError(f"{path} cannot be written: its folder {path.parent} is read-only", path)
    return mode is not None


def _recover_journal(path: Path) -> None:
    """Roll back the journal that a writer killed while making the file left beside it, which a read-only check
    cannot do. A copy of the pair is rolled back first, to make sure the file is ours before it is written."""
    journal = Path(f"{path}-journal")
    if not journal.is_file():
        return
    try:
        with tempfile.TemporaryDirectory() as scratch:
            copy = Path(scratch) / DB_NAME
            shutil.copyfile(path, copy)
            shutil.copyfile(journal, f"{copy}-journal")
            with closing(sqlite3.connect(copy)) as conn:
                conn.text_factory = _lenient_text
                _check_ours(path, conn)
        with closing(sqlite3.connect(path, timeout=BUSY_SECONDS)) as conn:
            conn.execute("PRAGMA schema_version")  # the first read rolls the journal back
    except (OSError, sqlite3.DatabaseError) as error:
        if not journal.exists():
            return  # a live writer finished meanwhile: the journal was not left behind
        if isinstance(error, sqlite3.OperationalError):
            raise  # locked: the writer may still be alive
        raise StoreError(f"{path} has an unfinished write that cannot be undone ({error})", path) from error


def _check_ours(path: Path, conn: sqlite3.Connection) -> None:
    """StoreError unless the database is a progress file, or empty: another program's database is not touched."""
    app_id: int = conn.execute("PRAGMA application_id").fetchone()[0]
    query = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'"
    tables = {name for (name,) in conn.execute(query)}
    if app_id == APPLICATION_ID or (app_id == 0 and (not tables or tables >= _FIRST_TABLES)):
        return
    shown = ", ".join(sorted(tables)[:5]) or "none"
    raise StoreError(
        f"{path} is another program's database, not an Escoba Trainer progress file "
        f"(application id {app_id:#x}, tables: {shown}); it was left as it was",
        path,
    )


def _check_file(path: Path) -> None:
    """StoreError if the file at ``path`` is damaged, too new or not ours; it is only read, never written."""
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_SECONDS)) as conn:
            conn.text_factory = _lenient_text  # a damaged schema's text is reported, not raised as a decoding error
            problems = [problem for (problem,) in conn.execute("PRAGMA quick_check")]
            version: int = conn.execute("PRAGMA user_version").fetchone()[0]
            _check_ours(path, conn)
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            raise  # locked: the file itself may well be fine
        raise StoreError(f"{path} cannot be read ({error})", path) from error
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{path} is not a readable progress database ({error})", path) from error
    except UnicodeDecodeError as error:  # SQLite's message quotes the damaged schema, which is not text
        raise StoreError(f"{path} is damaged: its schema is not text ({error.reason})", path) from error
    if problems != ["ok"]:
        raise StoreError(f"{path} is damaged: it fails SQLite's integrity check ({_problem(problems)})", path)
    _check_version(path, version)


def _problem(problems: list[Any]) -> str:
    """The first problem an integrity check reports, on one line, with undecodable bytes shown as escapes."""
    first = str(problems[0]).removeprefix("*** in database main ***\n").splitlines()[0]
    return first.encode("utf-8", "backslashreplace").decode("utf-8")


def _columns(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table's columns, by table name."""
    query = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!'"
    tables = [name for (name,) in conn.execute(query).fetchall()]
    return {
        table: [name for (name,) in conn.execute("SELECT name FROM pragma_table_info(?)", (table,))] for table in tables
    }


@functools.cache
def _schema() -> dict[str, list[str]]:
    """The tables and columns that ``MIGRATIONS`` make."""
    with closing(_functions(sqlite3.connect(":memory:"))) as conn:
        for statement in (statement for statements in MIGRATIONS for statement in statements):
            conn.execute(statement)
        return _columns(conn)


def _connect(path: Path) -> sqlite3.Connection:
    """A connection to the progress file as the store uses it: transactions begun explicitly, usable from any
    thread, text read leniently, and the store's SQL functions."""
    conn = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
    conn.text_factory = _lenient_text
    return _functions(conn)


def _functions(conn: sqlite3.Connection) -> sqlite3.Connection:
    """``conn`` with the store's SQL functions: ``is_text`` of a value's bytes, and ``name_key`` of a name."""
    conn.create_function("is_text", 1, _is_utf8, deterministic=True)
    conn.create_function("name_key", 1, name_key, deterministic=True)
    return conn


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch to WAL journal mode (once per file, it stays). On a new file another opener may hold a lock that
    SQLite will not wait for here, as waiting could deadlock, so retry until the busy time is up."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
        time.sleep(0.01)


def _check_version(path: Path, version: int) -> None:
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{path} has schema version {version}, newer than version {SCHEMA_VERSION} that this program knows; "
            "a newer Escoba Trainer wrote it",
            path,
        )


def _one_name_twice(conn: sqlite3.Connection) -> list[str]:
    """Two profiles whose names are one name (their keys the same), if the file holds any: why their keys could
    not be made unique."""
    query = "SELECT name FROM profiles WHERE name_key = (SELECT name_key FROM profiles GROUP BY 1 HAVING count(*) > 1)"
    return [name for (name,) in conn.execute(query)][:2]


def _lenient_text(data: bytes) -> str:
    """Text from the database; invalid UTF-8 becomes lone surrogates, which ``is_text`` then refuses."""
    return data.decode("utf-8", "surrogateescape")


def _is_utf8(data: object) -> bool:
    """Whether bytes are UTF-8 text without surrogates or NUL, as ``is_text`` asks of what they decode to."""
    if not isinstance(data, bytes) or b"\x00" in data:
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _sound_time(column: str) -> str:
    """SQL: the column is a valid time as ``iso`` writes it (or without the microseconds)."""
    day = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]"
    return (
        f"({column} GLOB '{day}.[0-9][0-9][0-9][0-9][0-9][0-9]+00:00' OR {column} GLOB '{day}+00:00') "
        f"AND substr({column}, 1, 4) <> '0000' AND strftime('%Y-%m-%dT%H:%M:%S', julianday(substr({column}, 1, 19))) = "
        f"substr({column}, 1, 19)"
    )


def _sound_themes(column: str) -> str:
    """SQL: the column holds themes as ``checks.themes_of`` takes them, or stricter: words of letters, digits and
    ``-_.`` one space apart, none longer than ``WORD_LENGTH``, ``THEMES_LENGTH`` in all."""
    longer = "[^ ]" * (WORD_LENGTH + 1)
    return (
        f"length({column}) <= {THEMES_LENGTH} AND {column} NOT GLOB '*[^A-Za-z0-9_. -]*' "
        f"AND {column} NOT GLOB '*{longer}*' AND {column} NOT GLOB '*  *' AND {column} NOT GLOB ' *' "
        f"AND {column} NOT GLOB '* '"
    )


def _sound(*checks: str, texts: tuple[str, ...], ints: dict[str, tuple[int, int]], reals: tuple[str, ...]) -> str:
    """SQL that holds for a row whose values the table's reader surely takes: text that is UTF-8, integers in
    range, finite numbers (NULL allowed for optional ones, named ending in "?"), and the further ``checks``."""
    parts = [f"typeof({column}) = 'text'" for column in texts]
    parts += [f"typeof({c}) = 'integer' AND {c} BETWEEN {low} AND {high}" for c, (low, high) in ints.items()]
    for column in reals:
        name = column.rstrip("?")
        finite = f"typeof({name}) IN ('integer', 'real') AND abs({name}) <= {sys.float_info.max!r}"
        parts.append(f"({name} IS NULL OR {finite})" if column.endswith("?") else finite)
    parts.append(f"is_text(CAST({' || '.join(texts)} AS BLOB))")
    return " AND ".join([*parts, *checks])


_BIG = 2**31
#: For the tables with many rows, SQL true of a row that its reader surely takes: only the others are read in Python.
_SOUND = {
    "attempts": _sound(
        "rowid >= 0 AND seconds >= 0",
        _sound_time("at"),
        "length(puzzle_id) BETWEEN 1 AND 80 AND puzzle_id NOT GLOB '*[^A-Za-z0-9_.-]*'",
        f"length(kind) BETWEEN 1 AND {WORD_LENGTH} AND length(mode) BETWEEN 1 AND {WORD_LENGTH}",
        f"length(answer) <= {ANSWER_LENGTH}",
        _sound_themes("themes"),
        texts=("puzzle_id", "kind", "mode", "answer", "themes", "at"),
        ints={"level": PUZZLE_LEVELS, "correct": (0, 1), "hints": (0, MOST_HINTS), "skipped": (0, 1)},
        reals=("seconds", "rating_after?", "rd_after?"),
    ),
    "games": _sound(
        _sound_time("played_at"),
        f"level IN ({', '.join(map(repr, BOT_LEVELS))})",
        f"lost BETWEEN 0 AND decisions * {LOST_PER_PLAY} AND NOT (won AND NOT over)",
        f"(luck IS NULL OR abs(luck) <= decisions * {LOST_PER_PLAY})",
        "json_valid(record) AND substr(record, 1, 1) = '{'",
        texts=("played_at", "level", "record"),
        ints={
            "players": (2, 6),
            "points": (-_BIG, _BIG),
            "against": (-_BIG, _BIG),
            "over": (0, 1),
            "decisions": (0, _BIG),
            "won": (0, 1),
        },
        reals=("lost", "luck?"),
    ),
}
