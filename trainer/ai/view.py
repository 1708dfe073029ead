"""What one seat can know of a deal in progress: the ``View`` every computer player and the coach work from.

A view holds the seat's own hand, the table, the piles and escobas, the side of the last capture, how many cards
each hand and the stock hold, and what the plays of the round show or hint about the other hands; nothing
else. It keeps no reference to the ``Deal`` it was taken from, so a bot handed a view has no path to the other
hands or the stock: two deals that differ only in cards the seat cannot see give equal views.

>>> from trainer import Deal
>>> deal = Deal.new(seed=5)
>>> view = View.of(deal)
>>> view.legal_plays() == deal.legal_plays(), view.hand_counts, view.stock_count
(True, (3, 3), 30)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from trainer.ai.playout import Position, Rules, legal_moves
from trainer.cards import DECK, VALUE_MASKS, WHOLE_DECK, mask_of, value_of
from trainer.deal import Deal, EventKind
from trainer.plays import CAPTURE_SUM, Play, groups_by_sum, play_of
from trainer.profile import RuleProfile

#: A play of the round under way: the seat, the card's bit, the cards the play hints the seat lacks
#: (``play_bars``), and whether it was a lay-down.
Laid = tuple[int, int, int, bool]


@dataclass(frozen=True)
class View:
    """What ``seat`` knows of a deal in progress; ``to_play`` is the seat to play (-1 once the deal is over)."""

    rules: Rules
    players: int
    seat: int
    hand: int
    table: int
    piles: tuple[int, ...]
    escobas: tuple[int, ...]
    last: int
    hand_counts: tuple[int, ...]
    stock_count: int
    barred: tuple[int, ...] = ()  # per seat, the cards its lay-downs show it cannot hold
    to_play: int = -1
    hinted: tuple[int, ...] = ()  # per seat, the cards its plays suggest it does not hold (``hints``)

    @classmethod
    def of(cls, deal: Deal, seat: int | None = None) -> View:
        """What ``seat`` (by default the seat to play) knows; the other hands and the stock are only counted."""
        to_play = -1 if deal.to_play is None else deal.to_play
        if seat is None:
            if deal.to_play is None:
                raise ValueError("the deal is over: nobody is to play")
            seat = deal.to_play
        if not 0 <= seat < deal.players:
            raise ValueError(f"no seat {seat} at a table of {deal.players}")
        plays = round_plays(deal)
        return cls(
            Rules.of(deal.profile),
            deal.players,
            seat,
            mask_of(deal.hands[seat]),
            mask_of(deal.table),
            tuple(mask_of(pile) for pile in deal.piles),
            deal.escobas,
            -1 if deal.last_capturer is None else deal.last_capturer,
            tuple(len(hand) for hand in deal.hands),
            len(deal.stock),
            barred(deal.profile, deal.players, plays),
            to_play,
            hints(deal.players, plays),
        )

    @property
    def side(self) -> int:
        """The seat's side (V3)."""
        return self.seat % len(self.piles)

    def legal_plays(self) -> list[Play]:
        """The seat's legal plays when it is to play, in ``Deal.legal_plays`` order; none otherwise."""
        if self.to_play != self.seat:
            return []
        moves = legal_moves(self.hand, self.table, self.rules.must_any)
        return [play_of(bit.bit_length() - 1, captured) for bit, captured in moves]

    @property
    def unseen(self) -> int:
        """The cards this seat has not seen: in the other hands or the stock (or out of play)."""
        seen = self.hand | self.table
        for pile in self.piles:
            seen |= pile
        return WHOLE_DECK & ~seen

    @property
    def hidden(self) -> bool:
        """Whether some card's place is unknown to this seat: always, unless two play, the stock is empty and every
        card not seen is in the other hand (in a position set up with cards out of play, some are not)."""
        others = sum(self.hand_counts) - self.hand_counts[self.seat]
        return self.stock_count > 0 or self.players > 2 or self.unseen.bit_count() != others

    def world(self, rng: random.Random, infer: bool = False) -> Position:
        """One way the hidden cards may lie, consistent with what this seat has seen: the counts, and the cards a
        lay-down shows a seat cannot hold (with ``infer``, those its plays hint it does not hold). The seats most
        barred are dealt first; should the rest not fit, the last seats take what is left. The stock gets as many
        cards as it holds; in a position set up with cards out of play, the cards left over are out of play in this
        world."""
        left = [index for index in range(len(DECK)) if self.unseen >> index & 1]
        rng.shuffle(left)
        barred = (self.hinted if infer else self.barred) or (0,) * self.players
        hands = [0] * self.players
        hands[self.seat] = self.hand
        others = sorted((s for s in range(self.players) if s != self.seat), key=lambda s: -barred[s].bit_count())
        for seat in others:
            allowed = [index for index in left if not barred[seat] >> index & 1]
            chosen = (allowed if len(allowed) >= self.hand_counts[seat] else left)[: self.hand_counts[seat]]
            hands[seat] = sum(1 << index for index in chosen)
            left = [index for index in left if index not in chosen]
        return Position(
            self.rules, self.players, hands, self.table, left[: self.stock_count], list(self.piles),
            list(self.escobas), self.last, self.to_play,
        )  # fmt: skip


def round_plays(deal: Deal) -> tuple[Laid, ...]:
    """The plays of the round under way (since the hands were last dealt), in order, as ``hints`` reads them."""
    found: list[Laid] = []
    for before, after in reversed(list(pairwise(deal.states))):
        if any(e.kind in (EventKind.DEAL, EventKind.REDEAL) for e in after.events):
            break  # hands dealt: what was played before says nothing of the cards held now
        for e in reversed(after.events):
            if e.kind is EventKind.PLAY and e.play is not None and e.seat is not None:
                found.append((e.seat, e.play.card.bit, *play_bars(mask_of(before.table), e.play.captured_mask)))
    return tuple(reversed(found))


def hints(players: int, plays: Sequence[Laid]) -> tuple[int, ...]:
    """Per seat, the cards its plays this round suggest it does not hold (``play_bars``). A play says nothing once
    the seat later plays one of those cards: it held one and chose otherwise."""
    found, later = [0] * players, [0] * players
    for seat, card, bars, _ in reversed(plays):
        if bars and not bars & later[seat]:
            found[seat] |= bars
        later[seat] |= card
    return tuple(found)


def barred(profile: RuleProfile, players: int, plays: Sequence[Laid]) -> tuple[int, ...]:
    """Per seat, the cards it cannot hold: where a player who can capture must (``must_capture = "any"``), what its
    lay-downs this round hint is certain; elsewhere nothing is, and a take's hint never is."""
    if profile.must_capture != "any" or profile.penalties:
        return (0,) * players
    return hints(players, [(seat, card, bars if laid else 0, laid) for seat, card, bars, laid in plays])


def play_bars(table: int, captured: int) -> tuple[int, bool]:
    """The cards a play on ``table`` taking ``captured`` (0 for a lay-down) hints its hand lacks, and whether it was
    a lay-down. A hand that laid a card down held none that could capture (``lay_down_bars``); one that took and
    left cards on the table held no card that would have taken them all, an escoba and a point (R14)."""
    if not captured:
        return lay_down_bars(table), True
    total = value_of(table)
    return (VALUE_MASKS[CAPTURE_SUM - total] if captured != table and 5 <= total <= 14 else 0), False


def lay_down_bars(table: int) -> int:
    """The cards a hand cannot hold if it laid a card down on ``table`` where it had to capture if it could."""
    sums = groups_by_sum(table)
    return sum(VALUE_MASKS[value] for value in range(1, 11) if sums[CAPTURE_SUM - value])
