"""New puzzles from real positions of random deals, with an estimated level.

Positions come from deals played with random legal moves, so every table,
hand and pile is one a learner could meet. A level is estimated from what
makes a position hard to read: table size, the number of ways to answer, and
decoys (cards that cannot be part of any answer).

Deals are dealt and judged under a rule set (``rules``). Played by penalties
(``turkish`` only, V5), a player now and then makes a wrong capture or lays down
a card that could capture, and the next player sometimes claims it. Score and
claim puzzles keep their deal's record (players, seed and plays), which the
loader replays to show the position is real. A puzzle is written as data only:
the loader words its title and hints (``Puzzle.words``). A position met
in a match against the computer, with nothing hidden, becomes an endgame puzzle.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import yaml

from trainer.ai.game import Decision
from trainer.ai.view import View
from trainer.cards import Card
from trainer.deal import Deal, EventKind
from trainer.plays import Play, captures, legal_plays
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.puzzles.catalog import found_themes
from trainer.puzzles.kinds import (
    GENERATED_KINDS,
    GOALS,
    MOST,
    CapturePuzzle,
    ChecksumPuzzle,
    ChoosePuzzle,
    ClaimPuzzle,
    Puzzle,
    ScorePuzzle,
    SetentaDuelPuzzle,
    SetentaPuzzle,
)
from trainer.records import moves_of
from trainer.scoring import setenta
from trainer.simulate import play_randomly

MAX_DEALS = 20_000  # how many random deals to search before giving up on the count asked
FAULT_CHANCE = 0.08  # played by penalties: how often a turn is a wrong or a missed capture (V5)
CLAIM_CHANCE = 0.5  # and how often the next player claims a missed capture
NOTHING_CHANCE = 0.1  # how often a card laid down that missed nothing becomes a claim puzzle


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


def score_level(deal: Deal) -> int:
    """Harder with more escobas, close counts, bonuses, wrong captures and three sides to compare."""
    scores = deal.score()
    close = 0
    for name, margin in (("cards", 2), ("coins", 1), ("sevens", 1)):
        figures = sorted((getattr(s, MOST[name]) for s in scores), reverse=True)
        close += name in deal.profile.points and figures[0] - figures[1] <= margin
    bonuses = sum(bool(s.points.get(name)) for s in scores for name in ("all_coins", "all_sevens", "few_cards"))
    extra = bonuses + 2 * sum(deal.wrong_captures) + (deal.sides - 2)
    return _level_from(sum(deal.escobas) + 2 * close + extra, (1, 2, 3, 5))


def _faults(deal: Deal) -> list[Play]:
    """The mistakes the player to move could make at a real table (V5): laying down a card that could capture,
    or taking one table card that does not make 15 with the card played."""
    assert deal.to_play is not None
    hand, table = deal.hands[deal.to_play], deal.table
    missed = [Play(card) for card in hand if captures(card, table)]
    wrong = [Play(card, frozenset({taken})) for card in hand for taken in table if card.value + taken.value != 15]
    return missed + wrong


def _step(deal: Deal, rng: random.Random) -> Deal:
    """One random action: a legal play, or, played by penalties, sometimes a claim or a mistake (V5)."""
    if not deal.profile.penalties:
        return play_randomly(deal, rng, limit=1)
    claims = deal.claims()
    if claims and rng.random() < CLAIM_CHANCE:
        return deal.claim(rng.choice(claims))
    faults = _faults(deal) if rng.random() < FAULT_CHANCE else []
    return deal.play(rng.choice(faults or deal.legal_plays()))


def _deal_positions(rng: random.Random, profile: RuleProfile = CLASSIC) -> Iterator[tuple[int, Deal]]:
    """Every state of random deals, one deal after another, each with the seed its deal was dealt from."""
    for _ in range(MAX_DEALS):
        players = rng.choice(profile.players)
        seed = rng.getrandbits(64)
        deal = Deal.new(players, seed=seed, profile=profile)
        while not deal.is_over:
            yield seed, deal
            deal = _step(deal, rng)
        yield seed, deal


def _record(seed: int, deal: Deal) -> dict[str, Any]:
    """The fields that let the loader replay ``deal`` up to this state: players, seed and plays."""
    return {"players": deal.players, "seed": seed, "plays": tuple(moves_of(deal))}


def _laid_down(deal: Deal) -> Card | None:
    """The card the last play laid on the table, if the last play laid one down and the deal goes on."""
    plays = [event for event in deal.events if event.kind is EventKind.PLAY and event.play is not None]
    if deal.is_over or not plays or plays[-1].cards:
        return None
    return plays[-1].play.card if plays[-1].play else None


def _candidates(kind: str, seed: int, deal: Deal, rng: random.Random) -> Iterator[tuple[Puzzle, int]]:
    """Puzzles of ``kind`` in this state, each with its estimated level."""
    profile = deal.profile
    common: dict[str, Any] = {"id": "new", "level": 1, "themes": (), "title": "", "rules": profile.name}
    if kind == "capture" and not deal.is_over and deal.to_play is not None:
        for card in deal.hands[deal.to_play]:
            if options := captures(card, deal.table):
                level = capture_level(deal.table, card)
                every_way = len(options) > 1 and level >= 4  # a hard one asks for every way
                yield CapturePuzzle(**common, table=deal.table, play=card, all=every_way), level
    elif kind == "choose" and deal.to_play is not None and deal.table:
        seat = deal.to_play
        goal = rng.choice(GOALS)
        choose = ChoosePuzzle(
            **common,
            table=deal.table,
            hand=deal.hands[seat],
            goal=goal,
            target=rng.choice(deal.table) if goal == "take" else None,
            next_hand=deal.hands[(seat + 1) % deal.players] if goal == "safe" else (),
            pile=deal.piles[deal.side_of(seat)] if goal == "setenta" else (),
        )
        right = len(choose.best())
        if 0 < right < len(legal_plays(choose.hand, choose.table)):  # reachable, and not every play is right
            yield choose, choose_level(choose)
    elif kind == "setenta":
        pile = deal.piles[rng.randrange(deal.sides)]  # a side's pile at this moment of the deal: reachable as it is
        if len(pile) >= 4:
            yield SetentaPuzzle(**common, pile=pile), _level_from(len(pile), (6, 9, 13, 17))
    elif kind == "claim" and (laid := _laid_down(deal)) is not None:
        claim = ClaimPuzzle(**common, table=tuple(c for c in deal.table if c != laid), laid=laid, **_record(seed, deal))
        if claim.options():
            yield claim, capture_level(claim.table, laid)
        elif rng.random() < NOTHING_CHANCE:  # a lay-down that missed nothing: fewer of those, they are many
            yield claim, _level_from(len(claim.table), (2, 4, 6, 8))
    elif deal.is_over and kind in ("setenta-duel", "score", "checksum"):
        yield from _end_of_deal(kind, seed, deal, rng, common)


def _end_of_deal(
    kind: str, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
) -> Iterator[tuple[Puzzle, int]]:
    """Puzzles about the piles and the table once a deal is over."""
    if kind == "setenta-duel" and deal.sides == 2:
        piles = (deal.piles[0], deal.piles[1])
        sums = [setenta(p) for p in piles]
        margin = abs((sums[0] or 0) - (sums[1] or 0))
        yield SetentaDuelPuzzle(**common, piles=piles), 1 if None in sums else 6 - _level_from(margin, (3, 8, 15, 25))
    elif kind == "score":
        wrong = deal.wrong_captures if deal.profile.penalties else ()
        puzzle = ScorePuzzle(
            **common, piles=deal.piles, escobas=deal.escobas, wrong_captures=wrong, **_record(seed, deal)
        )
        yield puzzle, score_level(deal)
    elif kind == "checksum":
        left = deal.remainder
        yield ChecksumPuzzle(**common, table=left), 1 if len(left) <= 3 else 2
        if len(left) >= 2:
            hidden = rng.choice(left)
            shown = tuple(card for card in left if card != hidden)
            yield ChecksumPuzzle(**common, table=shown, ask="missing"), _level_from(len(shown), (0, 0, 3, 5))


#: What a deal's record adds to a puzzle: the same position from another record is the same puzzle.
_RECORD_FIELDS = ("players", "seed", "plays")


def _finish(puzzle: Puzzle, number: int, seed: int, level: int) -> dict[str, Any]:
    """The puzzle as YAML-ready data, with an id and themes; the loader words it (``trainer.puzzles.wording``)."""
    themes = puzzle.generated_themes()
    themes += [theme for theme in found_themes(puzzle) if theme not in themes]
    rules = {} if puzzle.rules == CLASSIC.name else {"rules": puzzle.rules}
    return {
        "id": f"gen-{'' if not rules else puzzle.rules + '-'}{puzzle.kind}-l{level}-s{seed}-{number:03d}",
        "kind": puzzle.kind,
        "level": level,
        **rules,
        "themes": themes or ["making-15"],
        **puzzle.as_yaml(),
    }


def generate(
    kind: str,
    level: int,
    count: int,
    seed: int,
    rules: str = CLASSIC.name,
    penalties: bool = False,
    themes: tuple[str, ...] = (),
) -> list[dict[str, Any]]:
    """``count`` new puzzles of one kind and level as YAML-ready data, all different, from deals of a rule set
    (played by its penalties if asked; a claim puzzle always is), each carrying every theme of ``themes``."""
    if kind not in GENERATED_KINDS:
        raise ValueError(f"unknown kind {kind!r} to generate: one of {', '.join(GENERATED_KINDS)}")
    if level not in range(1, 6) or count < 1:
        raise ValueError("level is 1 to 5 and count at least 1")
    profile = _profile(kind, rules, penalties or kind == "claim")
    rng = random.Random(f"{kind}-{seed}" + ("" if rules == CLASSIC.name else f"-{rules}"))  # each kind its own deals
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    for deal_seed, deal in _deal_positions(rng, profile):
        for puzzle, estimated in _candidates(kind, deal_seed, deal, rng):
            if estimated != level or not set(themes) <= set(found_themes(puzzle)):
                continue
            data = _finish(puzzle, len(found) + 1, seed, level)
            skip = ("id", "themes", "level", *_RECORD_FIELDS)
            key = tuple(str(v) for k, v in data.items() if k not in skip)
            found.setdefault(key, data)
            if len(found) == count:
                return list(found.values())
    raise ValueError(f"found only {len(found)} {kind} puzzles of level {level} in {MAX_DEALS} random deals")


def _profile(kind: str, rules: str, penalties: bool) -> RuleProfile:
    """The rule set to deal and judge under; ValueError if it cannot give this kind."""
    if rules not in PROFILES:
        raise ValueError(f"unknown rule set {rules!r}: one of {', '.join(PROFILES)}")
    profile = PROFILES[rules]
    if kind in ("setenta", "setenta-duel") and "setenta" not in profile.points:
        raise ValueError(f"the {rules} rule set scores no setenta, so it gives no {kind} puzzles (V1)")
    if penalties and not profile.penalties_allowed:
        raise ValueError(f"the {rules} rule set refuses every mistake (R17): only turkish is played by penalties (V5)")
    if penalties and kind not in ("score", "claim"):
        raise ValueError("played by penalties, only score and claim puzzles come from the deals (V5)")
    return profile.with_options(penalties=True) if penalties else profile


class _Inline(list[Any]):
    """A short list written on one line: ``[0, 2]``."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Inline, lambda dumper, data: dumper.represent_sequence("tag:yaml.org,2002:seq", data, True))


