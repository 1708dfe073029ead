"""Scoring a deal (R18) and the setenta (R19).

>>> from trainer import parse_cards
>>> setenta(parse_cards("7♦ 6♥ A♣ 5♠"))
70
>>> setenta(parse_cards("7♦ 7♥ 7♣")) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from trainer.cards import DECK, SUITS, Card, Suit, cards_of, mask_of
from trainer.profile import CATEGORY_NAMES, CLASSIC, RuleProfile
from trainer.text import Said, marked, said, said_plural

SEVEN_OF_COINS = next(c for c in DECK if c.rank == "7" and c.suit is Suit.COINS)
COINS_MASK = mask_of(c for c in DECK if c.suit is Suit.COINS)
SEVENS_MASK = mask_of(c for c in DECK if c.rank == "7")
WRONG_CAPTURE_COST = 4  # V5, and 1 more for each escoba of the deal


@dataclass(frozen=True, slots=True)
class DealScore:
    """One side's points for a deal, by category, and the figures behind them.

    The classic attribute names hold the classic categories' points (0 where a rule set has no such category);
    ``points`` has every category of the rule set, in its order, and ``total`` their sum.
    """

    escobas: int
    cards: int
    coins: int
    seven_of_coins: int
    setenta: int
    total: int
    escoba_count: int
    card_count: int
    coin_count: int
    setenta_sum: int | None
    has_seven_of_coins: bool
    sevens: int = 0
    all_coins: int = 0
    all_sevens: int = 0
    few_cards: int = 0
    penalty: int = 0  # V5: minus (4 + the deal's escobas) for each wrong capture; 0 unless played by penalties
    seven_count: int = 0
    wrong_captures: int = 0
    shut_out: bool = False  # V1 (``turkish``, two sides): captured no card, so the match is lost at once
    other_cards: int = 0  # with two sides, how many cards the other side took (the figure behind few_cards)
    points: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Category:
    """A way to score points in a deal (V1): what it is called, what wins it (and, where it differs, what wins it
    between two sides), and the figure it counts; the words are marked for the app's catalogues."""

    name: str
    label: str
    won_by: str
    figure: Callable[[DealScore], Said | str] | None = None
    won_by_two: str = ""

    def winning(self, sides: int) -> str:
        """What wins the category at a deal of ``sides`` sides."""
        return self.won_by_two if sides == 2 and self.won_by_two else self.won_by


def _cards(score: DealScore) -> Said:
    return said_plural("{n} card", "{n} cards", score.card_count)


def _coins(score: DealScore) -> Said:
    return said_plural("{n} coin", "{n} coins", score.coin_count)


def _sevens(score: DealScore) -> Said:
    return said_plural("{n} seven", "{n} sevens", score.seven_count)


def _setenta_text(score: DealScore) -> Said | str:
    return said("none") if score.setenta_sum is None else str(score.setenta_sum)


#: Every scoring category, by name, in the order a score lists them.
CATEGORIES: Mapping[str, Category] = MappingProxyType(
    {
        category.name: category
        for category in (
            Category("escoba", marked("escobas"), marked("each escoba made in the deal")),
            Category("cards", marked("most cards"), marked("more cards than every other side"), _cards,
                     marked("more cards than the other side")),
            Category("coins", marked("most coins"), marked("more coins than every other side"), _coins,
                     marked("more coins than the other side")),
            Category("all_coins", marked("all ten coins"), marked("a pile with all ten coins"), _coins),
            Category("sevens", marked("most sevens"), marked("more sevens than every other side"), _sevens,
                     marked("more sevens than the other side")),
            Category("seven_of_coins", "7♦", marked("the pile with the 7♦")),
            Category("all_sevens", marked("all four sevens"), marked("a pile with all four sevens"), _sevens),
            Category("setenta", marked("setenta"), marked("a higher setenta than every other side"), _setenta_text,
                     marked("a higher setenta than the other side")),
            Category(
                "few_cards", marked("opponents under 10 cards"),
                marked("two sides only: the other side took fewer than 10 cards"),
                lambda s: said("they took {count}", count=s.other_cards),
            ),
            Category("penalty", marked("wrong captures"),
                     marked("minus 4, and 1 more for each escoba of the deal, a wrong capture"),
                     lambda s: said_plural("{n} wrong capture", "{n} wrong captures", s.wrong_captures)),
        )
    }
)  # fmt: skip
assert set(CATEGORIES) == {*CATEGORY_NAMES, "penalty"}


def setenta(cards: Iterable[Card], profile: RuleProfile = CLASSIC) -> int | None:
    """The pile's setenta: best price per suit, added; None if a suit is missing (R19)."""
    return setenta_of_mask(mask_of(cards), profile)


def setenta_of_mask(pile: int, profile: RuleProfile = CLASSIC) -> int | None:
    """``setenta`` on a bitmask."""
    best = setenta_cards(cards_of(pile), profile)
    if len(best) < len(SUITS):
        return None
    return sum(profile.setenta_prices[card.rank] for card in best.values())


