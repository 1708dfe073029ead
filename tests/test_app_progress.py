"""The Progress page with no answers, with some, with matches, with stored text that must stay plain, and in each
language."""

import base64
import re
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_i18n import TRANSLATED, catalog, english_in, shown

from trainer import Deal
from trainer.course import load_levels
from trainer.i18n import LOCALES
from trainer.progress.model import Attempt, GameSummary
from trainer.progress.sqlite import Store
from trainer.progress.stats import plain
from trainer.records import record_of

APP = str(Path(__file__).parent.parent / "streamlit_app.py")
PAGE = "trainer/app/views/progress.py"
T0 = datetime(2026, 1, 1, tzinfo=UTC)
TRAP = "![x](http://example.invalid/p.png) <b>bold</b>"


def keep(data: Path, tries: list[tuple[str, str, tuple[str, ...], str, bool]]) -> None:
    """Store attempts as (puzzle id, kind, themes, answer, right) for the profile Player, rating each."""
    with Store.open(data) as saved:
        saved.create_profile("Player")
        rating = 1500.0
        for number, (puzzle_id, kind, themes, answer, right) in enumerate(tries):
            rating += 12 if right else -9
            when = T0 + timedelta(minutes=number)
            attempt = Attempt(puzzle_id, kind, 1, themes, "practice", answer, right, 4.0, 0, False, when, rating, 90.0)
            saved.record_attempt("Player", attempt)
        saved.set_rating("Player", rating, 90.0, 0.06)


def keep_matches(data: Path) -> None:
    """Store a match won against Steady and one under way against Strong with a partner, for the profile Player."""
    deal = Deal.new(seed=4)
    with Store.open(data) as saved:
        if not saved.learners():
            saved.create_profile("Player")
        won = GameSummary(T0, "greedy", 2, 21, 14, True, 8, 2.0, won=True, luck=-1.5)
        open_ = GameSummary(T0 + timedelta(days=1), "expert", 4, 6, 9, False, 4, 1.0)
        for match in (won, open_):
            saved.save_game("Player", match, record_of(deal))


