"""Random legal deals, and the figures a curious player wants from them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from trainer.deal import Deal, EventKind
from trainer.match import Match
from trainer.profile import CLASSIC, RuleProfile
from trainer.scoring import CATEGORIES


@dataclass
class SimulationStats:
    """Totals over many deals; side 0 is the leader's, the last side the dealer's."""

    players: int
    profile: RuleProfile = CLASSIC
    deals: int = 0
    escobas: list[int] = field(init=False)  # per side, as the next two: sized by the rule set in __post_init__
    points: list[int] = field(init=False)
    sweeps: int = 0
    # category -> Counter of the sides that scored it (None: nobody); a bonus category counts its winner only
    winners: dict[str, Counter[int | None]] = field(init=False)
    remainder_sums: Counter[int] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        sides = self.profile.sides(self.players)
        self.escobas, self.points = [0] * sides, [0] * sides
        self.winners = {name: Counter() for name in self.profile.points if name != "escoba"}

    def _side_names(self) -> list[str]:
        sides = len(self.points)
        return [f"seat {side}" for side in range(sides)] if sides == 3 else ["leader", "dealer"]

    def add(self, deal: Deal) -> None:
        """Count one finished deal."""
        scores = deal.score()
        self.deals += 1
        self.sweeps += any(event.kind is EventKind.SWEEP for event in deal.log)
        for side, score in enumerate(scores):
            self.escobas[side] += score.escoba_count
            self.points[side] += score.total
        for category, won in self.winners.items():
            sides: list[int | None] = [side for side, score in enumerate(scores) if score.points[category] > 0]
            won.update(sides or [None])
        self.remainder_sums[sum(card.value for card in deal.remainder)] += 1

    def report(self) -> str:
        """A plain-text summary."""
        n = max(self.deals, 1)
        names = self._side_names()
        per_side = ", ".join(f"{name}'s side {value / n:.2f}" for name, value in zip(names, self.escobas, strict=True))
        points = ", ".join(f"{name}'s side {value / n:.2f}" for name, value in zip(names, self.points, strict=True))
        lines = [
            f"{self.deals} random {self.players}-player deals ({self.profile.name} rules)",
            f"escobas per deal: {sum(self.escobas) / n:.2f} ({per_side})",
            f"deals opened by the first table (R9): {100 * self.sweeps / n:.1f}%",
            f"points per deal: {points}",
            "",
            f"{'who takes the point':<26}" + "".join(f"{name:>9}" for name in [*names, "nobody"]),
        ]
        for category, won in self.winners.items():
            shares = "".join(f"{100 * won[side] / n:>8.1f}%" for side in [*range(len(names)), None])
            lines.append(f"{CATEGORIES[category].label:<26}{shares}")
        lines += ["", "sum of the cards left on the table at the end (R16: always 10, 25, 40, ...):"]
        widest = max(self.remainder_sums.values(), default=1)
        for total, count in sorted(self.remainder_sums.items()):
            bar = "#" * max(1, round(30 * count / widest))
            lines.append(f"{total:>5} {100 * count / n:>6.1f}%  {bar}")
        return "\n".join(lines)


Game = TypeVar("Game", Deal, Match)


def play_randomly(game: Game, rng: random.Random, limit: int | None = None) -> Game:
    """Uniformly random legal plays (and new deals, in a match) until over, or ``limit`` plays."""
    made = 0
    while not game.is_over and (limit is None or made < limit):
        if isinstance(game, Match) and game.current.is_over:
            game = game.next_deal()
            continue
        deal = game.current if isinstance(game, Match) else game
        game = game.play(rng.choice(deal.legal_plays()))
        made += 1
    return game


def simulate(
    games: int,
    players: int = 2,
    seed: int | None = None,
    progress: Callable[[int], object] | None = None,
    profile: RuleProfile = CLASSIC,
) -> SimulationStats:
    """Play ``games`` deals with uniformly random legal plays; the same seed gives the same figures."""
    rng = random.Random(seed)
    stats = SimulationStats(players, profile)
    for _ in range(games):
        stats.add(play_randomly(Deal.new(players, seed=rng.getrandbits(64), profile=profile), rng))
        if progress is not None:
            progress(1)
    return stats
