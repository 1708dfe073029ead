"""The compiled ways play and score exactly as the Python engine with the playout policies does, and deal the hidden
cards as a view allows."""

import random

import numpy as np
import pytest
from numba import njit

from trainer import DECK, Deal, parse_cards
from trainer.ai import batch
from trainer.ai.bots import POLICIES, _Search, greedy_move, margin
from trainer.ai.playout import Position, Rules, legal_moves
from trainer.ai.view import View
from trainer.profile import PROFILES


def finish(position: Position, policy: str) -> list[int]:
    """The deal played out in Python, every seat choosing by the key of ``policy``; the points."""
    while position.to_play >= 0:
        position.apply(greedy_move(position, POLICIES[policy]))
    return position.points()


def finished_margin(position: Position, policy: str, side: int, exact: int = 0) -> int:
    """``side``'s margin at the end of the deal played out as ``finish`` plays it, except that with ``exact`` and two
    sides the last ``exact`` cards, once the stock is used up, are played by the exact search."""
    while exact and len(position.piles) == 2 and position.to_play >= 0:
        if not position.stock and sum(hand.bit_count() for hand in position.hands) <= exact:
            return int(_Search(side).value(position))
        position.apply(greedy_move(position, POLICIES[policy]))
    return margin(finish(position, policy), side)


def best(position: Position, side: int) -> int:
    """The compiled ``_best`` of a position whose stock is used up."""
    hands, piles, escobas = (np.array(part, np.int64) for part in (position.hands, position.piles, position.escobas))
    state = np.array([position.table, 0, position.last, position.to_play], np.int64)
    rules = position.rules
    scoring = batch._scoring(rules.points, rules.in_place_of, rules.suit_prices)
    stock = np.zeros(0, np.int64)
    return int(batch._best(hands, piles, escobas, stock, state, side, rules.must_any, scoring, batch._MASKS))


@pytest.mark.parametrize("rules", sorted(PROFILES))
def test_r15_the_compiled_last_plays_at_best_are_the_exact_search_s(rules: str) -> None:
    """From every position of a last round with two sides (two players, or four in pairs), both sides playing their
    best to the end (R15's sweep of the table included): the compiled search finds the margin the Python one finds."""
    profile, rng, checked = PROFILES[rules], random.Random(rules), 0
    for players in (2, 4):
        for _ in range(16 if players == 2 else 4):
            position = Position.from_deck(rng.sample(range(len(DECK)), len(DECK)), players, Rules.of(profile))
            while position.stock or sum(hand.bit_count() for hand in position.hands) > 6:
                position.apply(rng.choice(position.moves()) if rng.random() < 0.3 else greedy_move(position))
            while position.to_play >= 0:
                for side in (0, 1):
                    assert best(position, side) == _Search(side).value(position.copy())
                checked += 1
                position.apply(rng.choice(position.moves()))
    assert checked > 100


def test_the_compiled_search_makes_room_for_a_table_of_many_groups() -> None:
    """Nine cards on the table make 512 groups and three cards in hand up to 1,536 plays, more than the search first
    has room for: it makes more, lists the plays ``legal_moves`` lists, and finds the Python search's margin."""
    texts = ("A♣ A♥ 2♣ 2♥ 3♣ 3♥ 4♣ 4♥ 5♣", "7♠ 6♠ 5♠", "J♠ Q♠ 4♠")
    table, *hands = (sum(card.bit for card in parse_cards(text)) for text in texts)
    position = Position(Rules.of(PROFILES["classic"]), 2, hands, table, [], [0, 0], [0, 0])
    cards, captured = batch._moves(hands[0], table, False)
    listed = {(1 << int(card), int(taken)) for card, taken in zip(cards, captured, strict=True)}
    assert len(listed) == len(cards) > 64 and listed == set(legal_moves(hands[0], table, False))
    for side in (0, 1):
        assert best(position, side) == _Search(side).value(position.copy())


@pytest.mark.parametrize("rules", sorted(PROFILES))
def test_the_compiled_choice_playout_and_score_are_the_python_ones(rules: str) -> None:
    """On every position of deals played partly at random, at every table size of every rule set: the move chosen
    (ties included: the packed ranks order the moves as the keys do), the piles and escobas the deal ends with when
    played out from there, and the points they score."""
    profile, rng, checked = PROFILES[rules], random.Random(rules), 0
    scoring = batch._scoring(*(getattr(Rules.of(profile), name) for name in ("points", "in_place_of", "suit_prices")))
    for players in profile.players:
        for _ in range(12):
            position = Position.from_deck(rng.sample(range(len(DECK)), len(DECK)), players, Rules.of(profile))
            while position.to_play >= 0:
                policy = rng.choice(batch.PLAYOUTS)
                hand, number = position.hands[position.to_play], batch.playout_number(policy)
                index, captured = batch._choose(hand, position.table, number, position.unseen(), *batch._MASKS)
                assert (1 << index, captured) == greedy_move(position, POLICIES[policy])
                python = position.copy()
                points = finish(python, policy)
                hands, piles, escobas = (
                    np.array(part, np.int64) for part in (position.hands, position.piles, position.escobas)
                )
                state = np.array([position.table, 0, position.last, position.to_play], np.int64)
                stock = np.array(position.stock, np.int64)
                batch._finish(hands, piles, escobas, stock, state, profile.hand_size, number, batch._MASKS)
                assert (piles.tolist(), escobas.tolist()) == (python.piles, python.escobas)
                room = batch._room_to_score(len(piles))
                assert batch._points(piles, escobas, scoring, batch._MASKS, *room).tolist() == points
                checked += 1
                position.apply(rng.choice(position.moves()) if rng.random() < 0.3 else greedy_move(position))
    assert checked > 500


