"""Progress: how a learner is doing, from every attempt the store has kept."""

from __future__ import annotations

import json

import streamlit as st

from trainer.app.common import PAGES, bank, page, profile, store
from trainer.progress.rating import START
from trainer.progress.stats import accuracy, strengths_and_weak_spots
from trainer.progress.store import Attempt

PUZZLES = bank()
SAVED = store()
PLAYER = profile(SAVED)

page("Progress")
st.title("Progress")
attempts = [a for a in SAVED.attempts(PLAYER) if not a.skipped]
saved_rating = SAVED.get_rating(PLAYER)

one, two, three, four = st.columns(4)
one.metric("Rating", f"{(saved_rating[0] if saved_rating else START.rating):.0f}")
two.metric("Puzzles answered", len(attempts))
three.metric("Best streak", SAVED.best(PLAYER, "streak") or 0)
four.metric("Best rush", SAVED.best(PLAYER, "rush") or 0)

if not attempts:
    st.info("No answers yet. Solve a few puzzles and your progress appears here.")
else:
    rated = [START.rating] + [a.rating_after for a in attempts if a.rating_after is not None]
    st.subheader("Rating over time")
    st.line_chart({"rating": rated}, x_label="answers", y_label="rating")

    def shares(by: str) -> dict[str, list[object]]:
        rows = accuracy(attempts, by)
        return {by: [name for name, _, _ in rows], "% right": [share for _, share, _ in rows]}

    left, right = st.columns(2)
    left.subheader("Accuracy by kind")
    left.bar_chart(shares("kind"), x="kind", y="% right")
    right.subheader("Accuracy by theme")
    right.bar_chart(shares("theme"), x="theme", y="% right", horizontal=True)

    best, worst = strengths_and_weak_spots(attempts)
    strong, weak = st.columns(2)
    strong.subheader("Strengths")
    strong.markdown("\n".join(f"- {line}" for line in best) or "Not enough answers yet.")
    weak.subheader("Weak spots")
    weak.markdown("\n".join(f"- {line}" for line in worst) or "Not enough answers yet.")

    st.subheader("Recent mistakes")
    mistakes: list[Attempt] = [a for a in reversed(attempts) if not a.correct][:8]
    for attempt in mistakes:
        if attempt.puzzle_id not in PUZZLES:  # a puzzle since removed from the bank
            continue
        answer = f"you answered {attempt.answer}" if attempt.answer else "no answer"
        label = f"{PUZZLES[attempt.puzzle_id].title} ({attempt.kind}, level {attempt.level}, {answer}): try again"
        # a page link keeps the session, and so the profile, where a plain link would start a new one
        st.page_link(PAGES["puzzles"], label=label, query_params={"puzzle": attempt.puzzle_id})
    if not mistakes:
        st.markdown("No mistakes so far.")

st.subheader("Keep or move your progress")
st.download_button(
    "Export this profile (JSON)",
    json.dumps(SAVED.export_profile(PLAYER), ensure_ascii=False, indent=1),
    file_name=f"escoba-trainer-{PLAYER}.json",
    mime="application/json",
)
upload = st.file_uploader("Import a profile exported before", type=["json"])
if upload is not None and st.button("Import it"):
    try:
        name = SAVED.import_profile(json.loads(upload.getvalue().decode("utf-8")))
    except (ValueError, UnicodeDecodeError) as error:
        st.error(f"That file could not be imported, and nothing was changed: {error}")
    else:
        st.success(f"Imported profile '{name}'. Pick it in the sidebar.")
