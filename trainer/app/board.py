"""A whole board as rows of cards: hands, table, piles, stock and the last play, with highlights.

Pure Python on top of the engine's ``Deal`` and the SVG cards. A board or a puzzle position is
first built as ``Row`` values (``board_rows``, ``position_rows``); ``rows_html`` draws them as
HTML to look at, and the card table draws the same rows as cards to pick.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence
from html import escape

from trainer.app.card_style import CardStyle
from trainer.app.names import cards_name, say, sentence_name, spoken_label, spoken_name, suit_words
from trainer.app.rows import Face, Row
from trainer.app.svg import card_back_svg, card_svg
from trainer.cards import Card, Suit
from trainer.deal import Deal, Event, EventKind
from trainer.i18n import Translator
from trainer.match import Match
from trainer.puzzles.kinds import Puzzle
from trainer.puzzles.kinds.shown import Board, Part
from trainer.scoring import CATEGORIES, DealScore, setenta_cards
from trainer.text import marked

_ROW = "display:flex;flex-wrap:wrap;gap:5px;align-items:flex-end"
_LABEL = "font:600 0.9rem/1.4 sans-serif;margin:10px 0 4px"
_NOTE = "font-weight:400;font-style:italic;opacity:.75"
_TABLE = "padding:6px;border-radius:10px;background:rgba(46,125,50,.12)"
# Cards shrink on a phone so a hand of three and a table of four to six fit a 390 px screen.
_CARD = "width:clamp({low}px,14vw,{high}px);height:auto"
# Rows that show a move: the cards just taken slide in; not for those who ask for less motion.
_MOVES = ("last-play", "whole-table")
_MOTION = (
    "<style>@keyframes escoba-in{from{opacity:0;transform:translateY(-12px)}to{opacity:1;transform:none}}"
    ".escoba-moved{animation:escoba-in .5s ease-out}"
    "@media (prefers-reduced-motion:reduce){.escoba-moved{animation:none}}</style>"
)
FACE_DOWN = marked("face-down card")
#: What a board is drawn with unless the caller says otherwise: Spanish faces, light, 64 pixels, in English.
_DEFAULT_STYLE = CardStyle()


def card_face(card: Card, view: CardStyle, mark: str | None = None) -> Face:
    """One card face up, drawn and named for ``view``; ``mark`` is a highlight such as "played"."""
    label = spoken_label(card, view, mark)
    svg = card_svg(
        card, label=label, style=view.style, theme=view.theme, highlight=mark, width=view.width, courts=view.courts
    )
    return Face(str(card), svg, label, mark)


def face_down(view: CardStyle) -> Face:
    """A card face down: it has no token and says nothing of the card."""
    label = view.t.text(FACE_DOWN)
    return Face("", card_back_svg(theme=view.theme, width=view.width, label=label), label)


def seat_name(deal: Deal, seat: int, me: int = 0, view: CardStyle = _DEFAULT_STYLE) -> str:
    """A seat as a learner reads it: "You (seat 0)", "Seat 1, dealer", "Seat 2, your partner"."""
    t = view.t
    roles = [t.text("You (seat {seat})", seat=seat) if seat == me else t.text("Seat {seat}", seat=seat)]
    if seat != me and deal.side_of(seat) == deal.side_of(me):
        roles.append(t.text("your partner"))
    if seat == deal.dealer:
        roles.append(t.text("dealer"))
    return ", ".join(roles)


def pile_text(deal: Deal, side: int, view: CardStyle = _DEFAULT_STYLE) -> str:
    """A side's pile in words: "12 cards and an escoba", "empty"."""
    t = view.t
    cards, escobas = len(deal.piles[side]), deal.escobas[side]
    if not cards:
        return t.text("empty")
    counted = _cards(t, cards)
    return t.text("{cards} and {escobas}", cards=counted, escobas=_escobas(t, escobas)) if escobas else counted


