"""The rules coverage credits are ones the answers depend on: change a rule in the engine, and every task and puzzle
credited with it must get another answer.

Each rule R1-R22 and V1-V6 has one or more *mutations*, small changes to the engine made with ``monkeypatch``: a
constant, a rule set's field, or an engine function wrapped. A credit stands when some mutation of its rule changes
the answer: a task's accepted answers (or, where the changed engine cannot pose the task at all, its refusal), a
puzzle's solutions. Positions set up by hand keep the stock and piles the real rules gave them, so that only the
answer is judged under the changed rule. R4, the notation, is checked by reading: the right answer typed with the
suit letters, read by a notation whose letters stand for other suits, is no longer right.

It samples: every course task, and up to ``PER_KIND`` puzzles of each kind, rule set and credited rule.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from pathlib import Path
from pkgutil import iter_modules
from types import MappingProxyType

import pytest

from trainer import cards, course, deal, match, plays, profile, scoring
from trainer.ai import playout
from trainer.cards import R4, Card, Notation, Suit, parse_cards
from trainer.course import LEVELS, Stage, _Builder, task_rules
from trainer.puzzles import kinds, load_puzzles, reachable
from trainer.puzzles.catalog import RULE_IDS, rules_of
from trainer.puzzles.kinds import Puzzle
from trainer.puzzles.yamlfile import read_yaml

ROOT = Path(__file__).parent.parent
_KIND_MODULES = [import_module(f"{kinds.__name__}.{found.name}") for found in iter_modules(kinds.__path__)]
PER_KIND = 2
#: The suit letters rotated: ``7d`` reads as the 7♥ (a change to R4).
ROTATED = Notation(letters="SDHC")

Mutation = Callable[[pytest.MonkeyPatch], None]


# -- the mutations ---------------------------------------------------------------------------------------------------


def _playout_sums(mp: pytest.MonkeyPatch) -> None:
    """The bots' playout engine (which solves endgames) told the sums each card needs, after a change to them."""
    needed = (0, *(plays.CAPTURE_SUM - value for value in plays.VALUES))
    mp.setattr(playout, "NEEDED", needed)
    mp.setattr(playout, "_NEEDED_BY_INDEX", needed[1:])


def _values(value: Callable[[int], int]) -> Mutation:
    """Capture values changed (R3, V6): ``value`` gives a rank's new value from its place, 0 (ace) to 9 (rey)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(Card, "value", property(lambda card: value(card.index // 4)))
        table = tuple(value(card.index // 4) for card in cards.DECK)
        for module in (cards, plays):
            mp.setattr(module, "VALUES", table)
        _playout_sums(mp)

    return apply


def _capture_sum(total: int) -> Mutation:
    """Captures make ``total`` in place of 15 (R12)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(plays, "CAPTURE_SUM", total)
        _playout_sums(mp)

    return apply


def _every_profile(change: Callable[[profile.RuleProfile], dict[str, object]]) -> Mutation:
    """Every rule set changed in place, so that every part of the engine holding one sees the change: ``change``
    gives the fields to set."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        for rules in profile.PROFILES.values():
            for name, value in change(rules).items():
                mp.setitem(vars(rules), name, value)

    return apply


def _fields(**values: object) -> Mutation:
    return _every_profile(lambda rules: values)


def _points(change: Callable[[dict[str, int]], None]) -> Mutation:
    def replaced(rules: profile.RuleProfile) -> dict[str, object]:
        points = dict(rules.points)
        change(points)
        return {"points": MappingProxyType(points)}

    return _every_profile(replaced)


def _without(category: str) -> Mutation:
    """A scoring category no rule set scores any more (R18, V1)."""
    return _points(lambda points: points.pop(category, None))


def _setting(module: object, name: str, value: object) -> Mutation:
    return lambda mp: mp.setattr(module, name, value)


def _in_kinds(mp: pytest.MonkeyPatch, name: str, value: object) -> None:
    """Set ``name`` in every module of the puzzle kinds that uses it."""
    held = [module for module in _KIND_MODULES if hasattr(module, name)]
    assert held, f"no puzzle kind uses {name}"
    for module in held:
        mp.setattr(module, name, value)


def _setting_in_kinds(name: str, value: object) -> Mutation:
    return lambda mp: _in_kinds(mp, name, value)


def _end_sum(residue: int) -> Mutation:
    """What a table left at the end of a deal adds up to, modulo 15 (R1, R16)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        for module in (plays, reachable):
            mp.setattr(module, "END_SUM_RESIDUE", residue)

    return apply


