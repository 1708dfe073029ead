"""Small helpers for the sentences the trainer writes."""

import re
from collections.abc import Iterable

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


#: What makes Markdown fetch or point elsewhere: an image or a link (inline, by reference or autolinked), a tag.
_REACHING_OUT = re.compile(r"!\[|\]\s*[(:\[]|<\s*[a-zA-Z/!?]|://|\bwww\.|\bmailto:", re.IGNORECASE)


def reaching_out(text: str) -> int | None:
    """Where in ``text`` a link, an image or a tag begins, or None: the course and the puzzles are shown as
    Markdown, and a learner's page must never load or offer anything from elsewhere.

    >>> reaching_out("Take the 7♦ [the best card]."), reaching_out("See ![x](http://example.org/x.png)")
    (None, 4)
    """
    found = _REACHING_OUT.search(text)
    return None if found is None else found.start()
