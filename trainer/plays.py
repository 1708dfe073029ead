"""Plays and captures (R11-R14, R17).

>>> from trainer import cards_text, parse_card, parse_cards
>>> table = parse_cards("A♦ 4♣ 7♦")
>>> [cards_text(group) for group in captures(parse_card("3♥"), table)]
['A♦ 4♣ 7♦']
>>> illegal_reason(Play(parse_card("3♥"), frozenset(parse_cards("4♣"))), parse_cards("3♥"), table)
'3♥ + 4♣ = 7, not 15'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from trainer.cards import DECK, R4, VALUES, Card, CardError, Notation, cards_of, cards_text, mask_of, parse_cards
from trainer.text import Said, said, said_plural

CAPTURE_SUM = 15  # R12
#: The cards left on the table after a whole deal add up to this, modulo 15 (R16): 220 % 15.
END_SUM_RESIDUE = sum(VALUES) % CAPTURE_SUM


#: The codes of the reasons the rules refuse a play for (``Refusal``).
REASONS = (
    "not_in_hand",
    "played_and_taken",
    "not_on_table",
    "must_capture",
    "must_capture_with_other",
    "not_fifteen",
    "deal_over",
    "not_a_missed_capture",
)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules refuse a play (R17): a ``reason`` code with the cards and figures it names, so that an app can
    word it in any language; ``str()`` is the English sentence a learner reads.

    ============================  =====================================================================================
    reason                        the play
    ============================  =====================================================================================
    ``not_in_hand``               plays ``card``, which is not in the hand (R11)
    ``played_and_taken``          takes ``card``, the card it plays
    ``not_on_table``              takes ``cards``, which are not on the table
    ``must_capture``              lays ``card`` on the table when it can take ``cards`` (R13)
    ``must_capture_with_other``   lays ``card`` down when the hand's ``taker`` can take ``cards``, in a rule set where a
                                  player who can capture must
    ``not_fifteen``               takes ``cards`` with ``card``, making ``total``, not 15 (R12)
    ``deal_over``                 comes once the deal is over
    ``not_a_missed_capture``      claims ``card`` with ``cards``, which is not a capture the last player missed (V5)
    ============================  =====================================================================================

    >>> from trainer import parse_card, parse_cards
    >>> refusal = Refusal("not_fifteen", parse_card("3♥"), parse_cards("4♣"), total=7)
    >>> str(refusal)
    '3♥ + 4♣ = 7, not 15'
    """

    reason: str
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    taker: Card | None = None
    total: int = 0

    def __post_init__(self) -> None:
        if self.reason not in REASONS:
            raise ValueError(f"no such reason: {self.reason!r}")

    def __str__(self) -> str:
        return str(self.said)

    @property
    def said(self) -> Said:
        """The reason in words, kept as a message for the learner's language."""
        card, cards, added = str(self.card), cards_text(self.cards), " + ".join(map(str, self.cards))
        if self.reason == "not_in_hand":
            return said("{card} is not in your hand", card=card)
        if self.reason == "played_and_taken":
            return said("{card} is the card you play; it cannot also be taken", card=card)
        if self.reason == "not_on_table":
            return said_plural(
                "{cards} is not on the table", "{cards} are not on the table", len(self.cards), cards=cards
            )
        if self.reason == "must_capture":
            return said("{card} can take {cards}, so it cannot be laid on the table (R13)", card=card, cards=added)
        if self.reason == "must_capture_with_other":
            return said(
                "{card} cannot be laid on the table: your {taker} can take {cards}, and in this rule set a player who "
                "can capture must",
                card=card,
                taker=str(self.taker),
                cards=added,
            )
        if self.reason == "not_fifteen":
            total = f"{card} + {added}"
            return said("{sum} = {total}, not {fifteen}", sum=total, total=self.total, fifteen=CAPTURE_SUM)
        if self.reason == "deal_over":
            return said("the deal is over")
        # not_a_missed_capture: the claim in words, the card played first
        taking = said("{card} taking {cards}", card=card, cards=cards)
        return said("{play} is not a capture the last player missed", play=taking)


