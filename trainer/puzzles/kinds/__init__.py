"""The puzzle kinds, one module each: what a kind asks, which answers the engine accepts, and why.

Every accepted answer comes from the engine (``captures``, ``legal_plays``, ``setenta``, ``score_deal``, the R16 check
sum, a ``Match`` played out, a deal replayed); nothing here is an answer key. A puzzle is judged under its rule set
(``rules``, a ``PROFILES`` key).

A kind is one module here holding one ``Puzzle`` subclass with its ``kind`` name; importing the package imports every
module, and ``KINDS`` lists the kinds in their ``order``. A new kind is a new module and the YAML of its puzzles.
"""

from importlib import import_module
from pkgutil import iter_modules

from trainer.puzzles.kinds.base import AnswerError, Dealt, Puzzle, Verdict, registered
from trainer.puzzles.kinds.capture import CapturePuzzle
from trainer.puzzles.kinds.checksum import ChecksumPuzzle
from trainer.puzzles.kinds.choose import GOALS, ChoosePuzzle
from trainer.puzzles.kinds.claim import ClaimPuzzle
from trainer.puzzles.kinds.endgame import EndgamePuzzle
from trainer.puzzles.kinds.match import OUTCOMES, MatchPuzzle
from trainer.puzzles.kinds.referee import REFEREE_ASKS, REFEREE_CHOICES, RefereePuzzle
from trainer.puzzles.kinds.score import HEADINGS, MOST, ScorePuzzle, score_breakdown, scoring_text
from trainer.puzzles.kinds.seats import ASKS, SeatsPuzzle
from trainer.puzzles.kinds.setenta import SetentaPuzzle
from trainer.puzzles.kinds.setenta_duel import SetentaDuelPuzzle
from trainer.puzzles.kinds.shared import (
    NOTHING,
    allowed,
    best_cards,
    card_to_play,
    look_at,
    needs,
    pick_miss,
    play_text,
    ruling_clues,
    setenta_breakdown,
    sum_text,
)

for _module in iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")

#: Every kind by its name, in the order the learner meets them.
KINDS: dict[str, type[Puzzle]] = {cls.kind: cls for cls in sorted(registered(), key=lambda cls: cls.order)}
#: The kinds whose puzzles come from positions of random deals; the others are written by hand.
GENERATED_KINDS = tuple(kind for kind, cls in KINDS.items() if cls.generated)

__all__ = [
    "ASKS",
    "GENERATED_KINDS",
    "GOALS",
    "HEADINGS",
    "KINDS",
    "MOST",
    "NOTHING",
    "OUTCOMES",
    "REFEREE_ASKS",
    "REFEREE_CHOICES",
    "AnswerError",
    "CapturePuzzle",
    "ChecksumPuzzle",
    "ChoosePuzzle",
    "ClaimPuzzle",
    "Dealt",
    "EndgamePuzzle",
    "MatchPuzzle",
    "Puzzle",
    "RefereePuzzle",
    "ScorePuzzle",
    "SeatsPuzzle",
    "SetentaDuelPuzzle",
    "SetentaPuzzle",
    "Verdict",
    "allowed",
    "best_cards",
    "card_to_play",
    "look_at",
    "needs",
    "pick_miss",
    "play_text",
    "ruling_clues",
    "score_breakdown",
    "scoring_text",
    "setenta_breakdown",
    "sum_text",
]
