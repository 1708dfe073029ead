"""What the bank teaches: the themes, those the engine checks, and the rules each puzzle's (and each course
task's) answer depends on.

>>> from trainer.cards import parse_cards, parse_card
>>> from trainer.puzzles.kinds import CapturePuzzle
>>> table = parse_cards("A♦ 4♣")
>>> puzzle = CapturePuzzle(id="p", level=1, themes=("making-15",), title="", table=table, play=parse_card("K♥"))
>>> rules_of(puzzle)
('R3', 'R4', 'R12')
"""

from __future__ import annotations

from collections.abc import Iterable

from trainer.puzzles.kinds import Puzzle
from trainer.puzzles.kinds.shared import RULES_OF_ALLOWED
from trainer.text import marked

#: The themes a puzzle may carry, each with what it trains.
THEMES = {
    "making-15": marked("find the cards that add up to 15 with the card played"),
    "court-cards": marked("sota, caballo and rey count 8, 9 and 10 (R3)"),
    "several-ways": marked("more than one group makes 15 (R12)"),
    "big-capture": marked("a capture of three or more table cards"),
    "escoba": marked("clearing the table (R14)"),
    "decoys": marked("cards that look useful but do not fit"),
    "forced-capture": marked("a card that can make 15 must capture (R13)"),
    "free-choice": marked("any card may be played, even one that takes nothing (R13)"),
    "coins": marked("coins (oros, ♦) and the most-coins point"),
    "seven-of-coins": marked("the 7♦ and its point"),
    "most-cards": marked("the most-cards point"),
    "setenta": marked("the setenta point, from the top-priced card of every suit (R19)"),
    "missing-suit": marked("a pile without a suit has no setenta (R19)"),
    "ties": marked("equal counts give nobody the point (R18)"),
    "safety": marked("leave nothing for the next player to take"),
    "safe-laydown": marked("when nothing is worth taking, lay down the card that leaves the next player no 15"),
    "keep-sevens": marked("play for the sevens: each is worth 21 to the setenta, the most a card gives"),
    "scoring": marked("adding up a deal (R18)"),
    "initial-sweep": marked("a first table of 15 or 30 (R9)"),
    "last-capture": marked("whoever captures last also takes what is left on the table (R15)"),
    "check-sum": marked("the end-of-deal table adds up to 10, 25, 40, ... (R16)"),
    "count-out": marked("working out an unseen card from what the deck holds and what is in sight (R1, R16)"),
    "worked-example": marked("the rule book's own example (R20)"),
    "seats": marked("who deals, who plays first, who plays with whom, and what the stock holds (R5-R8, R10, R22)"),
    "match-target": marked("when a match of 21 is won, and when a level score means another deal (R21)"),
    "other-rules": marked("a deal scored under another rule set, category by category (V1)"),
    "most-sevens": marked("the point for the most sevens, where a rule set scores it (V1)"),
    "all-coins": marked("all ten coins in one pile: two more points where a rule set pays for them (V1)"),
    "all-sevens": marked(
        "a pile holding every seven: some rule sets pay 3 for it, and the 7♦ then earns no point of its own (V1)"
    ),
    "few-cards": marked("Turkish rules: 2 points when the other side took fewer than 10 cards (V1)"),
    "three-sides": marked("three players, each a side of its own, each with a pile (V3)"),
    "three-way-ties": marked("three sides, and the top figure shared by two of them: nobody scores that point (V2)"),
    "seats-and-sides": marked("who plays with whom and what the stock holds with 3 or 6 players (V3)"),
    "match-rules": marked("when a match of another rule set is won: its own target (V4)"),
    "penalties": marked(
        "Turkish table mode: a wrong capture stands and costs 4 points, plus 1 per escoba of the deal (V5)"
    ),
    "claims": marked("Turkish table mode: taking the capture the last player missed, before you play (V5)"),
    "one-card": marked("one card a turn, from your own hand (R11)"),
    "refused-play": marked("a play the rules refuse is taken back, and the same player plays again (R17)"),
    "endgame": marked("the last plays of a two-player deal, every card known: the play that ends furthest ahead"),
    "printed-numbers": marked(
        "a sota, caballo or rey counts 8, 9 or 10 whatever number it shows, in every rule set (V6)"
    ),
}


#: Themes whose claim the engine can check (``Puzzle.confirms``), each with what a puzzle must be to carry it: a
#: puzzle carrying one must pass its check.
CHECKED_THEMES = {
    "safe-laydown": "a 'safe' choose puzzle where laying a card down is a right answer",
    "keep-sevens": (
        "a choose puzzle, under rules scoring the setenta, whose every right play takes a seven into the pile"
    ),
    "missing-suit": "a pile shown without one of the four suits, under rules scoring the setenta",
    "ties": "a duel nobody wins, or a deal with a category level",
    "several-ways": "a card that can make 15 in more than one way",
    "count-out": "a checksum puzzle with a hidden card",
    "other-rules": "a puzzle judged under a rule set other than classic",
    "most-sevens": "a deal scoring most sevens",
    "all-coins": "a deal where one side scores all ten coins",
    "all-sevens": "a deal where one side scores all four sevens",
    "few-cards": "a deal where one side scores because the other took fewer than 10 cards",
    "three-sides": "a deal of three sides",
    "three-way-ties": "a deal of three sides where some category's top figure is shared",
    "seats-and-sides": "a seats puzzle with 3 or 6 players",
    "match-rules": "a match of another rule set",
    "penalties": "a deal where a wrong capture stood",
    "claims": "a claim puzzle",
    "endgame": "an endgame puzzle",
    "printed-numbers": "a capture or claim whose answer takes or plays a sota, caballo or rey",
}


