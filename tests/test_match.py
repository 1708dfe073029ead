"""A match of several deals (R7, R21, R22)."""

import dataclasses
import random

import pytest

from trainer import PROFILES, Match
from trainer.match import FinishedDeal, draw_for_dealer, match_result
from trainer.scoring import DealScore
from trainer.simulate import play_randomly


def with_totals(match: Match, *totals: tuple[int, ...]) -> Match:
    """The match as if its finished deals had scored these points (one figure per side)."""

    def score(total: int) -> DealScore:
        return DealScore(total, 0, 0, 0, 0, total, total, 0, 0, None, False)

    done = tuple(FinishedDeal(0, match.current, tuple(score(t) for t in deal)) for deal in totals)
    return dataclasses.replace(match, finished=done)


def finished(match: Match) -> Match:
    """The match with its current deal played to the end."""
    return dataclasses.replace(match, current=play_randomly(match.current, random.Random(5)))


@pytest.mark.parametrize("players", [2, 4])
def test_r21_a_random_match_ends_with_one_side_ahead_at_21_or_more(players):
    match = play_randomly(Match.new(players, seed=4), random.Random(4))
    a, b = match.totals
    assert max(a, b) >= 21 and a != b
    assert match.winner == (0 if a > b else 1)
    with pytest.raises(ValueError, match="match is over"):
        match.next_deal()


@pytest.mark.parametrize(
    ("totals", "over", "winner"),
    [
        ([(20, 19)], False, None),  # nobody at the target yet
        ([(21, 3)], True, 0),
        ([(18, 12), (4, 10)], False, None),  # 22 all: play on
        ([(18, 12), (4, 9)], True, 0),  # both at 21 or more: the higher total wins
        ([(15, 15), (6, 6)], False, None),  # 21 all: play on (R21)
        ([(15, 15), (6, 6), (0, 1)], True, 1),  # the next deal breaks the tie
    ],
)
def test_r21_target_and_tie_continuation(totals, over, winner):
    match = with_totals(Match.new(seed=1), *totals)
    match = dataclasses.replace(match, current=play_randomly(match.current, random.Random(5)))
    assert (match.is_over, match.winner) == (over, winner)


def test_r21_nothing_ends_the_match_in_the_middle_of_a_deal():
    match = with_totals(Match.new(seed=2), (30, 0))
    assert not match.current.is_over and not match.is_over


@pytest.mark.parametrize("players", [2, 4])
def test_r7_r22_the_deal_passes_to_the_next_seat_and_scores_go_to_the_right_side(players):
    match = Match.new(players, seed=8, first_dealer=1)
    rng = random.Random(8)
    dealers = []
    while not match.is_over and len(match.finished) < 4:
        match = play_randomly(match, rng, limit=1)
    for number, done in enumerate(match.finished):
        dealers.append(done.dealer)
        deal_scores = done.deal.score()
        leader_side = (done.dealer + 1) % 2  # the leader sits at deal seat 0, side 0
        assert done.scores[leader_side] == deal_scores[0]
        assert done.scores[1 - leader_side] == deal_scores[1]
        assert done.deal.deck != match.finished[number - 1].deal.deck or number == 0  # R22: a new shuffle
    assert dealers == [(1 + k) % players for k in range(len(dealers))]
    assert match.seat_of(0) == (match.dealer + 1) % players


def test_r7_first_dealer_is_drawn_from_the_seed_and_can_be_set():
    assert Match.new(seed=3).first_dealer == Match.new(seed=3).first_dealer
    assert {Match.new(4, seed=s).first_dealer for s in range(40)} == {0, 1, 2, 3}
    with pytest.raises(ValueError, match="seats are 0 to 1"):
        Match.new(2, first_dealer=2)


def test_next_deal_waits_for_the_current_deal_to_end():
    with pytest.raises(ValueError, match="not over yet"):
        Match.new(seed=1).next_deal()


