"""A match against the computer in the learner's words: plays, the deal's log, refusals, the hint and the review.

The engine writes plays, events and the reasons it refuses a play in English; here they are worded from their
fields (a refusal's code and cards, an event's kind, seat and play) in the view's language, the cards named as the
faces show them. English reads as the engine writes it, the cards named by ``say``.

>>> from trainer.app.card_style import CardStyle
>>> from trainer.plays import Refusal, parse_play
>>> from trainer.cards import parse_card, parse_cards
>>> play_words(parse_play("3h ad 4c 7d"), CardStyle())
'3 of cups taking ace of coins, 4 of clubs and 7 of coins'
>>> play_words(parse_play("5d"), CardStyle(language="es"))
'el 5 de oros a la mesa, sin llevarse nada'
>>> refusal = Refused(IllegalPlay(Refusal("not_fifteen", parse_card("3♥"), parse_cards("4♣"), total=7)))
>>> refused_words(refusal, CardStyle())
'Not allowed: 3 of cups + 4 of clubs = 7, not 15'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.ai.bots import Evaluation
from trainer.ai.game import FAULT, LABELS, LEARNER, Decision, Game, Reviewed, points_lost
from trainer.app.board import seat_name, side_words
from trainer.app.card_style import CardStyle
from trainer.app.names import BOT_LEVELS, cards_name, say, sentence_name, typing_help
from trainer.cards import CardError, parse_card
from trainer.deal import Deal, Event, EventKind
from trainer.i18n import Translator
from trainer.plays import IllegalPlay, InvalidPlay, Play
from trainer.text import marked

#: The review's labels (``trainer.ai.game.LABELS``) by code, as the review table shows them.
REVIEW_LABELS = {
    "blunder": marked("blunder"),
    "mistake": marked("mistake"),
    "inaccuracy": marked("inaccuracy"),
    FAULT: marked("against the rules: it stood, see the deal's score (V5)"),
}
#: The longest piece of typed text a refusal quotes back.
QUOTED = 40


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


# -- plays and what happened in a deal -------------------------------------------------------


def play_words(play: Play, view: CardStyle) -> str:
    """A play in words: "6 of swords taking ace of swords and 2 of clubs", "laying 5 of coins down"."""
    t = view.t
    if not play.captured:
        return t.text("laying {card} down", card=sentence_name(play.card, view))
    return t.text(
        "{card} taking {cards}", card=sentence_name(play.card, view), cards=cards_name(sorted(play.captured), view)
    )


def play_said(deal: Deal, event: Event, me: int, view: CardStyle) -> str:
    """A play in the learner's words: who, what, and whether it swept the table or, in table mode (V5), stood
    although wrong: "Seat 1, dealer: laying 5 of coins down", "You (seat 0): 7 of coins taking sota of cups, an
    escoba!"."""
    assert event.play is not None
    t, seat, play = view.t, seat_name(deal, event.seat or 0, me, view), play_words(event.play, view)
    if event.fault and event.play.captured:
        total = event.play.card.value + sum(card.value for card in event.play.captured)
        return t.text(
            "{seat}: {play}, which make {total}, not 15: the capture stands and costs a penalty (V5)",
            seat=seat,
            play=play,
            total=total,
        )
    if event.fault:
        return t.text("{seat}: {play} although a capture was there: it stands (V5)", seat=seat, play=play)
    if event.escobas:
        return t.text("{seat}: {play}, an escoba!", seat=seat, play=play)
    return t.text("{seat}: {play}", seat=seat, play=play)


def event_words(deal: Deal, event: Event, me: int, view: CardStyle) -> str:
    """One line of a deal's log in the learner's words, from the event's kind, seat, play, cards and escobas."""
    t, cards = view.t, cards_name(event.cards, view)
    hand = deal.profile.hand_size
    if event.kind is EventKind.PLAY and event.play is not None:
        return play_said(deal, event, me, view)
    if event.kind is EventKind.CLAIM and event.play is not None:
        return t.text(
            "{seat}: claiming the missed capture, {play}",
            seat=seat_name(deal, event.seat or 0, me, view),
            play=play_words(event.play, view),
        )
    if event.kind is EventKind.DEAL:
        return t.plural(
            "The deal: {n} card to each player, {cards} to the table",
            "The deal: {n} cards to each player, {cards} to the table",
            hand,
            cards=cards,
        )
    if event.kind is EventKind.SWEEP:
        if not event.escobas:
            return t.text("The dealer's side takes {cards} from the table, with no escoba in these rules", cards=cards)
        escobas = t.plural("an escoba", "{n} escobas", event.escobas)
        return t.text("The dealer's side takes {cards} from the table: {escobas}", cards=cards, escobas=escobas)
    if event.kind is EventKind.REDEAL:
        return t.plural("{n} more card to each player", "{n} more cards to each player", hand)
    if event.kind is EventKind.LAST_TAKE:
        side = side_words(deal, event.side or 0, me, view)
        if not event.cards:
            return _capital(t.text("{side} made the last capture and takes nothing", side=side))
        return _capital(t.text("{side} made the last capture and takes {cards}", side=side, cards=cards))
    return t.plural(
        "Nobody captured, so {cards} stays on the table",
        "Nobody captured, so {cards} stay on the table",
        len(event.cards),
        cards=cards,
    )


