"""Loading puzzle files: every problem an author can make, reported with its place."""

from pathlib import Path

import pytest

from trainer.puzzles import PuzzleError, check_paths, load_puzzles
from trainer.puzzles.kinds import CapturePuzzle, ChoosePuzzle

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
