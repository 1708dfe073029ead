"""Puzzles written in YAML and judged by the engine."""

from trainer.puzzles.kinds import KINDS, Puzzle, Verdict
from trainer.puzzles.loader import THEMES, PuzzleError, check_paths, load_puzzles
from trainer.puzzles.yamlfile import Problem

__all__ = ["KINDS", "THEMES", "Problem", "Puzzle", "PuzzleError", "Verdict", "check_paths", "load_puzzles"]
