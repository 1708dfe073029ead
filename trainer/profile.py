"""Every rule choice of a rule set, gathered in one value (RULES.md, "Other rule sets").

The engine reads nothing about the rule set from anywhere else, so a rule set is a
``RuleProfile`` value, not a change to the engine. ``PROFILES`` holds the five the sources
describe.

>>> PROFILES["turkish"].players, PROFILES["turkish"].sides(6), PROFILES["turkish"].side_of(5, 6)
((2, 3, 4, 6), 2, 1)
>>> PROFILES["sevens"].with_options(target=15).target
15
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from trainer.text import either, marked

#: Setenta prices (R19); these are never capture values.
CLASSIC_SETENTA_PRICES: Mapping[str, int] = MappingProxyType(
    {"A": 16, "2": 12, "3": 13, "4": 14, "5": 15, "6": 18, "7": 21, "J": 10, "Q": 10, "K": 10}
)

#: Every scoring category a rule set can use, in the order a score lists them (``scoring.CATEGORIES`` says what
#: each counts and how it is won).
CATEGORY_NAMES = (
    "escoba", "cards", "coins", "all_coins", "sevens", "seven_of_coins", "all_sevens", "setenta", "few_cards",
)  # fmt: skip

#: What a first table adds up to decides (R9): ``escobas`` 15 gives 1 escoba and 30 gives 2; ``take`` exactly 15
#: goes to the dealer's side with no escoba; ``none`` nothing happens.
FIRST_TABLE_RULES = ("escobas", "take", "none")
#: Who must capture (R13): ``played`` only the card played, when it can; ``any`` a player who can capture with
#: some hand card must capture.
MUST_CAPTURE_RULES = ("played", "any")


def _points(**points: int) -> Mapping[str, int]:
    return MappingProxyType(points)


#: Points per scoring category (R18); a category a profile does not list is not scored.
CLASSIC_POINTS = _points(escoba=1, cards=1, coins=1, seven_of_coins=1, setenta=1)


@dataclass(frozen=True)
class RuleProfile:
    """A rule set: the classic setenta game of RULES.md by default."""

    name: str = "classic"
    title: str = marked("Classic, with the setenta")
    players: tuple[int, ...] = (2, 4)  # R5, V3
    hand_size: int = 3  # R8, R10
    table_size: int = 4  # R8
    first_table: str = "escobas"  # R9
    must_capture: str = "played"  # R13
    escoba_on_last_play: bool = True  # R14
    points: Mapping[str, int] = field(default_factory=lambda: CLASSIC_POINTS)  # R18, V1
    #: A bonus won in place of another category's point (V1): the side with all four sevens scores 3, not the 7♦.
    in_place_of: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    #: With two sides only: a side that captured no card in a deal loses the match at once (V1, ``turkish``).
    shut_out: bool = False
    setenta_prices: Mapping[str, int] = field(default_factory=lambda: CLASSIC_SETENTA_PRICES)  # R19
    target: int = 21  # R21
    targets: tuple[int, ...] = (21,)  # the targets a learner may choose, the usual one first
    first_dealer: str = "random"  # V4: "random", or "high card" (each draws a card, the highest deals)
    #: V5: mistakes stand and are penalised at the end of the deal, instead of being refused (R17).
    penalties: bool = False
    penalties_allowed: bool = False

    def __post_init__(self) -> None:
        unknown = sorted(set(self.points) - set(CATEGORY_NAMES))
        if unknown:
            raise ValueError(f"unknown scoring categories {unknown}: known are {', '.join(CATEGORY_NAMES)}")
        if self.first_table not in FIRST_TABLE_RULES or self.must_capture not in MUST_CAPTURE_RULES:
            raise ValueError(f"first_table is one of {FIRST_TABLE_RULES}, must_capture one of {MUST_CAPTURE_RULES}")
        if self.target not in self.targets:
            raise ValueError(f"target {self.target} is not one of the allowed targets {self.targets}")
        if self.penalties and not self.penalties_allowed:
            raise ValueError(f"the {self.name} rule set has no table mode: an illegal play is refused (R17)")

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with its mappings as plain dicts (a read-only mapping cannot be), for the arena's workers."""
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return _unpickled, ({name: dict(v) if isinstance(v, Mapping) else v for name, v in fields.items()},)

    @property
    def initial_sweep(self) -> bool:
        """Whether a first table of 15 or 30 scores escobas (R9)."""
        return self.first_table == "escobas"

    def sides(self, players: int) -> int:
        """How many sides ``players`` seats form (V3): each seat alone with 2 or 3, two sides with 4 or 6."""
        return players if players <= 3 else 2

    def side_of(self, seat: int, players: int) -> int:
        """The side of a seat (V3): partners sit opposite, so with 4 or 6 players side = seat % 2."""
        return seat % self.sides(players)

    def with_options(self, target: int | None = None, penalties: bool | None = None) -> RuleProfile:
        """This rule set with another allowed target, or played by its penalties (V5); ValueError if not allowed."""
        if target is not None and target not in self.targets:
            allowed = either(self.targets)
            raise ValueError(f"a match by the {self.name} rules is played to {allowed} points, not {target}")
        return dataclasses.replace(
            self,
            target=self.target if target is None else target,
            penalties=self.penalties if penalties is None else penalties,
        )


