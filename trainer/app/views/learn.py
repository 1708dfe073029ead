"""Learn: the course, level by level; each task is done on the board and judged by the engine."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace
from functools import partial

import streamlit as st

from trainer.app.board import CATEGORY_LABELS, board_rows, keys_words, pile_rows, rows_html
from trainer.app.components import (
    ByIdentity,
    Onward,
    Pick,
    announce,
    board_keys,
    card_table,
    keypad,
    news,
    pick_verdicts,
)
from trainer.app.course_and_bank import course, course_tracks
from trainer.app.keypad_words import number_keys
from trainer.app.names import say, typed, typing_help
from trainer.app.navigation import pages
from trainer.app.profile_sidebar import profile
from trainer.app.rows import Row
from trainer.app.rule_words import rules_help
from trainer.app.settings import tr
from trainer.app.stars import stars_image
from trainer.app.store_access import page_part, saving, store
from trainer.app.style import ANSWER_CHARS, page
from trainer.app.topics import topic
from trainer.cards import R4, Card, Notation
from trainer.course import (
    Level,
    Moves,
    Stage,
    Verdict,
    as_played,
    choice_label,
    onward,
    restarted,
    with_move,
)
from trainer.profile import CLASSIC, PROFILES
from trainer.progress.training import finish_level
from trainer.text import SIDES, marked

LEVELS = course()
BY_ID = {level.id: level for level in LEVELS}
BY_TRACK = course_tracks()
#: Where the learner is, counted within the level's track.
WHERE_NOW = {
    "core": marked("Level {number} of {levels}, step {step} of {steps}"),
    "other": marked("Other tables: level {number} of {levels}, step {step} of {steps}"),
}
cards = page("Learn")  # first, as on every page: its language and settings even when progress cannot be reached
SAVED = store()
PLAYER = profile(SAVED)
#: The engine's fixed words the page shows (choices, the heads of a compared deal's table),
#: translated where shown; any other engine text, with figures or cards of its own, is shown as it is.
FIXED = frozenset(
    {
        marked("yes"),
        marked("no"),
        marked("nobody"),
        marked("another deal"),
        marked("legal"),
        marked("wrong capture"),
        marked("missed capture"),
        marked("total"),
        marked("points: side A – side B"),
        marked("points: side A – side B – side C"),
        marked("Classic"),  # a rule set's title as short_title has it
        marked("Sevens"),
        marked("Escova"),
        marked("Online"),
        marked("Turkish"),
        *CATEGORY_LABELS.values(),
        *(rules.title for rules in PROFILES.values()),
    }
)


# -- state, changed only in callbacks -----------------------------------------------------


@saving
def go(level_id: str, index: int) -> None:
    """Show one stage of one level, remember it, and put it in the address bar for a deep link."""
    level = BY_ID[level_id]
    index = max(0, min(index, len(level.stages)))  # len(stages): the level's end, with its stars
    SAVED.set_place(PLAYER, level_id, min(index, len(level.stages) - 1))  # first: if it cannot be saved, stay
    if st.session_state.get("level") != level_id:
        st.session_state.slips = {"mistakes": 0, "hints": 0}
    if index == 0 and level.plays_deal is not None:  # the level starts again: so do the plays it makes in its deal
        keep_moves(level, restarted(moves_of(level), level))
    st.session_state.level, st.session_state.stage = level_id, index
    st.session_state.round = st.session_state.get("round", 0) + 1  # a fresh card table, nothing chosen
    for key in ("verdict", "shown", "answer", "missed"):
        st.session_state.pop(key, None)
    st.query_params.update(level=level_id, stage=str(index + 1))


def judge(stage: Stage, answer: str, notation: Notation = R4) -> None:
    """Ask the engine about an answer, its cards typed in ``notation``; a miss counts once per task toward the
    stars, and a second one is given a more pointed clue. Nothing chosen is no answer: the page says what to do, and
    nothing is counted."""
    if solved():
        return
    if not answer.strip():
        st.session_state.nothing_chosen = True
        return
    verdict = stage.judge(answer, notation, again=bool(st.session_state.get("missed")))
    st.session_state.verdict = verdict
    if stage.is_turn and verdict.correct:  # the deal goes on from the learner's play
        played = BY_ID[st.session_state.level]
        keep_moves(played, with_move(moves_of(played), *stage.move(answer, notation)))
    if not verdict.correct and not st.session_state.get("missed"):
        st.session_state.slips["mistakes"] += 1
    st.session_state.missed = not verdict.correct


def judge_pick(stage: Stage, pick: Pick) -> None:
    """The card table's button."""
    judge(stage, pick_answer(stage, pick))


