"""The course: short levels of one idea each, whose tasks the engine judges.

A level is a YAML file in ``trainer/levels``: an id, a title, a one-line goal, the rules it
teaches (ids such as ``R12`` or ``V1``, and at most one rule set, a ``PROFILES`` key, for all its
stages), the puzzle themes to practise after it, and its stages. A stage says something short
(``say``, with a board to look at) or asks the learner to act on the board:

- ``pick``: tap cards; ``want: value 8`` (every card worth 8), ``want: fifteen with 7♦``
  (the table cards that 7♦ can take, R12) or ``want: claim`` (the capture the last player
  missed, to claim at a table played by its penalties, V5);
- ``play``: make a play from the position, meeting a ``goal`` (``escoba``, ``most-cards``,
  ``coins``, ``setenta``, ``safe`` with ``next_hand``, ``take 7♦``);
- ``allowed``: say whether a ``play`` is allowed, and see the engine's reason (R13, R17); a miss hears the rule
  that reason rests on (``ruling_clues``), not a clue written for the task;
- ``fault``: at a table played by its penalties, say whether a ``play`` is legal, a wrong
  capture or a missed capture (V5);
- ``who``: say which side wins a ``category`` of a finished deal (``cards``, ``coins``, ``seven``,
  ``setenta``, any other category of the rule set such as ``sevens``, or ``deal``), or, part-way through a deal,
  which side's pile leads in a category so far (all but ``deal``); or, with ``category:
  match`` and ``totals: [18, 19]`` (the sides' points before the deal), whether a side has won the match
  once the deal is scored (R21, V4);
- ``number``: give a figure: ``ask: table sum``; of a finished deal ``setenta A``, ``points B`` or
  ``cards A`` (the side's pile, the last take included), and part-way through a deal ``setenta A`` so far;
  ``hidden card``, the worth of the deal's last card, laid face down by another seat and taking nothing (R16);
  or about the board's table, whose last seat deals, as a seats puzzle asks it: ``next dealer``, ``leader``,
  ``partner 1`` or ``stock after 2`` (the cards left in the stock once hands have been dealt twice);
- ``which``: say which rule set gives a side the most points for the same finished deal
  (``ask: points A``), among those ``compare`` names (all of them if it names none).

A board is ``board: {table, hands, piles, escobas, to_play, stock}`` set up by hand, or
``board: {seed: N}``, a whole real deal played out plainly (for scoring). A board set up by hand is
completed into a position a real deal reaches (``reachable.complete``): the cards out of sight go to
the stock (``stock: 0`` for the last hand; else what the earliest round of hands that fits leaves)
and to the piles as captures (R8-R10, R12, R16). The learner sits at seat 0, or at the ``seat`` a
stage names, and sees only that seat's hand unless the stage says ``show_hands: true``. A dealt
board may also have ``players`` (2 by default), ``plays: K`` (stop after K plays) and ``moves``
(``play 5: 7♠ J♣``: the plays made instead of the plain ones). ``board: {after: 6♣ Q♦}`` is the board
before with that play made, so a story told over several stages keeps its stock, piles and last capture.

A stage is made and judged under a rule set: the level's, or the one a stage names with
``rules: sevens`` (and ``penalties: true`` for a table played by its penalties, V5), which then
holds for the stages after it. A stage that names other rules without a board of its own plays
the board before it again under them: the same cards and the same plays, which must stay legal
and end the same way. A ``say`` stage with ``compare: [classic, sevens]`` shows that deal's points
under each rule set named, side by side.

``watch: {seed: N}`` plays a whole real deal, one stage per play with a sentence that says what
happened and why, opening with the stage's ``say`` (if any) and, from the deal's start, what was dealt;
``from: 19`` and ``to: 18`` watch only those plays, so a long deal spans levels. ``predict: [5, 9]`` turns
those plays into tasks (which cards will it take?) and ``sums: [6]`` asks after those plays what the table
adds up to. Stages after a watched deal see its board after the last play watched, so scoring can follow
it.

``watch: {seed: 11, to: 18, you: 0}`` has the learner play seat 0 of that deal instead of watching it: at
each of its plays the stage is a ``play`` task where any play the rules allow goes (an illegal one is refused
with the engine's reason, and nothing changes), answered with what it took and why and what it leaves the next
player (``commented``); the other seats play plainly, said at the learner's next stage, and ``predict`` may
name only their plays. The learner's plays are kept by the deal's seed (``Level.plays_deal``, ``Moves``), so
a later level watching the same deal with ``you`` goes on from them, and a dealt board with ``you`` (``board:
{seed: 11, you: 0}``) is the deal as the learner played it. ``as_played`` builds such a level again from
those plays: a prediction of a play that now takes nothing is only said, and a sum of an empty table is not
asked. At the learner's turn ``accept`` holds the plain play, the one the level was checked with, so answering every
task with ``sorted(stage.accept)[0]`` walks the level as it was loaded.

Loading a level builds every board through the engine, the plain plays made at the learner's turns: a level
that breaks a rule fails to load with file:line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from trainer.ai.why import left_open
from trainer.cards import R4, Card, CardError, Notation, cards_text, parse_card, parse_cards
from trainer.deal import Deal, Event, EventKind
from trainer.ids import id_of
from trainer.plays import CAPTURE_SUM, IllegalPlay, Play, captures, missing_value, parse_play, refusal_of
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.puzzles.catalog import RULE_IDS, RULES_OF_TASK, RULES_OF_TASK_ELSEWHERE, rules_of
from trainer.puzzles.kinds import (
    HEADINGS,
    OUTCOMES,
    ChoosePuzzle,
    MatchPuzzle,
    SeatsPuzzle,
    allowed,
    best_cards,
    card_to_play,
    needs,
    pick_miss,
    play_text,
    ruling_clues,
)
from trainer.puzzles.reachable import complete, pile_problem
from trainer.puzzles.yamlfile import Marked, Problem, Refused, read_yaml
from trainer.scoring import CATEGORIES, WRONG_CAPTURE_COST, DealScore, most, score_deal
from trainer.text import SIDES, Joined, Listed, Said, SaidError, either, plural, reaching_out, said, said_plural

LEVELS = Path(__file__).parent / "levels"
TRACKS = ("core", "other")  # the course's paths: the rule book's game, then the other tables
TASKS = ("say", "pick", "play", "allowed", "who", "number", "which", "fault")
ALIASES = {"seven": "seven_of_coins"}  # the course's short names for scoring categories
#: The seats questions a number task may ask, as a seats puzzle names them.
SEAT_ASKS = {"next dealer": "next-dealer", "leader": "leader", "partner": "partner", "stock after": "stock-after"}
#: A play at a table played by its penalties (V5), as ``Deal.fault_of`` names it, in the learner's words.
FAULTS = {"": "legal", "wrong": "wrong capture", "missed": "missed capture"}
MOST_SENTENCES = 2


class CourseError(ValueError):
    """A level file that cannot be built; names the file, the line and the reason."""


@dataclass(frozen=True)
class Verdict:
    """The engine's word on an answer: right or not, and why, in the learner's terms (``reason``, for the learner's
    language)."""

    correct: bool
    reason: Said

    @property
    def text(self) -> str:
        """The verdict in English."""
        return str(self.reason)


@dataclass(frozen=True)
class Stage:
    """One screen of a level: a short text, a board, and for a task what the engine accepts."""

    text: str | Said  # a level's own words, or the engine's (a watched deal's plays)
    task: str = "say"
    deal: Deal | None = None
    events: tuple[Event, ...] = ()  # what the last play did, to mark on the board
    highlight: frozenset[Card] = frozenset()
    #: Canonical answers the engine accepts; at the learner's turn in a deal it plays (``is_turn``), where any play
    #: the rules allow goes, the plain play (``sensible_play``) that the level's later stages were built with.
    accept: frozenset[str] = frozenset()
    goal: ChoosePuzzle | None = None  # for a play with a goal
    why: Said | None = None  # the engine's reason, shown once the task is answered
    clue: Said | None = None  # where to look, said at a miss that the answer's own cards cannot explain
    nearer: Said | None = None  # a more pointed clue, said at a second miss; still not the answer
    played: Card | None = None  # for a pick: the card the picked table cards make 15 with
    worth: int | None = None  # for a pick: the value every card to pick is worth
    piles: bool = False  # draw every side's pile, by suit
    pick_from: str = "table"  # where a pick task's cards are: "table", or "all" rows shown
    profile: RuleProfile = CLASSIC  # the rule set the stage is made and judged under
    choices: tuple[str, ...] = ()  # the answers to choose from, for a task answered by choosing one
    table: tuple[tuple[str, ...], ...] = ()  # a table to show: a header row, then a row per scoring category
    seat: int = 0  # the learner's seat: the board is drawn from its side, and its hand is the one to tap
    show_hands: bool = False  # every hand face up, as a teaching aid; else only the learner's
    asks_table_sum: bool = False  # the table's worth is the answer, so the board leaves it unsaid
    #: What a task asks, for the rules its answer depends on (``trainer.puzzles.catalog.RULES_OF_TASK``): a pick's
    #: ``value``, ``fifteen`` or ``claim``; a play's goal; a who's category; a number's ``table sum``, ``setenta`` or
    #: ``points``; for an allowed or fault task, what the play is (``capture``, ``lay down``, the refusal's reason, or
    #: the fault).
    question: str = ""
    #: For a number task about one side of a finished deal (``points A``, ``cards B``), that side.
    side: int | None = None
    #: For a task posed as a bank puzzle (who deals, how many cards the stock holds, whether the match is won): that
    #: puzzle, which gives its answers and its clues.
    puzzle: SeatsPuzzle | MatchPuzzle | None = None

    @property
    def face_up(self) -> tuple[int, ...]:
        """The seats whose hands the learner sees: the learner's own, or every one where the stage shows them."""
        return tuple(range(self.deal.players)) if self.show_hands and self.deal else (self.seat,)

    @property
    def is_task(self) -> bool:
        return self.task != "say"

    @property
    def may_be_none(self) -> bool:
        """Whether "none" may answer this number task: a setenta, which a side missing a suit does not have."""
        return self.question == "setenta"

    @property
    def may_be_negative(self) -> bool:
        """Whether this number task's answer may be below zero: a score under penalties (V5)."""
        return self.question == "points" and self.profile.penalties

    def judge(self, answer: str, notation: Notation = R4, again: bool = False) -> Verdict:
        """Judge a learner's answer, its cards typed in ``notation``, with the engine; an unreadable one is a miss
        that says why. A miss says what is wrong with the answer, and ``again`` (a second miss) adds a more pointed
        clue."""
        if self.task == "play":
            return self._judge_play(answer, notation, again)
        try:
            given = self.canonical(answer, notation)
        except SaidError as unreadable:
            return Verdict(False, said("That answer cannot be read: {reason}", reason=unreadable.said))
        if given in self.accept:
            return Verdict(True, said("Right. {why}", why=self.why) if self.why else said("Right."))
        if again:
            return Verdict(
                False,
                said(
                    "Not quite: {reason}. Look closer: {clue}. Look again, or show the answer.",
                    reason=self.missed(given),
                    clue=self.closer(given),
                ),
            )
        return Verdict(False, said("Not quite: {reason}. Look again, or show the answer.", reason=self.missed(given)))

    def missed(self, given: str) -> Said:
        """What is wrong with a readable wrong answer, without the right one: for a pick the sum its cards make or
        the card not worth what is asked; else where to look."""
        if self.task == "pick" and self.deal is not None and self.played is not None:
            table = set(self.deal.table) - {self.played}
            pick = frozenset(parse_cards(given)) - {self.played}
            if pick not in captures(self.played, table):
                return pick_miss(self.played, table, pick)
        if self.task == "pick" and self.worth is not None:
            off = [card for card in parse_cards(given) if card.value != self.worth]
            if off:
                return said("{card} counts {value}, not {worth} (R3)", card=str(off[0]), value=off[0].value,
                            worth=self.worth)  # fmt: skip
            return said("more cards on the board are worth {worth} (R3)", worth=self.worth)
        if self.puzzle is not None:
            return self.puzzle.miss(given)
        assert self.clue is not None, "every task but a pick and a play has a clue"
        return self.clue

    def closer(self, given: str) -> Said:
        """Where the right answer lies, for a second miss: what the card played needs, how many cards to pick, or
        the figure to start from."""
        if self.task == "pick" and self.deal is not None and self.played is not None:
            return needs(self.played, set(self.deal.table) - {self.played})
        if self.task == "pick" and self.worth is not None:
            count = len(sorted(self.accept)[0].split())
            return said_plural("{n} card on the board is worth {worth}", "{n} cards on the board are worth {worth}",
                               count, worth=self.worth)  # fmt: skip
        if self.puzzle is not None:
            return self.puzzle.closer(given)
        assert self.nearer is not None, "every task but a pick and a play has a clue for a second miss"
        return self.nearer

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        """The answer in the form ``accept`` holds: cards (typed in ``notation``) in order, one of the choices, a
        number."""
        given = answer.strip()
        if self.puzzle is not None:
            return self.puzzle.canonical(given)
        if self.task == "pick":
            return cards_text(sorted(parse_cards(given, notation)))
        if self.choices:
            named = {choice.lower(): choice for choice in self.choices}
            if "nobody" in self.choices:
                named["none"] = "nobody"
            if given.lower() not in named:
                choices = Listed(tuple(said(choice_label(choice)) for choice in self.choices), "or")
                raise SaidError(said("answer {choices}", choices=choices))
            return named[given.lower()]
        if given.lower() == "none":
            return "none"
        if not given.removeprefix("-").isdigit():  # a deal played by penalties can score below zero (V5)
            raise SaidError(said("answer with a number, or none"))
        return str(int(given))

    @property
    def is_turn(self) -> bool:
        """Whether the stage is the learner's turn in a deal it plays: any play the rules allow goes."""
        return self.question == "turn"

    def move(self, answer: str, notation: Notation = R4) -> tuple[int, str]:
        """A play made at the learner's turn, as its deal numbers it and as ``as_played`` takes it: ``(5, "7♦ J♣")``."""
        assert self.is_turn and self.deal is not None
        return len(self.deal.plays) + 1, str(parse_play(answer, notation))

    def _judge_play(self, answer: str, notation: Notation, again: bool) -> Verdict:
        assert self.deal is not None
        try:
            play = parse_play(answer, notation)
            self.deal.verify_play(play)
        except CardError as unreadable:
            return Verdict(
                False, said("Not allowed: {reason}. Nothing has changed; try again.", reason=unreadable.said)
            )
        except IllegalPlay as refusal:
            reason = refusal.refusal.said if refusal.refusal else str(refusal)
            return Verdict(False, said("Not allowed: {reason}. Nothing has changed; try again.", reason=reason))
        if self.is_turn:
            return Verdict(True, commented(self.deal, play))
        assert self.goal is not None
        if str(play) in self.accept:
            return Verdict(True, said("Right: {why}.", why=self.goal.why(str(play))))
        shortfall = self.goal.shortfall(play)
        if again:
            clue = card_to_play(self.goal.best()[0])
            return Verdict(
                False,
                said("That is legal, but {shortfall}. Look closer: {clue}. Try again.", shortfall=shortfall, clue=clue),
            )
        return Verdict(False, said("That is legal, but {shortfall}. Try again.", shortfall=shortfall))

    def answer_cards(self) -> frozenset[Card]:
        """The cards of the right answer shown, to mark on the board: a best play's, or a pick's; none for a choice
        or a number."""
        if self.task == "play" and self.goal is not None:
            best = self.goal.best()[0]
            return frozenset({best.card, *best.captured})
        return frozenset(parse_cards(sorted(self.accept)[0])) if self.task in ("pick", "play") else frozenset()

    def answer(self) -> Said:
        """A right answer in words, for a learner who asks to see it."""
        if self.task == "play" and self.goal is not None:
            best = self.goal.best()[0]
            return said("{play}: {why}.", play=play_text(best), why=self.goal.why(str(best)))
        if self.is_turn:
            plain = parse_play(sorted(self.accept)[0])
            return said("Any play the rules allow, such as {play}.", play=play_text(plain))
        shown = said(choice_label(sorted(self.accept)[0]))
        return said("{answer}. {why}", answer=shown, why=self.why) if self.why else said("{answer}.", answer=shown)


