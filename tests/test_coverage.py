"""Coverage: every rule has a course task and two puzzles whose answers depend on it, and the command that checks it.

That a credit is earned (the answer changes with the rule) is checked in ``test_coverage_mutations.py``.
"""

from pathlib import Path

from trainer.cli import main
from trainer.course import load_levels
from trainer.coverage import coverage, coverage_text
from trainer.puzzles import load_puzzles

ROOT = Path(__file__).parent.parent
LEVELS = load_levels()
BANK = load_puzzles(ROOT / "puzzles")


def test_r3_r14_a_task_is_credited_where_its_answer_depends_on_the_rule_and_a_say_stage_never():
    values = next(level for level in LEVELS if level.id == "values")
    rows = {row.rule: row for row in coverage([values], BANK)}
    assert not values.stages[0].is_task and "values:1" not in {task for row in rows.values() for task in row.tasks}
    assert rows["R3"].tasks and all(task.startswith("values:") for task in rows["R3"].tasks)
    assert len(rows["R3"].puzzles) >= 2 and rows["R3"].gap == ""
    assert rows["R14"].gap == "no task depends on it"  # the level lists R1-R4 only, and no task of it scores a deal
    assert "GAP: no task depends on it" in coverage_text(rows.values())
    assert len(rows) == 22 + 6  # R1-R22, then V1-V6


def test_r18_a_level_listing_a_rule_earns_no_credit_for_its_stages_that_do_not_depend_on_it():
    scoring = next(level for level in LEVELS if level.id == "scoring")
    rows = {row.rule: row for row in coverage([scoring], [])}
    asked = {f"scoring:{n}": stage.task for n, stage in enumerate(scoring.stages, 1) if stage.is_task}
    assert "R18" in scoring.rules and {asked[task] for task in rows["R18"].tasks} == {"who"}
    assert len(rows["R18"].tasks) == list(asked.values()).count("who")  # a play for coins or the 7♦ earns none
    points = next(level for level in LEVELS if level.id == "points")
    who_deal = [f"points:{n}" for n, stage in enumerate(points.stages, 1) if stage.question == "deal"]
    credited = {row.rule: row.tasks for row in coverage([points], [])}
    assert who_deal and not set(who_deal) & set(credited["R18"])  # which side wins outlasts any one change to R18


def test_coverage_of_no_puzzles_says_how_many_are_missing():
    rows = {row.rule: row for row in coverage(LEVELS, [])}
    assert rows["R12"].gap == "0 puzzles depend on it, not 2"
    assert rows["V5"].gap == "0 puzzles depend on it, not 2"  # the other rule sets' rules need puzzles too


def test_the_command_prints_the_table_and_fails_on_a_gap(capsys, tmp_path):
    empty = tmp_path / "none.yaml"
    empty.write_text("[]\n", encoding="utf-8")
    assert main(["coverage", str(empty)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["rule", "tasks", "for", "example", "puzzles", "for", "example"]
    assert "28 rule(s) with a gap" in out
    assert max(len(line) for line in out.splitlines()) <= 120


def test_r5_r10_r21_r22_v1_v6_the_real_course_and_bank_leave_no_gap(capsys):
    assert main(["coverage", str(ROOT / "puzzles")]) == 0
    out = capsys.readouterr().out
    assert "GAP" not in out
    rows = {row.rule: row for row in coverage(LEVELS, BANK)}
    assert {rule: row.gap for rule, row in rows.items() if row.gap} == {}
    seats = {
        rule: rows[rule].tasks for rule in ("R1", "R5", "R6", "R7", "R8", "R10", "R15", "R16", "R21", "R22", "V3", "V4")
    }
    assert all(seats.values()), seats
    assert all(len(rows[rule].puzzles) >= 4 for rule in ("R5", "R7", "R8", "R10", "R21", "R22"))
