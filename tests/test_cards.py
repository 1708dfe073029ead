"""Cards, the deck and the notation (R1-R4)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer import DECK, CardError, Suit, cards_text, parse_card, parse_cards
from trainer.cards import cards_of, mask_of, value_of


def test_r1_deck_has_forty_distinct_cards_of_ten_ranks_and_four_suits():
    assert len(DECK) == 40 == len(set(DECK))
    assert {c.rank for c in DECK} == {"A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"}
    assert {c.suit for c in DECK} == set(Suit)


def test_r2_suits_map_to_the_spanish_names():
    assert [(s.value, s.spanish) for s in Suit] == [
        ("♦", "oros"),
        ("♥", "copas"),
        ("♣", "bastos"),
        ("♠", "espadas"),
    ]


def test_r3_capture_values_and_deck_total_220():
    values = {c.rank: c.value for c in DECK}
    assert values == {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
    assert sum(c.value for c in DECK) == 220


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("7♦", "7♦"), ("7d", "7♦"), ("7D", "7♦"), ("1S", "A♠"), ("qh", "Q♥"), (" K♣ ", "K♣"), ("a♥", "A♥")],
)
def test_r4_notation_accepts_letters_and_1_for_the_ace(text, canonical):
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("8♦", "no 8, 9 or 10"),
        ("10h", "no 8, 9 or 10"),
        ("7x", "ends with its suit"),
        ("Z♦", "rank must be one of"),
        ("", "empty"),
        ("♦", "rank must be one of"),
        ("77♦", "rank must be one of"),
    ],
)
def test_r4_a_bad_token_raises_card_error_quoting_it(text, reason):
    with pytest.raises(CardError) as error:
        parse_card(text)
    assert repr(text.strip()) in str(error.value)
    assert reason in str(error.value)


def test_r4_parse_cards_splits_on_spaces_and_commas_and_names_the_bad_token():
    assert cards_text(parse_cards("A♦, 4c  7d")) == "A♦ 4♣ 7♦"
    assert parse_cards("  ") == ()
    with pytest.raises(CardError, match="'9♣'"):
        parse_cards("A♦ 9♣ 7d")


def test_card_text_round_trips_and_repr_can_be_pasted_back():
    for card in DECK:
        assert parse_card(str(card)) is card
        assert eval(repr(card), {"parse_card": parse_card}) == card


def test_cards_sort_by_value_then_suit():
    assert cards_text(parse_cards("K♠ 7♦ A♣ 7♥ A♦")) == "A♦ A♣ 7♦ 7♥ K♠"


@given(st.sets(st.sampled_from(DECK)))
def test_bitmask_form_round_trips_and_sums(cards):
    mask = mask_of(cards)
    assert set(cards_of(mask)) == cards
    assert value_of(mask) == sum(c.value for c in cards)
