"""Computer players, and the evaluation of every play a seat can make.

A bot is handed only what its seat can know (a ``View``): its hand, the table, the piles and escobas, what the
plays of the round show, and how many cards each hand and the stock hold. The expert fills in the hidden cards in
many ways at random (the same ones for every play it weighs), plays each way out with the greedy policy (in
compiled code, ``trainer.ai.batch``) and takes the play with the best average point margin; once nothing is hidden
(two players, stock empty, no card out of play) it solves the rest of the deal exactly, by an alpha-beta search
that remembers the positions it has weighed. A search that would weigh more than ``SOLVE_BUDGET`` positions gives
up (``SearchBudgetExceeded``), and the evaluation then plays the known cards out as it plays out hidden ones.

>>> from trainer import Deal
>>> deal = Deal.new(seed=5)
>>> make_bot("greedy").choose(View.of(deal)) in deal.legal_plays()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from trainer.ai.batch import LAY_ORDER, PLAYOUTS, margins_on_ways
from trainer.ai.playout import Move, Position
from trainer.ai.tree import search_round
from trainer.ai.view import View
from trainer.ai.warm import building
from trainer.bot_levels import LEVELS as LEVELS  # the name the callers of bots know it by
from trainer.cards import VALUE_MASKS, VALUES, value_of
from trainer.plays import CAPTURE_SUM, Play, groups_by_sum, play_of
from trainer.scoring import COINS_MASK, SEVEN_OF_COINS, SEVENS_MASK


def greedy_move(position: Position, key: Key | None = None) -> Move:
    """The best immediate take: an escoba, then the 7♦, sevens, coins, cards; without a take, the least dangerous
    card to lay down (one that leaves no single card able to sweep, and gives away no seven or coin). With another
    ``key`` (``careful_key``, ``counting_key``, ``sparing_key``), the move that key ranks first."""
    table = position.table
    moves = position.moves()
    if len(moves) == 1:
        return moves[0]
    total, rank, unseen = value_of(table), key or greedy_key, position.unseen()
    return max(moves, key=lambda move: rank(move, table, total, unseen))


def sweepable(total: int, unseen: int | None = None) -> bool:
    """Whether a single card can sweep a table of ``total`` (one of value 1 to 10 makes 15 with it); with
    ``unseen``, one of those cards."""
    if not 5 <= total <= 14:
        return False
    return unseen is None or bool(unseen & VALUE_MASKS[CAPTURE_SUM - total])


def sweepers(total: int, unseen: int) -> int:
    """How many of ``unseen`` would sweep a table of ``total``."""
    return (unseen & VALUE_MASKS[CAPTURE_SUM - total]).bit_count() if 5 <= total <= 14 else 0


def seven_open(table: int, unseen: int) -> bool:
    """Whether one of ``unseen`` could take a seven from ``table`` (with other cards or alone)."""
    return any(
        group & SEVENS_MASK and unseen & VALUE_MASKS[CAPTURE_SUM - total]
        for total, groups in enumerate(groups_by_sum(table))
        if total >= 5
        for group in groups
    )


def greedy_key(move: Move, table: int, total: int, unseen: int = 0) -> tuple[int, ...]:
    """A move's rank for the greedy policy, as ``greedy_move`` describes it (the cards unseen do not matter)."""
    return _rank(move, table, total, careful=False)


def careful_key(move: Move, table: int, total: int, unseen: int = 0) -> tuple[int, ...]:
    """``greedy_key``, and a take that leaves cards one card can sweep (a total of 5 to 14) comes after one that
    does not, unless it takes more than the 7♦ tells apart."""
    return _rank(move, table, total, careful=True)


def counting_key(move: Move, table: int, total: int, unseen: int) -> tuple[int, ...]:
    """``careful_key`` counting the cards: a table left is dangerous, after a take or a lay-down, only if a card that
    could sweep it is one of ``unseen``, those the seat has not seen (another hand's, the stock's, out of play)."""
    return _rank(move, table, total, careful=True, unseen=unseen)


