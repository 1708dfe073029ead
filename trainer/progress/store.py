"""What the app keeps about its learners, in the SQL both back ends run: ``ProgressStore`` holds every call, and its
subclasses give it their transactions (``sqlite.Store`` a file's, ``postgres.PostgresStore`` a server's)."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import reprlib
import secrets
import socket
import time
import unicodedata
from abc import abstractmethod
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

from trainer.profile import CLASSIC, RuleProfile
from trainer.progress.checks import (
    LANGUAGE_CODE,
    MOST_BEST,
    MOST_STAGE,
    check_card,
    check_id,
    check_language,
    check_mode,
    check_rating,
    check_text,
    int_of,
    iso,
    keepable,
    named,
    record_text,
    rules_of,
    rules_row,
)
from trainer.progress.errors import NameTaken, NotYours, ProfileGone, StaleMatch
from trainer.progress.model import (
    NO_SETTINGS,
    Account,
    Assignment,
    Attempt,
    Classroom,
    CopiedAccount,
    Failures,
    GameSummary,
    Guess,
    HomeworkSettings,
    KeptGame,
    Learner,
    News,
    Session,
    Teacher,
    Who,
)
from trainer.progress.rows import (
    ATTEMPT_COLUMNS,
    ATTEMPT_FIELDS,
    DAMAGE,
    GAME_FIELDS,
    READERS,
    Statements,
    attempt_row,
    first_readable,
    game_of,
    game_row,
    is_text,
    read_rows,
    select_attempts,
    summary_of,
    text_of,
)
from trainer.progress.tables import IN_USE, TableStore
from trainer.progress.transfer import exported, parse_export
from trainer.text import SaidError, said, said_plural

if TYPE_CHECKING:  # pydantic is loaded for an import only
    from trainer.progress.export_schema import Imported

BUSY_SECONDS = 5.0
NAME_LENGTH = 40

IMPORT_CHUNK = 2_000  # rows an import writes per transaction, a few milliseconds of holding the write lock
#: The rest an import takes after each chunk. A writer kept waiting retries at growing intervals, up to 25 ms
#: in its first tenth of a second: a longer pause lets it in, where back-to-back chunks would starve it.
IMPORT_PAUSE = 0.03
#: An import that wrote nothing for this long is taken as dead even if its process seems alive: one of another host,
#: whose process cannot be looked at. A live import writes a chunk every few milliseconds, each saying it is alive.
STALE_IMPORT_SECONDS = 60
#: The imports of this process under way, by number: one of its own that is not is dead (it failed).
_IMPORTS_UNDER_WAY: set[str] = set()
#: The imports a learner may try on a club's server within the window (an hour): enough to pick the right file after
#: a wrong one or two, too few to keep a core busy checking large files. A successful one is the last anyway, as an
#: import there fills only a profile without progress.
IMPORT_TRIES, IMPORT_TRIES_WINDOW = 5, 3600
_NAME_CHARS = re.compile(r"[\w \-]+")  # \w: letters and digits of any script, and "_"
_TAKEN_IN_CLASS = said("a learner of that class has that name already: choose another")
#: The classes a teacher (given twice) made or co-teaches.
_TAUGHT = "SELECT id FROM classes WHERE teacher_id = ? UNION SELECT class_id FROM co_teachers WHERE profile_id = ?"
#: Why the teachers' code no longer lets a profile teach.
REVOKED = said("an administrator of this server has taken your right to teach away: ask them to give it back")
#: The longest note a teacher posts to a class.
NEWS_LENGTH = 500
#: The profiles of this computer in use, as the sidebar lists them: not an account's, nor one being imported.
_LOCAL_IN_USE = "scope = '' AND importing IS NULL"

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

#: The issuer of the accounts a teacher makes, whose subject is the profile's number.
CLASS_ISSUER = "class"
#: The letters of a class code: no 0 and O, 1 and I, to be read out and typed without a mistake.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CO_CODE_LENGTH = 10
ISSUER_LENGTH = 255  # the longest issuer or subject kept: OpenID allows 255 ASCII characters for a subject

_INSERT_GAME = (
    f"INSERT INTO games (profile_id, {', '.join(GAME_FIELDS)}, record) VALUES (?{', ?' * (len(GAME_FIELDS) + 1)})"
)
_SAME_ATTEMPT = "SELECT 1 FROM attempts WHERE profile_id = ? AND at = ? AND puzzle_id = ? AND answer = ?"
_INSERT_ATTEMPT = f"INSERT INTO attempts (profile_id, {ATTEMPT_COLUMNS}) VALUES (?{', ?' * len(ATTEMPT_FIELDS)})"


class ProgressStore(TableStore):
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

    def _profile_id(self, conn: Statements, who: Who) -> int:
        return profile_id(conn, who)

    @abstractmethod
    def close(self) -> None:
        """Let go of the storage; every write is already saved."""

    @abstractmethod
    def damaged_rows(self, profile: Who) -> dict[str, int]:
        """How many of the profile's rows hold a damaged value, or (where the storage can tell) are kept but cannot
        be found, by table (only tables that have some)."""

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
        """The names of the profiles of this computer (no account's), in alphabetical order; a damaged name and a
        profile still being imported are left out."""
        with self._reading() as conn:
            rows = conn.execute(f"SELECT name FROM profiles WHERE {_LOCAL_IN_USE}")
            names = [name for (name,) in rows if is_text(name)]
        return sorted(names, key=str.casefold)

    def learners(self) -> list[Learner]:
        """The profiles in use, as ``profiles`` lists them, each with its row id."""
        with self._reading() as conn:
            rows = conn.execute(f"SELECT id, name FROM profiles WHERE {_LOCAL_IN_USE}").fetchall()
        return sorted((Learner(pid, name) for pid, name in rows if is_text(name)), key=lambda a: a.name.casefold())

    def learner(self, who: Who) -> Learner | None:
        """The profile in use that ``who`` names, with its name as it is now: a Learner by its row id (renamed or
        not), a name by the store's own key ("bea", "ＢＥＡ" and " Bea " find "Bea") among the profiles of this
        computer; None if there is none."""
        if isinstance(who, str) and len(who.strip()) > 4 * NAME_LENGTH:
            return None  # no name of NAME_LENGTH characters has a key this long
        with self._reading() as conn:
            try:
                pid = profile_id(conn, who)
            except ProfileGone:
                return None
            (name,) = conn.execute("SELECT name FROM profiles WHERE id = ?", (pid,)).fetchone()
        return Learner(pid, name) if is_text(name) else None

    def create_profile(self, name: str) -> Learner:
        """Add a profile and return it; ValueError for a bad or taken name."""
        name = valid_name(name)
        with self._writing() as conn:
            return Learner(insert_profile(conn, name, iso("created", datetime.now(UTC))), name)

    def rename_profile(self, old: Who, new: str) -> str:
        """Give a profile a new name and return it; ValueError for a bad name, or one that another profile of its
        scope or of a class it is in has."""
        new = valid_name(new)
        with self._writing() as conn:
            pid = profile_id(conn, old)
            (scope,) = conn.execute("SELECT scope FROM profiles WHERE id = ?", (pid,)).fetchone()
            _check_free(conn, new, scope, pid)
            for (class_id,) in conn.execute("SELECT class_id FROM members WHERE profile_id = ?", (pid,)).fetchall():
                _check_free_in_class(conn, class_id, new, pid)
            conn.execute("UPDATE profiles SET name = ?, name_key = ? WHERE id = ?", (new, name_key(new), pid))
        return new

    def delete_profile(self, name: Who) -> None:
        """Remove a profile and all its progress."""
        with self._writing() as conn:
            conn.execute("DELETE FROM profiles WHERE id = ?", (profile_id(conn, name),))

    def rules(self, profile: Who) -> RuleProfile:
        """The rule set the profile plays by, with its chosen target; classic if none was chosen, or if the saved
        choice cannot be read."""
        with self._reading() as conn:
            pid = profile_id(conn, profile)
            name, target = conn.execute("SELECT rule_set, target FROM profiles WHERE id = ?", (pid,)).fetchone()
        try:
            return rules_of(name, target)
        except ValueError:
            return CLASSIC

    def set_rules(self, profile: Who, rules: RuleProfile) -> None:
        """Keep the rule set (and target) the profile plays by; ValueError for one this program does not know."""
        name, target = rules_row(rules)
        with self._writing() as conn:
            conn.execute(
                "UPDATE profiles SET rule_set = ?, target = ? WHERE id = ?", (name, target, profile_id(conn, profile))
            )

    def language(self, profile: Who) -> str | None:
        """The language the profile reads the app in, or None before one was chosen (or if the saved one cannot be
        read)."""
        with self._reading() as conn:
            pid = profile_id(conn, profile)
            (code,) = conn.execute("SELECT language FROM profiles WHERE id = ?", (pid,)).fetchone()
        return code if isinstance(code, str) and LANGUAGE_CODE.fullmatch(code) else None

    def set_language(self, profile: Who, code: str) -> None:
        """Keep the language the profile reads the app in; ValueError for text that is not a language code."""
        check_language("language", code)
        with self._writing() as conn:
            conn.execute("UPDATE profiles SET language = ? WHERE id = ?", (code, profile_id(conn, profile)))

    def save_game(
        self, profile: Who, summary: GameSummary, record: dict[str, Any], game: tuple[int, int] | None = None
    ) -> tuple[int, int]:
        """Keep a match against the computer with its game record (``trainer.records``); with ``game``, the number
        and version the last save returned, replace that one as the match goes on. Returns the game's number and its
        new version. ``StaleMatch``, writing nothing, if the kept match is no longer at that version or is over."""
        row = (*game_row(summary), record_text("record", record))
        with self._writing() as conn:
            pid = profile_id(conn, profile)
            if game is not None:
                number, version = game
                changed = conn.execute(
                    f"UPDATE games SET ({', '.join(GAME_FIELDS)}, record, version) = ({', '.join('?' * len(row))}, "
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
        query = f"SELECT rowid, {', '.join(GAME_FIELDS)} FROM games WHERE profile_id = ? ORDER BY played_at, rowid"
        games = []
        with self._reading() as conn:
            for row in conn.execute(query, (profile_id(conn, profile),)):
                with suppress(*DAMAGE):  # a damaged row is left out, as everywhere
                    games.append(summary_of(row))
        return games

    def unfinished_game(self, profile: Who) -> KeptGame | None:
        """The profile's match against the computer saved most recently that is not over; None if every match is
        over. A damaged row is passed over, as everywhere."""
        return self._kept_game(profile, "over = 0 ORDER BY played_at DESC")

    def game(self, profile: Who, number: int) -> KeptGame | None:
        """The profile's match of that number as it is kept now; None if there is none (or its row is damaged)."""
        return self._kept_game(profile, "rowid = ?", number)

    def finished_games(self, profile: Who, level: str, since: datetime, most: int = 20) -> list[KeptGame]:
        """The profile's matches against that computer strength finished and last played from ``since`` on, oldest
        first, with their records: at most ``most``."""
        where = "over = 1 AND level = ? AND played_at >= ? ORDER BY played_at, rowid"
        return self._kept_games(profile, where, level, iso("since", since), most=most)

    def latest_games(self, profile: Who, most: int) -> list[KeptGame]:
        """The profile's ``most`` matches last played, the latest first, with their records."""
        return self._kept_games(profile, "1 = 1 ORDER BY played_at DESC, rowid DESC", most=most)

    def _kept_game(self, profile: Who, where: str, *arguments: object) -> KeptGame | None:
        """The first of the profile's matches ``where`` selects whose row can be read."""
        found = self._kept_games(profile, where, *arguments, most=1)
        return found[0] if found else None

    def _kept_games(self, profile: Who, where: str, *arguments: object, most: int) -> list[KeptGame]:
        """The first ``most`` of the profile's matches ``where`` selects whose rows can be read."""
        query = f"SELECT version, rowid, {READERS['games'][0]} FROM games WHERE profile_id = ? AND {where}"
        with self._reading() as conn:
            return first_readable(conn, query, (profile_id(conn, profile), *arguments), _kept_of, most)

    def record_attempt(self, profile: Who, attempt: Attempt) -> None:
        """Save one attempt."""
        with self._writing() as conn:
            conn.execute(_INSERT_ATTEMPT, (profile_id(conn, profile), *attempt_row(attempt)))

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
        leaves all three or none. Returns the rating before and after.

        The same answer sent again (to the same puzzle, at the same moment), as after an outage that left unknown
        whether it was saved, is kept once: the second time nothing is written, and the rating is as it stands."""
        with self._writing() as conn:
            pid = profile_id(conn, profile)
            stored = read_rows(conn, "ratings", pid)
            before = stored[0] if stored else None
            same = (pid, iso("at", attempt.at), attempt.puzzle_id, attempt.answer)
            if before is not None and conn.execute(_SAME_ATTEMPT, same).fetchone():
                return before, before  # saved already, with its rating
            after = check_rating("", *rate(before))
            conn.execute(_SET_RATING, (pid, *after))
            kept = dataclasses.replace(attempt, rating_after=after[0], rd_after=after[1])
            conn.execute(_INSERT_ATTEMPT, (pid, *attempt_row(kept)))
            cards = {puzzle_id: card for puzzle_id, card, _ in read_rows(conn, "review_cards", pid)}
            scheduled = review(cards.get(attempt.puzzle_id))
            if scheduled is not None:
                card_json, due = scheduled
                row = (attempt.puzzle_id, check_card("card_json", card_json), iso("due", due))
                conn.execute(_SAVE_CARD, (pid, *row))
        return before, after

    def attempts(self, profile: Who, limit: int | None = None) -> list[Attempt]:
        """The profile's attempts, oldest first; with ``limit``, only the latest ``limit`` of them."""
        if limit is not None and limit < 0:
            raise ValueError(f"limit: {limit} is negative")
        with self._reading() as conn:
            return select_attempts(conn, profile_id(conn, profile), limit)

    def answer_groups(self, profile: Who) -> list[tuple[str, tuple[str, ...], int, int]]:
        """The answers (skips left out) grouped by kind and themes, counted by the database: (kind, themes, right,
        answers). A few hundred groups at most, however many answers there are."""
        query = """SELECT kind, themes, COUNT(*) FILTER (WHERE correct <> 0), COUNT(*) FROM attempts
            WHERE profile_id = ? AND skipped = 0 GROUP BY kind, themes"""
        with self._reading() as conn:
            rows = conn.execute(query, (profile_id(conn, profile),)).fetchall()
        return [
            (kind, tuple(themes.split()), int(right), int(count))
            for kind, themes, right, count in rows
            if isinstance(kind, str) and isinstance(themes, str)  # a damaged row is left out, as everywhere
        ]

    def solved_puzzles(self, profile: Who) -> set[str]:
        """The puzzles answered right at least once, found by the database."""
        query = "SELECT DISTINCT puzzle_id FROM attempts WHERE profile_id = ? AND correct <> 0 AND skipped = 0"
        with self._reading() as conn:
            rows = conn.execute(query, (profile_id(conn, profile),)).fetchall()
        return {puzzle_id for (puzzle_id,) in rows if isinstance(puzzle_id, str)}

    def recent_ratings(self, profile: Who, limit: int) -> list[float]:
        """The rating after each of the latest ``limit`` rated answers, oldest first."""
        query = """SELECT rating_after FROM attempts WHERE profile_id = ? AND rating_after IS NOT NULL
            ORDER BY at DESC, rowid DESC LIMIT ?"""
        with self._reading() as conn:
            rows = conn.execute(query, (profile_id(conn, profile), limit)).fetchall()
        return [float(value) for (value,) in reversed(rows) if isinstance(value, float) and math.isfinite(value)]

    def get_rating(self, profile: Who) -> tuple[float, float, float] | None:
        """The profile's (rating, rd, vol), or None before its first rating."""
        with self._reading() as conn:
            good = read_rows(conn, "ratings", profile_id(conn, profile))
        return None if not good else good[0]

    def set_rating(self, profile: Who, rating: float, rd: float, vol: float) -> None:
        """Replace the profile's rating."""
        values = check_rating("", rating, rd, vol)
        with self._writing() as conn:
            conn.execute(_SET_RATING, (profile_id(conn, profile), *values))

    def save_review_card(self, profile: Who, puzzle_id: str, card_json: str, due: datetime) -> None:
        """Save (or replace) the review card of a puzzle: the scheduler's card as JSON, and when it is due."""
        row = (puzzle_id, check_card("card_json", card_json), iso("due", due))
        with self._writing() as conn:
            conn.execute(_SAVE_CARD, (profile_id(conn, profile), *row))

    def review_cards(self, profile: Who) -> dict[str, str]:
        """Each reviewed puzzle's card JSON, by puzzle id."""
        with self._reading() as conn:
            cards = read_rows(conn, "review_cards", profile_id(conn, profile))
        return {puzzle_id: card for puzzle_id, card, _ in cards}

    def due_puzzles(self, profile: Who, now: datetime) -> list[str]:
        """The puzzles whose review is due at ``now``, the longest due first."""
        moment = datetime.fromisoformat(iso("now", now))
        with self._reading() as conn:
            cards = read_rows(conn, "review_cards", profile_id(conn, profile))
        return [puzzle_id for puzzle_id, _, due in sorted(cards, key=lambda c: (c[2], c[0])) if due <= moment]

    def record_best(self, profile: Who, mode: str, value: int) -> bool:
        """Keep ``value`` as the best of ``mode`` (say streak or rush) if it beats it; True if it did, or if it is
        the first."""
        check_mode("mode", mode)
        named("value", int_of, value, 0, MOST_BEST)
        with self._writing() as conn:
            return bool(conn.execute(_RECORD_BEST, (profile_id(conn, profile), mode, value)).rowcount == 1)

    def best(self, profile: Who, mode: str) -> int | None:
        """The best of ``mode``, or None if there is none yet."""
        with self._reading() as conn:
            records = dict(read_rows(conn, "records", profile_id(conn, profile)))
        return records.get(mode)

    def record_stars(self, profile: Who, level_id: str, stars: int) -> bool:
        """Keep a finished level's stars (1 to 3) if they beat the ones kept; True if they did, or are the first."""
        if stars not in (1, 2, 3):
            raise ValueError(f"stars: {stars} is not 1, 2 or 3")
        check_id("level_id", level_id)
        with self._writing() as conn:
            return bool(conn.execute(_RECORD_STARS, (profile_id(conn, profile), level_id, stars)).rowcount == 1)

    def stars(self, profile: Who) -> dict[str, int]:
        """The best stars of each finished level, by level id."""
        with self._reading() as conn:
            return dict(read_rows(conn, "stars", profile_id(conn, profile)))

    def set_place(self, profile: Who, level_id: str, stage: int) -> None:
        """Remember where the learner is in the course, to continue from there."""
        check_id("level_id", level_id)
        named("stage", int_of, stage, 0, MOST_STAGE)
        with self._writing() as conn:
            conn.execute(_SET_PLACE, (profile_id(conn, profile), level_id, stage))

    def place(self, profile: Who) -> tuple[str, int] | None:
        """The level and stage the learner was last at, or None before the course."""
        with self._reading() as conn:
            good = read_rows(conn, "places", profile_id(conn, profile))
        return None if not good else good[0]

    def account(self, issuer: str, subject: str) -> Account | None:
        """The account an OpenID provider's user signs in with, or None before their first sign-in."""
        query = """SELECT profiles.id, name, teacher, one_time FROM accounts JOIN profiles ON profiles.id = profile_id
            WHERE issuer = ? AND subject = ? AND importing IS NULL"""
        if not (keepable(issuer) and keepable(subject)):
            return None
        with self._reading() as conn:
            row = conn.execute(query, (issuer, subject)).fetchone()
        return None if row is None else Account(Learner(int(row[0]), row[1]), bool(row[2]), bool(row[3]))

    def create_account(self, name: str, issuer: str, subject: str) -> Account:
        """A new profile for an OpenID provider's user, signing in by its issuer and subject; ValueError for a bad
        name, or a user who has a profile already. Its name need not differ from any other's until it joins a class."""
        name = valid_name(name)
        for field, value in (("issuer", issuer), ("subject", subject)):
            if check_text(field, value, 1, ISSUER_LENGTH) == CLASS_ISSUER:
                raise ValueError(f"{field}: {reprlib.repr(value)} is not an OpenID {field}")
        with self._writing() as conn:
            if conn.execute("SELECT 1 FROM accounts WHERE issuer = ? AND subject = ?", (issuer, subject)).fetchone():
                raise ValueError("this sign-in has a profile already")
            pid = insert_profile(conn, name, iso("created", datetime.now(UTC)), scope=None)
            conn.execute("INSERT INTO accounts (profile_id, issuer, subject) VALUES (?, ?, ?)", (pid, issuer, subject))
        return Account(Learner(pid, name), teacher=False)

    def account_of(self, learner: Who) -> Account | None:
        """The profile's account, or None for a profile without one (one made on this computer, say)."""
        with self._reading() as conn:
            pid = profile_id(conn, learner)
            row = conn.execute(
                "SELECT name, teacher, one_time FROM profiles JOIN accounts ON profile_id = id WHERE id = ?", (pid,)
            )
            found = row.fetchone()
        return None if found is None else Account(Learner(pid, found[0]), bool(found[1]), bool(found[2]))

    def set_teacher(self, learner: Who) -> None:
        """Let the profile teach: make classes and see their learners' progress; ValueError if it has no account,
        a SaidError (REVOKED) if an administrator took its right to teach away."""
        with self._writing() as conn:
            pid = profile_id(conn, learner)
            row = conn.execute("SELECT revoked FROM accounts WHERE profile_id = ?", (pid,)).fetchone()
            if row is None:
                raise ValueError("only a profile that signs in can teach")
            if row[0] is not None:
                raise SaidError(REVOKED)
            conn.execute("UPDATE accounts SET teacher = 1 WHERE profile_id = ?", (pid,))

    def teachers(self) -> list[Teacher]:
        """Every profile that teaches, or taught until an administrator took it away, by name."""
        query = """SELECT id, name, teacher, (SELECT count(*) FROM classes WHERE teacher_id = profiles.id) FROM profiles
            JOIN accounts ON profile_id = id WHERE (teacher <> 0 OR revoked IS NOT NULL) AND importing IS NULL"""
        with self._reading() as conn:
            rows = conn.execute(query).fetchall()
        found = (Teacher(Learner(int(pid), name), bool(teaching), int(made)) for pid, name, teaching, made in rows)
        return sorted(found, key=lambda teacher: (teacher.learner.name.casefold(), teacher.learner.id))

    def set_teaching(self, teacher: Who, allowed: bool) -> None:
        """An administrator's word on a teacher: ``allowed`` gives back the right to teach; otherwise it is taken away
        at their next click (their classes stay, for their co-teachers and to give back), and the teachers' code no
        longer gives it. ValueError for a profile that never taught."""
        with self._writing() as conn:
            pid = profile_id(conn, teacher)
            query = """UPDATE accounts SET teacher = ?, revoked = ?
                WHERE profile_id = ? AND (teacher <> 0 OR revoked IS NOT NULL)"""
            if not conn.execute(query, (int(allowed), None if allowed else _now(), pid)).rowcount:
                raise ValueError("that profile does not teach")

    def create_class(self, teacher: Who, name: str) -> Classroom:
        """A new class of the teacher's, with a new code; NotYours unless the profile teaches, ValueError for a bad
        name."""
        name = valid_name(name)
        with self._writing() as conn:
            tid = _teacher_id(conn, teacher)
            code = _unused_code(conn, "code", CODE_LENGTH)
            query = "INSERT INTO classes (teacher_id, name, code, created) VALUES (?, ?, ?, ?) RETURNING id"
            (cid,) = conn.execute(query, (tid, name, code, iso("created", datetime.now(UTC)))).fetchone()
        return Classroom(int(cid), name, code)

    def classes(self, teacher: Who) -> list[Classroom]:
        """The classes the profile made or co-teaches, oldest first (none for a profile that does not teach)."""
        query = f"SELECT id, name, code, archived, teacher_id FROM classes WHERE id IN ({_TAUGHT}) ORDER BY id"
        with self._reading() as conn:
            pid = profile_id(conn, teacher)
            if not conn.execute("SELECT 1 FROM accounts WHERE profile_id = ? AND teacher <> 0", (pid,)).fetchone():
                return []
            rows = conn.execute(query, (pid, pid)).fetchall()
        return [
            Classroom(int(cid), name, code, archived is not None, tid == pid) for cid, name, code, archived, tid in rows
        ]

    def class_learner(self, teacher: Who, learner_id: int) -> Learner:
        """A learner of a class the teacher teaches (archived or not), whose progress the teacher may see; NotYours
        for any other profile."""
        query = f"""SELECT id, name FROM profiles WHERE id = ? AND importing IS NULL
            AND id IN (SELECT profile_id FROM members WHERE class_id IN ({_TAUGHT}))"""
        with self._reading() as conn:
            tid = _teacher_id(conn, teacher)
            row = conn.execute(query, (learner_id, tid, tid)).fetchone()
        if row is None:
            raise NotYours("that learner is not in a class of yours")
        return Learner(int(row[0]), row[1])

    def rename_class(self, teacher: Who, class_id: int, name: str) -> None:
        """Give a class the teacher teaches a new name; NotYours for another's class, ValueError for a bad name."""
        name = valid_name(name)
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            conn.execute("UPDATE classes SET name = ? WHERE id = ?", (name, class_id))

    def archive_class(self, teacher: Who, class_id: int, archived: bool = True) -> None:
        """Put the teacher's class away at the end of a term, or bring it back (``archived`` False). Nothing is
        deleted: its learners still sign in and keep their progress; while archived, its code lets no one join, and
        its homework and news are not shown to them. NotYours unless the teacher made the class."""
        with self._writing() as conn:
            _made_class(conn, _teacher_id(conn, teacher), class_id)
            conn.execute("UPDATE classes SET archived = ? WHERE id = ?", (_now() if archived else None, class_id))

    def delete_class(self, teacher: Who, class_id: int) -> None:
        """Delete the teacher's class with its homework and news, and the learners the teacher added to it (who sign
        in by its code) with all their progress; a learner who signs in with a provider keeps theirs. NotYours
        unless the teacher made the class."""
        made_here = """SELECT profile_id FROM members WHERE class_id = ?
            AND profile_id IN (SELECT profile_id FROM accounts WHERE issuer = ?)"""
        with self._writing() as conn:
            _made_class(conn, _teacher_id(conn, teacher), class_id)
            for (pid,) in conn.execute(made_here, (class_id, CLASS_ISSUER)).fetchall():
                conn.execute("DELETE FROM profiles WHERE id = ?", (pid,))
            conn.execute("DELETE FROM classes WHERE id = ?", (class_id,))

    def co_teachers(self, teacher: Who, class_id: int) -> list[Learner]:
        """Who teaches the teacher's class beside the teacher who made it, by name; NotYours for another's class."""
        query = "SELECT id, name FROM co_teachers JOIN profiles ON id = profile_id WHERE class_id = ?"
        with self._reading() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            rows = conn.execute(query, (class_id,)).fetchall()
        return sorted((Learner(int(pid), name) for pid, name in rows), key=lambda one: one.name.casefold())

    def co_teacher_code(self, teacher: Who, class_id: int) -> str:
        """A new code by which another teacher of the server comes to teach the teacher's class with them: good for
        one use, and the one made before no longer is. NotYours unless the teacher made the class."""
        with self._writing() as conn:
            _made_class(conn, _teacher_id(conn, teacher), class_id)
            code = _unused_code(conn, "co_code", CO_CODE_LENGTH)
            conn.execute("UPDATE classes SET co_code = ? WHERE id = ?", (code, class_id))
        return code

    def co_teach(self, teacher: Who, code: str) -> Classroom:
        """Let the teacher teach the class of that co-teacher code with the teacher who made it (everything but
        archiving or deleting it, and choosing its co-teachers); the code is then used up. NotYours for a profile
        that does not teach; a SaidError if no class has the code."""
        query = "SELECT id, name, code, archived, teacher_id FROM classes WHERE co_code = ?"
        with self._writing() as conn:
            tid = _teacher_id(conn, teacher)
            row = conn.execute(query, (_code_key(code),)).fetchone() if keepable(code) else None
            if row is None or row[4] == tid:
                raise SaidError(said("no class has the co-teacher code {code}", code=reprlib.repr(code)))
            conn.execute("UPDATE classes SET co_code = NULL WHERE id = ?", (row[0],))
            conn.execute(
                "INSERT INTO co_teachers (class_id, profile_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (row[0], tid)
            )
        return Classroom(int(row[0]), row[1], row[2], row[3] is not None, owner=False)

    def remove_co_teacher(self, teacher: Who, class_id: int, other: Who) -> None:
        """The other teacher no longer co-teaches the teacher's class; NotYours unless the teacher made it."""
        with self._writing() as conn:
            _made_class(conn, _teacher_id(conn, teacher), class_id)
            query = "DELETE FROM co_teachers WHERE class_id = ? AND profile_id = ?"
            conn.execute(query, (class_id, profile_id(conn, other)))

    def add_learner(
        self, teacher: Who, class_id: int, name: str, password_hash: str, one_time: bool = False
    ) -> Learner:
        """A new profile in the teacher's class, who signs in with the class's code, the name and a password, kept
        as the hash given (``one_time``: good for one sign-in, after which they choose their own); NotYours for
        another teacher's class, ValueError for a bad name or one a learner of the class has (learners of other
        classes may have it)."""
        [learner] = self.add_learners(teacher, class_id, [(name, password_hash)], one_time)
        return learner

    def add_learners(
        self, teacher: Who, class_id: int, named_hashes: list[tuple[str, str]], one_time: bool = False
    ) -> list[Learner]:
        """``add_learner`` for each name and password hash, all in one write: all are added, or none."""
        names = [valid_name(name) for name, _ in named_hashes]
        made = iso("created", datetime.now(UTC))
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            added = []
            for name, (_, password_hash) in zip(names, named_hashes, strict=True):
                _check_free_in_class(conn, class_id, name)
                pid = insert_profile(conn, name, made, scope=f"class {class_id}")
                conn.execute(
                    "INSERT INTO accounts (profile_id, issuer, subject, password, one_time) VALUES (?, ?, ?, ?, ?)",
                    (pid, CLASS_ISSUER, str(pid), password_hash, int(one_time)),
                )
                conn.execute("INSERT INTO members (class_id, profile_id) VALUES (?, ?)", (class_id, pid))
                added.append(Learner(pid, name))
        return added

    def join_class(self, learner: Who, code: str) -> Classroom:
        """Put the profile in the class of that code (it may be in several); ValueError if no class has it, NameTaken
        if another learner of the class has the profile's name (a class's names differ, to sign in by)."""
        with self._writing() as conn:
            pid = profile_id(conn, learner)
            found = "SELECT id, name, code FROM classes WHERE code = ? AND archived IS NULL"
            row = conn.execute(found, (_code_key(code),)).fetchone() if keepable(code) else None
            if row is None:
                raise SaidError(said("no class has the code {code}", code=reprlib.repr(code)))
            (name,) = conn.execute("SELECT name FROM profiles WHERE id = ?", (pid,)).fetchone()
            _check_free_in_class(conn, row[0], name, pid, joining=True)
            conn.execute(
                "INSERT INTO members (class_id, profile_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (row[0], pid)
            )
        return Classroom(int(row[0]), row[1], row[2])

    def members(self, teacher: Who, class_id: int, by_password: bool = False, archived: bool = False) -> list[Learner]:
        """The learners of the teacher's class, by name (with ``by_password``, only those who sign in by a password;
        with ``archived``, only those archived, else only the others); NotYours for a class the profile does not
        teach."""
        query = "SELECT id, name FROM members JOIN profiles ON id = members.profile_id WHERE class_id = ?"
        query += " AND importing IS NULL AND archived IS " + ("NOT NULL" if archived else "NULL")
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
            WHERE code = ? AND name_key = ? AND importing IS NULL AND password IS NOT NULL
            AND members.archived IS NULL"""
        if not (keepable(code) and keepable(name)):
            return None
        with self._reading() as conn:
            row = conn.execute(query, sign_in_key(code, name)).fetchone()
        return None if row is None else (Learner(int(row[0]), row[1]), row[2])

    def set_passwords(self, teacher: Who, class_id: int, hashes: list[tuple[Who, str]], one_time: bool = True) -> None:
        """Give learners of the teacher's class new passwords (their hashes; ``one_time`` as for ``add_learner``), in
        one write: all are changed, or none. Each learner's sessions end, and the devices their old password made
        known are forgotten. NotYours for another teacher's class or a learner not in it."""
        query = """UPDATE accounts SET password = ?, one_time = ? WHERE profile_id = ? AND issuer = ?
            AND profile_id IN (SELECT profile_id FROM members WHERE class_id = ?)"""
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            (code,) = conn.execute("SELECT code FROM classes WHERE id = ?", (class_id,)).fetchone()
            for learner, password_hash in hashes:
                pid = profile_id(conn, learner)
                if not conn.execute(query, (password_hash, int(one_time), pid, CLASS_ISSUER, class_id)).rowcount:
                    raise NotYours("that learner does not sign in by a password in this class")
                (name,) = conn.execute("SELECT name FROM profiles WHERE id = ?", (pid,)).fetchone()
                conn.execute("DELETE FROM failures WHERE target = ?", (sign_in_target(code, name),))
                _end_sessions(conn, pid)  # the old password's sessions end with it, and the devices it made known
                conn.execute("DELETE FROM devices WHERE profile_id = ?", (pid,))

    def own_password(self, learner: Who) -> str | None:
        """The hash of the password the learner signs in with, or None for one who signs in with a provider."""
        with self._reading() as conn:
            row = conn.execute("SELECT password FROM accounts WHERE profile_id = ?", (profile_id(conn, learner),))
            found = row.fetchone()
        return None if found is None else found[0]

    def change_own_password(self, learner: Who, password_hash: str, keep: str | None, one_time: bool = False) -> bool:
        """The learner's own new password (its hash), no longer one-time: every other session of theirs ends (all
        but the one of ``keep``, a token's hash), and the devices that signed in before are forgotten. False,
        changing nothing, for one who signs in with a provider, or (``one_time``: the learner replaces the password
        they just signed in with) one whose password is no longer one-time."""
        query = "UPDATE accounts SET password = ?, one_time = 0 WHERE profile_id = ? AND password IS NOT NULL"
        with self._writing() as conn:
            pid = profile_id(conn, learner)
            if not conn.execute(query + (" AND one_time = 1" if one_time else ""), (password_hash, pid)).rowcount:
                return False
            _end_sessions(conn, pid, keep)
            conn.execute("DELETE FROM devices WHERE profile_id = ?", (pid,))
        return True

    def take_guess(
        self, guess: Guess, now: float, since: float, judge: Callable[[Failures, Failures | None], None]
    ) -> int:
        """Count ``guess`` as a wrong one until it proves right (``forgive_guess``), and return its number; first,
        ``judge`` (which raises to refuse it, and then nothing is counted) is given the failures from ``since`` on
        that bear on it: a trusted device's at the same target, and nothing more; an untrusted client's, the
        untrusted ones at the target and the client's untrusted ones at any target. One write transaction, so that
        guesses made at once, from any app server on the data, are judged one after the other. Older failures are
        forgotten."""
        at_target = "target = ? AND " + ("device = ?" if guess.device else "device IS NULL")
        with self._writing() as conn:
            conn.execute("DELETE FROM failures WHERE at < ?", (since,))
            account = _failures(conn, at_target, guess.target, *([guess.device] if guess.device else []), since)
            client = None if guess.device else _failures(conn, "client = ? AND device IS NULL", guess.client, since)
            judge(account, client)
            query = "INSERT INTO failures (target, client, device, at) VALUES (?, ?, ?, ?) RETURNING id"
            return int(conn.execute(query, (guess.target, guess.client, guess.device, now)).fetchone()[0])

    def forgive_guess(self, failure: int) -> None:
        """The guess ``take_guess`` numbered ``failure`` was right: it does not count."""
        with self._writing() as conn:
            conn.execute("DELETE FROM failures WHERE id = ?", (failure,))

    def device_trusted(self, token_hash: str, profile: int | None) -> bool:
        """Whether the device of that cookie (its token's hash) has signed in to the account of the profile of that
        id; for no profile (None), False after the same read, so that a name nobody has takes as long."""
        query = "SELECT 1 FROM devices WHERE token_hash = ? AND profile_id = ?"
        with self._reading() as conn:
            return conn.execute(query, (token_hash, profile)).fetchone() is not None

    def signed_in_by_guess(
        self, failure: int, guess: Guess, learner: Who, token_hash: str | None, now: float, devices_since: float
    ) -> None:
        """The password of ``guess`` (numbered ``failure``) was right: neither it nor the earlier wrong ones from the
        same client or device at that account count, and the device of ``token_hash`` is trusted for the profile
        from now on. Devices that have not signed in since ``devices_since`` are forgotten."""
        same = "device = ?" if guess.device else "client = ? AND device IS NULL"
        with self._writing() as conn:
            conn.execute("DELETE FROM failures WHERE id = ?", (failure,))
            conn.execute(
                f"DELETE FROM failures WHERE target = ? AND {same}", (guess.target, guess.device or guess.client)
            )
            if token_hash is not None:
                conn.execute(
                    """INSERT INTO devices (token_hash, profile_id, seen) VALUES (?, ?, ?)
                    ON CONFLICT (token_hash, profile_id) DO UPDATE SET seen = excluded.seen""",
                    (token_hash, profile_id(conn, learner), now),
                )
            conn.execute("DELETE FROM devices WHERE seen < ?", (devices_since,))

    def remove_learner(self, teacher: Who, class_id: int, learner: Who) -> None:
        """Take a learner out of the teacher's class and end their sessions; NotYours for another teacher's class or
        a learner not in it. A learner the teacher made (who signs in by a password of this class) is deleted with
        their progress, as no one could reach it again; one who signs in with a provider keeps theirs."""
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            pid = profile_id(conn, learner)
            query = "DELETE FROM members WHERE class_id = ? AND profile_id = ?"
            if not conn.execute(query, (class_id, pid)).rowcount:
                raise NotYours("that learner is not in this class")
            _end_sessions(conn, pid)
            conn.execute(
                "DELETE FROM profiles WHERE id = ? AND id IN (SELECT profile_id FROM accounts WHERE issuer = ?)",
                (pid, CLASS_ISSUER),
            )

    def archive_learner(self, teacher: Who, class_id: int, learner: Who, archived: bool = True) -> None:
        """Put a learner of the teacher's class aside (``archived``) or bring them back. Nothing of theirs is deleted;
        while aside, they are left out of the class's tables and see none of its homework or news, and one the
        teacher added cannot sign in (their sessions end). NotYours for another's class or a learner not in it."""
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            pid = profile_id(conn, learner)
            query = "UPDATE members SET archived = ? WHERE class_id = ? AND profile_id = ?"
            if not conn.execute(query, (_now() if archived else None, class_id, pid)).rowcount:
                raise NotYours("that learner is not in this class")
            made_here = conn.execute("SELECT 1 FROM accounts WHERE profile_id = ? AND issuer = ?", (pid, CLASS_ISSUER))
            if archived and made_here.fetchone():
                _end_sessions(conn, pid)

    def start_session(
        self, token_hash: str, learner: Who, now: datetime, expires: datetime, signed_in_at: int | None = None
    ) -> bool:
        """Keep a new session of the profile, found by ``token_hash`` until ``expires``, and drop those that expired
        a day before ``now``. With ``signed_in_at``, a provider's sign-in time: False, keeping nothing, if a
        session of the profile began from that sign-in or a later one (each sign-in starts one session)."""
        with self._writing() as conn:
            pid = profile_id(conn, learner)
            conn.execute("DELETE FROM sessions WHERE expires < ?", (iso("now", now - timedelta(days=1)),))
            used = "SELECT 1 FROM sessions WHERE profile_id = ? AND signed_in_at >= ?"
            if signed_in_at is not None and conn.execute(used, (pid, signed_in_at)).fetchone():
                return False
            conn.execute(
                """INSERT INTO sessions (token_hash, profile_id, created, expires, signed_in_at)
                    VALUES (?, ?, ?, ?, ?)""",
                (token_hash, pid, iso("now", now), iso("expires", expires), signed_in_at),
            )
        return True

    def session(self, token_hash: str, now: datetime) -> Session | None:
        """The live session of ``token_hash`` (one look-up by its key); None if there is none, or it ended or
        expired, or its profile is gone."""
        query = """SELECT profiles.id, name, teacher, one_time, issuer, subject, sessions.created, expires FROM sessions
            JOIN profiles ON profiles.id = sessions.profile_id JOIN accounts ON accounts.profile_id = profiles.id
            WHERE token_hash = ? AND ended IS NULL AND expires > ? AND importing IS NULL"""
        with self._reading() as conn:
            row = conn.execute(query, (token_hash, iso("now", now))).fetchone()
        if row is None:
            return None
        account = Account(Learner(int(row[0]), row[1]), bool(row[2]), bool(row[3]))
        return Session(account, row[4], row[5], datetime.fromisoformat(row[6]), datetime.fromisoformat(row[7]))

    def extend_session(self, token_hash: str, expires: datetime) -> None:
        """Let a live session hold until ``expires``, if that is later."""
        with self._writing() as conn:
            conn.execute(
                "UPDATE sessions SET expires = ? WHERE token_hash = ? AND ended IS NULL AND expires < ?",
                (iso("expires", expires), token_hash, iso("expires", expires)),
            )

    def end_session(self, token_hash: str) -> None:
        """End the session of ``token_hash``, in every tab and on every server that holds it."""
        with self._writing() as conn:
            conn.execute("UPDATE sessions SET ended = ? WHERE token_hash = ? AND ended IS NULL", (_now(), token_hash))

    def assign(
        self,
        teacher: Who,
        class_id: int,
        kind: str,
        items: tuple[str, ...],
        due: datetime,
        settings: HomeworkSettings = NO_SETTINGS,
        learners: tuple[int, ...] = (),
    ) -> Assignment:
        """Set the teacher's class homework, made with ``settings``, for the ``learners`` of the class given by id
        (none: the whole class); NotYours for another teacher's class, ValueError for a bad kind, item or time, or
        a learner not in the class."""
        made = Assignment(0, class_id, kind, items, due, datetime.now(UTC), settings, learners)
        query = """INSERT INTO assignments (class_id, kind, items, due, created, settings) VALUES (?, ?, ?, ?, ?, ?)
            RETURNING id"""
        row = (class_id, kind, json.dumps(list(items)), iso("due", due), iso("created", made.created), settings.kept())
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            (number,) = conn.execute(query, row).fetchone()
            _set_learners(conn, int(number), class_id, learners)
        return dataclasses.replace(made, id=int(number), created=datetime.fromisoformat(row[4]))

    def change_assignment(self, teacher: Who, changed: Assignment) -> None:
        """Keep a piece of homework's new items, due time, settings and learners (its class, kind and time set
        stay); NotYours for another teacher's class, ValueError as for ``assign``. A puzzle answered or a level or
        match done since it was set still counts, if the homework still holds it."""
        query = "UPDATE assignments SET items = ?, due = ?, settings = ? WHERE id = ? AND class_id = ? AND kind = ?"
        row = (json.dumps(list(changed.items)), iso("due", changed.due), changed.settings.kept())
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), changed.class_id)
            if not conn.execute(query, (*row, changed.id, changed.class_id, changed.kind)).rowcount:
                raise NotYours("that homework is not of this class")
            _set_learners(conn, changed.id, changed.class_id, changed.learners)

    def delete_assignment(self, teacher: Who, homework: Assignment) -> None:
        """Take a piece of homework away, with nothing of what its learners did (that is their progress); NotYours
        for another teacher's class."""
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), homework.class_id)
            conn.execute("DELETE FROM assignments WHERE id = ? AND class_id = ?", (homework.id, homework.class_id))

    def class_assignments(self, teacher: Who, class_id: int) -> list[Assignment]:
        """The homework of the teacher's class, latest due first; NotYours for another teacher's class."""
        with self._reading() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            return _assignments(conn, "class_id = ?", class_id)

    def homework(self, learner: Who) -> list[Assignment]:
        """The homework of every class the learner is in (not archived, nor they in it) that is for the whole class
        or for them, the soonest due first."""
        mine = f"""class_id IN ({IN_USE}) AND (id NOT IN (SELECT assignment_id FROM assignment_learners)
            OR id IN (SELECT assignment_id FROM assignment_learners WHERE profile_id = ?))"""
        with self._reading() as conn:
            pid = profile_id(conn, learner)
            return _assignments(conn, mine, pid, pid, soonest=True)

    def post_news(self, teacher: Who, class_id: int, text: str) -> News:
        """A short note from the teacher to their class (1 to ``NEWS_LENGTH`` characters, its lines and spaces kept);
        NotYours for another's class, ValueError for an empty, too long or unkeepable one."""
        text = unicodedata.normalize("NFC", text.strip())
        if not 1 <= len(text) <= NEWS_LENGTH:
            raise SaidError(said("a note has 1 to {most} characters, not {count}", most=NEWS_LENGTH, count=len(text)))
        posted = datetime.now(UTC)
        query = "INSERT INTO news (class_id, author_id, text, posted) VALUES (?, ?, ?, ?) RETURNING id"
        with self._writing() as conn:
            tid = _teacher_id(conn, teacher)
            _own_class(conn, tid, class_id)
            (number,) = conn.execute(
                query, (class_id, tid, check_text("note", text, 1, NEWS_LENGTH), iso("posted", posted))
            ).fetchone()
            (author,) = conn.execute("SELECT name FROM profiles WHERE id = ?", (tid,)).fetchone()
        return News(int(number), class_id, text, datetime.fromisoformat(iso("posted", posted)), author)

    def class_news(self, teacher: Who, class_id: int) -> list[News]:
        """The notes of the teacher's class, latest first; NotYours for another's class."""
        with self._reading() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            return _news(conn, "class_id = ?", class_id)

    def news(self, learner: Who, since: datetime) -> list[News]:
        """The notes posted from ``since`` on to every class the learner is in (as for ``homework``), latest first."""
        with self._reading() as conn:
            return _news(
                conn, f"class_id IN ({IN_USE}) AND posted >= ?", profile_id(conn, learner), iso("since", since)
            )

    def delete_news(self, teacher: Who, class_id: int, number: int) -> None:
        """Take a note off the teacher's class; NotYours for another's class."""
        with self._writing() as conn:
            _own_class(conn, _teacher_id(conn, teacher), class_id)
            conn.execute("DELETE FROM news WHERE id = ? AND class_id = ?", (number, class_id))

    def attempts_since(self, learner: Who, puzzle_ids: tuple[str, ...], since: datetime) -> list[Attempt]:
        """The learner's answers to these puzzles from ``since`` on, oldest first (skips included)."""
        moment = iso("since", since)
        marks = ", ".join("?" * len(puzzle_ids))
        columns, read = READERS["attempts"]
        query = f"SELECT rowid, {columns} FROM attempts WHERE profile_id = ? AND puzzle_id IN ({marks}) AND at >= ?"
        found = []
        with self._reading() as conn:
            for row in conn.execute(query, (profile_id(conn, learner), *puzzle_ids, moment)):
                with suppress(*DAMAGE):
                    found.append(read(row))
        return [attempt for _, attempt in sorted(found, key=lambda a: a[0])]

    def export_profile(self, profile: Who) -> dict[str, Any]:
        """Everything about a profile as plain data ready for JSON, which ``import_profile`` reads back. StoreError
        if the storage is damaged so that some rows could be missed (an index that hides rows): an export never
        holds less than the profile has without saying so."""
        with self._reading() as conn:
            pid = profile_id(conn, profile)
            self._check_whole(conn)
            return exported(conn, pid)

    def import_json(self, text: str | bytes, name: str | None = None, replace_empty: bool = True) -> str:
        """``import_profile`` of an export's JSON text, read safely: ValueError if it is too large, nested too
        deep, or holds NaN, infinities or integers too large to keep."""
        return self.import_profile(parse_export(text), name, replace_empty)

    def import_profile(self, data: dict[str, Any], name: str | None = None, replace_empty: bool = True) -> str:
        """Add the profile of an export, under ``name`` if given, and return its name. With ``replace_empty``, an
        empty profile of that name is replaced, and so is the only profile if it is empty (a fresh install's
        "Player"). Every field is checked before anything is written; a ValueError names the first bad field, or
        the name already taken.

        The rows are written in chunks of ``IMPORT_CHUNK``, so that other tabs' answers wait a moment at most. Until
        the last chunk the profile is hidden and cannot be answered into; an import that fails is removed, and one
        whose process died or failed is removed by the next ``open`` or import, or once its name is asked for."""
        from trainer.progress.export_schema import read_export  # pydantic is loaded for an import only

        imported = read_export(data, lambda exported_name: valid_name(exported_name if name is None else name))

        def made(conn: Statements, importing: str) -> int:
            if replace_empty:
                ids = [pid for (pid,) in conn.execute(f"SELECT id FROM profiles WHERE {_LOCAL_IN_USE}")]
                same = _find_profile(conn, imported.name)
                empty = [
                    pid for pid in ([same] if same is not None else ids if len(ids) == 1 else []) if _empty(conn, pid)
                ]
                conn.executemany("DELETE FROM profiles WHERE id = ?", [(pid,) for pid in empty])
            return insert_profile(conn, imported.name, imported.created, importing=importing)

        self._import(imported, made)
        return imported.name

    def copy_profile(self, data: dict[str, Any], scope: str | None, account: CopiedAccount | None) -> Learner:
        """Add a profile copied from another store: its export ``data`` (every field checked, as an import's) in
        ``scope`` (as ``insert_profile`` takes it), with its account if it has one, written as an import is."""
        from trainer.progress.export_schema import read_export

        imported = read_export(data, valid_name)

        def made(conn: Statements, importing: str) -> int:
            pid = insert_profile(conn, imported.name, imported.created, importing=importing, scope=scope)
            if account is not None:
                issuer, subject, password, teacher, revoked, one_time = account
                subject = str(pid) if issuer == CLASS_ISSUER else subject
                conn.execute(
                    """INSERT INTO accounts (profile_id, issuer, subject, password, teacher, revoked, one_time)
                    VALUES (?, ?, ?, ?, ?, ?, ?)""",
                    (pid, issuer, subject, password, int(teacher), revoked, int(one_time)),
                )
            return pid

        return Learner(self._import(imported, made), imported.name)

    def _import(self, imported: Imported, made: Callable[[Statements, str], int]) -> int:
        """Write the profile of an export into the profile that ``made`` adds, hidden as being imported (``made``
        is given what marks it so), and return its id; if writing fails, the profile is removed, and if even that
        fails, the import is no longer under way, so every app server takes it as dead at once."""
        number = secrets.token_hex(8)
        _IMPORTS_UNDER_WAY.add(number)
        try:
            with self._writing() as conn:
                drop_dead_imports(conn)
                pid = made(conn, importer(number))
                conn.execute(
                    "UPDATE profiles SET rule_set = ?, target = ?, language = ? WHERE id = ?",
                    (*rules_row(imported.rules), imported.language, pid),
                )
            try:
                self._write_progress(pid, imported, number)
            except BaseException:
                with suppress(Exception), self._writing() as conn:
                    conn.execute("DELETE FROM profiles WHERE id = ?", (pid,))
                raise
        finally:
            _IMPORTS_UNDER_WAY.discard(number)
        return pid

    def fill_json(self, text: str | bytes, learner: Who) -> None:
        """Put an export's progress into the learner's own profile, which has none yet, keeping the profile, its
        name and its account (a club's server, where an import makes no profile and names no other). ValueError if
        the file cannot be read, or the profile has progress already; before the file is even read, if the learner
        tried ``IMPORT_TRIES`` imports within ``IMPORT_TRIES_WINDOW`` seconds (each try counts: a large file takes
        the server seconds to check)."""
        from trainer.progress.export_schema import read_export

        now = datetime.now(UTC)
        with self._writing() as conn:
            pid = profile_id(conn, learner)
            _check_no_progress(conn, pid)
            _take_import_try(conn, pid, now)
        imported = read_export(parse_export(text), valid_name)
        with self._writing() as conn:
            pid = profile_id(conn, learner)
            _check_no_progress(conn, pid)  # again: another tab may have filled it meanwhile
            conn.execute(
                "UPDATE profiles SET rule_set = ?, target = ?, language = ? WHERE id = ?",
                (*rules_row(imported.rules), imported.language, pid),
            )
        try:
            self._write_progress(pid, imported)
        except BaseException:
            # the profile had no progress: what the import wrote goes, so that it can be tried again whole
            with suppress(Exception), self._writing() as conn:
                for table in READERS:
                    conn.execute(f"DELETE FROM {table} WHERE profile_id = ?", (pid,))
            raise

    def _write_progress(self, pid: int, imported: Imported, hidden: str | None = None) -> None:
        """Write an export's rows into the profile ``pid``, in chunks of ``IMPORT_CHUNK`` so that other tabs' answers
        wait a moment at most, then its rating; a profile ``hidden`` by an import (its number) is shown at the end,
        and until then each chunk says the import is alive."""
        rows: list[tuple[str, list[tuple[object, ...]]]] = [
            (_INSERT_ATTEMPT, imported.attempts),
            (_SAVE_CARD, imported.cards),
            (_RECORD_BEST, imported.records),
            (_RECORD_STARS, imported.stars),
            (_INSERT_GAME, imported.games),
        ]
        chunks = [
            (statement, values[start : start + IMPORT_CHUNK])
            for statement, values in rows
            for start in range(0, len(values), IMPORT_CHUNK)
        ]
        for number, (statement, chunk) in enumerate(chunks):
            if number:
                between_chunks()
            with self._writing() as conn:
                conn.executemany(statement, [(pid, *row) for row in chunk])
                if hidden is not None:
                    conn.execute("UPDATE profiles SET importing = ? WHERE id = ?", (importer(hidden), pid))
        with self._writing() as conn:
            if imported.rating is not None:
                conn.execute(_SET_RATING, (pid, *imported.rating))
            if imported.place is not None:
                conn.execute(_SET_PLACE, (pid, *imported.place))
            if hidden is not None:
                conn.execute("UPDATE profiles SET importing = NULL WHERE id = ?", (pid,))


