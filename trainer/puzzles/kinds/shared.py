"""Words and answer readings more than one kind uses: sums, plays, piles and sides."""

from __future__ import annotations

from collections.abc import Iterable

from trainer.cards import Card, Notation, Suit, cards_text, parse_cards
from trainer.deal import Deal
from trainer.plays import (
    CAPTURE_SUM,
    IllegalPlay,
    Play,
    Refusal,
    captures,
)
from trainer.plays import parse_play as parse_play_text
from trainer.profile import CLASSIC
from trainer.puzzles.kinds.base import AnswerError, Puzzle
from trainer.puzzles.kinds.shown import Picked
from trainer.scoring import setenta, setenta_cards
from trainer.text import SIDES, Listed, Said, marked, said, said_plural


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


def group_text(group: Iterable[Card]) -> str | Said:
    return cards_text(group) or said("nothing")


def why_not(played: Card, table: Iterable[Card], options: list[frozenset[Card]], pick: frozenset[Card]) -> Said:
    """Why the table cards picked do not make 15 with the card played (R12), naming a capture inside them."""
    inside = [group for group in options if group < pick]
    if inside and pick <= set(table):
        extra = group_text(pick - inside[0])
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


def table_pick(answer: str, played: Card, notation: Notation, nothing: bool = False) -> frozenset[Card]:
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


def court_card_in(played: Card, options: Iterable[frozenset[Card]]) -> bool:
    """Whether some capture of the card played takes or plays a sota, caballo or rey, counted 8, 9 or 10 (V6)."""
    return any(card.value > 7 for group in options for card in (played, *group))


def card_to_play(best: Play) -> Said:
    """The value of the card a best play plays: a pointed clue that leaves the play to find."""
    return said("the card to play from your hand is worth {value}", value=best.card.value)


def play_answer(answer: str, notation: Notation) -> str:
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


def setenta_problems(puzzle: Puzzle, field: str = "rules") -> list[tuple[str, str]]:
    """A setenta question under a rule set that does not score the setenta cannot be asked (V1)."""
    if "setenta" in puzzle.profile.points:
        return []
    return [(field, f"the {puzzle.rules} rule set scores no setenta (V1), so it cannot judge this puzzle")]


#: A suit said in a sentence, in the learner's words with its sign: "cups (♥)".
SUITS_SAID = {
    Suit.COINS: marked("coins (♦)"),
    Suit.CUPS: marked("cups (♥)"),
    Suit.SWORDS: marked("swords (♠)"),
    Suit.CLUBS: marked("clubs (♣)"),
}


def suits_said(suits: Iterable[Suit]) -> Listed:
    """Suits as one list in the learner's words: "cups (♥) and swords (♠)"."""
    return Listed(tuple(said(SUITS_SAID[suit]) for suit in suits))


def best_cards(pile: Iterable[Card]) -> Said:
    """The cards of a pile that count for its setenta, or the suits it lacks, without their prices or total (R19)."""
    best = setenta_cards(pile)
    missing = [suit for suit in Suit if suit not in best]
    if missing:
        return said("look at the suits: the pile has no {suits}", suits=suits_said(missing))
    return said("the best card of each suit: {cards}", cards=cards_text(best.values()))


def setenta_breakdown(pile: Iterable[Card]) -> Said:
    """Why a pile has the setenta it has (R19), in a learner's words."""
    pile = tuple(pile)
    best = setenta_cards(pile)
    missing = [suit for suit in Suit if suit not in best]
    if missing:
        return said("no {suits} in the pile, so it has no setenta", suits=suits_said(missing))
    prices = ", ".join(f"{card} = {CLASSIC.setenta_prices[card.rank]}" for card in best.values())
    return said("best of each suit: {prices}; together {total}", prices=prices, total=setenta(pile))


def winner_text(side: int | None) -> str:
    return "nobody" if side is None else SIDES[side]


# -- table mode: claiming a missed capture (V5) -----------------------------------------------

NOTHING = "nothing"


def allowed(deal: Deal, play: Play) -> tuple[str, IllegalPlay | None]:
    """Whether the seat to play may make ``play`` (R11-R13, R17): what it is (``capture``, ``lay down``, or the
    reason the rules refuse it) and the refusal, or None."""
    try:
        deal.verify_play(play)
    except IllegalPlay as refused:
        return (refused.refusal.reason if refused.refusal else ""), refused
    return ("capture" if play.captured else "lay down"), None


#: The rules the ruling on a play depends on (a referee's, or the course's ``allowed`` task), by what ``allowed``
#: finds the play to be.
RULES_OF_ALLOWED: dict[str, tuple[str, ...]] = {
    "capture": ("R12",),
    "lay down": (),
    "not_in_hand": ("R11",),
    "must_capture": ("R13",),
    "must_capture_with_other": ("R13",),
    "not_fifteen": ("R17",),
}


