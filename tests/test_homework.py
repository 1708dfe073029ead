"""Homework on both stores: a teacher sets a class levels, a puzzle set or a match, each learner sees it, and each
item's result is read from what they did after it was set."""

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest
from store_kit import class_of
from test_store_games import SUMMARY, finished_deal

from trainer.progress.errors import NotYours
from trainer.progress.homework import ItemResult, choose_puzzles, played_as_set, results, standing
from trainer.progress.model import NO_SETTINGS, Attempt, HomeworkSettings, Learner
from trainer.progress.store import ProgressStore
from trainer.puzzles import load_puzzles
from trainer.puzzles.loader import bank_folder
from trainer.records import record_of

DUE = datetime(2027, 1, 15, 18, 0, tzinfo=UTC)


@pytest.fixture
def room(store: ProgressStore) -> tuple[Learner, int, Learner, Learner]:
    tere, class_id, (bea, cai) = class_of(store, "Bea", "Cai")
    return tere, class_id, bea, cai


def answer(puzzle: str, correct: bool, seconds: float, skipped: bool = False) -> Attempt:
    at = datetime.now(UTC)
    return Attempt(puzzle, "capture", 1, ("sum",), "practice", "7♦", correct, seconds, 0, skipped, at)


def test_a_puzzle_set_is_drawn_from_the_bank_by_theme_rule_set_and_level() -> None:
    bank = load_puzzles(bank_folder())
    drawn = choose_puzzles(bank, 5, theme="escoba", rules="classic", level=1, seed=3)
    by_id = {puzzle.id: puzzle for puzzle in bank}
    assert len(drawn) == 5 == len(set(drawn)) and drawn == choose_puzzles(bank, 5, "escoba", "classic", 1, seed=3)
    assert all("escoba" in by_id[p].themes and by_id[p].rules == "classic" and by_id[p].level == 1 for p in drawn)
    with pytest.raises(ValueError, match="no puzzle of the bank"):
        choose_puzzles(bank, 5, theme="no-such-theme")


def test_puzzle_homework_counts_each_learners_first_answer_after_it_was_set(store: ProgressStore, room: tuple) -> None:
    tere, class_id, bea, cai = room
    store.record_attempt(bea, dataclasses.replace(answer("p1", True, 2.0), at=datetime(2020, 1, 1, tzinfo=UTC)))
    homework = store.assign(tere, class_id, "puzzles", ("p1", "p2", "p3"), DUE)
    store.record_attempt(bea, first := answer("p1", False, 9.0))
    store.record_attempt(bea, answer("p1", True, 4.0))  # a second try: the first counts
    store.record_attempt(bea, answer("p2", False, 0.0, skipped=True))  # a skip is not done
    store.record_attempt(bea, answer("p3", True, 5.5))
    store.record_attempt(cai, answer("other", True, 1.0))
    assert store.homework(bea) == [homework] == store.class_assignments(tere, class_id)
    bea_result, cai_result = results(store, tere, homework)
    assert tuple(dataclasses.replace(item, at=None) for item in bea_result.items) == (
        ItemResult("p1", True, False, 9.0),
        ItemResult("p2", False),
        ItemResult("p3", True, True, 5.5),
    )
    assert bea_result.items[0].at == first.at  # when it was answered, to tell a late one
    assert (bea_result.done, bea_result.right, cai_result.done) == (2, 1, 0)
    assert [
        (mine.done, len(mine.items)) for mine in (standing(store, bea, homework), standing(store, cai, homework))
    ] == [
        (2, 3),
        (0, 3),
    ]
    assert standing(store, bea, homework).next_item == "p2" and standing(store, cai, homework).next_item == "p1"


def test_level_and_match_homework_read_stars_and_a_finished_match(store: ProgressStore, room: tuple) -> None:
    tere, class_id, bea, cai = room
    levels = store.assign(tere, class_id, "levels", ("values", "sums"), DUE)
    match = store.assign(tere, class_id, "match", ("expert",), DUE)
    store.record_stars(bea, "values", 2)
    later = datetime.now(UTC) + timedelta(minutes=1)
    store.save_game(bea, dataclasses.replace(SUMMARY, played_at=later), record_of(finished_deal()))  # not over
    assert results(store, tere, levels)[0].items == (
        ItemResult("values", True, stars=2),
        ItemResult("sums", False),
    )
    assert results(store, tere, match)[0].items == (ItemResult("expert", False),)
    over = dataclasses.replace(SUMMARY, played_at=later, over=True, won=SUMMARY.points > SUMMARY.against)
    store.save_game(bea, over, record_of(finished_deal()))
    [done] = results(store, tere, match)[0].items
    assert done.done and done.lost_per_play == pytest.approx(SUMMARY.lost / SUMMARY.decisions)
    sooner = store.assign(tere, class_id, "levels", ("values",), DUE - timedelta(days=1))
    assert store.homework(cai) == [sooner, levels, match]  # the soonest due first; due at once, the first set
    assert store.class_assignments(tere, class_id) == [match, levels, sooner]  # the teacher's: the latest due first


