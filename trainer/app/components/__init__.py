"""The card table: a board to play on, drawn in the browser, and the verdict box that goes with it; the seat
table, the Play page's table with its seats round it and its moves shown one at a time; and the keypad a number is
answered with.

All are Streamlit ``components.v2`` components whose HTML, CSS and JavaScript ship inside this
package, so nothing is built or downloaded. Choosing cards happens in the browser alone, with
no rerun per tap; the pick reaches Python when the learner confirms it, and is checked here
against the rows it was drawn from before a page sees it. While cards are chosen, the table can
add them up as the learner taps (``tally``), from each card's capture value sent with it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from functools import cache, lru_cache
from importlib.resources import files
from itertools import combinations, product
from typing import Any

import streamlit as st
from streamlit.components.v2 import component
from streamlit.components.v2.types import ComponentRenderer

from trainer.app.rows import Row
from trainer.cards import parse_card

#: The tones a message may take, as in ``st.success``, ``st.error``, ``st.warning`` and ``st.info``.
TONES = ("success", "error", "warning", "info")


@dataclass(frozen=True)
class Pick:
    """The cards chosen on a card table: tokens by row name, in the order the row shows them."""

    chosen: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def one(self, name: str) -> str | None:
        """The card chosen in a row where one is picked, or None."""
        tokens = self.chosen.get(name, ())
        return tokens[0] if len(tokens) == 1 else None

    def many(self, name: str) -> tuple[str, ...]:
        """The cards chosen in a row, possibly none."""
        return self.chosen.get(name, ())

    def as_play(self) -> str:
        """The pick as a play is answered: the hand card first, then the table cards it takes."""
        return " ".join([*self.many("hand"), *self.many("table")])


#: The button to go on with after a right answer: its label, and what pressing it does.
Onward = tuple[str, Callable[[], None]]
#: The most picks a card table is sent verdicts for; past that, a pick is judged when it is sent, as before.
MOST_PICKS = 512


def every_pick(rows: Iterable[Row], most: int = MOST_PICKS) -> list[Pick] | None:
    """Every pick a learner can make on ``rows`` but the empty one: one card or none from a "one" row, any cards
    from a "many" row; None if there are more than ``most`` (a "many" row of 10 cards alone has 1,023)."""
    choices: list[list[tuple[str, tuple[str, ...]]]] = []
    count = 1
    for row in rows:
        tokens = [face.token for face in row.faces if face.token] if row.pick else []
        if not tokens:
            continue
        if row.pick == "one":
            subsets = [(), *((token,) for token in tokens)]
        else:
            subsets = [tuple(combo) for size in range(len(tokens) + 1) for combo in combinations(tokens, size)]
        count *= len(subsets)
        if count > most + 1:  # the empty pick is left out below
            return None
        choices.append([(row.name, subset) for subset in subsets])
    picks = [Pick({name: subset for name, subset in combo if subset}) for combo in product(*choices)]
    return [pick for pick in picks if pick.chosen]


def pick_verdicts(
    key: Hashable, rows: Iterable[Row], verdict: Callable[[Pick], tuple[str, str] | None]
) -> dict[str, tuple[str, str]] | None:
    """The message of every pick on ``rows`` (``verdict`` of it; a pick it gives None for is judged once sent), by
    ``pick_key``, for ``card_table``'s ``verdicts``; None where the picks are too many to send. ``key`` names all
    the verdicts depend on (the task, the language, the card style, a second try), so they are worked out once for
    the whole server: a class on the same puzzle, or a learner back at a step, judges its picks once. The latest
    ``KEPT_TABLES`` keys are kept."""
    return _judged(_Asked(key, tuple(rows), verdict))


@dataclass(frozen=True)
class _Asked:
    """What ``pick_verdicts`` is asked, known by its ``key`` alone."""

    key: Hashable
    rows: tuple[Row, ...] = field(compare=False)
    verdict: Callable[[Pick], tuple[str, str] | None] = field(compare=False)


#: How many tables' verdicts the server keeps (a few hundred messages each, some 50 KB).
KEPT_TABLES = 256


@lru_cache(maxsize=KEPT_TABLES)
def _judged(asked: _Asked) -> dict[str, tuple[str, str]] | None:
    picks = every_pick(asked.rows)
    if picks is None:
        return None
    places = card_places(asked.rows)
    return {pick_key(pick, places): said for pick in picks if (said := asked.verdict(pick))}


class ByIdentity:
    """A part of ``pick_verdicts``' key that matches only the very object it holds: a stage or a puzzle the server
    shares among learners, which may hold parts no hash can take (a rule set's tables). Held in the key, the
    object stays alive, so its identity is never another's."""

    __slots__ = ("held",)

    def __init__(self, held: object) -> None:
        self.held = held

    def __hash__(self) -> int:
        return id(self.held)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ByIdentity) and other.held is self.held


