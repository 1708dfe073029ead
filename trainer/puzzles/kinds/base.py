"""What every puzzle kind shares: the verdict, the answer errors, the puzzle itself and a deal's record."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, Card, CardError, Notation
from trainer.deal import Deal
from trainer.plays import (
    IllegalPlay,
)
from trainer.plays import parse_play as parse_play_text
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.puzzles import readers
from trainer.puzzles.kinds.shown import AnswerForm, Scene
from trainer.puzzles.readers import Field
from trainer.puzzles.wording import Words
from trainer.records import CLAIM
from trainer.scoring import setenta
from trainer.text import Said, SaidError


class AnswerError(SaidError):
    """An answer that cannot be read; the message tells the learner how to write it."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's judgement of one answer: right or not, why (``reason``, for the learner's language), and every
    answer the engine accepts."""

    correct: bool
    reason: Said
    solutions: tuple[str, ...]
    miss: Said | None = None  # for a wrong answer, what is wrong with it, without the right answer
    closer: Said | None = None  # for a wrong answer, where the right one lies, for a second miss; still not it

    @property
    def explanation(self) -> str:
        """Why, in English."""
        return str(self.reason)


_REGISTERED: dict[str, type[Puzzle]] = {}


def registered() -> list[type[Puzzle]]:
    """Every puzzle kind defined so far (``trainer.puzzles.kinds`` imports them all)."""
    return list(_REGISTERED.values())


@dataclass(frozen=True, kw_only=True)
class Puzzle:
    """What every puzzle has; each kind adds its position and its rules for answers."""

    kind: ClassVar[str]  # the name a YAML file gives the kind
    order: ClassVar[int]  # where the kind comes among the others, in lists and filters
    #: A point the rule set must score for the kind's puzzles to be generated under it (V1), if any.
    point_needed: ClassVar[str | None] = None
    from_penalties: ClassVar[bool] = False  # deals played by penalties give the kind's puzzles (V5)
    only_from_penalties: ClassVar[bool] = False  # and only those do
    yaml_fields: ClassVar[dict[str, Field]]  # the fields of its own a puzzle file gives the kind
    generated: ClassVar[bool] = False  # its puzzles come from random deals: one with no title is worded (``words``)
    drills: ClassVar[tuple[str, ...]] = ()  # the rules (RULES.md ids) every answer of the kind depends on
    #: The rules in place of ``drills`` when the puzzle is judged under a rule set other than classic, for a kind
    #: that rule set answers its own way (its own categories, its own match); None where the classic ones hold.
    drills_elsewhere: ClassVar[tuple[str, ...] | None] = None
    asks_score: ClassVar[bool] = False  # the question is a deal's points: the rule set's scoring is said with it
    id: str
    level: int
    themes: tuple[str, ...]
    title: str | Said  # a generated puzzle is worded from its position (``words``)
    hints: tuple[str | Said, ...] = ()
    explain: str = ""
    source: str = ""  # "file:line" of the puzzle, for messages
    rules: str = CLASSIC.name  # the rule set the puzzle is judged under

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__:
            _REGISTERED[cls.kind] = cls

    @property
    def profile(self) -> RuleProfile:
        """The rule set's choices, as the engine reads them."""
        return PROFILES[self.rules]

    def confirms(self, theme: str) -> bool:
        """Whether the engine confirms that a theme it can check (``catalog.CHECKED_THEMES``) fits the puzzle: here
        the themes any kind may carry; each kind adds its own."""
        if theme == "other-rules":
            return self.rules != CLASSIC.name
        if theme == "missing-suit":  # a missing suit matters only where the setenta is scored
            return "setenta" in self.profile.points and any(setenta(pile) is None for pile in self.piles_shown())
        return False

    def rules_drilled(self) -> set[str]:
        """The rules the puzzle's answer depends on, its themes aside: its kind's, under its rule set; a kind whose
        goal or question brings more adds them."""
        if self.drills_elsewhere is not None and self.rules != CLASSIC.name:
            return set(self.drills_elsewhere)
        return set(self.drills)

    def start_order(self) -> float:
        """How soon the puzzle comes for a learner who has answered nothing yet, lowest first: a kind to start with
        says how gentle the puzzle is, and every other kind comes after it."""
        return math.inf

    def as_yaml(self) -> dict[str, Any]:
        """The position and question as YAML-ready data, for a kind the generator makes (``puzzles.generate``)."""
        raise NotImplementedError

    def generated_themes(self) -> list[str]:
        """The themes a generated puzzle carries for what it asks, before those the engine confirms (``confirms``)."""
        return []

    @classmethod
    def found_in(
        cls, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
    ) -> Iterator[tuple[Puzzle, int]]:
        """Puzzles of the kind in this state of a random deal dealt from ``seed``, each with its estimated level;
        ``common`` holds the fields every new puzzle shares. Nothing for a kind written by hand."""
        return iter(())

    def solutions(self) -> list[str]:
        """Every accepted answer, in canonical text."""
        raise NotImplementedError

    @classmethod
    def arguments(cls, read: dict[str, Any]) -> dict[str, Any]:
        """The puzzle's arguments from the fields read from its file: those fields, but where the kind splits one or
        fills one in."""
        return read

    def words(self) -> Words:
        """A generated puzzle's title and hints, from its kind, position, rule set and themes."""
        raise ValueError(f"a {self.kind} puzzle is written by hand, with a title of its own")

    def reach_problems(self) -> list[tuple[str, str]]:
        """(field, message) for each pile or position of the puzzle that no real deal gives (see ``reachable``), or
        that its recorded deal does not reach."""
        return []

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        """The answer in canonical text, its cards read in ``notation``; raises ``AnswerError`` or ``CardError`` if it
        cannot be read."""
        raise NotImplementedError

    def why(self, answer: str) -> Said:
        """Why a canonical answer is right or wrong, in the learner's terms; for a wrong one, with the right one."""
        raise NotImplementedError

    def miss(self, answer: str) -> Said:
        """What is wrong with a canonical wrong answer, in the learner's terms, without giving the right one away."""
        raise NotImplementedError

    def closer(self, answer: str) -> Said:
        """A more pointed clue after a second miss (the value of the card to play, the figures to compare): where
        the right answer lies, still not the answer itself."""
        raise NotImplementedError

    def author_problems(self) -> list[tuple[str, str]]:
        """(field, message) for each way the puzzle cannot be posed, e.g. no answer exists."""
        return []

    def piles_shown(self) -> tuple[tuple[Card, ...], ...]:
        """The captured piles the puzzle is about (none for a table or a hand)."""
        return ()

    def check(self, answer: str, notation: Notation = R4) -> Verdict:
        """The engine's verdict on a learner's answer, in any card order, its cards typed in ``notation``; never
        raises."""
        solutions = tuple(self.solutions())
        try:
            given = self.canonical(answer.strip(), notation)
        except (AnswerError, CardError) as error:
            return Verdict(False, error.said, solutions, error.said, error.said)
        if given in solutions:
            return Verdict(True, self.why(given), solutions)
        return Verdict(False, self.why(given), solutions, self.miss(given), self.closer(given))

    def scene(self) -> Scene:
        """What the puzzle shows: its rows of cards, or a deal's board."""
        raise NotImplementedError

    def answer_form(self) -> AnswerForm:
        """How the learner answers, under the question the kind asks."""
        raise NotImplementedError

    def goal_words(self) -> Said | None:
        """What the learner plays for, where the puzzle asks for the best play; None elsewhere."""
        return None

    def worded_answer(self, answer: str) -> Said | None:
        """An accepted answer in the kind's own words (a play, a seat); None where it is read as it is written."""
        return None


