"""The puzzle kinds: what each asks, which answers the engine accepts, and why.

Every accepted answer comes from the engine (``captures``, ``legal_plays``,
``setenta``, ``score_deal``, the R16 check sum, a ``Match`` played out, a deal replayed); nothing
here is an answer key. A puzzle is judged under its rule set (``rules``, a ``PROFILES`` key).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

from trainer.ai.bots import SearchBudgetExceeded, exact_margins
from trainer.ai.view import View
from trainer.cards import DECK, R4, RANKS, Card, CardError, Notation, Suit, cards_text, parse_cards
from trainer.deal import Deal, EventKind
from trainer.match import Match, match_result
from trainer.plays import (
    CAPTURE_SUM,
    IllegalPlay,
    Play,
    captures,
    is_end_of_deal_sum,
    legal_plays,
    missing_value,
    refusal_of,
)
from trainer.plays import parse_play as parse_play_text
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.records import CLAIM
from trainer.scoring import CATEGORIES, WRONG_CAPTURE_COST, DealScore, score_deal, setenta, setenta_cards
from trainer.text import SIDES, Joined, Listed, Said, SaidError, either, marked, said, said_plural


class AnswerError(SaidError):
    """An answer that cannot be read; the message tells the learner how to write it."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's judgement of one answer: right or not, why (``reason``, for the learner's language), and every
    answer the engine accepts."""

    correct: bool
    reason: Said
    solutions: tuple[str, ...]
    miss: Said | None = None  # for a wrong answer, what is wrong with it, without the right answer
    closer: Said | None = None  # for a wrong answer, where the right one lies, for a second miss; still not it

    @property
    def explanation(self) -> str:
        """Why, in English."""
        return str(self.reason)


@dataclass(frozen=True, kw_only=True)
class Puzzle:
    """What every puzzle has; each kind adds its position and its rules for answers."""

    kind: ClassVar[str]
    id: str
    level: int
    themes: tuple[str, ...]
    title: str | Said  # a generated puzzle is worded from its position (``trainer.puzzles.wording``)
    hints: tuple[str | Said, ...] = ()
    explain: str = ""
    source: str = ""  # "file:line" of the puzzle, for messages
    rules: str = CLASSIC.name  # the rule set the puzzle is judged under

    @property
    def profile(self) -> RuleProfile:
        """The rule set's choices, as the engine reads them."""
        return PROFILES[self.rules]

    def solutions(self) -> list[str]:
        """Every accepted answer, in canonical text."""
        raise NotImplementedError

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        """The answer in canonical text, its cards read in ``notation``; raises ``AnswerError`` or ``CardError`` if it
        cannot be read."""
        raise NotImplementedError

    def why(self, answer: str) -> Said:
        """Why a canonical answer is right or wrong, in the learner's terms; for a wrong one, with the right one."""
        raise NotImplementedError

    def miss(self, answer: str) -> Said:
        """What is wrong with a canonical wrong answer, in the learner's terms, without giving the right one away."""
        raise NotImplementedError

    def closer(self, answer: str) -> Said:
        """A more pointed clue after a second miss (the value of the card to play, the figures to compare): where
        the right answer lies, still not the answer itself."""
        raise NotImplementedError

    def author_problems(self) -> list[tuple[str, str]]:
        """(field, message) for each way the puzzle cannot be posed, e.g. no answer exists."""
        return []

    def check(self, answer: str, notation: Notation = R4) -> Verdict:
        """The engine's verdict on a learner's answer, in any card order, its cards typed in ``notation``; never
        raises."""
        solutions = tuple(self.solutions())
        try:
            given = self.canonical(answer.strip(), notation)
        except (AnswerError, CardError) as error:
            return Verdict(False, error.said, solutions, error.said, error.said)
        if given in solutions:
            return Verdict(True, self.why(given), solutions)
        return Verdict(False, self.why(given), solutions, self.miss(given), self.closer(given))


def sum_text(played: Card, group: Iterable[Card]) -> str:
    """A card played and the cards it takes, added up: ``7♦ + A♣ + 7♠ = 15``."""
    cards = [played, *sorted(group)]
    return f"{' + '.join(map(str, cards))} = {sum(c.value for c in cards)}"


def needs(played: Card, table: Iterable[Card]) -> Said:
    """What the card played needs from the table to make 15, and in how few cards it can (R12)."""
    need, options = CAPTURE_SUM - played.value, captures(played, table)
    if not options:
        return said("{card} needs {need} from the table: look for cards that add up to exactly that",
                    card=str(played), need=need)  # fmt: skip
    fewest = min(len(group) for group in options)
    return said_plural(
        "{card} needs {need} from the table, in {n} card",
        "{card} needs {need} from the table, in {n} cards",
        fewest,
        card=str(played),
        need=need,
    )


def _group_text(group: Iterable[Card]) -> str | Said:
    return cards_text(group) or said("nothing")


@dataclass(frozen=True, kw_only=True)
class CapturePuzzle(Puzzle):
    """Which table cards make 15 with the played card? With ``all``, name every way."""

    kind: ClassVar[str] = "capture"
    table: tuple[Card, ...]
    play: Card
    all: bool = False

    def options(self) -> list[frozenset[Card]]:
        return sorted(captures(self.play, self.table), key=cards_text)

    def solutions(self) -> list[str]:
        texts = [cards_text(group) for group in self.options()]
        return ["; ".join(texts)] if self.all else texts

    def author_problems(self) -> list[tuple[str, str]]:
        if self.options():
            return []
        return [("play", f"{self.play} takes nothing from this table, so the puzzle has no answer (R12)")]

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        if not self.all:
            return cards_text(_table_pick(answer, self.play, notation))
        picks = [_table_pick(part, self.play, notation) for part in re.split(r"[;|\n]", answer) if part.strip()]
        if not picks:
            raise AnswerError(said("write each way as its cards, with ';' between ways: 5♦; 2♣ 3♥"))
        return "; ".join(sorted({cards_text(pick) for pick in picks}))

    def why(self, answer: str) -> Said:
        picks = [frozenset(parse_cards(part)) for part in answer.split(";")]
        options = self.options()
        wrong = [pick for pick in picks if pick not in options]
        if wrong or not self.all:
            return self._why_group(wrong[0] if wrong else picks[0])
        missed = [group for group in options if group not in picks]
        if missed:
            return said(
                "you missed {cards}: {sum} too", cards=_group_text(missed[0]), sum=sum_text(self.play, missed[0])
            )
        sums = "; ".join(sum_text(self.play, group) for group in options)
        return said_plural("all {n} way: {sums}", "all {n} ways: {sums}", len(options), sums=sums)

    def miss(self, answer: str) -> Said:
        picks = [frozenset(parse_cards(part)) for part in answer.split(";")]
        options = self.options()
        wrong = [pick for pick in picks if pick not in options]
        if wrong:
            return pick_miss(self.play, self.table, wrong[0])
        return said_plural(
            "{n} more way makes 15 with {card}", "{n} more ways make 15 with {card}", len(options) - len(picks),
            card=str(self.play),
        )  # fmt: skip

    def closer(self, answer: str) -> Said:
        return needs(self.play, self.table)

    def _why_group(self, pick: frozenset[Card]) -> Said:
        if pick in self.options():
            if pick == set(self.table):
                return said("{sum}: the table is empty, an escoba (R14)", sum=sum_text(self.play, pick))
            return said("{sum}", sum=sum_text(self.play, pick))
        return _why_not(self.play, self.table, self.options(), pick)


def _why_not(played: Card, table: Iterable[Card], options: list[frozenset[Card]], pick: frozenset[Card]) -> Said:
    """Why the table cards picked do not make 15 with the card played (R12), naming a capture inside them."""
    inside = [group for group in options if group < pick]
    if inside and pick <= set(table):
        extra = _group_text(pick - inside[0])
        return said(
            "{sum}, but you also took {extra}: that makes {total}",
            sum=sum_text(played, inside[0]),
            extra=extra,
            total=played.value + sum(c.value for c in pick),
        )
    return pick_miss(played, table, pick)


