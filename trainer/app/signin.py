"""Signing in on a club's server: the ``[club]`` table of ``secrets.toml`` turns it on.

A learner signs in with an OpenID provider configured under ``[auth]`` (``st.login``), or with the code of a class,
their name and the password their teacher gave them. Either way the session then holds that one profile: nothing on
any page, and nothing in the address, can choose another.

Each sign-in starts a session in the database (``trainer.progress.sessions``) whose token the browser keeps in a
cookie, so a new tab, a reload or another server of the club goes on with it; every run checks it. Once it ends
(a sign-out in any tab, a new password, a removal from the class) or expires, the page forgets everything the
session held. A provider's own cookie signs in only with a live session, or as a fresh sign-in that started none yet:
one copied before a sign-out does not sign in again.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, MutableMapping
from typing import Any

import streamlit as st

from trainer.app import clients, cookies
from trainer.app.clock import moment
from trainer.app.club_setup import missing_settings, provider_names
from trainer.app.settings import tr
from trainer.app.store_access import club_server, said_or_told, saving
from trainer.progress import accounts, sessions
from trainer.progress.model import Account, Learner, Session
from trainer.progress.stats import plain
from trainer.progress.store import CODE_LENGTH, NAME_LENGTH, ProgressStore

#: The cookie that holds the session's token.
SESSION_COOKIE = "escoba_session"
#: What a sign-out keeps of the session: how this device shows the pages (the language, the cards), no learner's.
DEVICE_SETTINGS = ("lang", "faces", "courts")


def secrets() -> dict[str, Any]:
    """The tables of the server's ``secrets.toml`` (none where it has no such file)."""
    try:
        return st.secrets.to_dict()
    except FileNotFoundError:
        return {}


def club() -> dict[str, Any] | None:
    """The server's ``[club]`` settings, or None where there are none: the app then keeps local profiles (which
    ``not_set_up`` allows on this computer only)."""
    settings = secrets().get("club")
    return dict(settings) if isinstance(settings, dict) else None


def providers() -> list[str | None]:
    """The OpenID providers to offer, by their name under ``[auth]`` (None: the one set in ``[auth]`` itself)."""
    auth = secrets().get("auth")
    return provider_names(auth) if isinstance(auth, dict) else []


def not_set_up() -> bool:
    """Whether this server must serve no one, as its settings are not complete (``trainer.app.club_setup``); if so,
    the page says what its administrator has still to set, and nothing else. A club's server shows no one an
    error's details, which may name a file or the database."""
    if not club_server():  # local profiles on this computer: nothing to read or check
        return False
    st.set_option("client.showErrorDetails", "none")
    if missing := missing_settings(secrets()):
        st.error(
            tr().text(
                "This server is not set up yet, so it serves no one. Its administrator has still to fill in, in "
                "secrets.toml: {missing}.",
                missing="; ".join(missing),
            )
        )
    return bool(missing)


def signed_in(saved: ProgressStore, settings: dict[str, Any]) -> Learner:
    """The signed-in learner's profile, with the sidebar's account actions; until someone signs in, the sign-in
    form (and, after a first sign-in with a provider, the choice of a name), and the page goes no further."""
    account = _account(saved)
    if account is None:
        _sign_in_page(saved)
        st.stop()
    admin = _from_provider() and accounts.is_admin(
        {claim: st.user.get(claim) for claim in ("email", "email_verified")}, settings.get("admins")
    )
    roles = {"teacher": account.teacher, "admin": admin}
    if any(st.session_state.get(role, False) != holds for role, holds in roles.items()):  # the pages listed change
        st.session_state.update(roles)
        st.rerun()
    clients.keep_device()
    with st.sidebar:
        if cookies.cookie(SESSION_COOKIE) != (token := st.session_state.signed_in):
            cookies.set_cookie(SESSION_COOKIE, token, int(sessions.LONGEST.total_seconds()))
        st.caption(tr().text("Signed in as {name}", name=plain(account.learner.name)))
        st.button(tr().text("Sign out"), on_click=_sign_out, args=(saved,))
        if not account.teacher and _from_provider():  # one a teacher made is in their class already
            with st.expander(tr().text("Join a class")):
                _join_class(saved, account.learner)
            if settings.get("teacher_code"):
                with st.expander(tr().text("I teach here")):
                    _teacher_code(saved, account.learner, str(settings["teacher_code"]))
    if account.one_time:  # the password the teacher made up was for this one sign-in
        _one_time_page(saved, account.learner)
        st.stop()
    return account.learner