@pytest.mark.parametrize(
    ("totals", "winner"),
    [((20, 19), None), ((21, 3), 0), ((22, 22), None), ((21, 25), 1), ((30, 0), 0)],
)
def test_r21_match_result_is_the_rule_the_match_uses(totals, winner):
    assert match_result(totals, 21) == winner
    finished = dataclasses.replace(
        Match.new(seed=1), current=play_randomly(Match.new(seed=1).current, random.Random(5))
    )
    assert with_totals(finished, totals).winner == winner


SEVENS, TURKISH = PROFILES["sevens"], PROFILES["turkish"]


@pytest.mark.parametrize(("profile", "players"), [(SEVENS, 3), (TURKISH, 3), (TURKISH, 6), (TURKISH, 4)])
def test_r7_r22_v3_with_three_or_six_players_scores_go_to_the_sides_of_the_seats(profile, players):
    """R7, R22, V3: the deal passes one seat on each time; deal seat 0 (the leader) sits at match seat
    dealer + 1, so each deal side's points go to the match side of the seats that played them."""
    match = Match.new(players, seed=3, first_dealer=players - 1, profile=profile)
    rng = random.Random(3)
    while not match.is_over and len(match.finished) < players + 1:
        match = play_randomly(match, rng, limit=1)
    sides = profile.sides(players)
    for number, done in enumerate(match.finished):
        assert done.dealer == (players - 1 + number) % players
        deal_scores = done.deal.score()
        for deal_seat in range(players):
            match_seat = (done.dealer + 1 + deal_seat) % players
            assert done.scores[match_seat % sides] == deal_scores[deal_seat % sides]
    assert match.totals == tuple(sum(d.scores[side].total for d in match.finished) for side in range(sides))


@pytest.mark.parametrize(
    ("totals", "over", "winner"),
    [
        ([(20, 19, 18)], False, None),
        ([(20, 22, 21)], True, 1),  # all three past 21 or at it: the highest total wins (V4)
        ([(15, 20, 20), (8, 2, 1)], True, 0),  # 23, 22, 21
        ([(15, 20, 20), (7, 2, 1)], False, None),  # 22, 22, 21: the top is shared, another deal
    ],
)
def test_v4_three_sides_target_and_tie_continuation(totals, over, winner):
    """V4: with three sides the match ends after a deal with one side alone on the highest total at the target."""
    match = with_totals(finished(Match.new(3, seed=1, profile=SEVENS)), *totals)
    assert (match.is_over, match.winner) == (over, winner)


def test_v4_a_shared_top_among_three_sides_is_broken_by_the_next_deal():
    """V4: 22, 22 and 21 play on; a deal that puts one side alone on top ends the match."""
    match = with_totals(finished(Match.new(3, seed=1, profile=SEVENS)), (15, 20, 20), (7, 2, 1))
    assert not match.is_over and match.winner is None
    match = with_totals(match, (15, 20, 20), (7, 2, 1), (0, 1, 0))
    assert match.is_over and match.winner == 1
    with pytest.raises(ValueError, match="match is over"):
        match.next_deal()


def test_v4_a_match_to_another_target_ends_there():
    """V4, R21: ``sevens`` to 15 ends at 15; the same totals in a match to 21 play on."""
    short = finished(Match.new(2, seed=1, profile=SEVENS.with_options(target=15)))
    assert with_totals(short, (15, 9)).winner == 0
    assert with_totals(finished(Match.new(2, seed=1, profile=SEVENS)), (15, 9)).winner is None


def test_v4_turkish_high_card_draw_is_reproducible_and_differs_from_the_random_draw():
    """V4: the first dealer follows from the seed in both ways of drawing, and the two ways are different rules."""
    for players in (2, 3, 4, 6):
        dealers = [draw_for_dealer(players, seed, TURKISH) for seed in range(100)]
        assert dealers == [draw_for_dealer(players, seed, TURKISH) for seed in range(100)]
        assert set(dealers) == set(range(players))
    randoms = [draw_for_dealer(4, seed, SEVENS) for seed in range(100)]
    assert randoms != [draw_for_dealer(4, seed, TURKISH) for seed in range(100)]
