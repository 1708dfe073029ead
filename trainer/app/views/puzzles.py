"""Puzzles: practise on the bank in four modes; the engine judges, the store remembers."""

from __future__ import annotations

import random
from functools import partial

import streamlit as st

from trainer.app.board import keys_words, position_rows, rows_html
from trainer.app.card_style import CardStyle
from trainer.app.clock import moment, now
from trainer.app.components import ByIdentity, Onward, Pick, announce, board_keys, card_table, news, pick_verdicts
from trainer.app.course_and_bank import bank
from trainer.app.names import say, typing_help
from trainer.app.navigation import pages
from trainer.app.profile_sidebar import profile, rules
from trainer.app.progress_words import next_puzzle_label
from trainer.app.puzzle_words import (
    RUN_ENDS,
    answer_cards,
    answer_words,
    choice_line,
    goal_line,
    hint_words,
    level_line,
    mode_label,
    option_words,
    prompt,
    rules_line,
    run_line,
    run_summary,
    themes_help,
    verdict_line,
    verdict_words,
)
from trainer.app.rows import Row
from trainer.app.settings import tr
from trainer.app.store_access import saving, store
from trainer.app.style import ANSWER_CHARS, page
from trainer.app.topics import topic, topic_help
from trainer.cards import R4, Notation
from trainer.i18n import Translator
from trainer.profile import CLASSIC, PROFILES
from trainer.progress import homework
from trainer.progress.errors import SaveError
from trainer.progress.model import Attempt, Learner
from trainer.progress.rating import START, Rating
from trainer.progress.stats import plain
from trainer.progress.training import (
    ANSWERS_PER_LEVEL,
    MODES,
    Answer,
    Choice,
    Run,
    highest_level,
    judge,
    keep_answer,
    pick_next,
)
from trainer.puzzles import KINDS, THEMES, Puzzle
from trainer.puzzles.catalog import first_puzzle
from trainer.puzzles.kinds import Verdict
from trainer.puzzles.kinds.shown import Numbers, OneOf, Picked, Typed
from trainer.text import SaidError

PUZZLES = bank()
cards = page("Puzzles")  # first, as on every page: its language and settings even when progress cannot be reached
SAVED = store()
PLAYER = profile(SAVED)


def rating() -> Rating:
    saved = SAVED.get_rating(PLAYER)
    return Rating(*saved) if saved else START


# -- state, changed only in callbacks --------------------------------------------------------


def afresh(theme: str = "any") -> None:
    """Filters back to the learner's rule set, any kind and level, and ``theme``."""
    mine = rules().name
    st.session_state.choice, st.session_state.choice_for = Choice(mine, theme=theme), mine


def chosen() -> Choice:
    """The puzzles the page serves: the learner's rule set unless another is chosen in the filters; chosen afresh
    when the learner's rule set changes."""
    if st.session_state.get("choice_for") != rules().name:
        afresh()
    choice: Choice = st.session_state.choice
    return choice


def due() -> list[str]:
    """The puzzles of the learner's rule set due for review now, the longest due first."""
    mine = rules().name
    return [pid for pid in SAVED.due_puzzles(PLAYER, moment()) if pid in PUZZLES and PUZZLES[pid].rules == mine]


@saving
def start(mode: str) -> None:
    """Begin a run of a mode with a first puzzle; the filters go back to the learner's rule set, so none is carried
    unseen from another mode."""
    sent_first()  # with the run it was given in
    left_part_way()
    st.session_state.run = Run(mode, started=now())
    st.session_state.seen = []
    afresh()
    next_puzzle()