@njit
def _dealt(seed, unseen, seat, hand, counts, barred, order, stock_count):  # type: ignore[no-untyped-def]
    np.random.seed(seed)
    return batch._deal_hidden(unseen, seat, hand, counts, barred, order, stock_count)


def views() -> list[View]:
    """Views of deals part played, at 2, 3, 4 and 6 players, with the stock full, part used and empty, where a lay-down
    bars cards and where it does not, and of a position set up with cards out of play."""
    found, rng = [], random.Random(5)
    for rules, players, plays in (("classic", 2, 1), ("sevens", 2, 9), ("classic", 2, 14), ("sevens", 3, 4),
                                  ("turkish", 4, 10), ("turkish", 6, 7)):  # fmt: skip
        deal = Deal.new(players, seed=players * plays, profile=PROFILES[rules])
        for _ in range(plays):
            deal = deal.play(rng.choice(deal.legal_plays()))
        found.append(View.of(deal))
    setup = Deal.from_position(table=parse_cards("5♥ 2♣ Q♥ 6♠"), hands=[parse_cards("A♣ J♥"), parse_cards("3♥ 3♠")])
    return [*found, View.of(setup)]


@pytest.mark.parametrize("infer", [False, True])
def test_the_compiled_ways_deal_what_the_view_leaves_unseen_within_its_counts_and_bars(infer: bool) -> None:
    for view in views():
        unseen, seat, _, _, barred, order, _ = setup = batch.hidden(view, infer)
        for seed in range(40):
            hands, stock = _dealt(seed, *setup)
            assert hands[seat] == view.hand
            dealt = [int(h) for s, h in enumerate(hands) if s != seat] + [1 << int(card) for card in stock]
            assert sum(dealt) == np.bitwise_or.reduce(dealt, initial=0)  # no card dealt twice
            assert not np.bitwise_or.reduce(dealt, initial=0) & ~view.unseen
            assert [int(h).bit_count() for h in hands] == list(view.hand_counts) and len(stock) == view.stock_count
            first = order[0]  # dealt first: from every unseen card, those barred left out while enough are not
            if sum(not int(barred[first]) >> int(card) & 1 for card in unseen) >= view.hand_counts[first]:
                assert not hands[first] & barred[first]


@pytest.mark.parametrize(
    ("policy", "exact"),
    [("greedy", 0), ("careful", 0), ("careful", 6), ("counting", 0), ("counting", 4), ("sparing", 0), ("sparing", 4)],
)
def test_the_margins_on_compiled_ways_are_the_python_playouts_of_those_ways(policy: str, exact: int) -> None:
    """Each way drawn, set out as a Python position and played out after each legal play (the last ``exact`` cards at
    best), ends with the same margin."""
    for view in views():
        plays = view.legal_plays()
        for seed in range(15):
            hands, stock = _dealt(batch.seed_of(seed), *batch.hidden(view))
            world = Position(
                view.rules, view.players, hands.tolist(), view.table, stock.tolist(), list(view.piles),
                list(view.escobas), view.last, view.seat,
            )  # fmt: skip
            python = []
            for play in plays:
                after = world.copy()
                after.apply((play.card.bit, play.captured_mask))
                python.append([finished_margin(after, policy, view.side, exact)])
            assert batch.margins_on_ways(view, plays, 1, seed, policy=policy, exact=exact).tolist() == python


def test_with_more_than_two_sides_every_way_is_played_out_to_its_end_whatever_exact_says() -> None:
    """Best play is only defined here for a side against one other: at three sides the last cards stay greedy."""
    deal = Deal.new(3, seed=7, profile=PROFILES["sevens"])
    rng = random.Random(7)
    while len(deal.stock) or sum(len(hand) for hand in deal.hands) > 5:
        deal = deal.play(rng.choice(deal.legal_plays()))
    view = View.of(deal)
    plays = view.legal_plays()
    greedy = batch.margins_on_ways(view, plays, 50, 1, policy="careful")
    assert batch.margins_on_ways(view, plays, 50, 1, policy="careful", exact=6).tolist() == greedy.tolist()
