"""The engine against a naive re-reading of RULES.md (``tests/reference.py``).

Hypothesis draws tables, hands, piles and whole deals; every answer of the
engine must equal the reference's, which is written straight from the rule ids.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest
import reference
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reference import RefDeal, RefPlay

from trainer import (
    DECK,
    Card,
    Deal,
    DealScore,
    IllegalPlay,
    Play,
    captures,
    illegal_reason,
    legal_plays,
    parse_cards,
    score_deal,
    setenta,
)

QUICK = settings(max_examples=400, deadline=None)
DEALS = settings(max_examples=100, deadline=None)

#: 4-card tables the dealer sweeps (R9), by their sum.
SWEEP_TABLES = {goal: [quad for quad in combinations(DECK, 4) if reference.total(quad) == goal] for goal in (15, 30)}

#: Two 20-card piles tied on cards (20-20), coins (5-5) and setenta (74-74), for R18 and R19.
ALL_TIED = [
    *parse_cards("A♦ 2♦ 3♦ 4♦ 5♦ A♥ 2♥ 3♥ 4♥ 5♥ 6♣ 7♣ J♣ Q♣ K♣ 6♠ 7♠ J♠ Q♠ K♠"),
    *parse_cards("6♦ 7♦ J♦ Q♦ K♦ 6♥ 7♥ J♥ Q♥ K♥ A♣ 2♣ 3♣ 4♣ 5♣ A♠ 2♠ 3♠ 4♠ 5♠"),
]


def as_pairs(plays: list[Play]) -> set[RefPlay]:
    """Engine plays in the reference's form."""
    return {(play.card, play.captured) for play in plays}


def play_key(play: RefPlay) -> tuple[str, list[str]]:
    """A fixed order for plays, so that a drawn index always names the same play."""
    return str(play[0]), sorted(str(card) for card in play[1])


def assert_same_score(got: list[DealScore], expected: list[dict[str, int]]) -> None:
    """Both sides agree category by category (R18)."""
    for side in (0, 1):
        assert {name: getattr(got[side], name) for name in expected[side]} == expected[side], f"side {side}"


def assert_same_state(deal: Deal, ref: RefDeal) -> None:
    """Every visible part of the engine's state equals the reference's."""
    assert set(deal.table) == set(ref.table)
    assert [set(hand) for hand in deal.hands] == [set(hand) for hand in ref.hands]
    assert list(deal.stock) == ref.stock
    assert [set(pile) for pile in deal.piles] == [set(pile) for pile in ref.piles]
    assert list(deal.escobas) == ref.escobas
    assert deal.to_play == ref.to_play
    assert deal.is_over == (ref.to_play is None)
    assert deal.last_capturer == ref.last_capturer


def drawn_by(data: st.DataObject) -> Callable[[int], int]:
    """A play chooser that lets Hypothesis draw the index."""
    return lambda n: data.draw(st.integers(0, n - 1), label="play index")


def play_out(deal: Deal, ref: RefDeal, choose: Callable[[int], int]) -> None:
    """Play to the end in the engine and the reference side by side, checking every step.

    ``choose(n)`` picks the index of the play to make among the ``n`` legal ones.
    """
    assert_same_state(deal, ref)
    while ref.to_play is not None:
        plays = sorted(ref.legal_plays(), key=play_key)
        assert as_pairs(deal.legal_plays()) == set(plays)
        forced = [card for card in ref.hands[ref.to_play] if reference.captures(card, ref.table)]
        if forced:  # R13, R17: laying down a card that can capture is refused and changes nothing
            with pytest.raises(IllegalPlay):
                deal.play(Play(forced[0]))
            assert_same_state(deal, ref)
        card, taken = plays[choose(len(plays))]
        deal = deal.play(Play(card, taken))
        ref.play(card, taken)
        assert_same_state(deal, ref)
    assert set(deal.remainder) == set(ref.remainder)
    assert deal.legal_plays() == []
    assert_same_score(deal.score(), ref.score())


