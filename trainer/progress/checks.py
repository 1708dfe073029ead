"""The bounds every value the store keeps is held to, and the checks that hold it: a value written, read back or
imported passes the same ones. Each refusal is a ValueError: a ``check_`` one names the field, and the ``_of`` one
it wraps says only what is wrong, for a caller that places the field itself (the export's schema)."""

from __future__ import annotations

import json
import math
import re
import reprlib
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import fsrs

from trainer.cards import DECK
from trainer.ids import id_of  # a puzzle's or level's id: only its form, as the store does not load the bank
from trainer.profile import PROFILES, RuleProfile
from trainer.scoring import WRONG_CAPTURE_COST
from trainer.text import SaidError, said

#: The largest game record kept, as JSON: a deal takes under a kilobyte, and a long match of 14 deals 9 KB.
RECORD_BYTES = 256_000

#: The ratings kept: beyond these Glicko-2 overflows or stops moving, so a value outside is damage or a bad import.
RATING_RANGE, RD_RANGE, VOL_RANGE = (0.0, 4000.0), (1.0, 500.0), (0.0, 1.0)

WORD_LENGTH, ANSWER_LENGTH = 40, 1000  # the longest kind, mode, record key or theme, and the longest answer
#: The longest an answer's themes may be together, kept as one text: within what a PostgreSQL index entry holds
#: (2,704 bytes, with the kind and puzzle id beside it) even in 4-byte characters. The bank's 40 themes take 439.
THEMES_LENGTH = 500
PUZZLE_LEVELS = (1, 5)
MOST_HINTS = 1000
SECONDS_KEPT = 86_400.0  # a puzzle left open longer than a day is kept as answered in a day
MOST_BEST = 1_000_000  # the highest streak or rush best an import may hold
MOST_STAGE = 10_000  # the highest stage of a course level


def _most_deal_points(rules: RuleProfile) -> int:
    """The most points all sides of one deal can score together under ``rules``, however unlikely: each category
    once, an escoba with each card of the deck, and (where the rule set has penalties) the dearest penalty, 4 and
    1 more for each of those escobas, on each card."""
    cards = len(DECK)
    categories = sum(worth for name, worth in rules.points.items() if name != "escoba")
    penalties = (WRONG_CAPTURE_COST + cards) * cards if rules.penalties_allowed else 0
    return categories + cards * rules.points.get("escoba", 0) + penalties


#: The most points one play can lose: it cannot move its deal's margin between the sides by more than the span of
#: the points that deal can score, in the rule set with the most.
LOST_PER_PLAY = 2 * max(map(_most_deal_points, PROFILES.values()))

#: A language as the store keeps it: a two- or three-letter code; which ones the app speaks is the app's business.
LANGUAGE_CODE = re.compile("[a-z]{2,3}")

T = TypeVar("T")

#: What no store keeps in a text: NUL, which PostgreSQL's TEXT refuses, and a lone surrogate, which no UTF-8 holds.
_UNKEEPABLE = re.compile("[\x00\ud800-\udfff]")


def keepable(text: str) -> bool:
    """Whether both stores keep ``text`` as it is; a look-up of text that is not finds nothing, as none is kept."""
    return _UNKEEPABLE.search(text) is None


def text_of(text: str, low: int, high: int) -> str:
    """``text`` if both stores keep it as it is and it has ``low`` to ``high`` characters: the one check of every
    text a store keeps. A character no store keeps is refused in the learner's words (a ``SaidError``)."""
    if not keepable(text):
        raise SaidError(said("{text} holds a character that cannot be kept (a NUL, say)", text=reprlib.repr(text)))
    if not low <= len(text) <= high:
        raise ValueError(f"{reprlib.repr(text)} is not {low} to {high} characters")
    return text


def check_text(field: str, text: str, low: int, high: int) -> str:
    return named(field, text_of, text, low, high)


def check_id(field: str, value: str) -> str:
    return named(field, id_of, value)


def mode_of(mode: str) -> str:
    """A mode, the key of a best, as kept: 1 to ``WORD_LENGTH`` characters."""
    return text_of(mode, 1, WORD_LENGTH)


def check_mode(field: str, mode: str) -> str:
    return named(field, mode_of, mode)


