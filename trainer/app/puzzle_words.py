"""The Puzzles page's words in the learner's language: the modes and the run, a rule set's scoring, the goal, the
prompt and the options, the verdict and the answers the engine accepts.

A puzzle's own words (its title, hints and explanation) are translated where the page shows them.

>>> from trainer.i18n import translator
>>> run = Run("rush", started=0.0)
>>> run.answer(True, now=8.0, seconds=8.0); run.answer(False, now=20.0, seconds=12.0)
>>> run_summary(run, 3, translator("en"))
'You solved 1 and missed 1, in 10 seconds a puzzle on average. Your best rush so far is 3.'
>>> quick = Run("streak", started=0.0)
>>> quick.answer(True, now=1.0, seconds=1.2)
>>> run_summary(quick, None, translator("en")), run_summary(quick, None, translator("ru"))
('You solved 1, in 1 second a puzzle on average.', 'Решено: 1, в среднем 1 секунда на задачу.')
>>> choice_words("nobody", translator("es")), choice_words("B", translator("es"))
('nadie', 'B')
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from trainer.app.card_style import CardStyle
from trainer.app.names import say, typed
from trainer.app.topics import topic, topic_help
from trainer.cards import Card, parse_cards
from trainer.i18n import Translator
from trainer.profile import PROFILES, RuleProfile
from trainer.progress.rating import score_of
from trainer.progress.training import MODES, Choice, Run
from trainer.puzzles import Puzzle
from trainer.puzzles.kinds import NOTHING, Verdict, scoring_text, shown
from trainer.puzzles.wording import COURT_VALUES
from trainer.text import Said, marked, said

#: What the court cards count on Spanish faces, by what their corners show (``CardStyle.courts``).
_COURT_VALUES = {
    "printed": said("the sota (10) counts 8, the caballo (11) 9, the rey (12) 10"),
    "letters": said("the sota (J) counts 8, the caballo (Q) 9, the rey (K) 10"),
}
#: Answers the engine writes as words, among a choice's options and the answers it accepts.
ANSWERS = {
    "nobody": marked("nobody"),
    "none": marked("none"),
    NOTHING: marked("nothing"),
    "another deal": marked("another deal"),
    "yes": marked("yes"),
    "no": marked("no"),
}


class RunEnd(NamedTuple):
    """What a run that can end says once over: the button to start again, a new record, the best so far, and the
    score kept of a run left part-way."""

    again: str
    record: str
    best: str
    left: str


#: The runs that end, a streak and a rush; ``{solved}`` and ``{best}`` are counts of puzzles.
RUN_ENDS = {
    "streak": RunEnd(
        marked("Start a new streak"),
        marked("That is a new streak record: {solved}!"),
        marked("Your best streak so far is {best}."),
        marked("The streak you left scored {solved}; it does not beat your best."),
    ),
    "rush": RunEnd(
        marked("Start a new rush"),
        marked("That is a new rush record: {solved}!"),
        marked("Your best rush so far is {best}."),
        marked("The rush you left scored {solved}; it does not beat your best."),
    ),
}


def mode_label(mode: str, due: int, t: Translator) -> str:
    """A mode's button: its name, the words before the colon of its description, and in Review how many are due."""
    name = t.text(MODES[mode]).split(":")[0]
    return t.plural("{mode} ({n} due)", "{mode} ({n} due)", due, mode=name) if mode == "review" else name


def run_line(run: Run, t: Translator) -> str:
    """The mode and how the run goes: puzzles solved and, but in Practice, skipped."""
    line = t.text("{mode} · solved {solved}", mode=t.text(MODES[run.mode]), solved=run.solved)
    if run.mode == "practice":
        return line
    return f"{line} · " + t.plural("{n} skip", "{n} skips", run.skips)


