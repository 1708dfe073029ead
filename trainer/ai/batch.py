"""Many ways the hidden cards may lie, each played out after each of a few plays, compiled with Numba.

The bots and the coach weigh a play by playing the deal out on hundreds or thousands of ways the hidden cards may
lie; in Python that takes seconds. Here the ways are drawn and played out in machine code, as ``View.world`` draws
them and as ``greedy_move`` chooses (with ``greedy_key``, ``careful_key`` or ``counting_key``), the last few cards
perhaps at best as ``exact_search`` plays them, and scored as ``deal_points`` scores them; tests check the choices,
playouts, searches and scores against the Python ones on many positions of every rule set.
The ways come from Numba's own random numbers, seeded from ``seed``, so they are not the ones ``View.world`` would
draw for it.

A card is its index in ``DECK``; a hand, the table and a pile are bitmasks in 64-bit integers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

import numpy as np
from numba import njit

from trainer.ai.playout import NEEDED
from trainer.ai.view import View
from trainer.cards import DECK, VALUE_MASKS, VALUES, WHOLE_DECK
from trainer.plays import CAPTURE_SUM, Play
from trainer.scoring import COINS_MASK, SEVEN_OF_COINS, SEVENS_MASK

#: The scoring categories, by their number here.
CATEGORIES = ("escoba", "few_cards", "cards", "coins", "all_coins", "sevens", "all_sevens", "setenta", "seven_of_coins")
_ESCOBA, _FEW_CARDS, _CARDS, _COINS, _ALL_COINS, _SEVENS, _ALL_SEVENS, _SETENTA, _SEVEN_OF_COINS = range(9)
_CARD_VALUES = np.array(VALUES, dtype=np.int64)
_VALUE_MASKS = np.array([0, *VALUE_MASKS.values()], np.int64)  # by value
#: The playout policies, by their number here (``bots.POLICIES`` has their keys in Python).
PLAYOUTS = ("greedy", "careful", "counting", "sparing")
_COUNTING, _SPARING = PLAYOUTS.index("counting"), PLAYOUTS.index("sparing")
#: The values the sparing policy lays down first to last, other things equal: the cards that take a seven (the
#: sota) and those worth most towards the setenta are kept.
LAY_ORDER = (9, 10, 1, 2, 8, 3, 4, 5, 6, 7)
_KEPT = np.array([0, *(LAY_ORDER.index(value) for value in range(1, 11))], np.int64)  # by value
_NEEDED = np.array(NEEDED[1:], dtype=np.int64)  # by card index


@cache
def _scoring(
    points: tuple[tuple[str, int], ...],
    in_place_of: tuple[tuple[str, str], ...],
    suit_prices: tuple[tuple[tuple[int, int], ...], ...],
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A rule set's scoring (``Rules``) as arrays: each category's worth (0 where it scores nothing), which categories
    are weighed (a pair such as coins and all the coins is weighed together), the (bonus, replaced) pairs, and per
    suit its cards by price, best first, with their prices."""
    worth, weighed = np.zeros(len(CATEGORIES), np.int64), np.zeros(len(CATEGORIES), np.bool_)
    for name, worth_of in points:
        worth[CATEGORIES.index(name)] = worth_of
        for pair in (("coins", "all_coins"), ("sevens", "all_sevens"), (name,)):
            if name in pair:
                weighed[[CATEGORIES.index(member) for member in pair]] = True
    in_place = np.array([(CATEGORIES.index(b), CATEGORIES.index(r)) for b, r in in_place_of], np.int64)
    prices = np.array(
        [[(bit.bit_length() - 1, price) for bit, price in suit] for suit in suit_prices], np.int64
    ).reshape(4, -1, 2)
    return worth, weighed, in_place.reshape(-1, 2), prices


@njit(cache=True)
def _count(mask: int) -> int:
    found = 0
    while mask:
        mask &= mask - 1
        found += 1
    return found


@njit(cache=True)
def _most(figures: np.ndarray) -> int:
    """The side strictly ahead of every other, or -1; a negative figure takes no part."""
    best, who, shared = -1, -1, False
    for side in range(len(figures)):
        if figures[side] < 0:
            continue
        if figures[side] > best:
            best, who, shared = figures[side], side, False
        elif figures[side] == best:
            shared = True
    return -1 if shared else who


@njit(cache=True)
def _full(counts: np.ndarray, whole: int) -> int:
    for side in range(len(counts)):
        if counts[side] == whole:
            return side
    return -1