@saving
def next_puzzle(for_me: bool = False) -> None:
    """Pick the next puzzle: due ones in Review, else near the learner's rating within the filters ("for me": within
    the rule set chosen only), no harder than a newcomer's answers allow unless a level is chosen."""
    run: Run = st.session_state.run
    seen = st.session_state.setdefault("seen", [])
    if run.mode == "review":
        waiting = [pid for pid in due() if pid not in seen]
        choice = PUZZLES[waiting[0]] if waiting else None
    else:
        wanted = Choice(chosen().rules) if for_me else chosen()
        pool = [p for p in PUZZLES.values() if wanted.admits(p)]
        solved = SAVED.solved_puzzles(PLAYER)
        answered = len(SAVED.attempts(PLAYER, limit=4 * ANSWERS_PER_LEVEL))  # past that many, every level is open
        highest = highest_level(answered) if wanted.level == "any" else 5
        choice = pick_next(pool, rating().rating, random.Random(now()), solved, set(seen), highest)
        if choice is None and pool:  # every puzzle of this choice has been shown: go round again
            st.session_state.notice = tr().plural(
                "You have seen all {n} puzzles of this choice; here they come again.",
                "You have seen all {n} puzzles of this choice; here they come again.",
                len(pool),
            )
            seen.clear()
            choice = pick_next(pool, rating().rating, random.Random(now()), solved, highest=highest)
    show(choice)
    st.session_state.puzzle_moved = str(len(seen))  # the keyboard on the new puzzle's board (``board_keys``)


def show(puzzle: Puzzle | None) -> None:
    """Put a puzzle on the board, with fresh answer widgets and no hints shown; an answer not saved yet is saved
    first, and if it still cannot be, the board stays as it is."""
    sent_first()
    st.session_state.puzzle_id = puzzle.id if puzzle else None
    st.session_state.shown_at = now()
    st.session_state.hints = 0
    st.session_state.verdict = None
    st.session_state.retry = False
    st.session_state.reveal = False
    forget_answer()
    if puzzle is not None:
        st.session_state.seen.append(puzzle.id)


def choose() -> None:
    """A filter changed: keep the choice the filters now show."""
    state = st.session_state
    state.choice = Choice(state.f_rules, state.f_kind, state.f_level, state.f_theme)


def forget_answer() -> None:
    """Clear the answer widgets for a fresh start: the choice ("ans_side"), the typed box ("ans_text") and each number
    box, by its name ("ans_count", "ans_a")."""
    for key in [key for key in st.session_state if str(key).startswith("ans_")]:
        del st.session_state[key]


def answer_text(puzzle: Puzzle) -> str:
    """What the learner answered in the widgets other than the cards, as the text the puzzle judges."""
    state, form = st.session_state, puzzle.answer_form()
    if isinstance(form, OneOf):
        return state.get("ans_side") or ""
    if isinstance(form, Numbers):  # a box left empty leaves the answer unreadable, so it is not counted
        numbers = [state.get(f"ans_{name}") for name, _ in form.boxes]
        return "" if None in numbers else " ".join(str(n) for n in numbers)
    return tr().read_none(str(state.get("ans_text") or ""))


def submit_pick(puzzle: Puzzle, pick: Pick) -> None:
    """The card table's Check button."""
    submit(puzzle, pick.as_play())


def verdicts(puzzle: Puzzle, rows: tuple[Row, ...]) -> dict[str, tuple[str, str]] | None:
    """The engine's verdict on every readable pick the card table offers on ``rows``, in the words ``submit`` leads to
    before the rating's; again for a second try. None in a rush, whose clock may end the run between the pick and
    its arrival."""
    if st.session_state.run.mode == "rush":
        return None
    retried = bool(st.session_state.get("retry"))
    return pick_verdicts(
        (ByIdentity(puzzle), rows, retried, cards), rows, partial(pick_verdict, puzzle, retried=retried)
    )


def pick_verdict(puzzle: Puzzle, pick: Pick, retried: bool) -> tuple[str, str] | None:
    """A pick's verdict as a message; None for a pick that cannot be read (a play of no card), which the page
    explains once it is sent, counting nothing."""
    try:
        verdict = puzzle.check(puzzle.canonical(pick.as_play()))
    except SaidError:
        return None
    return ("success" if verdict.correct else "error", verdict_words(verdict, retried, cards))


def verdict_message(view: CardStyle) -> tuple[str, str] | None:
    """The verdict given, as a message's tone and words with the rating's change; None before an answer."""
    state = st.session_state
    verdict: Verdict | None = state.verdict
    if verdict is None:
        return None
    line = verdict_line(verdict, bool(state.get("retry")), state.get("rating_change", 0.0), state.hints, view)
    return ("success" if verdict.correct else "error", line)


