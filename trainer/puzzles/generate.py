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
from trainer.deal import Deal
from trainer.plays import Play, captures
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.puzzles.catalog import found_themes
from trainer.puzzles.kinds import GENERATED_KINDS, KINDS, Puzzle
from trainer.simulate import play_randomly

MAX_DEALS = 20_000  # how many random deals to search before giving up on the count asked
FAULT_CHANCE = 0.08  # played by penalties: how often a turn is a wrong or a missed capture (V5)
CLAIM_CHANCE = 0.5  # and how often the next player claims a missed capture


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
    made = KINDS[kind]
    profile = _profile(made, rules, penalties or made.only_from_penalties)
    common: dict[str, Any] = {"id": "new", "level": 1, "themes": (), "title": "", "rules": profile.name}
    rng = random.Random(f"{kind}-{seed}" + ("" if rules == CLASSIC.name else f"-{rules}"))  # each kind its own deals
    found: dict[tuple[Any, ...], dict[str, Any]] = {}
    for deal_seed, deal in _deal_positions(rng, profile):
        for puzzle, estimated in made.found_in(deal_seed, deal, rng, common):
            if estimated != level or not set(themes) <= set(found_themes(puzzle)):
                continue
            data = _finish(puzzle, len(found) + 1, seed, level)
            skip = ("id", "themes", "level", *_RECORD_FIELDS)
            key = tuple(str(v) for k, v in data.items() if k not in skip)
            found.setdefault(key, data)
            if len(found) == count:
                return list(found.values())
    raise ValueError(f"found only {len(found)} {kind} puzzles of level {level} in {MAX_DEALS} random deals")


def _profile(kind: type[Puzzle], rules: str, penalties: bool) -> RuleProfile:
    """The rule set to deal and judge under; ValueError if it cannot give this kind."""
    if rules not in PROFILES:
        raise ValueError(f"unknown rule set {rules!r}: one of {', '.join(PROFILES)}")
    profile = PROFILES[rules]
    if (point := kind.point_needed) is not None and point not in profile.points:
        raise ValueError(f"the {rules} rule set scores no {point}, so it gives no {kind.kind} puzzles (V1)")
    if penalties and not profile.penalties_allowed:
        raise ValueError(f"the {rules} rule set refuses every mistake (R17): only turkish is played by penalties (V5)")
    if penalties and not kind.from_penalties:
        given = " and ".join(name for name, made in KINDS.items() if made.from_penalties)
        raise ValueError(f"played by penalties, only {given} puzzles come from the deals (V5)")
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
