"""Learners' progress in one SQLite file, safe against crashes and against two tabs writing at once.

Every write is one short ``BEGIN IMMEDIATE`` transaction (an import, a series of them): a crash
loses at most the write in flight, and a second writer waits (busy timeout) rather than fails. A
write that the file's state stops (a full disk) raises ``SaveError`` and changes nothing. A file
that cannot be read, or that a newer version wrote, is never changed: opening it raises
``StoreError``, and the app may then move it out of the way with ``Store.set_aside`` and start
afresh.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import os
import re
import reprlib
import secrets
import shutil
import socket
import sqlite3
import stat
import sys
import tempfile
import threading
import time
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, closing, contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, Protocol, Self

import fsrs
import platformdirs

from trainer.ai.bots import LEVELS as BOT_LEVELS
from trainer.cards import DECK
from trainer.match import Match
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.records import RecordError, read_record
from trainer.scoring import WRONG_CAPTURE_COST
from trainer.text import SaidError, said

ENV_VAR = "ESCOBA_TRAINER_DATA"
DB_NAME = "progress.sqlite3"
FORMAT = "escoba-trainer-profile"
FORMAT_VERSION = 1
BUSY_SECONDS = 5.0
NAME_LENGTH = 40
IMPORT_BYTES = 20_000_000  # the largest export ``import_json`` reads: years of daily practice fit well within it
#: The largest game record kept, as JSON: a deal takes under a kilobyte, and a long match of 14 deals 9 KB.
RECORD_BYTES = 256_000
IMPORT_GAMES = 20_000  # the most matches an import holds: one a day for over fifty years
#: ``PRAGMA application_id`` of a progress file ("EsTr"); files made before it have 0 and the tables below.
APPLICATION_ID = 0x45735472
_FIRST_TABLES = frozenset({"profiles", "attempts", "ratings", "review_cards", "records"})
#: The ratings kept: beyond these Glicko-2 overflows or stops moving, so a value outside is damage or a bad import.
RATING_RANGE, RD_RANGE, VOL_RANGE = (0.0, 4000.0), (1.0, 500.0), (0.0, 1.0)
IMPORT_CHUNK = 2_000  # rows an import writes per transaction, a few milliseconds of holding the write lock
#: The rest an import takes after each chunk. A writer kept waiting retries at growing intervals, up to 25 ms
#: in its first tenth of a second: a longer pause lets it in, where back-to-back chunks would starve it.
IMPORT_PAUSE = 0.03
#: An import that wrote nothing for this long is taken as dead even if its process seems alive.
STALE_IMPORT_SECONDS = 600
_NAME_CHARS = re.compile(r"[\w \-]+")  # \w: letters and digits of any script, and "_"
#: A puzzle's or a course level's id: only its form is checked, as the store does not load the bank. An answer to a
#: puzzle since removed from the bank (or never in it) is kept, and the pages show none they cannot find.
_ID = re.compile(r"[A-Za-z0-9_.\-]{1,80}")
WORD_LENGTH, ANSWER_LENGTH = 40, 1000  # the longest kind or mode, and the longest answer, in characters
PUZZLE_LEVELS = (1, 5)
MOST_HINTS = 1000
SECONDS_KEPT = 86_400.0  # a puzzle left open longer than a day is kept as answered in a day
MOST_BEST = 1_000_000  # the highest streak or rush best an import may hold
MOST_STAGE = 10_000  # the highest stage of a course level


def _most_deal_points(rules: RuleProfile) -> int:
    """The most points all sides of one deal can score together under ``rules``, however unlikely: each category
    once, an escoba with each card of the deck, and (where the rule set has penalties) the dearest penalty, 4 and
    1 more for each of those escobas, on each card."""
    cards = len(DECK)
    categories = sum(worth for name, worth in rules.points.items() if name != "escoba")
    penalties = (WRONG_CAPTURE_COST + cards) * cards if rules.penalties_allowed else 0
    return categories + cards * rules.points.get("escoba", 0) + penalties


#: The most points one play can lose: it cannot move its deal's margin between the sides by more than the span of
#: the points that deal can score, in the rule set with the most.
LOST_PER_PLAY = 2 * max(map(_most_deal_points, PROFILES.values()))

#: The tables of accounts and classes (a migration of the file, and of a PostgreSQL database).
ACCOUNT_TABLES = (
    """CREATE TABLE accounts (
        profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
        issuer TEXT NOT NULL, subject TEXT NOT NULL, password TEXT, teacher INTEGER NOT NULL DEFAULT 0,
        UNIQUE (issuer, subject))""",
    """CREATE TABLE classes (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        teacher_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        name TEXT NOT NULL, code TEXT NOT NULL UNIQUE, created TEXT NOT NULL)""",
    "CREATE INDEX classes_by_teacher ON classes(teacher_id)",
    """CREATE TABLE members (
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        PRIMARY KEY (class_id, profile_id))""",
    "CREATE INDEX members_by_profile ON members(profile_id)",
)
#: The table of homework (likewise).
HOMEWORK_TABLES = (
    """CREATE TABLE assignments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        class_id INTEGER NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        kind TEXT NOT NULL, items TEXT NOT NULL, due TEXT NOT NULL, created TEXT NOT NULL)""",
    "CREATE INDEX assignments_by_class ON assignments(class_id)",
)

#: ``MIGRATIONS[n]`` takes the schema from version n to n + 1; a new file is at version 0.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        "CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, created TEXT NOT NULL)",
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            puzzle_id TEXT NOT NULL, kind TEXT NOT NULL, level INTEGER NOT NULL, themes TEXT NOT NULL,
            mode TEXT NOT NULL, answer TEXT NOT NULL, correct INTEGER NOT NULL, seconds REAL NOT NULL,
            hints INTEGER NOT NULL, skipped INTEGER NOT NULL, at TEXT NOT NULL, rating_after REAL, rd_after REAL)""",
        "CREATE INDEX attempts_by_profile ON attempts(profile_id, at)",
        """CREATE TABLE ratings (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
            rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL)""",
        """CREATE TABLE review_cards (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            puzzle_id TEXT NOT NULL, card_json TEXT NOT NULL, due TEXT NOT NULL,
            PRIMARY KEY (profile_id, puzzle_id))""",
        """CREATE TABLE records (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            mode TEXT NOT NULL, best INTEGER NOT NULL,
            PRIMARY KEY (profile_id, mode))""",
    ),
    (
        """CREATE TABLE stars (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            level_id TEXT NOT NULL, stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 3),
            PRIMARY KEY (profile_id, level_id))""",
        """CREATE TABLE places (
            profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
            level_id TEXT NOT NULL, stage INTEGER NOT NULL CHECK (stage >= 0))""",
    ),
    # NULL for a profile in use; while an import writes a profile, who writes it and when it last wrote.
    ("ALTER TABLE profiles ADD COLUMN importing TEXT",),
    # The rule set the learner plays by, and the target chosen for it (NULL: the rule set's usual one).
    (
        "ALTER TABLE profiles ADD COLUMN rule_set TEXT NOT NULL DEFAULT 'classic'",
        "ALTER TABLE profiles ADD COLUMN target INTEGER",
    ),
    # Matches against the computer: a summary to show on Progress, and the game record to replay.
    (
        """CREATE TABLE games (
            profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
            played_at TEXT NOT NULL, level TEXT NOT NULL, players INTEGER NOT NULL, points INTEGER NOT NULL,
            against INTEGER NOT NULL, over INTEGER NOT NULL, decisions INTEGER NOT NULL, lost REAL NOT NULL,
            record TEXT NOT NULL)""",
        "CREATE INDEX games_by_profile ON games(profile_id, played_at)",
    ),
    # Whether the learner's side won: usually the higher total, but a shut-out ends a match whatever the totals.
    ("ALTER TABLE games ADD COLUMN won INTEGER NOT NULL DEFAULT 0",),
    # A profile's id is never given again once deleted, so a tab that holds it cannot write into a newer profile.
    # SQLite adds AUTOINCREMENT only to a new table: the rows move over (foreign keys are off while migrating).
    (
        """CREATE TABLE profiles_kept (
            id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE NOT NULL, created TEXT NOT NULL, importing TEXT,
            rule_set TEXT NOT NULL DEFAULT 'classic', target INTEGER)""",
        """INSERT INTO profiles_kept (id, name, created, importing, rule_set, target)
            SELECT id, name, created, importing, rule_set, target FROM profiles""",
        "DROP TABLE profiles",
        "ALTER TABLE profiles_kept RENAME TO profiles",
    ),
    # Indexes that hold what the Progress page counts and lists: its counts never visit the rows, nor its match list
    # the records.
    (
        "CREATE INDEX attempts_counted ON attempts(profile_id, skipped, kind, themes, correct, puzzle_id)",
        """CREATE INDEX games_listed ON games(
            profile_id, played_at, level, players, points, against, over, decisions, lost, won)""",
        "DROP INDEX games_by_profile",
    ),
    # The language the learner reads the app in, as a code ("es"); NULL until one is chosen.
    ("ALTER TABLE profiles ADD COLUMN language TEXT",),
    # A match's saves in order: a save goes on from the version it read, so a tab holding an older state of the
    # match (or one of a match since finished) cannot write over it.
    ("ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 1",),
    # A match's luck: what the cards of its reviewed deals were worth to the learner's side, apart from the play
    # (NULL for a match kept before it was). The match list's index holds it too.
    (
        "ALTER TABLE games ADD COLUMN luck REAL",
        "DROP INDEX games_listed",
        """CREATE INDEX games_listed ON games(
            profile_id, played_at, level, players, points, against, over, decisions, lost, won, luck)""",
    ),
    # Each name's key (``_name_key``: what two names must share to be one profile), unique: a profile is found by
    # the index, not by reading every name, and no two writers can both make "Ana" and "ana". A damaged name has
    # none (NULL), as it names no one.
    (
        "ALTER TABLE profiles ADD COLUMN name_key TEXT",
        "UPDATE profiles SET name_key = name_key(name) WHERE is_text(CAST(name AS BLOB))",
        "CREATE UNIQUE INDEX profiles_by_key ON profiles(name_key)",
    ),
    # Signing in on a club's server: an account is a profile's way in, by the issuer and subject of an OpenID
    # provider or, for one a teacher made, by its class code, name and password (a hash). A class is a teacher's,
    # with a code to join it by.
    ACCOUNT_TABLES,
    # Homework a teacher sets a class: course levels, a set of puzzles, or a match against a computer strength,
    # with its items (ids, or the strength) as a JSON list, and a due time.
    HOMEWORK_TABLES,
)
SCHEMA_VERSION = len(MIGRATIONS)
#: A language as the store keeps it: a two- or three-letter code; which ones the app speaks is the app's business.
LANGUAGE_CODE = re.compile("[a-z]{2,3}")

