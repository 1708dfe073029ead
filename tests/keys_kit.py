"""A learner on the keyboard alone, counting the keys it presses and the clicks a mouse would need for the same, and
the three things it does in ``bench/keys.py`` and ``test_e2e_keys``: a course task, a puzzle and a whole deal
against the computer.

The keyboard learner starts a course task or a puzzle with the link that skips to the board, goes with Tab or
Shift+Tab to the nearest control wanted, along a row of cards with the arrow keys, picks a card with Space, sends a
pick with Ctrl+Enter and presses a button with Enter. Where the app should have put the focus (on the button that
goes on after a right answer, on the hand at each turn), the flows check that it did.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser_kit import good_play, open_app, press_and_settle, table_ready

from trainer.app.card_style import CardStyle
from trainer.app.names import spoken_label
from trainer.cards import parse_cards
from trainer.course import load_levels
from trainer.puzzles import load_puzzles

#: The focused control, looking into shadow roots: its name as a screen reader reads it, or null on the page itself.
FOCUS_DEEP = """() => {
  let node = document.activeElement;
  while (node?.shadowRoot?.activeElement) node = node.shadowRoot.activeElement;
  if (!node || node === document.body) return null;
  return (node.getAttribute("aria-label") || node.innerText || node.value || "").trim();
}"""
#: Whether the focused control's name matches a pattern and it is where it was asked to be: "hand", a card of the
#: hand at the Play table; "answer", a card, a keypad's display or a choice, number or box to answer with.
FOCUS_ON = """([pattern, where]) => {
  let node = document.activeElement;
  while (node?.shadowRoot?.activeElement) node = node.shadowRoot.activeElement;
  const name = (node?.getAttribute("aria-label") || node?.innerText || "").trim();
  const answer = "button.card, input.display, [data-testid='stRadio'] input, [data-testid='stNumberInput'] input, "
    + "[data-testid='stTextInput'] input";
  const places = {hand: ".my-hand button.card", answer};
  return new RegExp(pattern).test(name) && (!where || Boolean(node?.matches(places[where])));
}"""
#: The names of the controls Tab stops at, in the order it stops at them (a component's shadow root where its host
#: stands, one stop for a group of radio buttons), and the place of the focused one among them (-1 for none).
TAB_ORDER = """() => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  const stops = [], radios = new Set();
  let at = -1;
  const shown = node => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
  const walk = root => {
    for (const node of root.querySelectorAll("*")) {
      if (node.shadowRoot) walk(node.shadowRoot);
      if (node.tabIndex < 0 || node.disabled || node.closest("[inert]") || !shown(node)) continue;
      if (node.type === "radio") {
        if (radios.has(node.name)) continue;
        radios.add(node.name);
      }
      if (node === active || (node.type === "radio" && active?.name === node.name)) at = stops.length;
      stops.push((node.getAttribute("aria-label") || node.innerText || node.value || "").trim());
    }
  };
  walk(document);
  return {stops, at};
}"""


#: Where a card button stands in its row of cards, a toolbar the arrow keys move along: the name of the row's Tab
#: stop, the places of the focused card (-1 for none there) and of the card named, and the row's length; null where
#: the card is in no toolbar.
CARD_PLACE = """(name) => {
  const hosts = [...document.querySelectorAll("[data-testid^='stBidiComponent']")];
  const cards = hosts.flatMap(host => [...(host.shadowRoot?.querySelectorAll("button.card") ?? [])]);
  const card = cards.find(node => { const label = node.getAttribute("aria-label") || "";
    return label === name || label.startsWith(`${name},`); });
  const toolbar = card?.closest("[role=toolbar]");
  if (!toolbar) return null;
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  const row = [...toolbar.querySelectorAll("button.card")];
  const stop = row.find(node => node.tabIndex === 0) ?? row[0];
  return {stop: stop.getAttribute("aria-label"), at: row.indexOf(active), to: row.indexOf(card), length: row.length};
}"""


class Keys:
    """A learner on the keyboard alone: moves the focus with Tab or Shift+Tab to the nearest control of the name
    wanted, presses keys on the focused control, and counts every key pressed (a key held with another, one) and
    the clicks a learner with a mouse would need for the same (a card, a button: one each)."""

    def __init__(self, page: Any) -> None:
        self.page, self.count, self.clicks = page, 0, 0

    def focused(self) -> str | None:
        """The name of the focused control (``FOCUS_DEEP``)."""
        name: str | None = self.page.evaluate(FOCUS_DEEP)
        return name

    def press(self, key: str, settle: bool = False) -> None:
        """Press ``key``; with ``settle``, wait until the app is idle after it, as after a click."""
        self.count += 1
        if settle:
            press_and_settle(self.page, key)
        else:
            self.page.keyboard.press(key)

    def tab_to(self, wanted: re.Pattern[str]) -> None:
        """Tab to the nearest control whose name matches ``wanted``, forward or back."""
        order = self.page.evaluate(TAB_ORDER)
        at = order["at"]
        ways = [
            (abs(n - at), "Shift+Tab" if n < at else "Tab")
            for n, name in enumerate(order["stops"])
            if wanted.search(name)
        ]
        if not ways:
            raise LookupError(f"no control named {wanted.pattern!r} to tab to: {order['stops']}")
        key = min(ways)[1]
        for _ in range(len(order["stops"]) + 2):
            if (name := self.focused()) is not None and wanted.search(name):
                return
            self.press(key)
        raise LookupError(f"{key} never reached {wanted.pattern!r}; the tab order is {order['stops']}")

    def pick(self, card: str) -> None:
        """Pick the card named (its spoken name): Tab to its row of cards, the arrow keys along it, then Space; Tab
        alone where the card is in no such row."""
        place = self.page.evaluate(CARD_PLACE, card)
        if place is None:
            self.tab_to(re.compile(f"^{re.escape(card)}(,|$)"))
        else:
            if place["at"] < 0:
                self.tab_to(re.compile(f"^{re.escape(place['stop'])}$"))
                place = self.page.evaluate(CARD_PLACE, card)
            right = (place["to"] - place["at"]) % place["length"]
            left = place["length"] - right
            for _ in range(min(right, left) if right else 0):
                self.press("ArrowRight" if right <= left else "ArrowLeft")
        self.press("Space")

    def expect_focus(self, wanted: re.Pattern[str], where: str | None = None) -> None:
        """Wait until the focus is on a control named as ``wanted``, and ``where`` it was asked to be (``FOCUS_ON``),
        as the app puts it once the page is drawn; fail after 30 s."""
        self.page.wait_for_function(FOCUS_ON, arg=[wanted.pattern, where], timeout=30_000)

    def to_board(self) -> None:
        """From the top of the page to its board by the link that skips there: Tab to it, then Enter."""
        self.tab_to(re.compile(r"^Skip to the board$"))
        self.press("Enter")


ROOT = Path(__file__).resolve().parent.parent
TASK = ("fifteen", 5)  # a play from the hand onto two table cards
PUZZLE = "choose-l1-sweep"  # the play that sweeps the table


def named(text: str) -> re.Pattern[str]:
    """A control's name as said: exactly ``text``, or a card's spoken name with what a hint adds after it."""
    return re.compile(f"^{re.escape(text)}(,|$)")


def task_answer() -> list[str]:
    level = next(level for level in load_levels() if level.id == TASK[0])
    return [spoken_label(card, CardStyle()) for card in parse_cards(sorted(level.stages[TASK[1] - 1].accept)[0])]


def puzzle_answer() -> list[str]:
    puzzle = next(puzzle for puzzle in load_puzzles(ROOT / "puzzles") if puzzle.id == PUZZLE)
    return [spoken_label(card, CardStyle()) for card in parse_cards(puzzle.solutions()[0])]


def answer(by: Keys, cards: list[str]) -> None:
    """Pick the cards named, then send the pick with Ctrl+Enter from the table; a mouse clicks each card, then the
    button."""
    for card in cards:
        by.pick(card)
    by.press("Control+Enter", settle=True)
    by.clicks += len(cards) + 1


def onward(by: Keys, button: re.Pattern[str]) -> None:
    """Press a button that runs the page's script, and wait until the page has settled; a mouse clicks it."""
    by.tab_to(button)
    by.press("Enter", settle=True)
    by.clicks += 1


