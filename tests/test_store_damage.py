"""Rows holding a damaged value: the readers skip them and count them, and they can be moved out."""

import json
import random
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import timedelta
from pathlib import Path

import pytest
from store_kit import CARD, T0

from trainer.progress import sqlite as sqlite_module
from trainer.progress.checks import iso
from trainer.progress.errors import SaveError, StoreError
from trainer.progress.model import Attempt
from trainer.progress.rows import attempt_data
from trainer.progress.schema import COUNTED_TABLES, MIGRATIONS, SCHEMA_VERSION
from trainer.progress.sqlite import DB_NAME, Store


def attempt(answer: str) -> Attempt:
    return Attempt("p1", "capture", 1, ("sum",), "drill", answer, True, 2.0, 0, False, T0)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A progress file with a profile holding one of everything, twice where a table allows it."""
    with Store.open(tmp_path) as store:
        store.create_profile("Ana")
        store.record_attempt("Ana", attempt("GOOD-ANSWER"))
        store.record_attempt("Ana", attempt("MARKED-ANSWER"))
        store.set_rating("Ana", 1500.0, 200.0, 0.06)
        store.save_review_card("Ana", "p1", CARD, T0)
        store.save_review_card("Ana", "p2", CARD, T0)
        store.record_best("Ana", "streak", 4)
        store.record_stars("Ana", "values", 2)
        store.record_stars("Ana", "sums", 3)
        store.set_place("Ana", "values", 1)
    return tmp_path


def damage(folder: Path, *statements: str) -> None:
    """Change rows behind the store's back, as a damaged disk would."""
    with closing(sqlite3.connect(folder / DB_NAME)) as conn:
        conn.execute("PRAGMA ignore_check_constraints = ON")
        for statement in statements:
            conn.execute(statement)
        conn.commit()


@pytest.fixture
def opened(folder: Path) -> Iterator[Store]:
    with Store.open(folder) as store:
        yield store


def test_an_attempt_with_a_bad_date_is_skipped_and_counted(folder: Path) -> None:
    damage(folder, "UPDATE attempts SET at = '2025-13-45' WHERE answer = 'MARKED-ANSWER'")
    with Store.open(folder) as store:
        assert [a.answer for a in store.attempts("Ana")] == ["GOOD-ANSWER"]
        assert [a.answer for a in store.attempts("Ana", limit=1)] == ["GOOD-ANSWER"]
        assert store.damaged_rows("Ana") == {"attempts": 1}


def test_a_flipped_byte_in_the_file_making_invalid_utf8_is_skipped(folder: Path) -> None:
    path = folder / DB_NAME
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    assert data.count(b"MARKED-ANSWER") == 1
    path.write_bytes(data.replace(b"MARKED-ANSWER", b"MARKED\xffANSWER"))
    with Store.open(folder) as store:
        assert [a.answer for a in store.attempts("Ana")] == ["GOOD-ANSWER"]
        assert store.damaged_rows("Ana") == {"attempts": 1}


def test_a_rating_that_is_not_a_number_reads_as_none(folder: Path) -> None:
    damage(folder, "UPDATE ratings SET rd = 'x'")
    with Store.open(folder) as store:
        assert store.get_rating("Ana") is None
        assert store.damaged_rows("Ana") == {"ratings": 1}


def test_a_review_card_that_the_scheduler_cannot_read_is_skipped(folder: Path) -> None:
    damage(folder, "UPDATE review_cards SET card_json = '{}' WHERE puzzle_id = 'p2'")
    with Store.open(folder) as store:
        assert store.review_cards("Ana") == {"p1": CARD}
        assert store.due_puzzles("Ana", T0) == ["p1"]
        assert store.damaged_rows("Ana") == {"review_cards": 1}


def test_stars_out_of_range_are_skipped(folder: Path) -> None:
    damage(folder, "UPDATE stars SET stars = 7 WHERE level_id = 'sums'")
    with Store.open(folder) as store:
        assert store.stars("Ana") == {"values": 2}
        assert store.damaged_rows("Ana") == {"stars": 1}