def pick_miss(played: Card, table: Iterable[Card], pick: frozenset[Card]) -> Said:
    """Why the table cards picked do not make 15 with the card played (R12), from those cards alone."""
    off_table = pick - set(table)
    if off_table:
        return said_plural(
            "{cards} is not on the table", "{cards} are not on the table", len(off_table), cards=cards_text(off_table)
        )
    total = played.value + sum(c.value for c in pick)
    if total < CAPTURE_SUM:
        short = CAPTURE_SUM - total
        return said("{sum}: {short} short of {fifteen}", sum=sum_text(played, pick), short=short, fifteen=CAPTURE_SUM)
    return said("{sum}, not {fifteen}", sum=sum_text(played, pick), fifteen=CAPTURE_SUM)


def _table_pick(answer: str, played: Card, notation: Notation, nothing: bool = False) -> frozenset[Card]:
    """The table cards an answer picks, read in ``notation``; with ``nothing``, the learner may also answer that
    there is nothing."""
    cards = parse_cards(answer, notation)
    if not cards and nothing:
        raise AnswerError(
            said(
                "pick the table cards that make 15 with {card}, or answer {nothing}", card=str(played), nothing=NOTHING
            )
        )
    if not cards:
        raise AnswerError(said("pick the table cards that make 15 with {card}", card=str(played)))
    if len(set(cards)) != len(cards):
        raise AnswerError(said("you named a card twice"))
    if played in cards:
        raise AnswerError(said("{card} is the card being played: pick only cards from the table", card=str(played)))
    return frozenset(cards)


# -- choose: which play is best for a goal ----------------------------------------------

GOALS = ("escoba", "most-cards", "take", "coins", "setenta", "safe")


def _setenta_total(cards: Iterable[Card]) -> int:
    """Setenta prices of the best card per suit held so far (0 for a missing suit)."""
    return sum(CLASSIC.setenta_prices[card.rank] for card in setenta_cards(cards).values())


@dataclass(frozen=True, kw_only=True)
class ChoosePuzzle(Puzzle):
    """Which play from this hand is best for the goal? Any play the engine ranks best is right."""

    kind: ClassVar[str] = "choose"
    table: tuple[Card, ...]
    hand: tuple[Card, ...]
    goal: str  # one of GOALS; "take" comes with ``target``
    target: Card | None = None  # the card to take, for goal "take"
    next_hand: tuple[Card, ...] = ()  # the next player's cards, for goal "safe"
    pile: tuple[Card, ...] = ()  # the side's pile so far, for goal "setenta"

    def measure(self, play: Play) -> int:
        """How well a legal play serves the goal; higher is better, 0 does not serve it."""
        taken = [*play.captured, play.card] if play.captured else []
        if self.goal == "escoba":
            return int(bool(self.table) and play.captured == set(self.table))
        if self.goal == "most-cards":
            return len(taken)
        if self.goal == "take":
            return int(self.target in play.captured)
        if self.goal == "coins":
            return sum(card.suit is Suit.COINS for card in taken)
        if self.goal == "setenta":
            return _setenta_total([*self.pile, *taken]) - _setenta_total(self.pile)
        return int(not self._threats(play))  # safe

    def _suit_missing(self, play: Play) -> bool:
        """Whether the pile still lacks a suit after ``play``: then it has no setenta, whatever it gains (R19)."""
        taken = [*play.captured, play.card] if play.captured else []
        return len(setenta_cards([*self.pile, *taken])) < len(Suit)

    def _threats(self, play: Play) -> list[tuple[Card, frozenset[Card]]]:
        """Captures the next player could make after ``play``."""
        table = set(self.table) - play.captured if play.captured else {*self.table, play.card}
        return [(card, group) for card in self.next_hand for group in captures(card, table)]

    def best(self) -> list[Play]:
        plays = legal_plays(self.hand, self.table, self.profile.must_capture)
        top = max((self.measure(p) for p in plays), default=0)
        return [p for p in plays if top > 0 and self.measure(p) == top]

    def solutions(self) -> list[str]:
        return [str(play) for play in self.best()]

    def author_problems(self) -> list[tuple[str, str]]:
        return (_setenta_problems(self, "goal") if self.goal == "setenta" else []) or self._goal_problems()

    def _goal_problems(self) -> list[tuple[str, str]]:
        if self.goal == "take" and self.target not in self.table:
            return [("goal", f"{self.target} is not on the table, so it cannot be taken")]
        if self.goal == "safe" and not self.next_hand:
            return [("goal", "goal 'safe' needs next_hand: the cards the next player holds")]
        if self.next_hand and self.goal != "safe":
            return [("next_hand", "next_hand is used only with goal 'safe'")]
        if self.pile and self.goal != "setenta":
            return [("pile", "pile is used only with goal 'setenta'")]
        if not self.best():
            return [("goal", f"no legal play meets the goal '{self.goal_text}', so the puzzle has no answer")]
        return []

    @property
    def goal_text(self) -> str:
        return f"take {self.target}" if self.goal == "take" else self.goal

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        return _play_answer(answer, notation)

    def why(self, answer: str) -> Said:
        play = parse_play_text(answer)
        refusal = refusal_of(play, self.hand, self.table, self.profile.must_capture)
        if refusal is not None:
            return refusal.said
        best = self.best()
        return self._describe(play) if play in best else self._compare(play, best[0])

    def miss(self, answer: str) -> Said:
        play = parse_play_text(answer)
        refusal = refusal_of(play, self.hand, self.table, self.profile.must_capture)
        return refusal.said if refusal is not None else self.shortfall(play)

    def closer(self, answer: str) -> Said:
        return card_to_play(self.best()[0])

    def _describe(self, play: Play) -> Said:
        card = str(play.card)
        if not play.captured and self.profile.must_capture == "any":
            done = said(
                "you lay {card} on the table (no card of yours can make 15, so you need not capture)", card=card
            )
        elif not play.captured:
            done = said("you lay {card} on the table (a card that takes nothing may always be played, R13)", card=card)
        else:
            taken, total = len(play.captured) + 1, sum_text(play.card, play.captured)
            done = said_plural("{sum}: you take {n} card", "{sum}: you take {n} cards", taken, sum=total)
        if self.goal == "coins":
            coins = self.measure(play)
            return said_plural(
                "{done}, with {n} coin among them", "{done}, with {n} coins among them", coins, done=done
            )
        if self.goal == "setenta" and self._suit_missing(play):
            return said(
                "{done}; your best cards gain {gain}, but a suit is still missing, "
                "so the pile has no setenta yet (R19)",
                done=done,
                gain=self.measure(play),
            )
        if self.goal == "setenta":
            return said("{done}; your setenta grows by {gain}", done=done, gain=self.measure(play))
        if self.goal == "safe":
            next_hand = cards_text(self.next_hand)
            return said("{done}, and no card of {cards} can make 15 afterwards", done=done, cards=next_hand)
        if self.goal == "escoba":
            return said("{done} and sweep the table: escoba (R14)", done=done)
        return done

    def _compare(self, play: Play, better: Play) -> Said:
        return said("{shortfall}; {better}", shortfall=self.shortfall(play), better=self._better(play, better))

    def shortfall(self, play: Play) -> Said:
        """What a legal play misses of the goal, without giving the answer away."""
        if self.goal == "escoba":
            return said("that leaves cards on the table")
        if self.goal == "take":
            return said("that does not take {card}", card=str(self.target))
        if self.goal == "safe":
            card, group = self._threats(play)[0]
            return said(
                "after that, {card} could take {cards} on the next turn", card=str(card), cards=cards_text(group)
            )
        gain = self.measure(play)
        if self.goal == "setenta" and self._suit_missing(play):
            return said("that adds {gain} to your best cards, and another play adds more", gain=gain)
        if self.goal == "setenta":
            return said("that adds {gain} to your setenta, and another play adds more", gain=gain)
        if self.goal == "coins":
            return said_plural(
                "that brings you {n} coin, and another play brings more",
                "that brings you {n} coins, and another play brings more",
                gain,
            )
        return said_plural(
            "that brings you {n} card, and another play brings more",
            "that brings you {n} cards, and another play brings more",
            gain,
        )

    def _better(self, play: Play, better: Play) -> Said:
        words = play_text(better)
        if self.goal == "escoba":
            return said("{play} clears it", play=words)
        if self.goal == "take":
            return said("{play} does", play=words)
        if self.goal == "safe":
            return said("{play} is safe", play=words)
        gain = self.measure(better)
        if self.goal == "setenta":
            done = said("{play} adds {gain}", play=words, gain=gain)
        else:
            done = said("{play} brings {gain}", play=words, gain=gain)
        seven = next((c for c in better.captured if c.rank == "7" and c.suit is Suit.COINS), None)
        if seven is not None and seven not in play.captured:
            return said(
                "{done}. You missed {card}: it is worth the 7 of coins point on its own", done=done, card=str(seven)
            )
        return done


