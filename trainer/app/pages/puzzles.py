"""Puzzles: practise on the bank in four modes; the engine judges, the store remembers."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import streamlit as st

from trainer.app.board import position_html
from trainer.app.common import bank, now, page, profile, store
from trainer.cards import parse_card
from trainer.progress.rating import START, Rating, puzzle_rating, score_of, update
from trainer.progress.store import Attempt
from trainer.progress.training import MODES, Run, grade, needs_review, pick_next, schedule
from trainer.puzzles import KINDS, THEMES, Puzzle
from trainer.puzzles.kinds import CapturePuzzle, ChoosePuzzle, ScorePuzzle, SetentaDuelPuzzle

PUZZLES = bank()
SAVED = store()
PLAYER = profile(SAVED)
GOALS = {
    "escoba": "clear the table with one play",
    "most-cards": "bring as many cards as you can into your pile",
    "take": "take the {target}",
    "coins": "bring home as many coins (♦) as you can",
    "setenta": "raise your setenta as much as you can",
    "safe": "leave the next player nothing to take",
}
ANSWER_KEYS = ("ans_cards", "ans_hand", "ans_text", "ans_side", "ans_a", "ans_b")


def rating() -> Rating:
    saved = SAVED.get_rating(PLAYER)
    return Rating(*saved) if saved else START


def timestamp() -> datetime:
    return datetime.fromtimestamp(now(), UTC)


# -- state, changed only in callbacks --------------------------------------------------------


def start(mode: str) -> None:
    """Begin a run of a mode with a first puzzle."""
    st.session_state.run = Run(mode, started=now())
    st.session_state.seen = []
    next_puzzle()


def next_puzzle(for_me: bool = False) -> None:
    """Pick the next puzzle: due ones in Review, else near the learner's rating within the filters."""
    run: Run = st.session_state.run
    seen = st.session_state.setdefault("seen", [])
    if run.mode == "review":
        due = [pid for pid in SAVED.due_puzzles(PLAYER, timestamp()) if pid in PUZZLES and pid not in seen]
        choice = PUZZLES[due[0]] if due else None
    else:
        pool = list(PUZZLES.values()) if for_me else [p for p in PUZZLES.values() if matches_filters(p)]
        solved = {a.puzzle_id for a in SAVED.attempts(PLAYER) if a.correct}
        choice = pick_next(pool, rating().rating, random.Random(now()), solved, set(seen))
        if choice is None and pool:  # every puzzle of this choice has been shown: go round again
            st.session_state.notice = f"You have seen all {len(pool)} puzzles of this choice; here they come again."
            seen.clear()
            choice = pick_next(pool, rating().rating, random.Random(now()), solved)
    show(choice)


def show(puzzle: Puzzle | None) -> None:
    """Put a puzzle on the board, with fresh answer widgets and no hints shown."""
    st.session_state.puzzle_id = puzzle.id if puzzle else None
    st.session_state.shown_at = now()
    st.session_state.hints = 0
    st.session_state.verdict = None
    for key in ANSWER_KEYS:
        st.session_state.pop(key, None)
    if puzzle is not None:
        st.session_state.seen.append(puzzle.id)


def matches_filters(puzzle: Puzzle) -> bool:
    kind, level, theme = (st.session_state.get(k, "any") for k in ("f_kind", "f_level", "f_theme"))
    return (
        kind in ("any", puzzle.kind) and level in ("any", puzzle.level) and (theme == "any" or theme in puzzle.themes)
    )


def answer_text(puzzle: Puzzle) -> str:
    """What the learner answered, as the text the puzzle judges."""
    state = st.session_state
    if isinstance(puzzle, CapturePuzzle) and not puzzle.all:
        return " ".join(state.get("ans_cards") or [])
    if isinstance(puzzle, ChoosePuzzle):
        return " ".join([state.get("ans_hand") or "", *(state.get("ans_cards") or [])]).strip()
    if isinstance(puzzle, SetentaDuelPuzzle):
        return state.get("ans_side") or ""
    if isinstance(puzzle, ScorePuzzle):
        return f"{state.get('ans_a', 0)} {state.get('ans_b', 0)}"
    return str(state.get("ans_text") or "")


