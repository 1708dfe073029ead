"""What the cards dealt were worth to each side, apart from how the learner played them.

>>> from trainer import Deal
>>> luck = deal_luck(Deal.new(seed=4), side=0)
>>> luck is not None and -20 < luck < 20
True
"""

from __future__ import annotations

import random

from trainer.ai.bots import greedy_key, margin
from trainer.ai.playout import Move, Position, Rules
from trainer.cards import value_of
from trainer.deal import Deal

#: The playouts whose average margin is a deal's luck.
PLAYOUTS = 32


def deal_luck(deal: Deal, side: int, playouts: int = PLAYOUTS, seed: int = 0) -> float | None:
    """The point margin ``side`` could expect from the cards of ``deal`` alone: its deck played out ``playouts``
    times from the first play, every seat by the greedy policy with its last preference left to chance, averaged.
    None for a position set up by hand, which has no deck.

    Every seat plays the same way, so no side's play is better than another's and the margin left is the cards'.
    The greedy policy looks only at its own hand and the table, so knowing the whole deck gives no seat an edge; it
    is the policy the expert's own evaluation plays out with, and a whole deal of it takes well under a millisecond,
    where the expert at every seat would take seconds. Played strictly it is one line of play, so one figure that a
    single early choice can swing by several points; choosing at random among the plays it ranks alike but for the
    last of its preferences (the most cards taken, the lowest card laid down), which the points least depend on,
    gives many lines, and their average is the cards' worth to a player of that skill."""
    if deal.deck is None:
        return None
    start = Position.from_deck([card.index for card in deal.deck], deal.players, Rules.of(deal.profile))
    rng = random.Random(seed)
    total = 0
    for _ in range(playouts):
        position = start.copy()
        while position.to_play >= 0:
            position.apply(_greedy_tie_broken(position, rng))
        total += margin(position.points(), side)
    return total / playouts


def _greedy_tie_broken(position: Position, rng: random.Random) -> Move:
    """A play the greedy policy ranks first on all but its last preference, drawn at random."""
    moves = position.moves()
    if len(moves) == 1:
        return moves[0]
    table = position.table
    total = value_of(table)
    keys = [greedy_key(move, table, total)[:-1] for move in moves]
    top = max(keys)
    return rng.choice([move for move, key in zip(moves, keys, strict=True) if key == top])
