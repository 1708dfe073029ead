"""Endgame puzzles: the last plays of a real two-player deal, solved exactly, and made from the Play page."""

import random
from pathlib import Path

import pytest

from trainer import Deal
from trainer.ai.game import Game
from trainer.puzzles import check_paths, load_puzzles
from trainer.puzzles.generate import can_be_puzzle, endgame_yaml
from trainer.puzzles.kinds import EndgamePuzzle

ROOT = Path(__file__).parent.parent
ENDGAMES = [p for p in load_puzzles(ROOT / "puzzles") if isinstance(p, EndgamePuzzle)]


def naive_margin(deal: Deal, side: int) -> int:
    """Best play by both sides to the end, searched through the referee itself (R12-R15, R18)."""
    if deal.is_over:
        scores = [score.total for score in deal.score()]
        return scores[side] - scores[1 - side]
    values = [naive_margin(deal.play(play), side) for play in deal.legal_plays()]
    return max(values) if deal.side_of(deal.to_play or 0) == side else min(values)


def test_the_bank_has_endgames_and_each_answer_is_the_best_by_a_search_through_deal() -> None:
    assert len(ENDGAMES) >= 8
    for puzzle in ENDGAMES:
        deal = puzzle.position()
        side = deal.side_of(deal.to_play or 0)
        margins = {str(play): naive_margin(deal.play(play), side) for play in deal.legal_plays()}
        best = max(margins.values())
        assert sorted(puzzle.solutions()) == sorted(play for play, m in margins.items() if m == best), puzzle.id
        assert puzzle.check(puzzle.solutions()[0]).correct


def test_a_worse_play_is_told_how_far_behind_it_ends() -> None:
    puzzle = ENDGAMES[0]
    deal = puzzle.position()
    worse = next(str(play) for play in deal.legal_plays() if str(play) not in puzzle.solutions())
    verdict = puzzle.check(worse)
    assert not verdict.correct and "with best play on both sides your side ends" in verdict.explanation


@pytest.mark.parametrize(
    ("plays", "message"),
    [((), "an endgame is a two-player deal with the stock used up"), (("K♦",), "cannot be replayed")],
)
def test_an_endgame_with_cards_hidden_or_a_bad_record_is_refused(plays: tuple[str, ...], message: str) -> None:
    puzzle = EndgamePuzzle(id="e", level=1, themes=("endgame",), title="t", players=2, seed=3, plays=plays)
    assert any(message in text for _, text in puzzle.author_problems())


def test_the_play_pages_last_plays_become_puzzles_that_check_accepts(tmp_path: Path) -> None:
    game = Game.start(2, "greedy", seed=12)
    rng = random.Random(5)
    while not game.deal.is_over:
        game = game.learner_plays(rng.choice(game.deal.legal_plays())) if game.learner_to_play else game.computer_turn()
    usable = [d for d in game.decisions if can_be_puzzle(d)]
    assert len(usable) == 3  # the learner's last three plays, once the stock is used up (R10)
    for number, decision in enumerate(usable):
        (tmp_path / f"p{number}.yaml").write_text(endgame_yaml(decision, f"mine-{number}"), encoding="utf-8")
    puzzles, problems = check_paths(tmp_path)
    assert problems == [] and len(puzzles) == 3
    assert all(puzzle.solutions() for puzzle in puzzles)
    with pytest.raises(ValueError, match="nothing hidden"):
        endgame_yaml(game.decisions[0], "too-early")
