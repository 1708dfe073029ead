"""A match between a learner and the computer, with hints, and the review of the learner's plays.

The learner sits at match seat 0; every other seat is a bot of the chosen level (with four players the
partner opposite too). Each action returns a new ``Game``; nothing here knows about Streamlit. A match can be
left at any play and taken up again from its record (``Game.resume``): the bots' choices depend only on what
their seat sees, so it goes on exactly as it would have.

Table mode (V5, a rule set played by its penalties): before a computer seat plays, it claims the capture the seat
before it missed, if there is one (of several ways, the one taking the most cards, then the most coins). The
computer also overlooks captures now and then, so the learner has something to claim: where its chosen play
captures, a ``random`` player lays that card down instead one time in four, a ``greedy`` one one time in ten, and
the ``expert`` and the ``master`` never. Whether it does is drawn from the match's seed and the number of the deal
and of the play, so a resumed match overlooks the same captures.

>>> game = Game.start(players=2, level="greedy", seed=3)
>>> while not game.learner_to_play and not game.deal.is_over:
...     game = game.computer_turn()
>>> game = game.learner_plays(game.deal.legal_plays()[0])
>>> len(game.decisions)
1
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

import numpy as np

from trainer.ai.batch import margins_on_ways
from trainer.ai.bots import SETTINGS, Evaluation, Settings, evaluate, make_bot, standard_error
from trainer.ai.luck import deal_luck
from trainer.ai.view import View
from trainer.ai.warm import wait_until_built
from trainer.ai.why import odds_of_the_unseen, reasons
from trainer.cards import Suit
from trainer.deal import Deal, EventKind
from trainer.match import Match
from trainer.plays import Play
from trainer.profile import CLASSIC, RuleProfile
from trainer.text import Said

LEARNER = 0  # the learner's match seat
#: The smallest loss, in points, that earns each label, passed by a clearance for its uncertainty (``_clearance``).
LABELS = (("blunder", 0.5), ("mistake", 0.25), ("inaccuracy", 0.1))
#: The label of a play the rules forbid, which stood in table mode (V5): it is not weighed.
FAULT = "fault"
#: How often each computer level lays down a card it chose to capture with, in table mode (V5).
OVERLOOK = {"random": 0.25, "greedy": 0.1, "expert": 0.0, "master": 0.0}
#: A play's loss is measured on ways of its own, not on those the hint weighed (a play that came out best there is
#: flattered by them): the play made and each other play that stayed in the race are played out on ``MORE`` fresh
#: ways at a time (compiled, ``trainer.ai.batch``), at least ``FEWEST`` and at most ``MOST`` in all, until no
#: label's bound lies within ``SURE`` standard errors of the loss against the best of them. A label is given only
#: where the loss passes its bound by ``SURE`` times the standard error the loss would have on ``MOST`` ways, so that
#: a loss under the bound is seldom labelled, however many ways were needed (``bench/labels.py`` measures how often
#: the same label comes under another seed, and how many are given where many more ways put the loss under a bound).
SURE = 3.0
FEWEST = MORE = 160
MOST = 16_000
#: How a hint weighs the plays of a position: as the master does (``SETTINGS``), each way's last round at best where
#: there are two sides, within a hint's budget of 100 ms at the median (``python bench/ai.py``).
HINT = SETTINGS["master"]
#: How the review weighs them: the master's evaluation but with every way played out by its policy to the end, the
#: strongest that keeps the review of a deal within its two seconds (the last round at best would take it to 3.4 s
#: at the 95th percentile), and on the ways alone (a search over the round, ``Settings.tree``, gives no margin with
#: its error for each play). The review then weighs the plays still in the race on more ways of its own, dealt and
#: played out the same way, so it may find that the play a hint named lost a little.
COACH = replace(HINT, exact=0, tree=0)


@dataclass(frozen=True)
class Decision:
    """A play the learner made, and the state of the deal just before it."""

    before: Deal
    play: Play


@dataclass(frozen=True)
class Game:
    """A match against the computer, the learner's decisions in the current deal not yet reviewed, how many of the
    learner's plays earlier reviews weighed and the points they lost, and the luck of the deals reviewed (the
    margin their cards were worth to the learner's side, ``deal_luck``; None for a match begun before it was
    kept)."""

    match: Match
    level: str
    seed: int
    decisions: tuple[Decision, ...] = ()
    reviewed: int = 0
    lost: float = 0.0
    luck: float | None = 0.0

    @classmethod
    def start(
        cls, players: int = 2, level: str = "expert", rules: RuleProfile = CLASSIC, seed: int | None = None
    ) -> Game:
        """A new match at any table the rules allow: 2 or 3 players each alone, 4 or 6 in two sides (V3)."""
        _check_table(players, level, rules)
        seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        return cls(Match.new(players, seed, profile=rules), level, seed)

    @classmethod
    def resume(cls, match: Match, level: str, reviewed: int = 0, lost: float = 0.0, luck: float | None = 0.0) -> Game:
        """A match taken up again from its record, with the totals of its reviews so far: at the play where it was
        left, the learner's decisions in the deal under way rebuilt from its plays; a deal over (and so reviewed)
        is followed by the next. ValueError for a match ``start`` would refuse (an imported one, say)."""
        _check_table(match.players, level, match.profile)
        game = cls(match, level, match.seed, reviewed=reviewed, lost=lost, luck=luck)
        if game.deal.is_over:
            return game if match.is_over else game.next_deal()
        return replace(game, decisions=decisions_of(game.deal, game.learner_seat))

    @property
    def deal(self) -> Deal:
        return self.match.current

    @property
    def learner_to_play(self) -> bool:
        """Whether the deal waits for the learner's play."""
        seat = self.deal.to_play
        return seat is not None and self.match.seat_of(seat) == LEARNER

    @property
    def learner_seat(self) -> int:
        """The learner's seat in the current deal (seat 0 leads it)."""
        return next(seat for seat in range(self.match.players) if self.match.seat_of(seat) == LEARNER)

    def computer_turn(self) -> Game:
        """The computer plays for the seat to play, which must not be the learner's; in table mode (V5) it first
        claims a capture the seat before it missed, and may overlook one of its own."""
        seat = self.deal.to_play
        if seat is None or self.learner_to_play:
            raise ValueError("it is not the computer's turn")
        match = self.match
        if claims := match.current.claims():
            match = match.claim(max(claims, key=_claim_worth))
        bot = make_bot(self.level, self.seed + match.seat_of(seat))
        return replace(self, match=match.play(self._overlooked(bot.choose(View.of(match.current)))))

    def _overlooked(self, play: Play) -> Play:
        """The computer's chosen play, or in table mode now and then (``OVERLOOK``) its card laid down in place of
        the capture it makes."""
        if not self.match.profile.penalties or not play.captured:
            return play
        draw = random.Random(f"{self.seed}:overlook:{len(self.match.finished)}:{len(self.deal.plays)}").random()
        return Play(play.card, frozenset()) if draw < OVERLOOK[self.level] else play

    def until_learner(self) -> Game:
        """The computer plays every seat in turn until the learner is to play or the deal is over: what one click of
        the learner sets going (the page shows these plays one at a time)."""
        game = self
        while not game.deal.is_over and not game.learner_to_play:
            game = game.computer_turn()
        return game

    def learner_plays(self, play: Play) -> Game:
        """The learner's play; ``IllegalPlay`` with the reason if the rules refuse it (R17)."""
        if not self.learner_to_play:
            raise ValueError("it is not your turn")
        return replace(self, match=self.match.play(play), decisions=(*self.decisions, Decision(self.deal, play)))

    def claims(self) -> list[Play]:
        """The missed captures the learner may claim now, before playing (V5): none unless it is the learner's
        turn in table mode and the seat before laid down a card that could have captured."""
        return self.deal.claims() if self.learner_to_play else []

    def learner_claims(self, play: Play) -> Game:
        """The learner claims a missed capture (V5), then still plays; ``IllegalPlay`` if it is not one to claim."""
        if not self.learner_to_play:
            raise ValueError("it is not your turn")
        return replace(self, match=self.match.claim(play))

    def hint(self) -> Evaluation:
        """The best play for the learner now, as the master weighs it, with its expected point margin to the end of
        the deal."""
        return weigh(self.deal, len(self.decisions), settings=HINT)[0]

    def next_deal(self) -> Game:
        """Deal again once the deal is over (and the match is not)."""
        return replace(self, match=self.match.next_deal(), decisions=())

    @property
    def review_due(self) -> bool:
        """Whether the deal is over and the learner's plays in it are still to be reviewed."""
        return self.deal.is_over and bool(self.decisions)

    def deal_luck(self) -> float | None:
        """What the cards of the deal under way were worth to the learner's side, before anyone played
        (``trainer.ai.luck.deal_luck``)."""
        return deal_luck(self.deal, self.deal.side_of(self.learner_seat))

    def after_review(self, reviewed: Sequence[Reviewed], luck: float | None = None) -> Game:
        """The match once the deal's review is done: its plays and their loss added to the totals, and the deal's
        luck to the match's (which stays unknown once a deal's is)."""
        lost = self.lost + points_lost(reviewed)
        total = None if self.luck is None or luck is None else self.luck + luck
        return replace(self, decisions=(), reviewed=self.reviewed + len(reviewed), lost=lost, luck=total)