def sparing_key(move: Move, table: int, total: int, unseen: int) -> tuple[int, ...]:
    """``counting_key`` for a take. A lay-down comes first if it leaves a table the fewest of ``unseen`` can sweep,
    then if none of them can take a seven from it, then as the greedy policy ranks it but for the value: the card the
    hand can best spare is laid first (``LAY_ORDER``: a 9 or a 10 before a low card, the sota and the high cards of
    the setenta last)."""
    bit, captured = move
    if captured:
        return _rank(move, table, total, careful=True, unseen=unseen)
    value = VALUES[bit.bit_length() - 1]
    return (
        0, -sweepers(total + value, unseen), not seven_open(table | bit, unseen), not bit & SEVEN_OF_COINS.bit,
        not bit & SEVENS_MASK, not bit & COINS_MASK, -LAY_ORDER.index(value),
    )  # fmt: skip


def _rank(move: Move, table: int, total: int, careful: bool, unseen: int | None = None) -> tuple[int, ...]:
    bit, captured = move
    if captured:
        taken = captured | bit
        safe = (not sweepable(total - value_of(captured), unseen),) if careful else ()
        return (
            1, captured == table, bool(taken & SEVEN_OF_COINS.bit), *safe, (taken & SEVENS_MASK).bit_count(),
            (taken & COINS_MASK).bit_count(), taken.bit_count(),
        )  # fmt: skip
    value = VALUES[bit.bit_length() - 1]
    safe_laid = not sweepable(total + value, unseen)
    return (0, safe_laid, not bit & SEVEN_OF_COINS.bit, not bit & SEVENS_MASK, not bit & COINS_MASK, -value)


#: How a move is ranked for a playout: by the table before it, the table's total and the cards the seat has not
#: seen (which only ``counting_key`` heeds).
Key = Callable[[Move, int, int, int], tuple[int, ...]]
POLICIES: dict[str, Key] = dict(zip(PLAYOUTS, (greedy_key, careful_key, counting_key, sparing_key), strict=True))


def margin(points: Sequence[int], side: int) -> int:
    """A side's points minus the best of the other sides'."""
    return points[side] - max(point for other, point in enumerate(points) if other != side)


#: The positions one exact search may weigh, for all the plays of the seat to move together, before it gives up:
#: the bank's endgames need at most a few hundred, a last round on a table of thirteen aces and court cards some
#: forty thousand (about a second).
SOLVE_BUDGET = 100_000


class SearchBudgetExceeded(RuntimeError):
    """An exact search that would weigh more positions than its budget allows."""


class _Search:
    """Best play by both sides to the end, for one side: alpha-beta over the moves, the greedy policy's favourites
    first, with the bounds found for each position kept, so that a position reached again by plays in another
    order is not searched again."""

    def __init__(self, side: int) -> None:
        self.side = side
        self.weighed = 0  # positions searched so far, not counting finished deals
        self.bounds: dict[tuple[object, ...], tuple[float, float]] = {}

    def value(self, position: Position, alpha: float = -math.inf, beta: float = math.inf) -> float:
        """The margin of ``self.side`` with best play when it lies between ``alpha`` and ``beta``; else a bound
        no nearer than the one it passes (at most ``alpha``, or at least ``beta``)."""
        if position.to_play < 0:
            return margin(position.points(), self.side)
        self.weighed += 1
        if self.weighed > SOLVE_BUDGET:
            raise SearchBudgetExceeded(f"more than {SOLVE_BUDGET:,} positions to weigh")
        key = (tuple(position.hands), position.table, tuple(position.piles), tuple(position.escobas),
               position.last, position.to_play)  # fmt: skip
        low, high = self.bounds.get(key, (-math.inf, math.inf))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        mine = position.to_play % len(position.piles) == self.side
        best = -math.inf if mine else math.inf
        above, below = alpha, beta  # the window narrowed by the moves searched so far
        table, total = position.table, value_of(position.table)
        for move in sorted(position.moves(), key=lambda move: greedy_key(move, table, total), reverse=True):
            after = position.copy()
            after.apply(move)
            value = self.value(after, above, below)
            if mine:
                best = max(best, value)
                above = max(above, value)
            else:
                best = min(best, value)
                below = min(below, value)
            if above >= below:
                break
        if best <= alpha:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.bounds[key] = (low, high)
        return best


