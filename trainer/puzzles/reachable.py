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

from trainer.cards import Card, mask_of, value_of
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