_SET_RATING = """INSERT INTO ratings (profile_id, rating, rd, vol) VALUES (?, ?, ?, ?)
    ON CONFLICT (profile_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol"""
_SAVE_CARD = """INSERT INTO review_cards (profile_id, puzzle_id, card_json, due) VALUES (?, ?, ?, ?)
    ON CONFLICT (profile_id, puzzle_id) DO UPDATE SET card_json = excluded.card_json, due = excluded.due"""
_RECORD_STARS = """INSERT INTO stars (profile_id, level_id, stars) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, level_id) DO UPDATE SET stars = excluded.stars WHERE excluded.stars > stars.stars"""
_SET_PLACE = """INSERT INTO places (profile_id, level_id, stage) VALUES (?, ?, ?)
    ON CONFLICT (profile_id) DO UPDATE SET level_id = excluded.level_id, stage = excluded.stage"""
_RECORD_BEST = """INSERT INTO records (profile_id, mode, best) VALUES (?, ?, ?)
    ON CONFLICT (profile_id, mode) DO UPDATE SET best = excluded.best WHERE excluded.best > records.best"""


class Statements(Protocol):
    """What the store asks of a database connection: SQL with ``?`` for each value, as sqlite3 takes it."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any: ...


class StoreError(Exception):
    """The progress cannot be read, or a newer version wrote it; it was left as it was. ``path`` is the file, or
    the database server as messages name it."""

    def __init__(self, message: str, path: Path | str) -> None:
        super().__init__(message)
        self.path = path


class SaveError(StoreError):
    """The progress file could not be read or written just now (a full disk, a file made read-only, another program
    holding it); the write was rolled back, so nothing saved before is changed and trying again is safe."""


class ProfileGone(ValueError):
    """The profile asked for is not in the file (any more): deleted, or never there."""


class StaleMatch(ValueError):
    """A save of a match that went on without it (in another tab, say), or that is over: nothing was written."""

    def __init__(self, game: int) -> None:
        super().__init__(f"match {game} was saved since, or is over: this save does not go on from it")
        self.game = game


@dataclass(frozen=True)
class Learner:
    """A profile as a session holds it: its row id, which a rename keeps, and its name when last read.

    Every method that takes a profile takes a Learner or a name. The app passes Learners, so an answer goes to the
    profile the learner chose even if another tab renamed it meanwhile, and to no other if it was deleted."""

    id: int
    name: str


#: A profile, by the row that holds it (``Learner``) or by name, up to case and width.
Who = str | Learner


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


@dataclass(frozen=True)
class Attempt:
    """One answer to one puzzle; ``at`` carries a time zone and each theme is one word."""

    puzzle_id: str
    kind: str
    level: int
    themes: tuple[str, ...]
    mode: str
    answer: str
    correct: bool
    seconds: float
    hints: int
    skipped: bool
    at: datetime
    rating_after: float | None = None
    rd_after: float | None = None

    def __post_init__(self) -> None:
        _check_id("puzzle_id", self.puzzle_id)
        _check_themes("themes", self.themes)
        for field, low, high in (("kind", 1, WORD_LENGTH), ("mode", 1, WORD_LENGTH), ("answer", 0, ANSWER_LENGTH)):
            if not low <= len(getattr(self, field)) <= high:
                raise ValueError(f"{field}: {reprlib.repr(getattr(self, field))} is not {low} to {high} characters")
            if "\x00" in getattr(self, field):  # no answer has one, and PostgreSQL keeps no text with it
                raise ValueError(f"{field}: {reprlib.repr(getattr(self, field))} holds a NUL character")
        for field, (low, high) in (("level", PUZZLE_LEVELS), ("hints", (0, MOST_HINTS))):
            _named(field, _int_of, getattr(self, field), low, high)
        _iso("at", self.at)
        if _finite("seconds", self.seconds) < 0:
            raise ValueError(f"seconds: {self.seconds} is below zero")
        for field in ("rating_after", "rd_after"):
            if (value := getattr(self, field)) is not None:
                _finite(field, value)


@dataclass(frozen=True)
class GameSummary:
    """A match against the computer: when, at which bot level, the learner's side's points and the best other
    side's, whether it is over, how many of the learner's plays were reviewed and the points they lost, and the luck
    of its reviewed deals: the margin their cards were worth to the learner's side (None where it was not kept)."""

    played_at: datetime
    level: str
    players: int
    points: int
    against: int
    over: bool
    decisions: int
    lost: float
    won: bool = False
    luck: float | None = None

    def __post_init__(self) -> None:
        _iso("played_at", self.played_at)
        _finite("lost", self.lost)
        if self.level not in BOT_LEVELS:
            raise ValueError(f"level: {self.level!r} is not one of {', '.join(BOT_LEVELS)}")
        for name, low, high in (("players", 2, 6), ("decisions", 0, 2**31), ("points", -(2**31), 2**31),
                                ("against", -(2**31), 2**31)):  # fmt: skip
            try:
                _int_of(getattr(self, name), low, high)
            except ValueError as error:
                raise ValueError(f"{error} (the {name} field)") from None
        if self.lost < 0:
            raise ValueError(f"lost: {self.lost} points lost cannot be below zero")
        if self.lost > self.decisions * LOST_PER_PLAY:
            raise ValueError(
                f"lost: {self.lost:g} points over {self.decisions} plays is more than the {LOST_PER_PLAY} a play can "
                "lose at most"
            )
        if self.won and not self.over:
            raise ValueError("won: a match still under way has no winner yet")
        if self.luck is not None and abs(_finite("luck", self.luck)) > self.decisions * LOST_PER_PLAY:
            raise ValueError(
                f"luck: {self.luck:g} points over {self.decisions} plays is more than the deals they were made in "
                "can score"
            )

    @classmethod
    def of(
        cls,
        match: Match,
        played_at: datetime,
        level: str,
        decisions: int,
        lost: float,
        side: int = 0,
        luck: float | None = None,
    ) -> GameSummary:
        """The summary of a match as it stands, for the learner's match ``side``."""
        totals = match.totals
        against = max(total for other, total in enumerate(totals) if other != side)
        won = match.winner == side
        return cls(played_at, level, match.players, totals[side], against, match.is_over, decisions, lost, won, luck)


@dataclass(frozen=True)
class Account:
    """A way in to a profile on a club's server: whose profile it is, and whether they teach."""

    learner: Learner
    teacher: bool


@dataclass(frozen=True)
class Classroom:
    """A teacher's class: its number, its name, and the code its learners sign in or join with."""

    id: int
    name: str
    code: str


@dataclass(frozen=True)
class Assignment:
    """Homework for a class: ``kind`` is "levels", "puzzles" or "match", and ``items`` the level or puzzle ids, or
    the computer strength to play; due by ``due``, set at ``created``."""

    id: int
    class_id: int
    kind: str
    items: tuple[str, ...]
    due: datetime
    created: datetime

    def __post_init__(self) -> None:
        if self.kind not in ASSIGNMENT_KINDS:
            raise ValueError(f"kind: {self.kind!r} is not one of {', '.join(ASSIGNMENT_KINDS)}")
        if not 1 <= len(self.items) <= MOST_ITEMS:
            raise ValueError(f"items: {len(self.items)} is not 1 to {MOST_ITEMS}")
        for item in self.items:
            _check_id("items", item)
        if self.kind == "match" and (len(self.items) != 1 or self.items[0] not in BOT_LEVELS):
            raise ValueError(f"items: a match is against one of {', '.join(BOT_LEVELS)}, not {self.items!r}")
        _iso("due", self.due)
        _iso("created", self.created)


ASSIGNMENT_KINDS = ("levels", "puzzles", "match")
MOST_ITEMS = 100  # the most levels or puzzles in one piece of homework


class NotYours(PermissionError):
    """An action on a class by someone who does not teach it, or by a learner who does not teach at all."""


#: The issuer of the accounts a teacher makes, whose subject is the profile's number.
CLASS_ISSUER = "class"
#: The letters of a class code: no 0 and O, 1 and I, to be read out and typed without a mistake.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
ISSUER_LENGTH = 255  # the longest issuer or subject kept: OpenID allows 255 ASCII characters for a subject


class KeptGame(NamedTuple):
    """A match against the computer as kept: its number and version (what a save that goes on from it passes),
    its summary and its game record."""

    number: int
    version: int
    summary: GameSummary
    record: dict[str, Any]


_GAME_FIELDS = [field.name for field in dataclasses.fields(GameSummary)]
_ATTEMPT_FIELDS = [field.name for field in dataclasses.fields(Attempt)]
_ATTEMPT_COLUMNS = ", ".join(_ATTEMPT_FIELDS)
_INSERT_GAME = (
    f"INSERT INTO games (profile_id, {', '.join(_GAME_FIELDS)}, record) VALUES (?{', ?' * (len(_GAME_FIELDS) + 1)})"
)
_INSERT_ATTEMPT = f"INSERT INTO attempts (profile_id, {_ATTEMPT_COLUMNS}) VALUES (?{', ?' * len(_ATTEMPT_FIELDS)})"


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


