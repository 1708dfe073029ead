"""Game records: save, load, replay, and refuse a bad record with its reason."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import Deal, Match
from trainer.records import RecordError, dump_record, load_record, record_of
from trainer.simulate import play_randomly


def random_deal(seed: int, players: int = 2, plays: int | None = None) -> Deal:
    return play_randomly(Deal.new(players, seed=seed), random.Random(seed), plays)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 4]), st.integers(0, 40))
def test_a_deal_record_round_trips(seed, players, plays):
    deal = random_deal(seed, players, plays)
    loaded = load_record(dump_record(deal))
    assert isinstance(loaded, Deal)
    assert (loaded.deck, loaded.plays, loaded.piles, loaded.escobas) == (
        deal.deck,
        deal.plays,
        deal.piles,
        deal.escobas,
    )


def test_a_match_record_round_trips_mid_deal_and_can_go_on():
    match, rng = Match.new(2, seed=6), random.Random(6)
    while len(match.finished) < 2:
        match = play_randomly(match, rng, limit=1)
    match = play_randomly(match, rng, limit=2)  # the next deal and its first play
    assert not match.current.is_over
    loaded = load_record(dump_record(match))
    assert isinstance(loaded, Match)
    assert loaded.totals == match.totals and loaded.dealer == match.dealer
    assert loaded.current.plays == match.current.plays
    assert record_of(loaded) == record_of(match)


def test_the_record_is_small_and_readable():
    data = record_of(random_deal(1))
    assert data["kind"] == "deal" and data["players"] == 2
    assert len(data["deals"][0]["deck"].split()) == 40
    assert all(isinstance(p, str) for p in data["deals"][0]["plays"])


def test_replay_stops_at_the_first_illegal_play_with_its_index_and_reason():
    deal = random_deal(2, plays=0)
    data = record_of(deal)
    hand = deal.hands[0]
    data["deals"][0]["plays"] = [str(deal.legal_plays()[0]), f"{hand[0]} {hand[1]}"]
    with pytest.raises(RecordError) as error:
        load_record(json.dumps(data))
    message = str(error.value)
    assert message.startswith("deal 1, play 2 (seat 1)")
    assert "is not in your hand" in message
    assert isinstance(error.value.game, Deal) and len(error.value.game.plays) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="chess"), "not an Escoba record"),
        (lambda d: d.update(version=9), "record version 9"),
        (lambda d: d.update(players=3), '"players" 2 or 4'),
        (lambda d: d["deals"][0].update(deck="A♦ 9♣"), "deal 1, deck: '9♣' is not a card"),
        (lambda d: d["deals"][0].update(deck="A♦ " * 40), "40 cards (A♦ twice)"),
        (lambda d: d["deals"][0].update(plays="3♥"), '"plays" must be a list'),
        (lambda d: d["deals"][0].update(plays=[7]), "deal 1, play 1: a play is text"),
        (lambda d: d["deals"][0].update(plays=["8♦"]), "deal 1, play 1 (seat 0), '8♦': '8♦' is not a card"),
    ],
)
def test_a_bad_record_is_refused_with_a_clear_reason(change, message):
    data = record_of(random_deal(3, plays=0))
    change(data)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_record(json.dumps(data, ensure_ascii=False))


def test_text_that_is_not_json_is_refused():
    with pytest.raises(RecordError, match="not JSON"):
        load_record("{deal")