def card_to_play(best: Play) -> Said:
    """The value of the card a best play plays: a pointed clue that leaves the play to find."""
    return said("the card to play from your hand is worth {value}", value=best.card.value)


def _play_answer(answer: str, notation: Notation) -> str:
    """A play typed as an answer in ``notation``, in canonical text."""
    if not answer:
        raise AnswerError(
            said("write the card you play, then the table cards it takes (the card alone to lay it down)")
        )
    return str(parse_play_text(answer, notation))


def play_text(play: Play) -> Said:
    """A play in words: ``6♠ taking A♠ 2♣ 6♥`` or ``laying 5♦ down``."""
    if not play.captured:
        return said("laying {card} down", card=str(play.card))
    return said("{card} taking {cards}", card=str(play.card), cards=cards_text(play.captured))


# -- the setenta and scoring ----------------------------------------------------------------


def _setenta_problems(puzzle: Puzzle, field: str = "rules") -> list[tuple[str, str]]:
    """A setenta question under a rule set that does not score the setenta cannot be asked (V1)."""
    if "setenta" in puzzle.profile.points:
        return []
    return [(field, f"the {puzzle.rules} rule set scores no setenta (V1), so it cannot judge this puzzle")]


def best_cards(pile: Iterable[Card]) -> Said:
    """The cards of a pile that count for its setenta, or the suits it lacks, without their prices or total (R19)."""
    best = setenta_cards(pile)
    missing = [suit for suit in Suit if suit not in best]
    if missing:
        return said(
            "look at the suits: the pile has no {suits}", suits=", ".join(f"{s.value} ({s.spanish})" for s in missing)
        )
    return said("the best card of each suit: {cards}", cards=cards_text(best.values()))


def setenta_breakdown(pile: Iterable[Card]) -> Said:
    """Why a pile has the setenta it has (R19), in a learner's words."""
    pile = tuple(pile)
    best = setenta_cards(pile)
    missing = [suit for suit in Suit if suit not in best]
    if missing:
        names = ", ".join(f"{s.value} ({s.spanish})" for s in missing)
        return said("no {suits} in the pile, so it has no setenta", suits=names)
    prices = ", ".join(f"{card} = {CLASSIC.setenta_prices[card.rank]}" for card in best.values())
    return said("best of each suit: {prices}; together {total}", prices=prices, total=setenta(pile))


@dataclass(frozen=True, kw_only=True)
class SetentaPuzzle(Puzzle):
    """What is this pile's setenta?"""

    kind: ClassVar[str] = "setenta"
    pile: tuple[Card, ...]

    def solutions(self) -> list[str]:
        value = setenta(self.pile)
        return ["none" if value is None else str(value)]

    def author_problems(self) -> list[tuple[str, str]]:
        return _setenta_problems(self)

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = answer.lower()
        if given != "none" and not re.fullmatch(r"[0-9]+", given):
            raise AnswerError(said("answer with a number such as 65, or 'none' if the pile has no setenta"))
        return given if given == "none" else str(int(given))

    def why(self, answer: str) -> Said:
        return setenta_breakdown(self.pile)

    def miss(self, answer: str) -> Said:
        value = setenta(self.pile)
        if value is None:
            return said("{given} cannot be: look at the suits in the pile first (R19)", given=answer)
        if answer == "none":
            return said("every suit is in the pile, so it has a setenta (R19)")
        if int(answer) > value:
            return said("{given} is more than this pile's setenta: count only the best card of each suit (R19)",
                        given=answer)  # fmt: skip
        return said("{given} is less than this pile's setenta: count the best card of each suit at its price (R19)",
                    given=answer)  # fmt: skip

    def closer(self, answer: str) -> Said:
        return best_cards(self.pile)


def _winner_text(side: int | None) -> str:
    return "nobody" if side is None else SIDES[side]


def _side_of(scores: list[DealScore], category: str) -> int | None:
    return next((side for side, s in enumerate(scores) if getattr(s, category)), None)


@dataclass(frozen=True, kw_only=True)
class SetentaDuelPuzzle(Puzzle):
    """Which side wins the setenta point: A, B or nobody?"""

    kind: ClassVar[str] = "setenta-duel"
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]

    def solutions(self) -> list[str]:
        return [_winner_text(_side_of(score_deal(self.piles, [0, 0]), "setenta"))]

    def author_problems(self) -> list[tuple[str, str]]:
        return _setenta_problems(self)

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = {"a": "A", "b": "B", "nobody": "nobody", "none": "nobody", "tie": "nobody"}.get(answer.lower())
        if given is None:
            raise AnswerError(said("answer A, B or nobody"))
        return given

    def why(self, answer: str) -> Said:
        a, b = (setenta_breakdown(pile) for pile in self.piles)
        winner = self.solutions()[0]
        if winner == "nobody":
            return said("A: {a}; B: {b}. The point goes to nobody (R19)", a=a, b=b)
        return said("A: {a}; B: {b}. The point goes to {side} (R19)", a=a, b=b, side=winner)

    def miss(self, answer: str) -> Said:
        if answer == "nobody":
            return said("one side's setenta is higher: work out both, the best card of each suit at its price (R19)")
        return said("side {side}'s setenta is not the higher one: work out both (R19)", side=answer)

    def closer(self, answer: str) -> Said:
        a, b = (best_cards(pile) for pile in self.piles)
        return said("A: {a}; B: {b}", a=a, b=b)


@dataclass(frozen=True, kw_only=True)
class Dealt:
    """Where a position comes from, when it keeps its record: the deal ``Deal.new(players, seed)`` dealt under the
    puzzle's rule set, and the plays made in it so far, written as in a game record (a claimed capture as
    ``claim 5♦ K♣``). Replaying them through the engine shows that a real deal reaches the position."""

    players: int | None = None
    seed: int | None = None
    plays: tuple[str, ...] = ()
    deck: tuple[Card, ...] = ()  # the deck's order itself, in place of a seed (a deal played on the Play page)

    def record_problems(self) -> list[tuple[str, str]]:
        """(field, message) for a record that is not whole."""
        dealt = self.seed is not None or bool(self.deck)
        if dealt and self.players is None:
            return [("seed", "a recorded deal needs players too: how many played it")]
        if self.plays and not dealt:
            return [("plays", "plays need the seed (or the deck) of the deal they were made in")]
        if self.seed is not None and self.deck:
            return [("deck", "a recorded deal has a seed or a deck, not both")]
        return []

    def replay(self, profile: RuleProfile) -> Deal:
        """The recorded deal, replayed play by play; ``IllegalPlay`` names the first play the engine refuses."""
        if self.players is None or (self.seed is None and not self.deck):
            raise ValueError("no recorded deal to replay")
        if self.deck:
            deal = Deal.from_deck(self.deck, self.players, profile)
        else:
            assert self.seed is not None
            deal = Deal.new(self.players, self.seed, profile)
        for number, text in enumerate(self.plays, start=1):
            play = parse_play_text(text.removeprefix(CLAIM))
            try:
                deal = deal.claim(play) if text.startswith(CLAIM) else deal.play(play)
            except IllegalPlay as error:
                raise IllegalPlay(f"play {number}, {text}: {error}") from None
        return deal


