"""The words of a table where classmates play each other: who sits where, the sides, what the table plays, and who
won, each as the player reading it sees it."""

from __future__ import annotations

from trainer.ai.shared import SharedMatch
from trainer.app.card_style import CardStyle
from trainer.app.names import BOT_LEVELS
from trainer.progress.stats import plain
from trainer.progress.tables import SharedTable, TableSettings


def person(table: SharedTable, seat: int, me: int | None, view: CardStyle) -> str:
    """Who is at match seat ``seat``: "you", a classmate's name, or the computer."""
    t = view.t
    if seat == me:
        return t.text("you")
    held = table.seat_at(seat)
    return plain(held.name) if held is not None and held.joined else t.text("the computer")


def seats_line(table: SharedTable, shared: SharedMatch, me: int, view: CardStyle) -> str:
    """Who sits at each seat of the deal under way, by the seat numbers the table shows, and whose seat the computer
    plays for them: "Seat 0: Ben · Seat 1: you · Seat 2: the computer · Seat 3: Cai (away: the computer plays)"."""
    t, parts = view.t, []
    for deal_seat in range(shared.match.players):
        seat = shared.match.seat_of(deal_seat)
        who = person(table, seat, me, view)
        if seat in shared.away:
            who = t.text("{name} (away: the computer plays for them)", name=who)
        parts.append(t.text("Seat {seat}: {who}", seat=deal_seat, who=who))
    return " · ".join(parts)


def side_names(table: SharedTable, shared: SharedMatch, me: int, view: CardStyle, heading: bool = True) -> list[str]:
    """Each match side by who plays on it, "you" among them: "You and Cai", "Ben and the computer"; lower case
    (``heading`` False) to go within a sentence."""
    t, match = view.t, shared.match
    names = [
        t.items([person(table, seat, me, view) for seat in range(match.players) if seat % match.sides == side])
        for side in range(match.sides)
    ]
    return [name[:1].upper() + name[1:] for name in names] if heading else names


def settings_words(settings: TableSettings, view: CardStyle) -> str:
    """What a table plays: "Classic, with the setenta · 4 players · to 21 points · the computer: Steady"."""
    t = view.t
    return " · ".join(
        (
            t.text(settings.profile.title),
            t.plural("{n} player", "{n} players", settings.players),
            t.plural("to {n} point", "to {n} points", settings.target),
            t.text("empty seats: {level}", level=t.text(BOT_LEVELS[settings.level][0])),
        )
    )


def result_words(table: SharedTable, shared: SharedMatch, me: int, view: CardStyle) -> tuple[bool, str]:
    """Whether the reader's side won the match just over, and who did, with the points."""
    t, match = view.t, shared.match
    winner = match.winner if match.winner is not None else 0
    totals = " – ".join(str(total) for total in match.totals)
    won = winner == me % match.sides
    if won:
        return True, t.text("Your side won the match, {totals}.", totals=totals)
    side = side_names(table, shared, me, view, heading=False)[winner]
    return False, t.text("The match is over: {side} won it, {totals}.", side=side, totals=totals)