@dataclass(frozen=True, kw_only=True)
class Dealt:
    """Where a position comes from, when it keeps its record: the deal ``Deal.new(players, seed)`` dealt under the
    puzzle's rule set, and the plays made in it so far, written as in a game record (a claimed capture as
    ``claim 5♦ K♣``). Replaying them through the engine shows that a real deal reaches the position."""

    #: The fields of a record in a puzzle file: the deal's players and seed (or its deck), and the plays made in it.
    record_fields: ClassVar[dict[str, Field]] = {
        "players": Field(readers.players),
        "seed": Field(readers.whole(0, 2**64 - 1, "a deal's seed")),
        "deck": Field(readers.cards),
        "plays": Field(readers.play, False, "list"),
    }
    players: int | None = None
    seed: int | None = None
    plays: tuple[str, ...] = ()
    deck: tuple[Card, ...] = ()  # the deck's order itself, in place of a seed (a deal played on the Play page)

    def record_problems(self) -> list[tuple[str, str]]:
        """(field, message) for a record that is not whole."""
        dealt = self.seed is not None or bool(self.deck)
        if dealt and self.players is None:
            return [("seed", "a recorded deal needs players too: how many played it")]
        if self.plays and not dealt:
            return [("plays", "plays need the seed (or the deck) of the deal they were made in")]
        if self.seed is not None and self.deck:
            return [("deck", "a recorded deal has a seed or a deck, not both")]
        return []

    def record_as_yaml(self) -> dict[str, Any]:
        """The record as YAML-ready data, for a generated puzzle: written last, as it is long and only the loader
        reads it."""
        return {"players": self.players, "seed": self.seed, "plays": list(self.plays)} if self.seed else {}

    def replay(self, profile: RuleProfile) -> Deal:
        """The recorded deal, replayed play by play; ``IllegalPlay`` names the first play the engine refuses."""
        if self.players is None or (self.seed is None and not self.deck):
            raise ValueError("no recorded deal to replay")
        if self.deck:
            deal = Deal.from_deck(self.deck, self.players, profile)
        else:
            assert self.seed is not None
            deal = Deal.new(self.players, self.seed, profile)
        for number, text in enumerate(self.plays, start=1):
            play = parse_play_text(text.removeprefix(CLAIM))
            try:
                deal = deal.claim(play) if text.startswith(CLAIM) else deal.play(play)
            except IllegalPlay as error:
                raise IllegalPlay(f"play {number}, {text}: {error}") from None
        return deal

    def replay_problems(self, profile: RuleProfile) -> list[tuple[str, str]]:
        """(field, message) if the recorded deal, replayed through the engine, does not reach the position shown."""
        try:
            deal = self.replay(profile)
        except ValueError as error:  # IllegalPlay, or players the rule set does not seat
            return [("plays", f"the recorded deal cannot be replayed: {error}")]
        return self.mismatches(deal)

    def mismatches(self, deal: Deal) -> list[tuple[str, str]]:
        """(field, message) where the position shown is not the one the replayed deal reached."""
        raise NotImplementedError