class ProgressStore(ABC):
    """What the app keeps about its learners: profiles, answers, ratings, reviews, course places and matches, each
    call keyed by a learner (or a name, found by its key's index). ``Store`` keeps it in a SQLite file, one
    learner's or a household's; ``PostgresStore`` on a PostgreSQL server, for a club or a class. Safe to share
    between threads; other stores on the same data may write too. Every write is one transaction, made one at a
    time: a write that reads before it writes (an answer's rating, a name still free) never races another."""

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Statements]:
        """One read-only transaction that sees one state of the data throughout."""

    @abstractmethod
    def _writing(self) -> AbstractContextManager[Statements]:
        """One write transaction, the only one under way in the data until it ends; SaveError if the storage
        stops it, and then it is rolled back."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the storage; every write is already saved."""

    @abstractmethod
    def damaged_rows(self, profile: Who) -> dict[str, int]:
        """How many of the profile's rows hold a damaged value, by table (only tables that have some)."""

    @abstractmethod
    def set_aside_damaged(self, profile: Who) -> Path | str | None:
        """Move the profile's damaged rows out, keeping them where one can look at them; return where (None if no
        row was damaged)."""

    @abstractmethod
    def _check_whole(self, conn: Statements) -> None:
        """StoreError if the storage is damaged so that a read could miss rows."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def profiles(self) -> list[str]:
        """The profile names, in alphabetical order; a damaged name and a profile still being imported are left
        out."""
        with self._reading() as conn:
            rows = conn.execute("SELECT name FROM profiles WHERE importing IS NULL")
            names = [name for (name,) in rows if _is_text(name)]
        return sorted(names, key=str.casefold)

    def learners(self) -> list[Learner]:
        """The profiles in use, as ``profiles`` lists them, each with its row id."""
        with self._reading() as conn:
            rows = conn.execute("SELECT id, name FROM profiles WHERE importing IS NULL").fetchall()
        return sorted((Learner(pid, name) for pid, name in rows if _is_text(name)), key=lambda a: a.name.casefold())

    def learner(self, who: Who) -> Learner | None:
        """The profile in use that ``who`` names, with its name as it is now: a Learner by its row id (renamed or
        not), a name by the store's own key ("bea", "ＢＥＡ" and " Bea " find "Bea"); None if there is none."""
        if isinstance(who, str) and len(who.strip()) > 4 * NAME_LENGTH:
            return None  # no name of NAME_LENGTH characters has a key this long
        with self._reading() as conn:
            try:
                pid = _profile_id(conn, who)
            except ProfileGone:
                return None
            (name,) = conn.execute("SELECT name FROM profiles WHERE id = ?", (pid,)).fetchone()
        return Learner(pid, name) if _is_text(name) else None

    def create_profile(self, name: str) -> Learner:
        """Add a profile and return it; ValueError for a bad or taken name."""
        name = _valid_name(name)
        with self._writing() as conn:
            return Learner(_insert_profile(conn, name, _iso("created", datetime.now(UTC))), name)

    def rename_profile(self, old: Who, new: str) -> str:
        """Give a profile a new name and return it; ValueError for a bad name or one another profile has."""
        new = _valid_name(new)
        with self._writing() as conn:
            pid = _profile_id(conn, old)
            _check_free(conn, new, pid)
            conn.execute("UPDATE profiles SET name = ?, name_key = ? WHERE id = ?", (new, _name_key(new), pid))
        return new

    def delete_profile(self, name: Who) -> None:
        """Remove a profile and all its progress."""
        with self._writing() as conn:
            conn.execute("DELETE FROM profiles WHERE id = ?", (_profile_id(conn, name),))

    def rules(self, profile: Who) -> RuleProfile:
        """The rule set the profile plays by, with its chosen target; classic if none was chosen, or if the saved
        choice cannot be read."""
        with self._reading() as conn:
            pid = _profile_id(conn, profile)
            name, target = conn.execute("SELECT rule_set, target FROM profiles WHERE id = ?", (pid,)).fetchone()
        try:
            return _rules_of(name, target)
        except ValueError:
            return CLASSIC

    def set_rules(self, profile: Who, rules: RuleProfile) -> None:
        """Keep the rule set (and target) the profile plays by; ValueError for one this program does not know."""
        name, target = _rules_row(rules)
        with self._writing() as conn:
            conn.execute(
                "UPDATE profiles SET rule_set = ?, target = ? WHERE id = ?", (name, target, _profile_id(conn, profile))
            )

    def language(self, profile: Who) -> str | None:
        """The language the profile reads the app in, or None before one was chosen (or if the saved one cannot be
        read)."""
        with self._reading() as conn:
            pid = _profile_id(conn, profile)
            (code,) = conn.execute("SELECT language FROM profiles WHERE id = ?", (pid,)).fetchone()
        return code if isinstance(code, str) and LANGUAGE_CODE.fullmatch(code) else None

    def set_language(self, profile: Who, code: str) -> None:
        """Keep the language the profile reads the app in; ValueError for text that is not a language code."""
        _check_language("language", code)
        with self._writing() as conn:
            conn.execute("UPDATE profiles SET language = ? WHERE id = ?", (code, _profile_id(conn, profile)))

    def save_game(
        self, profile: Who, summary: GameSummary, record: dict[str, Any], game: tuple[int, int] | None = None
    ) -> tuple[int, int]:
        """Keep a match against the computer with its game record (``trainer.records``); with ``game``, the number
        and version the last save returned, replace that one as the match goes on. Returns the game's number and its
        new version. ``StaleMatch``, writing nothing, if the kept match is no longer at that version or is over."""
        row = (*_game_row(summary), _record_text("record", record))
        with self._writing() as conn:
            pid = _profile_id(conn, profile)
            if game is not None:
                number, version = game
                changed = conn.execute(
                    f"UPDATE games SET ({', '.join(_GAME_FIELDS)}, record, version) = ({', '.join('?' * len(row))}, "
                    "version + 1) WHERE rowid = ? AND profile_id = ? AND version = ? AND over = 0",
                    (*row, number, pid, version),
                )
                if changed.rowcount:
                    return number, version + 1
                if conn.execute("SELECT 1 FROM games WHERE rowid = ? AND profile_id = ?", (number, pid)).fetchone():
                    raise StaleMatch(number)
            return int(conn.execute(f"{_INSERT_GAME} RETURNING rowid", (pid, *row)).fetchone()[0]), 1

    def games(self, profile: Who) -> list[GameSummary]:
        """The profile's matches against the computer, oldest first. Only their summaries are read (from an index
        that holds them), never their records, so a long list of matches costs little."""
        query = f"SELECT rowid, {', '.join(_GAME_FIELDS)} FROM games WHERE profile_id = ? ORDER BY played_at, rowid"
        games = []
        with self._reading() as conn:
            for row in conn.execute(query, (_profile_id(conn, profile),)):
                with suppress(*_DAMAGE):  # a damaged row is left out, as everywhere
                    games.append(_summary_of(row))
        return games

    def unfinished_game(self, profile: Who) -> KeptGame | None:
        """The profile's match against the computer saved most recently that is not over; None if every match is
        over. A damaged row is passed over, as everywhere."""
        return self._kept_game(profile, "over = 0 ORDER BY played_at DESC")

    def game(self, profile: Who, number: int) -> KeptGame | None:
        """The profile's match of that number as it is kept now; None if there is none (or its row is damaged)."""
        return self._kept_game(profile, "rowid = ?", number)

    def _kept_game(self, profile: Who, where: str, *arguments: object) -> KeptGame | None:
        """The first of the profile's matches ``where`` selects whose row can be read."""
        with self._reading() as conn:
            rows = conn.execute(
                f"SELECT version, rowid, {_READERS['games'][0]} FROM games WHERE profile_id = ? AND {where}",
                (_profile_id(conn, profile), *arguments),
            )
            for version, *row in rows:
                with suppress(*_DAMAGE):
                    return KeptGame(row[0], _int_of(version, 1, 2**62), *_game_of(tuple(row)))
        return None

    def record_attempt(self, profile: Who, attempt: Attempt) -> None:
        """Save one attempt."""
        with self._writing() as conn:
            conn.execute(_INSERT_ATTEMPT, (_profile_id(conn, profile), *_attempt_row(attempt)))

    def record_answer(
        self,
        profile: Who,
        attempt: Attempt,
        rate: Callable[[tuple[float, float, float] | None], tuple[float, float, float]],
        review: Callable[[str | None], tuple[str, datetime] | None],
    ) -> tuple[tuple[float, float, float] | None, tuple[float, float, float]]:
        """Save one answer in one transaction: the new rating, worked out by ``rate`` from the one stored (None
        before the first), the attempt with that rating, and the puzzle's review card if ``review`` (given the
        stored card's JSON or None) returns one. Two tabs answering at once cannot lose an update, and a crash
        leaves all three or none. Returns the rating before and after."""
        with self._writing() as conn:
            pid = _profile_id(conn, profile)
            stored = _rows(conn, "ratings", pid)
            before = stored[0] if stored else None
            after = _check_rating("", *rate(before))
            conn.execute(_SET_RATING, (pid, *after))
            kept = dataclasses.replace(attempt, rating_after=after[0], rd_after=after[1])
            conn.execute(_INSERT_ATTEMPT, (pid, *_attempt_row(kept)))
            cards = {puzzle_id: card for puzzle_id, card, _ in _rows(conn, "review_cards", pid)}
            scheduled = review(cards.get(attempt.puzzle_id))
            if scheduled is not None:
                card_json, due = scheduled
                row = (attempt.puzzle_id, _check_card("card_json", card_json), _iso("due", due))
                conn.execute(_SAVE_CARD, (pid, *row))
        return before, after

    def attempts(self, profile: Who, limit: int | None = None) -> list[Attempt]:
        """The profile's attempts, oldest first; with ``limit``, only the latest ``limit`` of them."""
        if limit is not None and limit < 0:
            raise ValueError(f"limit: {limit} is negative")
        with self._reading() as conn:
            return _select_attempts(conn, _profile_id(conn, profile), limit)

    def answer_groups(self, profile: Who) -> list[tuple[str, tuple[str, ...], int, int]]:
        """The answers (skips left out) grouped by kind and themes, counted by the database: (kind, themes, right,
        answers). A few hundred groups at most, however many answers there are."""
        query = """SELECT kind, themes, COUNT(*) FILTER (WHERE correct <> 0), COUNT(*) FROM attempts
            WHERE profile_id = ? AND skipped = 0 GROUP BY kind, themes"""
        with self._reading() as conn:
            rows = conn.execute(query, (_profile_id(conn, profile),)).fetchall()
        return [
            (kind, tuple(themes.split()), int(right), int(count))
            for kind, themes, right, count in rows
            if isinstance(kind, str) and isinstance(themes, str)  # a damaged row is left out, as everywhere
        ]

    def solved_puzzles(self, profile: Who) -> set[str]:
        """The puzzles answered right at least once, found by the database."""
        query = "SELECT DISTINCT puzzle_id FROM attempts WHERE profile_id = ? AND correct <> 0 AND skipped = 0"
        with self._reading() as conn:
            rows = conn.execute(query, (_profile_id(conn, profile),)).fetchall()
        return {puzzle_id for (puzzle_id,) in rows if isinstance(puzzle_id, str)}

    def recent_ratings(self, profile: Who, limit: int) -> list[float]:
        """The rating after each of the latest ``limit`` rated answers, oldest first."""
        query = """SELECT rating_after FROM attempts WHERE profile_id = ? AND rating_after IS NOT NULL
            ORDER BY at DESC, rowid DESC LIMIT ?"""
        with self._reading() as conn:
            rows = conn.execute(query, (_profile_id(conn, profile), limit)).fetchall()
        return [float(value) for (value,) in reversed(rows) if isinstance(value, float) and math.isfinite(value)]

    def get_rating(self, profile: Who) -> tuple[float, float, float] | None:
        """The profile's (rating, rd, vol), or None before its first rating."""
        with self._reading() as conn:
            good = _rows(conn, "ratings", _profile_id(conn, profile))
        return None if not good else good[0]

    def set_rating(self, profile: Who, rating: float, rd: float, vol: float) -> None:
        """Replace the profile's rating."""
        values = _check_rating("", rating, rd, vol)
        with self._writing() as conn:
            conn.execute(_SET_RATING, (_profile_id(conn, profile), *values))

    def save_review_card(self, profile: Who, puzzle_id: str, card_json: str, due: datetime) -> None:
        """Save (or replace) the review card of a puzzle: the scheduler's card as JSON, and when it is due."""
        row = (puzzle_id, _check_card("card_json", card_json), _iso("due", due))
        with self._writing() as conn:
            conn.execute(_SAVE_CARD, (_profile_id(conn, profile), *row))

    def review_cards(self, profile: Who) -> dict[str, str]:
        """Each reviewed puzzle's card JSON, by puzzle id."""
        with self._reading() as conn:
            cards = _rows(conn, "review_cards", _profile_id(conn, profile))
        return {puzzle_id: card for puzzle_id, card, _ in cards}

    def due_puzzles(self, profile: Who, now: datetime) -> list[str]:
        """The puzzles whose review is due at ``now``, the longest due first."""
        moment = datetime.fromisoformat(_iso("now", now))
        with self._reading() as conn:
            cards = _rows(conn, "review_cards", _profile_id(conn, profile))
        return [puzzle_id for puzzle_id, _, due in sorted(cards, key=lambda c: (c[2], c[0])) if due <= moment]

    def record_best(self, profile: Who, mode: str, value: int) -> bool:
        """Keep ``value`` as the best of ``mode`` (say streak or rush) if it beats it; True if it did, or if it is
        the first."""
        _check_mode("mode", mode)
        _named("value", _int_of, value, 0, MOST_BEST)
        with self._writing() as conn:
            return bool(conn.execute(_RECORD_BEST, (_profile_id(conn, profile), mode, value)).rowcount == 1)

    def best(self, profile: Who, mode: str) -> int | None:
        """The best of ``mode``, or None if there is none yet."""
        with self._reading() as conn:
            records = dict(_rows(conn, "records", _profile_id(conn, profile)))
        return records.get(mode)

    def record_stars(self, profile: Who, level_id: str, stars: int) -> bool:
        """Keep a finished level's stars (1 to 3) if they beat the ones kept; True if they did, or are the first."""
        if stars not in (1, 2, 3):
            raise ValueError(f"stars: {stars} is not 1, 2 or 3")
        _check_id("level_id", level_id)
        with self._writing() as conn:
            return bool(conn.execute(_RECORD_STARS, (_profile_id(conn, profile), level_id, stars)).rowcount == 1)

    def stars(self, profile: Who) -> dict[str, int]:
        """The best stars of each finished level, by level id."""
        with self._reading() as conn:
            return dict(_rows(conn, "stars", _profile_id(conn, profile)))

    def set_place(self, profile: Who, level_id: str, stage: int) -> None:
        """Remember where the learner is in the course, to continue from there."""
        _check_id("level_id", level_id)
        _named("stage", _int_of, stage, 0, MOST_STAGE)
        with self._writing() as conn:
            conn.execute(_SET_PLACE, (_profile_id(conn, profile), level_id, stage))

    def place(self, profile: Who) -> tuple[str, int] | None:
        """The level and stage the learner was last at, or None before the course."""
        with self._reading() as conn:
            good = _rows(conn, "places", _profile_id(conn, profile))
        return None if not good else good[0]

    def account(self, issuer: str, subject: str) -> Account | None:
        """The account an OpenID provider's user signs in with, or None before their first sign-in."""
        query = """SELECT profiles.id, name, teacher FROM accounts JOIN profiles ON profiles.id = profile_id
            WHERE issuer = ? AND subject = ? AND importing IS NULL"""
        with self._reading() as conn:
            row = conn.execute(query, (issuer, subject)).fetchone()
        return None if row is None else Account(Learner(int(row[0]), row[1]), bool(row[2]))

    def create_account(self, name: str, issuer: str, subject: str) -> Account:
        """A new profile for an OpenID provider's user, signing in by its issuer and subject; ValueError for a bad or
        taken name, or a user who has a profile already."""
        name = _valid_name(name)
        for field, value in (("issuer", issuer), ("subject", subject)):
            if not 1 <= len(value) <= ISSUER_LENGTH or "\x00" in value or value == CLASS_ISSUER:
                raise ValueError(f"{field}: {reprlib.repr(value)} is not an OpenID {field}")
        with self._writing() as conn:
            if conn.execute("SELECT 1 FROM accounts WHERE issuer = ? AND subject = ?", (issuer, subject)).fetchone():
                raise ValueError("this sign-in has a profile already")
            pid = _insert_profile(conn, name, _iso("created", datetime.now(UTC)))
            conn.execute("INSERT INTO accounts (profile_id, issuer, subject) VALUES (?, ?, ?)", (pid, issuer, subject))
        return Account(Learner(pid, name), teacher=False)

    def account_of(self, learner: Who) -> Account | None:
        """The profile's account, or None for a profile without one (one made on this computer, say)."""
        with self._reading() as conn:
            pid = _profile_id(conn, learner)
            row = conn.execute(
                "SELECT name, teacher FROM profiles JOIN accounts ON profile_id = id WHERE id = ?", (pid,)
            )
            found = row.fetchone()
        return None if found is None else Account(Learner(pid, found[0]), bool(found[1]))

    def set_teacher(self, learner: Who) -> None:
        """Let the profile teach: make classes and see their learners' progress; ValueError if it has no account."""
        with self._writing() as conn:
            changed = conn.execute(
                "UPDATE accounts SET teacher = 1 WHERE profile_id = ?", (_profile_id(conn, learner),)
            )
            if not changed.rowcount:
                raise ValueError("only a profile that signs in can teach")

    def create_class(self, teacher: Who, name: str) -> Classroom:
        """A new class of the teacher's, with a new code; NotYours unless the profile teaches, ValueError for a bad
        name."""
        name = _valid_name(name)
        with self._writing() as conn:
            tid = _teacher_id(conn, teacher)
            taken = {code for (code,) in conn.execute("SELECT code FROM classes")}
            code = next(code for code in iter(_new_code, None) if code not in taken)
            query = "INSERT INTO classes (teacher_id, name, code, created) VALUES (?, ?, ?, ?) RETURNING id"
            (cid,) = conn.execute(query, (tid, name, code, _iso("created", datetime.now(UTC)))).fetchone()
        return Classroom(int(cid), name, code)

    def classes(self, teacher: Who) -> list[Classroom]:
        """The teacher's classes, oldest first (none for a profile that does not teach)."""
        with self._reading() as conn:
            query = "SELECT id, name, code FROM classes WHERE teacher_id = ? ORDER BY id"
            return [
                Classroom(int(cid), name, code)
                for cid, name, code in conn.execute(query, (_profile_id(conn, teacher),))
            ]

    def add_learner(self, teacher: Who, class_id: int, name: str, password_hash: str) -> Learner:
        """A new profile in the teacher's class, who signs in with the class's code, the name and a password, kept
        as the hash given; NotYours for another teacher's class, ValueError for a bad or taken name."""
        name = _valid_name(name)
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            pid = _insert_profile(conn, name, _iso("created", datetime.now(UTC)))
            conn.execute(
                "INSERT INTO accounts (profile_id, issuer, subject, password) VALUES (?, ?, ?, ?)",
                (pid, CLASS_ISSUER, str(pid), password_hash),
            )
            conn.execute("INSERT INTO members (class_id, profile_id) VALUES (?, ?)", (class_id, pid))
        return Learner(pid, name)

    def join_class(self, learner: Who, code: str) -> Classroom:
        """Put the profile in the class of that code (it may be in several); ValueError if no class has it."""
        with self._writing() as conn:
            pid = _profile_id(conn, learner)
            row = conn.execute("SELECT id, name, code FROM classes WHERE code = ?", (_code_key(code),)).fetchone()
            if row is None:
                raise SaidError(said("no class has the code {code}", code=reprlib.repr(code)))
            conn.execute(
                "INSERT INTO members (class_id, profile_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (row[0], pid)
            )
        return Classroom(int(row[0]), row[1], row[2])

    def members(self, teacher: Who, class_id: int, by_password: bool = False) -> list[Learner]:
        """The learners of the teacher's class, by name (with ``by_password``, only those who sign in by a password);
        NotYours for a class the profile does not teach."""
        query = "SELECT id, name FROM members JOIN profiles ON id = members.profile_id WHERE class_id = ?"
        query += " AND importing IS NULL"
        if by_password:
            query += " AND id IN (SELECT profile_id FROM accounts WHERE password IS NOT NULL)"
        with self._reading() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            rows = conn.execute(query, (class_id,)).fetchall()
        return sorted((Learner(int(pid), name) for pid, name in rows), key=lambda a: a.name.casefold())

    def class_password(self, code: str, name: str) -> tuple[Learner, str] | None:
        """The profile of that name in the class of that code, with the hash of its password; None if the class
        has no such learner signing in by a password."""
        query = """SELECT profiles.id, profiles.name, password FROM classes JOIN members ON class_id = classes.id
            JOIN profiles ON profiles.id = members.profile_id JOIN accounts ON accounts.profile_id = profiles.id
            WHERE code = ? AND name_key = ? AND importing IS NULL AND password IS NOT NULL"""
        with self._reading() as conn:
            row = conn.execute(query, sign_in_key(code, name)).fetchone()
        return None if row is None else (Learner(int(row[0]), row[1]), row[2])

    def set_password(self, teacher: Who, class_id: int, learner: Who, password_hash: str) -> None:
        """Give a learner of the teacher's class a new password (its hash); NotYours for another teacher's class or
        a learner not in it."""
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            pid = _profile_id(conn, learner)
            query = """UPDATE accounts SET password = ? WHERE profile_id = ? AND issuer = ?
                AND profile_id IN (SELECT profile_id FROM members WHERE class_id = ?)"""
            if not conn.execute(query, (password_hash, pid, CLASS_ISSUER, class_id)).rowcount:
                raise NotYours("that learner does not sign in by a password in this class")

    def assign(self, teacher: Who, class_id: int, kind: str, items: tuple[str, ...], due: datetime) -> Assignment:
        """Set the teacher's class homework; NotYours for another teacher's class, ValueError for a bad kind, item
        or time."""
        made = Assignment(0, class_id, kind, items, due, datetime.now(UTC))
        query = "INSERT INTO assignments (class_id, kind, items, due, created) VALUES (?, ?, ?, ?, ?) RETURNING id"
        row = (class_id, kind, json.dumps(list(items)), _iso("due", due), _iso("created", made.created))
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            (number,) = conn.execute(query, row).fetchone()
        return dataclasses.replace(made, id=int(number), created=datetime.fromisoformat(row[-1]))

    def class_assignments(self, teacher: Who, class_id: int) -> list[Assignment]:
        """The homework of the teacher's class, latest due first; NotYours for another teacher's class."""
        with self._reading() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            return _assignments(conn, "class_id = ?", class_id)

    def homework(self, learner: Who) -> list[Assignment]:
        """The homework of every class the learner is in, latest due first."""
        with self._reading() as conn:
            pid = _profile_id(conn, learner)
            return _assignments(conn, "class_id IN (SELECT class_id FROM members WHERE profile_id = ?)", pid)

    def attempts_since(self, learner: Who, puzzle_ids: tuple[str, ...], since: datetime) -> list[Attempt]:
        """The learner's answers to these puzzles from ``since`` on, oldest first (skips included)."""
        moment = _iso("since", since)
        marks = ", ".join("?" * len(puzzle_ids))
        columns, read = _READERS["attempts"]
        query = f"SELECT rowid, {columns} FROM attempts WHERE profile_id = ? AND puzzle_id IN ({marks}) AND at >= ?"
        found = []
        with self._reading() as conn:
            for row in conn.execute(query, (_profile_id(conn, learner), *puzzle_ids, moment)):
                with suppress(*_DAMAGE):
                    found.append(read(row))
        return [attempt for _, attempt in sorted(found, key=lambda a: a[0])]

    def export_profile(self, profile: Who) -> dict[str, Any]:
        """Everything about a profile as plain data ready for JSON, which ``import_profile`` reads back. StoreError
        if the storage is damaged so that some rows could be missed (an index that hides rows): an export never
        holds less than the profile has without saying so."""
        with self._reading() as conn:
            pid = _profile_id(conn, profile)
            self._check_whole(conn)
            row = conn.execute(
                "SELECT name, created, rule_set, target, language FROM profiles WHERE id = ?", (pid,)
            ).fetchone()
            name, created, rule_set, target, language = row
            attempts = _select_attempts(conn, pid, None)
            rating = _rows(conn, "ratings", pid)
            cards = _rows(conn, "review_cards", pid)
            records, stars = _rows(conn, "records", pid), _rows(conn, "stars", pid)
            games = sorted(_rows(conn, "games", pid), key=lambda game: game[0].played_at)
            return {
                "format": FORMAT,
                "version": FORMAT_VERSION,
                "name": name,
                "created": created,
                "attempts": [_attempt_data(a, list(a.themes)) for a in attempts],
                "rating": dict(zip(("rating", "rd", "vol"), rating[0], strict=True)) if rating else None,
                "review_cards": [
                    {"puzzle_id": p, "card_json": card, "due": _iso("due", due)} for p, card, due in sorted(cards)
                ],
                "records": dict(sorted(records)),
                "stars": dict(sorted(stars)),
                "rules": _rules_export(rule_set, target),
                "language": language if isinstance(language, str) and LANGUAGE_CODE.fullmatch(language) else None,
                "games": [
                    {**dataclasses.asdict(g), "played_at": _iso("played_at", g.played_at), "record": record}
                    for g, record in games
                ],
            }

    def import_json(self, text: str | bytes, name: str | None = None, replace_empty: bool = True) -> str:
        """``import_profile`` of an export's JSON text, read safely: ValueError if it is too large, nested too
        deep, or holds NaN, infinities or integers too large to keep."""
        if len(text) > IMPORT_BYTES:
            raise ValueError(f"the file has {len(text):,} bytes, more than the {IMPORT_BYTES:,} an export can have")
        try:
            data = json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)
        except RecursionError:
            raise ValueError("the file is not a profile export: its JSON is nested too deep") from None
        except ValueError as error:
            raise ValueError(f"the file is not a profile export: {error}") from None
        return self.import_profile(data, name, replace_empty)

    def import_profile(self, data: dict[str, Any], name: str | None = None, replace_empty: bool = True) -> str:
        """Add the profile of an export, under ``name`` if given, and return its name. With ``replace_empty``, an
        empty profile of that name is replaced, and so is the only profile if it is empty (a fresh install's
        "Player"). Every field is checked before anything is written; a ValueError names the first bad field, or
        the name already taken.

        The rows are written in chunks of ``IMPORT_CHUNK``, so that other tabs' answers wait a moment at most. Until
        the last chunk the profile is hidden and cannot be answered into; an import that fails is removed, and one
        whose process died is removed by the next ``open`` or import."""
        top = _Fields(data, "")
        if top.get("format") != FORMAT:
            raise ValueError(f"format: expected {FORMAT!r}, got {reprlib.repr(top.get('format'))}")
        if (version := top.integer("version")) != FORMAT_VERSION:
            raise ValueError(f"version: {version} is not {FORMAT_VERSION}, the only version this program reads")
        exported_name = top.string("name")
        name = _valid_name(exported_name if name is None else name)
        created = _iso("created", top.moment("created"))
        attempts = [_read_attempt(_Fields(item, f"attempts[{i}]")) for i, item in enumerate(top.items("attempts"))]
        rating = None
        if top.get("rating") is not None:
            fields = _Fields(top.get("rating"), "rating")
            rating = _check_rating("rating.", fields.number("rating"), fields.number("rd"), fields.number("vol"))
        cards: dict[str, tuple[str, str]] = {}
        for i, item in enumerate(top.items("review_cards")):
            card = _Fields(item, f"review_cards[{i}]")
            if (puzzle_id := card.string("puzzle_id")) in cards:
                raise ValueError(f"{card.name('puzzle_id')}: {puzzle_id!r} has two cards")
            cards[puzzle_id] = (
                _check_card(card.name("card_json"), card.string("card_json")),
                _iso(card.name("due"), card.moment("due")),
            )
        records_fields = _Fields(top.get("records"), "records")
        records: dict[str, int] = {}
        for mode in records_fields:
            _check_mode(field := records_fields.name(mode), mode)
            records[mode] = _named(field, _int_of, records_fields.integer(mode), 0, MOST_BEST)
        stars: dict[str, int] = {}
        if isinstance(data, dict) and data.get("stars") is not None:  # exports made before the course have none
            stars_fields = _Fields(top.get("stars"), "stars")
            for level_id in stars_fields:
                _check_id(stars_fields.name(level_id), level_id)
                if (count := stars_fields.integer(level_id)) not in (1, 2, 3):
                    raise ValueError(f"{stars_fields.name(level_id)}: {count} is not 1, 2 or 3")
                stars[level_id] = count
        rules = CLASSIC
        if isinstance(data, dict) and data.get("rules") is not None:  # exports made before the rule sets have none
            fields = _Fields(top.get("rules"), "rules")
            target = fields.optional_integer("target")
            try:
                rules = _rules_of(fields.string("name"), target)
            except ValueError as error:
                raise ValueError(f"rules: {error}") from None
        language = None
        if isinstance(data, dict) and data.get("language") is not None:  # exports made before languages have none
            language = _check_language("language", top.string("language"))
        if len(listed := top.optional_items("games")) > IMPORT_GAMES:
            raise ValueError(f"games: {len(listed):,} matches, more than the {IMPORT_GAMES:,} an import may hold")
        games = [_read_game(_Fields(item, f"games[{i}]")) for i, item in enumerate(listed)]
        rows: list[tuple[str, list[tuple[object, ...]]]] = [
            (_INSERT_ATTEMPT, [_attempt_row(a) for a in attempts]),
            (_SAVE_CARD, [(p, card, due) for p, (card, due) in cards.items()]),
            (_RECORD_BEST, list(records.items())),
            (_RECORD_STARS, list(stars.items())),
            (_INSERT_GAME, games),
        ]
        with self._writing() as conn:
            _drop_dead_imports(conn)
            if replace_empty:
                ids = [pid for (pid,) in conn.execute("SELECT id FROM profiles WHERE importing IS NULL")]
                same = _find_profile(conn, name)
                empty = [
                    pid for pid in ([same] if same is not None else ids if len(ids) == 1 else []) if _empty(conn, pid)
                ]
                conn.executemany("DELETE FROM profiles WHERE id = ?", [(pid,) for pid in empty])
            pid = _insert_profile(conn, name, created, importing=_importer())
            conn.execute(
                "UPDATE profiles SET rule_set = ?, target = ?, language = ? WHERE id = ?",
                (*_rules_row(rules), language, pid),
            )
        chunks = [
            (statement, values[start : start + IMPORT_CHUNK])
            for statement, values in rows
            for start in range(0, len(values), IMPORT_CHUNK)
        ]
        try:
            for number, (statement, chunk) in enumerate(chunks):
                if number:
                    time.sleep(IMPORT_PAUSE)  # between chunks only: another tab's write gets in
                with self._writing() as conn:
                    conn.executemany(statement, [(pid, *row) for row in chunk])
                    conn.execute("UPDATE profiles SET importing = ? WHERE id = ?", (_importer(), pid))
            with self._writing() as conn:
                if rating is not None:
                    conn.execute(_SET_RATING, (pid, *rating))
                conn.execute("UPDATE profiles SET importing = NULL WHERE id = ?", (pid,))
        except BaseException:
            # if even this fails, the next open drops the dead import
            with suppress(Exception), self._writing() as conn:
                conn.execute("DELETE FROM profiles WHERE id = ?", (pid,))
            raise
        return name


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
                    _drop_dead_imports(writing)
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
        for table in _READERS:
            if (problems := [problem for (problem,) in conn.execute(f"PRAGMA integrity_check({table})")]) != ["ok"]:
                message = f"{self.path} is damaged, so an export could miss some progress ({_problem(problems)})"
                raise StoreError(message, self.path)

    def _writing(self) -> AbstractContextManager[Statements]:
        return self._transaction()

    @contextmanager
    def _transaction(self, begin: str = "BEGIN IMMEDIATE", scan: bool = False) -> Iterator[sqlite3.Connection]:
        """One transaction on this Store's connection (with ``scan``, on its second connection, for a long read);
        a write one by default, taken at once so that a second writer waits instead of failing half-way. SaveError
        if the file's state stops it; it is rolled back."""
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
                action = "saved to" if begin == "BEGIN IMMEDIATE" else "read from"
                raise SaveError(f"{self.path} could not be {action}: {trouble} ({error})", self.path) from error

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
        """How many of the profile's rows hold a damaged value, by table (only tables that have some). The
        readers skip these rows; ``set_aside_damaged`` moves them out.

        SQLite vouches for most rows (``_SOUND``); only the others are read here, on a second connection, so that
        the other calls of this Store go on meanwhile. The answer is kept until another connection changes the
        file: this Store's own writes check every value, so they add no damage."""
        with self._transaction("BEGIN") as conn:
            pid = _profile_id(conn, profile)
            (version,) = conn.execute("PRAGMA data_version").fetchone()
            kept, set_aside = self._damage.get(pid), self._set_aside
        if kept is not None and kept[0] == version:
            return dict(kept[1])
        with self._transaction("BEGIN", scan=True) as conn:
            counts = {table: len(_damaged(conn, table, pid, _SOUND.get(table))) for table in _READERS}
        found = {table: count for table, count in counts.items() if count}
        with self._lock:
            if self._set_aside == set_aside:  # else the scan may have read rows since set aside
                self._damage[pid] = version, found
        return dict(found)

    def set_aside_damaged(self, profile: Who) -> Path | None:
        """Move the profile's damaged rows out of the database, into a JSON file beside it named
        ``progress.sqlite3.damaged-<UTC time>.json`` (text as Python shows it, bytes in hex); return that file,
        or None if no row was damaged."""
        with self._transaction() as conn:
            pid = _profile_id(conn, profile)
            self._damage.pop(pid, None)
            self._set_aside += 1
            if (damaged := _damaged_rows(conn, pid, _SOUND)) is None:
                return None
            target = self.path.with_name(f"{DB_NAME}.damaged-{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}.json")
            target.write_text(json.dumps(damaged.shown, indent=1), encoding="utf-8")
            damaged.delete(conn)
        return target


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
    conn.create_function("name_key", 1, _name_key, deterministic=True)
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


