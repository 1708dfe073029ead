"""Captures and legal plays (R11-R13, R17, R20)."""

import pickle
from pathlib import Path

import pytest
import reference
import yaml
from hypothesis import given
from hypothesis import strategies as st

from trainer import (
    DECK,
    PROFILES,
    CardError,
    Deal,
    IllegalPlay,
    InvalidPlay,
    Play,
    captures,
    cards_text,
    illegal_reason,
    legal_plays,
    parse_card,
    parse_cards,
    parse_play,
)
from trainer.cards import SPANISH_NOTATION
from trainer.plays import REASONS, Refusal, refusal_of


def texts(groups):
    return sorted(cards_text(g) for g in groups)


def test_r20_three_takes_ace_four_seven():
    assert texts(captures(parse_card("3♥"), parse_cards("A♦ 4♣ 7♦"))) == ["A♦ 4♣ 7♦"]


def test_r12_every_group_making_15_is_offered():
    table = parse_cards("5♦ 2♣ 3♥ K♠")
    assert texts(captures(parse_card("K♦"), table)) == ["2♣ 3♥", "5♦"]


def test_r12_no_group_when_nothing_makes_15():
    assert captures(parse_card("K♦"), parse_cards("K♠ Q♣ 6♥")) == []
    assert captures(parse_card("A♦"), []) == []


def test_r12_one_play_takes_one_group_never_two():
    # 5♦ and 2♣+3♥ each make 15 with K♦; taking both (sum 20) is not a capture.
    play = Play(parse_card("K♦"), frozenset(parse_cards("5♦ 2♣ 3♥")))
    reason = illegal_reason(play, parse_cards("K♦"), parse_cards("5♦ 2♣ 3♥"))
    assert reason == "K♦ + 2♣ + 3♥ + 5♦ = 20, not 15"


def test_r13_a_card_that_can_make_15_must_capture():
    plays = legal_plays(parse_cards("7♦"), parse_cards("J♣"))
    assert [str(p) for p in plays] == ["7♦ J♣"]
    reason = illegal_reason(Play(parse_card("7♦")), parse_cards("7♦"), parse_cards("J♣"))
    assert reason == "7♦ can take J♣, so it cannot be laid on the table (R13)"


def test_r13_free_choice_of_a_card_that_captures_nothing():
    plays = {str(p) for p in legal_plays(parse_cards("7♦ K♠"), parse_cards("J♣"))}
    assert plays == {"7♦ J♣", "K♠"}


def test_r11_a_card_not_in_hand_cannot_be_played():
    reason = illegal_reason(parse_play("K♠"), parse_cards("3♥"), parse_cards("A♦"))
    assert reason == "K♠ is not in your hand"


def test_r17_wrong_sum_is_explained():
    reason = illegal_reason(parse_play("3♥ 4♣"), parse_cards("3♥"), parse_cards("A♦ 4♣ 7♦"))
    assert reason == "3♥ + 4♣ = 7, not 15"


def test_r17_taking_a_card_that_is_not_on_the_table_is_explained():
    reason = illegal_reason(parse_play("3♥ 5♦ 7♣"), parse_cards("3♥"), parse_cards("5♦"))
    assert reason == "7♣ is not on the table"
    reason = illegal_reason(parse_play("3♥ 5♣ 7♣"), parse_cards("3♥"), parse_cards("5♦"))
    assert reason == "5♣ 7♣ are not on the table"


def test_play_text_puts_the_hand_card_first_and_round_trips():
    play = parse_play("3h 7d a♦ 4c")
    assert str(play) == "3♥ A♦ 4♣ 7♦"
    assert parse_play(str(play)) == play
    assert eval(repr(play), {"parse_play": parse_play}) == play


@pytest.mark.parametrize("text", ["", "3♥ 3♥"])
def test_a_play_that_cannot_be_read_is_invalid_not_illegal(text):
    with pytest.raises(InvalidPlay) as raised:
        parse_play(text)
    assert isinstance(raised.value, CardError) and not isinstance(raised.value, IllegalPlay)


