"""The progress store: what it keeps, what it refuses, and that it keeps it through crashes and rivals."""

import copy
import dataclasses
import json
import multiprocessing
import random
import signal
import sqlite3
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import platformdirs
import psycopg
import pytest
from store_kit import edit, kill_once_started

from trainer.progress import postgres
from trainer.progress import store as store_module
from trainer.progress.errors import ProfileGone, StoreError
from trainer.progress.model import Attempt, Learner
from trainer.progress.schema import MIGRATIONS, SCHEMA_VERSION
from trainer.progress.sqlite import DB_NAME, ENV_VAR, Store, data_dir
from trainer.progress.stores import is_url, open_store

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
MISSING = object()


def card(n: int) -> str:
    """The JSON of a review card as the scheduler writes it, told apart by ``n``."""
    return json.dumps(
        {
            "card_id": n,
            "state": 1,
            "step": 0,
            "stability": None,
            "difficulty": None,
            "due": "2025-03-01T12:00:00+00:00",
            "last_review": None,
        }
    )


def attempt(i: int) -> Attempt:
    """The i-th attempt of a made-up session, every field varying with i."""
    return Attempt(
        puzzle_id=f"p{i}",
        kind=("capture", "choose", "setenta")[i % 3],
        level=1 + i % 5,
        themes=(("sum", "escoba"), (), ("setenta",))[i % 3],
        mode=("drill", "streak", "rush")[i % 3],
        answer=f"7♦ takes A♣ 7♠ #{i}",
        correct=i % 2 == 0,
        seconds=1.25 + i,
        hints=i % 3,
        skipped=i % 7 == 0,
        at=T0 + timedelta(seconds=i),
        rating_after=None if i % 4 == 0 else 1500.5 + i,
        rd_after=None if i % 4 == 0 else 200.25 - i,
    )


def fill(store: Store, profile: str) -> None:
    """Give a profile some of everything."""
    for i in range(12):
        store.record_attempt(profile, attempt(i))
    store.set_rating(profile, 1623.5, 87.25, 0.06)
    store.save_review_card(profile, "p1", card(1), T0)
    store.save_review_card(profile, "p2", card(2), T0 + timedelta(days=3))
    store.record_best(profile, "streak", 9)
    store.record_best(profile, "rush", 23)


# The folder and the file


def test_the_first_run_creates_the_folder_and_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "folder"
    with Store.open(folder) as store:
        assert store.path == folder / DB_NAME
        assert store.path.is_file()
        assert store.profiles() == []
    conn = sqlite3.connect(folder / DB_NAME)
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    ours = {"profiles", "attempts", "ratings", "review_cards", "records", "stars", "places", "games", "accounts"}
    ours |= {"classes", "members", "assignments", "failures", "devices", "sessions", "import_tries"}
    ours |= {"row_counts"}  # each profile's rows counted beside them
    ours |= {"co_teachers", "news", "assignment_learners"}  # a class run for a term
    ours |= {"shared_tables", "shared_seats"}  # learners of a class playing each other
    assert tables == ours | {"sqlite_sequence"}  # SQLite's own, where it keeps the last profile id given
    conn.close()


def test_data_dir_takes_the_override_then_the_environment_then_the_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def user_data_dir(appname: str) -> str:
        asked.append(appname)
        return str(tmp_path / "default")

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert data_dir() == tmp_path / "default"
    assert asked == ["escoba-trainer"]
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert data_dir() == tmp_path / "env"
    assert data_dir(tmp_path / "override") == tmp_path / "override"
    assert data_dir(str(tmp_path / "text")) == tmp_path / "text"
    assert all((tmp_path / name).is_dir() for name in ("default", "env", "override", "text"))


def test_open_without_a_folder_uses_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "from-env"))
    with Store.open() as store:
        assert store.path == tmp_path / "from-env" / DB_NAME


# Profiles


