"""Scoring a deal (R18) and the setenta (R19)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer import DECK, PROFILES, Suit, parse_cards, score_deal, setenta
from trainer.scoring import CATEGORIES, score_rows


def split(first_text: str, count: int) -> tuple[list, list]:
    """Side 0 gets the named cards, then fills up to ``count`` from the rest in deck order."""
    first = list(parse_cards(first_text))
    rest = [c for c in DECK if c not in first]
    first += rest[: count - len(first)]
    return first, [c for c in DECK if c not in first]


def test_r20_worked_example_scores_six():
    # 22 cards, 6 coins with the 7♦, every seven (the best setenta) and 2 escobas.
    coins = "7♦ 6♦ A♦ 5♦ 4♦ 3♦"
    others = [c for c in DECK if c.suit is not Suit.COINS and c.rank != "7"]
    side_a = [*parse_cards(coins + " 7♥ 7♣ 7♠"), *others[:13]]
    side_b = [c for c in DECK if c not in side_a]
    a, b = score_deal([side_a, side_b], [2, 0])
    assert (a.card_count, a.coin_count, a.has_seven_of_coins, a.setenta_sum) == (22, 6, True, 84)
    assert (a.escobas, a.cards, a.coins, a.seven_of_coins, a.setenta) == (2, 1, 1, 1, 1)
    assert a.total == 6
    assert b.total == 0


def test_r18_twenty_cards_each_is_a_tie_nobody_scores():
    a, b = score_deal(split("", 20), [0, 0])
    assert (a.card_count, b.card_count) == (20, 20)
    assert a.cards == b.cards == 0


def test_r18_five_coins_each_is_a_tie_nobody_scores():
    a, b = score_deal(split("A♦ 2♦ 3♦ 4♦ 5♦", 5), [0, 0])
    assert (a.coin_count, b.coin_count) == (5, 5)
    assert a.coins == b.coins == 0
    assert (a.cards, b.cards) == (0, 1)


def test_r18_seven_of_coins_and_escobas():
    a, b = score_deal(split("7♦", 1), [0, 3])
    assert (a.seven_of_coins, b.seven_of_coins) == (1, 0)
    assert (b.escobas, b.escoba_count) == (3, 3)


def test_r18_nothing_else_scores_all_coins_or_all_sevens():
    side_a = list(parse_cards("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ J♦ Q♦ K♦ 7♥ 7♣ 7♠"))
    a, _ = score_deal([side_a, [c for c in DECK if c not in side_a]], [0, 0])
    assert a.total == 3  # coins, 7♦, setenta; fewer cards; no bonus for all coins or sevens


def test_r19_setenta_takes_the_best_card_of_each_suit():
    assert setenta(parse_cards("7♦ 6♥ A♣ 5♠")) == 21 + 18 + 16 + 15
    assert setenta(parse_cards("K♦ 2♦ Q♥ J♣ 3♠ 4♠")) == 12 + 10 + 10 + 14
    assert setenta(DECK) == 84


def test_r19_a_pile_missing_a_suit_has_no_setenta():
    assert setenta(parse_cards("7♦ 7♥ 7♣")) is None
    assert setenta([]) is None


@pytest.mark.parametrize(
    ("pile_a", "pile_b", "points"),
    [
        ("7♦ 7♥ 7♣ 7♠", "A♦ A♥ A♣ A♠", (1, 0)),  # 84 beats 64
        ("K♦ K♥ K♣ K♠", "7♦ 7♥ 7♣", (1, 0)),  # a valid 40 beats an invalid one
        ("7♦ 7♥ 7♣", "7♠", (0, 0)),  # two invalid: nobody
        ("A♦ A♥ A♣ A♠", "6♦ 3♥ 6♣ 5♠", (0, 0)),  # 64 against 64: nobody
    ],
)
def test_r19_setenta_comparison(pile_a, pile_b, points):
    a, b = score_deal([parse_cards(pile_a), parse_cards(pile_b)], [0, 0])
    assert (a.setenta, b.setenta) == points


splits = st.lists(st.booleans(), min_size=40, max_size=40)


@given(splits, st.integers(0, 6), st.integers(0, 6))
def test_r18_points_add_up_and_each_category_goes_to_one_side_at_most(owner, esc_a, esc_b):
    side_a = [c for c, mine in zip(DECK, owner, strict=True) if mine]
    side_b = [c for c, mine in zip(DECK, owner, strict=True) if not mine]
    a, b = score_deal([side_a, side_b], [esc_a, esc_b])
    for s in (a, b):
        assert s.total == s.escobas + s.cards + s.coins + s.seven_of_coins + s.setenta
    for category in ("cards", "coins", "seven_of_coins", "setenta"):
        assert getattr(a, category) + getattr(b, category) <= 1
    assert a.seven_of_coins + b.seven_of_coins == 1  # the 7♦ is in one of the piles
    assert a.card_count + b.card_count == 40
    assert a.total + b.total <= esc_a + esc_b + 4


# -- other rule sets (V1-V3, V5) ----------------------------------------------------------------------


def test_v3_a_deal_is_scored_for_two_or_three_sides():
    """V3: 2 or 3 players are 2 or 3 sides, 4 and 6 players two; never one side or four."""
    with pytest.raises(ValueError, match="two or three sides"):
        score_deal([list(DECK)], [0])
    with pytest.raises(ValueError, match="two or three sides"):
        score_deal([DECK[:10], DECK[10:20], DECK[20:30], DECK[30:]], [0, 0, 0, 0])
    with pytest.raises(ValueError, match="an escoba count for each"):
        score_deal([DECK[:20], DECK[20:]], [0, 0, 0])


def test_v1_a_category_a_rule_set_lacks_scores_nothing_but_its_figure_is_still_shown():
    """V1: ``sevens`` has no setenta: the classic attribute is 0 and the category is not listed, while the
    setenta figure is kept for the curious."""
    mine = list(parse_cards("7♦ 7♥ 7♣ 7♠"))
    a, _ = score_deal([mine, [c for c in DECK if c not in mine]], [0, 0], PROFILES["sevens"])
    assert a.setenta == 0 and "setenta" not in a.points and a.setenta_sum == 84
    assert list(a.points) == list(PROFILES["sevens"].points)


def test_v1_every_category_of_every_rule_set_has_a_label_and_a_way_to_win():
    """V1: score tables name every category a rule set scores, penalties (V5) included."""
    for profile in PROFILES.values():
        for name in [*profile.points, "penalty"]:
            assert CATEGORIES[name].label and CATEGORIES[name].won_by


def test_v1_v5_score_rows_list_the_categories_of_the_rule_set_then_the_total():
    """V1, V5: one row per category in the rule set's order, one column per side, with the figure behind each;
    the penalty row only when the deal was played by the penalties."""
    piles = [list(DECK[:9]), list(DECK[9:])]
    table_mode = PROFILES["turkish"].with_options(penalties=True)
    rows = score_rows(score_deal(piles, [1, 0], table_mode, [1, 0]))
    assert [row[0] for row in rows] == [
        "escobas", "most cards", "most coins", "all ten coins", "most sevens", "7♦", "all four sevens",
        "opponents under 10 cards", "wrong captures", "total",
    ]  # fmt: skip
    assert rows[-2] == ("wrong captures", "-5 (1 wrong capture)", "0 (0 wrong captures)")  # 4 + the deal's escoba
    assert rows[-1] == ("total", "-4", "8")  # 1 + 1 + 1 + 3 (four sevens, in place of the 7♦) + 2
    plain = score_rows(score_deal(piles, [1, 0], PROFILES["turkish"]))
    assert "wrong captures" not in [row[0] for row in plain]
    three = score_rows(score_deal([DECK[:10], DECK[10:25], DECK[25:]], [0, 1, 2], PROFILES["escova"]))
    assert all(len(row) == 4 for row in three)
    assert three[0] == ("escobas", "0", "1", "2")


owners3 = st.lists(st.integers(0, 2), min_size=40, max_size=40)


@given(owners3, st.sampled_from(list(PROFILES)), st.booleans())
def test_v1_v2_each_point_goes_to_one_side_at_most_and_totals_add_up(owners, name, three):
    """V1, V2: a "most" or bonus point is never shared; the 7♦ point goes to its holder unless all four sevens
    score in its place; totals are the sum of the points."""
    sides = 3 if three and name != "classic" else 2
    piles = [[c for c, o in zip(DECK, owners, strict=True) if o % sides == side] for side in range(sides)]
    profile = PROFILES[name]
    scores = score_deal(piles, [0] * sides, profile)
    for category in profile.points:
        assert sum(bool(s.points[category]) for s in scores) <= (1 if category != "few_cards" else 2)
    for score in scores:
        assert score.total == sum(score.points.values())
    holder = next(side for side, pile in enumerate(piles) if parse_cards("7♦")[0] in pile)
    instead = profile.in_place_of and scores[holder].seven_count == 4
    assert [s.seven_of_coins for s in scores] == [int(side == holder and not instead) for side in range(sides)]
