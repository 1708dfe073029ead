"""Glicko-2 ratings for learners, puzzles rated from their level, and review grades.

Glicko-2 is short enough to write out from Glickman's description, and no
typed, maintained package offers it, so it lives here, checked against the
worked example of the paper. A learner's rating moves after each puzzle,
treated as a game against the puzzle.

>>> after = update(Rating(), opponent=puzzle_rating(1), score=1.0)
>>> after.rating > 1500 and after.rd < 350
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's scale factor between rating points and its internal units
TAU = 0.5  # how fast volatility may change
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the estimate, its deviation (uncertainty) and the volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


#: Where a learner starts: the usual 1500, with a deviation narrower than Glicko-2's 350 so that
#: the first few answers move the rating by tens of points, not hundreds.
START = Rating(1500.0, 200.0, 0.06)

#: A puzzle's rating from its level: level 3 sits at the starting rating of a learner.
LEVEL_RATINGS = {1: 1100.0, 2: 1300.0, 3: 1500.0, 4: 1700.0, 5: 1900.0}
PUZZLE_RD = 80.0


def puzzle_rating(level: int) -> Rating:
    """The fixed rating of a puzzle of this level."""
    return Rating(LEVEL_RATINGS[level], PUZZLE_RD)


def score_of(correct: bool, hints: int) -> float:
    """The result of one puzzle as a game: 1 solved alone, less for each hint used, 0 missed."""
    return max(0.25, 1.0 - 0.25 * hints) if correct else 0.0


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update_many(player: Rating, games: Sequence[tuple[Rating, float]]) -> Rating:
    """The rating after one rating period of games (opponent, score 0..1)."""
    mu, phi = (player.rating - 1500) / SCALE, player.rd / SCALE
    if not games:
        return Rating(player.rating, min(350.0, SCALE * math.sqrt(phi**2 + player.vol**2)), player.vol)
    terms = [((opp.rating - 1500) / SCALE, opp.rd / SCALE, score) for opp, score in games]
    v = 1 / sum(_g(p) ** 2 * _expected(mu, m, p) * (1 - _expected(mu, m, p)) for m, p, _ in terms)
    delta = v * sum(_g(p) * (s - _expected(mu, m, p)) for m, p, s in terms)
    vol = _new_volatility(delta, phi, v, player.vol)
    phi_star = math.sqrt(phi**2 + vol**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * sum(_g(p) * (s - _expected(mu, m, p)) for m, p, s in terms)
    return Rating(SCALE * new_mu + 1500, SCALE * new_phi, vol)


def update(player: Rating, opponent: Rating, score: float) -> Rating:
    """The rating after a single game."""
    return update_many(player, [(opponent, score)])


def _new_volatility(delta: float, phi: float, v: float, sigma: float) -> float:
    """Step 5 of Glicko-2: solve for the new volatility (Illinois method)."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    low = a
    if delta**2 > phi**2 + v:
        high = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        high = a - k * TAU
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        new = low + (low - high) * f_low / (f_high - f_low)
        f_new = f(new)
        if f_new * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = new, f_new
    return math.exp(low / 2)