@njit(cache=True)
def _points(piles, escobas, scoring, masks, figures, winners):  # type: ignore[no-untyped-def]
    """Every side's points for a finished deal, as ``deal_points`` gives them; ``scoring`` is the rule set's
    (``_scoring``). ``figures`` (five rows of a column a side) and ``winners`` (one a category) are room for the
    counting, so that a search scoring many deals allocates nothing for each: the points are its last row."""
    worth, weighed, in_place, prices = scoring
    coins_mask, sevens_mask, seven_of_coins = masks
    sides = len(piles)
    figures[:] = 0
    cards, coins, sevens, setenta, points = figures[0], figures[1], figures[2], figures[3], figures[4]
    for side in range(sides):
        cards[side] = _count(piles[side])
        coins[side] = _count(piles[side] & coins_mask)
        sevens[side] = _count(piles[side] & sevens_mask)
        for suit in range(4):
            price = -1
            for place in range(prices.shape[1]):
                if price < 0 and piles[side] >> prices[suit, place, 0] & 1:
                    price = prices[suit, place, 1]
            if price < 0 or setenta[side] < 0:
                setenta[side] = -1  # a suit missing: no setenta
            else:
                setenta[side] += price
    winners[:] = -1
    winners[_CARDS], winners[_COINS], winners[_ALL_COINS] = _most(cards), _most(coins), _full(coins, 10)
    winners[_SEVENS], winners[_ALL_SEVENS], winners[_SETENTA] = _most(sevens), _full(sevens, 4), _most(setenta)
    for side in range(sides):
        if piles[side] & seven_of_coins:
            winners[_SEVEN_OF_COINS] = side
            break
    for pair in range(len(in_place)):
        bonus, replaced = in_place[pair, 0], in_place[pair, 1]
        if weighed[bonus] and weighed[replaced] and winners[bonus] >= 0 and winners[replaced] == winners[bonus]:
            winners[replaced] = -1
    for side in range(sides):
        points[side] += escobas[side] * worth[_ESCOBA]
        if sides == 2 and cards[1 - side] < 10:
            points[side] += worth[_FEW_CARDS]
    for category in range(_CARDS, len(worth)):
        if worth[category] and winners[category] >= 0:
            points[winners[category]] += worth[category]
    return points


@njit(cache=True)
def _side_margins(piles, escobas, scoring, masks):  # type: ignore[no-untyped-def]
    """Each side's points less the best other side's, for a finished deal; ``scoring`` is the rule set's
    (``_scoring``)."""
    points = _points(piles, escobas, scoring, masks, *_room_to_score(len(piles)))
    found = np.zeros(len(piles), np.int64)
    for side in range(len(piles)):
        found[side] = _ahead(points, side)
    return found


@njit(cache=True)
def _room_to_score(sides):  # type: ignore[no-untyped-def]
    """The room ``_points`` counts in, for ``sides`` sides."""
    return np.zeros((5, sides), np.int64), np.zeros(len(CATEGORIES), np.int64)


@njit(cache=True)
def _ahead(points, side):  # type: ignore[no-untyped-def]
    """A side's points less the best other side's."""
    best_other = -(1 << 30)
    for other in range(len(points)):
        if other != side:
            best_other = max(best_other, points[other])
    found: int = points[side] - best_other
    return found


@njit(cache=True)
def _groups(table):  # type: ignore[no-untyped-def]
    """Every group of cards on ``table``, by a number whose bits pick them from the table's cards in order: the
    group's sum and its bitmask (the last group is the whole table)."""
    size = 1 << _count(table)
    sums, groups = np.empty(size, np.int64), np.empty(size, np.int64)  # every one written by ``_groups_into``
    _groups_into(table, sums, groups)
    return sums, groups


@njit(cache=True)
def _groups_into(table, sums, groups):  # type: ignore[no-untyped-def]
    """Write ``_groups(table)`` at the start of ``sums`` and ``groups``, which must have room for them; how many."""
    sums[0], groups[0], size = 0, 0, 1
    for index in range(40):
        if table >> index & 1:  # the groups with this card: those before it, each with it added
            for subset in range(size):
                sums[size + subset] = sums[subset] + _CARD_VALUES[index]
                groups[size + subset] = groups[subset] | 1 << index
            size *= 2
    return size