#: The rule book's worked example (R20): 3♥ played on A♦ 4♣ 7♦, and on the same table with Q♠ as well (in card
#: order).
WORKED_EXAMPLE = (parse_cards("A♦ 4♣ 7♦"), parse_cards("A♦ 4♣ 7♦ Q♠"))
WORKED_EXAMPLE_CARD = parse_card("3♥")


def task_rules(stage: Stage) -> tuple[str, ...]:
    """The rules R1-R22 and V1-V6 a course task's answer depends on, in rule order; none for a stage that only says
    something. A task posed as a puzzle (a play with a goal, a seats or match question) depends on what that puzzle
    does, and a play on the rule book's worked example on R20 too; a figure of one side of a finished deal, on the
    escobas it made (R14), a first table it swept (R9) and, for its cards, the last take (R15); a three-sided tie,
    on V2; the cards worth 8 to 10, on their printed numbers (V6)."""
    if not stage.is_task:
        return ()
    if stage.goal is not None:  # a play with a goal: the rule book's own example also depends on R20
        worked = tuple(sorted(stage.goal.table)) in WORKED_EXAMPLE and WORKED_EXAMPLE_CARD in stage.goal.hand
        return tuple(rule for rule in RULE_IDS if rule in {*rules_of(stage.goal), *(("R20",) if worked else ())})
    if stage.puzzle is not None:
        return rules_of(stage.puzzle)
    key = (stage.task, stage.question)
    elsewhere = stage.profile.name != CLASSIC.name and key in RULES_OF_TASK_ELSEWHERE
    found = set(RULES_OF_TASK_ELSEWHERE[key] if elsewhere else RULES_OF_TASK[key])
    deal, side = stage.deal, stage.side
    if deal is not None and side is not None:
        if stage.task == "number" and stage.question == "points" and deal.escobas[side]:
            found.add("R14")
        swept = any(event.kind is EventKind.SWEEP and event.side == side for event in deal.log)
        if stage.question in ("points", "cards") and swept:
            found.add("R9")
        if stage.question == "cards" and deal.last_capturer == side and deal.remainder:
            found.add("R15")
    if stage.is_turn and deal is not None and deal.to_play is not None:  # the duty to capture, where it binds
        laid = {play.card for play in deal.legal_plays() if not play.captured}
        if laid == set(deal.hands[deal.to_play]):
            found.discard("R13")
    if stage.task == "who" and deal is not None and deal.sides > 2 and stage.accept == {"nobody"}:
        found.add("V2")
    if stage.question == "value" and stage.worth is not None and stage.worth > 7:
        found.add("V6")
    return tuple(rule for rule in RULE_IDS if rule in found)


