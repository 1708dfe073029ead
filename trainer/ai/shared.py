"""A match between people at one table: each person at a match seat of their own, the computer at the others, and
at the seat of anyone away until they come back.

Nothing here knows about Streamlit or the store: each action returns a new ``SharedMatch``, which the store keeps as
the match's record and the seats the computer plays. The computer's choices depend only on what its seat sees and
on the match's seed, so whichever player's page makes them, they come out the same. Penalties (V5) are not played at
a shared table: a claim needs its chance kept open between two people's turns, which a page cannot time fairly.

>>> shared = SharedMatch.start(players=4, level="greedy", people=(0, 1), seed=5)
>>> shared.to_play in (0, 1)  # the computer has played its seats up to the first person's turn
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from trainer.ai.bots import make_bot
from trainer.ai.game import Decision, decisions_of
from trainer.ai.view import View
from trainer.deal import Deal
from trainer.match import Match
from trainer.plays import Play
from trainer.profile import CLASSIC, RuleProfile


class NotYourTurn(ValueError):
    """A play for a seat that is not the one to play (the table went on meanwhile, or the computer plays it)."""


@dataclass(frozen=True)
class SharedMatch:
    """A match at a table of people: the match, the computer's strength, the match seats people sit at, those of
    them the computer plays while their person is away, and the plays it made for them, each as the number of the
    deal (from 0) and of the play in it."""

    match: Match
    level: str
    people: frozenset[int]
    away: frozenset[int] = frozenset()
    stood_in: frozenset[tuple[int, int]] = frozenset()

    @classmethod
    def start(
        cls,
        players: int,
        level: str,
        people: tuple[int, ...],
        rules: RuleProfile = CLASSIC,
        seed: int | None = None,
    ) -> SharedMatch:
        """A new match for people at the match seats ``people``, the computer at the others, its seats played up to
        the first person's turn; ValueError for a table the rules do not allow or fewer than two people."""
        if players not in rules.players:
            raise ValueError(f"the {rules.name} rules are played by {rules.players} players, not {players}")
        if len(set(people)) < 2 or not set(people) <= set(range(players)):
            raise ValueError(f"a shared table needs two people or more at seats 0 to {players - 1}, not {people}")
        make_bot(level)  # refuses an unknown level
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        match = Match.new(players, seed, profile=rules.with_options(penalties=False))
        return cls(match, level, frozenset(people)).until_people()

    @property
    def deal(self) -> Deal:
        return self.match.current

    @property
    def to_play(self) -> int | None:
        """The match seat to play, or None once the deal is over."""
        seat = self.deal.to_play
        return None if seat is None else self.match.seat_of(seat)

    def deal_seat(self, seat: int) -> int:
        """The deal seat of match seat ``seat`` in the deal under way (the seat after the dealer leads)."""
        return (seat - self.match.dealer - 1) % self.match.players

    def plays(self, seat: int, play: Play) -> SharedMatch:
        """Match seat ``seat`` plays, then the computer's seats up to the next person's turn; ``NotYourTurn`` if it is
        not that seat's turn or the computer plays it, ``IllegalPlay`` with the reason if the rules refuse it (R17)."""
        if self.to_play != seat or self.computer_plays(seat):
            raise NotYourTurn(f"it is not seat {seat}'s turn")
        return replace(self, match=self.match.play(play)).until_people()

    def until_people(self) -> SharedMatch:
        """The computer plays each seat it holds in turn until a person is to play or the deal is over. With every
        seat the computer's, nothing is played: a table nobody sits at waits for its people."""
        shared = self
        while (seat := shared.to_play) is not None and shared.computer_plays(seat) and not shared.nobody_sits:
            bot = make_bot(shared.level, shared.match.seed + seat)
            stood_in = shared.stood_in | ({shared.play_number} if seat in shared.people else set())
            shared = replace(shared, match=shared.match.play(bot.choose(View.of(shared.deal))), stood_in=stood_in)
        return shared

    def computer_plays(self, seat: int) -> bool:
        """Whether the computer plays match seat ``seat`` now: nobody sits there, or its person is away."""
        return seat not in self.people or seat in self.away

    @property
    def nobody_sits(self) -> bool:
        """Whether every person at the table is away."""
        return self.people <= self.away

    @property
    def play_number(self) -> tuple[int, int]:
        """The number of the deal under way and of its next play, both from 0."""
        return len(self.match.finished), len(self.deal.plays)

    def with_away(self, seat: int, away: bool) -> SharedMatch:
        """The person at match seat ``seat`` leaves it to the computer (``away``), which plays it at once if it is its
        turn, or takes it back."""
        if seat not in self.people:
            raise ValueError(f"nobody sits at seat {seat}")
        return replace(self, away=self.away | {seat} if away else self.away - {seat}).until_people()

    def next_deal(self) -> SharedMatch:
        """Deal again once the deal is over and the match is not, the computer's seats played up to a person's
        turn."""
        return replace(self, match=self.match.next_deal()).until_people()

    def decisions(self, seat: int, deal: int) -> tuple[Decision, ...]:
        """The plays match seat ``seat`` made in finished deal number ``deal`` (from 0), each with the position it was
        made in, less those the computer made while they were away: what the coach's review of that player's plays
        weighs, and nobody else's."""
        done = self.match.finished[deal]
        made = decisions_of(done.deal, (seat - done.dealer - 1) % self.match.players)
        return tuple(d for d in made if (deal, len(d.before.plays)) not in self.stood_in)
