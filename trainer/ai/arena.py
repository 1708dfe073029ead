"""Two bots measured against each other on duplicate deals, at any table the rule set allows.

Each deck is dealt once for every side: bot A plays one side (every seat of it: two partners at four players,
three at six), bot B every other seat, and A moves on to the next side with each deal of the same deck. The luck of
the cards cancels, and what is left is the difference in play. A's margin in a deal is its side's points minus the
average of the other sides' (at three players the bots themselves play for their points less the best other
side's). The deals are played on the fast engine, which plays every deal as the referee does.

The decks are numbered and each comes from the seed and its number alone, and a bot's choice depends only on its
seed and what its seat sees, so the figures are the same however the decks are spread over processes: an arena
takes any ``concurrent.futures`` executor (processes here, or a Dask cluster's).

>>> from trainer import PROFILES
>>> result = arena("greedy", "random", Decks(deals=2, seed=1, profile=PROFILES["sevens"], players=3))
>>> len(result.margins), len(result.by_side), sum(result.outcomes())
(2, 3, 6)
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Protocol

from trainer.ai.bots import Bot, Settings, standard_error
from trainer.ai.state import CHANCE, OVER, GameState, start
from trainer.ai.view import View
from trainer.cards import DECK
from trainer.plays import Play
from trainer.profile import CLASSIC, RuleProfile


class Player(Protocol):
    """A computer player the arena can seat: a ``Bot``, or a reference player (``trainer.ai.reference``)."""

    name: str  # its figures' label

    def choose(self, view: View) -> Play:
        """The play for the seat of ``view``, from what that seat knows."""
        ...


@dataclass(frozen=True)
class Pairing:
    """Who plays, at what table, under which rules."""

    a: Player
    b: Player
    players: int = 2
    profile: RuleProfile = CLASSIC


@dataclass
class Dealt:
    """One deck's deals, one for each side A played: A's margin in each, whether A came out ahead, level or behind,
    and the seconds each bot took over each play it chose among several, by its name: by the clock, and in CPU
    time (its own thread's, which a loaded machine does not stretch)."""

    margins: list[float]
    outcomes: list[int]  # per deal: 1 ahead of every other side, 0 level with the best of them, -1 behind
    seconds: dict[str, list[float]]
    cpu: dict[str, list[float]]


class Kept(Protocol):
    """Where an arena's decks are kept as they are counted (``trainer.ai.kept_decks``): those kept so far, in
    order, and the way to keep one more."""

    dealt: list[Dealt]

    def add(self, dealt: Dealt) -> None: ...


@dataclass
class ArenaResult:
    """Margins of bot A over bot B, one deck at a time, and what each bot's moves took."""

    a: str
    b: str
    players: int
    rules: str
    by_side: list[list[float]] = field(default_factory=list)  # per side A played: A's margin, deck by deck
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seconds: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    wanted: int = 0  # the decks asked for; fewer counted when the run was cut short

    @property
    def margins(self) -> list[float]:
        """Per deck, A's margin averaged over the sides it played."""
        return [statistics.fmean(deck) for deck in zip(*self.by_side, strict=True)]

    @property
    def margin(self) -> float:
        return statistics.fmean(self.margins)

    @property
    def error(self) -> float:
        """The standard error of the mean margin."""
        return standard_error(self.margins)

    def outcomes(self) -> tuple[int, int, int]:
        return self.wins, self.draws, self.losses

    def add(self, dealt: Dealt) -> None:
        """Count one deck's deals."""
        if not self.by_side:
            self.by_side = [[] for _ in dealt.margins]
        for side, found in enumerate(dealt.margins):
            self.by_side[side].append(found)
        self.wins += dealt.outcomes.count(1)
        self.draws += dealt.outcomes.count(0)
        self.losses += dealt.outcomes.count(-1)
        for level, times in dealt.seconds.items():
            self.seconds.setdefault(level, []).extend(times)
        for level, times in dealt.cpu.items():
            self.cpu.setdefault(level, []).extend(times)

    @property
    def running(self) -> str:
        """The figures so far in a line, for a run's progress."""
        if len(self.margins) < 2:
            return f"{len(self.margins)} of {self.wanted} decks"
        return f"{len(self.margins)} of {self.wanted} decks: {self.margin:+.3f} (standard error {self.error:.3f})"

    def report(self) -> str:
        """The figures as lines of text."""
        decks, sides = len(self.margins), len(self.by_side)
        lines = [
            f"{decks} duplicate decks ({decks * sides} deals), {self.players} players, {self.rules} rules: "
            f"{self.a} against {self.b}",
            *([f"cut short: {decks} of the {self.wanted} decks asked for"] if decks < self.wanted else []),
            f"margin per deal: {self.margin:+.3f} points (standard error {self.error:.3f})",
        ]
        for side, margins in enumerate(self.by_side):
            lines.append(
                f"  {self.a} on side {side + 1}: {statistics.fmean(margins):+.3f} (standard error "
                f"{standard_error(margins):.3f})"
            )
        lines.append(f"deals won, drawn, lost by {self.a}: {self.wins}, {self.draws}, {self.losses}")
        for level, times in self.seconds.items():
            median, p95 = median_and_p95(self.cpu[level])
            clock, clock_p95 = median_and_p95(times)
            lines.append(
                f"time per choice, {level}: CPU median {1000 * median:.1f} ms, p95 {1000 * p95:.1f} ms; by the clock "
                f"median {1000 * clock:.1f} ms, p95 {1000 * clock_p95:.1f} ms"
            )
        return "\n".join(lines)


def median_and_p95(times: list[float]) -> tuple[float, float]:
    """The median and the 95th percentile (the value 95% of the others do not exceed) of some timings."""
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def deck(seed: int, number: int) -> list[int]:
    """The ``number``-th deck of an arena with ``seed``: card indices in dealing order."""
    return random.Random(f"arena:{seed}:{number}").sample(range(len(DECK)), len(DECK))


def play_deck(match: Pairing, order: Sequence[int]) -> Dealt:
    """Deal ``order`` once for each side, A playing that side and B the others."""
    sides = match.profile.sides(match.players)
    margins: list[float] = []
    outcomes: list[int] = []
    seconds: dict[str, list[float]] = {match.a.name: [], match.b.name: []}
    cpu: dict[str, list[float]] = {match.a.name: [], match.b.name: []}
    for side_a in range(sides):
        state: GameState = start(match.profile, match.players, "fast")
        for card in order:
            state = state.deal(card)
        while (seat := state.current) != OVER:
            assert seat != CHANCE
            bot = match.a if seat % sides == side_a else match.b
            view, began, used = state.view(seat), time.perf_counter(), time.thread_time()
            play = bot.choose(view)
            if len(view.legal_plays()) > 1:  # a forced play takes no thought: it would flatter the figures
                seconds[bot.name].append(time.perf_counter() - began)
                cpu[bot.name].append(time.thread_time() - used)
            state = state.play(play)
        points = state.returns()
        others = [p for side, p in enumerate(points) if side != side_a]
        margins.append(points[side_a] - statistics.fmean(others))
        outcomes.append((points[side_a] > max(others)) - (points[side_a] < max(others)))
    return Dealt(margins, outcomes, seconds, cpu)


def play_decks(match: Pairing, seed: int, numbers: range) -> list[Dealt]:
    """The decks of ``numbers``, each played as ``play_deck`` plays it: one task for a worker."""
    return [play_deck(match, deck(seed, number)) for number in numbers]


@dataclass(frozen=True)
class Decks:
    """The decks an arena plays: how many, from which seed, by which rules, at a table of how many."""

    deals: int
    seed: int
    profile: RuleProfile = CLASSIC
    players: int = 2

    def __post_init__(self) -> None:
        if self.players not in self.profile.players:
            raise ValueError(f"the {self.profile.name} rule set is not for {self.players} players")


def arena(
    a: Player | str,
    b: Player | str,
    decks: Decks,
    executor: Executor | None = None,
    progress: Callable[[ArenaResult, int], object] | None = None,
    kept: Kept | None = None,
) -> ArenaResult:
    """Play the decks, each once for every side, bot A on that side; on ``executor``'s workers if given (a few
    decks a task), else here. A bot given by level gets the decks' seed (B the next one). ``progress`` is told the
    figures so far and the decks just counted, deck order kept; a run cut short (Ctrl-C) returns the decks counted
    until then, its tasks not begun cancelled. With ``kept``, its decks are counted first and play goes on from the
    next, each deck counted added to it."""
    seed = decks.seed
    first = Bot(a, seed) if isinstance(a, str) else a
    second = Bot(b, seed + 1) if isinstance(b, str) else b
    if second.name == first.name:
        second.name += " (B)"  # its moves timed apart from A's
    match = Pairing(first, second, decks.players, decks.profile)
    result = ArenaResult(first.name, second.name, decks.players, decks.profile.name, wanted=decks.deals)
    done = kept.dealt[: decks.deals] if kept else []
    if done:
        _count(result, done, progress)
    size = max(1, min(8, decks.deals // 64))  # a few decks a task: the workers stay busy to the end
    tasks = [range(low, min(decks.deals, low + size)) for low in range(len(done), decks.deals, size)]
    futures: list[Future[list[Dealt]]] = []
    try:
        if executor is None:
            for numbers in tasks:
                _count(result, play_decks(match, seed, numbers), progress, kept)
            return result
        futures = [executor.submit(play_decks, match, seed, numbers) for numbers in tasks]
        for future in futures:  # in deck order, so the figures do not depend on which worker ends first
            _count(result, future.result(), progress, kept)
    except KeyboardInterrupt:
        for future in futures:
            future.cancel()
    return result


#: The master's budget per move, in seconds: its median and its 95th percentile.
BUDGET = (0.25, 1.0)


def cpu_per_choice(player: Player | str, decks: Decks) -> float:
    """The median CPU time ``player`` takes over a choice, in seconds, played as bot A on ``decks`` against the
    greedy level: what a reference player is given to think as long as it does (``--cpu-ms match``)."""
    result = arena(player, "greedy", decks)
    return median_and_p95(result.cpu[result.a])[0]


@dataclass
class Tried:
    """One candidate's settings for the master, and how it did in the arena."""

    settings: Settings
    result: ArenaResult

    @property
    def within_budget(self) -> bool:
        """Whether the master's CPU time a choice keeps within ``BUDGET``: the clock's would count a loaded
        machine's waits against it."""
        median, p95 = median_and_p95(self.result.cpu[self.result.a])
        return median <= BUDGET[0] and p95 <= BUDGET[1]


def tune(
    candidates: Sequence[Settings],
    against: Player,
    decks: Decks,
    executor: Executor | None = None,
    progress: Callable[[ArenaResult, int], object] | None = None,
) -> list[Tried]:
    """Each candidate's settings for the master, played against ``against`` on the same decks; the best margin
    first. A run cut short (Ctrl-C) returns the candidates played whole until then."""
    tried = []
    for settings in candidates:
        result = arena(Bot("master", decks.seed, settings), against, decks, executor, progress)
        if len(result.margins) < decks.deals:
            break
        tried.append(Tried(settings, result))
    return sorted(tried, key=lambda t: -t.result.margin)


def tuning_report(tried: Sequence[Tried]) -> str:
    """The candidates as a table, best margin first, and the best one within the budget. Each candidate's margin is
    also given less the best one's deck by deck, with that difference's standard error: the same decks dealt, the
    luck of the cards cancels again, and two candidates are told apart on far fewer decks than by their margins."""
    if not tried:
        return "no candidate was played on every deck"
    width = max(len(str(t.settings)) for t in tried)
    lines = [
        f"{'settings':<{width}} {'margin':>7} {'s.e.':>6} {'to best':>7} {'s.e.':>6} {'median':>8} {'p95':>8}  "
        "within budget (CPU)"
    ]
    for t in tried:
        median, p95 = median_and_p95(t.result.cpu[t.result.a])
        behind, error = paired(t.result, tried[0].result)
        lines.append(
            f"{t.settings!s:<{width}} {t.result.margin:+7.3f} {t.result.error:6.3f} {behind:+7.3f} {error:6.3f} "
            f"{1000 * median:6.0f}ms {1000 * p95:6.0f}ms  {'yes' if t.within_budget else 'no'}"
        )
    best = next((t for t in tried if t.within_budget), None)
    lines.append(f"best within the budget: {best.settings!r}" if best else "no candidate keeps within the budget")
    return "\n".join(lines)


def paired(a: ArenaResult, b: ArenaResult) -> tuple[float, float]:
    """A's margin less B's on the same decks, deck by deck: the mean difference and its standard error."""
    differences = [x - y for x, y in zip(a.margins, b.margins, strict=True)]
    return statistics.fmean(differences), standard_error(differences)


def _count(
    result: ArenaResult,
    decks: list[Dealt],
    progress: Callable[[ArenaResult, int], object] | None,
    kept: Kept | None = None,
) -> None:
    for dealt in decks:
        if kept is not None:
            kept.add(dealt)
        result.add(dealt)
    if progress is not None:
        progress(result, len(decks))
