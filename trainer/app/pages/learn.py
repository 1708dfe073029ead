"""Learn: the rules lesson by lesson, one engine-made board state at a time."""

from __future__ import annotations

import streamlit as st

from trainer.app.board import board_html, match_markdown, score_markdown
from trainer.app.common import lessons, page
from trainer.cards import parse_card
from trainer.lessons import Lesson, TryIt, describe_events
from trainer.plays import IllegalPlay, Play

LESSONS = lessons()
BY_ID = {lesson.id: lesson for lesson in LESSONS}


def positions(lesson: Lesson) -> int:
    """Steps to read plus positions to try."""
    return len(lesson.steps) + len(lesson.tries)


# -- state, changed only in callbacks -----------------------------------------------------


def go(lesson_id: str, index: int) -> None:
    """Show one position of one lesson, and put it in the address bar for a deep link."""
    lesson = BY_ID[lesson_id]
    index = max(0, min(index, positions(lesson) - 1))
    st.session_state.lesson, st.session_state.index = lesson_id, index
    st.query_params.update(lesson=lesson_id, step=str(index + 1))
    reset_try()


def reset_try() -> None:
    """Forget the learner's moves in the current try."""
    for key in ("try_deal", "try_message", "try_hand", "try_table"):
        st.session_state.pop(key, None)


def play_try(attempt: TryIt) -> None:
    """Ask the engine about the learner's move; an illegal one changes nothing (R17)."""
    deal = st.session_state.get("try_deal", attempt.deal)
    hand_card, table_cards = st.session_state.get("try_hand"), st.session_state.get("try_table") or []
    if not hand_card:
        st.session_state.try_message = ("warning", "First pick the card you want to play from your hand.")
        return
    play = Play(parse_card(hand_card), frozenset(parse_card(text) for text in table_cards))
    try:
        after = deal.play(play)
    except IllegalPlay as refusal:
        st.session_state.try_message = ("error", f"Not allowed: {refusal}. Nothing has changed; try again.")
        return
    if attempt.goal is not None and str(play) not in attempt.goal.solutions():
        st.session_state.try_message = ("warning", f"That is legal, but {attempt.goal.why(str(play))}. Try again.")
        return
    st.session_state.try_deal = after
    st.session_state.try_message = ("success", attempt.success)
    st.session_state.pop("try_table", None)


def open_from_link() -> None:
    """A deep link ``?lesson=turn&step=3`` opens that position; a bad one opens the first lesson."""
    if "lesson" in st.session_state:
        return
    lesson_id = st.query_params.get("lesson", LESSONS[0].id)
    lesson_id = lesson_id if lesson_id in BY_ID else LESSONS[0].id
    step = st.query_params.get("step", "1")
    go(lesson_id, int(step) - 1 if step.isdigit() else 0)


# -- the page ------------------------------------------------------------------------------

open_from_link()
lesson: Lesson = BY_ID[st.session_state.lesson]
index: int = st.session_state.index
cards = page("Learn")

with st.sidebar:
    st.subheader("Lessons")
    for number, item in enumerate(LESSONS, start=1):
        current = item.id == lesson.id
        st.button(
            f"{number}. {item.title}",
            key=f"lesson_{item.id}",
            on_click=go,
            args=(item.id, 0),
            type="primary" if current else "secondary",
            use_container_width=True,
        )

done_before = sum(positions(item) for item in LESSONS[: LESSONS.index(lesson)])
total = sum(positions(item) for item in LESSONS)
st.title(lesson.title)
st.caption(f"Rules {', '.join(lesson.rules)} · {lesson.summary}")
st.progress((index + 1) / positions(lesson), text=f"Step {index + 1} of {positions(lesson)} in this lesson")
st.progress((done_before + index + 1) / total, text=f"Tutorial: {done_before + index + 1} of {total}")

back, forward, again = st.columns(3)
back.button("◀ Back", on_click=go, args=(lesson.id, index - 1), disabled=index == 0, use_container_width=True)
if index + 1 < positions(lesson):
    forward.button("Next ▶", on_click=go, args=(lesson.id, index + 1), type="primary", use_container_width=True)
elif LESSONS.index(lesson) + 1 < len(LESSONS):
    following = LESSONS[LESSONS.index(lesson) + 1]
    forward.button("Next lesson ▶", on_click=go, args=(following.id, 0), type="primary", use_container_width=True)
again.button("↺ Restart lesson", on_click=go, args=(lesson.id, 0), use_container_width=True)

if index < len(lesson.steps):
    step = lesson.steps[index]
    st.markdown(f"#### {step.caption}")
    if step.notice:
        st.error(f"Refused by the rules: {step.notice}")
    for sentence in describe_events(step.events)[-4:]:
        st.caption(sentence)
    if step.markdown:
        st.markdown(step.markdown)
    if step.deal is not None:
        st.html(board_html(step.deal, cards, step.highlight, step.events, step.face_up))
        if step.score:
            st.markdown(score_markdown(step.deal.score()))
    if step.match is not None:
        a, b = step.match.totals
        st.markdown(match_markdown(step.match))
        st.markdown(f"**Side {step.match.winner} wins the match, {max(a, b)} to {min(a, b)}.**")
else:
    attempt = lesson.tries[index - len(lesson.steps)]
    st.markdown(f"#### Your turn: {attempt.prompt}")
    deal = st.session_state.get("try_deal", attempt.deal)
    message = st.session_state.get("try_message")
    finished = message is not None and message[0] == "success"
    st.html(board_html(deal, cards, events=deal.events if finished else ()))
    if not finished and deal.to_play is not None:
        st.pills("Card to play", [str(c) for c in deal.hands[deal.to_play]], key="try_hand")
        st.pills(
            "Table cards to take (none to lay it down)",
            [str(c) for c in deal.table],
            selection_mode="multi",
            key="try_table",
        )
        st.button("Play", on_click=play_try, args=(attempt,), type="primary")
    if message is not None:
        getattr(st, message[0])(message[1])
    if finished:
        st.button("Try this position again", on_click=reset_try)
