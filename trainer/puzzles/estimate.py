"""How hard a generated puzzle is likely to be, and what it keeps of the random deal it was found in."""

from __future__ import annotations

from typing import Any

from trainer.cards import Card
from trainer.deal import Deal
from trainer.plays import captures
from trainer.records import moves_of


def level_from(score: float, steps: tuple[float, float, float, float]) -> int:
    """Level 1 to 5: how many of the four thresholds ``score`` reaches."""
    return 1 + sum(score >= step for step in steps)


def capture_level(table: tuple[Card, ...], play: Card) -> int:
    """Harder with more cards, more ways, bigger groups and more decoys."""
    options = captures(play, table)
    used = set().union(*options)
    decoys = len(table) - len(used)
    score = len(table) + 2 * (len(options) - 1) + max(map(len, options)) + decoys
    return level_from(score, (7, 9, 11, 13))


def deal_record(seed: int, deal: Deal) -> dict[str, Any]:
    """The fields that let the loader replay ``deal`` up to this state: players, seed and plays."""
    return {"players": deal.players, "seed": seed, "plays": tuple(moves_of(deal))}