def _numbers_wanted(sides: int, below_zero: bool) -> Said:
    """How to write a deal's points: one number per side, in the sides' order, some below zero by penalties (V5)."""
    if sides == 3 and below_zero:
        return said(
            "answer with three numbers, A's points, then B's, then C's: 4 2 1, with a minus for points lost: -3 5 2"
        )
    if sides == 3:
        return said("answer with three numbers, A's points, then B's, then C's: 4 2 1")
    if below_zero:
        return said("answer with two numbers, A's points then B's: 6 2, with a minus for points lost: -3 5")
    return said("answer with two numbers, A's points then B's: 6 2")


@dataclass(frozen=True, kw_only=True)
class ScorePuzzle(Puzzle, Dealt):
    """How many points does each side score for this deal? Two sides, or three where the rule set seats three
    players (V3); with ``wrong_captures`` the deal was played by penalties (V5)."""

    kind: ClassVar[str] = "score"
    piles: tuple[tuple[Card, ...], ...]
    escobas: tuple[int, ...]
    wrong_captures: tuple[int, ...] = ()

    @property
    def profile(self) -> RuleProfile:
        rules = PROFILES[self.rules]
        return rules.with_options(penalties=True) if self.wrong_captures else rules

    def scores(self) -> list[DealScore]:
        return score_deal(self.piles, self.escobas, self.profile, self.wrong_captures or None)

    def solutions(self) -> list[str]:
        return [" ".join(str(score.total) for score in self.scores())]

    def author_problems(self) -> list[tuple[str, str]]:
        rules, sides = PROFILES[self.rules], len(self.piles)
        if self.wrong_captures and not rules.penalties_allowed:
            message = f"the {self.rules} rule set refuses a wrong capture (R17); only turkish plays by penalties (V5)"
            return [("wrong_captures", message)]
        for key, counts in (("escobas", self.escobas), ("wrong_captures", self.wrong_captures or self.piles)):
            if len(counts) != sides:
                return [(key, f"{sides} piles, so {sides} counts: one for each side")]
        possible = sorted({rules.sides(players) for players in rules.players})
        players = f"the {self.rules} rule set is for {either(rules.players)} players"
        if self.players is not None and self.players not in rules.players:
            return [("players", f"{self.players} players: {players} (R5, V3)")]
        if self.players is not None and rules.sides(self.players) != sides:
            return [("piles", f"{self.players} players make {rules.sides(self.players)} sides, not {sides} (V3)")]
        if sides not in possible:
            return [("piles", f"{players}, so a deal has {either(possible)} sides, not {sides} (R5, V3)")]
        return self.record_problems()

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        numbers = re.findall(r"(?:(?<![^\s,:])-)?\d+", answer)
        sides = len(self.piles)
        if len(numbers) != sides or re.sub(r"[\d\s,\-–:ABCabc]", "", answer):
            raise AnswerError(_numbers_wanted(sides, bool(self.wrong_captures)))
        return " ".join(str(int(n)) for n in numbers)

    def why(self, answer: str) -> Said:
        return score_breakdown(self.scores(), self.profile)

    def miss(self, answer: str) -> Said:
        given = answer.split()
        off = Listed(tuple(SIDES[side] for side, score in enumerate(self.scores()) if str(score.total) != given[side]))
        return said_plural(
            "side {sides}'s points are off: go through the categories one by one",
            "the points of sides {sides} are off: go through the categories one by one",
            len(off.items),
            sides=off,
        )

    def closer(self, answer: str) -> Said:
        given = [int(points) for points in answer.split()]
        side, total = next((side, s.total) for side, s in enumerate(self.scores()) if s.total != given[side])
        if total > given[side]:
            return said("side {side} scores more than {given}", side=SIDES[side], given=given[side])
        return said("side {side} scores less than {given}", side=SIDES[side], given=given[side])


#: The categories the one side strictly ahead wins (R18, V2), with the figure each compares.
MOST = {"cards": "card_count", "coins": "coin_count", "sevens": "seven_count", "setenta": "setenta_sum"}


def score_breakdown(scores: Sequence[DealScore], profile: RuleProfile = CLASSIC) -> Said:
    """Category by category, the figures behind it and who scores what (R18, V1, V2, V5), in sentences built from
    the categories of ``scoring.CATEGORIES``.

    >>> from trainer.cards import DECK
    >>> print(str(score_breakdown(score_deal([DECK[:25], DECK[25:]], [1, 0]))).replace(". ", ".\\n"))
    Escobas: A 1, B 0, worth 1 point each.
    Most cards: A 25 cards, B 15 cards; A has more cards than the other side, so it scores 1.
    Most coins: A 7 coins, B 3 coins; A has more coins than the other side, so it scores 1.
    7♦: A has the pile with the 7♦, so it scores 1.
    Setenta: A 75, B 73; A has a higher setenta than the other side, so it scores 1.
    In all, A scores 5 and B 0
    """
    lines = [_category_line(name, scores, profile) for name in scores[0].points]
    others = [f"{SIDES[side]} {score.total}" for side, score in enumerate(scores)][1:]
    lead = said("{side} scores {points}", side=SIDES[0], points=scores[0].total)
    total = said("In all, {totals}", totals=Listed((lead, *others)))
    return said("{lines}. {total}", lines=Joined(tuple(lines), ". "), total=total)


#: Each category's name as a sentence opens with it.
HEADINGS = {
    "escoba": marked("Escobas"),
    "cards": marked("Most cards"),
    "coins": marked("Most coins"),
    "all_coins": marked("All ten coins"),
    "sevens": marked("Most sevens"),
    "seven_of_coins": "7♦",
    "all_sevens": marked("All four sevens"),
    "setenta": marked("Setenta"),
    "few_cards": marked("Opponents under 10 cards"),
    "penalty": marked("Wrong captures"),
}


def _category_line(name: str, scores: Sequence[DealScore], profile: RuleProfile) -> Said:
    """One category: its figures for every side, then who scores it and why."""
    heading = said(HEADINGS[name])
    # the opponents-under-10 point is read off both sides' card counts, the figures of the most-cards point
    figure = CATEGORIES["cards"].figure if name == "few_cards" else CATEGORIES[name].figure
    if name == "escoba":
        counts = ", ".join(f"{SIDES[side]} {score.escoba_count}" for side, score in enumerate(scores))
        return said_plural(
            "{category}: {figures}, worth {n} point each",
            "{category}: {figures}, worth {n} points each",
            profile.points[name],
            category=heading,
            figures=counts,
        )
    reason = _category_reason(name, scores, profile)
    if figure is None:
        return said("{category}: {reason}", category=heading, reason=reason)
    figures = Joined(
        tuple(said("{side} {figure}", side=SIDES[side], figure=figure(s)) for side, s in enumerate(scores)), ", "
    )
    return said("{category}: {figures}; {reason}", category=heading, figures=figures, reason=reason)


