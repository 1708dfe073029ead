"""The Progress page's charts, drawn in Python: an SVG line and bars of plain HTML.

A few kilobytes each, drawn at once by the browser with no chart library to load, in the app's
colours on light and dark, and readable without sight: the line is an image with a text
alternative, and every bar carries its figures as text.

>>> svg = line_svg([1500, 1520, 1490], low=1460, high=1540, label="Rating after each answer")
>>> svg.count("<circle"), 'aria-label="Rating after each answer"' in svg
(3, True)
"""

from __future__ import annotations

import base64
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from xml.sax.saxutils import quoteattr

from trainer.i18n import SOURCE, Translator, translator
from trainer.progress.stats import ACCENT, Accuracy


@dataclass(frozen=True)
class Ink:
    """The colours of a chart: the data, its text, the grid and the empty part of a bar."""

    data: str
    text: str
    grid: str
    track: str


INKS = {
    "light": Ink(data=ACCENT, text="#31333f", grid="#dcdcdc", track="rgba(200,54,61,.14)"),
    "dark": Ink(data=ACCENT, text="#fafafa", grid="#45464d", track="rgba(200,54,61,.28)"),
}
_STEPS = (0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
_LEFT, _RIGHT, _TOP, _BOTTOM = 50, 14, 12, 44
_ENGLISH = translator(SOURCE)


def ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values for an axis from ``low`` to ``high``, at most ``most`` of them; whole numbers where the axis is
    wide enough.

    >>> ticks(1460, 1540), ticks(0, 0.4), ticks(0, 65_000)
    ([1460, 1480, 1500, 1520, 1540], [0, 0.1, 0.2, 0.3, 0.4], [0, 20000, 40000, 60000])
    """
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValueError(f"an axis needs finite ends, not {low} to {high}")
    for step in _steps():
        if (high - low) / step > most:
            continue  # too many ticks: also keeps low / step finite
        first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
        if last - first + 1 <= most:
            return [_round(k * step) for k in range(first, last + 1)]
    return [_round(low), _round(high)]  # an axis wider than the largest float: its ends


def _steps() -> Iterator[float]:
    """The steps between ticks, smallest first: ``_STEPS``, then 1, 2, 2.5 and 5 times each higher power of ten
    that a float holds, so that every finite axis finds one."""
    yield from _STEPS
    for power in range(4, 309):
        yield from (float(f"{digits}e{power}") for digits in (1, 2, 2.5, 5) if digits * 10.0**power < math.inf)


def _round(value: float) -> float:
    """A tick as it is written: 0.3 rather than 0.30000000000000004, 20 rather than 20.0."""
    value = round(value, 6)
    return int(value) if value == int(value) and abs(value) < 1e15 else value  # 1e+20 rather than its 21 digits


def line_svg(
    values: Sequence[float],
    *,
    low: float,
    high: float,
    label: str,
    along: str = "answers",
    first: int = 0,
    ink: Ink = INKS["light"],
    t: Translator = _ENGLISH,
    width: int = 480,
    height: int = 220,
) -> str:
    """Values in order as a line on an axis from ``low`` to ``high``, with a dot per value while they are few;
    ``along`` names what the values follow one another by, and ``first`` is the number of the first value (a rating
    starts at 0 answers, the points lost at match 1). Its numbers are written as the language of ``t`` writes them."""
    if not values or high <= low:
        raise ValueError("a line needs at least one value and an axis with high above low")
    if not all(math.isfinite(value) for value in (*values, low, high)):
        raise ValueError("a line is drawn of finite values on a finite axis")
    plot_w, plot_h = width - _LEFT - _RIGHT, height - _TOP - _BOTTOM

    def x(i: int) -> float:
        return _LEFT + (plot_w * i / (len(values) - 1) if len(values) > 1 else plot_w / 2)

    def y(value: float) -> float:
        return _TOP + plot_h * (high - value) / (high - low)

    font = f'font-family="sans-serif" font-size="15" fill="{ink.text}"'
    parts = []
    for tick in ticks(low, high):
        parts.append(f'<line x1="{_LEFT}" x2="{width - _RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" ')
        parts.append(f'stroke="{ink.grid}"/><text x="{_LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" {font}>')
        parts.append(f"{t.decimal(tick, '0.###')}</text>")
    last = len(values) - 1
    for i in sorted({0, last}):
        parts.append(f'<text x="{x(i):.1f}" y="{_TOP + plot_h + 18}" text-anchor="middle" {font}>{first + i}</text>')
    parts.append(f'<text x="{_LEFT + plot_w / 2}" y="{height - 4}" text-anchor="middle" {font}>{escape(along)}</text>')
    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts.append(f'<polyline points="{points}" fill="none" stroke="{ink.data}" stroke-width="2.5"/>')
    if len(values) <= 60:
        parts += [f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.5" fill="{ink.data}"/>' for i, v in enumerate(values)]
    size = f'width="{width}" height="{height}" viewBox="0 0 {width} {height}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} role="img" aria-label={quoteattr(label)}>'
        f"<title>{escape(label)}</title>{''.join(parts)}</svg>"
    )


def chart_image(svg: str, label: str) -> str:
    """An SVG chart as an image as wide as the page up to 640 pixels, named for screen readers."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    style = "width:100%;max-width:640px;height:auto"
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(label)}" style="{style}">'


def bars_html(rows: Sequence[Accuracy], ink: Ink = INKS["light"], t: Translator = _ENGLISH) -> str:
    """One bar per row, over a faint full-length track so that 0% still shows, with its figures beside it in the
    language of ``t``."""
    lines = [
        f'<span style="overflow-wrap:anywhere">{escape(row.name)}</span>'
        f'<div style="background:{ink.track};border-radius:4px;height:1.4em">'
        f'<div style="width:{row.percent:.1f}%;background:{ink.data};border-radius:4px;height:100%"></div></div>'
        f'<span style="white-space:nowrap">{escape(_figures(row, t))}</span>'
        for row in rows
    ]
    grid = "display:grid;grid-template-columns:minmax(6em,28%) 1fr auto;gap:6px 10px;align-items:center"
    return f'<div style="{grid};color:{ink.text}">{"".join(lines)}</div>'


def _figures(row: Accuracy, t: Translator) -> str:
    share = t.percent(row.right / row.answers)
    return t.text("{percent} · {right} of {answers}", percent=share, right=row.right, answers=row.answers)
