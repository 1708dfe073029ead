"""Progress: how a learner is doing, from every attempt the store has kept."""

from __future__ import annotations

import json
from datetime import UTC

import streamlit as st

from trainer.app.charts import INKS, bars_html, chart_image, line_svg
from trainer.app.common import bank, course, page, pages, profile, store
from trainer.app.names import BOT_LEVELS
from trainer.course import star_text
from trainer.progress.rating import START
from trainer.progress.stats import (
    accuracy,
    describe_rating,
    loss_per_decision,
    plain,
    rating_domain,
    rating_history,
    results_by_level,
    strengths_and_weak_spots,
)
from trainer.progress.store import Attempt, GameSummary

RECENT = 300  # answers drawn on the rating chart and searched for recent mistakes
LATEST_MATCHES = 20  # matches listed one by one
PUZZLES = bank()
SAVED = store()
PLAYER = profile(SAVED)


def match_lines(matches: list[GameSummary]) -> str:
    """Matches one by one as a Markdown table: when, against whom, the points, the result, the points lost."""
    lines = ["| When (UTC) | Against | Points, yours – theirs | Result | Lost per play |", "| --- " * 5 + "|"]
    for match in matches:
        against = BOT_LEVELS[match.level][0] + (", 2 players" if match.players == 2 else ", with a partner")
        result = "unfinished" if not match.over else "won" if match.won else "lost"
        lost = f"{match.lost / match.decisions:.2f}" if match.decisions else "—"
        when = match.played_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M")
        lines.append(f"| {when} | {against} | {match.points} – {match.against} | {result} | {lost} |")
    return "\n".join(lines)


def export() -> str:
    """The profile as JSON, built only when the learner asks for it."""
    return json.dumps(SAVED.export_profile(PLAYER), ensure_ascii=False, indent=1)


view = page("Progress")
ink = INKS[view.theme]
st.title("Progress")
groups = SAVED.answer_groups(PLAYER)  # counted by SQLite: a long history costs no more to show
answered = sum(count for *_, count in groups)
rating = SAVED.get_rating(PLAYER)
current, spread = (rating[0], rating[1]) if rating else (START.rating, START.rd)

figures = st.container(horizontal=True, gap="large")  # side by side, wrapping on a phone
figures.metric(
    f"Rating (± {2 * spread:.0f})",
    f"{current:.0f}",
    help="Your true level is most likely within this many points either way; the range narrows as you answer",
)
figures.metric("Puzzles answered", answered)
figures.metric("Best streak", SAVED.best(PLAYER, "streak") or 0, help="Most puzzles right in a row in Streak mode")
figures.metric("Best rush", SAVED.best(PLAYER, "rush") or 0, help="Most puzzles right in one three-minute Rush")
earned, levels = SAVED.stars(PLAYER), course()
figures.metric("Course stars", f"{sum(earned.values())} of {3 * len(levels)}", help="Up to three stars a level")
with st.expander(f"The course: {len(earned)} of {len(levels)} levels done"):
    st.markdown(
        "\n".join(
            f"- {number}. {level.title}: {star_text(earned.get(level.id, 0))}"
            for number, level in enumerate(levels, start=1)
        )
    )

if not answered:
    st.info("No puzzle answers yet. Solve a few puzzles and your rating, streaks and themes appear here.")
else:
    st.header("Rating over time")
    ratings = rating_history(SAVED.recent_ratings(PLAYER, RECENT), RECENT)
    low, high = rating_domain(ratings)
    summary = describe_rating(ratings) + (f" (your latest {RECENT} answers)" if answered > RECENT else "")
    label = f"Line chart of your rating after each answer. {summary}"
    st.html(chart_image(line_svg(ratings, low=low, high=high, label=label, ink=ink), label))
    st.caption(summary)

    for by in ("kind", "theme"):
        rows = accuracy(groups, by)
        st.header(f"Accuracy by {by}")
        st.html(bars_html(rows, ink))

    best, worst = strengths_and_weak_spots(groups)
    strong, weak = st.columns(2)
    for column, heading, rows in ((strong, "Strengths", best), (weak, "Weak spots", worst)):
        column.header(heading)
        lines = [f"- {plain(row.name)}: {row.percent:.0f}% ({row.words()})" for row in rows]
        column.markdown("\n".join(lines) or "Not enough answers yet.")

    st.header("Recent mistakes")
    latest = SAVED.attempts(PLAYER, limit=RECENT)
    mistakes: list[Attempt] = [a for a in reversed(latest) if not a.correct and not a.skipped][:8]
    for attempt in mistakes:
        if attempt.puzzle_id not in PUZZLES:  # a puzzle since removed from the bank
            continue
        answer = f"you answered {plain(attempt.answer)}" if attempt.answer else "no answer"
        label = (
            f"{PUZZLES[attempt.puzzle_id].title} ({plain(attempt.kind)}, level {attempt.level}, {answer}): try again"
        )
        # a page link keeps the session, and so the profile, where a plain link would start a new one
        st.page_link(pages()["puzzles"], label=label, query_params={"puzzle": attempt.puzzle_id}, width="stretch")
    if not mistakes:
        st.markdown("No mistakes so far.")

games = SAVED.games(PLAYER)
if games:
    st.header("Matches against the computer")
    table = ["| The computer | Matches | Won | Lost | Unfinished |", "| --- | --- | --- | --- | --- |"]
    table += [
        f"| {BOT_LEVELS[r.level][0]} | {r.played} | {r.won} | {r.lost} | {r.open} |" for r in results_by_level(games)
    ]
    st.markdown("\n".join(table))
    losses = loss_per_decision(games)
    if losses:
        top = max(0.5, max(losses))
        average = sum(losses) / len(losses)
        summary = f"Points lost per play, match by match: {losses[-1]:.2f} in the latest, {average:.2f} on average."
        label = f"Line chart of the points your plays lost on average in each match. {summary}"
        st.html(chart_image(line_svg(losses, low=0.0, high=top, label=label, along="matches", first=1, ink=ink), label))
        st.caption(summary + " Fewer is better: the review after each deal shows where they went.")
    shown = f"the latest {LATEST_MATCHES} of {len(games)}" if len(games) > LATEST_MATCHES else "newest first"
    with st.expander(f"Each match, {shown}"):
        st.markdown(match_lines(games[::-1][:LATEST_MATCHES]))

st.header("Keep or move your progress")
st.download_button(
    "Export this profile (JSON)",
    export,
    file_name=f"escoba-trainer-{PLAYER.name}.json",
    mime="application/json",
    on_click="ignore",
)
upload = st.file_uploader("Import a profile exported before", type=["json"])
if upload is not None and st.button("Import it"):
    try:
        name = SAVED.import_json(upload.getvalue())
    except ValueError as error:
        st.error(f"That file could not be imported, and nothing was changed: {plain(str(error))}")
    else:
        st.success(f"Imported profile “{plain(name)}”. Pick it in the sidebar.")
