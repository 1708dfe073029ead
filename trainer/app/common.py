"""What every page shares: the cached course, bank and store, the clock, and the settings."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import NoReturn, ParamSpec

import streamlit as st

from trainer.app.card_style import CardStyle
from trainer.course import Level, load_levels
from trainer.i18n import SOURCE, Translator, languages, translator
from trainer.profile import PROFILES, RuleProfile
from trainer.progress.errors import ProfileGone, SaveError, StoreError
from trainer.progress.model import Learner
from trainer.progress.sqlite import Store, data_dir
from trainer.progress.stats import plain
from trainer.progress.store import NAME_LENGTH, ProgressStore
from trainer.progress.stores import chosen, open_store
from trainer.puzzles import Puzzle, load_puzzles
from trainer.puzzles.loader import bank_folder
from trainer.text import SaidError

BANK = bank_folder()
ANSWER_CHARS = 200  # the longest typed answer: every way of a capture, with room to spare
P = ParamSpec("P")
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


def tr() -> Translator:
    """The translator for this session's language: ``?lang=es`` in the address bar, else the browser's language
    (``es-AR`` reads Spanish), else English. The session keeps the choice, as it keeps the card settings, and once
    the profile is known, its own language wins over the browser's (``_language_of``)."""
    offered = languages()

    def browser() -> str:  # asked only on the session's first run: reading the browser's locale is not free
        language = (st.context.locale or "").replace("_", "-").split("-")[0].lower()
        return language if language in offered else SOURCE

    if "lang" not in st.session_state and st.query_params.get("lang") in offered:
        st.session_state.lang_chosen = True  # a link that names a language: kept with the profile, as a choice
    return translator(_chosen("lang", offered, browser))


@st.cache_resource
def course() -> list[Level]:
    """The course's levels, built through the engine once per server."""
    return load_levels()


@st.cache_resource
def bank() -> dict[str, Puzzle]:
    """The puzzle bank by id, loaded and checked once per server."""
    return {puzzle.id: puzzle for puzzle in load_puzzles(BANK)}


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
        st.error(
            t.text(
                "Your progress folder cannot be used: {problem}. Fix or remove it, then reload the page.",
                problem=plain(str(error)),
            )
        )
        st.stop()
    try:
        return _store(place)
    except SaveError as error:
        st.error(
            t.text(
                "Your progress could not be opened just now: {problem}. Reload the page in a moment.",
                problem=plain(str(error)),
            )
        )
        st.stop()
    except StoreError as error:
        st.error(t.text("Your progress could not be opened: {problem}", problem=plain(str(error))))
        if url is None and st.button(t.text("Keep that file aside and start a new progress file")):
            try:
                kept = Store.set_aside(place)
            except OSError as problem:
                st.error(
                    t.text(
                        "It could not be moved aside ({problem}). Move it by hand, then reload the page.",
                        problem=plain(str(problem)),
                    )
                )
                st.stop()
            st.success(t.text("The old file is kept at {path}. Nothing in it was changed.", path=plain(str(kept))))
            st.rerun()
        st.stop()


def save_trouble(error: SaveError | str) -> None:
    """Say that an action could not be saved, and that nothing was lost."""
    st.error(
        tr().text(
            "That could not be saved: {problem}. Everything saved before is kept and nothing was half-saved; "
            "once that is fixed, try again.",
            problem=plain(str(error), 400),
        )
    )


def saving(action: Callable[P, None]) -> Callable[P, None]:
    """A button's callback that writes progress: a SaveError (a full disk, say) is kept for the page to show on
    the rerun that follows, instead of the traceback Streamlit would show; a profile deleted in another tab is
    written nothing, and the rerun asks which profile to go on with."""

    @functools.wraps(action)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            action(*args, **kwargs)
        except SaveError as error:
            st.session_state.save_trouble = str(error)
        except ProfileGone:
            pass  # deleted in another tab since the page was drawn: the rerun says so and asks which profile to use

    return run


def now() -> float:
    """The time in seconds; tests put a ``clock`` function in the session to move time."""
    clock = st.session_state.get("clock", time.time)
    return float(clock())