# -- refusals --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Refused:
    """A play the page refused, kept to be worded when the page is drawn, in the language of that moment: the
    rules' refusal (``IllegalPlay``), text that is not a play (``CardError``) with what was ``typed``, or, with no
    error, a pick with no card from the hand."""

    error: ValueError | None = None
    typed: str = ""


def refused_words(refused: Refused, view: CardStyle) -> str:
    """Why the page refused a play, in the learner's words."""
    t, error = view.t, refused.error
    if isinstance(error, IllegalPlay):
        reason = t.said(error.refusal.said) if error.refusal else str(error)
        return say(t.text("Not allowed: {reason}", reason=reason), view)
    if isinstance(error, CardError):
        return unreadable_words(error, refused.typed, view)
    return t.text("Choose one card from your hand, then the table cards it takes, if any.")


def quoted(typed: str, limit: int = QUOTED) -> str:
    """Typed text to quote back: on one line, and cut to ``limit`` characters. It is not made plain: a refusal is
    shown as text (the card table's message and the verdict box), never read as Markdown."""
    line = " ".join(typed.split())
    return line if len(line) <= limit else f"{line[:limit]}…"


def unreadable_words(error: CardError, typed: str, view: CardStyle) -> str:
    """Why typed text is not a play: no card, a card named twice, or a word that is not a card, with the way a
    card is typed under the view's faces."""
    t = view.t
    if isinstance(error, InvalidPlay) and error.reason == "no_card":
        return t.text("That is not a play: a play needs at least the card you play")
    if isinstance(error, InvalidPlay) and error.reason == "card_twice":
        return t.text("That is not a play: “{text}” names a card twice", text=quoted(error.text))
    for word in typed.replace(",", " ").split():  # as parse_cards reads it: cards apart by spaces or commas
        try:
            parse_card(word, view.notation)
        except CardError:
            how = typing_help(view)
            return t.text("That is not a play: “{word}” is not a card. {how}", word=quoted(word), how=how)
    return t.text("That is not a play: “{text}”", text=quoted(typed))


# -- the match, the hint and the review --------------------------------------------------------


def side_names(game: Game, view: CardStyle) -> list[str]:
    """The sides of a match against the computer, the learner's first: with three players each computer seat is a
    side of its own, numbered in playing order."""
    t = view.t
    players, sides = game.match.players, game.match.sides
    if sides > 2:
        return [t.text("You"), *(t.text("Computer {n}", n=n) for n in range(1, sides))]
    you = {2: t.text("You"), 4: t.text("You and your partner"), 6: t.text("You and your partners")}[players]
    return [you, t.text("Computer")]


def match_score(game: Game, view: CardStyle) -> str:
    """The match's totals in words: "You – Computer: 5 – 3, to 21"."""
    totals = " – ".join(str(total) for total in game.match.totals)
    names = " – ".join(side_names(game, view))
    return view.t.text("{sides}: {totals}, to {target}", sides=names, totals=totals, target=game.match.profile.target)


def level_words(level: str, t: Translator) -> str:
    """A computer level with how it plays: "Steady: takes the most it can at once"."""
    name, how = BOT_LEVELS[level]
    return t.text("{level}: {how}", level=t.text(name), how=t.text(how))


def hint_words(best: Evaluation, view: CardStyle) -> str:
    """The best play now, with the margin it leaves the learner's side by the end of the deal, on average."""
    t = view.t
    figures = {"play": play_words(best.play, view), "error": t.decimal(best.error)}
    if best.margin >= 0:
        return t.text(
            "Best now: {play}, which leaves your side {points} points ahead of the other by the end of the deal on "
            "average (± {error}).",
            points=t.decimal(best.margin),
            **figures,
        )
    return t.text(
        "Best now: {play}, which leaves your side {points} points behind the other by the end of the deal on "
        "average (± {error}).",
        points=t.decimal(-best.margin),
        **figures,
    )


