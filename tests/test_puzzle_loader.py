"""Loading puzzle files: every problem an author can make, reported with its place."""

from pathlib import Path

import pytest

from trainer.puzzles import PuzzleError, check_paths, load_puzzles
from trainer.puzzles.kinds import CapturePuzzle, ChoosePuzzle, ClaimPuzzle, ScorePuzzle, SeatsPuzzle

HERE = Path(__file__).parent
BROKEN = sorted((HERE / "data" / "broken").glob("*.yaml"))


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_each_broken_file_gets_exactly_the_errors_an_author_must_see(path, monkeypatch):
    """Each file names its expected problems in '# error: line:col: message' comments."""
    monkeypatch.chdir(HERE.parent)
    relative = path.relative_to(HERE.parent)
    expected = [
        f"{relative}:{line[9:]}"
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("# error: ")
    ]
    _puzzles, problems = check_paths(relative)
    assert [str(p) for p in problems] == expected
    assert expected  # every broken file states what it expects


def test_every_problem_of_every_file_comes_in_one_pass(monkeypatch):
    monkeypatch.chdir(HERE.parent)
    _, problems = check_paths(Path("tests/data/broken"))
    assert len(problems) >= 24
    assert len({p.file for p in problems}) == len(BROKEN)


def test_load_puzzles_raises_with_all_problems_and_loads_good_files(tmp_path):
    with pytest.raises(PuzzleError) as error:
        load_puzzles(HERE / "data" / "broken" / "many-problems.yaml")
    assert len(error.value.problems) == 4
    good = tmp_path / "good.yaml"
    good.write_text(
        "- id: good\n  kind: capture\n  level: 1\n  themes: [making-15]\n  title: Fine\n  table: jc 1d\n  play: 6h\n",
        encoding="utf-8",
    )
    [puzzle] = load_puzzles(good)
    assert isinstance(puzzle, CapturePuzzle)
    assert puzzle.source == f"{good}:1"
    assert puzzle.solutions() == ["A♦ J♣"]  # letters in the file, canonical text out


def test_choose_goal_take_reads_its_card(tmp_path):
    path = tmp_path / "take.yaml"
    path.write_text(
        "- id: t\n  kind: choose\n  level: 3\n  themes: [seven-of-coins]\n  title: T\n"
        "  table: 7d 4s 2c 6h\n  hand: Jc 5s Kh\n  goal: take 7d\n",
        encoding="utf-8",
    )
    [puzzle] = load_puzzles(path)
    assert isinstance(puzzle, ChoosePuzzle)
    assert (puzzle.goal, str(puzzle.target)) == ("take", "7♦")
    assert puzzle.solutions() == ["J♣ 7♦"]


def test_a_folder_is_read_recursively_and_a_missing_path_is_a_problem(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.yml").write_text(
        "- id: a\n  kind: setenta\n  level: 1\n  themes: [setenta]\n  title: A\n  pile: 7d jd\n",
        encoding="utf-8",
    )
    puzzles, problems = check_paths(tmp_path, tmp_path / "nothing.yaml")
    assert [p.id for p in puzzles] == ["a"]
    assert [p.message for p in problems] == ["cannot read the file: No such file or directory"]


SEATS_AND_MATCH = """\
- id: three-players
  kind: seats
  level: 1
  themes: [seats]
  title: T
  players: 5
  dealer: 6
  ask: who-shuffles
- id: partner-for-two
  kind: seats
  level: 1
  themes: [seats]
  title: T
  players: 2
  dealer: 1
  ask: partner
  seat: 0
- id: a-fifth-round
  kind: seats
  level: 1
  themes: [seats]
  title: T
  players: 4
  dealer: 1
  ask: stock-after
  round: 4
- id: already-won
  kind: match
  level: 1
  themes: [match-target]
  title: T
  totals: [22, 10]
  points: [1, "two"]
- id: won-before
  kind: match
  level: 1
  themes: [match-target]
  title: T
  totals: [22, 10]
  points: [1, 2]
  expect: another deal
"""


