"""What the store keeps and answers with, as values: a learner, an answer, a match's summary, an account, a class and
its homework. Each checks its fields when made, so a value that exists can be kept."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from trainer.bot_levels import LEVELS as BOT_LEVELS
from trainer.match import Match
from trainer.profile import PROFILES
from trainer.progress.checks import (
    ANSWER_LENGTH,
    LOST_PER_PLAY,
    MOST_HINTS,
    PUZZLE_LEVELS,
    WORD_LENGTH,
    check_id,
    check_text,
    check_themes,
    finite,
    int_of,
    iso,
    named,
)


@dataclass(frozen=True)
class Learner:
    """A profile as a session holds it: its row id, which a rename keeps, and its name when last read.

    Every method that takes a profile takes a Learner or a name. The app passes Learners, so an answer goes to the
    profile the learner chose even if another tab renamed it meanwhile, and to no other if it was deleted."""

    id: int
    name: str


#: A profile, by the row that holds it (``Learner``) or by name, up to case and width.
Who = str | Learner


@dataclass(frozen=True)
class Attempt:
    """One answer to one puzzle; ``at`` carries a time zone and each theme is one word."""

    puzzle_id: str
    kind: str
    level: int
    themes: tuple[str, ...]
    mode: str
    answer: str
    correct: bool
    seconds: float
    hints: int
    skipped: bool
    at: datetime
    rating_after: float | None = None
    rd_after: float | None = None

    def __post_init__(self) -> None:
        check_id("puzzle_id", self.puzzle_id)
        check_themes("themes", self.themes)
        for field, low, high in (("kind", 1, WORD_LENGTH), ("mode", 1, WORD_LENGTH), ("answer", 0, ANSWER_LENGTH)):
            check_text(field, getattr(self, field), low, high)
        for field, (low, high) in (("level", PUZZLE_LEVELS), ("hints", (0, MOST_HINTS))):
            named(field, int_of, getattr(self, field), low, high)
        iso("at", self.at)
        if finite("seconds", self.seconds) < 0:
            raise ValueError(f"seconds: {self.seconds} is below zero")
        for field in ("rating_after", "rd_after"):
            if (value := getattr(self, field)) is not None:
                finite(field, value)


@dataclass(frozen=True)
class GameSummary:
    """A match against the computer: when, at which bot level, the learner's side's points and the best other
    side's, whether it is over, how many of the learner's plays were reviewed and the points they lost, and the luck
    of its reviewed deals: the margin their cards were worth to the learner's side (None where it was not kept)."""

    played_at: datetime
    level: str
    players: int
    points: int
    against: int
    over: bool
    decisions: int
    lost: float
    won: bool = False
    luck: float | None = None

    def __post_init__(self) -> None:
        iso("played_at", self.played_at)
        finite("lost", self.lost)
        if self.level not in BOT_LEVELS:
            raise ValueError(f"level: {self.level!r} is not one of {', '.join(BOT_LEVELS)}")
        for name, low, high in (("players", 2, 6), ("decisions", 0, 2**31), ("points", -(2**31), 2**31),
                                ("against", -(2**31), 2**31)):  # fmt: skip
            try:
                int_of(getattr(self, name), low, high)
            except ValueError as error:
                raise ValueError(f"{error} (the {name} field)") from None
        if self.lost < 0:
            raise ValueError(f"lost: {self.lost} points lost cannot be below zero")
        if self.lost > self.decisions * LOST_PER_PLAY:
            raise ValueError(
                f"lost: {self.lost:g} points over {self.decisions} plays is more than the {LOST_PER_PLAY} a play can "
                "lose at most"
            )
        if self.won and not self.over:
            raise ValueError("won: a match still under way has no winner yet")
        if self.luck is not None and abs(finite("luck", self.luck)) > self.decisions * LOST_PER_PLAY:
            raise ValueError(
                f"luck: {self.luck:g} points over {self.decisions} plays is more than the deals they were made in "
                "can score"
            )

    @classmethod
    def of(
        cls,
        match: Match,
        played_at: datetime,
        level: str,
        decisions: int,
        lost: float,
        side: int = 0,
        luck: float | None = None,
    ) -> GameSummary:
        """The summary of a match as it stands, for the learner's match ``side``."""
        totals = match.totals
        against = max(total for other, total in enumerate(totals) if other != side)
        won = match.winner == side
        return cls(played_at, level, match.players, totals[side], against, match.is_over, decisions, lost, won, luck)


@dataclass(frozen=True)
class Account:
    """A way in to a profile on a club's server: whose profile it is, whether they teach, and whether they signed in
    by a password their teacher made up, which they must now replace with their own."""

    learner: Learner
    teacher: bool
    one_time: bool = False


