"""A match in the learner's words: refusals, plays, the deal's log, the hint and the review, worded from the engine's
codes and fields; English as the engine writes it, and no catalogue English left in Spanish or Russian."""

import random
import re
from itertools import combinations

import pytest
from test_i18n import TRANSLATED, english_in

from trainer import DECK, Deal, Match, parse_cards, parse_play
from trainer.ai.bots import Evaluation
from trainer.ai.game import FAULT, LABELS, Decision, Game, Reviewed
from trainer.app.card_style import CardStyle
from trainer.app.names import say
from trainer.app.play_words import (
    QUOTED,
    REVIEW_LABELS,
    Refused,
    event_words,
    hint_words,
    luck_words,
    match_over_words,
    play_words,
    refused_words,
    review_caption,
    review_markdown,
)
from trainer.cards import CardError
from trainer.deal import EventKind
from trainer.plays import REASONS, IllegalPlay, InvalidPlay, Play
from trainer.profile import CLASSIC, PROFILES
from trainer.puzzles.kinds import play_text
from trainer.simulate import play_randomly
from trainer.text import said

TABLE_MODE = PROFILES["turkish"].with_options(penalties=True)
SEVENS = PROFILES["sevens"]
ENGLISH_VIEWS = [CardStyle(), CardStyle(style="french"), CardStyle(courts="letters")]


def refusals() -> list[IllegalPlay]:
    """Plays the rules refuse, for every reason: random cards from anywhere taking random groups, in random deals
    by rules where the played card must capture, where any card that can must, and played by the penalties (V5)."""
    rng, found = random.Random(5), []
    for profile in (CLASSIC, SEVENS, TABLE_MODE):
        for seed in range(12):
            deal = play_randomly(Deal.new(seed=seed, profile=profile), rng, rng.choice([None, rng.randint(0, 30)]))
            near = [*deal.table, *deal.hands[deal.to_play or 0]] if not deal.is_over else list(DECK)
            for _ in range(40):
                card = rng.choice([*near, *rng.sample(DECK, 2)])
                near_table = {*deal.table, *rng.sample(DECK, 2)}
                taken = rng.sample(sorted(near_table), rng.randint(0, min(3, len(near_table))))
                taken += [card] if rng.random() < 0.1 else []
                try:
                    deal.play(Play(card, frozenset(taken)))
                except IllegalPlay as refused:
                    found.append(refused)
            try:
                deal.claim(parse_play("K♦ 5♦"))
            except IllegalPlay as refused:
                found.append(refused)
    sevens = Deal.from_position(parse_cards("A♦ 7♦"), [parse_cards("7♠ K♣"), parse_cards("2♥ 3♥")], profile=SEVENS)
    with pytest.raises(IllegalPlay) as laid:  # a card that takes nothing, where another could take (V1)
        sevens.play(parse_play("K♣"))
    return [*found, laid.value]


REFUSALS = refusals()


def test_every_reason_is_met() -> None:
    assert {refused.reason for refused in REFUSALS} == set(REASONS)


@pytest.mark.parametrize("view", ENGLISH_VIEWS)
def test_a_refusal_reads_in_english_as_the_engine_writes_it(view: CardStyle) -> None:
    for refused in REFUSALS:
        assert refused.refusal is not None
        expected = say(f"Not allowed: {refused}", view)
        if refused.reason == "not_a_missed_capture":  # the claim worded as a play, not as cards in a row
            claim = Play(refused.refusal.card, frozenset(refused.refusal.cards))
            expected = f"Not allowed: {play_words(claim, view)} is not a capture the last player missed"
        assert refused_words(Refused(refused), view) == expected


