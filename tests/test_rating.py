"""Glicko-2 ratings, checked against the worked example of Glickman's paper."""

import pytest

from trainer.progress.rating import LEVEL_RATINGS, Rating, puzzle_rating, score_of, update, update_many


def test_glicko2_matches_the_published_worked_example():
    # A 1500 player (RD 200, volatility 0.06) beats a 1400 (RD 30) and loses to a 1550 (RD 100)
    # and a 1700 (RD 300). The paper gives 1464.06, RD 151.52, volatility 0.05999.
    after = update_many(
        Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    after = update_many(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.rd == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_solving_raises_missing_lowers_and_harder_puzzles_count_more():
    start = Rating()
    assert update(start, puzzle_rating(3), 1.0).rating > 1500 > update(start, puzzle_rating(3), 0.0).rating
    gain_easy = update(start, puzzle_rating(1), 1.0).rating - 1500
    gain_hard = update(start, puzzle_rating(5), 1.0).rating - 1500
    assert gain_hard > gain_easy > 0


def test_hints_count_against_the_result():
    assert [score_of(True, hints) for hints in range(5)] == [1.0, 0.75, 0.5, 0.25, 0.25]
    assert score_of(False, 0) == 0.0


def test_puzzle_levels_climb_in_even_steps():
    assert [LEVEL_RATINGS[level] for level in range(1, 6)] == [1100, 1300, 1500, 1700, 1900]
