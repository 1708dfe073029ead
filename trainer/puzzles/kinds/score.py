"""Score puzzles: the points each side scores for a whole deal, and the words for a deal's scoring."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, Card, Notation, cards_text, mask_of
from trainer.deal import Deal
from trainer.profile import CLASSIC, PROFILES, RuleProfile
from trainer.puzzles import readers
from trainer.puzzles.estimate import deal_record, level_from
from trainer.puzzles.kinds.base import AnswerError, Dealt, Puzzle
from trainer.puzzles.kinds.shown import AnswerForm, Numbers, Part, Scene
from trainer.puzzles.reachable import DECK_SIZE, deal_problem
from trainer.puzzles.readers import BadValue, Field
from trainer.puzzles.wording import Words
from trainer.scoring import CATEGORIES, WRONG_CAPTURE_COST, DealScore, score_deal
from trainer.text import SIDES, Joined, Listed, Said, either, marked, said, said_plural


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


def _escoba_count(value: Any) -> int:
    """How many escobas a side made."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 40:
        raise BadValue(f"expected a whole number of escobas, not {value!r}")
    return value


#: A score puzzle's title under the classic rules, or under another rule set when none of its themes names one.
_THE_DEAL = said("Score the deal")
#: A score puzzle's title under another rule set, by the first of its themes found here.
_TITLES = {
    "penalties": said("A capture that did not make 15"),
    "all-coins": said("All ten coins in one pile"),
    "all-sevens": said("All four sevens in one pile"),
    "few-cards": said("Fewer than ten cards"),
    "three-way-ties": said("Three sides, and a shared top"),
    "three-sides": said("Three players, three piles"),
}


def _estimated_level(deal: Deal) -> int:
    """Harder with more escobas, close counts, bonuses, wrong captures and three sides to compare."""
    scores = deal.score()
    close = 0
    for name, margin in (("cards", 2), ("coins", 1), ("sevens", 1)):
        figures = sorted((getattr(s, MOST[name]) for s in scores), reverse=True)
        close += name in deal.profile.points and figures[0] - figures[1] <= margin
    bonuses = sum(bool(s.points.get(name)) for s in scores for name in ("all_coins", "all_sevens", "few_cards"))
    extra = bonuses + 2 * sum(deal.wrong_captures) + (deal.sides - 2)
    return level_from(sum(deal.escobas) + 2 * close + extra, (1, 2, 3, 5))