@saving  # every way of answering comes here: the card table, the widgets, "nothing to claim"
def submit(puzzle: Puzzle, answer: str, notation: Notation = R4) -> None:
    """Judge the answer, its cards typed in ``notation``, with the engine and record it; rating, review and run
    follow.

    An answer that cannot be read (nothing picked, a word for a number) is explained and not counted;
    nor is a second try at a puzzle already missed, which counted as one miss.
    """
    run: Run = st.session_state.run
    if run.is_over(now()) or st.session_state.verdict is not None:
        return
    try:
        answer = puzzle.canonical(answer.strip(), notation)
    except SaidError as unreadable:  # AnswerError and CardError (InvalidPlay among them)
        words = tr().said(unreadable.said)
        st.session_state.notice = f"{words[:1].upper()}{words[1:]}."
        return
    if st.session_state.get("retry"):
        st.session_state.verdict = puzzle.check(answer)
        return
    seconds = now() - st.session_state.shown_at
    send(PLAYER, judge(puzzle, answer, seconds, st.session_state.hints, run.mode, moment()))


def send(learner: Learner, answer: Answer) -> None:
    """Save a judged answer, then show its verdict. If the store cannot be reached, the session keeps it, and the
    page offers to send it again; if its profile was deleted meanwhile, it is dropped with it."""
    st.session_state.pop("unsent", None)
    try:
        outcome = keep_answer(SAVED, learner, answer)
    except SaveError:
        st.session_state.unsent = (learner, answer)
        raise
    st.session_state.verdict = outcome.verdict
    st.session_state.run.answer(outcome.verdict.correct, now(), answer.attempt.seconds)
    st.session_state.rating_change = outcome.after.rating - outcome.before.rating


def send_unsent() -> None:
    send(*st.session_state.unsent)


send_again = saving(send_unsent)


def sent_first() -> None:
    """Before moving on, save the answer the session still holds, if any; SaveError if it still cannot be."""
    if "unsent" in st.session_state:
        send_unsent()


def try_again() -> None:
    """Clear a missed answer for another go; the miss is already counted, this try is not."""
    st.session_state.verdict = None
    st.session_state.tries = st.session_state.get("tries", 0) + 1
    st.session_state.retry = True
    st.session_state.reveal = False
    forget_answer()


def reveal() -> None:
    st.session_state.reveal = True


@saving
def skip(puzzle: Puzzle) -> None:
    """Move on without answering; it is recorded, and a streak allows only one."""
    run: Run = st.session_state.run
    if not run.can_skip():
        return
    run.skip()
    SAVED.record_attempt(
        PLAYER,
        Attempt(
            puzzle_id=puzzle.id, kind=puzzle.kind, level=puzzle.level, themes=puzzle.themes, mode=run.mode,
            answer="", correct=False, seconds=now() - st.session_state.shown_at, hints=st.session_state.hints,
            skipped=True, at=moment(),
        ),
    )  # fmt: skip
    next_puzzle()


def hint() -> None:
    st.session_state.hints += 1


def open_from_link() -> None:
    """``?puzzle=ID`` (the Progress page's "try again") opens that puzzle in Practice; ``?theme=T`` (the end of
    a course level) opens Practice on that theme."""
    wanted = st.query_params.pop("puzzle", None)  # used once, so the next link opens afresh
    theme = st.query_params.pop("theme", None)
    if wanted in PUZZLES or theme in THEMES:
        left_part_way()
        st.session_state.run = Run("practice", started=now())
        st.session_state.seen = []
    if wanted in PUZZLES:
        show(PUZZLES[wanted])
    elif theme in THEMES:
        afresh(theme)
        next_puzzle()


def keep_record(run: Run) -> None:
    """Store a finished streak or rush once, however it ended: a mistake, a skip or the clock."""
    if run.mode in ("streak", "rush") and not run.saved:
        run.saved = True
        st.session_state.new_record = run.solved > 0 and SAVED.record_best(PLAYER, run.mode, run.solved)


def left_part_way() -> None:
    """A streak or rush left before its end keeps its score as a record if it is one; the notice says whether."""
    run: Run | None = st.session_state.get("run")
    if run is None or run.saved or run.solved == 0 or run.mode not in RUN_ENDS:
        return
    keep_record(run)
    kept = RUN_ENDS[run.mode].record if st.session_state.new_record else RUN_ENDS[run.mode].left
    st.session_state.notice = tr().text(kept, solved=run.solved)


# -- the page ----------------------------------------------------------------------------------