def sign_in_key(code: str, name: str) -> tuple[str, str]:
    """What a class code and a learner's name are matched by: the code in capitals, the name by its key."""
    return _code_key(code), _name_key(name)


def _code_key(code: str) -> str:
    return code.strip().upper()


def _name_key(name: str) -> str:
    """What two names must share to be one profile: "Ana", "ana" and "Ａna" are one."""
    return unicodedata.normalize("NFKC", name.strip()).casefold()


def _one_name_twice(conn: sqlite3.Connection) -> list[str]:
    """Two profiles whose names are one name (their keys the same), if the file holds any: why their keys could
    not be made unique."""
    query = "SELECT name FROM profiles WHERE name_key = (SELECT name_key FROM profiles GROUP BY 1 HAVING count(*) > 1)"
    return [name for (name,) in conn.execute(query)][:2]


def _find_profile(conn: Statements, name: str, importing: bool = False) -> int | None:
    """The id of the profile of that name (up to case and width), found by its key's index; with ``importing``,
    also one being imported."""
    query = f"SELECT id FROM profiles WHERE name_key = ? {'' if importing else 'AND importing IS NULL'}"
    found = conn.execute(query, (_name_key(name),)).fetchone()
    return None if found is None else int(found[0])


def _profile_id(conn: Statements, who: Who) -> int:
    """The row id of a profile in use; ProfileGone if there is none (deleted, or still being imported)."""
    if isinstance(who, Learner):
        found = conn.execute("SELECT 1 FROM profiles WHERE id = ? AND importing IS NULL", (who.id,)).fetchone()
        if found is None:
            raise ProfileGone(f"profile {who.name!r} is no longer here")
        return who.id
    if (pid := _find_profile(conn, who)) is None:
        raise ProfileGone(f"no profile {reprlib.repr(who)}")
    return pid


