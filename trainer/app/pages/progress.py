"""Progress: how a learner is doing, from every attempt the store has kept."""

from __future__ import annotations

import json

import altair as alt
import streamlit as st

from trainer.app.common import bank, page, profile, store
from trainer.progress.rating import START
from trainer.progress.stats import (
    ACCENT,
    Accuracy,
    accuracy,
    describe_rating,
    plain,
    rating_domain,
    rating_history,
    strengths_and_weak_spots,
)
from trainer.progress.store import Attempt

PUZZLES = bank()
SAVED = store()
PLAYER = profile(SAVED)


def rating_chart(ratings: list[float]) -> alt.Chart:
    """The rating after each answer, on an axis that starts near the figures."""
    low, high = rating_domain(ratings)
    points = [{"answer": number, "rating": round(value)} for number, value in enumerate(ratings)]
    chart: alt.Chart = (
        alt.Chart({"values": points})
        .mark_line(color=ACCENT, point=alt.OverlayMarkDef(color=ACCENT, size=30))
        .encode(
            x=alt.X("answer:Q", title="Answers", axis=alt.Axis(tickMinStep=1, format="d")),
            y=alt.Y(
                "rating:Q",
                title="Rating",
                axis=alt.Axis(format="d"),
                scale=alt.Scale(domain=[low, high], zero=False, nice=False),
            ),
            tooltip=[alt.Tooltip("answer:Q", title="Answer"), alt.Tooltip("rating:Q", title="Rating")],
        )
        .properties(height=260)
    )
    return chart


def accuracy_chart(rows: list[Accuracy], what: str, ink: str) -> alt.LayerChart:
    """One bar a row over a faint full-width bar, so 0% still shows, each labelled with its count."""
    values = [
        {"name": r.name, "percent": round(r.percent), "label": f"{r.percent:.0f}% · {r.right} of {r.answers}"}
        for r in rows
    ]
    base = alt.Chart({"values": values}).encode(
        y=alt.Y("name:N", title=None, sort=None, axis=alt.Axis(labelLimit=180, labelFontSize=12)),
        tooltip=[alt.Tooltip("name:N", title=what), alt.Tooltip("label:N", title="Right")],
    )
    scale, ticks = alt.Scale(domain=[0, 100]), alt.Axis(values=[0, 25, 50, 75, 100])
    track = (
        base.mark_bar(color=ACCENT, opacity=0.15)
        .encode(x=alt.X("full:Q", scale=scale, axis=ticks))
        .transform_calculate(full="100")
    )
    bar = base.mark_bar(color=ACCENT).encode(x=alt.X("percent:Q", title="% right", scale=scale, axis=ticks))
    inside = base.mark_text(align="right", dx=-6, color="#ffffff", fontSize=12).encode(x="percent:Q", text="label:N")
    outside = base.mark_text(align="left", dx=6, color=ink, fontSize=12).encode(x="percent:Q", text="label:N")
    layers = [
        track,
        bar,
        inside.transform_filter(alt.datum.percent >= 55),
        outside.transform_filter(alt.datum.percent < 55),
    ]
    return alt.LayerChart(layer=layers).properties(height=alt.Step(32))  # one 32-pixel band a row


def export() -> str:
    """The profile as JSON, built only when the learner asks for it."""
    return json.dumps(SAVED.export_profile(PLAYER), ensure_ascii=False, indent=1)


view = page("Progress")
ink = "#fafafa" if view.theme == "dark" else "#31333f"
st.title("Progress")
attempts = [a for a in SAVED.attempts(PLAYER) if not a.skipped]
rating = SAVED.get_rating(PLAYER)
current, spread = (rating[0], rating[1]) if rating else (START.rating, START.rd)

figures = st.container(horizontal=True, gap="large")  # side by side, wrapping on a phone
figures.metric(
    f"Rating (± {2 * spread:.0f})",
    f"{current:.0f}",
    help="Your true level is most likely within this many points either way; the range narrows as you answer",
)
figures.metric("Puzzles answered", len(attempts))
figures.metric("Best streak", SAVED.best(PLAYER, "streak") or 0, help="Most puzzles right in a row in Streak mode")
figures.metric("Best rush", SAVED.best(PLAYER, "rush") or 0, help="Most puzzles right in one three-minute Rush")

if not attempts:
    st.info("No answers yet. Solve a few puzzles and your progress appears here.")
else:
    st.header("Rating over time")
    ratings = rating_history(attempts)
    st.altair_chart(rating_chart(ratings), alt="Line chart of your rating after each answer, summed up below")
    st.caption(describe_rating(ratings))

    for by, what in (("kind", "Kind"), ("theme", "Theme")):
        rows = accuracy(attempts, by)
        st.header(f"Accuracy by {by}")
        chart = accuracy_chart(rows, what, ink)
        st.altair_chart(chart, alt=f"Bar chart of right answers by {by}, also given as a table below")
        with st.expander("As a table"):
            st.table(
                {
                    what: [plain(r.name) for r in rows],
                    "Right": [r.right for r in rows],
                    "Answers": [r.answers for r in rows],
                    "% right": [f"{r.percent:.0f}%" for r in rows],
                },
                hide_index=True,
            )

    best, worst = strengths_and_weak_spots(attempts)
    strong, weak = st.columns(2)
    for column, heading, rows in ((strong, "Strengths", best), (weak, "Weak spots", worst)):
        column.header(heading)
        lines = [f"- {plain(row.name)}: {row.percent:.0f}% ({row.words()})" for row in rows]
        column.markdown("\n".join(lines) or "Not enough answers yet.")

    st.header("Recent mistakes")
    st.html("<style>[data-testid='stPageLink'] * {white-space: normal}</style>")  # long links wrap on a phone
    mistakes: list[Attempt] = [a for a in reversed(attempts) if not a.correct][:8]
    for attempt in mistakes:
        if attempt.puzzle_id not in PUZZLES:  # a puzzle since removed from the bank
            continue
        answer = f"you answered {plain(attempt.answer)}" if attempt.answer else "no answer"
        label = (
            f"{PUZZLES[attempt.puzzle_id].title} ({plain(attempt.kind)}, level {attempt.level}, {answer}): try again"
        )
        # a page link keeps the session, and so the profile, where a plain link would start a new one
        st.page_link(
            "trainer/app/pages/puzzles.py", label=label, query_params={"puzzle": attempt.puzzle_id}, width="stretch"
        )
    if not mistakes:
        st.markdown("No mistakes so far.")

st.header("Keep or move your progress")
st.download_button(
    "Export this profile (JSON)",
    export,
    file_name=f"escoba-trainer-{PLAYER}.json",
    mime="application/json",
    on_click="ignore",
)
upload = st.file_uploader("Import a profile exported before", type=["json"])
if upload is not None and st.button("Import it"):
    try:
        name = SAVED.import_profile(json.loads(upload.getvalue().decode("utf-8")))
    except (ValueError, UnicodeDecodeError) as error:
        st.error(f"That file could not be imported, and nothing was changed: {plain(str(error))}")
    else:
        st.success(f"Imported profile “{plain(name)}”. Pick it in the sidebar.")