def test_a_damaged_record_and_place_read_as_none(folder: Path) -> None:
    damage(folder, "UPDATE records SET best = 'lots'", "UPDATE places SET stage = -3")
    with Store.open(folder) as store:
        assert store.best("Ana", "streak") is None and store.place("Ana") is None
        assert store.damaged_rows("Ana") == {"records": 1, "places": 1}


def test_a_place_that_an_import_would_refuse_is_damage_not_a_file_that_cannot_come_back(folder: Path) -> None:
    damage(folder, "UPDATE places SET level_id = 'old level'")  # no level id has a space
    with Store.open(folder) as store:
        assert store.place("Ana") is None and store.damaged_rows("Ana") == {"places": 1}
        assert store.import_profile(store.export_profile("Ana"), name="Bea") == "Bea"


def test_an_export_leaves_damaged_rows_out(folder: Path) -> None:
    damage(folder, "UPDATE attempts SET at = 'never' WHERE answer = 'MARKED-ANSWER'")
    with Store.open(folder) as store:
        data = store.export_profile("Ana")
        assert [a["answer"] for a in data["attempts"]] == ["GOOD-ANSWER"]
        assert store.import_profile(data, name="Bea") == "Bea"
        assert store.damaged_rows("Bea") == {}


def test_damaged_rows_are_moved_into_a_file_beside_the_database(folder: Path) -> None:
    damage(folder, "UPDATE attempts SET at = 'never' WHERE answer = 'MARKED-ANSWER'", "UPDATE ratings SET vol = 0")
    with Store.open(folder) as store:
        kept = store.set_aside_damaged("Ana")
        assert kept is not None and kept.parent == folder and kept.name.startswith(f"{DB_NAME}.damaged-")
        saved = json.loads(kept.read_text(encoding="utf-8"))
        assert saved["profile"] == "Ana"
        assert [row[1:] for row in saved["rows"]["ratings"]] == [[1500.0, 200.0, 0]]
        assert "MARKED-ANSWER" in saved["rows"]["attempts"][0]
        assert store.damaged_rows("Ana") == {}
        assert [a.answer for a in store.attempts("Ana")] == ["GOOD-ANSWER"]
        assert store.set_aside_damaged("Ana") is None


def test_a_profile_without_damage_has_none_to_report(opened: Store) -> None:
    assert opened.damaged_rows("Ana") == {}
    assert opened.set_aside_damaged("Ana") is None


def test_an_export_refuses_a_file_whose_index_hides_rows(folder: Path) -> None:
    path = folder / DB_NAME
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'attempts_by_profile'").fetchone()
        (size,) = conn.execute("PRAGMA page_size").fetchone()
    data = bytearray(path.read_bytes())
    page = (root - 1) * size
    assert data[page] == 0x0A  # a leaf page of an index, its cells one (profile_id, at, rowid) each
    cell = page + int.from_bytes(data[page + 8 : page + 10], "big")
    assert data[cell + 2] == 9  # after the cell's size and its header's size: profile_id's type, the integer 1
    data[cell + 2] = 8  # now 0: the row is left where the store looks for Ana's answers
    path.write_bytes(bytes(data))
    with Store.open(folder) as store:
        assert len(store.attempts("Ana", limit=2)) == 1  # the damage hides a row: the count kept beside them says so
        assert store.damaged_rows("Ana") == {"attempts": 1}
        with pytest.raises(StoreError, match=r"is damaged, so an export could miss .* attempts_by_profile"):
            store.export_profile("Ana")


