"""The search over the round: every pass goes through one play, the same seed searches the same, and where the
hidden cards are known it finds the play that is best with best play by both sides."""

import random

import numpy as np
import pytest

from tests.test_batch import views
from trainer import Deal
from trainer.ai.bots import Bot, Settings, exact_margins
from trainer.ai.tree import search_round
from trainer.ai.view import View
from trainer.profile import PROFILES


@pytest.mark.parametrize("view", views(), ids=lambda view: f"{view.rules.profile.name}-{view.players}")
def test_every_pass_goes_through_one_play_and_the_same_seed_searches_the_same(view: View) -> None:
    plays = view.legal_plays()
    visits, means = search_round(view, plays, 400, "a", infer=True, policy="counting", exact=4)
    assert visits.sum() == 400 and (visits >= 1).all()  # each play of the seat is tried before any twice
    assert np.isfinite(means).all() and (np.abs(means) <= 40).all()  # margins of a deal: never past its points
    again = search_round(view, plays, 400, "a", infer=True, policy="counting", exact=4)
    assert (again[0] == visits).all() and (again[1] == means).all()


def last_round(seed: int, rules: str) -> Deal:
    """A two-player deal played at random until the stock is used up, the hands still full (R10)."""
    rng = random.Random(seed)
    deal = Deal.new(seed=seed, profile=PROFILES[rules])
    while deal.stock or len(deal.hands[deal.to_play or 0]) < 3:
        deal = deal.play(rng.choice(deal.legal_plays()))
    return deal


@pytest.mark.parametrize("rules", ["classic", "sevens"])
def test_r15_where_the_hidden_cards_are_known_the_search_finds_a_best_play(rules: str) -> None:
    """Two players with the stock used up: the cards the seat has not seen are the other hand, so the tree holds the
    rest of the deal with every card known, and the play it tries most is one the exact search finds best, the last
    capture taking the table (R15) included."""
    for seed in range(12):
        view = View.of(last_round(seed, rules))
        plays = view.legal_plays()
        visits, _ = search_round(view, plays, 6000, seed)
        exact = exact_margins(view)
        chosen = plays[int(np.argmax(visits))]
        assert exact[chosen] == max(exact.values()), (seed, chosen, exact)


def test_a_bot_with_the_search_plays_a_legal_play_at_every_table() -> None:
    bot = Bot("master", 3, Settings(samples=64, tree=300, infer=True, policy="counting", exact=4))
    for view in views():
        if view.seat == view.to_play:
            assert bot.choose(view) in view.legal_plays()
