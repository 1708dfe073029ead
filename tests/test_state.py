"""The game interface: the shuffle as chance steps, the referee and the fast engine answering alike, and views that
lead nowhere near a card their seat cannot see."""

import gc
import random
import types

import pytest
from test_bots import hidden_reshuffled

from trainer import DECK, PROFILES, Deal
from trainer.ai.bots import LEVELS, make_bot
from trainer.ai.playout import Position
from trainer.ai.state import CHANCE, OVER, Fast, GameState, Refereed, Shuffle, start
from trainer.ai.view import View

SETS = [(name, players) for name, profile in PROFILES.items() for players in profile.players]


def dealt(state: GameState, rng: random.Random) -> GameState:
    """Every chance step taken, each card drawn from those the step offers."""
    while state.current == CHANCE:
        state = state.deal(rng.choice(state.chance_outcomes()))
    return state


@pytest.mark.parametrize(("name", "players"), SETS)
def test_the_referee_and_the_fast_engine_show_every_seat_the_same_deal(name: str, players: int) -> None:
    """R8-R18 and V1-V3 as both engines play them: the same turns, legal plays, views for every seat (barred cards
    included, V1's must-capture rows) and points per side, play for play."""
    for number in range(25):
        referee = dealt(start(PROFILES[name], players, "referee"), random.Random(number))
        fast = dealt(start(PROFILES[name], players, "fast"), random.Random(number))
        assert isinstance(referee, Refereed) and isinstance(fast, Fast)
        rng = random.Random(f"{name}:{number}")
        while referee.current != OVER:
            assert fast.current == referee.current
            assert fast.legal_plays() == referee.legal_plays()
            assert [fast.view(seat) for seat in range(players)] == [referee.view(seat) for seat in range(players)]
            play = rng.choice(referee.legal_plays())
            referee, fast = referee.play(play), fast.play(play)
        assert fast.current == OVER and fast.returns() == referee.returns()
        assert len(referee.returns()) == PROFILES[name].sides(players)


def test_the_shuffle_deals_each_card_once_then_the_deal_begins() -> None:
    state: GameState = start()
    for card in (39, 0, 17):
        state = state.deal(card)
    assert isinstance(state, Shuffle) and len(state.chance_outcomes()) == 37
    with pytest.raises(ValueError, match="card 0 is dealt already"):
        state.deal(0)
    with pytest.raises(ValueError, match="still being dealt"):
        state.view(0)
    for card in state.chance_outcomes():
        state = state.deal(card)
    assert state.current == 0 and state.chance_outcomes() == []
    assert Deal.from_deck([DECK[i] for i in (39, 0, 17, *range(1, 17), *range(18, 39))]) == state.referee  # type: ignore[attr-defined]


def test_a_table_the_rule_set_does_not_allow_is_refused() -> None:
    with pytest.raises(ValueError, match="not for 3 players"):
        start(PROFILES["classic"], 3)


def test_the_fast_engine_refuses_an_illegal_play() -> None:
    state = dealt(start(PROFILES["sevens"], 2, "fast"), random.Random(1))
    legal = set(state.legal_plays())
    illegal = next(
        play
        for play in Deal.new(seed=1).legal_plays() + [p for s in range(40) for p in Deal.new(seed=s).legal_plays()]
        if play not in legal
    )
    with pytest.raises(ValueError, match="not a legal play"):
        state.play(illegal)


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by references, ``root`` included, through the data it holds: classes,
    modules and functions are not followed, as through them lies the whole program (any cache a module keeps)."""
    code = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)
    seen, stack, found = set(), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, code):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found


@pytest.mark.parametrize(("name", "players"), [("classic", 2), ("cardgames", 3), ("classic", 4)])
def test_a_view_leads_to_no_hidden_card(name: str, players: int) -> None:
    """A bot gets a view and nothing else: nothing reachable from it is a deal or a position, and two deals that
    differ only in the cards the seat cannot see give views equal to the last digit of their full text, so no card
    it cannot see is in a view, however deep. (Where a lay-down shows cards a hand cannot hold, V1's must-capture
    rows, a reshuffle could deal one there: those rule sets are left out.)"""
    rng = random.Random(name)
    for seed in range(8):
        deal = Deal.new(players, seed=seed, profile=PROFILES[name])
        for _ in range(rng.randrange(1, 4 * players)):
            deal = deal.play(rng.choice(deal.legal_plays()))
        view = View.of(deal)
        assert not [obj for obj in reachable(view) if isinstance(obj, (Deal, Position, Refereed, Fast, Shuffle))]
        other = hidden_reshuffled(deal, rng)
        assert (other.hands, other.stock) != (deal.hands, deal.stock)
        assert repr(View.of(other)) == repr(view) and View.of(other) == view
        for level in LEVELS:
            assert make_bot(level, seed=seed).choose(view) in deal.legal_plays()


def test_a_bot_is_refused_a_view_of_a_seat_not_to_play() -> None:
    deal = Deal.new(seed=2)
    with pytest.raises(ValueError, match="seat 1 is not to play"):
        make_bot("greedy").choose(View.of(deal, 1))