def escobas_said(cards: Sequence[Card], view: CardStyle) -> str:
    """Escobas made with these cards, in words, for a pile whose escobas are drawn face up (the Play table's): "2
    escobas (7 of coins and sota of cups)"; nothing for none."""
    t = view.t
    if not cards:
        return ""
    return t.text(
        "{escobas} ({cards})", escobas=_escobas(t, len(cards)), cards=t.items(spoken_name(c, view) for c in cards)
    )


def escoba_cards(deal: Deal) -> list[list[Card]]:
    """For each side, the cards that made its escobas so far: the card played for each, and for a first table swept
    (R9) as many of the swept cards as it counted escobas."""
    made: list[list[Card]] = [[] for _ in range(deal.sides)]
    for event in deal.log:
        if event.side is None or not event.escobas:
            continue
        if event.kind is EventKind.PLAY and event.play is not None:
            made[event.side].append(event.play.card)
        elif event.kind is EventKind.SWEEP:
            made[event.side].extend(sorted(event.cards)[: event.escobas])
    return made


def _cards(t: Translator, count: int) -> str:
    return t.plural("{n} card", "{n} cards", count)


def _escobas(t: Translator, count: int) -> str:
    """Escobas made, in words: "an escoba", "2 escobas"."""
    return t.plural("an escoba", "{n} escobas", count)


def keys_words(t: Translator, confirm: str) -> str:
    """Which keys do what on a table of cards to pick from, ``confirm`` being its button ("Play", "Check")."""
    return t.text("Arrow keys: from card to card · Space or Enter: pick · Ctrl+Enter: {confirm}", confirm=confirm)


def last_play(events: Iterable[Event]) -> tuple[Card | None, frozenset[Card], Event | None]:
    """In a step's events: the card last played, the cards it took, and a take of the whole table.

    The take is the dealer's first-table sweep (R9) or the last capturer's take (R15), which no
    card makes, so the board shows it apart from the play.
    """
    played, taken, whole_table = None, frozenset[Card](), None
    for event in events:
        if event.kind is EventKind.PLAY and event.play is not None:
            played, taken = event.play.card, event.play.captured
        elif event.kind in (EventKind.SWEEP, EventKind.LAST_TAKE, EventKind.NO_TAKE):
            whole_table = event
    return played, taken, whole_table


def side_words(deal: Deal, side: int, me: int, view: CardStyle = _DEFAULT_STYLE) -> str:
    """A side as the learner at seat ``me`` reads it: "your side", "the other side", or a seat of its own."""
    t = view.t
    if side == deal.side_of(me):
        return t.text("your side")
    return t.text("the other side") if deal.sides == 2 else t.text("seat {side}'s side", side=side)


def _whole_table_text(event: Event, view: CardStyle, deal: Deal, me: int) -> str:
    t, worth = view.t, sum(card.value for card in event.cards)
    if event.kind is EventKind.SWEEP:
        cards = cards_name(sorted(event.cards), view)
        if not event.escobas:  # a rule set where the first table is taken without an escoba (V1)
            return t.text(
                "The dealer's side took the first table, {cards}, worth {worth}, with no escoba in these rules",
                cards=cards,
                worth=worth,
            )
        return t.text(
            "The dealer's side took the first table, {cards}, worth {worth}: {escobas} (R9)",
            cards=cards,
            worth=worth,
            escobas=_escobas(t, event.escobas),
        )
    if event.kind is EventKind.NO_TAKE:
        return t.text(
            "Left on the table at the end, worth {worth}: nobody captured, so nobody takes it (R15)", worth=worth
        )
    return t.text(
        "At the end {taker} had made the latest capture, so it also gets the leftover cards, worth {worth} (R15)",
        worth=worth,
        taker=side_words(deal, event.side or 0, me, view),
    )


