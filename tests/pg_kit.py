"""A private PostgreSQL server for the tests: made with ``initdb`` in a folder of its own, reached only over a
socket in that folder, and removed at the end. Debian's ``postgresql`` package provides the programs; when the
tests run as root, the server runs as the ``postgres`` user, as PostgreSQL refuses to run as root."""

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count
from pathlib import Path
from urllib.parse import urlsplit

import psycopg

PORT = 5432  # only names the socket file: the server listens on no network address
USER = "escoba"


def programs() -> Path | None:
    """The folder of ``initdb``, ``pg_ctl`` and the other server programs (``pg_dump``...): where the one on the
    PATH is (a link to it followed), or where Debian keeps them (the newest version)."""
    if found := shutil.which("initdb"):
        return Path(found).resolve().parent
    found_in_lib = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]))
    return Path(found_in_lib[-1]).parent if found_in_lib else None


def _as_server(command: list[str]) -> list[str]:
    """``command`` run as the server's user: ``postgres`` when we are root."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextmanager
def database_server() -> Iterator["Server"]:
    """A running server with a superuser ``escoba`` who needs no password over the socket; stopped at the end."""
    folder = Path(tempfile.mkdtemp(prefix="escoba-pg-"))
    if os.geteuid() == 0:
        record = pwd.getpwnam("postgres")
        os.chown(folder, record.pw_uid, record.pw_gid)
    try:
        server = Server(folder)
        server.run("initdb", "-D", str(server.data), "-A", "trust", "-U", USER, "-E", "UTF8", "--no-sync")
        server.start()
        try:
            yield server
        finally:
            server.stop("immediate")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class Server:
    """A test server in ``folder``; ``database()`` makes a new, empty database on it and returns its URL."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self._numbers = count(1)

    def run(self, program: str, *arguments: str) -> None:
        """Run one of PostgreSQL's programs on this server, as its user."""
        bin_dir = programs()
        assert bin_dir is not None
        subprocess.run(_as_server([str(bin_dir / program), *arguments]), stdout=subprocess.DEVNULL, check=True)

    def start(self) -> None:
        """Start the server (again), and wait until it takes connections."""
        options = f"-k {self.folder} -p {PORT} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        self.run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` ends every session and waits until it is down, as an outage would."""
        self.run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def url(self, database: str) -> str:
        return f"postgresql://{USER}@/{database}?host={self.folder}&port={PORT}"

    def database(self) -> str:
        name = f"test_{next(self._numbers)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop the database ``url`` names (made by ``database``), closing any connection still open to it."""
        name = urlsplit(url).path.lstrip("/")
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
