"""The settings, in the sidebar or on the Settings page, kept across pages and in the address bar: the language, and
how cards are drawn."""

from __future__ import annotations

from collections.abc import Callable, Collection

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from trainer.app.card_style import CardStyle
from trainer.i18n import SOURCE, Translator, languages, translator


def tr() -> Translator:
    """The translator for this session's language: ``?lang=es`` in the address bar, else the browser's language
    (``es-AR`` reads Spanish), else English. The session keeps the choice, as it keeps the card settings, and once
    the profile is known, its own language wins over the browser's (``trainer.app.profile_sidebar``)."""
    offered = languages()

    def browser() -> str:  # asked only on the session's first run: reading the browser's locale is not free
        language = (st.context.locale or "").replace("_", "-").split("-")[0].lower()
        return language if language in offered else SOURCE

    if "lang" not in st.session_state and st.query_params.get("lang") in offered:
        st.session_state.lang_chosen = True  # a link that names a language: kept with the profile, as a choice
    return translator(_chosen("lang", offered, browser))


def card_style(where: DeltaGenerator = st.sidebar) -> CardStyle:
    """The language, and card faces from the settings drawn in ``where`` (kept in the address bar), colours from the
    light or dark theme: the board and the cards' names speak the session's language."""
    t = tr()  # first: the session's language is chosen before its picker is drawn
    with where:
        _setting("lang", languages(), t.text("Language"), then=_language_chosen)
    faces = {"spanish": t.text("Spanish: oros, copas, espadas, bastos"), "french": t.text("French: ♦ ♥ ♠ ♣")}
    courts = {"printed": t.text("10, 11, 12, as printed on a Spanish deck"), "letters": "J, Q, K"}
    with where.expander(t.text("Cards"), key="cards", on_change="rerun") as settings:
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


def _language_chosen() -> None:
    """The picker changed the language: the next run keeps it with the profile."""
    st.session_state.lang_chosen = True
    st.session_state.pop("lang_for", None)


def _chosen(key: str, choices: Collection[str], default: Callable[[], str]) -> str:
    """A setting kept under ``key`` across pages, first taken from the address bar so a link keeps it, else from
    ``default()``."""
    if key not in st.session_state:
        wanted = st.query_params.get(key)
        st.session_state[key] = wanted if wanted in choices else default()
    chosen: str = st.session_state[key]
    return chosen


def _setting(key: str, choices: dict[str, str], label: str, then: Callable[[], None] | None = None) -> None:
    """A choice of a setting (``_chosen``), the first choice unless the address bar says otherwise; ``then``
    is called when the learner changes it.

    The radio has a key of its own: Streamlit forgets a widget's state on a page that does not draw it.
    """
    st.session_state[f"_{key}"] = _chosen(key, choices, lambda: next(iter(choices)))

    def keep() -> None:
        st.session_state[key] = st.session_state[f"_{key}"]
        if then is not None:
            then()

    st.radio(label, list(choices), format_func=choices.__getitem__, key=f"_{key}", on_change=keep)
