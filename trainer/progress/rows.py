"""The store's rows read back: what a connection is asked (``Statements``), each table's reader, which refuses a
damaged value, and the rows an answer, a match's summary and an export are written as. A damaged row is left out
of every read, and found and set aside by the damage scan."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import reprlib
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from datetime import datetime
from typing import Any, NamedTuple, Protocol, TypeVar

from trainer.ids import id_of
from trainer.progress.checks import MOST_STAGE, SECONDS_KEPT, check_card, check_rating, int_of, iso
from trainer.progress.model import Attempt, GameSummary


class Statements(Protocol):
    """What the store asks of a database connection: SQL with ``?`` for each value, as sqlite3 takes it."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any: ...


T = TypeVar("T")

GAME_FIELDS = [field.name for field in dataclasses.fields(GameSummary)]
ATTEMPT_FIELDS = [field.name for field in dataclasses.fields(Attempt)]
ATTEMPT_COLUMNS = ", ".join(ATTEMPT_FIELDS)

_NOT_KEPT = re.compile("[\x00\ud800-\udfff]")


def is_text(value: object) -> bool:
    """A string as both stores keep text: no NUL, and no lone surrogate (what undecodable bytes become); searched
    in C, as records run to kilobytes."""
    return isinstance(value, str) and _NOT_KEPT.search(value) is None


def text_of(value: object) -> str:
    if not is_text(value):
        raise ValueError(f"{reprlib.repr(value)} is not text")
    return str(value)


def real_of(value: object) -> float:
    if not isinstance(value, float | int) or not math.isfinite(value):
        raise ValueError(f"{reprlib.repr(value)} is not a finite number")
    return float(value)


def moment_of(value: object) -> datetime:
    moment = datetime.fromisoformat(text_of(value))
    iso("time", moment)
    return moment


def _attempt_of(row: tuple[Any, ...]) -> tuple[tuple[datetime, int], Attempt]:
    """An attempt row (row id first) as its sort key and its Attempt; ValueError if a value is damaged."""
    fields = dict(zip(ATTEMPT_FIELDS, row[1:], strict=True))
    rating_after, rd_after = fields.pop("rating_after"), fields.pop("rd_after")
    at = moment_of(fields.pop("at"))
    attempt = Attempt(
        **{key: text_of(fields[key]) for key in ("puzzle_id", "kind", "mode", "answer")},
        level=int_of(fields["level"], 0, 2**31),
        themes=tuple(text_of(fields["themes"]).split()),
        correct=bool(int_of(fields["correct"], 0, 1)),
        seconds=real_of(fields["seconds"]),
        hints=int_of(fields["hints"], 0, 2**31),
        skipped=bool(int_of(fields["skipped"], 0, 1)),
        at=at,
        rating_after=None if rating_after is None else real_of(rating_after),
        rd_after=None if rd_after is None else real_of(rd_after),
    )
    return (at, int_of(row[0], 0, 2**63 - 1)), attempt


def _rating_of(row: tuple[Any, ...]) -> tuple[float, float, float]:
    return check_rating("", real_of(row[1]), real_of(row[2]), real_of(row[3]))


def _card_of(row: tuple[Any, ...]) -> tuple[str, str, datetime]:
    return text_of(row[1]), check_card("card_json", text_of(row[2])), moment_of(row[3])


def _record_of(row: tuple[Any, ...]) -> tuple[str, int]:
    return text_of(row[1]), int_of(row[2], -(2**63), 2**63 - 1)


def _stars_of(row: tuple[Any, ...]) -> tuple[str, int]:
    return text_of(row[1]), int_of(row[2], 1, 3)


def _place_of(row: tuple[Any, ...]) -> tuple[str, int]:
    """A course place as an import takes it back: a level's id and a stage."""
    return id_of(text_of(row[1])), int_of(row[2], 0, MOST_STAGE)


def summary_of(row: tuple[Any, ...]) -> GameSummary:
    """A game's summary from its row (row id first, then the summary's fields)."""
    fields = dict(zip(GAME_FIELDS, row[1:], strict=True))
    return GameSummary(
        played_at=moment_of(fields["played_at"]),
        level=text_of(fields["level"]),
        players=fields["players"],  # the counts and totals are checked by GameSummary itself
        points=fields["points"],
        against=fields["against"],
        over=bool(int_of(fields["over"], 0, 1)),
        decisions=fields["decisions"],
        lost=real_of(fields["lost"]),
        won=bool(int_of(fields["won"], 0, 1)),
        luck=None if fields["luck"] is None else real_of(fields["luck"]),
    )


def game_of(row: tuple[Any, ...]) -> tuple[GameSummary, dict[str, Any]]:
    """A game's summary and record from its row (row id first, then the summary's fields, then the record)."""
    summary = summary_of(row[:-1])
    record = json.loads(text_of(row[-1]))
    if not isinstance(record, dict):
        raise ValueError("a game record is a JSON object")
    return summary, record


def game_row(g: GameSummary) -> tuple[object, ...]:
    moment = iso("played_at", g.played_at)
    return (moment, g.level, g.players, g.points, g.against, int(g.over), g.decisions, g.lost, int(g.won), g.luck)