def _unpickled(fields: dict[str, object]) -> RuleProfile:
    """A pickled rule set, its mappings made read-only again."""
    mappings = {name: MappingProxyType(dict(value)) for name, value in fields.items() if isinstance(value, Mapping)}
    return RuleProfile(**{**fields, **mappings})  # type: ignore[arg-type]


CLASSIC = RuleProfile()

#: The sevens game of the encyclopedia text: no setenta, a point for most sevens and one more for all four.
SEVENS = RuleProfile(
    name="sevens",
    title=marked("Sevens (no setenta)"),
    players=(2, 3, 4),
    first_table="take",
    must_capture="any",
    points=_points(escoba=1, cards=1, coins=1, sevens=1, seven_of_coins=1, all_sevens=1),
    targets=(21, 15),
)
#: Brazilian Escova: 31 points, no first-table sweep, two more points for all ten diamonds.
ESCOVA = RuleProfile(
    name="escova",
    title=marked("Escova (Brazil)"),
    players=(2, 3, 4),
    first_table="none",
    must_capture="any",
    points=_points(escoba=1, cards=1, coins=1, all_coins=2, seven_of_coins=1),
    target=31,
    targets=(31,),
)
_SEVENS_IN_PLACE = MappingProxyType({"all_sevens": "seven_of_coins"})
#: The online site's rules: all four sevens bring 3 points in place of the 7♦ point.
CARDGAMES = RuleProfile(
    name="cardgames",
    title=marked("Online (cardgames.io)"),
    players=(2, 3, 4),
    points=_points(escoba=1, cards=1, coins=1, all_coins=2, sevens=1, seven_of_coins=1, all_sevens=3),
    in_place_of=_SEVENS_IN_PLACE,
)
#: The Turkish rules: as the online site's, with 6 players possible, a bonus for holding the opponents under 10
#: cards, a shut-out that ends the match, and a table mode that penalises mistakes instead of refusing them.
TURKISH = RuleProfile(
    name="turkish",
    title=marked("Turkish"),
    players=(2, 3, 4, 6),
    must_capture="any",
    points=_points(escoba=1, cards=1, coins=1, all_coins=2, sevens=1, seven_of_coins=1, all_sevens=3, few_cards=2),
    in_place_of=_SEVENS_IN_PLACE,
    shut_out=True,
    targets=(21, 31),
    first_dealer="high card",
    penalties_allowed=True,
)

#: Every rule set by name, the classic one first.
PROFILES: Mapping[str, RuleProfile] = MappingProxyType(
    {profile.name: profile for profile in (CLASSIC, SEVENS, ESCOVA, CARDGAMES, TURKISH)}
)
