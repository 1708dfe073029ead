"""Training runs: the four modes, choosing the next puzzle, and review scheduling.

Pure logic with the clock passed in, so a test can make three minutes pass at once.

>>> run = Run("rush", started=0.0)
>>> run.answer(False, now=5.0); run.time_left(now=5.0)
165.0
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import datetime

import fsrs

from trainer.ai.game import LEARNER, Game, Reviewed, finished_decisions, review
from trainer.course import stars
from trainer.match import Match
from trainer.progress.model import Attempt, GameSummary, KeptGame, Who
from trainer.progress.rating import LEVEL_RATINGS, START, Rating, puzzle_rating, score_of, update
from trainer.progress.store import ProgressStore
from trainer.puzzles import Puzzle
from trainer.puzzles.kinds import Verdict
from trainer.records import read_record, record_of
from trainer.text import marked

# Marked for the app's catalogues; the words before the colon name the mode, in every language.
MODES = {
    "practice": marked("Practice: no clock, no pressure"),
    "streak": marked("Streak: one mistake ends the run, one skip allowed"),
    "rush": marked("Rush: three minutes, a wrong answer costs 10 seconds"),
    "review": marked("Review: puzzles you missed or found slow, when they are due"),
}
RUSH_SECONDS = 180.0
RUSH_PENALTY = 10.0


@dataclass
class Run:
    """One run of a mode: what has been solved, and whether it is over."""

    mode: str
    started: float
    solved: int = 0
    mistakes: int = 0
    skips: int = 0
    penalty: float = 0.0
    ended: str = ""  # why the run is over, a sentence the app translates; empty while it goes on
    saved: bool = False  # whether its result is stored as a record
    seconds: list[float] = field(default_factory=list)  # time taken on each puzzle answered

    def time_left(self, now: float) -> float | None:
        """Seconds left in a rush, None in other modes."""
        if self.mode != "rush":
            return None
        return max(0.0, RUSH_SECONDS - (now - self.started) - self.penalty)

    def is_over(self, now: float) -> bool:
        if not self.ended and self.time_left(now) == 0.0:
            self.ended = marked("Time is up.")
        return bool(self.ended)

    def can_skip(self) -> bool:
        return self.mode != "streak" or self.skips == 0

    def answer(self, correct: bool, now: float, seconds: float = 0.0) -> None:
        """Count an answer that took ``seconds``: a mistake ends a streak and costs time in a rush."""
        self.seconds.append(seconds)
        if correct:
            self.solved += 1
            return
        self.mistakes += 1
        if self.mode == "streak":
            self.ended = marked("One mistake ends a streak.")
        elif self.mode == "rush":
            self.penalty += RUSH_PENALTY
        self.is_over(now)

    def skip(self) -> None:
        if not self.can_skip():
            raise ValueError("a streak allows one skip")
        self.skips += 1

    @property
    def average(self) -> float | None:
        """Seconds a puzzle took on average, None before the first answer."""
        return sum(self.seconds) / len(self.seconds) if self.seconds else None


@dataclass(frozen=True)
class Choice:
    """Which puzzles a run serves: by default those of the learner's rule set (``rules``), of any kind, level and
    theme; ``rules="any"`` serves every rule set's."""

    rules: str
    kind: str = "any"
    level: int | str = "any"
    theme: str = "any"

    def admits(self, puzzle: Puzzle) -> bool:
        return (
            self.kind in ("any", puzzle.kind)
            and self.level in ("any", puzzle.level)
            and (self.theme == "any" or self.theme in puzzle.themes)
            and self.rules in ("any", puzzle.rules)
        )


#: Answers a newcomer gives before the next level up may be served: the first 20 puzzles stay within levels 1-3.
ANSWERS_PER_LEVEL = 7


