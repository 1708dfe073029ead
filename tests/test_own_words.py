"""The own-words check: texts cut into sentences and clauses, and a close rendering of a source scoring high where a
sentence in other words scores low, within a language and between two. The source texts here are made up for the
tests; the real sources are not part of the project."""

import pytest

from tools.own_words import clauses, course_texts, language, main, sentences, similarity, skeleton, words

SOURCE = "When the kettle boils and every cup is empty, the guest who arrived last pours the tea left in the old pot."


def test_a_sentence_is_cut_at_its_commas_semicolons_and_dashes_a_short_piece_joining_the_next() -> None:
    assert clauses("Give every player three cards, then four to the table; if they make 30 — two escobas.") == [
        "Give every player three cards",
        "then four to the table",
        "if they make 30 two escobas",
    ]


def test_a_text_is_cut_into_sentences_and_list_items() -> None:
    assert sentences("Play one card. Then take! • One point\nTwo points") == [
        "Play one card.",
        "Then take!",
        "One point",
        "Two points",
    ]


def test_cards_and_number_words_are_written_one_way() -> None:
    assert words("Four cards: 7♦ and 7d, Q♠", "en") == ["4", "cards", "7d", "and", "7d", "qs"]
    assert words("Четыре карты", "ru") == ["4", "карты"]


def test_a_near_copy_scores_high() -> None:
    copy = "When the kettle boils and all cups are empty, the guest who arrived last pours the tea left in the pot."
    assert similarity(copy, "en", SOURCE, "en") > 0.75


def test_a_rewrite_in_other_words_scores_low() -> None:
    rewrite = "Whoever came through the door most recently serves what remains once the water is hot and nobody drinks."
    assert similarity(rewrite, "en", SOURCE, "en") < 0.3


def test_a_copied_clause_inside_a_longer_sentence_is_found() -> None:
    sentence = "Remember this at the end: the guest who arrived last pours the tea left in the old pot."
    assert similarity(sentence, "en", SOURCE, "en") > 0.6


def test_a_translation_into_another_language_keeps_the_skeleton() -> None:
    russian = "Если у игрока после раздачи все четыре семёрки, его сторона получает 3 очка, а сдающий меняется."
    translated = "If a player after the deal holds all four sevens, his side gets 3 points, and the dealer changes."
    retold = "Three points more: that is what a pile with every seven in it brings."
    assert (
        skeleton(translated, "en")
        == skeleton(russian, "ru")
        == [*("player", "deal", "all", "4", "seven", "side", "3", "point", "deal")]
    )
    assert similarity(translated, "en", russian, "ru") > 0.6
    assert similarity(retold, "en", russian, "ru") < 0.3


def test_spanish_is_compared_with_italian_by_its_words() -> None:
    italian = "La famiglia visita la città antica e prepara la pasta fresca con le olive verdi e il formaggio."
    spanish = "La familia visita la ciudad antigua y prepara la pasta fresca con las olivas verdes y el queso."
    assert similarity(spanish, "es", italian, "it") > 0.5


@pytest.mark.parametrize(
    ("paragraph", "lang"),
    [
        ("Игрок берёт карты со стола", "ru"),
        ("The player takes the cards from the table", "en"),
        ("Il gatto di mia sorella dorme sul divano e la casa resta tranquilla", "it"),
        ("Gracz bierze karty ze stołu i nie jest to koniec", "pl"),
        ("Oyuncu masadaki kartları alır ve bir puan kazanır", "tr"),
    ],
)
def test_a_source_paragraph_s_language_is_read_from_its_letters_and_little_words(paragraph: str, lang: str) -> None:
    assert language(paragraph) == lang


def test_the_check_fails_above_its_bound_and_names_the_course_sentence(tmp_path, capsys):
    """A source folder holding a level's text word for word: the run prints where the text is, and fails."""
    text = next(text for text in course_texts() if "levels/" in text.where and len(text.text.split()) > 8)
    (tmp_path / "source.txt").write_text(f"The first line of the source.\n{text.text}\n", encoding="utf-8")
    level = text.where.rsplit(":", 1)[0]
    assert main([str(tmp_path), "--only", level, "--fail-above", "0.9", "--top", "1"]) == 1
    printed = capsys.readouterr().out
    assert f"words    {text.where}\n" in printed
    assert "(source.txt:2)" in printed
