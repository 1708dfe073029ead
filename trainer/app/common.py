"""What every page shares: the cached lessons and bank, and the card settings."""

from __future__ import annotations

import streamlit as st

from trainer.app.board import View
from trainer.lessons import Lesson, load_lessons


@st.cache_resource
def lessons() -> list[Lesson]:
    """The tutorial, replayed through the engine once per server."""
    return load_lessons()


def view() -> View:
    """Card faces from the sidebar setting, colours from the app's light or dark theme."""
    style = st.sidebar.radio(
        "Card faces",
        ["spanish", "french"],
        format_func={"spanish": "Spanish (oros, copas, bastos, espadas)", "french": "French (♦ ♥ ♣ ♠)"}.get,
        key="card_style",
    )
    theme = "dark" if st.context.theme.type == "dark" else "light"
    return View(style=style or "spanish", theme=theme, width=64)