WORDED = {
    "es": (
        "No se permite: el 2 de oros no está en tu mano",
        "No se permite: el 3 de copas + el 4 de bastos = 7, no 15",
    ),
    "ru": ("Так нельзя: карты 2 монет нет у вас на руке", "Так нельзя: 3 чаш + 4 жезлов = 7, а не 15"),
    "it": (
        "Non è permesso: il 2 di denari non è nella tua mano",
        "Non è permesso: il 3 di coppe + il 4 di bastoni = 7, non 15",
    ),
    "pl": ("Tak nie wolno: karty 2 monet nie ma na twojej ręce", "Tak nie wolno: 3 kielichów + 4 buław = 7, a nie 15"),
    "tr": ("Olmaz: dirhem 2 kartı elinde yok", "Olmaz: kupa 3 + sopa 4 = 7, 15 değil"),
}


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_refusal_is_worded_in_the_language(code: str) -> None:
    view = CardStyle(language=code)
    assert not english_in([refused_words(Refused(refused), view) for refused in REFUSALS])
    hand, table = parse_cards("3♥"), parse_cards("A♦ 4♣ 7♦")
    said = []
    for play in ("2♦", "3♥ 4♣"):
        with pytest.raises(IllegalPlay) as refused:
            Deal.from_position(table, [hand, parse_cards("K♠")]).play(parse_play(play))
        said.append(refused_words(Refused(refused.value), view))
    assert tuple(said) == WORDED[code]


def test_a_refusal_of_its_own_is_said_as_written() -> None:
    assert refused_words(Refused(IllegalPlay("play 3, 7♦: no")), CardStyle()) == "Not allowed: play 3, 7 of coins: no"


def unreadable(typed: str) -> CardError:
    with pytest.raises(CardError) as raised:
        parse_play(typed)
    return raised.value


def test_text_that_is_not_a_play_is_said_with_what_is_wrong() -> None:
    english = CardStyle()
    assert refused_words(Refused(unreadable(" "), " "), english) == (
        "That is not a play: a play needs at least the card you play"
    )
    assert refused_words(Refused(unreadable("7d 7♦"), "7d 7♦"), english) == (
        "That is not a play: “7d 7♦” names a card twice"
    )
    said = refused_words(Refused(unreadable("7d, 8c"), "7d, 8c"), CardStyle(style="french"))
    assert said == (
        "That is not a play: “8c” is not a card. Type a card as its rank, then the letter of its suit: 7♦ → 7d; "
        "K♣ → kc; A♠ → as. Suits: d ♦, h ♥, s ♠, c ♣."
    )
    said = refused_words(Refused(unreadable("7d, 8c"), "7o, 7d"), english)  # Spanish faces: "d" is no suit of theirs
    assert said.startswith("That is not a play: “7d” is not a card. Type a card as its rank, then the letter of its")
    assert "7 of coins → 7o; rey of clubs → 12b; ace of swords → ae. Suits: o oros, c copas, e espadas" in said
    long = "x" * 500
    assert f"“{'x' * QUOTED}…”" in refused_words(Refused(unreadable(long), long), english)
    assert refused_words(Refused(), english).startswith("Choose one card from your hand")


@pytest.mark.parametrize("code", TRANSLATED)
def test_text_that_is_not_a_play_is_said_in_the_language(code: str) -> None:
    view = CardStyle(language=code)
    said = [refused_words(Refused(unreadable(typed), typed), view) for typed in (" ", "7d 7d", "8c")]
    said.append(refused_words(Refused(CardError("no"), "7d"), view))  # a CardError whose word reads: said whole
    said.append(refused_words(Refused(), view))
    assert not english_in(said)
    quoted = '[«“„"]{}[»”"]'  # the bad text between the language's own quotation marks
    assert re.search(quoted.format("8c"), said[2]) and re.search(quoted.format("7d 7d"), said[1])


def test_invalid_plays_carry_their_reason() -> None:
    assert (unreadable("").reason, unreadable("3h 3♥").reason) == ("no_card", "card_twice")
    twice = unreadable(" 3h 3♥ ")
    assert isinstance(twice, InvalidPlay) and twice.text == "3h 3♥" and str(twice) == "'3h 3♥' names a card twice"


