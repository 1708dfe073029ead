"""Cards in the learner's words: Spanish names with Spanish faces, ``7♦`` with French faces.

The engine writes cards one way (``7♦``, R4); this is the one place that turns that text
into what the learner sees on the faces, and into words a screen reader can speak, in the
view's language. A short name is the card in the learner's words (``7 of coins``, ``7 de oros``,
``7 монет``) with Spanish faces, and ``7♦`` with French ones; in a sentence a Spanish name takes the
article its card needs (``el 7 de oros``, ``la sota de copas``). The spoken name on a card's button starts
with the same words the messages use, so a screen reader hears a card one way wherever it is named.

>>> from trainer.app.card_style import CardStyle
>>> from trainer.cards import parse_card, parse_cards
>>> spanish, french = CardStyle(), CardStyle(style="french")
>>> card_name(parse_card("jc"), spanish), card_name(parse_card("jc"), french)
('sota of clubs', 'J♣')
>>> say("7♠ can take A♦ + 7♦, so it cannot be laid on the table (R13)", spanish)
'7 of swords can take ace of coins + 7 of coins, so it cannot be laid on the table (capture owed)'
>>> cards_name(parse_cards("A♦ 4♣ 7♦"), spanish)
'ace of coins, 4 of clubs and 7 of coins'
>>> say("Juega 7♠: se lleva A♦ 4♣ J♦", CardStyle(language="es"))
'Juega el 7 de espadas: se lleva el as de oros, el 4 de bastos y la sota de oros'
>>> say("A 7♦ le faltan 8, y a tu 5♣ 10", CardStyle(language="es"))
'Al 7 de oros le faltan 8, y a tu 5 de bastos 10'
>>> card_name(parse_card("qh"), CardStyle(language="ru"))
'конь чаш'
>>> spoken_label(parse_card("J♦"), spanish)
'sota of coins, printed 10, worth 8'
>>> spoken_label(parse_card("7d"), CardStyle(language="es")), spoken_label(parse_card("7d"), CardStyle(language="ru"))
('7 de oros, vale 7', '7 монет, стоит 7')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from trainer.app.card_style import CardStyle
from trainer.app.rule_words import rule_words
from trainer.app.svg import COURT_NUMBERS, HIGHLIGHTS, suit_svg
from trainer.cards import Card, Suit, parse_card
from trainer.text import marked, marked_in

#: The computer's levels (``trainer.bot_levels.LEVELS``) in the learner's words: a name, and how it plays.
BOT_LEVELS = {
    "random": (marked("Beginner"), marked("plays any legal card")),
    "greedy": (marked("Steady"), marked("takes the most it can at once")),
    "expert": (marked("Strong"), marked("weighs where the hidden cards may be")),
    "master": (marked("Master"), marked("thinks longest, and reads what each card laid down gives away")),
}
# The words of a spoken name, translated by the catalogues: the ranks, and each suit as "{rank} of <suit>", so that
# a language puts the suit where it goes and in the case it takes ("семёрка бубен"). Suits are marked with their
# deck: "clubs" are bastos on a Spanish deck and trèfles on a French one.
_DECKS = {"spanish": "Spanish deck", "french": "French deck"}
_ACE = marked("ace")
_COURTS = {
    "spanish": {
        "J": marked_in("Spanish deck", "sota"),
        "Q": marked_in("Spanish deck", "caballo"),
        "K": marked_in("Spanish deck", "rey"),
    },
    "french": {
        "J": marked_in("French deck", "jack"),
        "Q": marked_in("French deck", "queen"),
        "K": marked_in("French deck", "king"),
    },
}
_RANK_OF_SUIT = {
    "spanish": {
        Suit.COINS: marked_in("Spanish deck", "{rank} of coins"),
        Suit.CUPS: marked_in("Spanish deck", "{rank} of cups"),
        Suit.CLUBS: marked_in("Spanish deck", "{rank} of clubs"),
        Suit.SWORDS: marked_in("Spanish deck", "{rank} of swords"),
    },
    "french": {
        Suit.COINS: marked_in("French deck", "{rank} of diamonds"),
        Suit.CUPS: marked_in("French deck", "{rank} of hearts"),
        Suit.CLUBS: marked_in("French deck", "{rank} of clubs"),
        Suit.SWORDS: marked_in("French deck", "{rank} of spades"),
    },
}
_SUIT_WORDS = {
    "spanish": {
        Suit.COINS: marked_in("Spanish deck", "coins"),
        Suit.CUPS: marked_in("Spanish deck", "cups"),
        Suit.CLUBS: marked_in("Spanish deck", "clubs"),
        Suit.SWORDS: marked_in("Spanish deck", "swords"),
    },
    "french": {
        Suit.COINS: marked_in("French deck", "diamonds"),
        Suit.CUPS: marked_in("French deck", "hearts"),
        Suit.CLUBS: marked_in("French deck", "clubs"),
        Suit.SWORDS: marked_in("French deck", "spades"),
    },
}
# One card as the engine writes it (R4), and a run of them separated by spaces: "A♦ 4♣ 7♦".
_TOKEN = r"(?<!\w)[A2-7JQK][♦♥♣♠](?!\w)"
_RUN = re.compile(rf"{_TOKEN}(?: +{_TOKEN})*")
# A code span, or a run of cards with the word before it, which decides a language's article.
_CODE_OR_RUN = re.compile(rf"(?P<code>`[^`]*`)|(?:(?P<before>\b\w+)(?P<gap>\s+))?(?P<run>{_RUN.pattern})")
_SENTENCE_END = re.compile(r"(?:^|[.!?]\s+)$")


@dataclass(frozen=True)
class _Articles:
    """How a language puts an article before a card's name in a sentence: ``feminine`` ranks take ``her`` and the
    others ``his``, ranks whose name starts with a vowel take ``elided`` where the language has one (Italian
    "l'asso"); none goes after a word in ``determiners``; ``contractions`` join a preposition and an article."""

    his: str
    her: str
    feminine: frozenset[str]
    determiners: frozenset[str]
    contractions: dict[str, str]
    elided: str | None = None
    vowel: frozenset[str] = frozenset()

    def article(self, card: Card) -> str:
        """The article the card's name takes, with the space after it unless it is elided ("el ", "l'")."""
        if self.elided is not None and card.rank in self.vowel:
            return self.elided
        return (self.her if card.rank in self.feminine else self.his) + " "

    def joined(self, before: str, words: str) -> tuple[str, str]:
        """The word before a run of names, and the names (with the space before them), as the language says them
        together: the first name's article dropped after a determiner, or contracted with a preposition."""
        gap, named = words[: len(words) - len(words.lstrip())], words.lstrip()
        article = next(a for a in (self.elided, self.his + " ", self.her + " ") if a and named.startswith(a))
        rest = named[len(article) :]
        if before.lower() in self.determiners:
            return before, gap + rest
        contracted = self.contractions.get(f"{before.lower()} {article.strip()}")
        if contracted is None:
            return before, words
        space = "" if contracted.endswith("'") else " "
        return (contracted.capitalize() if before[0].isupper() else contracted), space + rest


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"\w+", text))


