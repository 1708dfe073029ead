"""A teacher's class table, on both stores: each learner's figures as the store holds them, and the CSV of it."""

import csv
import io
from datetime import timedelta

import pytest
from store_kit import CARD, T0, class_of
from test_store_games import SUMMARY, finished_deal

from trainer.progress.classes import class_csv, class_table, table_csv
from trainer.progress.errors import NotYours
from trainer.progress.model import Attempt, Learner
from trainer.progress.store import ProgressStore
from trainer.records import record_of

HEADERS = ["learner", "levels", "stars", "rating", "answers", "right", "weak", "due", "matches", "lost", "last"]


def answer(puzzle: str, themes: tuple[str, ...], correct: bool, minutes: int) -> Attempt:
    return Attempt(
        puzzle, "capture", 1, themes, "practice", "7♦", correct, 3.0, 0, False, T0 + timedelta(minutes=minutes)
    )


@pytest.fixture
def room(store: ProgressStore) -> tuple[Learner, int, Learner, Learner]:
    """Tere's class with Bea, who has done a little of everything, and Cai, who has done nothing yet."""
    tere, class_id, (bea, cai) = class_of(store, "Bea", "-Cai")  # "-Cai": a spreadsheet would take a formula
    for minutes, (themes, correct) in enumerate([(("sum",), True)] * 3 + [(("sevens",), False)] * 3):
        store.record_attempt(bea, answer(f"p{minutes}", themes, correct, minutes))
    store.record_stars(bea, "values", 3)
    store.record_stars(bea, "sums", 2)
    store.set_rating(bea, 1612.4, 90.0, 0.06)
    store.save_review_card(bea, "p3", CARD, T0)
    store.save_review_card(bea, "p4", CARD, T0 + timedelta(days=30))
    store.save_game(bea, SUMMARY, record_of(finished_deal()))  # 18 plays reviewed, 1.25 points lost
    return tere, class_id, bea, cai


def test_each_learner_gets_a_row_of_what_the_store_holds(store: ProgressStore, room: tuple) -> None:
    tere, class_id, bea, cai = room
    rows = class_table(store, tere, class_id, T0 + timedelta(days=1))
    assert [row.learner for row in rows] == [cai, bea]  # by name, as the store lists members
    empty, busy = rows
    assert (empty.levels_done, empty.stars, empty.rating, empty.answers, empty.percent_right) == (0, 0, None, 0, None)
    assert (empty.matches, empty.lost_per_play, empty.last_active, empty.weak_spot) == (0, None, None, None)
    assert (busy.levels_done, busy.stars, busy.rating, busy.answers, busy.right) == (2, 5, 1612.4, 6, 3)
    assert busy.percent_right == 50 and busy.weak_spot is not None and busy.weak_spot.name == "sevens"
    assert busy.reviews_due == 1 and busy.matches == 1 and busy.lost_per_play == pytest.approx(1.25 / 18)
    assert busy.last_active == T0 + timedelta(minutes=5)  # the latest answer: the match was saved at T0


def test_another_teacher_gets_no_table(store: ProgressStore, room: tuple) -> None:
    _, class_id, bea, _ = room
    other = store.create_account("Otro", "https://id.example", "otro").learner
    store.set_teacher(other)
    for asking in (other, bea):
        with pytest.raises(NotYours):
            class_table(store, asking, class_id, T0)


def test_the_csv_has_every_column_and_every_theme_and_no_formula(store: ProgressStore, room: tuple) -> None:
    tere, class_id, *_ = room
    text = class_csv(class_table(store, tere, class_id, T0 + timedelta(days=1)), HEADERS)
    header, cai, bea = list(csv.reader(io.StringIO(text)))
    assert header == [*HEADERS, "sevens", "sum"]
    assert cai == ["'-Cai", "0", "0", "", "0", "", "", "0", "0", "", "", "", ""]
    assert bea[:10] == ["Bea", "2", "5", "1612", "6", "50", "sevens", "1", "1", "0.07"]
    assert bea[10].startswith("2025-03-01T12:05") and bea[11:] == ["0", "100"]


def test_a_table_as_shown_becomes_csv_with_no_cell_a_spreadsheet_would_run() -> None:
    table = {"Learner": ["Bea", "=cmd()"], "1": ["right", "–"], "Late": ["", "late"]}
    assert list(csv.reader(io.StringIO(table_csv(table)))) == [
        ["Learner", "1", "Late"],
        ["Bea", "right", ""],
        ["'=cmd()", "–", "late"],
    ]
