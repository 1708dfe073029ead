"""Cards, the deck and the notation (R1-R4)."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer import DECK, CardError, Suit, cards_text, parse_card, parse_cards
from trainer.cards import R4, SPANISH_NOTATION, Notation, cards_of, mask_of, value_of


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


#: Every notation a page types in: the rules' (French faces), and Spanish faces' with courts printed or lettered.
NOTATIONS = [R4, SPANISH_NOTATION, replace(SPANISH_NOTATION, numbered=False)]


@given(st.sampled_from(DECK), st.sampled_from(NOTATIONS), st.booleans())
def test_r4_every_card_written_in_a_notation_reads_back_to_itself(card, notation, upper):
    written = notation.write(card)
    assert notation.read(written.upper() if upper else written) is card
    assert notation.read(str(card)) is card  # the suit signs are read in every notation
    assert parse_card(str(card), notation) is card


@pytest.mark.parametrize(
    ("text", "card"),
    [("7o", "7♦"), ("12b", "K♣"), ("11C", "Q♥"), ("10e", "J♠"), ("1o", "A♦"), ("kb", "K♣"), ("7♦", "7♦")],
)
def test_r2_r4_spanish_faces_read_the_suits_initials_and_the_printed_numbers(text, card):
    assert str(SPANISH_NOTATION.read(text)) == card


def test_r2_c_is_copas_on_spanish_faces_and_clubs_on_french_ones():
    assert parse_card("4c", SPANISH_NOTATION).suit is Suit.CUPS
    assert parse_card("4c").suit is parse_card("4c", R4).suit is Suit.CLUBS
    assert cards_text(parse_cards("7o, 12b 3c", SPANISH_NOTATION)) == "3♥ 7♦ K♣"


@pytest.mark.parametrize(
    ("notation", "text", "reason"),
    [
        (SPANISH_NOTATION, "7d", "a card ends with its suit: ♦ ♥ ♣ ♠ (or O C B E)"),
        (SPANISH_NOTATION, "8o", "the Spanish deck has no 8 or 9 (R1); 10, 11 and 12 are the sota, caballo and rey"),
        (SPANISH_NOTATION, "13o", "or 1 for the ace and 10 11 12 for the court cards"),
        (R4, "12b", "a card ends with its suit: ♦ ♥ ♣ ♠ (or D H C S)"),
        (R4, "12c", "the rank must be one of A 2 3 4 5 6 7 J Q K (or 1 for the ace)"),
        (R4, "7o", "a card ends with its suit: ♦ ♥ ♣ ♠ (or D H C S)"),
    ],
)
def test_r4_a_refusal_names_the_token_and_what_the_notation_reads(notation, text, reason):
    with pytest.raises(CardError) as error:
        parse_cards(f"A♦ {text}", notation)
    assert str(error.value).startswith(f"{text!r} is not a card: ") and str(error.value).endswith(reason)


def test_a_notation_needs_four_different_letters():
    with pytest.raises(ValueError, match="four different capital letters"):
        Notation("OCBO")
