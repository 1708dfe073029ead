"""Scoring a deal (R18) and the setenta (R19).

>>> from trainer import parse_cards
>>> setenta(parse_cards("7♦ 6♥ A♣ 5♠"))
70
>>> setenta(parse_cards("7♦ 7♥ 7♣")) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trainer.cards import DECK, SUITS, Card, Suit, cards_of, mask_of
from trainer.profile import CLASSIC, RuleProfile
from trainer.text import plural

SEVEN_OF_COINS = next(c for c in DECK if c.rank == "7" and c.suit is Suit.COINS)
COINS_MASK = mask_of(c for c in DECK if c.suit is Suit.COINS)


@dataclass(frozen=True, slots=True)
class DealScore:
    """One side's points for a deal, by category, and the figures behind them."""

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


def _winner(a: int | None, b: int | None) -> int | None:
    """Side 0 or 1 with the higher figure; None on a tie. None as a figure loses (R19)."""
    if a == b:
        return None
    if a is None or b is None:
        return 0 if b is None else 1
    return 0 if a > b else 1


def score_deal(
    piles: Sequence[Iterable[Card]], escobas: Sequence[int], profile: RuleProfile = CLASSIC
) -> list[DealScore]:
    """Points of both sides for one deal (R18), from their piles and escoba counts."""
    if len(piles) != 2 or len(escobas) != 2:
        raise ValueError("a deal is scored for exactly two sides (R5)")
    return score_masks([mask_of(p) for p in piles], list(escobas), profile)


def score_masks(piles: Sequence[int], escobas: Sequence[int], profile: RuleProfile = CLASSIC) -> list[DealScore]:
    """``score_deal`` on bitmasks."""
    card_counts = [p.bit_count() for p in piles]
    coin_counts = [(p & COINS_MASK).bit_count() for p in piles]
    sevens = [bool(p & SEVEN_OF_COINS.bit) for p in piles]
    setentas = [setenta_of_mask(p, profile) for p in piles]
    winners = {
        "cards": _winner(*card_counts),
        "coins": _winner(*coin_counts),
        "seven_of_coins": 0 if sevens[0] else 1 if sevens[1] else None,
        "setenta": _winner(*setentas),
    }
    points = profile.points
    scores = []
    for side in (0, 1):
        won = {name: points.get(name, 0) if winner == side else 0 for name, winner in winners.items()}
        escoba_points = escobas[side] * points.get("escoba", 0)
        scores.append(
            DealScore(
                escobas=escoba_points,
                cards=won["cards"],
                coins=won["coins"],
                seven_of_coins=won["seven_of_coins"],
                setenta=won["setenta"],
                total=escoba_points + sum(won.values()),
                escoba_count=escobas[side],
                card_count=card_counts[side],
                coin_count=coin_counts[side],
                setenta_sum=setentas[side],
                has_seven_of_coins=sevens[side],
            )
        )
    return scores


def score_rows(scores: Sequence[DealScore]) -> list[tuple[str, str, str]]:
    """A deal's points category by category, with the figures behind them, for a table.

    ``1 (22 cards)`` reads as 1 point, won with 22 cards.
    """
    a, b = scores
    setentas = ["none" if s.setenta_sum is None else str(s.setenta_sum) for s in (a, b)]
    return [
        ("escobas", f"{a.escobas}", f"{b.escobas}"),
        ("most cards", f"{a.cards} ({plural(a.card_count, 'card')})", f"{b.cards} ({plural(b.card_count, 'card')})"),
        ("most coins", f"{a.coins} ({plural(a.coin_count, 'coin')})", f"{b.coins} ({plural(b.coin_count, 'coin')})"),
        ("7♦", f"{a.seven_of_coins}", f"{b.seven_of_coins}"),
        ("setenta", f"{a.setenta} ({setentas[0]})", f"{b.setenta} ({setentas[1]})"),
        ("total", f"{a.total}", f"{b.total}"),
    ]
