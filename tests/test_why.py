"""Why a play was worse than the best one: each reason is a fact of the position (R11-R14, R18-R19), on positions a
real deal reaches."""

from math import comb

from trainer.ai.bots import Settings, evaluate, sampled_worlds
from trainer.ai.game import Decision, review
from trainer.ai.view import View
from trainer.ai.why import MOST, left_open, reasons
from trainer.cards import DECK, parse_cards
from trainer.deal import Deal
from trainer.plays import parse_play
from trainer.profile import PROFILES
from trainer.puzzles.reachable import complete
from trainer.text import said


def real(table: str, hands: list[str], piles: tuple[str, str] = ("", ""), stock: int | None = None) -> Deal:
    """A two-player position with seat 0 to play, made whole as a real deal reaches it (its stock, of ``stock`` cards
    or the earliest round's, and piles)."""
    shown = [parse_cards(pile) for pile in piles]
    dealt = [parse_cards(hand) for hand in hands]
    done = complete(parse_cards(table), dealt, shown, [0, 0], stock=stock)
    return Deal.from_position(parse_cards(table), dealt, stock=done.stock, piles=done.piles)


def test_taking_the_seven_of_coins_is_the_first_reason_when_the_best_play_takes_it_and_yours_did_not() -> None:
    # 4♠ takes 7♦ + 4♥ (R12); Q♠ takes only 6♣
    deal = real("7♦ 4♥ 6♣", ["4♠ Q♠ K♠", "A♥ 3♥ 5♥"])
    best = evaluate(View.of(deal), Settings(64))[0].play
    assert best == parse_play("4♠ 7♦ 4♥")
    why = reasons(deal, parse_play("Q♠ 6♣"), best)
    assert why[0] == said("The best play took {card}.", card="7♦")
    assert 1 <= len(why) <= MOST


def test_the_review_says_why_a_play_lost_points() -> None:
    deal = real("7♦ 4♥ 6♣", ["4♠ Q♠ K♠", "A♥ 3♥ 5♥"])
    (weighed,) = review((Decision(deal, parse_play("Q♠ 6♣")),), samples=32)
    assert weighed.loss > 0 and weighed.reasons[0] == said("The best play took {card}.", card="7♦")


def test_the_chance_of_a_sweep_left_open_is_the_exact_share_of_the_hands_the_next_player_could_hold() -> None:
    # Laying 5♠ leaves 4♣ 5♠, 9 in all: a 6 sweeps it (R14), and 6♠ is the only 6 seat 0 has not seen; laying K♥
    # leaves 14, which only an ace sweeps, and every ace is in a pile.
    piles = ("6♥ Q♣ A♣ A♠ K♣ 3♣", "6♣ Q♠ A♥ A♦ 4♦ Q♦")
    deal = real("4♣", ["5♠ 6♦ K♥", "2♦ 3♦ 5♦"], piles)
    assert [str(card) for card in (*deal.hands[1], *deal.stock) if card.value == 6] == ["6♠"]
    unseen = View.of(deal).unseen.bit_count()
    share = 1 - comb(unseen - 1, 3) / comb(unseen, 3)  # a hand of 3 of the unseen cards that holds 6♠
    expected = said(
        "Your play left {cards} on the table, {total} in all: the next player sweeps it with a card worth {value} in "
        "{percent} of the hands they could hold; after the best play, {best}.",
        cards="4♣ 5♠",
        total=9,
        value=6,
        percent=f"{round(100 * share)}%",
        best="0%",
    )
    assert expected in reasons(deal, parse_play("5♠"), parse_play("K♥"))
    assert not reasons(deal, parse_play("K♥"), parse_play("5♠"))  # the other way round it leaves no sweep open


def test_a_play_as_good_as_the_best_gets_no_reason() -> None:
    deal = real("7♦ 4♥ 6♣", ["4♠ Q♠ K♠", "A♥ 3♥ 5♥"])
    play = parse_play("4♠ 7♦ 4♥")
    assert reasons(deal, play, play) == ()
    (weighed,) = review((Decision(deal, play),), samples=32)
    assert weighed.best == play and weighed.reasons == ()


