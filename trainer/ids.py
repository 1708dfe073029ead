"""What an id is (a puzzle's, a course level's): one form, checked alike where the files are read and where progress
is kept, so that nothing loads that the store would refuse."""

from __future__ import annotations

import re
import reprlib

_ID = re.compile(r"[A-Za-z0-9_.\-]{1,80}")


def id_of(value: str) -> str:
    """``value`` if it is an id: 1 to 80 letters, digits, '-', '_' or '.'; else ValueError.

    >>> id_of("capture-l1-sota")
    'capture-l1-sota'
    """
    if not _ID.fullmatch(value):
        raise ValueError(f"{reprlib.repr(value)} is not an id: 1 to 80 letters, digits, '-', '_' or '.'")
    return value
