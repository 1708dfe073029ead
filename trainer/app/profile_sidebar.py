"""The learner's profile and rule set, chosen in the sidebar (or on the Settings page) or, on a club's server, signed
in to; and the profile's own upkeep there: a new one, a new name, deleting it, rows that could not be read."""

from __future__ import annotations

from typing import NoReturn

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from trainer.app.course_and_bank import course, course_tracks
from trainer.app.navigation import pages
from trainer.app.settings import tr
from trainer.app.signin import club, signed_in
from trainer.app.store_access import club_server, said_or_told, saving
from trainer.course import teaching_level
from trainer.i18n import languages
from trainer.profile import PROFILES, RuleProfile
from trainer.progress.model import Learner
from trainer.progress.stats import plain
from trainer.progress.store import NAME_LENGTH, ProgressStore
from trainer.progress.transfer import EXPORT_MIME, EXPORT_SUFFIX, export_file


def profile(saved: ProgressStore, where: DeltaGenerator = st.sidebar) -> Learner:
    """The learner's profile. On a club's server (``signin.club``), the one signed in to, whatever the address says.
    Else chosen in ``where`` (the sidebar, or the Settings page's main area) and kept in the address bar
    (``?profile=Ana``) so that a reload or a new tab keeps it; a first one is made on first use. The rule set is
    chosen there too.

    The session holds the profile by its row id: renamed in another tab, it is still this learner's, under its new
    name; deleted there, the page says so and asks which profile to go on with, and nothing is saved meanwhile. The
    choice is kept under "learner", apart from the select box's own key: Streamlit forgets a widget's state on a
    page that has not drawn it yet, and the address loses its query on a change of page.
    """
    if (settings := club()) is not None:
        learner = signed_in(saved, settings)
        st.session_state.learner = learner
        _language_of(saved, learner)
        with where:
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
    with where:
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
                "The link names a profile, “{name}”, that is not here; choose one in the sidebar or on the Settings "
                "page.",
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


def _keep_learner(by_name: dict[str, Learner]) -> None:
    st.session_state.learner = by_name[st.session_state.profile]


def rules() -> RuleProfile:
    """The rule set the learner plays by, as ``profile`` read it this run."""
    chosen: RuleProfile = st.session_state.rules
    return chosen


def _choose_rules(saved: ProgressStore, player: Learner) -> None:
    """The rule set (and target, where it has a choice of them), kept with the learner's profile; a rule set of
    another table links to the level that teaches it."""
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
        help=t.text("How you play: the classic game with the setenta, or the rules of another table."),
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
    if (teaching := teaching_level(course(), current.name)) is not None:
        number = course_tracks()[teaching.track].number(teaching)
        label = t.text("Learn these rules: Other tables, level {number}", number=number)
        st.page_link(pages()["learn"], label=label, query_params={"level": teaching.id, "stage": "1"})


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
        lambda: export_file(saved.export_profile(learner)),
        file_name=f"escoba-trainer-{learner.name}{EXPORT_SUFFIX}",
        mime=EXPORT_MIME,
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
        if club_server():  # a learner is not shown where the server keeps its files or its database
            st.success(t.text("They are kept apart on the server for its administrator; the rest of your progress is "
                              "untouched."))  # fmt: skip
        else:
            st.success(
                t.text("They are kept in {path}; the rest of your progress is untouched.", path=plain(str(kept)))
            )
