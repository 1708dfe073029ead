"""Lessons are scripts the engine replays: one per rule section, and a script that breaks a rule does not load."""

import pytest

from trainer.lessons import LessonError, load_lesson, load_lessons

LESSONS = load_lessons()
GOOD_START = """id: t
title: T
rules: R11
summary: S
steps:
  - setup:
      table: A♦ 4♣ 7♦
      hands: [3♥ 7♠, 2♠ 5♣]
    caption: Start.
"""
TRY = """try:
  - setup:
      table: J♣
      hands: [7♦, 2♥]
    prompt: Play.
"""


def test_one_lesson_per_rule_section_and_every_rule_is_taught():
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    assert taught == {f"R{n}" for n in range(1, 23)}
    assert [lesson.id for lesson in LESSONS] == [
        "cards", "dealing", "turn", "end", "scoring", "match", "variants", "worked-example",
    ]  # fmt: skip
    assert all(lesson.tries for lesson in LESSONS)  # each ends with a position to play


def test_r20_lesson_reproduces_the_worked_example():
    lesson = next(item for item in LESSONS if item.id == "worked-example")
    escoba, no_escoba = lesson.steps[1].deal, lesson.steps[3].deal
    assert escoba.escobas == (1, 0) and escoba.table == ()
    assert no_escoba.escobas == (0, 0) and [str(c) for c in no_escoba.table] == ["Q♠"]
    assert lesson.steps[5].score and [s.total for s in lesson.steps[5].deal.score()] == [6, 0]


def test_r9_lesson_deals_show_the_initial_sweeps():
    lesson = next(item for item in LESSONS if item.id == "dealing")
    sweeps = [step.deal.escobas for step in lesson.steps if step.deal and any(e.kind == "sweep" for e in step.events)]
    assert sweeps == [(0, 1), (0, 2)]


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ("  - play: 3♥ 4♣\n    caption: Wrong.\n", "10:11: the engine refuses '3♥ 4♣': 3♥ + 4♣ = 7, not 15"),
        ("  - mistake: 3♥ A♦ 4♣ 7♦\n    caption: Not a mistake.\n", "10:14: '3♥ A♦ 4♣ 7♦' is a legal play"),
        ("  - score: true\n    caption: Too early.\n", "10:12: 'score' needs a finished deal (R18)"),
        ("  - play: 3♥ A♦ 4♣ 7♦\n    caption: x\n    colour: red\n", "12:13: unknown key 'colour'"),
        ("  - play: 3♥ A♦ 4♣ 7♦\n", "10:5: every step needs a caption"),
        ("  - play: 9♥\n    caption: x\n", "10:11: '9♥' is not a card"),
    ],
)
def test_a_script_that_breaks_a_rule_fails_to_load_with_its_place(tmp_path, steps, message):
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD_START + steps + TRY, encoding="utf-8")
    with pytest.raises(LessonError) as error:
        load_lesson(path)
    assert str(error.value).startswith(f"{path}:{message.split(': ')[0]}: ")
    assert message.split(": ", 1)[1] in str(error.value)


def test_a_try_whose_goal_cannot_be_met_fails_to_load(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD_START + TRY + "    goal: escoba\n", encoding="utf-8")
    load_lesson(path)  # 7♦ J♣ clears the table: a sweep is possible
    path.write_text(GOOD_START + TRY.replace("table: J♣", "table: J♣ K♠") + "    goal: escoba\n", encoding="utf-8")
    with pytest.raises(LessonError, match="no legal play meets the goal 'escoba'"):
        load_lesson(path)
