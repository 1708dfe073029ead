"""Choose puzzles: the best play from a hand for a goal, judged by the engine's legal plays."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from trainer.cards import R4, Card, Notation, Suit, cards_text, parse_card
from trainer.deal import Deal
from trainer.plays import (
    Play,
    captures,
    legal_plays,
    refusal_of,
)
from trainer.plays import parse_play as parse_play_text
from trainer.profile import CLASSIC
from trainer.puzzles import readers
from trainer.puzzles.estimate import level_from
from trainer.puzzles.kinds.base import Puzzle
from trainer.puzzles.kinds.shared import PLAY_FORM, card_to_play, play_answer, play_text, setenta_problems, sum_text
from trainer.puzzles.kinds.shown import AnswerForm, Part, Scene
from trainer.puzzles.reachable import pile_problem
from trainer.puzzles.readers import BadValue, Field
from trainer.puzzles.wording import Words
from trainer.scoring import setenta, setenta_cards
from trainer.text import Said, marked, said, said_plural

# -- choose: which play is best for a goal ----------------------------------------------

GOALS = ("escoba", "most-cards", "take", "coins", "setenta", "safe")
#: What a choose puzzle asks of the learner, by its goal; ``{target}`` is a card.
GOAL_WORDS = {
    "escoba": marked("clear the table with one play"),
    "most-cards": marked("bring as many cards as you can into your pile"),
    "take": marked("take the {target}"),
    "coins": marked("bring home as many coins as you can"),
    "setenta": marked("add as much as you can to the cards that count for your setenta"),
    "safe": marked("leave the next player nothing to take"),
}


def _setenta_total(cards: Iterable[Card]) -> int:
    """Setenta prices of the best card per suit held so far (0 for a missing suit)."""
    return sum(CLASSIC.setenta_prices[card.rank] for card in setenta_cards(cards).values())


def _hand(value: Any) -> tuple[Card, ...]:
    """A hand of one to three cards."""
    cards = readers.cards(value)
    if not 1 <= len(cards) <= 3:
        raise BadValue(f"expected 1 to 3 cards, not {len(cards)}")
    return cards


def _goal(value: Any) -> str:
    """One of ``GOALS``, ``take`` naming its card: ``take 5♦``."""
    if isinstance(value, str) and value.startswith("take "):
        readers.one_card(value[5:])
        return value
    if value not in GOALS or value == "take":
        raise BadValue(f"expected one of escoba, most-cards, take <card>, coins, setenta, safe; not {value!r}")
    return str(value)


#: A choose puzzle's words by its goal, but for ``take``, which names its card.
_WORDS: dict[str, Words] = {
    "escoba": (
        said("Sweep the table"),
        (said("Add up every card on the table."), said("Which of your cards brings that total to exactly 15?")),
    ),
    "most-cards": (
        said("Take as many cards as you can"),
        (
            said("Small cards make long groups."),
            said("For each hand card, find the biggest group that makes 15 with it."),
        ),
    ),
    "coins": (
        said("Bring home the coins"),
        (
            said("Coins are the ♦ cards; your own card counts too if it is one."),
            said("Count the coins each capture brings home."),
        ),
    ),
    "setenta": (
        said("Build your setenta"),
        (
            said("Which suits would each capture add, or improve?"),
            said("Sevens are worth 21, sixes 18, aces 16 for setenta."),
        ),
    ),
    "safe": (
        said("Leave nothing behind"),
        (
            said("You can see the next player's cards."),
            said("After your play, can any of them make 15 with the table?"),
        ),
    ),
}
#: A choose puzzle's second hint under rules where a player who can capture with any card must capture.
_MUST_CAPTURE = said("In these rules, if any card of yours can make 15, you must capture with one of them.")


@dataclass(frozen=True, kw_only=True)
class ChoosePuzzle(Puzzle):
    """Which play from this hand is best for the goal? Any play the engine ranks best is right."""

    kind: ClassVar[str] = marked("choose")
    order: ClassVar[int] = 2
    yaml_fields: ClassVar[dict[str, Field]] = {
        "table": Field(readers.cards, True),
        "hand": Field(_hand, True),
        "goal": Field(_goal, True),
        "next_hand": Field(readers.cards),
        "pile": Field(readers.cards),
    }
    generated: ClassVar[bool] = True
    drills: ClassVar[tuple[str, ...]] = ("R4", "R12")
    #: The rules each goal adds.
    goal_rules: ClassVar[dict[str, tuple[str, ...]]] = {
        "escoba": (),
        "most-cards": (),
        "take": (),
        "coins": ("R2",),
        "setenta": ("R19",),
        "safe": (),
    }
    #: The theme each goal gives a generated puzzle.
    goal_themes: ClassVar[dict[str, str]] = {
        "escoba": "escoba",
        "most-cards": "most-cards",
        "take": "making-15",
        "coins": "coins",
        "setenta": "setenta",
        "safe": "safety",
    }
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

    def confirms(self, theme: str) -> bool:
        if theme == "safe-laydown":
            return self.goal == "safe" and any(not play.captured for play in self.best())
        if theme == "keep-sevens":
            best = self.best() if "setenta" in self.profile.points else []
            return bool(best) and all(any(c.rank == "7" for c in [*p.captured, p.card]) and p.captured for p in best)
        if theme == "missing-suit":  # the pile the goal adds to, which the puzzle does not show as a pile of its own
            return "setenta" in self.profile.points and bool(self.pile) and setenta(self.pile) is None
        if theme == "several-ways":
            return any(len(captures(card, self.table)) > 1 for card in self.hand)
        return super().confirms(theme)

    def rules_drilled(self) -> set[str]:
        return super().rules_drilled() | set(self.goal_rules[self.goal])

    def as_yaml(self) -> dict[str, Any]:
        fields = {"table": cards_text(self.table), "hand": cards_text(self.hand), "goal": self.goal_text}
        if self.goal == "safe":
            fields["next_hand"] = cards_text(self.next_hand)
        if self.goal == "setenta" and self.pile:
            fields["pile"] = cards_text(self.pile)
        return fields

    def generated_themes(self) -> list[str]:
        return [self.goal_themes[self.goal]]

    @classmethod
    def found_in(
        cls, seed: int, deal: Deal, rng: random.Random, common: dict[str, Any]
    ) -> Iterator[tuple[Puzzle, int]]:
        if deal.to_play is None or not deal.table:
            return
        seat = deal.to_play
        goal = rng.choice(GOALS)
        choose = cls(
            **common,
            table=deal.table,
            hand=deal.hands[seat],
            goal=goal,
            target=rng.choice(deal.table) if goal == "take" else None,
            next_hand=deal.hands[(seat + 1) % deal.players] if goal == "safe" else (),
            pile=deal.piles[deal.side_of(seat)] if goal == "setenta" else (),
        )
        right = len(choose.best())
        if 0 < right < len(legal_plays(choose.hand, choose.table)):  # reachable, and not every play is right
            yield choose, choose.estimated_level()

    def estimated_level(self) -> int:
        """Harder with more plays to weigh, fewer good ones, and subtler goals."""
        wrong_plays = len(legal_plays(self.hand, self.table)) - len(self.best())
        goal_weight = {"escoba": 0, "most-cards": 1, "take": 1, "coins": 2, "setenta": 3, "safe": 3}[self.goal]
        return level_from(len(self.table) + wrong_plays + goal_weight, (5, 7, 9, 11))

    def solutions(self) -> list[str]:
        return [str(play) for play in self.best()]

    def author_problems(self) -> list[tuple[str, str]]:
        return (setenta_problems(self, "goal") if self.goal == "setenta" else []) or self._goal_problems()

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

    @classmethod
    def arguments(cls, read: dict[str, Any]) -> dict[str, Any]:
        """Goal ``take 5♦`` is goal ``take`` with its target."""
        if read["goal"].startswith("take "):
            return read | {"goal": "take", "target": parse_card(read["goal"][5:])}
        return read

    def words(self) -> Words:
        """What to look for, by the goal; under rules where a player who can capture must, that rule."""
        hints: tuple[Said, ...]
        if self.goal == "take":
            target = str(self.target)
            title, hints = (
                said("Take the {target}", target=target),
                (
                    said("Which of your cards can reach 15 together with the {target}?", target=target),
                    said("Other table cards may join the group."),
                ),
            )
        else:
            title, hints = _WORDS[self.goal]
        return title, (hints[0], _MUST_CAPTURE) if self.profile.must_capture == "any" else hints

    def reach_problems(self) -> list[tuple[str, str]]:
        problem = pile_problem(self.pile, end=False, profile=self.profile) if self.pile else None
        return [] if problem is None else [("pile", f"{problem}; a pile in the middle of a deal")]

    def canonical(self, answer: str, notation: Notation = R4) -> str:
        return play_answer(answer, notation)

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

    def scene(self) -> Scene:
        parts = [Part(said("The next player holds"), self.next_hand)] if self.next_hand else []
        parts += [
            Part(said("The table"), self.table, "table", "many"),
            Part(said("Your hand"), self.hand, "hand", "one"),
        ]
        return (*parts, Part(said("Your pile so far"), self.pile)) if self.pile else tuple(parts)

    def answer_form(self) -> AnswerForm:
        return PLAY_FORM

    def goal_words(self) -> Said:
        return said(GOAL_WORDS[self.goal], target=str(self.target))

    def worded_answer(self, answer: str) -> Said:
        return play_text(parse_play_text(answer))
