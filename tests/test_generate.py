"""Generated puzzles: valid, of the level asked, different from each other, editable YAML."""

import pytest

from trainer.puzzles import load_puzzles
from trainer.puzzles.generate import GENERATED_KINDS, generate, to_yaml


@pytest.mark.parametrize("kind", list(GENERATED_KINDS))
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
    assert "hint:\n  - " in text


def test_bad_requests_are_refused():
    with pytest.raises(ValueError, match="unknown kind"):
        generate("riddle", 1, 1, seed=1)
    with pytest.raises(ValueError, match="unknown kind 'seats' to generate"):  # written by hand, not from deals
        generate("seats", 1, 1, seed=1)
    with pytest.raises(ValueError, match="level is 1 to 5"):
        generate("capture", 6, 1, seed=1)