def pick_answer(stage: Stage, pick: Pick) -> str:
    """A pick on the card table as an answer: a play is the hand card then the table cards; a pick is the cards
    chosen."""
    if stage.task == "play":
        return pick.as_play()
    return " ".join(token for tokens in pick.chosen.values() for token in tokens)


def verdicts(stage: Stage, rows: tuple[Row, ...]) -> dict[str, tuple[str, str]] | None:
    """The engine's verdict on every pick the card table offers on ``rows``, as its button will judge it; again
    after a miss, which makes the next one's clue more pointed."""
    again = bool(st.session_state.get("missed"))
    return pick_verdicts(
        (ByIdentity(stage), rows, again, cards),
        rows,
        lambda pick: verdict_said(stage.judge(pick_answer(stage, pick), again=again)),
    )


def moves_of(level: Level) -> Moves:
    """The plays the learner has made, in this session, in the deal the level plays."""
    moves: Moves = st.session_state.get("moves", {}).get(level.plays_deal, ())
    return moves


def keep_moves(level: Level, moves: Moves) -> None:
    st.session_state.moves = {**st.session_state.get("moves", {}), level.plays_deal: moves}


def show_answer() -> None:
    """Show a task's answer; it counts as help toward the stars."""
    st.session_state.shown = True
    st.session_state.slips["hints"] += 1


def judge_widget(stage: Stage, notation: Notation = R4) -> None:
    """The Check button under a choice, a number or typed cards (in ``notation``)."""
    judge(stage, tr().read_none(str(st.session_state.get("answer") or "")), notation)


def judge_number(stage: Stage, answer: str) -> None:
    """The keypad's Check: the number tapped or typed, or this language's word for none."""
    judge(stage, tr().read_none(answer))


def step_to(level_id: str, index: int) -> None:
    """Back or Next: the step (``go`` saves the place), then the keyboard on its board (``board_keys``) once drawn."""
    go(level_id, index)
    st.session_state.learn_moved = str(st.session_state.round)


@saving
def finish(level: Level) -> None:
    """The level is done: keep its stars, then show the end of the level."""
    slips = st.session_state.slips
    st.session_state.earned = (level.id, finish_level(SAVED, PLAYER, level.id, slips["mistakes"], slips["hints"]))
    step_to(level.id, len(level.stages))


def solved() -> bool:
    verdict: Verdict | None = st.session_state.get("verdict")
    return verdict is not None and verdict.correct


def open_from_link() -> None:
    """``?level=values&stage=2`` opens that stage; a first visit without one opens where the learner left off."""
    wanted, stage = st.query_params.get("level"), st.query_params.get("stage", "")
    if wanted in BY_ID:
        # ASCII digits only, and few of them: "²" passes str.isdigit but not int(), and 5,000 digits are no step
        index = int(stage) - 1 if re.fullmatch("[0-9]{1,4}", stage) and int(stage) > 0 else 0
        if (wanted, index) != (st.session_state.get("level"), st.session_state.get("stage")):
            go(wanted, index)
    elif "level" not in st.session_state:
        level_id, index = SAVED.place(PLAYER) or (LEVELS[0].id, 0)
        if level_id not in BY_ID:  # a level since removed from the course
            level_id, index = LEVELS[0].id, 0
        go(level_id, index)


# -- drawing -------------------------------------------------------------------------------


def task_rows(stage: Stage) -> tuple[Row, ...]:
    """The stage's board, with the rows a learner picks from: hand and table for a play; the table, or every
    row shown, for a pick; once the answer is shown, its cards marked."""
    assert stage.deal is not None
    shown = stage.answer_cards() if st.session_state.get("shown") else ()
    rows = stage_rows(stage, pick=stage.task == "play", answer=shown)
    if stage.task != "pick":
        return rows
    seats = (f"seat-{n}" for n in stage.face_up if n != stage.seat)
    open_rows = ("table",) if stage.pick_from == "table" else ("table", "hand", *seats)
    return tuple(replace(row, pick="many" if row.name in open_rows and row.faces else None) for row in rows)