def board_rows(
    deal: Deal,
    view: CardStyle = _DEFAULT_STYLE,
    highlight: Iterable[Card] = (),
    events: Iterable[Event] = (),
    face_up: tuple[int, ...] | None = None,
    pick: bool = False,
    me: int = 0,
    answer: Iterable[Card] = (),
    table_worth: bool = True,
) -> tuple[Row, ...]:
    """The board of ``deal`` as rows: the other seats, the table, your hand (seat ``me``), then the last play.

    With ``pick`` the learner picks one card of the "hand" row and any cards of the "table" row; the cards of a
    shown ``answer`` are marked. Without ``table_worth`` the table's title counts its cards but does not add them
    up (for a question on that sum).
    """
    t = view.t
    played, taken, whole_table = last_play(events)
    swept = frozenset(whole_table.cards) if whole_table else frozenset[Card]()
    marks = {card: "selected" for card in highlight}
    marks |= {card: "taken" for card in taken | swept}
    if played is not None:
        marks[played] = "played"
    marks |= {card: "answer" for card in answer}
    rows = []
    others = [(me + step) % deal.players for step in range(1, deal.players)]
    for seat in [*others, me]:  # the others across the table in playing order, you at the bottom
        if seat == me:
            rows.append(_table_row(deal, view, marks, pick, table_worth))
        hand = deal.hands[seat]
        shown = face_up is None or seat in face_up
        faces = (
            tuple(card_face(card, view, marks.get(card)) for card in hand) if shown else (face_down(view),) * len(hand)
        )
        side = deal.side_of(seat)
        ours = side == deal.side_of(me)
        whose = (
            (t.text("your side's pile") if ours else t.text("their side's pile"))
            if deal.players > deal.sides
            else t.text("pile")
        )
        in_hand = t.plural("{n} card in hand", "{n} cards in hand", len(hand))
        title = f"{seat_name(deal, seat, me, view)}: {in_hand} · {whose}: {pile_text(deal, side, view)}"
        name, choice = ("hand", "one" if pick and shown else None) if seat == me else (f"seat-{seat}", None)
        rows.append(Row(title, faces, name, choice, t.text("no cards in hand")))
    if played is not None and taken:
        title = t.text(
            "Last play: {card} took {cards}", card=sentence_name(played, view), cards=cards_name(sorted(taken), view)
        )
        faces = tuple(card_face(card, view, marks[card]) for card in [played, *sorted(taken)])
        rows.append(Row(title, faces, "last-play"))
    if whole_table is not None and swept:
        faces = tuple(card_face(card, view, "taken") for card in sorted(swept))
        rows.append(Row(_whole_table_text(whole_table, view, deal, me), faces, "whole-table"))
    return tuple(rows)


def _table_row(deal: Deal, view: CardStyle, marks: dict[Card, str], pick: bool, worth: bool) -> Row:
    t, count, total = view.t, len(deal.table), sum(card.value for card in deal.table)
    stock = (
        t.plural("stock: {n} card", "stock: {n} cards", len(deal.stock))
        if deal.stock or not deal.is_over
        else t.text("the deal is over")
    )
    if not count:
        table = t.text("Table")
    elif worth:
        table = t.plural("Table: {n} card, worth {total}", "Table: {n} cards, worth {total}", count, total=total)
    else:
        table = t.plural("Table: {n} card", "Table: {n} cards", count)
    title = f"{table} · {stock}"
    faces = tuple(card_face(card, view, marks.get(card)) for card in deal.table)
    return Row(title, faces, "table", "many" if pick else None, t.text("the table is empty"))


