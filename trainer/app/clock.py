"""The time as the pages read it."""

from __future__ import annotations

import time

import streamlit as st


def now() -> float:
    """The time in seconds; tests put a ``clock`` function in the session to move time."""
    clock = st.session_state.get("clock", time.time)
    return float(clock())
