"""Which captured piles a real deal can give (R9, R12, R14-R16), checked against deals the engine plays."""

import itertools
import random

import pytest

from trainer import DECK, Deal, parse_cards
from trainer.profile import PROFILES
from trainer.puzzles.reachable import deal_problem, pile_problem
from trainer.simulate import play_randomly

RNG = random.Random(4)
DEALS = [play_randomly(Deal.new(RNG.choice((2, 4)), seed=n), RNG) for n in range(150)]


def _splits_by_hand(values: list[int], left_over: bool) -> bool:
    """A slow, plain reference: some groups of 15 use every card, or (with ``left_over``) at least one group."""
    if not values:
        return not left_over
    for size in range(2, len(values) + 1):
        for group in itertools.combinations(range(len(values)), size):
            if sum(values[i] for i in group) == 15:
                rest = [v for i, v in enumerate(values) if i not in group]
                if left_over or _splits_by_hand(rest, False):
                    return True
    return False


@pytest.mark.parametrize("deal", DEALS, ids=lambda d: f"{d.players}p")
def test_every_deal_the_engine_plays_ends_with_reachable_piles(deal):
    assert deal_problem(deal.piles, deal.escobas) is None
    for side in (0, 1):
        assert pile_problem(deal.piles[side], end=True, escobas=deal.escobas[side]) is None


def test_piles_in_the_middle_of_a_deal_are_reachable_too():
    for deal in DEALS[:40]:
        state = deal
        while state is not None:
            if not state.is_over:
                assert deal_problem(state.piles, state.escobas) is None
            state = state.previous


def test_small_piles_agree_with_a_plain_search():
    rng = random.Random(9)
    for _ in range(300):
        pile = rng.sample(DECK, rng.randint(2, 8))
        values = [card.value for card in pile]
        total = sum(values)
        expected = (total % 15 == 0 and _splits_by_hand(values, False)) or (
            total % 15 == 10 and _splits_by_hand(values, True)
        )
        for sweep in itertools.combinations(range(len(values)), 4):  # or an opening sweep of 30 first (R9)
            rest = [v for i, v in enumerate(values) if i not in sweep]
            if sum(values[i] for i in sweep) == 30:
                expected |= total % 15 == 10 or not rest or _splits_by_hand(rest, False)
        assert (pile_problem(pile, end=True) is None) == expected, pile


def test_a_pile_in_the_middle_of_a_deal_holds_no_last_take():
    pile = parse_cards("7♦ J♦ K♠")  # 7 + 8 = 15, and the rey could only be a last take
    assert pile_problem(pile, end=True) is None
    assert "captures take 15 at a time" in str(pile_problem(pile, end=False))


def test_escobas_are_at_most_one_per_capture():
    pile = parse_cards("7♦ J♦ 7♥ J♥")
    assert pile_problem(pile, end=False, escobas=2) is None
    assert pile_problem(pile, end=False, escobas=3) == (
        "3 escobas claimed, but this pile holds at most 2 (one per capture, R14; R9)"
    )


def test_an_opening_sweep_of_30_brings_exactly_two_escobas_and_one_side_only():
    sweep = parse_cards("K♦ Q♥ J♣ 3♠")  # 30, no group of 15 inside
    assert pile_problem(sweep, end=False, escobas=2) is None
    assert pile_problem(sweep, end=False, escobas=1) is not None  # the sweep's two escobas come together
    other = parse_cards("K♥ Q♦ J♠ 3♣")
    rest = [card for card in DECK if card not in sweep + other]
    assert deal_problem([sweep, other], [2, 2]) == (
        "each pile needs the opening sweep of 30 to be made, but only the dealer's side takes it (R9)"
    )
    whole = [sweep, other + tuple(rest)]  # all 40 cards: B's pile holds the last take
    assert deal_problem(whole, [2, 0]) is None
    assert deal_problem(whole, [1, 0]) is not None


def test_the_last_take_needs_a_capture_of_its_own():
    assert "no capture" in str(pile_problem(parse_cards("K♦ K♥ K♣ K♠"), end=True))
    assert pile_problem(parse_cards("K♦ K♥ 5♦"), end=True) is None  # K + 5 = 15, and a rey left on the table


OTHER_RULES = [PROFILES[name] for name in ("sevens", "escova", "cardgames", "turkish")]


@pytest.mark.parametrize("profile", OTHER_RULES, ids=lambda p: p.name)
def test_v3_deals_of_every_rule_set_and_number_of_players_end_with_reachable_piles(profile):
    rng = random.Random(profile.name)
    for players in profile.players:
        for n in range(12):
            deal = play_randomly(Deal.new(players, seed=n, profile=profile), rng)
            assert len(deal.piles) == profile.sides(players)
            assert deal_problem(deal.piles, deal.escobas, profile) is None, (players, n)


def test_r9_only_rule_sets_that_score_a_first_table_of_30_give_its_sweep():
    sweep = parse_cards("K♦ Q♥ J♣ 3♠")  # 30, no group of 15 inside
    rest = tuple(card for card in DECK if card not in sweep)
    for name in ("classic", "cardgames", "turkish"):
        assert deal_problem([sweep, rest], [2, 0], PROFILES[name]) is None
    for name in ("sevens", "escova"):  # no escobas there for a first table of 30: it stays on the table
        assert pile_problem(sweep, end=False, profile=PROFILES[name]) == (
            "this pile adds up to 30 but cannot be split into groups of cards making 15 (R12)"
        )


def test_v3_three_piles_hold_one_last_take_and_at_most_one_sweep():
    sweep, other = parse_cards("K♦ Q♥ J♣ 3♠"), parse_cards("K♥ Q♦ J♠ 3♣")  # 30 each, no group of 15 inside
    sevens = parse_cards("7♦ J♦ 7♥ J♥")
    cardgames = PROFILES["cardgames"]
    rest = tuple(card for card in DECK if card not in sweep + sevens)
    assert deal_problem([sweep, sevens, rest], [2, 1, 0], cardgames) is None
    assert deal_problem([sweep, sevens, rest], [2, 3, 0], cardgames) == (
        "B: 3 escobas claimed, but this pile holds at most 2 (one per capture, R14; R9)"
    )
    rest = tuple(card for card in DECK if card not in sweep + other + sevens)
    assert deal_problem([sweep, other + sevens, rest], [2, 2, 0], cardgames) == (
        "each pile needs the opening sweep of 30 to be made, but only the dealer's side takes it (R9)"
    )