def _category_reason(name: str, scores: Sequence[DealScore], profile: RuleProfile) -> Said:
    """Who scores a category (other than escobas) and why, or why nobody does."""
    won_by = said(CATEGORIES[name].winning(len(scores)))
    winners = [side for side, score in enumerate(scores) if score.points[name]]
    if name == "penalty":
        if not winners:
            return said("none stood, so nobody loses points")
        escobas = sum(score.escoba_count for score in scores)
        lost = Listed(
            tuple(
                said("{side} loses {points}", side=SIDES[side], points=-scores[side].points[name]) for side in winners
            )
        )
        return said_plural(
            "each costs {cost}, and 1 more for each of the deal's {n} escoba: {total}, so {lost} (V5)",
            "each costs {cost}, and 1 more for each of the deal's {n} escobas: {total}, so {lost} (V5)",
            escobas,
            cost=WRONG_CAPTURE_COST,
            total=WRONG_CAPTURE_COST + escobas,
            lost=lost,
        )
    if name == "few_cards":
        if len(scores) != 2:
            return said("only scored when two sides play")
        if not winners:
            return said("no side took fewer than 10, so nobody scores it")
        side = winners[0]
        return said(
            "the other side took fewer than 10, so {side} scores {points}",
            side=SIDES[side],
            points=scores[side].points[name],
        )
    if winners:
        side = winners[0]
        scored = said(
            "{side} has {won_by}, so it scores {points}",
            side=SIDES[side],
            won_by=won_by,
            points=scores[side].points[name],
        )
        replaced = profile.in_place_of.get(name)
        if replaced is None:
            return scored
        return said("{scored}, in place of the {other} point", scored=scored, other=said(CATEGORIES[replaced].label))
    if name in MOST:
        values = [getattr(score, MOST[name]) for score in scores]
        known = [value for value in values if value is not None]
        if not known:
            return said("no side has one, so nobody scores it")
        top = Listed(tuple(SIDES[side] for side, value in enumerate(values) if value == max(known)))
        rule = "V2" if len(scores) > 2 else "R18"
        return said("{sides} share the top, so nobody scores it ({rule})", sides=top, rule=rule)
    for bonus, replaced in profile.in_place_of.items():
        holder = next((side for side, score in enumerate(scores) if score.points[bonus]), None)
        if replaced == name and holder is not None:
            return said(
                "{side} has {won_by}, but {bonus} score in place of it, so nobody scores it",
                side=SIDES[holder],
                won_by=won_by,
                bonus=said(CATEGORIES[bonus].label),
            )
    return said("nobody has {won_by}", won_by=won_by)


def scoring_text(profile: RuleProfile) -> Said:
    """What a rule set scores, category by category, in a line a learner reads before counting (R18, V1, V5).

    >>> from trainer.profile import CARDGAMES
    >>> print(str(scoring_text(CARDGAMES)).replace("; ", ";\\n"))
    1 per escoba;
    most cards 1;
    most coins 1;
    all ten coins 2;
    most sevens 1;
    7♦ 1;
    all four sevens 3, in place of the 7♦ point
    """
    parts = []
    for name, worth in profile.points.items():
        replaced = profile.in_place_of.get(name)
        label = said(CATEGORIES[name].label)
        if name == "escoba":
            parts.append(said("{worth} per escoba", worth=worth))
        elif replaced:
            other = said(CATEGORIES[replaced].label)
            parts.append(
                said("{category} {worth}, in place of the {other} point", category=label, worth=worth, other=other)
            )
        else:
            parts.append(said("{category} {worth}", category=label, worth=worth))
    if profile.penalties:
        parts.append(said("each wrong capture costs {cost} and 1 more per escoba of the deal", cost=WRONG_CAPTURE_COST))
    return said("{parts}", parts=Joined(tuple(parts), "; "))


# -- table mode: claiming a missed capture (V5) -----------------------------------------------

NOTHING = "nothing"


@dataclass(frozen=True, kw_only=True)
class ClaimPuzzle(Puzzle, Dealt):
    """The last player laid ``laid`` on the table; before playing, what may the next player claim (V5)?

    ``table`` holds the other cards on the table. The answer is the table cards the claim takes with the laid
    card, or "nothing" when the laid card could make 15 with none of them, so laying it was no mistake. The
    position comes from its recorded deal, played by penalties.
    """

    kind: ClassVar[str] = "claim"
    table: tuple[Card, ...]
    laid: Card

    @property
    def profile(self) -> RuleProfile:
        rules = PROFILES[self.rules]
        return rules.with_options(penalties=True) if rules.penalties_allowed else rules

    def options(self) -> list[frozenset[Card]]:
        return sorted(captures(self.laid, self.table), key=cards_text)

    def solutions(self) -> list[str]:
        return [cards_text(group) for group in self.options()] or [NOTHING]

    def author_problems(self) -> list[tuple[str, str]]:
        if not PROFILES[self.rules].penalties_allowed:
            return [("rules", f"the {self.rules} rule set refuses a missed capture (R13, R17), so nothing is claimed")]
        if self.seed is None:
            return [("seed", "a claim comes from a real deal: give players, seed and plays, the record of that deal")]
        return self.record_problems()

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        if answer.lower() in (NOTHING, "none", "no"):
            return NOTHING
        return cards_text(_table_pick(answer, self.laid, notation, nothing=True))

    def why(self, answer: str) -> Said:
        options, laid = self.options(), str(self.laid)
        if not options:
            missed = said("no table cards make 15 with {card}, so laying it down missed no capture", card=laid)
            if answer == NOTHING:
                return said("{missed}: there is nothing to claim (V5)", missed=missed)
            wrong = _why_not(self.laid, self.table, options, frozenset(parse_cards(answer)))
            return said("{wrong}; {missed} (V5)", wrong=wrong, missed=missed)
        if answer == NOTHING:
            return said(
                "{sum}: {card} could have taken that, so the last player missed a capture and you may claim it before "
                "you play (V5)",
                sum=sum_text(self.laid, options[0]),
                card=laid,
            )
        pick = frozenset(parse_cards(answer))
        if pick not in options:
            return _why_not(self.laid, self.table, options, pick)
        return said(
            "{sum}: you take them all into your side's pile before you play. A claim is never an escoba (V5)",
            sum=sum_text(self.laid, pick),
        )

    def miss(self, answer: str) -> Said:
        if answer == NOTHING:
            return said("{card} could have made 15 with cards on the table, so there is a capture to claim (V5)",
                        card=str(self.laid))  # fmt: skip
        return pick_miss(self.laid, self.table, frozenset(parse_cards(answer)))

    def closer(self, answer: str) -> Said:
        return needs(self.laid, self.table)


# -- the check sum ----------------------------------------------------------------------


#: The hidden card of a check-sum puzzle, as an answer names it, by its rank when it is not a number.
_HIDDEN = {
    "A": said("an ace"),
    "J": said("a sota (J)"),
    "Q": said("a caballo (Q)"),
    "K": said("a rey (K)"),
}