def _check_free(conn: Statements, name: str, own: int | None = None) -> None:
    """ValueError if another profile than ``own`` has this name, up to case and width."""
    if (pid := _find_profile(conn, name, importing=True)) is not None and pid != own:
        kept, importing = conn.execute("SELECT name, importing FROM profiles WHERE id = ?", (pid,)).fetchone()
        if importing is not None:
            raise SaidError(
                said("profile {name} is being imported right now; try again when that import ends", name=repr(kept))
            )
        if kept == name:
            raise SaidError(said("profile {name} exists", name=repr(name)))
        raise SaidError(
            said(
                "profile {name} exists as {kept} (names that differ only in case or width are one)",
                name=repr(name),
                kept=repr(kept),
            )
        )


def _insert_profile(conn: Statements, name: str, created: str, importing: str | None = None) -> int:
    _check_free(conn, name)
    query = "INSERT INTO profiles (name, name_key, created, importing) VALUES (?, ?, ?, ?) RETURNING id"
    return int(conn.execute(query, (name, _name_key(name), created, importing)).fetchone()[0])


def _teacher_id(conn: Statements, who: Who) -> int:
    """The profile's id if it teaches; NotYours if it does not."""
    pid = _profile_id(conn, who)
    if not conn.execute("SELECT 1 FROM accounts WHERE profile_id = ? AND teacher <> 0", (pid,)).fetchone():
        raise NotYours("only a teacher has classes")
    return pid


