"""Tables where the learners of a class play each other, as the store keeps them (``schema.SHARED_TABLES``): who
opened each, in which class, with what settings, who sits or is invited at each seat, and the match once it starts.

A learner sees the tables of the classes they are in (neither archived nor put aside there), and acts at one only
from a seat of their own. Every change adds 1 to the table's version, which each player's page polls to see a move
within a second; a save of the match names the version it went on from, so two pages never write over each other's
move (``StaleTable``). What the match is, and how a play changes it, is ``trainer.ai.shared``'s; this module keeps
rows.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from trainer.ai.bots import LEVELS
from trainer.profile import PROFILES, RuleProfile
from trainer.progress.checks import iso
from trainer.progress.errors import NotYours
from trainer.progress.model import Who
from trainer.progress.rows import Statements
from trainer.text import SaidError, said

#: The classes a learner is in, neither archived nor put aside in them: those they play in, and whose homework and
#: news they get (``store``).
IN_USE = """SELECT class_id FROM members JOIN classes ON classes.id = class_id
    WHERE profile_id = ? AND members.archived IS NULL AND classes.archived IS NULL"""
_TABLE_COLUMNS = "t.id, t.class_id, c.name, t.settings, t.state, t.version, t.over, t.created"


class StaleTable(ValueError):
    """A save of a shared match that went on without it (another player's page saved first): nothing was written."""


@dataclass(frozen=True)
class TableSettings:
    """How a shared table plays: its rule set (by name) and the target it allows that the match is played to, how
    many seats, and the computer's strength at the seats no person takes."""

    rules: str
    target: int
    players: int
    level: str

    def __post_init__(self) -> None:
        if self.rules not in PROFILES:
            raise ValueError(f"no rule set {self.rules!r}")
        self.profile.with_options(target=self.target)  # refuses a target the rules do not allow
        if self.players not in self.profile.players:
            raise ValueError(f"the {self.rules} rules are not played by {self.players} players")
        if self.level not in LEVELS:
            raise ValueError(f"no computer strength {self.level!r}")

    @property
    def profile(self) -> RuleProfile:
        """The rule set, at the table's target."""
        return PROFILES[self.rules].with_options(target=self.target)

    def text(self) -> str:
        return json.dumps({"rules": self.rules, "target": self.target, "players": self.players, "level": self.level})

    @classmethod
    def of(cls, text: str) -> TableSettings:
        """The settings kept as ``text``; ValueError if they are not settings this program plays."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("table settings are not an object")
        return cls(str(data.get("rules")), int(data["target"]), int(data["players"]), str(data.get("level")))


@dataclass(frozen=True)
class TableSeat:
    """A match seat held at a table: by whom (profile id and name), whether they have sat down (False: invited),
    when their page last showed the table (seconds since 1970), and how many deals' ends they have read."""

    seat: int
    profile_id: int
    name: str
    joined: bool
    seen: float | None
    ready: int


@dataclass(frozen=True)
class SharedTable:
    """A table of a class as it stands: its number, its class, its settings, its seats held, the match once it has
    started (``SharedMatch`` as JSON, ``trainer.progress.table_play``), its version, whether the match is over, and
    when it was opened."""

    id: int
    class_id: int
    class_name: str
    settings: TableSettings
    seats: tuple[TableSeat, ...]
    state: str | None
    version: int
    over: bool
    created: datetime

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def host(self) -> TableSeat | None:
        """The seat of the learner who opened the table (match seat 0)."""
        return self.seat_at(0)

    def seat_at(self, seat: int) -> TableSeat | None:
        return next((held for held in self.seats if held.seat == seat), None)

    def seat_of(self, profile_id: int) -> TableSeat | None:
        """The seat ``profile_id`` holds here, if any."""
        return next((held for held in self.seats if held.profile_id == profile_id), None)

    @property
    def free(self) -> list[int]:
        """The match seats nobody holds, in order."""
        return [seat for seat in range(self.settings.players) if self.seat_at(seat) is None]


class TableStore(ABC):
    """The shared tables of a store (``ProgressStore`` is one)."""

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Statements]: ...

    @abstractmethod
    def _writing(self) -> AbstractContextManager[Statements]: ...

    @abstractmethod
    def _profile_id(self, conn: Statements, who: Who) -> int:
        """The row id of a profile in use (``store.profile_id``)."""

    def classmates(self, learner: Who) -> list[tuple[int, str, list[tuple[int, str]]]]:
        """Each class the learner plays in (its number and name) with its other learners in use (number and name),
        by name: whom they may invite."""
        query = f"""SELECT c.id, c.name, p.id, p.name FROM classes c JOIN members m ON m.class_id = c.id
            JOIN profiles p ON p.id = m.profile_id
            WHERE c.id IN ({IN_USE}) AND m.archived IS NULL AND p.id <> ? ORDER BY c.id, p.name_key"""
        found: dict[tuple[int, str], list[tuple[int, str]]] = {}
        with self._reading() as conn:
            pid = self._profile_id(conn, learner)
            classes = f"SELECT id, name FROM classes WHERE id IN ({IN_USE}) ORDER BY id"
            for cid, cname in conn.execute(classes, (pid,)):
                found[(int(cid), cname)] = []
            for cid, cname, other, name in conn.execute(query, (pid, pid)):
                found[(int(cid), cname)].append((int(other), name))
        return [(cid, cname, people) for (cid, cname), people in found.items()]

    def open_table(self, host: Who, class_id: int, settings: TableSettings, invited: int | None = None) -> SharedTable:
        """A new table in one of the host's classes, the host at match seat 0 and a classmate ``invited`` (by profile
        number) held seat 1; a table of the host's not yet started is closed first (one waits for others at a time).
        NotYours for a class the host does not play in, or a learner not of that class."""
        now = iso("opened", datetime.now(UTC))
        with self._writing() as conn:
            pid = self._profile_id(conn, host)
            _plays_in(conn, pid, class_id)
            if invited is not None and (invited == pid or not _in_class(conn, invited, class_id)):
                raise NotYours("that learner is not in this class")
            conn.execute(
                """DELETE FROM shared_tables WHERE state IS NULL
                AND id IN (SELECT table_id FROM shared_seats WHERE profile_id = ? AND seat = 0)""",
                (pid,),
            )
            (number,) = conn.execute(
                "INSERT INTO shared_tables (class_id, settings, created, changed) VALUES (?, ?, ?, ?) RETURNING id",
                (class_id, settings.text(), now, now),
            ).fetchone()
            add = "INSERT INTO shared_seats (table_id, seat, profile_id, joined) VALUES (?, ?, ?, ?)"
            conn.execute(add, (number, 0, pid, 1))
            if invited is not None:
                conn.execute(add, (number, 1, invited, 0))
            return _table(conn, int(number))

    def tables(self, learner: Who) -> list[SharedTable]:
        """The tables the learner may go to, oldest first: those not over of the classes they play in that have not
        started or where they hold a seat, and any where they sit whose match is over but was changed in the last
        day (to read its end)."""
        mine = "SELECT table_id FROM shared_seats WHERE profile_id = ?"
        query = f"""SELECT id FROM shared_tables WHERE class_id IN ({IN_USE})
            AND ((over = 0 AND (state IS NULL OR id IN ({mine}))) OR (over = 1 AND changed >= ? AND id IN ({mine})))
            ORDER BY id"""
        since = iso("since", datetime.fromtimestamp(datetime.now(UTC).timestamp() - 86_400, UTC))
        with self._reading() as conn:
            pid = self._profile_id(conn, learner)
            numbers = [int(n) for (n,) in conn.execute(query, (pid, pid, since, pid))]
            return [_table(conn, number) for number in numbers]

    def table(self, learner: Who, number: int) -> SharedTable:
        """A table the learner may see (as ``tables``, or one where they sit); NotYours for any other."""
        with self._reading() as conn:
            pid = self._profile_id(conn, learner)
            found = conn.execute(
                f"""SELECT 1 FROM shared_tables WHERE id = ? AND (class_id IN ({IN_USE})
                OR id IN (SELECT table_id FROM shared_seats WHERE profile_id = ?))""",
                (number, pid, pid),
            ).fetchone()
            if found is None:
                raise NotYours("that table is not in your classes")
            return _table(conn, number)

    def table_version(self, number: int) -> int | None:
        """The version of a table, which every change raises: what a player's page polls (None once it is gone)."""
        with self._reading() as conn:
            found = conn.execute("SELECT version FROM shared_tables WHERE id = ?", (number,)).fetchone()
        return None if found is None else int(found[0])

    def sit(self, learner: Who, number: int, seat: int) -> None:
        """The learner sits at a free seat of a table not yet started, or at the one held for them (or moves to a free
        one from another); ValueError if the match has started or the seat is taken."""
        with self._writing() as conn:
            pid = self._profile_id(conn, learner)
            table = self._visible(conn, pid, number)
            if table.started:
                raise SaidError(said("this match has started: only its players sit at it"))
            held = table.seat_at(seat)
            if not 0 <= seat < table.settings.players or (held is not None and held.profile_id != pid):
                raise SaidError(said("that seat has just been taken: choose another"))
            conn.execute("DELETE FROM shared_seats WHERE table_id = ? AND profile_id = ?", (number, pid))
            conn.execute(
                "INSERT INTO shared_seats (table_id, seat, profile_id, joined) VALUES (?, ?, ?, 1)", (number, seat, pid)
            )
            _changed(conn, number)

    def stand_up(self, learner: Who, number: int) -> None:
        """The learner leaves a table not yet started, or turns its invitation down; the host's leaving closes it.
        Nothing for a table they hold no seat at."""
        with self._writing() as conn:
            pid = self._profile_id(conn, learner)
            held = conn.execute(
                """SELECT seat FROM shared_seats JOIN shared_tables ON id = table_id
                WHERE table_id = ? AND profile_id = ? AND state IS NULL""",
                (number, pid),
            ).fetchone()
            if held is None:
                return
            if int(held[0]) == 0:
                conn.execute("DELETE FROM shared_tables WHERE id = ?", (number,))
                return
            conn.execute("DELETE FROM shared_seats WHERE table_id = ? AND profile_id = ?", (number, pid))
            _changed(conn, number)

    def save_table(
        self, learner: Who, number: int, version: int, state: str, over: bool, ready: int | None = None
    ) -> int:
        """Keep the match of a table as it went on from ``version`` (the first save starts it, and lets go of the
        seats held for anyone who did not sit down), with the learner's deals read (``ready``) if given; returns the
        new version. NotYours unless the learner sits there; ``StaleTable``, writing nothing, if the table is no
        longer at ``version``."""
        with self._writing() as conn:
            pid = self._profile_id(conn, learner)
            if not conn.execute(
                "SELECT 1 FROM shared_seats WHERE table_id = ? AND profile_id = ? AND joined = 1", (number, pid)
            ).fetchone():
                raise NotYours("you do not sit at that table")
            changed = conn.execute(
                """UPDATE shared_tables SET state = ?, over = ?, version = version + 1, changed = ?
                WHERE id = ? AND version = ?""",
                (state, int(over), iso("changed", datetime.now(UTC)), number, version),
            )
            if not changed.rowcount:
                raise StaleTable(f"table {number} was changed since version {version}")
            conn.execute("DELETE FROM shared_seats WHERE table_id = ? AND joined = 0", (number,))
            if ready is not None:
                conn.execute(
                    "UPDATE shared_seats SET ready = ? WHERE table_id = ? AND profile_id = ?", (ready, number, pid)
                )
            return version + 1

    def seen_at_table(self, learner: Who, number: int, at: float) -> None:
        """When the learner's page last showed the table (seconds since 1970): how the others know they are there. It
        changes no version, so no page draws itself again for it."""
        with self._writing() as conn:
            conn.execute(
                "UPDATE shared_seats SET seen = ? WHERE table_id = ? AND profile_id = ?",
                (at, number, self._profile_id(conn, learner)),
            )

    def _visible(self, conn: Statements, pid: int, number: int) -> SharedTable:
        """The table, if it is in a class the learner plays in; NotYours otherwise."""
        found = conn.execute(
            f"SELECT 1 FROM shared_tables WHERE id = ? AND class_id IN ({IN_USE})", (number, pid)
        ).fetchone()
        if found is None:
            raise NotYours("that table is not in your classes")
        return _table(conn, number)