def run_summary(run: Run, best: int | None, t: Translator) -> str:
    """A finished streak or rush in a sentence or two, with the learner's best before it."""
    text = t.text("You solved {solved}", solved=run.solved)
    if run.mistakes:
        text = t.text("{done} and missed {missed}", done=text, missed=run.mistakes)
    if run.skips:
        text = t.plural("{done}, skipping {n} puzzle", "{done}, skipping {n} puzzles", run.skips, done=text)
    if run.average is not None:
        text = t.plural(
            "{done}, in {n} second a puzzle on average",
            "{done}, in {n} seconds a puzzle on average",
            round(run.average),
            done=text,
        )
    text += "."
    return text if best is None else f"{text} {t.text(RUN_ENDS[run.mode].best, best=best)}"


def scoring_words(profile: RuleProfile, t: Translator) -> str:
    """What a rule set scores, category by category (``trainer.puzzles.kinds.scoring_text``), in the language."""
    return t.said(scoring_text(profile))


def rules_line(puzzle: Puzzle, t: Translator) -> str:
    """Which rule set judges the puzzle, and what it scores when the question is a score (V1, V5)."""
    rules = t.text(puzzle.profile.title)
    if puzzle.asks_score:
        scoring = scoring_words(puzzle.profile, t)
        return t.text("**Rules:** {rules}. A deal scores: {scoring}.", rules=rules, scoring=scoring)
    if puzzle.profile.penalties:
        return t.text(
            "**Rules:** {rules}, played by its penalties: a mistake stands, and a missed capture may be claimed (V5).",
            rules=rules,
        )
    return t.text("**Rules:** {rules}.", rules=rules)


def level_line(puzzle: Puzzle, t: Translator) -> str:
    """The puzzle's level and kind, and its themes besides its kind."""
    line = t.text("Level {level} {kind} puzzle", level=puzzle.level, kind=topic(puzzle.kind, t))
    themes = [topic(theme, t) for theme in puzzle.themes if theme != puzzle.kind]
    return f"{line} · {', '.join(themes)}" if themes else line


def themes_help(puzzle: Puzzle, t: Translator) -> str | None:
    """What each of the puzzle's themes besides its kind is about, a line each; None where it has none.

    >>> from trainer.i18n import translator
    >>> from trainer.puzzles.kinds import ChecksumPuzzle
    >>> puzzle = ChecksumPuzzle(id="p", level=1, themes=("checksum", "check-sum"), title="", table=())
    >>> themes_help(puzzle, translator("en"))
    '- check sum: the end-of-deal table adds up to 10, 25, 40, ...'
    """
    lines = [f"- {topic_help(theme, t)}" for theme in puzzle.themes if theme != puzzle.kind]
    return "\n".join(lines) or None


def goal_line(goal: Said, view: CardStyle) -> str:
    """What the learner plays for (``Puzzle.goal_words``), with the cards named as the faces show them."""
    t = view.t
    return t.text("**Goal:** {goal}", goal=say(t.said(goal), view))


def prompt(form: shown.Typed, view: CardStyle) -> str:
    """The typed answer's label: what to type, with the example typed for the view's faces.

    >>> from trainer.cards import parse_card, parse_cards
    >>> from trainer.puzzles.kinds import CapturePuzzle
    >>> puzzle = CapturePuzzle(id="p", level=1, themes=(), title="", table=parse_cards("5♦ 2♣"), play=parse_card("K♥"))
    >>> form = puzzle.answer_form()
    >>> prompt(form, CardStyle()), prompt(form, CardStyle(style="french"))
    ('The table cards that make 15, such as 5o 2b', 'The table cards that make 15, such as 5d 2c')
    """
    return view.t.text(form.prompt, example=typed(form.example, view), nothing=NOTHING)


def hint_words(hint: str | Said, view: CardStyle) -> str:
    """A puzzle's hint in the learner's language, with the court cards' values as the view's faces show them: on a
    Spanish deck by the numbers or letters printed in their corners.

    >>> from trainer.text import said
    >>> hint = said("Remember: {values}.", values=COURT_VALUES)
    >>> hint_words(hint, CardStyle()), hint_words(hint, CardStyle(style="french"))
    ('Remember: the sota (10) counts 8, the caballo (11) 9, the rey (12) 10.', 'Remember: J = 8, Q = 9, K = 10.')
    """
    if isinstance(hint, Said) and view.style == "spanish":
        faces = _COURT_VALUES[view.courts]
        hint = replace(hint, params=tuple((name, faces if v == COURT_VALUES else v) for name, v in hint.params))
    return say(view.t.written(hint), view)


