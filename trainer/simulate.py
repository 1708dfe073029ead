"""Random legal deals, and the figures a curious player wants from them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from trainer.deal import Deal
from trainer.match import Match

CATEGORIES = ("cards", "coins", "seven_of_coins", "setenta")
CATEGORY_NAMES = {"cards": "most cards", "coins": "most coins", "seven_of_coins": "7♦", "setenta": "setenta"}


@dataclass
class SimulationStats:
    """Totals over many deals; sides are the leader's (0) and the dealer's (1)."""

    players: int
    deals: int = 0
    escobas: list[int] = field(default_factory=lambda: [0, 0])
    points: list[int] = field(default_factory=lambda: [0, 0])
    sweeps: int = 0
    # category -> Counter of winner: 0, 1 or None for nobody
    winners: dict[str, Counter[int | None]] = field(default_factory=lambda: {c: Counter() for c in CATEGORIES})
    remainder_sums: Counter[int] = field(default_factory=Counter)

    def add(self, deal: Deal) -> None:
        """Count one finished deal."""
        scores = deal.score()
        self.deals += 1
        self.sweeps += any(event.kind == "sweep" for event in deal.log)
        for side, score in enumerate(scores):
            self.escobas[side] += score.escoba_count
            self.points[side] += score.total
        for category in CATEGORIES:
            won = [getattr(score, category) > 0 for score in scores]
            self.winners[category][0 if won[0] else 1 if won[1] else None] += 1
        self.remainder_sums[sum(card.value for card in deal.remainder)] += 1

    def report(self) -> str:
        """A plain-text summary."""
        n = max(self.deals, 1)
        lines = [
            f"{self.deals} random {self.players}-player deals",
            f"escobas per deal: {sum(self.escobas) / n:.2f} "
            f"(leader's side {self.escobas[0] / n:.2f}, dealer's side {self.escobas[1] / n:.2f})",
            f"deals opened by a 15 or 30 on the table (R9): {100 * self.sweeps / n:.1f}%",
            f"points per deal: leader's side {self.points[0] / n:.2f}, dealer's side {self.points[1] / n:.2f}",
            "",
            f"{'who takes the point':<22}{'leader':>9}{'dealer':>9}{'nobody':>9}",
        ]
        for category in CATEGORIES:
            won = self.winners[category]
            shares = "".join(f"{100 * won[side] / n:>8.1f}%" for side in (0, 1, None))
            lines.append(f"{CATEGORY_NAMES[category]:<22}{shares}")
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
    games: int, players: int = 2, seed: int | None = None, progress: Callable[[int], object] | None = None
) -> SimulationStats:
    """Play ``games`` deals with uniformly random legal plays; the same seed gives the same figures."""
    rng = random.Random(seed)
    stats = SimulationStats(players)
    for _ in range(games):
        stats.add(play_randomly(Deal.new(players, seed=rng.getrandbits(64)), rng))
        if progress is not None:
            progress(1)
    return stats
