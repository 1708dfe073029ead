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
from trainer.cards import DECK, RANKS, Card, CardError, Suit, cards_text, parse_cards
from trainer.deal import Deal, EventKind
from trainer.match import Match, match_result
from trainer.plays import (
    CAPTURE_SUM,
    IllegalPlay,
    Play,
    captures,
    illegal_reason,
    is_end_of_deal_sum,
    legal_plays,
    missing_value,
)
from trainer.plays import parse_play as parse_play_text
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.records import CLAIM
from trainer.scoring import CATEGORIES, WRONG_CAPTURE_COST, DealScore, score_deal, setenta, setenta_cards
from trainer.text import SIDES, either, plural


class AnswerError(ValueError):
    """An answer that cannot be read; the message tells the learner how to write it."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's judgement of one answer."""

    correct: bool
    explanation: str
    solutions: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Puzzle:
    """What every puzzle has; each kind adds its position and its rules for answers."""

    kind: ClassVar[str]
    id: str
    level: int
    themes: tuple[str, ...]
    title: str
    hints: tuple[str, ...] = ()
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

    def canonical(self, answer: str) -> str:
        """The answer in canonical text; raises ``AnswerError`` or ``CardError`` if it cannot be read."""
        raise NotImplementedError

    def why(self, answer: str) -> str:
        """Why a canonical answer is right or wrong, in the learner's terms."""
        raise NotImplementedError

    def author_problems(self) -> list[tuple[str, str]]:
        """(field, message) for each way the puzzle cannot be posed, e.g. no answer exists."""
        return []

    def check(self, answer: str) -> Verdict:
        """The engine's verdict on a learner's answer, in any card order and notation; never raises."""
        solutions = tuple(self.solutions())
        try:
            given = self.canonical(answer.strip())
        except (AnswerError, CardError) as error:
            return Verdict(False, str(error), solutions)
        return Verdict(given in solutions, self.why(given), solutions)


def _sum_text(played: Card, group: Iterable[Card]) -> str:
    cards = [played, *sorted(group)]
    return f"{' + '.join(map(str, cards))} = {sum(c.value for c in cards)}"


def _group_text(group: Iterable[Card]) -> str:
    return cards_text(group) or "nothing"


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

    def canonical(self, answer: str) -> str:
        if not self.all:
            return cards_text(_table_pick(answer, self.play))
        picks = [_table_pick(part, self.play) for part in re.split(r"[;|\n]", answer) if part.strip()]
        if not picks:
            raise AnswerError("write each way as its cards, with ';' between ways: 5♦; 2♣ 3♥")
        return "; ".join(sorted({cards_text(pick) for pick in picks}))

    def why(self, answer: str) -> str:
        picks = [frozenset(parse_cards(part)) for part in answer.split(";")]
        options = self.options()
        wrong = [pick for pick in picks if pick not in options]
        if wrong or not self.all:
            return self._why_group(wrong[0] if wrong else picks[0])
        missed = [group for group in options if group not in picks]
        if missed:
            return f"you missed {_group_text(missed[0])}: {_sum_text(self.play, missed[0])} too"
        return f"all {plural(len(options), 'way')}: " + "; ".join(_sum_text(self.play, g) for g in options)

    def _why_group(self, pick: frozenset[Card]) -> str:
        if pick in self.options():
            sweep = ": the table is empty, an escoba (R14)" if pick == set(self.table) else ""
            return _sum_text(self.play, pick) + sweep
        return _why_not(self.play, self.table, self.options(), pick)


def _why_not(played: Card, table: Iterable[Card], options: list[frozenset[Card]], pick: frozenset[Card]) -> str:
    """Why the table cards picked do not make 15 with the card played (R12)."""
    off_table = pick - set(table)
    if off_table:
        return f"{_group_text(off_table)} {'is' if len(off_table) == 1 else 'are'} not on the table"
    total = played.value + sum(c.value for c in pick)
    inside = [group for group in options if group < pick]
    if inside:
        extra = _group_text(pick - inside[0])
        return f"{_sum_text(played, inside[0])}, but you also took {extra}: that makes {total}"
    if total < CAPTURE_SUM:
        return f"{_sum_text(played, pick)}: {CAPTURE_SUM - total} short of {CAPTURE_SUM}"
    return f"{_sum_text(played, pick)}, not {CAPTURE_SUM}"


