"""The export file's schema, stated as pydantic models with the bounds of every field: an import is refused whole,
naming its first bad field in the store's own words. What is not schema stays as code: a match's summary must be
what its record replays to. Only an import loads it (and pydantic), not every use of the store."""

from __future__ import annotations

import functools
import reprlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Self, cast

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from trainer.ids import id_of
from trainer.match import Match
from trainer.profile import CLASSIC, RuleProfile
from trainer.progress.checks import (
    MOST_BEST,
    MOST_STAGE,
    SECONDS_KEPT,
    check_rating,
    int_of,
    language_of,
    mode_of,
    record_text,
    review_card_of,
    rules_of,
    themes_of,
    utc_of,
)
from trainer.progress.model import Attempt, GameSummary
from trainer.progress.rows import attempt_row, game_row
from trainer.progress.transfer import FORMAT, FORMAT_VERSION
from trainer.records import RecordError, read_record
from trainer.text import SaidError, said

#: The most entries an import holds in each list (or table) of the file, counted before any is checked: far more than
#: a learner makes (a hundred answers a day for years, a match a day for fifty; a card a puzzle of a bank twenty times
#: today's, a best a mode, stars a course level), so that tiny rows cannot fill the store by the million within
#: ``IMPORT_BYTES``.
IMPORT_ROWS = {"attempts": 100_000, "review_cards": 10_000, "records": 100, "stars": 1_000, "games": 20_000}


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
    place: tuple[str, int] | None


def read_export(data: Any, name_of: Callable[[str], str]) -> Imported:
    """The export ``data`` checked against its schema, in the file's order; a ValueError names the first bad field.
    ``name_of`` gives the name to import under from the exported one, or refuses it."""
    try:
        export = _Export.model_validate(data, context=name_of)
    except ValidationError as error:
        raise _refusal(error.errors()[0]) from None
    rating = export.rating
    return Imported(
        export.name,
        utc_of(export.created),
        CLASSIC if export.rules is None else export.rules.rule_set,
        export.language,
        None if rating is None else (rating.rating, rating.rd, rating.vol),
        attempts=[answer.row for answer in export.attempts],
        cards=[(card.puzzle_id, card.card_json, utc_of(card.due)) for card in export.review_cards],
        records=list(export.records.items()),
        stars=list((export.stars or {}).items()),
        games=[game.row for game in export.games or []],
        place=None if export.place is None else (export.place.level_id, export.place.stage),
    )


class _Inside(ValueError):
    """A refusal of a field inside the object refused: its message begins with the field's place in the object
    (".rd", "[1].puzzle_id"), which follows the object's own path."""


#: The wording of what an export's type errors expected, by pydantic's error type: a time is written as text, and
#: the themes as a list.
_EXPECTED = {
    "string_type": "text",
    "datetime_type": "text",
    "int_type": "an integer",
    "float_type": "a number",
    "bool_type": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "a JSON object",
    "model_type": "a JSON object",
}


def _refusal(error: ErrorDetails) -> ValueError:
    """A bad field as pydantic reports it, in the words the store uses for every refusal: its path, then what is
    wrong ("attempts[0].level: expected an integer, got '1'"). A refusal in the learner's words (a name's, a
    character no store keeps) stays in them, to be shown in their language."""
    path = "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in error["loc"] if step != "[key]")
    path = path.removeprefix(".")
    kind = error["type"]
    if kind == "value_error":
        raised = error["ctx"]["error"]
        if isinstance(raised, SaidError) and len(error["loc"]) > 1:  # inside a list or an object: placed in it
            return SaidError(said("{field}: {words}", field=path, words=raised.said))
        if isinstance(raised, SaidError):
            return raised
        return ValueError(f"{path}{raised}" if isinstance(raised, _Inside) else f"{path}: {raised}")
    if kind == "missing":
        text = "missing"
    elif kind in _EXPECTED:
        text = f"expected {_EXPECTED[kind]}, got {reprlib.repr(error['input'])}"
    elif kind == "finite_number":
        text = f"{error['input']} is not a finite number"
    else:
        text = error["msg"]
    return ValueError(f"{path or 'profile data'}: {text}")