def profile(saved: ProgressStore) -> Learner:
    """The learner's profile. On a club's server (``signin.club``), the one signed in to, whatever the address says.
    Else chosen in the sidebar and kept in the address bar (``?profile=Ana``) so that a reload or a new tab keeps
    it; a first one is made on first use.

    The session holds the profile by its row id: renamed in another tab, it is still this learner's, under its new
    name; deleted there, the page says so and asks which profile to go on with, and nothing is saved meanwhile. The
    choice is kept under "learner", apart from the select box's own key: Streamlit forgets a widget's state on a
    page that has not drawn it yet, and the address loses its query on a change of page.
    """
    from trainer.app.signin import club, signed_in  # the sign-in page is built of what this module defines

    if (settings := club()) is not None:
        learner = signed_in(saved, settings)
        st.session_state.learner = learner
        _language_of(saved, learner)
        with st.sidebar:
            _choose_rules(saved, learner)
        _damaged_notice(saved, learner)
        return learner
    t = tr()
    learners = saved.learners()
    if not learners:
        try:
            learners = [saved.create_profile(t.text("Player"))]
        except ValueError:  # a profile of that name is being imported in another tab
            st.info(t.text("A profile is being imported. Reload the page in a moment."))
            st.stop()
    held: Learner | None = st.session_state.get("learner")
    if held is None:
        held = _from_address(saved) or learners[0]
    elif (now_held := saved.learner(held)) is None:
        _ask_again(held, learners)
    else:
        held = now_held  # with its name as it is now, if another tab renamed it
    st.session_state.learner = held
    _language_of(saved, held)
    st.session_state.profile = held.name
    by_name = {learner.name: learner for learner in learners}
    with st.sidebar:
        st.selectbox(t.text("Profile"), list(by_name), key="profile", on_change=_keep_learner, args=(by_name,))
        st.session_state.pop("profile_made", None)  # the whole page is being drawn, for the new profile if one was made
        if st.button(t.text("New profile")) or "profile_error" in st.session_state:
            st.dialog(t.text("New profile"))(_new_profile)(saved)
        _choose_rules(saved, held)
        with st.expander(t.text("Rename or delete this profile")):
            _manage_profile(saved, held)
    st.query_params["profile"] = held.name
    _damaged_notice(saved, held)
    return held


def _from_address(saved: ProgressStore) -> Learner | None:
    """The profile the address names, found as the store finds names ("bea" is Bea); a name that is not there is
    said, as plain text and cut short, since anyone can write an address."""
    wanted = st.query_params.get("profile")
    if wanted is None:
        return None
    found = saved.learner(wanted)
    if found is None:
        st.warning(
            tr().text(
                "The link names a profile, “{name}”, that is not here; choose one in the sidebar.",
                name=plain(wanted, 40),
            )
        )
    return found


def _ask_again(gone: Learner, learners: list[Learner]) -> NoReturn:
    """The profile this tab used was deleted elsewhere: say so, and let the learner choose which one to go on with.
    Until then the session still holds the deleted one, which nothing can be saved to."""
    t = tr()
    st.warning(
        t.text(
            "The profile “{name}” was deleted in another tab or window, so nothing more can be saved to it. "
            "Which profile do you want to go on with?",
            name=plain(gone.name),
        )
    )
    names = {learner.id: learner.name for learner in learners}
    choice = st.radio(t.text("Go on as"), list(names), format_func=names.__getitem__, index=None, key="go_on_as")
    if st.button(t.text("Go on"), type="primary", disabled=choice is None):
        st.session_state.learner = Learner(int(choice or 0), names[int(choice or 0)])
        st.rerun()
    st.stop()


def _language_of(saved: ProgressStore, learner: Learner) -> None:
    """The language goes with the profile. Once a session meets a profile, a language chosen in it (the picker, a
    link) is kept with the profile; else the profile's own is taken up, the page drawn again in it."""
    if st.session_state.get("lang_for") == learner.id:
        return
    st.session_state.lang_for = learner.id
    chosen, kept = st.session_state.pop("lang_chosen", False), saved.language(learner)
    if chosen or kept not in languages():
        if kept != st.session_state.lang:
            saved.set_language(learner, st.session_state.lang)
    elif kept != st.session_state.lang:
        st.session_state.lang = kept
        st.rerun()


def _language_chosen() -> None:
    """The picker changed the language: the next run keeps it with the profile."""
    st.session_state.lang_chosen = True
    st.session_state.pop("lang_for", None)


def _keep_learner(by_name: dict[str, Learner]) -> None:
    st.session_state.learner = by_name[st.session_state.profile]


def rules() -> RuleProfile:
    """The rule set the learner plays by, as ``profile`` read it from the sidebar this run."""
    chosen: RuleProfile = st.session_state.rules
    return chosen


def _choose_rules(saved: ProgressStore, player: Learner) -> None:
    """The rule set (and target, where it has a choice of them), kept with the learner's profile."""
    current = saved.rules(player)
    st.session_state.rules = current
    st.session_state._rule_set = current.name  # from the store each run: the widget's own state is forgotten
    t = tr()
    st.selectbox(
        t.text("Rule set"),
        list(PROFILES),
        format_func=lambda name: t.text(PROFILES[name].title),
        key="_rule_set",
        on_change=_keep_rules,
        args=(saved, player),
        help=t.text("How you play: the classic game with the setenta, or the rules of another table (see the course)."),
    )
    if len(current.targets) > 1:
        st.session_state._target = current.target
        st.radio(
            t.text("Play to"),
            current.targets,
            key="_target",
            horizontal=True,
            on_change=_keep_rules,
            args=(saved, player),
        )


