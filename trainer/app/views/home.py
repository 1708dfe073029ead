"""Home: what Escoba is, where to start, and a real deal from the engine to look at."""

from datetime import timedelta

import streamlit as st

from trainer import Deal
from trainer.app.board import board_html
from trainer.app.clock import moment
from trainer.app.course_and_bank import course, course_tracks, level_place
from trainer.app.names import BOT_LEVELS, say
from trainer.app.navigation import pages
from trainer.app.profile_sidebar import profile, rules
from trainer.app.progress_words import homework_line, news_byline, next_puzzle_label
from trainer.app.settings import tr
from trainer.app.signin import club
from trainer.app.store_access import store
from trainer.app.style import page
from trainer.progress import homework
from trainer.progress.stats import plain
from trainer.puzzles.kinds import play_text

cards = page("Home")
t = tr()
SAVED = store()
PLAYER = profile(SAVED)
RULES = rules()
BY_ID = {level.id: level for level in course()}
BY_TRACK = course_tracks()
#: The notes of a learner's classes shown on Home: those of the last weeks, the latest few.
NEWS_SHOWN, NEWS_MOST = timedelta(days=21), 3
LINKS = pages()  # made once a run: each call builds every page anew, and the course list links 24 times
st.title("Escoba Trainer")
if club() is not None:  # the sidebar says it too, but a phone keeps the sidebar shut
    st.caption(t.text("Signed in as {name}", name=plain(PLAYER.name)))
st.write(
    t.text(
        "Escoba is a Spanish fishing game, most often for two players or two pairs. You play one card at a time "
        "and take table cards whenever your card and theirs add up to exactly 15. Clear the whole "
        "table and you score an *escoba*, the broom."
    )
)
place, earned = SAVED.place(PLAYER), SAVED.stars(PLAYER)
if place is not None and place[0] in BY_ID:
    label = t.text("Continue where you left off: {level}", level=level_place(BY_ID[place[0]], t))
    st.page_link(LINKS["learn"], label=label, query_params={"level": place[0], "stage": str(place[1] + 1)})
else:
    core = len(BY_TRACK["core"].levels)
    label = t.plural("Start learning: {n} short level", "Start learning: {n} short levels", core)
    st.page_link(LINKS["learn"], label=label)
st.page_link(LINKS["puzzles"], label=t.text("Practise on puzzles"))
st.page_link(LINKS["play"], label=t.text("Play a match against the computer, with a coach"))
if club() is not None:  # where learners sign in, classmates play each other
    tables = SAVED.tables(PLAYER)
    invited = [table for table in tables if (held := table.seat_of(PLAYER.id)) is not None and not held.joined]
    sitting = [table for table in tables if (held := table.seat_of(PLAYER.id)) is not None and held.joined]
    if invited and invited[0].host is not None:
        label = t.text("{name} invites you to a table: sit down", name=plain(invited[0].host.name))
    elif any(not table.over for table in sitting):
        label = t.text("Go back to your table")
    else:
        label = t.text("Play a classmate, with a coach")
    st.page_link(LINKS["classmates"], label=label)
st.page_link(LINKS["progress"], label=t.text("Your progress: rating, stars, mistakes and matches"))
st.page_link(LINKS["settings"], label=t.text("Settings: language, cards, profile and rule set"))
for track in BY_TRACK.values():  # the core path, then the other tables apart
    stars, most = track.stars(earned), 3 * len(track.levels)
    with st.expander(
        t.plural("The course: {earned} of {n} star", "The course: {earned} of {n} stars", most, earned=stars)
        if track.name == "core"
        else t.plural("Other tables: {earned} of {n} star", "Other tables: {earned} of {n} stars", most, earned=stars)
    ):
        for number, level in enumerate(track.levels, start=1):
            earned_here = t.text("{n} of 3 stars", n=earned.get(level.id, 0))  # words, which a screen reader reads
            label = f"{number}. {t.text(level.title)} · {earned_here}"
            st.page_link(LINKS["learn"], label=label, query_params={"level": level.id, "stage": "1"})

if club() is not None and (notes := SAVED.news(PLAYER, moment() - NEWS_SHOWN)[:NEWS_MOST]):  # a learner in a class
    st.header(t.text("News from your class"))
    for note in notes:
        with st.container(border=True):
            st.caption(news_byline(note, t))
            st.text(note.text)
if homework_set := SAVED.homework(PLAYER):  # the soonest due first
    st.header(t.text("Homework"))
    for piece in homework_set:
        mine = homework.standing(SAVED, PLAYER, piece)
        line = homework_line(piece, mine, t)
        if (item := mine.next_item) is None:
            st.write(f"✓ {line}")
        elif piece.kind == "puzzles":
            st.page_link(LINKS["puzzles"], label=next_puzzle_label(piece, mine, t), query_params={"puzzle": item})
        elif piece.kind == "levels":
            named = level_place(BY_ID[item], t) if item in BY_ID else item  # a level since taken out shows its id
            label = t.text("{homework} · {level}", homework=line, level=named)
            st.page_link(LINKS["learn"], label=label, query_params={"level": item, "stage": "1"})
        else:
            label = t.text("{homework} · a match against {level}", homework=line, level=t.text(BOT_LEVELS[item][0]))
            st.page_link(LINKS["play"], label=label, query_params={"homework": str(piece.id)})

if "home_seed" not in st.session_state:
    st.session_state.home_seed = 1


def _new_deal() -> None:
    st.session_state.home_seed += 1


deal = Deal.new(players=2, seed=st.session_state.home_seed, profile=RULES)
st.header(t.text("A fresh deal"))
if RULES.name != "classic":
    st.caption(
        t.plural(
            "Dealt by the rules you chose: {title}, to {n} point.",
            "Dealt by the rules you chose: {title}, to {n} points.",
            RULES.target,
            title=t.text(RULES.title),
        )
    )
st.html(board_html(deal, cards, face_up=(0,)))
takes = [p for p in deal.legal_plays() if p.captured]
if takes:
    lines = (t.said(play_text(p)) for p in takes)
    st.markdown(
        t.text("**Captures you could make:**") + "\n" + "\n".join(f"- {say(line, cards, t.items)}" for line in lines)
    )
else:
    st.markdown(t.text("**No card in your hand makes 15 here:** you would lay one on the table."))
st.button(t.text("Deal again"), on_click=_new_deal)