# Italian prepositions joined with "il": "di il" is "del", "di l'" is "dell'".
_IT_JOINED = {"di": "del", "a": "al", "da": "dal", "in": "nel", "su": "sul"}
_ARTICLES = {
    # Spanish says "el 7 de oros", "la sota de copas" (the sota is feminine), "tu 7 de oros", "del 7 de oros".
    "es": _Articles(
        his="el",
        her="la",
        feminine=frozenset({"J"}),
        determiners=_words(
            """el la los las lo un una unos unas uno del al mi mis tu tus su sus nuestro nuestra nuestros nuestras
            vuestro vuestra vuestros vuestras este esta estos estas ese esa esos esas aquel aquella cada otro otra
            ningún ninguna algún alguna cualquier"""
        ),
        contractions={"de el": "del", "a el": "al"},
    ),
    # Italian says "il 7 di denari", "l'asso di coppe" (every card is masculine; "asso" starts with a vowel), "il
    # tuo 7 di denari", "del 7 di denari", "dell'asso".
    "it": _Articles(
        his="il",
        her="il",
        feminine=frozenset(),
        determiners=_words(
            """il lo la i gli le un uno una del dello della dei degli delle al allo alla ai agli alle dal dallo dalla
            nel nello nella sul sullo sulla mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra vostro
            vostra loro questo questa questi queste quel quello quella quei quegli quelle ogni nessun nessuno
            nessuna qualche qualsiasi qualunque altro altra ciascun ciascuno"""
        ),
        contractions={
            **{f"{before} il": joined for before, joined in _IT_JOINED.items()},
            **{f"{before} l'": joined + "l'" for before, joined in _IT_JOINED.items()},
        },
        elided="l'",
        vowel=frozenset({"A"}),
    ),
}
#: The cards a typing help names, and the suits' order on the sidebar: oros, copas, espadas, bastos.
_TYPING_EXAMPLES = (parse_card("7♦"), parse_card("K♣"), parse_card("A♠"))  # a number card, a court card, the ace
_SHOWN_SUITS = (Suit.COINS, Suit.CUPS, Suit.SWORDS, Suit.CLUBS)


