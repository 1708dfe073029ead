"""The board and puzzle positions as rows and HTML: every card the engine has, where it is, and what just happened."""

import random
from html import unescape

import pytest

from trainer import DECK, Deal, parse_cards, parse_play
from trainer.app.board import (
    board_html,
    board_rows,
    escoba_cards,
    escobas_said,
    last_play,
    match_markdown,
    pile_rows,
    position_html,
    position_rows,
    rows_html,
    score_markdown,
)
from trainer.app.card_style import CardStyle
from trainer.app.names import spoken_label, spoken_name
from trainer.app.rows import Row
from trainer.match import Match
from trainer.puzzles.kinds import CapturePuzzle, ChecksumPuzzle, ChoosePuzzle, ScorePuzzle
from trainer.simulate import play_randomly

COMMON = {"id": "t", "level": 1, "themes": ("making-15",), "title": "t"}
SPANISH, FRENCH = CardStyle(), CardStyle(style="french")


def alt(card, view=SPANISH, mark=None) -> str:
    return f'alt="{spoken_label(card, view, mark)}"'


def test_every_visible_card_is_drawn_and_hidden_hands_are_face_down():
    deal = Deal.new(seed=4)
    html = board_html(deal, face_up=(0,))
    assert all(alt(c) in html for c in (*deal.table, *deal.hands[0]))
    assert not any(spoken_label(c, SPANISH) in html for c in deal.hands[1])
    assert html.count('alt="face-down card"') == 3
    assert "Seat 1, dealer: 3 cards in hand · pile: empty" in html
    assert "You (seat 0): 3 cards in hand" in html
    assert "stock: 30 cards" in html


def test_board_rows_name_the_rows_a_learner_picks_from():
    deal = Deal.new(seed=4)
    rows = {row.name: row for row in board_rows(deal, FRENCH, face_up=(0,), pick=True)}
    assert rows["hand"].pick == "one" and rows["table"].pick == "many" and rows["seat-1"].pick is None
    assert [face.token for face in rows["hand"].faces] == [str(card) for card in deal.hands[0]]
    assert [face.token for face in rows["seat-1"].faces] == ["", "", ""]  # face down: nothing given away
    assert rows["table"].faces[0].label == spoken_label(deal.table[0], FRENCH)
    assert all(row.pick is None for row in board_rows(deal, FRENCH))


def test_a_capture_shows_the_card_played_and_the_cards_it_took_in_the_learners_words():
    deal = Deal.from_position(table=parse_cards("A♦ 4♣ 7♦ Q♠"), hands=[parse_cards("3♥ K♠"), parse_cards("2♠ 5♣")])
    after = deal.play(parse_play("3♥ A♦ 4♣ 7♦"))
    spanish, french = board_html(after, events=after.events), board_html(after, FRENCH, events=after.events)
    assert "Last play: 3♥ took A♦ 4♣ 7♦" in french
    assert "Last play: 3 of cups took ace of coins, 4 of clubs and 7 of coins" in spanish
    assert alt(after.events[0].play.card, mark="played") in spanish
    assert "You (seat 0): 1 card in hand · pile: 4 cards" in spanish
    assert 'class="escoba-moved"' in spanish and "prefers-reduced-motion" in spanish


def test_the_last_capturers_take_is_shown_apart_from_the_last_play():
    end = play_randomly(Deal.new(seed=7), random.Random(7))
    _, _, whole_table = last_play(end.events)
    html = board_html(end, events=end.events)
    worth = sum(card.value for card in end.remainder)
    assert whole_table is not None and whole_table.kind == "last-take"
    taker = "your side" if end.last_capturer == 0 else "the other side"
    assert f"At the end {taker} had made the latest capture, so it also gets the leftover cards, worth {worth}" in html
    final = [event for event in end.events if event.kind == "play"][-1]
    assert ("Last play:" in html) == bool(final.play.captured)  # a card laid down took nothing
    assert "the deal is over" in html


def test_an_initial_sweep_is_explained_with_its_escobas():
    front = parse_cards("2♦ 2♣ 2♠ 4♣ 4♠ 5♦ K♦ Q♥ J♣ 3♠")
    sweep = Deal.from_deck([*front, *(card for card in DECK if card not in front)])
    html = board_html(sweep, FRENCH, events=sweep.log)
    assert "took the first table, 3♠ J♣ Q♥ K♦, worth 30: 2 escobas (R9)" in html
    assert "Table · stock: 30 cards <span" in html and "— the table is empty</span>" in html  # one line, no box