def _coins_are_cups(mp: pytest.MonkeyPatch) -> None:
    """R2 changed: cups (♥) are the coins, so the 7♥ is the seven of coins."""

    class Suits(type):
        def __iter__(cls) -> Iterator[Suit]:
            return iter(Suit)

        def __len__(cls) -> int:
            return len(Suit)

    class CupsAreCoins(metaclass=Suits):
        COINS = Suit.CUPS

    mp.setattr(scoring, "COINS_MASK", cards.mask_of(c for c in cards.DECK if c.suit is Suit.CUPS))
    mp.setattr(scoring, "SEVEN_OF_COINS", parse_cards("7♥")[0])
    _in_kinds(mp, "Suit", CupsAreCoins)


def _refusing_less(reasons: tuple[str, ...]) -> Mutation:
    """Plays the rules refuse for one of ``reasons`` are allowed now."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        refuse = plays.refusal_masks

        def refusal(play: plays.Play, hand: int, table: int, must_capture: str = "played") -> plays.Refusal | None:
            found = refuse(play, hand, table, must_capture)
            return None if found and found.reason in reasons else found

        for module in (plays, deal):
            mp.setattr(module, "refusal_masks", refusal)

    return apply


def _lay_down_freely(mp: pytest.MonkeyPatch) -> None:
    """R13 dropped: any card may be laid down, even one that could capture."""
    _refusing_less(("must_capture", "must_capture_with_other"))(mp)
    listed = plays.legal_plays_masks

    def legal(hand: int, table: int, must_capture: str = "played") -> list[plays.Play]:
        found = listed(hand, table, "played")
        laid = [plays.play_of(card.index, 0) for card in cards.cards_of(hand)]
        return [*found, *(play for play in laid if play not in found)]

    for module in (plays, deal):
        mp.setattr(module, "legal_plays_masks", legal)


def _wrapped(owner: object, name: str, after: Callable[..., object]) -> Mutation:
    """``owner.name`` wrapped: ``after(result, *args)`` is what it returns now."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        original = getattr(owner, name)
        mp.setattr(owner, name, lambda *args, **kwargs: after(original(*args, **kwargs), *args, **kwargs))

    return apply


def _no_escoba(state: deal.Deal, *_: object) -> deal.Deal:
    """R14 changed: a capture that clears the table brings no escoba."""
    if state.events and state.events[0].escobas:
        side = state.events[0].side
        assert side is not None
        state._escobas = tuple(n - (s == side) for s, n in enumerate(state._escobas))
    return state


def _nobody_takes_last(state: deal.Deal, *_: object) -> deal.Deal:
    """R15 changed: what is left on the table at the end goes to nobody."""
    if state.is_over and state.remainder and state.last_capturer is not None:
        side = state.last_capturer
        state._piles = tuple(
            p & ~cards.mask_of(state.remainder) if s == side else p for s, p in enumerate(state._piles)
        )
    return state


def _next_seat_leads(state: deal.Deal, _deal: deal.Deal, first: bool) -> deal.Deal:
    """R10 changed: after a re-deal the seat after the leader plays first."""
    if not first:
        state._to_play = 1 % state.players
    return state


def _no_redeal(mp: pytest.MonkeyPatch) -> None:
    """R10 changed: when the hands are empty the deal ends, whatever the stock holds."""
    settle = deal.Deal._settle

    def settled(self: deal.Deal, *args: object, **kwargs: object) -> deal.Deal:
        self._stock = ()
        return settle(self, *args, **kwargs)

    mp.setattr(deal.Deal, "_settle", settled)


