"""Which store the app opens: a PostgreSQL database named by its URL, or else the SQLite file in a folder."""

from __future__ import annotations

import os
from pathlib import Path

from trainer.progress.errors import StoreError
from trainer.progress.sqlite import Store
from trainer.progress.store import ProgressStore

#: A PostgreSQL URL (``postgresql://user@host/database``) for the app to keep progress in, for a club's server.
DB_VAR = "ESCOBA_TRAINER_DB"


def is_url(location: str | Path | None) -> bool:
    """Whether ``location`` names a PostgreSQL database rather than a folder."""
    if not isinstance(location, str):
        return False
    scheme, separator, _ = location.partition("://")
    return bool(separator) and scheme.lower() in ("postgresql", "postgres")


def chosen(location: str | Path | None = None) -> str | Path | None:
    """Where progress is kept: ``location``, else $ESCOBA_TRAINER_DB, else None (the data folder's file)."""
    return location if location is not None else os.environ.get(DB_VAR) or None


def open_store(location: str | Path | None = None) -> ProgressStore:
    """Open the store at ``chosen(location)``: a PostgreSQL database by its URL (which needs the ``server`` extra,
    psycopg), else the SQLite file in that folder (``data_dir`` when None)."""
    place = chosen(location)
    if is_url(place):
        try:
            from trainer.progress.postgres import PostgresStore  # only a server needs psycopg
        except ImportError as error:
            message = f"a PostgreSQL database needs psycopg: pip install 'escoba-trainer[server]' ({error})"
            raise StoreError(message, str(place)) from error
        return PostgresStore.open(str(place))
    return Store.open(place)