def answered(by: Keys, address: Callable[[str], str], path: str, cards: list[str], going_on: str) -> None:
    """Open a page, go to its board by the link that skips there, answer it right with ``cards``, and go on with the
    button under the verdict, named ``going_on``, where the focus must be."""
    open_app(by.page, address(path))
    by.to_board()
    answer(by, cards)
    button = re.compile(f"^{re.escape(going_on)}$")
    by.expect_focus(button)
    onward(by, button)


def course_task(by: Keys, address: Callable[[str], str]) -> None:
    answered(by, address, f"/learn?level={TASK[0]}&stage={TASK[1]}", task_answer(), "Next ▶")
    by.page.wait_for_url(re.compile(f"stage={TASK[1] + 1}"))
    by.expect_focus(re.compile(r"^Next ▶$"))  # a step to read, with nothing to answer: on its own Next


def puzzle(by: Keys, address: Callable[[str], str]) -> None:
    answered(by, address, f"/puzzles?puzzle={PUZZLE}", puzzle_answer(), "Next puzzle ▶")
    by.expect_focus(re.compile(""), "answer")  # on the new puzzle's way to answer


def whole_deal(by: Keys, address: Callable[[str], str]) -> None:
    open_app(by.page, address("/play"))
    onward(by, re.compile(r"^Start the match$"))
    state, seq = table_ready(by.page)
    while state == "turn":
        cards = good_play(by.page, CardStyle())
        by.expect_focus(re.compile(", worth "), "hand")  # the turn begins on the hand
        answer(by, cards)
        state, seq = table_ready(by.page, seq)


#: The three things done, by name; each takes the learner and the address of a page of the app by its path.
FLOWS = {"course task": course_task, "puzzle": puzzle, "whole deal, 2 seats": whole_deal}
