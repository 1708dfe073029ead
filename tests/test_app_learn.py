"""The Learn page, driven as a learner would: every level, every task right, a slip, stars kept, deep links."""

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.app.board import View
from trainer.app.names import say
from trainer.course import load_levels, stars
from trainer.progress.store import Store
from trainer.puzzles import load_puzzles

APP = str(Path(__file__).parent.parent / "streamlit_app.py")
LEVELS = load_levels()


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(tmp_path))
    return tmp_path


def open_learn(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params.update(query)
    at.switch_page("trainer/app/pages/learn.py").run()
    assert not at.exception, at.exception
    return at


def button(at: AppTest, label: str):
    return next(b for b in at.button if b.label == label)


def click(at: AppTest, label: str) -> None:
    button(at, label).click().run()
    assert not at.exception, at.exception


def verdict(at: AppTest) -> tuple[str, str] | None:
    """The verdict shown, in the card table or in the verdict box: (tone, text)."""
    for element in at.get("bidi_component"):
        message = json.loads(element.proto.json).get("message")
        if message:
            return message["tone"], message["text"]
    return None


def right_answer(stage) -> str:
    return sorted(stage.accept)[0]


def answer(at: AppTest, stage, text: str) -> None:
    """Answer a task through its typed or chosen answer, as a keyboard user would."""
    if stage.choices:
        at.radio(key="answer").set_value(text)
        click(at, "Check")
    else:
        at.text_input(key="answer").set_value(text)
        click(at, "Check" if stage.task == "number" else "Check what I typed")


def stars_of(data, level_id: str) -> int | None:
    with Store.open(data) as saved:
        return saved.stars("Player").get(level_id)


@pytest.mark.parametrize("level", LEVELS, ids=[level.id for level in LEVELS])
def test_every_stage_of_every_level_is_done_right_for_three_stars(data, level):
    at = open_learn(level=level.id, stage="1")
    assert at.title[0].value == level.title
    for number, stage in enumerate(level.stages, start=1):
        assert f"step {number} of {len(level.stages)}" in at.get("progress")[0].proto.text
        assert any(m.value == say(stage.text, View()) for m in at.markdown), stage.text
        if stage.is_task:
            last = "Finish the level ▶" if number == len(level.stages) else "Next ▶"
            assert button(at, last).disabled  # a task is done before moving on
            answer(at, stage, right_answer(stage))
            tone, _ = verdict(at)
            assert tone == "success", (level.id, number, verdict(at))
        click(at, "Next ▶" if number < len(level.stages) else "Finish the level ▶")
    assert at.header[0].value == "Level done: ★★★"
    assert stars_of(data, level.id) == 3


def test_a_wrong_answer_and_a_shown_answer_cost_stars(data):
    level = next(lv for lv in LEVELS if lv.tasks >= 2)
    at = open_learn(level=level.id, stage="1")
    mistakes = hints = 0
    for number, stage in enumerate(level.stages, start=1):
        if stage.is_task and mistakes < 2:
            wrong = {"who": "nobody", "allowed": "yes", "number": "999"}.get(stage.task, "A♦ 2♦ 3♦")
            answer(at, stage, wrong if wrong not in stage.accept else "no")
            assert verdict(at)[0] == "error"
            mistakes += 1
            if mistakes == 2:
                click(at, "Show the answer")
                assert at.info[0].value.startswith("The answer: ")
                hints += 1
        if stage.is_task:
            answer(at, stage, right_answer(stage))
        click(at, "Next ▶" if number < len(level.stages) else "Finish the level ▶")
    earned = stars(mistakes, hints)
    assert (mistakes, hints, earned) == (2, 1, 1)
    assert at.header[0].value == "Level done: ★☆☆"
    assert stars_of(data, level.id) == 1


def test_the_place_is_kept_and_a_new_visit_continues_there(data):
    level = LEVELS[1] if len(LEVELS) > 1 else LEVELS[0]
    open_learn(level=level.id, stage="2")
    again = AppTest.from_file(APP, default_timeout=30)
    again.switch_page("trainer/app/pages/learn.py").run()
    assert again.title[0].value == level.title
    assert "step 2 of" in again.get("progress")[0].proto.text


def test_a_bad_deep_link_opens_the_first_level(data):
    at = open_learn(level="nonsense", stage="x")
    assert at.title[0].value == LEVELS[0].title


def test_the_level_map_shows_stars_and_opens_a_level(data):
    with Store.open(data) as saved:
        saved.create_profile("Player")
        saved.record_stars("Player", LEVELS[0].id, 2)
    at = open_learn()
    first = next(b for b in at.button if b.key == f"level_{LEVELS[0].id}")
    assert first.label.endswith("★★☆")
    last = next(b for b in at.button if b.key == f"level_{LEVELS[-1].id}")
    last.click().run()
    assert at.title[0].value == LEVELS[-1].title


def test_the_end_of_a_level_links_to_puzzles_of_its_themes(data):
    level = next(lv for lv in LEVELS if lv.practice)
    at = open_learn(level=level.id, stage=str(len(level.stages) + 1))
    links = at.get("page_link")
    assert [link.proto.query_string for link in links] == [f"theme={theme}" for theme in level.practice]
    puzzles = AppTest.from_file(APP, default_timeout=30)
    puzzles.query_params["theme"] = level.practice[0]
    puzzles.switch_page("trainer/app/pages/puzzles.py").run()
    assert not puzzles.exception
    bank = {puzzle.id: puzzle for puzzle in load_puzzles(Path(__file__).parent.parent / "puzzles")}
    assert level.practice[0] in bank[puzzles.session_state.puzzle_id].themes

