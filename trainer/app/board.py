"""A whole board as HTML: hands, table, piles, stock and the last play, with highlights.

Pure Python on top of the engine's ``Deal`` and the SVG cards; the pages only
display what this returns.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from trainer.app.svg import HIGHLIGHTS, card_back_svg, card_label, card_svg
from trainer.cards import Card, cards_text
from trainer.deal import Deal, Event, escobas_text
from trainer.match import Match
from trainer.puzzles.kinds import (
    CapturePuzzle,
    ChecksumPuzzle,
    ChoosePuzzle,
    Puzzle,
    ScorePuzzle,
    SetentaDuelPuzzle,
    SetentaPuzzle,
)
from trainer.scoring import DealScore, score_rows

_ROW = "display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end;min-height:{h}px"
_LABEL = "font:600 0.9rem/1.4 sans-serif;margin:10px 0 4px"
# The cards just taken slide in, so a step reads as a move; not for those who ask for less motion.
_MOTION = (
    "<style>@keyframes escoba-in{from{opacity:0;transform:translateY(-12px)}to{opacity:1;transform:none}}"
    ".escoba-moved{animation:escoba-in .5s ease-out}"
    "@media (prefers-reduced-motion:reduce){.escoba-moved{animation:none}}</style>"
)


@dataclass(frozen=True)
class View:
    """How to draw cards: ``style`` spanish or french, ``theme`` light or dark, card width in pixels."""

    style: str = "spanish"
    theme: str = "light"
    width: int = 64


def seat_name(deal: Deal, seat: int) -> str:
    """A seat as a learner reads it: "You (seat 0)", "Seat 1, dealer"."""
    roles = []
    if seat == 0:
        roles.append("you, first to play")
    if seat == deal.dealer:
        roles.append("dealer")
    if deal.players == 4:
        roles.append(f"side {seat % 2}")
    return f"Seat {seat}" + (f" ({', '.join(roles)})" if roles else "")


def last_play(events: Iterable[Event]) -> tuple[Card | None, frozenset[Card], Event | None]:
    """In a step's events: the card last played, the cards it took, and a take of the whole table.

    The take is the dealer's first-table sweep (R9) or the last capturer's take (R15), which no
    card makes, so the board shows it apart from the play.
    """
    played, taken, whole_table = None, frozenset[Card](), None
    for event in events:
        if event.kind == "play" and event.play is not None:
            played, taken = event.play.card, event.play.captured
        elif event.kind in ("sweep", "last-take", "no-take"):
            whole_table = event
    return played, taken, whole_table


def _whole_table_text(event: Event) -> str:
    cards, worth = cards_text(event.cards), sum(card.value for card in event.cards)
    if event.kind == "sweep":
        return f"The dealer's side took the first table, {cards} (worth {worth}): {escobas_text(event.escobas)} (R9)"
    if event.kind == "no-take":
        return f"Left on the table at the end, worth {worth}: nobody captured, so nobody takes it (R15)"
    return f"Left on the table at the end, worth {worth}: side {event.side} made the last capture and takes it (R15)"


def as_image(svg: str, label: str, width: int) -> str:
    """An SVG as an ``<img>`` with a text alternative: pages sanitise inline SVG, but keep images."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(label)}" title="{escape(label)}" width="{width}">'


def _card(card: Card, view: View, mark: str | None) -> str:
    label = card_label(card) + (f", {HIGHLIGHTS[mark][0]}" if mark else "")
    svg = card_svg(card, style=view.style, theme=view.theme, highlight=mark, width=view.width)
    return as_image(svg, label, view.width)


def _cards_row(cards: Iterable[Card], view: View, marks: dict[Card, str], label: str) -> str:
    body = "".join(_card(card, view, marks.get(card)) for card in cards)
    body = body or f'<span style="opacity:.6;font-style:italic">{escape(label)}</span>'
    return f'<div style="{_ROW.format(h=int(view.width * 1.5))}">{body}</div>'


def board_html(
    deal: Deal,
    view: View = View(),
    highlight: Iterable[Card] = (),
    events: Iterable[Event] = (),
    face_up: tuple[int, ...] | None = None,
) -> str:
    """The board of ``deal``: every seat's hand and pile, the table, the stock and the last play."""
    played, taken, whole_table = last_play(events)
    swept = frozenset(whole_table.cards) if whole_table else frozenset[Card]()
    marks = {card: "selected" for card in highlight}
    marks |= {card: "taken" for card in taken | swept}
    if played is not None:
        marks[played] = "played"
    parts = []
    order = [*range(1, deal.players), 0]  # the others across the table, you at the bottom
    for seat in order:
        if seat == 0:
            parts.append(_table(deal, view, marks))
        hand = deal.hands[seat]
        shown = face_up is None or seat in face_up
        side = seat % 2
        title = f"{seat_name(deal, seat)}: {len(hand)} in hand; side {side} {pile_text(deal, side)}"
        if shown:
            row = _cards_row(hand, view, marks, "no cards in hand")
        else:
            back = as_image(card_back_svg(theme=view.theme, width=view.width), "face-down card", view.width)
            backs = back * len(hand)
            row = f'<div style="{_ROW.format(h=int(view.width * 1.5))}">{backs or "no cards in hand"}</div>'
        parts.append(f'<div style="{_LABEL}">{escape(title)}</div>{row}')
    if played is not None and taken:
        last = f'<div style="{_LABEL}">Last play: {escape(str(played))} took {escape(cards_text(taken))}</div>'
        parts.append(f'<div class="escoba-moved">{last}{_cards_row([played, *sorted(taken)], view, marks, "")}</div>')
    if whole_table is not None and swept:
        label = f'<div style="{_LABEL}">{escape(_whole_table_text(whole_table))}</div>'
        parts.append(f'<div class="escoba-moved">{label}{_cards_row(sorted(swept), view, marks, "")}</div>')
    return f'{_MOTION}<div role="group" aria-label="Escoba board">{"".join(parts)}</div>'