def position_rows(
    puzzle: Puzzle,
    view: CardStyle = _DEFAULT_STYLE,
    chosen: Iterable[Card] = (),
    pick: bool = False,
    answer: Iterable[Card] = (),
) -> tuple[Row, ...]:
    """A puzzle's position as rows (``Puzzle.scene``): the cards in play, the piles to count, the seats, the totals,
    or a deal's board.

    With ``pick`` the learner picks what the puzzle asks for (table cards in a capture, a hand card and table cards
    in a choose puzzle); the ``chosen`` cards are marked, and those of a shown ``answer``.
    """
    scene = puzzle.scene()
    if isinstance(scene, Board):
        highlight = (*scene.asked, *chosen)
        return board_rows(
            scene.deal, view, highlight, face_up=scene.face_up, pick=pick and scene.pick, me=scene.me, answer=answer
        )
    marks = {card: "selected" for card in chosen} | {card: "answer" for card in answer}
    return tuple(_part_row(part, view, marks, pick) for part in scene)


def _part_row(part: Part, view: CardStyle, marks: dict[Card, str], pick: bool) -> Row:
    """One row of a position, its cards marked, the card just played as such; face down cards after them."""
    t = view.t
    faces = tuple(card_face(card, view, "played" if part.played else marks.get(card)) for card in part.cards)
    empty = "" if part.empty is None else t.said(part.empty)
    hidden = (face_down(view),) * part.hidden
    return Row(t.said(part.title), (*faces, *hidden), part.name, part.pick if pick else None, empty)