def _kept_of(row: tuple[Any, ...]) -> KeptGame:
    """A kept match from its row: its version, then the row as ``game_of`` reads it."""
    version, number, *rest = row
    return KeptGame(number, int_of(version, 1, 2**62), *game_of((number, *rest)))


def sign_in_key(code: str, name: str) -> tuple[str, str]:
    """What a class code and a learner's name are matched by: the code in capitals, the name by its key."""
    return _code_key(code), name_key(name)


#: The longest target of a guess kept: a name or code typed longer is cut (none real is that long).
TARGET_LENGTH = 400


def guess_target(kind: str, *names: str) -> str:
    """What a guess is at, as the failures are counted by: the kind of guess ("class", "join", "teacher") and what
    it names, as a JSON list in ASCII (which two different guesses never share, and any store keeps), cut to
    ``TARGET_LENGTH``."""
    return json.dumps([kind, *names])[:TARGET_LENGTH]


def sign_in_target(code: str, name: str) -> str:
    """What a guess at the password of a class code and name is at: the account they name, if any."""
    return guess_target("class", *sign_in_key(code, name))


def _failures(conn: Statements, where: str, *values: object) -> Failures:
    """The failures ``where`` selects from the moment given last on (seconds since 1970)."""
    count, latest = conn.execute(f"SELECT count(*), max(at) FROM failures WHERE {where} AND at >= ?", values).fetchone()
    return Failures(int(count), float(latest or 0.0))