def _check_table(players: int, level: str, rules: RuleProfile) -> None:
    """Refuse a match the computer cannot play: a table the rules do not allow, or an unknown level."""
    if players not in rules.players:
        raise ValueError(f"the {rules.name} rules are played by {rules.players} players, not {players}")
    make_bot(level)  # refuses an unknown level


@dataclass(frozen=True)
class Reviewed:
    """One decision of the learner, weighed: the best play, the points the play made cost, a label, why the best
    play was better (``trainer.ai.why``), most important first, and the ways the loss was measured on (0 where it
    was not drawn on ways)."""

    decision: Decision
    best: Play
    loss: float
    error: float
    label: str
    reasons: tuple[Said, ...] = ()
    ways: int = 0


def _claim_worth(claim: Play) -> tuple[int, int]:
    """What the computer weighs a claim by: the cards it takes, then the coins among them."""
    taken = (claim.card, *claim.captured)
    return len(taken), sum(card.suit is Suit.COINS for card in taken)


def points_lost(reviewed: Iterable[Reviewed]) -> float:
    """The points the reviewed plays cost in all; a play that did better than the estimate of the best costs 0."""
    return sum(max(0.0, r.loss) for r in reviewed)


def weigh(
    deal: Deal,
    number: int,
    samples: int = COACH.samples,
    keep: Play | None = None,
    seed: str = "decision",
    settings: Settings = COACH,
) -> list[Evaluation]:
    """Every legal play of the learner's ``number``-th decision in a deal (from 0), best first, as ``settings``
    weigh them (``HINT`` for a hint, ``COACH`` for what the review sets each play against), the hint's ways the
    review's; ``keep`` (the play the review weighs) is played out on every sample, however far behind. Waits for the
    compiled code where it is being built."""
    wait_until_built()
    return evaluate(View.of(deal), replace(settings, samples=samples), f"{seed}:{number}", keep)