def logs() -> list[tuple[Deal, int]]:
    """Finished deals of every rule set and table, with the seat whose eyes they are read through; a first table
    taken with no escoba (V1), a deal where nobody captures (R15), and one played by the penalties with wrong
    captures, missed ones and claims (V5)."""
    rng, deals = random.Random(3), []
    for profile in PROFILES.values():
        for players in profile.players:
            for seed in range(3):
                deals.append((play_randomly(Deal.new(players, seed=seed, profile=profile), rng), seed % players))
    front = parse_cards("A♦ A♥ A♣ A♠ 2♦ 2♣ 2♥ 3♥ 4♥ 6♥")  # a first table of 15, taken by the sevens' dealer
    taken = Deal.from_deck([*front, *(card for card in DECK if card not in front)], profile=PROFILES["sevens"])
    nobody = Deal.from_position(parse_cards("K♦"), [parse_cards("K♥"), parse_cards("K♠")])
    nobody = nobody.play(parse_play("K♥")).play(parse_play("K♠"))
    deal = Deal.new(seed=11, profile=TABLE_MODE)
    while not deal.is_over:
        if deal.claims():
            deal = deal.claim(deal.claims()[0])
        hand, table = deal.hands[deal.to_play or 0], deal.table
        faulty = [Play(card, frozenset(group)) for card in hand for group in combinations(table, 1)]
        faulty += [Play(card) for card in hand]
        faulty = [play for play in faulty if deal.fault_of(play)]
        deal = deal.play(rng.choice(faulty or deal.legal_plays()))
    return [*deals, (taken, 0), (nobody, 1), (deal, 0)]


LOGS = logs()


def test_the_logs_hold_every_kind_of_event_and_fault() -> None:
    events = [event for deal, _ in LOGS for event in deal.log]
    assert {event.kind for event in events} == set(EventKind)
    assert {event.fault for event in events} == {"", "wrong", "missed"}
    assert any(event.escobas for event in events if event.kind is EventKind.PLAY)
    assert any(event.escobas == 0 for event in events if event.kind is EventKind.SWEEP)


def test_a_deal_s_log_reads_in_english() -> None:
    view = CardStyle(style="french")
    deal = Deal.from_position(parse_cards("A♦ 4♣ 7♦"), [parse_cards("3♥ K♠"), parse_cards("2♠ 5♣")])
    deal = deal.play(parse_play("3♥ A♦ 4♣ 7♦")).play(parse_play("5♣"))
    said = [event_words(deal, event, 0, view) for event in deal.log]
    assert said == ["You (seat 0): 3♥ taking A♦ 4♣ 7♦, an escoba!", "Seat 1, dealer: laying 5♣ down"]
    new = Deal.new(seed=4)
    assert event_words(new, new.log[0], 0, view).startswith("The deal: 3 cards to each player, ")
    over = play_randomly(Deal.new(seed=7), random.Random(7))
    last = [event_words(over, event, 1, CardStyle()) for event in over.log][-1]
    assert last.startswith(("Your side made the last capture and takes ", "The other side made the last capture"))


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_deal_s_log_is_worded_in_the_language(code: str) -> None:
    view = CardStyle(language=code)
    said = [event_words(deal, event, me, view) for deal, me in LOGS for event in deal.log]
    assert not english_in(said)
    assert english_in([event_words(deal, event, me, CardStyle()) for deal, me in LOGS for event in deal.log])


def test_plays_read_in_english_as_before() -> None:
    for text in ("3♥ A♦ 4♣ 7♦", "5♦", "J♣ 7♦"):
        for view in ENGLISH_VIEWS:
            said = say(str(play_text(parse_play(text))), view)
            if view.style == "spanish":  # say writes a capital where a name opens the text
                said = said[:1].lower() + said[1:]
            assert play_words(parse_play(text), view) == said


WHY = (said("The best play took {card}.", card="7♦"), said("The best play swept the table: an escoba."))


def reviewed() -> list[Reviewed]:
    deal = Deal.new(seed=2)
    best, other = deal.legal_plays()[:2]
    decision = Decision(deal, best)
    return [
        Reviewed(decision, best, 0.0, 0.0, ""),
        Reviewed(Decision(deal, other), best, 0.6, 0.1, "blunder", WHY),
        Reviewed(Decision(deal, other), best, 0.3, 0.1, "mistake"),
        Reviewed(Decision(deal, other), best, 0.12, 0.02, "inaccuracy"),
    ]