def stage_rows(stage: Stage, pick: bool = False, answer: Collection[Card] = ()) -> tuple[Row, ...]:
    """The stage's board drawn from the learner's seat, the hands it does not show face down, the cards of the
    answer marked once it is shown."""
    assert stage.deal is not None
    return board_rows(
        stage.deal, cards, stage.highlight, stage.events, face_up=stage.face_up, pick=pick, me=stage.seat,
        answer=answer, table_worth=not stage.asks_table_sum,
    )  # fmt: skip


def adds_up(stage: Stage) -> bool:
    """Whether the cards a task picks are added up as they are tapped: a play, or a pick that makes 15."""
    return stage.task == "play" or stage.played is not None


def fixed(text: str) -> str:
    """An engine text in the learner's language if it is one of its fixed words or sentences, else as it is."""
    return t.text(text) if text in FIXED else text


def table_markdown(rows: tuple[tuple[str, ...], ...]) -> str:
    """A stage's table (a header row, then rows; the last one, the totals, in bold) as Markdown."""

    def cell_text(cell: str) -> str:
        word = fixed(cell)
        return say(word[:1].upper() + word[1:], cards)

    header, *body = (tuple(cell_text(cell) for cell in row) for row in rows)
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for number, row in enumerate(body, start=1):
        bold = "**" if number == len(body) else ""
        lines.append("| " + " | ".join(f"{bold}{cell}{bold}" for cell in row) + " |")
    return "\n".join(lines)


def level_map(current: str, earned: dict[str, int]) -> None:
    """Every level with its stars, the current one filled: the core path, then the other tables apart, each
    numbered from 1."""
    for track in BY_TRACK.values():
        if track.name == "other":
            st.subheader(
                t.text("Other tables"),
                help=t.text("The rules of other tables, for after the course or when you choose one of them."),
            )
        for number, item in enumerate(track.levels, start=1):
            map_entry(number, item, earned.get(item.id, 0), current=item.id == current)


def map_entry(number: int, item: Level, earned: int, *, current: bool) -> None:
    """A level on the map: the button that opens it, then its stars drawn, which a screen reader reads out in words
    after the button ("2 of 3 stars")."""
    with st.container(horizontal=True, vertical_alignment="center", gap="small", wrap=False):
        st.button(
            f"{number}. {t.text(item.title)}",
            key=f"level_{item.id}",
            on_click=go,
            args=(item.id, 0),
            type="primary" if current else "secondary",
            width="stretch",
        )
        st.html(stars_image(earned, cards, size=18), width="content")


def rules_note(verdict: Verdict | None) -> None:
    """Under a verdict, what each rule it cites says, folded away under a button; nothing if it cites none."""
    explained = None if verdict is None else rules_help(t.said(verdict.reason), t)
    if explained is not None:
        with st.popover(t.text("The rules named here")):
            st.markdown(explained)


def answer_form(level: Level, index: int, stage: Stage, verdict: Verdict | None, onward: Onward | None) -> None:
    """A choice to answer with and its Check button, or a keypad for a number, then the verdict once checked."""
    if stage.task == "number" and not solved():
        keys = number_keys(t, none=stage.may_be_none, minus=stage.may_be_negative)
        keypad(
            keys,
            key=f"keypad-{level.id}-{index}-{st.session_state.round}",
            on_check=partial(judge_number, stage),
            max_chars=ANSWER_CHARS,
        )
    elif not solved():
        with st.form(f"answer-{level.id}-{index}", border=False):
            st.radio(
                t.text("Your answer"),
                stage.choices,
                index=None,
                horizontal=True,
                key="answer",
                format_func=lambda choice: fixed(choice_label(choice)),
            )
            st.form_submit_button(t.text("Check"), type="primary", on_click=judge_widget, args=(stage,))
    if (message := verdict_message(verdict)) is not None:
        announce(message[1], message[0], key=f"verdict-{level.id}-{index}", onward=onward)
        rules_note(verdict)