def _one_time_page(saved: ProgressStore, learner: Learner) -> None:
    t = tr()
    st.title(t.text("Choose your own password"))
    st.write(
        t.text(
            "The password your teacher gave you works only once. Choose one of your own now, of at least {n} "
            "characters, and keep it to yourself.",
            n=accounts.PASSWORD_LENGTH[0],
        )
    )
    _password_form(saved, learner, one_time=True)


def own_password(saved: ProgressStore, learner: Learner) -> None:
    """On a club's server, for a learner who signs in by a password (a provider's user changes theirs there): a new
    one of their own, given the one they have now."""
    if club() is None or _from_provider():
        return
    st.header(tr().text("Change your password"))
    _password_form(saved, learner, one_time=False)


def _password_form(saved: ProgressStore, learner: Learner, one_time: bool) -> None:
    """A new password, twice; and, unless the learner is replacing a one-time password, the one they have now."""
    t, most = tr(), accounts.PASSWORD_LENGTH[1]
    with st.form(f"own_password_{one_time}", border=False):
        if not one_time:
            st.text_input(t.text("Your password now"), type="password", max_chars=most, key="own_old_password")
        st.text_input(t.text("New password"), type="password", max_chars=most, key="own_new_password")
        st.text_input(t.text("New password again"), type="password", max_chars=most, key="own_new_again")
        label = t.text("Keep this password") if one_time else t.text("Change the password")
        st.form_submit_button(label, type="primary", on_click=_change_password, args=(saved, learner, one_time))
    if st.session_state.pop("password_changed", False):
        st.success(t.text("Your password is changed. Any other device you had signed in on is signed out."))
    if (error := st.session_state.pop("password_error", None)) is not None:
        st.error(plain(error))
    wait_notice("password_wait")


@saving
def _change_password(saved: ProgressStore, learner: Learner, one_time: bool) -> None:
    state, t = st.session_state, tr()
    old = None if one_time else state.pop("own_old_password", "")
    new, again = state.pop("own_new_password", ""), state.pop("own_new_again", "")
    if new != again:
        state.password_error = t.text("The two new passwords differ: type the same one twice.")
        return
    try:
        if accounts.change_password(saved, learner, old, new, state.get("signed_in"), clients.client(club() or {})):
            state.password_changed = True
        else:
            state.password_error = t.text("That is not the password you have now.")
    except accounts.TooManyGuesses as error:
        state.password_wait = error.seconds
    except ValueError as error:
        state.password_error = said_or_told(error)


def _from_provider() -> bool:
    return bool(st.user.get("is_logged_in"))


def _account(saved: ProgressStore) -> Account | None:
    """The account of this session's live sign-in, whose token this tab holds or the browser's cookie brought;
    None if there is none. A sign-in that ended since is forgotten with all the session held, and said."""
    token = _token()
    session = sessions.live(saved, token, moment()) if token is not None else None
    if session is not None:
        st.session_state.signed_in = token
    elif token is not None:
        _forget_learner()
        st.session_state.signed_out = True
        if not _from_provider():
            st.rerun()  # the page drawn again without what the session held
    if _from_provider():
        return _provider_account(saved, session)
    return None if session is None else session.account


def _token() -> str | None:
    """The token of this tab's sign-in; else, on the session's first run, the one the browser's cookie brought."""
    state = st.session_state
    if (held := state.get("signed_in")) is not None:
        return str(held)
    if state.get("cookie_read"):
        return None
    state.cookie_read = True  # kept through a sign-out: the cookie it came with is no one's once read
    return cookies.cookie(SESSION_COOKIE)


