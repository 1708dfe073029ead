"""The course in figures: tasks on the board against quizzes, words told and asked, steps watched."""

import textwrap
from pathlib import Path

from trainer.cli import main
from trainer.course import load_level, load_levels
from trainer.course_numbers import course_figures, figures, words_before_first_task

LEVEL = """\
id: t
title: T
goal: G.
rules: R3
track: {track}
stages:
  - say: Make fifteen with one card.
    board:
      table: J♣ 4♥ K♠ 3♦
      hands: [7♦ 2♥ 3♣, A♣ 5♦ Q♠]
  - task: pick
    prompt: Tap the card that makes 15 with 7♦.
    want: fifteen with 7♦
  - task: number
    prompt: What does the table add up to?
    ask: table sum
  - say: A deal, watched.
    watch: {{seed: 11, to: 2}}
"""


def level(tmp_path: Path, track: str = "core"):
    path = tmp_path / f"{track}.yaml"
    path.write_text(textwrap.dedent(LEVEL.format(track=track)), encoding="utf-8")
    return load_level(path)


def test_a_pick_is_on_the_board_a_number_is_a_quiz_and_a_watched_play_a_step_watched(tmp_path):
    counted = figures("core", [level(tmp_path)])
    assert (counted.levels, counted.tasks, counted.on_board, counted.quizzes) == (1, 2, 1, 1)
    assert counted.board_share == 50
    assert counted.words_asked == 8 + 7
    watched = len(level(tmp_path).stages) - 3  # a say, a pick, a number
    assert counted.watched == watched == 3  # the deal as dealt, then its two plays
    assert counted.words_told > 5 + 3  # the level's own says, and the engine's words for each play watched


def test_words_before_the_first_task_count_the_says_before_it(tmp_path):
    assert words_before_first_task(level(tmp_path)) == 5


def test_each_track_is_counted_apart_and_the_total_adds_them(tmp_path):
    core, other, total = course_figures([level(tmp_path), level(tmp_path, "other"), level(tmp_path, "other")])
    assert (core.levels, other.levels, total.levels) == (1, 2, 3)
    assert (core.tasks, other.tasks, total.tasks) == (2, 4, 6)


def test_the_command_prints_every_track_and_level_1s_opening(capsys):
    assert main(["course"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[1:4]] == ["core", "other", "total"]
    levels = load_levels()
    first = next(level for level in levels if level.track == "core")
    assert f"words before level 1's first task: {words_before_first_task(first)}" in lines


def test_the_readme_and_the_command_line_guide_quote_the_figures_the_command_prints(capsys):
    main(["course"])
    printed = capsys.readouterr().out.splitlines()
    root = Path(__file__).parent.parent
    for page in (root / "README.md", root / "docs" / "cli.md"):
        quoted = page.read_text(encoding="utf-8").split("$ escoba-trainer course\n")[1].split("```")[0].splitlines()
        assert quoted == printed[: len(quoted)] and len(quoted) >= 5, page


def test_three_tasks_in_four_of_the_core_path_are_done_on_the_board():
    core = course_figures(load_levels())[0]
    assert core.name == "core" and core.board_share >= 75, core
