"""Rule profiles: the classic one matches the rule book, and another changes play as data."""

import dataclasses
import random
from types import MappingProxyType

from trainer import CLASSIC, DECK, Match, parse_cards, score_deal
from trainer.simulate import play_randomly


def test_classic_profile_is_the_rule_book():
    assert CLASSIC.players == (2, 4)  # R5
    assert (CLASSIC.hand_size, CLASSIC.table_size) == (3, 4)  # R8
    assert dict(CLASSIC.points) == {"escoba": 1, "cards": 1, "coins": 1, "seven_of_coins": 1, "setenta": 1}  # R18
    prices = CLASSIC.setenta_prices  # R19
    assert [prices[r] for r in ("7", "6", "A", "5", "4", "3", "2", "J", "Q", "K")] == [
        21,
        18,
        16,
        15,
        14,
        13,
        12,
        10,
        10,
        10,
    ]
    assert CLASSIC.target == 21  # R21


def test_a_profile_without_setenta_and_double_escobas_scores_differently():
    profile = dataclasses.replace(
        CLASSIC, name="test", points=MappingProxyType({"escoba": 2, "cards": 1, "coins": 1, "seven_of_coins": 1})
    )
    mine = list(parse_cards("7♦ 7♥ 7♣ 7♠"))
    a, _ = score_deal([mine, [c for c in DECK if c not in mine]], [1, 0], profile)
    assert (a.escobas, a.setenta, a.seven_of_coins) == (2, 0, 1)
    assert a.setenta_sum == 84  # the figure is still shown


def test_a_profile_with_a_lower_target_ends_the_match_sooner():
    profile = dataclasses.replace(CLASSIC, name="short", target=5, targets=(5,))
    match = play_randomly(Match.new(2, seed=2, profile=profile), random.Random(2))
    a, b = match.totals
    assert max(a, b) >= 5 and a != b
    assert len(match.finished) < len(play_randomly(Match.new(2, seed=2), random.Random(2)).finished)