@dataclass(frozen=True, kw_only=True)
class ScorePuzzle(Puzzle, Dealt):
    """How many points does each side score for this deal? Two sides, or three where the rule set seats three
    players (V3); with ``wrong_captures`` the deal was played by penalties (V5)."""

    kind: ClassVar[str] = marked("score")
    order: ClassVar[int] = 5
    from_penalties: ClassVar[bool] = True
    yaml_fields: ClassVar[dict[str, Field]] = {
        "piles": Field(readers.cards, True, "sides"),
        "escobas": Field(_escoba_count, True, "sides"),
        "wrong_captures": Field(readers.whole(0, 36, "a count of wrong captures"), False, "sides"),
    } | Dealt.record_fields
    generated: ClassVar[bool] = True
    drills: ClassVar[tuple[str, ...]] = ("R18",)
    drills_elsewhere: ClassVar[tuple[str, ...] | None] = ("V1",)  # another rule set scores its own categories
    #: The themes of the bonus categories some rule sets score (V1), each with its category.
    bonus_themes: ClassVar[dict[str, str]] = {
        "all-coins": "all_coins",
        "all-sevens": "all_sevens",
        "few-cards": "few_cards",
    }
    asks_score: ClassVar[bool] = True
    piles: tuple[tuple[Card, ...], ...]
    escobas: tuple[int, ...]
    wrong_captures: tuple[int, ...] = ()

    @property
    def profile(self) -> RuleProfile:
        rules = PROFILES[self.rules]
        return rules.with_options(penalties=True) if self.wrong_captures else rules

    def scores(self) -> list[DealScore]:
        return score_deal(self.piles, self.escobas, self.profile, self.wrong_captures or None)

    def piles_shown(self) -> tuple[tuple[Card, ...], ...]:
        return self.piles

    def confirms(self, theme: str) -> bool:
        if theme == "ties":
            scores = self.scores()
            return any(not any(s.points[name] for s in scores) for name in MOST if name in self.profile.points)
        if theme in self.bonus_themes:
            return any(s.points.get(self.bonus_themes[theme]) for s in self.scores())
        if theme == "three-sides":
            return len(self.piles) == 3
        if theme == "three-way-ties":
            return len(self.piles) == 3 and self.confirms("ties")
        if theme == "most-sevens":
            return "sevens" in self.profile.points
        if theme == "penalties":
            return any(self.wrong_captures)
        return super().confirms(theme)

    def rules_drilled(self) -> set[str]:
        return super().rules_drilled() | ({"R14"} if any(self.escobas) else set())

    def as_yaml(self) -> dict[str, Any]:
        wrong = {"wrong_captures": list(self.wrong_captures)} if self.wrong_captures else {}
        piles = [cards_text(pile) for pile in self.piles]
        return {"piles": piles, "escobas": list(self.escobas), **wrong, **self.record_as_yaml()}

    def generated_themes(self) -> list[str]:
        return ["scoring"] if self.rules == CLASSIC.name else []  # another rule set's categories are not R18's

    @classmethod
    def found_in(
        cls, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
    ) -> Iterator[tuple[Puzzle, int]]:
        if not deal.is_over:
            return
        wrong = deal.wrong_captures if deal.profile.penalties else ()
        puzzle = cls(**common, piles=deal.piles, escobas=deal.escobas, wrong_captures=wrong, **deal_record(seed, deal))
        yield puzzle, _estimated_level(deal)

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

    def words(self) -> Words:
        """The classic categories one by one; under another rule set, what it scores (V1, V5)."""
        if self.rules == CLASSIC.name:
            return _THE_DEAL, (
                said("Count each escoba, then see who has the 7♦, the better setenta, more coins and more cards."),
                said("A tie gives nobody the point."),
            )
        title = next((title for theme, title in _TITLES.items() if theme in self.themes), _THE_DEAL)
        return title, (
            said("These rules score: {scoring}.", scoring=scoring_text(self.profile)),
            said("If the best figure in a category is shared, that category's point goes unclaimed."),
        )

    def reach_problems(self) -> list[tuple[str, str]]:
        held = sum(map(len, self.piles))
        if held != DECK_SIZE:
            return [("piles", f"a deal is scored once all 40 cards are in the piles, but these hold {held} (R15)")]
        if self.seed is not None:
            return self.replay_problems(self.profile)
        if any(self.wrong_captures):
            return [("wrong_captures", "wrong captures take cards of any sum, so show the deal's record (V5)")]
        problem = deal_problem(self.piles, self.escobas, self.profile)
        return [] if problem is None else [("piles", problem)]

    def mismatches(self, deal: Deal) -> list[tuple[str, str]]:
        """A score puzzle shows the piles, escobas and wrong captures its recorded deal ends with."""
        if not deal.is_over:
            message = f"the recorded plays stop before the end of the deal; seat {deal.to_play} is still to play"
            return [("plays", message)]
        for name, shown, real in zip(SIDES, self.piles, deal.piles, strict=False):
            if mask_of(shown) != mask_of(real):
                return [("piles", f"the recorded deal ends with another pile for {name}: {cards_text(real)}")]
        for key, shown_counts, real_counts in (
            ("escobas", self.escobas, deal.escobas),
            ("wrong_captures", self.wrong_captures or deal.wrong_captures, deal.wrong_captures),
        ):
            if tuple(shown_counts) != real_counts:
                return [(key, f"the recorded deal ends with {key.replace('_', ' ')} {list(real_counts)}")]
        return []

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

    def scene(self) -> Scene:
        return tuple(Part(self._pile_title(side), pile) for side, pile in enumerate(self.piles))

    def _pile_title(self, side: int) -> Said:
        """A side's pile in words: its seats where partners share it, its cards, escobas and wrong captures."""
        players = self.players or len(self.piles)
        seats = [str(seat) for seat in range(players) if self.profile.side_of(seat, players) == side]
        count, letter = len(self.piles[side]), SIDES[side]
        if len(seats) > 1:
            title = said_plural(
                "Side {side} (seats {seats})'s pile: {n} card",
                "Side {side} (seats {seats})'s pile: {n} cards",
                count,
                side=letter,
                seats=", ".join(seats),
            )
        else:
            title = said_plural("Side {side}'s pile: {n} card", "Side {side}'s pile: {n} cards", count, side=letter)
        parts = [title, said_plural("{n} escoba", "{n} escobas", self.escobas[side])]
        if self.wrong_captures:
            parts.append(said_plural("{n} wrong capture", "{n} wrong captures", self.wrong_captures[side]))
        return said("{parts}", parts=Joined(tuple(parts), ", "))

    def answer_form(self) -> AnswerForm:
        boxes = tuple((side.lower(), said("Side {side}'s points", side=side)) for side in SIDES[: len(self.piles)])
        # a wrong capture can take a side below zero (V5)
        return Numbers(boxes, lowest=-99 if self.wrong_captures else 0)


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
