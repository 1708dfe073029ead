"""The time as the pages read it."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import streamlit as st


def now() -> float:
    """The time in seconds; tests put a ``clock`` function in the session to move time."""
    clock = st.session_state.get("clock", time.time)
    return float(clock())


def moment() -> datetime:
    """``now()`` as a UTC time, as the store takes it."""
    return datetime.fromtimestamp(now(), UTC)