def test_empty_rows_are_one_line_and_cards_shrink_on_a_phone():
    html = rows_html([Row("Your hand", (), empty="no cards in hand")], SPANISH)
    assert "Your hand" in html and "no cards in hand" in html and "<img" not in html and "min-height" not in html
    cards = board_html(Deal.new(seed=1))
    assert cards.count("width:clamp(44px,14vw,64px);height:auto") == cards.count("<img")


def test_view_refuses_unknown_settings():
    for bad in ({"style": "german"}, {"theme": "sepia"}, {"courts": "roman"}, {"width": 0}):
        with pytest.raises(ValueError):
            CardStyle(**bad)


def test_score_table_has_every_category_with_its_figures():
    end = play_randomly(Deal.new(seed=2), random.Random(2))
    a, b = end.score()
    table = score_markdown(end.score())
    assert f"| Most cards | {a.cards} ({a.card_count} cards) | {b.cards} ({b.card_count} cards) |" in table
    assert f"| **Total** | **{a.total}** | **{b.total}** |" in table
    assert "| 7 of coins |" in table and "| 7♦ |" in score_markdown(end.score(), view=FRENCH)
    assert table.splitlines()[2] == "| Category | Side 0 | Side 1 |"  # every header cell named, for screen readers


def test_r9_the_play_tables_pile_names_the_cards_its_escobas_were_made_with_in_every_language():
    deals = (play_randomly(Deal.new(seed=seed), random.Random(seed)) for seed in range(50))
    end = next(deal for deal in deals if sum(deal.escobas))
    side = 0 if end.escobas[0] else 1
    made = escoba_cards(end)[side]
    assert len(made) == end.escobas[side]  # each escoba is one card played, or one of a first table swept (R9)
    for language in ("en", "es", "ru", "it", "pl", "tr"):
        view = CardStyle(language=language)
        said = escobas_said(made, view)
        assert all(spoken_name(card, view) in said for card in made), language
    english = escobas_said(made, CardStyle())
    assert english.startswith("an escoba (" if len(made) == 1 else f"{len(made)} escobas (")
    assert english.endswith(")")
    assert escobas_said((), CardStyle()) == ""


def test_match_table_keeps_running_totals():
    match = Match.new(seed=3)
    for number in (1, 2):
        while not match.current.is_over:
            match = match.play(match.current.legal_plays()[0])
        if number == 1:
            match = match.next_deal()
    first, second = (done.scores for done in match.finished)
    table = match_markdown(match)
    assert f"| 1 | seat {match.finished[0].dealer} | {first[0].total} | {first[1].total} |" in table
    assert f"{first[0].total + second[0].total} – {first[1].total + second[1].total} |" in table


def test_puzzle_positions_show_what_the_question_needs_and_no_answers():
    choose = ChoosePuzzle(**COMMON, table=parse_cards("5♦ 3♣"), hand=parse_cards("7♠ 2♥"), goal="safe",
                          next_hand=parse_cards("K♦"))  # fmt: skip
    html = position_html(choose, FRENCH)
    assert "The next player holds" in html and "Your hand" in html
    assert "worth" not in html.split("alt=")[0]  # the table's total is for the learner to find
    hidden = position_html(ChecksumPuzzle(**COMMON, table=parse_cards("K♦ 3♥ 5♣"), ask="missing"))
    assert "one card face down" in hidden and hidden.count('alt="face-down card"') == 1
    score = unescape(
        position_html(ScorePuzzle(**COMMON, piles=(parse_cards("7♦ A♣"), parse_cards("K♠")), escobas=(1, 0)))
    )
    assert "Side A's pile: 2 cards, 1 escoba" in score and "Side B's pile: 1 card, 0 escobas" in score


def test_position_rows_let_the_learner_pick_what_the_puzzle_asks():
    choose = ChoosePuzzle(**COMMON, table=parse_cards("5♦ 3♣"), hand=parse_cards("7♠ 2♥"), goal="escoba")
    picks = {row.name: row.pick for row in position_rows(choose, SPANISH, pick=True) if row.name}
    assert picks == {"table": "many", "hand": "one"}
    capture = CapturePuzzle(**COMMON, table=parse_cards("5♦ 3♣ 2♥"), play=parse_cards("7♠")[0])
    rows = position_rows(capture, SPANISH, chosen=parse_cards("5♦"), pick=True)
    assert [(row.name, row.pick) for row in rows] == [("", None), ("table", "many")]
    assert [face.mark for face in rows[1].faces] == ["selected", None, None]
    assert all(row.pick is None for row in position_rows(capture, SPANISH))