def _setenta_without_a_suit(mp: pytest.MonkeyPatch) -> None:
    """R19 changed: a pile missing a suit still adds up the best cards it has."""

    def partial(pile: int, rules: profile.RuleProfile = profile.CLASSIC) -> int | None:
        best = scoring.setenta_cards(cards.cards_of(pile), rules)
        return sum(rules.setenta_prices[card.rank] for card in best.values())

    mp.setattr(scoring, "setenta_of_mask", partial)


def _prices(**changed: int) -> Mutation:
    prices = MappingProxyType({**profile.CLASSIC_SETENTA_PRICES, **changed})
    return _fields(setenta_prices=prices)


def _first_of_the_top(figures: list[int | None]) -> int | None:
    """The first side with the top figure, even when another shares it."""
    known = [figure for figure in figures if figure is not None]
    return figures.index(max(known)) if known else None


def _first_side_wins_ties(mp: pytest.MonkeyPatch) -> None:
    """R18/V2 changed: a top figure shared goes to the first of the sides sharing it."""
    for module in (scoring, course):
        mp.setattr(module, "most", _first_of_the_top)


def _target_moved(points: int) -> Mutation:
    """R21/V4 changed: a match is won ``points`` later than its target."""
    result = match.match_result
    return _setting_in_kinds("match_result", lambda totals, target: result(totals, target + points))


def _seats(seat_of: Callable[[match.Match, int], int]) -> Mutation:
    return _setting(match.Match, "seat_of", seat_of)


#: R7 (and V3) changed: the dealer leads.
_dealer_leads = _seats(lambda self, deal_seat: (self.dealer + deal_seat) % self.players)


def _deal_stays(mp: pytest.MonkeyPatch) -> None:
    """R7/R22 changed: the same seat deals again."""
    following = match.Match.next_deal
    mp.setattr(
        match.Match, "next_deal", lambda self, deck=None: dataclasses.replace(following(self, deck), dealer=self.dealer)
    )


