"""A match between people at one table (``trainer.ai.shared``): each person plays only on their turn, the computer
plays its seats and a person's while they are away, and each person's review weighs their own plays alone."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.ai.shared import NotYourTurn, SharedMatch
from trainer.plays import IllegalPlay, Play
from trainer.profile import PROFILES


def cards_held(shared: SharedMatch) -> list[str]:
    deal = shared.deal
    return [str(card) for cards in (deal.table, deal.stock, *deal.hands, *deal.piles) for card in cards]


def people_play(shared: SharedMatch, rng: random.Random, plays: int = 10_000) -> SharedMatch:
    """The person to play makes a random legal play, ``plays`` times or until the match is over; a deal over is
    followed by the next."""
    for _ in range(plays):
        if shared.match.is_over:
            break
        if shared.deal.is_over:
            shared = shared.next_deal()
            continue
        seat = shared.to_play
        assert seat is not None and not shared.computer_plays(seat)  # the computer never leaves a turn of its own
        shared = shared.plays(seat, rng.choice(shared.deal.legal_plays()))
        assert sorted(cards_held(shared)) == sorted(set(cards_held(shared))) and len(cards_held(shared)) == 40
    return shared


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([(2, (0, 1)), (4, (0, 2)), (4, (1, 2)), (3, (0, 1, 2))]))
def test_people_play_a_whole_match_each_in_turn_with_the_computer_at_the_other_seats(seed, table) -> None:
    """40 cards conserved at every play (R1); the match ends once a side reaches the target (R21, V4); each person's
    decisions are their own plays of the deal, every one of them, and the computer's seats play themselves."""
    players, people = table
    shared = SharedMatch.start(players, "greedy", people, PROFILES["sevens"], seed=seed)
    shared = people_play(shared, random.Random(seed))
    assert shared.match.is_over and max(shared.match.totals) >= shared.match.profile.target
    for number, done in enumerate(shared.match.finished):
        made = {seat: shared.decisions(seat, number) for seat in people}
        assert sum(len(d) for d in made.values()) == len(done.deal.plays) * len(people) // players
        for seat, decisions in made.items():
            deal_seat = (seat - done.dealer - 1) % players
            assert all(d.before.to_play == deal_seat for d in decisions)


def test_a_seat_plays_only_on_its_turn_and_by_the_rules() -> None:
    shared = SharedMatch.start(2, "greedy", (0, 1), seed=7)
    seat = shared.to_play
    assert seat is not None
    with pytest.raises(NotYourTurn):
        shared.plays(1 - seat, shared.deal.legal_plays()[0])
    card = shared.deal.hands[shared.deal.to_play or 0][0]
    wrong = Play(card, frozenset(shared.deal.table[:1]))  # a capture that does not make 15 is refused (R17)
    if wrong not in shared.deal.legal_plays():
        with pytest.raises(IllegalPlay):
            shared.plays(seat, wrong)


def test_the_computer_plays_a_seat_while_its_person_is_away_and_their_review_leaves_those_plays_out() -> None:
    shared = SharedMatch.start(2, "greedy", (0, 1), seed=11)
    rng = random.Random(11)
    away = 1 - (shared.to_play or 0)  # the seat not to play first
    shared = shared.with_away(away, True)
    assert shared.computer_plays(away)
    shared = people_play(shared, rng, plays=4)  # the other person's plays, each answered by the computer for them
    assert len(shared.stood_in) == 4
    shared = shared.with_away(away, False)
    shared = people_play(shared, rng)  # and so to the end of the deal and the match, both playing
    first = shared.match.finished[0]
    mine = shared.decisions(away, 0)
    assert len(mine) == len(first.deal.plays) // 2 - 4  # their own plays, none the computer made for them


def test_with_everyone_away_the_table_waits() -> None:
    shared = SharedMatch.start(2, "greedy", (0, 1), seed=3)
    played, first = len(shared.deal.plays), shared.to_play or 0
    shared = shared.with_away(1 - first, True).with_away(first, True)
    assert shared.nobody_sits and len(shared.deal.plays) == played
    assert not shared.with_away(1, False).nobody_sits


def test_a_shared_table_is_refused_with_fewer_than_two_people_or_a_table_the_rules_do_not_allow() -> None:
    with pytest.raises(ValueError, match="two people"):
        SharedMatch.start(2, "greedy", (0,))
    with pytest.raises(ValueError, match="players"):
        SharedMatch.start(3, "greedy", (0, 1), PROFILES["classic"])
    with pytest.raises(ValueError, match="nobody sits"):
        SharedMatch.start(4, "greedy", (0, 1)).with_away(2, True)
