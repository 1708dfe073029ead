"""Whole deals played fast on plain integers, for bots that play many deals in their head.

It follows the same rules as ``trainer.deal.Deal`` (every rule set and player count, legal plays only, the
rule set's hand and table sizes, with every round dealing whole hands) and lists legal plays in the same
order, so the same choices give the same deal; a test replays thousands of deals through both. It never
referees a learner: ``Deal`` does that.

A card is its index in ``DECK`` (bit ``1 << index``); a hand, the table and a pile are bitmasks.
A table's capture groups are kept by sum in the order they were found, which depends on the order its cards were
laid; wherever plays are listed or one is picked by its place in the list, a card's groups are sorted, which gives
``Deal``'s order.

>>> points = random_deal_points(3, seed=1)
>>> len(points), all(len(deal) == 2 for deal in points)
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import filterfalse

from trainer.cards import DECK, VALUES, WHOLE_DECK
from trainer.plays import CAPTURE_SUM, groups_by_sum
from trainer.profile import PROFILES, RuleProfile
from trainer.scoring import COINS_MASK, SEVEN_OF_COINS, SEVENS_MASK

#: By a card's bit length (its index + 1), the sum the table cards must make with it.
NEEDED = (0, *(CAPTURE_SUM - value for value in VALUES))
#: By a card's index, the same.
_NEEDED_BY_INDEX = NEEDED[1:]
#: Moves are (card bit, captured bitmask); a lay captures 0.
Move = tuple[int, int]


@dataclass(frozen=True)
class Rules:
    """What a playout needs of a rule set, unpacked once."""

    profile: RuleProfile
    must_any: bool
    first_table: str
    points: tuple[tuple[str, int], ...]
    in_place_of: tuple[tuple[str, str], ...]
    suit_prices: tuple[tuple[tuple[int, int], ...], ...]  # per suit: (card bit, price), best price first

    @classmethod
    def of(cls, profile: RuleProfile) -> Rules:
        suits = []
        for suit in range(4):
            cards = [card for card in DECK if card.index % 4 == suit]
            ranked = sorted(cards, key=lambda card: -profile.setenta_prices[card.rank])
            suits.append(tuple((card.bit, profile.setenta_prices[card.rank]) for card in ranked))
        return cls(
            profile,
            profile.must_capture == "any",
            profile.first_table,
            tuple(profile.points.items()),
            tuple(profile.in_place_of.items()),
            tuple(suits),
        )


_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {}
_GROUPS_KEPT = 1 << 18  # tables whose groups are kept: some tens of megabytes at most


def forget_tables() -> None:
    """Empty the cache of table groups, to measure or test from a cold start."""
    _GROUPS.clear()


def table_groups(table: int) -> tuple[tuple[int, ...], ...]:
    """``groups_by_sum`` with a cache large enough for the many tables of many playouts."""
    return _GROUPS.get(table) or _keep(table, groups_by_sum.__wrapped__(table))


def _keep(table: int, found: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Keep a table's groups, making room when the cache is full."""
    if len(_GROUPS) >= _GROUPS_KEPT:
        _GROUPS.clear()
    _GROUPS[table] = found
    return found


def _with(sums: tuple[tuple[int, ...], ...], table: int, bit: int) -> tuple[tuple[int, ...], ...]:
    """The groups of ``table``, from those of the table before ``bit`` was laid on it: the new groups (each with
    ``bit``) after the old ones."""
    value = VALUES[bit.bit_length() - 1]
    grown = list(sums)
    grown[value] = (*sums[value], bit)
    add = bit.__or__
    for total in range(value + 1, CAPTURE_SUM):
        if sums[total - value]:
            grown[total] = (*sums[total], *map(add, sums[total - value]))
    return _keep(table, tuple(grown))


def _without(sums: tuple[tuple[int, ...], ...], table: int, taken: int) -> tuple[tuple[int, ...], ...]:
    """The groups of ``table``, from those of the table before ``taken`` left it."""
    clash = taken.__and__
    return _keep(table, tuple([tuple(filterfalse(clash, groups)) if groups else groups for groups in sums]))


def legal_moves(hand: int, table: int, must_any: bool) -> list[Move]:
    """The legal plays of a hand on a table, in ``Deal.legal_plays`` order."""
    sums = table_groups(table)
    moves: list[Move] = []
    can_capture = False
    while hand:
        low = hand & -hand
        hand ^= low
        groups = sums[NEEDED[low.bit_length()]]
        if groups:
            moves.extend([(low, group) for group in sorted(groups)])
            can_capture = True
        else:
            moves.append((low, 0))
    if must_any and can_capture:
        return [move for move in moves if move[1]]
    return moves


