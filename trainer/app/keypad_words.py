"""The keypad's words in the learner's language, for a task or puzzle answered with a number.

>>> from trainer.i18n import translator
>>> words = number_keys(translator("es"), none=True, minus=False)
>>> words.none, words.minus, words.check
('ninguna', None, 'Comprobar')
"""

from trainer.app.components import KeypadWords
from trainer.i18n import Translator


def number_keys(t: Translator, *, none: bool, minus: bool, label: str | None = None) -> KeypadWords:
    """The words of a keypad for a number: ``label`` over its display, by default a number (or none, where ``none``
    may answer), and a minus key where the answer may be below zero (``minus``)."""
    if label is None:
        label = t.text("Your answer: a number, or none") if none else t.text("Your answer: a number")
    return KeypadWords(
        label=label,
        keys=t.text("Number keys"),
        check=t.text("Check"),
        erase=t.text("Erase the last digit"),
        none=t.text("none") if none else None,
        minus=t.text("Minus: below zero") if minus else None,
    )
