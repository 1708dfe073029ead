"""The progress store as the pages open it, and what they say when it cannot be opened or written."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import NoReturn, ParamSpec

import streamlit as st

from trainer.app.clock import moment
from trainer.app.club_setup import keeps_local_profiles
from trainer.app.settings import tr
from trainer.progress import sessions
from trainer.progress.errors import UNREACHABLE, Busy, ProfileGone, SaveError, StoreError
from trainer.progress.sqlite import Store, data_dir
from trainer.progress.stats import plain
from trainer.progress.store import ProgressStore
from trainer.progress.stores import chosen, open_store
from trainer.text import SaidError

P = ParamSpec("P")
LOG = logging.getLogger(__name__)


def club_server() -> bool:
    """Whether this is a club's server (progress in PostgreSQL, or served beyond this computer): its pages name no
    file or database to a learner, and its troubles go to the server's log for its administrator."""
    place = chosen()
    return not keeps_local_profiles(st.get_option("server.address"), None if place is None else str(place))


def _told(error: object, limit: int = 200) -> str:
    """An error's words for a learner on this computer (cut to ``limit`` characters); on a club's server, logged for
    its administrator instead, and nothing for the learner."""
    if club_server():
        LOG.error("progress store: %s", error)
        return ""
    return plain(str(error), limit)


@st.cache_resource
def _store(place: str) -> ProgressStore:
    return open_store(place)


def store() -> ProgressStore:
    """The progress store: the PostgreSQL database of $ESCOBA_TRAINER_DB, else the data folder's file. If it
    cannot be opened, say why and, for a file, offer to keep it aside."""
    t = tr()
    url = chosen()
    try:
        place = str(url) if url is not None else str(data_dir())
    except OSError as error:
        if not (problem := _told(error)):
            _cannot_open()
        st.error(t.text("Your progress folder cannot be used: {problem}. Fix or remove it, then reload the page.",
                        problem=problem))  # fmt: skip
        st.stop()
    try:
        return _store(place)
    except SaveError as error:
        st.error(t.text("Your progress could not be opened just now: {problem}. Nothing is lost: reload the page in "
                        "a moment.", problem=_trouble(error)))  # fmt: skip
        st.stop()
    except StoreError as error:
        if not (problem := _told(error)):
            _cannot_open()
        st.error(t.text("Your progress could not be opened: {problem}", problem=problem))
        if url is None and st.button(t.text("Keep that file aside and start a new progress file")):
            try:
                kept = Store.set_aside(place)
            except OSError as error:
                st.error(
                    t.text(
                        "It could not be moved aside ({problem}). Move it by hand, then reload the page.",
                        problem=plain(str(error)),
                    )
                )
                st.stop()
            st.success(t.text("The old file is kept at {path}. Nothing in it was changed.", path=plain(str(kept))))
            st.rerun()
        st.stop()


def _cannot_open() -> NoReturn:
    """On a club's server, a store that cannot be opened, said without its details (which its log has)."""
    st.error(tr().text("This server cannot open its progress store. Its administrator will find why in the server's "
                       "log."))  # fmt: skip
    st.stop()


def _trouble(error: SaveError) -> str:
    """What kept the progress from being read or saved, for the learner. On a club's server, in their language and
    naming no server (the error itself goes to the log for its administrator); on this computer, as the error tells
    it, with the file."""
    if club_server():
        LOG.error("progress store: %s", error)
        return tr().said(error.why or UNREACHABLE)
    return plain(str(error), 400)


def save_trouble(error: SaveError) -> None:
    """Say that an action could not be saved, or, if what failed was a read, read; and that nothing was lost."""
    t = tr()
    if isinstance(error, Busy):
        _too_busy(error)
        return
    if error.reading:
        _unread(error)
        return
    st.error(t.text("That could not be saved just now: {problem}. Everything saved before is kept and nothing was "
                    "half-saved; try again in a moment.", problem=_trouble(error)))  # fmt: skip


def _too_busy(error: Busy) -> None:
    """A save that waited too long for the others (or for a frozen one) and was refused: nothing of it is kept."""
    if club_server():
        LOG.error("progress store: %s", error)
    st.error(tr().text("That was not saved: the server was busy with other saves for too long. Nothing of it was "
                       "saved and everything saved before is kept; try again."))  # fmt: skip


def _unread(error: SaveError) -> None:
    st.error(tr().text("Your progress could not be read just now: {problem}. Nothing saved before is lost; try again "
                       "in a moment.", problem=_trouble(error)))  # fmt: skip


def out_of_reach(error: SaveError, said: bool = False) -> None:
    """The page could not be drawn, as its progress could not be read (a database down, say): say so, unless the
    action before it (``said``) just did, with an answer kept for later if there is one, and a button to try again,
    which keeps the session and what it holds, as reloading the page would not."""
    t = tr()
    if not said and isinstance(error, Busy):
        _too_busy(error)
    elif not said:
        _unread(error)
    if "unsent" in st.session_state:
        st.info(t.text("Your answer is kept: it can be sent again once your progress can be reached."))
    st.button(t.text("Try again"), type="primary", key="after_trouble")


def saving(action: Callable[P, None]) -> Callable[P, None]:
    """A button's callback that writes progress: a SaveError (a full disk, say) is kept for the page to show on
    the rerun that follows, instead of the traceback Streamlit would show; a profile deleted in another tab is
    written nothing, and the rerun asks which profile to go on with."""

    @functools.wraps(action)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            if session_ended():
                return  # the page that follows signs the tab out, and says why
            action(*args, **kwargs)
        except SaveError as error:
            st.session_state.save_trouble = error
        except ProfileGone:
            pass  # deleted in another tab since the page was drawn: the rerun says so and asks which profile to use

    return run


def page_part(draw: Callable[[], None]) -> Callable[[], None]:
    """``draw`` as a part of its page that a click within it reruns alone (``st.fragment``), the rest of the page
    left as it was drawn. A run of the part alone leaves to the whole page what only it does: saying that a save
    failed, and signing out a tab whose sign-in ended; a read that fails is said in the part, with its Try again."""

    @st.fragment
    @functools.wraps(draw)
    def part() -> None:
        if "save_trouble" in st.session_state or session_ended():
            st.rerun(scope="app")
        try:
            draw()
        except SaveError as error:
            out_of_reach(error)
        except ProfileGone:  # deleted in another tab: the whole page asks which profile to go on with
            st.rerun(scope="app")

    return part


def session_ended() -> bool:
    """Whether this tab's sign-in on a club's server ended since its page was drawn (a sign-out in another tab, a
    new password, a removal from the class). A button's action runs before the page checks the session, and a
    fragment's reruns skip that check, so each write asks this first and writes nothing once it has ended."""
    token = st.session_state.get("signed_in")
    if token is None:
        return False
    url = chosen()
    try:
        saved = _store(str(url) if url is not None else str(data_dir()))
        return sessions.live(saved, str(token), moment()) is None
    except SaveError:
        return False  # the store cannot be reached: the action's own write fails and says so


def said_or_told(error: ValueError) -> str:
    """Why something was refused, in the learner's language where the error keeps its words (``SaidError``); else
    as the error tells it (a file's or the database's own words)."""
    return tr().said(error.said) if isinstance(error, SaidError) else str(error)
