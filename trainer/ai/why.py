"""Why a play was worse than the best one: the facts of the position that set them apart, as words for a learner.

From the position before the play, the play made and the best one, it finds what the best play took that the
other did not (an escoba, the 7♦, better cards for the setenta, sevens, coins, cards: each only where the rule set
scores it), and what the play made left open to the next player that the best did not (a sweep of the table, the
7♦ to take), with how likely that is over the hands the next player could hold as the learner saw the deal, and,
with two players, a sweep the best play sets up for the learner's next turn whatever the next player does. Each
fact is weighed by the points at stake, most first, and at most ``MOST`` are said. Nothing is said that the engine
did not work out from the position; a play as good as the best gets no reason. ``left_open`` says, of one play
alone, what it leaves the next player, where the chance is worth a warning.

>>> from trainer import Deal, parse_cards, parse_play
>>> deal = Deal.from_position(table=parse_cards("7♦ 5♣"), hands=[parse_cards("3♠ 6♥"), parse_cards("2♠ 4♣")])
>>> for words in reasons(deal, parse_play("6♥"), parse_play("3♠ 7♦ 5♣")):
...     print(words)
The best play swept the table: an escoba.
The best play took 7♦.
The best play took 3♠ 5♣, better cards for the setenta.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb

from trainer.ai.bots import sampled_worlds
from trainer.ai.playout import Position
from trainer.ai.view import View
from trainer.cards import DECK, SUITS, Card, cards_of, cards_text, value_of
from trainer.deal import Deal, EventKind
from trainer.plays import CAPTURE_SUM, Play, groups_by_sum
from trainer.scoring import COINS_MASK, SEVEN_OF_COINS, SEVENS_MASK
from trainer.text import Said, said, said_plural

#: The most reasons said for one play.
MOST = 3
#: The least difference in chance, between the play made and the best, worth saying.
LEAST_CHANCE = 0.05
#: A rough worth, in points, of taking more of a category a side wins by having most of (so a sure point, an
#: escoba or the 7♦, weighs more): what orders these reasons among the others.
_MOST_OF_WORTH = {"setenta": 0.5, "sevens": 0.5, "coins": 0.3, "cards": 0.2}
#: The least chance, of a sweep or of the 7♦ left to the next player, worth a warning after a play.
WARN = 0.25
_BY_VALUE = {value: sum(card.bit for card in DECK if card.value == value) for value in range(1, 11)}


@dataclass(frozen=True)
class _Reason:
    weight: float  # the points at stake, roughly
    words: Said


def reasons(before: Deal, made: Play, best: Play, samples: int = 32, seed: int | str | None = 0) -> tuple[Said, ...]:
    """Why ``best`` is better than ``made`` in the position ``before``, most important first; none when they are
    the same play. A chance is exact, over every hand of the cards the seat to play has not seen, unless the rule set
    lets a lay-down show cards the next player cannot hold: then it is taken over ``samples`` ways the hidden cards
    may lie, drawn from ``seed`` (``sampled_worlds``)."""
    if made == best:
        return ()
    worlds = _Worlds(View.of(before), samples, seed)
    found = [*_taken(before, made, best), *_left_open(before, made, best, worlds), *_set_up(before, made, best, worlds)]
    found.sort(key=lambda reason: -reason.weight)
    return tuple(reason.words for reason in found[:MOST])


def odds_of_the_unseen(before: Deal) -> Said:
    """Why a play lost where no fact ``reasons`` finds sets it apart from the best: the loss shows only once the deal
    is played to its end, over the ways the unseen cards may lie (or on the cards as they lie, where none is hidden)."""
    if View.of(before).hidden:
        return said(
            "No one fact of the position sets the two plays apart: the best play came out ahead over the many ways "
            "the unseen cards may lie, each played to the end of the deal."
        )
    return said(
        "No one fact of the position sets the two plays apart: with every card known, the best play came out ahead "
        "once the deal was played to its end."
    )


def _take(play: Play) -> int:
    """The cards a play puts in its side's pile: the card played and those it takes; none for a lay-down."""
    return play.captured_mask | play.card.bit if play.captured else 0


