"""A search over the round in progress from what one seat knows (information-set Monte Carlo tree search).

Each pass deals the hidden cards one way they may lie (as ``View.world`` deals them), walks a tree of the plays of
the round from the seat's position, and plays the deal out from where the walk stops. A node is a play, reached by
the plays before it; every seat picks among the plays its cards allow in that pass, so a branch of another seat is
shared by all the hands that seat may hold (the searching seat's hand is the same in every pass: the search is
from its knowledge, and the others' replies are weighed against the cards it holds).
Among plays it has tried, a seat picks the one with the best margin for its side so far plus a bonus that shrinks
the more it has tried it (UCB1, with the number of passes the play was open as its count); a play not yet tried
comes first. The tree stops at the round's end; from there, and from each newly tried play, the deal is played out
as ``margins_on_ways`` plays it (its last cards at best, with ``exact``). A root play's figure is then the mean
margin of the passes through it, and the play tried most is the search's choice.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from trainer.ai.batch import (
    _DEALT,
    _MASKS,
    _TABLE,
    _TO_PLAY,
    _apply,
    _deal_hidden,
    _end_margins,
    _moves,
    _scoring,
    compiled_position,
    playout_number,
    seed_of,
)
from trainer.ai.view import View
from trainer.plays import Play


@njit(cache=True)
def _search(  # type: ignore[no-untyped-def]
    unseen, seat, hand, counts, barred, order, stock_count, start, piles, escobas,
    cards, captures, passes, seed, hand_size, policy, exact, must_any, explore, masks, scoring,
):  # fmt: skip
    """``passes`` passes of the search from the seat's position (``start`` is the state, ``_TABLE`` ...), its plays
    ``cards[i]`` taking ``captures[i]``: for each play, how many passes went through it and their margins' sum."""
    np.random.seed(seed)
    sides, plays = len(piles), len(cards)
    size = 1 + plays + passes
    card, taken = np.full(size, -1, np.int64), np.zeros(size, np.int64)
    first_child, sibling = np.full(size, -1, np.int64), np.full(size, -1, np.int64)
    side_of, visits, open_count = np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int64)
    total = np.zeros(size, np.float64)
    for play in range(plays):  # the root's children, in the order of the plays given
        node = 1 + play
        card[node], taken[node], side_of[node] = cards[play], captures[play], seat % sides
        sibling[node] = node + 1 if play + 1 < plays else -1
    first_child[0] = 1 if plays else -1
    nodes = 1 + plays
    path = np.zeros(41, np.int64)  # the nodes walked, from the root: a round has at most 40 plays
    for _ in range(passes):
        hands, stock = _deal_hidden(unseen, seat, hand, counts, barred, order, stock_count)
        now_piles, now_escobas, state = piles.copy(), escobas.copy(), start.copy()
        node, depth = 0, 0
        while state[_TO_PLAY] >= 0 and state[_DEALT] == 0:
            mover = state[_TO_PLAY]
            move_cards, move_captures = _moves(hands[mover], state[_TABLE], must_any)
            chosen, fresh, fresh_move, best_score = -1, 0, -1, -np.inf
            for move in range(len(move_cards)):
                child = first_child[node]
                while child >= 0 and (card[child] != move_cards[move] or taken[child] != move_captures[move]):
                    child = sibling[child]
                if child < 0 or visits[child] == 0:  # untried plays come first, one of them at random
                    fresh += 1
                    if np.random.randint(fresh) == 0:
                        chosen, fresh_move = child, move
                    continue
                open_count[child] += 1
                score = total[child] / visits[child] + explore * np.sqrt(np.log(open_count[child]) / visits[child])
                if fresh == 0 and score > best_score:
                    chosen, best_score = child, score
            if fresh and chosen < 0:  # a node for the play picked, new to the tree
                chosen, nodes = nodes, nodes + 1
                card[chosen], taken[chosen] = move_cards[fresh_move], move_captures[fresh_move]
                side_of[chosen], sibling[chosen], first_child[node] = mover % sides, first_child[node], chosen
            if fresh:
                open_count[chosen] += 1
            _apply(hands, now_piles, now_escobas, stock, state, card[chosen], taken[chosen], hand_size)
            node, depth = chosen, depth + 1
            path[depth] = node
            if visits[node] == 0:
                break
        now = (hands, now_piles, now_escobas, stock, state)
        ends = _end_margins(*now, hand_size, policy, exact, must_any, masks, scoring)
        for step in range(1, depth + 1):
            visits[path[step]] += 1
            total[path[step]] += ends[side_of[path[step]]]
    return visits[1 : 1 + plays].copy(), total[1 : 1 + plays].copy()


def search_round(
    view: View,
    plays: Sequence[Play],
    passes: int,
    seed: int | str | None,
    infer: bool = False,
    policy: str = "greedy",
    exact: int = 0,
    explore: float = 12.0,
) -> tuple[np.ndarray, np.ndarray]:
    """For each of ``plays`` (the seat's legal plays), how many of ``passes`` passes of the search went through it,
    and their mean margin for the seat's side. With ``infer`` the hidden cards are dealt as the round's plays hint; the
    deal is played out by ``policy`` (``PLAYOUTS``), the last ``exact`` cards at best (two
    sides); ``explore`` weighs the bonus of a play little tried, in points."""
    rules = view.rules
    visits, totals = _search(
        *compiled_position(view, plays, infer), passes, seed_of(seed), rules.profile.hand_size,
        playout_number(policy), exact, rules.must_any, float(explore), _MASKS,
        _scoring(rules.points, rules.in_place_of, rules.suit_prices),
    )  # fmt: skip
    return visits, totals / np.maximum(visits, 1)
