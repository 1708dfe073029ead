"""Figures for the Progress page: accuracy with its counts, the rating's axis, and stored text made plain."""

from datetime import UTC, datetime

import pytest

from trainer.app.svg import contrast_ratio
from trainer.progress.model import Attempt
from trainer.progress.stats import (
    ACCENT,
    accuracy,
    groups_of,
    plain,
    rating_domain,
    rating_history,
    recent_mistakes,
    strengths_and_weak_spots,
)

WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def tried(
    kind: str,
    themes: tuple[str, ...],
    correct: bool,
    skipped: bool = False,
    after: float | None = None,
    puzzle: str = "p",
    answer: str = "5♦",
):
    return Attempt(puzzle, kind, 1, themes, "practice", answer, correct, 3.0, 0, skipped, WHEN, rating_after=after)


def test_accuracy_counts_right_answers_per_theme_and_leaves_skips_out():
    tries = [
        tried("capture", ("sum", "escoba"), True),
        tried("capture", ("sum",), False),
        tried("choose", ("escoba",), False),
        tried("choose", ("escoba",), True, skipped=True),
    ]
    by_theme = accuracy(groups_of(tries), "theme")
    assert [(r.name, r.right, r.answers) for r in by_theme] == [("escoba", 1, 2), ("sum", 1, 2)]
    by_kind = accuracy(groups_of(tries), "kind")
    assert [(r.name, r.right, r.answers, r.percent) for r in by_kind] == [
        ("capture", 1, 2, 50.0),
        ("choose", 0, 1, 0.0),
    ]


def test_strengths_and_weak_spots_need_enough_answers_and_keep_the_counts():
    tries = [tried("capture", ("sum",), ok) for ok in (True, True, True, False)]
    tries += [tried("capture", ("escoba",), ok) for ok in (False, False, True)]
    tries += [tried("capture", ("rare",), False)]
    best, worst = strengths_and_weak_spots(groups_of(tries), count=1)
    assert [(row.name, row.right, row.answers) for row in best] == [("sum", 3, 4)]
    assert [(row.name, row.right, row.answers) for row in worst] == [("escoba", 1, 3)]


def test_a_theme_is_never_both_a_strength_and_a_weak_spot():
    tries = [tried("capture", ("sum",), ok) for ok in (True, True, True, False)]
    tries += [tried("capture", ("escoba",), ok) for ok in (False, False, True)]
    best, worst = strengths_and_weak_spots(groups_of(tries))  # room for three of each, but two themes in all
    assert ([row.name for row in best], [row.name for row in worst]) == (["sum"], ["escoba"])
    tries += [tried("choose", ("safe",), False) for _ in range(3)]
    best, worst = strengths_and_weak_spots(groups_of(tries))
    assert ([row.name for row in best], [row.name for row in worst]) == (["sum"], ["safe", "escoba"])  # 1 of 3
    best, worst = strengths_and_weak_spots(groups_of(tries[:4]))  # one theme: a strength, not also a weak spot
    assert ([row.name for row in best], worst) == (["sum"], [])


def test_recent_mistakes_name_each_puzzle_once_with_its_latest_miss_newest_first():
    tries = [
        tried("capture", ("sum",), False, puzzle="a", answer="1"),
        tried("capture", ("sum",), False, puzzle="b", answer="2"),
        tried("capture", ("sum",), False, puzzle="a", answer="3"),
        tried("capture", ("sum",), True, puzzle="c"),
        tried("capture", ("sum",), False, puzzle="d", skipped=True),
    ]
    assert [(a.puzzle_id, a.answer) for a in recent_mistakes(tries)] == [("a", "3"), ("b", "2")]
    assert [a.puzzle_id for a in recent_mistakes(tries, count=1)] == ["a"]


def test_rating_history_starts_at_the_starting_rating_until_the_window_is_full():
    assert rating_history([1520.0, 1490.0], window=3) == [1500.0, 1520.0, 1490.0]
    assert rating_history([1520.0, 1490.0, 1510.0], window=3) == [1520.0, 1490.0, 1510.0]


@pytest.mark.parametrize(
    ("ratings", "domain"),
    [([1500.0], (1480, 1520)), ([1500.0, 1512.0, 1493.0], (1470, 1540)), ([1100.0, 1900.0], (1020, 1980))],
)
def test_the_rating_axis_starts_just_below_the_figures_not_at_zero(ratings, domain):
    low, high = rating_domain(ratings)
    assert (low, high) == domain
    assert low < min(ratings) and high > max(ratings)


@pytest.mark.parametrize(
    ("stored", "shown"),
    [
        ("7♦ takes A♣", "7♦ takes A♣"),
        ("![x](http://example.invalid/p.png)", "\\!\\[x\\]\\(http\u2060\\://example\\.invalid/p\\.png\\)"),
        ("www.example.org or ana@example.org", "www\u2060\\.example\\.org or ana@\u2060example\\.org"),
        ("<b>bold</b>", r"\<b\>bold\</b\>"),
        (":red[alarm] :material/home: $x$", r"\:red\[alarm\] \:material/home\: \$x\$"),
        ("# one\n* two", r"\# one \* two"),
        (r"a\b &amp; `c`", r"a\\b \&amp; \`c\`"),
    ],
)
def test_plain_escapes_every_mark_markdown_or_html_would_read(stored, shown):
    assert plain(stored) == shown


def test_plain_cuts_a_long_text_at_its_limit():
    assert plain("a" * 201) == "a" * 200 + "…" and plain("b" * 200) == "b" * 200


def test_the_chart_red_is_readable_on_white_and_on_the_dark_theme():
    assert contrast_ratio(ACCENT, "#ffffff") >= 4.5
    assert contrast_ratio(ACCENT, "#0e1117") >= 3
    assert contrast_ratio(ACCENT, "#171614") >= 3