#: R6 changed: partners sit side by side, not opposite.
_side_by_side = _setting(deal.Deal, "side_of", lambda self, seat: seat * self.sides // self.players)


def _the_other_way(mp: pytest.MonkeyPatch) -> None:
    """R6 changed: play and the deal go round the table the other way."""
    mp.setattr(match.Match, "seat_of", lambda self, deal_seat: (self.dealer - 1 - deal_seat) % self.players)
    following = match.Match.next_deal
    mp.setattr(
        match.Match,
        "next_deal",
        lambda self, deck=None: dataclasses.replace(following(self, deck), dealer=(self.dealer - 1) % self.players),
    )


def _sides(count: Callable[[int], int]) -> Mutation:
    return _setting(profile.RuleProfile, "sides", lambda self, players: count(players))


MUTATIONS: dict[str, tuple[Mutation, ...]] = {
    "R1": (_end_sum(288 % 15),),  # a deck that keeps the 8s and 9s adds up to 288
    "R2": (_coins_are_cups,),
    "R3": (_values(lambda rank: rank + 2), _values(lambda rank: rank)),
    "R5": (_sides(lambda players: players),),  # four players play alone
    "R6": (_side_by_side, _the_other_way),
    "R7": (_dealer_leads, _deal_stays),
    "R8": (_fields(hand_size=4), _fields(table_size=3)),
    "R9": (_fields(first_table="none"), _fields(first_table="escobas"), _fields(first_table="take")),
    "R10": (_wrapped(deal.Deal, "_deal_hands", _next_seat_leads), _no_redeal),
    "R11": (_refusing_less(("not_in_hand",)),),  # a card from another hand may be played
    "R12": (_capture_sum(14), _capture_sum(16)),
    "R13": (_lay_down_freely, _fields(must_capture="any")),
    "R14": (_wrapped(deal.Deal, "play", _no_escoba), _without("escoba")),
    "R15": (_wrapped(deal.Deal, "_settle", _nobody_takes_last),),
    "R16": (_end_sum(0),),
    "R17": (_fields(penalties=True, penalties_allowed=True),),
    "R18": (
        *(_without(name) for name in ("escoba", "cards", "coins", "seven_of_coins", "setenta")),
        _first_side_wins_ties,
    ),
    "R19": (
        _prices(**{"7": 12, "6": 21, "A": 11}),
        _prices(**{"7": 1}),
        _prices(**{rank: value for value, rank in enumerate(cards.RANKS, 1)}),
        _setenta_without_a_suit,
        _first_side_wins_ties,
    ),
    "R21": (_target_moved(4), _target_moved(-4), _setting(match, "most", _first_of_the_top)),
    "R22": (_deal_stays,),
    "V1": (
        *(
            _without(name)
            for name in ("cards", "coins", "all_coins", "sevens", "seven_of_coins", "all_sevens", "few_cards")
        ),
        _fields(in_place_of=MappingProxyType({})),
    ),
    "V2": (_first_side_wins_ties,),
    "V3": (_sides(lambda players: 2), _fields(hand_size=4), _dealer_leads, _side_by_side),
    "V4": (
        _setting(match, "most", _first_of_the_top),
        _target_moved(4),
        _target_moved(-4),
        _setting_in_kinds("match_result", lambda totals, _target: match.match_result(totals, 21)),
    ),
    "V5": (_setting(scoring, "WRONG_CAPTURE_COST", 5), _fields(penalties=False, penalties_allowed=False)),
    "V6": (_values(lambda rank: rank + 1 + 2 * (rank >= 7)),),  # sota, caballo and rey count 10, 11 and 12
}
#: The worked example (R20) works the rules it shows: its answers change with theirs.
MUTATIONS["R20"] = (*MUTATIONS["R12"], *MUTATIONS["R14"], *MUTATIONS["R18"])


@contextmanager
def mutated(mutation: Mutation) -> Iterator[None]:
    """The engine with one rule changed; capture groups are worked out afresh on each side of it."""
    with pytest.MonkeyPatch.context() as mp:
        forget()
        mutation(mp)
        try:
            yield
        finally:
            forget()
    forget()


def forget() -> None:
    """Forget the capture groups worked out so far, in the engine and in the bots' playouts."""
    plays.groups_by_sum.cache_clear()
    playout.forget_tables()


# -- answers ---------------------------------------------------------------------------------------------------------


def letters(answer: str) -> str:
    """An answer with its cards typed with the suit letters (``7d``), as a learner may type them (R4)."""
    try:
        return " ".join(R4.write(card) for card in parse_cards(answer))
    except ValueError:
        return answer


def stage_answer(stage: Stage, notation: Notation) -> object:
    """A task's accepted answers, and whether the first of them, typed with suit letters, reads as right. At the
    learner's turn in a deal it plays, every legal play is right."""
    accepted = sorted(str(play) for play in stage.deal.legal_plays()) if stage.is_turn and stage.deal else stage.accept
    first = sorted(accepted)[0]
    return sorted(accepted), stage.judge(letters(first), notation).correct


def puzzle_answer(puzzle: Puzzle, notation: Notation) -> object:
    """A puzzle's solutions (searched afresh), and whether the first, typed with suit letters, reads as right."""
    fresh = dataclasses.replace(puzzle)
    try:
        solutions = sorted(fresh.solutions())
    except Exception as refused:  # the changed engine cannot answer at all
        return f"refused: {refused!r}"
    return solutions, bool(solutions) and fresh.check(letters(solutions[0]), notation).correct


Tasks = dict[tuple[str, int], object]


def task_answers(
    notation: Notation = R4, completions: dict[object, object] | None = None, files: set[str] | None = None
) -> Tasks:
    """The tasks of every level (or of the level ``files`` named), by (level file, item number): their answers, or
    why the item cannot be posed. Boards set up by hand are completed as ``completions`` remembers (filled in when it
    is empty)."""
    found: Tasks = {}
    real_complete = course.complete
    remembered = completions if completions is not None else {}

    def complete(*args: object) -> object:
        key = repr(args)
        if key not in remembered:
            remembered[key] = real_complete(*args)  # type: ignore[arg-type]
        return remembered[key]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(course, "complete", complete)
        for path in sorted(LEVELS.glob("*.yaml")):
            if files is not None and path.name not in files:
                continue
            root = read_yaml(path)
            builder = _Builder(path)
            fields = builder.fields(root, {"id", "title", "goal", "rules", "practice", "track", "stages"})
            builder.level_rules(builder.text(fields, "rules", root), fields["rules"])
            board = None
            for number, item in enumerate(builder.items(fields["stages"])):
                try:
                    stages = builder.stages(item, board)
                except Exception as refused:  # the changed engine cannot pose this stage
                    found[path.name, number] = f"refused: {refused}"
                    continue
                board = stages[-1].deal
                found[path.name, number] = [stage_answer(s, notation) for s in stages if s.is_task]
    return found


# -- the check -------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real() -> tuple[Tasks, dict[object, object], list[Puzzle]]:
    completions: dict[object, object] = {}
    return task_answers(completions=completions), completions, load_puzzles(ROOT / "puzzles")


def task_credits(answers: Tasks) -> dict[str, list[tuple[str, int, int, str]]]:
    """Rule -> (level file, item number, task number in the item, what it asks) of every task credited with it; an
    item poses as many tasks as ``answers`` (the real engine's) holds for it."""
    credits: dict[str, list[tuple[str, int, int, str]]] = defaultdict(list)
    for path in sorted(LEVELS.glob("*.yaml")):
        level = course.load_level(path)
        root = read_yaml(path)
        items = root.value["stages"].value
        tasks = [stage for stage in level.stages if stage.is_task]
        count = 0
        for number in range(len(items)):
            asked = len(answers[path.name, number])
            for k in range(asked):
                stage = tasks[count + k]
                for rule in task_rules(stage):
                    credits[rule].append((path.name, number, k, f"{stage.task} {stage.question}"))
            count += asked
    return credits


def sampled(puzzles: list[Puzzle]) -> dict[str, list[Puzzle]]:
    """Rule -> up to ``PER_KIND`` puzzles of each kind and rule set credited with it, spread over the bank."""
    groups: dict[tuple[str, str, str], list[Puzzle]] = defaultdict(list)
    for puzzle in sorted(puzzles, key=lambda p: p.id):
        for rule in rules_of(puzzle):
            groups[rule, puzzle.kind, puzzle.rules].append(puzzle)
    chosen: dict[str, list[Puzzle]] = defaultdict(list)
    for (rule, _kind, _rules), group in groups.items():
        step = max(1, len(group) // PER_KIND)
        chosen[rule] += group[::step][:PER_KIND]
    return chosen


def test_every_rule_id_has_a_mutation():
    assert set(MUTATIONS) | {"R4"} == set(RULE_IDS)


def test_every_credit_changes_with_its_rule(real):
    tasks, completions, puzzles = real
    credited_tasks, credited_puzzles = task_credits(tasks), sampled(puzzles)
    unchanged: list[str] = []
    for rule in RULE_IDS:
        todo_tasks = set(credited_tasks.get(rule, ()))
        todo_puzzles = {p.id: p for p in credited_puzzles.get(rule, ())}
        before = {p: puzzle_answer(todo_puzzles[p], R4) for p in todo_puzzles}
        for mutation in (lambda mp: None,) if rule == "R4" else MUTATIONS[rule]:
            if not todo_tasks and not todo_puzzles:
                break
            notation = ROTATED if rule == "R4" else R4
            with mutated(mutation):
                files = {file for file, *_ in todo_tasks}
                now = task_answers(notation, dict(completions), files) if todo_tasks else {}
                after = {p: puzzle_answer(todo_puzzles[p], notation) for p in todo_puzzles}
            for credit in list(todo_tasks):
                file, number, k, _asks = credit
                was, is_now = tasks[file, number], now[file, number]
                if isinstance(is_now, str) or is_now[k] != was[k]:  # type: ignore[index]
                    todo_tasks.discard(credit)
            for pid in [p for p in todo_puzzles if after[p] != before[p]]:
                del todo_puzzles[pid]
        unchanged += [f"{rule}: task {f}:{n}.{k} ({asks})" for f, n, k, asks in sorted(todo_tasks)]
        unchanged += [f"{rule}: puzzle {pid} ({todo_puzzles[pid].kind})" for pid in sorted(todo_puzzles)]
    assert not unchanged, "\n".join(unchanged)
