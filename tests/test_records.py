"""Game records: save, load, replay, and refuse a bad record with its reason."""

import json
import random

import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import CLASSIC, PROFILES, Deal, Match, Play, RuleProfile
from trainer.records import RecordError, dump_record, load_record, record_of
from trainer.simulate import play_randomly

GAMES = [(profile, players) for profile in PROFILES.values() for players in profile.players]
GAME_IDS = [f"{profile.name}-{players}" for profile, players in GAMES]
TABLE_MODE = PROFILES["turkish"].with_options(penalties=True)


def random_deal(seed: int, players: int = 2, plays: int | None = None) -> Deal:
    return play_randomly(Deal.new(players, seed=seed), random.Random(seed), plays)


@settings(max_examples=40)
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


# -- rule sets, options, penalties and claims ------------------------------------------------------------------


def same_deal(loaded: Deal | Match, deal: Deal) -> None:
    """The replayed deal is the recorded one, state and log."""
    assert isinstance(loaded, Deal)
    assert loaded.profile == deal.profile and loaded.players == deal.players
    assert (loaded.deck, loaded.log, loaded.piles, loaded.escobas) == (deal.deck, deal.log, deal.piles, deal.escobas)
    assert (loaded.table, loaded.hands, loaded.to_play, loaded.wrong_captures) == (
        deal.table, deal.hands, deal.to_play, deal.wrong_captures,
    )  # fmt: skip
    assert loaded.claims() == deal.claims()


@pytest.mark.parametrize(("profile", "players"), GAMES, ids=GAME_IDS)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32), plays=st.integers(0, 40))
def test_a_deal_record_of_every_rule_set_and_player_count_round_trips(
    profile: RuleProfile, players: int, seed: int, plays: int
) -> None:
    """V1-V4: the record names its rule set, and replaying it gives the same deal, for every player count."""
    deal = play_randomly(Deal.new(players, seed=seed, profile=profile), random.Random(seed), plays)
    data = record_of(deal)
    assert (data["profile"], data["players"]) == (profile.name, players)
    assert "target" not in data and "penalties" not in data  # the usual choices are not written
    same_deal(load_record(dump_record(deal)), deal)


def play_with_mistakes(deal: Deal, rng: random.Random, limit: int | None = None) -> Deal:
    """Random plays in table mode (V5): legal ones, wrong captures, missed captures, and claims taken or not."""
    made = 0
    while not deal.is_over and (limit is None or made < limit):
        if deal.claims() and rng.random() < 0.6:
            deal = deal.claim(rng.choice(deal.claims()))
        hand, table = deal.hands[deal.to_play or 0], deal.table
        if table and rng.random() < 0.2:
            play = Play(rng.choice(hand), frozenset(rng.sample(table, min(len(table), rng.randint(1, 3)))))
        elif rng.random() < 0.25:
            play = Play(rng.choice(hand))
        else:
            play = rng.choice(deal.legal_plays())
        deal = deal.play(play)
        made += 1
    return deal


@pytest.mark.parametrize("players", TABLE_MODE.players)
@settings(max_examples=15)
@given(seed=st.integers(0, 2**32), plays=st.integers(0, 40))
def test_v5_a_record_with_penalties_wrong_captures_and_claims_round_trips(players: int, seed: int, plays: int) -> None:
    """V5: a deal played by the penalties keeps its option, its wrong and missed captures and its claims
    (written "claim " and the capture), and replays to the same state, penalties scored the same."""
    deal = play_with_mistakes(Deal.new(players, seed=seed, profile=TABLE_MODE), random.Random(seed), plays)
    data = record_of(deal)
    assert data["penalties"] is True and data["profile"] == "turkish"
    claims = [event for event in deal.log if event.kind == "claim"]
    assert sum(text.startswith("claim ") for text in data["deals"][0]["plays"]) == len(claims)
    loaded = load_record(dump_record(deal))
    same_deal(loaded, deal)
    if deal.is_over:
        assert isinstance(loaded, Deal) and loaded.score() == deal.score()


def test_v5_a_record_holds_claims_that_happened() -> None:
    """V5: a seeded table-mode deal long enough to hold a claim; its record shows and replays it."""
    deals = (play_with_mistakes(Deal.new(2, seed=s, profile=TABLE_MODE), random.Random(s)) for s in range(200))
    deal = next(deal for deal in deals if any(event.kind == "claim" for event in deal.log))
    texts = record_of(deal)["deals"][0]["plays"]
    claim = next(text for text in texts if text.startswith("claim "))
    assert texts.index(claim) > 0
    same_deal(load_record(dump_record(deal)), deal)