def test_profiles_are_created_listed_and_deleted_with_all_their_progress(store: Store) -> None:
    store.create_profile("  bea ")
    store.create_profile("José María")
    store.create_profile("x" * 40)
    store.create_profile("team-2_b")
    assert store.profiles() == ["Ana", "bea", "José María", "team-2_b", "x" * 40]
    fill(store, "bea")
    store.delete_profile("bea")
    assert "bea" not in store.profiles()
    store.create_profile("bea")
    assert store.attempts("bea") == []
    assert store.get_rating("bea") is None
    assert store.review_cards("bea") == {}
    assert store.best("bea", "streak") is None
    with pytest.raises(ValueError, match="no profile 'nobody'"):
        store.delete_profile("nobody")


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "a/b", "semi;colon", "tab\there", "two\nlines", "ok!"])
def test_bad_profile_names_are_refused(store: Store, name: str) -> None:
    with pytest.raises(ValueError, match=r"^name: "):
        store.create_profile(name)
    assert store.profiles() == ["Ana"]


def test_a_taken_name_is_refused(store: Store) -> None:
    for name in ("Ana", " Ana "):
        with pytest.raises(ValueError, match="profile 'Ana' exists"):
            store.create_profile(name)
    assert store.profiles() == ["Ana"]


def test_an_unknown_profile_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="no profile 'Eva'"):
        store.record_attempt("Eva", attempt(0))
    with pytest.raises(ValueError, match="no profile 'Eva'"):
        store.attempts("Eva")


def test_a_learner_keeps_its_profile_through_a_rename_and_writes_nowhere_once_it_is_deleted(store: Store) -> None:
    ana = store.learner("Ana")
    assert ana is not None and ana.name == "Ana"
    store.rename_profile("Ana", "Anabel")
    store.record_attempt(ana, attempt(0))  # the same row, under its new name
    assert store.learner(ana) == Learner(ana.id, "Anabel")
    assert len(store.attempts("Anabel")) == 1
    store.delete_profile(ana)
    again = store.create_profile("Anabel")  # a new profile under the old name is another learner
    with pytest.raises(ProfileGone, match="'Ana' is no longer here"):
        store.record_attempt(ana, attempt(1))
    assert store.learner(ana) is None
    assert store.attempts(again) == []


def test_a_name_finds_its_learner_by_the_stores_own_key(store: Store) -> None:
    store.create_profile("Bea")
    bea = store.learner("Bea")
    assert bea is not None
    assert [store.learner(name) for name in ("bea", "ＢＥＡ", " Bea ")] == [bea] * 3
    assert store.learner("Eva") is None and store.learner("x" * 100_000) is None
    assert store.learners() == [store.learner("Ana"), bea]


# Attempts


def test_attempts_come_back_field_for_field_oldest_first(store: Store) -> None:
    made = [attempt(i) for i in range(10)]
    for i in (5, 0, 9, 2, 7, 1, 8, 3, 6, 4):  # saved out of order: order is by time
        store.record_attempt("Ana", made[i])
    assert store.attempts("Ana") == made


def test_an_attempt_in_another_time_zone_comes_back_as_the_same_moment(store: Store) -> None:
    madrid = attempt(1)
    madrid = dataclasses.replace(madrid, at=madrid.at.astimezone(timezone(timedelta(hours=2))))
    store.record_attempt("Ana", madrid)
    [back] = store.attempts("Ana")
    assert back == madrid
    assert back.at.tzinfo == UTC