def _int64(value: int) -> int:
    if not -(2**63) <= value < 2**63:
        raise ValueError(f"{reprlib.repr(value)} is too large an integer")
    return value


def _parsed_moment(value: object) -> object:
    """Text read as a time (other values are left to be refused as not text)."""
    if not isinstance(value, str):
        return value
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{value!r} is not an ISO-8601 time") from None


def _zoned(moment: datetime) -> datetime:
    utc_of(moment)
    return moment


def _listed_themes(value: object) -> object:
    """A list of text as the themes' tuple (other values are left to be refused as not a list)."""
    if not isinstance(value, list):
        return value
    if not all(isinstance(theme, str) for theme in value):
        raise ValueError(f"expected a list of text, got {reprlib.repr(value)}")
    return tuple(value)


def _star_count(count: int) -> int:
    if count not in (1, 2, 3):
        raise ValueError(f"{count} is not 1, 2 or 3")
    return count


Integer = Annotated[int, AfterValidator(_int64)]
Moment = Annotated[datetime, BeforeValidator(_parsed_moment), AfterValidator(_zoned)]
Themes = Annotated[tuple[str, ...], BeforeValidator(_listed_themes), AfterValidator(themes_of)]
Best = Annotated[Integer, AfterValidator(functools.partial(int_of, low=0, high=MOST_BEST))]
Stars = Annotated[Integer, AfterValidator(_star_count)]


class _Schema(BaseModel):
    """A JSON object of an export: each field of the type stated, with no text taken for a number nor true for 1,
    and every number finite; other keys are ignored."""

    model_config = ConfigDict(strict=True, allow_inf_nan=False)


class _Answer(_Schema):
    """An answer, as ``Attempt`` takes it; its seconds are refused past ``SECONDS_KEPT``, as none is kept longer."""

    puzzle_id: str
    kind: str
    level: Integer
    themes: Themes
    mode: str
    answer: str
    correct: bool
    seconds: float
    hints: Integer
    skipped: bool
    at: Moment
    rating_after: float | None
    rd_after: float | None
    _row: tuple[object, ...] = PrivateAttr()

    @model_validator(mode="after")
    def _kept(self) -> Self:
        if self.seconds > SECONDS_KEPT:
            raise _Inside(f".seconds: {self.seconds:g} is more than the {SECONDS_KEPT:g} seconds kept")
        try:
            self._row = attempt_row(Attempt(**dict(self)))
        except SaidError:
            raise
        except ValueError as error:
            raise _Inside(f".{error}") from None
        return self

    @property
    def row(self) -> tuple[object, ...]:
        """The answer's row."""
        return self._row


class _Rating(_Schema):
    rating: float
    rd: float
    vol: float

    @model_validator(mode="after")
    def _in_range(self) -> Self:
        try:
            check_rating(".", self.rating, self.rd, self.vol)
        except ValueError as error:
            raise _Inside(str(error)) from None
        return self


class _Card(_Schema):
    puzzle_id: str
    card_json: Annotated[str, AfterValidator(review_card_of)]
    due: Moment


class _Place(_Schema):
    """Where the learner is in the course: a level and its stage."""

    level_id: Annotated[str, AfterValidator(id_of)]
    stage: Annotated[Integer, AfterValidator(functools.partial(int_of, low=0, high=MOST_STAGE))]


class _Rules(_Schema):
    target: Integer | None = None
    name: str
    _rules: RuleProfile = PrivateAttr()

    @model_validator(mode="after")
    def _known(self) -> Self:
        self._rules = rules_of(self.name, self.target)
        return self

    @property
    def rule_set(self) -> RuleProfile:
        """The rule set named, with its target."""
        return self._rules