def to_yaml(puzzles: list[dict[str, Any]]) -> str:
    """YAML a person can read and edit: one puzzle after another, cards as text."""
    inline = ("themes", "escobas", "wrong_captures", "plays")
    shaped = [{key: _Inline(value) if key in inline else value for key, value in p.items()} for p in puzzles]
    text = yaml.dump(shaped, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=120)
    return text.replace("\n- id:", "\n\n- id:")


def can_be_puzzle(decision: Decision) -> bool:
    """Whether a decision's position can become an endgame puzzle: nothing hidden (two players, stock used up)."""
    return decision.before.deck is not None and not View.of(decision.before).hidden


def endgame_yaml(decision: Decision, puzzle_id: str) -> str:
    """The position before a decision as an endgame puzzle in YAML, which ``escoba-trainer check`` accepts: the
    deal's deck and the plays that led there, so the loader replays them and the engine solves it."""
    before = decision.before
    if not can_be_puzzle(decision) or before.deck is None:
        raise ValueError("only a position with nothing hidden can be an endgame puzzle")
    left = sum(len(hand) for hand in before.hands)
    puzzle = {
        "id": puzzle_id,
        "kind": "endgame",
        "level": 1 if left <= 2 else 2 if left <= 4 else 3,  # two, four or six cards still to play
        "themes": ["endgame"],
        "title": "Every card is known: which play ends furthest ahead?",
        **({"rules": before.profile.name} if before.profile.name != CLASSIC.name else {}),
        "players": before.players,
        "deck": " ".join(str(card) for card in before.deck),
        "plays": [str(play) for play in before.plays],
    }
    return to_yaml([puzzle])