def card_name(card: Card, view: CardStyle) -> str:
    """The short name of a card, bare: ``7♦`` with French faces, the card in the view's words with Spanish ones
    (``7 of coins``, ``7 de oros``, ``7 монет``)."""
    return str(card) if view.style == "french" else spoken_name(card, view)


def spoken_name(card: Card, view: CardStyle) -> str:
    """A card in the view's words, for either deck, as its button is named: ``7 of coins``, ``jack of diamonds``."""
    t, deck = view.t, _DECKS[view.style]
    if card.rank in _COURTS[view.style]:
        rank = t.text_in(deck, _COURTS[view.style][card.rank])
    else:
        rank = t.text(_ACE) if card.rank == "A" else card.rank
    return t.text_in(deck, _RANK_OF_SUIT[view.style][card.suit], rank=rank)


def sentence_name(card: Card, view: CardStyle) -> str:
    """A card's name as a sentence says it: with the article its card needs in a language that puts one before a
    name (``la sota de oros``), bare otherwise.

    >>> from trainer.app.card_style import CardStyle
    >>> sentence_name(parse_card("J♦"), CardStyle(language="es")), sentence_name(parse_card("J♦"), CardStyle())
    ('la sota de oros', 'sota of coins')
    """
    articles = _ARTICLES.get(view.language) if view.style == "spanish" else None
    name = card_name(card, view)
    return articles.article(card) + name if articles else name


def cards_name(cards: Iterable[Card], view: CardStyle, listed: Callable[[Iterable[str]], str] | None = None) -> str:
    """Several cards in the order given, as a sentence says them: ``A♦ 4♣ 7♦``, or ``ace of coins, 4 of clubs and
    7 of coins``, listed in words by ``listed``, by default the view's language.

    >>> from trainer.app.card_style import CardStyle
    >>> cards_name([], CardStyle()), cards_name([], CardStyle(language="es"))
    ('no cards', 'ninguna carta')
    """
    names = [sentence_name(card, view) for card in cards]
    if not names:
        return view.t.text("no cards")
    if view.style == "french":
        return " ".join(names)
    return (listed or view.t.items)(names)


def suit_name(suit: Suit, view: CardStyle) -> str:
    """A suit as the faces show it: ``♦`` with French faces, ``oros`` with Spanish ones.

    >>> from trainer.app.card_style import CardStyle
    >>> suit_name(Suit.COINS, CardStyle()), suit_name(Suit.COINS, CardStyle(style="french"))
    ('oros', '♦')
    """
    return suit.value if view.style == "french" else suit.spanish


def say(text: str, view: CardStyle, listed: Callable[[Iterable[str]], str] | None = None) -> str:
    """An engine sentence with every card in it (``7♦``, ``A♠ K♥``) written as the faces show them, and every rule
    it cites (``(R3)``) by its name in the learner's words (``trainer.app.rule_words``).

    A run of cards separated by spaces becomes one list (in words by ``listed``, as ``cards_name``); a name opening
    a sentence gets a capital. In a language with articles, a name takes its article unless a word before it already
    determines it ("tu 5 de bastos"), and the article joins a preposition before it as the language contracts them
    ("al 7 de oros").
    Code spans stay as written: they show the notation itself (`7♦`).

    >>> from trainer.app.card_style import CardStyle
    >>> say("A♦ 4♣ 7♦ are not on the table", CardStyle())
    'Ace of coins, 4 of clubs and 7 of coins are not on the table'
    >>> say("Type `7♦` or `7d` for 7♦.", CardStyle())
    'Type `7♦` or `7d` for 7 of coins.'
    >>> say("A♦ 4♣ 7♦ are not on the table", CardStyle(style="french"))
    'A♦ 4♣ 7♦ are not on the table'
    """
    text = rule_words(text, view.t)
    if view.style == "french":
        return text
    articles = _ARTICLES.get(view.language)

    def rewrite(found: re.Match[str]) -> str:
        if found.group("code"):
            return found.group()
        before, words = found.group("before") or "", found.group("gap") or ""
        words += cards_name((parse_card(token) for token in found.group("run").split()), view, listed)
        if articles and before:
            before, words = articles.joined(before, words)
        opens = not before and _SENTENCE_END.search(text[: found.start()]) is not None
        return before + (words[0].upper() + words[1:] if opens else words)

    return _CODE_OR_RUN.sub(rewrite, text)


