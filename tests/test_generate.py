"""Generated puzzles: valid, of the level asked, different from each other, editable YAML."""

import pytest

from trainer.cli import main
from trainer.puzzles import load_puzzles
from trainer.puzzles.generate import generate, to_yaml
from trainer.puzzles.kinds import GENERATED_KINDS


@pytest.mark.parametrize("kind", [kind for kind in GENERATED_KINDS if kind != "claim"])
@pytest.mark.parametrize("level", [1, 3, 5])
def test_generated_puzzles_pass_check_at_the_level_asked(tmp_path, kind, level):
    path = tmp_path / "new.yaml"
    path.write_text(to_yaml(generate(kind, level, 4, seed=11)), encoding="utf-8")
    puzzles = load_puzzles(path)
    assert len(puzzles) == 4
    assert {p.kind for p in puzzles} == {kind} and {p.level for p in puzzles} == {level}
    assert len({p.id for p in puzzles}) == 4


def test_generation_is_reproducible_and_deduplicated():
    first = generate("capture", 2, 20, seed=3)
    assert first == generate("capture", 2, 20, seed=3)
    positions = {(p["table"], p["play"]) for p in first}
    assert len(positions) == 20


def test_the_yaml_is_written_for_people():
    text = to_yaml(generate("score", 2, 1, seed=5))
    assert "themes: [scoring]" in text and "escobas: [" in text
    assert "♦" in text  # cards as people write them, not escaped
    assert "title:" not in text and "hint:" not in text  # the loader words it from its data


def test_bad_requests_are_refused():
    with pytest.raises(ValueError, match="unknown kind"):
        generate("riddle", 1, 1, seed=1)
    with pytest.raises(ValueError, match="unknown kind 'seats' to generate"):  # written by hand, not from deals
        generate("seats", 1, 1, seed=1)
    with pytest.raises(ValueError, match="level is 1 to 5"):
        generate("capture", 6, 1, seed=1)


@pytest.mark.parametrize("rules", ["sevens", "escova", "cardgames", "turkish"])
def test_v1_score_puzzles_of_another_rule_set_keep_their_deals_record_and_load(tmp_path, rules):
    path = tmp_path / f"{rules}.yaml"
    path.write_text(to_yaml(generate("score", 3, 2, seed=4, rules=rules)), encoding="utf-8")
    puzzles = load_puzzles(path)  # the loader replays every record
    assert {p.rules for p in puzzles} == {rules} and all(p.seed is not None and p.plays for p in puzzles)
    assert f"rules: {rules}" in path.read_text(encoding="utf-8")


def test_v5_penalties_and_themes_give_deals_with_wrong_captures_and_claims(tmp_path):
    path = tmp_path / "turkish.yaml"
    made = generate("score", 4, 2, seed=2, rules="turkish", penalties=True, themes=("penalties",))
    made += generate("claim", 1, 2, seed=2, rules="turkish")
    path.write_text(to_yaml(made), encoding="utf-8")
    puzzles = load_puzzles(path)
    scores, claims = puzzles[:2], puzzles[2:]
    assert all(any(p.wrong_captures) and "penalties" in p.themes for p in scores)
    assert all(p.kind == "claim" and "claims" in p.themes for p in claims)


def test_rule_sets_that_cannot_give_a_kind_are_refused():
    with pytest.raises(ValueError, match="the sevens rule set scores no setenta"):
        generate("setenta", 1, 1, seed=1, rules="sevens")
    with pytest.raises(ValueError, match="only turkish is played by penalties"):
        generate("claim", 1, 1, seed=1)
    with pytest.raises(ValueError, match="only score and claim puzzles"):
        generate("capture", 1, 1, seed=1, rules="turkish", penalties=True)
    with pytest.raises(ValueError, match="unknown rule set 'spanish'"):
        generate("score", 1, 1, seed=1, rules="spanish")


def test_the_command_line_generates_for_a_rule_set(tmp_path, capsys):
    out = tmp_path / "cli.yaml"
    argv = ["generate", "--kind", "score", "--level", "4", "--count", "1", "--rules", "cardgames"]
    assert main([*argv, "--theme", "all-sevens", "--out", str(out)]) == 0
    [puzzle] = load_puzzles(out)
    assert puzzle.rules == "cardgames" and "all-sevens" in puzzle.themes
