"""The reference players: legal plays at every table, choices from the view alone, the sweep taken, a place in the
arena and on its command line, and a CPU budget kept."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import PROFILES, parse_cards
from trainer.ai.arena import Decks, arena, median_and_p95
from trainer.ai.playout import Rules
from trainer.ai.reference import REFERENCE, Determinized, InformationSetTree, take_most
from trainer.ai.state import OVER, Fast, start
from trainer.ai.view import View
from trainer.cards import mask_of
from trainer.cli import main

PLAYERS = (Determinized, InformationSetTree)
TABLES = [(rules, players) for rules, profile in PROFILES.items() for players in profile.players]


def state_after(rules: str, players: int, seed: int, plays: int) -> Fast:
    """A deal on the fast engine, shuffled by ``seed``, after up to ``plays`` plays of the playout policy."""
    state = start(PROFILES[rules], players, "fast")
    for card in random.Random(seed).sample(range(40), 40):
        state = state.deal(card)
    assert isinstance(state, Fast)
    for _ in range(plays):
        if state.current == OVER:
            break
        state = state.play(state.legal_plays()[0])
    return state


@settings(deadline=None, max_examples=40)
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(0, 36), st.sampled_from(PLAYERS))
def test_a_reference_player_makes_a_legal_play_at_every_table(
    table: tuple[str, int], seed: int, plays: int, kind: type[Determinized | InformationSetTree]
) -> None:
    state = state_after(*table, seed, plays)
    if state.current == OVER:
        return
    view = state.view(state.current)
    assert kind(seed, iterations=3).choose(view) in view.legal_plays()


@settings(deadline=None, max_examples=30)
@given(st.sampled_from(TABLES), st.integers(0, 2**32), st.integers(0, 30), st.sampled_from(PLAYERS))
def test_the_choice_is_the_same_wherever_the_hidden_cards_lie(
    table: tuple[str, int], seed: int, plays: int, kind: type[Determinized | InformationSetTree]
) -> None:
    """Two deals that differ only in the cards the seat to play cannot see: the same view, the same choice."""
    state = state_after(*table, seed, plays)
    if state.current == OVER:
        return
    seat = state.current
    dealt_again = (Fast(state.view(seat).world(random.Random(k)), state.plays) for k in range(20))
    other = next((deal for deal in dealt_again if deal.position != state.position), None)
    if other is None:  # nothing hidden, or one way the hidden cards can lie
        return
    assert other.view(seat) == state.view(seat)
    player = kind(seed, iterations=6)
    assert player.choose(other.view(seat)) == player.choose(state.view(seat))


def test_the_same_seed_view_and_iterations_give_the_same_choice_and_the_play_is_by_the_view() -> None:
    view = state_after("classic", 2, 3, 0).view(0)
    for kind in PLAYERS:
        assert len({kind(7, iterations=5).choose(view) for _ in range(3)}) == 1
        with pytest.raises(ValueError, match="seat 1 is not to play"):
            kind(7, iterations=5).choose(state_after("classic", 2, 3, 0).view(1))


@pytest.mark.parametrize("kind", PLAYERS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_both_take_the_sweep(kind: type[Determinized | InformationSetTree], seed: int) -> None:
    """Q♠ (9) sweeps A♦ 2♥ 3♣; K♦ takes 2♥ 3♣ only, 4♥ is laid down (R12, R13). The 6♠ was taken with the first
    table's missing card."""
    hand, table, pile = (mask_of(parse_cards(cards)) for cards in ("Q♠ 4♥ K♦", "A♦ 2♥ 3♣", "6♠"))
    view = View(Rules.of(PROFILES["classic"]), 2, 0, hand, table, (pile, 0), (0, 0), 0, (3, 3), 30, to_play=0)
    assert len(view.legal_plays()) == 3
    play = kind(seed, iterations=200).choose(view)
    assert str(play) == "Q♠ A♦ 2♥ 3♣"


def test_the_playout_policy_takes_the_most_cards_else_lays_the_lowest() -> None:
    hand, table = mask_of(parse_cards("7♦ 6♠ 4♥")), mask_of(parse_cards("A♣ 2♦ 3♥ J♠"))
    world = View(Rules.of(PROFILES["classic"]), 2, 0, hand, table, (0, 0), (0, 0), -1, (3, 3), 30, to_play=0).world(
        random.Random(1)
    )
    assert take_most(world) == (parse_cards("4♥")[0].bit, mask_of(parse_cards("A♣ 2♦ J♠")))  # not J♠ alone, with 7♦
    world.table = mask_of(parse_cards("K♦ K♣"))
    assert take_most(world) == (parse_cards("4♥")[0].bit, 0)  # nothing to take: the lowest card


@pytest.mark.parametrize("kind", PLAYERS)
def test_a_reference_player_plays_in_the_arena_within_its_cpu_time(
    kind: type[Determinized | InformationSetTree],
) -> None:
    """Every choice stops once the budget is spent: an iteration takes a few milliseconds of CPU at most."""
    budget = 0.004
    player = kind(5, budget)
    assert pickle.loads(pickle.dumps(player)) == player  # for the arena's worker processes
    result = arena("greedy", player, Decks(2, 4, PROFILES["turkish"], 4))
    assert len(result.margins) == 2 and result.b == f"{kind.kind} 4.0 ms"
    median, p95 = median_and_p95(result.cpu[result.b])
    assert budget <= median and p95 < budget + 0.05  # CPU time: a loaded machine does not stretch it
    assert f"time per choice, {kind.kind} 4.0 ms: CPU median" in result.report()


def test_the_command_gives_a_reference_player_the_cpu_time_of_bot_a(capsys: pytest.CaptureFixture[str]) -> None:
    assert set(REFERENCE) == {"dmc", "ismcts"}
    assert main(["arena", "--a", "greedy", "--b", "ismcts", "--cpu-ms", "match", "--deals", "2", "--workers", "1"]) == 0
    out = capsys.readouterr()
    said, *report = out.out.splitlines()
    assert said.startswith("reference players' CPU time a move: ")
    assert said.endswith(" ms, the median of greedy's on 16 decks")
    matched = said.split(": ")[1].split(" ms")[0]
    assert report[0].endswith(f"greedy against ismcts {matched} ms")
    assert sum(line.startswith("time per choice, ") for line in report) == 2
    assert "timing greedy's choices on 16 decks against greedy" in out.err


def test_the_command_takes_a_cpu_time_in_milliseconds_and_refuses_match_for_a_reference_bot_a(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "--a", "dmc", "--b", "random", "--cpu-ms", "2", "--deals", "2", "--workers", "1"]) == 0
    assert capsys.readouterr().out.startswith("2 duplicate decks (4 deals), 2 players, classic rules: dmc 2.0 ms")
    assert main(["arena", "--a", "dmc", "--b", "greedy", "--cpu-ms", "match"]) == 1
    assert "--cpu-ms match times bot A: --a must be one of random, greedy, expert, master" in capsys.readouterr().err
    assert main(["arena", "--b", "dmc", "--cpu-ms", "0"]) == 1
    assert "expected match or a whole number from 1 to 60,000, not '0'" in capsys.readouterr().err