def decisions_of(deal: Deal, seat: int) -> tuple[Decision, ...]:
    """The plays ``seat`` made in the deal so far, each with the position it was made in."""
    return tuple(
        Decision(before, event.play)
        for before, after in pairwise(deal.states)
        for event in after.events
        if event.kind is EventKind.PLAY and event.play is not None and before.to_play == seat
    )


def finished_decisions(match: Match) -> list[tuple[Decision, ...]]:
    """The learner's decisions in each finished deal of the match, deal by deal: what its review weighs again, the
    same way (its samples are seeded), as the learner saw it."""
    return [decisions_of(done.deal, (LEARNER - done.dealer - 1) % match.players) for done in match.finished]


def review(decisions: tuple[Decision, ...], samples: int = COACH.samples, seed: str = "decision") -> list[Reviewed]:
    """Every decision weighed, as ``reviewing`` weighs them one by one."""
    return list(reviewing(decisions, samples, seed))


def reviewing(
    decisions: tuple[Decision, ...], samples: int = COACH.samples, seed: str = "decision"
) -> Iterator[Reviewed]:
    """Weigh each decision against the best play of its position (exact where nothing is hidden and the search keeps
    within its budget, see ``evaluate``), one at a time as each is done: the expected points lost, with its standard
    error, measured on ways of their own against the plays that stayed in the hint's race (``_settled``), labelled
    only where the loss passes the label's bound by a clearance for its uncertainty (``_clearance``), and, for a play
    that lost points, why (for a labelled one that no fact of the position sets apart: the odds of the unseen cards,
    ``odds_of_the_unseen``)."""
    for number, decision in enumerate(decisions):
        yield _weighed(decision, number, samples, seed)


