"""The progress store meets what may lie at its path: an unfinished write, things that are not a file, and
other programs' databases; each is refused with a clear message and left as it was."""

import os
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from trainer.progress.errors import StoreError
from trainer.progress.sqlite import DB_NAME, Store

AS_ROOT = os.geteuid() == 0  # root reads and writes whatever the permissions say


def snapshot(path: Path) -> tuple[bytes, int]:
    """A file's bytes and modification time, to show it was left as it was."""
    return path.read_bytes(), path.stat().st_mtime_ns


def journal_pair(tmp_path: Path, source: Path) -> tuple[bytes, bytes]:
    """The database at ``source`` and its rollback journal as a killed writer leaves them: copied mid-transaction,
    after the writer has already written part of its change into the database."""
    with closing(sqlite3.connect(source, isolation_level=None)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("PRAGMA cache_size = 1")  # spill changed pages into the file before the commit
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("CREATE TABLE half_done (x TEXT)")
        conn.executemany("INSERT INTO half_done VALUES (?)", [("x" * 500,) for _ in range(200)])
        pair = source.read_bytes(), Path(f"{source}-journal").read_bytes()
        conn.execute("ROLLBACK")
    return pair


def test_a_journal_left_by_a_killed_writer_is_rolled_back_and_the_file_opens(tmp_path: Path) -> None:
    made = tmp_path / "made"
    with Store.open(made) as store:
        store.create_profile("Ana")
    database, journal = journal_pair(tmp_path, made / DB_NAME)
    folder = tmp_path / "left"
    folder.mkdir()
    (folder / DB_NAME).write_bytes(database)
    (folder / f"{DB_NAME}-journal").write_bytes(journal)
    with Store.open(folder) as store:
        assert store.profiles() == ["Ana"]
        store.create_profile("Bea")
    with closing(sqlite3.connect(folder / DB_NAME)) as conn:
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "half_done" not in tables


def test_a_journal_beside_another_programs_database_is_left_alone(tmp_path: Path) -> None:
    source = tmp_path / "other.db"
    with closing(sqlite3.connect(source)) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
        conn.commit()
    database, journal = journal_pair(tmp_path, source)
    path, journal_path = tmp_path / DB_NAME, tmp_path / f"{DB_NAME}-journal"
    path.write_bytes(database)
    journal_path.write_bytes(journal)
    before = snapshot(path), snapshot(journal_path)
    with pytest.raises(StoreError, match="another program's database"):
        Store.open(tmp_path)
    assert (snapshot(path), snapshot(journal_path)) == before


def test_another_programs_database_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
        conn.execute("INSERT INTO contacts VALUES ('Ana')")
        conn.commit()
    before = snapshot(path)
    with pytest.raises(StoreError) as refused:
        Store.open(tmp_path)
    assert str(refused.value) == (
        f"{path} is another program's database, not an Escoba Trainer progress file "
        "(application id 0x0, tables: contacts); it was left as it was"
    )
    assert snapshot(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]


def test_a_database_with_another_application_id_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA application_id = 1")
        conn.execute("CREATE TABLE profiles (id INTEGER PRIMARY KEY)")
        conn.commit()
    before = snapshot(path)
    with pytest.raises(StoreError, match=r"application id 0x1, tables: profiles"):
        Store.open(tmp_path)
    assert snapshot(path) == before


def test_a_new_file_is_marked_as_ours(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    with closing(sqlite3.connect(tmp_path / DB_NAME)) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == 0x45735472


def test_an_empty_file_is_taken_as_a_new_progress_file(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"")
    with Store.open(tmp_path) as store:
        store.create_profile("Ana")
        assert store.profiles() == ["Ana"]


def test_a_folder_at_the_path_is_refused(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).mkdir()
    with pytest.raises(StoreError) as refused:
        Store.open(tmp_path)
    assert str(refused.value) == f"{tmp_path / DB_NAME} is a folder, not a file: a progress file cannot be kept there"


def test_a_fifo_at_the_path_is_refused_without_waiting_on_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / DB_NAME)
    with pytest.raises(StoreError, match=r"is a pipe \(FIFO\), not a file"):
        Store.open(tmp_path)


def test_a_link_to_a_device_is_refused(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).symlink_to("/dev/zero")
    with pytest.raises(StoreError, match="is a device or socket, not a file"):
        Store.open(tmp_path)
    assert (tmp_path / DB_NAME).is_symlink()


def test_a_data_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("not a folder")
    with pytest.raises(StoreError, match=r"its folder .*data cannot be created"):
        Store.open(tmp_path / "data")
    assert (tmp_path / "data").read_text() == "not a folder"


@pytest.mark.skipif(AS_ROOT, reason="root may read any file")
def test_an_unreadable_file_is_refused_unchanged(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    path = tmp_path / DB_NAME
    before = snapshot(path)
    path.chmod(0o200)
    with pytest.raises(StoreError, match="cannot be read: permission denied"):
        Store.open(tmp_path)
    path.chmod(0o600)
    assert snapshot(path) == before


@pytest.mark.skipif(AS_ROOT, reason="root may write any file")
def test_a_read_only_file_is_refused_unchanged(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    path = tmp_path / DB_NAME
    before = snapshot(path)
    path.chmod(0o400)
    with pytest.raises(StoreError, match="is read-only: progress cannot be saved to it"):
        Store.open(tmp_path)
    assert snapshot(path) == before


@pytest.mark.skipif(AS_ROOT, reason="root may write in any folder")
def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    Store.open(tmp_path).close()
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(StoreError, match=r"its folder .* is read-only"):
            Store.open(tmp_path)
    finally:
        tmp_path.chmod(0o700)


def test_set_aside_keeps_a_refused_folder_at_the_path(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).mkdir()
    kept = Store.set_aside(tmp_path)
    assert kept.is_dir()
    shutil.rmtree(kept)
    Store.open(tmp_path).close()


@pytest.mark.parametrize(
    ("statement", "byte", "said"),
    [
        (b"CREATE INDEX attempts_by_profile ON attempts(profile_id", 0xFF, "its schema is not text"),
        (b"CREATE TABLE places (\n            profile_id", ord("q"), "its table places is not as this program made"),
    ],
)
def test_a_damaged_byte_in_the_schema_is_a_store_error(tmp_path: Path, statement: bytes, byte: int, said: str) -> None:
    with Store.open(tmp_path) as store:
        store.create_profile("Ana")
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    data[data.index(statement) + len(statement) - 2] = byte  # a letter of the last name in the statement
    path.write_bytes(bytes(data))
    before = snapshot(path)
    with pytest.raises(StoreError, match=said):
        Store.open(tmp_path)
    assert snapshot(path) == before