def choice_label(choice: str) -> str:
    """A choice as the learner reads it: a rule set by its title, anything else as it is.

    >>> choice_label("escova"), choice_label("nobody")
    ('Escova (Brazil)', 'nobody')
    """
    return PROFILES[choice].title if choice in PROFILES else choice


@dataclass(frozen=True)
class Level:
    """A short level: one idea, a one-line goal, and its stages."""

    id: str
    title: str
    goal: str
    rules: tuple[str, ...]
    practice: tuple[str, ...]
    stages: tuple[Stage, ...]
    #: The path the level belongs to: ``core``, the game as the rule book plays it, or ``other``, the other
    #: tables' rule sets, offered once the core path is done.
    track: str = "core"
    #: The seed of the deal the learner plays a seat of (``watch`` or a dealt ``board`` with ``you``), if any: the
    #: learner's plays of it are kept by the seed, so that the levels on the same deal go on with it.
    plays_deal: int | None = None
    #: The level's file, to build it again with the learner's plays (``as_played``).
    source: Path | None = field(default=None, compare=False)

    @property
    def tasks(self) -> int:
        return sum(stage.is_task for stage in self.stages)

    @property
    def first_turn(self) -> int | None:
        """The number, in its deal, of the first play the learner makes in this level; None if it makes none."""
        turns = [len(stage.deal.plays) + 1 for stage in self.stages if stage.is_turn and stage.deal is not None]
        return min(turns, default=None)


#: The learner's plays of a deal: (play number, play) pairs, in order, such as ``((1, "5♣ 3♣ 7♦"),)``.
Moves = tuple[tuple[int, str], ...]


def as_played(level: Level, moves: Moves) -> Level:
    """The level built again from its deal as the learner played it: ``moves`` in place of the plain plays (a move
    the deal no longer allows is left out); the level itself where it plays no deal or no move was made."""
    if not moves or level.plays_deal is None or level.source is None:
        return level
    return _rebuilt(level.source, moves)


@lru_cache(maxsize=64)
def _rebuilt(path: Path, moves: Moves) -> Level:
    return load_level(path, moves)


def with_move(moves: Moves, number: int, play: str) -> Moves:
    """The learner's plays once it makes ``play`` as play ``number`` of the deal: the plays it made after that one,
    in a deal that now goes otherwise, are dropped."""
    return (*((n, made) for n, made in moves if n < number), (number, play))


def restarted(moves: Moves, level: Level) -> Moves:
    """The learner's plays once ``level`` starts again: those of the levels before it in the same deal are kept."""
    first = level.first_turn
    return moves if first is None else tuple((n, made) for n, made in moves if n < first)


@dataclass(frozen=True)
class Track:
    """One path through the course, its levels in course order; a level is numbered within its track."""

    name: str
    levels: tuple[Level, ...]

    def number(self, level: Level) -> int:
        """The level's number in this track, from 1."""
        return self.levels.index(level) + 1

    def after(self, level: Level) -> Level | None:
        """The level that follows this one in the track; none after the track's last."""
        number = self.number(level)
        return self.levels[number] if number < len(self.levels) else None

    def done(self, earned: Mapping[str, int]) -> int:
        """How many of the track's levels have stars, ``earned`` being stars by level id."""
        return sum(level.id in earned for level in self.levels)

    def stars(self, earned: Mapping[str, int]) -> int:
        """The stars earned in the track's levels."""
        return sum(earned.get(level.id, 0) for level in self.levels)


def tracks(levels: Sequence[Level]) -> dict[str, Track]:
    """The course's tracks by name, in the order of ``TRACKS``; a track with no level is left out."""
    found = {name: Track(name, tuple(level for level in levels if level.track == name)) for name in TRACKS}
    return {name: track for name, track in found.items() if track.levels}


def onward(by_track: Mapping[str, Track], level: Level) -> Level | None:
    """The level to go on to from ``level``: the next in its track, the other tables' first after the core path's
    last; none after the other tables' last, which does not lead back into the core path."""
    following = by_track[level.track].after(level)
    if following is None and level.track == "core" and "other" in by_track:
        return by_track["other"].levels[0]
    return following


def teaching_level(levels: Sequence[Level], rule_set: str) -> Level | None:
    """The first level of the other tables' track with a step played by ``rule_set``; none for the classic rules,
    which the core path teaches, or for a rule set no level plays."""
    if rule_set == CLASSIC.name:
        return None
    other = (level for level in levels if level.track == "other")
    return next((level for level in other if any(stage.profile.name == rule_set for stage in level.stages)), None)


def stars(mistakes: int, hints: int) -> int:
    """Stars for a finished level: 3 with every task right first time and no help, 2 for one or two slips, else 1.

    >>> stars(0, 0), stars(1, 1), stars(3, 0)
    (3, 2, 1)
    """
    slips = mistakes + hints
    return 3 if slips == 0 else 2 if slips <= 2 else 1


def load_levels(folder: Path | None = None) -> list[Level]:
    """Every level, in the order of their file names (``01-values.yaml`` ...); ids are unique."""
    folder = folder or LEVELS
    levels = [load_level(path) for path in sorted(folder.glob("*.yaml"))]
    seen: set[str] = set()
    for level in levels:
        if level.id in seen:
            raise CourseError(f"{folder}: two levels have the id {level.id!r}")
        seen.add(level.id)
    return levels


def load_level(path: Path, moves: Moves = ()) -> Level:
    """Read one level and build every board through the engine, the learner's ``moves`` made at its turns in the
    deal it plays; ``CourseError`` says where and why."""
    try:
        root = read_yaml(path)
    except Refused as refused:
        raise CourseError(str(refused.problem)) from None
    builder = _Builder(path, moves)
    fields = builder.fields(root, {"id", "title", "goal", "rules", "practice", "track", "stages"}) if root else {}
    if root is None or "stages" not in fields:
        raise CourseError(f"{path}:1:1: a level is a mapping with id, title, goal, rules, practice and stages")
    level_id = builder.identifier(fields, root)
    rules = builder.level_rules(builder.text(fields, "rules", root), fields["rules"])
    stages: list[Stage] = []
    for item in builder.items(fields["stages"]):
        stages += builder.stages(item, stages[-1].deal if stages else None)
    if not any(stage.is_task for stage in stages):
        raise builder.fail(fields["stages"], "a level needs at least one task for the learner to do")
    return Level(
        id=level_id,
        title=builder.text(fields, "title", root),
        goal=builder.text(fields, "goal", root),
        rules=rules,
        practice=tuple(builder.text(fields, "practice", root).split()) if "practice" in fields else (),
        stages=tuple(stages),
        track=builder.track(fields),
        plays_deal=builder.plays_deal,
        source=path,
    )