def _code_key(code: str) -> str:
    return code.strip().upper()


def name_key(name: str) -> str:
    """What two names must share to be one profile: "Ana", "ana" and "Ａna" are one."""
    return unicodedata.normalize("NFKC", name.strip()).casefold()


def _find_profile(conn: Statements, name: str, importing: bool = False, scope: str = "") -> int | None:
    """The id of the profile of that name (up to case and width) in the scope, of this computer's by default, found
    by its key's index; with ``importing``, also one being imported. None for a name no store keeps (with a NUL)."""
    if not keepable(name):
        return None
    query = f"SELECT id FROM profiles WHERE scope = ? AND name_key = ? {'' if importing else 'AND importing IS NULL'}"
    found = conn.execute(query, (scope, name_key(name))).fetchone()
    return None if found is None else int(found[0])


def profile_id(conn: Statements, who: Who) -> int:
    """The row id of a profile in use, by its id or by its name among the profiles of this computer; ProfileGone if
    there is none (deleted, or still being imported)."""
    if isinstance(who, Learner):
        found = conn.execute("SELECT 1 FROM profiles WHERE id = ? AND importing IS NULL", (who.id,)).fetchone()
        if found is None:
            raise ProfileGone(f"profile {who.name!r} is no longer here")
        return who.id
    if (pid := _find_profile(conn, who)) is None:
        raise ProfileGone(f"no profile {reprlib.repr(who)}")
    return pid