def test_the_review_reads_in_english_as_before() -> None:
    table = review_markdown(reviewed(), CardStyle()).splitlines()
    assert table[0] == "| # | You played | Best play | Points lost | Label |"
    assert table[2].endswith("| the same | — |  |") and table[3].endswith("| 0.60 ± 0.10 | blunder |")
    assert table[-3:] == [
        "Why the best play was better, play by play:",
        "",
        "- **2.** The best play took 7 of coins. The best play swept the table: an escoba.",
    ]
    assert review_caption(reviewed(), CardStyle()) == (
        "4 plays weighed; 1.02 points lost in all. A play is labelled an inaccuracy from 0.1 points lost, a mistake "
        "from 0.25, a blunder from 0.5, and only when the loss passes that mark by more than its uncertainty could "
        "explain. 3 plays labelled."
    )
    assert review_caption(reviewed()[:1], CardStyle()).startswith("1 play weighed; 0.00 points lost in all.")


def test_the_plays_still_to_weigh_are_listed_after_those_weighed_with_what_is_not_known_yet() -> None:
    done, *waiting = reviewed()
    table = review_markdown([done], CardStyle(), [r.decision for r in waiting]).splitlines()
    assert len(table) == 2 + 4 and table[2].endswith("| the same | — |  |")
    assert [line.split(" | ")[0] for line in table[3:]] == ["| 2", "| 3", "| 4"]
    assert all(line.endswith("| … | … |  |") for line in table[3:])


def test_every_label_of_the_review_is_named() -> None:
    assert set(REVIEW_LABELS) == {name for name, _ in LABELS} | {FAULT}


def test_v5_a_play_against_the_rules_is_named_in_the_review_with_no_points_lost() -> None:
    deal = Deal.new(seed=2)
    best, other = deal.legal_plays()[:2]  # the play made stands for one the rules forbid, not weighed
    [line] = review_markdown([Reviewed(Decision(deal, other), best, 0.0, 0.0, FAULT)], CardStyle()).splitlines()[2:]
    assert line.endswith("| — | against the rules: it stood, see the deal's score (V5) |")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_review_and_the_hint_are_worded_in_the_language(code: str) -> None:
    view = CardStyle(language=code)
    play = parse_play("3♥ A♦ 4♣ 7♦")
    said = [review_markdown(reviewed(), view), review_caption(reviewed(), view)]
    said += [hint_words(Evaluation(play, margin, 0.25), view) for margin in (0.5, -0.5)]
    said += [luck_words(luck, 1.4, view) for luck in (2.1, -2.1, 0.0)]
    assert not english_in(said)
    assert all(REVIEW_LABELS[label] not in said[0] for label in REVIEW_LABELS)
    assert "0,50" in said[2] and "0,25" in said[2]


def test_the_luck_of_the_cards_is_said_for_the_side_it_favoured_beside_the_points_lost() -> None:
    assert (
        luck_words(2.1, 1.4, CardStyle()) == "The cards dealt favoured your side by 2.10 points; your plays lost 1.40."
    )
    assert (
        luck_words(-2.1, 0, CardStyle())
        == "The cards dealt favoured the computer by 2.10 points; your plays lost 0.00."
    )
    assert luck_words(0.001, 0.5, CardStyle()) == "The cards dealt favoured neither side; your plays lost 0.50."


def test_the_hint_reads_in_english_as_before() -> None:
    play = parse_play("3♥ A♦ 4♣ 7♦")
    assert hint_words(Evaluation(play, -0.5, 0.25), CardStyle(style="french")) == (
        "Best now: 3♥ taking A♦ 4♣ 7♦, which leaves your side 0.50 points behind the other by the end of the deal on "
        "average (± 0.25)."
    )
    assert "0.50 points ahead of the other" in hint_words(Evaluation(play, 0.5, 0.25), CardStyle())


def finished(seed: int) -> Game:
    match = play_randomly(Match.new(seed=seed), random.Random(seed))
    return Game(match, "greedy", seed)


@pytest.mark.parametrize("code", ["en", *TRANSLATED])
def test_the_end_of_a_match_says_who_won(code: str) -> None:
    games = [finished(seed) for seed in range(30)]
    said = {match_over_words(game, CardStyle(language=code)) for game in games}
    assert {won for won, _ in said} == {True, False}
    if code == "en":
        assert {words for _, words in said} <= {
            "You won the match!",
            "The computer won this match.",
            "You won the match! (a deal without a single capture costs that side the whole match)",
            "The computer won this match (a deal without a single capture costs that side the whole match).",
        }
    else:
        assert not english_in([words for _, words in said])