def test_a_third_sides_pile_and_no_setenta_marks_where_the_rules_have_no_setenta():
    """V3: with three players each seat is a side of its own; V1: sevens has no setenta, so nothing is marked."""
    from trainer import PROFILES

    deal = Deal.from_position(
        table=(), hands=[(), (), ()], piles=[parse_cards("7♦ 6♥"), parse_cards("A♣"), parse_cards("7♠ 7♥")],
        profile=PROFILES["sevens"],
    )  # fmt: skip
    rows = pile_rows(deal, 2)
    assert rows[0].title.startswith("Side C's pile")
    assert not any("best" in face.label for row in rows for face in row.faces)
    classic = Deal.from_position(table=(), hands=[(), ()], piles=[parse_cards("7♦ 6♥"), parse_cards("A♣")])
    assert any(face.mark == "best" for row in pile_rows(classic, 0) for face in row.faces)


def test_a_first_table_taken_without_an_escoba_says_so():
    from trainer import PROFILES

    deals = (Deal.new(2, seed=seed, profile=PROFILES["sevens"]) for seed in range(400))
    deal = next(deal for deal in deals if any(e.kind == "sweep" for e in deal.log))
    texts = [row.title for row in board_rows(deal, events=deal.log)]
    assert any(text.endswith("with no escoba in these rules") for text in texts)


def test_a_board_is_worded_in_the_views_language():
    deal = Deal.new(seed=4)
    spanish = board_html(deal, CardStyle(language="es"), face_up=(0,))
    assert "Asiento 1, reparte: 3 cartas en la mano · montón: vacío" in spanish
    assert "Tú (asiento 0): 3 cartas en la mano" in spanish and "mazo: 30 cartas" in spanish
    assert spanish.count('alt="carta boca abajo"') == 3 and 'aria-label="Mesa de juego"' in spanish
    russian = board_html(deal, CardStyle(language="ru"), face_up=(0,))
    assert "Место 1, сдаёт: 3 карты на руке · стопка: пусто" in russian and "колода: 30 карт" in russian
    table = parse_cards("A♦ 4♣ 7♦ Q♠")
    after = Deal.from_position(table=table, hands=[parse_cards("3♥ K♠"), parse_cards("2♠ 5♣")])
    after = after.play(parse_play("3♥ A♦ 4♣ 7♦"))
    assert "Последний ход: 3 чаш, взято: туз монет, 4 жезлов и 7 монет" in board_html(
        after, CardStyle(language="ru"), events=after.events
    )
    assert "Última jugada: 3♥, que se llevó A♦ 4♣ 7♦" in board_html(
        after, CardStyle(style="french", language="es"), events=after.events
    )


def test_view_refuses_a_language_it_has_no_words_for():
    with pytest.raises(ValueError):
        CardStyle(language="xx")


def test_score_tables_word_every_category_as_the_engine_counts_it():
    from trainer import PROFILES
    from trainer.app.board import CATEGORY_LABELS
    from trainer.app.names import say
    from trainer.scoring import CATEGORIES, score_rows

    assert set(CATEGORY_LABELS) == set(CATEGORIES)
    for profile in PROFILES.values():
        for seed in range(3):
            scores = play_randomly(
                Deal.new(profile.players[0], seed=seed, profile=profile), random.Random(seed)
            ).score()
            table = score_markdown(scores, view=FRENCH)
            for label, *texts in score_rows(scores)[:-1]:
                assert f"| {say(label, FRENCH)[:1].upper()}{say(label, FRENCH)[1:]} | {' | '.join(texts)} |" in table


def test_r16_the_table_is_added_up_unless_its_sum_is_the_question():
    deal = Deal.new(seed=4)
    total = sum(card.value for card in deal.table)
    [shown] = [row.title for row in board_rows(deal) if row.name == "table"]
    [kept] = [row.title for row in board_rows(deal, table_worth=False) if row.name == "table"]
    assert shown.startswith(f"Table: 4 cards, worth {total} · ") and kept.startswith("Table: 4 cards · ")
