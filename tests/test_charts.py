"""The Progress charts drawn in Python: axes near the data, every figure as text, stored text escaped."""

import math
import re

import pytest

from trainer.app.charts import INKS, bars_html, line_svg, ticks
from trainer.i18n import translator
from trainer.progress.stats import Accuracy


def test_ticks_are_round_and_stay_inside_the_axis():
    assert ticks(1460, 1540) == [1460, 1480, 1500, 1520, 1540]
    assert ticks(1203, 1797) == [1300, 1400, 1500, 1600, 1700]
    assert all(len(ticks(1000, high)) <= 6 for high in range(1010, 3000, 37))


def test_the_line_starts_near_the_data_and_has_a_dot_per_answer():
    svg = line_svg([1500, 1520, 1490, 1530], low=1460, high=1540, label="rating", ink=INKS["dark"])
    heights = [float(y) for y in re.findall(r'cy="([\d.]+)"', svg)]
    assert len(heights) == 4 and heights[2] == max(heights) and heights[3] == min(heights)  # lower on screen = lower
    assert re.findall(r'text-anchor="end"[^>]*>(\d+)<', svg) == ["1460", "1480", "1500", "1520", "1540"]  # not from 0
    assert INKS["dark"].text in svg


def test_a_long_history_is_a_line_without_dots():
    assert "<circle" not in line_svg(list(range(1400, 1500)), low=1390, high=1510, label="rating")


def test_a_line_needs_values_and_an_axis():
    with pytest.raises(ValueError, match="at least one value"):
        line_svg([], low=0, high=1, label="x")
    with pytest.raises(ValueError):
        line_svg([5], low=10, high=10, label="x")


def test_bars_give_their_figures_as_text_and_escape_names():
    html = bars_html([Accuracy("<b>x</b>", 0, 4), Accuracy("sum", 3, 5)])
    assert "0% · 0 of 4" in html and "60% · 3 of 5" in html
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert "width:0.0%" in html and "width:60.0%" in html


def test_the_axis_below_is_numbered_from_the_first_value():
    numbers = re.compile(r'text-anchor="middle"[^>]*>(\d+)</text>')
    assert numbers.findall(line_svg([1500, 1510, 1505], low=1400, high=1600, label="rating")) == ["0", "2"]
    assert numbers.findall(line_svg([0.2, 0.1], low=0, high=0.5, label="lost", along="matches", first=1)) == ["1", "2"]
    assert numbers.findall(line_svg([0.2], low=0, high=0.5, label="lost", along="matches", first=1)) == ["1"]


@pytest.mark.parametrize("high", [1e4, 65_000, 3622 * 40, 1e12, 1e308, 1.7976931348623157e308])
def test_any_finite_axis_gets_a_few_round_ticks(high: float) -> None:
    marks = ticks(0, high)
    assert 2 <= len(marks) <= 6 and marks[0] == 0 and marks[-1] <= high
    assert "<svg" in line_svg([0.0, high], low=0, high=high, label="Points lost")


@pytest.mark.parametrize("bad", [math.inf, -math.inf, math.nan])
def test_a_value_or_an_axis_that_is_not_finite_is_refused_plainly(bad: float) -> None:
    with pytest.raises(ValueError, match="finite"):
        line_svg([1.0, bad], low=0, high=2, label="x")
    with pytest.raises(ValueError, match="finite"):
        ticks(0, bad)


def test_the_axis_is_numbered_as_the_language_writes_numbers():
    spanish = line_svg([0.2, 0.1], low=0, high=0.5, label="perdidos", along="partidas", first=1, t=translator("es"))
    english = line_svg([0.2, 0.1], low=0, high=0.5, label="lost", along="matches", first=1)
    numbers = re.compile(r'text-anchor="end"[^>]*>([^<]+)<')
    assert numbers.findall(spanish) == ["0", "0,1", "0,2", "0,3", "0,4", "0,5"]
    assert numbers.findall(english) == ["0", "0.1", "0.2", "0.3", "0.4", "0.5"]


def test_an_axis_either_side_of_zero_has_ticks_on_both_sides() -> None:
    # the luck of the cards, a few points either way
    assert ticks(-4, 4) == [-4, -2, 0, 2, 4] and ticks(-2, 2) == [-2, -1, 0, 1, 2]