def _plays_in(conn: Statements, pid: int, class_id: int) -> None:
    if not _in_class(conn, pid, class_id):
        raise NotYours("you do not play in that class")


def _in_class(conn: Statements, pid: int, class_id: int) -> bool:
    return conn.execute(f"SELECT 1 WHERE ? IN ({IN_USE})", (class_id, pid)).fetchone() is not None


def _changed(conn: Statements, number: int) -> None:
    conn.execute(
        "UPDATE shared_tables SET version = version + 1, changed = ? WHERE id = ?",
        (iso("changed", datetime.now(UTC)), number),
    )


def _table(conn: Statements, number: int) -> SharedTable:
    row: Any = conn.execute(
        f"SELECT {_TABLE_COLUMNS} FROM shared_tables t JOIN classes c ON c.id = t.class_id WHERE t.id = ?", (number,)
    ).fetchone()
    if row is None:
        raise NotYours("that table is gone")
    seats = tuple(
        TableSeat(int(seat), int(pid), name, bool(joined), None if seen is None else float(seen), int(ready))
        for seat, pid, name, joined, seen, ready in conn.execute(
            """SELECT seat, profile_id, name, joined, seen, ready FROM shared_seats JOIN profiles ON id = profile_id
            WHERE table_id = ? ORDER BY seat""",
            (number,),
        )
    )
    tid, cid, cname, settings, state, version, over, created = row
    return SharedTable(
        int(tid), int(cid), cname, TableSettings.of(settings), seats, state, int(version), bool(over),
        datetime.fromisoformat(created),
    )  # fmt: skip
