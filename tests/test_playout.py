"""The playout engine plays exactly the deals ``Deal`` plays: same legal plays, same order, same points."""

import dataclasses
import random

import pytest

from trainer import DECK, PROFILES, Deal, legal_plays
from trainer.ai.playout import Position, Rules, forget_tables, legal_moves, play_deal, random_deal_points
from trainer.plays import play_of
from trainer.profile import RuleProfile

SETS = [(name, players) for name, profile in PROFILES.items() for players in profile.players]
DEALS = 10_000 // len(SETS) + 1  # at least 10,000 deals in all


def through_deal(
    deck: list[int], players: int, name: str | RuleProfile, rng: random.Random
) -> tuple[list[int], list[tuple[int, int]]]:
    """The same deal played through the referee, choosing as the playout engine does."""
    profile = PROFILES[name] if isinstance(name, str) else name
    deal = Deal.from_deck([DECK[index] for index in deck], players, profile)
    moves = []
    while not deal.is_over:
        options = deal.legal_plays()
        play = options[int(rng.random() * len(options))] if len(options) > 1 else options[0]
        moves.append((play.card.bit, play.captured_mask))
        deal = deal.play(play)
    return [score.total for score in deal.score()], moves


@pytest.mark.parametrize(("name", "players"), SETS)
def test_random_deals_match_the_referee_play_for_play(name: str, players: int) -> None:
    rules = Rules.of(PROFILES[name])
    shuffler = random.Random(f"{name}:{players}")
    for number in range(DEALS):
        deck = list(range(40))
        shuffler.shuffle(deck)
        fast = play_deal(deck, players, rules, random.Random(number).random)
        slow = through_deal(deck, players, name, random.Random(number))
        assert fast == slow, (name, players, number)


@pytest.mark.parametrize(("hand", "table", "players"), [(2, 4, 2), (4, 8, 2), (4, 4, 3)])
def test_the_hand_and_table_sizes_are_the_rule_sets(hand: int, table: int, players: int) -> None:
    """No rule set deals other than 3 a hand and 4 to the table yet; one that does is played as Deal plays it."""
    profile = dataclasses.replace(PROFILES["sevens"], name="test", hand_size=hand, table_size=table)
    rules = Rules.of(profile)
    shuffler = random.Random(f"sizes {hand} {table} {players}")
    for number in range(300):
        deck = shuffler.sample(range(40), 40)
        fast = play_deal(deck, players, rules, random.Random(number).random)
        assert fast == through_deal(deck, players, profile, random.Random(number)), number
        position = Position.from_deck(deck, players, rules)
        assert [hand_cards.bit_count() for hand_cards in position.hands] == [hand] * players
        for move in fast[1]:
            position.apply(move)
        assert position.to_play == -1 and position.points() == fast[0]


def test_legal_moves_are_the_referees_in_its_order() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        cards = rng.sample(range(40), 3 + rng.randrange(9))
        hand = sum(1 << index for index in cards[:3])
        table = sum(1 << index for index in cards[3:])
        for must in ("played", "any"):
            plays = legal_plays([DECK[i] for i in cards[:3]], [DECK[i] for i in cards[3:]], must)
            deal_order = [(play.card.bit, play.captured_mask) for play in plays]
            assert legal_moves(hand, table, must == "any") == deal_order


@pytest.mark.parametrize(("name", "players"), SETS)
def test_positions_list_the_referees_plays_in_its_order_on_tables_the_playouts_built(name: str, players: int) -> None:
    """Playouts keep a table's groups in the order its cards came; positions must still list Deal's order."""
    forget_tables()
    rules = Rules.of(PROFILES[name])
    shuffler = random.Random(f"order {name}:{players}")
    for number in range(30):
        deck = shuffler.sample(range(40), 40)
        _, moves = play_deal(deck, players, rules, random.Random(number).random)
        position = Position.from_deck(deck, players, rules)
        deal = Deal.from_deck([DECK[index] for index in deck], players, PROFILES[name])
        for move in moves:
            assert position.moves() == [(play.card.bit, play.captured_mask) for play in deal.legal_plays()]
            deal = deal.play(play_of(move[0].bit_length() - 1, move[1]))
            position.apply(move)
        assert deal.is_over and position.to_play == -1
        assert position.points() == [score.total for score in deal.score()]


def test_random_deal_points_are_reproducible_and_one_entry_per_side() -> None:
    assert random_deal_points(50, seed=4) == random_deal_points(50, seed=4)
    assert {len(points) for points in random_deal_points(20, seed=4, players=3, rules="escova")} == {3}
    with pytest.raises(ValueError, match="not for 6 players"):
        random_deal_points(1, seed=1, players=6)
