"""The app's pages, listed in one place, and the menu of them that a phone shows."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import streamlit as st

from trainer.app.settings import tr
from trainer.app.signin import club

# Not named "pages": Streamlit would serve a folder of that name beside the entry script as pages of their own,
# without this list, its titles or the app's errors, on a first request to a deep link.
_VIEWS = Path(__file__).parent / "views"  # a full path: the entry script may be anywhere


def pages() -> dict[str, st.Page]:
    """Every page of the app, defined in one place; links use these so they keep the session.

    Made afresh in each script run, as Streamlit wants its pages, with their titles in the learner's language. The
    Classes page is listed for a teacher and hidden from others, so a teacher's bookmark of it opens before the
    session knows who teaches; the page itself serves teachers only. The Teachers page, likewise, is the club's
    administrators', and a learner's page is reached only from the Classes page. Playing a classmate is listed on a
    club's server, where learners sign in.
    """
    t = tr()
    teacher, admin = _listed_for("teacher"), _listed_for("admin")
    classmates: Literal["visible", "hidden"] = "hidden" if club() is None else "visible"
    return {
        "home": st.Page(_VIEWS / "home.py", title=t.text("Home"), icon="", default=True),
        "learn": st.Page(_VIEWS / "learn.py", title=t.text("Learn"), icon="", url_path="learn"),
        "puzzles": st.Page(_VIEWS / "puzzles.py", title=t.text("Puzzles"), icon="", url_path="puzzles"),
        "play": st.Page(_VIEWS / "play.py", title=t.text("Play"), icon="", url_path="play"),
        "classmates": st.Page(
            _VIEWS / "classmates.py", title=t.text("Play a classmate"), url_path="classmates", visibility=classmates
        ),
        "progress": st.Page(_VIEWS / "progress.py", title=t.text("Progress"), icon="", url_path="progress"),
        "settings": st.Page(_VIEWS / "settings.py", title=t.text("Settings"), icon="", url_path="settings"),
        "classes": st.Page(
            _VIEWS / "classes.py", title=t.text("Classes"), icon="", url_path="classes", visibility=teacher
        ),
        "learner": st.Page(
            _VIEWS / "learner.py", title=t.text("Learner"), icon="", url_path="learner", visibility="hidden"
        ),  # reached from the Classes page, with the learner to show
        "admin": st.Page(_VIEWS / "admin.py", title=t.text("Teachers"), icon="", url_path="teachers", visibility=admin),
    }


def _listed_for(role: str) -> Literal["visible", "hidden"]:
    """A page of that role's ("teacher", "admin") listed in the menu only for a session that holds it."""
    return "visible" if st.session_state.get(role) else "hidden"


def navigate() -> st.Page:
    """The page the address asks for, with the pages in the header: Streamlit's own bar where it has room for it,
    and below its breakpoint, where Streamlit would move that bar into the sidebar, a menu of the pages headed by
    the one shown (``style.py`` shows one or the other and keeps pages out of the sidebar, which holds settings;
    the Settings page shows them in its main area).

    The menu has a key of its own on each page, so that a page reached through it opens with the menu shut.
    """
    listed = pages()
    current = st.navigation(list(listed.values()), position="top")
    with st.popover(current.title, icon=":material/menu:", key=f"pages-{current.url_path or 'home'}"):
        for page in listed.values():
            if page.visibility == "visible":
                st.page_link(page, width="stretch")
    return current