def _own_class(conn: Statements, teacher_id: int, class_id: int) -> None:
    """NotYours unless the class is this teacher's."""
    if not conn.execute("SELECT 1 FROM classes WHERE id = ? AND teacher_id = ?", (class_id, teacher_id)).fetchone():
        raise NotYours("that class is not yours")


def _assignments(conn: Statements, where: str, *values: object) -> list[Assignment]:
    """The readable assignments ``where`` selects, latest due first."""
    query = f"SELECT id, class_id, kind, items, due, created FROM assignments WHERE {where} ORDER BY due DESC, id DESC"
    found = []
    for number, class_id, kind, items, due, created in conn.execute(query, values):
        with suppress(*_DAMAGE, json.JSONDecodeError):
            moments = datetime.fromisoformat(due), datetime.fromisoformat(created)
            found.append(Assignment(int(number), int(class_id), kind, tuple(json.loads(items)), *moments))
    return found


def _new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def _rules_of(name: object, target: object) -> RuleProfile:
    """The rule set of a saved name and target; ValueError if either is not one this program knows."""
    if not isinstance(name, str) or name not in PROFILES:
        raise ValueError(f"{reprlib.repr(name)} is not a rule set: known are {', '.join(PROFILES)}")
    if target is not None and not isinstance(target, int):
        raise ValueError(f"{reprlib.repr(target)} is not a target")
    return PROFILES[name].with_options(target=target)


def _rules_row(rules: RuleProfile) -> tuple[str, int | None]:
    """The name and target kept for a rule set: the target only where it is not the usual one."""
    usual = _rules_of(rules.name, rules.target)  # refuses a rule set or target this program does not know
    return usual.name, None if usual.target == PROFILES[usual.name].target else usual.target


def _check_language(field: str, code: str) -> str:
    if not LANGUAGE_CODE.fullmatch(code):
        raise ValueError(f"{field}: {reprlib.repr(code)} is not a language code such as 'es'")
    return code


def _rules_export(name: object, target: object) -> dict[str, Any]:
    try:
        rules = _rules_of(name, target)
    except ValueError:
        rules = CLASSIC
    return {"name": rules.name, "target": rules.target}


def _importer() -> str:
    """Who is importing, and when it last wrote: "<host> <process id> <UTC time>"."""
    return f"{socket.gethostname()} {os.getpid()} {_iso('now', datetime.now(UTC))}"