@dataclass(frozen=True, kw_only=True)
class ChecksumPuzzle(Puzzle):
    """The R16 check sum: what the end-of-deal table adds up to, or the value of its hidden card."""

    kind: ClassVar[str] = "checksum"
    table: tuple[Card, ...]
    ask: str = "sum"  # or "missing": one more card lies face down

    def solutions(self) -> list[str]:
        if self.ask == "sum":
            return [str(sum(card.value for card in self.table))]
        value = missing_value(self.table)
        return [] if value is None else [RANKS[value - 1]]

    def author_problems(self) -> list[tuple[str, str]]:
        total = sum(card.value for card in self.table)
        if self.ask == "sum" and not is_end_of_deal_sum(total):
            return [("table", f"these cards add up to {total}; no whole deal ends like that (R16: 10, 25, 40, ...)")]
        if self.ask == "missing" and not self.solutions():
            return [("table", f"these cards add up to {total}; no single card brings that to 10, 25, 40, ... (R16)")]
        return []

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        if self.ask == "sum":
            if not re.fullmatch(r"[0-9]+", answer):
                raise AnswerError(said("answer with a number"))
            return str(int(answer))
        given = answer.upper()
        rank = {str(value): rank for value, rank in enumerate(RANKS, start=1)}.get(given, given)
        if rank not in RANKS:
            raise AnswerError(said("answer with a rank (A, 2 ... 7, J, Q, K) or a value from 1 to 10"))
        return rank

    def why(self, answer: str) -> Said:
        total = sum(card.value for card in self.table)
        if self.ask == "sum":
            values = " + ".join(str(card.value) for card in self.table)
            return said("{values} = {total}: one of 10, 25, 40, ... (R16)", values=values, total=total)
        rank = self.solutions()[0]
        return said(
            "the table shows {total}; a deal always ends on 10, 25, 40, ... (R16), so the hidden card is worth "
            "{value}: {card}",
            total=total,
            value=RANKS.index(rank) + 1,
            card=_HIDDEN.get(rank) or said("a {rank}", rank=rank),
        )

    def miss(self, answer: str) -> Said:
        if self.ask == "sum":
            return said(
                "{given} is not what these cards add up to: count each sota, caballo and rey at its capture value (R3)",
                given=answer,
            )
        value = RANKS.index(answer) + 1
        total = value + sum(card.value for card in self.table)
        return said("with a card worth {value} the table would add up to {total}, and no deal ends on that (R16)",
                    value=value, total=total)  # fmt: skip

    def closer(self, answer: str) -> Said:
        if self.ask == "sum":
            values = " + ".join(str(card.value) for card in self.table)
            return said("add {values}, one card at a time", values=values)
        total = sum(card.value for card in self.table)
        return said("the table shows {total}: one more card must bring it to one of 10, 25, 40, ... (R16)", total=total)


# -- around the table: seats, the deal and the match ------------------------------------------

ASKS = ("next-dealer", "leader", "partner", "stock-after", "first-after-redeal")


def _hands_dealt(deal: Deal) -> int:
    """How many times hands have been dealt in this deal so far (R8, R10)."""
    return sum(event.kind in (EventKind.DEAL, EventKind.REDEAL) for event in deal.log)


@dataclass(frozen=True, kw_only=True)
class SeatsPuzzle(Puzzle):
    """Who deals, who leads, who partners whom, and how many cards the stock keeps (R5-R8, R10, R22).

    Seats are named "seat 0", "seat 1", ... counted round the table in the order play goes, so
    with four players seat 0 sits opposite seat 2. ``dealer`` is the seat dealing this deal. The
    answer is a seat number, or for ``stock-after`` a count of cards; the engine finds it by
    playing a ``Match`` from that dealer.

    >>> SeatsPuzzle(id="p", level=1, themes=("seats",), title="", players=4, dealer=3, ask="next-dealer").solutions()
    ['0']
    """

    kind: ClassVar[str] = "seats"
    players: int
    dealer: int
    ask: str  # one of ASKS
    seat: int | None = None  # whose partner, for ask "partner"
    round: int = 1  # for ask "stock-after": after hands are dealt for the round-th time

    def _start(self) -> Match:
        return Match.new(self.players, seed=0, first_dealer=self.dealer, profile=self.profile, deck=DECK)

    def _played(self, rounds: int = len(DECK)) -> Match:
        """The match played on, the first legal play each turn, until hands are dealt ``rounds`` times or it ends."""
        match = self._start()
        while not match.current.is_over and _hands_dealt(match.current) < rounds:
            match = match.play(match.current.legal_plays()[0])
        return match

    def rounds(self) -> int:
        """How many times hands are dealt in a whole deal at this table."""
        return _hands_dealt(self._played().current)

    def answers(self) -> list[int]:
        """The engine's answers: a seat (with six players, either partner), or the cards left in the stock; none
        if the deal never gets there."""
        if self.ask == "stock-after":
            later = self._played(self.round)
            return [len(later.current.stock)] if _hands_dealt(later.current) == self.round else []
        if self.ask == "next-dealer":
            return [self._played().next_deal(DECK).dealer]
        match = self._played(2) if self.ask == "first-after-redeal" else self._start()
        to_play = match.current.to_play
        assert to_play is not None  # hands have just been dealt
        if self.ask != "partner":
            return [match.seat_of(to_play)]
        # The deal's sides are its seats' sides, as its piles are (R5, V3); map them back to the seats at the table.
        deal, seats = match.current, [match.seat_of(deal_seat) for deal_seat in range(self.players)]
        mine = seats.index(self.seat) if self.seat is not None else to_play
        return sorted(seat for at, seat in enumerate(seats) if deal.side_of(at) == deal.side_of(mine) and at != mine)

    def choices(self) -> tuple[str, ...]:
        """The seats to choose from, or nothing when the answer is a count of cards."""
        return () if self.ask == "stock-after" else tuple(map(str, range(self.players)))

    def solutions(self) -> list[str]:
        return [str(found) for found in self.answers()]

    def author_problems(self) -> list[tuple[str, str]]:
        if self.players not in self.profile.players:
            allowed = either(self.profile.players)
            return [("players", f"{self.players} players: the {self.rules} rule set is for {allowed} players (V3)")]
        if not 0 <= self.dealer < self.players:
            return [("dealer", f"with {self.players} players the seats are 0 to {self.players - 1}")]
        if (self.seat is None) != (self.ask != "partner"):
            return [("seat", "seat is needed with ask 'partner', and only there")]
        if self.round != 1 and self.ask != "stock-after":
            return [("round", "round is used only with ask 'stock-after'")]
        if self.ask == "partner" and self.profile.sides(self.players) == self.players:
            return [("ask", f"with {self.players} players each plays alone, so nobody has a partner (R5, V3)")]
        if self.seat is not None and not 0 <= self.seat < self.players:
            return [("seat", f"with {self.players} players the seats are 0 to {self.players - 1}")]
        if self.ask == "stock-after" and not self.solutions():
            return [("round", f"{self.players} players get new hands only {self.rounds()} times in a deal (R10)")]
        return []

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = re.fullmatch(r"(?:seat\s*)?([0-9]+)", answer.lower())
        if given is None:
            if self.ask == "stock-after":
                raise AnswerError(said("answer with a number of cards"))
            raise AnswerError(said("answer with a seat"))
        return str(int(given.group(1)))

    def miss(self, answer: str) -> Said:
        if self.ask == "stock-after":
            many = (
                said("{given} is too many", given=answer)
                if int(answer) > int(self.solutions()[0])
                else said("{given} is too few", given=answer)
            )
            return said("{given}: count the cards on the table and every hand dealt so far (R8, R10)", given=many)
        return said("not seat {seat}: {rule}", seat=answer, rule=self._rule())

    def closer(self, answer: str) -> Said:
        if self.ask == "stock-after":
            return said(
                "each time hands are dealt, every one of the {players} players gets {hand} cards; {table} lie on the "
                "table from the start",
                players=self.players,
                hand=self.profile.hand_size,
                table=self.profile.table_size,
            )
        if self.ask == "partner" and self.players > 4:
            return said("count two seats on from seat {seat}, then two more, going round the table", seat=self.seat)
        if self.ask == "partner":
            return said("count two seats on from seat {seat}, going round the table", seat=self.seat)
        return said("count on from seat {dealer}, the dealer, in playing order, going round the table",
                    dealer=self.dealer)  # fmt: skip

    def _rule(self) -> Said:
        """The rule that answers the question, without the seat it points to."""
        if self.ask == "leader":
            return said("the seat after the dealer, in playing order, plays the first card (R7)")
        if self.ask == "next-dealer":
            return said("the deal passes one seat on each time (R22)")
        if self.ask == "partner" and self.players > 4:
            return said("with six players every other seat is one side (V3)")
        if self.ask == "partner":
            return said("partners sit across the table from each other (R5)")
        return said("new hands do not change who plays first (R10)")

    def why(self, answer: str) -> Said:
        found, dealer = self.solutions()[0], self.dealer
        if self.ask == "leader":
            return said(
                "seat {dealer} deals, so the next seat in playing order, seat {seat}, plays first (R7)",
                dealer=dealer,
                seat=found,
            )
        if self.ask == "next-dealer":
            return said(
                "seat {dealer} dealt this time; once the deal is over the cards are shuffled again and the deal moves "
                "one seat on, to seat {seat}, who led this deal (R7, R22)",
                dealer=dealer,
                seat=found,
            )
        if self.ask == "partner" and self.players > 4:
            partners = Listed(tuple(self.solutions()))
            return said(
                "with six players every other seat is one side: seat {seat} plays with seats {partners} (V3)",
                seat=self.seat,
                partners=partners,
            )
        if self.ask == "partner":
            return said(
                "partners sit across the table from each other: seat {seat} plays with seat {partner} (R5)",
                seat=self.seat,
                partner=found,
            )
        if self.ask == "first-after-redeal":
            return said(
                "new hands do not change the order: seat {seat}, just after the dealer, plays first again (R10)",
                seat=found,
            )
        hands = self.profile.hand_size * self.players
        return said(
            "{deck} cards, {table} turned up on the table and {rounds} × {hands} = {dealt} dealt into hands leave "
            "{left} in the stock (R8, R10)",
            deck=len(DECK),
            table=self.profile.table_size,
            rounds=self.round,
            hands=hands,
            dealt=self.round * hands,
            left=found,
        )


