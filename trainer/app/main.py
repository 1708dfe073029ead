"""The app's entry script: ``streamlit run`` runs it, from a clone (through ``streamlit_app.py``) or an install."""

import streamlit as st

from trainer.app.common import pages
from trainer.app.svg import card_svg
from trainer.cards import parse_card

# The favicon and logo are a card the app draws itself: nothing is fetched from elsewhere.
ICON = card_svg(parse_card("7d"), width=48)


def run() -> None:
    """One run of the app: the page settings, the logo, and the page the address asks for."""
    st.set_page_config(page_title="Escoba Trainer", page_icon=ICON, layout="wide")
    st.logo(ICON, size="large")
    st.navigation(list(pages().values())).run()


if __name__ == "__main__":
    run()