def play_out_deck(deck: list[Card], players: int, data: st.DataObject) -> None:
    """Deal from ``deck`` (R8, R9), play it out, and check the R16 sum of what was left."""
    ref = reference.new_deal(deck, players)
    play_out(Deal.from_deck(deck, players), ref, drawn_by(data))
    assert reference.total(ref.remainder) % 15 == 10  # R16


# -- a turn ------------------------------------------------------------------------------


def test_r20_worked_example_in_engine_and_reference() -> None:
    """R20: 3♥ takes A♦ 4♣ 7♦; with Q♠ on the table too, the same group and Q♠ stays."""
    three, table = parse_cards("3♥")[0], list(parse_cards("A♦ 4♣ 7♦"))
    group = {frozenset(table)}
    assert set(captures(three, table)) == reference.captures(three, table) == group
    wider = [*table, *parse_cards("Q♠")]
    assert set(captures(three, wider)) == reference.captures(three, wider) == group


@QUICK
@given(cards=st.permutations(DECK), size=st.integers(0, 12))
def test_r12_captures_match_reference(cards: list[Card], size: int) -> None:
    """R12: the groups a card can take are exactly the table subsets making 15 with it."""
    played, table = cards[0], cards[1 : 1 + size]
    got = captures(played, table)
    assert len(got) == len(set(got))
    assert set(got) == reference.captures(played, table)


@QUICK
@given(cards=st.permutations(DECK), hand_size=st.integers(1, 3), table_size=st.integers(0, 12))
def test_r11_r13_legal_plays_match_reference(cards: list[Card], hand_size: int, table_size: int) -> None:
    """R11-R13: any hand card, capturing one group whenever it can, else laid down."""
    hand, table = cards[:hand_size], cards[hand_size : hand_size + table_size]
    got = legal_plays(hand, table)
    assert len(got) == len(set(got))
    assert as_pairs(got) == reference.legal_plays(hand, table)


@QUICK
@given(
    cards=st.permutations(DECK),
    hand_size=st.integers(1, 3),
    table_size=st.integers(0, 12),
    data=st.data(),
)
def test_r17_illegal_reason_is_none_exactly_for_legal_plays(
    cards: list[Card], hand_size: int, table_size: int, data: st.DataObject
) -> None:
    """R11-R13, R17: legal plays have no reason; every illegal one has a non-empty reason."""
    hand, table = cards[:hand_size], cards[hand_size : hand_size + table_size]
    outsiders = cards[hand_size + table_size : hand_size + table_size + 2]
    legal = reference.legal_plays(hand, table)
    candidates: list[RefPlay] = sorted(legal, key=play_key)
    candidates += [(card, frozenset()) for card in hand + outsiders]  # lay down; not in hand
    candidates += [(card, group) for card in outsiders for group in reference.captures(card, table)]
    candidates += [  # small groups, most of them the wrong sum
        (card, frozenset(group)) for card in hand for size in (1, 2) for group in combinations(table, size)
    ]
    for _ in range(4):  # anything: cards off the table, the played card taken too, wrong sums
        card = data.draw(st.sampled_from(hand + outsiders), label="card")
        group = data.draw(st.sets(st.sampled_from(cards[: hand_size + table_size + 2]), max_size=5))
        candidates.append((card, frozenset(group)))
    for card, taken in candidates:
        reason = illegal_reason(Play(card, taken), hand, table)
        if (card, taken) in legal:
            assert reason is None, (card, taken)
        else:
            assert isinstance(reason, str), (card, taken)
            assert reason.strip(), (card, taken)


# -- scoring -----------------------------------------------------------------------------


@QUICK
@given(pile=st.lists(st.sampled_from(DECK), unique=True))
def test_r19_setenta_matches_reference(pile: list[Card]) -> None:
    """R19: best price per suit, added; a missing suit gives no setenta."""
    assert setenta(pile) == reference.setenta(pile)