def setenta(pile: int, rules: Rules) -> int | None:
    """The pile's setenta (R19), or None if a suit is missing."""
    total = 0
    for prices in rules.suit_prices:
        for bit, price in prices:
            if pile & bit:
                total += price
                break
        else:
            return None
    return total


def _most(figures: Sequence[int | None]) -> int:
    """The side strictly ahead of every other (V2), or -1."""
    best, who, shared = -1, -1, False
    for side, figure in enumerate(figures):
        if figure is None:
            continue
        if figure > best:
            best, who, shared = figure, side, False
        elif figure == best:
            shared = True
    return -1 if shared else who


def deal_points(piles: Sequence[int], escobas: Sequence[int], rules: Rules) -> list[int]:
    """Every side's points for a finished deal (R18, V1), as ``Deal.score`` totals them."""
    sides = range(len(piles))
    cards = [pile.bit_count() for pile in piles]
    winners: dict[str, int] = {}  # the side that wins each category, -1 for nobody
    for name, _ in rules.points:
        if name == "cards":
            winners[name] = _most(cards)
        elif name in ("coins", "all_coins"):
            coins = [(pile & COINS_MASK).bit_count() for pile in piles]
            winners["coins"], winners["all_coins"] = _most(coins), _full(coins, 10)
        elif name in ("sevens", "all_sevens"):
            sevens = [(pile & SEVENS_MASK).bit_count() for pile in piles]
            winners["sevens"], winners["all_sevens"] = _most(sevens), _full(sevens, 4)
        elif name == "setenta":
            winners[name] = _most([setenta(pile, rules) for pile in piles])
        elif name == "seven_of_coins":
            winners[name] = next((side for side in sides if piles[side] & SEVEN_OF_COINS.bit), -1)
    for bonus, replaced in rules.in_place_of:
        if bonus in winners and winners[bonus] >= 0 and winners.get(replaced) == winners[bonus]:
            winners[replaced] = -1  # the bonus is won in place of that point
    points = [0] * len(piles)
    for name, worth in rules.points:
        if name == "escoba":
            for side in sides:
                points[side] += escobas[side] * worth
        elif name == "few_cards":
            if len(piles) == 2:
                for side in sides:
                    points[side] += worth * (cards[1 - side] < 10)
        elif winners[name] >= 0:
            points[winners[name]] += worth
    return points


def _full(counts: Sequence[int], whole: int) -> int:
    """The side holding all ``whole`` cards of a kind, or -1."""
    return counts.index(whole) if whole in counts else -1


def _opening(deck: Sequence[int], players: int, rules: Rules) -> tuple[int, list[int], list[int], int]:
    """The table dealt from ``deck`` (R8), with the first-table rule (R9) applied: the table, the piles, the
    escobas and the side of the last capture (-1 for none)."""
    sides, dealt = rules.profile.sides(players), rules.profile.hand_size * players
    piles, escobas = [0] * sides, [0] * sides
    shown = deck[dealt : dealt + rules.profile.table_size]
    table = sum(1 << index for index in shown)
    first = sum(VALUES[index] for index in shown)
    if (rules.first_table == "escobas" and first in (15, 30)) or (rules.first_table == "take" and first == 15):
        side = (players - 1) % sides
        piles[side] = table
        escobas[side] = first // 15 if rules.first_table == "escobas" else 0
        return 0, piles, escobas, side
    return table, piles, escobas, -1


Uniform = Callable[[], float]  # a number from 0 up to 1, as ``random.random`` draws


@dataclass(slots=True)
class Position:
    """A deal in progress, changed in place by ``apply``; ``copy`` it to explore."""

    rules: Rules
    players: int
    hands: list[int]
    table: int
    stock: list[int]  # card indices still to deal, in dealing order
    piles: list[int]
    escobas: list[int]
    last: int = -1  # the side of the last capture, -1 for none yet
    to_play: int = 0  # -1 once the deal is over

    @classmethod
    def from_deck(cls, deck: Sequence[int], players: int, rules: Rules) -> Position:
        """Deal ``deck`` (R8) and take the first table if the rule set says so (R9)."""
        hands, dealt = [0] * players, rules.profile.hand_size * players
        for i in range(dealt):
            hands[i % players] |= 1 << deck[i]
        table, piles, escobas, last = _opening(deck, players, rules)
        stock = list(deck[dealt + rules.profile.table_size :])
        return cls(rules, players, hands, table, stock, piles, escobas, last)

    def copy(self) -> Position:
        return Position(
            self.rules, self.players, self.hands[:], self.table, self.stock[:], self.piles[:], self.escobas[:],
            self.last, self.to_play,
        )  # fmt: skip

    def unseen(self) -> int:
        """The cards the seat to play has not seen: the other hands', the stock's, any out of play."""
        seen = self.table | self.hands[self.to_play]
        for pile in self.piles:
            seen |= pile
        return WHOLE_DECK & ~seen

    def moves(self) -> list[Move]:
        """The legal plays of the seat to play."""
        return legal_moves(self.hands[self.to_play], self.table, self.rules.must_any)

    def apply(self, move: Move) -> None:
        """Make a play; deal again when every hand is empty (R10), and end the deal with the last take (R15)."""
        seat = self.to_play
        bit, captured = move
        self.hands[seat] ^= bit
        if captured:
            side = seat % len(self.piles)
            self.table ^= captured
            self.piles[side] |= captured | bit
            self.last = side
            if not self.table:
                self.escobas[side] += 1
        else:
            self.table |= bit
        self.to_play = (seat + 1) % self.players
        if self.to_play or any(self.hands):
            return
        if self.stock:
            count = self.rules.profile.hand_size * self.players
            dealt, self.stock = self.stock[:count], self.stock[count:]
            for i, index in enumerate(dealt):
                self.hands[i % self.players] |= 1 << index
        else:
            if self.last >= 0:
                self.piles[self.last] |= self.table
                self.table = 0
            self.to_play = -1

    def points(self) -> list[int]:
        """Every side's points, once the deal is over."""
        return deal_points(self.piles, self.escobas, self.rules)


