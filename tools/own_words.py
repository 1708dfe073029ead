"""Own words: how close each sentence of the course comes to a sentence of the source documents.

    python tools/own_words.py SOURCES [--top 30] [--fail-above 0.6] [--only FILE]

``SOURCES`` is a folder of the documents the rules were read from (``*.txt`` and ``*.md``; they are not part of
the project), and the project's own ``RULES.md`` is read with them. The course is every message of the catalogues:
the levels' and the hand-written puzzles' texts and the app's messages, in English from the files themselves (as
``pybabel extract`` finds them, with their lines) and in every other language from ``trainer/locales``.

Each text is cut into sentences and each sentence into clauses, and each is scored against the sources' sentences
and clauses in two ways:

- **words**: within one language (English against English, Russian against Russian) and between Spanish and
  Italian, by their character n-grams, each n-gram weighed by how rare it is (so that shared terms such as
  "table cards" count less than shared phrasing);
- **skeleton**: between any two languages, by the order of their numbers, cards and rule concepts (a small term
  list in six languages maps "сдающий", "mazziere" and "dealer" to one concept), as pairs of neighbours.

Two pieces score the share of one found in the other, scaled down when that piece says too little to be a
rendering (fewer than ten words, or eight pairs of neighbouring concepts): 0 is nothing shared, 1 a piece of a full
sentence's length found whole. The closest pairs are printed worst first; ``--fail-above`` makes the run fail when
a pair scores above it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The babel keywords of the project's messages (as in babel.cfg's comment).
KEYWORDS = ["text", "plural:1,2", "marked", "marked_in:1c,2", "said", "said_plural:1,2"]

#: Pairs of different languages close enough for their words to be compared directly (each language is compared
#: with itself too): a Spanish sentence with an Italian source.
KIN = {("es", "it")}

# ---------------------------------------------------------------------------------------------------------------
# Normal form

SUIT_LETTER = {"♦": "d", "♥": "h", "♣": "c", "♠": "s"}

#: Number words as digits, exact words (accents folded as ``fold`` folds them).
NUMBER_TABLE = {
    "en": "one 1 two 2 three 3 four 4 five 5 six 6 seven 7 eight 8 nine 9 ten 10 eleven 11 twelve 12 fifteen 15 "
    "twenty 20 thirty 30 forty 40 fifty 50",
    "es": "uno 1 una 1 dos 2 tres 3 cuatro 4 cinco 5 seis 6 siete 7 ocho 8 nueve 9 diez 10 once 11 doce 12 "
    "quince 15 veinte 20 veintiuno 21 treinta 30 cuarenta 40",
    "it": "uno 1 una 1 due 2 tre 3 quattro 4 cinque 5 sei 6 sette 7 otto 8 nove 9 dieci 10 quindici 15 venti 20 "
    "ventuno 21 trenta 30 quaranta 40",
    "pl": "jeden 1 jedna 1 jedno 1 dwa 2 dwie 2 trzy 3 cztery 4 piec 5 szesc 6 siedem 7 osiem 8 dziewiec 9 "
    "dziesiec 10 pietnascie 15 dwadziescia 20 trzydziesci 30",
    "tr": "bir 1 iki 2 uc 3 dort 4 bes 5 altı 6 yedi 7 sekiz 8 dokuz 9 on 10 onbes 15 yirmi 20 otuz 30",
}

#: Russian number words change their endings, so they are stems (the longest that fits wins).
RUSSIAN_NUMBER_STEMS = {
    "один": "1", "одн": "1", "два": "2", "две": "2", "двух": "2", "три": "3", "трех": "3", "четыр": "4",
    "пят": "5", "шест": "6", "сем": "7", "восем": "8", "девят": "9", "десят": "10", "пятнадцат": "15",
    "двадцат": "20", "тридцат": "30", "сорок": "40",
}  # fmt: skip


def fold(text: str) -> str:
    """Lower case, accents and ё dropped, so that spellings of one word meet.

    >>> fold("Pięć Bastos, ЁЛКА")
    'piec bastos, елка'
    """
    text = unicodedata.normalize("NFKC", text).lower().replace("ё", "е").replace("й", "и")
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


NUMBER_WORDS = {lang: dict(zip(*[iter(fold(pairs).split())] * 2, strict=True)) for lang, pairs in NUMBER_TABLE.items()}


def words(text: str, lang: str) -> list[str]:
    """The text's words in normal form: folded, a card written one way (``7♦`` and ``7d`` both ``7d``), number
    words as digits, placeholders and punctuation gone.

    >>> words("Play the 7♦: four cards {n} left!", "en")
    ['play', 'the', '7d', '4', 'cards', 'left']
    """
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r"\b(10|[1-7ajqk])\s?([♦♥♣♠])", lambda m: m[1] + SUIT_LETTER[m[2]], text, flags=re.IGNORECASE)
    found = re.findall(r"\w+", fold(text))
    if lang == "ru":
        return [_russian_number(word) for word in found]
    numbers = NUMBER_WORDS[lang]
    return [numbers.get(word, word) for word in found]


def _russian_number(word: str) -> str:
    """A Russian number word as its digits, any other word as it is (a семёрка is a card, not a number)."""
    if word.startswith("семер"):
        return word
    for end in range(len(word), 2, -1):
        if word[:end] in RUSSIAN_NUMBER_STEMS:
            return RUSSIAN_NUMBER_STEMS[word[:end]]
    return word


# ---------------------------------------------------------------------------------------------------------------
# The rule concepts in six languages

#: Each concept and, per language, the stems of the words that name it (a word names a concept when it begins
#: with one of its stems; a stem ending in "=" must be the whole word).
TERMS: dict[str, dict[str, str]] = {
    "card": {"en": "card", "es": "cart naipe", "it": "cart", "pl": "kart", "tr": "kart", "ru": "карт"},
    "table": {"en": "table board middle centre center", "es": "mesa centro", "it": "tavol centro",
              "pl": "stol plansz srod", "tr": "masa orta", "ru": "стол центр"},
    "hand": {"en": "hand", "es": "mano", "it": "mano mani", "pl": "rek reka reki", "tr": "elind eldek eller elin",
             "ru": "рук"},
    "deck": {"en": "deck stock pack", "es": "baraj mazo", "it": "mazzo", "pl": "tali", "tr": "deste",
             "ru": "колод"},
    "deal": {"en": "deal", "es": "repart", "it": "mazzier distribu", "pl": "rozda krupier", "tr": "dagıt",
             "ru": "сда раздач"},
    "take": {"en": "take took taking captur", "es": "captur llev toma tome recog", "it": "cattur pres prend",
             "pl": "przechwyt zbier zabier zbij zdoby", "tr": "alır alan almak alınan yakala",
             "ru": "захват забир бер взят"},
    "sweep": {"en": "escoba sweep swept clear", "es": "escoba barr limpi", "it": "escoba scopa spazz",
              "pl": "escob zamiat", "tr": "escoba supur", "ru": "escoba эскоб очист метл"},
    "sum": {"en": "sum add total make makes", "es": "suma sum total", "it": "somm total", "pl": "sum lacz",
            "tr": "toplam", "ru": "сумм сложи"},
    "point": {"en": "point score", "es": "punt", "it": "punt", "pl": "punkt", "tr": "puan punto", "ru": "очк очек"},
    "coins": {"en": "coin oros diamond", "es": "oro moned", "it": "oro ori quadri denar", "pl": "monet karo oro",
              "tr": "dirhem", "ru": "монет бубн"},
    "cups": {"en": "cup copas heart", "es": "copa", "it": "copp cuor", "pl": "kielich kier", "tr": "kupa",
             "ru": "чаш кубк черв"},
    "batons": {"en": "baton club bastos wand", "es": "basto", "it": "baston fiori", "pl": "trefl buław",
               "tr": "sinek", "ru": "жезл треф"},
    "swords": {"en": "sword espadas spade", "es": "espada", "it": "spad picch", "pl": "miecz pik", "tr": "kılıc",
               "ru": "меч пик"},
    "setenta": {"en": "setenta primiera", "es": "setenta", "it": "primiera", "pl": "setenta", "tr": "setenta",
                "ru": "setenta сетент"},
    "player": {"en": "player everyone", "es": "jugador", "it": "giocator", "pl": "gracz", "tr": "oyuncu",
               "ru": "игрок"},
    "side": {"en": "side team partner pair", "es": "equipo pareja bando", "it": "squadr coppi",
             "pl": "druzyn para pary", "tr": "grup takım", "ru": "сторон пар команд"},
    "turn": {"en": "turn", "es": "turno", "it": "turno", "pl": "tur kolej", "tr": "sıra", "ru": "ход очеред"},
    "last": {"en": "last", "es": "ultim", "it": "ultim", "pl": "ostatni", "tr": "son=", "ru": "последн"},
    "first": {"en": "first lead", "es": "primer", "it": "prim", "pl": "pierwsz", "tr": "ilk", "ru": "перв"},
    "win": {"en": "win won", "es": "gana", "it": "vinc vince", "pl": "wygr", "tr": "kazan", "ru": "выигр побед"},
    "most": {"en": "most more majority", "es": "mas= mayor", "it": "maggior piu=", "pl": "najwiec wiec",
             "tr": "cogun fazla", "ru": "больш"},
    "all": {"en": "all every whole", "es": "todo toda", "it": "tutt", "pl": "wszyst", "tr": "tum hepsi", "ru": "вс"},
    "match": {"en": "match game", "es": "partida juego", "it": "partit gioco", "pl": "gra= gry gre", "tr": "oyun",
              "ru": "матч игр"},
    "round": {"en": "round", "es": "ronda", "it": "giro", "pl": "rund", "tr": "tur=", "ru": "круг раунд"},
    "tie": {"en": "tie equal", "es": "empat igual", "it": "parit pari", "pl": "remis rown", "tr": "esit berabere",
            "ru": "равен ничь"},
    "must": {"en": "must", "es": "debe oblig", "it": "dev obblig", "pl": "musi", "tr": "zorunda gerek",
             "ru": "обязат долж"},
    "king": {"en": "king rey", "es": "rey", "it": "re=", "pl": "krol", "tr": "papaz rey", "ru": "король rey"},
    "knight": {"en": "knight queen caballo", "es": "caballo", "it": "cavall", "pl": "dama= caballo",
               "tr": "caballo sovalye", "ru": "caballo рыцар"},
    "jack": {"en": "jack sota page", "es": "sota", "it": "fant", "pl": "walet sota", "tr": "sota vale",
             "ru": "sota валет"},
    "ace": {"en": "ace", "es": "as=", "it": "asso", "pl": "as=", "tr": "as=", "ru": "туз"},
    "seven": {"en": "sevens", "es": "sietes", "it": "setteb", "pl": "siodem", "tr": "yedili", "ru": "семер"},
    "draw": {"en": "draw drew", "es": "roba saca", "it": "pesc", "pl": "ciagn", "tr": "ceker cekil", "ru": "тян тащ"},
    "high": {"en": "high", "es": "alta alto", "it": "alt", "pl": "wysok", "tr": "yuksek", "ru": "старш высш"},
    "face": {"en": "face open", "es": "boca descubiert", "it": "scopert copert", "pl": "odkryt zakryt",
             "tr": "acık kapalı", "ru": "открыт закрыт"},
    "empty": {"en": "empty", "es": "vaci", "it": "vuot", "pl": "pust", "tr": "bos=", "ru": "пуст"},
    "pile": {"en": "pile", "es": "monton pila", "it": "pila mucchio", "pl": "stos", "tr": "yıgın", "ru": "добыч стопк"},
}  # fmt: skip


def _lexicon() -> dict[str, tuple[dict[str, str], dict[str, str]]]:
    """Per language: the stems that begin a concept's word, and the whole words that are one."""
    found: dict[str, tuple[dict[str, str], dict[str, str]]] = defaultdict(lambda: ({}, {}))
    for concept, names in TERMS.items():
        for lang, stems in names.items():
            prefixes, exact = found[lang]
            for stem in fold(stems).split():
                if stem.endswith("="):
                    exact[stem[:-1]] = concept
                else:
                    prefixes[stem] = concept
    return dict(found)