def test_a_play_the_rules_refuse_is_illegal_not_invalid():
    deal = Deal.from_position(parse_cards("A♦ 7♦"), [parse_cards("7♠ 2♣ 3♣"), parse_cards("4♥ 5♥ 6♥")])
    with pytest.raises(IllegalPlay, match=r"\(R13\)") as raised:
        deal.play(parse_play("7♠"))  # it can take A♦ 7♦, so it may not be laid down
    assert not isinstance(raised.value, CardError)


def refused(reason, card="", cards="", taker="", total=0):
    """A refusal written as text: its cards as the notation writes them."""
    return Refusal(
        reason, parse_card(card) if card else None, parse_cards(cards), parse_card(taker) if taker else None, total
    )


TAKES_ITSELF = Play(parse_card("3♥"), frozenset(parse_cards("3♥ A♦")))


@pytest.mark.parametrize(
    ("play", "hand", "table", "must_capture", "refusal"),
    [
        (parse_play("K♠"), "3♥", "A♦", "played", refused("not_in_hand", "K♠")),
        (TAKES_ITSELF, "3♥", "A♦ 3♠", "played", refused("played_and_taken", "3♥")),
        (parse_play("3♥ 5♣ 7♣"), "3♥", "5♦", "played", refused("not_on_table", cards="5♣ 7♣")),
        (parse_play("7♦"), "7♦", "J♣", "played", refused("must_capture", "7♦", "J♣")),
        (parse_play("K♣"), "7♠ K♣", "A♦ 7♦", "any", refused("must_capture_with_other", "K♣", "A♦ 7♦", "7♠")),
        (parse_play("3♥ 7♦ 4♣"), "3♥", "A♦ 4♣ 7♦", "played", refused("not_fifteen", "3♥", "4♣ 7♦", total=14)),
    ],
)
def test_r17_a_refusal_names_its_reason_and_cards_and_reads_as_the_reason(play, hand, table, must_capture, refusal):
    hand, table = parse_cards(hand), parse_cards(table)
    assert refusal_of(play, hand, table, must_capture) == refusal
    assert str(refusal) == illegal_reason(play, hand, table, must_capture)


def test_r17_the_rules_refuse_a_play_with_its_refusal():
    deal = Deal.from_position(parse_cards("A♦ 7♦"), [parse_cards("7♠ 2♣ 3♣"), parse_cards("4♥ 5♥ 6♥")])
    with pytest.raises(IllegalPlay) as raised:
        deal.play(parse_play("7♠"))
    assert raised.value.reason == "must_capture" and raised.value.refusal == Refusal(
        "must_capture", parse_card("7♠"), parse_cards("A♦ 7♦")
    )
    assert str(raised.value) == "7♠ can take A♦ + 7♦, so it cannot be laid on the table (R13)"
    assert pickle.loads(pickle.dumps(raised.value)).refusal == raised.value.refusal  # kept across processes
    with pytest.raises(IllegalPlay) as raised:
        deal.claim(parse_play("7♠ A♦ 7♦"))  # V5: nothing was missed
    assert raised.value.reason == "not_a_missed_capture" and str(raised.value) == (
        "7♠ taking A♦ 7♦ is not a capture the last player missed"
    )
    over = Deal.from_position(parse_cards("A♦"), [parse_cards("K♠"), parse_cards("K♥")]).play(parse_play("K♠"))
    with pytest.raises(IllegalPlay, match=r"^the deal is over$") as raised:
        over.play(parse_play("K♥")).play(parse_play("K♥"))
    assert raised.value.reason == "deal_over"


def test_a_refusal_of_its_own_has_no_reason_and_an_unknown_reason_is_refused():
    assert (IllegalPlay("play 3: no").reason, IllegalPlay("play 3: no").refusal) == ("", None)
    with pytest.raises(ValueError, match="no such reason"):
        Refusal("too_late")
    assert set(REASONS) >= {"not_in_hand", "must_capture", "not_fifteen"}


@pytest.mark.parametrize(("text", "reason"), [("", "no_card"), (" ,", "no_card"), ("3♥ 3h", "card_twice")])
def test_a_play_that_cannot_be_read_says_why_by_its_reason(text, reason):
    with pytest.raises(InvalidPlay) as raised:
        parse_play(text)
    assert raised.value.reason == reason and pickle.loads(pickle.dumps(raised.value)).reason == reason
    assert raised.value.text == ("3♥ 3h" if reason == "card_twice" else "")