def _drop_dead_imports(conn: Statements) -> None:
    """Remove the profiles of imports whose process has died (on this host) or that wrote nothing for
    ``STALE_IMPORT_SECONDS``: what a killed import left half-written."""
    now = datetime.now(UTC)
    for pid, importer in conn.execute("SELECT id, importing FROM profiles WHERE importing IS NOT NULL").fetchall():
        if _import_dead(importer, now):
            conn.execute("DELETE FROM profiles WHERE id = ?", (pid,))


def _import_dead(importer: object, now: datetime) -> bool:
    try:
        host, process, moment = _text_of(importer).split(" ")
        last = datetime.fromisoformat(moment)
        if (now - last).total_seconds() > STALE_IMPORT_SECONDS:
            return True
        if host == socket.gethostname():
            os.kill(int(process), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # alive, another user's
    except (ValueError, TypeError, OverflowError):
        return True  # damaged: nothing could finish it
    return False


def _empty(conn: Statements, profile_id: int) -> bool:
    """Whether the profile holds no progress at all, and no one signs in to it."""
    return not any(
        conn.execute(f"SELECT 1 FROM {table} WHERE profile_id = ? LIMIT 1", (profile_id,)).fetchone()
        for table in (*_READERS, "accounts")
    )


def _no_constant(word: str) -> float:
    raise ValueError(f"{word} is not a number an export holds")


def _bounded_int(digits: str) -> int:
    if len(digits) > 20 or not -(2**63) <= (value := int(digits)) < 2**63:
        raise ValueError(f"{digits[:30]} is too large an integer")
    return value


def _select_attempts(conn: Statements, profile_id: int, limit: int | None) -> list[Attempt]:
    """The latest ``limit`` readable attempts (all without it), oldest first; damaged ones are skipped.

    With a limit the rows are read newest first and only until there are enough, so a long history costs no
    more than a short one.
    """
    if limit is None:
        good = _rows(conn, "attempts", profile_id)
    else:
        columns, read = _READERS["attempts"]
        query = f"SELECT rowid, {columns} FROM attempts WHERE profile_id = ? ORDER BY at DESC, rowid DESC"
        good = []
        for row in conn.execute(query, (profile_id,)):
            if len(good) == limit:
                break
            try:
                good.append(read(row))
            except (ValueError, TypeError, KeyError, OverflowError):
                continue  # damaged: skipped, as _rows does
    return [attempt for _, attempt in sorted(good, key=lambda a: a[0])]  # by time, then by row id


def _attempt_row(a: Attempt) -> tuple[object, ...]:
    """The row of an attempt: its fields in order, with the themes as one text and the time as UTC text."""
    return tuple(_attempt_data(a, " ".join(a.themes)).values())


def _attempt_data(a: Attempt, themes: object) -> dict[str, object]:
    """An attempt's fields as kept and exported: the themes as given, the time as UTC text, at most a day's seconds."""
    return {**dataclasses.asdict(a), "themes": themes, "at": _iso("at", a.at), "seconds": min(a.seconds, SECONDS_KEPT)}


def _lenient_text(data: bytes) -> str:
    """Text from the database; invalid UTF-8 becomes lone surrogates, which ``_is_text`` then refuses."""
    return data.decode("utf-8", "surrogateescape")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _is_text(value: object) -> bool:
    """A string with no lone surrogate (what undecodable bytes become): searched in C, as records run to kilobytes."""
    return isinstance(value, str) and _SURROGATE.search(value) is None


def _text_of(value: object) -> str:
    if not _is_text(value):
        raise ValueError(f"{reprlib.repr(value)} is not text")
    return str(value)


def _check_id(field: str, value: str) -> str:
    if not _ID.fullmatch(value):
        raise ValueError(f"{field}: {reprlib.repr(value)} is not an id: 1 to 80 letters, digits, '-', '_' or '.'")
    return value


def _check_mode(field: str, mode: str) -> str:
    if not 1 <= len(mode) <= WORD_LENGTH:
        raise ValueError(f"{field}: {reprlib.repr(mode)} is not 1 to {WORD_LENGTH} characters")
    return mode


def _named(field: str, check: Callable[..., Any], *args: Any) -> Any:
    """``check(*args)``, its ValueError prefixed with the field's name."""
    try:
        return check(*args)
    except ValueError as error:
        raise ValueError(f"{field}: {error}") from None


def _int_of(value: object, low: int, high: int) -> int:
    if not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{reprlib.repr(value)} is not an integer from {low} to {high}")
    return value


def _real_of(value: object) -> float:
    if not isinstance(value, float | int) or not math.isfinite(value):
        raise ValueError(f"{reprlib.repr(value)} is not a finite number")
    return float(value)


def _moment_of(value: object) -> datetime:
    moment = datetime.fromisoformat(_text_of(value))
    _iso("time", moment)
    return moment


def _attempt_of(row: tuple[Any, ...]) -> tuple[tuple[datetime, int], Attempt]:
    """An attempt row (row id first) as its sort key and its Attempt; ValueError if a value is damaged."""
    fields = dict(zip(_ATTEMPT_FIELDS, row[1:], strict=True))
    rating_after, rd_after = fields.pop("rating_after"), fields.pop("rd_after")
    at = _moment_of(fields.pop("at"))
    attempt = Attempt(
        **{key: _text_of(fields[key]) for key in ("puzzle_id", "kind", "mode", "answer")},
        level=_int_of(fields["level"], 0, 2**31),
        themes=tuple(_text_of(fields["themes"]).split()),
        correct=bool(_int_of(fields["correct"], 0, 1)),
        seconds=_real_of(fields["seconds"]),
        hints=_int_of(fields["hints"], 0, 2**31),
        skipped=bool(_int_of(fields["skipped"], 0, 1)),
        at=at,
        rating_after=None if rating_after is None else _real_of(rating_after),
        rd_after=None if rd_after is None else _real_of(rd_after),
    )
    return (at, _int_of(row[0], 0, 2**63 - 1)), attempt


def _rating_of(row: tuple[Any, ...]) -> tuple[float, float, float]:
    return _check_rating("", _real_of(row[1]), _real_of(row[2]), _real_of(row[3]))


def _card_of(row: tuple[Any, ...]) -> tuple[str, str, datetime]:
    return _text_of(row[1]), _check_card("card_json", _text_of(row[2])), _moment_of(row[3])


def _record_of(row: tuple[Any, ...]) -> tuple[str, int]:
    return _text_of(row[1]), _int_of(row[2], -(2**63), 2**63 - 1)


def _stars_of(row: tuple[Any, ...]) -> tuple[str, int]:
    return _text_of(row[1]), _int_of(row[2], 1, 3)


def _place_of(row: tuple[Any, ...]) -> tuple[str, int]:
    return _text_of(row[1]), _int_of(row[2], 0, 2**31)


def _summary_of(row: tuple[Any, ...]) -> GameSummary:
    """A game's summary from its row (row id first, then the summary's fields)."""
    fields = dict(zip(_GAME_FIELDS, row[1:], strict=True))
    return GameSummary(
        played_at=_moment_of(fields["played_at"]),
        level=_text_of(fields["level"]),
        players=fields["players"],  # the counts and totals are checked by GameSummary itself
        points=fields["points"],
        against=fields["against"],
        over=bool(_int_of(fields["over"], 0, 1)),
        decisions=fields["decisions"],
        lost=_real_of(fields["lost"]),
        won=bool(_int_of(fields["won"], 0, 1)),
        luck=None if fields["luck"] is None else _real_of(fields["luck"]),
    )


def _game_of(row: tuple[Any, ...]) -> tuple[GameSummary, dict[str, Any]]:
    """A game's summary and record from its row (row id first, then the summary's fields, then the record)."""
    summary = _summary_of(row[:-1])
    record = json.loads(_text_of(row[-1]))
    if not isinstance(record, dict):
        raise ValueError("a game record is a JSON object")
    return summary, record


def _record_text(field: str, record: object) -> str:
    """A game record as the JSON text kept; ValueError if it is larger than ``RECORD_BYTES``."""
    text = json.dumps(record, ensure_ascii=False)
    if (size := len(text.encode("utf-8", "surrogatepass"))) > RECORD_BYTES:
        raise ValueError(f"{field}: {size:,} bytes, more than the {RECORD_BYTES:,} a game record may have")
    return text


def _game_row(g: GameSummary) -> tuple[object, ...]:
    moment = _iso("played_at", g.played_at)
    return (moment, g.level, g.players, g.points, g.against, int(g.over), g.decisions, g.lost, int(g.won), g.luck)


#: Each table a profile's progress is read from: its columns (after the row id) and what makes a row of them.
_READERS: dict[str, tuple[str, Callable[[tuple[Any, ...]], Any]]] = {
    "attempts": (_ATTEMPT_COLUMNS, _attempt_of),
    "ratings": ("rating, rd, vol", _rating_of),
    "review_cards": ("puzzle_id, card_json, due", _card_of),
    "records": ("mode, best", _record_of),
    "stars": ("level_id, stars", _stars_of),
    "places": ("level_id, stage", _place_of),
    "games": (", ".join([*_GAME_FIELDS, "record"]), _game_of),
}


#: What reading a damaged row raises.
_DAMAGE = (ValueError, TypeError, KeyError, OverflowError, RecursionError)


def _rows(conn: Statements, table: str, profile_id: int) -> list[Any]:
    """The profile's readable rows of ``table``, made into values; damaged ones are left out."""
    columns, read = _READERS[table]
    good = []
    for row in conn.execute(f"SELECT rowid, {columns} FROM {table} WHERE profile_id = ?", (profile_id,)):
        with suppress(*_DAMAGE):
            good.append(read(row))
    return good


def _damaged(conn: Statements, table: str, profile_id: int, sound: str | None = None) -> list[tuple[Any, ...]]:
    """The profile's rows of ``table`` that hold a damaged value: each is read, except those the database vouches
    for by the SQL condition ``sound``."""
    columns, read = _READERS[table]
    unsure = f" AND NOT coalesce(({sound}), 0)" if sound else ""
    damaged = []
    for row in conn.execute(f"SELECT rowid, {columns} FROM {table} WHERE profile_id = ?{unsure}", (profile_id,)):
        try:
            read(row)
        except _DAMAGE:
            damaged.append(row)
    return damaged


class _Damaged(NamedTuple):
    """A profile's damaged rows: as a JSON file or record keeps them, and by table."""

    shown: dict[str, Any]
    rows: dict[str, list[tuple[Any, ...]]]

    def delete(self, conn: Statements) -> None:
        for table, rows in self.rows.items():
            conn.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(row[0],) for row in rows])