LEXICON = _lexicon()
CARD = re.compile(r"^(10|[1-7ajqk])([dhcs])$")
RANK_CONCEPT = {"a": "ace", "j": "jack", "q": "knight", "k": "king"}
SUIT_CONCEPT = {"d": "coins", "h": "cups", "c": "batons", "s": "swords"}


def skeleton(text: str, lang: str) -> list[str]:
    """The text's numbers, cards and rule concepts in their order, in any language.

    >>> skeleton("Если сумма всех четырёх карт 15, сдающий забирает их", "ru")
    ['sum', 'all', '4', 'card', '15', 'deal', 'take']
    >>> skeleton("If all four cards sum to 15, the dealer takes them", "en")
    ['all', '4', 'card', 'sum', '15', 'deal', 'take']
    """
    prefixes, exact = LEXICON[lang]
    found: list[str] = []
    for word in words(text, lang):
        if word.isdigit():
            found.append(word)
        elif card := CARD.match(word):
            found += [RANK_CONCEPT.get(card[1], card[1]), SUIT_CONCEPT[card[2]]]
        elif word in exact:
            found.append(exact[word])
        else:
            found += [prefixes[word[:end]] for end in range(len(word), 1, -1) if word[:end] in prefixes][:1]
    return found


# ---------------------------------------------------------------------------------------------------------------
# Sentences and clauses

SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[^\w]*[A-ZА-ЯЁ0-9¿¡«\"'(])|\s*[\n•|]\s*|\s+-\s+(?=[A-ZА-ЯЁ])")
CLAUSE_END = re.compile(r"\s*[;:,()—–]\s*|\s+-\s+|\s*[.!?…]\s*")
#: A clause shorter than this many words joins the next one.
SHORTEST_CLAUSE = 4


def sentences(text: str) -> list[str]:
    """The text's sentences (list items, table cells and lines are sentences too).

    >>> sentences("Take the 7♦. Then sweep! • One point\\nTwo points")
    ['Take the 7♦.', 'Then sweep!', 'One point', 'Two points']
    """
    return [part.strip() for part in SENTENCE_END.split(text) if part and part.strip()]


def clauses(sentence: str) -> list[str]:
    """The sentence cut at its commas, semicolons, colons, dashes and brackets, a piece of fewer than four words
    joined to the next (the last to the one before).

    >>> clauses("If the four cards make 15, the dealer takes them; if 30, two escobas.")
    ['If the four cards make 15', 'the dealer takes them', 'if 30 two escobas']
    """
    merged: list[str] = []
    pending = ""
    for piece in (p for p in CLAUSE_END.split(sentence) if p and p.strip()):
        pending = f"{pending} {piece}".strip()
        if len(pending.split()) >= SHORTEST_CLAUSE:
            merged.append(pending)
            pending = ""
    if pending and merged:
        merged[-1] += " " + pending
    elif pending:
        merged.append(pending)
    return merged