def named(field: str, check: Callable[..., T], *args: Any) -> T:
    """``check(*args)``, its ValueError prefixed with the field's name (in the learner's words, if it is in them)."""
    try:
        return check(*args)
    except SaidError as error:
        raise SaidError(said("{field}: {words}", field=field, words=error.said)) from None
    except ValueError as error:
        raise ValueError(f"{field}: {error}") from None


def int_of(value: object, low: int, high: int) -> int:
    if not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{reprlib.repr(value)} is not an integer from {low} to {high}")
    return value


def record_text(field: str, record: object) -> str:
    """A game record as the JSON text kept; ValueError if it is larger than ``RECORD_BYTES``."""
    text = json.dumps(record, ensure_ascii=False)
    if (size := len(text.encode("utf-8", "surrogatepass"))) > RECORD_BYTES:
        raise ValueError(f"{field}: {size:,} bytes, more than the {RECORD_BYTES:,} a game record may have")
    return check_text(field, text, 2, RECORD_BYTES)


def utc_of(moment: datetime) -> str:
    """``moment`` as fixed-width ISO-8601 UTC text, which sorts in time order."""
    if moment.utcoffset() is None:
        raise ValueError(f"{moment} has no time zone")
    try:
        return moment.astimezone(UTC).isoformat(timespec="microseconds")
    except OverflowError:
        raise ValueError(f"{moment} is out of the range of time") from None


def iso(field: str, moment: datetime) -> str:
    """``utc_of(moment)``, a refusal naming the field."""
    return named(field, utc_of, moment)


def finite(field: str, value: float) -> float:
    if not math.isfinite(value):
        raise ValueError(f"{field}: {value} is not a finite number")
    return value


def themes_of(themes: tuple[str, ...]) -> tuple[str, ...]:
    """Themes as kept: each one word of at most ``WORD_LENGTH`` characters, ``THEMES_LENGTH`` together."""
    for theme in themes:
        text_of(theme, 1, WORD_LENGTH)
    if any(theme.split() != [theme] for theme in themes):
        raise ValueError(f"each theme must be one word without spaces, got {reprlib.repr(themes)}")
    text_of(" ".join(themes), 0, THEMES_LENGTH)
    return themes


def check_themes(field: str, themes: tuple[str, ...]) -> None:
    named(field, themes_of, themes)


def check_rating(prefix: str, rating: float, rd: float, vol: float) -> tuple[float, float, float]:
    """A Glicko-2 rating whose parts are finite and in range, or ValueError naming the part."""
    for field, value, (low, high) in (("rating", rating, RATING_RANGE), ("rd", rd, RD_RANGE)):
        if not (math.isfinite(value) and low <= value <= high):
            raise ValueError(f"{prefix}{field}: {value} is not from {low:g} to {high:g}")
    if not (math.isfinite(vol) and VOL_RANGE[0] < vol < VOL_RANGE[1]):
        raise ValueError(f"{prefix}vol: {vol} is not between {VOL_RANGE[0]:g} and {VOL_RANGE[1]:g}")
    return rating, rd, vol


def review_card_of(text: str) -> str:
    """Review card JSON that the scheduler reads back, or ValueError."""
    text_of(text, 0, RECORD_BYTES)
    try:
        card = fsrs.Card.from_dict(json.loads(text))
        utc_of(card.due)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        raise ValueError(f"{reprlib.repr(text)} is not a review card") from None
    return text


def check_card(field: str, text: str) -> str:
    return named(field, review_card_of, text)


def rules_of(name: object, target: object) -> RuleProfile:
    """The rule set of a saved name and target; ValueError if either is not one this program knows."""
    if not isinstance(name, str) or name not in PROFILES:
        raise ValueError(f"{reprlib.repr(name)} is not a rule set: known are {', '.join(PROFILES)}")
    if target is not None and not isinstance(target, int):
        raise ValueError(f"{reprlib.repr(target)} is not a target")
    return PROFILES[name].with_options(target=target)


def rules_row(rules: RuleProfile) -> tuple[str, int | None]:
    """The name and target kept for a rule set: the target only where it is not the usual one."""
    usual = rules_of(rules.name, rules.target)  # refuses a rule set or target this program does not know
    return usual.name, None if usual.target == PROFILES[usual.name].target else usual.target


def language_of(code: str) -> str:
    if not LANGUAGE_CODE.fullmatch(code):
        raise ValueError(f"{reprlib.repr(code)} is not a language code such as 'es'")
    return code


def check_language(field: str, code: str) -> str:
    return named(field, language_of, code)