def _taken(before: Deal, made: Play, best: Play) -> list[_Reason]:
    """What the best play took that the play made did not, in the categories the rule set scores."""
    points, table = before.profile.points, sum(card.bit for card in before.table)
    ours, theirs = _take(best), _take(made)
    found = []
    if "escoba" in points and best.captured_mask == table and made.captured_mask != table:
        found.append(_Reason(points["escoba"], said("The best play swept the table: an escoba.")))
    seven = SEVEN_OF_COINS.bit
    took_seven = "seven_of_coins" in points and ours & seven and not theirs & seven
    if took_seven:
        found.append(_Reason(points["seven_of_coins"], said("The best play took {card}.", card=str(SEVEN_OF_COINS))))
    if "setenta" in points:  # the 7♦, if said already, is not said again
        pile = sum(card.bit for card in before.piles[before.side_of(before.to_play or 0)])
        better = _better_for_setenta(ours & ~seven if took_seven else ours, pile | theirs, before)
        if better:
            words = said("The best play took {cards}, better cards for the setenta.", cards=cards_text(better))
            found.append(_Reason(_MOST_OF_WORTH["setenta"], words))
    for name, kind in (("sevens", SEVENS_MASK), ("coins", COINS_MASK), ("cards", -1)):  # -1: every card
        more, fewer = (ours & kind).bit_count(), (theirs & kind).bit_count()
        if name in points and more > fewer:
            found.append(_Reason(_MOST_OF_WORTH[name], _more_words(name, more, fewer)))
    return found


def _more_words(name: str, more: int, fewer: int) -> Said:
    """The best play took ``more`` sevens, coins or cards, the play made ``fewer``."""
    if name == "sevens":
        return said_plural(
            "The best play took {n} seven, against {made} for yours.",
            "The best play took {n} sevens, against {made} for yours.",
            more,
            made=fewer,
        )
    if name == "coins":
        return said_plural(
            "The best play took {n} coin, against {made} for yours.",
            "The best play took {n} coins, against {made} for yours.",
            more,
            made=fewer,
        )
    return said_plural(
        "The best play took {n} card, against {made} for yours.",
        "The best play took {n} cards, against {made} for yours.",
        more,
        made=fewer,
    )


def _better_for_setenta(taken: int, against: int, before: Deal) -> tuple[Card, ...]:
    """The cards of ``taken`` that beat, in their suit's setenta price, every card of ``against`` (R19)."""
    prices = before.profile.setenta_prices
    top = {suit: max((prices[c.rank] for c in cards_of(against) if c.suit is suit), default=0) for suit in SUITS}
    return tuple(card for card in cards_of(taken) if prices[card.rank] > top[card.suit])


class _Worlds:
    """The sampled ways the hidden cards may lie, drawn only if a chance needs them."""

    def __init__(self, seen: View, samples: int, seed: int | str | None) -> None:
        self.seen, self.samples, self.seed = seen, samples, seed
        self._drawn: list[Position] | None = None

    def drawn(self) -> list[Position]:
        if self._drawn is None:
            self._drawn = sampled_worlds(self.seen, self.samples, self.seed)
        return self._drawn


def _left_open(before: Deal, made: Play, best: Play, worlds: _Worlds) -> list[_Reason]:
    """What the play made leaves the next player that the best play does not: a sweep, the 7♦ to take."""
    points = before.profile.points
    (sweep_made, seven_made), (sweep_best, seven_best) = (_open_chances(before, play, worlds) for play in (made, best))
    found = []
    if sweep_made - sweep_best >= LEAST_CHANCE:
        words = said(
            "Your play left {cards} on the table, {total} in all: the next player sweeps it with a card worth "
            "{value} in {percent} of the hands they could hold; after the best play, {best}.",
            **_table_left(before, made),
            percent=_percent(sweep_made),
            best=_percent(sweep_best),
        )
        found.append(_Reason(points["escoba"] * (sweep_made - sweep_best), words))
    if not _take(best) & SEVEN_OF_COINS.bit and seven_made - seven_best >= LEAST_CHANCE:
        words = said(
            "Your play left {card} for the next player to take, in {percent} of the hands they could hold; after "
            "the best play, {best}.",
            card=str(SEVEN_OF_COINS),
            percent=_percent(seven_made),
            best=_percent(seven_best),
        )
        found.append(_Reason(points["seven_of_coins"] * (seven_made - seven_best), words))
    return found


def left_open(before: Deal, play: Play, samples: int = 32, seed: int | str | None = 0) -> tuple[Said, ...]:
    """What ``play`` leaves the next player, as the seat that made it saw the deal: a sweep of the table, the 7♦ to
    take, each said where its chance is at least ``WARN``; a chance is worked out as ``reasons`` works it out."""
    worlds = _Worlds(View.of(before), samples, seed)
    sweep, seven = _open_chances(before, play, worlds)
    found = []
    if sweep >= WARN:
        found.append(
            said(
                "Your play leaves {cards} on the table, {total} in all: the next player sweeps it with a card worth "
                "{value} in {percent} of the hands they could hold.",
                **_table_left(before, play),
                percent=_percent(sweep),
            )
        )
    if seven >= WARN:
        found.append(
            said(
                "Your play leaves {card} for the next player to take, in {percent} of the hands they could hold.",
                card=str(SEVEN_OF_COINS),
                percent=_percent(seven),
            )
        )
    return tuple(found)