def card_places(rows: Iterable[Row]) -> dict[tuple[str, str], int]:
    """Each card that can be picked on ``rows``, by row name and token: its place among them, in the rows' order,
    as the browser lists them (``card_table.js``, ``view.cards``)."""
    pickable = ((row.name, face.token) for row in rows if row.pick for face in row.faces if face.token)
    return {card: place for place, card in enumerate(pickable)}


def pick_key(pick: Pick, places: Mapping[tuple[str, str], int]) -> str:
    """A pick as the browser names it (``card_table.js``, ``pickKey``): the sum of 2 to the power of each chosen
    card's place (``card_places``), a few characters where the cards' names would take dozens."""
    return str(sum(1 << places[name, token] for name, tokens in pick.chosen.items() for token in tokens))


def parse_pick(raw: object, rows: Iterable[Row]) -> Pick:
    """Keep of a pick sent by the browser only the cards the rows offer; a "one" row with several keeps none."""
    if not isinstance(raw, Mapping):
        return Pick()
    chosen: dict[str, tuple[str, ...]] = {}
    for row in rows:
        sent = raw.get(row.name) if row.pick else None
        if not isinstance(sent, list | tuple):
            continue
        wanted = {token for token in sent if isinstance(token, str)}
        tokens = tuple(face.token for face in row.faces if face.token and face.token in wanted)
        if tokens and (row.pick == "many" or len(tokens) == 1):
            chosen[row.name] = tokens
    return Pick(chosen)


def table_data(
    rows: Iterable[Row],
    *,
    key: str,
    confirm: str | None,
    disabled: bool,
    message: tuple[str, str] | None,
    clear: str = "Clear",
    tally: str | None = None,
    played: int | None = None,
    verdicts: Mapping[str, tuple[str, str]] | None = None,
    keys: str | None = None,
    onward: str | None = None,
) -> dict[str, Any]:
    """What the browser needs to draw a card table: rows of faces with their capture values (R3), the buttons
    (``clear`` undoes a pick), the message, the words of the running sum (``tally``, ``{sum}`` in it), which
    starts from the value of a card ``played`` that is not picked, the ``verdicts`` of picks (by ``pick_key``),
    each message sent once and the picks pointing to it, the line that says which ``keys`` do what, and the label of
    the button to go on with after a right answer (``onward``)."""
    return {
        "key": key,
        "rows": [
            {
                "title": row.title,
                "name": row.name,
                "pick": row.pick,
                "empty": row.empty,
                "faces": [
                    {
                        "token": face.token,
                        "svg": face.svg,
                        "label": face.label,
                        "value": parse_card(face.token).value if face.token else None,
                    }
                    for face in row.faces
                ],
            }
            for row in rows
        ],
        "confirm": confirm,
        "clear": clear,
        "disabled": disabled,
        "message": _message(message),
        "tally": None if tally is None else {"words": tally, "played": played},
        "verdicts": None if verdicts is None else _verdicts(verdicts),
        "keys": keys,
        "onward": onward,
    }