def practice_filters(run: Run) -> None:
    """In Practice, the filters and the buttons that serve the next puzzle, folded away once one is shown (and then
    drawn only when opened: a class's server runs this page for every answer)."""
    if run.mode == "practice":
        label, folded = tr().text("Choose puzzles"), st.session_state.puzzle_id is not None
        with st.expander(label, expanded=not folded, key="filters", on_change="rerun") as filters:
            if filters.open:
                choose_puzzles()


def choose_puzzles() -> None:
    """Filters for Practice, and the buttons that serve the next puzzle."""
    t = tr()
    any_ = t.text("any")
    choice = chosen()  # the widgets show the choice kept, which a change of mode or rule set may have reset
    st.session_state.update(f_kind=choice.kind, f_level=choice.level, f_theme=choice.theme, f_rules=choice.rules)
    a, b, c, d = st.columns(4)
    a.selectbox(t.text("Kind"), ["any", *KINDS], key="f_kind", on_change=choose,
                format_func=lambda k: any_ if k == "any" else topic(k, t))  # fmt: skip
    b.selectbox(t.text("Level"), ["any", 1, 2, 3, 4, 5], key="f_level", on_change=choose,
                format_func=lambda n: any_ if n == "any" else str(n))  # fmt: skip
    c.selectbox(t.text("Theme"), ["any", *THEMES], key="f_theme", on_change=choose,
                format_func=lambda th: any_ if th == "any" else topic_help(th, t))  # fmt: skip
    d.selectbox(t.text("Rules"), ["any", *PROFILES], key="f_rules", on_change=choose,
                format_func=lambda r: any_ if r == "any" else t.text(PROFILES[r].title))  # fmt: skip
    left, right = st.columns(2)
    left.button(t.text("Next puzzle"), on_click=next_puzzle, use_container_width=True, type="primary")
    right.button(t.text("Next for me (near my rating)"), on_click=next_puzzle, args=(True,), use_container_width=True)


def answer_widgets(puzzle: Puzzle, view: CardStyle) -> None:
    """The controls a learner answers with, besides the cards: a choice, numbers or a box to type in, which reads
    cards as the faces show them."""
    t, form = view.t, puzzle.answer_form()
    if isinstance(form, OneOf):
        st.radio(say(t.said(form.question), view), form.options, index=None, horizontal=True, key="ans_side",
                 format_func=lambda option: option_words(form, option, t))  # fmt: skip
    elif isinstance(form, Numbers):
        number_boxes(form, t)
    if not isinstance(form, Typed):
        st.button(t.text("Check"), on_click=submit_widgets, args=(puzzle,), type="primary")
        return
    if form.outright is not None:
        words, answer = form.outright
        st.button(t.said(words), on_click=submit, args=(puzzle, answer))
    on_cards = isinstance(form, Picked)
    around = st.expander(t.text("Type your answer instead")) if on_cards else st.container()
    with around, st.form("typed_answer", border=False, enter_to_submit=True):
        st.text_input(prompt(form, view), key="ans_text", max_chars=ANSWER_CHARS)
        if form.example:  # the answer names cards
            st.caption(typing_help(view))
        st.form_submit_button(
            t.text("Check what I typed") if on_cards else t.text("Check"),
            on_click=submit_widgets,
            args=(puzzle, view.notation),
        )


def number_boxes(form: Numbers, t: Translator) -> None:
    """A box for each number: one alone, several side by side."""
    if len(form.boxes) == 1:
        [(name, label)] = form.boxes
        st.number_input(t.said(label), form.lowest, form.highest, value=None, key=f"ans_{name}")
        return
    for column, (name, label) in zip(st.columns(len(form.boxes)), form.boxes, strict=True):
        column.number_input(t.said(label), form.lowest, form.highest, value=None, key=f"ans_{name}")


def submit_widgets(puzzle: Puzzle, notation: Notation = R4) -> None:
    """A Check button under a choice, numbers or a typed answer, its cards typed in ``notation``."""
    submit(puzzle, answer_text(puzzle), notation)