# ---------------------------------------------------------------------------------------------------------------
# Texts to compare


@dataclass(frozen=True)
class Piece:
    """A text of the course or of a source, or a sentence, a clause or two sentences of one: its words, their
    language and where they are."""

    text: str
    lang: str
    where: str


def source_pieces(texts: Iterable[Piece]) -> list[Piece]:
    """Every sentence, clause and two sentences that follow one another in the texts (a source sentence may be
    rendered as two, or two as one)."""
    found: dict[tuple[str, str], Piece] = {}
    for text in texts:
        said = sentences(text.text)
        pieces = said + [c for s in said for c in clauses(s)] + [f"{a} {b}" for a, b in pairwise(said)]
        for piece in pieces:
            if len(piece.split()) >= 2:
                found.setdefault((piece, text.lang), Piece(piece, text.lang, text.where))
    return list(found.values())


def course_sentences(texts: Iterable[Piece]) -> list[Piece]:
    """Every sentence of the texts, once (at the first place it is found)."""
    found: dict[tuple[str, str], Piece] = {}
    for text in texts:
        for sentence in sentences(text.text):
            found.setdefault((sentence, text.lang), Piece(sentence, text.lang, text.where))
    return list(found.values())


LATIN_MARKERS = {
    "en": "the and of to is a in with are each player",
    "it": "il la di che e le per una con gli del sono",
    "pl": "i w z sie na nie jest do przez jako oraz",
    "tr": "ve bir bu ile icin olan da ya veya her",
    "es": "el la de que y los las en del se por",
}
MARKER_WORDS = {lang: set(marks.split()) for lang, marks in LATIN_MARKERS.items()}


