"""A deal as the seat table draws it: the seats around the table, and the boards of the deal's states with the move
between each two.

Pure data built from the engine's states (``Deal.states``, ``Deal.log``): the browser draws and moves it, and never
works out a rule. A card's face is sent only once it may be seen (on the table, played, in a hand shown face up, or
set across a pile as an escoba), so nothing of a hidden hand reaches the browser.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from trainer.app.board import card_face, escoba_cards, escobas_said, face_down, keys_words, seat_name
from trainer.app.card_style import CardStyle
from trainer.app.play_words import event_words
from trainer.app.rows import Face, Row
from trainer.cards import DECK, Card
from trainer.deal import Deal, EventKind
from trainer.i18n import Translator
from trainer.text import marked, marked_in

#: How fast the computer's plays are shown; "step" waits for the learner's "Next play".
PACES = {"fast": marked("Fast"), "normal": marked("Normal"), "slow": marked("Slow"), "step": marked("Step by step")}
PLAY = marked_in("a button", "Play")  # the table's button, apart from the page's name
#: The buttons and words of the component, in the learner's language.
WORDS = {
    "pace": marked("Pace"),
    "next": marked("Next play"),
    "pause": marked("Pause"),
    "resume": marked("Go on"),
    "skip": marked("Skip to my turn"),
    "back": marked("◀ Back"),
    "forward": marked("Forward ▶"),
    "clear": marked("Clear"),
    "table": marked("Table"),
    "empty": marked("the table is empty"),
    "escoba": marked("Escoba!"),
    "hand": marked("Your hand"),
    "turn": marked("Your turn."),
    "thinking": marked("The computer is thinking…"),
}


@dataclass(frozen=True)
class Place:
    """Where a seat sits: ``angle`` degrees round the table from the learner's place at the bottom, in playing order
    (to the learner's right first), and the edge of the table that holds it: bottom, right, top or left."""

    seat: int
    angle: int
    edge: str


def places(players: int, me: int) -> tuple[Place, ...]:
    """Every seat evenly round the table, the learner (seat ``me``) at the bottom, the others in playing order: with
    four the partner sits opposite, with six the partners every other seat."""
    found = []
    for step in range(players):
        angle = round(360 * step / players)
        edge = "bottom" if step == 0 else "top" if 120 <= angle <= 240 else "right" if angle < 180 else "left"
        found.append(Place((me + step) % players, angle, edge))
    return tuple(found)


def since_learner(deal: Deal, me: int) -> int:
    """The index in ``deal.states`` of the state just before the learner's last play, or 0 (the deal as dealt)
    when the learner has not played yet: the first board to show, so every play since is seen moving."""
    start = 0
    for index, state in enumerate(deal.states):
        if any(event.kind is EventKind.PLAY and event.seat == me for event in state.events):
            start = index - 1
    return start


class _Faces:
    """The faces sent, by id: a card's token, with "*" for a card marked as the hint's answer."""

    def __init__(self, view: CardStyle) -> None:
        self.view = view
        self.sent: dict[str, dict[str, Any]] = {}

    def ids(self, cards: Iterable[Card], answer: frozenset[Card] = frozenset()) -> list[str]:
        return [self.id(card, card in answer) for card in cards]

    def id(self, card: Card, answer: bool = False) -> str:
        name = f"{card}*" if answer else str(card)
        if name not in self.sent:
            face = card_face(card, self.view, "answer" if answer else None)
            self.sent[name] = {"token": face.token, "svg": face.svg, "label": face.label, "value": card.value}
        return name


def _board(state: Deal, face_up: Sequence[int], faces: _Faces, answer: frozenset[Card]) -> dict[str, Any]:
    """One state of the deal: the table, each hand (its cards if face up, else None) and count, each side's pile
    count and escoba cards, the stock, and the seat to play."""
    made = escoba_cards(state)
    return {
        "table": faces.ids(state.table, answer),
        "hands": [faces.ids(hand, answer) if seat in face_up else None for seat, hand in enumerate(state.hands)],
        "counts": [len(hand) for hand in state.hands],
        "piles": [len(pile) for pile in state.piles],
        "escobas": [faces.ids(cards) for cards in made],
        "escobasSaid": [escobas_said(cards, faces.view) for cards in made],
        "stock": len(state.stock),
        "toPlay": state.to_play,
    }


def _move(state: Deal, me: int, faces: _Faces, view: CardStyle) -> dict[str, Any]:
    """What led to ``state``: the seat that played or claimed (V5, a claim taken as that seat's capture), the card,
    the cards taken, whether it was an escoba, and every event in the learner's words."""
    said = "; ".join(event_words(state, event, me, view) for event in state.events)
    for event in state.events:
        if event.kind in (EventKind.PLAY, EventKind.CLAIM) and event.play is not None and event.seat is not None:
            return {
                "seat": event.seat,
                "side": state.side_of(event.seat),
                "card": faces.id(event.play.card),
                "taken": faces.ids(sorted(event.play.captured)),
                "claim": event.kind is EventKind.CLAIM,
                "escoba": bool(event.escobas),
                "said": said,
            }
    return {"seat": None, "said": said}


def seat_table_data(
    deal: Deal,
    view: CardStyle,
    *,
    me: int,
    since: int,
    face_up: Sequence[int],
    answer: Iterable[Card] = (),
    pace: str = "normal",
    replay: bool = False,
    start: int | None = None,
) -> dict[str, Any]:
    """What the browser needs to draw the table at ``deal`` and show every move from ``deal.states[since]`` on: the
    seats, the boards of those states and the moves between them, the faces that may be seen, and the words. The
    hint's ``answer`` is marked on the last board. A ``replay`` steps through the states instead of playing them; it
    opens at the state ``start`` (counted from ``since``) and shows the moves from there moving, or at the end."""
    t, play = view.t, view.t.text_in("a button", PLAY)
    states = deal.states[since:]
    faces = _Faces(view)
    marked_cards = frozenset(answer)
    boards = [_board(state, face_up, faces, marked_cards if state is deal else frozenset()) for state in states]
    moves = [_move(state, me, faces, view) for state in states[1:]]
    sides = {deal.side_of(seat) for seat in range(deal.players)}
    return {
        "seq": f"{'replay' if replay else 'play'}:{since}:{len(deal.states)}:{deal_id(deal)}",
        "replay": replay,
        "start": len(moves) if start is None else min(max(start, 0), len(moves)),
        "me": me,
        "seats": [
            {
                "seat": place.seat,
                "angle": place.angle,
                "edge": place.edge,
                "side": deal.side_of(place.seat),
                "ours": deal.side_of(place.seat) == deal.side_of(me),
                "name": seat_name(deal, place.seat, me, view),
                "dealer": place.seat == deal.dealer,
            }
            for place in places(deal.players, me)
        ],
        "pileWords": {str(side): _pile_title(deal, side, me, view) for side in sorted(sides)},
        "boards": boards,
        "moves": moves,
        "faces": faces.sent,
        "back": face_down(view).svg,
        "pace": pace if pace in PACES else "normal",
        "paces": [[name, t.text(words)] for name, words in PACES.items()],
        "words": {name: t.text(words) for name, words in WORDS.items()}
        | {
            "play": play,
            "step": t.text("Step {step} of {steps}", step="{step}", steps="{steps}"),
            "tally": t.text("Adding up: {sum}", sum="{sum}"),
            "inHand": _counted(t, "{n} card in hand", "{n} cards in hand"),
            "stock": _counted(t, "stock: {n} card", "stock: {n} cards"),
            "pile": {**_counted(t, "{n} card", "{n} cards"), "0": t.text("empty")},
            "keys": keys_words(t, play),
        },
    }


def deal_id(deal: Deal) -> str:
    """The cards dealt first, which tell one deal from another."""
    return "".join(str(card) for card in deal.states[0].table + deal.states[0].hands[0])


def _pile_title(deal: Deal, side: int, me: int, view: CardStyle) -> str:
    t = view.t
    if deal.players == deal.sides:
        return t.text("pile")
    return t.text("your side's pile") if side == deal.side_of(me) else t.text("their side's pile")


def _counted(t: Translator, one: str, many: str) -> dict[str, str]:
    """A count in words for every count of cards a deal can show, from 0 to the whole deck, by the count."""
    return {str(n): t.plural(one, many, n) for n in range(len(DECK) + 1)}


def pick_rows(deal: Deal, me: int) -> tuple[Row, ...]:
    """The rows a learner's pick on the seat table is checked against (``parse_pick``): one card of the hand, any of
    the table."""
    hand = tuple(Face(str(card), "", "") for card in deal.hands[me])
    table = tuple(Face(str(card), "", "") for card in deal.table)
    return Row("", hand, "hand", "one"), Row("", table, "table", "many")