@QUICK
@example(deck=ALL_TIED, cut=20, escobas=(0, 0))
@given(
    deck=st.permutations(DECK),
    cut=st.integers(0, 40),
    escobas=st.tuples(st.integers(0, 8), st.integers(0, 8)),
)
def test_r18_r19_score_deal_matches_reference(deck: list[Card], cut: int, escobas: tuple[int, int]) -> None:
    """R18, R19: each category and the total, for any split of the deck, ties included."""
    piles = (deck[:cut], deck[cut:])
    got = score_deal(piles, escobas)
    assert [score.setenta_sum for score in got] == [reference.setenta(pile) for pile in piles]
    assert_same_score(got, reference.score_deal(piles, escobas))


# -- whole deals ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
@DEALS
@given(deck=st.permutations(DECK), data=st.data())
def test_r8_r16_deals_match_reference_step_by_step(players: int, deck: list[Card], data: st.DataObject) -> None:
    """R8-R16: dealing, turns, re-deals, escobas, the last take and the final score."""
    play_out_deck(deck, players, data)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("goal", [15, 30])
@DEALS
@given(deck=st.permutations(DECK), data=st.data())
def test_r9_initial_sweep_deals_match_reference(players: int, goal: int, deck: list[Card], data: st.DataObject) -> None:
    """R9: a first table of 15 or 30 goes to the dealer's side with 1 or 2 escobas."""
    table = data.draw(st.sampled_from(SWEEP_TABLES[goal]), label="table")
    rest = [card for card in deck if card not in table]
    dealt = 3 * players
    play_out_deck([*rest[:dealt], *table, *rest[dealt:]], players, data)


@QUICK
@given(
    cards=st.permutations(DECK),
    players=st.sampled_from([2, 4]),
    hand_size=st.integers(1, 3),
    table_size=st.integers(0, 8),
    last_capturer=st.sampled_from([None, 0, 1]),
    data=st.data(),
)
def test_r14_r15_last_round_from_position_matches_reference(
    cards: list[Card],
    players: int,
    hand_size: int,
    table_size: int,
    last_capturer: int | None,
    data: st.DataObject,
) -> None:
    """R14, R15: an escoba on the very last play counts; the last capturer, or nobody, keeps the rest.

    With all 40 cards in play the last play can never sweep (R16), so this starts
    from a set-up last round with an empty stock instead.
    """
    dealt = players * hand_size
    hands = [cards[seat:dealt:players] for seat in range(players)]
    table = cards[dealt : dealt + table_size]
    deal = Deal.from_position(table, hands, last_capturer=last_capturer)
    ref = RefDeal(players, [], list(table), [list(h) for h in hands], last_capturer=last_capturer)
    play_out(deal, ref, drawn_by(data))


@pytest.mark.parametrize(
    ("table", "hands", "last_capturer"),
    [
        ("J♠", ["2♦", "5♥"], 0),  # 2♦ is laid down, then 5♥ takes J♠ 2♦: an escoba on the last play (R14)
        ("K♠", ["K♦", "K♥"], None),  # nobody ever captures: the table stays (R15)
        ("K♠", ["K♦", "K♥"], 1),  # side 1 captured earlier: it takes the table, no escoba (R15)
    ],
)
def test_r14_r15_last_play_edge_cases_match_reference(table: str, hands: list[str], last_capturer: int | None) -> None:
    """R14, R15: the last-play escoba and the final take, in fixed positions."""
    hand_cards = [list(parse_cards(hand)) for hand in hands]
    deal = Deal.from_position(parse_cards(table), hand_cards, last_capturer=last_capturer)
    ref = RefDeal(len(hands), [], list(parse_cards(table)), [list(h) for h in hand_cards], last_capturer=last_capturer)
    play_out(deal, ref, lambda n: 0)