def test_only_the_classs_teacher_sets_or_reads_its_homework(store: ProgressStore, room: tuple) -> None:
    tere, class_id, bea, _ = room
    homework = store.assign(tere, class_id, "levels", ("values",), DUE)
    other = store.create_account("Otro", "https://id.example", "otro").learner
    store.set_teacher(other)
    for attempt in (
        lambda: store.assign(other, class_id, "levels", ("values",), DUE),
        lambda: store.assign(bea, class_id, "levels", ("values",), DUE),
        lambda: store.class_assignments(other, class_id),
        lambda: results(store, other, homework),
    ):
        with pytest.raises(NotYours):
            attempt()
    outsider = store.create_account("Eva", "https://id.example", "eva").learner
    assert store.homework(outsider) == []


@pytest.mark.parametrize(
    ("kind", "items", "message"),
    [
        ("essay", ("values",), "kind: 'essay' is not one of levels, puzzles, match"),
        ("levels", (), "items: 0 is not 1 to 100"),
        ("puzzles", ("../p1",), "is not an id"),
        ("match", ("wizard",), "a match is against one of"),
    ],
)
def test_bad_homework_is_refused_and_nothing_is_set(
    store: ProgressStore, room: tuple, kind: str, items: tuple[str, ...], message: str
) -> None:
    tere, class_id, *_ = room
    with pytest.raises(ValueError, match=message):
        store.assign(tere, class_id, kind, items, DUE)
    assert store.class_assignments(tere, class_id) == []


def test_homework_for_chosen_learners_reaches_them_alone_and_can_be_changed_and_deleted(
    store: ProgressStore, room: tuple
) -> None:
    tere, class_id, bea, cai = room
    homework = store.assign(tere, class_id, "levels", ("values",), DUE, learners=(cai.id,))
    assert store.homework(bea) == [] and store.homework(cai) == [homework]
    assert [row.learner for row in results(store, tere, homework)] == [cai]
    moved = dataclasses.replace(homework, items=("values", "sums"), due=DUE + timedelta(days=2), learners=())
    store.change_assignment(tere, moved)
    assert store.homework(bea) == [moved] == store.class_assignments(tere, class_id)
    stranger = store.create_account("Pia", "https://id.example", "pia").learner
    with pytest.raises(NotYours):  # homework is only for the class's own learners
        store.change_assignment(tere, dataclasses.replace(moved, learners=(stranger.id,)))
    store.delete_assignment(tere, moved)
    assert store.class_assignments(tere, class_id) == [] and store.homework(cai) == []


def test_a_match_counts_only_when_played_by_the_rule_set_table_and_target_set(
    store: ProgressStore, room: tuple
) -> None:
    tere, class_id, bea, _ = room
    settings = HomeworkSettings("sevens", players=2, target=15)
    homework = store.assign(tere, class_id, "match", ("expert",), DUE, settings)
    assert store.class_assignments(tere, class_id)[0].settings == settings
    later = datetime.now(UTC) + timedelta(minutes=1)
    over = dataclasses.replace(SUMMARY, played_at=later, over=True, won=True, points=16, against=9)
    store.save_game(bea, over, record_of(finished_deal()))  # classic: not as set
    assert results(store, tere, homework)[0].items == (ItemResult("expert", False),)
    store.save_game(bea, over, {**record_of(finished_deal()), "profile": "sevens", "target": 15})
    [done] = results(store, tere, homework)[0].items
    assert (done.done, done.won, done.points, done.at) == (True, True, (16, 9), later)
    assert not played_as_set({"profile": "sevens"}, 2, settings) and played_as_set({}, 4, NO_SETTINGS)


def test_a_learner_is_behind_once_the_due_time_passes_with_items_to_do_or_done_late(
    store: ProgressStore, room: tuple
) -> None:
    tere, class_id, bea, cai = room
    homework = store.assign(tere, class_id, "puzzles", ("p1",), datetime.now(UTC) - timedelta(hours=1))
    store.record_attempt(bea, answer("p1", True, 3.0))  # after the due time
    mine, theirs = standing(store, bea, homework), standing(store, cai, homework)
    assert mine.items[0].late(homework.due) and mine.behind(homework.due, datetime.now(UTC))
    assert theirs.behind(homework.due, datetime.now(UTC)) and not theirs.behind(homework.due, homework.due)
    with pytest.raises(ValueError, match="players"):
        HomeworkSettings("classic", players=3)