def _verdicts(verdicts: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    """Verdicts as the browser reads them: the distinct messages, and each pick's number in that list."""
    messages: dict[tuple[str, str], int] = {}
    picks = {key: messages.setdefault(message, len(messages)) for key, message in verdicts.items()}
    return {"messages": [_message(message) for message in messages], "picks": picks}


def card_table(
    rows: Iterable[Row],
    *,
    key: str,
    confirm: str | None = "Play",
    on_confirm: Callable[[Pick], None] | None = None,
    disabled: bool = False,
    message: tuple[str, str] | None = None,
    clear: str = "Clear",
    tally: str | None = None,
    played: int | None = None,
    verdicts: Mapping[str, tuple[str, str]] | None = None,
    keys: str | None = None,
    onward: Onward | None = None,
) -> None:
    """Draw rows of cards to pick from, with a confirm button.

    Pressing the button calls ``on_confirm`` with the pick before the rerun's script, as an
    ``on_click`` callback would be; ``clear`` names the button that undoes a pick, in the learner's
    language. A new ``key`` starts with nothing chosen. With ``tally`` (words with ``{sum}``), the
    cards chosen are added up in the browser on every tap, after the value of a card ``played``. With
    ``verdicts`` (the message for each pick, by ``pick_key``, as the engine judged it), the button shows a pick's
    verdict at once, and ``on_confirm`` records the pick in the rerun that follows. Each row to pick from is a
    toolbar the arrow keys move along, the hand's first; Ctrl+Enter presses the button, and ``keys`` says so.
    ``onward`` (a label and what its button does) is drawn under a right answer's verdict and takes the focus.
    """
    rows = tuple(rows)

    def confirmed(sent: object) -> None:
        if on_confirm is not None and confirm is not None and not disabled:
            on_confirm(parse_pick(sent, rows))

    _take_sent_by_a_test(key, {"confirm": confirmed, "onward": _went_on(onward)})
    _card_table()(
        key=key,
        data=table_data(
            rows,
            key=key,
            confirm=confirm,
            disabled=disabled,
            message=message,
            clear=clear,
            tally=tally,
            played=played,
            verdicts=verdicts,
            keys=keys,
            onward=None if onward is None else onward[0],
        ),
        on_confirm_change=lambda: confirmed(_state(key).get("confirm")),
        on_onward_change=_went_on(onward),
    )


def keep_pace(pace: str) -> None:
    """The pace the learner chose on a seat table for the other seats' plays, kept for the session."""
    st.session_state.table_pace = pace


def kept_pace() -> str:
    """The pace chosen last in this session, "normal" until one is."""
    return str(st.session_state.get("table_pace", "normal"))


def seat_table(
    data: dict[str, Any],
    *,
    key: str,
    rows: Iterable[Row] = (),
    on_confirm: Callable[[Pick], None] | None = None,
    on_pace: Callable[[str], None] | None = None,
    message: tuple[str, str] | None = None,
) -> None:
    """Draw the seat table (``trainer.app.seat_table.seat_table_data``): the moves shown one at a time at the
    learner's pace, then the learner's pick. The Play button calls ``on_confirm`` with the pick, checked against
    ``rows`` (``parse_pick``), before the rerun's script; a new pace calls ``on_pace``."""
    rows = tuple(rows)

    def confirmed(sent: object) -> None:
        if on_confirm is not None and rows:
            on_confirm(parse_pick(sent, rows))

    def paced(pace: object) -> None:
        if on_pace is not None and isinstance(pace, str):
            on_pace(pace)

    _take_sent_by_a_test(key, {"confirm": confirmed, "pace": paced})
    _seat_table()(
        key=key,
        data=data | {"key": key, "pick": bool(rows), "message": _message(message)},
        on_confirm_change=lambda: confirmed(_state(key).get("confirm")),
        on_pace_change=lambda: paced(_state(key).get("pace")),
    )


@dataclass(frozen=True)
class KeypadWords:
    """The keypad's words in the learner's language: the display's ``label``, the ``keys`` group's name, the
    ``check`` button, the ``erase`` key's name, and, where the answer may be one, the word for ``none`` and the
    ``minus`` key's name."""

    label: str
    keys: str
    check: str
    erase: str
    none: str | None = None
    minus: str | None = None


def keypad(words: KeypadWords, *, key: str, on_check: Callable[[str], None], max_chars: int) -> None:
    """Draw a keypad that builds a number, or the word for none, by tapping keys; a keyboard types into its display.

    Check calls ``on_check`` with the display's text (at most ``max_chars`` characters) before the rerun's script,
    as an ``on_click`` callback would be. A new ``key`` starts with an empty display."""

    def checked(sent: object) -> None:
        if isinstance(sent, str):
            on_check(sent[:max_chars])

    _take_sent_by_a_test(key, {"check": checked})
    _keypad()(
        key=key,
        data={"key": key, "maxChars": max_chars, **asdict(words)},
        on_check_change=lambda: checked(_state(key).get("check")),
    )


def announce(text: str, tone: str, *, key: str, onward: Onward | None = None) -> None:
    """Show a verdict in a box that screen readers read out and that takes the focus when its text changes; with
    ``onward``, the button to go on with under it takes the focus instead, described by the verdict."""
    _take_sent_by_a_test(key, {"onward": _went_on(onward)})
    _announce()(
        key=key,
        data={"key": key, "message": _message((tone, text)), "onward": None if onward is None else onward[0]},
        on_onward_change=_went_on(onward),
    )


def _went_on(onward: Onward | None) -> Callable[..., None]:
    """What pressing an ``onward`` button does: its action, or nothing where there is none."""
    return (lambda *_: None) if onward is None else (lambda *_: onward[1]())


def news(text: str, *, key: str) -> None:
    """Tell screen readers ``text`` when it changes, through a polite live region out of sight: for what the page
    already shows, such as the step or the puzzle now on it. It keeps its place under ``key`` from run to run, so a
    change is read out, and it never takes the focus; its key starts ``news-``, which the page's style takes out of
    the flow of the page, so it leaves no gap."""
    _announce()(key=f"news-{key}", data={"key": f"news-{key}", "message": _message(("info", text)), "unseen": True})


def board_keys(skip: str, *, focus: str | None = None, then: str | None = None) -> None:
    """The keyboard's way to the board on a page that has one: a link worded ``skip``, the first thing Tab reaches,
    that puts the focus on the board, and the focus put there once the page is drawn whenever ``focus`` comes with a
    value not sent before (after Next or Back, a new puzzle, a new deal). The board's first control is the Tab stop
    of its first row of cards to pick from, else a keypad's display or a choice to answer with; on a step with none,
    the primary button in the container keyed ``then`` (a step's Next)."""
    _board_keys()(key="board-keys", data={"skip": skip, "focus": focus, "then": then})


def page_words(language: str, skip: str) -> None:
    """Tell the browser the page's ``language`` (the ``lang`` of the document, which screen readers choose their voice
    by) and put ``skip``, the words of Streamlit's link that skips to the page's main part, in place of its English.
    It draws nothing; the page's style takes its place, under the key ``page-words``, out of the flow of the page."""
    _page_words()(key="page-words", data={"lang": language, "skip": skip})


def asset(name: str) -> str:
    """The text of a file shipped beside this module."""
    return files(__package__).joinpath(name).read_text(encoding="utf-8")


def script(name: str) -> str:
    """A component's script, after the helpers every component shares (``shared.js``)."""
    return asset("shared.js") + asset(name)


def _message(message: tuple[str, str] | None) -> dict[str, str] | None:
    """A message as the browser reads it, after checking its tone."""
    if message is None:
        return None
    tone, text = message
    if tone not in TONES:
        raise ValueError(f"tone must be one of {', '.join(TONES)}, not {tone!r}")
    return {"tone": tone, "text": text}


#: Where a test puts what a table's browser would send, under this prefix and the table's key, through AppTest's
#: ``session_state``: AppTest cannot set a custom component's value, and no browser can write this key (only widgets
#: write the session state from outside).
SENT_BY_A_TEST = "sent-by-a-test:"


def _take_sent_by_a_test(key: str, handlers: Mapping[str, Callable[[object], None]]) -> None:
    """Hand what a test sent for the table ``key`` (``SENT_BY_A_TEST``) to the handlers the browser's values go to,
    then run the page again from the top, as a value sent by the browser would: its handler before the script."""
    sent = st.session_state.pop(SENT_BY_A_TEST + key, None)
    if isinstance(sent, Mapping):
        for name, value in sent.items():
            handlers[name](value)
        st.rerun()


def _state(key: str) -> Mapping[str, object]:
    """The component's state under ``key`` as the browser last sent it, or an empty mapping."""
    state = st.session_state.get(key)
    return state if isinstance(state, Mapping) else {}


@cache
def _card_table() -> ComponentRenderer:
    """Register the card table once, from the files shipped with the package."""
    return component("escoba_card_table", css=asset("card_table.css"), js=script("card_table.js"))


@cache
def _seat_table() -> ComponentRenderer:
    """Register the seat table once, from the files shipped with the package; it draws its cards, buttons and
    messages as the card table does, so its style comes after the card table's."""
    css = asset("card_table.css") + asset("seat_table.css")
    return component("escoba_seat_table", css=css, js=script("seat_table.js"))


@cache
def _announce() -> ComponentRenderer:
    """Register the verdict box once; it is a card table with no rows, so it shares the table's files."""
    return component("escoba_announce", css=asset("card_table.css"), js=script("card_table.js"))


@cache
def _board_keys() -> ComponentRenderer:
    """Register the way to the board once; it works in the page itself and draws nothing of its own."""
    return component("escoba_board_keys", js=asset("board_keys.js"))


@cache
def _page_words() -> ComponentRenderer:
    """Register the page's words once, from the file shipped with the package."""
    return component("escoba_page_words", js=asset("page_words.js"))


@cache
def _keypad() -> ComponentRenderer:
    """Register the keypad once; its Check button and focus ring are the card table's."""
    return component("escoba_keypad", css=asset("card_table.css") + asset("keypad.css"), js=script("keypad.js"))