tables = st.lists(st.sampled_from(DECK), unique=True, max_size=12)


@given(tables, st.sampled_from(DECK))
def test_r12_every_capture_sums_to_15_and_lies_on_the_table(table, played):
    table = [c for c in table if c != played]
    for group in captures(played, table):
        assert group and group <= set(table)
        assert played.value + sum(c.value for c in group) == 15


@given(st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=15))
def test_every_legal_play_passes_its_own_check(cards):
    hand, table = cards[:3], cards[3:]
    plays = legal_plays(hand, table)
    assert {p.card for p in plays} == set(hand)  # R13: any hand card may be played
    assert all(illegal_reason(p, hand, table) is None for p in plays)


PERFT = yaml.safe_load((Path(__file__).parent / "data" / "perft.yaml").read_text(encoding="utf-8"))
POSITIONS = [p for p in PERFT if "deck" not in p]
SEQUENCES = [p for p in PERFT if "deck" in p]


@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_r11_r13_perft_counts(position):
    hand, table = parse_cards(position["hand"]), parse_cards(position["table"])
    plays = legal_plays(hand, table, position.get("must_capture", "played"))
    assert len(plays) == len(set(plays)) == position["plays"]
    assert sum(1 for p in plays if p.captured) == position["captures"]
    assert sum(1 for p in plays if p.captured and p.captured == set(table)) == position["escobas"]


def perft(deal: Deal, depth: int) -> tuple[int, int, int]:
    """Sequences of ``depth`` legal plays from ``deal``: all, those whose last play captures, and those whose last
    play is an escoba (the file's own definition)."""
    if depth == 0 or deal.is_over:
        return 1, 0, 0
    found = [0, 0, 0]
    for play in deal.legal_plays():
        after = deal.play(play)
        if depth == 1:
            found[0] += 1
            found[1] += bool(play.captured)
            found[2] += sum(after.escobas) > sum(deal.escobas)
        else:
            for i, count in enumerate(perft(after, depth - 1)):
                found[i] += count
    return found[0], found[1], found[2]


def dealt(position: dict) -> Deal:
    return Deal.from_deck(parse_cards(position["deck"]), position["players"], PROFILES[position["rules"]])


@pytest.mark.parametrize("position", SEQUENCES, ids=[p["name"] for p in SEQUENCES])
def test_r8_r13_v3_perft_sequence_counts(position):
    """R8-R13, V3 and each rule set's first-table and must-capture rules: play sequences from a dealt deck."""
    counts = perft(dealt(position), position["depth"])
    assert counts == (position["plays"], position["captures"], position["escobas"])


@pytest.mark.parametrize(
    "position", [p for p in SEQUENCES if p["plays"] < 1000], ids=[p["name"] for p in SEQUENCES if p["plays"] < 1000]
)
def test_perft_sequence_counts_are_the_references(position):
    """The file's counts come from tests/reference.py, not from the engine; the cheap ones are recomputed."""
    state = reference.new_deal(parse_cards(position["deck"]), position["players"], position["rules"])
    assert reference.perft(state, position["depth"]) == (position["plays"], position["captures"], position["escobas"])


def test_perft_file_covers_every_rule_set_and_player_count():
    """Every rule set and every player count is walked by some entry, and the must-capture rule of the other
    rule sets has single positions of its own."""
    walked = {(p["rules"], p["players"]) for p in SEQUENCES}
    assert {players for _, players in walked} == {2, 3, 4, 6}
    assert {rules for rules, _ in walked} == set(PROFILES)
    assert any(p.get("must_capture") == "any" for p in POSITIONS)


def test_r4_a_play_is_read_in_the_notation_given_and_names_a_bad_card_by_it():
    assert parse_play("12b 3c", SPANISH_NOTATION) == Play(parse_card("K♣"), frozenset(parse_cards("3♥")))
    assert parse_play("kc 3h") == Play(parse_card("K♣"), frozenset(parse_cards("3♥")))
    with pytest.raises(CardError, match=r"'3h' is not a card: a card ends with its suit: ♦ ♥ ♣ ♠ \(or O C B E\)"):
        parse_play("12b 3h", SPANISH_NOTATION)
