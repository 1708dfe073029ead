"""Training runs with an injected clock, puzzle choice, review grades and scheduling, and answers kept whole."""

import random
import threading
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import fsrs
import pytest

from trainer.cards import parse_card, parse_cards
from trainer.i18n import translator
from trainer.progress.model import Attempt
from trainer.progress.sqlite import Store
from trainer.progress.training import (
    MODES,
    RUSH_SECONDS,
    Choice,
    Run,
    grade,
    highest_level,
    judge,
    keep_answer,
    needs_review,
    pick_next,
    schedule,
    slow_after,
)
from trainer.puzzles.kinds import CapturePuzzle, SetentaPuzzle

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def test_a_streak_ends_at_the_first_mistake_and_allows_one_skip():
    run = Run("streak", started=0)
    run.answer(True, now=1)
    run.skip()
    assert not run.can_skip()
    with pytest.raises(ValueError, match="one skip"):
        run.skip()
    run.answer(False, now=2)
    assert run.is_over(now=2) and run.ended == "One mistake ends a streak." and run.solved == 1


def test_a_rush_lasts_three_minutes_and_a_mistake_costs_ten_seconds():
    run = Run("rush", started=100)
    run.answer(False, now=110)
    assert run.time_left(now=110) == RUSH_SECONDS - 10 - 10
    assert not run.is_over(now=269)
    assert run.is_over(now=270) and run.ended == "Time is up."


def test_practice_never_ends_by_itself():
    run = Run("practice", started=0)
    for _ in range(5):
        run.answer(False, now=10_000)
    assert not run.is_over(now=10_000) and run.time_left(now=10_000) is None and run.can_skip()


def puzzle(pid: str, level: int) -> SetentaPuzzle:
    return SetentaPuzzle(id=pid, level=level, themes=("setenta",), title="t", pile=())


def test_next_puzzle_is_near_the_rating_and_unsolved_first():
    pool = [puzzle(f"p{level}", level) for level in range(1, 6)] + [puzzle("q3", 3)]
    assert pick_next(pool, 1500, random.Random(1)).level == 3
    assert pick_next(pool, 1880, random.Random(1)).id == "p5"
    assert pick_next(pool, 1500, random.Random(1), solved={"p3", "q3"}).level in (2, 4)
    assert pick_next(pool, 1500, random.Random(1), exclude={p.id for p in pool}) is None


def test_a_newcomer_is_served_one_level_more_every_few_answers_whatever_the_rating():
    pool = [puzzle(f"p{level}", level) for level in range(1, 6)]
    assert [highest_level(answered) for answered in range(20)] == [1] * 7 + [2] * 7 + [3] * 6
    assert pick_next(pool, 1900, random.Random(1), highest=highest_level(10)).level == 2
    assert pick_next(pool[3:], 1900, random.Random(1), highest=1).level == 5  # nothing that easy: the nearest
    assert pick_next(pool, 1900, random.Random(1), highest=highest_level(28)).level == 5


def test_a_choice_serves_its_rule_set_unless_it_is_any():
    classic, sevens = puzzle("c", 1), replace(puzzle("s", 2), rules="sevens")
    assert Choice("classic").admits(classic) and not Choice("classic").admits(sevens)
    assert Choice("sevens").admits(sevens) and not Choice("sevens").admits(classic)
    assert Choice("any").admits(classic) and Choice("any").admits(sevens)
    assert not Choice("any", level=1).admits(sevens) and not Choice("any", kind="capture").admits(sevens)
    assert Choice("classic", theme="setenta").admits(classic) and not Choice("classic", theme="sum").admits(classic)


@pytest.mark.parametrize(
    ("correct", "hints", "seconds", "expected"),
    [
        (False, 0, 5, fsrs.Rating.Again),
        (True, 1, 5, fsrs.Rating.Hard),
        (True, 0, slow_after(2) + 1, fsrs.Rating.Hard),
        (True, 0, slow_after(2) / 2, fsrs.Rating.Good),
        (True, 0, 2, fsrs.Rating.Easy),
    ],
)
def test_review_grades_follow_the_outcome(correct, hints, seconds, expected):
    assert grade(correct, hints, seconds, level=2) == expected


def test_missed_and_slow_puzzles_need_review_and_come_back_later_when_known():
    assert needs_review(fsrs.Rating.Again) and needs_review(fsrs.Rating.Hard)
    assert not needs_review(fsrs.Rating.Good)
    card, due = schedule(None, fsrs.Rating.Again, NOW)
    assert NOW < due <= NOW + timedelta(minutes=10)  # a miss comes back soon
    for _ in range(4):
        card, due = schedule(card, fsrs.Rating.Good, due)
    assert due > NOW + timedelta(days=3)  # once known, it waits days