def theme_problems(puzzle: Puzzle) -> list[str]:
    """Why some theme the puzzle claims does not fit it, for the themes the engine can check."""
    return [
        f"theme '{theme}' is for {CHECKED_THEMES[theme]}, and this puzzle is not one"
        for theme in puzzle.themes
        if theme in CHECKED_THEMES and not puzzle.confirms(theme)
    ]


def found_themes(puzzle: Puzzle) -> list[str]:
    """The checkable themes that fit a puzzle, for tagging generated ones."""
    return [theme for theme in CHECKED_THEMES if puzzle.confirms(theme)]


# -- which rules an answer depends on -------------------------------------------------------
#
# A puzzle or a course task is credited with a rule when its answer depends on it: change the rule in the engine and
# the engine's answer changes (``tests/test_coverage_mutations.py`` checks every credit so). A rule an answer merely
# mentions, or that only sets the scene, is not credited.

#: Rules a theme adds.
RULES_OF_THEME = {
    "making-15": ("R12",),
    "court-cards": (),
    "several-ways": ("R12",),
    "big-capture": ("R12",),
    "escoba": (),
    "decoys": (),
    "forced-capture": (),
    "free-choice": (),
    "coins": (),
    "seven-of-coins": (),
    "most-cards": (),
    "setenta": ("R19",),
    "missing-suit": (),
    "ties": (),
    "safety": (),
    "safe-laydown": (),
    "keep-sevens": (),
    "scoring": ("R18",),
    "initial-sweep": (),
    "last-capture": (),
    "check-sum": (),
    "count-out": ("R1", "R16"),
    "worked-example": ("R20",),
    "seats": (),
    "match-target": ("R21",),
    "other-rules": (),
    "most-sevens": ("V1",),
    "all-coins": ("V1",),
    "all-sevens": ("V1",),
    "few-cards": ("V1",),
    "three-sides": (),
    "three-way-ties": ("V2",),
    "seats-and-sides": (),
    "match-rules": ("V4",),
    "penalties": ("V5",),
    "claims": (),
    "one-card": (),
    "refused-play": (),
    "endgame": (),
    "printed-numbers": ("R3", "V6"),
}
#: Rules a course task's answer depends on, by its task and what it asks (``Stage.question``), for the tasks not posed
#: as a bank puzzle. A task asked under a rule set other than classic depends on ``RULES_OF_TASK_ELSEWHERE`` in place
#: of these where that names it.
RULES_OF_TASK: dict[tuple[str, str], tuple[str, ...]] = {
    ("pick", "value"): ("R3", "R4"),
    ("pick", "fifteen"): ("R3", "R4", "R12"),
    ("pick", "claim"): ("R4", "R12", "V5"),
    ("play", "turn"): ("R12", "R13"),  # the learner's turn in a deal it plays: any legal play goes
    **{("allowed", play): rules for play, rules in RULES_OF_ALLOWED.items()},
    ("fault", "legal"): ("V5",),
    ("fault", "wrong capture"): ("V5",),
    ("fault", "missed capture"): ("R13", "V5"),
    ("who", "cards"): ("R18",),
    ("who", "coins"): ("R2", "R18"),
    ("who", "seven_of_coins"): ("R18",),
    ("who", "setenta"): (),
    ("who", "deal"): (),
    ("number", "table sum"): ("R3",),
    ("number", "hidden card"): ("R1", "R16"),
    ("number", "setenta"): ("R19",),
    ("number", "points"): ("R18",),
    ("number", "cards"): (),
    ("which", "points"): ("V1",),
}
RULES_OF_TASK_ELSEWHERE: dict[tuple[str, str], tuple[str, ...]] = {
    ("who", "cards"): ("V1",),
    ("who", "coins"): ("R2", "V1"),
    ("who", "seven_of_coins"): ("V1",),
    ("who", "sevens"): ("V1",),
    ("who", "all_coins"): ("R2", "V1"),
    ("who", "deal"): (),
    ("number", "points"): ("V1",),
}
#: The classic rules of RULES.md.
ALL_RULES = tuple(f"R{n}" for n in range(1, 23))
#: The rules of the other rule sets (RULES.md, "Other rule sets"), drilled by puzzles judged under them.
VARIANT_RULES = tuple(f"V{n}" for n in range(1, 7))
#: Every rule id of RULES.md, in order.
RULE_IDS = (*ALL_RULES, *VARIANT_RULES)
#: Rules no puzzle can drill, and why: none now that seats and match puzzles ask about the table and the match.
UNDRILLABLE: dict[str, str] = {}


def rules_of(puzzle: Puzzle) -> tuple[str, ...]:
    """The rules R1-R22 and V1-V6 a puzzle's answer depends on, from its kind, its rule set, its goal or question
    (``Puzzle.rules_drilled``) and its themes, in rule order."""
    found = puzzle.rules_drilled()
    for theme in puzzle.themes:
        found.update(RULES_OF_THEME[theme])
    return tuple(rule for rule in RULE_IDS if rule in found)


def rule_coverage(puzzles: Iterable[Puzzle]) -> dict[str, list[str]]:
    """Rule -> the ids of the puzzles whose answers depend on it, for every rule R1-R22 and V1-V6."""
    coverage: dict[str, list[str]] = {rule: [] for rule in RULE_IDS}
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

    return min(gentle, key=lambda puzzle: (puzzle.start_order(), puzzle.id))