def _weighed(decision: Decision, number: int, samples: int, seed: str) -> Reviewed:
    """One decision weighed. A forced play loses nothing. A play the rules forbid, which stood in table mode (V5), is
    not weighed: it is labelled ``FAULT`` with no points lost, as what it cost is the penalty in the deal's score or
    the capture it left to claim."""
    legal = decision.before.legal_plays()
    if decision.play not in legal:
        return Reviewed(decision, weigh(decision.before, number, samples, seed=seed)[0].play, 0.0, 0.0, FAULT)
    if len(legal) == 1:
        return Reviewed(decision, decision.play, 0.0, 0.0, "")
    found = weigh(decision.before, number, samples, decision.play, seed)
    rivals = [e.play for e in found if len(e.margins) == len(found[0].margins) and e.play != decision.play]
    if found[0].margins and rivals:  # weighed on ways drawn (or on the cards as they lie), not solved exactly
        best, differences = _settled(decision, rivals, f"{seed}:{number}")
        loss, error, clear = statistics.fmean(differences), standard_error(differences), _clearance(differences)
        if loss <= 0:  # as good as any play in the race
            return Reviewed(decision, decision.play, 0.0, error, "", ways=len(differences))
    else:  # solved exactly, or every other play fell clearly behind in the race
        made = next(e for e in found if e.play == decision.play)
        best, loss, error, clear, differences = found[0].play, found[0].margin - made.margin, 0.0, 0.0, []
    label = _label(loss, clear)
    why = reasons(decision.before, decision.play, best, samples, f"{seed}:{number}") if loss > 0 else ()
    if label and not why:
        why = (odds_of_the_unseen(decision.before),)
    return Reviewed(decision, best, loss, error, label, why, ways=len(differences))


def _settled(decision: Decision, rivals: Sequence[Play], seed: str) -> tuple[Play, list[float]]:
    """The best of ``rivals`` against the play made, on fresh ways (``MORE`` at a time, at least ``FEWEST`` and at
    most ``MOST``), and its margins less the play made's, way by way: more ways while the loss's interval of
    ``SURE`` standard errors still reaches past a label's bound. A rival that comes out the same as the play made on
    every way (a twin: J♠ laid for J♥) is no rival, and never the best: the play made is then measured against the
    others, or is as good as any if none is left. A loss is never taken as settled on an error of 0 while cards are
    hidden."""
    view, plays = View.of(decision.before), [decision.play, *rivals]
    margins = np.empty((len(plays), 0), np.int64)
    while True:
        batch_seed = f"{seed}:more:{margins.shape[1] // MORE}"  # not the hint's ways, nor an earlier batch's
        drawn = margins_on_ways(view, plays, MORE, batch_seed, COACH.infer, COACH.policy, exact=COACH.exact)
        margins = np.concatenate((margins, drawn), axis=1)
        others = [n for n in range(1, len(plays)) if (margins[n] != margins[0]).any()]
        if not others:  # every rival a twin of the play made, on every way drawn
            return decision.play, [0.0] * margins.shape[1]
        best = max(others, key=lambda n: int(margins[n].sum()))
        differences = (margins[best] - margins[0]).astype(float)
        if not view.hidden or len(differences) >= MOST:
            return plays[best], differences.tolist()
        if len(differences) >= FEWEST and standard_error(differences) > 0 and _decided(differences):
            return plays[best], differences.tolist()


def _clearance(differences: Sequence[float]) -> float:
    """How far past a label's bound a loss measured by ``differences`` must lie to earn the label: ``SURE`` times the
    standard error it would have on ``MOST`` ways (0 where they do not differ: nothing hidden)."""
    return SURE * standard_error(differences) * math.sqrt(len(differences) / MOST) if len(differences) > 1 else 0.0


def _label(loss: float, clearance: float) -> str:
    """The label a loss earns: that of the largest bound it passes by ``clearance``."""
    return next((name for name, size in LABELS if loss >= size + clearance), "")


def _decided(differences: Sequence[float]) -> bool:
    """Whether a loss's label is settled: no label's bound, moved on by the clearance, lies within ``SURE`` standard
    errors of it."""
    loss, error, clear = float(np.mean(differences)), standard_error(differences), _clearance(differences)
    return all(abs(loss - size - clear) >= SURE * error for _, size in LABELS)
