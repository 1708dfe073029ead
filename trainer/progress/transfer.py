"""A profile's export, and reading one back: every field is checked before a row is written, and an import is
refused whole, naming its first bad field."""

from __future__ import annotations

import dataclasses
import json
import reprlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from trainer.match import Match
from trainer.profile import CLASSIC, RuleProfile
from trainer.progress.checks import (
    LANGUAGE_CODE,
    MOST_BEST,
    SECONDS_KEPT,
    check_card,
    check_id,
    check_language,
    check_mode,
    check_rating,
    check_themes,
    finite,
    int_of,
    iso,
    named,
    record_text,
    rules_of,
)
from trainer.progress.model import Attempt, GameSummary
from trainer.progress.rows import Statements, attempt_data, attempt_row, game_row, read_rows, select_attempts
from trainer.records import RecordError, read_record

FORMAT = "escoba-trainer-profile"
FORMAT_VERSION = 1
IMPORT_BYTES = 20_000_000  # the largest export ``parse_export`` reads: years of daily practice fit well within it
IMPORT_GAMES = 20_000  # the most matches an import holds: one a day for over fifty years


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


def parse_export(text: str | bytes) -> Any:
    """An export's JSON text as data, read safely: ValueError if it is too large, nested too deep, or holds NaN,
    infinities or integers too large to keep."""
    if len(text) > IMPORT_BYTES:
        raise ValueError(f"the file has {len(text):,} bytes, more than the {IMPORT_BYTES:,} an export can have")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_bounded_int)
    except RecursionError:
        raise ValueError("the file is not a profile export: its JSON is nested too deep") from None
    except ValueError as error:
        raise ValueError(f"the file is not a profile export: {error}") from None


def _no_constant(word: str) -> float:
    raise ValueError(f"{word} is not a number an export holds")


def _bounded_int(digits: str) -> int:
    if len(digits) > 20 or not -(2**63) <= (value := int(digits)) < 2**63:
        raise ValueError(f"{digits[:30]} is too large an integer")
    return value


@dataclass(frozen=True)
class Imported:
    """An export read back and checked: the profile's name and creation time, its rule set and language, its
    rating, and the rows of each table, each row as the store writes it after the profile's id."""

    name: str
    created: str
    rules: RuleProfile
    language: str | None
    rating: tuple[float, float, float] | None
    attempts: list[tuple[object, ...]]
    cards: list[tuple[object, ...]]
    records: list[tuple[object, ...]]
    stars: list[tuple[object, ...]]
    games: list[tuple[object, ...]]


def read_export(data: Any, name_of: Callable[[str], str]) -> Imported:
    """The export ``data`` checked field by field, in the file's order; a ValueError names the first bad field.
    ``name_of`` gives the name to import under from the exported one, or refuses it."""
    top = _Fields(data, "")
    if top.get("format") != FORMAT:
        raise ValueError(f"format: expected {FORMAT!r}, got {reprlib.repr(top.get('format'))}")
    if (version := top.integer("version")) != FORMAT_VERSION:
        raise ValueError(f"version: {version} is not {FORMAT_VERSION}, the only version this program reads")
    name = name_of(top.string("name"))
    created = iso("created", top.moment("created"))
    attempts = [_read_attempt(_Fields(item, f"attempts[{i}]")) for i, item in enumerate(top.items("attempts"))]
    rating = None
    if top.get("rating") is not None:
        fields = _Fields(top.get("rating"), "rating")
        rating = check_rating("rating.", fields.number("rating"), fields.number("rd"), fields.number("vol"))
    cards: dict[str, tuple[str, str]] = {}
    for i, item in enumerate(top.items("review_cards")):
        card = _Fields(item, f"review_cards[{i}]")
        if (puzzle_id := card.string("puzzle_id")) in cards:
            raise ValueError(f"{card.name('puzzle_id')}: {puzzle_id!r} has two cards")
        cards[puzzle_id] = (
            check_card(card.name("card_json"), card.string("card_json")),
            iso(card.name("due"), card.moment("due")),
        )
    records_fields = _Fields(top.get("records"), "records")
    records: dict[str, int] = {}
    for mode in records_fields:
        check_mode(field := records_fields.name(mode), mode)
        records[mode] = named(field, int_of, records_fields.integer(mode), 0, MOST_BEST)
    stars: dict[str, int] = {}
    if isinstance(data, dict) and data.get("stars") is not None:  # exports made before the course have none
        stars_fields = _Fields(top.get("stars"), "stars")
        for level_id in stars_fields:
            check_id(stars_fields.name(level_id), level_id)
            if (count := stars_fields.integer(level_id)) not in (1, 2, 3):
                raise ValueError(f"{stars_fields.name(level_id)}: {count} is not 1, 2 or 3")
            stars[level_id] = count
    rules = CLASSIC
    if isinstance(data, dict) and data.get("rules") is not None:  # exports made before the rule sets have none
        fields = _Fields(top.get("rules"), "rules")
        target = fields.optional_integer("target")
        try:
            rules = rules_of(fields.string("name"), target)
        except ValueError as error:
            raise ValueError(f"rules: {error}") from None
    language = None
    if isinstance(data, dict) and data.get("language") is not None:  # exports made before languages have none
        language = check_language("language", top.string("language"))
    if len(listed := top.optional_items("games")) > IMPORT_GAMES:
        raise ValueError(f"games: {len(listed):,} matches, more than the {IMPORT_GAMES:,} an import may hold")
    games = [_read_game(_Fields(item, f"games[{i}]")) for i, item in enumerate(listed)]
    return Imported(
        name,
        created,
        rules,
        language,
        rating,
        attempts=[attempt_row(a) for a in attempts],
        cards=[(p, card, due) for p, (card, due) in cards.items()],
        records=list(records.items()),
        stars=list(stars.items()),
        games=games,
    )


