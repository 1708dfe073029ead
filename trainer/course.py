"""The course: short levels of one idea each, whose tasks the engine judges.

A level is a YAML file in ``trainer/levels``: an id, a title, a one-line goal, the rules it
teaches, the puzzle themes to practise after it, and its stages. A stage says something short
(``say``, with a board to look at) or asks the learner to act on the board:

- ``pick``: tap cards; ``want: value 8`` (every card worth 8) or ``want: fifteen with 7♦``
  (the table cards that 7♦ can take, R12);
- ``play``: make a play from the position, meeting a ``goal`` (``escoba``, ``most-cards``,
  ``coins``, ``setenta``, ``safe`` with ``next_hand``, ``take 7♦``);
- ``allowed``: say whether a ``play`` is allowed, and see the engine's reason (R13, R17);
- ``who``: say which side wins a ``category`` of a finished deal (cards, coins, seven, setenta, deal);
- ``number``: give a figure: ``ask: table sum``, or of a finished deal ``setenta A`` or ``points B``.

A board is ``board: {table, hands, piles, escobas, to_play}`` set up by hand, or
``board: {seed: N}``, a whole real deal played out plainly (for scoring).

``watch: {seed: N}`` plays a whole real deal, one stage per play with a sentence that says what
happened and why; ``predict: [5, 9]`` turns those plays into tasks (which cards will it take?).
Stages after a watched deal see its final board, so scoring can follow it. Loading a level builds
every board through the engine: a level that breaks a rule fails to load with file:line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from trainer.cards import Card, CardError, cards_text, parse_cards
from trainer.deal import Deal, Event
from trainer.plays import IllegalPlay, Play, captures, parse_play
from trainer.puzzles.kinds import ChoosePuzzle, play_text
from trainer.puzzles.reachable import pile_problem
from trainer.puzzles.yamlfile import Marked, Problem, Refused, read_yaml
from trainer.scoring import setenta
from trainer.text import plural

LEVELS = Path(__file__).parent / "levels"
TASKS = ("say", "pick", "play", "allowed", "who", "number")
CATEGORIES = {"cards": "cards", "coins": "coins", "seven": "seven_of_coins", "setenta": "setenta"}
SIDES = ("A", "B")
MOST_SENTENCES = 2


class CourseError(ValueError):
    """A level file that cannot be built; names the file, the line and the reason."""


@dataclass(frozen=True)
class Verdict:
    """The engine's word on an answer: right or not, and why, in the learner's terms."""

    correct: bool
    text: str


@dataclass(frozen=True)
class Stage:
    """One screen of a level: a short text, a board, and for a task what the engine accepts."""

    text: str
    task: str = "say"
    deal: Deal | None = None
    events: tuple[Event, ...] = ()  # what the last play did, to mark on the board
    highlight: frozenset[Card] = frozenset()
    accept: frozenset[str] = frozenset()  # canonical answers the engine accepts
    goal: ChoosePuzzle | None = None  # for a play with a goal
    why: str = ""  # the engine's reason, shown once the task is answered
    piles: bool = False  # draw both sides' piles, by suit
    pick_from: str = "table"  # where a pick task's cards are: "table", or "all" rows shown

    @property
    def is_task(self) -> bool:
        return self.task != "say"

    def judge(self, answer: str) -> Verdict:
        """Judge a learner's answer with the engine; an unreadable one is a miss that says why."""
        if self.task == "play":
            return self._judge_play(answer)
        try:
            given = self.canonical(answer)
        except ValueError as unreadable:
            return Verdict(False, f"That answer cannot be read: {unreadable}")
        if given in self.accept:
            return Verdict(True, f"Right. {self.why}".strip())
        return Verdict(False, "Not quite. Look again, or show the answer.")

    def canonical(self, answer: str) -> str:
        """The answer in the form ``accept`` holds: cards in order, a side, yes or no, a number."""
        said = answer.strip()
        if self.task == "pick":
            return cards_text(sorted(parse_cards(said)))
        if self.task == "who":
            side = {"a": "A", "b": "B", "nobody": "nobody", "none": "nobody"}.get(said.lower())
            if side is None:
                raise ValueError("answer A, B or nobody")
            return side
        if self.task == "allowed":
            if said.lower() not in ("yes", "no"):
                raise ValueError("answer yes or no")
            return said.lower()
        if said.lower() == "none":
            return "none"
        if not said.isdigit():
            raise ValueError("answer with a number, or none")
        return str(int(said))

    def _judge_play(self, answer: str) -> Verdict:
        assert self.deal is not None and self.goal is not None
        try:
            play = parse_play(answer)
            self.deal.verify_play(play)
        except (CardError, IllegalPlay) as refusal:
            return Verdict(False, f"Not allowed: {refusal}. Nothing has changed; try again.")
        if str(play) in self.accept:
            return Verdict(True, f"Right: {self.goal.why(str(play))}.")
        return Verdict(False, f"That is legal, but {self.goal.shortfall(play)}. Try again.")

    def answer(self) -> str:
        """A right answer in words, for a learner who asks to see it."""
        if self.task == "play" and self.goal is not None:
            best = self.goal.best()[0]
            return f"{play_text(best)}: {self.goal.why(str(best))}."
        shown = sorted(self.accept)[0]
        return f"{shown}. {self.why}".strip()