def test_a_limit_keeps_the_latest_attempts(store: Store) -> None:
    for i in range(6):
        store.record_attempt("Ana", attempt(i))
    assert store.attempts("Ana", limit=3) == [attempt(3), attempt(4), attempt(5)]
    assert store.attempts("Ana", limit=0) == []
    assert store.attempts("Ana", limit=99) == [attempt(i) for i in range(6)]
    with pytest.raises(ValueError, match="limit"):
        store.attempts("Ana", limit=-1)
    edit(store, "UPDATE attempts SET level = 0 WHERE puzzle_id IN ('p4', 'p5')")  # damaged: read past, as everywhere
    assert store.attempts("Ana", limit=3) == [attempt(1), attempt(2), attempt(3)]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"themes": ("two words",)}, "themes"),
        ({"themes": ("",)}, "themes"),
        ({"at": datetime(2025, 3, 1, 12, 0)}, "at"),
        ({"seconds": float("nan")}, "seconds"),
        ({"rating_after": float("inf")}, "rating_after"),
    ],
)
def test_an_attempt_that_would_not_come_back_unchanged_is_refused(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(ValueError, match=rf"^{field}: "):
        dataclasses.replace(attempt(1), **changes)


# Rating, review cards, records


def test_the_rating_is_none_until_set_then_the_last_one_set(store: Store) -> None:
    assert store.get_rating("Ana") is None
    store.set_rating("Ana", 1500.0, 350.0, 0.06)
    store.set_rating("Ana", 1540.5, 290.25, 0.0599)
    assert store.get_rating("Ana") == (1540.5, 290.25, 0.0599)
    with pytest.raises(ValueError, match=r"^rd: "):
        store.set_rating("Ana", 1500.0, float("nan"), 0.06)


def test_review_cards_are_replaced_by_puzzle_and_due_when_their_time_comes(store: Store) -> None:
    now = T0 + timedelta(days=1)
    store.save_review_card("Ana", "late", card(1), now - timedelta(hours=5))
    store.save_review_card("Ana", "later", card(2), now + timedelta(hours=1))
    store.save_review_card("Ana", "exact", card(3), now)
    store.save_review_card("Ana", "older", card(4), now - timedelta(days=2))
    store.save_review_card("Ana", "later", card(5), now - timedelta(minutes=1))  # reviewed again: replaced
    cards = {"exact": card(3), "late": card(1), "later": card(5), "older": card(4)}
    assert store.review_cards("Ana") == cards
    oldest_due_first = ["older", "late", "later", "exact"]
    assert store.due_puzzles("Ana", now) == oldest_due_first
    assert store.due_puzzles("Ana", now.astimezone(timezone(timedelta(hours=-5)))) == oldest_due_first
    assert store.due_puzzles("Ana", now - timedelta(days=3)) == []
    with pytest.raises(ValueError, match=r"^card_json: "):
        store.save_review_card("Ana", "p9", "{not json", now)
    with pytest.raises(ValueError, match=r"^due: "):
        store.save_review_card("Ana", "p9", card(9), datetime(2025, 1, 1))


def test_records_keep_the_best_and_say_when_it_is_new(store: Store) -> None:
    assert store.best("Ana", "streak") is None
    assert store.record_best("Ana", "streak", 5) is True
    assert store.record_best("Ana", "streak", 3) is False
    assert store.record_best("Ana", "streak", 5) is False
    assert store.record_best("Ana", "streak", 8) is True
    assert store.record_best("Ana", "rush", 2) is True
    assert (store.best("Ana", "streak"), store.best("Ana", "rush")) == (8, 2)


# Export and import


def test_export_then_import_under_a_new_name_gives_the_same_progress(store: Store, tmp_path: Path) -> None:
    fill(store, "Ana")
    data = json.loads(json.dumps(store.export_profile("Ana")))  # through JSON text, as in a file
    assert (data["format"], data["version"], data["name"]) == ("escoba-trainer-profile", 1, "Ana")
    assert store.import_profile(data, name="Ana copy") == "Ana copy"
    assert store.export_profile("Ana copy") == {**data, "name": "Ana copy"}
    assert store.attempts("Ana copy") == [attempt(i) for i in range(12)]
    assert store.get_rating("Ana copy") == (1623.5, 87.25, 0.06)
    assert store.review_cards("Ana copy") == store.review_cards("Ana")
    assert store.due_puzzles("Ana copy", T0) == ["p1"]
    assert (store.best("Ana copy", "streak"), store.best("Ana copy", "rush")) == (9, 23)
    with Store.open(tmp_path / "other computer") as other:
        assert other.import_profile(data) == "Ana"
        assert other.export_profile("Ana") == data


def test_an_import_under_a_taken_name_is_refused(store: Store) -> None:
    fill(store, "Ana")
    data = store.export_profile("Ana")
    with pytest.raises(ValueError, match="profile 'Ana' exists"):
        store.import_profile(data)
    assert store.profiles() == ["Ana"]
    assert store.export_profile("Ana") == data


def changed(data: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    """A deep copy of ``data`` with the item at ``path`` set to ``value``, or removed for MISSING."""
    data = copy.deepcopy(data)
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    if value is MISSING:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("format",), "escoba-record", "format"),
        (("version",), 2, "version"),
        (("name",), 42, "name"),
        (("created",), "yesterday", "created"),
        (("attempts",), {}, "attempts"),
        (("attempts",), MISSING, "attempts"),
        (("attempts", 1), "p1", "attempts[1]"),
        (("attempts", 1, "level"), "3", "attempts[1].level"),
        (("attempts", 0, "level"), True, "attempts[0].level"),
        (("attempts", 1, "correct"), 1, "attempts[1].correct"),
        (("attempts", 2, "themes"), ["two words"], "attempts[2].themes"),
        (("attempts", 2, "themes"), "sum escoba", "attempts[2].themes"),
        (("attempts", 3, "at"), "2025-03-01T12:00:00", "attempts[3].at"),
        (("attempts", 4, "seconds"), MISSING, "attempts[4].seconds"),
        (("attempts", 5, "rating_after"), "high", "attempts[5].rating_after"),
        (("rating",), [1500, 350, 0.06], "rating"),
        (("rating", "rd"), None, "rating.rd"),
        (("review_cards", 0, "card_json"), "{not json", "review_cards[0].card_json"),
        (("review_cards", 1, "puzzle_id"), "p1", "review_cards[1].puzzle_id"),
        (("review_cards", 1, "due"), 1700000000, "review_cards[1].due"),
        (("records",), [], "records"),
        (("records", "rush"), 2.5, "records.rush"),
    ],
)
def test_a_bad_import_names_the_field_and_changes_nothing(
    store: Store, path: tuple[str | int, ...], value: object, field: str
) -> None:
    fill(store, "Ana")
    before = store.export_profile("Ana")
    with pytest.raises(ValueError) as refused:
        store.import_profile(changed(before, path, value), name="Copy")
    assert str(refused.value).startswith(f"{field}: ")
    assert store.profiles() == ["Ana"]
    assert store.export_profile("Ana") == before