def typed(text: str, view: CardStyle) -> str:
    """Cards as the engine writes them (``7♦ J♣``) the way a learner types them under the view's faces.

    >>> from trainer.app.card_style import CardStyle
    >>> spanish, letters, french = CardStyle(), CardStyle(courts="letters"), CardStyle(style="french")
    >>> typed("7♦ J♣", spanish), typed("7♦ J♣", letters), typed("5♦; 2♣ 3♥", french)
    ('7o 10b', '7o jb', '5d; 2c 3h')
    """
    return re.sub(_TOKEN, lambda found: view.notation.write(parse_card(found.group())), text)


def typing_help(view: CardStyle) -> str:
    """How to type a card under the view's faces, shown where typing is offered: a number card, a court card (with
    Spanish faces, by the number its corner prints) and the ace as examples, and each suit's letter.

    >>> from trainer.app.card_style import CardStyle
    >>> print(typing_help(CardStyle()))  # doctest: +NORMALIZE_WHITESPACE
    Type a card as its rank, then the letter of its suit: 7 of coins → 7o; rey of clubs → 12b; ace of swords → ae.
    Suits: o oros, c copas, e espadas, b bastos (♦ ♥ ♠ ♣ work too).
    >>> print(typing_help(CardStyle(style="french")))  # doctest: +NORMALIZE_WHITESPACE
    Type a card as its rank, then the letter of its suit: 7♦ → 7d; K♣ → kc; A♠ → as. Suits: d ♦, h ♥, s ♠, c ♣.
    """
    t, notation = view.t, view.notation
    examples = "; ".join(f"{card_name(card, view)} → {notation.write(card)}" for card in _TYPING_EXAMPLES)
    suits = ", ".join(f"{notation.letter(suit)} {suit_name(suit, view)}" for suit in _SHOWN_SUITS)
    if view.style == "spanish":  # faces without the symbols, which are read all the same
        suits = t.text("{suits} (♦ ♥ ♠ ♣ work too)", suits=suits)
    return t.text(
        "Type a card as its rank, then the letter of its suit: {examples}. Suits: {suits}.",
        examples=examples,
        suits=suits,
    )


def spoken_label(card: Card, view: CardStyle, mark: str | None = None) -> str:
    """What a screen reader says for a card, in the view's language: its name as the messages say it (in words for
    French faces too, whose messages show the suit's symbol), what its corners show, and its capture value.

    ``mark`` is a highlight ("played", "taken", "selected"), said at the end.

    >>> from trainer.app.card_style import CardStyle
    >>> from trainer.cards import parse_card
    >>> spoken_label(parse_card("7d"), CardStyle())
    '7 of coins, worth 7'
    >>> spoken_label(parse_card("qh"), CardStyle(courts="letters"), "played")
    'caballo of cups, marked Q, worth 9, just played'
    >>> spoken_label(parse_card("ks"), CardStyle(style="french"))
    'king of spades, worth 10'
    """
    t = view.t
    label = spoken_name(card, view)
    printed = COURT_NUMBERS.get(card.rank)
    if view.style == "spanish" and printed is not None:
        if view.courts == "printed":
            label = t.text("{card}, printed {number}", card=label, number=printed)
        else:
            label = t.text("{card}, marked {letter}", card=label, letter=card.rank)
    label = t.text("{card}, worth {value}", card=label, value=card.value)
    return f"{label}, {t.text(HIGHLIGHTS[mark][0])}" if mark else label


def suit_words(suit: Suit, view: CardStyle) -> str:
    """A suit in the learner's words, as the faces name it: coins, oros or монеты with Spanish faces, diamonds with
    French ones.

    >>> from trainer.app.card_style import CardStyle
    >>> suit_words(Suit.COINS, CardStyle()), suit_words(Suit.COINS, CardStyle(style="french"))
    ('coins', 'diamonds')
    """
    return view.t.text_in(_DECKS[view.style], _SUIT_WORDS[view.style][suit])


def suit_icon_svg(suit: Suit, view: CardStyle, size: int = 16) -> str:
    """A suit as a small ``<svg>`` of the shape the faces use, for HTML text; it carries the suit's name.

    >>> from trainer.app.card_style import CardStyle
    >>> 'aria-label="oros (coins)"' in suit_icon_svg(Suit.COINS, CardStyle())
    True
    """
    words = suit_words(suit, view)
    if view.style == "spanish" and words != suit.spanish:  # the term the faces show, then what it means
        words = f"{suit.spanish} ({words})"
    return suit_svg(suit, style=view.style, theme=view.theme, size=size, label=words)
