"""Reading a file people hand us: regular files only, never blocking, never more than a cap."""

from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path

TOKEN_CHARS = 40  # a quoted value longer than this is shown cut, ending in "…"


class FileRefused(Exception):
    """The file cannot be read; the message says why in a few words."""


def read_bounded(path: Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``; raises ``FileRefused``.

    A FIFO, a device or a folder is refused before it is opened, and the file is
    opened without blocking, so nothing here waits for a writer or reads forever.
    """
    try:
        status = os.stat(path)
        if not stat.S_ISREG(status.st_mode):
            raise FileRefused("not a regular file")
        if status.st_size > max_bytes:
            raise FileRefused(f"file is {status.st_size:,} bytes; this program reads at most {max_bytes:,}")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        raise FileRefused(f"cannot read the file: {error.strerror or error}") from None
    with os.fdopen(fd, "rb") as file:
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else since the check
                raise FileRefused("not a regular file")
            data = file.read(max_bytes + 1)
        except OSError as error:
            raise FileRefused(f"cannot read the file: {error.strerror or error}") from None
    if len(data) > max_bytes:
        raise FileRefused(f"file is over {max_bytes:,} bytes; this program reads at most {max_bytes:,}")
    return data


def terminal_safe(text: str) -> str:
    """``text`` with control and other unprintable characters escaped, so a terminal shows it as it is."""
    return "".join(char if char.isprintable() or char == " " else _escape(char) for char in text)


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def unprintable(text: str) -> str | None:
    """The first character of ``text`` a person cannot read or a page cannot show, escaped; None if there is none.

    Line breaks and tabs are fine; control characters, lone surrogates and unassigned code points are not.
    """
    for char in text:
        if char not in "\n\t" and unicodedata.category(char) in ("Cc", "Cs", "Cn", "Co"):
            return _escape(char)
    return None


def shorten(text: str, limit: int = TOKEN_CHARS) -> str:
    """``text`` cut to its first ``limit`` characters and "…" when it is longer."""
    return text if len(text) <= limit else text[:limit] + "…"
