"""Whether captured piles are ones a real deal can give (R9, R12, R14-R16).

A pile is built from *takes*, and this module accepts a pile exactly when it splits into them:

- **captures** (R11, R12): a hand card and the table cards it took, two or more cards adding up
  to exactly 15. Any card of a group can have been the one played, so only the values matter;
- at most one **opening sweep** (R9), for the dealer's side only: the four first table cards,
  adding up to 15 or 30. A sweep of 15 is a group of 15 that also brings its escoba, exactly as a
  capture that clears the table, so only the sweep of 30 (two escobas) is looked for apart;
- at the end of a deal only, the **last take** (R15): the table left over, which goes to the side
  that captured last. With all 40 cards in the deal it adds up to 10, 25, 40, ... (R16), so a pile
  adding up to a multiple of 15 has no last take and one adding up to 15k + 10 has one; a side
  with a last take needs a capture or the sweep of its own (the last capture).

The escobas a side claims (R14) are at least the sweep's (2 for 30) and at most that plus its
captures. A *whole deal* puts all 40 cards in the piles (two, or three where three play alone, V3),
at most one of them holds the sweep of 30, and exactly one holds the last take (the sums see to that).
Only a rule set whose first table of 30 brings two escobas has that sweep at all (R9, "Other rule
sets"); where the dealer's side takes a first table of 15 with no escoba, that take is a group of 15
like any other. A deal played by penalties (V5) keeps wrong captures of any sum, which this
check does not model: such a puzzle shows its deal's record instead. Piles of part of a deal (a
setenta puzzle, a choose puzzle's pile, a duel of fewer than 40 cards) hold no last take, except
a single pile, which may be a side's whole pile at the end. The checker stops at these counts: it
does not replay an order of plays, which the tables of a deal leave free enough.

Equal values are alike here, so a pile is searched as its count of cards per value, four bits a
value, and each count is split once (memoised within one check).

>>> from trainer.cards import parse_cards
>>> pile_problem(parse_cards("7♦ J♦ 2♥ 3♣ K♠"), end=False) is None  # 7+8, 2+3+10
True
>>> pile_problem(parse_cards("7♦ 7♥ 7♣ 7♠ K♦ 2♥"), end=True)
'this pile adds up to 40 but has no group of cards making 15: it holds no capture, so no last take either (R12, R15)'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from trainer.cards import DECK, Card, mask_of, value_of
from trainer.plays import CAPTURE_SUM, END_SUM_RESIDUE
from trainer.profile import CLASSIC, RuleProfile
from trainer.text import SIDES

DECK_SIZE = 40
SWEEP_OF_30 = 30  # R9: four opening cards adding up to 30 are two escobas for the dealer's side
_VALUES = range(1, 11)
_GUARD = sum(8 << (4 * (v - 1)) for v in _VALUES)  # bit 3 of each four-bit count: catches a borrow


def _one(value: int) -> int:
    return 1 << (4 * (value - 1))


def _multisets(total: int, largest: int, size: int | None) -> Iterator[tuple[int, ...]]:
    """Values from 1 to ``largest``, each at most four times, non-increasing, adding up to ``total``."""
    if total == 0 and size in (None, 0):
        yield ()
        return
    if size == 0:
        return
    for value in range(min(largest, total), 0, -1):
        for rest in _multisets(total - value, value, None if size is None else size - 1):
            if rest.count(value) < 4:
                yield (value, *rest)


def _packed(values: Sequence[int]) -> int:
    return sum(_one(value) for value in values)


#: The groups making 15, by their smallest value (a group is a count per value, packed).
_GROUPS_FROM = {low: [_packed(g) for g in _multisets(CAPTURE_SUM, 10, None) if g[-1] == low] for low in _VALUES}
_SWEEPS_OF_30 = [_packed(g) for g in _multisets(SWEEP_OF_30, 10, 4)]


def packed_counts(mask: int) -> int:
    """The number of cards of each value in a bitmask, four bits a value (bit i holds value i // 4 + 1).

    >>> from trainer.cards import parse_cards
    >>> packed_counts(mask_of(parse_cards("A♦ A♥ K♠"))) == 2 + (1 << 36)
    True
    """
    return sum(((mask >> (4 * (v - 1))) & 15).bit_count() << (4 * (v - 1)) for v in _VALUES)


def _fits(counts: int, group: int) -> bool:
    return ((counts | _GUARD) - group) & _GUARD == _GUARD


class _Search:
    """Searches one pile's counts for groups making 15; each dead end is remembered within the check."""

    def __init__(self) -> None:
        self.no_split: set[int] = set()
        self.no_pack: set[tuple[int, int]] = set()

    def splits(self, counts: int) -> bool:
        """Whether every card goes into a group making 15; the smallest card's group is chosen first."""
        if not counts:
            return True
        if counts in self.no_split:
            return False
        low = ((counts & -counts).bit_length() - 1) // 4 + 1
        if any(_fits(counts, group) and self.splits(counts - group) for group in _GROUPS_FROM[low]):
            return True
        self.no_split.add(counts)
        return False

    def packs(self, counts: int, wanted: int) -> bool:
        """Whether ``wanted`` separate groups making 15 can be taken out, leaving any cards over."""
        if wanted <= 0:
            return True
        if not counts or (counts, wanted) in self.no_pack:
            return False
        low = ((counts & -counts).bit_length() - 1) // 4 + 1
        # the smallest card is in one of the groups, or is left over
        if any(_fits(counts, g) and self.packs(counts - g, wanted - 1) for g in _GROUPS_FROM[low]) or self.packs(
            counts - _one(low), wanted
        ):
            return True
        self.no_pack.add((counts, wanted))
        return False


@dataclass(frozen=True, slots=True)
class Pile:
    """One side's pile, ready to be asked how a deal could have made it."""

    counts: int
    total: int
    last_take: bool  # its sum is 15k + 10: it holds the last take (R15)
    search: _Search

    @classmethod
    def of(cls, cards: Sequence[Card]) -> Pile | None:
        """The pile, or None if its sum allows no split at all (neither 15k nor 15k + 10)."""
        mask = mask_of(cards)
        total = value_of(mask)
        if total % CAPTURE_SUM not in (0, END_SUM_RESIDUE):
            return None
        return cls(packed_counts(mask), total, total % CAPTURE_SUM != 0, _Search())

    def _rests(self, sweep: bool) -> list[int]:
        """The counts left once the opening sweep of 30 is set apart (without it: the whole pile)."""
        if not sweep:
            return [self.counts]
        return [self.counts - group for group in _SWEEPS_OF_30 if _fits(self.counts, group)]

    def allows(self, escobas: int | None, sweep: bool) -> bool:
        """Whether a deal makes this pile, with ``escobas`` claimed (None: any number) and maybe the sweep of 30."""
        least = 2 if sweep else 0
        if escobas is not None and escobas < least:
            return False
        claimed = least if escobas is None else escobas
        if self.last_take:  # some captures and the cards left over; one capture at least, as the last (R15)
            wanted = max(claimed - least, 0 if sweep else 1)
            return any(self.search.packs(rest, wanted) for rest in self._rests(sweep))
        captures = (self.total - (SWEEP_OF_30 if sweep else 0)) // CAPTURE_SUM  # every group takes exactly 15
        return claimed - least <= captures and any(self.search.splits(rest) for rest in self._rests(sweep))

    def most_escobas(self, sweeps: tuple[bool, ...] = (False, True)) -> int:
        """The most escobas a deal can give this pile (-1: no deal gives it); ``sweeps``: with or without the
        sweep of 30."""
        return max((e for e in range(DECK_SIZE // 2) for sweep in sweeps if self.allows(e, sweep)), default=-1)


def _sweeps(profile: RuleProfile) -> tuple[bool, ...]:
    """Whether a pile may hold the opening sweep of 30: only where it brings escobas (R9)."""
    return (False, True) if profile.initial_sweep else (False,)


def pile_problem(
    cards: Sequence[Card], end: bool, escobas: int | None = None, profile: RuleProfile = CLASSIC
) -> str | None:
    """Why no deal gives this one pile (``end``: it may hold the last take), or None if one can."""
    pile = Pile.of(cards)
    if pile is None or (pile.last_take and not end):
        total = sum(card.value for card in cards)
        takes = "captures take 15 at a time" + (" and the last take 10, 25, 40, ..." if end else "")
        return f"this pile adds up to {total}, but {takes}: no deal gives it (R12{', R15, R16' if end else ''})"
    sweeps = _sweeps(profile)
    if any(pile.allows(escobas, sweep) for sweep in sweeps):
        return None
    if not any(pile.allows(None, sweep) for sweep in sweeps):
        if pile.last_take:
            return (
                f"this pile adds up to {pile.total} but has no group of cards making 15: "
                "it holds no capture, so no last take either (R12, R15)"
            )
        return f"this pile adds up to {pile.total} but cannot be split into groups of cards making 15 (R12)"
    return (
        f"{escobas} escobas claimed, but this pile holds at most {pile.most_escobas(sweeps)} (one per capture, R14; R9)"
    )


def deal_problem(
    piles: Sequence[Sequence[Card]], escobas: Sequence[int] | None = None, profile: RuleProfile = CLASSIC
) -> str | None:
    """Why no deal of this rule set has these piles (A's, B's and maybe C's) at its end, or None if one can.

    With fewer than 40 cards the piles are taken to be part of a deal, with no last take yet.

    >>> from trainer.cards import DECK
    >>> deal_problem([DECK[:20], DECK[20:]], [0, 0]) is None
    True
    >>> deal_problem([DECK[:20], DECK[20:]], [5, 0])
    'A: 5 escobas claimed, but this pile holds at most 4 (one per capture, R14; R9)'
    """
    whole = sum(map(len, piles)) == DECK_SIZE
    claims: list[int | None] = [None] * len(piles) if escobas is None else list(escobas)
    for name, cards, claim in zip(SIDES, piles, claims, strict=False):
        problem = pile_problem(cards, whole, claim, profile)
        if problem is not None:
            return f"{name}: {problem}"
    made = [Pile.of(cards) for cards in piles]
    # At most one side, the dealer's, holds the sweep of 30 (R9): try none, then each side in turn.
    for sweeper in [None, *range(len(made))] if profile.initial_sweep else [None]:
        if all(
            pile is not None and pile.allows(claim, side == sweeper)
            for side, (pile, claim) in enumerate(zip(made, claims, strict=True))
        ):
            return None
    return "each pile needs the opening sweep of 30 to be made, but only the dealer's side takes it (R9)"


@dataclass(frozen=True)
class Completed:
    """A position set up by hand made whole: the stock, and every side's pile with the captures it was missing."""

    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]


_LARGEST_GROUP = 4  # a completion's captures: a hand card and at most three table cards
_SEARCH_BUDGET = 20_000  # groups tried before a completion gives up


def stock_sizes(players: int, profile: RuleProfile = CLASSIC) -> list[int]:
    """The stock left once each round of hands is dealt (R8, R10), the first round first.

    >>> stock_sizes(2), stock_sizes(4)
    ([30, 24, 18, 12, 6, 0], [24, 12, 0])
    """
    left, round_size = DECK_SIZE - profile.table_size, profile.hand_size * players
    return [left - round_size * rounds for rounds in range(1, left // round_size + 1)]


def complete(
    table: Sequence[Card],
    hands: Sequence[Sequence[Card]],
    piles: Sequence[Sequence[Card]],
    escobas: Sequence[int],
    profile: RuleProfile = CLASSIC,
    stock: int | None = None,
) -> Completed:
    """The stock and piles that make a position set up by hand one a real deal reaches; ``ValueError`` says why none do.

    The cards not in sight go to the stock (``stock`` cards, else what the earliest round that fits leaves, R8, R10)
    and to the piles as captures of 15 (R12): never more captures for a side than its seats have made plays (a pile
    given may also hold the dealer's first table, R9). The cards outside the piles then add up to 10, 25, 40, ...
    (R16). The same position always gets the same completion, its plainest cards in the piles. A completion adds
    captures made by plays, never a first table.

    >>> from trainer.cards import parse_cards
    >>> done = complete(parse_cards("J♥ Q♥"), [(), parse_cards("J♣")], [(), ()], [0, 0], stock=0)
    >>> len(done.stock), [len(pile) for pile in done.piles]
    (0, [20, 17])
    """
    players, sides = len(hands), len(piles)
    if any(len(hand) > profile.hand_size for hand in hands):
        raise ValueError(f"a hand holds at most {profile.hand_size} cards (R8)")
    sizes = stock_sizes(players, profile)
    if stock is not None and stock not in sizes:
        counts = ", ".join(map(str, sizes))
        raise ValueError(f"a stock of {stock} cards is never left with {players} players, only {counts} (R8, R10)")
    in_play = [*table, *(card for hand in hands for card in hand)]
    if stock == 0 and sum(card.value for card in in_play) % CAPTURE_SUM != END_SUM_RESIDUE:
        total = sum(card.value for card in in_play)
        raise ValueError(
            f"with the stock gone, the table and the hands add up to {total}, but the last cards of a deal always "
            "add up to 10, 25, 40, ... (R16)"
        )
    seen = {*in_play, *(card for pile in piles for card in pile)}
    hidden = sorted((card for card in DECK if card not in seen), key=_plainness)
    groups_held = [sum(card.value for card in pile) // CAPTURE_SUM for pile in piles]
    needs = [max(0, claim - held) for claim, held in zip(escobas, groups_held, strict=True)]
    # R9: up to two groups of the dealer's side's pile may be its first table, taken before any play
    swept = [min(held, 2) if side == (players - 1) % sides and profile.first_table != "none" else 0
             for side, held in enumerate(groups_held)]  # fmt: skip
    for rounds, left in enumerate(sizes, start=1):
        missing = len(hidden) - left  # the cards the piles still lack
        if (
            (stock is not None and left != stock)
            or missing < 0
            or (left == 0 and value_of(mask_of(hidden)) % CAPTURE_SUM)
        ):
            continue
        made = [
            sum(profile.hand_size * rounds - len(hand) for seat, hand in enumerate(hands) if seat % sides == side)
            for side in range(sides)
        ]
        room = [made[side] + swept[side] - groups_held[side] for side in range(sides)]
        found = _captures(hidden, missing, room, needs) if missing != 1 else None
        if found is not None:
            taken = [{card for s, group in found if s == side for card in group} for side in range(sides)]
            return Completed(
                tuple(card for card in DECK if card not in seen and not any(card in t for t in taken)),
                tuple(tuple(sorted({*pile, *more})) for pile, more in zip(piles, taken, strict=True)),
            )
    where = f"a stock of {stock} cards" if stock is not None else "any round of hands"
    raise ValueError(
        f"with {where}, the {len(hidden)} cards out of sight cannot be split into a stock and piles of captures "
        "of 15 the plays so far could make (R8, R10, R12, R16)"
    )


def _plainness(card: Card) -> tuple[bool, bool, bool, int]:
    """Cards that decide points last (the 7♦, sevens, coins), so a completed pile takes the plainest first."""
    return (str(card) == "7♦", card.rank == "7", card.suit.name == "COINS", DECK.index(card))


def _captures(
    cards: list[Card], missing: int, room: list[int], needs: list[int]
) -> list[tuple[int, tuple[Card, ...]]] | None:
    """Groups of 15 from ``cards`` holding ``missing`` cards in all, each with the side whose pile takes it: every side
    gets at least ``needs`` and at most ``room`` of them; None if no such groups are found."""
    budget = [_SEARCH_BUDGET]

    def search(
        left: list[Card], missing: int, groups: list[tuple[Card, ...]]
    ) -> list[tuple[int, tuple[Card, ...]]] | None:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if missing == 0:
            sides = _sides_for(len(groups), room, needs)
            return None if sides is None else list(zip(sides, groups, strict=True))
        if len(left) < missing:
            return None
        first, rest = left[0], left[1:]
        for size in range(2, min(_LARGEST_GROUP, missing) + 1):
            if missing - size == 1:
                continue
            for others in combinations(rest, size - 1):
                if first.value + sum(card.value for card in others) == CAPTURE_SUM:
                    found = search([c for c in rest if c not in others], missing - size, [*groups, (first, *others)])
                    if found is not None:
                        return found
        return search(rest, missing, groups)  # the first card stays in the stock

    return search(cards, missing, [])


def _sides_for(count: int, room: list[int], needs: list[int]) -> list[int] | None:
    """Which side takes each of ``count`` captures: first what every side needs, then the one with most room."""
    if min(room) < 0 or any(need > space for need, space in zip(needs, room, strict=True)):
        return None
    if not sum(needs) <= count <= sum(room):
        return None
    sides = [side for side, need in enumerate(needs) for _ in range(need)]
    left = [space - need for space, need in zip(room, needs, strict=True)]
    while len(sides) < count:
        side = max(range(len(left)), key=lambda s: (left[s], -s))
        sides.append(side)
        left[side] -= 1
    return sides