def _table_pick(answer: str, played: Card, nothing: str = "") -> frozenset[Card]:
    cards = parse_cards(answer)
    if not cards:
        raise AnswerError(f"pick the table cards that make 15 with {played}{nothing}")
    if len(set(cards)) != len(cards):
        raise AnswerError("you named a card twice")
    if played in cards:
        raise AnswerError(f"{played} is the card being played: pick only cards from the table")
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

    def canonical(self, answer: str) -> str:
        if not answer:
            raise AnswerError("write the card you play, then the table cards it takes (none to lay it down)")
        return str(parse_play_text(answer))

    def why(self, answer: str) -> str:
        play = parse_play_text(answer)
        reason = illegal_reason(play, self.hand, self.table, self.profile.must_capture)
        if reason is not None:
            return reason
        best = self.best()
        return self._describe(play) if play in best else self._compare(play, best[0])

    def _describe(self, play: Play) -> str:
        if not play.captured and self.profile.must_capture == "any":
            done = f"you lay {play.card} on the table (no card of yours can make 15, so you need not capture)"
        elif not play.captured:
            done = f"you lay {play.card} on the table (a card that takes nothing may always be played, R13)"
        else:
            done = f"{_sum_text(play.card, play.captured)}: you take {len(play.captured) + 1} cards"
        if self.goal == "coins":
            return f"{done}, with {plural(self.measure(play), 'coin')} among them"
        if self.goal == "setenta":
            return f"{done}; your setenta grows by {self.measure(play)}"
        if self.goal == "safe":
            return f"{done}, and no card of {cards_text(self.next_hand)} can make 15 afterwards"
        if self.goal == "escoba":
            return f"{done} and sweep the table: escoba (R14)"
        return done

    def _compare(self, play: Play, better: Play) -> str:
        return f"{self.shortfall(play)}; {self._better(play, better)}"

    def shortfall(self, play: Play) -> str:
        """What a legal play misses of the goal, without giving the answer away."""
        if self.goal == "escoba":
            return "that leaves cards on the table"
        if self.goal == "take":
            return f"that does not take {self.target}"
        if self.goal == "safe":
            card, group = self._threats(play)[0]
            return f"after that, {card} could take {cards_text(group)} on the next turn"
        if self.goal == "setenta":
            return f"that adds {self.measure(play)} to your setenta, and another play adds more"
        unit = {"most-cards": "card", "coins": "coin"}[self.goal]
        return f"that brings you {plural(self.measure(play), unit)}, and another play brings more"

    def _better(self, play: Play, better: Play) -> str:
        done = {"escoba": "clears it", "take": "does", "safe": "is safe"}.get(self.goal)
        if done:
            return f"{play_text(better)} {done}"
        verb = "adds" if self.goal == "setenta" else "brings"
        text = f"{play_text(better)} {verb} {self.measure(better)}"
        seven = next((c for c in better.captured if c.rank == "7" and c.suit is Suit.COINS), None)
        if seven is not None and seven not in play.captured:
            text += f". You missed {seven}: it is worth the 7 of coins point on its own"
        return text


def play_text(play: Play) -> str:
    """A play in words: ``6♠ taking A♠ 2♣ 6♥`` or ``laying 5♦ down``."""
    if not play.captured:
        return f"laying {play.card} down"
    return f"{play.card} taking {cards_text(play.captured)}"


# -- the setenta and scoring ----------------------------------------------------------------


def _setenta_problems(puzzle: Puzzle, field: str = "rules") -> list[tuple[str, str]]:
    """A setenta question under a rule set that does not score the setenta cannot be asked (V1)."""
    if "setenta" in puzzle.profile.points:
        return []
    return [(field, f"the {puzzle.rules} rule set scores no setenta (V1), so it cannot judge this puzzle")]