def play_deal(
    deck: Sequence[int], players: int, rules: Rules, uniform: Uniform, record: bool = True
) -> tuple[list[int], list[Move]]:
    """Deal ``deck`` (card indices, R8) and play it out, each play drawn with ``uniform``: of n legal plays the one
    at index ``int(uniform() * n)`` (no draw when there is one); the points per side and the moves made (none
    kept without ``record``).

    ``Position.apply`` written out, with hands as sorted lists of card indices, and the play at the drawn index
    counted out instead of listing every legal play, as this is where the bots' time goes; it picks the play
    ``legal_moves`` would list at that index."""
    dealt = rules.profile.hand_size * players
    hands = [sorted(deck[seat:dealt:players]) for seat in range(players)]
    stock, next_round = deck[dealt + rules.profile.table_size :], 0
    table, piles, escobas, last = _opening(deck, players, rules)
    sides, must_any, needed = len(piles), rules.must_any, _NEEDED_BY_INDEX
    moves: list[Move] = []
    sums = table_groups(table)
    cached = _GROUPS.get
    while True:
        for seat in range(players):
            hand = hands[seat]
            if len(hand) == 1:  # its last card: no choice but among its captures
                card = hand.pop()
                groups = sums[needed[card]]
                if len(groups) > 1:
                    captured = sorted(groups)[int(uniform() * len(groups))]
                else:
                    captured = groups[0] if groups else 0
            else:
                takes = lays = 0
                for card in hand:
                    if groups := sums[needed[card]]:
                        takes += len(groups)
                    else:
                        lays += 1
                may_lay = not (must_any and takes)
                count = takes + lays if may_lay else takes
                left = int(uniform() * count) if count > 1 else 0
                for card in hand:  # the play at index ``left``, in ``legal_moves`` order
                    if groups := sums[needed[card]]:
                        if left < len(groups):
                            captured = sorted(groups)[left] if len(groups) > 1 else groups[0]
                            break
                        left -= len(groups)
                    elif may_lay:
                        if not left:
                            captured = 0
                            break
                        left -= 1
                hand.remove(card)
            bit = 1 << card
            if record:
                moves.append((bit, captured))
            if captured:
                side = seat % sides
                table ^= captured
                piles[side] |= captured | bit
                last = side
                if not table:
                    escobas[side] += 1
                sums = cached(table) or _without(sums, table, captured)
            else:
                table |= bit
                sums = cached(table) or _with(sums, table, bit)
        if hands[0]:
            continue
        if next_round == len(stock):
            break
        for seat in range(players):
            hands[seat] = sorted(stock[next_round + seat : next_round + dealt : players])
        next_round += dealt
    if last >= 0:
        piles[last] |= table
    return deal_points(piles, escobas, rules), moves


def random_deal_points(n: int, seed: int, players: int = 2, rules: str = "classic") -> list[tuple[int, ...]]:
    """The points per side of ``n`` random deals, each shuffled and played by uniformly random legal plays."""
    profile = PROFILES[rules]
    if players not in profile.players:
        raise ValueError(f"the {rules} rule set is not for {players} players")
    unpacked = Rules.of(profile)
    rng = random.Random(seed)
    uniform = rng.random
    cards = range(len(DECK))
    results = []
    for _ in range(n):
        deck = sorted(cards, key=lambda _: uniform())  # a uniform shuffle, twice as fast as rng.shuffle
        points, _ = play_deal(deck, players, unpacked, uniform, record=False)
        results.append(tuple(points))
    return results
