"""Copying a whole store into another, with everything a club's server keeps beside the profiles: accounts (their
password hashes, one-time or not, teacher flags and rights to teach taken away), classes and memberships (archived or
not), co-teachers, homework (with its settings and the learners it is for) and class news. Each profile goes through
its export, which checks every field on the way in, and is found again by what names it in both stores (its name, its
account, or its class's code and its name), so a copy run twice copies nothing twice. ``compare`` counts both sides
to check a copy.

Sessions, devices, wrong guesses, import tries and co-teacher codes not yet used are not copied: they are the security
state of the server that made them (who is signed in there, which device it trusts, whom it is slowing down, whom
it has invited), not anyone's progress. Nor are the tables where learners play each other: a match between people is
played on the server that holds it."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal

from trainer.progress.errors import StoreError
from trainer.progress.model import CopiedAccount, Learner
from trainer.progress.rows import READERS, Statements, is_text
from trainer.progress.store import CLASS_ISSUER, ProgressStore, name_key

Kind = Literal["profile", "class", "membership", "co-teacher", "homework", "news"]
CARRIED: tuple[Kind, ...] = ("profile", "class", "membership", "co-teacher", "homework", "news")

_CLASS_SCOPE = re.compile(r"class (\d{1,18})")

#: What a profile is counted by in ``compare``: the rows of each table that holds its own, and then what it has in
#: the tables of a club.
COUNTED = (
    *READERS,
    "accounts",
    "teacher",
    "members",
    "classes",
    "co_teachers",
    "assignments",
    "assignment_learners",
    "news",
)


@dataclass(frozen=True)
class Outcome:
    """What became of one thing a copy carries: copied (``problem`` None), there already, or left, and why."""

    kind: Kind
    what: str
    problem: str | None = None
    already: bool = False


@dataclass(frozen=True)
class _Profile:
    """A profile in use as a copy finds it: its id in its store, its name, its account, and the key that names it in
    any store."""

    id: int
    name: str
    account: CopiedAccount | None
    key: tuple[str, ...]
    class_id: int | None  # a class's learner's class

    @property
    def shown(self) -> str:
        """Its name, and how it signs in if it has an account."""
        if self.account is None:
            return self.name
        if self.account.issuer == CLASS_ISSUER:
            return f"{self.name} (class {self.key[1]})"
        return f"{self.name} (signs in with {self.account.issuer})"


@dataclass(frozen=True)
class _Club:
    """A store's profiles by key, those whose name is damaged, its classes (id: teacher, name, code, created,
    archived), the memberships ((class, profile): archived), the co-teachers (class, profile), the homework (class,
    kind, items, due, created, settings, the learners it is for by id, sorted) and the news (class, author, text,
    posted; by class and time)."""

    profiles: dict[tuple[str, ...], _Profile]
    damaged: list[int]
    classes: dict[int, tuple[int, str, str, str, str | None]]
    members: dict[tuple[int, int], str | None]
    co_teachers: set[tuple[int, int]]
    homework: list[tuple[int, str, str, str, str, str | None, tuple[int, ...]]]
    news: list[tuple[int, int | None, str, str]]

    def by_code(self) -> dict[str, int]:
        return {code: cid for cid, (_, _, code, _, _) in self.classes.items()}

    def shown(self, pid: int) -> str:
        """The profile of that id as a copy shows it."""
        return next((p.shown for p in self.profiles.values() if p.id == pid), f"profile #{pid}")


def _club(conn: Statements) -> _Club:
    """The store's profiles in use and its club's rows, as one transaction sees them."""
    accounts = {
        int(pid): CopiedAccount(issuer, subject, password, bool(teacher), revoked, bool(one_time))
        for pid, issuer, subject, password, teacher, revoked, one_time in conn.execute(
            "SELECT profile_id, issuer, subject, password, teacher, revoked, one_time FROM accounts"
        )
    }
    query = "SELECT id, teacher_id, name, code, created, archived FROM classes"
    classes = {
        int(cid): (int(tid), name, code, created, archived)
        for cid, tid, name, code, created, archived in conn.execute(query)
    }
    query = "SELECT class_id, profile_id, archived FROM members"
    members = {(int(cid), int(pid)): archived for cid, pid, archived in conn.execute(query)}
    co_teachers = {(int(cid), int(pid)) for cid, pid in conn.execute("SELECT class_id, profile_id FROM co_teachers")}
    chosen: dict[int, list[int]] = {}
    for number, pid in conn.execute("SELECT assignment_id, profile_id FROM assignment_learners"):
        chosen.setdefault(int(number), []).append(int(pid))
    query = "SELECT id, class_id, kind, items, due, created, settings FROM assignments"
    homework = [
        (int(cid), kind, items, due, created, settings, tuple(sorted(chosen.get(int(number), ()))))
        for number, cid, kind, items, due, created, settings in conn.execute(query)
    ]
    query = "SELECT class_id, author_id, text, posted FROM news ORDER BY class_id, posted, id"
    news = [
        (int(cid), None if aid is None else int(aid), text, posted) for cid, aid, text, posted in conn.execute(query)
    ]
    profiles: dict[tuple[str, ...], _Profile] = {}
    damaged: list[int] = []
    for pid, name, scope in conn.execute("SELECT id, name, scope FROM profiles WHERE importing IS NULL"):
        account = accounts.get(int(pid))
        in_class = _CLASS_SCOPE.fullmatch(scope) if isinstance(scope, str) else None
        class_id = int(in_class[1]) if in_class else None
        if not is_text(name) or (class_id is not None and class_id not in classes):
            damaged.append(int(pid))
        elif (account is not None and account.issuer == CLASS_ISSUER) != (class_id is not None):
            damaged.append(int(pid))  # a class's learner signs in with its class, and only they do
        else:
            key = _key(name, account, None if class_id is None else classes[class_id][2])
            profiles[key] = _Profile(int(pid), name, account, key, class_id)
    return _Club(profiles, damaged, classes, members, co_teachers, homework, news)


def _key(name: str, account: CopiedAccount | None, code: str | None) -> tuple[str, ...]:
    """What names a profile in any store: its class's code and its name, its provider's account, or its name."""
    if code is not None:
        return ("class", code, name_key(name))
    if account is None:
        return ("profile", name_key(name))
    return ("account", account.issuer, account.subject)


def _read_club(store: ProgressStore) -> _Club:
    with store._reading() as conn:
        return _club(conn)


def copy_store(source: ProgressStore, target: ProgressStore) -> list[Outcome]:
    """Copy every profile of ``source`` that ``target`` lacks, with its accounts, classes, memberships, co-teachers,
    homework and news, and return what became of each: copied, there already (the same profile, account or row, as
    each kind's copy finds it), or left and why (a value the target refuses, another profile of that name there,
    what it belongs to left). Whatever one profile's copy fails on, the others go on. Nothing of ``source``
    changes."""
    given, taken = _read_club(source), _read_club(target)
    outcomes = [Outcome("profile", f"profile #{pid}", "its name or account is damaged") for pid in given.damaged]
    ids: dict[int, int] = {}  # a profile's id in the source: its id in the target
    class_ids: dict[int, int] = {}

    def profiles(in_class: bool) -> None:
        for profile in sorted(given.profiles.values(), key=lambda p: (p.shown.casefold(), p.id)):
            if (profile.class_id is not None) == in_class:
                outcome, copied = _copy_profile(source, target, profile, taken, class_ids)
                outcomes.append(outcome)
                if copied is not None:
                    ids[profile.id] = copied

    profiles(in_class=False)  # a class's teacher before the class, and the class before its learners
    outcomes += _copy_classes(target, given, taken, ids, class_ids)
    profiles(in_class=True)
    outcomes += _copy_members(target, given, taken, ids, class_ids)
    outcomes += _copy_co_teachers(target, given, taken, ids, class_ids)
    outcomes += _copy_homework(target, given, taken, ids, class_ids)
    outcomes += _copy_news(target, given, taken, ids, class_ids)
    return outcomes


def _copy_profile(
    source: ProgressStore, target: ProgressStore, profile: _Profile, taken: _Club, class_ids: dict[int, int]
) -> tuple[Outcome, int | None]:
    """Copy one profile unless the target has it; its outcome, and its id in the target (None if left)."""
    scope = "" if profile.account is None else None  # a profile of a computer's, or a provider's account
    if profile.class_id is not None:
        if profile.class_id not in class_ids:
            return Outcome("profile", profile.shown, f"its class {profile.key[1]} was not copied"), None
        scope = f"class {class_ids[profile.class_id]}"
    there = taken.profiles.get(profile.key)
    try:
        if damaged := source.damaged_rows(_learner(profile)):  # an export would leave them out without a word
            unread = ", ".join(f"{count} in {table}" for table, count in sorted(damaged.items()))
            return Outcome("profile", profile.shown, f"rows it holds cannot be read ({unread})"), None
        data = source.export_profile(_learner(profile))
        if there is not None:
            if _same_account(profile.account, there.account) and target.export_profile(_learner(there)) == data:
                return Outcome("profile", profile.shown, already=True), there.id
            problem = "the target has another profile of that name or account, with other progress or sign-in"
            return Outcome("profile", profile.shown, problem), None
        copied = target.copy_profile(data, scope, profile.account)
    except Exception as error:  # whatever the target refuses (a value it cannot keep, a name taken): the rest goes on
        return Outcome("profile", profile.shown, _reason(error)), None
    return Outcome("profile", profile.shown), copied.id


def _learner(profile: _Profile) -> Learner:
    return Learner(profile.id, profile.name)


def _same_account(one: CopiedAccount | None, other: CopiedAccount | None) -> bool:
    """Whether two accounts are one, a class's learner's subject (its own store's profile id) aside."""
    if one is None or other is None:
        return one is other
    subjects = one.issuer == CLASS_ISSUER or one.subject == other.subject
    return subjects and one._replace(subject="") == other._replace(subject="")


def _copy_classes(
    target: ProgressStore, given: _Club, taken: _Club, ids: dict[int, int], class_ids: dict[int, int]
) -> list[Outcome]:
    """Copy each class whose teacher was copied, archived or not; fill in ``class_ids``. A class is found by its code,
    and is there already with the same teacher and name, archived there or not (its teachers may have archived it
    since, or brought it back)."""
    outcomes = []
    codes = taken.by_code()
    for cid, (teacher, name, code, created, archived) in sorted(given.classes.items()):
        shown = f"{name} ({code})"
        if teacher not in ids:
            outcomes.append(Outcome("class", shown, "its teacher was not copied"))
        elif code in codes:
            same = taken.classes[codes[code]][:2] == (ids[teacher], name)
            if same:
                class_ids[cid] = codes[code]
            outcomes.append(
                Outcome("class", shown, None if same else "the target has another class of that code", same)
            )
        else:
            query = (
                "INSERT INTO classes (teacher_id, name, code, created, archived) VALUES (?, ?, ?, ?, ?) RETURNING id"
            )
            try:
                with target._writing() as conn:
                    row = conn.execute(query, (ids[teacher], name, code, created, archived)).fetchone()
                    class_ids[cid] = int(row[0])
            except Exception as error:  # as for a profile
                outcomes.append(Outcome("class", shown, _reason(error)))
            else:
                outcomes.append(Outcome("class", shown))
    return outcomes


def _copy_members(
    target: ProgressStore, given: _Club, taken: _Club, ids: dict[int, int], class_ids: dict[int, int]
) -> list[Outcome]:
    """Copy each membership whose class and profile were copied, archived or not. One the target has (the same class
    and profile) is there already, archived there or not, as a class is."""
    rows = {link: (archived,) for link, archived in given.members.items()}
    into = "members (class_id, profile_id, archived)"
    return _copy_links(target, "membership", "learner", into, rows, taken.members.keys(), given, ids, class_ids)


def _copy_co_teachers(
    target: ProgressStore, given: _Club, taken: _Club, ids: dict[int, int], class_ids: dict[int, int]
) -> list[Outcome]:
    """Copy each co-teacher of a class whose class and profile were copied."""
    rows = dict.fromkeys(given.co_teachers, ())
    into = "co_teachers (class_id, profile_id)"
    return _copy_links(target, "co-teacher", "co-teacher", into, rows, taken.co_teachers, given, ids, class_ids)


def _copy_links(
    target: ProgressStore,
    kind: Kind,
    role: str,
    into: str,
    rows: Mapping[tuple[int, int], tuple[object, ...]],
    had: Collection[tuple[int, int]],
    given: _Club,
    ids: dict[int, int],
    class_ids: dict[int, int],
) -> list[Outcome]:
    """Copy ``into`` the table and columns given each row that links a class to a profile (its key: the rest of the
    row) whose class and profile (the ``role``) were copied; one the target ``had`` for the same two is there
    already."""
    shown = {profile.id: profile.shown for profile in given.profiles.values()}
    outcomes = []
    for cid, pid in sorted(rows):
        what = f"{shown.get(pid, f'profile #{pid}')} in {given.classes[cid][1]} ({given.classes[cid][2]})"
        if cid not in class_ids or pid not in ids:
            outcomes.append(Outcome(kind, what, f"its class or its {role} was not copied"))
        elif (class_ids[cid], ids[pid]) in had:
            outcomes.append(Outcome(kind, what, already=True))
        else:
            outcomes.append(_insert(target, kind, what, into, class_ids[cid], ids[pid], *rows[cid, pid]))
    return outcomes


def _copy_homework(
    target: ProgressStore, given: _Club, taken: _Club, ids: dict[int, int], class_ids: dict[int, int]
) -> list[Outcome]:
    """Copy each assignment of a copied class with its settings and the learners it is for, all of whom were
    copied (else it is left, not set for the whole class); one the class has with the same kind, items, times,
    settings and learners is there already."""
    had = Counter(taken.homework)
    outcomes = []
    for cid, kind, items, due, created, settings, learners in sorted(given.homework):
        what = f"{kind} homework due {due} in {given.classes[cid][1]} ({given.classes[cid][2]})"
        chosen = tuple(sorted(ids[pid] for pid in learners if pid in ids))
        if cid not in class_ids:
            outcomes.append(Outcome("homework", what, "its class was not copied"))
        elif len(chosen) < len(learners):
            names = ", ".join(given.shown(pid) for pid in learners if pid not in ids)
            outcomes.append(Outcome("homework", what, f"a learner it is for was not copied: {names}"))
        elif had[(row := (class_ids[cid], kind, items, due, created, settings, chosen))]:
            had[row] -= 1
            outcomes.append(Outcome("homework", what, already=True))
        else:
            outcomes.append(_insert_homework(target, what, row))
    return outcomes


def _insert_homework(
    target: ProgressStore, what: str, row: tuple[int, str, str, str, str, str | None, tuple[int, ...]]
) -> Outcome:
    """Insert one assignment and the learners it is for, in one write; its outcome."""
    *columns, learners = row
    query = """INSERT INTO assignments (class_id, kind, items, due, created, settings) VALUES (?, ?, ?, ?, ?, ?)
        RETURNING id"""
    try:
        with target._writing() as conn:
            (number,) = conn.execute(query, columns).fetchone()
            for pid in learners:
                conn.execute("INSERT INTO assignment_learners (assignment_id, profile_id) VALUES (?, ?)", (number, pid))
    except Exception as error:  # as for a profile
        return Outcome("homework", what, _reason(error))
    return Outcome("homework", what)


def _copy_news(
    target: ProgressStore, given: _Club, taken: _Club, ids: dict[int, int], class_ids: dict[int, int]
) -> list[Outcome]:
    """Copy each note of a copied class, by its author if they were copied (else by no one, as a note whose author is
    gone); one the class has with the same text and time is there already."""
    had = Counter((cid, text, posted) for cid, _, text, posted in taken.news)
    outcomes = []
    for cid, author, text, posted in given.news:
        what = f"note posted {posted} in {given.classes[cid][1]} ({given.classes[cid][2]})"
        if cid not in class_ids:
            outcomes.append(Outcome("news", what, "its class was not copied"))
        elif had[(found := (class_ids[cid], text, posted))]:
            had[found] -= 1
            outcomes.append(Outcome("news", what, already=True))
        else:
            author_there = None if author is None else ids.get(author)
            columns = "news (class_id, author_id, text, posted)"
            outcomes.append(_insert(target, "news", what, columns, class_ids[cid], author_there, text, posted))
    return outcomes


def _insert(target: ProgressStore, kind: Kind, what: str, into: str, *values: object) -> Outcome:
    """Insert one row ``into`` the table and columns given; its outcome."""
    try:
        with target._writing() as conn:
            conn.execute(f"INSERT INTO {into} VALUES ({', '.join('?' * len(values))})", values)
    except Exception as error:  # as for a profile
        return Outcome(kind, what, _reason(error))
    return Outcome(kind, what)


def _reason(error: Exception) -> str:
    """Why something was refused, in one line: the store's own words, or the kind of error and its first line."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return text if isinstance(error, ValueError | StoreError) else f"{type(error).__name__}: {text}".rstrip(": ")


def census(store: ProgressStore) -> dict[str, tuple[str, Counter[str]]]:
    """How many rows of each table in ``COUNTED`` each profile in use has, under its key as text: the profile as
    ``copy_store`` shows it, and its counts. A damaged profile is under "profile #<id>"."""
    queries = {table: f"SELECT profile_id, count(*) FROM {table} GROUP BY profile_id" for table in READERS}
    queries |= {
        "accounts": "SELECT profile_id, count(*) FROM accounts GROUP BY profile_id",
        "teacher": "SELECT profile_id, count(*) FROM accounts WHERE teacher <> 0 GROUP BY profile_id",
        "members": "SELECT profile_id, count(*) FROM members GROUP BY profile_id",
        "classes": "SELECT teacher_id, count(*) FROM classes GROUP BY teacher_id",
        "co_teachers": "SELECT profile_id, count(*) FROM co_teachers GROUP BY profile_id",
        "assignments": "SELECT teacher_id, count(*) FROM assignments JOIN classes ON classes.id = class_id"
        " GROUP BY teacher_id",
        "assignment_learners": "SELECT profile_id, count(*) FROM assignment_learners GROUP BY profile_id",
        "news": "SELECT teacher_id, count(*) FROM news JOIN classes ON classes.id = class_id GROUP BY teacher_id",
    }
    counted: dict[int, Counter[str]] = {}
    with store._reading() as conn:
        club = _club(conn)
        for table, query in queries.items():
            for pid, count in conn.execute(query):
                counted.setdefault(int(pid), Counter())[table] = int(count)
    found = {"\0".join(p.key): (p.shown, counted.get(p.id, Counter())) for p in club.profiles.values()}
    return found | {f"profile #{pid}": (f"profile #{pid}", counted.get(pid, Counter())) for pid in club.damaged}


def compare(source: ProgressStore, target: ProgressStore) -> tuple[list[str], bool]:
    """Both sides of a copy counted: a line for each profile counted otherwise in the target or missing from it,
    then for each table (its rows in the profiles of the source, and in those profiles in the target), and whether
    they differ anywhere. A profile only the target has is listed, but is no difference."""
    given, taken = census(source), census(target)
    lines, differ = [], False
    totals = {table: [0, 0] for table in COUNTED}
    for key, (shown, counts) in sorted(given.items(), key=lambda item: item[1][0].casefold()):
        there = taken[key][1] if key in taken else None
        for table in COUNTED:
            totals[table][0] += counts[table]
            totals[table][1] += there[table] if there is not None else 0
        if there is None:
            lines.append(f"{shown}: not in the target")
            differ = True
        elif unequal := [table for table in COUNTED if counts[table] != there[table]]:
            lines.append(f"{shown}: " + ", ".join(f"{t} {counts[t]} here, {there[t]} there" for t in unequal))
            differ = True
    lines += [f"{taken[key][0]}: only in the target" for key in sorted(taken.keys() - given.keys())]
    lines += [f"{table}: {here} in the source, {there} in the target" for table, (here, there) in totals.items()]
    return lines, differ
