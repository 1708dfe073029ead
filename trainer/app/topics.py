"""Puzzle kinds and themes in the learner's language.

The bank names them by codes ("capture", "making-15"), which are also their English names; each is marked for the
catalogues (a theme here, a kind where its class names it), which translate it where the app shows it.

>>> from trainer.i18n import translator
>>> topic("making-15", translator("es")), topic("making-15", translator("en")), topic("{odd}", translator("es"))
('sumar 15', 'making-15', '{odd}')
"""

from trainer.i18n import Translator
from trainer.puzzles.kinds import KINDS
from trainer.text import marked

#: Every kind (``trainer.puzzles.KINDS``, each marked where its class names it) and theme
#: (``trainer.puzzles.catalog.THEMES``) of the bank.
TOPICS = frozenset(KINDS) | frozenset(
    {
        marked("making-15"),
        marked("court-cards"),
        marked("several-ways"),
        marked("big-capture"),
        marked("escoba"),
        marked("decoys"),
        marked("forced-capture"),
        marked("free-choice"),
        marked("coins"),
        marked("seven-of-coins"),
        marked("most-cards"),
        marked("missing-suit"),
        marked("ties"),
        marked("safety"),
        marked("safe-laydown"),
        marked("keep-sevens"),
        marked("scoring"),
        marked("initial-sweep"),
        marked("last-capture"),
        marked("one-card"),
        marked("refused-play"),
        marked("check-sum"),
        marked("count-out"),
        marked("worked-example"),
        marked("match-target"),
        marked("other-rules"),
        marked("most-sevens"),
        marked("all-coins"),
        marked("all-sevens"),
        marked("few-cards"),
        marked("three-sides"),
        marked("three-way-ties"),
        marked("seats-and-sides"),
        marked("match-rules"),
        marked("penalties"),
        marked("claims"),
        marked("printed-numbers"),
    }
)


def topic(code: str, t: Translator) -> str:
    """A kind or theme in the learner's language; a code the bank no longer has (kept in an old record) as stored."""
    return t.text(code) if code in TOPICS else code