def language(paragraph: str) -> str:
    """The paragraph's language: Russian by its letters, another by its commonest little words.

    >>> language("Il gatto di mia sorella dorme sul divano con la coperta")
    'it'
    """
    letters = [c for c in paragraph if c.isalpha()]
    if sum("а" <= c.lower() <= "я" for c in letters) > len(letters) / 2:
        return "ru"
    found = Counter(fold(paragraph).split())
    return max(MARKER_WORDS, key=lambda lang: sum(found[word] for word in MARKER_WORDS[lang]))


def source_texts(folder: Path) -> list[Piece]:
    """Every paragraph of the sources in the folder and of the project's RULES.md, with its language and line."""
    files = [*sorted([*folder.glob("*.txt"), *folder.glob("*.md")]), ROOT / "RULES.md"]
    found: list[Piece] = []
    for path in dict.fromkeys(files):
        name = path.name if path.parent != ROOT else "RULES.md (project)"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if len(line.split()) >= 3:
                found.append(Piece(line, language(line), f"{name}:{number}"))
    return found


def course_texts(root: Path = ROOT) -> list[Piece]:
    """Every message of the project, in English where the files keep it and in each catalogue's language."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_keywords, parse_mapping_cfg
    from babel.messages.pofile import read_po

    sys.path.insert(0, str(root))  # the course's own extractors
    with (root / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: list[Piece] = []
    english: dict[object, str] = {}
    with contextlib.redirect_stderr(io.StringIO()):  # babel's notes on f-strings it skips, which are not ours
        extracted = list(extract_from_dir(str(root), method_map, options_map, keywords=parse_keywords(KEYWORDS)))
    for filename, line, message, _comments, context in extracted:
        key = (context, message if isinstance(message, str) else message[0])
        where = f"{filename}:{line}"
        english.setdefault(key, where)
        for form in [message] if isinstance(message, str) else message:
            found.append(Piece(form, "en", where))
    for path in sorted((root / "trainer" / "locales").glob("*/LC_MESSAGES/messages.po")):
        lang = path.parts[-3]
        with path.open("rb") as po:
            catalog = read_po(po)
        for message in catalog:
            key = (message.context, message.id if isinstance(message.id, str) else message.id[0])
            if message.id and key in english:
                for form in dict.fromkeys([message.string] if isinstance(message.string, str) else message.string):
                    if form:
                        found.append(Piece(form, lang, f"{english[key]} [{lang}]"))
    return found


# ---------------------------------------------------------------------------------------------------------------
# Scores


def char_grams(text: str, lang: str, size: int) -> set[str]:
    """The character n-grams of the text's normal form, its words joined by spaces (so that n-grams across two
    words keep their order) with a space at each end.

    >>> sorted(char_grams("Sum 15!", "en", 4))
    [' 15 ', ' sum', 'm 15', 'sum ', 'um 1']
    """
    joined = f" {' '.join(words(text, lang))} "
    return {joined[i : i + size] for i in range(len(joined) - size + 1)}


def concept_pairs(text: str, lang: str) -> set[str]:
    """The skeleton's neighbours, in order: what two texts share when one renders the other clause by clause. Two
    numbers in a row are left out: a list of values or prices is a fact, which any wording of it shares.

    >>> sorted(concept_pairs("Prices: 7 is 21, 6 is 18, an ace 16.", "en"))
    ['18>ace', 'ace>16']
    """
    bones = skeleton(text, lang)
    return {f"{a}>{b}" for a, b in pairwise(bones) if not (a.isdigit() and b.isdigit())}


class Way:
    """One way to compare: the languages it pairs, the features it compares and how much a piece has to say."""

    name = ""
    #: A piece saying this much (in ``size``) or more can be a rendering in full; a smaller one counts in proportion.
    full = 1
    #: Two pieces sharing this many features or more can be one a rendering of the other; fewer count in proportion.
    enough = 1

    def pairs(self, mine: str, theirs: str) -> bool:
        """Whether a course piece in ``mine`` is compared with a source piece in ``theirs`` this way."""
        raise NotImplementedError

    def features(self, text: str, lang: str) -> set[str]:
        """The text's features."""
        raise NotImplementedError

    def size(self, text: str, lang: str) -> int:
        """How much the text says, in this way's measure."""
        raise NotImplementedError

    def weight(self, text: str, lang: str) -> float:
        """How far the text says enough to be a rendering: 0 to 1."""
        return min(1.0, self.size(text, lang) / self.full)