def exact_search(view: View) -> tuple[dict[Play, int], int]:
    """Each legal play of the seat to move, with the margin its side ends the deal with when both sides play their
    best from there, and how many positions the search weighed; only where nothing is hidden (two players, the
    stock used up). Each play is searched with the widest window, so each figure is exact.
    ``SearchBudgetExceeded`` once more than ``SOLVE_BUDGET`` positions are weighed for the plays together."""
    if view.hidden:
        raise ValueError("some cards are hidden here, so a margin can only be estimated (see evaluate)")
    world = view.world(random.Random(0))
    search = _Search(view.side)
    margins = {}
    for play in view.legal_plays():
        after = world.copy()
        after.apply((play.card.bit, play.captured_mask))
        margins[play] = int(search.value(after))
    return margins, search.weighed


def exact_margins(view: View) -> dict[Play, int]:
    """``exact_search``'s margins."""
    return exact_search(view)[0]


@dataclass(frozen=True)
class Evaluation:
    """A play, the point margin expected for its side to the end of the deal, and that figure's standard error."""

    play: Play
    margin: float
    error: float
    margins: tuple[int, ...] = ()  # one per sample, in the order of the samples (none when exact)


def sampled_worlds(view: View, samples: int, seed: int | str | None = 0, infer: bool = False) -> list[Position]:
    """``samples`` ways the hidden cards may lie, drawn in Python from ``seed`` as ``evaluate``'s compiled ways are
    drawn (not the same ones): one, the cards as they lie, where nothing is hidden."""
    rng = random.Random(seed)
    return [view.world(rng, infer) for _ in range(samples if view.hidden else 1)]


#: A play this many standard errors behind the leader after the first samples is played out no further.
RACE_GAP = 3.0


@dataclass(frozen=True)
class Settings:
    """How an evaluating level weighs its plays (``evaluate``): over how many ways the hidden cards may lie, how
    many of them every play is weighed on before a play clearly behind is dropped (0: none is), whether the hidden
    cards are dealt as the round's plays hint, how the ways are played out, and how many last cards of a way are played
    at best (0: none; two sides only: exact at two players, where nothing is hidden by then, and at four and six
    determinized play, each way's cards solved as though face up). With ``tree``, a bot chooses by that many passes
    of a search over the round (``trainer.ai.tree``), each on one way, with ``explore`` as its bonus for a play little
    tried, instead of by ``samples`` ways of each play (wherever cards are hidden); the coach's figures always come
    from the ways."""

    samples: int
    race: int = 0
    infer: bool = False
    policy: str = "greedy"
    exact: int = 0
    tree: int = 0
    explore: float = 12.0

    def __str__(self) -> str:
        race = f", race {self.race}" if self.race else ""
        exact = f", last {self.exact} at best" if self.exact else ""
        ways = f"{self.samples} ways{race}"
        if self.tree:
            ways = f"tree {self.tree} x{self.explore:g}"
        return f"{ways}, {'inferred' if self.infer else 'uniform'}, {self.policy}{exact}"


#: The evaluating levels' settings. The master's were chosen by arena results against the expert (README).
SETTINGS = {
    "expert": Settings(samples=32),
    "master": Settings(samples=2048, race=256, infer=True, policy="counting", exact=6),
}


