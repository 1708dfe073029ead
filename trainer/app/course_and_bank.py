"""The course and the puzzle bank, loaded and checked once per server, and a level named as lists of them name it."""

from __future__ import annotations

import streamlit as st

from trainer.course import Level, Track, load_levels, tracks
from trainer.i18n import Translator
from trainer.puzzles import Puzzle, load_puzzles
from trainer.puzzles.loader import bank_folder

BANK = bank_folder()


@st.cache_resource
def course() -> list[Level]:
    """The course's levels, built through the engine once per server."""
    return load_levels()


@st.cache_resource
def course_tracks() -> dict[str, Track]:
    """The course's tracks by name: the core path, then the other tables."""
    return tracks(course())


@st.cache_resource
def bank() -> dict[str, Puzzle]:
    """The puzzle bank by id, loaded and checked once per server."""
    return {puzzle.id: puzzle for puzzle in load_puzzles(BANK)}


def level_place(level: Level, t: Translator) -> str:
    """A level by its number in its track and its title, the other tables' track named: "level 3, …" in the core
    path, "Other tables, level 2, …" after it."""
    number, title = course_tracks()[level.track].number(level), t.text(level.title)
    if level.track == "core":
        return t.text("level {number}, {title}", number=number, title=title)
    return t.text("Other tables, level {number}, {title}", number=number, title=title)
