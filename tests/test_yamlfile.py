"""Reading YAML defensively: hostile files are refused with a message, never a hang or a traceback."""

import os

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.puzzles import check_paths
from trainer.puzzles.yamlfile import MAX_BYTES, Problem, Refused, parse_yaml, read_yaml


def refusal(path) -> str:
    try:
        read_yaml(path)
    except Refused as refused:
        return str(refused.problem)
    raise AssertionError("the file was not refused")


def test_a_50_mb_file_is_refused_at_once_without_reading_it(tmp_path, monkeypatch):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as f:
        f.truncate(50 * 1024 * 1024)
    monkeypatch.setattr("os.open", lambda *args: pytest.fail("the file was opened"))
    message = refusal(path)
    assert message == f"{path}:1:1: file is 52,428,800 bytes; this program reads at most {MAX_BYTES:,}"


def problem_of(text: str) -> str:
    try:
        parse_yaml(text, "f.yaml")
    except Refused as refused:
        return str(refused.problem)
    raise AssertionError("not refused")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("!!float abc", "cannot read the value 'abc': not a valid float"),
        ("!!int abc", "cannot read the value 'abc': not a valid int"),
        ("!!bool maybe", "cannot read the value 'maybe': not a valid bool"),
        ("!!timestamp 2020-13-45", "cannot read the value '2020-13-45': not a valid timestamp"),
        ("9" * 5000, f"cannot read the value '{'9' * 40}…': it is too long"),
        ("!odd x", "cannot read the value 'x': could not determine a constructor for the tag '!odd'"),
    ],
)
def test_check_reports_a_bad_tag_or_number_with_its_place(value, message):
    assert problem_of(f"- id: x\n  level: {value}\n") == f"f.yaml:2:10: {message}"


def test_check_refuses_a_lone_surrogate_in_a_title():
    problem = problem_of('- id: x\n  title: "a\\ud800b"\n')
    assert problem == "f.yaml:2:10: the text 'a\\ud800b' holds \\ud800, a character that cannot be shown: remove it"


def test_check_refuses_an_escape_character_and_prints_it_escaped():
    problem = problem_of('- id: x\n  title: "\\e[2J"\n')
    assert problem == "f.yaml:2:10: the text '\\x1b[2J' holds \\x1b, a character that cannot be shown: remove it"


def test_a_problem_prints_control_characters_escaped_and_long_quoted_values_cut():
    problem = Problem("a\x1bb.yaml", 1, 2, f"bad 'x{'y' * 10_000}' and \x9b")
    assert str(problem) == f"a\\x1bb.yaml:1:2: bad 'x{'y' * 39}…' and \\x9b"


def test_a_problem_in_a_file_of_a_very_long_name_shows_the_name_cut():
    problem = Problem(f"{'d' * 5000}/f.yaml", 3, 4, "missing field 'title'")
    assert str(problem) == f"{'d' * 300}…:3:4: missing field 'title'"


def test_check_reports_a_half_megabyte_token_in_a_short_line(tmp_path):
    path = tmp_path / "big.yaml"
    token = "x" * (MAX_BYTES - 200)
    path.write_text(
        f"- id: x\n  kind: capture\n  level: 1\n  themes: [making-15]\n  title: T\n  table: 4c\n  play: {token}\n"
    )
    _, problems = check_paths(path)
    assert [len(str(p)) < 400 for p in problems] == [True]


def test_check_refuses_a_fifo(tmp_path):
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    assert refusal(path) == f"{path}:1:1: not a regular file"


def test_check_refuses_a_fifo_inside_a_folder_and_checks_the_rest(tmp_path):
    os.mkfifo(tmp_path / "a-pipe.yaml")
    (tmp_path / "good.yaml").write_text(
        "- id: p1\n  kind: capture\n  level: 1\n  themes: [making-15]\n  title: T\n  table: A♦ 4♣\n  play: K♥\n",
        encoding="utf-8",
    )
    puzzles, problems = check_paths(tmp_path)
    assert [p.id for p in puzzles] == ["p1"]
    assert list(map(str, problems)) == [f"{tmp_path / 'a-pipe.yaml'}:1:1: not a regular file"]


def test_binary_garbage_is_refused_with_its_place(tmp_path):
    path = tmp_path / "garbage.yaml"
    path.write_bytes(b"- id: x\n  title: \xff\xfe\x00\x01")
    assert refusal(path) == f"{path}:2:10: not UTF-8 text (is this a binary file?)"


def test_a_control_character_is_refused_with_its_place():
    try:
        parse_yaml("- id: x\n  title: a\x07b\n", "f.yaml")
    except Refused as refused:
        assert str(refused.problem) == "f.yaml:2:11: character #x0007 is not allowed in YAML"
    else:
        raise AssertionError("not refused")


def test_deep_nesting_is_refused():
    try:
        parse_yaml("[" * 1000 + "]" * 1000, "f.yaml")
    except Refused as refused:
        assert "nested more than 16 levels deep" in str(refused.problem)
    else:
        raise AssertionError("not refused")


def test_an_empty_file_has_no_puzzles_and_says_so(tmp_path):
    path = tmp_path / "empty.yaml"
    path.write_text("", encoding="utf-8")
    _, problems = check_paths(path)
    assert [p.message for p in problems] == ["a puzzle file is a list of puzzles, each starting with '- id: ...'"]


def test_a_large_but_allowed_file_is_read_quickly(tmp_path):
    one = "- id: p{n}\n  kind: capture\n  level: 1\n  themes: [making-15]\n  title: Three\n  table: A♦ 4♣\n  play: K♥\n"
    path = tmp_path / "many.yaml"
    path.write_text("".join(one.format(n=n) for n in range(3000)), encoding="utf-8")
    assert path.stat().st_size < MAX_BYTES
    puzzles, problems = check_paths(path)
    assert (len(puzzles), problems) == (3000, [])


FIELDS = ["id", "kind", "level", "themes", "title", "hint", "table", "play", "hand", "goal", "pile", "piles", "all"]
yaml_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 50)
    | st.text(max_size=20)
    | st.sampled_from(["A♦ 4♣", "7d", "capture"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELDS), inner, max_size=5),
    max_leaves=12,
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_fuzz_any_bytes_give_problems_never_an_exception(tmp_path, data):
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(data)
    _puzzles, problems = check_paths(path)
    assert all(p.line >= 1 and p.column >= 1 and p.message for p in problems)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.dictionaries(st.sampled_from(FIELDS), yaml_values, max_size=8), max_size=4))
def test_fuzz_puzzle_shaped_data_gives_puzzles_or_problems(tmp_path, items):
    path = tmp_path / "fuzz.yaml"
    path.write_text(yaml.safe_dump(items, allow_unicode=True), encoding="utf-8")
    puzzles, problems = check_paths(path)
    assert puzzles or problems or not items
    for puzzle in puzzles:
        puzzle.check("A♦")  # a loaded puzzle always answers, whatever it is asked
