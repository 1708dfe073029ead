"""How stable the review's labels are from one seed to another: ``python bench/labels.py``.

Plays seeded two-player deals, the learner choosing at random among its legal plays (so that there are losses of
every size to label) against the greedy computer, and reviews every decision under ``--seeds`` seeds. Prints,
from one run: of the decisions labelled under one seed, the share that gets the same label under another (over
every ordered pair of seeds), the share of unlabelled decisions that stay unlabelled, and a review's CPU time.
"""

from __future__ import annotations

import argparse
import random
import time
from itertools import permutations

from trainer.ai.game import COACH, Decision, Game, review


def decisions(deals: int) -> list[Decision]:
    """The learner's decisions with a choice in ``deals`` seeded deals, played at random."""
    found = []
    for seed in range(deals):
        game, rng = Game.start(2, "greedy", seed=seed), random.Random(seed)
        while not game.deal.is_over:
            if not game.learner_to_play:
                game = game.computer_turn()
                continue
            game = game.learner_plays(rng.choice(game.deal.legal_plays()))
        found.extend(d for d in game.decisions if len(d.before.legal_plays()) > 1)
    return found


def share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "none to count"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument(
        "--samples", type=int, default=COACH.samples, help=f"ways the hidden cards are dealt (default {COACH.samples})"
    )
    args = parser.parse_args()
    chosen = decisions(args.deals)
    labels: list[list[str]] = []
    seconds = []
    for seed in range(args.seeds):
        began = time.process_time()
        labels.append([r.label for r in review(tuple(chosen), args.samples, f"seed {seed}")])
        seconds.append((time.process_time() - began) / len(chosen))
    same = labelled = kept = unlabelled = 0
    for a, b in permutations(range(args.seeds), 2):
        for mine, theirs in zip(labels[a], labels[b], strict=True):
            if mine:
                labelled += 1
                same += mine == theirs
            else:
                unlabelled += 1
                kept += not theirs
    print(f"{len(chosen)} decisions with a choice, from {args.deals} deals, each reviewed under {args.seeds} seeds")
    print(f"labelled under one seed, the same label under another: {same}/{labelled} = {share(same, labelled)}")
    print(f"unlabelled under one seed, unlabelled under another: {kept}/{unlabelled} = {share(kept, unlabelled)}")
    print(f"a decision's review, CPU: {1000 * sum(seconds) / len(seconds):.0f} ms on average")


if __name__ == "__main__":
    main()
