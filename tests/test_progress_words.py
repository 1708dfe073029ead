"""The Progress page's figures in words: English as it always was, and each language's own words and numbers."""

from datetime import UTC, datetime

from trainer.app.progress_words import match_lines, named, rating_summary, share_line
from trainer.app.topics import TOPICS, topic
from trainer.i18n import translator
from trainer.progress.model import GameSummary
from trainer.progress.stats import Accuracy
from trainer.puzzles import KINDS
from trainer.puzzles.catalog import THEMES

ENGLISH, SPANISH, RUSSIAN = (translator(code) for code in ("en", "es", "ru"))


def test_the_rating_is_described_in_words():
    assert rating_summary([1500.0], ENGLISH) == "Your rating is 1500; it moves after each answer."
    assert (
        rating_summary([1500.0, 1520.4], ENGLISH)
        == "From 1500 to 1520 over 1 answer; the lowest was 1500, the highest 1520."
    )
    assert rating_summary([1500.0, 1460.0, 1530.0], ENGLISH).startswith("From 1500 to 1530 over 2 answers;")


def test_the_rating_is_described_with_each_language_s_plural():
    assert rating_summary([1500.0, 1460.0, 1530.0], RUSSIAN).startswith("С 1500 до 1530 за 2 ответа;")
    assert rating_summary([1500.0] * 6, RUSSIAN).startswith("С 1500 до 1500 за 5 ответов;")
    assert rating_summary([1500.0, 1510.0], SPANISH).startswith("De 1500 a 1510 en 1 respuesta;")


def test_a_share_of_right_answers_is_written_as_each_language_writes_a_percentage():
    assert share_line(Accuracy("escoba", 3, 5), ENGLISH) == "escoba: 60% (3 of 5 right)"
    [row] = named([Accuracy("making-15", 3, 5)], SPANISH)
    assert share_line(row, SPANISH) == "sumar 15: 60\xa0% (3 de 5 acertadas)"


def test_every_kind_and_theme_of_the_bank_has_a_name_to_translate():
    assert set(TOPICS) == set(KINDS) | set(THEMES)
    assert topic("three-way-ties", RUSSIAN) == "ничьи на троих"
    assert [topic(code, ENGLISH) for code in ("court-cards", "setenta-duel", "escoba")] == [
        "court cards",
        "setenta duel",
        "escoba",
    ]  # words, not codes
    assert topic("{odd}", RUSSIAN) == "{odd}"  # an unknown code is shown as stored, never read as a message


def test_a_match_is_listed_in_the_learner_s_words_and_decimals():
    match = GameSummary(datetime(2026, 1, 2, 9, 30, tzinfo=UTC), "greedy", 2, 21, 14, True, 2, 0.5, True, 2.25)
    english, spanish = (match_lines([match], t).splitlines()[-1] for t in (ENGLISH, SPANISH))
    assert english == "| 2026-01-02 09:30 | Steady, 2 players | 21 – 14 | won | 0.25 | +2.25 |"
    assert spanish == "| 2026-01-02 09:30 | Firme, 2 jugadores | 21 – 14 | ganada | 0,25 | +2,25 |"