def setenta_cards(cards: Iterable[Card], profile: RuleProfile = CLASSIC) -> dict[Suit, Card]:
    """The card that counts for setenta in each suit the pile has: its highest price (R19).

    >>> from trainer import parse_cards
    >>> {suit.value: str(card) for suit, card in setenta_cards(parse_cards("K♦ 2♦ A♥")).items()}
    {'♦': '2♦', '♥': 'A♥'}
    """
    best: dict[Suit, Card] = {}
    for card in cards:
        held = best.get(card.suit)
        if held is None or profile.setenta_prices[card.rank] > profile.setenta_prices[held.rank]:
            best[card.suit] = card
    return {suit: best[suit] for suit in SUITS if suit in best}


def most(figures: Sequence[int | None]) -> int | None:
    """The side whose figure is higher than every other side's; None if the top is shared (V2, R18). A missing
    figure (no setenta) loses to any other (R19)."""
    known = [figure for figure in figures if figure is not None]
    if not known:
        return None
    top = max(known)
    return figures.index(top) if known.count(top) == 1 else None


def score_deal(
    piles: Sequence[Iterable[Card]],
    escobas: Sequence[int],
    profile: RuleProfile = CLASSIC,
    wrong_captures: Sequence[int] | None = None,
) -> list[DealScore]:
    """Every side's points for one deal (R18, V1), from their piles and escoba counts (and, played by penalties,
    their wrong captures)."""
    if not 2 <= len(piles) <= 3 or len(escobas) != len(piles):
        raise ValueError("a deal is scored for two or three sides, with an escoba count for each (R5, V3)")
    return score_masks([mask_of(p) for p in piles], list(escobas), profile, wrong_captures)


def score_masks(
    piles: Sequence[int],
    escobas: Sequence[int],
    profile: RuleProfile = CLASSIC,
    wrong_captures: Sequence[int] | None = None,
) -> list[DealScore]:
    """``score_deal`` on bitmasks."""
    sides = range(len(piles))
    card_counts = [p.bit_count() for p in piles]
    coin_counts = [(p & COINS_MASK).bit_count() for p in piles]
    seven_counts = [(p & SEVENS_MASK).bit_count() for p in piles]
    holds_seven = [bool(p & SEVEN_OF_COINS.bit) for p in piles]
    setentas = [setenta_of_mask(p, profile) for p in piles]  # shown as a figure even where it scores nothing
    wrong = list(wrong_captures) if wrong_captures is not None else [0 for _ in sides]
    two = len(piles) == 2
    winners = {
        "cards": most(card_counts),
        "coins": most(coin_counts),
        "all_coins": next((side for side in sides if coin_counts[side] == 10), None),
        "sevens": most(seven_counts),
        "seven_of_coins": next((side for side in sides if holds_seven[side]), None),
        "all_sevens": next((side for side in sides if seven_counts[side] == 4), None),
        "setenta": most(setentas),
    }
    won = {name: [winner == side for side in sides] for name, winner in winners.items()}
    won["few_cards"] = [two and card_counts[1 - side] < 10 for side in sides]
    for bonus, replaced in profile.in_place_of.items():
        won[replaced] = [had and not won[bonus][side] for side, had in enumerate(won[replaced])]
    cost = WRONG_CAPTURE_COST + sum(escobas)
    scores = []
    for side in sides:
        points = {
            name: escobas[side] * worth if name == "escoba" else worth * won[name][side]
            for name, worth in profile.points.items()
        }
        if profile.penalties:
            points["penalty"] = -cost * wrong[side]
        scores.append(
            DealScore(
                escobas=points.get("escoba", 0),
                cards=points.get("cards", 0),
                coins=points.get("coins", 0),
                seven_of_coins=points.get("seven_of_coins", 0),
                setenta=points.get("setenta", 0),
                total=sum(points.values()),
                escoba_count=escobas[side],
                card_count=card_counts[side],
                coin_count=coin_counts[side],
                setenta_sum=setentas[side],
                has_seven_of_coins=holds_seven[side],
                sevens=points.get("sevens", 0),
                all_coins=points.get("all_coins", 0),
                all_sevens=points.get("all_sevens", 0),
                few_cards=points.get("few_cards", 0),
                penalty=points.get("penalty", 0),
                seven_count=seven_counts[side],
                wrong_captures=wrong[side],
                shut_out=profile.shut_out and two and card_counts[side] == 0 and card_counts[1 - side] > 0,
                other_cards=card_counts[1 - side] if two else 0,
                points=MappingProxyType(points),
            )
        )
    return scores


def score_rows(scores: Sequence[DealScore]) -> list[tuple[str, ...]]:
    """A deal's points category by category, with the figures behind them, for a table: a label, then one text
    per side. ``1 (22 cards)`` reads as 1 point, won with 22 cards."""
    rows = []
    for name in scores[0].points:
        category = CATEGORIES[name]
        texts = [
            f"{score.points[name]}" + (f" ({category.figure(score)})" if category.figure is not None else "")
            for score in scores
        ]
        rows.append((category.label, *texts))
    rows.append(("total", *(f"{score.total}" for score in scores)))
    return rows
