"""Coverage: every rule taught by a level and drilled by two puzzles, and the command that checks it."""

from pathlib import Path

from trainer.cli import main
from trainer.course import Level, load_levels
from trainer.coverage import coverage, coverage_text
from trainer.puzzles import load_puzzles

ROOT = Path(__file__).parent.parent
LEVELS = load_levels()
BANK = load_puzzles(ROOT / "puzzles")


def test_a_rule_without_a_level_or_with_too_few_puzzles_is_a_gap():
    only = Level("values", "T", "G", ("R3",), (), ())
    rows = {row.rule: row for row in coverage([only], BANK)}
    assert rows["R3"].levels == (("values", 0),) and len(rows["R3"].puzzles) >= 2 and rows["R3"].gap == ""
    assert rows["R14"].gap == "no level teaches it"
    assert "GAP: no level teaches it" in coverage_text(rows.values())
    assert rows["R3"].rule == "R3" and len(rows) == 22 + 6  # R1-R22, then V1-V6
    assert rows["V5"].gap == "no level teaches it"


def test_coverage_of_no_puzzles_says_how_many_are_missing():
    rows = {row.rule: row for row in coverage(LEVELS, [])}
    assert rows["R12"].gap == "0 puzzles drill it, not 2"


def test_the_command_prints_the_table_and_fails_on_a_gap(capsys, tmp_path):
    empty = tmp_path / "none.yaml"
    empty.write_text("[]\n", encoding="utf-8")
    assert main(["coverage", str(empty)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("rule  stages")
    assert "22 rule(s) with a gap" in out


def test_r5_r10_r21_r22_the_real_bank_leaves_no_rule_without_two_puzzles(capsys):
    assert main(["coverage"]) == 0
    out = capsys.readouterr().out
    assert "GAP" not in out
    rows = {row.rule: row for row in coverage(LEVELS, BANK)}
    assert all(len(rows[rule].puzzles) >= 4 for rule in ("R5", "R7", "R8", "R9", "R10", "R21", "R22"))


def test_v1_v6_the_other_rule_sets_need_a_level_and_no_puzzle():
    rows = {row.rule: row for row in coverage(LEVELS, [])}
    assert [rule for rule in rows if rule.startswith("V")] == ["V1", "V2", "V3", "V4", "V5", "V6"]
    assert all(rows[f"V{n}"].levels and rows[f"V{n}"].gap == "" for n in range(1, 7))
    assert rows["R3"].gap  # while a classic rule still needs its puzzles
    assert ("penalties", len(next(level for level in LEVELS if level.id == "penalties").stages)) in rows["V5"].levels
