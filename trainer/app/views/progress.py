"""Progress: how a learner is doing, from every attempt the store has kept."""

from __future__ import annotations

import math

import streamlit as st

from trainer.app.charts import INKS, bars_html, chart_image, line_svg
from trainer.app.course_and_bank import bank, course_tracks
from trainer.app.navigation import pages
from trainer.app.profile_sidebar import profile
from trainer.app.progress_words import (
    course_lines,
    levels_table,
    luck_summary,
    match_lines,
    mistake_label,
    named,
    rating_summary,
    share_line,
)
from trainer.app.settings import tr
from trainer.app.signin import own_password
from trainer.app.store_access import club_server, said_or_told, store
from trainer.app.style import file_uploader, page
from trainer.progress.rating import START
from trainer.progress.stats import (
    accuracy,
    loss_per_decision,
    luck_per_match,
    plain,
    rating_domain,
    rating_history,
    recent_mistakes,
    results_by_level,
    strengths_and_weak_spots,
)
from trainer.progress.transfer import EXPORT_MIME, EXPORT_SUFFIX, IMPORT_MB, export_file

RECENT = 300  # answers drawn on the rating chart and searched for recent mistakes
LATEST_MATCHES = 20  # matches listed one by one
PUZZLES = bank()
view = page("Progress")  # first, as on every page: its language and settings even when progress cannot be reached
SAVED = store()
PLAYER = profile(SAVED)


def export() -> bytes:
    """The profile's export file, built only when the learner asks for it."""
    return export_file(SAVED.export_profile(PLAYER))


def luck_chart(lucks: list[float]) -> None:
    """The luck of the cards, match by match, on an axis with 0 in the middle: apart from the points lost, which are
    the learner's own."""
    reach = max(1, math.ceil(max(abs(luck) for luck in lucks)))  # whole points, so the axis has ticks either side
    summary = luck_summary(lucks, t)
    label = t.text("Line chart of the luck of the cards in each match. {summary}", summary=summary)
    line = line_svg(lucks, low=-reach, high=reach, label=label, along=t.text("matches"), first=1, ink=ink, t=t)
    st.html(chart_image(line, label))
    st.caption(
        t.text(
            "{summary} The luck is what the cards dealt were worth to your side, apart from how anyone played them.",
            summary=summary,
        )
    )


t = tr()
ink = INKS[view.theme]
st.title(t.text("Progress"))
groups = SAVED.answer_groups(PLAYER)  # counted by SQLite: a long history costs no more to show
answered = sum(count for *_, count in groups)
rating = SAVED.get_rating(PLAYER)
current, spread = (rating[0], rating[1]) if rating else (START.rating, START.rd)

figures = st.container(horizontal=True, gap="large", key="figures")  # side by side, wrapping on a phone
figures.metric(
    t.text("Rating (± {points})", points=f"{2 * spread:.0f}"),
    f"{current:.0f}",
    help=t.text("Your true level is most likely within this many points either way; the range narrows as you answer"),
)
figures.metric(t.text("Puzzles answered"), answered)
figures.metric(
    t.text("Best streak"),
    SAVED.best(PLAYER, "streak") or 0,
    help=t.text("Most puzzles right in a row in Streak mode"),
)
figures.metric(
    t.text("Best rush"), SAVED.best(PLAYER, "rush") or 0, help=t.text("Most puzzles right in one three-minute Rush")
)
earned, by_track = SAVED.stars(PLAYER), course_tracks()
for track in by_track.values():  # the core path, then the other tables apart
    figures.metric(
        t.text("Course stars") if track.name == "core" else t.text("Other tables' stars"),
        t.text("{earned} of {total}", earned=track.stars(earned), total=3 * len(track.levels)),
        help=t.text("Up to three stars a level"),
    )
for track in by_track.values():
    done, count = track.done(earned), len(track.levels)
    with st.expander(
        t.plural("The course: {done} of {n} level done", "The course: {done} of {n} levels done", count, done=done)
        if track.name == "core"
        else t.plural(
            "Other tables: {done} of {n} level done", "Other tables: {done} of {n} levels done", count, done=done
        )
    ):
        st.markdown(course_lines(track, earned, t))

if not answered:
    st.info(t.text("No puzzle answers yet. Solve a few puzzles and your rating, streaks and themes appear here."))
