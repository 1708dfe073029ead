"""Rule profiles: the classic one matches the rule book, and another changes play as data."""

import dataclasses
import random
from types import MappingProxyType

import pytest

from trainer import CLASSIC, DECK, PROFILES, Match, parse_cards, score_deal
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


def test_the_five_rule_sets_classic_first():
    """RULES.md "Other rule sets": classic is the default and the first of five."""
    assert list(PROFILES) == ["classic", "sevens", "escova", "cardgames", "turkish"]
    assert PROFILES["classic"] is CLASSIC
    assert all(profile.name == name for name, profile in PROFILES.items())
    assert all(profile.hand_size == 3 and profile.table_size == 4 for profile in PROFILES.values())  # V3


@pytest.mark.parametrize(
    ("players", "sides", "side_of"), [(2, 2, [0, 1]), (3, 3, [0, 1, 2]), (4, 2, [0, 1, 0, 1]), (6, 2, [0, 1] * 3)]
)
def test_v3_sides_of_a_player_count(players, sides, side_of):
    profile = PROFILES["turkish"]
    assert profile.sides(players) == sides
    assert [profile.side_of(seat, players) for seat in range(players)] == side_of


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"points": MappingProxyType({"escoba": 1, "jokers": 2})}, "unknown scoring categories \\['jokers'\\]"),
        ({"first_table": "twice"}, "first_table is one of"),
        ({"must_capture": "never"}, "must_capture one of"),
        ({"target": 25}, "target 25 is not one of the allowed targets \\(21,\\)"),
        ({"penalties": True}, "the classic rule set has no table mode"),
    ],
)
def test_a_rule_set_with_an_impossible_choice_is_refused(change, message):
    """A rule set is data, so a wrong value is caught when the rule set is made, not in the middle of a deal."""
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(CLASSIC, **change)


def test_with_options_changes_only_the_option():
    turkish = PROFILES["turkish"]
    chosen = turkish.with_options(target=31, penalties=True)
    assert (chosen.target, chosen.penalties) == (31, True)
    assert dataclasses.replace(chosen, target=21, penalties=False) == turkish
    assert chosen.with_options().target == 31  # nothing asked, nothing changed