def as_image(svg: str, label: str, width: int) -> str:
    """An SVG as an ``<img>`` with a text alternative: pages sanitise inline SVG, but keep images.

    The card shrinks to fit a phone's width, down to 44 pixels.
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    style = _CARD.format(low=min(44, width), high=width)
    return (
        f'<img class="escoba-card" src="data:image/svg+xml;base64,{data}" alt="{escape(label)}" '
        f'title="{escape(label)}" width="{width}" style="{style}">'
    )


def pile_rows(deal: Deal, side: int, view: CardStyle = _DEFAULT_STYLE) -> tuple[Row, ...]:
    """A side's pile suit by suit, with how many cards of each and, where the rule set scores the setenta, each
    suit's best setenta card marked (R19).

    The totals are left for the learner to work out.
    """
    t, pile = view.t, deal.piles[side]
    escobas = escobas_count(deal.escobas[side], view)
    rows = [
        Row(t.text("Side {side}'s pile, suit by suit ({escobas})", side="ABC"[side], escobas=escobas), (), empty="")
    ]
    best = set(setenta_cards(pile).values()) if "setenta" in deal.profile.points else set()
    for suit in Suit:
        cards = sorted(card for card in pile if card.suit is suit)
        faces = tuple(card_face(card, view, "best" if card in best else None) for card in cards)
        title = f"{suit_words(suit, view).capitalize()}: {_cards(t, len(cards))}"
        rows.append(Row(title, faces, empty=t.text("none")))
    return tuple(rows)


def escobas_count(count: int, view: CardStyle = _DEFAULT_STYLE) -> str:
    """An escoba count for a list of figures: "no escoba", "1 escoba", "2 escobas"."""
    t = view.t
    return t.plural("{n} escoba", "{n} escobas", count) if count else t.text("no escoba")


def rows_html(rows: Iterable[Row], view: CardStyle, label: str | None = None) -> str:
    """Rows of cards as HTML to look at, in a group named ``label`` (by default "Cards" in the view's language);
    an empty row is one line of text."""
    label = view.t.text("Cards") if label is None else label
    parts, moved = [], False
    for row in rows:
        if not row.faces:
            note = f' <span style="{_NOTE}">— {escape(row.empty)}</span>' if row.empty else ""
            parts.append(f'<div style="{_LABEL}">{escape(row.title)}{note}</div>')
            continue
        cards = "".join(as_image(face.svg, face.label, view.width) for face in row.faces)
        body = f'<div class="card-row" style="{_ROW}">{cards}</div>'
        block = f'<div style="{_LABEL}">{escape(row.title)}</div>' + (
            f'<div style="{_TABLE}">{body}</div>' if row.name == "table" else body
        )
        if row.name in _MOVES:
            moved = True
            block = f'<div class="escoba-moved">{block}</div>'
        parts.append(block)
    return f'{_MOTION if moved else ""}<div role="group" aria-label="{escape(label)}">{"".join(parts)}</div>'


def board_html(
    deal: Deal,
    view: CardStyle = _DEFAULT_STYLE,
    highlight: Iterable[Card] = (),
    events: Iterable[Event] = (),
    face_up: tuple[int, ...] | None = None,
) -> str:
    """The board of ``deal`` as HTML: every seat's hand and pile, the table, the stock and the last play."""
    return rows_html(board_rows(deal, view, highlight, events, face_up), view, view.t.text("Escoba board"))


def position_html(puzzle: Puzzle, view: CardStyle = _DEFAULT_STYLE, chosen: Iterable[Card] = ()) -> str:
    """A puzzle's position as HTML: the table and the cards in play, or the piles to count."""
    return rows_html(position_rows(puzzle, view, chosen), view, view.t.text("Puzzle position"))


#: The engine's scoring categories (``trainer.scoring.CATEGORIES``) by name, as a score table heads them.
CATEGORY_LABELS = {
    "escoba": marked("escobas"),
    "cards": marked("most cards"),
    "coins": marked("most coins"),
    "all_coins": marked("all ten coins"),
    "sevens": marked("most sevens"),
    "seven_of_coins": "7♦",  # a card, named as the faces show it
    "all_sevens": marked("all four sevens"),
    "setenta": marked("setenta"),
    "few_cards": marked("opponents under 10 cards"),
    "penalty": marked("wrong captures"),
}


def score_markdown(
    scores: Sequence[DealScore], sides: Sequence[str] | None = None, view: CardStyle = _DEFAULT_STYLE
) -> str:
    """A deal's points category by category, with the figures behind them (R18, R19, V1), as a table."""
    t = view.t
    sides = [t.text("Side {side}", side=side) for side in range(len(scores))] if sides is None else sides
    lines = [
        t.text("Points won in each category; in brackets, what each side had."),
        "",
        "| " + " | ".join([t.text("Category"), *sides]) + " |",
        "| --- |" + " --- |" * len(sides),
    ]
    for name in scores[0].points:
        title = say(t.text(CATEGORY_LABELS[name]), view)
        cells = " | ".join(_points(score.points[name], _figure(name, score, t)) for score in scores)
        lines.append(f"| {title[0].upper()}{title[1:]} | {cells} |")
    total = t.text("total")
    cells = " | ".join(f"**{score.total}**" for score in scores)
    lines.append(f"| **{total[0].upper()}{total[1:]}** | {cells} |")
    return "\n".join(lines)


def _points(points: int, figure: str | None) -> str:
    return f"{points}" if figure is None else f"{points} ({figure})"


def _figure(name: str, score: DealScore, t: Translator) -> str | None:
    """The figure behind a category's points (``Category.figure``) in the learner's words; None for a category with
    no figure."""
    figure = CATEGORIES[name].figure
    return None if figure is None else t.written(figure(score))


def match_markdown(match: Match, view: CardStyle = _DEFAULT_STYLE) -> str:
    """Every deal of a match with its points and the running totals (R21, V4)."""
    t, sides = view.t, range(match.sides)
    head = [
        t.text("Deal"),
        t.text("Dealer"),
        *(t.text("Side {side}", side=side) for side in sides),
        t.text("Running total"),
    ]
    lines = ["| " + " | ".join(head) + " |", "| --- | --- |" + " --- |" * match.sides + " --- |"]
    totals = [0] * match.sides
    for number, done in enumerate(match.finished, start=1):
        points = [score.total for score in done.scores]
        totals = [total + point for total, point in zip(totals, points, strict=True)]
        cells = " | ".join(map(str, points))
        dealer = t.text("seat {seat}", seat=done.dealer)
        lines.append(f"| {number} | {dealer} | {cells} | {' – '.join(map(str, totals))} |")
    return "\n".join(lines)
