"""The Learn page, driven as a learner would: every step of every lesson, every try, right and wrong."""

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.app.board import View
from trainer.app.names import card_name, cards_name, say, spoken_label
from trainer.lessons import load_lessons
from trainer.plays import Play, parse_play
from trainer.puzzles.kinds import play_text

APP = Path(__file__).parent.parent / "streamlit_app.py"
LESSONS = load_lessons()


def open_learn(**query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params.update(query)
    at.switch_page("trainer/app/pages/learn.py").run()
    assert not at.exception
    return at


def board(at: AppTest) -> str:
    [drawn] = [html.proto.body for html in at.get("html") if 'role="group"' in html.proto.body]
    return drawn


def shown(at: AppTest, text: str) -> bool:
    return any(m.value == text for m in at.markdown)


def card_alt(card) -> str:
    return spoken_label(card, View())


def card_table(at: AppTest) -> dict:
    """What the card-table component was given to draw: its rows, the button and the message."""
    [table] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    return json.loads(table.proto.json)


def rows_text(at: AppTest) -> str:
    """The titles and card names the card table shows, as one text."""
    rows = card_table(at)["rows"]
    return "\n".join(row["title"] + ": " + ", ".join(face["label"] for face in row["faces"]) for row in rows)


def message(at: AppTest) -> str:
    return card_table(at)["message"]["text"]


def play_typed(at: AppTest, play: Play) -> None:
    """Type a play and press the typed answer's button, as someone who prefers the keyboard would."""
    at.text_input(key="try_text").set_value(str(play))
    button(at, "Play what I typed").click().run()
    assert not at.exception


def button(at: AppTest, label: str):
    return next(b for b in at.button if b.label == label)


def test_every_step_of_every_lesson_shows_its_caption_and_its_board():
    at = open_learn()
    for number, lesson in enumerate(LESSONS):
        assert at.title[0].value == lesson.title
        for step in lesson.steps:
            assert shown(at, f"**{say(step.caption, View())}**")
            if step.deal is not None:
                html = board(at)
                for card in step.deal.table:
                    assert f'alt="{card_alt(card)}' in html
            if step.notice:
                assert at.error[0].value == f"Refused by the rules: {say(step.notice, View())}"
            if step.score:
                total = [s.total for s in step.deal.score()]
                assert any(f"| **Total** | **{total[0]}** | **{total[1]}** |" in m.value for m in at.markdown)
            button(at, "Next ▶").click().run()
            assert not at.exception
        for _ in lesson.tries[1:]:
            button(at, "Next ▶").click().run()
        if number + 1 < len(LESSONS):
            button(at, "Next lesson ▶").click().run()
    assert at.session_state.lesson == LESSONS[-1].id


def tries():
    for lesson in LESSONS:
        for number, attempt in enumerate(lesson.tries):
            yield pytest.param(lesson, number, attempt, id=f"{lesson.id}-{number}")


@pytest.mark.parametrize(("lesson", "number", "attempt"), list(tries()))
def test_every_try_refuses_a_wrong_move_and_accepts_a_right_one(lesson, number, attempt):
    at = open_learn(lesson=lesson.id, step=str(len(lesson.steps) + number + 1))
    assert shown(at, f"**Your turn:** {say(attempt.prompt, View())}")
    deal = attempt.deal
    before = rows_text(at)
    grabs = [Play(card, frozenset(deal.table)) for card in deal.hands[deal.to_play]]
    wrong = next((play for play in grabs if not deal.can_play(play)), None)  # take the whole table
    if wrong is not None:
        play_typed(at, wrong)
        reason = message(at)
        assert reason.startswith("Not allowed: ") and reason.endswith("Nothing has changed; try again.")
        assert rows_text(at) == before  # R17: nothing changes
    right = attempt.goal.best()[0] if attempt.goal else deal.legal_plays()[0]
    play_typed(at, right)
    assert message(at) == say(attempt.success, View())
    after = deal.play(right)
    shown_rows = rows_text(at)
    for card in after.table:
        assert spoken_label(card, View()) in shown_rows
    if right.captured:
        assert (
            f"Last play: {card_name(right.card, View())} took {cards_name(sorted(right.captured), View())}"
            in shown_rows
        )
    button(at, "Try this position again").click().run()
    assert rows_text(at) == before


def test_a_legal_move_that_misses_the_goal_is_explained_and_the_answer_waits_to_be_asked_for():
    lesson = next(item for item in LESSONS if item.id == "turn")
    attempt = lesson.tries[0]
    at = open_learn(lesson="turn", step=str(len(lesson.steps) + 1))
    before = rows_text(at)
    play_typed(at, parse_play("5♦"))  # lays 5♦ down: legal (it takes nothing) but no escoba
    assert message(at) == "That is legal, but that leaves cards on the table. Try again."
    assert rows_text(at) == before
    sweep = attempt.goal.best()[0]
    assert not any(card_name(sweep.card, View()) in i.value for i in at.info)
    button(at, "Show me a better play").click().run()
    assert at.info[0].value.endswith(f"{say(play_text(sweep), View())} clears it.")


def test_deep_link_opens_a_step_and_navigation_updates_the_link():
    at = open_learn(lesson="worked-example", step="2")
    lesson = next(item for item in LESSONS if item.id == "worked-example")
    assert shown(at, f"**{say(lesson.steps[1].caption, View())}**")
    button(at, "Next ▶").click().run()
    assert (at.query_params["lesson"], at.query_params["step"]) == ("worked-example", "3")
    button(at, "◀ Back").click().run()
    button(at, "◀ Back").click().run()
    assert at.query_params["step"] == "1"
    assert button(at, "◀ Back").disabled


def test_a_bad_deep_link_opens_the_first_lesson():
    at = open_learn(lesson="nonsense", step="x")
    assert at.title[0].value == LESSONS[0].title


def test_french_faces_change_the_cards_not_the_lesson():
    at = open_learn(lesson="cards", step="1")
    spanish = board(at)
    at.sidebar.radio[0].set_value("french").run()
    assert board(at) != spanish
    assert at.title[0].value == LESSONS[0].title
