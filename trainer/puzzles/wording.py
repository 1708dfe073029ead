"""A generated puzzle's words, made from its data: its title and hints as ``Said`` values, which the app says in the
learner's language and ``str()`` says in English.

A file written by ``escoba-trainer generate`` keeps only its puzzles' data: no title, no hint. The loader words a
puzzle of a generated kind (``Puzzle.generated``) that has no title with its kind's ``Puzzle.words``; a puzzle
written by hand has a title and keeps its own words, and a puzzle of another kind without a title is an error.
"""

from __future__ import annotations

from trainer.text import Said, said

#: A title and its hints.
Words = tuple[Said, tuple[Said, ...]]
#: What the court cards count, as their letters name them; a page words it the way its faces show the cards
#: (``trainer.app.puzzle_words.hint_words``).
COURT_VALUES = said("J = 8, Q = 9, K = 10")