def highest_level(answered: int) -> int:
    """The hardest level served, unasked, after ``answered`` answers: one more every few answers, so a newcomer's
    early rating swings do not leap to level 5.

    >>> [highest_level(n) for n in (0, 6, 7, 19, 28, 100)]
    [1, 1, 2, 3, 5, 5]
    """
    return min(5, 1 + answered // ANSWERS_PER_LEVEL)


def pick_next(
    puzzles: Iterable[Puzzle],
    rating: float,
    rng: random.Random,
    solved: Collection[str] = (),
    exclude: Collection[str] = (),
    highest: int = 5,
) -> Puzzle | None:
    """A puzzle near the learner's rating, unsolved ones first, no harder than level ``highest`` while the pool has
    such puzzles; None if none is left."""
    pool = [p for p in puzzles if p.id not in exclude]
    fresh = [p for p in pool if p.id not in solved] or pool
    fresh = [p for p in fresh if p.level <= highest] or fresh
    if not fresh:
        return None
    nearest = min(abs(LEVEL_RATINGS[p.level] - rating) for p in fresh)
    return rng.choice([p for p in fresh if abs(LEVEL_RATINGS[p.level] - rating) == nearest])


# -- answering a puzzle -------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """What an answer did: the engine's verdict and the rating before and after it."""

    verdict: Verdict
    before: Rating
    after: Rating


@dataclass(frozen=True)
class Answer:
    """An answer the engine judged, and the attempt that keeps it: held until it is saved, so an outage loses
    neither the answer nor its verdict."""

    verdict: Verdict
    attempt: Attempt


def judge(puzzle: Puzzle, answer: str, seconds: float, hints: int, mode: str, at: datetime) -> Answer:
    """Judge an answer with the engine; nothing is saved. ``answer`` must be readable (``puzzle.canonical``)."""
    verdict = puzzle.check(answer)
    attempt = Attempt(
        puzzle_id=puzzle.id, kind=puzzle.kind, level=puzzle.level, themes=puzzle.themes, mode=mode,
        answer=puzzle.canonical(answer), correct=verdict.correct, seconds=seconds, hints=hints, skipped=False, at=at,
    )  # fmt: skip
    return Answer(verdict, attempt)


def keep_answer(saved: ProgressStore, profile: Who, answer: Answer) -> Outcome:
    """Keep a judged answer: attempt, rating and review card in one transaction. Sent again after a save that
    failed, or whose success went unheard, it is still kept once.

    The rating is updated from the one stored at that moment, so two tabs cannot lose an answer; a miss (or,
    in Review, any answer) schedules the puzzle's review.
    """
    attempt = answer.attempt
    outcome = grade(attempt.correct, attempt.hints, attempt.seconds, attempt.level)

    def rate(stored: tuple[float, float, float] | None) -> tuple[float, float, float]:
        new = update(
            Rating(*stored) if stored else START, puzzle_rating(attempt.level), score_of(attempt.correct, attempt.hints)
        )
        return new.rating, new.rd, new.vol

    def review(card_json: str | None) -> tuple[str, datetime] | None:
        return schedule(card_json, outcome, attempt.at) if attempt.mode == "review" or needs_review(outcome) else None

    before, after = saved.record_answer(profile, attempt, rate, review)
    return Outcome(answer.verdict, Rating(*before) if before else START, Rating(*after))


# -- the course -----------------------------------------------------------------------------


def finish_level(saved: ProgressStore, profile: Who, level_id: str, mistakes: int, hints: int) -> int:
    """Keep the stars of a finished level (the best so far stays) and return the ones just earned."""
    earned = stars(mistakes, hints)
    saved.record_stars(profile, level_id, earned)
    return earned


# -- review with FSRS ---------------------------------------------------------------------------

_SCHEDULER = fsrs.Scheduler(enable_fuzzing=False)


def slow_after(level: int) -> float:
    """Seconds after which an answer counts as slow: more time for harder puzzles."""
    return 20.0 + 10.0 * level


def grade(correct: bool, hints: int, seconds: float, level: int) -> fsrs.Rating:
    """How well a puzzle was known: wrong Again, hinted or slow Hard, right Good, fast Easy."""
    if not correct:
        return fsrs.Rating.Again
    if hints or seconds > slow_after(level):
        return fsrs.Rating.Hard
    return fsrs.Rating.Easy if seconds < slow_after(level) / 4 else fsrs.Rating.Good


def needs_review(outcome: fsrs.Rating) -> bool:
    """Missed or slow puzzles come back in Review mode."""
    return outcome in (fsrs.Rating.Again, fsrs.Rating.Hard)


def schedule(card_json: str | None, outcome: fsrs.Rating, now: datetime) -> tuple[str, datetime]:
    """The puzzle's review card after this outcome, as JSON, and when it is due next."""
    card = fsrs.Card.from_dict(json.loads(card_json)) if card_json else fsrs.Card(card_id=1, due=now)
    card, _ = _SCHEDULER.review_card(card, outcome, review_datetime=now)
    return json.dumps(card.to_dict()), card.due


def keep_game(
    saved: ProgressStore, profile: Who, game: Game, kept: tuple[int, int] | None, at: datetime
) -> tuple[int, int] | None:
    """Save a match against the computer as it stands, so it can be taken up again at this play. ``kept`` is the
    number and version the last save of this match returned (None for a new match), and the new ones are returned,
    to pass next time: the same match is updated rather than added again, and ``StaleMatch``, writing nothing, if
    it went on without this save (in another tab) or is over. A deal just over is saved with its review
    (``Game.after_review``), not before: a match left during the review goes on from the play before."""
    if game.review_due:
        return kept
    side = LEARNER % game.match.sides
    summary = GameSummary.of(game.match, at, game.level, game.reviewed, game.lost, side, game.luck)
    return saved.save_game(profile, summary, record_of(game.match), kept)


def unfinished_game(saved: ProgressStore, profile: Who) -> tuple[tuple[int, int], Game] | None:
    """The match the learner left most recently, ready to go on, with its number and version; None if there is
    none, or if it cannot go on here (a record that no longer replays, or an imported match of a table the computer
    does not play)."""
    return _going_on(saved.unfinished_game(profile))


def kept_game(saved: ProgressStore, profile: Who, number: int) -> tuple[tuple[int, int], Game] | None:
    """The match of that number as it stands now in the store, with its number and version, to go on with; None
    if it is over or cannot go on here."""
    return _going_on(saved.game(profile, number))


def _going_on(found: KeptGame | None) -> tuple[tuple[int, int], Game] | None:
    if found is None:
        return None
    try:
        match = read_record(found.record)
        if not isinstance(match, Match) or match.is_over:
            return None
        summary = found.summary
        resumed = Game.resume(match, summary.level, summary.decisions, summary.lost, summary.luck)
        return (found.number, found.version), resumed
    except ValueError:  # RecordError among them: a record that does not replay, or a table the computer cannot play
        return None


def match_review(kept: KeptGame) -> list[list[Reviewed]]:
    """The review of each finished deal of a kept match, play by play, as its learner was shown it after the deal
    (the weighing is seeded, so it comes out the same); none for a record that no longer replays."""
    try:
        match = read_record(kept.record)
    except ValueError:
        return []
    return [review(decisions) for decisions in finished_decisions(match)] if isinstance(match, Match) else []
