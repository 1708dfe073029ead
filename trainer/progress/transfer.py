"""A profile's export: everything about it as plain data for JSON, and an export's JSON text read back safely.
``export_schema`` checks what was read before a row is written."""

from __future__ import annotations

import dataclasses
import gzip
import json
import zlib
from typing import Any

from trainer.profile import CLASSIC
from trainer.progress.checks import LANGUAGE_CODE, iso, rules_of
from trainer.progress.rows import Statements, attempt_data, read_rows, select_attempts
from trainer.text import SaidError, said

FORMAT = "escoba-trainer-profile"
FORMAT_VERSION = 1
#: The largest export ``parse_export`` reads, in megabytes as Streamlit's upload box counts them (MiB): years of daily
#: practice fit well within it (an answer takes 300 bytes, a match 5 KB).
IMPORT_MB = 20
IMPORT_BYTES = IMPORT_MB * 2**20
#: The most JSON text a gzipped export (".json.gz") unpacks to: a profile of ``IMPORT_ROWS["attempts"]`` answers and a
#: match a day for years, with room to spare; a file that unpacks to more is refused before it is read.
UNPACKED_MB = 64
UNPACKED_BYTES = UNPACKED_MB * 2**20
#: The name's ending and the media type of the file ``export_file`` makes.
EXPORT_SUFFIX = ".json.gz"
EXPORT_MIME = "application/gzip"
#: What a gzipped file begins with.
_GZIP_MAGIC = b"\x1f\x8b"


def exported(conn: Statements, profile_id: int) -> dict[str, Any]:
    """Everything about a profile as plain data ready for JSON, as one transaction of ``conn`` sees it."""
    row = conn.execute(
        "SELECT name, created, rule_set, target, language FROM profiles WHERE id = ?", (profile_id,)
    ).fetchone()
    name, created, rule_set, target, language = row
    attempts = select_attempts(conn, profile_id, None)
    rating = read_rows(conn, "ratings", profile_id)
    cards = read_rows(conn, "review_cards", profile_id)
    records, stars = read_rows(conn, "records", profile_id), read_rows(conn, "stars", profile_id)
    games = sorted(read_rows(conn, "games", profile_id), key=lambda game: game[0].played_at)
    place = read_rows(conn, "places", profile_id)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "name": name,
        "created": created,
        "attempts": [attempt_data(a, list(a.themes)) for a in attempts],
        "rating": dict(zip(("rating", "rd", "vol"), rating[0], strict=True)) if rating else None,
        "review_cards": [{"puzzle_id": p, "card_json": card, "due": iso("due", due)} for p, card, due in sorted(cards)],
        "records": dict(sorted(records)),
        "stars": dict(sorted(stars)),
        "place": dict(zip(("level_id", "stage"), place[0], strict=True)) if place else None,
        "rules": _rules_export(rule_set, target),
        "language": language if isinstance(language, str) and LANGUAGE_CODE.fullmatch(language) else None,
        "games": [
            {**dataclasses.asdict(g), "played_at": iso("played_at", g.played_at), "record": record}
            for g, record in games
        ],
    }


def _rules_export(name: object, target: object) -> dict[str, Any]:
    try:
        rules = rules_of(name, target)
    except ValueError:
        rules = CLASSIC
    return {"name": rules.name, "target": rules.target}


def export_file(data: dict[str, Any]) -> bytes:
    """An export as the file a learner keeps: its JSON text, gzipped (a ".json.gz" file), so that even a profile of
    the most answers an import takes fits well within ``IMPORT_MB`` (100,000 answers: about 1 MB)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return gzip.compress(text, compresslevel=6, mtime=0)


def parse_export(text: str | bytes) -> Any:
    """An export's JSON text, or that text gzipped, as data, read safely: ValueError if it is too large (or unpacks
    to more than ``UNPACKED_MB``), nested too deep, or holds NaN, infinities or integers too large to keep."""
    if len(text) > IMPORT_BYTES:
        raise SaidError(said("the file is larger than {most} MB, the most an import reads", most=IMPORT_MB))
    if isinstance(text, bytes) and text.startswith(_GZIP_MAGIC):
        text = _unpacked(text)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)
    except RecursionError:
        raise ValueError("the file is not a profile export: its JSON is nested too deep") from None
    except ValueError as error:
        raise ValueError(f"the file is not a profile export: {error}") from None


def _unpacked(packed: bytes) -> bytes:
    """A gzipped export's text; ValueError if it is damaged, or unpacks to more than ``UNPACKED_BYTES``."""
    unpacking = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        text = unpacking.decompress(packed, UNPACKED_BYTES + 1)
    except zlib.error as error:
        raise ValueError(f"the file is not a profile export: a damaged gzip file ({error})") from None
    if len(text) > UNPACKED_BYTES:
        raise SaidError(said("the file unpacks to more than {most} MB, the most an import reads", most=UNPACKED_MB))
    if not unpacking.eof:
        raise ValueError("the file is not a profile export: a gzip file cut short")
    return text


def _no_constant(word: str) -> float:
    raise ValueError(f"{word} is not a number an export holds")


def _bounded_int(digits: str) -> int:
    if len(digits) > 20 or not -(2**63) <= (value := int(digits)) < 2**63:
        raise ValueError(f"{digits[:30]} is too large an integer")
    return value