def setenta_breakdown(pile: Iterable[Card]) -> str:
    """Why a pile has the setenta it has (R19), in a learner's words."""
    pile = tuple(pile)
    best = setenta_cards(pile)
    missing = [suit for suit in Suit if suit not in best]
    if missing:
        names = ", ".join(f"{s.value} ({s.spanish})" for s in missing)
        return f"no {names} in the pile, so it has no setenta"
    prices = [f"{card} = {CLASSIC.setenta_prices[card.rank]}" for card in best.values()]
    return f"best of each suit: {', '.join(prices)}; together {setenta(pile)}"


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

    def canonical(self, answer: str) -> str:
        said = answer.lower()
        if said != "none" and not re.fullmatch(r"[0-9]+", said):
            raise AnswerError("answer with a number such as 65, or 'none' if the pile has no setenta")
        return said if said == "none" else str(int(said))

    def why(self, answer: str) -> str:
        return setenta_breakdown(self.pile)


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

    def canonical(self, answer: str) -> str:
        said = {"a": "A", "b": "B", "nobody": "nobody", "none": "nobody", "tie": "nobody"}.get(answer.lower())
        if said is None:
            raise AnswerError("answer A, B or nobody")
        return said

    def why(self, answer: str) -> str:
        why = "; ".join(f"{name}: {setenta_breakdown(pile)}" for name, pile in zip(SIDES, self.piles, strict=False))
        return f"{why}. The point goes to {self.solutions()[0]} (R19)"


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


def _sides_text(count: int) -> str:
    return {2: "two", 3: "three"}.get(count, str(count))


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

    def canonical(self, answer: str) -> str:
        numbers = re.findall(r"(?:(?<![^\s,:])-)?\d+", answer)
        sides = len(self.piles)
        if len(numbers) != sides or re.sub(r"[\d\s,\-–:ABCabc]", "", answer):
            order = "A's points then B's: 6 2" if sides == 2 else "A's points, then B's, then C's: 4 2 1"
            below = ", with a minus for points lost: -3 5" if self.wrong_captures else ""
            raise AnswerError(f"answer with {_sides_text(sides)} numbers, {order}{below}")
        return " ".join(str(int(n)) for n in numbers)

    def why(self, answer: str) -> str:
        return score_breakdown(self.scores(), self.profile)


#: The categories the one side strictly ahead wins (R18, V2), with the figure each compares.
MOST = {"cards": "card_count", "coins": "coin_count", "sevens": "seven_count", "setenta": "setenta_sum"}


def score_breakdown(scores: Sequence[DealScore], profile: RuleProfile = CLASSIC) -> str:
    """Category by category, the figures behind it and who scores what (R18, V1, V2, V5), in sentences built from
    the categories of ``scoring.CATEGORIES``.

    >>> from trainer.cards import DECK
    >>> print(score_breakdown(score_deal([DECK[:25], DECK[25:]], [1, 0])).replace(". ", ".\\n"))
    Escobas: A 1, B 0, worth 1 point each.
    Most cards: A 25 cards, B 15 cards; A has more cards than the other side, so it scores 1.
    Most coins: A 7 coins, B 3 coins; A has more coins than the other side, so it scores 1.
    7♦: A has the pile with the 7♦, so it scores 1.
    Setenta: A 75, B 73; A has a higher setenta than the other side, so it scores 1.
    In all, A scores 5 and B 0
    """
    lines = [_category_line(name, scores, profile) for name in scores[0].points]
    totals = [f"{SIDES[side]} {score.total}" for side, score in enumerate(scores)]
    return ". ".join([*lines, "In all, " + either([totals[0].replace(" ", " scores ", 1), *totals[1:]], "and")])


def _category_line(name: str, scores: Sequence[DealScore], profile: RuleProfile) -> str:
    """One category: its figures for every side, then who scores it and why."""
    category = CATEGORIES[name]
    label = category.label[0].upper() + category.label[1:]
    # the opponents-under-10 point is read off both sides' card counts, the figures of the most-cards point
    figure = CATEGORIES["cards"].figure if name == "few_cards" else category.figure
    if name == "escoba":
        figures = ", ".join(f"{SIDES[side]} {score.escoba_count}" for side, score in enumerate(scores))
        return f"{label}: {figures}, worth {plural(profile.points[name], 'point')} each"
    figures = "" if figure is None else ", ".join(f"{SIDES[side]} {figure(s)}" for side, s in enumerate(scores))
    return f"{label}: " + (f"{figures}; " if figures else "") + _category_reason(name, scores, profile)


