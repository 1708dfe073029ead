"""Small helpers for the sentences the trainer writes, and ``Said``: words for a learner kept as a message and its
parameters, so the app can say them in the learner's language."""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Iterable
from dataclasses import dataclass

from babel import Locale
from babel.lists import format_list

#: The sides of a deal as a learner reads them: side A, B and, with three players each alone, C (V3).
SIDES = ("A", "B", "C")


def plural(count: int, noun: str) -> str:
    """A count with its noun, singular or plural: ``1 card``, ``3 escobas``.

    >>> plural(1, "card"), plural(0, "way"), plural(2, "escoba")
    ('1 card', '0 ways', '2 escobas')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def marked(message: str) -> str:
    """``message`` as written: marks an English sentence the engine keeps (a rule set's title, say) for the app's
    catalogues, which translate it where the app shows it.

    >>> marked("Classic, with the setenta")
    'Classic, with the setenta'
    """
    return message


def marked_in(context: str, message: str) -> str:
    """``message`` as written, marked for the catalogues within ``context``: the same English may mean two things
    ("clubs" on a Spanish deck are bastos, on a French one trèfles), which a catalogue translates apart.

    >>> marked_in("Spanish deck", "clubs")
    'clubs'
    """
    return message


def either(items: Iterable[object], word: str = "or") -> str:
    """Alternatives in words: "2, 3 or 4"; with ``word="and"``, a list: "A, B and C"."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {word} {words[-1]}"


#: What makes Markdown fetch or point elsewhere: an image or a link (inline, by reference or autolinked, an e-mail
#: address among them), a tag.
_REACHING_OUT = re.compile(
    r"!\[|\]\s*[(:\[]|<\s*[a-zA-Z/!?]|://|\bwww\.|\b(?:mailto|xmpp):|(?<![\w.+-])[\w.+-]+@[\w-]+\.\w", re.IGNORECASE
)


def reaching_out(text: str) -> int | None:
    """Where in ``text`` a link, an image or a tag begins, or None: the course and the puzzles are shown as
    Markdown, and a learner's page must never load or offer anything from elsewhere.

    >>> reaching_out("Take the 7♦ [the best card]."), reaching_out("See ![x](http://example.org/x.png)")
    (None, 4)
    >>> reaching_out("Ask ana@example.org")
    4
    """
    found = _REACHING_OUT.search(text)
    return None if found is None else found.start()


@dataclass(frozen=True, slots=True)
class Said:
    """Words for a learner, kept as what happened rather than as a finished sentence: the English ``message``, with
    ``{name}`` placeholders, is the catalogues' key, and ``params`` fill it. The app says it in the learner's language
    (``trainer.i18n.Translator.said``); ``str()`` says it in English, for logs, tests and the command line.

    A parameter is a number, a text said as it is (a card as the engine writes it, ``7♦``, or a rule id), other
    ``Said`` words, or ``Listed`` or ``Joined`` words. With a ``plural``, the message counts ``n`` and takes the form
    that goes with it in each language.

    >>> str(said("{card} is not on the table", card="7♦"))
    '7♦ is not on the table'
    >>> str(said_plural("you take {n} card", "you take {n} cards", 3))
    'you take 3 cards'
    """

    message: str
    params: tuple[tuple[str, object], ...] = ()
    plural: str = ""

    def __str__(self) -> str:
        return spoken_in(self, gettext.NullTranslations(), english())


@dataclass(frozen=True, slots=True)
class Listed:
    """Words said as one list: "A, B and C" (``word`` "and") or "A, B or C" (``word`` "or"), in each language's way."""

    items: tuple[object, ...]
    word: str = "and"


class SaidError(ValueError):
    """An error whose message is words for a learner (an answer or a card that cannot be read): ``said`` keeps them
    for the learner's language, ``str()`` is their English."""

    def __init__(self, words: Said) -> None:
        super().__init__(str(words))
        self.said = words

    def __reduce__(self) -> tuple[type[SaidError], tuple[Said]]:
        return type(self), (self.said,)


@dataclass(frozen=True, slots=True)
class Joined:
    """Words said one after the other, ``separator`` between them as it is: sentences, or figures side by side."""

    items: tuple[object, ...]
    separator: str


def said(message: str, **params: object) -> Said:
    """Words for a learner: ``message`` is marked for the catalogues, ``params`` fill its placeholders."""
    return Said(message, tuple(params.items()))


def said_plural(singular: str, plural: str, n: int, **params: object) -> Said:
    """Words that count ``n``: the singular and plural English messages, marked for the catalogues."""
    return Said(singular, (("n", n), *params.items()), plural)


def spoken_in(words: Said, messages: gettext.NullTranslations, locale: Locale) -> str:
    """``words`` in one language: its ``messages`` translate them, its ``locale`` lists as it does. Other words among
    the parameters are said first, in the same language."""

    def param(value: object) -> object:
        if isinstance(value, Said):
            return spoken_in(value, messages, locale)
        if isinstance(value, Listed):
            items = [str(param(item)) for item in value.items]
            return format_list(items, style="or" if value.word == "or" else "standard", locale=locale)
        if isinstance(value, Joined):
            return value.separator.join(str(param(item)) for item in value.items)
        return value

    params = {name: param(value) for name, value in words.params}
    if words.plural:
        count = dict(words.params)["n"]
        assert isinstance(count, int)
        return messages.ngettext(words.message, words.plural, count).format(**params)
    return messages.gettext(words.message).format(**params)


@functools.cache
def english() -> Locale:
    """The locale of the English the messages are written in: British, which lists without a comma before "and"."""
    return Locale.parse("en_GB")
