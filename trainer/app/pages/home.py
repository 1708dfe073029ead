"""Home: what Escoba is, where to start, and a real deal from the engine to look at."""

import streamlit as st

from trainer import Deal
from trainer.app.board import board_html
from trainer.app.common import course, page, pages, profile, rules, store
from trainer.app.names import say
from trainer.course import star_text
from trainer.puzzles.kinds import play_text

cards = page("Home")
SAVED = store()
PLAYER = profile(SAVED)
RULES = rules()
LEVELS = course()
st.title("Escoba Trainer")
st.write(
    "Escoba is a Spanish fishing game, most often for two players or two pairs. You play one card at a time "
    "and take table cards whenever your card and theirs add up to exactly 15. Clear the whole "
    "table and you score an *escoba*, the broom."
)
place, earned = SAVED.place(PLAYER), SAVED.stars(PLAYER)
titles = {level.id: (number, level.title) for number, level in enumerate(LEVELS, start=1)}
if place is not None and place[0] in titles:
    number, title = titles[place[0]]
    label = f"Continue where you left off: level {number}, {title}"
    st.page_link(pages()["learn"], label=label, query_params={"level": place[0], "stage": str(place[1] + 1)})
else:
    st.page_link(pages()["learn"], label=f"Start learning: {len(LEVELS)} short levels")
st.page_link(pages()["puzzles"], label="Practise on puzzles")
st.page_link(pages()["play"], label="Play a match against the computer, with a coach")
with st.expander(f"The course: {sum(earned.values())} of {3 * len(LEVELS)} stars"):
    for level in LEVELS:
        stars = earned.get(level.id, 0)
        number, title = titles[level.id]
        label = f"{number}. {title}  {star_text(stars)}"
        st.page_link(pages()["learn"], label=label, query_params={"level": level.id, "stage": "1"})

if "home_seed" not in st.session_state:
    st.session_state.home_seed = 1


def _new_deal() -> None:
    st.session_state.home_seed += 1


deal = Deal.new(players=2, seed=st.session_state.home_seed, profile=RULES)
st.header("A fresh deal")
if RULES.name != "classic":
    st.caption(f"Dealt by the rules you chose: {RULES.title}, to {RULES.target} points.")
st.html(board_html(deal, cards, face_up=(0,)))
takes = [p for p in deal.legal_plays() if p.captured]
if takes:
    st.markdown("**Captures you could make:**\n" + "\n".join(f"- {say(play_text(p), cards)}" for p in takes))
else:
    st.markdown("**No card in your hand makes 15 here:** you would lay one on the table.")
st.button("Deal again", on_click=_new_deal)
