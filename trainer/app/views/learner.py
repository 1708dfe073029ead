"""A learner, as their teacher sees them (``?learner=`` from the Classes page): the course and its stars, the rating
over time, what they did week by week or month by month, their accuracy by theme, their recent mistakes and their
matches. Only a teacher of one of the learner's classes sees it."""

import streamlit as st

from trainer.app.charts import INKS, bars_html, chart_image, line_svg
from trainer.app.course_and_bank import bank, course_tracks
from trainer.app.names import BOT_LEVELS
from trainer.app.navigation import pages
from trainer.app.play_words import review_markdown
from trainer.app.profile_sidebar import profile
from trainer.app.progress_words import course_lines, levels_table, match_lines, named, their_mistake
from trainer.app.settings import tr
from trainer.app.store_access import store
from trainer.app.style import page
from trainer.progress.errors import NotYours
from trainer.progress.model import KeptGame
from trainer.progress.stats import accuracy, by_period, groups_of, plain, recent_mistakes, results_by_level
from trainer.progress.training import match_review

RECENT = 300  # answers searched for recent mistakes
LATEST_MATCHES = 20  # matches listed one by one, and offered for a review
view = page("Learner")
t = tr()
SAVED = store()
PLAYER = profile(SAVED)

if not st.session_state.get("teacher"):  # listed for no one; an address alone does not make a teacher
    st.warning(t.text("Only a teacher has classes."))
    st.stop()
try:
    SHOWN = SAVED.class_learner(PLAYER, int(st.query_params.get("learner", "")))
except (ValueError, NotYours):  # no number, or no learner of the teacher's: said alike
    st.warning(t.text("Choose a learner of your class on the Classes page."))
    st.page_link(pages()["classes"], label=t.text("Classes"))
    st.stop()


def period_chart(values: list[float], title: str, label: str, period: str, margin: float = 0.0) -> None:
    """A line through one figure of each week or month, under its ``title``, on an axis from 0 (a rating's: around
    its values); ``label`` says it to a screen reader."""
    st.markdown(f"**{title}**")
    low = min(values) - margin if margin else 0.0
    line = line_svg(values, low=low, high=max(values) + margin or 1.0, label=label, along=periods[period], first=1,
                    ink=INKS[view.theme], t=t)  # fmt: skip
    st.html(chart_image(line, label))


def match_words(kept: KeptGame) -> str:
    """A match as the list of them names it: its day, the computer's strength and the score."""
    game = kept.summary
    return t.text("{day}, against {level}: {points} to {against}", day=f"{game.played_at:%Y-%m-%d}",
                  level=t.text(BOT_LEVELS[game.level][0]), points=game.points, against=game.against)  # fmt: skip


st.title(plain(SHOWN.name))
earned, attempts, games = SAVED.stars(SHOWN), SAVED.attempts(SHOWN), SAVED.games(SHOWN)
rating = SAVED.get_rating(SHOWN)
figures = st.container(horizontal=True, gap="large")
figures.metric(t.text("Rating"), "–" if rating is None else f"{rating[0]:.0f}")
figures.metric(t.text("Puzzles answered"), sum(not attempt.skipped for attempt in attempts))
figures.metric(t.text("Matches"), len(games))
for track in course_tracks().values():  # the core path, then the other tables apart
    figures.metric(
        t.text("Course stars") if track.name == "core" else t.text("Other tables' stars"),
        t.text("{earned} of {total}", earned=track.stars(earned), total=3 * len(track.levels)),
    )
    with st.expander(t.text("The course") if track.name == "core" else t.text("Other tables")):
        st.markdown(course_lines(track, earned, t))

st.header(t.text("Over time"))
periods = {"week": t.text("By week"), "month": t.text("By month")}
period = st.radio(t.text("Show"), list(periods), format_func=periods.__getitem__, horizontal=True, key="period")
rows = by_period(attempts, str(period))
if not rows:
    st.caption(t.text("No puzzle answers yet."))
else:
    st.table(
        {
            t.text("From"): [f"{row.start:%Y-%m-%d}" for row in rows],
            t.text("Puzzles answered"): [str(row.answered) for row in rows],
            t.text("Right (%)"): [f"{100 * row.right / row.answered:.0f}" for row in rows],
            t.text("Minutes"): [f"{row.minutes:.0f}" for row in rows],
            t.text("Rating"): ["–" if row.rating is None else f"{row.rating:.0f}" for row in rows],
        }
    )
    ratings = [row.rating for row in rows if row.rating is not None]
    if len(ratings) > 1:
        label = t.text("Line chart of the rating at the end of each period, from {first} to {last}.",
                       first=f"{ratings[0]:.0f}", last=f"{ratings[-1]:.0f}")  # fmt: skip
        period_chart(ratings, t.text("Rating"), label, str(period), margin=50)
    if len(rows) > 1:
        answered, minutes = [float(row.answered) for row in rows], [row.minutes for row in rows]
        said = t.text("Line chart of the puzzles answered in each period, {most} at most.", most=f"{max(answered):.0f}")
        period_chart(answered, t.text("Puzzles answered"), said, str(period))
        said = t.text("Line chart of the minutes spent in each period, {most} at most.", most=f"{max(minutes):.0f}")
        period_chart(minutes, t.text("Minutes"), said, str(period))
    st.header(t.text("Accuracy by theme"))
    st.html(bars_html(named(accuracy(groups_of(attempts), "theme"), t), INKS[view.theme], t))  # read above
    st.header(t.text("Recent mistakes"))
    puzzles, puzzles_page = bank(), pages()["puzzles"]
    for attempt in recent_mistakes(attempts[-RECENT:]):
        if attempt.puzzle_id in puzzles:  # a puzzle since taken out of the bank is left out
            label = their_mistake(attempt, t.written(puzzles[attempt.puzzle_id].title), t)
            st.page_link(puzzles_page, label=label, query_params={"puzzle": attempt.puzzle_id}, width="stretch")
if games:
    st.header(t.text("Matches against the computer"))
    st.markdown(levels_table(results_by_level(games), t))
    st.markdown(match_lines(games[::-1][:LATEST_MATCHES], t, theirs=True))
    st.subheader(t.text("The review of a match"))
    kept = {match.number: match for match in SAVED.latest_games(SHOWN, LATEST_MATCHES)}
    chosen = st.selectbox(t.text("Match"), list(kept), format_func=lambda number: match_words(kept[number]),
                          key="review_of")  # fmt: skip
    if chosen is not None and st.button(t.text("Weigh each of their plays")):
        with st.spinner(t.text("Weighing each of their plays against the best one…")):
            st.session_state.match_review = (SHOWN.id, chosen, match_review(kept[chosen]))
    if (done := st.session_state.get("match_review")) is not None and done[:2] == (SHOWN.id, chosen):
        st.caption(t.text("Each deal's review as {name} was shown it after the deal.", name=plain(SHOWN.name)))
        for number, reviewed in enumerate(done[2], start=1):
            deal = t.text("Deal {n}", n=number)
            st.markdown(f"**{deal}**")
            st.markdown(review_markdown(reviewed, view, theirs=True))
        if not done[2]:
            st.caption(t.text("No deal of this match is over yet."))