def answer_or_verdict(puzzle: Puzzle, view: CardStyle, over: bool, in_table: bool = False) -> None:
    """While the puzzle is open, the controls to answer it with; once answered, the verdict (unless the card table
    shows it, ``in_table``), the answer if it is right or asked for, and the buttons to go on (none once the run is
    ``over``)."""
    state, t = st.session_state, view.t
    verdict = state.verdict
    if verdict is None:
        if "unsent" in state:
            _, held = state.unsent
            answer = answer_words(puzzle, held.attempt.answer, view)
            st.warning(t.text("Your answer, {answer}, is kept but not saved yet.", answer=answer))
            st.button(t.text("Send it again"), on_click=send_again, type="primary")
        elif not over:
            answer_widgets(puzzle, view)
        return
    ahead = way_on(verdict, over, t)
    if not in_table and (message := verdict_message(view)) is not None:
        announce(message[1], message[0], key="verdict", onward=ahead)
    if answer_shown(verdict, over):
        if not verdict.correct:
            why = t.said(verdict.reason)
            st.markdown(say(f"{why[:1].upper()}{why[1:]}.", view))
        if puzzle.explain:
            st.markdown(say(t.written(puzzle.explain), view))
        accepted = (
            t.text("The answer the engine accepts")
            if len(verdict.solutions) == 1
            else t.text("Every answer the engine accepts")
        )
        st.markdown(
            f"{accepted}:\n" + "\n".join(f"- {answer_words(puzzle, answer, view)}" for answer in verdict.solutions)
        )
    homework_next(puzzle)
    with st.container(horizontal=True, key="after_verdict"):
        if not verdict.correct and not over:
            st.button(t.text("Try again"), on_click=try_again)
            if not state.get("reveal"):
                st.button(t.text("Show the answer"), on_click=reveal)
        if ahead is None and not over:  # else it is under the verdict
            st.button(t.text("Next puzzle") + " ▶", on_click=next_puzzle, type="primary")


def way_on(verdict: Verdict | None, over: bool, t: Translator) -> Onward | None:
    """The button under a right answer's verdict, which takes the keyboard on to the next puzzle."""
    return (t.text("Next puzzle") + " ▶", next_puzzle) if verdict is not None and verdict.correct and not over else None


def answer_shown(verdict: Verdict | None, over: bool) -> bool:
    """Whether the answer is shown with its explanation: once right, when asked for, or when the miss ended the run
    (there is no trying again)."""
    return verdict is not None and (verdict.correct or bool(st.session_state.get("reveal")) or over)


def homework_next(puzzle: Puzzle) -> None:
    """Once a homework puzzle is answered, the link to that homework's next puzzle, as Home gives it."""
    for piece in SAVED.homework(PLAYER):  # none outside a club's class
        if piece.kind == "puzzles" and puzzle.id in piece.items:
            mine = homework.standing(SAVED, PLAYER, piece)
            if mine.next_item is not None:
                label = next_puzzle_label(piece, mine, t)
                st.page_link(pages()["puzzles"], label=label, query_params={"puzzle": mine.next_item})
            return


open_from_link()
t = tr()
st.title(t.text("Puzzles"))
if "run" not in st.session_state:  # a visit starts right away: a new learner at level 1, others near their rating
    st.session_state.run = Run("practice", started=now())
    st.session_state.seen = []
    if SAVED.attempts(PLAYER, limit=1):
        next_puzzle(for_me=True)
    else:
        show(first_puzzle(p for p in PUZZLES.values() if chosen().admits(p)))
run: Run = st.session_state.run
over = run.is_over(now())


@st.fragment(run_every=1.0 if run.mode == "rush" and not over else None)
def countdown() -> None:
    """The rush clock, redrawn every second; at zero the whole page reruns to end the run."""
    left = run.time_left(now())
    if left is None:
        return
    clock = t.text("{seconds} s left", seconds=f"{left:.0f}")
    st.markdown(f"**{clock}**")
    if left == 0 and not over:
        st.rerun()


