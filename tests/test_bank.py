"""The shipped puzzle bank: it loads, covers every kind and level, and accepts exactly the engine's answers."""

import itertools
import re
from pathlib import Path

import pytest

from trainer import captures, cards_text, legal_plays
from trainer.puzzles import KINDS, THEMES, check_paths, load_puzzles
from trainer.puzzles.kinds import CapturePuzzle, ChoosePuzzle, ScorePuzzle

ROOT = Path(__file__).parent.parent
BANK = load_puzzles(ROOT / "puzzles")


def test_every_shipped_file_passes_check():
    puzzles, problems = check_paths(ROOT / "puzzles")
    assert problems == []
    assert len(puzzles) >= 300


#: Questions about the seats and the match are first steps: levels 1 to 3, where card positions go up to 5.
TOP_LEVEL = {"seats": 3, "match": 3}


def test_the_bank_covers_every_kind_at_every_level_and_every_theme():
    expected = {(kind, level) for kind in KINDS for level in range(1, TOP_LEVEL.get(kind, 5) + 1)}
    assert {(p.kind, p.level) for p in BANK} == expected
    assert {theme for p in BANK for theme in p.themes} == set(THEMES)


def test_every_puzzle_has_an_answer_and_accepts_it():
    for puzzle in BANK:
        assert puzzle.solutions(), puzzle.id
        for answer in puzzle.solutions():
            assert puzzle.check(answer).correct, (puzzle.id, answer)


@pytest.mark.parametrize("puzzle", [p for p in BANK if isinstance(p, CapturePuzzle)], ids=lambda p: p.id)
def test_capture_puzzles_accept_exactly_the_engines_captures(puzzle):
    engine = {cards_text(group) for group in captures(puzzle.play, puzzle.table)}
    if puzzle.all:
        assert puzzle.solutions() == ["; ".join(sorted(engine))]
    else:
        assert set(puzzle.solutions()) == engine
    for size in range(1, len(puzzle.table) + 1):
        for pick in itertools.combinations(puzzle.table, size):
            verdict = puzzle.check(cards_text(pick))
            # with ``all``, one group is a whole answer only when it is the only way
            expected = cards_text(pick) in engine and (not puzzle.all or len(engine) == 1)
            assert verdict.correct == expected
            assert verdict.explanation


@pytest.mark.parametrize("puzzle", [p for p in BANK if isinstance(p, ChoosePuzzle)], ids=lambda p: p.id)
def test_choose_puzzles_accept_exactly_the_best_legal_plays(puzzle):
    plays = legal_plays(puzzle.hand, puzzle.table)
    scores = {str(play): puzzle.measure(play) for play in plays}
    best = max(scores.values())
    assert set(puzzle.solutions()) == {text for text, score in scores.items() if score == best}
    for text in scores:
        assert puzzle.check(text).correct == (text in puzzle.solutions())
    for card in puzzle.hand:  # laying down a card that can capture is never accepted (R13)
        if captures(card, puzzle.table):
            assert not puzzle.check(str(card)).correct


def test_wrong_answers_to_the_other_kinds_are_refused_with_a_reason():
    wrong = {"setenta": "1", "setenta-duel": "nobody", "score": "0 0", "checksum": "0", "seats": "7", "match": "B"}
    for puzzle in BANK:
        if puzzle.kind in wrong and wrong[puzzle.kind] not in puzzle.solutions():
            verdict = puzzle.check(wrong[puzzle.kind])
            assert not verdict.correct and verdict.explanation


def test_the_authors_guide_examples_load(tmp_path):
    guide = (ROOT / "puzzles" / "README.md").read_text(encoding="utf-8")
    examples = re.findall(r"```yaml\n(.*?)```", guide, re.S)
    for number, example in enumerate(examples):
        (tmp_path / f"{number}.yaml").write_text(example, encoding="utf-8")
    puzzles = load_puzzles(tmp_path)
    assert {p.kind for p in puzzles} == set(KINDS)


@pytest.mark.parametrize("puzzle", [p for p in BANK if isinstance(p, ScorePuzzle) and p.explain], ids=lambda p: p.id)
def test_score_explanations_end_on_the_engines_points(puzzle):
    a, b = puzzle.solutions()[0].split()
    assert re.search(rf"\bA {a}, B {b}\.$", puzzle.explain), puzzle.explain