def evaluate(
    view: View, settings: Settings = SETTINGS["expert"], seed: int | str | None = 0, keep: Play | None = None
) -> list[Evaluation]:
    """Every legal play of the seat to move with its expected point margin (its side minus the best other side)
    to the end of the deal: exact where nothing is hidden, else over ``settings.samples`` ways the hidden cards may
    lie, the same ways for every play, each played out by ``settings.policy`` (``POLICIES``), in compiled code
    (``trainer.ai.batch``). Best first. Where nothing is hidden but the exact search exceeds its budget, each play is
    played out by that policy on the cards as they lie. With ``settings.infer``, the hidden cards are dealt as the
    round's plays hint (``View.hinted``). With ``settings.exact`` and two sides, a way's last ``exact`` cards are
    played at best (``margins_on_ways``).

    With ``settings.race``, every play is played out on the first ``race`` ways only, and a play that is then more
    than ``RACE_GAP`` standard errors of their difference behind the leader goes no further (unless it is ``keep``):
    it is listed after the plays weighed on every sample, with the figures of its first ones."""
    if settings.policy not in POLICIES:
        raise ValueError(f"no playout policy {settings.policy!r}: the policies are {', '.join(POLICIES)}")
    samples = settings.samples
    plays = view.legal_plays()
    if not view.hidden:
        try:
            solved = exact_margins(view)
        except SearchBudgetExceeded:
            samples = 1  # too many ways for the deal to go: each play is played out, on the one way the cards lie
        else:
            return sorted((Evaluation(play, float(solved[play]), 0.0) for play in plays), key=lambda e: -e.margin)
    ways = (settings.infer, settings.policy)
    start = settings.race if 0 < settings.race < samples else samples
    found = margins_on_ways(view, plays, start, seed, *ways, exact=settings.exact)
    leader = found[int(np.argmax(found.sum(axis=1)))]  # as it stands after the first samples
    going_on = [i for i, play in enumerate(plays) if play == keep or not _clearly_behind(found[i], leader)]
    going = [plays[i] for i in going_on]
    rest = margins_on_ways(view, going, samples - start, seed, *ways, skip=start, exact=settings.exact)
    rows = dict(enumerate(found)) | {i: np.concatenate((found[i], rest[k])) for k, i in enumerate(going_on)}
    error = standard_error if view.hidden else lambda _: 0.0  # nothing hidden: one way, the cards as they lie
    results = [Evaluation(plays[i], float(row.mean()), error(row), tuple(row.tolist())) for i, row in rows.items()]
    return sorted(results, key=lambda e: (-len(e.margins), -e.margin))


def searched(view: View, plays: list[Play], settings: Settings, seed: str) -> Play:
    """The play ``settings.tree`` passes of the search over the round go through most (the better margin on a tie)."""
    ways = (settings.infer, settings.policy, settings.exact, settings.explore)
    visits, means = search_round(view, plays, settings.tree, seed, *ways)
    return plays[max(range(len(plays)), key=lambda i: (visits[i], means[i]))]


def standard_error(values: Sequence[float] | np.ndarray) -> float:
    """The standard error of the mean of ``values`` (infinite for fewer than two: nothing is known of their spread)."""
    return float(np.std(values, ddof=1) / math.sqrt(len(values))) if len(values) > 1 else math.inf


def _clearly_behind(margins: np.ndarray, leader: np.ndarray) -> bool:
    """Whether a play's margins are behind the leader's, sample by sample, by more than ``RACE_GAP`` standard errors
    of the difference."""
    differences = leader - margins
    return bool(differences.mean() > RACE_GAP * standard_error(differences))


class Bot:
    """A computer player of one level; ``choose(view)`` plays for the seat of the view, which must be to play.
    An evaluating level (``SETTINGS``) may be given other ``settings``, as the tuning does; ``name`` tells such a
    bot apart in the arena's figures. While the compiled code is built in the background (``trainer.ai.warm``), an
    evaluating level plays the greedy play, so that no move waits for the compiler."""

    def __init__(self, level: str, seed: int | None = None, settings: Settings | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"no bot level {level!r}: the levels are {', '.join(LEVELS)}")
        if settings is not None and level not in SETTINGS:
            raise ValueError(f"the {level} level weighs no ways, so it takes no settings")
        self.level = level
        self.seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        self.settings = settings or SETTINGS.get(level)
        self.name = level if settings is None else f"{level} {settings}"

    def choose(self, view: View) -> Play:
        """The play this bot makes for the seat of ``view``, from what that seat knows."""
        if view.to_play != view.seat:
            raise ValueError(f"seat {view.seat} is not to play")
        # The same for positions this seat cannot tell apart, and different from one move to the next.
        moment = f"{self.seed}:{view.hand}:{view.table}:{view.piles}:{view.escobas}:{view.hand_counts}"
        if len(plays := view.legal_plays()) == 1:
            return plays[0]
        if self.settings is not None and not building():  # while the compiled code is built: the greedy play
            if self.settings.tree and view.hidden:
                return searched(view, plays, self.settings, moment)
            return evaluate(view, self.settings, moment)[0].play
        if self.level == "random":
            return random.Random(moment).choice(plays)
        world = view.world(random.Random(moment))  # the hidden cards do not matter to the greedy choice
        bit, captured = greedy_move(world)
        return play_of(bit.bit_length() - 1, captured)


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot of ``level``: "random", "greedy", "expert" or "master"."""
    return Bot(level, seed)