def verdict_message(verdict: Verdict | None) -> tuple[str, str] | None:
    """A verdict as a message's tone and words, or None before an answer."""
    return None if verdict is None else verdict_said(verdict)


def verdict_said(verdict: Verdict) -> tuple[str, str]:
    return ("success" if verdict.correct else "error", say(t.said(verdict.reason), cards))


def level_done(level: Level, following: Level | None) -> None:
    """The end of a level: its stars, what they were for, and where to go on."""
    just, stars = st.session_state.get("earned", ("", 0))
    earned = stars if just == level.id else earned_stars.get(level.id, 1)
    st.header(t.text("Level done"))
    st.html(stars_image(earned, cards, size=44))
    st.markdown(
        t.text("Every task right the first time, with no answer shown: three stars.")
        if earned == 3
        else t.text("Play it again for three stars: every task right the first time, with no answer shown.")
    )
    if following is not None and following.track != level.track:  # the core path's last level
        st.success(
            t.text(
                "That was the course's last level: you know Escoba as its rule book plays it. Other tables play by "
                "rules of their own, taught level by level under Other tables, whenever you want them."
            )
        )
    elif following is None:
        st.success(
            t.text(
                "That was the last of the other tables. Any of their rule sets can be chosen in the sidebar or on "
                "the Settings page, under Rule set, for a match or a fresh deal."
            )
        )
    for theme in level.practice:  # puzzles on each of the level's themes, in Practice
        st.page_link(
            pages()["puzzles"],
            label=t.text("Practise on puzzles: {theme}", theme=topic(theme, t)),
            query_params={"theme": theme},
        )
    if any(piece.kind == "levels" and level.id in piece.items for piece in SAVED.homework(PLAYER)):
        st.page_link(pages()["home"], label=t.text("Back to your homework"))
    st.button(t.text("Play this level again"), on_click=go, args=(level.id, 0))


def task(level: Level, index: int, stage: Stage, onward: Onward | None) -> None:
    """A step's text, board and answer; once answered, the verdict and what may follow it: ``onward``, under a right
    answer's verdict, takes the keyboard on."""
    verdict: Verdict | None = st.session_state.get("verdict")
    if stage.profile != CLASSIC:  # the classic rules go without saying
        rule_set = t.text(stage.profile.title)
        if stage.profile.penalties:
            caption = t.text("Rule set for this step: {title}, played by its penalties", title=rule_set)
            st.caption(caption, help=rules_help("(V5)", t))
        else:
            st.caption(t.text("Rule set for this step: {title}", title=rule_set))
    st.markdown(say(t.written(stage.text), cards))
    if stage.choices or stage.task == "number":  # the answer right under the question, before the cards it is about
        answer_form(level, index, stage, verdict, onward)
    if stage.table:
        st.markdown(table_markdown(stage.table))
    if stage.deal is not None and stage.piles:  # side by side where there is room, one above the other on a phone
        for side, column in enumerate(st.columns(stage.deal.sides)):
            label = t.text("Side {side}'s pile", side=SIDES[side])
            column.html(rows_html(pile_rows(stage.deal, side, cards), cards, label))
    if stage.task in ("pick", "play"):
        board_task(level, index, stage, verdict, onward)
    elif stage.deal is not None and not stage.piles:
        st.html(rows_html(stage_rows(stage), cards, t.text("Escoba board")))
    if st.session_state.pop("nothing_chosen", False):
        st.info(t.text("Nothing is chosen yet: choose your answer, then check it. Nothing was counted."))
    if stage.is_task and verdict is not None and not verdict.correct:
        if st.session_state.get("shown"):
            st.info(say(t.text("The answer: {answer}", answer=t.said(stage.answer())), cards))
        else:
            st.button(t.text("Show the answer"), on_click=show_answer)


