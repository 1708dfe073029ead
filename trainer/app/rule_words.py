"""The rule book's ids in the learner's words.

The engine cites the rule a sentence rests on by its id in the rule book ("counts 8, not 10 (R3)"; "played by its
penalties (V5)"). A learner has no rule book: ``RULES`` gives each id a short name and a line saying what the rule
is, marked for the catalogues. ``rule_words`` writes the ids of a sentence as those names, and ``rules_help`` says
what each rule named in a sentence is, for a tooltip or a note under it.

>>> from trainer.i18n import translator
>>> rule_words("Sota de bastos counts 8, not 10 (R3)", translator("en"))
'Sota de bastos counts 8, not 10 (card values)'
>>> rule_words("una ronda (R7-R8, R22)", translator("es"))
'una ronda (el que reparte y el primer turno; cómo se reparte; entre rondas)'
"""

import re

from trainer.i18n import Translator
from trainer.text import marked

#: Each rule of the rule book by its id (R1-R22, the classic game; V1-V6, the other tables): a short name, and what
#: the rule says, in a line.
RULES = {
    "R1": (marked("the deck"), marked("40 cards: ace to 7, then sota, caballo and rey, in each of four suits")),
    "R2": (marked("suits"), marked("coins, cups, swords and clubs; on French cards ♦ ♥ ♠ ♣")),
    "R3": (marked("card values"), marked("an ace counts 1, a number card its number, sota 8, caballo 9, rey 10")),
    "R4": (marked("writing cards"), marked("a card is written as its rank, then its suit: 7♦")),
    "R5": (marked("sides"), marked("two players alone, or four as two pairs of partners sitting face to face")),
    "R6": (marked("seats"), marked("the seats are numbered from 0 in the order of play")),
    "R7": (
        marked("dealer and first turn"),
        marked("the player after the dealer plays first, and deals the next deal"),
    ),
    "R8": (marked("dealing"), marked("three cards to each player, four face up on the table; the rest is the stock")),
    "R9": (
        marked("first table"),
        marked("four table cards making 15 go to the dealer's side as an escoba; making 30, as two"),
    ),
    "R10": (marked("new hands"), marked("once every hand is empty, three more cards each; the table gets none")),
    "R11": (marked("one card a turn"), marked("when your turn comes you put down a single card from your hand")),
    "R12": (marked("capture"), marked("the card played and table cards that make exactly 15 are taken together")),
    "R13": (marked("capture owed"), marked("any card may be played, but a card that can make 15 must take")),
    "R14": (marked("escoba"), marked("taking every card off the table at once earns one point")),
    "R15": (
        marked("last capture"),
        marked("at the end, the side that captured last takes what is left on the table, with no escoba"),
    ),
    "R16": (marked("check sum"), marked("the cards left at the end of a deal add up to 10, 25, 40 and so on")),
    "R17": (marked("taking back a wrong play"), marked("a play against the rules is refused, and nothing changes")),
    "R18": (
        marked("a deal's points"),
        marked("escobas pay one each; so do the 7 of coins and being ahead on setenta, coins and cards"),
    ),
    "R19": (
        marked("setenta"),
        marked(
            "the best card of each suit at its price (7 is 21, 6 is 18, the ace 16…), added up; no suit, no setenta"
        ),
    ),
    "R20": (marked("a deal scored"), marked("every scoring line of one deal, counted and summed")),
    "R21": (marked("match target"), marked("after a whole deal, a side with 21 or more wins the match")),
    "R22": (marked("between deals"), marked("every card is shuffled again, and the next player deals")),
    "V1": (marked("each table's points"), marked("each rule set scores its own list of points")),
    "V2": (marked("ties"), marked("a point for the most goes only to a side ahead of every other")),
    "V3": (marked("seats and sides"), marked("seats from 0 in the order of play; the last seat deals")),
    "V4": (
        marked("match end"),
        marked(
            "the match ends once a deal's count lifts a side to the target; if two get there, the bigger score takes it"
        ),
    ),
    "V5": (
        marked("playing by penalties"),
        marked("mistakes stay: a bad take is paid for at the count, and whoever plays next may grab an overlooked one"),
    ),
    "V6": (marked("printed numbers"), marked("sota, caballo and rey show 10, 11 and 12, but count 8, 9 and 10")),
}
# Rule ids in brackets, alone or several: "(R3)", "(R8, R10)", "(R5-R8, R10, R22)".
_ID = r"[RV]\d{1,2}"
_CITED = re.compile(rf"\((?P<ids>{_ID}(?:-{_ID})?(?:, {_ID}(?:-{_ID})?)*)\)")


def cited(ids: str) -> list[str]:
    """The rule ids a bracket names, a range spelt out: ``"R5-R7, R22"`` is R5, R6, R7, R22; an id the rule book
    does not have is kept as it is.

    >>> cited("R5-R7, R22"), cited("R3"), cited("R30")
    (['R5', 'R6', 'R7', 'R22'], ['R3'], ['R30'])
    """
    found: list[str] = []
    for part in ids.split(", "):
        first, _, last = part.partition("-")
        if last and first[0] == last[0]:
            found += [f"{first[0]}{n}" for n in range(int(first[1:]), int(last[1:]) + 1)]
        else:
            found.append(part)
    return found


def rule_words(text: str, t: Translator) -> str:
    """``text`` with each bracket of rule ids written as the rules' short names in the learner's language, several
    apart by semicolons (a name may have an "and" of its own)."""

    def named(found: re.Match[str]) -> str:
        ids = cited(found.group("ids"))
        return "(" + "; ".join(t.text(RULES[id_][0]) if id_ in RULES else id_ for id_ in ids) + ")"

    return _CITED.sub(named, text)


def rules_help(text: str, t: Translator) -> str | None:
    """What each rule a text cites says, one Markdown line each (its short name in bold); None if it cites none.

    >>> from trainer.i18n import translator
    >>> print(rules_help("counts 8, not 10 (R3); the table is empty (R14)", translator("en")))
    **card values**: an ace counts 1, a number card its number, sota 8, caballo 9, rey 10
    <BLANKLINE>
    **escoba**: taking every card off the table at once earns one point
    """
    ids = dict.fromkeys(id_ for found in _CITED.finditer(text) for id_ in cited(found.group("ids")) if id_ in RULES)
    if not ids:
        return None
    return "\n\n".join(f"**{t.text(RULES[id_][0])}**: {t.text(RULES[id_][1])}" for id_ in ids)
