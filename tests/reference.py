"""A slow, naive re-reading of RULES.md, used only to check the engine.

Nothing here comes from ``trainer`` except the card type itself: values, prices,
capture search, the five rule sets, sides, scoring and the course of a deal are all
written out again from the rule book, as plainly as possible (lists, loops, every
subset). The rule-set table below is copied by hand from the "Other rule sets" section,
not read from ``trainer.profile``.

>>> from trainer import parse_card, parse_cards
>>> sorted(len(group) for group in captures(parse_card("3♥"), parse_cards("A♦ 4♣ 7♦ Q♠")))
[3]
>>> setenta(parse_cards("7♦ 6♥ A♣ 5♠"))
70
>>> [sides(n) for n in (2, 3, 4, 6)], [side_of(seat, 6) for seat in range(6)]
([2, 3, 2, 2], [0, 1, 0, 1, 0, 1])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from trainer import Card

RefPlay = tuple[Card, frozenset[Card]]

SUITS = ("♦", "♥", "♣", "♠")  # R2; ♦ is coins (oros)
COINS = "♦"
VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}  # R3, V6
PRICES = {"A": 16, "2": 12, "3": 13, "4": 14, "5": 15, "6": 18, "7": 21, "J": 10, "Q": 10, "K": 10}  # R19
HAND_SIZE = 3  # R8, R10
TABLE_SIZE = 4  # R8
TARGET_SUM = 15  # R12
SWEEP_ESCOBAS = {15: 1, 30: 2}  # R9
PENALTY_BASE = 4  # V5: a wrong capture costs 4, plus 1 for each escoba of the deal


# -- the rule sets ("Other rule sets (profiles)") --------------------------------------------


@dataclass(frozen=True)
class Rules:
    """One row of the rule-set table, with its V1 scoring, as the rule book states it."""

    name: str
    players: tuple[int, ...]
    targets: tuple[int, ...]  # the usual target first, then the ones a player may choose instead
    first_table: str  # "escobas": 15 gives 1 escoba, 30 gives 2; "take": exactly 15 taken, no escoba; "none"
    any_must_capture: bool  # False: R13 (only the played card must capture); True: any hand card that can
    points: tuple[tuple[str, int], ...]  # V1: scoring categories and their worth, in the order V1 lists them
    sevens_in_place_of_seven_of_coins: bool = False  # V1: all four sevens score instead of the 7♦ point
    table_mode_allowed: bool = False  # V5
    first_dealer_by_high_card: bool = False  # V4


RULE_SETS = {
    rules.name: rules
    for rules in (
        Rules(
            "classic",
            players=(2, 4),
            targets=(21,),
            first_table="escobas",
            any_must_capture=False,
            points=(("escoba", 1), ("cards", 1), ("coins", 1), ("seven_of_coins", 1), ("setenta", 1)),
        ),
        Rules(
            "sevens",
            players=(2, 3, 4),
            targets=(21, 15),
            first_table="take",
            any_must_capture=True,
            points=(
                ("escoba", 1), ("cards", 1), ("coins", 1), ("sevens", 1), ("seven_of_coins", 1), ("all_sevens", 1),
            ),
        ),
        Rules(
            "escova",
            players=(2, 3, 4),
            targets=(31,),
            first_table="none",
            any_must_capture=True,
            points=(("escoba", 1), ("cards", 1), ("coins", 1), ("all_coins", 2), ("seven_of_coins", 1)),
        ),
        Rules(
            "cardgames",
            players=(2, 3, 4),
            targets=(21,),
            first_table="escobas",
            any_must_capture=False,
            points=(
                ("escoba", 1), ("cards", 1), ("coins", 1), ("all_coins", 2), ("sevens", 1), ("seven_of_coins", 1),
                ("all_sevens", 3),
            ),
            sevens_in_place_of_seven_of_coins=True,
        ),
        Rules(
            "turkish",
            players=(2, 3, 4, 6),
            targets=(21, 31),
            first_table="escobas",
            any_must_capture=True,
            points=(
                ("escoba", 1), ("cards", 1), ("coins", 1), ("all_coins", 2), ("sevens", 1), ("seven_of_coins", 1),
                ("all_sevens", 3), ("few_cards", 2),
            ),
            sevens_in_place_of_seven_of_coins=True,
            table_mode_allowed=True,
            first_dealer_by_high_card=True,
        ),
    )
}  # fmt: skip

#: Every (rule set, player count) pair the rule book allows.
GAMES = [(name, players) for name, rules in RULE_SETS.items() for players in rules.players]


def sides(players: int) -> int:
    """V3: with 2 or 3 players each seat is a side of its own; 4 or 6 players make two sides."""
    if players in (2, 3):
        return players
    return 2


def side_of(seat: int, players: int) -> int:
    """V3: alone with 2 or 3 players; with 4 or 6, even seats are one side and odd seats the other."""
    if players in (2, 3):
        return seat
    return 0 if seat % 2 == 0 else 1


# -- cards -------------------------------------------------------------------------------


def suit(card: Card) -> str:
    """The suit symbol, read off the written card (R4)."""
    return str(card)[-1]


def value(card: Card) -> int:
    """Capture value (R3), whatever number a Spanish deck prints on the court cards (V6)."""
    return VALUES[card.rank]


def total(cards: Iterable[Card]) -> int:
    """Sum of capture values."""
    return sum(value(card) for card in cards)


def is_seven_of_coins(card: Card) -> bool:
    return card.rank == "7" and suit(card) == COINS


# -- a turn (R11-R13) ------------------------------------------------------------------


def captures(played: Card, table: Sequence[Card]) -> set[frozenset[Card]]:
    """Every non-empty group of table cards making 15 with ``played`` (R12)."""
    groups = set()
    for size in range(1, len(table) + 1):
        for group in combinations(table, size):
            if value(played) + total(group) == TARGET_SUM:
                groups.add(frozenset(group))
    return groups


def legal_plays(hand: Sequence[Card], table: Sequence[Card], any_must_capture: bool = False) -> set[RefPlay]:
    """Any hand card (R11, R13); it captures one group if it can (R12, R13), else is laid down.

    When any hand card that can capture must (``sevens``, ``escova``, ``turkish``), a hand with a capture
    in it may not lay a card down at all.
    """
    plays: set[RefPlay] = set()
    for card in hand:
        groups = captures(card, table)
        if groups:
            for group in groups:
                plays.add((card, group))
        else:
            plays.add((card, frozenset()))
    if any_must_capture:
        capturing = {play for play in plays if play[1]}
        if capturing:
            return capturing
    return plays


def is_legal(
    card: Card, taken: Iterable[Card], hand: Sequence[Card], table: Sequence[Card], any_must_capture: bool = False
) -> bool:
    """Whether playing ``card`` and taking ``taken`` is allowed (R11-R13)."""
    return (card, frozenset(taken)) in legal_plays(hand, table, any_must_capture)


def can_be_made(card: Card, taken: Iterable[Card], hand: Sequence[Card], table: Sequence[Card]) -> bool:
    """Whether a play can be made with the cards at all (V5): the card is in hand, what it takes is on the table."""
    taken = set(taken)
    return card in hand and card not in taken and all(c in table for c in taken)


def fault(
    card: Card, taken: Iterable[Card], hand: Sequence[Card], table: Sequence[Card], any_must_capture: bool
) -> str:
    """V5: "" for a legal play, "wrong" for a capture not making 15, "missed" for a card laid down wrongly."""
    taken = list(taken)
    if is_legal(card, taken, hand, table, any_must_capture):
        return ""
    return "wrong" if taken else "missed"


# -- scoring (R18, R19, V1, V2, V5) -------------------------------------------------------------


def setenta(pile: Iterable[Card]) -> int | None:
    """Best price in each suit, added; None when a suit is missing (R19)."""
    pile = list(pile)
    result = 0
    for s in SUITS:
        prices = [PRICES[card.rank] for card in pile if suit(card) == s]
        if not prices:
            return None
        result += max(prices)
    return result


def strictly_ahead(figures: Sequence[int | None]) -> int | None:
    """The side whose figure beats every other side's (R18, V2); None when nobody does.

    A figure of None (no valid setenta, R19) is beaten by any number and beats nothing.
    """
    for side, mine in enumerate(figures):
        if mine is None:
            continue
        if all(other is None or mine > other for o, other in enumerate(figures) if o != side):
            return side
    return None


def score_deal(
    piles: Sequence[Iterable[Card]],
    escobas: Sequence[int],
    rules: str = "classic",
    wrong_captures: Sequence[int] | None = None,
    table_mode: bool = False,
) -> list[dict[str, int]]:
    """Points per category for each side, then ``total`` (R18, R19, V1, V2, V5).

    Each side's dict lists the rule set's categories in the order V1 gives them, then ``penalty`` when the
    deal was played by the penalties of V5, then ``total``.
    """
    book = RULE_SETS[rules]
    piles = [list(pile) for pile in piles]
    n = len(piles)
    card_counts = [len(pile) for pile in piles]
    coin_counts = [len([c for c in pile if suit(c) == COINS]) for pile in piles]
    seven_counts = [len([c for c in pile if c.rank == "7"]) for pile in piles]
    most_cards = strictly_ahead(card_counts)
    most_coins = strictly_ahead(coin_counts)
    most_sevens = strictly_ahead(seven_counts)
    best_setenta = strictly_ahead([setenta(pile) for pile in piles])
    scores = []
    for side in range(n):
        points: dict[str, int] = {}
        has_all_sevens = seven_counts[side] == 4
        for category, worth in book.points:
            if category == "escoba":
                won = escobas[side]
            elif category == "cards":
                won = most_cards == side
            elif category == "coins":
                won = most_coins == side
            elif category == "all_coins":
                won = coin_counts[side] == 10
            elif category == "sevens":
                won = most_sevens == side
            elif category == "seven_of_coins":
                won = any(is_seven_of_coins(c) for c in piles[side])
                if book.sevens_in_place_of_seven_of_coins and has_all_sevens:
                    won = False  # the all-sevens bonus is scored instead
            elif category == "all_sevens":
                won = has_all_sevens
            elif category == "setenta":
                won = best_setenta == side
            elif category == "few_cards":  # two sides only
                won = n == 2 and card_counts[1 - side] < 10
            else:
                raise AssertionError(category)
            points[category] = worth * int(won)
        if table_mode:
            wrong = 0 if wrong_captures is None else wrong_captures[side]
            points["penalty"] = -(PENALTY_BASE + sum(escobas)) * wrong
        points["total"] = sum(points.values())
        scores.append(points)
    return scores


def shut_out(piles: Sequence[Iterable[Card]], rules: str) -> int | None:
    """V1 (``turkish``, two sides): the side that took no card while the other took some, or None."""
    if rules != "turkish" or len(piles) != 2:
        return None
    counts = [len(list(pile)) for pile in piles]
    for side in (0, 1):
        if counts[side] == 0 and counts[1 - side] > 0:
            return side
    return None


def match_winner(totals: Sequence[int], target: int) -> int | None:
    """V4, R21: of the sides at the target or above, the one with the highest total; None if nobody is there or
    the highest total is shared (another deal)."""
    reached = [side for side, points in enumerate(totals) if points >= target]
    if not reached:
        return None
    best = max(totals[side] for side in reached)
    top = [side for side in reached if totals[side] == best]
    return top[0] if len(top) == 1 else None


# -- a whole deal (R8-R10, R14, R15, V3, V5) ---------------------------------------------------


@dataclass
class RefDeal:
    """The state of a deal in plain lists; seats 0..n-1, sides as V3 says (R5, R6)."""

    players: int
    stock: list[Card]
    table: list[Card] = field(default_factory=list)
    hands: list[list[Card]] = field(default_factory=list)
    piles: list[list[Card]] | None = None
    escobas: list[int] | None = None
    to_play: int | None = 0
    last_capturer: int | None = None
    remainder: list[Card] = field(default_factory=list)
    rules: str = "classic"
    table_mode: bool = False  # V5
    wrong: list[int] | None = None  # V5: wrong captures that stood, per side
    claimable: Card | None = None  # V5: a card just laid down although it could have captured

    def __post_init__(self) -> None:
        n = sides(self.players)
        if self.piles is None:
            self.piles = [[] for _ in range(n)]
        if self.escobas is None:
            self.escobas = [0] * n
        if self.wrong is None:
            self.wrong = [0] * n

    @property
    def book(self) -> Rules:
        return RULE_SETS[self.rules]

    @property
    def dealer(self) -> int:
        """Seat 0 leads, so the dealer sits last (R7, V3)."""
        return self.players - 1

    def side(self, seat: int) -> int:
        return side_of(seat, self.players)

    def deal_hands(self) -> None:
        """Three cards each, one at a time, seat 0 first, from the front of the stock (R8, R10)."""
        self.hands = [[] for _ in range(self.players)]
        for _ in range(HAND_SIZE):
            for seat in range(self.players):
                self.hands[seat].append(self.stock.pop(0))

    def legal_plays(self) -> set[RefPlay]:
        """The legal plays of the seat to play; none once the deal is over."""
        if self.to_play is None:
            return set()
        return legal_plays(self.hands[self.to_play], self.table, self.book.any_must_capture)

    def fault(self, card: Card, taken: Iterable[Card]) -> str:
        """What is wrong with a play that can be made (V5)."""
        assert self.to_play is not None
        return fault(card, taken, self.hands[self.to_play], self.table, self.book.any_must_capture)

    def claims(self) -> set[RefPlay]:
        """V5: the captures the seat to play may still claim: the card just laid although it could capture, with
        each group of the other table cards that makes 15 with it."""
        if self.claimable is None or self.to_play is None:
            return set()
        others = [c for c in self.table if c != self.claimable]
        return {(self.claimable, group) for group in captures(self.claimable, others)}

    def claim(self, card: Card, taken: Iterable[Card]) -> None:
        """V5: the seat to play takes the missed capture for its own side; no escoba; it still has to play."""
        taken = frozenset(taken)
        assert (card, taken) in self.claims()
        assert self.to_play is not None and self.piles is not None
        side = self.side(self.to_play)
        for c in [card, *taken]:
            self.table.remove(c)
        self.piles[side] += [card, *taken]
        self.last_capturer = side
        self.claimable = None

    def play(self, card: Card, taken: Iterable[Card]) -> None:
        """Play one card (R11), capturing ``taken`` (R12) or laying it down (R13); by V5 a wrong play stands."""
        assert self.to_play is not None, "the deal is over"
        assert self.piles is not None and self.escobas is not None and self.wrong is not None
        taken = list(taken)
        seat = self.to_play
        side = self.side(seat)
        hand = self.hands[seat]
        if self.table_mode:
            assert can_be_made(card, taken, hand, self.table)
            mistake = self.fault(card, taken)
        else:
            assert is_legal(card, taken, hand, self.table, self.book.any_must_capture)
            mistake = ""
        could_capture = bool(mistake) and not taken and bool(captures(card, self.table))
        self.claimable = None  # a claim not made before this play is gone
        hand.remove(card)
        if taken:
            for c in taken:
                self.table.remove(c)
            self.piles[side] += [*taken, card]
            self.last_capturer = side  # a wrong capture that stands still counts as a capture
            if mistake:
                self.wrong[side] += 1  # and is never an escoba
            elif not self.table:  # R14, the last play of the deal included
                self.escobas[side] += 1
        else:
            self.table.append(card)
            if mistake and could_capture:
                self.claimable = card
        self.to_play = (seat + 1) % self.players
        if all(not hand for hand in self.hands):
            if self.stock:  # R10
                self.deal_hands()
            else:  # R15
                self.remainder = list(self.table)
                if self.last_capturer is not None:
                    self.piles[self.last_capturer] += self.table
                    self.table = []
                self.to_play = None
                self.claimable = None

    def score(self) -> list[dict[str, int]]:
        """The deal's points (R18, V1, V5)."""
        assert self.piles is not None and self.escobas is not None
        return score_deal(self.piles, self.escobas, self.rules, self.wrong, self.table_mode)


