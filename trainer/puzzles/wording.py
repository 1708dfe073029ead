"""A generated puzzle's words, made from its data: its title and hints as ``Said`` values, which the app says in the
learner's language and ``str()`` says in English.

A file written by ``escoba-trainer generate`` keeps only its puzzles' data: no title, no hint. The loader words a
puzzle of a generated kind that has no title with ``words``; a puzzle written by hand has a title and keeps its own
words, and a puzzle of another kind without a title is an error.
"""

from __future__ import annotations

from trainer.plays import CAPTURE_SUM
from trainer.profile import CLASSIC
from trainer.puzzles.kinds import (
    CapturePuzzle,
    ChecksumPuzzle,
    ChoosePuzzle,
    ClaimPuzzle,
    Puzzle,
    ScorePuzzle,
    SetentaDuelPuzzle,
    SetentaPuzzle,
    scoring_text,
)
from trainer.text import Said, said

#: The kinds whose puzzles come from positions of random deals; seats, match and endgame puzzles are written by hand.
GENERATED_KINDS = ("capture", "choose", "setenta", "setenta-duel", "score", "checksum", "claim")

#: A title and its hints.
Words = tuple[Said, tuple[Said, ...]]
#: What the court cards count, as their letters name them; a page words it the way its faces show the cards
#: (``trainer.app.puzzle_words.hint_words``).
COURT_VALUES = said("J = 8, Q = 9, K = 10")

#: A choose puzzle's words by its goal, but for ``take``, which names its card.
_CHOOSE: dict[str, Words] = {
    "escoba": (
        said("Sweep the table"),
        (said("Add up every card on the table."), said("Which of your cards brings that total to exactly 15?")),
    ),
    "most-cards": (
        said("Take as many cards as you can"),
        (
            said("Small cards make long groups."),
            said("For each hand card, find the biggest group that makes 15 with it."),
        ),
    ),
    "coins": (
        said("Bring home the coins"),
        (
            said("Coins are the ♦ cards; your own card counts too if it is one."),
            said("Count the coins each capture brings home."),
        ),
    ),
    "setenta": (
        said("Build your setenta"),
        (
            said("Which suits would each capture add, or improve?"),
            said("Sevens are worth 21, sixes 18, aces 16 for setenta."),
        ),
    ),
    "safe": (
        said("Leave nothing behind"),
        (
            said("You can see the next player's cards."),
            said("After your play, can any of them make 15 with the table?"),
        ),
    ),
}
#: A choose puzzle's second hint under rules where a player who can capture with any card must capture.
_MUST_CAPTURE = said("In these rules, if any card of yours can make 15, you must capture with one of them.")
_SCORE_THE_DEAL = said("Score the deal")
#: A score puzzle's title under another rule set, by the first of its themes found here.
_SCORE_TITLES = {
    "penalties": said("A capture that did not make 15"),
    "all-coins": said("All ten coins in one pile"),
    "all-sevens": said("All four sevens in one pile"),
    "few-cards": said("Fewer than ten cards"),
    "three-way-ties": said("Three sides, and a shared top"),
    "three-sides": said("Three players, three piles"),
}


def words(puzzle: Puzzle) -> Words:
    """A generated puzzle's title and hints, from its kind, position, rule set and themes.

    >>> from trainer.cards import parse_cards
    >>> table, (play,) = parse_cards("A♦ 4♣ J♦"), parse_cards("7♠")
    >>> title, hints = words(CapturePuzzle(id="p", level=1, themes=(), title="", table=table, play=play))
    >>> str(title), [str(hint) for hint in hints]
    ('Find the 15 with 7♠', ['7♠ is worth 7, so you need 8 from the table.', 'Remember: J = 8, Q = 9, K = 10.'])
    """
    if isinstance(puzzle, CapturePuzzle):
        play, value = str(puzzle.play), puzzle.play.value
        need = CAPTURE_SUM - value
        return said("Find the 15 with {play}", play=play), (
            said("{play} is worth {value}, so you need {need} from the table.", play=play, value=value, need=need),
            said("Remember: {values}.", values=COURT_VALUES),
        )
    if isinstance(puzzle, ChoosePuzzle):
        return _choose_words(puzzle)
    if isinstance(puzzle, SetentaPuzzle):
        return said("Work out the setenta"), (
            said("Take the best card of each suit."),
            said("Sevens are worth 21, sixes 18, aces 16, fives 15, and every court card only 10."),
        )
    if isinstance(puzzle, SetentaDuelPuzzle):
        return said("Who wins the setenta?"), (
            said("Work out both setentas."),
            said("A pile with no card of some suit has no setenta at all."),
        )
    if isinstance(puzzle, ScorePuzzle):
        return _score_words(puzzle)
    if isinstance(puzzle, ChecksumPuzzle) and puzzle.ask == "missing":
        return said("Name the hidden card"), (
            said("Add up the cards you can see."),
            said("A deal always leaves 10, 25, 40 ... on the table: what is missing?"),
        )
    if isinstance(puzzle, ChecksumPuzzle):
        return said("Check the sum"), (
            said("Add the values: {values}.", values=COURT_VALUES),
            said("The end of a deal leaves 10, 25, 40 ..."),
        )
    if isinstance(puzzle, ClaimPuzzle):
        return said("Anything to claim?"), (
            said("Could {laid} have made 15 with the cards that were already on the table?", laid=str(puzzle.laid)),
            said("If it could, you take it with those cards before you play; if not, there is nothing to claim."),
        )
    raise ValueError(f"a {puzzle.kind} puzzle is written by hand, with a title of its own")


def _choose_words(puzzle: ChoosePuzzle) -> Words:
    hints: tuple[Said, ...]
    if puzzle.goal == "take":
        target = str(puzzle.target)
        title, hints = (
            said("Take the {target}", target=target),
            (
                said("Which of your cards can reach 15 together with the {target}?", target=target),
                said("Other table cards may join the group."),
            ),
        )
    else:
        title, hints = _CHOOSE[puzzle.goal]
    return title, (hints[0], _MUST_CAPTURE) if puzzle.profile.must_capture == "any" else hints


def _score_words(puzzle: ScorePuzzle) -> Words:
    """The classic categories one by one; under another rule set, what it scores (V1, V5)."""
    if puzzle.rules == CLASSIC.name:
        return _SCORE_THE_DEAL, (
            said("Escobas first, then most cards, most coins, the 7♦ and the setenta."),
            said("A tie gives nobody the point."),
        )
    title = next((title for theme, title in _SCORE_TITLES.items() if theme in puzzle.themes), _SCORE_THE_DEAL)
    return title, (
        said("These rules score: {scoring}.", scoring=scoring_text(puzzle.profile)),
        said("When sides share the top figure of a category, nobody scores it."),
    )
