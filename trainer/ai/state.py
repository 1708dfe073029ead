"""One interface to a deal for the arena, the bots and the tests: a ``GameState``, on the referee or the fast engine.

A state is at a chance step (``current`` is ``CHANCE``), at a seat's turn, or over (``OVER``). The shuffle is made of
chance steps: each deals the next card of the deck, any card not dealt yet as likely as another. Once the forty
are in order the deal begins, refereed by ``Deal`` or played on the fast engine's ``Position``, and both answer the
same questions: whose turn it is, the legal plays, what any seat can know (``view``), and, once the deal is over,
the points each side made (``returns``). A bot is handed a view, never the state.

>>> state = start(CLASSIC, players=2)
>>> for card in range(40):
...     state = state.deal(card)
>>> state.current, len(state.legal_plays()), state.view(1).hand_counts
(0, 3, (3, 3))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from trainer.ai.playout import Position, Rules
from trainer.ai.view import Laid, View, barred, hints, play_bars
from trainer.cards import DECK
from trainer.deal import Deal
from trainer.plays import Play
from trainer.profile import CLASSIC, RuleProfile

CHANCE = -2  # ``current`` while the deck is being shuffled
OVER = -1  # ``current`` once the deal is over
Engine = Literal["referee", "fast"]


class GameState(Protocol):
    """A deal at a chance step, a seat's turn, or over; each step returns a new state."""

    @property
    def current(self) -> int:
        """The seat to play, ``CHANCE`` or ``OVER``."""
        ...

    def chance_outcomes(self) -> list[int]:
        """The cards (indices in ``DECK``) the next chance step may deal, each as likely; none but at a chance step."""
        ...

    def deal(self, card: int) -> GameState:
        """The chance step that deals ``card``."""
        ...

    def legal_plays(self) -> list[Play]:
        """The legal plays of the seat to play, in ``Deal.legal_plays`` order."""
        ...

    def play(self, play: Play) -> GameState:
        """The seat to play makes ``play``."""
        ...

    def view(self, seat: int) -> View:
        """What ``seat`` can know."""
        ...

    def returns(self) -> list[int]:
        """The points each side made, once the deal is over."""
        ...


def start(profile: RuleProfile = CLASSIC, players: int = 2, engine: Engine = "referee") -> Shuffle:
    """A deal by ``profile`` at a table of ``players``, before the first card is dealt."""
    if players not in profile.players:
        raise ValueError(f"the {profile.name} rule set is not for {players} players")
    return Shuffle(profile, players, engine)


@dataclass(frozen=True)
class Shuffle:
    """The chance steps that put the deck in order, one card at a time."""

    profile: RuleProfile
    players: int
    engine: Engine
    dealt: tuple[int, ...] = ()

    current = CHANCE

    def chance_outcomes(self) -> list[int]:
        return [card for card in range(len(DECK)) if card not in self.dealt]

    def deal(self, card: int) -> GameState:
        if card not in self.chance_outcomes():
            raise ValueError(f"card {card} is dealt already or is no card")
        order = (*self.dealt, card)
        if len(order) < len(DECK):
            return Shuffle(self.profile, self.players, self.engine, order)
        if self.engine == "fast":
            position = Position.from_deck(order, self.players, Rules.of(self.profile))
            return Fast(position)
        return Refereed(Deal.from_deck([DECK[index] for index in order], self.players, self.profile))

    def legal_plays(self) -> list[Play]:
        return []

    def play(self, play: Play) -> GameState:
        raise ValueError("the cards are still being dealt")

    def view(self, seat: int) -> View:
        raise ValueError("the cards are still being dealt")

    def returns(self) -> list[int]:
        raise ValueError("the deal has not begun")


@dataclass(frozen=True)
class Refereed:
    """A deal on the referee, ``Deal``."""

    referee: Deal

    @property
    def current(self) -> int:
        return OVER if self.referee.to_play is None else self.referee.to_play

    def chance_outcomes(self) -> list[int]:
        return []

    def deal(self, card: int) -> GameState:
        raise ValueError("every card is dealt already")

    def legal_plays(self) -> list[Play]:
        return self.referee.legal_plays()

    def play(self, play: Play) -> GameState:
        return Refereed(self.referee.play(play))

    def view(self, seat: int) -> View:
        return View.of(self.referee, seat)

    def returns(self) -> list[int]:
        if not self.referee.is_over:
            raise ValueError("the deal is not over")
        return [score.total for score in self.referee.score()]


@dataclass(frozen=True)
class Fast:
    """A deal on the fast engine, ``Position``, with the plays of the round under way (``View.hinted``)."""

    position: Position
    plays: tuple[Laid, ...] = ()

    @property
    def current(self) -> int:
        return self.position.to_play

    def chance_outcomes(self) -> list[int]:
        return []

    def deal(self, card: int) -> GameState:
        raise ValueError("every card is dealt already")

    def legal_plays(self) -> list[Play]:
        return self.view(self.position.to_play).legal_plays() if self.position.to_play >= 0 else []

    def play(self, play: Play) -> GameState:
        before, seat, move = self.position, self.position.to_play, (play.card.bit, play.captured_mask)
        if seat < 0 or move not in before.moves():  # the moves, not a whole view: this is the arena's every play
            raise ValueError(f"{play} is not a legal play now")
        after = before.copy()
        after.apply(move)
        if len(after.stock) < len(before.stock):
            return Fast(after)  # new hands: what was played before says nothing of them
        return Fast(after, (*self.plays, (seat, play.card.bit, *play_bars(before.table, play.captured_mask))))

    def view(self, seat: int) -> View:
        position = self.position
        if not 0 <= seat < position.players:
            raise ValueError(f"no seat {seat} at a table of {position.players}")
        return View(
            position.rules, position.players, seat, position.hands[seat], position.table, tuple(position.piles),
            tuple(position.escobas), position.last, tuple(hand.bit_count() for hand in position.hands),
            len(position.stock), barred(position.rules.profile, position.players, self.plays), position.to_play,
            hints(position.players, self.plays),
        )  # fmt: skip

    def returns(self) -> list[int]:
        if self.position.to_play >= 0:
            raise ValueError("the deal is not over")
        return self.position.points()