def _category_reason(name: str, scores: Sequence[DealScore], profile: RuleProfile) -> str:
    """Who scores a category (other than escobas) and why, or why nobody does."""
    won_by = CATEGORIES[name].won_by
    if len(scores) == 2:
        won_by = won_by.replace("every other side", "the other side")
    winners = [side for side, score in enumerate(scores) if score.points[name]]
    if name == "penalty":
        if not winners:
            return "none stood, so nobody loses points"
        escobas = sum(score.escoba_count for score in scores)
        lost = either([f"{SIDES[side]} loses {-scores[side].points[name]}" for side in winners], "and")
        return (
            f"each costs {WRONG_CAPTURE_COST}, and 1 more for each of the deal's {plural(escobas, 'escoba')}: "
            f"{WRONG_CAPTURE_COST + escobas}, so {lost} (V5)"
        )
    if name == "few_cards":
        if len(scores) != 2:
            return "only scored when two sides play"
        if not winners:
            return "no side took fewer than 10, so nobody scores it"
        return f"the other side took fewer than 10, so {SIDES[winners[0]]} scores {scores[winners[0]].points[name]}"
    if winners:
        side = winners[0]
        replaced = profile.in_place_of.get(name)
        instead = f", in place of the {CATEGORIES[replaced].label} point" if replaced else ""
        return f"{SIDES[side]} has {won_by}, so it scores {scores[side].points[name]}{instead}"
    if name in MOST:
        values = [getattr(score, MOST[name]) for score in scores]
        known = [value for value in values if value is not None]
        if not known:
            return "no side has one, so nobody scores it"
        top = [SIDES[side] for side, value in enumerate(values) if value == max(known)]
        return f"{either(top, 'and')} share the top, so nobody scores it ({'V2' if len(scores) > 2 else 'R18'})"
    for bonus, replaced in profile.in_place_of.items():
        holder = next((side for side, score in enumerate(scores) if score.points[bonus]), None)
        if replaced == name and holder is not None:
            bonus_label = CATEGORIES[bonus].label
            return f"{SIDES[holder]} has {won_by}, but {bonus_label} score in place of it, so nobody scores it"
    return f"nobody has {won_by}"