def test_an_answer_keeps_attempt_rating_and_review_card_together(tmp_path):

    puzzle = CapturePuzzle(
        id="p", level=1, themes=("making-15",), title="", table=parse_cards("J♦ 2♣"), play=parse_card("7♥")
    )
    with Store.open(tmp_path) as saved:
        saved.create_profile("Ana")
        right = keep_answer(saved, "Ana", judge(puzzle, "jd", 5.0, 0, "practice", NOW))
        assert right.verdict.correct and right.after.rating > right.before.rating == 1500
        wrong = keep_answer(saved, "Ana", judge(puzzle, "2c", 5.0, 0, "practice", NOW))
        assert not wrong.verdict.correct and wrong.after.rating < wrong.before.rating == right.after.rating
        assert [(a.answer, a.correct, a.rating_after) for a in saved.attempts("Ana")] == [
            ("J♦", True, right.after.rating),
            ("2♣", False, wrong.after.rating),
        ]
        assert saved.get_rating("Ana")[0] == wrong.after.rating
        assert list(saved.review_cards("Ana")) == ["p"]  # only the miss is scheduled


def test_an_answer_sent_again_is_kept_once(store):
    """After an outage it is not known whether a save went through: sending the same judged answer again (the
    same moment, the same words) writes nothing more and leaves the rating as it stands."""
    puzzle = CapturePuzzle(
        id="p", level=1, themes=("making-15",), title="", table=parse_cards("J♦ 2♣"), play=parse_card("7♥")
    )
    answer = judge(puzzle, "2c", 5.0, 0, "practice", NOW)
    first = keep_answer(store, "Ana", answer)
    again = keep_answer(store, "Ana", answer)
    assert again.after == first.after == again.before
    assert [a.answer for a in store.attempts("Ana")] == ["2♣"]
    assert list(store.review_cards("Ana")) == ["p"]
    later = keep_answer(store, "Ana", judge(puzzle, "2c", 5.0, 0, "practice", NOW + timedelta(seconds=1)))
    assert later.after.rating < first.after.rating and len(store.attempts("Ana")) == 2


def test_an_answer_whose_review_fails_writes_nothing(tmp_path):

    with Store.open(tmp_path) as saved:
        saved.create_profile("Ana")
        attempt = Attempt("p", "capture", 1, ("sum",), "practice", "J♦", False, 3.0, 0, False, NOW)

        def broken(card_json):
            raise RuntimeError("the scheduler failed")

        with pytest.raises(RuntimeError):
            saved.record_answer("Ana", attempt, lambda stored: (1490.0, 190.0, 0.06), broken)
        assert saved.attempts("Ana") == [] and saved.get_rating("Ana") is None


def test_two_tabs_answering_at_once_lose_no_rating_update(tmp_path):

    with Store.open(tmp_path) as first:
        first.create_profile("Ana")
    attempt = Attempt("p", "capture", 1, ("sum",), "practice", "J♦", True, 3.0, 0, False, NOW)

    def step(stored):
        return ((stored[0] if stored else 1500.0) + 10.0, 100.0, 0.06)

    def tab(number):
        with Store.open(tmp_path) as saved:
            for answered in range(25):  # each answer at a moment of its own: the same one again is kept once
                at = NOW + timedelta(seconds=100 * number + answered)
                saved.record_answer("Ana", replace(attempt, at=at), step, lambda card: None)

    tabs = [threading.Thread(target=tab, args=(number,)) for number in range(2)]
    for thread in tabs:
        thread.start()
    for thread in tabs:
        thread.join()
    with Store.open(tmp_path) as saved:
        assert len(saved.attempts("Ana")) == 50
        assert saved.get_rating("Ana")[0] == 1500.0 + 50 * 10.0  # every update built on the one before


def test_a_run_keeps_its_average_time_and_why_it_ended_for_the_page_to_word():
    run = Run("rush", started=0)
    assert run.average is None
    run.answer(True, now=4, seconds=4.0)
    run.answer(False, now=10, seconds=8.0)
    assert run.average == 6.0
    assert run.is_over(now=RUSH_SECONDS) and translator("es").text(run.ended) == "Se acabó el tiempo."
    assert all(translator("ru").text(text) != text for text in MODES.values())  # marked, so translated