@njit(cache=True)
def _sweepable(total, policy, unseen):  # type: ignore[no-untyped-def]
    """Whether one card can sweep a table of ``total`` (``sweepable``): with a counting policy, one of ``unseen``."""
    if not 5 <= total <= 14:
        return False
    return policy < _COUNTING or unseen & _VALUE_MASKS[CAPTURE_SUM - total] != 0


@njit(cache=True)
def _sweepers(total, unseen):  # type: ignore[no-untyped-def]
    """How many of ``unseen`` would sweep a table of ``total`` (``sweepers``)."""
    return _count(unseen & _VALUE_MASKS[CAPTURE_SUM - total]) if 5 <= total <= 14 else 0


@njit(cache=True)
def _seven_open(table, unseen, sevens_mask):  # type: ignore[no-untyped-def]
    """Whether one of ``unseen`` could take a seven from ``table`` (``seven_open``)."""
    if not table & sevens_mask:
        return False
    sums, groups = _groups(table)
    for subset in range(1, len(sums)):
        total = sums[subset]
        if groups[subset] & sevens_mask and 5 <= total <= 14 and unseen & _VALUE_MASKS[CAPTURE_SUM - total]:
            return True
    return False


@njit(cache=True)
def _choose(hand, table, policy, unseen, coins_mask, sevens_mask, seven_of_coins):  # type: ignore[no-untyped-def]
    """The move ``greedy_move`` makes with the key of ``policy`` (``PLAYOUTS``, by its number): (card index,
    captured bitmask); ``unseen`` is the cards the seat has not seen, as ``counting_key`` counts them. Each key is
    packed into one integer, its fields from the most to the least significant; a tie goes to the move listed first,
    as with ``max``. Any take beats any lay-down, so lay-downs are ranked only where there is no take; the sparing
    policy ranks them by fields of its own (``sparing_key``)."""
    sums, groups = _groups(table)
    total = sums[-1]
    best_card, best_group, best_rank = -1, 0, -1
    for index in range(40):
        if not hand >> index & 1:
            continue
        bit = 1 << index
        for subset in range(1, len(sums)):
            if sums[subset] != _NEEDED[index]:
                continue
            group = groups[subset]
            taken = group | bit
            rank = (
                (group == table) << 14 | (taken & seven_of_coins != 0) << 13 | _count(taken & sevens_mask) << 9
                | _count(taken & coins_mask) << 5 | _count(taken)
            )  # fmt: skip
            if policy:
                rank |= (not _sweepable(total - _NEEDED[index], policy, unseen)) << 12
            if rank > best_rank or (rank == best_rank and index == best_card and group < best_group):
                best_card, best_group, best_rank = index, group, rank
    if best_rank >= 0:
        return best_card, best_group
    for index in range(40):
        if not hand >> index & 1:
            continue
        bit, value = 1 << index, _CARD_VALUES[index]
        rank = (bit & seven_of_coins == 0) << 6 | (bit & sevens_mask == 0) << 5 | (bit & coins_mask == 0) << 4
        if policy == _SPARING:
            closed = not _seven_open(table | bit, unseen, sevens_mask)
            rank |= (4 - _sweepers(total + value, unseen)) << 8 | closed << 7
            rank = rank << 4 | 10 - _KEPT[value]
        else:
            rank = ((not _sweepable(total + value, policy, unseen)) << 7 | rank) << 4 | 10 - value
        if rank > best_rank:
            best_card, best_rank = index, rank
    return best_card, 0


#: A deal's state besides the hands, piles and escobas, in one array changed in place: the table, how many stock
#: cards are dealt, the side that took last (-1 for none) and the seat to play (-1 once the deal is over).
_TABLE, _DEALT, _LAST, _TO_PLAY = range(4)


@njit(cache=True)
def _apply(hands, piles, escobas, stock, state, index, captured, hand_size):  # type: ignore[no-untyped-def]
    """Make a play, as ``Position.apply`` does."""
    players, seat, bit = len(hands), state[_TO_PLAY], 1 << index
    hands[seat] ^= bit
    if captured:
        side = seat % len(piles)
        state[_TABLE] ^= captured
        piles[side] |= captured | bit
        state[_LAST] = side
        if not state[_TABLE]:
            escobas[side] += 1
    else:
        state[_TABLE] |= bit
    state[_TO_PLAY] = (seat + 1) % players
    if state[_TO_PLAY] or hands.any():
        return
    if state[_DEALT] < len(stock):
        count = min(hand_size * players, len(stock) - state[_DEALT])
        for i in range(count):
            hands[i % players] |= 1 << stock[state[_DEALT] + i]
        state[_DEALT] += count
    else:
        if state[_LAST] >= 0:
            piles[state[_LAST]] |= state[_TABLE]
            state[_TABLE] = 0
        state[_TO_PLAY] = -1


