"""Escoba Trainer: a rules engine for the Spanish card game Escoba, and a trainer built on it."""

from trainer.cards import DECK, Card, CardError, Suit, cards_text, parse_card, parse_cards
from trainer.deal import Deal, Event, EventKind
from trainer.match import Match
from trainer.plays import IllegalPlay, InvalidPlay, Play, captures, illegal_reason, legal_plays, parse_play
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.scoring import DealScore, score_deal, setenta

__all__ = [
    "CLASSIC",
    "DECK",
    "PROFILES",
    "Card",
    "CardError",
    "Deal",
    "DealScore",
    "Event",
    "EventKind",
    "IllegalPlay",
    "InvalidPlay",
    "Match",
    "Play",
    "RuleProfile",
    "Suit",
    "captures",
    "cards_text",
    "illegal_reason",
    "legal_plays",
    "parse_card",
    "parse_cards",
    "parse_play",
    "score_deal",
    "setenta",
]
