"""Game records: a deal or a match as a small JSON document, and back.

A record holds its rule set, each deal's deck order and its plays in canonical
text (a claimed capture, V5, as ``claim`` and the play), so loading it replays
every play through the engine and so checks it.

>>> from trainer import Deal
>>> deal = Deal.new(seed=3)
>>> deal = deal.play(deal.legal_plays()[0])
>>> load_record(dump_record(deal)).plays == deal.plays
True
"""

from __future__ import annotations

import json
from typing import Any

from trainer.cards import CardError, cards_text, parse_cards
from trainer.deal import Deal, EventKind
from trainer.match import Match
from trainer.plays import IllegalPlay, parse_play
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.safefile import shorten
from trainer.text import either

FORMAT = "escoba-record"
VERSION = 1
CLAIM = "claim "  # V5: a play text starting so is a claimed capture
SEEDS = (-(2**63), 2**64 - 1)  # the seeds a record may hold: a match draws its own from 64 random bits


class RecordError(ValueError):
    """A record that cannot be read or replayed; ``game`` is the state reached before the problem."""

    def __init__(self, message: str, game: Deal | Match | None = None) -> None:
        super().__init__(message)
        self.game = game


def record_of(game: Deal | Match) -> dict[str, Any]:
    """The record of a deal or a match, as plain data ready for JSON."""
    if isinstance(game, Match):
        deals = [done.deal for done in game.finished]
        if not game.current.is_over:
            deals.append(game.current)
        extra = {"kind": "match", "seed": game.seed, "first_dealer": game.first_dealer}
    else:
        deals, extra = [game], {"kind": "deal"}
    if any(deal.deck is None for deal in deals):
        raise ValueError("a position set up by hand has no deck order, so it cannot be recorded")
    return {
        "format": FORMAT,
        "version": VERSION,
        **extra,
        "profile": game.profile.name,
        **_options(game.profile),
        "players": game.players,
        "deals": [{"deck": " ".join(map(str, deal.deck or ())), "plays": moves_of(deal)} for deal in deals],
    }


def _options(profile: RuleProfile) -> dict[str, Any]:
    """The choices a rule set was played with, where they differ from its usual ones."""
    options: dict[str, Any] = {}
    if profile.target != PROFILES[profile.name].target:
        options["target"] = profile.target
    if profile.penalties:
        options["penalties"] = True
    return options


def moves_of(deal: Deal) -> list[str]:
    """A deal's plays and claims as a record writes them: ``4♣ J♦``, ``claim 5♦ K♣`` (V5)."""
    return [
        f"{CLAIM}{event.play}" if event.kind is EventKind.CLAIM else str(event.play)
        for event in deal.log
        if event.play is not None
    ]


def dump_record(game: Deal | Match) -> str:
    """The record as JSON text."""
    return json.dumps(record_of(game), ensure_ascii=False, indent=1) + "\n"


def load_record(text: str) -> Deal | Match:
    """Replay a record through the engine; ``RecordError`` names the first problem."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error}") from None
    except ValueError:  # Python refuses to convert integers of thousands of digits
        raise RecordError("not a record: it holds a number too long to read") from None
    except RecursionError:
        raise RecordError("not a record: it is nested too deep to read") from None
    return read_record(data)


def read_record(data: Any) -> Deal | Match:
    """``load_record`` of a record already read from JSON (as the progress store keeps them)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f'not an Escoba record: "format" must be "{FORMAT}"')
    if data.get("version") != VERSION:
        raise RecordError(f"record version {shorten(repr(data.get('version')))}: this program reads version {VERSION}")
    profile = _profile(data)
    kind, players, deals = data.get("kind"), data.get("players"), data.get("deals")
    if kind not in ("deal", "match") or type(players) is not int or players not in profile.players:
        allowed = either(profile.players)
        raise RecordError(f'"kind" must be "deal" or "match" and "players" {allowed} ({profile.name} rules)')
    if not isinstance(deals, list) or not deals or (kind == "deal" and len(deals) != 1):
        raise RecordError('"deals" must be a list of deals (exactly one for a deal record)')
    game: Deal | Match | None = None
    for number, deal_data in enumerate(deals, start=1):
        where = f"deal {number}"
        deck = _read_deck(deal_data, where)
        try:
            if kind == "deal":
                game = Deal.from_deck(deck, players, profile)
            elif game is None:
                seed, first_dealer = _int(data, "seed", *SEEDS), _int(data, "first_dealer", 0, players - 1)
                game = Match.new(players, seed, first_dealer, profile, deck=deck)
            else:
                assert isinstance(game, Match)
                if not game.current.is_over:
                    raise RecordError(f"{where}: the deal before it is not finished", game)
                game = game.next_deal(deck)
        except ValueError as error:
            raise RecordError(f"{where}: {error}", game) from None
        game = _replay(game, deal_data.get("plays", []), where)
    assert game is not None
    return game


def _read_deck(deal_data: Any, where: str) -> list[Any]:
    if not isinstance(deal_data, dict) or not isinstance(deal_data.get("deck"), str):
        raise RecordError(f'{where}: a deal needs "deck", the 40 cards as text')
    try:
        deck = parse_cards(deal_data["deck"])
    except CardError as error:
        raise RecordError(f"{where}, deck: {shorten(str(error), 200)}") from None
    if len(deck) != 40 or len(set(deck)) != 40:
        seen = sorted({c for c in deck if deck.count(c) > 1})
        twice = f" ({cards_text(seen)} twice)" if seen else ""
        raise RecordError(f"{where}, deck: {len(deck)} cards{twice}; a deck has each of the 40 cards once")
    return list(deck)


def _replay(game: Deal | Match, plays: Any, where: str) -> Deal | Match:
    if not isinstance(plays, list):
        raise RecordError(f'{where}: "plays" must be a list')
    for number, text in enumerate(plays, start=1):
        deal = game.current if isinstance(game, Match) else game
        at = f"{where}, play {number}"
        if not isinstance(text, str):
            raise RecordError(f"{at}: a play is text such as '3♥ A♦ 4♣ 7♦'", game)
        try:
            game = game.claim(parse_play(text[len(CLAIM) :])) if text.startswith(CLAIM) else game.play(parse_play(text))
        except (CardError, IllegalPlay) as error:
            seat = f" (seat {deal.to_play})" if deal.to_play is not None else ""
            raise RecordError(f"{at}{seat}, {shorten(repr(text))}: {shorten(str(error), 200)}", game) from None
    return game


def _profile(data: dict[str, Any]) -> RuleProfile:
    """The rule set a record names (classic for records made before there were others), with its options."""
    name = data.get("profile", CLASSIC.name)
    if not isinstance(name, str) or name not in PROFILES:
        raise RecordError(f"unknown rule set {shorten(repr(name))}: known are {', '.join(PROFILES)}")
    profile = PROFILES[name]
    target, penalties = data.get("target", profile.target), data.get("penalties", False)
    if type(target) is not int or type(penalties) is not bool:
        raise RecordError('"target" must be a whole number and "penalties" true or false')
    try:
        return profile.with_options(target=target, penalties=penalties)
    except ValueError as error:
        raise RecordError(str(error)) from None


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f'a match record needs "{key}", a whole number from {low} to {high}')
    return value
