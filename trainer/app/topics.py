"""Puzzle kinds and themes in the learner's language.

The bank names them by codes ("capture", "making-15"); ``TOPICS`` gives each its name in words, marked for the
catalogues, which translate it where the app shows it. A kind's name is its code, as its class marks it, but where
the code joins words with a hyphen.

>>> from trainer.i18n import translator
>>> topic("making-15", translator("es")), topic("making-15", translator("en")), topic("{odd}", translator("es"))
('sumar 15', 'making 15', '{odd}')
"""

from trainer.app.rule_words import rule_words
from trainer.i18n import Translator
from trainer.puzzles.catalog import THEMES
from trainer.puzzles.kinds import KINDS
from trainer.text import marked

#: Every kind (``trainer.puzzles.KINDS``) and theme (``trainer.puzzles.catalog.THEMES``) of the bank, by its code,
#: with its name in words.
TOPICS = {kind: kind for kind in KINDS} | {
    "setenta-duel": marked("setenta duel"),
    "making-15": marked("making 15"),
    "court-cards": marked("court cards"),
    "several-ways": marked("several ways"),
    "big-capture": marked("big captures"),
    "escoba": marked("escoba"),
    "decoys": marked("decoys"),
    "forced-capture": marked("forced capture"),
    "free-choice": marked("free choice"),
    "coins": marked("coins"),
    "seven-of-coins": marked("seven of coins"),
    "most-cards": marked("most cards"),
    "missing-suit": marked("missing suit"),
    "ties": marked("ties"),
    "safety": marked("safety"),
    "safe-laydown": marked("safe lay-down"),
    "keep-sevens": marked("keeping the sevens"),
    "scoring": marked("scoring"),
    "initial-sweep": marked("initial sweep"),
    "last-capture": marked("last capture"),
    "one-card": marked("one card a turn"),
    "refused-play": marked("refused play"),
    "check-sum": marked("check sum"),
    "count-out": marked("counting out"),
    "worked-example": marked("worked example"),
    "match-target": marked("match target"),
    "other-rules": marked("other rules"),
    "most-sevens": marked("most sevens"),
    "all-coins": marked("all coins"),
    "all-sevens": marked("all sevens"),
    "few-cards": marked("few cards"),
    "three-sides": marked("three sides"),
    "three-way-ties": marked("three-way ties"),
    "seats-and-sides": marked("seats and sides"),
    "match-rules": marked("match rules"),
    "penalties": marked("penalties"),
    "claims": marked("claims"),
    "printed-numbers": marked("printed numbers"),
}


def topic(code: str, t: Translator) -> str:
    """A kind or theme in the learner's language; a code the bank no longer has (kept in an old record) as stored."""
    return t.text(TOPICS[code]) if code in TOPICS else code


def topic_help(code: str, t: Translator) -> str:
    """A theme's name and what it is about, in a line, with the rule it rests on where that is not the theme's own
    name; a kind's name alone.

    >>> from trainer.i18n import translator
    >>> topic_help("court-cards", translator("en"))
    'court cards: sota, caballo and rey count 8, 9 and 10 (card values)'
    """
    name = topic(code, t)
    return f"{name}: {rule_words(t.text(THEMES[code]), t).removesuffix(f' ({name})')}" if code in THEMES else name