@dataclass(frozen=True)
class Level:
    """A short level: one idea, a one-line goal, and its stages."""

    id: str
    title: str
    goal: str
    rules: tuple[str, ...]
    practice: tuple[str, ...]
    stages: tuple[Stage, ...]

    @property
    def tasks(self) -> int:
        return sum(stage.is_task for stage in self.stages)


def star_text(count: int) -> str:
    """Stars earned out of three, as the level map shows them.

    >>> star_text(2)
    '★★☆'
    """
    return "★" * count + "☆" * (3 - count)


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


def load_level(path: Path) -> Level:
    """Read one level and build every board through the engine; ``CourseError`` says where and why."""
    try:
        root = read_yaml(path)
    except Refused as refused:
        raise CourseError(str(refused.problem)) from None
    builder = _Builder(path)
    fields = builder.fields(root, {"id", "title", "goal", "rules", "practice", "stages"}) if root else {}
    if root is None or "stages" not in fields:
        raise CourseError(f"{path}:1:1: a level is a mapping with id, title, goal, rules, practice and stages")
    stages: list[Stage] = []
    for item in builder.items(fields["stages"]):
        stages += builder.stages(item, stages[-1].deal if stages else None)
    if not any(stage.is_task for stage in stages):
        raise builder.fail(fields["stages"], "a level needs at least one task for the learner to do")
    return Level(
        id=builder.text(fields, "id", root),
        title=builder.text(fields, "title", root),
        goal=builder.text(fields, "goal", root),
        rules=tuple(builder.text(fields, "rules", root).split()),
        practice=tuple(builder.text(fields, "practice", root).split()) if "practice" in fields else (),
        stages=tuple(stages),
    )


def narrate(before: Deal, event: Event) -> str:
    """One event of a deal in a sentence: what was played, what it took and why, what is left."""
    seat = f"Seat {event.seat}"
    if event.kind == "play" and event.play is not None:
        play = event.play
        if not play.captured:
            return f"{seat} lays {play.card} on the table: no card in that hand makes 15 with the table."
        cards = [play.card, *sorted(play.captured)]
        why = " + ".join(str(card.value) for card in cards)
        text = f"{seat} plays {play.card} and takes {cards_text(sorted(play.captured))}: {why} = 15."
        return text + (" The table is empty: escoba!" if event.escobas else "")
    worth = sum(card.value for card in event.cards)
    if event.kind == "redeal":
        return f"Three more cards to each player; {plural(len(before.stock) - 3 * before.players, 'card')} left."
    if event.kind == "last-take":
        side = SIDES[event.side or 0]
        return (
            f"Side {side} made the last capture and takes the {plural(len(event.cards), 'card')} left (worth {worth})."
        )
    if event.kind == "sweep":
        return f"The four cards dealt to the table make {worth}: the dealer's side takes them."
    return f"Three cards to each player and {cards_text(event.cards)} to the table."


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