@dataclass(frozen=True)
class Guess:
    """A guess at a password or a code: what it is at (``store.guess_target``), the client's key (its address), and
    the hash of the device cookie it came with if that device has signed in to the account guessed at (None: an
    untrusted client)."""

    target: str
    client: str
    device: str | None = None


@dataclass(frozen=True)
class Failures:
    """The recent wrong guesses that bear on a new one: how many, and when the latest was (seconds since 1970; 0
    if none)."""

    count: int
    latest: float


@dataclass(frozen=True)
class Session:
    """A live session on a club's server: the account signed in, how (the provider's issuer and subject, or the
    class issuer), when it began and until when it holds unless used again."""

    account: Account
    issuer: str
    subject: str
    created: datetime
    expires: datetime


@dataclass(frozen=True)
class Classroom:
    """A teacher's class: its number, its name, the code its learners sign in or join with, whether it is archived,
    and whether the teacher it was listed for made it (False: they co-teach it)."""

    id: int
    name: str
    code: str
    archived: bool = False
    owner: bool = True


@dataclass(frozen=True)
class Teacher:
    """A profile that teaches or taught on a club's server, as an administrator sees it: whether it may teach now
    (False: an administrator took that away), and how many classes it made."""

    learner: Learner
    teaching: bool
    classes: int


@dataclass(frozen=True)
class News:
    """A short note a teacher posted to a class: its number, the class, its text, when, and who wrote it (None once
    their profile is gone)."""

    id: int
    class_id: int
    text: str
    posted: datetime
    author: str | None


@dataclass(frozen=True)
class HomeworkSettings:
    """How a piece of homework was made, or is to be played: the rule set its puzzles were drawn under or its match
    is played by, a match's table (players) and target (None: the rule set's), and the theme and level its puzzles
    were drawn on (None: any). Homework set before these were kept has none (all None)."""

    rules: str | None = None
    players: int | None = None
    target: int | None = None
    theme: str | None = None
    level: int | None = None

    def __post_init__(self) -> None:
        if self.rules is not None and self.rules not in PROFILES:
            raise ValueError(f"rules: {self.rules!r} is not one of {', '.join(PROFILES)}")
        profile = PROFILES[self.rules or "classic"]
        if self.players is not None and self.players not in profile.players:
            raise ValueError(f"players: {self.players!r} is not one of {profile.players} of {profile.name}")
        if self.target is not None and self.target not in profile.targets:
            raise ValueError(f"target: {self.target!r} is not one of {profile.targets} of {profile.name}")
        if self.theme is not None:
            check_id("theme", self.theme)
        if self.level is not None:
            int_of(self.level, min(PUZZLE_LEVELS), max(PUZZLE_LEVELS))

    def kept(self) -> str | None:
        """The settings as the store keeps them: a JSON object of those set, or None if none is."""
        given = {name: value for name, value in dataclasses.asdict(self).items() if value is not None}
        return json.dumps(given, sort_keys=True) if given else None


#: The settings of homework set before they were kept.
NO_SETTINGS = HomeworkSettings()


@dataclass(frozen=True)
class Assignment:
    """Homework for a class: ``kind`` is "levels", "puzzles" or "match", and ``items`` the level or puzzle ids, or
    the computer strength to play; due by ``due``, set at ``created``; how it was made (``settings``), and the
    learners it is for, by profile id (none: the whole class)."""

    id: int
    class_id: int
    kind: str
    items: tuple[str, ...]
    due: datetime
    created: datetime
    settings: HomeworkSettings = NO_SETTINGS
    learners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ASSIGNMENT_KINDS:
            raise ValueError(f"kind: {self.kind!r} is not one of {', '.join(ASSIGNMENT_KINDS)}")
        if not 1 <= len(self.items) <= MOST_ITEMS:
            raise ValueError(f"items: {len(self.items)} is not 1 to {MOST_ITEMS}")
        for item in self.items:
            check_id("items", item)
        if self.kind == "match" and (len(self.items) != 1 or self.items[0] not in BOT_LEVELS):
            raise ValueError(f"items: a match is against one of {', '.join(BOT_LEVELS)}, not {self.items!r}")
        iso("due", self.due)
        iso("created", self.created)


ASSIGNMENT_KINDS = ("levels", "puzzles", "match")
MOST_ITEMS = 100  # the most levels or puzzles in one piece of homework


class KeptGame(NamedTuple):
    """A match against the computer as kept: its number and version (what a save that goes on from it passes),
    its summary and its game record."""

    number: int
    version: int
    summary: GameSummary
    record: dict[str, Any]


class CopiedAccount(NamedTuple):
    """An account as a copy between stores carries it: its issuer and subject (a class's learner's subject is its
    profile's id, given anew in the store copied into), the hash of its password if it has one, whether it teaches,
    when an administrator took its right to teach away (None if never), and whether its password is good for one
    sign-in."""

    issuer: str
    subject: str
    password: str | None
    teacher: bool
    revoked: str | None = None
    one_time: bool = False