def _check_free(conn: Statements, name: str, scope: str | None, own: int | None = None) -> None:
    """ValueError if another profile than ``own`` of the scope has this name, up to case and width (none has a
    scope of NULL: a provider's account). A profile of this computer is told how the other is written, as the
    sidebar lists them all; a class's learner is not."""
    if scope is None or (pid := _find_profile(conn, name, importing=True, scope=scope)) is None or pid == own:
        return
    if scope.startswith("class "):
        raise NameTaken(_TAKEN_IN_CLASS)
    kept, importing = conn.execute("SELECT name, importing FROM profiles WHERE id = ?", (pid,)).fetchone()
    if importing is not None and _import_dead(importing, datetime.now(UTC)):
        conn.execute("DELETE FROM profiles WHERE id = ?", (pid,))  # what a failed import left: the name is free
        return
    if importing is not None:
        raise SaidError(
            said("profile {name} is being imported right now; try again when that import ends", name=repr(kept))
        )
    if kept == name:
        raise NameTaken(said("profile {name} exists", name=repr(name)))
    raise NameTaken(
        said(
            "profile {name} exists as {kept} (names that differ only in case or width are one)",
            name=repr(name),
            kept=repr(kept),
        )
    )


def _check_free_in_class(
    conn: Statements, class_id: int, name: str, own: int | None = None, joining: bool = False
) -> None:
    """NameTaken if a learner of the class other than ``own`` has this name, up to case and width; said without how
    theirs is written, to the teacher adding a learner or (``joining``) to the learner joining."""
    query = "SELECT 1 FROM members JOIN profiles ON id = profile_id WHERE class_id = ? AND name_key = ? AND id <> ?"
    if conn.execute(query, (class_id, name_key(name), -1 if own is None else own)).fetchone():
        if joining:
            raise NameTaken(
                said("a learner of that class has your name already, so you cannot join it: ask its teacher")
            )
        raise NameTaken(_TAKEN_IN_CLASS)


