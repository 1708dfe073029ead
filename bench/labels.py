"""Whether the review's labels can be trusted, at every table of every rule set: ``python bench/labels.py``.

At each table a rule set allows, the learner plays seeded deals choosing at random among its legal plays (so that
there are losses of every size to label) against the greedy computer, until ``--per-table`` decisions with a choice
are gathered; each is reviewed under ``--seeds`` seeds (with ``--most``, on at most that many ways). Each decision's
loss is also measured on ``--large`` ways of its own against every legal play (not only those the review kept in its
race), the same way the review measures it: the figure a label is checked against. Prints, from one run, per table
and in all: the labelled decisions (under any seed) that get the same label under every seed, and, seed against
seed, how often the label one gives is the other's; the labels given where the large-sample loss is under the least
label's bound; the labelled plays that come without a reason; a review's CPU time; and each decision whose label
changed, with the ways its loss was measured on under each seed (how many of them reached ``--most``).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from itertools import permutations

import numpy as np

from trainer import PROFILES
from trainer.ai import game
from trainer.ai.batch import margins_on_ways
from trainer.ai.game import COACH, LABELS, Decision, Game, review
from trainer.ai.view import View
from trainer.profile import RuleProfile

LEAST = min(size for _, size in LABELS)


def decisions(rules: RuleProfile, players: int, wanted: int) -> list[Decision]:
    """The first ``wanted`` of the learner's decisions with a choice, in seeded deals played at random."""
    found: list[Decision] = []
    seed = 0
    while len(found) < wanted:
        match, rng = Game.start(players, "greedy", rules, seed=seed), random.Random(seed)
        while not match.deal.is_over:
            if not match.learner_to_play:
                match = match.computer_turn()
                continue
            match = match.learner_plays(rng.choice(match.deal.legal_plays()))
        found.extend(d for d in match.decisions if len(d.before.legal_plays()) > 1)
        seed += 1
    return found[:wanted]


def large_loss(decision: Decision, ways: int) -> float:
    """The decision's loss against the best of every legal play, on ``ways`` ways of its own."""
    view, plays = View.of(decision.before), decision.before.legal_plays()
    margins = margins_on_ways(view, plays, ways, "large", COACH.infer, COACH.policy, exact=COACH.exact)
    means = margins.mean(axis=1)
    return float(means.max() - means[plays.index(decision.play)])


@dataclass
class Tally:
    """What one table's (or every table's) decisions came to."""

    decisions: int = 0
    labelled: int = 0  # decisions labelled under at least one seed
    stable: int = 0  # of those, the same label under every seed
    pairs: int = 0  # ordered pairs of seeds, the first labelling the decision
    same: int = 0  # of those, the second giving the same label
    labels: int = 0  # labels given, seed by seed
    unfounded: int = 0  # labels given where the large-sample loss is under the least bound
    silent: int = 0  # labels given with no reason

    def add(self, other: Tally) -> None:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def line(self, name: str) -> str:
        stable = f"{self.stable}/{self.labelled} = {_share(self.stable, self.labelled)}"
        return (
            f"{name:<14} {self.decisions:>5} decisions  same label under every seed {stable:<18}"
            f"  (seed against seed {_share(self.same, self.pairs)})"
            f"  labels under {LEAST}: {self.unfounded}/{self.labels}  without a reason: {self.silent}"
        )


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "none"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-table", type=int, default=20, help="decisions with a choice at each table")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--large", type=int, default=64_000, help="ways of the large-sample loss")
    parser.add_argument("--rules", nargs="*", default=list(PROFILES), choices=list(PROFILES))
    parser.add_argument("--most", type=int, default=game.MOST, help=f"the review's most ways (default {game.MOST})")
    args = parser.parse_args()
    game.MOST = args.most
    whole, cpu, changed, at_most = Tally(), [], [], 0
    for name in args.rules:
        rules = PROFILES[name]
        for players in rules.players:
            chosen = decisions(rules, players, args.per_table)
            labels: list[list[str]] = []
            ways: list[list[int]] = []
            silent = [0] * len(chosen)
            for seed in range(args.seeds):
                began = time.process_time()
                found = review(tuple(chosen), seed=f"seed {seed}")
                cpu.append((time.process_time() - began) / len(chosen))
                labels.append([r.label for r in found])
                ways.append([r.ways for r in found])
                for n, r in enumerate(found):
                    silent[n] += bool(r.label) and not r.reasons
            table = Tally(decisions=len(chosen))
            for n, decision in enumerate(chosen):
                given = [seeds[n] for seeds in labels]
                if not any(given):
                    continue
                table.labelled += 1
                table.stable += len(set(given)) == 1
                for a, b in permutations(given, 2):
                    table.pairs += bool(a)
                    table.same += bool(a) and a == b
                if len(set(given)) > 1:
                    drawn = [seeds[n] for seeds in ways]
                    at_most += max(drawn) >= game.MOST
                    said = ", ".join(f"{g or '-'} ({w:,} ways)" for g, w in zip(given, drawn, strict=True))
                    changed.append(f"{name} {players}p #{n}: {said}")
                table.labels += sum(map(bool, given))
                table.silent += silent[n]
                if large_loss(decision, args.large) < LEAST:
                    table.unfounded += sum(map(bool, given))
            print(table.line(f"{name} {players}p"), flush=True)
            whole.add(table)
    print(whole.line("every table"))
    print(f"a decision's review, CPU: {1000 * float(np.mean(cpu)):.0f} ms on average")
    print(f"labels that changed: {len(changed)} decisions, {at_most} of them measured on the most ways under a seed")
    for line in changed:
        print("  label changed:", line)


if __name__ == "__main__":
    main()
