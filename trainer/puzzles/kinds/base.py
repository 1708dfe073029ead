"""What every puzzle kind shares: the verdict, the answer errors, the puzzle itself and a deal's record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from trainer.cards import R4, Card, CardError, Notation
from trainer.deal import Deal
from trainer.plays import (
    IllegalPlay,
)
from trainer.plays import parse_play as parse_play_text
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.puzzles.kinds.shown import AnswerForm, Scene, Typed
from trainer.records import CLAIM
from trainer.text import Said, SaidError, marked


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
    asks_score: ClassVar[bool] = False  # the question is a deal's points: the rule set's scoring is said with it
    id: str
    level: int
    themes: tuple[str, ...]
    title: str | Said  # a generated puzzle is worded from its position (``trainer.puzzles.wording``)
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

    def solutions(self) -> list[str]:
        """Every accepted answer, in canonical text."""
        raise NotImplementedError

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
        """How the learner answers: by typing, unless the kind asks otherwise."""
        return Typed(marked("Your answer"))

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