def submit(puzzle: Puzzle) -> None:
    """Judge the answer with the engine and record it; rating, review and run follow.

    An answer that cannot be read (nothing picked, a word for a number) is explained and not counted.
    """
    run: Run = st.session_state.run
    if run.is_over(now()) or st.session_state.verdict is not None:
        return
    answer = answer_text(puzzle)
    try:
        puzzle.canonical(answer)
    except ValueError as unreadable:  # AnswerError, CardError and IllegalPlay are ValueErrors
        st.session_state.notice = f"{str(unreadable)[0].upper()}{str(unreadable)[1:]}."
        return
    verdict = puzzle.check(answer)
    seconds = now() - st.session_state.shown_at
    hints = st.session_state.hints
    before = rating()
    after = update(before, puzzle_rating(puzzle.level), score_of(verdict.correct, hints))
    SAVED.set_rating(PLAYER, after.rating, after.rd, after.vol)
    record(puzzle, answer, verdict.correct, seconds, hints, skipped=False, after=after)
    outcome = grade(verdict.correct, hints, seconds, puzzle.level)
    if run.mode == "review" or needs_review(outcome):  # a miss brings a puzzle back, even one known before
        card, due = schedule(SAVED.review_cards(PLAYER).get(puzzle.id), outcome, timestamp())
        SAVED.save_review_card(PLAYER, puzzle.id, card, due)
    run.answer(verdict.correct, now())
    st.session_state.verdict = verdict
    st.session_state.rating_change = after.rating - before.rating


def record(
    puzzle: Puzzle, answer: str, correct: bool, seconds: float, hints: int, skipped: bool, after: Rating | None
) -> None:
    SAVED.record_attempt(
        PLAYER,
        Attempt(
            puzzle_id=puzzle.id, kind=puzzle.kind, level=puzzle.level, themes=puzzle.themes,
            mode=st.session_state.run.mode, answer=answer, correct=correct, seconds=seconds, hints=hints,
            skipped=skipped, at=timestamp(), rating_after=after.rating if after else None,
            rd_after=after.rd if after else None,
        ),
    )  # fmt: skip


def skip(puzzle: Puzzle) -> None:
    """Move on without answering; it is recorded, and a streak allows only one."""
    run: Run = st.session_state.run
    if not run.can_skip():
        return
    run.skip()
    record(puzzle, "", False, now() - st.session_state.shown_at, st.session_state.hints, skipped=True, after=None)
    next_puzzle()


def hint() -> None:
    st.session_state.hints += 1


def open_from_link() -> None:
    """``?puzzle=ID`` (the Progress page's "try again") opens that puzzle in Practice."""
    wanted = st.query_params.pop("puzzle", None)  # used once, so the next link opens afresh
    if wanted in PUZZLES:
        st.session_state.run = Run("practice", started=now())
        st.session_state.seen = []
        show(PUZZLES[wanted])


def keep_record(run: Run) -> None:
    """Store a finished streak or rush once, however it ended: a mistake, a skip or the clock."""
    if run.mode in ("streak", "rush") and not run.saved:
        run.saved = True
        st.session_state.new_record = run.solved > 0 and SAVED.record_best(PLAYER, run.mode, run.solved)


# -- the page ----------------------------------------------------------------------------------


def choose_puzzles() -> None:
    """Filters for Practice, and the buttons that serve the next puzzle."""
    a, b, c = st.columns(3)
    a.selectbox("Kind", ["any", *KINDS], key="f_kind")
    b.selectbox("Level", ["any", 1, 2, 3, 4, 5], key="f_level")
    c.selectbox(
        "Theme", ["any", *THEMES], key="f_theme", format_func=lambda t: t if t == "any" else f"{t}: {THEMES[t]}"
    )
    left, right = st.columns(2)
    left.button("Next puzzle", on_click=next_puzzle, use_container_width=True, type="primary")
    right.button("Next for me (near my rating)", on_click=next_puzzle, args=(True,), use_container_width=True)


def answer_widgets(puzzle: Puzzle) -> None:
    """The controls a learner answers with: cards to pick, or a box to type in (Enter checks)."""
    if isinstance(puzzle, CapturePuzzle) and not puzzle.all:
        st.pills("Table cards that make 15", [str(c) for c in puzzle.table], selection_mode="multi", key="ans_cards")
    elif isinstance(puzzle, ChoosePuzzle):
        st.markdown(f"**Goal:** {GOALS[puzzle.goal].format(target=puzzle.target)}")
        st.pills("Card to play", [str(c) for c in puzzle.hand], key="ans_hand")
        table = [str(c) for c in puzzle.table]
        st.pills("Table cards to take (none to lay it down)", table, selection_mode="multi", key="ans_cards")
    elif isinstance(puzzle, SetentaDuelPuzzle):
        st.segmented_control("Who wins the setenta point?", ["A", "B", "nobody"], key="ans_side")
    elif isinstance(puzzle, ScorePuzzle):
        x, y = st.columns(2)
        x.number_input("Side A's points", 0, 40, key="ans_a")
        y.number_input("Side B's points", 0, 40, key="ans_b")
    else:
        prompt = {
            "capture": "Every way, with ';' between ways (5♦; 2♣ 3♥)",
            "setenta": "The setenta (a number, or none)",
            "checksum": "Your answer",
        }[puzzle.kind]
        with st.form("typed_answer", border=False, enter_to_submit=True):
            st.text_input(prompt, key="ans_text")
            st.form_submit_button("Check", on_click=submit, args=(puzzle,), type="primary")
        return
    st.button("Check", on_click=submit, args=(puzzle,), type="primary")


