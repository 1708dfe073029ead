"""Two bots measured against each other on duplicate deals: each deck is played twice, seats swapped, so the
luck of the cards cancels and what is left is the difference in play."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from trainer.ai.bots import Bot
from trainer.ai.view import View
from trainer.cards import DECK
from trainer.deal import Deal
from trainer.profile import CLASSIC, RuleProfile


@dataclass
class ArenaResult:
    """Margins of bot A over bot B, a duplicate pair at a time, and what each bot's moves took."""

    a: str
    b: str
    margins: list[float] = field(default_factory=list)  # per deal: A's points minus B's, averaged over the pair
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seconds: dict[str, list[float]] = field(default_factory=dict)

    @property
    def margin(self) -> float:
        return statistics.fmean(self.margins)

    @property
    def error(self) -> float:
        """The standard error of the mean margin."""
        return statistics.stdev(self.margins) / math.sqrt(len(self.margins)) if len(self.margins) > 1 else math.inf

    def report(self) -> str:
        """The figures as lines of text."""
        lines = [
            f"{len(self.margins)} duplicate deals ({2 * len(self.margins)} deals): {self.a} against {self.b}",
            f"margin per deal: {self.margin:+.3f} points (standard error {self.error:.3f})",
            f"deals won, drawn, lost by {self.a}: {self.wins}, {self.draws}, {self.losses}",
        ]
        for level, times in self.seconds.items():
            median, p95 = median_and_p95(times)
            lines.append(f"time per move, {level}: median {1000 * median:.1f} ms, p95 {1000 * p95:.1f} ms")
        return "\n".join(lines)


def median_and_p95(times: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile (the value 95% of the others do not exceed) of some timings."""
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _play(deal: Deal, bots: tuple[Bot, Bot], seconds: dict[str, list[float]]) -> list[int]:
    """Play a two-player deal to the end, seat 0 by ``bots[0]``; each side's points."""
    while deal.to_play is not None:
        bot = bots[deal.to_play]
        start = time.perf_counter()
        play = bot.choose(View.of(deal))
        seconds.setdefault(bot.level, []).append(time.perf_counter() - start)
        deal = deal.play(play)
    return [score.total for score in deal.score()]


def arena(
    a: Bot,
    b: Bot,
    deals: int,
    seed: int,
    profile: RuleProfile = CLASSIC,
    progress: Callable[[int], object] | None = None,
) -> ArenaResult:
    """Play ``deals`` decks twice each, A first at seat 0 then at seat 1."""
    result = ArenaResult(a.level, b.level)
    rng = random.Random(seed)
    for _ in range(deals):
        deck = list(DECK)
        rng.shuffle(deck)
        first = _play(Deal.from_deck(deck, 2, profile), (a, b), result.seconds)
        second = _play(Deal.from_deck(deck, 2, profile), (b, a), result.seconds)
        for mine, theirs in ((first[0], first[1]), (second[1], second[0])):
            result.wins += mine > theirs
            result.draws += mine == theirs
            result.losses += mine < theirs
        result.margins.append((first[0] - first[1] + second[1] - second[0]) / 2)
        if progress is not None:
            progress(1)
    return result