class IllegalPlay(ValueError):
    """A play the rules forbid; the message is the reason a learner reads (R17), in English.

    Raised by the rules with a ``Refusal``, which ``refusal`` keeps and ``reason`` names by its code, so that an app
    can word it in the learner's language; raised with a sentence of its own (a puzzle file's play, say), it has no
    refusal and an empty reason.
    """

    def __init__(self, message: Refusal | str) -> None:
        super().__init__(str(message))
        self.refusal = message if isinstance(message, Refusal) else None

    @property
    def reason(self) -> str:
        """The refusal's code ("not_in_hand", "must_capture", ...), or "" for a message of its own."""
        return "" if self.refusal is None else self.refusal.reason

    def __reduce__(self) -> tuple[type[IllegalPlay], tuple[Refusal | str]]:
        return type(self), (self.refusal or str(self),)


class InvalidPlay(CardError):
    """Text that cannot be read as a play: no card (``reason`` "no_card"), or a card named twice ("card_twice", in
    ``text``). A card that cannot be read raises ``CardError``, of which this is a kind, so one ``except CardError``
    catches every play that cannot be read."""

    def __init__(self, words: Said, reason: str = "", text: str = "") -> None:
        super().__init__(words)
        self.reason = reason
        self.text = text

    def __reduce__(self) -> tuple[type[InvalidPlay], tuple[Said, str, str]]:  # type: ignore[override]
        return type(self), (self.said, self.reason, self.text)


@dataclass(frozen=True, slots=True)
class Play:
    """One card from hand, and the table cards it takes (none: laid on the table)."""

    card: Card
    captured: frozenset[Card] = frozenset()
    captured_mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "captured_mask", mask_of(self.captured))

    def __str__(self) -> str:
        """Canonical text: the hand card first, then what it takes: ``3♥ A♦ 4♣ 7♦``."""
        return " ".join([str(self.card), *(str(c) for c in sorted(self.captured))])

    def __repr__(self) -> str:
        return f"parse_play({str(self)!r})"


def parse_play(text: str, notation: Notation = R4) -> Play:
    """Read a play from its text, in ``notation``: the hand card first, then the cards it takes; ``CardError``
    (``InvalidPlay`` among them) if it cannot be read. Whether the rules allow it is for ``Deal.verify_play``."""
    cards = parse_cards(text, notation)
    if not cards:
        raise InvalidPlay(said("a play needs at least the card you play"), "no_card")
    if len(set(cards)) != len(cards):
        raise InvalidPlay(said("{text} names a card twice", text=repr(text.strip())), "card_twice", text.strip())
    return Play(cards[0], frozenset(cards[1:]))