def insert_profile(
    conn: Statements, name: str, created: str, importing: str | None = None, scope: str | None = ""
) -> int:
    """A new profile's id; NameTaken (or ValueError) if another of the scope has the name (this computer's by
    default; none for a provider's account, NULL)."""
    _check_free(conn, name, scope)
    query = "INSERT INTO profiles (name, name_key, created, importing, scope) VALUES (?, ?, ?, ?, ?) RETURNING id"
    return int(conn.execute(query, (name, name_key(name), created, importing, scope)).fetchone()[0])


def _check_no_progress(conn: Statements, pid: int) -> None:
    if _holds_progress(conn, pid):
        raise SaidError(said("your profile has progress already: an import only fills a profile that has none"))


def _take_import_try(conn: Statements, pid: int, now: datetime) -> None:
    """Count an import try of the profile at ``now``, forgetting those older than the window; SaidError, counting
    nothing, if it has ``IMPORT_TRIES`` within it already."""
    conn.execute(
        "DELETE FROM import_tries WHERE profile_id = ? AND at <= ?",
        (pid, iso("since", now - timedelta(seconds=IMPORT_TRIES_WINDOW))),
    )
    tries = [at for (at,) in conn.execute("SELECT at FROM import_tries WHERE profile_id = ? ORDER BY at", (pid,))]
    if len(tries) >= IMPORT_TRIES:
        wait = IMPORT_TRIES_WINDOW - (now - datetime.fromisoformat(tries[0])).total_seconds()
        minutes = max(1, math.ceil(wait / 60))
        raise SaidError(
            said_plural(
                "{most} imports were tried in the last hour, the most allowed: try again in {n} minute",
                "{most} imports were tried in the last hour, the most allowed: try again in {n} minutes",
                minutes,
                most=IMPORT_TRIES,
            )
        )
    conn.execute("INSERT INTO import_tries (profile_id, at) VALUES (?, ?)", (pid, iso("at", now)))


