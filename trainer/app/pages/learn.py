"""Learn: the rules lesson by lesson, one engine-made board state at a time."""

from __future__ import annotations

import streamlit as st

from trainer.app.board import board_html, board_rows, match_markdown, score_markdown
from trainer.app.common import lessons, page
from trainer.app.components import Pick, card_table
from trainer.app.names import say
from trainer.cards import parse_card
from trainer.lessons import Judged, Lesson, TryIt, describe_events
from trainer.plays import Play, parse_play

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
    """Forget the learner's moves in the current try; a new card-table key starts with nothing chosen."""
    for key in ("try_deal", "try_judged", "try_answer", "try_text"):
        st.session_state.pop(key, None)
    st.session_state.try_round = st.session_state.get("try_round", 0) + 1


def play_try(attempt: TryIt, play: Play) -> None:
    """Ask the engine about the learner's move; an illegal one or a miss changes nothing (R17)."""
    judged = attempt.judge(st.session_state.get("try_deal", attempt.deal), play)
    st.session_state.try_judged = judged
    st.session_state.pop("try_answer", None)
    if judged.done:
        st.session_state.try_deal = judged.deal


def play_picked(attempt: TryIt, pick: Pick) -> None:
    """The card table's Play button: the hand card and the table cards picked."""
    card = pick.one("hand")
    if card is None:
        st.session_state.try_judged = Judged(
            "warning", "First pick the card you want to play from your hand.", attempt.deal
        )
        return
    play_try(attempt, Play(parse_card(card), frozenset(parse_card(token) for token in pick.many("table"))))


def play_typed(attempt: TryIt) -> None:
    """The typed play, such as ``7d 8c``: the card played first, then the cards it takes."""
    try:
        play = parse_play(st.session_state.get("try_text", ""))
    except ValueError as unreadable:
        st.session_state.try_judged = Judged("error", f"That play cannot be read: {unreadable}.", attempt.deal)
        return
    play_try(attempt, play)


def show_answer() -> None:
    st.session_state.try_answer = True


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

done_before = sum(positions(item) for item in LESSONS[: LESSONS.index(lesson)])
total = sum(positions(item) for item in LESSONS)
number = LESSONS.index(lesson) + 1
st.title(lesson.title)
st.progress(
    (index + 1) / positions(lesson),
    text=f"Lesson {number} of {len(LESSONS)}, step {index + 1} of {positions(lesson)}",
)

# Back, Next and the lesson list in one row that stays a row on a phone, above the board.
with st.container(horizontal=True, key="steps"):
    st.button("◀ Back", on_click=go, args=(lesson.id, index - 1), disabled=index == 0)
    if index + 1 < positions(lesson):
        st.button("Next ▶", on_click=go, args=(lesson.id, index + 1), type="primary")
    elif number < len(LESSONS):
        st.button("Next lesson ▶", on_click=go, args=(LESSONS[number].id, 0), type="primary")
    with st.popover("Lessons"):
        st.caption(f"The whole course: {done_before + index + 1} of {total} steps so far")
        for place, item in enumerate(LESSONS, start=1):
            st.button(
                f"{place}. {item.title}" + (" (from the start)" if item.id == lesson.id else ""),
                key=f"lesson_{item.id}",
                on_click=go,
                args=(item.id, 0),
                type="primary" if item.id == lesson.id else "secondary",
                use_container_width=True,
            )

if index < len(lesson.steps):
    step = lesson.steps[index]
    st.markdown(f"**{say(step.caption, cards)}**")
    if step.notice:
        st.error(f"Refused by the rules: {say(step.notice, cards)}")
    for sentence in describe_events(step.events)[-4:]:
        st.markdown(say(sentence, cards))
    if step.markdown:
        st.markdown(say(step.markdown, cards))
    if step.deal is not None:
        st.html(board_html(step.deal, cards, step.highlight, step.events, step.face_up))
        if step.score:
            st.markdown(score_markdown(step.deal.score(), view=cards))
    if step.match is not None:
        a, b = step.match.totals
        st.markdown(match_markdown(step.match))
        st.markdown(f"**Side {step.match.winner} wins the match, {max(a, b)} to {min(a, b)}.**")
else:
    attempt = lesson.tries[index - len(lesson.steps)]
    st.markdown(f"**Your turn:** {say(attempt.prompt, cards)}")
    deal = st.session_state.get("try_deal", attempt.deal)
    judged: Judged | None = st.session_state.get("try_judged")
    finished = judged is not None and judged.done
    message = (judged.tone, say(judged.text, cards)) if judged else None
    rows = board_rows(deal, cards, events=deal.events if finished else (), pick=not finished)
    card_table(
        rows,
        key=f"try-{lesson.id}-{index}-{st.session_state.get('try_round', 0)}",
        confirm=None if finished else "Play",
        on_confirm=lambda pick: play_picked(attempt, pick),
        message=message,
    )
    if judged is not None and judged.answer:
        if st.session_state.get("try_answer"):
            st.info(say(f"{judged.answer[0].upper()}{judged.answer[1:]}.", cards))
        else:
            st.button("Show me a better play", on_click=show_answer)
    if finished:
        st.button("Try this position again", on_click=reset_try)
    else:
        with st.expander("Type your play instead"), st.form("typed_play", border=False):
            st.text_input("The card you play, then the cards it takes, such as 7d 8c (or 7♦ 8♣)", key="try_text")
            st.form_submit_button("Play what I typed", on_click=play_typed, args=(attempt,))
