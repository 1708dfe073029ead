"""Themes the engine checks, the rules each puzzle drills, and the first puzzle for a new learner."""

from dataclasses import replace
from pathlib import Path

import pytest

from trainer import DECK, parse_card, parse_cards
from trainer.course import load_levels, task_rules
from trainer.puzzles import THEMES, first_puzzle, load_puzzles, rule_coverage, rules_of
from trainer.puzzles.catalog import (
    ALL_RULES,
    RULES_OF_TASK,
    RULES_OF_THEME,
    UNDRILLABLE,
    VARIANT_RULES,
    found_themes,
)
from trainer.puzzles.kinds import (
    ASKS,
    GOALS,
    KINDS,
    CapturePuzzle,
    ChecksumPuzzle,
    ChoosePuzzle,
    RefereePuzzle,
    ScorePuzzle,
    SeatsPuzzle,
)

BANK = load_puzzles(Path(__file__).parent.parent / "puzzles")


def _choose(table: str, hand: str, goal: str, **more: object) -> ChoosePuzzle:
    cards = {key: parse_cards(value) for key, value in more.items() if isinstance(value, str)}
    return ChoosePuzzle(id="c", level=1, themes=(), title="", table=parse_cards(table), hand=parse_cards(hand),
                        goal=goal, **cards)  # fmt: skip


def test_every_kind_goal_and_theme_names_real_rules():
    assert set(ChoosePuzzle.goal_rules) == set(GOALS) == set(ChoosePuzzle.goal_themes)
    assert set(SeatsPuzzle.ask_rules) == set(ASKS)
    assert set(RULES_OF_THEME) == set(THEMES)
    kinds = [(*cls.drills, *(cls.drills_elsewhere or ())) for cls in KINDS.values()]
    tables = (ChoosePuzzle.goal_rules, SeatsPuzzle.ask_rules, ChecksumPuzzle.ask_rules, RULES_OF_THEME, RULES_OF_TASK)
    named = {rule for rules in [*kinds, *(rules for table in tables for rules in table.values())] for rule in rules}
    assert named <= {*ALL_RULES, *VARIANT_RULES}
    assert named.isdisjoint(UNDRILLABLE)


def test_rules_come_from_kind_goal_and_themes():
    puzzle = _choose("5♣ K♦", "K♥ 2♠", "safe", next_hand="3♦")
    assert rules_of(puzzle) == ("R4", "R12")  # the safest play is the same whichever way play goes round (R6)
    themed = ChecksumPuzzle(id="k", level=1, themes=("last-capture",), title="", table=parse_cards("4♦ 6♠"))
    assert rules_of(themed) == ("R3",)  # a sum the table shows: the last take (R15) does not change it
    hidden = ChecksumPuzzle(id="h", level=1, themes=(), title="", table=parse_cards("K♦ 3♥ 5♣"), ask="missing")
    assert rules_of(hidden) == ("R1", "R3", "R16")
    four = SeatsPuzzle(id="s", level=1, themes=(), title="", players=4, dealer=1, ask="leader")
    assert rules_of(four) == ("R6", "R7") and rules_of(replace(four, players=2)) == ("R7",)
    escoba = ScorePuzzle(id="e", level=1, themes=(), title="", piles=(DECK[:20], DECK[20:]), escobas=(1, 0))
    assert rules_of(escoba) == ("R14", "R18") and rules_of(replace(escoba, escobas=(0, 0))) == ("R18",)


def test_the_checked_themes_are_found_where_they_fit():
    laydown = _choose("Q♣ 3♦", "K♥ 2♠", "safe", next_hand="4♣")  # laying the two leaves 4 + 9 + 2 for the four
    assert "safe-laydown" in found_themes(laydown)
    assert laydown.solutions() == ["K♥"]
    sevens = _choose("J♦ 2♣ 6♠", "7♥ K♠", "most-cards")
    assert "keep-sevens" in found_themes(sevens)
    hidden = ChecksumPuzzle(id="h", level=1, themes=(), title="", table=parse_cards("K♦ 3♥ 5♣"), ask="missing")
    assert found_themes(hidden) == ["count-out"]
    two_ways = CapturePuzzle(id="w", level=1, themes=(), title="", table=parse_cards("5♦ 2♣ 3♥"), play=parse_card("K♥"))
    assert found_themes(two_ways) == ["several-ways", "printed-numbers"]  # the rey counts 10 (V6)


def test_every_rule_a_puzzle_can_drill_is_drilled_by_two_bank_puzzles_or_more():
    coverage = rule_coverage(BANK)
    thin = {rule: len(ids) for rule, ids in coverage.items() if len(ids) < 2}
    assert set(thin) == set(UNDRILLABLE)


def test_r9_r11_r13_r15_r17_a_referee_puzzle_depends_on_what_it_asks():
    referees = [p for p in BANK if isinstance(p, RefereePuzzle)]
    drilled = {rule for p in referees for rule in rules_of(p)}
    assert {"R9", "R11", "R13", "R15", "R17"} <= drilled
    laid_down = next(p for p in referees if p.ask == "allowed" and p.solutions() == ["yes"] and not p.move.captured)
    assert rules_of(laid_down) == ()  # a free lay-down changes with no rule


@pytest.mark.parametrize("answered", [0])
def test_a_new_learner_starts_with_a_level_1_capture(answered):
    first = first_puzzle(BANK)
    assert first.level == 1 and isinstance(first, CapturePuzzle)
    assert len(first.table) == min(len(p.table) for p in BANK if isinstance(p, CapturePuzzle) and p.level == 1)
    with pytest.raises(ValueError, match="no level-1 puzzle"):
        first_puzzle([p for p in BANK if p.level > 1])


def test_v1_v5_a_puzzle_of_another_rule_set_drills_its_rules_instead_of_the_classic_scoring():
    by_id = {p.id: p for p in BANK}
    sevens = next(p for p in BANK if p.kind == "score" and p.rules == "sevens")
    assert "V1" in rules_of(sevens) and not {"R18", "R19"} & set(rules_of(sevens))
    classic = next(p for p in BANK if p.kind == "score" and p.rules == "classic")
    assert "R18" in rules_of(classic) and "V1" not in rules_of(classic)
    claim = next(p for p in BANK if p.kind == "claim")
    assert "R12" in rules_of(claim) and "V5" not in rules_of(claim)  # what may be claimed is what makes 15
    penalised = next(p for p in BANK if "penalties" in p.themes)
    assert "V5" in rules_of(penalised)
    assert rules_of(by_id["rules-match-l1-escova-twenty-four"]) == ("V4",)
    assert "V3" in rules_of(by_id["rules-seats-l2-six-players-team"])


def test_v_themes_refuse_puzzles_they_do_not_fit():
    classic = next(p for p in BANK if p.kind == "score" and p.rules == "classic")
    assert "other-rules" not in found_themes(classic) and "three-sides" not in found_themes(classic)
    tie = next(p for p in BANK if "three-way-ties" in p.themes)
    assert {"three-sides", "three-way-ties", "other-rules"} <= set(found_themes(tie))
    assert set(found_themes(next(p for p in BANK if p.kind == "claim"))) >= {"claims", "other-rules"}


def test_r20_a_play_on_the_rule_books_worked_example_depends_on_r20_and_another_play_does_not():
    escoba = next(level for level in load_levels() if level.id == "escoba")
    worked, with_the_caballo, other = escoba.stages[1], escoba.stages[2], escoba.stages[4]
    assert "R20" in task_rules(worked) and "R20" in task_rules(with_the_caballo)
    assert task_rules(other) == ("R4", "R12")