#: Each table a profile's progress is read from: its columns (after the row id) and what makes a row of them.
READERS: dict[str, tuple[str, Callable[[tuple[Any, ...]], Any]]] = {
    "attempts": (ATTEMPT_COLUMNS, _attempt_of),
    "ratings": ("rating, rd, vol", _rating_of),
    "review_cards": ("puzzle_id, card_json, due", _card_of),
    "records": ("mode, best", _record_of),
    "stars": ("level_id, stars", _stars_of),
    "places": ("level_id, stage", _place_of),
    "games": (", ".join([*GAME_FIELDS, "record"]), game_of),
}


#: What reading a damaged row raises.
DAMAGE = (ValueError, TypeError, KeyError, OverflowError, RecursionError)


def read_rows(conn: Statements, table: str, profile_id: int) -> list[Any]:
    """The profile's readable rows of ``table``, made into values; damaged ones are left out."""
    columns, read = READERS[table]
    good = []
    for row in conn.execute(f"SELECT rowid, {columns} FROM {table} WHERE profile_id = ?", (profile_id,)):
        with suppress(*DAMAGE):
            good.append(read(row))
    return good


def damaged_in(conn: Statements, table: str, profile_id: int, sound: str | None = None) -> list[tuple[Any, ...]]:
    """The profile's rows of ``table`` that hold a damaged value: each is read, except those the database vouches
    for by the SQL condition ``sound``."""
    columns, read = READERS[table]
    unsure = f" AND NOT coalesce(({sound}), false)" if sound else ""
    damaged = []
    for row in conn.execute(f"SELECT rowid, {columns} FROM {table} WHERE profile_id = ?{unsure}", (profile_id,)):
        try:
            read(row)
        except DAMAGE:
            damaged.append(row)
    return damaged


class Damage(NamedTuple):
    """A profile's damaged rows: as a JSON file or record keeps them, and by table."""

    shown: dict[str, Any]
    rows: dict[str, list[tuple[Any, ...]]]

    def delete(self, conn: Statements) -> None:
        for table, rows in self.rows.items():
            conn.executemany(f"DELETE FROM {table} WHERE rowid = ?", [(row[0],) for row in rows])


def find_damage(conn: Statements, profile_id: int, sound: dict[str, str]) -> Damage | None:
    """The profile's damaged rows (see ``damaged_in``), with its name, each value as JSON can hold it (text as Python
    shows it, bytes in hex); None if there are none."""
    damaged = {table: rows for table in READERS if (rows := damaged_in(conn, table, profile_id, sound.get(table)))}
    if not damaged:
        return None
    shown = {table: [[_shown(value) for value in row] for row in rows] for table, rows in damaged.items()}
    (name,) = conn.execute("SELECT name FROM profiles WHERE id = ?", (profile_id,)).fetchone()
    return Damage({"profile": name, "rows": shown}, damaged)


def _shown(value: object) -> object:
    """A value of a damaged row as JSON can hold it."""
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, str) and not is_text(value):
        return repr(value.encode("utf-8", "surrogateescape"))
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    return value


def select_attempts(conn: Statements, profile_id: int, limit: int | None) -> list[Attempt]:
    """The latest ``limit`` readable attempts (all without it), oldest first; damaged ones are skipped. With a limit,
    a long history costs no more than a short one (``first_readable``)."""
    columns, read = READERS["attempts"]
    if limit is None:
        good = read_rows(conn, "attempts", profile_id)
    else:
        query = f"SELECT rowid, {columns} FROM attempts WHERE profile_id = ? ORDER BY at DESC, rowid DESC"
        good = first_readable(conn, query, (profile_id,), read, limit)
    return [attempt for _, attempt in sorted(good, key=lambda a: a[0])]  # by time, then by row id


def first_readable(
    conn: Statements, query: str, values: tuple[object, ...], read: Callable[[tuple[Any, ...]], T], limit: int
) -> list[T]:
    """The first ``limit`` rows of ``query`` (ordered) that ``read`` takes, made into values; damaged ones are
    skipped. The database sends only the rows needed (LIMIT), and more only in place of damaged ones."""
    good: list[T] = []
    offset = 0
    while (wanted := limit - len(good)) > 0:
        rows = conn.execute(f"{query} LIMIT ? OFFSET ?", (*values, wanted, offset)).fetchall()
        offset += len(rows)
        for row in rows:
            with suppress(*DAMAGE):
                good.append(read(row))
        if len(rows) < wanted:
            break
    return good


def attempt_row(a: Attempt) -> tuple[object, ...]:
    """The row of an attempt: its fields in order, with the themes as one text and the time as UTC text."""
    return tuple(attempt_data(a, " ".join(a.themes)).values())


def attempt_data(a: Attempt, themes: object) -> dict[str, object]:
    """An attempt's fields as kept and exported: the themes as given, the time as UTC text, at most a day's seconds."""
    return {**dataclasses.asdict(a), "themes": themes, "at": iso("at", a.at), "seconds": min(a.seconds, SECONDS_KEPT)}