def narrate(before: Deal, event: Event) -> Said:
    """One event of a deal in a sentence: what was played, what it took and why, what is left."""
    if event.kind is EventKind.PLAY and event.play is not None:
        play, seat = event.play, event.seat
        if not play.captured:
            return said(
                "Seat {seat} lays {card} on the table: no card in that hand makes 15 with the table.",
                seat=seat,
                card=str(play.card),
            )
        total = " + ".join(str(card.value) for card in [play.card, *sorted(play.captured)]) + f" = {CAPTURE_SUM}"
        taken = cards_text(play.captured)
        if event.escobas:
            return said(
                "Seat {seat} plays {card} and takes {cards}: {sum}. The table is empty: escoba!",
                seat=seat,
                card=str(play.card),
                cards=taken,
                sum=total,
            )
        return said(
            "Seat {seat} plays {card} and takes {cards}: {sum}.", seat=seat, card=str(play.card), cards=taken, sum=total
        )
    worth = sum(card.value for card in event.cards)
    if event.kind is EventKind.REDEAL:
        left = len(before.stock) - 3 * before.players
        return said_plural(
            "Three more cards to each player; {n} card left.", "Three more cards to each player; {n} cards left.", left
        )
    if event.kind is EventKind.LAST_TAKE:
        return said_plural(
            "Side {side} made the last capture and takes the {n} card left (worth {worth}).",
            "Side {side} made the last capture and takes the {n} cards left (worth {worth}).",
            len(event.cards),
            side=SIDES[event.side or 0],
            worth=worth,
        )
    if event.kind is EventKind.SWEEP:
        return said("The opening four add up to {worth}, so they go straight to the dealer's side.", worth=worth)
    return said("Three cards to each player and {cards} to the table.", cards=cards_text(event.cards))


def commented(before: Deal, play: Play) -> Said:
    """A play the learner made in a deal it plays, in the narrator's words: what it took and why, an escoba, and what
    it leaves the next player where that is worth a warning (``left_open``)."""
    after = before.play(play)
    event = next(event for event in after.events if event.kind is EventKind.PLAY)
    return _joined([narrate(before, event), *left_open(before, play)])


def sensible_play(deal: Deal) -> Play:
    """A plain player's choice: the biggest capture (an escoba, the 7♦, cards, coins), else a low card down."""
    plays = deal.legal_plays()

    def worth(play: Play) -> tuple[int, ...]:
        taken = [play.card, *play.captured]
        sweep = len(play.captured) == len(deal.table)
        return (sweep, any(str(c) == "7♦" for c in taken), len(taken), sum(c.suit.name == "COINS" for c in taken))

    takes = [play for play in plays if play.captured]
    if takes:
        return max(takes, key=worth)

    def cost(play: Play) -> tuple[bool, bool, bool, int, str]:  # keep the 7♦, sevens and coins back
        card = play.card
        return (str(card) == "7♦", card.rank == "7", card.suit.name == "COINS", card.value, str(card))

    return min(plays, key=cost)


def same_deal(deal: Deal, profile: RuleProfile) -> Deal:
    """The same deal under another rule set: the same cards dealt and the same plays made.

    ``ValueError`` if it cannot go the same way there: a first table those rules treat otherwise (R9),
    or a play they refuse (R13).
    """
    if deal.deck is None:
        raise ValueError("only a dealt board can be played again by other rules: give this stage a board")
    again = Deal.from_deck(deal.deck, deal.players, profile)
    try:
        for play in deal.plays:
            again = again.play(play)
    except IllegalPlay as refusal:
        raise ValueError(f"this deal cannot be played the same way by the {profile.name} rules: {refusal}") from None
    if (again.piles, again.escobas, again.table) != (deal.piles, deal.escobas, deal.table):
        raise ValueError(f"this deal does not end the same way by the {profile.name} rules (its first table, R9)")
    return again