def _provider_account(saved: ProgressStore, session: Session | None) -> Account | None:
    """The provider's user's account if their session is live, or if this is their fresh sign-in and it starts one
    now; else the provider's cookie is signed out (``st.logout``). None too before a first sign-in's name."""
    issuer, subject = str(st.user.get("iss") or ""), str(st.user.get("sub") or "")
    if session is not None and (session.issuer, session.subject) == (issuer, subject):
        return session.account
    if (account := saved.account(issuer, subject)) is None:
        return None
    if not _start(saved, account.learner, provider=True):
        _forget_learner()
        st.logout()
        return None
    return account


def _start(saved: ProgressStore, learner: Learner, provider: bool = False) -> bool:
    """Start a session of the learner's, held by this tab and, through its cookie, by the browser. A provider's
    sign-in starts one only while fresh, and only once; False if it does not."""
    signed_in_at = sessions.fresh_sign_in(st.user.get("iat"), moment()) if provider else None
    if provider and signed_in_at is None:
        return False
    token = sessions.start(saved, learner, moment(), signed_in_at)
    if token is None:
        return False
    st.session_state.signed_in = token
    for left in ("learner", "signed_out", "forget_cookie"):  # a sign-in ended before, said no more
        st.session_state.pop(left, None)
    return True


def _forget_learner() -> None:
    """Clear everything the session held (the learner, their last puzzle and answer, runs under way...) but this
    device's settings and its token (``clients``); the address keeps only the settings. The browser is told to
    forget the session's cookie."""
    state = st.session_state
    forget_all_but(state, (*DEVICE_SETTINGS, "cookie_read", "device_token"))
    state.forget_cookie = True
    shown = {key: st.query_params[key] for key in DEVICE_SETTINGS if key in st.query_params}
    st.query_params.clear()
    st.query_params.update(shown)


def forget_all_but(state: MutableMapping[Any, Any], kept: Iterable[str]) -> None:
    """Delete every key of ``state`` but the ``kept`` ones, one by one. Not ``state.clear()``: on Streamlit's
    session state that stops, silently, at the first key whose value cannot be read (a widget's value not yet
    registered in this run), and so could leave a signed-out learner in the tab that was told to forget them."""
    keep = set(kept)
    for key in [key for key in state if key not in keep]:
        del state[key]


def _sign_in_page(saved: ProgressStore) -> None:
    t = tr()
    if st.session_state.pop("forget_cookie", False):
        with st.sidebar:
            cookies.forget_cookie(SESSION_COOKIE)
    st.title(t.text("Sign in"))
    if st.session_state.get("signed_out", False):  # said until someone signs in, whatever reruns the page
        st.info(t.text("You were signed out. Sign in again to go on."))
    if _from_provider():
        if sessions.fresh_sign_in(st.user.get("iat"), moment()) is None:  # a provider's cookie from long ago
            st.logout()
        else:
            _choose_name(saved)
        return
    for provider in providers():
        label = (
            t.text("Sign in with {provider}", provider=provider) if provider else t.text("Sign in with your account")
        )
        st.button(label, on_click=st.login, args=(provider,) if provider else (), key=f"login_{provider}")
    st.subheader(t.text("With a class code"))
    with st.form("class_sign_in", border=False):
        st.text_input(t.text("Class code"), max_chars=CODE_LENGTH + 4, key="sign_in_code")
        st.text_input(t.text("Your name"), max_chars=NAME_LENGTH, key="sign_in_name")
        st.text_input(
            t.text("Password"), type="password", max_chars=accounts.PASSWORD_LENGTH[1], key="sign_in_password"
        )
        st.form_submit_button(t.text("Sign in"), type="primary", on_click=_sign_in, args=(saved,))
    if st.session_state.pop("sign_in_refused", False):
        st.error(t.text("The class code, the name or the password is not right. Ask your teacher if you are not sure."))
    wait_notice("sign_in_wait")


def wait_notice(key: str) -> None:
    """After too many wrong guesses, how long until the next one is taken."""
    if (seconds := st.session_state.pop(key, None)) is not None:
        t, whole = tr(), math.ceil(seconds)
        if whole < 60:  # the first waits are seconds long
            st.error(t.plural("Too many wrong tries. Try again in {n} second.",
                              "Too many wrong tries. Try again in {n} seconds.", max(1, whole)))  # fmt: skip
        else:
            st.error(t.plural("Too many wrong tries. Try again in {n} minute.",
                              "Too many wrong tries. Try again in {n} minutes.", math.ceil(whole / 60)))  # fmt: skip