@njit(cache=True)
def _finish(hands, piles, escobas, stock, state, hand_size, policy, masks, exact=0):  # type: ignore[no-untyped-def]
    """Play the deal out in place, every seat choosing as ``_choose`` does with ``policy``; with ``exact``, only
    until the stock is used up and at most ``exact`` cards are left in the hands (two sides only)."""
    while state[_TO_PLAY] >= 0:
        if exact and len(piles) == 2 and state[_DEALT] == len(stock):
            left = 0
            for hand in hands:
                left += _count(hand)
            if left <= exact:
                return
        _step(hands, piles, escobas, stock, state, hand_size, policy, masks)


@njit(cache=True)
def _step(hands, piles, escobas, stock, state, hand_size, policy, masks):  # type: ignore[no-untyped-def]
    """The seat to play makes the move ``_choose`` chooses with ``policy``, counting the cards that seat has seen."""
    hand, seen = hands[state[_TO_PLAY]], state[_TABLE]
    for pile in piles:
        seen |= pile
    unseen = WHOLE_DECK & ~(seen | hand)
    index, captured = _choose(hand, state[_TABLE], policy, unseen, masks[0], masks[1], masks[2])
    _apply(hands, piles, escobas, stock, state, index, captured, hand_size)


@njit(cache=True)
def _moves(hand, table, must_any):  # type: ignore[no-untyped-def]
    """The legal plays of ``hand`` on ``table``, those of ``legal_moves`` with the takes first: (card indices,
    captured bitmasks)."""
    room = 1 << _count(table)
    sums, groups = np.empty(room, np.int64), np.empty(room, np.int64)
    cards, captured = np.empty(_count(hand) * room, np.int64), np.empty(_count(hand) * room, np.int64)
    moves = _moves_into(hand, table, must_any, sums, groups, cards, captured)
    return cards[:moves], captured[:moves]


@njit(cache=True)
def _moves_into(hand, table, must_any, sums, groups, cards, captured):  # type: ignore[no-untyped-def]
    """Write ``_moves(hand, table, must_any)`` at the start of ``cards`` and ``captured``; how many. ``sums`` and
    ``groups`` are room for the table's groups (``_groups_into``); room for the hand's count times that many groups
    holds every play (each card takes at most every group but the empty one, or is laid down)."""
    size = _groups_into(table, sums, groups)
    moves, taking = 0, 0
    for index in range(40):  # the takes first: they are more often the best, and the search then cuts sooner
        if hand >> index & 1:
            for subset in range(1, size):
                if sums[subset] == _NEEDED[index]:
                    cards[moves], captured[moves], moves = index, groups[subset], moves + 1
                    taking |= 1 << index
    if must_any and taking:
        return moves
    for index in range(40):
        if (hand & ~taking) >> index & 1:
            cards[moves], captured[moves], moves = index, 0, moves + 1
    return moves