def _teacher_id(conn: Statements, who: Who) -> int:
    """The profile's id if it teaches; NotYours if it does not."""
    pid = profile_id(conn, who)
    if not conn.execute("SELECT 1 FROM accounts WHERE profile_id = ? AND teacher <> 0", (pid,)).fetchone():
        raise NotYours("only a teacher has classes")
    return pid


def _own_class(conn: Statements, teacher_id: int, class_id: int) -> None:
    """NotYours unless this teacher made the class or co-teaches it."""
    if not conn.execute(f"SELECT 1 WHERE ? IN ({_TAUGHT})", (class_id, teacher_id, teacher_id)).fetchone():
        raise NotYours("that class is not yours")


def _made_class(conn: Statements, teacher_id: int, class_id: int) -> None:
    """NotYours unless this teacher made the class (a co-teacher did not)."""
    if not conn.execute("SELECT 1 FROM classes WHERE id = ? AND teacher_id = ?", (class_id, teacher_id)).fetchone():
        raise NotYours("only the teacher who made the class can do that")


def _news(conn: Statements, where: str, *values: object) -> list[News]:
    """The readable notes ``where`` selects, latest first, with their authors' names."""
    query = f"""SELECT news.id, class_id, text, posted, name FROM news LEFT JOIN profiles ON profiles.id = author_id
        WHERE {where} ORDER BY posted DESC, news.id DESC"""
    found = []
    for number, class_id, text, posted, author in conn.execute(query, values):
        with suppress(*DAMAGE):
            found.append(News(int(number), int(class_id), text_of(text), datetime.fromisoformat(posted), author))
    return found