def review_markdown(
    reviewed: Sequence[Reviewed], view: CardStyle, waiting: Sequence[Decision] = (), theirs: bool = False
) -> str:
    """The learner's plays of a deal, each against the best one, with the points it cost and its label, as a
    Markdown table, the plays ``waiting`` to be weighed after them with "…" for what is not known yet; then, for each
    play that lost points, why the best play was better (a list under the table reads on a phone, where a column of
    sentences would not). ``theirs``: as their teacher reads it."""
    t = view.t
    played = t.text("Their play") if theirs else t.text("You played")
    heads = ["#", played, t.text("Best play"), t.text("Points lost"), t.text("Label")]
    lines = [f"| {' | '.join(heads)} |", "| --- " * len(heads) + "|"]
    why = []
    for number, r in enumerate(reviewed, start=1):
        same = r.best == r.decision.play
        lost = "—" if same or r.label == FAULT else f"{t.decimal(r.loss)} ± {t.decimal(r.error)}"
        best = t.text("the same") if same else _capital(play_words(r.best, view))
        label = t.text(REVIEW_LABELS[r.label]) if r.label else ""
        lines.append(f"| {number} | {_capital(play_words(r.decision.play, view))} | {best} | {lost} | {label} |")
        if r.reasons:
            why.append(f"- **{number}.** " + " ".join(say(t.said(reason), view) for reason in r.reasons))
    for number, decision in enumerate(waiting, start=len(reviewed) + 1):
        lines.append(f"| {number} | {_capital(play_words(decision.play, view))} | … | … |  |")
    if why:
        lines += ["", t.text("Why the best play was better, play by play:"), "", *why]
    return "\n".join(lines)


def luck_words(luck: float, lost: float, view: CardStyle) -> str:
    """A deal's luck beside the points the learner's plays lost: "The cards dealt favoured the computer by 2.10
    points; your plays lost 1.40"."""
    t = view.t
    points, lost_words = t.decimal(abs(luck)), t.decimal(lost)
    if round(luck, 2) > 0:
        return t.text(
            "The cards dealt favoured your side by {points} points; your plays lost {lost}.",
            points=points,
            lost=lost_words,
        )
    if round(luck, 2) < 0:
        return t.text(
            "The cards dealt favoured the computer by {points} points; your plays lost {lost}.",
            points=points,
            lost=lost_words,
        )
    return t.text("The cards dealt favoured neither side; your plays lost {lost}.", lost=lost_words)


def luck_caption(view: CardStyle) -> str:
    """How a deal's luck is worked out."""
    return view.t.text(
        "The cards' worth: the average margin of your side when every seat plays this deal's cards the same plain way "
        "(the best take at once, else the safest card to lay down), so that it owes nothing to how anyone played."
    )


def review_caption(reviewed: Sequence[Reviewed], view: CardStyle) -> str:
    """What the review weighed and lost in all, and how a play earns a label."""
    t = view.t
    thresholds = {name: t.decimal(size, "0.0#") for name, size in LABELS}
    weighed = t.plural(
        "{n} play weighed; {total} points lost in all.",
        "{n} plays weighed; {total} points lost in all.",
        len(reviewed),
        total=t.decimal(points_lost(reviewed)),
    )
    how = t.text(
        "A play is labelled an inaccuracy from {inaccuracy} points lost, a mistake from {mistake}, a blunder from "
        "{blunder}, and only when the loss passes that mark by more than its uncertainty could explain.",
        **thresholds,
    )
    labelled = t.plural("{n} play labelled.", "{n} plays labelled.", sum(1 for r in reviewed if r.label))
    return f"{weighed} {how} {labelled}"


def match_over_words(game: Game, view: CardStyle) -> tuple[bool, str]:
    """Whether the learner won the match just over, and the words that say who did (and why, after a shut-out)."""
    t, match = view.t, game.match
    won = match.winner == LEARNER % match.sides
    if match.sides > 2 and not won and match.winner is not None:  # which computer (no shut-out with three, V1)
        return won, t.text("{side} won this match.", side=side_names(game, view)[match.winner])
    if match.shut_out is None:
        return won, t.text("You won the match!") if won else t.text("The computer won this match.")
    if won:
        return won, t.text("You won the match! (a deal without a single capture costs that side the whole match)")
    return won, t.text("The computer won this match (a deal without a single capture costs that side the whole match).")
