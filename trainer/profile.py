"""Every rule choice of a game variant, gathered in one value.

The engine reads nothing about the variant from anywhere else, so another
house-rule profile is a new ``RuleProfile`` value, not a change to the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

#: Setenta prices (R19); these are never capture values.
CLASSIC_SETENTA_PRICES: Mapping[str, int] = MappingProxyType(
    {"A": 16, "2": 12, "3": 13, "4": 14, "5": 15, "6": 18, "7": 21, "J": 10, "Q": 10, "K": 10}
)

#: Points per scoring category (R18); a category worth 0 is not scored.
CLASSIC_POINTS: Mapping[str, int] = MappingProxyType(
    {"escoba": 1, "cards": 1, "coins": 1, "seven_of_coins": 1, "setenta": 1}
)


@dataclass(frozen=True)
class RuleProfile:
    """A rule set: the classic setenta game of RULES.md by default."""

    name: str = "classic"
    players: tuple[int, ...] = (2, 4)  # R5
    hand_size: int = 3  # R8, R10
    table_size: int = 4  # R8
    initial_sweep: bool = True  # R9: 15 -> 1 escoba, 30 -> 2 escobas
    escoba_on_last_play: bool = True  # R14
    points: Mapping[str, int] = field(default_factory=lambda: CLASSIC_POINTS)  # R18
    setenta_prices: Mapping[str, int] = field(default_factory=lambda: CLASSIC_SETENTA_PRICES)  # R19
    target: int = 21  # R21


CLASSIC = RuleProfile()