def _end_sessions(conn: Statements, pid: int, keep: str | None = None) -> None:
    """End every session of the profile but the one of ``keep`` (a token's hash), if given."""
    query = "UPDATE sessions SET ended = ? WHERE profile_id = ? AND ended IS NULL AND token_hash <> ?"
    conn.execute(query, (_now(), pid, keep or ""))


def _now() -> str:
    return iso("now", datetime.now(UTC))


def _assignments(conn: Statements, where: str, *values: object, soonest: bool = False) -> list[Assignment]:
    """The readable assignments ``where`` selects, latest due first (``soonest``: the soonest due first), with the
    learners each is for."""
    order = "due, id" if soonest else "due DESC, id DESC"
    query = f"SELECT id, class_id, kind, items, due, created, settings FROM assignments WHERE {where} ORDER BY {order}"
    rows = conn.execute(query, values).fetchall()
    chosen: dict[int, list[int]] = {}
    if rows:
        marks = ", ".join("?" * len(rows))
        query = f"SELECT assignment_id, profile_id FROM assignment_learners WHERE assignment_id IN ({marks})"
        for number, pid in conn.execute(query, [row[0] for row in rows]):
            chosen.setdefault(int(number), []).append(int(pid))
    found = []
    for number, class_id, kind, items, due, created, settings in rows:
        with suppress(*DAMAGE, json.JSONDecodeError, TypeError):
            moments = datetime.fromisoformat(due), datetime.fromisoformat(created)
            made = HomeworkSettings(**json.loads(settings)) if settings is not None else NO_SETTINGS
            learners = tuple(sorted(chosen.get(int(number), ())))
            found.append(
                Assignment(int(number), int(class_id), kind, tuple(json.loads(items)), *moments, made, learners)
            )
    return found


