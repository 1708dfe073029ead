"""Rule lessons as data: YAML scripts of steps that the engine replays.

A lesson is a list of steps. Each step either sets up a position, or asks the
engine to act (deal, play, play on, score), and carries the caption a learner
reads and the cards to highlight. Loading a lesson replays every action
through the engine, so a script that breaks a rule does not load.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from trainer.cards import DECK, Card, CardError, parse_cards
from trainer.deal import Deal, Event
from trainer.match import Match
from trainer.plays import IllegalPlay, Play, parse_play
from trainer.puzzles.kinds import ChoosePuzzle
from trainer.puzzles.yamlfile import Marked, Problem, Refused, read_yaml
from trainer.simulate import play_randomly

LESSONS = Path(__file__).parent / "lessons"


class LessonError(ValueError):
    """A lesson file that cannot be replayed; names the file, the line and the reason."""


@dataclass(frozen=True)
class Step:
    """One board state of a lesson with what to say about it."""

    caption: str
    deal: Deal | None  # the board after this step; None before any board is set up
    events: tuple[Event, ...] = ()  # what the engine did in this step, to narrate and highlight
    highlight: frozenset[Card] = frozenset()
    face_up: tuple[int, ...] | None = None  # seats whose hands are shown; None: all
    notice: str = ""  # the engine's refusal, on a step that shows a mistake (R17)
    score: bool = False  # show the deal's score breakdown
    markdown: str = ""  # extra text such as a table
    match: Match | None = None  # a whole match, for its scoreboard


@dataclass(frozen=True)
class TryIt:
    """A position where the learner plays; the engine judges the move, and the goal if there is one."""

    prompt: str
    deal: Deal
    goal: ChoosePuzzle | None = None
    success: str = "Well played."

    def judge(self, deal: Deal, play: Play) -> Judged:
        """The engine's word on a learner's play from ``deal``: refused (R17), short of the goal, or done.

        Only a play that is legal and meets the goal moves the deal on; the answer to a missed goal
        is kept apart, for the learner to ask for.
        """
        try:
            after = deal.play(play)
        except IllegalPlay as refusal:
            return Judged("error", f"Not allowed: {refusal}. Nothing has changed; try again.", deal)
        if self.goal is not None and str(play) not in self.goal.solutions():
            short = self.goal.shortfall(play)
            return Judged("warning", f"That is legal, but {short}. Try again.", deal, self.goal.why(str(play)))
        return Judged("success", self.success, after)


@dataclass(frozen=True)
class Judged:
    """What became of a try: the tone and text to show, the deal after it, and the answer if asked for."""

    tone: str
    text: str
    deal: Deal
    answer: str = ""

    @property
    def done(self) -> bool:
        return self.tone == "success"


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    rules: tuple[str, ...]
    summary: str
    steps: tuple[Step, ...]
    tries: tuple[TryIt, ...]


def load_lessons(folder: Path = LESSONS) -> list[Lesson]:
    """Every lesson, in the order of their file names (``01-cards.yaml`` ...)."""
    return [load_lesson(path) for path in sorted(folder.glob("*.yaml"))]


def load_lesson(path: Path) -> Lesson:
    """Read and replay one lesson; ``LessonError`` says where and why it fails."""
    try:
        root = read_yaml(path)
    except Refused as refused:
        raise LessonError(str(refused.problem)) from None
    if root is None or not isinstance(root.value, dict):
        raise LessonError(f"{path}:1:1: a lesson is a mapping with id, title, rules, summary, steps and try")
    fields = root.value
    script = _Script(path)
    steps: list[Step] = []
    for item in _list(fields, "steps", root, path):
        steps.append(script.step(item, steps[-1] if steps else None))
    tries = tuple(script.try_it(item) for item in _list(fields, "try", root, path))
    return Lesson(
        id=_text(fields, "id", root, path),
        title=_text(fields, "title", root, path),
        rules=tuple(_text(fields, "rules", root, path).split()),
        summary=_text(fields, "summary", root, path),
        steps=tuple(steps),
        tries=tries,
    )


def _fail(path: Path, where: Marked, message: str) -> LessonError:
    return LessonError(str(Problem(str(path), where.line, where.column, message)))


def _text(fields: dict[str, Marked], key: str, parent: Marked, path: Path) -> str:
    value = fields.get(key)
    if value is None or not isinstance(value.value, str):
        raise _fail(path, value or parent, f"'{key}' must be text")
    return value.value.strip()


def _list(fields: dict[str, Marked], key: str, parent: Marked, path: Path) -> list[Marked]:
    value = fields.get(key)
    if value is None or not isinstance(value.value, list) or not value.value:
        raise _fail(path, value or parent, f"'{key}' must be a list with at least one entry")
    return value.value


ACTIONS = ("setup", "deal", "play", "mistake", "play_on", "score", "match")
STEP_KEYS = {*ACTIONS, "caption", "highlight", "face_up", "markdown"}


class _Script:
    """Replays a lesson's steps through the engine, keeping the file for messages."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: Marked, message: str) -> LessonError:
        return _fail(self.path, where, message)

    def step(self, item: Marked, before: Step | None) -> Step:
        fields = self._fields(item, STEP_KEYS)
        actions = [key for key in ACTIONS if key in fields]
        if len(actions) > 1:
            raise self.fail(item, f"one action per step, not {', '.join(actions)}")
        deal = before.deal if before else None
        match: Match | None = None
        events: tuple[Event, ...] = before.events if before and not actions else ()  # same board, same marks
        notice = ""
        action = actions[0] if actions else None
        value = fields[action] if action else item
        if action == "setup":
            deal = self._position(value)
        elif action == "deal":
            deal = self._deal(value)
            events = deal.log
        elif action in ("play", "mistake", "play_on", "score") and deal is None:
            raise self.fail(value, f"'{action}' needs a board: set one up or deal first")
        elif action == "play":
            assert deal is not None
            deal, events = self._play(deal, value)
        elif action == "mistake":
            assert deal is not None
            notice = self._mistake(deal, value)
        elif action == "play_on":
            assert deal is not None
            deal, events = self._play_on(deal, value)
        elif action == "score" and deal is not None and not deal.is_over:
            raise self.fail(value, "'score' needs a finished deal (R18)")
        elif action == "match":
            match = self._match(value)
        caption = fields.get("caption")
        if caption is None or not isinstance(caption.value, str):
            raise self.fail(item, "every step needs a caption")
        return Step(
            caption=caption.value.strip(),
            deal=deal,
            events=events,
            highlight=frozenset(self._cards(fields["highlight"])) if "highlight" in fields else frozenset(),
            face_up=self._seats(fields["face_up"]) if "face_up" in fields else None,
            notice=notice,
            score=action == "score",
            markdown=str(fields["markdown"].value).strip() if "markdown" in fields else "",
            match=match,
        )

    def try_it(self, item: Marked) -> TryIt:
        fields = self._fields(item, {"setup", "prompt", "goal", "next_hand", "success"})
        if "setup" not in fields or "prompt" not in fields:
            raise self.fail(item, "a try needs 'setup' (the position) and 'prompt'")
        deal = self._position(fields["setup"])
        if deal.to_play is None:
            raise self.fail(fields["setup"], "the position of a try must have a player to move")
        goal = None
        if "goal" in fields:
            text = str(fields["goal"].value)
            where = fields["goal"]
            target = self._cards(Marked(text[5:], where.line, where.column)) if text.startswith("take ") else ()
            goal = ChoosePuzzle(
                id="try", level=1, themes=(), title="",
                table=deal.table, hand=deal.hands[deal.to_play], goal="take" if target else text,
                target=target[0] if target else None,
                next_hand=self._cards(fields["next_hand"]) if "next_hand" in fields else (),
                pile=deal.piles[deal.to_play % 2],
            )  # fmt: skip
            problems = goal.author_problems()
            if problems:
                raise self.fail(fields["goal"], problems[0][1])
        success = str(fields["success"].value).strip() if "success" in fields else "Well played."
        return TryIt(str(fields["prompt"].value).strip(), deal, goal, success)

    # -- the actions ---------------------------------------------------------------------

    def _position(self, value: Marked) -> Deal:
        fields = self._fields(value, {"table", "hands", "stock", "piles", "escobas", "to_play"})
        hands = [self._cards(h) for h in self._items(fields.get("hands"), value)]
        piles = [self._cards(p) for p in self._items(fields.get("piles"), value)] if "piles" in fields else [(), ()]
        escobas = [int(e.value) for e in self._items(fields["escobas"], value)] if "escobas" in fields else [0, 0]
        try:
            return Deal.from_position(
                table=self._cards(fields["table"]) if "table" in fields else (),
                hands=hands,
                stock=self._cards(fields["stock"]) if "stock" in fields else (),
                piles=piles,
                escobas=escobas,
                to_play=int(fields["to_play"].value) if "to_play" in fields else 0,
            )
        except ValueError as error:
            raise self.fail(value, str(error)) from None

    def _deal(self, value: Marked) -> Deal:
        fields = self._fields(value, {"players", "seed", "first"})
        players = int(fields["players"].value) if "players" in fields else 2
        first = list(self._cards(fields["first"])) if "first" in fields else []
        rest = [card for card in DECK if card not in first]
        random.Random(fields["seed"].value if "seed" in fields else 0).shuffle(rest)
        try:
            return Deal.from_deck(first + rest, players)
        except ValueError as error:
            raise self.fail(value, str(error)) from None

    def _play(self, deal: Deal, value: Marked) -> tuple[Deal, tuple[Event, ...]]:
        try:
            after = deal.play(parse_play(str(value.value)))
        except (CardError, IllegalPlay) as error:
            raise self.fail(value, f"the engine refuses {value.value!r}: {error}") from None
        return after, after.events

    def _mistake(self, deal: Deal, value: Marked) -> str:
        """The engine's reason for refusing a play; a mistake the engine accepts is an error."""
        try:
            deal.verify_play(parse_play(str(value.value)))
        except IllegalPlay as error:
            return str(error)
        except CardError as error:
            raise self.fail(value, str(error)) from None
        raise self.fail(value, f"{value.value!r} is a legal play, so it cannot show a mistake")

    def _play_on(self, deal: Deal, value: Marked) -> tuple[Deal, tuple[Event, ...]]:
        """Random legal plays (seeded) until the next re-deal or the end of the deal."""
        fields = self._fields(value, {"until", "seed"})
        until = fields["until"].value if "until" in fields else "end"
        if until not in ("redeal", "end"):
            raise self.fail(fields["until"], "'until' is 'redeal' or 'end'")
        rng = random.Random(fields["seed"].value if "seed" in fields else 0)
        start, state = deal, deal
        while not state.is_over:
            state = play_randomly(state, rng, limit=1)
            if until == "redeal" and any(e.kind == "redeal" for e in state.events):
                break
        return state, state.log[len(start.log) :]

    def _match(self, value: Marked) -> Match:
        fields = self._fields(value, {"players", "seed"})
        players = int(fields["players"].value) if "players" in fields else 2
        seed = int(fields["seed"].value) if "seed" in fields else 0
        return play_randomly(Match.new(players, seed=seed), random.Random(seed))

    # -- reading values ------------------------------------------------------------------

    def _fields(self, item: Marked, allowed: set[str]) -> dict[str, Marked]:
        if not isinstance(item.value, dict):
            raise self.fail(item, f"expected a mapping with some of: {', '.join(sorted(allowed))}")
        for key, value in item.value.items():
            if key not in allowed:
                raise self.fail(value, f"unknown key '{key}'; expected some of: {', '.join(sorted(allowed))}")
        return item.value

    def _items(self, value: Marked | None, parent: Marked) -> list[Marked]:
        if value is None or not isinstance(value.value, list):
            raise self.fail(value or parent, "expected a list")
        return value.value

    def _cards(self, value: Marked) -> tuple[Card, ...]:
        try:
            return parse_cards(str(value.value or ""))
        except CardError as error:
            raise self.fail(value, str(error)) from None

    def _seats(self, value: Marked) -> tuple[int, ...]:
        if not isinstance(value.value, list) or not all(isinstance(v.value, int) for v in value.value):
            raise self.fail(value, "face_up is a list of seats, such as [0]")
        return tuple(v.value for v in value.value)


def describe_events(events: tuple[Event, ...]) -> list[str]:
    """The engine's log of a step, as sentences."""
    return [str(event)[0].upper() + str(event)[1:] + "." for event in events]