@pytest.mark.parametrize(
    ("change", "damaged"),
    [
        ("level = 2.5", 1),
        ("level = -1", 1),
        ("correct = 2", 1),
        ("hints = 1e10", 1),
        ("seconds = 1e999", 1),
        ("seconds = 'slow'", 1),
        ("rating_after = 'x'", 1),
        ("puzzle_id = x'35'", 1),
        ("answer = CAST(x'4dff' AS TEXT)", 1),
        ("themes = replace(hex(zeroblob(21)), '0', 'x')", 1),  # a theme is one word of at most 40 characters
        ("themes = 'sum ' || replace(hex(zeroblob(21)), '0', 'x')", 1),
        ("themes = trim(replace(hex(zeroblob(200)), '00', 'ab '))", 1),  # 500 characters in all
        ("themes = 'sum  escoba'", 0),  # read in Python, which takes it
        ("answer = '7o' || char(0) || 'x'", 1),  # neither store keeps a NUL: SQLite's length() stops at it
        ("themes = 'sum' || char(0) || 'x'", 1),
        ("themes = 'sum escoba making-15'", 0),
        ("at = '2025-02-30T00:00:00.000000+00:00'", 1),
        ("at = '0000-01-01T00:00:00.000000+00:00'", 1),
        ("at = '2025-03-01T12:00:00+00:00'", 0),  # other ways to write a time that Python reads are not damage
        ("at = '2025-03-01 13:00:00+01:00'", 0),
        ("rating_after = 1400, rd_after = 80", 0),
    ],
)
def test_sqlite_vouches_only_for_rows_the_reader_takes(folder: Path, change: str, damaged: int) -> None:
    damage(folder, f"UPDATE attempts SET {change} WHERE answer = 'MARKED-ANSWER'")
    with Store.open(folder) as store:
        assert store.damaged_rows("Ana") == ({"attempts": damaged} if damaged else {})
        assert len(store.attempts("Ana")) == 2 - damaged