OUTCOMES = ("A", "B", "another deal")


@dataclass(frozen=True, kw_only=True)
class MatchPuzzle(Puzzle):
    """Sides A and B had ``totals`` before a deal that brought them ``points``: has the match been won? (R21)

    The answer is "A", "B" or "another deal".

    >>> MatchPuzzle(id="p", level=1, themes=("match-target",), title="", totals=(18, 20), points=(4, 1)).solutions()
    ['A']
    """

    kind: ClassVar[str] = "match"
    totals: tuple[int, int]
    points: tuple[int, int]
    target: int = CLASSIC.target

    def after(self) -> tuple[int, int]:
        """Both sides' totals once the deal is scored."""
        return self.totals[0] + self.points[0], self.totals[1] + self.points[1]

    def choices(self) -> tuple[str, ...]:
        return OUTCOMES

    def solutions(self) -> list[str]:
        side = match_result(self.after(), self.target)
        return [OUTCOMES[2] if side is None else SIDES[side]]

    @property
    def rule(self) -> str:
        """The rule a match puzzle drills: R21, or V4 for a match of another rule set."""
        return "R21" if self.rules == CLASSIC.name else "V4"

    def author_problems(self) -> list[tuple[str, str]]:
        if self.target not in self.profile.targets:
            goals = either(self.profile.targets)
            played_to = f"a match by the {self.rules} rules is played to {goals} points"
            return [("target", f"{played_to}, not {self.target} ({self.rule})")]
        side = match_result(self.totals, self.target)
        if side is None:
            return []
        message = f"{SIDES[side]} has already won with these totals, so no deal comes after them ({self.rule})"
        return [("totals", message)]

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = {"a": "A", "b": "B", "another deal": OUTCOMES[2], "another": OUTCOMES[2]}.get(
            " ".join(answer.lower().split())
        )
        if given is None:
            raise AnswerError(said("answer A, B or another deal"))
        return given

    def miss(self, answer: str) -> Said:
        won = said("a side has won") if answer == OUTCOMES[2] else said("{side} has not won", side=answer)
        return said(
            "{first}: add this deal's points to each side's total and compare them with {target} ({rule})",
            first=won,
            target=self.target,
            rule=self.rule,
        )

    def closer(self, answer: str) -> Said:
        a, b = self.after()
        return said("after the deal A has {a} and B {b}", a=a, b=b)

    def why(self, answer: str) -> Said:
        a, b = self.after()
        totals = self.closer(answer)  # the totals after the deal, the clue for a second miss
        target, rule = self.target, self.rule
        if max(a, b) < target:
            return said(
                "{totals}: nobody has reached {target} yet, so another deal is played ({rule})",
                totals=totals,
                target=target,
                rule=rule,
            )
        if a == b:
            return said(
                "{totals}: level at {target} or more, so one more whole deal decides it ({rule})",
                totals=totals,
                target=target,
                rule=rule,
            )
        return said(
            "{totals}: {side} has reached {target} with the larger total and wins ({rule})",
            totals=totals,
            side=self.solutions()[0],
            target=target,
            rule=rule,
        )


@dataclass(frozen=True, kw_only=True)
class EndgamePuzzle(Puzzle, Dealt):
    """Two players, the stock used up: every card left is known. Which play leaves your side furthest ahead of the
    other when the deal is scored? The engine searches every way the deal can still go, both sides playing their
    best; a position with more ways than its search may weigh is refused. The position is that of its recorded
    deal."""

    kind: ClassVar[str] = "endgame"

    def position(self) -> Deal:
        return self.replay(self.profile)

    @cached_property
    def margins(self) -> dict[Play, int]:
        """Each legal play, with the points its side ends ahead of the other (behind, if negative); searched once
        per puzzle, as the answers, the verdict and its explanation all need it."""
        return exact_margins(View.of(self.position()))

    def solutions(self) -> list[str]:
        margins = self.margins
        best = max(margins.values())
        return [str(play) for play, margin in margins.items() if margin == best]

    def author_problems(self) -> list[tuple[str, str]]:
        problems = self.record_problems()
        if problems or self.players is None:
            return problems or [("players", "an endgame comes from a real deal: give players, deck or seed, plays")]
        try:
            deal = self.position()
        except (IllegalPlay, ValueError) as error:
            return [("plays", f"the recorded deal cannot be replayed: {error}")]
        if deal.players != 2 or deal.stock or deal.to_play is None:
            return [("plays", "an endgame is a two-player deal with the stock used up and a player still to play")]
        try:
            self.margins  # noqa: B018 (searched now: a position too big to solve is for the author to change)
        except SearchBudgetExceeded as error:
            return [("plays", f"the engine cannot solve this endgame ({error}): end the plays later in the deal")]
        return []

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        return _play_answer(answer, notation)

    def refused(self, answer: str) -> Said | None:
        """Why the rules refuse the play answered from this position, or None if they allow it."""
        deal = self.position()
        seat = deal.to_play
        assert seat is not None
        refusal = refusal_of(parse_play_text(answer), deal.hands[seat], deal.table, self.profile.must_capture)
        return None if refusal is None else refusal.said

    def why(self, answer: str) -> Said:
        if (refused := self.refused(answer)) is not None:
            return refused
        play = parse_play_text(answer)
        margins = self.margins
        best = max(margins.values())
        mine = margins[play]
        ahead = said("with best play on both sides your side ends {margin}", margin=_margin_text(mine))
        if mine == best:
            return said("{play}: {ahead}, and no play does better", play=play_text(play), ahead=ahead)
        top = next(p for p, m in margins.items() if m == best)  # the answer itself: shown with it, never before
        return said(
            "{play}: {ahead}; {best} ends {margin}",
            play=play_text(play),
            ahead=ahead,
            best=play_text(top),
            margin=_margin_text(best),
        )

    def miss(self, answer: str) -> Said:
        if (refused := self.refused(answer)) is not None:
            return refused
        play = parse_play_text(answer)
        return said(
            "{play}: with best play on both sides your side ends {margin}, and another play does better",
            play=play_text(play),
            margin=_margin_text(self.margins[play]),
        )

    def closer(self, answer: str) -> Said:
        best = max(self.margins.values())
        return card_to_play(next(play for play, margin in self.margins.items() if margin == best))


def _margin_text(margin: int) -> Said:
    if margin == 0:
        return said("level with the other side")
    if margin > 0:
        return said_plural("{n} point ahead", "{n} points ahead", margin)
    return said_plural("{n} point behind", "{n} points behind", -margin)