def _table_left(before: Deal, play: Play) -> dict[str, object]:
    """The table ``play`` leaves, its worth, and the worth of the card that would sweep it."""
    table = before.play(play).table
    total = sum(card.value for card in table)
    return {"cards": cards_text(table), "total": total, "value": CAPTURE_SUM - total}


def _open_chances(before: Deal, play: Play, worlds: _Worlds) -> tuple[float, float]:
    """The chances that the next player sweeps the table ``play`` leaves, and that they take the 7♦ from it; 0 for
    what the rule set does not score."""
    points, after = before.profile.points, before.play(play)
    sweep = _chance(worlds.seen, after, play, worlds, _sweepers) if "escoba" in points else 0.0
    seven = _chance(worlds.seen, after, play, worlds, _seven_takers) if "seven_of_coins" in points else 0.0
    return sweep, seven


def _percent(chance: float) -> str:
    """A chance as a whole percentage: "41%"."""
    return f"{round(100 * chance)}%"


def _set_up(before: Deal, made: Play, best: Play, worlds: _Worlds) -> list[_Reason]:
    """A sweep the best play sets up for the learner's next turn, whatever the next player plays, and the play made
    does not: with two players, the share of the sampled worlds where after the play and every reply the other
    hand could make, a card the learner still holds takes the whole table."""
    if "escoba" not in before.profile.points or before.players != 2:
        return []
    chances = [_next_sweep(play, worlds) for play in (best, made)]
    if chances[0] - chances[1] < LEAST_CHANCE:
        return []
    words = said(
        "The best play set up a sweep for your next turn: whatever the next player plays, one of your cards then "
        "takes the whole table, in {percent} of the hands they could hold; after yours, {made}.",
        percent=_percent(chances[0]),
        made=_percent(chances[1]),
    )
    return [_Reason(before.profile.points["escoba"] * (chances[0] - chances[1]), words)]


def _next_sweep(play: Play, worlds: _Worlds) -> float:
    """The share of the worlds where, after ``play``, every reply of the other seat leaves the table to a sweep by
    a card the seat that played still holds (none once a new hand is dealt, or the deal is over)."""
    seat, hits = worlds.seen.seat, 0
    kept = worlds.seen.hand & ~play.card.bit
    drawn = worlds.drawn()
    for world in drawn:
        ahead = world.copy()
        ahead.apply((play.card.bit, play.captured_mask))
        if ahead.to_play < 0 or ahead.hands[seat] != kept:
            continue
        replies = ahead.moves()
        for reply in replies:
            after = ahead.copy()
            after.apply(reply)
            if after.hands[seat] != kept or not after.table or not kept & _sweepers(after.table):
                break
        else:
            hits += bool(replies)
    return hits / len(drawn)


def _sweepers(table: int) -> int:
    """The cards that take the whole of ``table`` at once."""
    needed = CAPTURE_SUM - value_of(table)
    return _BY_VALUE[needed] if table and 1 <= needed <= 10 else 0


def _seven_takers(table: int) -> int:
    """The cards that can take the 7♦ from ``table``, with other cards or alone."""
    if not table & SEVEN_OF_COINS.bit:
        return 0
    sums = groups_by_sum(table)
    return sum(
        _BY_VALUE[value]
        for value in range(1, 11)
        if any(group & SEVEN_OF_COINS.bit for group in sums[CAPTURE_SUM - value])
    )


def _chance(seen: View, after: Deal, play: Play, worlds: _Worlds, takers_of: Callable[[int], int]) -> float:
    """The chance that the next player holds a card of ``takers_of(table)`` for the table ``play`` leaves, as the
    seat that played saw the deal: exact over every hand of the cards it has not seen, unless the next player's
    lay-downs this round showed cards it cannot hold; then over ``worlds``."""
    if after.is_over:
        return 0.0
    takers: int = takers_of(sum(card.bit for card in after.table)) & seen.unseen
    if not takers:
        return 0.0
    nxt = after.to_play or 0
    held = len(after.hands[nxt])
    dealt = any(event.kind is EventKind.REDEAL for event in after.events)
    if dealt or not seen.barred or not seen.barred[nxt]:
        unseen = seen.unseen.bit_count()
        return 1 - comb(unseen - takers.bit_count(), held) / comb(unseen, held)
    move = (play.card.bit, play.captured_mask)
    hits = 0
    drawn = worlds.drawn()
    for world in drawn:
        ahead = world.copy()
        ahead.apply(move)
        hits += bool(ahead.hands[ahead.to_play] & takers)
    return hits / len(drawn)