def practice(run: Run, over: bool) -> None:
    """The learner's rating, the modes, the run and its puzzle."""
    current = rating()
    due_now = len(due())
    st.caption(
        t.plural(
            "{name} · rating {rating} (± {spread}) · {n} due for review",
            "{name} · rating {rating} (± {spread}) · {n} due for review",
            due_now,
            name=plain(PLAYER.name),
            rating=f"{current.rating:.0f}",
            spread=f"{2 * current.rd:.0f}",
        )
    )
    with st.container(horizontal=True, key="modes"):  # the mode on is the filled button
        for mode in MODES:
            on = mode == run.mode
            st.button(mode_label(mode, due_now, t), on_click=start, args=(mode,), help=t.text(MODES[mode]),
                      type="primary" if on else "secondary")  # fmt: skip
    if over:
        keep_record(run)
    st.markdown(run_line(run, t))
    if run.mode != "review":  # the filters in force, whatever the mode, so none works unseen
        st.caption(choice_line(chosen(), t))
    if run.time_left(now()) is not None:  # a fragment costs a run its share even when it draws nothing
        countdown()
    if over:
        st.warning(f"{t.text(run.ended)} {run_summary(run, SAVED.best(PLAYER, run.mode), t)}")
        if st.session_state.get("new_record"):
            st.success(t.text(RUN_ENDS[run.mode].record, solved=run.solved))
        st.button(t.text(RUN_ENDS[run.mode].again), on_click=start, args=(run.mode,))
    if "notice" in st.session_state:
        st.info(plain(st.session_state.pop("notice")))  # it may quote what the learner typed
    puzzle = PUZZLES.get(st.session_state.get("puzzle_id") or "")
    if puzzle is None:
        if run.mode == "review" and not over:
            st.info(
                t.text("Nothing is due for review right now. Missed or slow puzzles come back here when it is time.")
            )
        elif not over:
            st.info(t.text("Choose puzzles below and press Next puzzle."))
    else:
        puzzle_shown(puzzle, run, over)
    practice_filters(run)


def puzzle_shown(puzzle: Puzzle, run: Run, over: bool) -> None:
    """The puzzle, its board and the way to answer it, or its verdict; while it is open, hints and Skip."""
    verdict = st.session_state.get("verdict")
    title = say(t.written(puzzle.title), cards)
    news(t.text("Puzzle {number}: {title}", number=len(st.session_state.seen), title=title), key="puzzle")
    board_keys(t.text("Skip to the board"), focus=st.session_state.get("puzzle_moved"))
    st.header(title)
    st.caption(level_line(puzzle, t), help=themes_help(puzzle, t))
    if puzzle.rules != CLASSIC.name:
        st.markdown(say(rules_line(puzzle, t), cards))
    if (goal := puzzle.goal_words()) is not None:
        st.markdown(goal_line(goal, cards))
    attempt_key = f"answer-{puzzle.id}-{len(st.session_state.seen)}-{st.session_state.get('tries', 0)}"
    answering = verdict is None and not over and "unsent" not in st.session_state
    form = puzzle.answer_form()
    if isinstance(form, Picked):  # the answer picked on the cards, with what to tap above them
        if answering:
            st.markdown(say(t.said(form.tap), cards))
        marked_answer = answer_cards(verdict) if answer_shown(verdict, over) else ()
        rows = position_rows(puzzle, cards, pick=answering, answer=marked_answer)
        card_table(
            rows,
            key=attempt_key,
            confirm=t.text("Check") if answering else None,
            on_confirm=partial(submit_pick, puzzle),
            message=verdict_message(cards),
            clear=t.text("Clear"),
            tally=t.text("Adding up: {sum}", sum="{sum}") if answering else None,
            played=None if form.played is None else form.played.value,
            verdicts=verdicts(puzzle, rows) if answering else None,
            keys=keys_words(t, t.text("Check")) if answering else None,
            onward=way_on(verdict, over, t),
        )
        answer_or_verdict(puzzle, cards, over, in_table=True)
    else:  # the answer right under the question, before the cards it is about, which may be two long piles
        answer_or_verdict(puzzle, cards, over)
        st.html(rows_html(position_rows(puzzle, cards), cards, t.text("Puzzle position")))
    if answering:
        with st.container(horizontal=True, key="help"):
            left = len(puzzle.hints) - st.session_state.hints
            st.button(
                t.plural("Hint ({n} left)", "Hint ({n} left)", left) if left else t.text("No hints left"),
                on_click=hint,
                disabled=not left,
            )
            st.button(t.text("Skip"), on_click=skip, args=(puzzle,), disabled=not run.can_skip())
        for text in puzzle.hints[: st.session_state.hints]:
            st.info(t.text("Hint: {hint}", hint=hint_words(text, cards)))


practice(run, over)