class Words(Way):
    """Character n-grams, within a language or between Spanish and Italian; a piece of ten words says enough
    (five words shared with a source are a phrase, not a sentence)."""

    name = "words"
    full = 10
    enough = 30

    def pairs(self, mine: str, theirs: str) -> bool:
        return mine == theirs or (mine, theirs) in KIN

    def features(self, text: str, lang: str) -> set[str]:
        """Character 4-grams, 3-grams in Spanish and Italian, so that the two can be compared."""
        return char_grams(text, lang, 3 if lang in ("es", "it") else 4)

    def size(self, text: str, lang: str) -> int:
        return len(words(text, lang))


class Skeleton(Way):
    """Numbers, cards and rule concepts in order, between any two languages; eight different pairs of neighbours
    say enough (three concepts in a row are a phrase any wording of the rule has)."""

    name = "skeleton"
    full = 8
    enough = 6

    def pairs(self, mine: str, theirs: str) -> bool:
        return mine != theirs

    def features(self, text: str, lang: str) -> set[str]:
        """The skeleton's neighbour pairs."""
        return concept_pairs(text, lang)

    def size(self, text: str, lang: str) -> int:
        return len(self.features(text, lang))


WAYS: tuple[Way, ...] = (Words(), Skeleton())


class Index:
    """The sources' pieces by their features, each feature weighed by its rarity, to find the source piece closest
    to a course piece in one pass over the features they share."""

    def __init__(self, way: Way, theirs: Sequence[Piece], mine: Sequence[Piece]) -> None:
        """Index the source pieces ``theirs``, a feature weighed by how rare it is among them and ``mine``."""
        bags = [way.features(piece.text, piece.lang) for piece in theirs]
        seen = Counter(feature for bag in bags for feature in bag)
        seen.update(feature for piece in mine for feature in way.features(piece.text, piece.lang))
        pieces = len(theirs) + len(mine)
        self.way = way
        self.weights = {feature: math.log(1 + pieces / count) for feature, count in seen.items()}
        self.postings: dict[str, list[int]] = defaultdict(list)
        self.totals = [sum(self.weights[feature] for feature in bag) for bag in bags]
        self.says = [way.weight(piece.text, piece.lang) for piece in theirs]
        self.sizes = [way.size(piece.text, piece.lang) for piece in theirs]
        for number, bag in enumerate(bags):
            for feature in bag:
                self.postings[feature].append(number)

    def closest(self, piece: Piece) -> tuple[float, int]:
        """The score of the source piece closest to ``piece``, and its number (-1 if they share nothing).

        Two pieces score by the share of one found in the other (the features they share over all of its
        features, each by its weight), whichever way is larger once each share is scaled by how much the
        contained piece says: a source clause found whole in a course sentence scores as high as a course
        sentence found whole in a source sentence. A source piece more than twice as long as the course piece
        found in it counts in proportion, since a long paragraph holds many short sentences' words; and so do
        fewer shared features than the way's ``enough``, however rare they are.
        """
        bag = self.way.features(piece.text, piece.lang)
        shared: dict[int, float] = defaultdict(float)
        count: Counter[int] = Counter()
        for feature in bag:
            weight = self.weights.get(feature, 0.0)
            for number in self.postings.get(feature, ()):
                shared[number] += weight
                count[number] += 1
        if not shared:
            return 0.0, -1
        total = sum(self.weights.get(feature, 0.0) for feature in bag) or 1.0
        size = self.way.size(piece.text, piece.lang)
        says = self.way.weight(piece.text, piece.lang)
        scored = {
            number: max(
                common / total * says * min(1.0, 2 * size / (self.sizes[number] or 1)),
                common / (self.totals[number] or 1.0) * self.says[number],
            )
            * min(1.0, count[number] / self.way.enough)
            for number, common in shared.items()
        }
        number = max(scored, key=lambda n: scored[n])
        return scored[number], number


