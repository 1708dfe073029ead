"""The app's words in the learner's language: gettext catalogues read with Babel, one translator per language.

English is the source language: a message id is the English sentence itself, with ``{name}`` placeholders, so
English needs no catalogue. Each other language is one file, ``locales/<code>/LC_MESSAGES/messages.po``: a new
language is a new file, not new code. A catalogue is compiled in memory the first time its language is asked for,
and the translator made from it is only ever read, so every session and thread may share it.

>>> spanish = translator("es")
>>> spanish.text("Deal again")
'Repartir otra vez'
>>> spanish.plural("Start learning: {n} short level", "Start learning: {n} short levels", 1)
'Empieza a aprender: 1 nivel corto'
>>> spanish.items(["oros", "copas", "espadas"])
'oros, copas y espadas'
>>> translator("en").items(["oros", "copas", "espadas"])
'oros, copas and espadas'
>>> spanish.decimal(0.255), spanish.percent(0.6).replace("\xa0", " ")
('0,26', '60 %')
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Iterable
from decimal import Decimal, localcontext
from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent
from babel.support import NullTranslations, Translations

from trainer.text import Said, english, spoken_in

#: The language the messages are written in.
SOURCE = "en"
#: Where the catalogues are, read at each call, so a test may point it elsewhere.
LOCALES = Path(__file__).parent / "locales"
_DOMAIN = "messages"


class Translator:
    """One language's messages; read-only once made."""

    __slots__ = ("_locale", "_messages")

    def __init__(self, messages: gettext.NullTranslations, locale: Locale) -> None:
        self._messages = messages
        self._locale = locale

    def text(self, message: str, **params: object) -> str:
        """``message`` in this language, its ``{name}`` placeholders filled from ``params``."""
        return self._messages.gettext(message).format(**params)

    def read_none(self, typed: str) -> str:
        """A typed answer as the engine reads it: this language's word for "none" ("ninguna", "нет") is ``none``."""
        return "none" if typed.strip().casefold() == self.text("none").casefold() else typed

    def written(self, text: str | Said) -> str:
        """A text written elsewhere (a hand-written puzzle's title, a level's step) in this language, as it is: it has
        no placeholders, and a brace in it is its own. Words kept as a ``Said`` (a generated puzzle's title, a watched
        deal's narration) are said.

        >>> spanish = translator("es")
        >>> spanish.written("A {brace}"), spanish.written(Said("Deal again"))
        ('A {brace}', 'Repartir otra vez')
        """
        return self.said(text) if isinstance(text, Said) else self._messages.gettext(text)

    def text_in(self, context: str, message: str, **params: object) -> str:
        """``message`` as ``text`` gives it, as translated within ``context`` (see ``trainer.text.marked_in``)."""
        return self._messages.pgettext(context, message).format(**params)

    def plural(self, singular: str, plural: str, n: int, **params: object) -> str:
        """The form of a message that goes with the count ``n`` (by the language's own rules); ``{n}`` is the count."""
        return self._messages.ngettext(singular, plural, n).format(n=n, **params)

    def items(self, items: Iterable[str]) -> str:
        """Items as a list in words: "a, b and c", "a, b y c", "a, b и c"."""
        return format_list(list(items), locale=self._locale)

    # A float is read exactly, so it rounds as Python's own formatting does: English stays as "{:.2f}" wrote it.
    def decimal(self, value: float, pattern: str = "0.00") -> str:
        """A number as this language writes it, by a CLDR pattern: two decimals by default ("0.25", "0,25"), only
        the decimals it has with "0.###" ("0.1", "0,1")."""
        number = Decimal(value)
        with localcontext() as exact:  # digits enough for any float: 1e308 rounds without an InvalidOperation
            exact.prec = max(exact.prec, number.adjusted() + 30)
            return format_decimal(number, pattern, locale=self._locale)

    def percent(self, share: float) -> str:
        """A share (0.6) as a whole percentage, as this language writes it: "60%", "60 %"."""
        return format_percent(Decimal(share), locale=self._locale)

    def said(self, words: Said) -> str:
        """Words the engine keeps as a message and its parameters (``trainer.text.Said``), in this language; other
        words among the parameters are said first, in the same language."""
        return spoken_in(words, self._messages, self._locale)


def languages() -> dict[str, str]:
    """Every language the app speaks, by code, each named in its own words: English first, then the catalogues.

    The folder is looked at once per process, as each catalogue is read once.
    """
    return dict(_found(LOCALES))  # a copy: the cached one is never changed


@functools.cache
def _found(folder: Path) -> dict[str, str]:
    codes = sorted(po.parent.parent.name for po in folder.glob(f"*/LC_MESSAGES/{_DOMAIN}.po"))
    return {SOURCE: "English"} | {code: _own_name(code) for code in codes}


def _own_name(code: str) -> str:
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def translator(language: str) -> Translator:
    """The translator for ``language``, its catalogue read once per process."""
    return _compiled(language, LOCALES)


@functools.cache
def _compiled(language: str, folder: Path) -> Translator:
    """A language's catalogue, compiled in memory rather than shipped compiled: the ``.po`` file stays the one file
    to edit, with no build step to forget, and compiling one takes milliseconds."""
    if language == SOURCE:
        return Translator(NullTranslations(), english())
    with open(folder / language / "LC_MESSAGES" / f"{_DOMAIN}.po", "rb") as po:
        catalog = read_po(po, locale=language)
    compiled = BytesIO()
    write_mo(compiled, catalog)  # fuzzy entries are left out, so they show in English
    compiled.seek(0)
    return Translator(Translations(compiled, domain=_DOMAIN), Locale.parse(language))