def _read_attempt(f: _Fields) -> Attempt:
    """An imported answer, each field checked; its seconds are refused past ``SECONDS_KEPT``, as none is kept longer."""
    fields: dict[str, Any] = dict(
        puzzle_id=f.string("puzzle_id"),
        kind=f.string("kind"),
        level=f.integer("level"),
        themes=f.themes("themes"),
        mode=f.string("mode"),
        answer=f.string("answer"),
        correct=f.flag("correct"),
        seconds=f.number("seconds"),
        hints=f.integer("hints"),
        skipped=f.flag("skipped"),
        at=f.moment("at"),
        rating_after=f.optional_number("rating_after"),
        rd_after=f.optional_number("rd_after"),
    )
    if (seconds := fields["seconds"]) > SECONDS_KEPT:
        raise ValueError(f"{f.name('seconds')}: {seconds:g} is more than the {SECONDS_KEPT:g} seconds kept")
    try:  # each field is read and named above; what Attempt refuses gets the answer's place here
        return Attempt(**fields)
    except ValueError as error:
        raise ValueError(f"{f.name('')}{error}") from None


def _read_game(f: _Fields) -> tuple[object, ...]:
    """An imported game: its summary checked field by field, and its record replayed through the engine. The
    summary must say what the record replays to: its players, points, against, over and won (which exports made
    before it was kept leave out: it is then taken from the replay), and no more reviewed plays than the record
    holds; otherwise the import is refused, naming the field."""
    over, points, against = f.flag("over"), f.integer("points"), f.integer("against")
    played_at, level, players = f.moment("played_at"), f.string("level"), f.integer("players")
    decisions, lost = f.integer("decisions"), f.number("lost")
    luck = f.optional_number("luck") if "luck" in f else None  # exports made before it was kept leave it out
    try:  # each field is read and named above; what GameSummary refuses gets the game's place here
        GameSummary(played_at, level, players, points, against, over, decisions, lost, over and points > against, luck)
    except ValueError as error:
        raise ValueError(f"{f.name('')[:-1]}: {error}") from None
    record = f.get("record")
    text = record_text(f.name("record"), record)  # before the replay, which takes time in proportion
    try:
        match = read_record(record)
    except (RecordError, TypeError, ValueError) as error:
        raise ValueError(f"{f.name('record')}: {error}") from None
    if not isinstance(match, Match):
        raise ValueError(f"{f.name('record')}: the record of a single deal, not of a match")
    if match.players != players:
        raise ValueError(f"{f.name('players')}: {players}, but its record was played by {match.players}")
    deals = [done.deal for done in match.finished] + ([] if match.current.is_over else [match.current])
    plays = sum(len(deal.plays) for deal in deals)
    if decisions > plays:
        raise ValueError(f"{f.name('decisions')}: {decisions} plays reviewed, but its record holds {plays} plays")
    replayed = GameSummary.of(match, played_at, level, decisions, lost, luck=luck)
    stated = {"points": points, "against": against, "over": over, "won": f.optional_flag("won", replayed.won)}
    for field, value in stated.items():
        if value != (truth := getattr(replayed, field)):
            raise ValueError(f"{f.name(field)}: {value!r}, but its record replays to {truth!r}")
    return (*game_row(replayed), text)


class _Fields:
    """One JSON object of an import, read field by field; each error names the field by its path."""

    def __init__(self, data: object, path: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{path or 'profile data'}: expected a JSON object, got {reprlib.repr(data)}")
        self._data: dict[str, object] = data
        self._path = path

    def name(self, key: str) -> str:
        return f"{self._path}.{key}" if self._path else key

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def get(self, key: str) -> object:
        if key not in self._data:
            raise ValueError(f"{self.name(key)}: missing")
        return self._data[key]

    def _typed(self, key: str, kinds: tuple[type, ...], expected: str) -> Any:
        value = self.get(key)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise ValueError(f"{self.name(key)}: expected {expected}, got {reprlib.repr(value)}")
        return value

    def string(self, key: str) -> str:
        return str(self._typed(key, (str,), "text"))

    def integer(self, key: str) -> int:
        value = int(self._typed(key, (int,), "an integer"))
        if not -(2**63) <= value < 2**63:
            raise ValueError(f"{self.name(key)}: {reprlib.repr(value)} is too large an integer")
        return value

    def number(self, key: str) -> float:
        return finite(self.name(key), float(self._typed(key, (int, float), "a number")))

    def optional_flag(self, key: str, default: bool) -> bool:
        return default if self._data.get(key) is None else self.flag(key)

    def optional_integer(self, key: str) -> int | None:
        return None if self._data.get(key) is None else self.integer(key)

    def optional_number(self, key: str) -> float | None:
        return None if self.get(key) is None else self.number(key)

    def flag(self, key: str) -> bool:
        return bool(self._typed(key, (bool,), "true or false"))

    def optional_items(self, key: str) -> list[object]:
        return [] if self._data.get(key) is None else self.items(key)

    def items(self, key: str) -> list[object]:
        return list(self._typed(key, (list,), "a list"))

    def themes(self, key: str) -> tuple[str, ...]:
        themes = self.items(key)
        if not all(isinstance(theme, str) for theme in themes):
            raise ValueError(f"{self.name(key)}: expected a list of text, got {reprlib.repr(themes)}")
        check_themes(self.name(key), tuple(map(str, themes)))
        return tuple(map(str, themes))

    def moment(self, key: str) -> datetime:
        text = self.string(key)
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise ValueError(f"{self.name(key)}: {text!r} is not an ISO-8601 time") from None
        iso(self.name(key), moment)
        return moment
