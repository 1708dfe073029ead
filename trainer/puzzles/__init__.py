"""Puzzles written in YAML and judged by the engine."""

from trainer.puzzles.catalog import THEMES, first_puzzle, rule_coverage, rules_of
from trainer.puzzles.kinds import KINDS, Puzzle, Verdict
from trainer.puzzles.loader import PuzzleError, check_paths, load_puzzles
from trainer.puzzles.yamlfile import Problem

__all__ = [
    "KINDS",
    "THEMES",
    "Problem",
    "Puzzle",
    "PuzzleError",
    "Verdict",
    "check_paths",
    "first_puzzle",
    "load_puzzles",
    "rule_coverage",
    "rules_of",
]