def test_the_damage_count_is_kept_until_another_connection_writes(
    opened: Store, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert opened.damaged_rows("Ana") == {}
    opened.record_attempt("Ana", attempt("NEW-ANSWER"))  # its own writes check their values: no need to look again
    monkeypatch.setattr(sqlite_module, "damaged_in", lambda *args: pytest.fail("the rows were read again"))
    assert opened.damaged_rows("Ana") == {}
    monkeypatch.undo()
    damage(folder, "UPDATE attempts SET at = 'never' WHERE answer = 'MARKED-ANSWER'")
    assert opened.damaged_rows("Ana") == {"attempts": 1}
    assert opened.set_aside_damaged("Ana") is not None
    assert opened.damaged_rows("Ana") == {}


def test_the_damage_check_reads_on_its_own_connection_holding_up_no_other_call(
    opened: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    held: list[bool] = []
    read = sqlite_module.damaged_in

    def noting(conn: sqlite3.Connection, table: str, profile_id: int, sound: str | None) -> list[tuple[object, ...]]:
        held.append(opened._lock.locked())
        return read(conn, table, profile_id, sound)

    monkeypatch.setattr(sqlite_module, "damaged_in", noting)
    assert opened.damaged_rows("Ana") == {}
    assert held and not any(held)


def test_rows_counted_but_no_longer_found_are_said_noted_when_set_aside_and_then_no_longer_counted(
    folder: Path,
) -> None:
    damage(folder, "UPDATE attempts SET profile_id = 0 WHERE answer = 'MARKED-ANSWER'")  # as a damaged byte can
    with Store.open(folder) as store:
        assert [a.answer for a in store.attempts("Ana")] == ["GOOD-ANSWER"]
        assert store.damaged_rows("Ana") == {"attempts": 1}
        kept = store.set_aside_damaged("Ana")
        assert kept is not None
        assert json.loads(kept.read_text(encoding="utf-8")) == {"profile": "Ana", "rows": {}, "unread": {"attempts": 1}}
        assert store.damaged_rows("Ana") == {}
        store.record_attempt("Ana", attempt("NEW-ANSWER"))
        store.delete_profile("Ana")  # its counts go with it
        store.create_profile("Ana")
        assert store.damaged_rows("Ana") == {}


ROSTER_COLUMNS = [
    ("classes", "archived"),
    ("classes", "co_code"),
    ("members", "archived"),
    ("accounts", "revoked"),
    ("accounts", "one_time"),
    ("assignments", "settings"),
]


def test_a_file_from_before_the_counts_has_its_rows_counted_as_it_is_brought_up_to_date(folder: Path) -> None:
    triggers = [f"DROP TRIGGER {table}_{change}" for table in COUNTED_TABLES for change in ("added", "removed")]
    counts = next(n for n, statements in enumerate(MIGRATIONS) if "CREATE TABLE row_counts" in statements[0])
    later = [  # the migrations since, undone
        "DROP TABLE shared_seats",
        "DROP TABLE shared_tables",
        "DROP TABLE co_teachers",
        "DROP TABLE news",
        "DROP INDEX classes_by_co_code",
        "DROP TABLE assignment_learners",
        *(f"ALTER TABLE {table} DROP COLUMN {column}" for table, column in ROSTER_COLUMNS),
    ]
    assert counts + 4 == SCHEMA_VERSION
    damage(folder, *triggers, "DROP TABLE row_counts", *later, f"PRAGMA user_version = {counts}")
    with Store.open(folder) as store:
        assert store.damaged_rows("Ana") == {}
    damage(folder, "UPDATE review_cards SET profile_id = 0 WHERE puzzle_id = 'p2'")
    with Store.open(folder) as store:
        assert store.damaged_rows("Ana") == {"review_cards": 1}


ANSWERS, SKIPPED_EVERY = 700, 10


@pytest.fixture(scope="module")
def answered(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a progress file (its log checkpointed into it) where Ana has 700 attempts, a tenth of them skips,
    and Bea a few."""
    folder = tmp_path_factory.mktemp("answered")
    with Store.open(folder) as store:
        store.create_profile("Ana")
        data = store.export_profile("Ana")
        first = attempt_data(attempt("A"), ["sum"])
        data["attempts"] = [
            {
                **first,
                "puzzle_id": f"p{n % 40}",
                "kind": ("capture", "score", "escoba")[n % 3],
                "themes": ["sum", "seven"][: 1 + n % 2],
                "answer": f"A{n}",
                "correct": n % 3 > 0,
                "skipped": n % SKIPPED_EVERY == 0,
                "at": iso("at", T0 + timedelta(minutes=n)),
            }
            for n in range(ANSWERS)
        ]
        store.import_profile(data)
        store.create_profile("Bea")
        for n in range(5):
            store.record_attempt("Bea", attempt(f"B{n}"))
    path = folder / DB_NAME
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.read_bytes()


def test_no_byte_flipped_anywhere_in_the_file_shows_fewer_answers_without_a_word(
    answered: bytes, tmp_path: Path
) -> None:
    """400 single-byte changes at random over the whole file, each on a fresh copy: the file is refused when opened,
    or a read says it could not read (``SaveError``), or Progress shows every answer, or the damage check says some
    rows could not be read. Only the flips that leave Progress showing fewer answers ask the damage check."""
    shown = ANSWERS - ANSWERS // SKIPPED_EVERY
    rng = random.Random(42)
    said, silent = 0, []
    for flip in range(400):
        at, change = rng.randrange(len(answered)), rng.randrange(1, 256)
        copy = bytearray(answered)
        copy[at] ^= change
        folder = tmp_path / str(flip)
        folder.mkdir()
        (folder / DB_NAME).write_bytes(bytes(copy))
        try:
            with Store.open(folder) as store:
                if sum(count for *_, count in store.answer_groups("Ana")) >= shown:
                    continue
                if store.damaged_rows("Ana"):
                    said += 1
                else:
                    silent.append((at, change))
        except (StoreError, SaveError):
            said += 1
    assert silent == []
    assert said > 0  # the flips did reach the rows