@saving  # an outage is said as one, and counts as no guess
def _sign_in(saved: ProgressStore) -> None:
    state = st.session_state
    password = state.pop("sign_in_password", "")
    try:
        learner = accounts.sign_in(
            saved, state.sign_in_code, state.sign_in_name, password, clients.client(club() or {})
        )
    except accounts.TooManyGuesses as error:
        state.sign_in_wait = error.seconds
        return
    if learner is None:
        state.sign_in_refused = True
    else:
        _start(saved, learner)
        state.keep_device = True


def _choose_name(saved: ProgressStore) -> None:
    """A first sign-in with a provider: the learner chooses the name others see, the provider's offered first."""
    t = tr()
    st.write(t.text("Welcome! Choose the name your teacher and your club will see."))
    offered = str(st.user.get("name") or st.user.get("given_name") or "")[:NAME_LENGTH]
    with st.form("choose_name", border=False):
        st.text_input(t.text("Name"), value=offered, max_chars=NAME_LENGTH, key="chosen_name")
        st.form_submit_button(t.text("Go on"), type="primary", on_click=_make_account, args=(saved,))
    if "name_error" in st.session_state:
        st.error(plain(st.session_state.pop("name_error")))
    st.button(t.text("Sign out"), on_click=_sign_out, args=(saved,))


@saving
def _make_account(saved: ProgressStore) -> None:
    try:
        made = saved.create_account(st.session_state.chosen_name, str(st.user.get("iss")), str(st.user.get("sub")))
        _start(saved, made.learner, provider=True)
    except ValueError as error:
        st.session_state.name_error = said_or_told(error)


@saving
def _sign_out(saved: ProgressStore) -> None:
    """End the session everywhere it is held, and leave nothing of it in this tab for the next learner. If the
    database cannot be reached, nothing is ended, and the page says it could not be saved."""
    if (token := st.session_state.get("signed_in")) is not None:
        sessions.end(saved, token)
    _forget_learner()
    if _from_provider():
        st.logout()


def _teacher_code(saved: ProgressStore, learner: Learner, configured: str) -> None:
    t = tr()
    with st.form("teacher_code", border=False):
        st.text_input(t.text("The teachers' code of this server"), type="password", key="given_teacher_code")
        st.form_submit_button(t.text("Teach"), on_click=_become_teacher, args=(saved, learner, configured))
    if st.session_state.pop("teacher_refused", False):
        st.error(t.text("That is not the teachers' code."))
    if (refused := st.session_state.pop("teacher_error", None)) is not None:
        st.error(plain(refused))
    wait_notice("teacher_wait")


@saving
def _become_teacher(saved: ProgressStore, learner: Learner, configured: str) -> None:
    given = st.session_state.pop("given_teacher_code", "")
    try:
        if not accounts.become_teacher(saved, learner, given, configured, clients.client(club() or {})):
            st.session_state.teacher_refused = True
    except accounts.TooManyGuesses as error:
        st.session_state.teacher_wait = error.seconds
    except ValueError as error:  # an administrator took the right to teach away
        st.session_state.teacher_error = said_or_told(error)


def _join_class(saved: ProgressStore, learner: Learner) -> None:
    t = tr()
    with st.form("join_class", border=False):
        st.text_input(t.text("Class code"), max_chars=CODE_LENGTH + 4, key="join_code")
        st.form_submit_button(t.text("Join"), on_click=_join, args=(saved, learner))
    if (joined := st.session_state.pop("joined", None)) is not None:
        st.success(t.text("You are in the class {name} now.", name=plain(joined)))
    if (refused := st.session_state.pop("join_error", None)) is not None:
        st.error(plain(refused))
    wait_notice("join_wait")


@saving
def _join(saved: ProgressStore, learner: Learner) -> None:
    try:
        code = st.session_state.pop("join_code", "")
        st.session_state.joined = accounts.join_class(saved, learner, code, clients.client(club() or {})).name
    except ValueError as error:
        st.session_state.join_error = said_or_told(error)
    except accounts.TooManyGuesses as error:
        st.session_state.join_wait = error.seconds
