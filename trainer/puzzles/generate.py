"""New puzzles from real positions of random deals, with an estimated level.

Positions come from deals played with random legal moves, so every table,
hand and pile is one a learner could meet. A level is estimated from what
makes a position hard to read: table size, the number of ways to answer, and
decoys (cards that cannot be part of any answer).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import yaml

from trainer.cards import Card, cards_text
from trainer.deal import Deal
from trainer.plays import captures, legal_plays
from trainer.puzzles.catalog import found_themes
from trainer.puzzles.kinds import (
    CapturePuzzle,
    ChecksumPuzzle,
    ChoosePuzzle,
    Puzzle,
    ScorePuzzle,
    SetentaDuelPuzzle,
    SetentaPuzzle,
)
from trainer.scoring import score_deal, setenta
from trainer.simulate import play_randomly

MAX_DEALS = 20_000  # how many random deals to search before giving up on the count asked


def _level_from(score: float, steps: tuple[float, float, float, float]) -> int:
    """Level 1 to 5: how many of the four thresholds ``score`` reaches."""
    return 1 + sum(score >= step for step in steps)


def capture_level(table: tuple[Card, ...], play: Card) -> int:
    """Harder with more cards, more ways, bigger groups and more decoys."""
    options = captures(play, table)
    used = set().union(*options)
    decoys = len(table) - len(used)
    score = len(table) + 2 * (len(options) - 1) + max(map(len, options)) + decoys
    return _level_from(score, (7, 9, 11, 13))


def choose_level(puzzle: ChoosePuzzle) -> int:
    """Harder with more plays to weigh, fewer good ones, and subtler goals."""
    wrong_plays = len(legal_plays(puzzle.hand, puzzle.table)) - len(puzzle.best())
    goal_weight = {"escoba": 0, "most-cards": 1, "take": 1, "coins": 2, "setenta": 3, "safe": 3}[puzzle.goal]
    score = len(puzzle.table) + wrong_plays + goal_weight
    return _level_from(score, (5, 7, 9, 11))


def _deal_positions(rng: random.Random) -> Iterator[Deal]:
    """Every state of random deals, one deal after another."""
    for _ in range(MAX_DEALS):
        deal = Deal.new(rng.choice((2, 4)), seed=rng.getrandbits(64))
        while not deal.is_over:
            yield deal
            deal = play_randomly(deal, rng, limit=1)
        yield deal


def _candidates(kind: str, deal: Deal, rng: random.Random) -> Iterator[tuple[Puzzle, int]]:
    """Puzzles of ``kind`` in this state, each with its estimated level."""
    common: dict[str, Any] = {"id": "new", "level": 1, "themes": (), "title": ""}
    if kind == "capture" and not deal.is_over and deal.to_play is not None:
        for card in deal.hands[deal.to_play]:
            if captures(card, deal.table):
                puzzle = CapturePuzzle(**common, table=deal.table, play=card)
                yield puzzle, capture_level(deal.table, card)
    elif kind == "choose" and deal.to_play is not None and deal.table:
        seat = deal.to_play
        goal = rng.choice(["escoba", "most-cards", "take", "coins", "setenta", "safe"])
        choose = ChoosePuzzle(
            **common,
            table=deal.table,
            hand=deal.hands[seat],
            goal=goal,
            target=rng.choice(deal.table) if goal == "take" else None,
            next_hand=deal.hands[(seat + 1) % deal.players] if goal == "safe" else (),
            pile=deal.piles[seat % 2] if goal == "setenta" else (),
        )
        right = len(choose.best())
        if 0 < right < len(legal_plays(choose.hand, choose.table)):  # reachable, and not every play is right
            yield choose, choose_level(choose)
    elif kind == "setenta":
        pile = deal.piles[rng.randrange(2)]  # a side's pile at this moment of the deal: reachable as it stands
        if len(pile) >= 4:
            yield SetentaPuzzle(**common, pile=pile), _level_from(len(pile), (6, 9, 13, 17))
    elif deal.is_over and kind in ("setenta-duel", "score", "checksum"):
        yield from _end_of_deal(kind, deal, rng, common)


def _end_of_deal(kind: str, deal: Deal, rng: random.Random, common: dict[str, Any]) -> Iterator[tuple[Puzzle, int]]:
    """Puzzles about the piles and the table once a deal is over."""
    piles, escobas = (deal.piles[0], deal.piles[1]), (deal.escobas[0], deal.escobas[1])
    if kind == "setenta-duel":
        sums = [setenta(p) for p in piles]
        margin = abs((sums[0] or 0) - (sums[1] or 0))
        yield SetentaDuelPuzzle(**common, piles=piles), 1 if None in sums else 6 - _level_from(margin, (3, 8, 15, 25))
    elif kind == "score":
        a, b = score_deal(piles, escobas)
        close = (abs(a.card_count - b.card_count) <= 2) + (abs(a.coin_count - b.coin_count) <= 1)
        level = _level_from(sum(escobas) + 2 * close, (1, 2, 3, 5))
        yield ScorePuzzle(**common, piles=piles, escobas=escobas), level
    elif kind == "checksum":
        left = deal.remainder
        yield ChecksumPuzzle(**common, table=left), 1 if len(left) <= 3 else 2
        if len(left) >= 2:
            hidden = rng.choice(left)
            shown = tuple(card for card in left if card != hidden)
            yield ChecksumPuzzle(**common, table=shown, ask="missing"), _level_from(len(shown), (0, 0, 3, 5))


_TEXTS = {
    "capture": (
        "Find the 15 with {play}",
        ["{play} is worth {value}, so you need {need} from the table.", "Remember: J = 8, Q = 9, K = 10."],
    ),
    "choose-escoba": (
        "Sweep the table",
        ["Add up every card on the table.", "Which of your cards brings that total to exactly 15?"],
    ),
    "choose-most-cards": (
        "Take as many cards as you can",
        ["Small cards make long groups.", "For each hand card, find the biggest group that makes 15 with it."],
    ),
    "choose-take": (
        "Take the {target}",
        ["Which of your cards can reach 15 together with the {target}?", "Other table cards may join the group."],
    ),
    "choose-coins": (
        "Bring home the coins",
        ["Coins are the ♦ cards; your own card counts too if it is one.", "Count the coins each capture brings home."],
    ),
    "choose-setenta": (
        "Build your setenta",
        ["Which suits would each capture add, or improve?", "Sevens are worth 21, sixes 18, aces 16 for setenta."],
    ),
    "choose-safe": (
        "Leave nothing behind",
        ["You can see the next player's cards.", "After your play, can any of them make 15 with the table?"],
    ),
    "setenta": (
        "Work out the setenta",
        [
            "Take the best card of each suit.",
            "Sevens are worth 21, sixes 18, aces 16, fives 15, and every court card only 10.",
        ],
    ),
    "setenta-duel": (
        "Who wins the setenta?",
        ["Work out both setentas.", "A pile with no card of some suit has no setenta at all."],
    ),
    "score": (
        "Score the deal",
        ["Escobas first, then most cards, most coins, the 7♦ and the setenta.", "A tie gives nobody the point."],
    ),
    "checksum-sum": (
        "Check the sum",
        ["Add the values: J = 8, Q = 9, K = 10.", "The end of a deal leaves 10, 25, 40 ..."],
    ),
    "checksum-missing": (
        "Name the hidden card",
        ["Add up the cards you can see.", "A deal always leaves 10, 25, 40 ... on the table: what is missing?"],
    ),
}
_THEMES = {
    "capture": ["making-15"],
    "choose": [],
    "setenta": ["setenta"],
    "setenta-duel": ["setenta"],
    "score": ["scoring"],
    "checksum": ["check-sum"],
}
#: The kinds whose puzzles come from positions of random deals; seats and match questions are written by hand.
GENERATED_KINDS = tuple(_THEMES)


def _finish(puzzle: Puzzle, number: int, seed: int, level: int) -> dict[str, Any]:
    """The puzzle as YAML-ready data, with an id, a title, themes and a hint."""
    kind = puzzle.kind
    key = kind
    fields: dict[str, Any] = {}
    themes = list(_THEMES[kind])
    if isinstance(puzzle, CapturePuzzle):
        fields = {"table": cards_text(puzzle.table), "play": str(puzzle.play)}
        options = captures(puzzle.play, puzzle.table)
        if len(options) > 1 and level >= 4:
            fields["all"] = True
        if any(len(o) >= 3 for o in options):
            themes.append("big-capture")
        if any(o == set(puzzle.table) for o in options):
            themes.append("escoba")
    elif isinstance(puzzle, ChoosePuzzle):
        key = f"choose-{puzzle.goal}"
        goal = f"take {puzzle.target}" if puzzle.goal == "take" else puzzle.goal
        fields = {"table": cards_text(puzzle.table), "hand": cards_text(puzzle.hand), "goal": goal}
        if puzzle.goal == "safe":
            fields["next_hand"] = cards_text(puzzle.next_hand)
        if puzzle.goal == "setenta" and puzzle.pile:
            fields["pile"] = cards_text(puzzle.pile)
        themes.append(
            {
                "escoba": "escoba",
                "most-cards": "most-cards",
                "take": "making-15",
                "coins": "coins",
                "setenta": "setenta",
                "safe": "safety",
            }[puzzle.goal]
        )
    elif isinstance(puzzle, SetentaPuzzle):
        fields = {"pile": cards_text(puzzle.pile)}
    elif isinstance(puzzle, SetentaDuelPuzzle | ScorePuzzle):
        fields = {"piles": [cards_text(p) for p in puzzle.piles]}
        if isinstance(puzzle, ScorePuzzle):
            fields["escobas"] = list(puzzle.escobas)
    elif isinstance(puzzle, ChecksumPuzzle):
        key = f"checksum-{puzzle.ask}"
        fields = {"table": cards_text(puzzle.table)} | ({"ask": "missing"} if puzzle.ask == "missing" else {})
    themes += [theme for theme in found_themes(puzzle) if theme not in themes]
    title, hints = _TEXTS[key]
    values = {"play": getattr(puzzle, "play", ""), "target": getattr(puzzle, "target", "")}
    if isinstance(puzzle, CapturePuzzle):
        values |= {"value": puzzle.play.value, "need": 15 - puzzle.play.value}
    return {
        "id": f"gen-{kind}-l{level}-s{seed}-{number:03d}",
        "kind": kind,
        "level": level,
        "themes": themes or ["making-15"],
        "title": title.format(**values),
        "hint": [hint.format(**values) for hint in hints],
        **fields,
    }


def generate(kind: str, level: int, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` new puzzles of one kind and level as YAML-ready data, all different."""
    if kind not in GENERATED_KINDS:
        raise ValueError(f"unknown kind {kind!r} to generate: one of {', '.join(GENERATED_KINDS)}")
    if level not in range(1, 6) or count < 1:
        raise ValueError("level is 1 to 5 and count at least 1")
    rng = random.Random(f"{kind}-{seed}")  # each kind its own deals, so no two kinds show the same piles
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    for deal in _deal_positions(rng):
        for puzzle, estimated in _candidates(kind, deal, rng):
            if estimated != level:
                continue
            data = _finish(puzzle, len(found) + 1, seed, level)
            key = tuple(str(v) for k, v in data.items() if k not in ("id", "title", "hint", "themes", "level"))
            found.setdefault(key, data)
            if len(found) == count:
                return list(found.values())
    raise ValueError(f"found only {len(found)} {kind} puzzles of level {level} in {MAX_DEALS} random deals")


class _Inline(list[Any]):
    """A short list written on one line: ``[0, 2]``."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Inline, lambda dumper, data: dumper.represent_sequence("tag:yaml.org,2002:seq", data, True))


def to_yaml(puzzles: list[dict[str, Any]]) -> str:
    """YAML a person can read and edit: one puzzle after another, cards as text."""
    inline = ("themes", "escobas")
    shaped = [{key: _Inline(value) if key in inline else value for key, value in p.items()} for p in puzzles]
    text = yaml.dump(shaped, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=120)
    return text.replace("\n- id:", "\n\n- id:")