def scoring_text(profile: RuleProfile) -> str:
    """What a rule set scores, category by category, in a line a learner reads before counting (R18, V1, V5).

    >>> from trainer.profile import CARDGAMES
    >>> print(scoring_text(CARDGAMES).replace("; ", ";\\n"))
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
        instead = f", in place of the {CATEGORIES[replaced].label} point" if replaced else ""
        parts.append(f"{worth} per escoba" if name == "escoba" else f"{CATEGORIES[name].label} {worth}{instead}")
    if profile.penalties:
        parts.append(f"each wrong capture costs {WRONG_CAPTURE_COST} and 1 more per escoba of the deal")
    return "; ".join(parts)


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

    def canonical(self, answer: str) -> str:
        if answer.lower() in (NOTHING, "none", "no"):
            return NOTHING
        return cards_text(_table_pick(answer, self.laid, f", or answer {NOTHING}"))

    def why(self, answer: str) -> str:
        options = self.options()
        if not options:
            missed = f"no table cards make 15 with {self.laid}, so laying it down missed no capture"
            if answer == NOTHING:
                return f"{missed}: there is nothing to claim (V5)"
            return f"{_why_not(self.laid, self.table, options, frozenset(parse_cards(answer)))}; {missed} (V5)"
        if answer == NOTHING:
            return (
                f"{_sum_text(self.laid, options[0])}: {self.laid} could have taken that, so the last player missed "
                "a capture and you may claim it before you play (V5)"
            )
        pick = frozenset(parse_cards(answer))
        if pick not in options:
            return _why_not(self.laid, self.table, options, pick)
        return (
            f"{_sum_text(self.laid, pick)}: you take them all into your side's pile before you play. "
            "A claim is never an escoba (V5)"
        )


# -- the check sum ----------------------------------------------------------------------


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

    def canonical(self, answer: str) -> str:
        if self.ask == "sum":
            if not re.fullmatch(r"[0-9]+", answer):
                raise AnswerError("answer with a number")
            return str(int(answer))
        said = answer.upper()
        rank = {str(value): rank for value, rank in enumerate(RANKS, start=1)}.get(said, said)
        if rank not in RANKS:
            raise AnswerError("answer with a rank (A, 2 ... 7, J, Q, K) or a value from 1 to 10")
        return rank

    def why(self, answer: str) -> str:
        total = sum(card.value for card in self.table)
        if self.ask == "sum":
            return f"{' + '.join(str(c.value) for c in self.table)} = {total}: one of 10, 25, 40, ... (R16)"
        rank = self.solutions()[0]
        name = {"A": "an ace", "J": "a sota (J)", "Q": "a caballo (Q)", "K": "a rey (K)"}.get(rank, f"a {rank}")
        return (
            f"the table shows {total}; a deal always ends on 10, 25, 40, ... (R16), "
            f"so the hidden card is worth {RANKS.index(rank) + 1}: {name}"
        )


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

    def canonical(self, answer: str) -> str:
        said = re.fullmatch(r"(?:seat\s*)?([0-9]+)", answer.lower())
        if said is None:
            raise AnswerError("answer with a number of cards" if self.ask == "stock-after" else "answer with a seat")
        return str(int(said.group(1)))

    def why(self, answer: str) -> str:
        found = self.solutions()[0]
        if self.ask == "leader":
            return f"seat {self.dealer} deals, so the next seat in playing order, seat {found}, plays first (R7)"
        if self.ask == "next-dealer":
            return (
                f"seat {self.dealer} dealt this time; once the deal is over the cards are shuffled again and "
                f"the deal moves one seat on, to seat {found}, who led this deal (R7, R22)"
            )
        if self.ask == "partner" and self.players > 4:
            partners = " and ".join(self.solutions())
            return f"with six players every other seat is one side: seat {self.seat} plays with seats {partners} (V3)"
        if self.ask == "partner":
            return f"partners sit across the table from each other: seat {self.seat} plays with seat {found} (R5)"
        if self.ask == "first-after-redeal":
            return f"new hands do not change the order: seat {found}, just after the dealer, plays first again (R10)"
        hands = self.profile.hand_size * self.players
        return (
            f"{len(DECK)} cards, {self.profile.table_size} turned up on the table and {self.round} × "
            f"{hands} = {self.round * hands} dealt into hands leave {found} in the stock (R8, R10)"
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
            return [("target", f"a {self.rules} match is played to {goals} points, not {self.target} ({self.rule})")]
        side = match_result(self.totals, self.target)
        if side is None:
            return []
        message = f"{SIDES[side]} has already won with these totals, so no deal comes after them ({self.rule})"
        return [("totals", message)]

    def canonical(self, answer: str) -> str:
        said = {"a": "A", "b": "B", "another deal": OUTCOMES[2], "another": OUTCOMES[2]}.get(
            " ".join(answer.lower().split())
        )
        if said is None:
            raise AnswerError("answer A, B or another deal")
        return said

    def why(self, answer: str) -> str:
        a, b = self.after()
        totals = f"after the deal A has {a} and B {b}"
        if max(a, b) < self.target:
            return f"{totals}: nobody has reached {self.target} yet, so another deal is played ({self.rule})"
        if a == b:
            return f"{totals}: level at {self.target} or more, so one more whole deal decides it ({self.rule})"
        return f"{totals}: {self.solutions()[0]} has reached {self.target} with the larger total and wins ({self.rule})"


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
        return exact_margins(self.position())

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

    def canonical(self, answer: str) -> str:
        if not answer:
            raise AnswerError("write the card you play, then the table cards it takes (none to lay it down)")
        return str(parse_play_text(answer))

    def why(self, answer: str) -> str:
        deal = self.position()
        seat = deal.to_play
        assert seat is not None
        play = parse_play_text(answer)
        reason = illegal_reason(play, deal.hands[seat], deal.table, self.profile.must_capture)
        if reason is not None:
            return reason
        margins = self.margins
        best = max(margins.values())
        mine = margins[play]
        ahead = f"with best play on both sides your side ends {_margin_text(mine)}"
        if mine == best:
            return f"{play_text(play)}: {ahead}, and no play does better"
        top = next(p for p, m in margins.items() if m == best)
        return f"{play_text(play)}: {ahead}; {play_text(top)} ends {_margin_text(best)}"


def _margin_text(margin: int) -> str:
    if margin == 0:
        return "level with the other side"
    return f"{plural(abs(margin), 'point')} {'ahead' if margin > 0 else 'behind'}"


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
    )
}
