"""Two textbook search players, kept only as yardsticks for the arena: the master is measured against them at the
same CPU time per move. They are no level a learner plays, and they share nothing of the master's machinery (no
compiled code, no card counting, no inference, no exact endgame): plain Python over the fast engine's ``Position``,
which already plays every rule set and table.

- ``Determinized`` is determinized Monte Carlo (perfect-information Monte Carlo): it deals the hidden cards one way
  they may lie, uniformly among the ways consistent with what its seat has seen (``View.world`` without inference),
  plays the deal out after each of its legal plays on that same way, and keeps the play with the best mean margin.
- ``InformationSetTree`` is single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
  2012): each iteration deals one such way, walks a tree of plays from the seat's information set, every seat choosing
  by UCB1 among the plays its cards allow in that way (a child's count of chances is the number of walks in which it
  was legal), adds one node, plays the deal out and credits each node on the walk with the margin of the side that
  made its play. It chooses the play walked most.

Both play the deal out with ``take_most``: the take of the most cards (an escoba takes them all), else the lowest card
laid down, about the simplest policy that takes what the table offers (random plays would throw away the sweeps and
sevens any player takes). A margin is the side's points less the best other side's, at every table. A player stops
once its CPU time for the move (its thread's, by ``time.thread_time``) is spent, after at least one playout of every
legal play; given ``iterations``, it runs exactly that many instead, and its choice then depends only on its seed and
the view.

>>> from trainer.ai.state import start
>>> state = start(players=2, engine="fast")
>>> for card in range(40):
...     state = state.deal(card)
>>> view = state.view(0)
>>> Determinized(seed=1, iterations=4).choose(view) in view.legal_plays()
True
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from trainer.ai.bots import margin
from trainer.ai.playout import Move, Position
from trainer.ai.view import View
from trainer.cards import VALUES
from trainer.plays import Play

#: The UCB1 bonus of a play little tried, in points of margin (the bonus the master's own tree search kept).
EXPLORE = 8.0


def take_most(position: Position) -> Move:
    """The playout's move: the take of the most cards (an escoba, if there is one, takes them all), else the lowest
    card laid down; the first of equals in the engine's order."""
    moves = position.moves()
    if takes := [move for move in moves if move[1]]:
        return max(takes, key=lambda move: move[1].bit_count())
    return min(moves, key=lambda move: VALUES[move[0].bit_length() - 1])


def play_out(position: Position) -> list[int]:
    """Play ``position`` to the deal's end by ``take_most``, in place; the points of every side."""
    while position.to_play >= 0:
        position.apply(take_most(position))
    return position.points()


def move_of(play: Play) -> Move:
    """A play as the engine's move: the card's bit and the captured cards' mask."""
    return play.card.bit, play.captured_mask


@dataclass
class _Searcher(ABC):
    """What both players share: a seed, a CPU budget per move in seconds, or a fixed number of iterations."""

    seed: int
    cpu: float = 0.25
    iterations: int = 0  # 0: iterate until ``cpu`` is spent
    name: str = field(default="", compare=False)

    kind = ""

    def __post_init__(self) -> None:
        if self.cpu <= 0 or self.iterations < 0:
            raise ValueError("a reference player needs CPU time or iterations")
        if not self.name:
            spent = f"{self.iterations} iterations" if self.iterations else f"{1000 * self.cpu:.1f} ms"
            self.name = f"{self.kind} {spent}"

    def choose(self, view: View) -> Play:
        """The play for the seat of ``view``, which must be to play, from what that seat knows."""
        if view.to_play != view.seat:
            raise ValueError(f"seat {view.seat} is not to play")
        plays = view.legal_plays()
        if len(plays) == 1:
            return plays[0]
        moment = f"{self.seed}:{view.hand}:{view.table}:{view.piles}:{view.escobas}:{view.hand_counts}:{view.barred}"
        return self._search(view, plays, random.Random(moment), self._going())

    def _going(self) -> Callable[[int], bool]:
        """The test of whether to run another iteration after ``done`` of them: until ``iterations`` are done, or
        else until the CPU time for the move is spent."""
        if self.iterations:
            return lambda done: done < self.iterations
        end = time.thread_time() + self.cpu
        return lambda done: time.thread_time() < end

    @abstractmethod
    def _search(self, view: View, plays: list[Play], rng: random.Random, going: Callable[[int], bool]) -> Play:
        """The play chosen by iterating while ``going`` says so, drawing every chance from ``rng``."""


@dataclass
class Determinized(_Searcher):
    """Determinized Monte Carlo: each iteration is one way the hidden cards may lie, played out after every play."""

    kind = "dmc"

    def _search(self, view: View, plays: list[Play], rng: random.Random, going: Callable[[int], bool]) -> Play:
        totals = [0] * len(plays)
        ways = 0
        while ways == 0 or going(ways):
            world = view.world(rng)
            for i, play in enumerate(plays):
                after = world.copy()
                after.apply(move_of(play))
                totals[i] += margin(play_out(after), view.side)
            ways += 1
        return plays[max(range(len(plays)), key=totals.__getitem__)]


@dataclass
class _Node:
    """A play in the tree, reached by the plays before it: the side that made it, and what the walks found."""

    side: int
    children: dict[Move, _Node] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0  # the margins of ``side`` summed over the walks through this node
    available: int = 1  # the walks that reached its parent with this play legal

    def bound(self, explore: float) -> float:
        """UCB1: the mean margin plus a bonus for a play little tried."""
        return self.total / self.visits + explore * math.sqrt(math.log(self.available) / self.visits)


@dataclass
class InformationSetTree(_Searcher):
    """Single-observer information-set Monte Carlo tree search over the plays of the deal."""

    explore: float = EXPLORE

    kind = "ismcts"

    def _search(self, view: View, plays: list[Play], rng: random.Random, going: Callable[[int], bool]) -> Play:
        root = _Node(view.side)
        walks = 0
        while walks < len(plays) or going(walks):
            self._walk(root, view.world(rng), rng)
            walks += 1
        return max(plays, key=lambda play: _rank(root.children[move_of(play)]))

    def _walk(self, node: _Node, world: Position, rng: random.Random) -> None:
        """One iteration on one way the cards may lie: down the tree, one node added, the deal played out, and the
        margins credited to the nodes walked."""
        sides = len(world.piles)
        path = []
        while world.to_play >= 0:
            moves = world.moves()
            known = [node.children[move] for move in moves if move in node.children]
            for child in known:
                child.available += 1
            untried = [move for move in moves if move not in node.children]
            if untried:
                move = rng.choice(untried)
                added = _Node(world.to_play % sides)
                node.children[move] = added
                world.apply(move)
                path.append(added)
                break
            chosen = max(range(len(moves)), key=lambda i: known[i].bound(self.explore))
            node = known[chosen]
            world.apply(moves[chosen])
            path.append(node)
        points = play_out(world)
        for walked in path:
            walked.visits += 1
            walked.total += margin(points, walked.side)


def _rank(child: _Node) -> tuple[int, float]:
    """A root play's rank: walked most, then the better mean margin."""
    return child.visits, child.total / child.visits


#: The reference players by the name the command line gives them.
REFERENCE: dict[str, type[Determinized | InformationSetTree]] = {
    Determinized.kind: Determinized,
    InformationSetTree.kind: InformationSetTree,
}