def ruling_clues(deal: Deal, play: Play, refusal: Refusal | None) -> tuple[Said, Said]:
    """Where to look to judge a play, worked out from the engine's ruling on it (``refusal``, or None for a play it
    allows): the rule the play breaks, or the rule that lets it be made; then, for a second miss, a closer look at
    that same reason (R6, R7, R11-R13, R15)."""
    if refusal is None:
        return _allowed_clues(deal, play)
    card, seat, reason = play.card, deal.to_play, refusal.reason
    if reason == "not_in_hand":
        owner = next((at for at, hand in enumerate(deal.hands) if card in hand), None)
        if owner is None or seat is None:
            rule = said("a play is one card from the hand of the player whose turn it is (R11)")
            return rule, said("look at the player's hand: is {card} in it?", card=str(card))
        turn = said("whose turn is it? Only the player to play may play, and only a card from their own hand (R6, R11)")
        if deal.plays:
            return turn, said("{card} is in the hand of seat {owner}, and seat {seat} is to play", card=str(card),
                              owner=owner, seat=seat)  # fmt: skip
        return turn, said("seat {dealer} dealt, so seat {seat} leads (R7), and {card} is in the hand of seat {owner}",
                          dealer=deal.dealer, seat=seat, card=str(card), owner=owner)  # fmt: skip
    if reason == "played_and_taken":
        return said("the card played takes cards from the table, never itself (R12)"), refusal.said
    if reason == "not_on_table":
        return said("a capture takes only cards that lie on the table (R12)"), refusal.said
    if reason == "must_capture":
        rule = said("a card that can make 15 must capture: it cannot be laid down (R13)")
        return rule, said("{sum}: {card} can capture", sum=sum_text(card, refusal.cards), card=str(card))
    if reason == "must_capture_with_other":
        assert refusal.taker is not None
        rule = said("here, holding any card that can make 15 obliges you to capture (R13)")
        taker = said(
            "{sum}: {taker}, in the same hand, can capture",
            sum=sum_text(refusal.taker, refusal.cards),
            taker=str(refusal.taker),
        )
        return rule, taker
    if reason == "not_fifteen":
        rule = said("a capture takes one group of table cards making exactly 15 with the card played (R12)")
        groups = [group for group in captures(card, play.captured) if group < play.captured]
        if len(groups) < 2:
            return rule, look_at(play)
        return rule, said("{card} makes 15 with {one}, and also with {other}: two groups, taken in one play",
                          card=str(card), one=cards_text(groups[0]), other=cards_text(groups[1]))  # fmt: skip
    return said("once the stock is gone and nobody holds a card, the deal is over (R15)"), said(
        "nobody has a card left to play"
    )


def _allowed_clues(deal: Deal, play: Play) -> tuple[Said, Said]:
    """The rule that lets a play be made, then a closer look at it: a capture adds up to 15 (R12); a card laid down
    can take nothing, whatever the rest of the hand could (R13); at a table played by its penalties, a faulty play
    stands and is paid for (V5)."""
    if deal.profile.penalties and deal.fault_of(play):
        rule = said("at a table played by its penalties a play that breaks a rule still stands, and is paid for (V5)")
        return rule, look_at(play)
    if play.captured:
        rule = said("a capture may be made when the card played and the cards it takes add up to exactly 15 (R12)")
        return rule, look_at(play)
    if deal.table:
        closer = needs(play.card, deal.table)
    else:
        closer = said("the table is bare: {card} has nothing to take", card=str(play.card))
    hand = deal.hands[deal.to_play] if deal.to_play is not None else ()
    if any(captures(other, deal.table) for other in hand if other != play.card):
        rule = said(
            "here the duty to capture falls only on the card you lay down; other cards in your hand that could take "
            "change nothing (R13)"
        )
        return rule, closer
    return said("a card may be laid down when it can make 15 with nothing on the table (R13)"), closer


def look_at(play: Play) -> Said:
    """Where to look to judge a play: what it adds up to, or for a card laid down, the table it could take from."""
    if play.captured:
        return said("add up the play: {sum}", sum=sum_text(play.card, play.captured))
    return said("look at the table: see whether {card} makes 15 with any of its cards", card=str(play.card))


# -- a play from the hand, picked on the board ------------------------------------------------

#: How a best play is answered (choose, endgame): the hand card, then the table cards it takes.
PLAY_FORM = Picked(
    marked("The card you play, then the cards it takes, such as {example}"),
    "7♦ J♣",
    tap=said("Tap the card you play from your hand, then the table cards it takes, and press Check."),
)