@njit(cache=True)
def _best(hands, piles, escobas, stock, state, side, must_any, scoring, masks):  # type: ignore[no-untyped-def]
    """The margin of ``side`` (of two) at the end of the deal when both sides play their best from here, the stock
    used up: alpha-beta over every legal play, each made and taken back in place, with a stack of its own (Numba
    cannot keep a recursive function on disk). ``scoring`` is the rule set's (``_scoring``). The room for the plays
    and the scoring is made once and grows when a table needs more, so a node allocates nothing."""
    big, levels = 1 << 30, 1
    for hand in hands:
        levels += _count(hand)
    alpha, beta, best = np.full(levels, -big), np.full(levels, big), np.zeros(levels, np.int64)
    next_move, count, saved = np.zeros(levels, np.int64), np.zeros(levels, np.int64), np.zeros((levels, 8), np.int64)
    sums, groups, plays = np.empty(64, np.int64), np.empty(64, np.int64), np.empty((levels, 2, 64), np.int64)
    figures, winners = _room_to_score(2)
    depth, entering, value = 0, True, 0
    while True:
        seat = state[_TO_PLAY] if entering else saved[depth, 7]
        if entering and seat < 0:  # the deal is over: its margin goes back to the position before
            value = _ahead(_points(piles, escobas, scoring, masks, figures, winners), side)
            depth, entering = depth - 1, False
            if depth < 0:
                return value
            continue
        mine = seat % 2 == side
        if entering:
            room = 1 << _count(state[_TABLE])
            if room > len(sums):
                sums, groups = np.empty(room, np.int64), np.empty(room, np.int64)
            if _count(hands[seat]) * room > plays.shape[2]:
                wider = np.empty((levels, 2, _count(hands[seat]) * room), np.int64)
                wider[:, :, : plays.shape[2]] = plays
                plays = wider
            moves_room = plays[depth, 0], plays[depth, 1]
            count[depth] = _moves_into(hands[seat], state[_TABLE], must_any, sums, groups, *moves_room)
            next_move[depth], best[depth] = 0, -big if mine else big
            saved[depth] = (hands[seat], piles[0], piles[1], escobas[0], escobas[1], state[_TABLE], state[_LAST], seat)
        else:  # a play of this position weighed: take it back
            hands[seat], piles[0], piles[1], escobas[0], escobas[1] = saved[depth, :5]
            state[_TABLE], state[_LAST], state[_TO_PLAY] = saved[depth, 5:]
            if mine:
                best[depth], alpha[depth] = max(best[depth], value), max(alpha[depth], value)
            else:
                best[depth], beta[depth] = min(best[depth], value), min(beta[depth], value)
        if next_move[depth] < count[depth] and alpha[depth] < beta[depth]:
            move = next_move[depth]
            next_move[depth] += 1
            _apply(hands, piles, escobas, stock, state, plays[depth, 0, move], plays[depth, 1, move], 0)
            alpha[depth + 1], beta[depth + 1], depth, entering = alpha[depth], beta[depth], depth + 1, True
        else:
            value, depth, entering = best[depth], depth - 1, False
            if depth < 0:
                return value


@njit(cache=True)
def _end_margins(hands, piles, escobas, stock, state, hand_size, policy, exact, must_any, masks, scoring):  # type: ignore[no-untyped-def]
    """Play the deal out in place from ``state`` (the last ``exact`` cards at best, ``_finish``); each side's margin
    at its end. ``scoring`` is ``_points``'s worth, weighed, in_place and prices."""
    _finish(hands, piles, escobas, stock, state, hand_size, policy, masks, exact)
    if state[_TO_PLAY] < 0:
        found: np.ndarray = _side_margins(piles, escobas, scoring, masks)
        return found
    # stopped short for its last cards, played at best; two sides, so one's margin is the other's negated
    best = _best(hands, piles, escobas, stock, state, 0, must_any, scoring, masks)
    return np.array([best, -best], np.int64)


@njit(cache=True)
def _deal_hidden(unseen, seat, hand, counts, barred, order, stock_count):  # type: ignore[no-untyped-def]
    """One way the unseen cards may lie, as ``View.world`` deals them: the hands and the stock, from a shuffle."""
    left = unseen.copy()
    np.random.shuffle(left)
    hands = np.zeros(len(counts), np.int64)
    hands[seat] = hand
    taken = np.zeros(len(left), np.bool_)
    for other in order:
        allowed = 0
        for i in range(len(left)):
            allowed += not taken[i] and not barred[other] >> left[i] & 1
        need = counts[other]
        for i in range(len(left)):
            if need and not taken[i] and (allowed < counts[other] or not barred[other] >> left[i] & 1):
                hands[other] |= 1 << left[i]
                taken[i] = True
                need -= 1
    stock = np.empty(stock_count, np.int64)
    filled = 0
    for i in range(len(left)):
        if filled < stock_count and not taken[i]:
            stock[filled] = left[i]
            filled += 1
    return hands, stock


@njit(cache=True)
def _margins(  # type: ignore[no-untyped-def]
    unseen, seat, hand, counts, barred, order, stock_count, start, piles, escobas,
    cards, captures, skip, ways, seed, hand_size, policy, exact, must_any, masks, scoring,
):  # fmt: skip
    """For each of ``ways`` ways the unseen cards may lie, after the first ``skip`` drawn, the margin of ``seat``'s
    side at the end of the deal after each play (``cards[i]`` taking ``captures[i]``), the rest played out (the last
    ``exact`` cards at best, ``_best``); ``start`` is the state (``_TABLE`` ...)."""
    np.random.seed(seed)
    side = seat % len(piles)
    found = np.zeros((len(cards), ways), np.int64)
    for drawn in range(skip + ways):
        hands, stock = _deal_hidden(unseen, seat, hand, counts, barred, order, stock_count)
        way = drawn - skip
        if way < 0:
            continue
        found[:, way] = _after_each_play(
            hands, stock, start, piles, escobas, cards, captures, side, hand_size, policy, exact, must_any, masks,
            scoring,
        )  # fmt: skip
    margins: np.ndarray = found
    return margins