def board_task(level: Level, index: int, stage: Stage, verdict: Verdict | None, onward: Onward | None) -> None:
    """A task answered on the card table, with the verdict in its box; typing the answer is folded away below."""
    assert stage.deal is not None
    rows, key = task_rows(stage), f"task-{level.id}-{index}-{st.session_state.round}"
    confirm = None if solved() else (t.text("Play") if stage.task == "play" else t.text("Check"))
    card_table(
        rows,
        key=key,
        confirm=confirm,
        on_confirm=partial(judge_pick, stage),
        message=verdict_message(verdict),
        clear=t.text("Clear"),
        tally=t.text("Adding up: {sum}", sum="{sum}") if adds_up(stage) and not solved() else None,
        played=stage.played.value if stage.played and stage.played not in stage.deal.table else None,
        verdicts=None if solved() else verdicts(stage, rows),
        keys=None if confirm is None else keys_words(t, confirm),
        onward=onward,
    )
    rules_note(verdict)
    if solved():
        return
    with st.expander(t.text("Type your answer instead")), st.form(f"typed-{level.id}-{index}", border=False):
        prompt = (
            t.text("Your answer: the card you play, then the cards it takes: {example}", example=typed("7♦ J♣", cards))
            if stage.task == "play"
            else t.text("Your answer: cards such as {example}", example=typed("5♦ 2♣", cards))
        )
        st.text_input(prompt, key="answer", max_chars=ANSWER_CHARS)
        st.caption(typing_help(cards))
        st.form_submit_button(t.text("Check what I typed"), on_click=judge_widget, args=(stage, cards.notation))


@page_part
def step() -> None:
    """Where the learner is in the level, Back and Next, and the step. A Next, a Back or an answer reruns only this
    part of the page; a level opened, or ended with its stars, draws the whole page again, its title and its map."""
    as_written = BY_ID[st.session_state.level]
    index: int = st.session_state.stage
    steps = len(as_written.stages)
    at_end = index >= steps
    if (as_written.id, at_end) != drawn:
        st.rerun(scope="app")
    level = as_played(as_written, moves_of(as_written))  # a deal the learner plays, as it has played it
    track = BY_TRACK[as_written.track]
    following = onward(BY_TRACK, as_written)
    shown_stage = min(index + 1, steps)
    where_now = t.text(
        WHERE_NOW[track.name], number=track.number(as_written), levels=len(track.levels), step=shown_stage, steps=steps
    )
    st.progress(shown_stage / steps, text=where_now)
    news(where_now, key="step")  # Next, Back or a level chosen: the new step is read out
    stage = level.stages[min(index, steps - 1)]
    done = at_end or not stage.is_task or solved()
    ahead = way_on(level, index, following)
    with st.container(horizontal=True, key="steps"):
        st.button(t.text("◀ Back"), on_click=step_to, args=(level.id, index - 1), disabled=index == 0)
        if ahead is not None:
            st.button(ahead[0], on_click=ahead[1], type="primary", disabled=not done)
    board_keys(t.text("Skip to the board"), focus=st.session_state.get("learn_moved"), then="steps")
    if at_end:
        level_done(level, following)
    else:
        task(level, index, stage, ahead if stage.is_task and solved() else None)


def way_on(level: Level, index: int, following: Level | None) -> Onward | None:
    """The button that goes on from a step: to the next step, to the level's end, then to the level that follows."""
    steps = len(level.stages)
    if index + 1 < steps:
        return t.text("Next ▶"), partial(step_to, level.id, index + 1)
    if index < steps:
        return t.text("Finish the level ▶"), partial(finish, level)
    if following is not None:
        label = t.text("Next level ▶") if following.track == level.track else t.text("Other tables ▶")
        return label, partial(step_to, following.id, 0)
    return None


# -- the page ------------------------------------------------------------------------------

t = tr()
open_from_link()
shown_level = BY_ID[st.session_state.level]
#: The level this run of the whole page draws, and whether at its end: a step that finds another reruns the page.
drawn = (shown_level.id, st.session_state.stage >= len(shown_level.stages))
earned_stars = SAVED.stars(PLAYER)  # read once: the maps of levels and the end of a level use it
with st.container(horizontal=True, vertical_alignment="center", key="level_title"):
    st.title(t.text(shown_level.title))
    with st.popover(t.text("Levels")):
        level_map(shown_level.id, earned_stars)
st.markdown(t.text("**Goal:** {goal}", goal=say(t.text(shown_level.goal), cards)))
step()
