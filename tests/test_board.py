"""The board and puzzle positions as HTML: every card the engine has, where it is, and what just happened."""

import random

from trainer import DECK, Deal, parse_cards, parse_play
from trainer.app.board import View, board_html, last_play, position_html, score_markdown
from trainer.app.svg import card_label
from trainer.puzzles.kinds import ChecksumPuzzle, ChoosePuzzle
from trainer.simulate import play_randomly

COMMON = {"id": "t", "level": 1, "themes": ("making-15",), "title": "t"}


def test_every_visible_card_is_drawn_and_hidden_hands_are_face_down():
    deal = Deal.new(seed=4)
    html = board_html(deal, face_up=(0,))
    assert all(card_label(c) in html for c in (*deal.table, *deal.hands[0]))
    assert not any(card_label(c) in html for c in deal.hands[1])
    assert html.count('alt="face-down card"') == 3
    assert "stock: 30 cards" in html


def test_a_capture_shows_the_card_played_and_the_cards_it_took():
    deal = Deal.from_position(table=parse_cards("A♦ 4♣ 7♦ Q♠"), hands=[parse_cards("3♥ K♠"), parse_cards("2♠ 5♣")])
    after = deal.play(parse_play("3♥ A♦ 4♣ 7♦"))
    html = board_html(after, events=after.events)
    assert "Last play: 3♥ took A♦ 4♣ 7♦" in html
    assert f'alt="{card_label(after.events[0].play.card)}, just played"' in html
    assert "side 0 pile 4 cards" in html


def test_the_last_capturers_take_is_shown_apart_from_the_last_play():
    end = play_randomly(Deal.new(seed=7), random.Random(7))
    _, _, whole_table = last_play(end.events)
    html = board_html(end, events=end.events)
    worth = sum(card.value for card in end.remainder)
    assert whole_table is not None and whole_table.kind == "last-take"
    assert f"Left on the table at the end, worth {worth}: side {end.last_capturer} made the last capture" in html
    final = [event for event in end.events if event.kind == "play"][-1]
    assert ("Last play:" in html) == bool(final.play.captured)  # a card laid down took nothing


def test_an_initial_sweep_is_explained_with_its_escobas():
    front = parse_cards("2♦ 2♣ 2♠ 4♣ 4♠ 5♦ K♦ Q♥ J♣ 3♠")
    sweep = Deal.from_deck([*front, *(card for card in DECK if card not in front)])
    assert "took the first table, 3♠ J♣ Q♥ K♦ (worth 30): 2 escobas (R9)" in board_html(sweep, events=sweep.log)


def test_score_table_has_every_category_with_its_figures():
    end = play_randomly(Deal.new(seed=2), random.Random(2))
    a, b = end.score()
    table = score_markdown(end.score())
    assert f"| Most cards | {a.cards} ({a.card_count} cards) | {b.cards} ({b.card_count} cards) |" in table
    assert f"| **Total** | **{a.total}** | **{b.total}** |" in table


def test_puzzle_positions_show_what_the_question_needs_and_no_answers():
    choose = ChoosePuzzle(**COMMON, table=parse_cards("5♦ 3♣"), hand=parse_cards("7♠ 2♥"), goal="safe",
                          next_hand=parse_cards("K♦"))  # fmt: skip
    html = position_html(choose, View(style="french"))
    assert "The next player holds" in html and "Your hand" in html
    assert "worth" not in html.split("alt=")[0]  # the table's total is for the learner to find
    hidden = position_html(ChecksumPuzzle(**COMMON, table=parse_cards("K♦ 3♥ 5♣"), ask="missing"))
    assert "one card face down" in hidden and 'alt="face-down card"' in hidden
