"""What the bank teaches: the themes, the tests that check some of them, and the rules each puzzle drills.

>>> from trainer.cards import parse_cards, parse_card
>>> from trainer.puzzles.kinds import CapturePuzzle
>>> table = parse_cards("A♦ 4♣")
>>> puzzle = CapturePuzzle(id="p", level=1, themes=("making-15",), title="", table=table, play=parse_card("K♥"))
>>> rules_of(puzzle)
('R3', 'R4', 'R11', 'R12')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from trainer.plays import captures
from trainer.puzzles.kinds import (
    CapturePuzzle,
    ChecksumPuzzle,
    ChoosePuzzle,
    Puzzle,
    ScorePuzzle,
    SeatsPuzzle,
    SetentaDuelPuzzle,
    SetentaPuzzle,
)
from trainer.scoring import score_deal, setenta

#: The themes a puzzle may carry, each with what it trains.
THEMES = {
    "making-15": "find the cards that add up to 15 with the card played",
    "court-cards": "sota, caballo and rey count 8, 9 and 10 (R3)",
    "several-ways": "more than one group makes 15 (R12)",
    "big-capture": "a capture of three or more table cards",
    "escoba": "clearing the table (R14)",
    "decoys": "cards that look useful but do not fit",
    "forced-capture": "a card that can make 15 must capture (R13)",
    "free-choice": "any card may be played, even one that takes nothing (R13)",
    "coins": "coins (oros, ♦) and the most-coins point",
    "seven-of-coins": "the 7♦ and its point",
    "most-cards": "the most-cards point",
    "setenta": "the best card of each suit and the setenta point (R19)",
    "missing-suit": "a pile without a suit has no setenta (R19)",
    "ties": "equal counts give nobody the point (R18)",
    "safety": "leave nothing for the next player to take",
    "safe-laydown": "when nothing is worth taking, lay down the card that leaves the next player no 15",
    "keep-sevens": "play for the sevens: each is worth 21 to the setenta, the most a card gives",
    "scoring": "adding up a deal (R18)",
    "initial-sweep": "a first table of 15 or 30 (R9)",
    "last-capture": "whoever captures last also takes what is left on the table (R15)",
    "check-sum": "the end-of-deal table adds up to 10, 25, 40, ... (R16)",
    "count-out": "working out an unseen card from what the deck holds and what is in sight (R1, R16)",
    "worked-example": "the rule book's own example (R20)",
    "seats": "who deals, who plays first, who plays with whom, and what the stock holds (R5-R8, R10, R22)",
    "match-target": "when a match of 21 is won, and when a level score means another deal (R21)",
}


def _lays_down_safely(puzzle: Puzzle) -> bool:
    return isinstance(puzzle, ChoosePuzzle) and puzzle.goal == "safe" and any(not p.captured for p in puzzle.best())


def _takes_a_seven(puzzle: Puzzle) -> bool:
    best = puzzle.best() if isinstance(puzzle, ChoosePuzzle) else []
    return bool(best) and all(any(c.rank == "7" for c in [*p.captured, p.card]) and p.captured for p in best)


def _lacks_a_suit(puzzle: Puzzle) -> bool:
    if isinstance(puzzle, ChoosePuzzle):
        return bool(puzzle.pile) and setenta(puzzle.pile) is None
    piles = (puzzle.pile,) if isinstance(puzzle, SetentaPuzzle) else getattr(puzzle, "piles", ())
    return any(setenta(pile) is None for pile in piles)


def _has_a_tie(puzzle: Puzzle) -> bool:
    if isinstance(puzzle, SetentaDuelPuzzle):
        return puzzle.solutions() == ["nobody"]
    if isinstance(puzzle, ScorePuzzle):
        a, b = score_deal(puzzle.piles, puzzle.escobas)
        return a.card_count == b.card_count or a.coin_count == b.coin_count or a.setenta + b.setenta == 0
    return False


def _has_several_ways(puzzle: Puzzle) -> bool:
    if isinstance(puzzle, CapturePuzzle):
        return len(puzzle.options()) > 1
    hand = puzzle.hand if isinstance(puzzle, ChoosePuzzle) else ()
    return any(len(captures(card, getattr(puzzle, "table", ()))) > 1 for card in hand)


#: Themes whose claim the engine can check: a puzzle carrying one must pass its test.
THEME_TESTS: dict[str, tuple[Callable[[Puzzle], bool], str]] = {
    "safe-laydown": (_lays_down_safely, "a 'safe' choose puzzle where laying a card down is a right answer"),
    "keep-sevens": (_takes_a_seven, "a choose puzzle whose every right play takes a seven into the pile"),
    "missing-suit": (_lacks_a_suit, "a pile shown without one of the four suits"),
    "ties": (_has_a_tie, "a duel nobody wins, or a deal with a category level"),
    "several-ways": (_has_several_ways, "a card that can make 15 in more than one way"),
    "count-out": (
        lambda p: isinstance(p, ChecksumPuzzle) and p.ask == "missing",
        "a checksum puzzle with a hidden card",
    ),
}


def theme_problems(puzzle: Puzzle) -> list[str]:
    """Why some theme the puzzle claims does not fit it, for the themes the engine can check."""
    return [
        f"theme '{theme}' is for {needs}, and this puzzle is not one"
        for theme in puzzle.themes
        if theme in THEME_TESTS
        for test, needs in [THEME_TESTS[theme]]
        if not test(puzzle)
    ]


def found_themes(puzzle: Puzzle) -> list[str]:
    """The checkable themes that fit a puzzle, for tagging generated ones."""
    return [theme for theme, (test, _needs) in THEME_TESTS.items() if test(puzzle)]


# -- which rules a puzzle drills -----------------------------------------------------------

#: Rules every puzzle of a kind drills.
RULES_OF_KIND = {
    "capture": ("R3", "R4", "R11", "R12"),
    "choose": ("R4", "R11", "R12", "R13", "R17"),
    "setenta": ("R19",),
    "setenta-duel": ("R19",),
    "score": ("R14", "R18", "R19"),
    "checksum": ("R3", "R16"),
    "seats": (),
    "match": ("R21",),
}
#: Rules a choose puzzle's goal adds.
RULES_OF_GOAL = {
    "escoba": ("R14",),
    "most-cards": ("R18",),
    "take": ("R12",),
    "coins": ("R2", "R18"),
    "setenta": ("R19",),
    "safe": ("R6",),
}
#: Rules a seats puzzle's question adds; a stock count after the first hands adds R10 too.
RULES_OF_ASK = {
    "next-dealer": ("R6", "R7", "R22"),
    "leader": ("R6", "R7"),
    "partner": ("R5", "R6"),
    "stock-after": ("R8",),
    "first-after-redeal": ("R7", "R10"),
}
#: Rules a theme adds.
RULES_OF_THEME = {
    "making-15": ("R12",),
    "court-cards": ("R1", "R3"),
    "several-ways": ("R12",),
    "big-capture": ("R12",),
    "escoba": ("R14",),
    "decoys": (),
    "forced-capture": ("R13", "R17"),
    "free-choice": ("R13",),
    "coins": ("R2", "R18"),
    "seven-of-coins": ("R18",),
    "most-cards": ("R18",),
    "setenta": ("R19",),
    "missing-suit": ("R2", "R19"),
    "ties": ("R18",),
    "safety": ("R6", "R12"),
    "safe-laydown": ("R6", "R13"),
    "keep-sevens": ("R19",),
    "scoring": ("R18",),
    "initial-sweep": ("R7", "R8", "R9"),
    "last-capture": ("R15",),
    "check-sum": ("R16",),
    "count-out": ("R1", "R16"),
    "worked-example": ("R20",),
    "seats": (),
    "match-target": ("R21",),
}
ALL_RULES = tuple(f"R{n}" for n in range(1, 23))
#: Rules no puzzle can drill, and why: none now that seats and match puzzles ask about the table and the match.
UNDRILLABLE: dict[str, str] = {}


def rules_of(puzzle: Puzzle) -> tuple[str, ...]:
    """The rules R1-R22 a puzzle drills, from its kind, its goal and its themes, in rule order."""
    found = set(RULES_OF_KIND[puzzle.kind])
    if isinstance(puzzle, ChoosePuzzle):
        found.update(RULES_OF_GOAL[puzzle.goal])
    if isinstance(puzzle, SeatsPuzzle):
        found.update(RULES_OF_ASK[puzzle.ask])
        if puzzle.round > 1:
            found.add("R10")
    for theme in puzzle.themes:
        found.update(RULES_OF_THEME[theme])
    return tuple(rule for rule in ALL_RULES if rule in found)


def rule_coverage(puzzles: Iterable[Puzzle]) -> dict[str, list[str]]:
    """Rule -> the ids of the puzzles that drill it, for every rule R1-R22."""
    coverage: dict[str, list[str]] = {rule: [] for rule in ALL_RULES}
    for puzzle in puzzles:
        for rule in rules_of(puzzle):
            coverage[rule].append(puzzle.id)
    return coverage


def first_puzzle(puzzles: Iterable[Puzzle]) -> Puzzle:
    """The puzzle for a learner who has answered nothing yet: the gentlest level-1 capture, else any level 1.

    Raises ``ValueError`` if the bank has no level-1 puzzle.
    """
    gentle = [p for p in puzzles if p.level == 1]
    if not gentle:
        raise ValueError("the bank has no level-1 puzzle to start with")

    def ease(puzzle: Puzzle) -> tuple[bool, int, str]:
        size = len(puzzle.table) if isinstance(puzzle, CapturePuzzle) else 99
        return not isinstance(puzzle, CapturePuzzle), size, puzzle.id

    return min(gentle, key=ease)