class _Builder:
    """Builds a level's stages through the engine, keeping the file for messages."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: Marked, message: str) -> CourseError:
        return CourseError(str(Problem(str(self.path), where.line, where.column, message)))

    def stages(self, item: Marked, board: Deal | None) -> list[Stage]:
        """One stage, or one per play for a watched deal."""
        keys = {"say", "task", "prompt", "board", "highlight", "want", "goal", "play", "category", "ask", "watch"}
        fields = self.fields(item, keys | {"predict", "next_hand", "piles"})
        if "watch" in fields:
            return self.watch(fields["watch"], fields.get("predict"))
        task = str(fields["task"].value) if "task" in fields else "say"
        if task not in TASKS:
            raise self.fail(fields["task"], f"unknown task {task!r}: use one of {', '.join(TASKS[1:])}")
        text_key = "say" if task == "say" else "prompt"
        if text_key not in fields:
            raise self.fail(item, f"a {task} stage needs '{text_key}'")
        text = self.text(fields, text_key, item)
        if task == "say" and text.count(". ") + 1 > MOST_SENTENCES:
            raise self.fail(fields["say"], f"say it in at most {MOST_SENTENCES} sentences")
        deal = self.position(fields["board"]) if "board" in fields else board
        highlight = frozenset(self.cards(fields["highlight"])) if "highlight" in fields else frozenset()
        stage = Stage(text, task, deal, highlight=highlight, piles="piles" in fields and bool(fields["piles"].value))
        if task == "say":
            return [stage]
        if deal is None:
            raise self.fail(item, f"a {task} task needs a board")
        return [self.task(stage, fields, item)]

    def task(self, stage: Stage, fields: dict[str, Marked], item: Marked) -> Stage:
        """Work out, with the engine, which answers a task accepts."""
        deal = stage.deal
        assert deal is not None
        if stage.task == "pick":
            return self.pick(stage, self.need(fields, "want", item))
        if stage.task == "play":
            return self.play(stage, fields, item)
        if stage.task == "allowed":
            where = self.need(fields, "play", item)
            try:
                play = parse_play(str(where.value))
                deal.verify_play(play)
            except IllegalPlay as refusal:
                return _with(stage, {"no"}, f"It is not allowed: {refusal}.")
            except CardError as error:
                raise self.fail(where, str(error)) from None
            return _with(stage, {"yes"}, f"It is allowed: {play_text(play)}.")
        if stage.task == "number" and str(self.need(fields, "ask", item).value) == "table sum":
            total = sum(card.value for card in deal.table)
            return _with(stage, {str(total)}, f"{' + '.join(str(c.value) for c in deal.table)} = {total}.")
        if not deal.is_over:
            raise self.fail(item, f"a {stage.task} task needs a finished deal to score (R18)")
        scores = deal.score()
        if stage.task == "who":
            where = self.need(fields, "category", item)
            name = str(where.value)
            if name == "deal":
                totals = [s.total for s in scores]
                winner = SIDES[totals.index(max(totals))] if totals[0] != totals[1] else "nobody"
                return _with(stage, {winner}, f"Side A scores {totals[0]}, side B {totals[1]}.")
            if name not in CATEGORIES:
                raise self.fail(where, f"category is one of {', '.join(CATEGORIES)} or deal")
            won = [getattr(score, CATEGORIES[name]) for score in scores]
            winner = SIDES[won.index(1)] if 1 in won else "nobody"
            return _with(stage, {winner}, _category_why(name, deal))
        where = self.need(fields, "ask", item)
        ask = str(where.value).split()
        if ask[:1] == ["setenta"] and ask[1:] in (["A"], ["B"]):
            value = setenta(deal.piles[SIDES.index(ask[1])])
            return _with(stage, {"none" if value is None else str(value)}, _category_why("setenta", deal))
        if ask[:1] == ["points"] and ask[1:] in (["A"], ["B"]):
            total = scores[SIDES.index(ask[1])].total
            return _with(stage, {str(total)}, f"Side {ask[1]} scores {total}.")
        raise self.fail(where, "ask is 'table sum', 'setenta A', 'setenta B', 'points A' or 'points B'")

    def pick(self, stage: Stage, want: Marked) -> Stage:
        deal = stage.deal
        assert deal is not None
        words = str(want.value).split()
        if words[:1] == ["value"] and len(words) == 2 and words[1].isdigit():
            shown = [*deal.table, *(card for hand in deal.hands for card in hand)]
            right = sorted(card for card in shown if card.value == int(words[1]))
            if not right:
                raise self.fail(want, f"no card on the board is worth {words[1]}")
            names = ", ".join(f"{card} counts {card.value}" for card in right)
            return _with(replace(stage, pick_from="all"), {cards_text(right)}, f"{names} (R3).")
        if words[:2] == ["fifteen", "with"] and len(words) == 3:
            played = self.cards(Marked(words[2], want.line, want.column))[0]
            groups = captures(played, deal.table)
            if not groups:
                raise self.fail(want, f"{played} takes nothing from this table (R12)")
            ways = [cards_text(sorted(group)) for group in groups]
            return _with(stage, set(ways), f"{played} takes {' or '.join(ways)}: each makes 15 with it (R12).")
        raise self.fail(want, "want is 'value N' or 'fifteen with <card>'")

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
            pile=deal.piles[deal.to_play % 2] if text == "setenta" else (),
        )  # fmt: skip
        try:
            problems = goal.author_problems()
            right = goal.solutions()
        except (KeyError, ValueError) as error:
            raise self.fail(where, f"unknown goal {text!r}: {error}") from None
        if problems:
            raise self.fail(where, problems[0][1])
        return Stage(stage.text, "play", deal, highlight=stage.highlight, accept=frozenset(right), goal=goal)

    def watch(self, value: Marked, predict: Marked | None) -> list[Stage]:
        """A whole real deal, one stage per event; the plays named in ``predict`` become tasks first."""
        fields = self.fields(value, {"seed", "players"})
        players = int(fields["players"].value) if "players" in fields else 2
        deal = Deal.new(players=players, seed=int(self.need(fields, "seed", value).value))
        asked = {int(n.value) for n in self.items(predict)} if predict else set()
        stages = [Stage(" ".join(narrate(deal, e) for e in deal.log), deal=deal, events=deal.log)]
        number = 0
        while not deal.is_over:
            play = sensible_play(deal)
            number += 1
            if number in asked:
                if not play.captured:
                    raise self.fail(predict or value, f"play {number} of this deal takes nothing: predict a capture")
                ways = {cards_text(sorted(group)) for group in captures(play.card, deal.table)}
                prompt = f"Seat {deal.to_play} plays {play.card}. Which table cards will it take?"
                why = f"{play.card} needs {15 - play.card.value}, and these make it (R12)."
                stages.append(
                    Stage(prompt, "pick", deal, highlight=frozenset({play.card}), accept=frozenset(ways), why=why)
                )
            after = deal.play(play)
            stages.append(Stage(" ".join(narrate(deal, e) for e in after.events), deal=after, events=after.events))
            deal = after
        unasked = asked - set(range(1, number + 1))
        if unasked:
            raise self.fail(predict or value, f"this deal has {number} plays, not {max(unasked)}")
        return stages

    # -- reading values ------------------------------------------------------------------

    def position(self, value: Marked) -> Deal:
        fields = self.fields(value, {"table", "hands", "piles", "escobas", "to_play", "seed"})
        if "seed" in fields:  # a finished real deal, played out plainly
            deal = Deal.new(seed=int(fields["seed"].value))
            while not deal.is_over:
                deal = deal.play(sensible_play(deal))
            return deal
        hands = [self.cards(hand) for hand in self.items(fields.get("hands"))]
        piles = [self.cards(pile) for pile in self.items(fields["piles"])] if "piles" in fields else [(), ()]
        escobas = [int(e.value) for e in self.items(fields["escobas"])] if "escobas" in fields else [0, 0]
        for side, (pile, count) in enumerate(zip(piles, escobas, strict=False)):
            problem = pile_problem(pile, end=False, escobas=count)  # a board set up by hand is mid-deal
            if pile and problem:
                raise self.fail(fields["piles"], f"side {SIDES[side]}: {problem}")
        try:
            return Deal.from_position(
                table=self.cards(fields["table"]) if "table" in fields else (),
                hands=hands,
                piles=piles,
                escobas=escobas,
                to_play=int(fields["to_play"].value) if "to_play" in fields else 0,
            )
        except ValueError as error:
            raise self.fail(value, str(error)) from None

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

    def text(self, fields: dict[str, Marked], key: str, parent: Marked) -> str:
        value = fields.get(key)
        if value is None or not isinstance(value.value, str | list):
            raise self.fail(value or parent, f"'{key}' must be text")
        if isinstance(value.value, list):
            return " ".join(str(part.value) for part in value.value)
        return " ".join(value.value.split())

    def cards(self, value: Marked) -> tuple[Card, ...]:
        try:
            return parse_cards(str(value.value or ""))
        except CardError as error:
            raise self.fail(value, str(error)) from None


def _with(stage: Stage, accept: set[str], why: str) -> Stage:
    """The stage with the answers the engine accepts and its reason."""
    return replace(stage, accept=frozenset(accept), why=why)


def _category_why(name: str, deal: Deal) -> str:
    """The figures behind a scoring category, side by side."""
    a, b = deal.score()
    if name == "cards":
        return f"Side A took {a.card_count} cards, side B {b.card_count}; a tie scores nothing (R18)."
    if name == "coins":
        return f"Side A took {plural(a.coin_count, 'coin')}, side B {b.coin_count}; a tie scores nothing (R18)."
    if name == "seven":
        return f"The 7♦ is in side {'A' if a.seven_of_coins else 'B'}'s pile (R18)."
    values = ["none: a suit is missing" if s.setenta_sum is None else str(s.setenta_sum) for s in (a, b)]
    return f"Side A's setenta is {values[0]}, side B's {values[1]} (R19)."
