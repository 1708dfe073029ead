"""Generated puzzles keep only their data; their titles and hints are worded where they are loaded."""

from pathlib import Path

import pytest
import yaml

from trainer.i18n import translator
from trainer.puzzles import load_puzzles
from trainer.puzzles.kinds import GENERATED_KINDS
from trainer.text import Said

GENERATED = Path(__file__).parent.parent / "puzzles" / "generated"
BANK = {puzzle.id: puzzle for puzzle in load_puzzles(GENERATED)}


def test_the_generated_files_hold_data_and_no_words():
    puzzles = [puzzle for path in GENERATED.glob("*.yaml") for puzzle in yaml.safe_load(path.read_text("utf-8"))]
    assert len(puzzles) == len(BANK) and {p["kind"] for p in puzzles} == set(GENERATED_KINDS)
    assert not [p["id"] for p in puzzles if "title" in p or "hint" in p]


@pytest.mark.parametrize(
    ("puzzle_id", "title", "hints"),
    [
        (
            "gen-capture-l1-s2026-001",
            "Find the 15 with 2♠",
            ["2♠ is worth 2, so you need 13 from the table.", "Remember: J = 8, Q = 9, K = 10."],
        ),
        (
            "gen-choose-l1-s2026-001",
            "Take the 4♠",
            ["Which of your cards can reach 15 together with the 4♠?", "Other table cards may join the group."],
        ),
        (
            "sevens-choose-must-capture-l2-01",
            "Take the J♠",
            [
                "Which of your cards can reach 15 together with the J♠?",
                "In these rules, if any card of yours can make 15, you must capture with one of them.",
            ],
        ),
        (
            "turkish-penalties-l3-01",
            "A capture that did not make 15",
            [
                "These rules score: 1 per escoba; most cards 1; most coins 1; all ten coins 2; most sevens 1; 7♦ 1; "
                "all four sevens 3, in place of the 7♦ point; opponents under 10 cards 2; "
                "each wrong capture costs 4 and 1 more per escoba of the deal.",
                "If the best figure in a category is shared, that category's point goes unclaimed.",
            ],
        ),
        (
            "turkish-claim-l1-01",
            "Anything to claim?",
            [
                "Could J♠ have made 15 with the cards that were already on the table?",
                "If it could, you take it with those cards before you play; if not, there is nothing to claim.",
            ],
        ),
    ],
)
def test_a_generated_puzzle_is_worded_in_english_from_its_data(puzzle_id, title, hints):
    puzzle = BANK[puzzle_id]
    assert isinstance(puzzle.title, Said)
    assert str(puzzle.title) == title and [str(hint) for hint in puzzle.hints] == hints


def test_a_generated_puzzle_is_worded_in_the_learners_language():
    puzzle, spanish = BANK["gen-capture-l1-s2026-001"], translator("es")
    assert spanish.written(puzzle.title) == "Busca el 15 con 2♠"
    assert spanish.written(puzzle.hints[0]) == "2♠ vale 2, así que necesitas 13 de la mesa."