def _table(deal: Deal, view: View, marks: dict[Card, str]) -> str:
    total = sum(card.value for card in deal.table)
    stock = f"stock: {len(deal.stock)} cards" if deal.stock or not deal.is_over else "deal over"
    count = len(deal.table)
    title = f"Table ({count} card{'' if count == 1 else 's'}, worth {total}) · {stock}"
    return (
        f'<div style="{_LABEL};margin-top:18px">{escape(title)}</div>'
        f'<div style="padding:8px;border-radius:10px;background:rgba(46,125,50,.12)">'
        f"{_cards_row(deal.table, view, marks, 'the table is empty')}</div>"
    )


def pile_text(deal: Deal, side: int) -> str:
    """A side's pile in words: "pile 12 cards, 1 escoba"."""
    count = deal.escobas[side]
    escobas = f", {count} escoba{'s' if count != 1 else ''}" if count else ""
    return f"pile {len(deal.piles[side])} cards{escobas}"


def score_markdown(scores: Sequence[DealScore], sides: tuple[str, str] = ("Side 0", "Side 1")) -> str:
    """A deal's points category by category, with the figures behind them (R18, R19), as a table."""
    lines = [f"| | {sides[0]} | {sides[1]} |", "| --- | --- | --- |"]
    for name, a, b in score_rows(scores):
        bold = "**" if name == "total" else ""
        lines.append(f"| {bold}{name.capitalize()}{bold} | {bold}{a}{bold} | {bold}{b}{bold} |")
    return "\n".join(lines)


def match_markdown(match: Match) -> str:
    """Every deal of a match with its points and the running totals (R21)."""
    lines = ["| deal | dealer | side 0 | side 1 | totals |", "| --- | --- | --- | --- | --- |"]
    totals = [0, 0]
    for number, done in enumerate(match.finished, start=1):
        points = [score.total for score in done.scores]
        totals = [totals[0] + points[0], totals[1] + points[1]]
        lines.append(f"| {number} | seat {done.dealer} | {points[0]} | {points[1]} | {totals[0]} – {totals[1]} |")
    return "\n".join(lines)


def position_html(puzzle: Puzzle, view: View = View(), chosen: Iterable[Card] = ()) -> str:
    """A puzzle's position: the table and the cards in play, or the piles to count."""
    marks = {card: "selected" for card in chosen}
    rows: list[tuple[str, tuple[Card, ...]]] = []
    if isinstance(puzzle, CapturePuzzle):
        rows = [("Card played", (puzzle.play,)), ("Table", puzzle.table)]
    elif isinstance(puzzle, ChoosePuzzle):
        if puzzle.next_hand:
            rows.append(("The next player holds", puzzle.next_hand))
        rows += [("Table", puzzle.table), ("Your hand", puzzle.hand)]
        if puzzle.pile:
            rows.append(("Your pile so far", puzzle.pile))
    elif isinstance(puzzle, SetentaPuzzle):
        rows = [(f"The pile ({len(puzzle.pile)} cards)", puzzle.pile)]
    elif isinstance(puzzle, SetentaDuelPuzzle | ScorePuzzle):
        for name, pile in zip(("A", "B"), puzzle.piles, strict=True):
            escobas = f", {puzzle.escobas[name == 'B']} escoba(s)" if isinstance(puzzle, ScorePuzzle) else ""
            rows.append((f"Side {name}'s pile ({len(pile)} cards{escobas})", pile))
    elif isinstance(puzzle, ChecksumPuzzle):
        hidden = " and one card face down" if puzzle.ask == "missing" else ""
        rows = [(f"Left on the table at the end of a deal{hidden}", puzzle.table)]
    parts = [
        f'<div style="{_LABEL}">{escape(label)}</div>{_cards_row(cards, view, marks, "none")}' for label, cards in rows
    ]
    if isinstance(puzzle, ChecksumPuzzle) and puzzle.ask == "missing":
        back = as_image(card_back_svg(theme=view.theme, width=view.width), "face-down card", view.width)
        parts.append(f'<div style="{_ROW.format(h=int(view.width * 1.5))}">{back}</div>')
    return f'<div role="group" aria-label="Puzzle position">{"".join(parts)}</div>'