def allowed(deal: Deal, play: Play) -> tuple[str, IllegalPlay | None]:
    """Whether the seat to play may make ``play`` (R11-R13, R17): what it is (``capture``, ``lay down``, or the
    reason the rules refuse it) and the refusal, or None."""
    try:
        deal.verify_play(play)
    except IllegalPlay as refused:
        return (refused.refusal.reason if refused.refusal else ""), refused
    return ("capture" if play.captured else "lay down"), None


def look_at(play: Play) -> Said:
    """Where to look to judge a play: what it adds up to, or for a card laid down, the table it could take from."""
    if play.captured:
        return said("add up the play: {sum}", sum=sum_text(play.card, play.captured))
    return said("look at the table: see whether {card} makes 15 with any of its cards", card=str(play.card))


# -- the referee: plays the rules refuse, the first table, the last take ---------------------------------------------

REFEREE_ASKS = ("allowed", "first-table", "last-take")
#: The options of a referee puzzle, by what it asks.
REFEREE_CHOICES = {"allowed": ("yes", "no"), "first-table": ("0", "1", "2"), "last-take": ("A", "B", "nobody")}


@dataclass(frozen=True, kw_only=True)
class RefereePuzzle(Puzzle, Dealt):
    """A question the referee settles in a real deal, the position that of its record (R9, R11-R13, R15, R17).

    ``allowed``: may the seat to play make ``move``? (yes or no; the engine's ``verify_play`` judges it and its
    ``Refusal`` says why). ``first-table``: how many escobas does the dealer's side score for the four cards turned
    up (R9)? ``last-take``: ``move`` is the deal's last; who takes the cards left on the table (R15)?
    """

    kind: ClassVar[str] = "referee"
    ask: str  # one of REFEREE_ASKS
    move: Play | None = None  # the play asked about

    def position(self) -> Deal:
        return self.replay(self.profile)

    def refusal(self) -> IllegalPlay | None:
        """Why the rules refuse the play asked about, or None if they allow it."""
        return self._allowed()[1]

    def question_key(self) -> str:
        """What the play asked about is, as the course's ``allowed`` task names it (see ``allowed``)."""
        return self._allowed()[0]

    def _allowed(self) -> tuple[str, IllegalPlay | None]:
        assert self.move is not None
        return allowed(self.position(), self.move)

    def turned_up(self) -> tuple[Card, ...]:
        """The cards the dealer turned up on the table."""
        return next(event.cards for event in self.position().log if event.kind is EventKind.DEAL)

    def taker(self) -> int | None:
        """The side whose pile holds what was left on the table once the last play is made, or None (R15)."""
        assert self.move is not None
        end = self.position().play(self.move)
        left = set(end.remainder)
        return next((side for side, pile in enumerate(end.piles) if left and left <= set(pile)), None)

    def choices(self) -> tuple[str, ...]:
        return REFEREE_CHOICES[self.ask]

    def solutions(self) -> list[str]:
        if self.ask == "allowed":
            return ["no" if self.refusal() else "yes"]
        if self.ask == "first-table":
            deal = self.position()
            return [str(deal.escobas[deal.side_of(deal.dealer)])]
        return [_winner_text(self.taker())]

    def author_problems(self) -> list[tuple[str, str]]:
        if self.players is None or (self.seed is None and not self.deck):
            return [("seed", "a referee puzzle is asked in a real deal: give players, seed (or deck) and plays")]
        if (self.move is None) == (self.ask != "first-table"):
            return [("move", "a move is needed with ask 'allowed' or 'last-take', and only there")]
        try:
            deal = self.position()
        except (IllegalPlay, ValueError) as error:
            return [("plays", f"the recorded deal cannot be replayed: {error}")]
        if self.ask == "first-table" and self.plays:
            return [("plays", "the first table is asked about before anybody plays: leave plays out")]
        if self.ask == "last-take" and (self.refusal() or deal.stock or sum(map(len, deal.hands)) != 1):
            return [("move", "ask 'last-take' needs the deal's last play: one card left in hand, the stock used up")]
        return self.record_problems()

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        given = " ".join(answer.split())
        found = next((choice for choice in self.choices() if choice.lower() == given.lower()), None)
        if found is None:
            raise AnswerError(said("answer with one of: {choices}", choices=Listed(self.choices())))
        return found

    def question(self) -> Said:
        """What the puzzle asks, in words."""
        if self.ask == "first-table":
            return said("How many escobas does the dealer's side score for this first table?")
        assert self.move is not None
        if self.ask == "last-take":
            deal = self.position()
            return said(
                "Side {last} has made the last capture so far. Side {side} makes the deal's last play: {play}. Who "
                "takes the cards left on the table?",
                last=_winner_text(deal.last_capturer),
                side=SIDES[deal.side_of(deal.to_play or 0)],
                play=play_text(self.move),
            )
        return said("May the player to play make this play: {play}?", play=play_text(self.move))

    def why(self, answer: str) -> Said:
        if self.ask == "first-table":
            return self._first_table()
        if self.ask == "last-take":
            return self._last_take()
        refused = self.refusal()
        if refused is None:
            assert self.move is not None
            return said("{play} breaks no rule, so it may be made", play=play_text(self.move))
        reason = refused.refusal.said if refused.refusal else str(refused)
        return said("it is refused: {reason}. The play is taken back and the same player plays again (R17)",
                    reason=reason)  # fmt: skip

    def miss(self, answer: str) -> Said:
        if self.ask == "first-table":
            return said("not {given}: add up the four cards turned up and compare the sum with 15 and 30 (R9)",
                        given=answer)  # fmt: skip
        if self.ask == "last-take" and answer == "nobody":
            return said("the cards left at the end of a deal do not stay on the table: a side takes them (R15)")
        if self.ask == "last-take":
            return said("side {side} does not take them: look at who made the last capture (R15)", side=answer)
        return said(
            "look again: is the card in the player's hand, do its cards make 15, and could it have taken something? "
            "(R11-R13, R17)"
        )

    def closer(self, answer: str) -> Said:
        if self.ask == "first-table":
            return said("the four cards turned up add up to {total}", total=sum(c.value for c in self.turned_up()))
        assert self.move is not None
        if self.ask == "last-take":
            if self.move.captured:
                return said("this last play takes cards itself")
            return said("this last play takes nothing: look at who made the capture before it")
        if self.question_key() == "not_in_hand":
            return said("look at the player's hand: is {card} in it?", card=str(self.move.card))
        return look_at(self.move)

    def _first_table(self) -> Said:
        cards = self.turned_up()
        total, escobas = sum(card.value for card in cards), int(self.solutions()[0])
        if not escobas:
            return said(
                "the four cards turned up add up to {total}, neither 15 nor 30, so they stay on the table and no "
                "escoba is scored (R9)",
                total=total,
            )
        return said_plural(
            "the four cards turned up add up to {total}, so the dealer's side takes them at once and scores {n} "
            "escoba for them (R9)",
            "the four cards turned up add up to {total}, so the dealer's side takes them at once and scores {n} "
            "escobas for them (R9)",
            escobas,
            total=total,
        )

    def _last_take(self) -> Said:
        assert self.move is not None
        side = self.solutions()[0]
        if side == "nobody":
            return said("nobody captured in this deal, so the cards stay on the table (R15)")
        if self.move.captured:
            return said("the last play captures, so side {side}, who made it, also takes what is left (R15)",
                        side=side)  # fmt: skip
        return said(
            "the last play takes nothing; side {side} made the last capture, so it takes what is left on the "
            "table (R15)",
            side=side,
        )


KINDS: dict[str, type[Puzzle]] = {
    cls.kind: cls
    for cls in (
        CapturePuzzle,
        ChoosePuzzle,
        SetentaPuzzle,
        SetentaDuelPuzzle,
        ScorePuzzle,
        ChecksumPuzzle,
        SeatsPuzzle,
        MatchPuzzle,
        ClaimPuzzle,
        EndgamePuzzle,
        RefereePuzzle,
    )
}