class _Game(_Schema):
    """A match against the computer: its summary, checked as ``GameSummary`` checks it, and its record, replayed
    through the engine. The summary must say what the record replays to: its players, points, against, over and won
    (which exports made before it was kept leave out: it is then taken from the replay), and no more reviewed plays
    than the record holds."""

    over: bool
    points: Integer
    against: Integer
    played_at: Moment
    level: str
    players: Integer
    decisions: Integer
    lost: float
    luck: float | None = None  # exports made before it was kept leave it out
    won: bool | None = None
    record: Any
    _row: tuple[object, ...] = PrivateAttr()

    @model_validator(mode="after")
    def _replayed(self) -> Self:
        stated = self.played_at, self.level, self.players, self.points, self.against, self.over, self.decisions
        GameSummary(*stated, self.lost, self.over and self.points > self.against, self.luck)
        try:
            text = record_text("record", self.record)  # before the replay, which takes time in proportion
        except ValueError as error:
            raise _Inside(f".{error}") from None
        try:
            match = read_record(self.record)
        except (RecordError, TypeError, ValueError) as error:
            raise _Inside(f".record: {error}") from None
        if not isinstance(match, Match):
            raise _Inside(".record: the record of a single deal, not of a match")
        if match.players != self.players:
            raise _Inside(f".players: {self.players}, but its record was played by {match.players}")
        deals = [done.deal for done in match.finished] + ([] if match.current.is_over else [match.current])
        if self.decisions > (plays := sum(len(deal.plays) for deal in deals)):
            raise _Inside(f".decisions: {self.decisions} plays reviewed, but its record holds {plays} plays")
        replayed = GameSummary.of(match, self.played_at, self.level, self.decisions, self.lost, luck=self.luck)
        won = replayed.won if self.won is None else self.won
        for field, value in {"points": self.points, "against": self.against, "over": self.over, "won": won}.items():
            if value != (truth := getattr(replayed, field)):
                raise _Inside(f".{field}: {value!r}, but its record replays to {truth!r}")
        self._row = (*game_row(replayed), text)
        return self

    @property
    def row(self) -> tuple[object, ...]:
        """The match's row: its summary as replayed, and its record as JSON text."""
        return self._row


class _Export(_Schema):
    """A profile's export. The stars, place, rules, language and games are left out by exports made before each was
    kept."""

    format: Any
    version: Integer
    name: str
    created: Moment
    attempts: list[_Answer]
    rating: _Rating | None
    review_cards: list[_Card]
    records: dict[Annotated[str, AfterValidator(mode_of)], Best]
    stars: dict[Annotated[str, AfterValidator(id_of)], Stars] | None = None
    place: _Place | None = None
    rules: _Rules | None = None
    language: Annotated[str, AfterValidator(language_of)] | None = None
    games: list[_Game] | None = None

    @field_validator("format")
    @classmethod
    def _ours(cls, value: object) -> object:
        if value != FORMAT:
            raise ValueError(f"expected {FORMAT!r}, got {reprlib.repr(value)}")
        return value

    @field_validator("version")
    @classmethod
    def _readable(cls, version: int) -> int:
        if version != FORMAT_VERSION:
            raise ValueError(f"{version} is not {FORMAT_VERSION}, the only version this program reads")
        return version

    @field_validator("name")
    @classmethod
    def _imported_as(cls, name: str, info: ValidationInfo) -> str:
        return cast(Callable[[str], str], info.context)(name)

    @field_validator("review_cards")
    @classmethod
    def _one_card_each(cls, cards: list[_Card]) -> list[_Card]:
        seen: set[str] = set()
        for i, card in enumerate(cards):
            if card.puzzle_id in seen:
                raise _Inside(f"[{i}].puzzle_id: {card.puzzle_id!r} has two cards")
            seen.add(card.puzzle_id)
        return cards

    @field_validator(*IMPORT_ROWS, mode="before")
    @classmethod
    def _few_enough(cls, entries: object, info: ValidationInfo) -> object:
        """The caps on entries, before any is checked (a match is replayed)."""
        most = IMPORT_ROWS[str(info.field_name)]
        if isinstance(entries, list | dict) and len(entries) > most:
            field, count = info.field_name, len(entries)
            raise SaidError(said("{field}: {count} entries, more than the {most} an import may hold",
                                 field=field, count=count, most=most))  # fmt: skip
        return entries