def _damaged_rows(conn: Statements, profile_id: int, sound: dict[str, str]) -> _Damaged | None:
    """The profile's damaged rows (see ``_damaged``), with its name, each value as JSON can hold it (text as Python
    shows it, bytes in hex); None if there are none."""
    damaged = {table: rows for table in _READERS if (rows := _damaged(conn, table, profile_id, sound.get(table)))}
    if not damaged:
        return None
    shown = {table: [[_shown(value) for value in row] for row in rows] for table, rows in damaged.items()}
    (name,) = conn.execute("SELECT name FROM profiles WHERE id = ?", (profile_id,)).fetchone()
    return _Damaged({"profile": name, "rows": shown}, damaged)


def _is_utf8(data: object) -> bool:
    """Whether bytes are UTF-8 text without surrogates, as ``_is_text`` asks of what they decode to."""
    if not isinstance(data, bytes):
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _sound_time(column: str) -> str:
    """SQL: the column is a valid time as ``_iso`` writes it (or without the microseconds)."""
    day = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]"
    return (
        f"({column} GLOB '{day}.[0-9][0-9][0-9][0-9][0-9][0-9]+00:00' OR {column} GLOB '{day}+00:00') "
        f"AND substr({column}, 1, 4) <> '0000' AND strftime('%Y-%m-%dT%H:%M:%S', julianday(substr({column}, 1, 19))) = "
        f"substr({column}, 1, 19)"
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


def _shown(value: object) -> object:
    """A value of a damaged row as JSON can hold it."""
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, str) and not _is_text(value):
        return repr(value.encode("utf-8", "surrogateescape"))
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    return value


def _read_attempt(f: _Fields) -> Attempt:
    """An imported answer, each field checked; its seconds are refused past ``SECONDS_KEPT``, as none is kept longer."""
    fields: dict[str, Any] = dict(
        puzzle_id=f.string("puzzle_id"),
        kind=f.string("kind"),
        level=f.integer("level"),
        themes=f.themes("themes"),
        mode=f.string("mode"),
        answer=f.string("answer"),
        correct=f.flag("correct"),
        seconds=f.number("seconds"),
        hints=f.integer("hints"),
        skipped=f.flag("skipped"),
        at=f.moment("at"),
        rating_after=f.optional_number("rating_after"),
        rd_after=f.optional_number("rd_after"),
    )
    if (seconds := fields["seconds"]) > SECONDS_KEPT:
        raise ValueError(f"{f.name('seconds')}: {seconds:g} is more than the {SECONDS_KEPT:g} seconds kept")
    try:  # each field is read and named above; what Attempt refuses gets the answer's place here
        return Attempt(**fields)
    except ValueError as error:
        raise ValueError(f"{f.name('')}{error}") from None


def _read_game(f: _Fields) -> tuple[object, ...]:
    """An imported game: its summary checked field by field, and its record replayed through the engine. The
    summary must say what the record replays to: its players, points, against, over and won (which exports made
    before it was kept leave out: it is then taken from the replay), and no more reviewed plays than the record
    holds; otherwise the import is refused, naming the field."""
    over, points, against = f.flag("over"), f.integer("points"), f.integer("against")
    played_at, level, players = f.moment("played_at"), f.string("level"), f.integer("players")
    decisions, lost = f.integer("decisions"), f.number("lost")
    luck = f.optional_number("luck") if "luck" in f else None  # exports made before it was kept leave it out
    try:  # each field is read and named above; what GameSummary refuses gets the game's place here
        GameSummary(played_at, level, players, points, against, over, decisions, lost, over and points > against, luck)
    except ValueError as error:
        raise ValueError(f"{f.name('')[:-1]}: {error}") from None
    record = f.get("record")
    text = _record_text(f.name("record"), record)  # before the replay, which takes time in proportion
    try:
        match = read_record(record)
    except (RecordError, TypeError, ValueError) as error:
        raise ValueError(f"{f.name('record')}: {error}") from None
    if not isinstance(match, Match):
        raise ValueError(f"{f.name('record')}: the record of a single deal, not of a match")
    if match.players != players:
        raise ValueError(f"{f.name('players')}: {players}, but its record was played by {match.players}")
    deals = [done.deal for done in match.finished] + ([] if match.current.is_over else [match.current])
    plays = sum(len(deal.plays) for deal in deals)
    if decisions > plays:
        raise ValueError(f"{f.name('decisions')}: {decisions} plays reviewed, but its record holds {plays} plays")
    replayed = GameSummary.of(match, played_at, level, decisions, lost, luck=luck)
    stated = {"points": points, "against": against, "over": over, "won": f.optional_flag("won", replayed.won)}
    for field, value in stated.items():
        if value != (truth := getattr(replayed, field)):
            raise ValueError(f"{f.name(field)}: {value!r}, but its record replays to {truth!r}")
    return (*_game_row(replayed), text)


def _valid_name(name: str) -> str:
    """The profile name trimmed, or a ``SaidError`` (a ValueError) that says why not, for the learner."""
    name = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(name) <= NAME_LENGTH:
        raise SaidError(
            said("name: a profile name has 1 to {most} characters, not {count}", most=NAME_LENGTH, count=len(name))
        )
    if not _NAME_CHARS.fullmatch(name):
        raise SaidError(said("name: {name} may hold only letters, digits, spaces, '-' and '_'", name=repr(name)))
    return name


def _iso(field: str, moment: datetime) -> str:
    """``moment`` as fixed-width ISO-8601 UTC text, which sorts in time order."""
    if moment.utcoffset() is None:
        raise ValueError(f"{field}: {moment} has no time zone")
    try:
        return moment.astimezone(UTC).isoformat(timespec="microseconds")
    except OverflowError:
        raise ValueError(f"{field}: {moment} is out of the range of time") from None


def _finite(field: str, value: float) -> float:
    if not math.isfinite(value):
        raise ValueError(f"{field}: {value} is not a finite number")
    return value


def _check_themes(field: str, themes: tuple[str, ...]) -> None:
    if any(theme.split() != [theme] for theme in themes):
        raise ValueError(f"{field}: each theme must be one word without spaces, got {themes!r}")


def _check_rating(prefix: str, rating: float, rd: float, vol: float) -> tuple[float, float, float]:
    """A Glicko-2 rating whose parts are finite and in range, or ValueError naming the part."""
    for field, value, (low, high) in (("rating", rating, RATING_RANGE), ("rd", rd, RD_RANGE)):
        if not (math.isfinite(value) and low <= value <= high):
            raise ValueError(f"{prefix}{field}: {value} is not from {low:g} to {high:g}")
    if not (math.isfinite(vol) and VOL_RANGE[0] < vol < VOL_RANGE[1]):
        raise ValueError(f"{prefix}vol: {vol} is not between {VOL_RANGE[0]:g} and {VOL_RANGE[1]:g}")
    return rating, rd, vol


def _check_card(field: str, text: str) -> str:
    """Review card JSON that the scheduler reads back, or ValueError."""
    try:
        card = fsrs.Card.from_dict(json.loads(text))
        _iso(field, card.due)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        raise ValueError(f"{field}: {reprlib.repr(text)} is not a review card") from None
    return text


class _Fields:
    """One JSON object of an import, read field by field; each error names the field by its path."""

    def __init__(self, data: object, path: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{path or 'profile data'}: expected a JSON object, got {reprlib.repr(data)}")
        self._data: dict[str, object] = data
        self._path = path

    def name(self, key: str) -> str:
        return f"{self._path}.{key}" if self._path else key

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def get(self, key: str) -> object:
        if key not in self._data:
            raise ValueError(f"{self.name(key)}: missing")
        return self._data[key]

    def _typed(self, key: str, kinds: tuple[type, ...], expected: str) -> Any:
        value = self.get(key)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise ValueError(f"{self.name(key)}: expected {expected}, got {reprlib.repr(value)}")
        return value

    def string(self, key: str) -> str:
        return str(self._typed(key, (str,), "text"))

    def integer(self, key: str) -> int:
        value = int(self._typed(key, (int,), "an integer"))
        if not -(2**63) <= value < 2**63:
            raise ValueError(f"{self.name(key)}: {reprlib.repr(value)} is too large an integer")
        return value

    def number(self, key: str) -> float:
        return _finite(self.name(key), float(self._typed(key, (int, float), "a number")))

    def optional_flag(self, key: str, default: bool) -> bool:
        return default if self._data.get(key) is None else self.flag(key)

    def optional_integer(self, key: str) -> int | None:
        return None if self._data.get(key) is None else self.integer(key)

    def optional_number(self, key: str) -> float | None:
        return None if self.get(key) is None else self.number(key)

    def flag(self, key: str) -> bool:
        return bool(self._typed(key, (bool,), "true or false"))

    def optional_items(self, key: str) -> list[object]:
        return [] if self._data.get(key) is None else self.items(key)

    def items(self, key: str) -> list[object]:
        return list(self._typed(key, (list,), "a list"))

    def themes(self, key: str) -> tuple[str, ...]:
        themes = self.items(key)
        if not all(isinstance(theme, str) for theme in themes):
            raise ValueError(f"{self.name(key)}: expected a list of text, got {reprlib.repr(themes)}")
        _check_themes(self.name(key), tuple(map(str, themes)))
        return tuple(map(str, themes))

    def moment(self, key: str) -> datetime:
        text = self.string(key)
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{self.name(key)}: {text!r} is not an ISO-8601 time") from None
        _iso(self.name(key), moment)
        return moment
