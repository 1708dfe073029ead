"""How well each playout policy plays on its own: ``python bench/policies.py [--deals 100000] [--rules classic]``.

Each policy plays each other one on the same decks, both ways round (A in seat 0 and then in seat 1), in compiled
code, at two players; prints A's margin per deal against B with its standard error, from one run. The master weighs
its plays on ways played out by a policy, so a policy that plays the deal out better is a candidate for it; whether
the master then plays better is for the arena (``escoba-trainer tune --policy``) to say.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random

import numpy as np
from numba import njit

from trainer.ai import batch
from trainer.ai.playout import Position, Rules
from trainer.profile import PROFILES


@njit
def _duel(hands, piles, escobas, stock, state, hand_size, policies, masks, scoring):  # type: ignore[no-untyped-def]
    """The deal played out, each seat by its own policy (``policies``, by seat); each side's margin."""
    while state[batch._TO_PLAY] >= 0:
        policy = policies[state[batch._TO_PLAY]]
        batch._step(hands, piles, escobas, stock, state, hand_size, policy, masks)
    return batch._side_margins(piles, escobas, scoring, masks)


def margins(a: str, b: str, decks: list[Position], scoring: tuple[np.ndarray, ...]) -> list[float]:
    """Per deck, ``a``'s margin against ``b`` averaged over the two seatings."""
    found, numbers = [], (batch.playout_number(a), batch.playout_number(b))
    seatings = (np.array(numbers, np.int64), np.array(numbers[::-1], np.int64))  # by the seat of ``a``
    for position in decks:
        total = 0
        for seat_of_a, policies in enumerate(seatings):
            parts = [np.array(part, np.int64) for part in (position.hands, position.piles, position.escobas)]
            state = np.array([position.table, 0, position.last, position.to_play], np.int64)
            stock, size = np.array(position.stock, np.int64), position.rules.profile.hand_size
            total += _duel(*parts, stock, state, size, policies, batch._MASKS, scoring)[seat_of_a]
        found.append(total / 2)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--rules", choices=sorted(PROFILES), default="classic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules, rng = Rules.of(PROFILES[args.rules]), random.Random(args.seed)
    scoring = batch._scoring(rules.points, rules.in_place_of, rules.suit_prices)
    decks = [Position.from_deck(rng.sample(range(40), 40), 2, rules) for _ in range(args.deals)]
    print(f"{args.deals} decks, {args.rules} rules, two players, each deck both ways round")
    for a, b in itertools.combinations(reversed(batch.PLAYOUTS), 2):
        found = np.array(margins(a, b, decks, scoring))
        error = found.std(ddof=1) / math.sqrt(len(found))
        print(f"{a:>9} against {b:<9} {found.mean():+.3f} ± {error:.3f} points a deal")


if __name__ == "__main__":
    main()