def _set_learners(conn: Statements, number: int, class_id: int, learners: tuple[int, ...]) -> None:
    """The learners (by id) a piece of homework is for, all of the class (none: the whole class); NotYours for one
    who is not in it."""
    conn.execute("DELETE FROM assignment_learners WHERE assignment_id = ?", (number,))
    for pid in sorted(set(learners)):
        if not conn.execute("SELECT 1 FROM members WHERE class_id = ? AND profile_id = ?", (class_id, pid)).fetchone():
            raise NotYours("that learner is not in this class")
        conn.execute("INSERT INTO assignment_learners (assignment_id, profile_id) VALUES (?, ?)", (number, pid))


def _unused_code(conn: Statements, column: str, length: int) -> str:
    """A random code of ``length`` letters that no class has in ``column`` ("code", or "co_code": longer, about 50
    bits, as it lets a teacher into the class)."""
    taken = {code for (code,) in conn.execute(f"SELECT {column} FROM classes WHERE {column} IS NOT NULL")}
    return next(code for code in iter(lambda: "".join(secrets.choice(CODE_LETTERS) for _ in range(length)), None)
                if code not in taken)  # fmt: skip


def between_chunks() -> None:
    """What an import does between two of its chunks (and only there): rest ``IMPORT_PAUSE``, in which another
    tab's write gets in."""
    time.sleep(IMPORT_PAUSE)


def importer(number: str) -> str:
    """Who is importing, and when it last wrote: "<host> <process id> <process start> <import number> <UTC time>"."""
    return (
        f"{socket.gethostname()} {os.getpid()} {_process_start(os.getpid())} {number} {iso('now', datetime.now(UTC))}"
    )


def _process_start(pid: int) -> str:
    """When the process ``pid`` started, as the system tells it (Linux: the boot and the clock tick), so that a
    process of the same id after a restart is another; "-" where it cannot be told."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
        tick = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace").rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return "-"
    return f"{boot}/{tick}"


def drop_dead_imports(conn: Statements) -> None:
    """Remove the profiles of dead imports (``_import_dead``): what a killed or failed import left half-written."""
    now = datetime.now(UTC)
    for pid, importer in conn.execute("SELECT id, importing FROM profiles WHERE importing IS NOT NULL").fetchall():
        if _import_dead(importer, now):
            conn.execute("DELETE FROM profiles WHERE id = ?", (pid,))


def _import_dead(importer: object, now: datetime) -> bool:
    """Whether the import ``importer`` names is dead: it wrote nothing for ``STALE_IMPORT_SECONDS``; or it ran on
    this host, and its process has ended, or was restarted (another process has its id), or is this one and the
    import is no longer under way (it failed)."""
    try:
        host, process, started, number, moment = text_of(importer).split(" ")
        if (now - datetime.fromisoformat(moment)).total_seconds() > STALE_IMPORT_SECONDS:
            return True
        pid = int(process)
    except (ValueError, TypeError, OverflowError):
        return True  # damaged, or written before imports said their process's start: nothing could finish it
    if host != socket.gethostname():
        return False  # its process cannot be looked at: its time alone tells
    if pid == os.getpid():
        return number not in _IMPORTS_UNDER_WAY
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass  # alive, another user's
    except OverflowError:
        return True
    return _process_start(pid) != started


def _empty(conn: Statements, profile_id: int) -> bool:
    """Whether the profile holds no progress at all, and no one signs in to it."""
    return not _holds_progress(conn, profile_id, "accounts")


def _holds_progress(conn: Statements, profile_id: int, *more: str) -> bool:
    """Whether the profile has a row in any table of its progress (or in the tables ``more``)."""
    return any(
        conn.execute(f"SELECT 1 FROM {table} WHERE profile_id = ? LIMIT 1", (profile_id,)).fetchone()
        for table in (*READERS, *more)
    )


def valid_name(name: str) -> str:
    """The profile name trimmed, or a ``SaidError`` (a ValueError) that says why not, for the learner."""
    name = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(name) <= NAME_LENGTH:
        raise SaidError(
            said("name: a profile name has 1 to {most} characters, not {count}", most=NAME_LENGTH, count=len(name))
        )
    if not _NAME_CHARS.fullmatch(name):
        raise SaidError(said("name: {name} may hold only letters, digits, spaces, '-' and '_'", name=repr(name)))
    return name
