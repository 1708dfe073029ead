"""Every message keeps to the glossary: one term per concept in each language (docs/glossary.md).

English is checked on the message ids, Spanish and Russian on their catalogues' translations; a failure names the
message, the variant it found and the glossary's term.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from trainer.i18n import languages

LOCALES = Path(__file__).resolve().parent.parent / "trainer" / "locales"
# What a translation keeps as it is: placeholders and code spans name no concept.
_KEPT = re.compile(r"\{[^{}]*\}|`[^`]*`")


@dataclass(frozen=True)
class Ban:
    """A variant a language's messages must not use for a concept."""

    concept: str
    term: str
    pattern: re.Pattern[str]
    say: str
    unless: re.Pattern[str] | None
    except_contexts: frozenset[str]

    def misuses(self, english: str, words: str, context: str | None) -> bool:
        """Whether ``words`` (the message in its language) uses this variant where the glossary forbids it."""
        if context in self.except_contexts:
            return False
        found = len(self.pattern.findall(_KEPT.sub(" ", words)))
        allowed = len(self.unless.findall(english)) if self.unless else 0
        return found > allowed


def bans(language: str) -> list[Ban]:
    """The glossary's banned variants for one language."""
    glossary = yaml.safe_load((LOCALES / "glossary.yaml").read_text(encoding="utf-8"))
    return [
        Ban(
            concept=concept,
            term=entry["term"],
            pattern=re.compile(ban["pattern"], re.IGNORECASE),
            say=ban["say"],
            unless=re.compile(ban["unless"], re.IGNORECASE) if "unless" in ban else None,
            except_contexts=frozenset(ban.get("except_contexts", ())),
        )
        for concept, entry in glossary[language].items()
        for ban in entry["banned"]
    ]


def _texts(message: Message, language: str) -> Iterator[str]:
    """The texts of a message in a language: its ids in English, its translations otherwise."""
    texts = message.id if language == "en" else message.string
    yield from (texts,) if isinstance(texts, str) else texts


def misuses(language: str) -> list[str]:
    """Every use of a banned variant in a language's messages, as a line naming the message and the term."""
    source = "messages.pot" if language == "en" else f"{language}/LC_MESSAGES/messages.po"
    with (LOCALES / source).open("rb") as file:
        catalogue = read_po(file)
    language_bans = bans(language)
    found = []
    for message in catalogue:
        if not message.id:
            continue
        english = " ".join((message.id,) if isinstance(message.id, str) else message.id)
        for words in _texts(message, language):
            found += [
                f"{language}: {english!r} says {ban.say!r} for {ban.concept}: the glossary's term is {ban.term!r}"
                for ban in language_bans
                if ban.misuses(english, words, message.context)
            ]
    return found


@pytest.mark.parametrize("language", list(languages()))
def test_every_message_uses_the_glossary_terms(language: str) -> None:
    found = misuses(language)
    assert not found, f"{len(found)} messages leave the glossary (docs/glossary.md):\n" + "\n".join(found)


def test_a_banned_variant_is_found_and_an_allowed_one_is_not() -> None:
    mano = next(ban for ban in bans("es") if ban.say == "mano")
    assert mano.misuses("At the end of the deal", "Al final de la mano", None)
    assert not mano.misuses("Your hand", "Tu mano", None)
    assert mano.misuses("Your hand, at the end of the deal", "Tu mano, al final de la mano", None)
    assert not mano.misuses("Move it by hand", "Muévelo a mano", None)
    assert not mano.misuses("{hand}", "{mano}", None)
