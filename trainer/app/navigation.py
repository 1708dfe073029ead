"""The app's pages, listed in one place."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from trainer.app.settings import tr

_PAGES_DIR = Path(__file__).parent / "pages"  # a full path: the entry script may be anywhere


def pages() -> dict[str, st.Page]:
    """Every page of the app, defined in one place; links use these so they keep the session.

    Made afresh in each script run, as Streamlit wants its pages, with their titles in the learner's language.
    """
    t = tr()
    return {
        "home": st.Page(f"{_PAGES_DIR}/home.py", title=t.text("Home"), icon="", default=True),
        "learn": st.Page(f"{_PAGES_DIR}/learn.py", title=t.text("Learn"), icon="", url_path="learn"),
        "puzzles": st.Page(f"{_PAGES_DIR}/puzzles.py", title=t.text("Puzzles"), icon="", url_path="puzzles"),
        "play": st.Page(f"{_PAGES_DIR}/play.py", title=t.text("Play"), icon="", url_path="play"),
        "progress": st.Page(f"{_PAGES_DIR}/progress.py", title=t.text("Progress"), icon="", url_path="progress"),
    } | (  # a teacher's, on a club's server: the session learns who teaches once they sign in
        {"classes": st.Page(f"{_PAGES_DIR}/classes.py", title=t.text("Classes"), icon="", url_path="classes")}
        if st.session_state.get("teacher")
        else {}
    )