def new_deal(deck: Sequence[Card], players: int, rules: str = "classic", table_mode: bool = False) -> RefDeal:
    """Deal hands then the table from the front of ``deck``, and apply the rule set's first-table rule (R8, R9)."""
    assert players in RULE_SETS[rules].players
    state = RefDeal(players=players, stock=list(deck), rules=rules, table_mode=table_mode)
    state.deal_hands()
    state.table = state.stock[:TABLE_SIZE]
    state.stock = state.stock[TABLE_SIZE:]
    assert state.piles is not None and state.escobas is not None
    first = total(state.table)
    rule = RULE_SETS[rules].first_table
    dealer_side = state.side(state.dealer)
    if (rule == "escobas" and first in SWEEP_ESCOBAS) or (rule == "take" and first == 15):
        state.piles[dealer_side] += state.table
        state.escobas[dealer_side] += SWEEP_ESCOBAS[first] if rule == "escobas" else 0
        state.last_capturer = dealer_side  # counts as a capture for R15
        state.table = []
    return state


# -- counting play sequences (tests/data/perft.yaml) ----------------------------------------------


def copy_deal(state: RefDeal) -> RefDeal:
    """An independent copy of a deal state: every list copied."""
    return RefDeal(
        players=state.players,
        stock=list(state.stock),
        table=list(state.table),
        hands=[list(hand) for hand in state.hands],
        piles=[list(pile) for pile in state.piles or []],
        escobas=list(state.escobas or []),
        to_play=state.to_play,
        last_capturer=state.last_capturer,
        remainder=list(state.remainder),
        rules=state.rules,
        table_mode=state.table_mode,
        wrong=list(state.wrong or []),
        claimable=state.claimable,
    )


def perft(state: RefDeal, depth: int) -> tuple[int, int, int]:
    """Every sequence of ``depth`` legal plays from ``state``, counted as (sequences, sequences whose last play
    captures, sequences whose last play is an escoba); a deal ending sooner counts as one sequence."""
    if depth == 0 or state.to_play is None:
        return 1, 0, 0
    found = [0, 0, 0]
    for card, taken in legal_plays(state.hands[state.to_play], state.table, state.book.any_must_capture):
        after = copy_deal(state)
        escobas = sum(after.escobas or [])
        after.play(card, taken)
        if depth == 1:
            found[0] += 1
            found[1] += bool(taken)
            found[2] += sum(after.escobas or []) > escobas
        else:
            for i, count in enumerate(perft(after, depth - 1)):
                found[i] += count
    return found[0], found[1], found[2]
