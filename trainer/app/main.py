"""The app's entry script: ``streamlit run`` runs it, from a clone (through ``streamlit_app.py``) or an install."""

import streamlit as st

from trainer.ai.warm import start_building
from trainer.app.navigation import navigate
from trainer.app.signin import not_set_up
from trainer.app.store_access import out_of_reach, save_trouble
from trainer.app.svg import card_svg
from trainer.cards import parse_card
from trainer.progress.errors import ProfileGone, SaveError

# The favicon and logo are a card the app draws itself: nothing is fetched from elsewhere.
ICON = card_svg(parse_card("7d"), width=48)


def run() -> None:
    """One run of the app: the page settings, the logo, and the page the address asks for. The first run of the
    server's process starts building the computer players' compiled code in the background."""
    start_building()
    st.set_page_config(page_title="Escoba Trainer", page_icon=ICON, layout="wide")
    st.logo(ICON, size="large")
    if not_set_up():  # fails closed: a server whose sign-in is not set up serves no page
        return
    trouble = st.session_state.pop("save_trouble", None)  # from a button's callback, which ran before this script
    if trouble is not None:
        save_trouble(trouble)
    try:
        navigate().run()
    except SaveError as error:  # a database down, a full disk: the page says so once, instead of crashing
        out_of_reach(error, said=trouble is not None)
    except ProfileGone:  # deleted in another tab while this page was drawn: the rerun says so and asks
        st.rerun()
    show_save_trouble()  # from an action the page itself took


def show_save_trouble() -> None:
    if (trouble := st.session_state.pop("save_trouble", None)) is not None:
        save_trouble(trouble)


if __name__ == "__main__":
    run()
