"""A PostgreSQL server that cannot be used is told for what it is, without its address: unreachable, a database
that does not exist, a sign-in refused, a server that does not answer in time; and a read that failed as a read."""

import socket
from collections.abc import Iterator

import pytest
from pg_kit import USER, Server

from trainer.progress import postgres
from trainer.progress.errors import NO_DATABASE, REFUSED, TIMED_OUT, UNREACHABLE, SaveError
from trainer.progress.postgres import PostgresStore
from trainer.text import Said


@pytest.fixture(autouse=True)
def quick_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(postgres, "BUSY_SECONDS", 0.5)  # how long a connection is waited for


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A TCP port that takes connections and never answers, as a server frozen or behind a dropping firewall."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        yield listener.getsockname()[1]


def refusal(url: str) -> SaveError:
    with pytest.raises(SaveError) as raised:
        PostgresStore.open(url)
    return raised.value


@pytest.mark.parametrize(
    ("wrong", "why"),
    [("dbname", NO_DATABASE), ("port", UNREACHABLE), ("user", REFUSED)],
)
def test_a_store_that_cannot_be_opened_says_why(database: str, wrong: str, why: Said) -> None:
    url = {
        "dbname": database.replace("/test_", "/no_such_"),
        "port": database.replace("port=5432", "port=5999"),
        "user": database.replace(f"{USER}@", "nobody@"),
    }[wrong]
    error = refusal(url)
    assert error.why == why and not error.reading
    assert "/tmp" not in str(why) and "5432" not in str(why)


def test_a_server_that_never_answers_is_a_timeout(silent_port: int) -> None:
    assert refusal(f"postgresql://{USER}@127.0.0.1:{silent_port}/x?connect_timeout=2").why == TIMED_OUT


def test_a_read_that_fails_says_it_could_not_read_and_a_save_that_it_could_not_save(
    database: str, postgres: Server
) -> None:
    with PostgresStore.open(database) as store:
        store.create_profile("Ana")
        postgres.stop()
        try:
            with pytest.raises(SaveError) as read:
                store.profiles()
            with pytest.raises(SaveError) as saved:
                store.record_best("Ana", "streak", 3)
        finally:
            postgres.start()
    assert (read.value.reading, read.value.why) == (True, UNREACHABLE)
    assert (saved.value.reading, saved.value.why) == (False, UNREACHABLE)
    assert "could not be read from" in str(read.value) and "could not be saved to" in str(saved.value)
