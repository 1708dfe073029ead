"""What the solver tests and ``bench/endgame.py`` share: a plain minimax to check the exact search against, and a
last round hard to search."""

import random

from trainer import DECK, Deal, parse_cards
from trainer.ai.bots import margin
from trainer.ai.playout import Position
from trainer.ai.view import View
from trainer.plays import Play


class Plain:
    """Minimax over every line for one side, no pruning and nothing remembered: the search the trainer made before
    it had alpha-beta. ``weighed`` counts the positions searched, finished deals not counted."""

    def __init__(self, side: int) -> None:
        self.side = side
        self.weighed = 0

    def value(self, position: Position) -> int:
        """The side's margin with best play by every seat to the end."""
        if position.to_play < 0:
            return margin(position.points(), self.side)
        self.weighed += 1
        values = []
        for move in position.moves():
            after = position.copy()
            after.apply(move)
            values.append(self.value(after))
        return max(values) if position.to_play % len(position.piles) == self.side else min(values)


def plain_margins(deal: Deal) -> tuple[dict[Play, int], int]:
    """Each legal play's exact margin by ``Plain``, and the positions it weighed, as ``exact_search`` gives them."""
    seen = View.of(deal)
    plain = Plain(seen.seat % len(seen.piles))
    world = seen.world(random.Random(0))
    margins = {}
    for play in deal.legal_plays():
        after = world.copy()
        after.apply((play.card.bit, play.captured_mask))
        margins[play] = plain.value(after)
    return margins, plain.weighed


def hard_position() -> Deal:
    """The last round of a two-player deal with thirteen aces and court cards on the table: some ninety plays to
    choose from, each card in hand able to take many groups of them."""
    table = parse_cards("J♥ J♠ A♦ A♥ K♥ Q♣ A♣ Q♥ J♣ K♦ J♦ A♠ Q♠")
    hands = [parse_cards("4♣ 5♥ 7♥"), parse_cards("6♣ 5♦ 4♥")]
    pile = parse_cards("7♣ 7♦ 6♦ 2♠ 5♠ 6♠ K♣ 2♦ 2♣ 4♠ 3♥ 7♠ 3♦ 3♠ K♠ 4♦")
    placed = {*table, *hands[0], *hands[1], *pile}
    return Deal.from_position(
        table, hands, piles=[pile, [card for card in DECK if card not in placed]], last_capturer=0
    )
