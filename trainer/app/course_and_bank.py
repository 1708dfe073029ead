"""The course and the puzzle bank, loaded and checked once per server."""

from __future__ import annotations

import streamlit as st

from trainer.course import Level, load_levels
from trainer.puzzles import Puzzle, load_puzzles
from trainer.puzzles.loader import bank_folder

BANK = bank_folder()


@st.cache_resource
def course() -> list[Level]:
    """The course's levels, built through the engine once per server."""
    return load_levels()


@st.cache_resource
def bank() -> dict[str, Puzzle]:
    """The puzzle bank by id, loaded and checked once per server."""
    return {puzzle.id: puzzle for puzzle in load_puzzles(BANK)}