else:
    st.header(t.text("Rating over time"))
    ratings = rating_history(SAVED.recent_ratings(PLAYER, RECENT), RECENT)
    low, high = rating_domain(ratings)
    summary = rating_summary(ratings, t)
    if answered > RECENT:
        summary = t.plural(
            "{summary} (your latest {n} answer)", "{summary} (your latest {n} answers)", RECENT, summary=summary
        )
    label = t.text("Line chart of your rating after each answer. {summary}", summary=summary)
    line = line_svg(ratings, low=low, high=high, label=label, along=t.text("answers"), ink=ink, t=t)
    st.html(chart_image(line, label))
    st.caption(summary)

    for by, heading in (("kind", t.text("Accuracy by kind")), ("theme", t.text("Accuracy by theme"))):
        st.header(heading)
        st.html(bars_html(named(accuracy(groups, by), t), ink, t))

    best, worst = strengths_and_weak_spots(groups)
    strong, weak = st.columns(2)
    for column, heading, rows in ((strong, t.text("Strengths"), best), (weak, t.text("Weak spots"), worst)):
        column.header(heading)
        lines = [f"- {share_line(row, t)}" for row in named(rows, t)]
        column.markdown("\n".join(lines) or t.text("Not enough answers yet."))

    st.header(t.text("Recent mistakes"))
    puzzles_page = pages()["puzzles"]  # made once, not once a link
    latest = SAVED.attempts(PLAYER, limit=RECENT)
    mistakes = recent_mistakes(latest)
    for attempt in mistakes:
        if attempt.puzzle_id not in PUZZLES:  # a puzzle since removed from the bank
            continue
        label = mistake_label(attempt, t.written(PUZZLES[attempt.puzzle_id].title), t)
        # a page link keeps the session, and so the profile, where a plain link would start a new one
        st.page_link(puzzles_page, label=label, query_params={"puzzle": attempt.puzzle_id}, width="stretch")
    if not mistakes:
        st.markdown(t.text("No mistakes so far."))

games = SAVED.games(PLAYER)
if games:
    st.header(t.text("Matches against the computer"))
    st.markdown(levels_table(results_by_level(games), t))
    losses = loss_per_decision(games)
    if losses:
        top = max(0.5, max(losses))
        average = sum(losses) / len(losses)
        summary = t.text(
            "Points lost per play, match by match: {latest} in the latest, {average} on average.",
            latest=t.decimal(losses[-1]),
            average=t.decimal(average),
        )
        label = t.text("Line chart of the points your plays lost on average in each match. {summary}", summary=summary)
        line = line_svg(losses, low=0.0, high=top, label=label, along=t.text("matches"), first=1, ink=ink, t=t)
        st.html(chart_image(line, label))
        st.caption(
            t.text("{summary} Fewer is better: the review after each deal shows where they went.", summary=summary)
        )
    if lucks := luck_per_match(games):
        luck_chart(lucks)
    if len(games) > LATEST_MATCHES:
        shown = t.text("Each match, the latest {latest} of {total}", latest=LATEST_MATCHES, total=len(games))
    else:
        shown = t.text("Each match, newest first")
    with st.expander(shown):
        st.markdown(match_lines(games[::-1][:LATEST_MATCHES], t))


def import_profile(data: bytes) -> None:
    """A new profile from an export, the one in use from now on, as the sidebar shows once the page is drawn again."""
    try:
        name = SAVED.import_json(data)
    except ValueError as error:
        import_refused(error)
    else:
        st.session_state.learner, st.session_state.imported = SAVED.learner(name), name
        st.rerun()


def fill_own_profile(data: bytes) -> None:
    """On a club's server, an export's progress into the signed-in learner's own profile: an import makes no other."""
    try:
        SAVED.fill_json(data, PLAYER)
    except ValueError as error:
        import_refused(error)
    else:
        st.success(t.text("The exported progress is in your profile now."))


def import_refused(error: ValueError) -> None:
    st.error(t.text("That file could not be imported, and nothing was changed: {problem}",
                    problem=plain(said_or_told(error))))  # fmt: skip


st.header(t.text("Keep or move your progress"))
st.download_button(
    t.text("Export this profile (JSON)"),
    export,
    file_name=f"escoba-trainer-{PLAYER.name}{EXPORT_SUFFIX}",
    mime=EXPORT_MIME,
    on_click="ignore",
)
upload = file_uploader(
    t.text("Import a profile exported before"),
    ["json", "gz"],  # an export, or one gzipped (as they are made)
    IMPORT_MB,  # whatever the server's own limit
    help=t.text("An exported file, at most {most} MB.", most=IMPORT_MB),
    key="import_file",
)
if upload is not None and st.button(t.text("Import it")):
    (fill_own_profile if club_server() else import_profile)(upload.getvalue())
if "imported" in st.session_state:
    st.success(
        t.text(
            "Imported profile “{name}”: it is the profile in use now, as the sidebar shows.",
            name=plain(st.session_state.pop("imported")),
        )
    )
own_password(SAVED, PLAYER)
