"""The exact search gives the margins of a plain minimax and gives up past its budget; the evaluations, hints,
reviews and bots that use it then play the cards out, and an endgame puzzle it cannot solve is refused."""

import random
from pathlib import Path

import pytest
from solver_kit import Plain, hard_position, plain_margins

from trainer import PROFILES, Deal
from trainer.ai import bots
from trainer.ai.bots import SearchBudgetExceeded, _Search, evaluate, exact_search, make_bot
from trainer.ai.game import Decision, review, weigh
from trainer.ai.playout import Position
from trainer.ai.view import View
from trainer.puzzles import check_paths
from trainer.puzzles.generate import endgame_yaml

TWO_PLAYER_RULES = [name for name, profile in PROFILES.items() if 2 in profile.players]


def last_round(players: int, seed: int, profile: str = "classic") -> Deal:
    """A deal played at random until the stock is used up, then a few plays more."""
    rng = random.Random(seed)
    deal = Deal.new(players, seed, PROFILES[profile])
    while deal.stock or rng.random() < 0.3:
        deal = deal.play(rng.choice(deal.legal_plays()))
        if deal.is_over:
            return last_round(players, seed + 1000, profile)
    return deal


@pytest.mark.parametrize("profile", TWO_PLAYER_RULES)
def test_the_exact_search_agrees_with_plain_minimax_on_two_player_endgames(profile: str) -> None:
    for seed in range(25):
        deal = last_round(2, seed, profile)
        margins, weighed = exact_search(View.of(deal))
        expected, plain_weighed = plain_margins(deal)
        assert margins == expected, (profile, seed)
        assert weighed <= plain_weighed


def test_the_search_agrees_with_plain_minimax_for_partners_with_every_card_shown() -> None:
    rng = random.Random(4)
    for seed in range(30):
        deal = last_round(4, seed)
        while len(deal.hands[deal.to_play or 0]) > 2:  # at most eight plays still to come
            deal = deal.play(rng.choice(deal.legal_plays()))
        seen = View.of(deal)
        position, side = seen.world(random.Random(seed)), seen.seat % 2
        assert _Search(side).value(position) == Plain(side).value(position), seed


def test_the_hard_last_round_is_solved_within_the_budget() -> None:
    deal = hard_position()
    margins, weighed = exact_search(View.of(deal))
    assert len(margins) == len(deal.legal_plays()) > 80
    assert weighed < bots.SOLVE_BUDGET


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> int:
    """A budget the hard last round exceeds, the moves listed counted as the positions searched."""
    monkeypatch.setattr(bots, "SOLVE_BUDGET", 2_000)
    listed = [0]
    moves = Position.moves

    def counted(position: Position) -> list[tuple[int, int]]:
        listed[0] += 1
        return moves(position)

    monkeypatch.setattr(Position, "moves", counted)
    with pytest.raises(SearchBudgetExceeded, match="more than 2,000 positions"):
        exact_search(View.of(hard_position()))
    return listed[0]


def test_a_search_past_its_budget_stops_there(small_budget: int) -> None:
    assert small_budget <= 2_000


def test_past_the_budget_evaluations_hints_reviews_and_the_expert_play_the_cards_out(small_budget: int) -> None:
    deal = hard_position()
    legal = deal.legal_plays()
    found = evaluate(View.of(deal))
    assert sorted(map(str, (e.play for e in found))) == sorted(map(str, legal))
    assert found == evaluate(View.of(deal)) and all(len(e.margins) == 1 and e.error == 0 for e in found)
    assert weigh(deal, 0)[0].play in legal
    assert make_bot("expert", 3).choose(View.of(deal)) in legal
    (reviewed,) = review((Decision(deal, legal[0]),))
    assert reviewed.best == found[0].play and reviewed.loss >= 0


def test_an_endgame_puzzle_past_the_budget_is_refused_where_its_plays_are(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    deal = Deal.new(2, 12)
    rng = random.Random(1)
    while deal.stock or len(deal.hands[1]) < 3:
        deal = deal.play(rng.choice(deal.legal_plays()))
    assert exact_search(View.of(deal))[1] > 10
    monkeypatch.setattr(bots, "SOLVE_BUDGET", 10)
    path = tmp_path / "big.yaml"
    path.write_text(endgame_yaml(Decision(deal, deal.legal_plays()[0]), "too-big"), encoding="utf-8")
    puzzles, problems = check_paths(path)
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "plays:" in text)
    assert puzzles == [] and len(problems) == 1
    assert str(problems[0]).startswith(f"{path}:{line}:")
    assert "the engine cannot solve this endgame (more than 10 positions to weigh)" in str(problems[0])