def open_progress(code: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    if code:
        at.query_params["lang"] = code
    at.run()  # the pages are known by their url_path only after a first run
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def test_with_no_answers_the_page_says_so_and_offers_the_export(data):
    at = open_progress()
    assert at.info[0].value.startswith("No puzzle answers yet.")
    assert (at.metric[0].label, at.metric[0].value) == ("Rating (± 400)", "1500")
    assert [h.value for h in at.header] == ["Keep or move your progress"]
    assert not [h for h in at.get("html") if "<img" in h.proto.body or "grid-template" in h.proto.body]
    assert at.get("download_button")


def test_charts_come_with_their_figures_as_text_and_headings_keep_their_levels(data):
    tries = [("capture-l1-sota", "capture", ("sum", "escoba"), "J♦", True)] * 3
    tries += [("capture-l1-rey", "capture", ("sum",), "2♣", False)] * 2
    tries += [("capture-l1-caballo", "choose", ("setenta",), "A♣", False)]
    keep(data, tries)
    at = open_progress()
    assert [t.value for t in at.title] == ["Progress"]
    assert not at.subheader
    assert [h.value for h in at.header] == [
        "Rating over time",
        "Accuracy by kind",
        "Accuracy by theme",
        "Strengths",
        "Weak spots",
        "Recent mistakes",
        "Keep or move your progress",
    ]
    assert (at.metric[0].label, at.metric[0].value) == ("Rating (± 180)", "1509")
    assert at.metric[1].value == "6"
    summary = "From 1500 to 1509 over 6 answers; the lowest was 1500, the highest 1536."
    assert at.caption[0].value == summary
    line, by_kind, by_theme = (h.proto.body for h in at.get("html") if "<img" in h.proto.body or "grid" in h.proto.body)
    assert f'alt="Line chart of your rating after each answer. {summary}"' in line
    assert bar_figures(by_kind) == [("capture", "60% · 3 of 5"), ("choose", "0% · 0 of 1")]
    assert bar_figures(by_theme) == [("escoba", "100% · 3 of 3"), ("setenta", "0% · 0 of 1"), ("sum", "60% · 3 of 5")]
    assert at.columns[0].markdown[0].value == "- escoba: 100% (3 of 3 right)"
    assert at.columns[1].markdown[0].value == "- sum: 60% (3 of 5 right)"


def bar_figures(html: str) -> list[tuple[str, str]]:
    """Each bar's name and figures, as the page writes them (HTML entities read back)."""
    texts = [unescape(t) for t in re.findall(r"<span[^>]*>([^<]*)</span>", html)]
    return list(zip(texts[::2], texts[1::2], strict=True))


def test_stored_answers_and_themes_are_shown_as_written_not_read_as_markdown_or_html(data):
    keep(data, [("capture-l1-sota", "capture", ("<b>odd</b>",), TRAP, False)] * 3)
    at = open_progress()
    labels = [link.proto.label for link in at.get("page_link")]
    assert labels and all(f"you answered {plain(TRAP)}): try again" in label for label in labels)
    assert all("![" not in label and "<b>" not in label for label in labels)
    weak_spots = at.columns[1].markdown[0].value
    assert weak_spots == r"- \<b\>odd\</b\>: 0% (0 of 3 right)"
    by_theme = [h.proto.body for h in at.get("html") if "grid" in h.proto.body][1]
    assert bar_figures(by_theme) == [("<b>odd</b>", "0% · 0 of 3")] and "<b>odd" not in by_theme  # escaped


def test_the_course_stars_are_counted_and_listed_level_by_level_each_track_apart(data):
    with Store.open(data) as saved:
        saved.create_profile("Player")
        saved.record_stars("Player", "values", 3)
        saved.record_stars("Player", "escoba", 1)
        saved.record_stars("Player", "sevens", 2)
    at = open_progress()
    core, other = (sum(level.track == track for level in load_levels()) for track in ("core", "other"))
    stars = {m.label: m.value for m in at.metric}
    assert (stars["Course stars"], stars["Other tables' stars"]) == (f"4 of {3 * core}", f"2 of {3 * other}")
    assert [e.label for e in at.expander][:2] == [
        f"The course: 2 of {core} levels done",
        f"Other tables: 1 of {other} levels done",
    ]
    core_list, other_list = (m.value for m in at.markdown if m.value.startswith("- 1. "))
    assert "- 1. What each card is worth: 3 of 3 stars" in core_list and "The escoba: 1 of 3 stars" in core_list
    assert other_list.startswith("- 1. Sevens: take when you can: 2 of 3 stars")  # numbered within its track


def test_matches_are_counted_by_level_and_listed_one_by_one(data):
    keep_matches(data)
    at = open_progress()
    tables = [m.value for m in at.markdown if m.value.startswith("|")]
    assert tables[0].splitlines()[::2] == [
        "| The computer | Matches | Won | Lost | Unfinished |",
        "| Steady | 1 | 1 | 0 | 0 |",
    ]
    assert tables[1].splitlines()[2:] == [
        "| 2026-01-02 00:00 | Strong, with a partner | 6 – 9 | unfinished | 0.25 | — |",
        "| 2026-01-01 00:00 | Steady, 2 players | 21 – 14 | won | 0.25 | -1.50 |",
    ]
    captions = [c.value for c in at.caption]
    assert captions[-2].startswith("Points lost per play, match by match: 0.25 in the latest, 0.25 on average.")
    assert captions[-1].startswith("The luck of the cards, match by match: -1.50 in the latest, -1.50 on average")
    charts = [h.proto.body for h in at.get("html") if "<img" in h.proto.body]
    assert any('alt="Line chart of the luck of the cards in each match.' in chart for chart in charts)
    assert [e.label for e in at.main.expander][-1] == "Each match, newest first"


@pytest.mark.parametrize("code", TRANSLATED)
def test_progress_with_answers_and_matches_is_wholly_translated(data, code):
    tries = [("capture-l1-sota", "capture", ("making-15", "court-cards"), "J♦", True)] * 3
    tries += [("capture-l1-rey", "choose", ("escoba",), "", False)] * 3
    keep(data, tries)
    keep_matches(data)
    at = open_progress(code)
    assert at.get("page_link") and at.get("download_button")
    assert "0,25" in at.caption[-2].value  # the points lost per play, with the language's decimal comma
    assert "-1,50" in at.caption[-1].value  # the luck of the cards
    same = {m.id for m in catalog(LOCALES / code / "LC_MESSAGES" / "messages.po", code) if m.string == m.id}
    same.add("Player")  # the profile's name, as it was written, not a message
    course = [level.title for level in load_levels()]  # the course's own words, not the catalogue's
    texts = [text for text in page_texts(at) if not any(title in text for title in course)]
    assert [english for english in english_in(texts) if english not in same] == []  # "escoba" is Spanish


def page_texts(at: AppTest) -> list[str]:
    """Every text a reader of Progress meets: those ``shown`` reads, each cell of a table, the figures' labels and
    help, the notes, the upload's label and the words of the charts, their descriptions and their axes."""
    texts = [*shown(at), *(e.value for kind in ("info", "success") for e in at.get(kind))]
    texts += [part for m in at.metric for part in (m.label, m.proto.help)]
    texts += [w.proto.label for kind in ("download_button", "file_uploader") for w in at.get(kind)]
    texts += [cell.strip() for text in list(texts) for cell in text.split("|")]
    for html in (h.proto.body for h in at.get("html")):
        svgs = [base64.b64decode(data).decode() for data in re.findall(r"base64,([^\"]+)", html)]
        for part in (html, *svgs):
            texts += [unescape(a or b).strip() for a, b in re.findall(r'>([^<>]+)<|alt="([^"]*)"', part)]
    return [text for text in texts if text]


def test_a_theme_is_never_both_a_strength_and_a_weak_spot_and_each_mistake_is_listed_once(data):
    tries = [("capture-l1-sota", "capture", ("sum",), answer, False) for answer in ("2♣", "3♣")]
    tries += [("capture-l1-rey", "capture", ("sum",), "4♣", False), ("capture-l1-rey", "capture", ("sum",), "3♦", True)]
    tries += [("capture-l1-caballo", "capture", ("escoba",), "6♦", True)] * 3
    keep(data, tries)
    at = open_progress()
    strengths, weak_spots = (column.markdown[0].value for column in at.columns[:2])
    assert (strengths, weak_spots) == ("- escoba: 100% (3 of 3 right)", "- sum: 25% (1 of 4 right)")
    labels = [link.proto.label for link in at.get("page_link")]
    assert len(labels) == 2 and "you answered 4♣" in labels[0] and "you answered 3♣" in labels[1]  # newest first