def test_an_import_that_is_not_an_object_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match=r"^profile data: expected a JSON object"):
        store.import_profile([])  # type: ignore[arg-type]


def test_an_import_that_fails_while_writing_leaves_nothing_behind(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill(store, "Ana")
    data = store.export_profile("Ana")
    monkeypatch.setattr(store_module, "_SAVE_CARD", "INSERT INTO no_such_table VALUES (?, ?, ?, ?)")
    with pytest.raises((sqlite3.OperationalError, psycopg.errors.UndefinedTable)):
        store.import_profile(data, name="Copy")  # the profile and its attempts were written by then
    assert store.profiles() == ["Ana"]
    assert store.export_profile("Ana") == data
    assert edit(store, "SELECT count(*) FROM attempts") == [(12,)]


# Two writers, and crashes


def record_many(place: str, first: int, count: int, barrier: Any) -> None:
    """Child process: record attempts first.. for Ana, starting with the other writer."""
    with open_store(place) as store:
        barrier.wait(timeout=60)
        for i in range(first, first + count):
            store.record_attempt("Ana", attempt(i))


def record_until_killed(folder: str, started: Any) -> None:
    """Child process: record attempts for Ana without end, saying so once 100 are saved."""
    with Store.open(folder) as store:
        for i in range(1_000_000):
            store.record_attempt("Ana", attempt(i))
            if i == 99:
                started.set()


def test_two_processes_writing_at_once_lose_no_attempt(place: str) -> None:
    with open_store(place) as store:
        store.create_profile("Ana")
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    writers = [context.Process(target=record_many, args=(place, first, 200, barrier)) for first in (0, 1000)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=300)
    assert [writer.exitcode for writer in writers] == [0, 0]
    with open_store(place) as store:
        saved = store.attempts("Ana")
    assert len(saved) == 400
    assert set(saved) == {attempt(i) for i in [*range(200), *range(1000, 1200)]}


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_writer_killed_mid_way_leaves_whole_attempts_only(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.create_profile("Ana")
    assert kill_once_started(record_until_killed, str(tmp_path)) == -signal.SIGKILL
    with Store.open(tmp_path) as store:
        check = sqlite3.connect(store.path)
        assert check.execute("PRAGMA quick_check").fetchall() == [("ok",)]
        check.close()
        saved = store.attempts("Ana")
    assert len(saved) >= 100
    assert saved == [attempt(i) for i in range(len(saved))]


def test_stores_opened_at_once_on_a_new_file_all_write(place: str) -> None:
    """A new file, or a new database that app servers started at once all set up."""
    barrier = threading.Barrier(8)

    def tab(n: int) -> None:
        barrier.wait(timeout=60)
        with open_store(place) as store:
            store.create_profile(f"Tab {n}")
            for i in range(25):
                store.record_attempt(f"Tab {n}", attempt(i))

    with ThreadPoolExecutor(8) as pool:
        for done in [pool.submit(tab, n) for n in range(8)]:
            done.result()
    with open_store(place) as store:
        assert store.profiles() == [f"Tab {n}" for n in range(8)]
        assert all(store.attempts(f"Tab {n}") == [attempt(i) for i in range(25)] for n in range(8))


def test_tabs_making_one_name_at_once_make_one_profile(place: str) -> None:
    names = ["Ana", "ana", "ANA", "Ａna", " ana "]  # one name up to case, width and spaces
    barrier = threading.Barrier(len(names))
    open_store(place).close()  # the file made first: what the tabs race for is the name alone

    def tab(name: str) -> bool:
        with open_store(place) as store:
            barrier.wait(timeout=60)
            try:
                store.create_profile(name)
            except ValueError:
                return False
            return True

    with ThreadPoolExecutor(len(names)) as pool:
        made = list(pool.map(tab, names))
    assert made.count(True) == 1
    with open_store(place) as store:
        assert store.profiles() == [names[made.index(True)].strip()]


def test_one_store_shared_by_threads_loses_no_attempt(store: Store) -> None:
    def rerun(first: int) -> None:
        for i in range(first, first + 50):
            store.record_attempt("Ana", attempt(i))

    with ThreadPoolExecutor(4) as pool:
        for done in [pool.submit(rerun, first) for first in (0, 100, 200, 300)]:
            done.result()
    assert set(store.attempts("Ana")) == {attempt(i) for first in (0, 100, 200, 300) for i in range(first, first + 50)}


# Files that cannot be read


def real_database(folder: Path) -> bytes:
    """Bytes of a progress file several pages long."""
    with Store.open(folder) as store:
        store.create_profile("Ana")
        for i in range(300):
            store.record_attempt("Ana", dataclasses.replace(attempt(i), answer="7♦ " * 40))
    return (folder / DB_NAME).read_bytes()


def random_bytes(real: bytes) -> bytes:
    return random.Random(7).randbytes(8192)


def truncated(real: bytes) -> bytes:
    return real[: len(real) // 2]


def scribbled(real: bytes) -> bytes:
    middle = len(real) // 2 // 4096 * 4096
    return real[:middle] + random.Random(7).randbytes(4096) + real[middle + 4096 :]


@pytest.mark.parametrize("damage", [random_bytes, truncated, scribbled])
def test_a_damaged_file_is_refused_untouched_and_can_be_set_aside(
    tmp_path: Path, damage: Callable[[bytes], bytes]
) -> None:
    path = tmp_path / DB_NAME
    bad = damage(real_database(tmp_path))
    path.write_bytes(bad)
    with pytest.raises(StoreError) as refused:
        Store.open(tmp_path)
    assert str(path) in str(refused.value)
    assert "not a readable progress database" in str(refused.value) or "is damaged" in str(refused.value)
    assert refused.value.path == path
    assert path.read_bytes() == bad
    kept = Store.set_aside(tmp_path)
    assert kept.parent == tmp_path
    assert kept.name.startswith("progress.sqlite3.unreadable-")
    assert kept.read_bytes() == bad
    assert not path.exists()
    with Store.open(tmp_path) as fresh:
        assert fresh.profiles() == []


def test_set_aside_moves_the_log_files_too_and_never_overwrites(tmp_path: Path) -> None:
    kept = []
    for n in range(2):
        for end in ("", "-wal", "-shm"):
            (tmp_path / f"{DB_NAME}{end}").write_bytes(f"{n}{end}".encode())
        kept.append(Store.set_aside(tmp_path))
    assert kept[0] != kept[1]
    for n, path in enumerate(kept):
        for end in ("", "-wal", "-shm"):
            assert Path(f"{path}{end}").read_bytes() == f"{n}{end}".encode()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("progress.sqlite3.unreadable-")) == []


def test_a_file_from_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    real_database(tmp_path)
    path = tmp_path / DB_NAME
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 1}, newer than version {SCHEMA_VERSION}"):
        Store.open(tmp_path)
    assert path.read_bytes() == before


def test_a_levels_best_stars_are_kept_and_the_place_in_the_course_is_remembered(store: Store) -> None:
    assert store.stars("Ana") == {} and store.place("Ana") is None
    assert store.record_stars("Ana", "values", 2)
    assert not store.record_stars("Ana", "values", 1)  # fewer stars never replace more
    assert store.record_stars("Ana", "values", 3)
    store.set_place("Ana", "escoba", 2)
    store.set_place("Ana", "setenta", 0)
    assert store.stars("Ana") == {"values": 3} and store.place("Ana") == ("setenta", 0)
    with pytest.raises(ValueError, match="stars: 4"):
        store.record_stars("Ana", "values", 4)


def test_stars_travel_with_an_export_and_bad_ones_are_refused(store: Store) -> None:
    store.record_stars("Ana", "values", 3)
    data = store.export_profile("Ana")
    assert data["stars"] == {"values": 3}
    assert store.import_profile(data, name="Bea") == "Bea" and store.stars("Bea") == {"values": 3}
    old = {key: value for key, value in data.items() if key != "stars"}  # an export from before the course
    assert store.import_profile(old, name="Cai") == "Cai" and store.stars("Cai") == {}
    with pytest.raises(ValueError, match=r"stars\.values: 5 is not 1, 2 or 3"):
        store.import_profile({**data, "stars": {"values": 5}}, name="Dan")
    assert "Dan" not in store.profiles()


def test_a_file_of_the_first_version_is_brought_up_to_date_with_its_progress(tmp_path: Path) -> None:
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as conn:
        for statement in MIGRATIONS[0]:
            conn.execute(statement)
        conn.execute("INSERT INTO profiles (name, created) VALUES ('Ana', '2026-01-01T00:00:00+00:00')")
        conn.execute("PRAGMA user_version = 1")
        conn.commit()
    with Store.open(tmp_path) as store:
        assert store.profiles() == ["Ana"] and store.stars("Ana") == {}
        store.record_stars("Ana", "values", 2)
        assert store.stars("Ana") == {"values": 2}


def test_profiles_keep_their_progress_through_the_move_to_ids_never_given_twice(tmp_path: Path) -> None:
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        for statements in MIGRATIONS[:6]:
            for statement in statements:
                conn.execute(statement)
        conn.execute("INSERT INTO profiles (name, created) VALUES ('Ana', '2026-01-01T00:00:00+00:00')")
        conn.execute("INSERT INTO profiles (name, created) VALUES ('Bea', '2026-01-01T00:00:00+00:00')")
        conn.execute("INSERT INTO stars VALUES (2, 'values', 3)")
        conn.execute("PRAGMA user_version = 6")
        conn.commit()
    with Store.open(tmp_path) as store:
        assert store.stars("Bea") == {"values": 3}
        bea = store.learner("Bea")
        store.delete_profile("Bea")
        assert store.create_profile("Bea") != bea  # a new row, where the old id would have been given again


def test_answers_are_counted_by_kind_and_themes_in_sqlite_and_the_latest_ratings_read_in_a_window(store: Store) -> None:
    when = datetime(2026, 1, 1, tzinfo=UTC)
    answers = [("capture", ("sum",), True, False), ("capture", ("sum",), False, False), ("score", (), True, False)]
    answers.append(("capture", ("sum",), False, True))  # a skip is not an answer
    for number, (kind, themes, correct, skipped) in enumerate(answers):
        at = when + timedelta(minutes=number)
        attempt = Attempt("p", kind, 1, themes, "practice", "", correct, 1.0, 0, skipped, at)
        store.record_attempt("Ana", dataclasses.replace(attempt, rating_after=1500.0 + number, rd_after=100.0))
    assert sorted(store.answer_groups("Ana")) == [("capture", ("sum",), 1, 2), ("score", (), 1, 1)]
    assert store.recent_ratings("Ana", 2) == [1502.0, 1503.0]
    assert store.recent_ratings("Ana", 10) == [1500.0, 1501.0, 1502.0, 1503.0]


def test_the_puzzles_solved_are_found_by_sqlite(store: Store) -> None:
    when = datetime(2026, 1, 1, tzinfo=UTC)
    for puzzle_id, correct in (("a", False), ("b", True), ("b", False), ("c", True)):
        store.record_attempt("Ana", Attempt(puzzle_id, "capture", 1, (), "practice", "", correct, 1.0, 0, False, when))
    assert store.solved_puzzles("Ana") == {"b", "c"}


def test_matches_kept_before_their_luck_was_come_through_the_migration_without_it(tmp_path: Path) -> None:
    before_luck = next(n for n, made in enumerate(MIGRATIONS) if "ALTER TABLE games ADD COLUMN luck REAL" in made)
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as conn:
        for statements in MIGRATIONS[:before_luck]:
            for statement in statements:
                conn.execute(statement)
        conn.execute("INSERT INTO profiles (name, created) VALUES ('Ana', '2026-01-01T00:00:00+00:00')")
        conn.execute(
            "INSERT INTO games (profile_id, played_at, level, players, points, against, over, decisions, lost, "
            "won, record) VALUES (1, '2026-01-01T00:00:00+00:00', 'expert', 2, 3, 5, 0, 18, 1.25, 0, '{}')"
        )
        conn.execute(f"PRAGMA user_version = {before_luck}")
        conn.commit()
    with Store.open(tmp_path) as store:
        [game] = store.games("Ana")
        assert (game.decisions, game.lost, game.luck) == (18, 1.25, None)


#: The version a file was at before names had keys.
BEFORE_KEYS = next(n for n, statements in enumerate(MIGRATIONS) if any("name_key(name)" in s for s in statements))


def file_before_name_keys(folder: Path, *names: str | bytes) -> None:
    """A progress file as the version before names had keys made it, with profiles of these names (bytes: a damaged
    name, as stored)."""
    with closing(sqlite3.connect(folder / DB_NAME)) as conn:
        for statements in MIGRATIONS[:BEFORE_KEYS]:
            for statement in statements:
                conn.execute(statement)
        for name in names:
            value = "CAST(? AS TEXT)" if isinstance(name, bytes) else "?"
            conn.execute(f"INSERT INTO profiles (name, created) VALUES ({value}, '2026-01-01T00:00:00+00:00')", (name,))
        conn.execute(f"PRAGMA user_version = {BEFORE_KEYS}")
        conn.commit()


def test_names_get_their_keys_in_the_migration_and_are_found_by_the_index(tmp_path: Path) -> None:
    file_before_name_keys(tmp_path, "Ana", "Ｂea", b"Ca\xffrl")
    with Store.open(tmp_path) as store:
        assert store.profiles() == ["Ana", "Ｂea"]  # the damaged name left out, as before
        assert store.learner(" ＡNA ") == store.learner("Ana") and store.learner("bea") is not None
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as conn:
        keys = conn.execute("SELECT name_key FROM profiles ORDER BY id").fetchall()
        plan = " ".join(
            str(row) for row in conn.execute("EXPLAIN QUERY PLAN SELECT id FROM profiles WHERE name_key = 'x'")
        )
    assert keys == [("ana",), ("bea",), (None,)]  # a damaged name names no one
    assert "profiles_by_key" in plan  # a lookup reads the index, not every name


def test_the_database_itself_refuses_a_second_profile_that_is_one_name_with_the_first(store: Store) -> None:
    with pytest.raises((sqlite3.IntegrityError, psycopg.errors.UniqueViolation), match=r"(?i)unique"):
        edit(store, "INSERT INTO profiles (name, name_key, created) VALUES ('ANA', 'ana', '2026-01-01T00:00:00Z')")


def test_a_file_with_two_profiles_of_one_name_is_left_as_it_was_and_says_which(tmp_path: Path) -> None:
    file_before_name_keys(tmp_path, "Ana", "ana")  # only a hand-edited file can hold them
    with pytest.raises(StoreError, match=r"progress\.sqlite3 holds profiles 'Ana' and 'ana', whose names differ only"):
        Store.open(tmp_path)
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == BEFORE_KEYS
        assert [name for (name,) in conn.execute("SELECT name FROM profiles")] == ["Ana", "ana"]


#: The version a file (or a PostgreSQL database) was at before names were unique within a scope only.
BEFORE_SCOPES = next(n for n, statements in enumerate(MIGRATIONS) if any("profiles_scoped" in s for s in statements))
PG_BEFORE_SCOPES = next(n for n, statements in enumerate(postgres.MIGRATIONS) if any("scope" in s for s in statements))


def data_before_scopes(place: str) -> None:
    """Progress as the version before scoped names kept it, on ``place`` (a folder or a PostgreSQL URL): Ana of this
    computer, Tere who teaches (a provider's account), her class Martes with Bea in it, and a profile since deleted,
    the last id given."""
    if is_url(place):
        with psycopg.connect(place, autocommit=True) as conn:
            for statement in (s for statements in postgres.MIGRATIONS[:PG_BEFORE_SCOPES] for s in statements):
                conn.execute(statement)
            conn.execute(f"UPDATE escoba_trainer SET schema_version = {PG_BEFORE_SCOPES}")
    else:
        with closing(sqlite3.connect(Path(place) / DB_NAME)) as conn, conn:
            conn.create_function("name_key", 1, store_module.name_key)
            conn.create_function("is_text", 1, lambda _: True)
            for statement in (s for statements in MIGRATIONS[:BEFORE_SCOPES] for s in statements):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {BEFORE_SCOPES}")
    made = "'2026-01-01T00:00:00+00:00'"
    for statement in (
        f"""INSERT INTO profiles (name, name_key, created) VALUES ('Ana', 'ana', {made}), ('Tere', 'tere', {made}),
            ('Bea', 'bea', {made}), ('Gone', 'gone', {made})""",
        "INSERT INTO accounts (profile_id, issuer, subject, teacher) VALUES (2, 'https://id.example', 'tere', 1)",
        f"INSERT INTO classes (teacher_id, name, code, created) VALUES (2, 'Martes', 'MRTS23', {made})",
        "INSERT INTO accounts (profile_id, issuer, subject, password) VALUES (3, 'class', '3', 'a hash')",
        "INSERT INTO members (class_id, profile_id) VALUES (1, 3)",
        "INSERT INTO stars (profile_id, level_id, stars) VALUES (3, 'values', 2)",
        "DELETE FROM profiles WHERE id = 4",
    ):
        edit(place, statement)


def test_names_become_unique_within_their_scope_in_the_migration(place: str) -> None:
    data_before_scopes(place)
    with open_store(place) as store:
        scopes = edit(place, "SELECT name, scope FROM profiles ORDER BY id")
        assert scopes == [("Ana", ""), ("Tere", None), ("Bea", "class 1")]
        tere, bea = Learner(2, "Tere"), Learner(3, "Bea")
        assert store.profiles() == ["Ana"] and store.learner("Bea") is None and store.stars(bea) == {"values": 2}
        assert store.class_password("mrts23", "bea") == (bea, "a hash")
        jueves = store.create_class(tere, "Jueves")
        assert store.add_learner(tere, jueves.id, "Bea", "another hash").id == 5  # id 4 is never given again
        with pytest.raises(ValueError, match="a learner of that class has that name already"):
            store.add_learner(tere, 1, "BEA", "a third hash")
        assert store.create_profile("Bea").id == 6