open_from_link()
cards = page("Puzzles")
st.title("Puzzles")
current = rating()
due_now = len(SAVED.due_puzzles(PLAYER, timestamp()))
st.caption(f"{PLAYER} · rating {current.rating:.0f} (± {2 * current.rd:.0f}) · {due_now} due for review")

labels = {mode: text.split(":")[0] + (f" ({due_now} due)" if mode == "review" else "") for mode, text in MODES.items()}
for column, mode in zip(st.columns(len(MODES)), MODES, strict=True):
    column.button(labels[mode], on_click=start, args=(mode,), use_container_width=True, help=MODES[mode])

if "run" not in st.session_state:  # a first visit starts right away with a puzzle that suits
    st.session_state.run = Run("practice", started=now())
    st.session_state.seen = []
    next_puzzle(for_me=True)
run: Run = st.session_state.run

if run.mode == "practice":
    with st.expander("Choose puzzles", expanded=st.session_state.puzzle_id is None):
        choose_puzzles()

st.subheader(MODES[run.mode])
over = run.is_over(now())
if over:
    keep_record(run)
st.markdown(f"Solved {run.solved}" + (f" · skips {run.skips}" if run.mode != "practice" else ""))


@st.fragment(run_every=1.0 if run.mode == "rush" and not over else None)
def countdown() -> None:
    """The rush clock, redrawn every second; at zero the whole page reruns to end the run."""
    left = run.time_left(now())
    if left is None:
        return
    st.markdown(f"**{left:.0f} s left**")
    if left == 0 and not over:
        st.rerun()


countdown()
if over:
    st.warning(f"{run.ended} You solved {run.solved}.")
    if st.session_state.get("new_record"):
        st.success(f"A new {run.mode} record: {run.solved}!")
    st.button(f"Start a new {run.mode}", on_click=start, args=(run.mode,))
if "notice" in st.session_state:
    st.info(st.session_state.pop("notice"))

puzzle = PUZZLES.get(st.session_state.get("puzzle_id") or "")
if puzzle is None:
    if run.mode == "review" and not over:
        st.info("Nothing is due for review right now. Missed or slow puzzles come back here when it is time.")
    elif not over:
        st.info("Choose puzzles above and press Next puzzle.")
    st.stop()

verdict = st.session_state.get("verdict")
st.markdown(f"#### {puzzle.title}")
st.caption(f"Level {puzzle.level} · {puzzle.kind} · " + ", ".join(puzzle.themes))
chosen = [parse_card(t) for t in [st.session_state.get("ans_hand"), *(st.session_state.get("ans_cards") or [])] if t]
st.html(position_html(puzzle, cards, chosen))

if verdict is None and not over:
    answer_widgets(puzzle)
    more, leave = st.columns(2)
    more.button(
        f"Hint ({len(puzzle.hints) - st.session_state.hints} left)",
        on_click=hint,
        disabled=st.session_state.hints >= len(puzzle.hints),
        use_container_width=True,
    )
    leave.button("Skip", on_click=skip, args=(puzzle,), disabled=not run.can_skip(), use_container_width=True)
    for text in puzzle.hints[: st.session_state.hints]:
        st.info(f"Hint: {text}")
elif verdict is not None:
    signed = f"{st.session_state.get('rating_change', 0.0):+.0f}"
    if verdict.correct:
        st.success(f"Right: {verdict.explanation}. (rating {signed})")
    else:
        st.error(f"Not quite: {verdict.explanation}. (rating {signed})")
    if puzzle.explain:
        st.markdown(puzzle.explain)
    with st.expander("Show every accepted answer"):
        st.markdown("\n".join(f"- `{answer}`" for answer in verdict.solutions))
    if not over:
        st.button("Next puzzle ▶", on_click=next_puzzle, type="primary")