def compare_table(deal: Deal, names: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """A finished deal's points under each rule set named, side by side (V1): a header row, a row per category any
    of them scores, then the totals; each cell holds every side's points, ``1 – 0``, or ``–`` where not scored.

    >>> deal = Deal.new(seed=58)
    >>> while not deal.is_over:
    ...     deal = deal.play(sensible_play(deal))
    >>> table = compare_table(deal, ["classic", "sevens"])
    >>> table[0], table[-1]
    (('points: side A – side B', 'Classic', 'Sevens'), ('total', '8 – 1', '9 – 1'))
    """
    scores = {name: same_deal(deal, PROFILES[name]).score() for name in names}

    def cell(name: str, category: str) -> str:
        if category not in scores[name][0].points:
            return "–"
        return " – ".join(str(score.points[category]) for score in scores[name])

    used = [category for category in CATEGORIES if any(category in score[0].points for score in scores.values())]
    rows = [(CATEGORIES[category].label, *(cell(name, category) for name in names)) for category in used]
    totals = ("total", *(" – ".join(str(score.total) for score in scores[name]) for name in names))
    corner = "points: " + " – ".join(f"side {side}" for side in SIDES[: deal.sides])
    return ((corner, *(short_title(name) for name in names)), *rows, totals)


def short_title(name: str) -> str:
    """A rule set's title without its note, short enough for a column of a phone-wide table.

    >>> short_title("classic"), short_title("cardgames")
    ('Classic', 'Online')
    """
    return PROFILES[name].title.split(" (")[0].split(",")[0]


class _Builder:
    """Builds a level's stages through the engine, keeping the file for messages and the rule set in force."""

    def __init__(self, path: Path, moves: Moves = ()) -> None:
        self.path = path
        self.profile = CLASSIC  # the level's rule set, then the one the last stage named
        self.learner_moves = {number: parse_play(play) for number, play in moves}  # the learner's, at its turns
        self.plays_deal: int | None = None  # the seed of the deal the learner plays

    def fail(self, where: Marked, message: str) -> CourseError:
        return CourseError(str(Problem(str(self.path), where.line, where.column, message)))

    def level_rules(self, text: str, where: Marked) -> tuple[str, ...]:
        """The rule ids a level teaches; a rule set named among them becomes its stages' rule set."""
        words = text.split()
        for word in words:
            if word not in RULE_IDS and word not in PROFILES:
                raise self.fail(where, f"unknown rule {word!r}: name rule ids (R1-R22, V1-V6) and at most one rule "
                                f"set ({', '.join(PROFILES)})")  # fmt: skip
        named = [word for word in words if word in PROFILES]
        if len(named) > 1:
            raise self.fail(where, f"a level has one rule set, not {either(named)}: a stage can name another")
        self.profile = PROFILES[named[0]] if named else CLASSIC
        return tuple(word for word in words if word in RULE_IDS)

    def rule_set(self, fields: dict[str, Marked]) -> RuleProfile:
        """The rule set a stage names (``rules``, ``penalties``), or the one in force."""
        profile = self.profile
        if "rules" in fields:
            profile = PROFILES[self.rule_set_name(fields["rules"])]
        if "penalties" in fields:
            where = fields["penalties"]
            if not isinstance(where.value, bool):
                raise self.fail(where, "penalties is true or false")
            try:
                profile = profile.with_options(penalties=where.value)
            except ValueError as error:
                raise self.fail(where, str(error)) from None
        return profile

    def rule_set_name(self, where: Marked) -> str:
        name = str(where.value)
        if name not in PROFILES:
            raise self.fail(where, f"unknown rule set {name!r}: use one of {', '.join(PROFILES)}")
        return name

    def stages(self, item: Marked, board: Deal | None) -> list[Stage]:
        """One stage, or one per play for a watched deal."""
        keys = {"say", "task", "prompt", "board", "highlight", "want", "goal", "play", "category", "ask", "watch"}
        more = {
            "predict",
            "sums",
            "next_hand",
            "piles",
            "rules",
            "penalties",
            "compare",
            "seat",
            "show_hands",
            "totals",
        }
        fields = self.fields(item, keys | more)
        self.profile = self.rule_set(fields)
        show_hands = self.flag(fields, "show_hands")
        if "watch" in fields:
            opening = self.text(fields, "say", item) if "say" in fields else None
            watched = self.watch(fields["watch"], opening, fields.get("predict"), fields.get("sums"))
            return [replace(stage, show_hands=show_hands) for stage in watched]
        task = str(fields["task"].value) if "task" in fields else "say"
        if task not in TASKS:
            raise self.fail(fields["task"], f"unknown task {task!r}: use one of {', '.join(TASKS[1:])}")
        text_key = "say" if task == "say" else "prompt"
        if text_key not in fields:
            raise self.fail(item, f"a {task} stage needs '{text_key}'")
        text = self.text(fields, text_key, item)
        deal = self.position(fields["board"], board) if "board" in fields else board
        if deal is not None and deal.profile != self.profile:  # the board before, under the rules this stage names
            deal = self.again(deal, self.profile, fields.get("rules") or fields.get("penalties") or item)
        events = deal.events if "board" in fields and deal is not None and not deal.is_over else ()
        highlight = frozenset(self.cards(fields["highlight"])) if "highlight" in fields else frozenset()
        piles = "piles" in fields and bool(fields["piles"].value)
        seat = self.number(fields["seat"]) if "seat" in fields else 0
        if deal is not None and seat >= deal.players:
            raise self.fail(fields["seat"], f"a board of {deal.players} players has seats 0 to {deal.players - 1}")
        if task == "play" and deal is not None and deal.to_play not in (None, seat):
            raise self.fail(
                item, f"seat {deal.to_play} is to play, and a play task is the learner's: add seat: {deal.to_play}"
            )
        stage = Stage(
            text, task, deal, events, highlight, piles=piles, profile=self.profile, seat=seat, show_hands=show_hands
        )
        if "compare" in fields and task not in ("say", "which"):
            raise self.fail(fields["compare"], "compare goes with a say stage or a which task")
        if task == "say":
            return [self.table(stage, fields["compare"]) if "compare" in fields else stage]
        if deal is None:
            raise self.fail(item, f"a {task} task needs a board")
        return [self.task(stage, fields, item)]

    def again(self, deal: Deal, profile: RuleProfile, where: Marked) -> Deal:
        """The same deal under another rule set (``same_deal``); a deal that goes otherwise there fails here."""
        try:
            return same_deal(deal, profile)
        except ValueError as error:
            raise self.fail(where, str(error)) from None

    def compared(self, where: Marked) -> tuple[str, ...]:
        names = tuple(self.rule_set_name(name) for name in self.items(where))
        if len(set(names)) < 2:
            raise self.fail(where, "compare two rule sets or more")
        return names

    def table(self, stage: Stage, where: Marked) -> Stage:
        """A say stage's finished deal scored under each rule set named, side by side (V1)."""
        if stage.deal is None or not stage.deal.is_over:
            raise self.fail(where, "compare needs a finished deal to score (V1)")
        try:
            return replace(stage, table=compare_table(stage.deal, self.compared(where)))
        except ValueError as error:
            raise self.fail(where, str(error)) from None

    def task(self, stage: Stage, fields: dict[str, Marked], item: Marked) -> Stage:
        """Work out, with the engine, which answers a task accepts."""
        deal = stage.deal
        assert deal is not None
        if stage.task == "pick":
            return self.pick(stage, self.need(fields, "want", item))
        if stage.task == "play":
            return self.play(stage, fields, item)
        if stage.task in ("allowed", "fault"):
            return self.judged_play(stage, self.need(fields, "play", item), item)
        if stage.task == "number" and str(self.need(fields, "ask", item).value) == "table sum":
            return _table_sum(stage)
        if stage.task == "number" and self.seat_ask(str(fields["ask"].value)):
            return self.seats(stage, fields["ask"])
        if stage.task == "number" and str(fields["ask"].value) == "hidden card":
            return self.hidden(stage, fields["ask"])
        scores = self.scores(stage, fields, item)
        names = SIDES[: deal.sides]
        if stage.task == "who":
            where = self.need(fields, "category", item)
            name = ALIASES.get(str(where.value), str(where.value))
            if name == "match":
                return self.match(stage, self.need(fields, "totals", item), [s.total for s in scores])
            stage = replace(stage, choices=(*names, "nobody"), question=name)
            if name == "deal":
                totals = [s.total for s in scores]
                top = most(totals)
                lead = said("Side A scores {points}", points=totals[0])
                why = said("{figures}.", figures=_by_side(lead, totals[1:]))
                clue = said("add up each side's points for the deal, category by category, escobas too")
                first = said("side A scores {points}", points=totals[0])
                return _with(stage, {"nobody" if top is None else names[top]}, why, clue, first)
            if name not in deal.profile.points or name == "escoba":
                known = ", ".join(c for c in deal.profile.points if c != "escoba")
                rules = f"by the {deal.profile.name} rules, not {str(where.value)!r}"
                raise self.fail(where, f"category is one of {known} or deal, {rules}")
            won = [side for side, score in zip(names, scores, strict=True) if score.points[name] > 0]
            clue = said(
                "look at each side's pile: the side that has {won_by} scores it; a tie scores nothing",
                won_by=said(CATEGORIES[name].winning(deal.sides)),
            )
            figure = CATEGORIES["cards" if name == "few_cards" else name].figure
            first = (
                said("side A has {figure}", figure=figure(scores[0]))
                if figure
                else said("look through side A's pile first")
            )
            return _with(stage, {won[0] if len(won) == 1 else "nobody"}, _category_why(name, scores), clue, first)
        where = self.need(fields, "ask", item)
        ask = str(where.value).split()
        side = names.index(ask[1]) if len(ask) == 2 and ask[1] in names else None
        if (
            side is None
            or ask[0] not in ("setenta", "points", "cards")
            or (stage.task == "which" and ask[0] != "points")
        ):
            asks = (
                "'points A'"
                if stage.task == "which"
                else f"'table sum', {either(SEAT_ASKS)}, 'setenta A', 'points A' or 'cards A'"
            )
            raise self.fail(where, f"ask is {asks}, with a side of {either(names)}, not {str(where.value)!r}")
        stage = replace(stage, question=ask[0], side=side)
        if stage.task == "which":
            return self.which(stage, side, fields.get("compare"), where)
        if ask[0] == "setenta":
            if "setenta" not in deal.profile.points:
                scored = f"the {deal.profile.name} rules score no setenta (V1)"
                raise self.fail(where, f"{scored}: ask 'points {names[side]}' instead")
            value = scores[side].setenta_sum
            clue = said(
                "from side {side}'s pile pick the highest-priced card of every suit and add the four prices; if a suit "
                "is missing there is no setenta (R19)",
                side=names[side],
            )
            best = best_cards(deal.piles[side])
            return _with(stage, {"none" if value is None else str(value)}, _category_why("setenta", scores), clue, best)
        if ask[0] == "cards":
            clue = said(
                "count side {side}'s pile: every card it captured, and what it took at the end", side=names[side]
            )
            last = said("the side with the latest capture also collects the leftovers once the cards run out (R15)")
            return _with(stage, {str(scores[side].card_count)}, _category_why("cards", scores), clue, last)
        clue = said("go through the categories one by one and add up what side {side} scores", side=names[side])
        labels = tuple(said(CATEGORIES[name].label) for name, points in scores[side].points.items() if points)
        scoring = (
            said("side {side} scores for {categories}: count what each is worth under these rules", side=names[side],
                 categories=Listed(labels))
            if labels
            else said("side {side} wins no category", side=names[side])
        )  # fmt: skip
        return _with(stage, {str(scores[side].total)}, _points_why(names[side], scores[side]), clue, scoring)

    def scores(self, stage: Stage, fields: dict[str, Marked], item: Marked) -> list[DealScore]:
        """The sides' scores for a finished deal; part-way through a deal, what their piles hold so far, for a
        question one pile answers (who has more cards or coins, the 7♦, a setenta), not for a deal's points."""
        deal = stage.deal
        assert deal is not None
        if deal.is_over:
            return deal.score()
        asked = str(fields["category"].value) if "category" in fields else str(fields.get("ask", item).value)
        if (stage.task == "who" and asked not in ("deal", "match")) or asked.startswith("setenta "):
            return score_deal(deal.piles, deal.escobas, deal.profile)
        raise self.fail(item, f"a {stage.task} task on a deal's points needs a finished deal to score (R18)")

    @staticmethod
    def seat_ask(text: str) -> str | None:
        """The seats question a number task asks (``next dealer``, ``leader``, ``partner 2``, ``stock after 2``), as
        a seats puzzle names it; None for any other question."""
        words = text.split()
        return SEAT_ASKS.get(" ".join(words[:-1] if words and words[-1].isdigit() else words))

    def seats(self, stage: Stage, where: Marked) -> Stage:
        """Who deals next, who leads, who partners a seat, or how many cards the stock holds after some hands, at this
        board's table (its last seat deals, V3): answered as a seats puzzle is (R5-R8, R10, R22)."""
        deal = stage.deal
        assert deal is not None
        ask, last = self.seat_ask(str(where.value)), str(where.value).split()[-1]
        assert ask is not None
        number = int(last) if last.isdigit() else None
        puzzle = SeatsPuzzle(
            id="task", level=1, themes=(), title="", players=deal.players, dealer=deal.players - 1, ask=ask,
            seat=number if ask == "partner" else None, round=number or 1 if ask == "stock-after" else 1,
            rules=stage.profile.name,
        )  # fmt: skip
        problems = puzzle.author_problems()
        if problems:
            raise self.fail(where, problems[0][1])
        right = puzzle.solutions()
        why = said("Answer {answer}: {why}.", answer=Listed(tuple(right)), why=puzzle.why(right[0]))
        return _with(replace(stage, puzzle=puzzle, question=ask), set(right), why)

    def hidden(self, stage: Stage, where: Marked) -> Stage:
        """What the deal's last card, laid down face down and taking nothing, is worth: what brings the table to 10,
        25, 40, ... (R16)."""
        deal = stage.deal
        assert deal is not None
        seat = deal.to_play
        last = deal.hands[seat] if seat is not None else ()
        others = [hand for at, hand in enumerate(deal.hands) if at != seat and hand]
        if deal.stock or others or len(last) != 1 or seat == stage.seat or captures(last[0], deal.table):
            raise self.fail(where, "a hidden card is the last of the deal, in another seat's hand, and takes nothing")
        total = sum(card.value for card in deal.table)
        why = said(
            "The table adds up to {total}, and with the last card on it the deal must end on 10, 25, 40, ... (R16): "
            "the card is worth {value}.",
            total=total,
            value=last[0].value,
        )
        clue = said("what is left on the table at the end of a deal adds up to 10, 25, 40, ... (R16)")
        stage = replace(stage, question="hidden card")
        return _with(
            stage, {str(missing_value(deal.table))}, why, clue, said("the table adds up to {total}", total=total)
        )

    def match(self, stage: Stage, totals: Marked, points: Sequence[int]) -> Stage:
        """Has the match been won once this deal's points are added to the ``totals`` before it (R21, V4)?"""
        deal = stage.deal
        assert deal is not None
        before = tuple(self.number(total) for total in self.items(totals))
        if len(before) != 2 or deal.sides != 2:
            raise self.fail(totals, "totals gives both sides' points before this deal: a match of two sides")
        puzzle = MatchPuzzle(
            id="task", level=1, themes=(), title="", totals=(before[0], before[1]), points=(points[0], points[1]),
            target=deal.profile.target, rules=deal.profile.name,
        )  # fmt: skip
        problems = puzzle.author_problems()
        if problems:
            raise self.fail(totals, problems[0][1])
        right = puzzle.solutions()
        stage = replace(stage, choices=OUTCOMES, puzzle=puzzle, question="match")
        return _with(stage, set(right), said("The match: {why}.", why=puzzle.why(right[0])))

    def judged_play(self, stage: Stage, where: Marked, item: Marked) -> Stage:
        """An ``allowed`` task: is the play legal (R13, R17)? A ``fault`` task: at a table played by its penalties, is
        it legal, a wrong capture or a missed capture (V5)?"""
        deal = stage.deal
        assert deal is not None
        try:
            play = parse_play(str(where.value))
        except CardError as error:
            raise self.fail(where, str(error)) from None
        if stage.task == "allowed":
            question, refused = allowed(deal, play)
            clue, nearer = ruling_clues(deal, play, refused.refusal if refused else None)
            stage = replace(stage, choices=("yes", "no"), clue=clue, nearer=nearer, question=question)
            if refused is not None:
                reason = refused.refusal.said if refused.refusal else str(refused)
                return _with(stage, {"no"}, said("It is not allowed: {reason}.", reason=reason))
            return _with(stage, {"yes"}, said("It is allowed: {play}.", play=play_text(play)))
        if not deal.profile.penalties:
            raise self.fail(item, "a fault task needs a table played by its penalties: add 'penalties: true' (V5)")
        try:
            deal.verify_play(play)
        except IllegalPlay as refusal:
            raise self.fail(where, f"this play cannot be made at all: {refusal}") from None
        assert deal.to_play is not None
        fault = deal.fault_of(play)
        broken = refusal_of(play, deal.hands[deal.to_play], deal.table, deal.profile.must_capture)
        side = SIDES[deal.side_of(deal.to_play)]
        if fault == "wrong":
            then = said(
                "The capture stands: at the count side {side} loses {cost} points, and one more for each escoba made "
                "in that deal (V5)",
                side=side,
                cost=WRONG_CAPTURE_COST,
            )
        elif fault == "missed" and captures(play.card, deal.table):
            then = said(
                "With penalties the card stays where it was laid, and whoever plays next may take that capture for "
                "their own side before laying a card (V5)"
            )
        elif fault == "missed":
            then = said(
                "At a table played by its penalties the card stays down all the same; it takes nothing itself, so "
                "nobody can claim it (V5)"
            )
        else:
            then = said("{play} breaks no rule, so there is nothing to pay", play=play_text(play))
        why = said("{reason}. {then}.", reason=broken.said, then=then) if broken else said("{then}.", then=then)
        stage = replace(stage, choices=tuple(FAULTS.values()), question=FAULTS[fault])
        return _with(stage, {FAULTS[fault]}, why, *ruling_clues(deal, play, broken))

    def which(self, stage: Stage, side: int, compare: Marked | None, where: Marked) -> Stage:
        """Which rule set gives ``side`` the most points for this same deal (V1)?"""
        deal = stage.deal
        assert deal is not None
        names = (
            self.compared(compare) if compare else tuple(n for n, p in PROFILES.items() if deal.players in p.players)
        )
        totals = {name: self.again(deal, PROFILES[name], compare or where).score()[side].total for name in names}
        top = {name for name, total in totals.items() if total == max(totals.values())}
        under = Joined(
            tuple(
                said("{points} under {rules}", points=total, rules=said(PROFILES[name].title))
                for name, total in totals.items()
            ),
            "; ",
        )
        return _with(
            replace(stage, choices=names),
            top,
            said("Side {side} scores {totals} (V1).", side=SIDES[side], totals=under),
            said("work out side {side}'s points under each rule set: they score different categories (V1)",
                 side=SIDES[side]),
            said("side {side} scores {points} under {rules}", side=SIDES[side], points=totals[names[0]],
                 rules=said(PROFILES[names[0]].title)),
        )  # fmt: skip

    def pick(self, stage: Stage, want: Marked) -> Stage:
        deal = stage.deal
        assert deal is not None
        words = str(want.value).split()
        if words[:1] == ["value"] and len(words) == 2 and words[1].isdigit():
            shown = [*deal.table, *(card for seat in stage.face_up for card in deal.hands[seat])]
            right = sorted(card for card in shown if card.value == int(words[1]))
            if not right:
                raise self.fail(want, f"no card face up on the board is worth {words[1]}")
            counts = Joined(
                tuple(said("{card} counts {value}", card=str(card), value=card.value) for card in right), ", "
            )
            stage = replace(stage, pick_from="all", worth=int(words[1]), question="value")
            return _with(stage, {cards_text(right)}, said("{counts} (R3).", counts=counts))
        if words[:2] == ["fifteen", "with"] and len(words) == 3:
            played = self.cards(Marked(words[2], want.line, want.column))[0]
            seat = deal.to_play
            if seat is None or played not in deal.hands[seat]:
                raise self.fail(want, f"{played} is not in the hand of seat {seat}, whose turn it is")
            groups = captures(played, deal.table)
            if not groups:
                raise self.fail(want, f"{played} takes nothing from this table (R12)")
            ways = [cards_text(sorted(group)) for group in groups]
            takes = said(
                "{card} takes {ways}: each makes 15 with it (R12).", card=str(played), ways=Listed(tuple(ways), "or")
            )
            return _with(replace(stage, played=played, question="fifteen"), set(ways), takes)
        if words == ["claim"]:
            claims = deal.claims()
            if not claims:
                raise self.fail(want, "nothing can be claimed here: the last play must lay down a card that could take")
            ways = [cards_text(sorted([claim.card, *claim.captured])) for claim in claims]
            laid = claims[0].card
            missed = Listed(tuple(cards_text(claim.captured) for claim in claims), "or")
            why = said("{card} could have made 15 with {cards} (V5).", card=str(laid), cards=missed)
            clue = said("a claim takes the card just laid together with the table cards it could have taken (V5)")
            return _with(replace(stage, played=laid, question="claim"), set(ways), why, clue)
        raise self.fail(want, f"want is 'value N', 'fifteen with <card>' or 'claim', not {str(want.value)!r}")

    def play(self, stage: Stage, fields: dict[str, Marked], item: Marked) -> Stage:
        deal = stage.deal
        assert deal is not None
        if deal.to_play is None:
            raise self.fail(item, "a play task needs a player to move")
        where = self.need(fields, "goal", item)
        text = str(where.value)
        target = self.cards(Marked(text[5:], where.line, where.column)) if text.startswith("take ") else ()
        goal = ChoosePuzzle(
            id="task", level=1, themes=(), title="",
            table=deal.table, hand=deal.hands[deal.to_play], goal="take" if target else text,
            target=target[0] if target else None,
            next_hand=self.cards(fields["next_hand"]) if "next_hand" in fields else (),
            pile=deal.piles[deal.side_of(deal.to_play)] if text == "setenta" else (),
            rules=stage.profile.name,
        )  # fmt: skip
        try:
            problems = goal.author_problems()
            right = goal.solutions()  # judged by the stage's rule set, as the goal is
        except (KeyError, ValueError) as error:
            raise self.fail(where, f"unknown goal {text!r}: {error}") from None
        if problems or not right:
            raise self.fail(where, problems[0][1] if problems else f"no play these rules allow meets the goal {text!r}")
        return replace(stage, accept=frozenset(right), goal=goal, question=goal.goal)

    def watch(self, value: Marked, opening: str | None, predict: Marked | None, sums: Marked | None) -> list[Stage]:
        """A real deal from play ``from`` to play ``to``: one stage per play, what happened said; or, with ``you``
        (the learner's seat), a task at each of the learner's plays, the other seats' plays said at the next stage.
        The plays named in ``predict`` become tasks first, and those in ``sums`` are followed by a task on what the
        table adds up to. Built with the learner's moves, a prediction of a play that now takes nothing is only
        said, and a sum of an empty table is not asked."""
        fields = self.fields(value, {"seed", "players", "from", "to", "you"})
        deal = self.dealt(fields, value)
        you = self.learner_seat(fields, deal)
        first = self.number(fields["from"]) if "from" in fields else 1
        last = self.number(fields["to"]) if "to" in fields else None
        asked = {self.number(n) for n in self.items(predict)} if predict else set()
        summed = {self.number(n) for n in self.items(sums)} if sums else set()
        number = 0
        while number + 1 < first and not deal.is_over:
            number += 1
            deal = deal.play(self.next_play(deal, number, you))
        if deal.is_over:
            raise self.fail(fields["from"], f"this deal has {plural(number, 'play')}")
        told = [Said(opening)] if opening else []  # a level's own words, said as the catalogues have them
        told += [narrate(deal, event) for event in deal.log] if first == 1 else []
        if not told:
            raise self.fail(value, "a deal watched from a later play needs 'say' to open it")
        events = deal.log if first == 1 else deal.events
        stages = [Stage(_joined(told), deal=deal, events=events, profile=self.profile)]
        told = []  # what has happened since the last stage, said at the next one
        while not deal.is_over and number != last:
            number += 1
            play, yours = self.next_play(deal, number, you), deal.to_play == you
            if yours and number in asked:
                raise self.fail(predict or value, f"play {number} is the learner's to make: predict another seat's")
            if yours:
                assert you is not None
                told.append(said("Your turn: play a card from your hand."))
                plain = frozenset({str(sensible_play(deal))})  # what the level was checked with
                stages.append(Stage(_joined(told), "play", deal, deal.events, accept=plain, profile=self.profile,
                                    seat=you, question="turn"))  # fmt: skip
                told = []
            elif number in asked and (play.captured or not self.learner_moves):
                if not play.captured:
                    raise self.fail(predict or value, f"play {number} of this deal takes nothing: predict a capture")
                stages.append(self.predicted(deal, play, told))
                told = []
            after = deal.play(play)
            told += [narrate(deal, event) for event in after.events if not yours or event.kind is not EventKind.PLAY]
            if you is None:
                stages.append(Stage(_joined(told), deal=after, events=after.events, profile=self.profile))
                told = []
            if number in summed and not after.table and not self.learner_moves:
                raise self.fail(
                    sums or value, f"the table is empty after play {number}: ask its sum after another play"
                )
            if number in summed and after.table:
                told.append(said("What do the cards on the table add up to now?"))
                stages.append(_table_sum(Stage(_joined(told), "number", after, after.events, profile=self.profile)))
                told = []
            deal = after
        if told:
            stages.append(Stage(_joined(told), deal=deal, events=deal.events, profile=self.profile))
        if last is not None and number < last:
            raise self.fail(fields["to"], f"this deal has {plural(number, 'play')}")
        for named, place in ((asked, predict), (summed, sums)):
            outside = {n for n in named if not first <= n <= number}
            if place and outside:
                raise self.fail(place, f"the plays watched are {first} to {number}, not {min(outside)}")
        return stages

    def learner_seat(self, fields: dict[str, Marked], deal: Deal) -> int | None:
        """The seat the learner plays in a dealt deal (``you``), if any; the level then plays that deal."""
        if "you" not in fields:
            return None
        you = self.number(fields["you"])
        if you >= deal.players:
            raise self.fail(fields["you"], f"a deal of {deal.players} players has seats 0 to {deal.players - 1}")
        self.plays_deal = self.number(fields["seed"])
        return you

    def next_play(self, deal: Deal, number: int, you: int | None) -> Play:
        """Play ``number`` of a deal: at the learner's seat, the move it made if the deal allows it; else the plain
        one."""
        made = self.learner_moves.get(number) if deal.to_play == you else None
        return made if made is not None and deal.can_play(made) else sensible_play(deal)

    def predicted(self, deal: Deal, play: Play, told: list[Said]) -> Stage:
        """A task on a capture about to be made: which table cards will ``play``'s card take?"""
        ways = {cards_text(sorted(group)) for group in captures(play.card, deal.table)}
        card = str(play.card)
        prompt = said("Seat {seat} plays {card}. Which table cards will it take?", seat=deal.to_play, card=card)
        why = said("{card} needs {need}, and these make it (R12).", card=str(play.card), need=15 - play.card.value)
        return Stage(_joined([*told, prompt]), "pick", deal, deal.events if told else (), frozenset({play.card}),
                     frozenset(ways), why=why, profile=self.profile, played=play.card, question="fifteen")  # fmt: skip

    # -- reading values ------------------------------------------------------------------

    def position(self, value: Marked, before: Deal | None = None) -> Deal:
        """A board set up by hand, completed into a position a real deal reaches: what is out of sight goes to the
        stock (``stock``: how many cards it holds) and to the piles as captures (R8-R10, R12, R16); or a real deal
        (``seed``); or the board ``before`` with one more play (``after``)."""
        keys = {
            "table",
            "hands",
            "piles",
            "escobas",
            "to_play",
            "stock",
            "seed",
            "players",
            "plays",
            "moves",
            "after",
            "you",
        }
        fields = self.fields(value, keys)
        if "after" in fields:
            return self.after(fields, value, before)
        if "seed" in fields:
            return self.played(fields, value)
        table = self.cards(fields["table"]) if "table" in fields else ()
        hands = [self.cards(hand) for hand in self.items(fields.get("hands"))]
        sides = self.profile.sides(len(hands)) if hands else 0
        piles = [self.cards(pile) for pile in self.items(fields["piles"])] if "piles" in fields else [()] * sides
        escobas = [self.number(e) for e in self.items(fields["escobas"])] if "escobas" in fields else [0] * sides
        for side, (pile, count) in enumerate(zip(piles, escobas, strict=False)):
            problem = pile_problem(pile, end=False, escobas=count)  # a board set up by hand is mid-deal
            if pile and problem:
                raise self.fail(fields["piles"], f"side {SIDES[side]}: {problem}")
        to_play = self.number(fields["to_play"]) if "to_play" in fields else 0
        stock = self.number(fields["stock"]) if "stock" in fields else None
        try:  # the cards in sight first: none in two places, hands of the sizes the seat to play allows
            Deal.from_position(table, hands, piles=piles, escobas=escobas, to_play=to_play, profile=self.profile)
        except ValueError as error:
            raise self.fail(value, str(error)) from None
        try:
            whole = complete(table, hands, piles, escobas, self.profile, stock)
        except ValueError as error:
            raise self.fail(fields.get("stock", value), str(error)) from None
        return Deal.from_position(
            table, hands, whole.stock, whole.piles, escobas, to_play=to_play, profile=self.profile
        )

    def after(self, fields: dict[str, Marked], value: Marked, before: Deal | None) -> Deal:
        """The board before with one more play (``after: 6♣ Q♦``), which the rules must allow."""
        where = fields["after"]
        if len(fields) > 1:
            raise self.fail(value, "a board 'after' a play is the board before with that play made: no other key")
        if before is None or before.is_over:
            raise self.fail(where, "'after' needs a board before it with a play still to make")
        try:
            return before.play(parse_play(str(where.value)))
        except (CardError, IllegalPlay) as error:
            raise self.fail(where, str(error)) from None

    def dealt(self, fields: dict[str, Marked], value: Marked) -> Deal:
        """A real deal from a seed, under the rules in force, with ``players`` at the table (2 unless named)."""
        players = self.number(fields["players"]) if "players" in fields else 2
        try:
            return Deal.new(players=players, seed=self.number(self.need(fields, "seed", value)), profile=self.profile)
        except ValueError as error:
            raise self.fail(fields.get("players", value), str(error)) from None

    def played(self, fields: dict[str, Marked], value: Marked) -> Deal:
        """A real deal played the plain way (``sensible_play``) but for its ``moves``, for ``plays`` plays or to the
        end; with ``you``, the learner's seat, as the learner played it where it has."""
        deal = self.dealt(fields, value)
        you = self.learner_seat(fields, deal)
        moves = self.moves(fields["moves"]) if "moves" in fields else {}
        stop = self.number(fields["plays"]) if "plays" in fields else None
        number = 0
        while not deal.is_over and number != stop:
            number += 1
            play, where = moves.pop(number, (self.next_play(deal, number, you), value))
            try:
                deal = deal.play(play)
            except IllegalPlay as refusal:
                raise self.fail(where, f"play {number}: {refusal}") from None
        if (stop is not None and number < stop) or moves:
            where = fields["plays"] if stop is not None and number < stop else next(iter(moves.values()))[1]
            raise self.fail(where, f"this board has {plural(number, 'play')}")
        return deal

    def moves(self, value: Marked) -> dict[int, tuple[Play, Marked]]:
        """``play 5: 7♠ J♣``: the plays a board makes instead of the plain ones, by number."""
        if not isinstance(value.value, dict):
            raise self.fail(value, "moves maps 'play N' to the play made then, such as 'play 5: 7♠ J♣'")
        found: dict[int, tuple[Play, Marked]] = {}
        for key, where in value.value.items():
            words = key.split()
            if len(words) != 2 or words[0] != "play" or not words[1].isdigit() or int(words[1]) < 1:
                raise self.fail(Marked(key, where.key_line, where.key_column), f"{key!r}: name a move 'play N'")
            try:
                found[int(words[1])] = (parse_play(str(where.value)), where)
            except CardError as error:
                raise self.fail(where, str(error)) from None
        return found

    def fields(self, item: Marked, allowed: set[str]) -> dict[str, Marked]:
        if not isinstance(item.value, dict):
            raise self.fail(item, f"expected a mapping with some of: {', '.join(sorted(allowed))}")
        for key, value in item.value.items():
            if key not in allowed:
                raise self.fail(value, f"unknown key '{key}'; expected some of: {', '.join(sorted(allowed))}")
        return item.value

    def items(self, value: Marked | None) -> list[Marked]:
        if value is None or not isinstance(value.value, list):
            raise CourseError(f"{self.path}:{value.line if value else 1}:1: expected a list")
        return value.value

    def need(self, fields: dict[str, Marked], key: str, item: Marked) -> Marked:
        if key not in fields:
            raise self.fail(item, f"this stage needs '{key}'")
        return fields[key]

    def flag(self, fields: dict[str, Marked], key: str) -> bool:
        """A true-or-false field, false when left out."""
        if key not in fields:
            return False
        if not isinstance(fields[key].value, bool):
            raise self.fail(fields[key], f"{key} is true or false")
        return bool(fields[key].value)

    def number(self, value: Marked) -> int:
        if not isinstance(value.value, int) or isinstance(value.value, bool) or value.value < 0:
            raise self.fail(value, f"expected a whole number, not {value.value!r}")
        return value.value

    def identifier(self, fields: dict[str, Marked], parent: Marked) -> str:
        """The level's id, held to the store's check, as the learner's progress keeps it."""
        text = self.text(fields, "id", parent)
        try:
            return id_of(text)
        except ValueError as error:
            raise self.fail(fields["id"], f"'id': {error}") from None

    def track(self, fields: dict[str, Marked]) -> str:
        """The level's track, ``core`` where it names none."""
        value = fields.get("track")
        if value is None:
            return "core"
        if value.value not in TRACKS:
            raise self.fail(value, f"'track' is one of {', '.join(TRACKS)}, not {value.value!r}")
        return str(value.value)

    def text(self, fields: dict[str, Marked], key: str, parent: Marked) -> str:
        value = fields.get(key)
        if value is None or not isinstance(value.value, str | list):
            raise self.fail(value or parent, f"'{key}' must be text")
        text = worded(value)
        if reaching_out(text) is not None:
            raise self.fail(value, f"'{key}' holds a link, an image or an HTML tag: a level is shown as Markdown")
        if key == "say" and text.count(". ") + 1 > MOST_SENTENCES:
            raise self.fail(value, f"say it in at most {MOST_SENTENCES} sentences")
        return text

    def cards(self, value: Marked) -> tuple[Card, ...]:
        try:
            return parse_cards(str(value.value or ""))
        except CardError as error:
            raise self.fail(value, str(error)) from None


def worded(value: Marked) -> str:
    """A level's text as the course keeps it, and as its catalogues find it: a list's parts joined, every run of
    spaces and line breaks one space.

    >>> worded(Marked("Take  the 7♦   first.", 1, 1))
    'Take the 7♦ first.'
    """
    parts = value.value if isinstance(value.value, list) else [value]
    return " ".join(" ".join(str(part.value) for part in parts).split())


def _joined(told: Sequence[Said]) -> Said:
    """Sentences said one after the other."""
    return said("{events}", events=Joined(tuple(told), " "))


def _with(stage: Stage, accept: set[str], why: Said, clue: Said | None = None, nearer: Said | None = None) -> Stage:
    """The stage with the answers the engine accepts, its reason and, if given, where to look at a first miss and a
    second."""
    return replace(stage, accept=frozenset(accept), why=why, clue=clue or stage.clue, nearer=nearer or stage.nearer)


def _table_sum(stage: Stage) -> Stage:
    """A number task on what the stage's table adds up to (R16), its answer worked out from the table."""
    assert stage.deal is not None
    table = stage.deal.table
    total = sum(card.value for card in table)
    values = " + ".join(str(card.value) for card in table)
    added = said("add the cards' values again, each sota, caballo and rey at its capture value (R3)")
    why = said("{values} = {total}.", values=values, total=total)
    return _with(
        replace(stage, asks_table_sum=True, question="table sum"),
        {str(total)},
        why,
        added,
        said("the values: {values}", values=values),
    )


def _by_side(first: Said, others: Sequence[object], owned: bool = False) -> Joined:
    """A figure for every side: side A's in ``first``, then the others', ``Side A took 22 cards, side B 18``; with
    ``owned``, ``Side A's setenta is 75, side B's 60``."""
    rest = [
        said("side {side}'s {figure}", side=SIDES[n], figure=figure)
        if owned
        else said("side {side} {figure}", side=SIDES[n], figure=figure)
        for n, figure in enumerate(others, 1)
    ]
    return Joined((first, *rest), ", ")


def _category_why(name: str, scores: Sequence[DealScore]) -> Said:
    """The figures behind a scoring category, side by side."""
    a, others = scores[0], scores[1:]
    if name in ("cards", "coins"):
        counts = [score.card_count if name == "cards" else score.coin_count for score in scores]
        if name == "cards":
            first = said_plural("Side A took {n} card", "Side A took {n} cards", counts[0])
        else:
            first = said_plural("Side A took {n} coin", "Side A took {n} coins", counts[0])
        figures = _by_side(first, counts[1:])
        if counts.count(max(counts)) == 1:
            return said("{figures}.", figures=figures)
        rule = "R18" if len(scores) == 2 else "V2"
        return said("{figures}; a tie scores nothing ({rule}).", figures=figures, rule=rule)
    if name == "seven_of_coins":
        holder = next((SIDES[n] for n, score in enumerate(scores) if score.has_seven_of_coins), None)
        where = said("The 7♦ is in side {side}'s pile", side=holder) if holder else said("Nobody took the 7♦")
        if any(score.has_seven_of_coins and score.all_sevens for score in scores):
            return said("{where}, but all four sevens score in place of its point (V1).", where=where)
        return said("{where} (R18).", where=where)
    if name == "setenta":
        values = [said("none: a suit is missing") if s.setenta_sum is None else s.setenta_sum for s in scores]
        first = said("Side A's setenta is {value}", value=values[0])
        return said("{figures} (R19).", figures=_by_side(first, values[1:], owned=True))
    category = CATEGORIES[name]
    # the opponents-under-10 point is read off both sides' card counts, the figures of the most-cards point
    figure = CATEGORIES["cards"].figure if name == "few_cards" else category.figure
    rest = [figure(score) if figure else "" for score in others]
    first = said("Side A has {figure}", figure=figure(a) if figure else "")
    return said(
        "{category}: {won_by}. {figures} (V1).",
        category=said(HEADINGS[name]),
        won_by=said(category.won_by),
        figures=_by_side(first, rest),
    )


def _points_why(side: str, score: DealScore) -> Said:
    """A side's points for a deal, category by category (R18, V1): ``Side A scores 3: most cards 1, 7♦ 1, ...``."""
    parts = [
        said("{category} {points}", category=said(CATEGORIES[name].label), points=points)
        for name, points in score.points.items()
        if points
    ]
    won = Joined(tuple(parts), ", ") if parts else said("nothing won")
    return said("Side {side} scores {total}: {parts}.", side=side, total=score.total, parts=won)