@saving
def _keep_rules(saved: ProgressStore, player: Learner) -> None:
    name = st.session_state._rule_set
    target = st.session_state.get("_target") if name == saved.rules(player).name else None
    chosen = PROFILES[name].with_options(target=target if target in PROFILES[name].targets else None)
    saved.set_rules(player, chosen)
    st.session_state.rules = chosen


def _new_profile(saved: ProgressStore) -> None:
    """The new profile dialog asks for a name; once the profile exists the whole page is drawn again for it (a
    dialog alone would redraw only itself, leaving the page on the old profile), and a bad name is explained."""
    t = tr()
    with st.form("new_profile", border=False):
        st.text_input(t.text("Name"), max_chars=NAME_LENGTH, key="new_profile_name")
        st.form_submit_button(t.text("Create"), type="primary", on_click=_create_profile, args=(saved,))
    if "profile_error" in st.session_state:
        st.error(plain(st.session_state.pop("profile_error")))
    if st.session_state.pop("profile_made", False):
        st.rerun()


def said_or_told(error: ValueError) -> str:
    """Why something was refused, in the learner's language where the error keeps its words (``SaidError``); else
    as the error tells it (a file's or the database's own words)."""
    return tr().said(error.said) if isinstance(error, SaidError) else str(error)


@saving
def _create_profile(saved: ProgressStore) -> None:
    name = st.session_state.get("new_profile_name", "").strip()
    try:
        st.session_state.learner = saved.create_profile(name)
        st.session_state.profile_made = True
    except ValueError as error:
        st.session_state.profile_error = said_or_told(error)


def _manage_profile(saved: ProgressStore, learner: Learner) -> None:
    """Rename the profile, or delete it after a confirmation, with its export offered first."""
    t = tr()
    with st.form("rename_profile", border=False):
        st.text_input(t.text("New name"), value=learner.name, max_chars=NAME_LENGTH, key="rename_to")
        st.form_submit_button(t.text("Rename"), on_click=_rename_profile, args=(saved, learner))
    if "rename_error" in st.session_state:
        st.error(plain(st.session_state.pop("rename_error")))
    st.download_button(
        t.text("First keep a copy (JSON)"),
        lambda: json.dumps(saved.export_profile(learner), ensure_ascii=False, indent=1),
        file_name=f"escoba-trainer-{learner.name}.json",
        mime="application/json",
        on_click="ignore",
    )
    sure = st.checkbox(
        t.text("Yes, delete {name} and all of its progress", name=plain(learner.name)), key=f"sure_{learner.id}"
    )
    st.button(t.text("Delete this profile"), disabled=not sure, on_click=_delete_profile, args=(saved, learner))


@saving
def _rename_profile(saved: ProgressStore, learner: Learner) -> None:
    try:
        saved.rename_profile(learner, st.session_state.get("rename_to", "").strip())
    except ValueError as error:
        st.session_state.rename_error = said_or_told(error)


@saving
def _delete_profile(saved: ProgressStore, learner: Learner) -> None:
    saved.delete_profile(learner)
    st.session_state.pop("learner", None)  # the learner chose to: the next run takes the first profile left


def _damaged_notice(saved: ProgressStore, learner: Learner) -> None:
    """Say so when some of the profile's saved rows could not be read, and offer to set them aside.

    Every row is read to find out, so it is done once per profile in a visit, not on every click.
    """
    checked = st.session_state.setdefault("damage_checked", {})
    if learner.id not in checked:
        checked[learner.id] = saved.damaged_rows(learner)
    damaged = checked[learner.id]
    if not damaged:
        return
    t = tr()
    st.warning(
        t.plural(  # the English is as it was, plural even for one; each catalogue gives its own forms
            "{n} saved records of this profile could not be read and are left out.",
            "{n} saved records of this profile could not be read and are left out.",
            sum(damaged.values()),
        )
    )
    if st.button(t.text("Set them aside")):
        kept = saved.set_aside_damaged(learner)
        checked[learner.id] = {}
        st.success(t.text("They are kept in {path}; the rest of your progress is untouched.", path=plain(str(kept))))