def choice_line(choice: Choice, t: Translator) -> str:
    """The filters in force, in one short line: which rule set's puzzles, and the kind, level and theme if chosen."""
    rules = t.text("every rule set") if choice.rules == "any" else t.text(PROFILES[choice.rules].title)
    parts = [t.text("Puzzles served: {rules}", rules=rules)]
    if choice.kind != "any":
        parts.append(t.text("kind: {kind}", kind=topic(choice.kind, t)))
    if choice.level != "any":
        parts.append(t.text("level {level}", level=choice.level))
    if choice.theme != "any":
        parts.append(t.text("theme: {theme}", theme=topic(choice.theme, t)))
    return " · ".join(parts)


def choice_words(choice: str, t: Translator) -> str:
    """An option or an answer as the learner reads it: a word is translated, a side's letter or a number stays."""
    return t.text(ANSWERS[choice]) if choice in ANSWERS else choice


def option_words(form: shown.OneOf, option: str, t: Translator) -> str:
    """An option as the learner reads it: in the words its kind gives it ("Seat 2", "A wins"), else as an answer."""
    return t.said(form.named[option]) if option in form.named else choice_words(option, t)


def verdict_line(verdict: Verdict, retried: bool, change: float, hints: int, view: CardStyle) -> str:
    """The verdict's words (``verdict_words``), then the rating's change if counted, and what the ``hints`` taken
    cost a right answer.

    >>> from trainer.puzzles.kinds import Verdict
    >>> from trainer.text import said
    >>> verdict_line(Verdict(True, said("7 + 8 = 15"), ("8",)), False, 4.2, 2, CardStyle())
    'Right: 7 + 8 = 15. Your rating +4: with 2 hints, this solve counted as 50% of one.'
    """
    if retried:
        return verdict_words(verdict, retried, view)
    t = view.t
    counted = t.text("Your rating {change}.", change=f"{change:+.0f}")
    if verdict.correct and hints:
        counted = t.plural(
            "Your rating {change}: with {n} hint, this solve counted as {share}% of one.",
            "Your rating {change}: with {n} hints, this solve counted as {share}% of one.",
            hints,
            change=f"{change:+.0f}",
            share=round(100 * score_of(True, hints)),
        )
    return f"{verdict_words(verdict, retried, view)} {counted}"


def verdict_words(verdict: Verdict, retried: bool, view: CardStyle) -> str:
    """Right with the engine's reason, or not quite with what is wrong with the answer (never the right one), and
    at a second try a more pointed clue and that the try was not counted: all the verdict says before the rating,
    so the card table can show it the moment the learner checks."""
    t = view.t
    if verdict.correct:
        return t.text("Right: {explanation}.", explanation=say(t.said(verdict.reason), view))
    assert verdict.miss is not None and verdict.closer is not None  # the engine words every wrong answer
    missed = [t.text("Not quite: {reason}.", reason=say(t.said(verdict.miss), view))]
    if retried:
        missed += [t.text("Look closer: {clue}.", clue=say(t.said(verdict.closer), view))]
        missed += [t.text("This try was not counted.")]
    return " ".join(missed)


def answer_cards(verdict: Verdict | None) -> tuple[Card, ...]:
    """The cards of the first answer the engine accepts (a capture, a play, a claim; none for "nothing"), to mark
    on the board once the answer is shown."""
    solution = verdict.solutions[0] if verdict is not None and verdict.solutions else NOTHING
    return () if solution == NOTHING else tuple(parse_cards(solution.replace(";", " ")))


def answer_words(puzzle: Puzzle, answer: str, view: CardStyle) -> str:
    """An accepted answer as the learner reads it: in its kind's words (a play, a seat) or as an answer is, cards in
    the faces' language."""
    t, worded = view.t, puzzle.worded_answer(answer)
    return say(choice_words(answer, t) if worded is None else t.said(worded), view)
