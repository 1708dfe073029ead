"""The app's own cookies. A Streamlit script cannot send a cookie with a response, so the page sets it, and
``st.context.cookies`` reads it back once the browser connects again (a new tab, a reload, another server).

Each is ``Path=/``, ``SameSite=Strict`` and, behind HTTPS, ``Secure``; being set by the page it cannot be
``HttpOnly``, so it holds only a random token that the database must still know (never a name or a secret)."""

from __future__ import annotations

import json
import re

import streamlit as st

#: What a cookie's name and value may hold: letters, digits and ``-_.`` (a token in URL-safe base64).
_TOKEN = re.compile(r"[A-Za-z0-9_.-]{1,200}")


def cookie(name: str) -> str | None:
    """The cookie's value as the browser sent it when this session connected; None if it sent none."""
    value = st.context.cookies.get(name)
    return value if isinstance(value, str) and _TOKEN.fullmatch(value) else None  # AppTest's context has no cookies


def set_cookie(name: str, value: str, max_age: int) -> None:
    """Have the browser keep ``name=value`` for ``max_age`` seconds."""
    _write(name, value, max_age)


def forget_cookie(name: str) -> None:
    """Have the browser drop the cookie."""
    _write(name, "", 0)


def _write(name: str, value: str, max_age: int) -> None:
    if not _TOKEN.fullmatch(name) or (value and not _TOKEN.fullmatch(value)):
        raise ValueError(f"not a cookie's name and value: {name!r}")
    text = f"{name}={value}; Max-Age={max_age}; Path=/; SameSite=Strict"
    script = (
        f"<script>const page = window.parent; page.document.cookie = {json.dumps(text)}"
        " + (page.location.protocol === 'https:' ? '; Secure' : '');</script>"
    )
    st.iframe(script, height=1)
