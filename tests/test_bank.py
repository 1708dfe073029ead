"""The shipped puzzle bank: it loads, covers every kind and level, and accepts exactly the engine's answers."""

import itertools
import re
from pathlib import Path

import pytest

from trainer import captures, cards_text, legal_plays
from trainer.puzzles import KINDS, THEMES, check_paths, load_puzzles
from trainer.puzzles.kinds import CapturePuzzle, ChoosePuzzle, ClaimPuzzle, ScorePuzzle
from trainer.scoring import setenta

ROOT = Path(__file__).parent.parent
BANK = load_puzzles(ROOT / "puzzles")


def test_every_shipped_file_passes_check():
    puzzles, problems = check_paths(ROOT / "puzzles")
    assert problems == []
    assert len(puzzles) >= 300


#: Questions about the seats and the match are first steps: levels 1 to 3, where card positions go up to 5. Claims
#: (V5) come from real deals, where a missed capture lies on a small table: up to level 4.
TOP_LEVEL = {"seats": 3, "match": 3, "claim": 4, "endgame": 3, "referee": 3}  # an endgame has six cards to play at most


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
    plays = legal_plays(puzzle.hand, puzzle.table, puzzle.profile.must_capture)
    scores = {str(play): puzzle.measure(play) for play in plays}
    best = max(scores.values())
    assert set(puzzle.solutions()) == {text for text, score in scores.items() if score == best}
    for text in scores:
        assert puzzle.check(text).correct == (text in puzzle.solutions())
    for card in puzzle.hand:  # laying down a card that can capture is never accepted (R13)
        if captures(card, puzzle.table):
            assert not puzzle.check(str(card)).correct
    if puzzle.profile.must_capture == "any" and any(captures(card, puzzle.table) for card in puzzle.hand):
        for card in puzzle.hand:  # nor, where any card that can capture must, a card that takes nothing
            assert not puzzle.check(str(card)).correct


def test_wrong_answers_to_the_other_kinds_are_refused_with_a_reason():
    wrong = {"setenta": "1", "setenta-duel": "nobody", "checksum": "0", "seats": "7", "match": "B", "claim": "nothing"}
    for puzzle in BANK:
        if isinstance(puzzle, ScorePuzzle):
            wrong["score"] = " ".join("0" for _ in puzzle.piles)
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


def _sentences(puzzle):
    return [str(text) for text in (puzzle.title, *puzzle.hints, puzzle.explain)]


@pytest.mark.parametrize("puzzle", BANK, ids=lambda p: p.id)
def test_every_sum_a_puzzle_writes_out_adds_up(puzzle):
    for text in _sentences(puzzle):
        for terms, total in re.findall(r"(\d+(?:\s*\+\s*\d+)+)\s*=\s*(\d+)", text):
            assert sum(map(int, re.findall(r"\d+", terms))) == int(total), (terms, total, text)


SETENTA_CHOICES = [p for p in BANK if isinstance(p, ChoosePuzzle) and p.goal == "setenta"]


@pytest.mark.parametrize("puzzle", SETENTA_CHOICES, ids=lambda p: p.id)
def test_r19_a_pile_still_missing_a_suit_is_never_said_to_have_a_setenta(puzzle):
    for play in legal_plays(puzzle.hand, puzzle.table, puzzle.profile.must_capture):
        pile = [*puzzle.pile, *play.captured, play.card] if play.captured else puzzle.pile
        if setenta(pile) is None:
            assert "setenta grows" not in str(puzzle.why(str(play))), play
    best = [*puzzle.pile, *puzzle.best()[0].captured, puzzle.best()[0].card]
    if setenta(best) is None and puzzle.explain:
        assert "no setenta" in puzzle.explain, puzzle.explain


OTHER_RULES = ("sevens", "escova", "cardgames", "turkish")
RECORDED = [p for p in BANK if isinstance(p, ScorePuzzle | ClaimPuzzle) and p.seed is not None]


@pytest.mark.parametrize("rules", OTHER_RULES)
def test_v1_every_other_rule_set_has_ten_score_puzzles_of_whole_recorded_deals(rules):
    scored = [p for p in BANK if isinstance(p, ScorePuzzle) and p.rules == rules]
    assert len(scored) >= 10
    assert all(p.seed is not None and sum(map(len, p.piles)) == 40 for p in scored)


@pytest.mark.parametrize("puzzle", RECORDED, ids=lambda p: p.id)
def test_v5_every_recorded_position_is_where_its_deal_gets_to(puzzle):
    deal = puzzle.replay(puzzle.profile)
    if isinstance(puzzle, ClaimPuzzle):
        assert set(deal.table) == {*puzzle.table, puzzle.laid} and not deal.is_over
        engine = {cards_text(play.captured) for play in deal.claims()} or {"nothing"}
        assert engine == set(puzzle.solutions())
    else:
        assert deal.is_over and [set(pile) for pile in deal.piles] == [set(pile) for pile in puzzle.piles]
        assert [score.total for score in deal.score()] == [int(n) for n in puzzle.solutions()[0].split()]


def _scored(name: str, rules: str) -> list[ScorePuzzle]:
    return [
        p
        for p in BANK
        if isinstance(p, ScorePuzzle) and p.rules == rules and any(s.points.get(name) for s in p.scores())
    ]


@pytest.mark.parametrize(
    ("bonus", "rule_sets"),
    [("all_coins", ("escova", "cardgames", "turkish")), ("all_sevens", ("sevens", "cardgames", "turkish"))],
)
def test_v1_the_all_coins_and_all_sevens_bonuses_are_drilled_in_every_rule_set_that_pays_them(bonus, rule_sets):
    for rules in rule_sets:
        assert _scored(bonus, rules), rules
    for puzzle in _scored("all_sevens", "cardgames") + _scored("all_sevens", "turkish"):
        holder = next(s for s in puzzle.scores() if s.points["all_sevens"])
        assert holder.has_seven_of_coins and holder.points["seven_of_coins"] == 0  # 3 in place of the 7♦ point


def test_v2_v5_three_way_ties_penalties_and_claims_are_in_the_bank():
    tied = [p for p in BANK if "three-way-ties" in p.themes]
    assert len({p.rules for p in tied}) == 4 and all(len(p.piles) == 3 for p in tied if isinstance(p, ScorePuzzle))
    penalised = [p for p in BANK if isinstance(p, ScorePuzzle) and any(p.wrong_captures)]
    assert len(penalised) >= 5 and any(s.total < 0 for p in penalised for s in p.scores())
    claims = [p for p in BANK if isinstance(p, ClaimPuzzle)]
    assert len(claims) >= 10
    assert any(p.solutions() == ["nothing"] for p in claims) and any(len(p.solutions()) > 1 for p in claims)