def test_only_what_the_rule_set_scores_is_a_reason() -> None:
    deal = real("7♦ 4♥ 6♣", ["4♠ Q♠ K♠", "A♥ 3♥ 5♥"])
    why = [str(words) for words in reasons(deal, parse_play("Q♠ 6♣"), parse_play("4♠ 7♦ 4♥"))]
    assert not any("sevens" in words or "seven," in words for words in why)  # no sevens category in these rules


def test_where_a_lay_down_shows_what_the_next_player_cannot_hold_the_chance_is_taken_over_the_sampled_worlds() -> None:
    # escova: whoever can capture must (R13, its row of the rule sets), so seat 1's lay-down this round shows which
    # values it cannot hold; the chance of a sweep is then the share of the review's worlds, not of every hand.
    deal = Deal.new(2, seed=1, profile=PROFILES["escova"])
    for _ in range(14):
        deal = deal.play(deal.legal_plays()[0])
    seen, lay = View.of(deal), parse_play("3♣")
    assert seen.barred[1]
    after = deal.play(lay)
    sweepers = {card.bit for card in DECK if card.value == 15 - sum(card.value for card in after.table)}
    worlds = sampled_worlds(seen, 160, "worlds")
    hits = 0
    for world in worlds:
        world.apply((lay.card.bit, lay.captured_mask))
        hits += any(world.hands[1] & bit for bit in sweepers)
    why = [
        dict(words.params) for words in reasons(deal, lay, parse_play("K♠"), 160, "worlds") if "sweeps" in str(words)
    ]
    unseen, held = seen.unseen.bit_count(), len(after.hands[1])
    every_hand = 1 - comb(unseen - sum(1 for bit in sweepers if seen.unseen & bit), held) / comb(unseen, held)
    assert why[0]["percent"] == f"{round(100 * hits / len(worlds))}%" != f"{round(100 * every_hand)}%"


def test_a_sweep_the_best_play_sets_up_whatever_the_next_player_plays_is_said() -> None:
    # The last round, every card known: laying 5♠ leaves 3♣ 5♠ (8), where a 4 takes nothing (R12), so the next
    # player lays one of its three 4s and 3♠ sweeps the 12 (R14); laying 2♠ leaves 5, then 9, which 5♠ and 3♠ miss.
    deal = real("3♣", ["5♠ 3♠ 2♠", "4♥ 4♣ 4♦"], stock=0)
    expected = said(
        "The best play set up a sweep for your next turn: whatever the next player plays, one of your cards then "
        "takes the whole table, in {percent} of the hands they could hold; after yours, {made}.",
        percent="100%",
        made="0%",
    )
    assert expected in reasons(deal, parse_play("2♠"), parse_play("5♠"))
    assert not reasons(deal, parse_play("5♠"), parse_play("3♠"))  # both set it up: nothing sets them apart


def test_r14_a_play_is_told_what_it_leaves_the_next_player_with_the_chance_worked_out_exactly() -> None:
    deal = real("7♦ 4♥ 6♣", ["4♠ Q♠ K♠", "A♥ 3♥ 5♥"])  # 27 cards unseen by seat 0: its piles hold 4♣, nothing else
    assert View.of(deal).unseen.bit_count() == 27
    sweep = said(
        "Your play leaves {cards} on the table, {total} in all: the next player sweeps it with a card worth {value} in "
        "{percent} of the hands they could hold.",
        cards="6♣", total=6, value=9, percent=f"{round(100 * (1 - comb(24, 3) / comb(27, 3)))}%",
    )  # fmt: skip  # three caballos unseen
    seven = said(
        "Your play leaves {card} for the next player to take, in {percent} of the hands they could hold.",
        card="7♦", percent=f"{round(100 * (1 - comb(22, 3) / comb(27, 3)))}%",
    )  # fmt: skip  # four sotas take it alone, 4♦ with 4♥
    assert left_open(deal, parse_play("4♠ 7♦ 4♥")) == (sweep,)
    assert left_open(deal, parse_play("Q♠ 6♣")) == (seven,)  # a sweep of 7♦ 4♥ needs 4♦: 11%, not worth a word
