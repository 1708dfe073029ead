"""Themes the engine checks, the rules each puzzle drills, and the first puzzle for a new learner."""

from pathlib import Path

import pytest

from trainer import parse_card, parse_cards
from trainer.puzzles import THEMES, first_puzzle, load_puzzles, rule_coverage, rules_of
from trainer.puzzles.catalog import ALL_RULES, RULES_OF_GOAL, RULES_OF_KIND, RULES_OF_THEME, UNDRILLABLE, found_themes
from trainer.puzzles.kinds import GOALS, KINDS, CapturePuzzle, ChecksumPuzzle, ChoosePuzzle

BANK = load_puzzles(Path(__file__).parent.parent / "puzzles")


def _choose(table: str, hand: str, goal: str, **more: object) -> ChoosePuzzle:
    cards = {key: parse_cards(value) for key, value in more.items() if isinstance(value, str)}
    return ChoosePuzzle(id="c", level=1, themes=(), title="", table=parse_cards(table), hand=parse_cards(hand),
                        goal=goal, **cards)  # fmt: skip


def test_every_kind_goal_and_theme_names_real_rules():
    assert set(RULES_OF_KIND) == set(KINDS)
    assert set(RULES_OF_GOAL) == set(GOALS)
    assert set(RULES_OF_THEME) == set(THEMES)
    named = {
        rule for table in (RULES_OF_KIND, RULES_OF_GOAL, RULES_OF_THEME) for rules in table.values() for rule in rules
    }
    assert named <= set(ALL_RULES)
    assert named.isdisjoint(UNDRILLABLE)


def test_rules_come_from_kind_goal_and_themes():
    puzzle = _choose("5♣ K♦", "K♥ 2♠", "safe", next_hand="3♦")
    assert rules_of(puzzle) == ("R4", "R6", "R11", "R12", "R13", "R17")
    themed = ChecksumPuzzle(id="k", level=1, themes=("count-out", "last-capture"), title="", table=parse_cards("4♦"))
    assert rules_of(themed) == ("R1", "R3", "R15", "R16")


def test_the_checked_themes_are_found_where_they_fit():
    laydown = _choose("Q♣ 3♦", "K♥ 2♠", "safe", next_hand="4♣")  # laying the two leaves 4 + 9 + 2 for the four
    assert "safe-laydown" in found_themes(laydown)
    assert laydown.solutions() == ["K♥"]
    sevens = _choose("J♦ 2♣ 6♠", "7♥ K♠", "most-cards")
    assert "keep-sevens" in found_themes(sevens)
    hidden = ChecksumPuzzle(id="h", level=1, themes=(), title="", table=parse_cards("K♦ 3♥ 5♣"), ask="missing")
    assert found_themes(hidden) == ["count-out"]
    two_ways = CapturePuzzle(id="w", level=1, themes=(), title="", table=parse_cards("5♦ 2♣ 3♥"), play=parse_card("K♥"))
    assert found_themes(two_ways) == ["several-ways"]


def test_every_rule_a_puzzle_can_drill_is_drilled_by_two_bank_puzzles_or_more():
    coverage = rule_coverage(BANK)
    thin = {rule: len(ids) for rule, ids in coverage.items() if len(ids) < 2}
    assert set(thin) == set(UNDRILLABLE)


@pytest.mark.parametrize("answered", [0])
def test_a_new_learner_starts_with_a_level_1_capture(answered):
    first = first_puzzle(BANK)
    assert first.level == 1 and isinstance(first, CapturePuzzle)
    assert len(first.table) == min(len(p.table) for p in BANK if isinstance(p, CapturePuzzle) and p.level == 1)
    with pytest.raises(ValueError, match="no level-1 puzzle"):
        first_puzzle([p for p in BANK if p.level > 1])