def test_r5_r10_r21_seats_and_match_fields_are_checked_with_their_place(tmp_path):
    path = tmp_path / "table.yaml"
    path.write_text(SEATS_AND_MATCH, encoding="utf-8")
    _puzzles, problems = check_paths(path)
    assert [f"{p.line}:{p.column}: {p.message}" for p in problems] == [
        "6:12: players: expected 2, 3, 4 or 6 players, not 5",
        "7:11: dealer: expected a seat, a whole number from 0 to 5, not 6",
        "8:8: ask: expected one of next-dealer, leader, partner, stock-after, first-after-redeal; not 'who-shuffles'",
        "16:8: with 2 players each plays alone, so nobody has a partner (R5, V3)",
        "26:10: 4 players get new hands only 3 times in a deal (R10)",
        "33:15: points: expected a deal's points, a whole number from 0 to 40, not 'two'",
        "39:11: A has already won with these totals, so no deal comes after them (R21)",
    ]


def test_r22_a_seats_puzzle_loads_with_its_engine_answer(tmp_path):
    path = tmp_path / "next.yaml"
    path.write_text(
        "- id: n\n  kind: seats\n  level: 1\n  themes: [seats]\n  title: N\n  players: 4\n  dealer: 3\n"
        "  ask: next-dealer\n  expect: seat 0\n",
        encoding="utf-8",
    )
    [puzzle] = load_puzzles(path)
    assert isinstance(puzzle, SeatsPuzzle) and puzzle.solutions() == ["0"]


ESCOVA_DEAL = """\
- id: escova-deal
  kind: score
  level: 1
  rules: {rules}
  themes: [scoring]
  title: T
  piles:
    - A♦ A♥ 2♦ 2♥ 3♠ 4♣ 6♦ 6♥ 6♣ 7♣ 7♠ J♥ Q♦ Q♥ Q♠ K♠
    - A♣ A♠ 2♣ 2♠ 3♦ 3♥ 3♣ 4♦ 4♥ 4♠ 5♦ 5♥ 5♣ 5♠ 6♠ 7♦ 7♥ J♦ J♣ J♠ Q♣ K♦ K♥ K♣
  escobas: [0, 0]
  players: 2
  seed: 1388605676329983125
  plays: [3♠ A♦ A♥ K♠, 7♠, 6♦ Q♠, 5♣, 2♥, 4♥, 6♥ 2♥ 7♠, K♦ 5♣, 3♣, 7♦, Q♦, 7♥, 6♣ Q♦, 4♦ 4♥ 7♥, Q♣, 5♠ 3♣ 7♦, K♣,
    J♥, 2♦, 6♠ Q♣, 4♣, J♦, Q♥ 2♦ 4♣, 2♣, 7♣ J♥, 3♥ 2♣ K♣, 5♥, K♥ 5♥, A♠, J♠, 5♦, 2♠ 5♦ J♠, A♣, 4♠, J♣, 3♦ 4♠ J♦]
  expect: 0 3
"""


def test_v1_rules_judge_a_puzzle_under_its_rule_set_and_classic_is_the_default(tmp_path):
    path = tmp_path / "escova.yaml"
    path.write_text(ESCOVA_DEAL.format(rules="escova"), encoding="utf-8")
    [puzzle] = load_puzzles(path)
    assert isinstance(puzzle, ScorePuzzle) and puzzle.rules == "escova"
    assert puzzle.solutions() == ["0 3"]
    assert "Setenta" not in puzzle.check("0 3").explanation  # escova scores no setenta (V1)
    # Without rules the same deal, whose plays the classic rules allow too, is judged as classic: A's setenta counts.
    path.write_text(ESCOVA_DEAL.replace("  rules: {rules}\n", ""), encoding="utf-8")
    _puzzles, problems = check_paths(path)
    [problem] = problems
    assert problem.message.startswith("expect: the engine does not accept '0 3': Escobas: A 0, B 0")
    assert "Setenta: A 78, B 76; A has a higher setenta than the other side, so it scores 1" in problem.message


def test_v5_a_claim_loads_with_the_claims_its_record_allows(tmp_path):
    path = tmp_path / "claim.yaml"
    path.write_text(
        "- id: c\n  kind: claim\n  level: 1\n  rules: turkish\n  themes: [claims]\n  title: C\n  laid: 6♦\n"
        "  table: A♠ 3♣ Q♥ Q♠\n  players: 2\n  seed: 31\n  plays: [6♦]\n  expect: [Q♥, Q♠]\n",
        encoding="utf-8",
    )
    [puzzle] = load_puzzles(path)
    assert isinstance(puzzle, ClaimPuzzle) and set(puzzle.solutions()) == {"Q♥", "Q♠"}
