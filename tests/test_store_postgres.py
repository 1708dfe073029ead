"""What only the PostgreSQL store has: a database shared with nothing else, a server that may be unreachable or
restarted, damaged rows set aside into a table, and progress moved over from a SQLite file. The behaviour both
stores share is tested on both by the other store tests (the ``store``, ``place`` and ``open_store`` fixtures)."""

import json
from pathlib import Path

import psycopg
import pytest
from store_kit import edit
from test_store import attempt, fill

from trainer.progress import postgres
from trainer.progress.errors import SaveError, StoreError
from trainer.progress.postgres import PostgresStore
from trainer.progress.sqlite import Store
from trainer.progress.stores import DB_VAR, chosen, is_url, open_store


@pytest.fixture
def url(database: str) -> str:
    """A new, empty database, dropped after the test."""
    return database


def test_a_new_database_gets_the_schema_once_however_often_it_is_opened(url: str) -> None:
    for _ in range(2):
        with PostgresStore.open(url) as store:
            assert store.profiles() == []
    assert edit(url, "SELECT schema_version FROM escoba_trainer") == [(postgres.SCHEMA_VERSION,)]


def test_another_programs_database_is_refused_and_left_as_it_was(url: str) -> None:
    edit(url, "CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(StoreError, match="holds 1 tables of another program; it was left as it was"):
        PostgresStore.open(url)
    tables = edit(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
    assert tables == [("invoices",)]


def test_a_database_of_a_newer_version_is_refused_and_left_as_it_was(url: str) -> None:
    PostgresStore.open(url).close()
    edit(url, "UPDATE escoba_trainer SET schema_version = 99")
    with pytest.raises(StoreError, match=f"has schema version 99, newer than version {postgres.SCHEMA_VERSION} "):
        PostgresStore.open(url)
    assert edit(url, "SELECT schema_version FROM escoba_trainer") == [(99,)]


def test_an_unreachable_server_is_a_save_error_that_names_it_without_the_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(postgres, "BUSY_SECONDS", 0.5)
    nowhere = f"postgresql://ana:secret@/escoba?host={tmp_path}&port=5999"
    with pytest.raises(SaveError) as refused:
        PostgresStore.open(nowhere)
    assert str(refused.value).startswith(f"postgresql://ana@{tmp_path}:5999/escoba could not be saved to")
    assert "secret" not in str(refused.value)


def test_a_connection_the_server_dropped_is_replaced_before_it_is_used(url: str) -> None:
    """As after a server restart: each connection is checked as it is taken from the pool."""
    with PostgresStore.open(url) as store:
        ana = store.create_profile("Ana")
        others = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        for (backend,) in edit(url, others):
            edit(url, "SELECT pg_terminate_backend(?)", backend)
        for i in range(3):
            store.record_attempt(ana, attempt(i))
        assert store.attempts(ana) == [attempt(i) for i in range(3)]


def test_damaged_rows_are_moved_into_the_set_aside_table(url: str) -> None:
    with PostgresStore.open(url) as store:
        store.create_profile("Ana")
        store.record_attempt("Ana", attempt(0))
        store.record_attempt("Ana", attempt(1))
        edit(url, "UPDATE attempts SET at = 'never' WHERE answer = ?", attempt(1).answer)  # a hand edit
        assert store.damaged_rows("Ana") == {"attempts": 1}
        assert store.set_aside_damaged("Ana") == f"{store.where} (set_aside)"
        assert store.damaged_rows("Ana") == {} and store.attempts("Ana") == [attempt(0)]
        [(rows,)] = edit(url, "SELECT rows FROM set_aside")
        kept = json.loads(rows)
        assert kept["profile"] == "Ana" and "never" in kept["rows"]["attempts"][0]
        assert store.set_aside_damaged("Ana") is None


def test_a_profile_moves_from_a_sqlite_file_to_postgresql_whole(tmp_path: Path, url: str) -> None:
    with Store.open(tmp_path) as file, PostgresStore.open(url) as server:
        file.create_profile("Ana")
        fill(file, "Ana")
        file.set_place("Ana", "values", 3)
        file.record_stars("Ana", "values", 2)
        exported = file.export_profile("Ana")
        assert server.import_json(json.dumps(exported)) == "Ana"
        assert server.export_profile("Ana") == exported
        assert server.export_profile("Ana")["attempts"] and server.get_rating("Ana") == file.get_rating("Ana")


def test_the_place_is_a_url_or_a_folder(tmp_path: Path, url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert is_url(url) and is_url("postgres://host/db") and not is_url("postgresql") and not is_url(tmp_path)
    monkeypatch.delenv(DB_VAR, raising=False)
    assert chosen() is None and chosen(tmp_path) == tmp_path
    with open_store(tmp_path) as store:
        assert isinstance(store, Store)
    monkeypatch.setenv(DB_VAR, url)
    assert chosen() == url and chosen(tmp_path) == tmp_path
    with open_store() as store:
        assert isinstance(store, PostgresStore)


def test_the_store_writes_flags_as_integers_as_sqlite_does(url: str) -> None:
    with PostgresStore.open(url) as store:
        store.create_profile("Ana")
        store.record_attempt("Ana", attempt(0))
    assert edit(url, "SELECT correct, skipped FROM attempts") == [(int(attempt(0).correct), int(attempt(0).skipped))]
    with pytest.raises(psycopg.errors.CheckViolation):
        edit(url, "INSERT INTO stars (profile_id, level_id, stars) VALUES (1, 'values', 4)")


@pytest.mark.parametrize(
    ("change", "damaged"),
    [
        ("level = 0", 1),
        ("correct = 2", 1),
        ("hints = 1001", 1),
        ("seconds = 'NaN'", 1),
        ("rating_after = '-Infinity'", 1),
        ("puzzle_id = 'a b'", 1),
        ("kind = ''", 1),
        ("answer = repeat('x', 1001)", 1),
        ("themes = repeat('x', 41)", 1),  # a theme is one word of at most 40 characters
        ("themes = 'sum ' || repeat('x', 41)", 1),
        ("themes = trim(repeat('ab ', 200))", 1),  # 500 characters in all
        ("themes = 'sum  escoba'", 0),  # read in Python, which takes it
        ("themes = 'sum escoba making-15'", 0),
        ("at = '2025-02-30T00:00:00.000000+00:00'", 1),
        ("at = '0000-01-01T00:00:00.000000+00:00'", 1),
        ("at = '2025-03-01T24:00:00+00:00'", 1),
        ("at = '2025-03-01T12:60:00+00:00'", 1),
        ("at = '2024-02-29T12:00:00+00:00'", 0),
        ("at = '2025-03-01T12:00:00+00:00'", 0),  # other ways to write a time that Python reads are not damage
        ("at = '2025-03-01 13:00:00+01:00'", 0),
        ("rating_after = 1400, rd_after = 80", 0),
    ],
)
def test_postgresql_vouches_only_for_rows_the_reader_takes(url: str, change: str, damaged: int) -> None:
    with PostgresStore.open(url) as store:
        store.create_profile("Ana")
        for i in range(3):
            store.record_attempt("Ana", attempt(i))
        vouched = f"SELECT count(*) FROM attempts WHERE {postgres._SOUND['attempts']}"
        assert edit(url, vouched) == [(3,)]  # a row as the store writes it is not read again in Python
        edit(url, f"UPDATE attempts SET {change} WHERE answer = ?", attempt(1).answer)
        assert store.damaged_rows("Ana") == ({"attempts": damaged} if damaged else {})
        assert len(store.attempts("Ana")) == 3 - damaged


def test_the_damage_count_is_kept_by_an_app_server_until_the_rows_are_set_aside(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with PostgresStore.open(url) as store:
        store.create_profile("Ana")
        store.record_attempt("Ana", attempt(0))
        assert store.damaged_rows("Ana") == {}
        store.record_attempt("Ana", attempt(1))  # every app server's writes check their values: no need to look again
        with monkeypatch.context() as patched:
            patched.setattr(postgres, "damaged_in", lambda *args: pytest.fail("the rows were read again"))
            assert store.damaged_rows("Ana") == {}
        edit(url, "UPDATE attempts SET at = 'never' WHERE answer = ?", attempt(1).answer)  # a hand edit
        with PostgresStore.open(url) as restarted:  # an app server started after it sees it
            assert restarted.damaged_rows("Ana") == {"attempts": 1}
            assert restarted.set_aside_damaged("Ana") is not None
            assert restarted.damaged_rows("Ana") == {}