@njit(cache=True)
def _after_each_play(  # type: ignore[no-untyped-def]
    hands, stock, start, piles, escobas, cards, captures, side, hand_size, policy, exact, must_any, masks, scoring,
):  # fmt: skip
    """On one way the hidden cards lie (``hands``, ``stock``), the margin of ``side`` at the deal's end after each
    play (``cards[i]`` taking ``captures[i]``), the rest played out as ``_end_margins`` plays it."""
    found = np.zeros(len(cards), np.int64)
    for play in range(len(cards)):
        now_hands, now_piles, now_escobas, state = hands.copy(), piles.copy(), escobas.copy(), start.copy()
        _apply(now_hands, now_piles, now_escobas, stock, state, cards[play], captures[play], hand_size)
        now = (now_hands, now_piles, now_escobas, stock, state)
        found[play] = _end_margins(*now, hand_size, policy, exact, must_any, masks, scoring)[side]
    return found


_MASKS = np.array([COINS_MASK, SEVENS_MASK, SEVEN_OF_COINS.bit], np.int64)


def margins_on_ways(
    view: View,
    plays: Sequence[Play],
    ways: int,
    seed: int | str | None,
    infer: bool = False,
    policy: str = "greedy",
    skip: int = 0,
    exact: int = 0,
) -> np.ndarray:
    """For each of ``plays``, a row: the margin the side of ``view``'s seat ends the deal with after it (its points
    less the best other side's), on each of ``ways`` ways the hidden cards may lie (the same ways for every play;
    with ``infer``, dealt as the round's plays hint), the rest played out by ``policy`` (``PLAYOUTS``). With ``skip``,
    the ways are those the same seed draws after its first ``skip``. With ``exact`` and two sides, once the stock is
    used up and at most ``exact`` cards are left in the hands, both sides play their best from there (as
    ``exact_search`` finds it)."""
    rules = view.rules
    found = _margins(
        *compiled_position(view, plays, infer), skip, ways, seed_of(seed), rules.profile.hand_size,
        playout_number(policy), exact, rules.must_any, _MASKS,
        _scoring(rules.points, rules.in_place_of, rules.suit_prices),
    )  # fmt: skip
    margins: np.ndarray = found
    return margins


def compiled_position(
    view: View, plays: Sequence[Play], infer: bool
) -> tuple[
    np.ndarray,
    int,
    int,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    int,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
]:
    """The view and the plays weighed as the compiled code takes them: what dealing the hidden cards needs
    (``hidden``), the state (``_TABLE`` ...), the piles, the escobas, and the plays' cards and captures."""
    return (
        *hidden(view, infer), np.array([view.table, 0, view.last, view.seat], np.int64), np.array(view.piles, np.int64),
        np.array(view.escobas, np.int64), np.array([play.card.index for play in plays], np.int64),
        np.array([play.captured_mask for play in plays], np.int64),
    )  # fmt: skip


def hidden(view: View, infer: bool = False) -> tuple[np.ndarray, int, int, np.ndarray, np.ndarray, np.ndarray, int]:
    """What dealing the hidden cards needs (``_deal_hidden``): the unseen cards, the seat and its hand, the hand
    counts, the cards barred from each seat, the other seats in the order they are dealt, and the stock's count."""
    barred = np.array((view.hinted if infer else view.barred) or (0,) * view.players, np.int64)
    order = sorted((s for s in range(view.players) if s != view.seat), key=lambda s: -int(barred[s]).bit_count())
    unseen = np.array([index for index in range(len(DECK)) if view.unseen >> index & 1], np.int64)
    counts = np.array(view.hand_counts, np.int64)
    return unseen, view.seat, view.hand, counts, barred, np.array(order, np.int64), view.stock_count


def playout_number(policy: str) -> int:
    """The number the compiled code knows a playout policy by (its place in ``PLAYOUTS``)."""
    if policy not in PLAYOUTS:
        raise ValueError(f"no playout policy {policy!r}: the policies are {', '.join(PLAYOUTS)}")
    return PLAYOUTS.index(policy)


def seed_of(seed: int | str | None) -> int:
    """The seed of Numba's random numbers for ``seed`` (None: one at random)."""
    return random.Random(seed).getrandbits(32)