@dataclass(frozen=True)
class Pair:
    """A course sentence, its part closest to a source piece (a clause, or the sentence itself), that source piece,
    the score and the way it was found."""

    score: float
    way: str
    sentence: Piece
    matched: str
    source: Piece


def closest_pairs(course: Sequence[Piece], source: Sequence[Piece]) -> list[Pair]:
    """For every course sentence, its closest source piece by each way that applies (the sentence whole and each
    of its clauses compared); the closest pairs first."""
    found: list[Pair] = []
    for way in WAYS:
        for lang in sorted({sentence.lang for sentence in course}):
            mine = [sentence for sentence in course if sentence.lang == lang]
            theirs = [piece for piece in source if way.pairs(lang, piece.lang)]
            if not theirs:
                continue
            index = Index(way, theirs, mine)
            for sentence in mine:
                parts = [sentence.text, *(part for part in clauses(sentence.text) if part != sentence.text)]
                scored = [(*index.closest(Piece(part, lang, sentence.where)), part) for part in parts]
                score, number, part = max(scored, key=lambda found: found[0])
                if number >= 0:
                    found.append(Pair(round(score, 3), way.name, sentence, part, theirs[number]))
    return sorted(found, key=lambda pair: -pair.score)


def similarity(course: str, course_lang: str, source: str, source_lang: str) -> float:
    """The score of a course text against one source text alone (its closest pair's)."""
    pairs = closest_pairs(
        course_sentences([Piece(course, course_lang, "course")]), source_pieces([Piece(source, source_lang, "source")])
    )
    return pairs[0].score if pairs else 0.0


# ---------------------------------------------------------------------------------------------------------------
# The report


def report(pairs: Sequence[Pair], top: int) -> Iterator[str]:
    """The ``top`` closest pairs, a course sentence once (by its closest way), then a summary."""
    best: dict[tuple[str, str], Pair] = {}
    for pair in pairs:
        best.setdefault((pair.sentence.where, pair.sentence.text), pair)
    for pair in list(best.values())[:top]:
        part = "" if pair.matched == pair.sentence.text else f"\n     clause: {pair.matched}"
        yield f"{pair.score:.2f} {pair.way:<8} {pair.sentence.where}"
        yield f"     course: {pair.sentence.text}{part}"
        yield f"     source: {pair.source.text}  ({pair.source.where})"
    yield ""
    yield f"{len(best)} course sentences scored; how many come closer to a source piece than:"
    scores = [pair.score for pair in best.values()]
    yield "  " + "  ".join(f"{bound:.2f}: {sum(score > bound for score in scores)}" for bound in BOUNDS)


BOUNDS = (0.4, 0.5, 0.6, 0.7, 0.8)


def main(argv: Sequence[str] | None = None) -> int:
    """Score the course against the sources in the folder given; 1 when a pair scores above ``--fail-above``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("sources", type=Path, help="the folder of the source documents (*.txt, *.md)")
    parser.add_argument("--top", type=int, default=30, help="how many of the closest pairs to print")
    parser.add_argument("--fail-above", type=float, help="fail when a pair scores above this")
    parser.add_argument(
        "--only",
        help="score only the course texts whose place contains this (a file name); rarity is then weighed "
        "over those texts and the sources, so scores move a little",
    )
    args = parser.parse_args(argv)
    course = [text for text in course_texts() if args.only is None or args.only in text.where]
    pairs = closest_pairs(course_sentences(course), source_pieces(source_texts(args.sources)))
    for line in report(pairs, args.top):
        print(line)
    above = [pair for pair in pairs if args.fail_above is not None and pair.score > args.fail_above]
    if above:
        print(f"\n{len(above)} pairs score above {args.fail_above}")
    return 1 if above else 0


if __name__ == "__main__":
    sys.exit(main())