@lru_cache(maxsize=8192)
def groups_by_sum(table: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty group of table cards summing to at most 14, by sum.

    ``groups_by_sum(table)[s]`` holds the bitmasks of the groups summing to s,
    so a card of value v captures exactly the groups at ``15 - v`` (R12).
    """
    found: list[list[int]] = [[] for _ in range(CAPTURE_SUM)]
    partial = [(0, 0)]  # (group, sum) of every group built so far, the empty one included
    while table:
        bit = table & -table
        table ^= bit
        value = VALUES[bit.bit_length() - 1]
        grown = []
        for group, total in partial:
            total += value
            if total < CAPTURE_SUM:
                grown.append((group | bit, total))
                found[total].append(group | bit)
        partial += grown
    return tuple(map(tuple, found))


@lru_cache(maxsize=65536)
def play_of(card_index: int, captured: int) -> Play:
    """The ``Play`` value for a card index and a captured bitmask (shared instances)."""
    return Play(DECK[card_index], frozenset(cards_of(captured)))


def capture_masks(card: Card, table: int) -> tuple[int, ...]:
    """Bitmasks of the table groups ``card`` can take (R12)."""
    return groups_by_sum(table)[CAPTURE_SUM - card.value]


def captures(played: Card, table: Iterable[Card]) -> list[frozenset[Card]]:
    """Every set of table cards that makes 15 with the played card (R12)."""
    return [play_of(played.index, m).captured for m in capture_masks(played, mask_of(table))]


def legal_plays_masks(hand: int, table: int, must_capture: str = "played") -> list[Play]:
    """``legal_plays`` on bitmasks: the engine's fast path."""
    sums = groups_by_sum(table)
    plays: list[Play] = []
    can_capture = False
    while hand:
        low = hand & -hand
        index = low.bit_length() - 1
        hand ^= low
        groups = sums[CAPTURE_SUM - VALUES[index]]
        if groups:  # R13: a card that can make 15 must capture
            plays.extend(play_of(index, g) for g in groups)
            can_capture = True
        else:
            plays.append(play_of(index, 0))
    if must_capture == "any" and can_capture:  # a player who can capture with some card must capture
        return [play for play in plays if play.captured_mask]
    return plays


def legal_plays(hand: Iterable[Card], table: Iterable[Card], must_capture: str = "played") -> list[Play]:
    """Every legal play (R11-R13): any hand card, capturing whenever it can (with ``must_capture="any"``, a hand
    that can capture with some card must capture)."""
    return legal_plays_masks(mask_of(hand), mask_of(table), must_capture)


def illegal_reason(play: Play, hand: Iterable[Card], table: Iterable[Card], must_capture: str = "played") -> str | None:
    """Why ``play`` is illegal with this hand and table, or None if it is legal (R17)."""
    return illegal_reason_masks(play, mask_of(hand), mask_of(table), must_capture)


def illegal_reason_masks(play: Play, hand: int, table: int, must_capture: str = "played") -> str | None:
    """``illegal_reason`` on bitmasks."""
    refusal = refusal_masks(play, hand, table, must_capture)
    return None if refusal is None else str(refusal)


def refusal_of(play: Play, hand: Iterable[Card], table: Iterable[Card], must_capture: str = "played") -> Refusal | None:
    """Why ``play`` is illegal with this hand and table, as a ``Refusal``, or None if it is legal (R17).

    >>> from trainer import parse_cards
    >>> refusal_of(parse_play("K♠"), parse_cards("3♥"), parse_cards("A♦")).reason
    'not_in_hand'
    """
    return refusal_masks(play, mask_of(hand), mask_of(table), must_capture)


def refusal_masks(play: Play, hand: int, table: int, must_capture: str = "played") -> Refusal | None:
    """``refusal_of`` on bitmasks."""
    card = play.card
    if not hand & card.bit:
        return Refusal("not_in_hand", card)
    captured = play.captured_mask
    options = capture_masks(card, table)
    if captured and captured in options:
        return None
    if not captured and not options:
        other = _other_capture(hand & ~card.bit, table) if must_capture == "any" else None
        if other is None:
            return None
        taker, group = other
        return Refusal("must_capture_with_other", card, cards_of(group), taker)
    if card in play.captured:
        return Refusal("played_and_taken", card)
    missing = captured & ~table
    if missing:
        return Refusal("not_on_table", cards=cards_of(missing))
    if not captured:
        return Refusal("must_capture", card, cards_of(options[0]))
    total = card.value + sum(c.value for c in play.captured)
    return Refusal("not_fifteen", card, tuple(sorted(play.captured)), total=total)


def playable_reason_masks(play: Play, hand: int, table: int) -> str | None:
    """Why ``play`` cannot even be made at a real table (V5: the card is not in hand, or a card taken is not on
    the table, or is the card played), or None; a wrong or missed capture can be made, and is penalised."""
    refusal = playable_refusal_masks(play, hand, table)
    return None if refusal is None else str(refusal)


def playable_refusal_masks(play: Play, hand: int, table: int) -> Refusal | None:
    """``playable_reason_masks`` as a ``Refusal``."""
    card = play.card
    if not hand & card.bit:
        return Refusal("not_in_hand", card)
    if play.captured_mask & card.bit:
        return Refusal("played_and_taken", card)
    missing = play.captured_mask & ~table
    if missing:
        return Refusal("not_on_table", cards=cards_of(missing))
    return None


def _other_capture(hand: int, table: int) -> tuple[Card, int] | None:
    """A hand card that can capture, and a group it takes, if any."""
    for card in cards_of(hand):
        if groups := capture_masks(card, table):
            return card, groups[0]
    return None


def is_end_of_deal_sum(total: int) -> bool:
    """Whether a whole deal can end with this much on the table: 10, 25, 40, ... (R16)."""
    return total % CAPTURE_SUM == END_SUM_RESIDUE


def missing_value(visible: Iterable[Card]) -> int | None:
    """The value of the one unseen card that makes an end-of-deal table add up (R16), if any can.

    >>> from trainer import parse_cards
    >>> missing_value(parse_cards("K♦ 3♥ 5♣"))  # 18 + 7 = 25
    7
    """
    value = (END_SUM_RESIDUE - sum(card.value for card in visible)) % CAPTURE_SUM
    return value if 1 <= value <= 10 else None