# Small captions at full contrast, a focus ring that shows on light and dark (3.5:1 or more on both),
# links that wrap rather than being cut, and on a phone a smaller title and less space above it, so the
# board and its buttons fit one screen, and tables with tighter cells, so a score compared under five
# rule sets fits its width. Buttons and radio choices are tap targets of 44 x 44 pixels or more, and a radio choice
# shows the keyboard's focus around it (its own input is hidden). What is said to screen readers alone (``news``)
# takes no room.
_LOOK = """<style>
[data-testid="stCaptionContainer"] { color: inherit; opacity: .82; }
:focus-visible { outline: 3px solid #2563eb !important; outline-offset: 2px; }
:is([data-testid="stButton"], [data-testid="stFormSubmitButton"], [data-testid="stDownloadButton"],
    [data-testid="stPopover"]) button { min-height: 44px; min-width: 44px; }
[data-testid="stRadioOption"] { min-height: 44px; min-width: 44px; align-items: center; }
[data-testid="stRadioOption"]:has(input:focus-visible) { outline: 3px solid #2563eb; outline-offset: 2px; }
[class*="st-key-news-"] { position: absolute; }
[data-testid="stPageLink"] * { white-space: normal; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.5rem; }
  h1 { font-size: 1.7rem !important; padding-top: 0 !important; }
  h2 { font-size: 1.35rem !important; }
  [data-testid="stMarkdownContainer"] table { font-size: .9rem; }
  [data-testid="stMarkdownContainer"] :is(th, td) { padding: .3rem .3rem !important; }
}
</style>"""
# Phone first: at 480 pixels wide or less, tighter spacing, smaller headings and cards of 44 pixels, so that a
# step's or a puzzle's answer controls show on the first screen, unscrolled (``bench/phone.py`` counts them).
_PHONE = """<style>
@media (max-width: 480px) {
  [data-testid="stVerticalBlock"] { gap: .5rem; }
  h1 { font-size: 1.4rem !important; }
  h2 { font-size: 1.15rem !important; padding-top: .25rem !important; }
  [data-testid="stMarkdownContainer"] p { line-height: 1.45; }
  img.escoba-card { width: 44px !important; }
}
</style>"""


def page(title: str) -> CardStyle:
    """Start a page: its own document title (``title`` is its English one, as ``pages`` has it), the shared look,
    and the language and card settings from the sidebar."""
    st.set_page_config(page_title=f"{tr().text(title)} · Escoba Trainer")
    st.html(_LOOK + _PHONE)
    return view()


def _chosen(key: str, choices: Collection[str], default: Callable[[], str]) -> str:
    """A setting kept under ``key`` across pages, first taken from the address bar so a link keeps it, else from
    ``default()``."""
    if key not in st.session_state:
        wanted = st.query_params.get(key)
        st.session_state[key] = wanted if wanted in choices else default()
    chosen: str = st.session_state[key]
    return chosen


def _setting(key: str, choices: dict[str, str], label: str, then: Callable[[], None] | None = None) -> None:
    """A sidebar choice of a setting (``_chosen``), the first choice unless the address bar says otherwise; ``then``
    is called when the learner changes it.

    The radio has a key of its own: Streamlit forgets a widget's state on a page that does not draw it.
    """
    st.session_state[f"_{key}"] = _chosen(key, choices, lambda: next(iter(choices)))

    def keep() -> None:
        st.session_state[key] = st.session_state[f"_{key}"]
        if then is not None:
            then()

    st.radio(label, list(choices), format_func=choices.__getitem__, key=f"_{key}", on_change=keep)


def view() -> CardStyle:
    """The language, and card faces from the sidebar settings (kept in the address bar), colours from the light or
    dark theme: the board and the cards' names speak the session's language."""
    t = tr()  # first: the session's language is chosen before its picker is drawn
    with st.sidebar:
        _setting("lang", languages(), t.text("Language"), then=_language_chosen)
    faces = {"spanish": t.text("Spanish: oros, copas, espadas, bastos"), "french": t.text("French: ♦ ♥ ♠ ♣")}
    courts = {"printed": t.text("10, 11, 12, as printed on a Spanish deck"), "letters": "J, Q, K"}
    with st.sidebar.expander(t.text("Cards"), key="cards", on_change="rerun") as settings:
        if settings.open:  # drawn only when opened: a class's server runs this for every click
            _setting("faces", faces, t.text("Card faces"))
            if st.session_state.faces == "spanish":
                _setting("courts", courts, t.text("Court cards show"))
    _chosen("faces", faces, lambda: "spanish")  # when not drawn: from the address bar, else the first choice
    _chosen("courts", courts, lambda: "printed")
    st.query_params.update(faces=st.session_state.faces, courts=st.session_state.courts, lang=st.session_state.lang)
    theme = "dark" if st.context.theme.type == "dark" else "light"
    return CardStyle(
        style=st.session_state.faces,
        theme=theme,
        width=64,
        courts=st.session_state.courts,
        language=st.session_state.lang,
    )