@pytest.mark.parametrize(
    "profile",
    [PROFILES["sevens"].with_options(target=15), PROFILES["turkish"].with_options(target=31), TABLE_MODE],
    ids=["sevens-15", "turkish-31", "turkish-penalties"],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_match_record_keeps_its_rule_set_and_options(profile: RuleProfile, players: int) -> None:
    """V4, V5: a match to another target, or played by the penalties, replays with the same option and totals."""
    rng = random.Random(players)
    match = Match.new(players, seed=players, profile=profile)
    while len(match.finished) < 2 and not match.is_over:
        match = play_randomly(match, rng, limit=1)
    data = record_of(match)
    assert data["profile"] == profile.name
    assert data.get("target", PROFILES[profile.name].target) == profile.target
    assert data.get("penalties", False) == profile.penalties
    loaded = load_record(dump_record(match))
    assert isinstance(loaded, Match) and loaded.profile == profile
    assert (loaded.totals, loaded.first_dealer, loaded.dealer) == (match.totals, match.first_dealer, match.dealer)
    assert record_of(loaded) == data


def test_v5_a_match_record_with_claims_round_trips() -> None:
    """V5: claims inside a match record replay through the match."""
    rng = random.Random(11)
    match = Match.new(3, seed=11, profile=TABLE_MODE)
    while len(match.finished) < 1:
        if match.current.claims():
            match = match.claim(match.current.claims()[0])
        deal = match.current
        faulty = [Play(card) for card in deal.hands[deal.to_play or 0] if deal.fault_of(Play(card)) == "missed"]
        match = match.play(rng.choice(faulty) if faulty and rng.random() < 0.5 else rng.choice(deal.legal_plays()))
    assert any(event.kind == "claim" for event in match.finished[0].deal.log)
    loaded = load_record(dump_record(match))
    assert isinstance(loaded, Match)
    assert loaded.finished[0].deal.log == match.finished[0].deal.log
    assert loaded.totals == match.totals


#: A deal record written before records named their rule set: no "profile" key.
OLD_RECORD = (
    '{"format": "escoba-record", "version": 1, "kind": "deal", "players": 2, "deals": [{"deck": '
    '"6♠ 7♦ 2♦ 5♠ K♣ 6♦ Q♣ J♠ 6♥ 3♥ 4♣ Q♠ K♥ J♦ A♣ 7♥ 2♥ 3♦ 4♥ 2♣ A♦ 7♣ 5♣ J♣ 5♥ 4♦ 2♠ 7♠ K♦ 3♠ Q♦ 3♣ A♠ '
    '4♠ J♥ A♥ Q♥ 6♣ 5♦ K♠", "plays": ["6♠ Q♣", "7♦ J♠", "K♣", "5♠ K♣", "2♦", "6♦ 3♥ 6♥", "K♥", "7♥", "A♣", '
    '"J♦ 7♥", "4♣ A♣ K♥", "Q♠", "A♦", "3♦ A♦ 2♦ Q♠", "2♥", "2♣", "4♥", "7♣ 2♥ 2♣ 4♥", "5♥", "7♠", "2♠", '
    '"J♣ 2♠ 5♥", "5♣", "4♦", "A♠", "4♠ 4♦ 7♠", "K♦ 5♣", "3♣", "Q♦", "3♠ 3♣ Q♦", "5♦", "A♥", "J♥ A♥ A♠ 5♦", '
    '"6♣", "Q♥ 6♣", "K♠"]}]}'
)


def test_an_old_record_without_a_rule_set_replays_as_classic() -> None:
    """Records from before the rule sets replay under the classic rules; the reference agrees on the score."""
    deal = load_record(OLD_RECORD)
    assert isinstance(deal, Deal) and deal.profile == CLASSIC and deal.is_over
    data = json.loads(OLD_RECORD)
    ref = reference.new_deal(deal.deck or (), 2)
    for text in data["deals"][0]["plays"]:
        played = [card for card in (deal.deck or ()) if str(card) in text.split()]
        first = next(card for card in played if str(card) == text.split()[0])
        ref.play(first, [card for card in played if card != first])
    expected = ref.score()
    assert [score.total for score in deal.score()] == [side["total"] for side in expected] == [2, 6]
    assert record_of(deal) == {**data, "profile": "classic"}


@pytest.mark.parametrize("players", [2, 4])
def test_an_old_match_record_without_a_rule_set_replays_as_classic(players: int) -> None:
    """The same for a match record, with 4 players too."""
    match = play_randomly(Match.new(players, seed=7), random.Random(7), limit=50)
    data = record_of(match)
    del data["profile"]
    loaded = load_record(json.dumps(data, ensure_ascii=False))
    assert isinstance(loaded, Match) and loaded.profile == CLASSIC
    assert loaded.totals == match.totals and loaded.current.log == match.current.log


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(profile="poker"), "unknown rule set 'poker': known are classic, sevens"),
        (lambda d: d.update(profile=7), "unknown rule set 7"),
        (lambda d: d.update(players=6), '"players" 2, 3 or 4 (sevens rules)'),
        (lambda d: d.update(target=31), "a match by the sevens rules is played to 21 or 15 points, not 31"),
        (lambda d: d.update(target="15"), '"target" must be a whole number'),
        (lambda d: d.update(penalties=True), "the sevens rule set has no table mode"),
        (lambda d: d.update(penalties="yes"), '"penalties" true or false'),
        (lambda d: d["deals"][0]["plays"].insert(0, "claim 7♦ J♣"), "is not a capture the last player missed"),
    ],
)
def test_a_record_with_a_bad_rule_set_or_option_is_refused(change, message) -> None:
    """A record's rule set and options are checked like the rest: unknown names and options it lacks."""
    data = record_of(play_randomly(Deal.new(3, seed=3, profile=PROFILES["sevens"]), random.Random(3), 2))
    change(data)
    with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_record(json.dumps(data, ensure_ascii=False))


def test_v5_a_wrong_capture_in_a_record_without_penalties_is_refused() -> None:
    """R17, V5: the same wrong capture that a table-mode record keeps is refused by a record without the option."""
    rng = random.Random(1)
    deal = Deal.new(2, seed=1, profile=TABLE_MODE)
    while not any(event.fault == "wrong" for event in deal.log):
        hand, table = deal.hands[deal.to_play or 0], deal.table
        wrong = [Play(card, frozenset([other])) for card in hand for other in table if card.value + other.value != 15]
        deal = deal.play(wrong[0] if wrong else rng.choice(deal.legal_plays()))
    data = record_of(deal)
    assert load_record(json.dumps(data, ensure_ascii=False)) is not None
    del data["penalties"]
    with pytest.raises(RecordError, match="not 15"):
        load_record(json.dumps(data, ensure_ascii=False))
