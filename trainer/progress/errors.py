"""What a progress store raises beyond a ValueError for a bad value: storage that cannot be read or written, and
writes that the data's state refuses."""

from __future__ import annotations

from pathlib import Path

from trainer.text import Said, SaidError, said


class StoreError(Exception):
    """The progress cannot be read, or a newer version wrote it; it was left as it was. ``path`` is the file, or
    the database server as messages name it."""

    def __init__(self, message: str, path: Path | str) -> None:
        super().__init__(message)
        self.path = path


class SaveError(StoreError):
    """The progress could not be read or written just now (a full disk, a file made read-only, another program
    holding it, a database server down); a write was rolled back, so nothing saved before is changed and trying
    again is safe. ``reading``: it was a read, so nothing was to be saved. ``why``: what happened in the learner's
    words, without any address (a database's outage, ``OUTAGES``), or None where the message says it."""

    def __init__(self, message: str, path: Path | str, reading: bool = False, why: Said | None = None) -> None:
        super().__init__(message, path)
        self.reading = reading
        self.why = why


#: Why a database server could not be used, each in the learner's words, none naming the server.
UNREACHABLE = said("the server that keeps the progress cannot be reached")
NO_DATABASE = said("the progress database named in the server's settings does not exist")
REFUSED = said("the progress database refused the user name or password in the server's settings")
TIMED_OUT = said("the progress database did not answer in time")
OUTAGES = (UNREACHABLE, NO_DATABASE, REFUSED, TIMED_OUT)


class Busy(SaveError):
    """A write that other writers kept waiting too long, or that ran too long itself: it was refused and rolled
    back, nothing of it is saved, and trying it again is safe."""


class ProfileGone(ValueError):
    """The profile asked for is not in the file (any more): deleted, or never there."""


class StaleMatch(ValueError):
    """A save of a match that went on without it (in another tab, say), or that is over: nothing was written."""

    def __init__(self, game: int) -> None:
        super().__init__(f"match {game} was saved since, or is over: this save does not go on from it")
        self.game = game


class NotYours(PermissionError):
    """An action on a class by someone who does not teach it, or by a learner who does not teach at all."""


class NameTaken(SaidError):
    """Another profile of the same scope, or a learner of the same class, has that name, up to case and width. Only
    a profile of this computer is told how the other is written (the sidebar lists them all); a class's never is."""
