"""Each puzzle kind: the engine's answers, the learner's verdicts and the reasons given."""

import re
from pathlib import Path

import pytest

from trainer import DECK, parse_card, parse_cards
from trainer.cards import SPANISH_NOTATION
from trainer.deal import Deal
from trainer.match import Match
from trainer.plays import legal_plays
from trainer.profile import PROFILES
from trainer.puzzles import load_puzzles
from trainer.puzzles.kinds import (
    CapturePuzzle,
    ChecksumPuzzle,
    ChoosePuzzle,
    ClaimPuzzle,
    MatchPuzzle,
    ScorePuzzle,
    SeatsPuzzle,
    SetentaDuelPuzzle,
    SetentaPuzzle,
)
from trainer.scoring import CATEGORIES
from trainer.text import SIDES

COMMON = {"id": "t", "level": 1, "themes": ("making-15",), "title": "t"}


def capture(table: str, play: str, **extra) -> CapturePuzzle:
    return CapturePuzzle(**COMMON, table=parse_cards(table), play=parse_card(play), **extra)


def choose(table: str, hand: str, goal: str, **extra) -> ChoosePuzzle:
    return ChoosePuzzle(**COMMON, table=parse_cards(table), hand=parse_cards(hand), goal=goal, **extra)


def test_r20_capture_in_any_order_and_either_notation():
    puzzle = capture("A♦ 4♣ 7♦", "3♥")
    for answer in ("A♦ 4♣ 7♦", "7d 1d 4c", " 4C,7D , a♦ "):
        verdict = puzzle.check(answer)
        assert verdict.correct
        assert verdict.explanation == "3♥ + A♦ + 4♣ + 7♦ = 15: the table is empty, an escoba (R14)"
    assert puzzle.check("A♦ 4♣ 7♦").solutions == ("A♦ 4♣ 7♦",)


def test_r12_capture_wrong_answers_are_explained_in_the_learners_terms():
    puzzle = capture("5♦ 2♣ 3♥ 4♠", "K♠")
    assert puzzle.check("5♦ 2♣").explanation == "K♠ + 5♦ = 15, but you also took 2♣: that makes 17"
    assert puzzle.check("2♣").explanation == "K♠ + 2♣ = 12: 3 short of 15"
    assert puzzle.check("2♣ 4♠").explanation == "K♠ + 2♣ + 4♠ = 16, not 15"
    assert puzzle.check("7♣").explanation == "7♣ is not on the table"
    assert not any(puzzle.check(a).correct for a in ("5♦ 2♣", "2♣", "2♣ 4♠", "7♣"))
    assert puzzle.check("5d").correct and puzzle.check("3h 2c").correct


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("", "pick the table cards that make 15 with K♠"),
        ("9♦", "'9♦' is not a card: the Spanish deck has no 8, 9 or 10 (R1)"),
        ("5♦ 5♦", "you named a card twice"),
        ("K♠ 5♦", "K♠ is the card being played: pick only cards from the table"),
    ],
)
def test_malformed_answers_get_a_message_not_an_exception(answer, message):
    verdict = capture("5♦ 2♣ 3♥", "K♠").check(answer)
    assert (verdict.correct, verdict.explanation) == (False, message)


def test_r12_capture_all_ways_must_name_every_group():
    puzzle = capture("5♦ 2♣ 3♥", "K♠", all=True)
    assert puzzle.solutions() == ["2♣ 3♥; 5♦"]
    assert puzzle.check("5d; 3h 2c").correct
    assert puzzle.check("2♣ 3♥ | 5♦").correct
    assert puzzle.check("5♦").explanation == "you missed 2♣ 3♥: K♠ + 2♣ + 3♥ = 15 too"
    assert puzzle.check("5♦; 2♣").explanation == "K♠ + 2♣ = 12: 3 short of 15"


def test_r13_choose_refuses_an_illegal_play_with_its_reason():
    puzzle = choose("J♣ 4♠", "7♥ 5♠", "most-cards")
    verdict = puzzle.check("7♥")
    assert not verdict.correct
    assert verdict.explanation == "7♥ can take J♣, so it cannot be laid on the table (R13)"
    assert puzzle.check("K♦").explanation == "K♦ is not in your hand"


def test_choose_goals_rank_the_plays_with_the_engine():
    assert choose("A♦ 4♣ 7♦", "3♥ 6♠", "escoba").solutions() == ["3♥ A♦ 4♣ 7♦"]
    assert choose("A♦ 4♣ 7♦", "3♥ 6♠", "escoba").check("6♠").explanation == (
        "that leaves cards on the table; 3♥ taking A♦ 4♣ 7♦ clears it"
    )
    most = choose("A♦ 4♣ 7♦ Q♠", "3♥ 6♠", "most-cards")
    assert most.solutions() == ["3♥ A♦ 4♣ 7♦"]
    assert most.check("6♠ Q♠").explanation == (
        "that brings you 2 cards, and another play brings more; 3♥ taking A♦ 4♣ 7♦ brings 4. "
        "You missed 7♦: it is worth the 7 of coins point on its own"
    )


def test_choose_coins_counts_coins_taken_and_played():
    puzzle = choose("7♦ 4♠ 2♣ J♦", "6♥ 7♠ 6♦", "coins")
    # 6♦ + 2♣ + 7♦ brings two coins; 7♠ + J♦ brings one; 6♥ + 2♣ + 7♦ brings one.
    assert puzzle.solutions() == ["6♦ 2♣ 7♦"]
    assert puzzle.check("7♠ J♦").explanation == (
        "that brings you 1 coin, and another play brings more; 6♦ taking 2♣ 7♦ brings 2. "
        "You missed 7♦: it is worth the 7 of coins point on its own"
    )
    assert puzzle.check("6♥ 2♣ 7♦").explanation == (
        "that brings you 1 coin, and another play brings more; 6♦ taking 2♣ 7♦ brings 2"
    )


def test_choose_take_a_card_and_safe_play():
    take = choose("7♦ 4♠ 2♣ 6♥", "J♣ 5♠ K♥", "take", target=parse_card("7♦"))
    assert take.solutions() == ["J♣ 7♦"]
    assert take.check("5♠ 4♠ 6♥").explanation == "that does not take 7♦; J♣ taking 7♦ does"
    safe = choose("5♦ 3♣", "7♠ 2♥", "safe", next_hand=parse_cards("K♦"))
    # 7♠ + 5♦ + 3♣ sweeps; laying 2♥ leaves 5♦ for the K♦ (and 2♥ 3♣).
    assert safe.solutions() == ["7♠ 3♣ 5♦"]
    assert safe.check("2♥").explanation == "after that, K♦ could take 2♥ 3♣ on the next turn; 7♠ taking 3♣ 5♦ is safe"


def test_choose_setenta_counts_what_the_pile_already_has():
    puzzle = choose("7♣ 6♦ 2♥", "J♠ 7♥", "setenta", pile=parse_cards("7♦ 7♠ A♥"))
    # J♠ + 7♣ adds a club (21); 7♥ + 6♦ + 2♥ improves hearts 16 -> 21 only, and leaves the pile without a club.
    assert puzzle.solutions() == ["J♠ 7♣"]
    assert puzzle.check("7♥ 6♦ 2♥").explanation == (
        "that adds 5 to your best cards, and another play adds more; J♠ taking 7♣ adds 21"
    )


def test_r19_choose_setenta_never_says_a_pile_without_a_suit_has_a_setenta():
    puzzle = choose("2♣ 3♠ 6♥ J♥", "6♣ 7♠", "setenta", pile=parse_cards("2♥ 3♥ 5♣ K♥ K♠"))
    # No coin in the pile, and none on the table: whatever it gains, the pile has no setenta.
    assert puzzle.check("7♠ 2♣ 6♥").explanation == (
        "7♠ + 2♣ + 6♥ = 15: you take 3 cards; your best cards gain 16, "
        "but a suit is still missing, so the pile has no setenta yet (R19)"
    )
    assert puzzle.check("7♠ J♥").explanation == (
        "that adds 11 to your best cards, and another play adds more; 7♠ taking 2♣ 6♥ adds 16"
    )


def test_r19_setenta_puzzle_and_a_missing_suit():
    puzzle = SetentaPuzzle(**COMMON, pile=parse_cards("7♦ 5♥ A♣ 6♠ K♦"))
    assert puzzle.solutions() == ["70"]
    assert puzzle.check("70").explanation == "best of each suit: 7♦ = 21, 5♥ = 15, A♣ = 16, 6♠ = 18; together 70"
    none = SetentaPuzzle(**COMMON, pile=parse_cards("7♦ 7♥ 7♣"))
    assert none.solutions() == ["none"] and none.check("NONE").correct
    assert none.check("63").explanation == "no swords (♠) in the pile, so it has no setenta"
    assert none.check("lots").explanation == "answer with a number such as 65, or 'none' if the pile has no setenta"


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [("7♦ 6♥ A♣ 5♠", "7♥ 6♦ A♠ 4♣", "A"), ("7♦ 7♥ 7♣", "A♠", "nobody"), ("A♦ A♥ A♣ A♠", "6♦ 3♥ 6♣ 5♠", "nobody")],
)
def test_r19_setenta_duel(a, b, winner):
    puzzle = SetentaDuelPuzzle(**COMMON, piles=(parse_cards(a), parse_cards(b)))
    assert puzzle.solutions() == [winner]
    assert puzzle.check(winner.lower()).correct


def test_r18_r20_score_puzzle_category_by_category():
    side_a = parse_cards("7♦ 6♦ A♦ 5♦ 4♦ 3♦ 7♥ 7♣ 7♠ A♥ 2♥")
    side_b = parse_cards("2♦ J♦ Q♦ K♦ A♣ 2♣")
    puzzle = ScorePuzzle(**COMMON, piles=(side_a, side_b), escobas=(2, 0))
    assert puzzle.solutions() == ["6 0"]
    verdict = puzzle.check("6-0")
    assert verdict.correct
    lines = verdict.explanation.split(". ")
    assert "Most coins: A 6 coins, B 4 coins; A has more coins than the other side, so it scores 1" in lines
    assert "Setenta: A 84, B none; A has a higher setenta than the other side, so it scores 1" in lines
    assert lines[-1] == "In all, A scores 6 and B 0"
    assert puzzle.check("six").explanation == "answer with two numbers, A's points then B's: 6 2"


def test_r16_checksum_sum_and_missing_card():
    total = ChecksumPuzzle(**COMMON, table=parse_cards("K♦ Q♥ 6♣"))
    assert total.solutions() == ["25"] and total.check("25").correct
    hidden = ChecksumPuzzle(**COMMON, table=parse_cards("K♦ 3♥ 5♣"), ask="missing")
    assert hidden.solutions() == ["7"]
    assert hidden.check("7").correct
    court = ChecksumPuzzle(**COMMON, table=parse_cards("K♦ 7♥"), ask="missing")
    assert court.solutions() == ["J"]
    assert court.check("8").correct and court.check("j").correct
    assert court.check("8").explanation.endswith("so the hidden card is worth 8: a sota (J)")


def seats(players: int, dealer: int, ask: str, **extra) -> SeatsPuzzle:
    return SeatsPuzzle(**COMMON, players=players, dealer=dealer, ask=ask, **extra)


@pytest.mark.parametrize(("players", "dealer", "leader"), [(2, 1, 0), (2, 0, 1), (4, 3, 0), (4, 1, 2)])
def test_r7_the_seat_after_the_dealer_leads_and_deals_next(players, dealer, leader):
    assert seats(players, dealer, "leader").solutions() == [str(leader)]
    assert seats(players, dealer, "next-dealer").solutions() == [str(leader)]
    match = Match.new(players, seed=5, first_dealer=dealer)
    assert match.seat_of(match.current.to_play or 0) == leader  # the same as a real match's


def test_r22_next_dealer_is_judged_in_any_spelling_with_the_reason():
    puzzle = seats(4, 2, "next-dealer")
    assert puzzle.check("seat 3").correct and puzzle.check(" Seat3").correct and puzzle.check("3").correct
    verdict = puzzle.check("2")
    assert not verdict.correct and "the deal moves one seat on, to seat 3" in verdict.explanation
    unread = puzzle.check("the dealer")
    assert (unread.correct, unread.explanation, unread.solutions) == (False, "answer with a seat", ("3",))


@pytest.mark.parametrize(("seat", "partner"), [(0, 2), (1, 3), (2, 0), (3, 1)])
def test_r5_partners_sit_opposite_whoever_deals(seat, partner):
    for dealer in range(4):
        assert seats(4, dealer, "partner", seat=seat).solutions() == [str(partner)]


def test_r5_two_players_have_no_partner_and_a_partner_question_needs_a_seat():
    assert seats(2, 0, "partner", seat=1).author_problems() == [
        ("ask", "with 2 players each plays alone, so nobody has a partner (R5, V3)")
    ]
    assert seats(4, 0, "partner").author_problems() == [("seat", "seat is needed with ask 'partner', and only there")]
    assert seats(4, 0, "leader", seat=1).author_problems()[0][0] == "seat"
    assert seats(4, 4, "leader").author_problems() == [("dealer", "with 4 players the seats are 0 to 3")]


@pytest.mark.parametrize(("players", "counts"), [(2, [30, 24, 18, 12, 6, 0]), (4, [24, 12, 0])])
def test_r8_r10_the_stock_after_each_round_of_hands(players, counts):
    assert [seats(players, 0, "stock-after", round=n).solutions() for n in range(1, len(counts) + 1)] == [
        [str(count)] for count in counts
    ]
    assert len(Deal.new(players, seed=3).stock) == counts[0]  # a shuffled deal leaves the same
    too_far = seats(players, 0, "stock-after", round=len(counts) + 1)
    message = f"{players} players get new hands only {len(counts)} times in a deal (R10)"
    assert too_far.solutions() == [] and too_far.author_problems() == [("round", message)]
    assert seats(players, 0, "leader", round=2).author_problems() == [
        ("round", "round is used only with ask 'stock-after'")
    ]


def test_r8_r10_the_stock_answer_is_a_number_with_its_sum():
    puzzle = seats(2, 1, "stock-after", round=2)
    assert puzzle.check("24").explanation == (
        "40 cards, 4 turned up on the table and 2 × 6 = 12 dealt into hands leave 24 in the stock (R8, R10)"
    )
    assert puzzle.check("many").explanation == "answer with a number of cards"
    assert puzzle.choices() == () and seats(4, 1, "leader").choices() == ("0", "1", "2", "3")


@pytest.mark.parametrize(("players", "dealer"), [(2, 0), (4, 2)])
def test_r10_new_hands_are_led_by_the_same_seat(players, dealer):
    puzzle = seats(players, dealer, "first-after-redeal")
    assert puzzle.solutions() == seats(players, dealer, "leader").solutions() == [str((dealer + 1) % players)]
    assert "new hands do not change the order" in puzzle.check("0").explanation


def match(totals: tuple[int, int], points: tuple[int, int], **extra) -> MatchPuzzle:
    return MatchPuzzle(**COMMON, totals=totals, points=points, **extra)


@pytest.mark.parametrize(
    ("totals", "points", "answer"),
    [
        ((17, 12), (5, 1), "A"),
        ((14, 16), (3, 4), "another deal"),  # nobody at 21
        ((18, 19), (5, 3), "A"),  # both past 21: the larger total
        ((19, 17), (3, 5), "another deal"),  # 22 all
        ((21, 21), (1, 2), "B"),  # the extra deal breaks the tie
        ((15, 20), (6, 0), "A"),  # exactly 21 is enough
    ],
)
def test_r21_the_match_is_decided_only_after_a_whole_deal(totals, points, answer):
    puzzle = match(totals, points)
    assert puzzle.solutions() == [answer]
    assert puzzle.check(answer.lower()).correct
    assert not puzzle.check("B" if answer == "A" else "A").correct


def test_r21_a_level_finish_past_the_target_means_another_deal_and_says_why():
    verdict = match((19, 17), (3, 5)).check("A")
    assert not verdict.correct
    assert (
        verdict.explanation
        == "after the deal A has 22 and B 22: level at 21 or more, so one more whole deal decides it (R21)"
    )
    assert match((10, 10), (1, 1), target=11).solutions() == ["another deal"]
    assert match((10, 9), (1, 1), target=11).solutions() == ["A"]
    assert match((0, 0), (1, 1)).check("draw").explanation == "answer A, B or another deal"


def test_r21_totals_that_already_won_cannot_come_before_a_deal():
    assert match((22, 10), (1, 2)).author_problems() == [
        ("totals", "A has already won with these totals, so no deal comes after them (R21)")
    ]
    assert match((21, 21), (0, 0)).author_problems() == []  # level: another deal was needed


# -- other rule sets ----------------------------------------------------------------------------------------------

#: A holds all ten coins and three more sevens, so all four; B the other 27 cards.
ALL_COINS_AND_SEVENS = (
    parse_cards("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ J♦ Q♦ K♦ 7♥ 7♣ 7♠"),
    tuple(card for card in DECK if card.suit.value != "♦" and card.rank != "7"),
)


def score(piles, escobas, **extra) -> ScorePuzzle:
    return ScorePuzzle(**COMMON, piles=tuple(piles), escobas=tuple(escobas), **extra)


@pytest.mark.parametrize(
    ("rules", "totals"),
    [("classic", "3 1"), ("sevens", "4 1"), ("escova", "4 1"), ("cardgames", "7 1"), ("turkish", "7 1")],
)
def test_v1_a_score_puzzle_counts_its_rule_sets_categories_and_names_each(rules, totals):
    puzzle = score(ALL_COINS_AND_SEVENS, (0, 0), rules=rules)
    assert puzzle.solutions() == [totals]
    lines = puzzle.check(totals).explanation.split(". ")
    labels = [line.split(":")[0].lower() for line in lines[:-1]]
    assert labels == [CATEGORIES[name].label.lower() for name in PROFILES[rules].points]
    assert lines[-1] == f"In all, A scores {totals.split()[0]} and B {totals.split()[1]}"


def test_v1_all_four_sevens_score_three_in_place_of_the_seven_of_coins_in_cardgames_but_add_in_sevens():
    lines = score(ALL_COINS_AND_SEVENS, (0, 0), rules="cardgames").check("7 1").explanation.split(". ")
    assert "All four sevens: A 4 sevens, B 0 sevens; A has a pile with all four sevens, so it scores 3, in place of " \
        "the 7♦ point" in lines  # fmt: skip
    assert "7♦: A has the pile with the 7♦, but all four sevens score in place of it, so nobody scores it" in lines
    assert "All ten coins: A 10 coins, B 0 coins; A has a pile with all ten coins, so it scores 2" in lines
    sevens = score(ALL_COINS_AND_SEVENS, (0, 0), rules="sevens").check("4 1").explanation.split(". ")
    assert "7♦: A has the pile with the 7♦, so it scores 1" in sevens
    assert "All four sevens: A 4 sevens, B 0 sevens; A has a pile with all four sevens, so it scores 1" in sevens


#: Three sides: A and B hold four coins each and two sevens each, C the most cards.
THREE_SIDES = (
    parse_cards("2♦ 3♦ 4♦ 5♦ 7♥ 7♣ K♥ K♣"),
    parse_cards("6♦ 7♦ J♦ Q♦ 7♠ K♠"),
    tuple(card for card in DECK if card not in parse_cards("2♦ 3♦ 4♦ 5♦ 7♥ 7♣ K♥ K♣ 6♦ 7♦ J♦ Q♦ 7♠ K♠")),
)


@pytest.mark.parametrize("rules", ["sevens", "escova"])
def test_v2_v3_three_sides_a_shared_top_scores_nothing_and_the_answer_has_three_numbers(rules):
    puzzle = score(THREE_SIDES, (0, 0, 1), rules=rules)
    assert puzzle.solutions() == ["0 1 2"]
    verdict = puzzle.check("A 0, B 1, C 2")
    assert verdict.correct
    lines = verdict.explanation.split(". ")
    assert "Most coins: A 4 coins, B 4 coins, C 2 coins; A and B share the top, so nobody scores it (V2)" in lines
    assert (
        "Most cards: A 8 cards, B 6 cards, C 26 cards; C has more cards than every other side, so it scores 1" in lines
    )
    assert lines[-1] == "In all, A scores 0, B 1 and C 2"
    assert puzzle.check("1 2").explanation == "answer with three numbers, A's points, then B's, then C's: 4 2 1"


def test_v3_three_piles_only_where_three_play_alone():
    assert score(THREE_SIDES, (0, 0, 1)).author_problems() == [
        ("piles", "the classic rule set is for 2 or 4 players, so a deal has 2 sides, not 3 (R5, V3)")
    ]
    assert score(THREE_SIDES, (0, 0), rules="sevens").author_problems() == [
        ("escobas", "3 piles, so 3 counts: one for each side")
    ]
    assert score(ALL_COINS_AND_SEVENS, (0, 0), rules="turkish", players=6).author_problems() == []
    assert score(ALL_COINS_AND_SEVENS, (0, 0), rules="sevens", players=3).author_problems() == [
        ("piles", "3 players make 3 sides, not 2 (V3)")
    ]


def test_v5_a_wrong_capture_costs_four_and_the_deals_escobas_and_can_take_a_side_below_zero():
    puzzle = score(ALL_COINS_AND_SEVENS, (1, 2), rules="turkish", wrong_captures=(2, 0))
    assert puzzle.solutions() == ["-6 3"]  # A: 7 + 1 escoba - 2 x (4 + 3 escobas); B: 1 + 2 escobas
    verdict = puzzle.check("A: -6, B: 3")
    assert verdict.correct
    assert verdict.explanation.split(". ")[-2] == (
        "Wrong captures: A 2 wrong captures, B 0 wrong captures; each costs 4, and 1 more for each of the deal's "
        "3 escobas: 7, so A loses 14 (V5)"
    )
    assert puzzle.check("6-3").explanation.startswith("Escobas:")  # a dash between numbers is no minus sign
    assert not puzzle.check("6-3").correct
    assert "with a minus for points lost: -3 5" in puzzle.check("lots").explanation
    assert score(ALL_COINS_AND_SEVENS, (0, 0), rules="cardgames", wrong_captures=(1, 0)).author_problems() == [
        ("wrong_captures", "the cardgames rule set refuses a wrong capture (R17); only turkish plays by penalties (V5)")
    ]


def claim(table: str, laid: str, **extra) -> ClaimPuzzle:
    record = {"players": 2, "seed": 1, "plays": ()} | extra
    return ClaimPuzzle(**COMMON | {"rules": "turkish"}, table=parse_cards(table), laid=parse_card(laid), **record)


def test_v5_a_missed_capture_may_be_claimed_with_the_cards_it_could_have_taken():
    puzzle = claim("5♠ 6♣", "K♣")
    assert puzzle.solutions() == ["5♠"]
    assert puzzle.check("5s").explanation == (
        "K♣ + 5♠ = 15: you take them all into your side's pile before you play. A claim is never an escoba (V5)"
    )
    missed = puzzle.check("nothing")
    assert not missed.correct and missed.explanation == (
        "K♣ + 5♠ = 15: K♣ could have taken that, so the last player missed a capture and you may claim it "
        "before you play (V5)"
    )
    assert puzzle.check("6♣").explanation == "K♣ + 6♣ = 16, not 15"
    assert puzzle.check("").explanation == "pick the table cards that make 15 with K♣, or answer nothing"


def test_v5_a_card_that_could_take_nothing_leaves_nothing_to_claim():
    puzzle = claim("6♥ 2♣", "A♥")
    assert puzzle.solutions() == ["nothing"] and puzzle.check("None").correct
    assert puzzle.check("6♥").explanation == (
        "A♥ + 6♥ = 7: 8 short of 15; no table cards make 15 with A♥, so laying it down missed no capture (V5)"
    )


def test_v5_claims_exist_only_in_table_mode_and_come_with_their_deal():
    assert claim("5♠", "K♣", seed=None).author_problems() == [
        ("seed", "a claim comes from a real deal: give players, seed and plays, the record of that deal")
    ]
    classic = ClaimPuzzle(**COMMON, table=parse_cards("5♠"), laid=parse_card("K♣"), players=2, seed=1)
    assert classic.author_problems() == [
        ("rules", "the classic rule set refuses a missed capture (R13, R17), so nothing is claimed")
    ]


def test_r13_where_any_card_that_can_capture_must_a_lay_down_is_refused():
    classic = choose("K♦ 4♣", "5♠ 2♥", "most-cards")
    assert classic.check("2♥").explanation.startswith("that brings you 0 cards")  # legal, just not the best
    sevens = choose("K♦ 4♣", "5♠ 2♥", "most-cards", rules="sevens")
    assert sevens.check("2♥").explanation == (
        "2♥ cannot be laid on the table: your 5♠ can take K♦, and in this rule set a player who can capture must"
    )
    assert sevens.solutions() == ["5♠ K♦"]
    laid = choose("K♦ 4♣", "2♥ 3♠", "safe", rules="escova", next_hand=parse_cards("6♥"))  # nothing takes anything
    assert laid.check("2♥").explanation.startswith("you lay 2♥ on the table (no card of yours can make 15")


def test_v1_setenta_questions_need_a_rule_set_that_scores_the_setenta():
    message = "the sevens rule set scores no setenta (V1), so it cannot judge this puzzle"
    assert SetentaPuzzle(**COMMON, pile=parse_cards("7♦ J♦"), rules="sevens").author_problems() == [("rules", message)]
    duel = SetentaDuelPuzzle(**COMMON, piles=(parse_cards("7♦ J♦"), parse_cards("7♥ J♥")), rules="sevens")
    assert duel.author_problems() == [("rules", message)]
    assert choose("7♣ 6♦", "J♠", "setenta", rules="sevens").author_problems() == [("goal", message)]


def test_v3_six_players_make_two_teams_of_three_and_three_players_three_sides():
    team = seats(6, 5, "partner", seat=1, rules="turkish")
    assert team.solutions() == ["3", "5"] and team.check("seat 5").correct and not team.check("2").correct
    assert (
        team.check("3").explanation
        == "with six players every other seat is one side: seat 1 plays with seats 3 and 5 (V3)"
    )
    assert seats(3, 1, "stock-after", round=2, rules="escova").solutions() == ["18"]  # 40 - 4 - 2 x 9
    assert seats(6, 0, "stock-after", round=2, rules="turkish").solutions() == ["0"]
    assert seats(3, 0, "leader").author_problems() == [
        ("players", "3 players: the classic rule set is for 2 or 4 players (V3)")
    ]


def test_v4_a_match_is_won_at_its_rule_sets_target():
    escova = match((19, 22), (3, 2), target=31, rules="escova")
    assert escova.solutions() == ["another deal"]  # 24 would win a classic match
    assert escova.check("B").explanation == (
        "after the deal A has 22 and B 24: nobody has reached 31 yet, so another deal is played (V4)"
    )
    assert match((12, 13), (4, 1), target=15, rules="sevens").solutions() == ["A"]
    assert match((19, 22), (3, 2), rules="escova").author_problems() == [
        ("target", "a match by the escova rules is played to 31 points, not 21 (V4)")
    ]


def test_r4_a_typed_answer_is_read_in_the_notation_of_the_faces_shown():
    sweep = choose("A♦ 4♣ 7♦", "3♥ 6♠", "escoba")
    assert sweep.check("3c 1o 4b 7o", SPANISH_NOTATION).correct  # c is copas, b bastos: 3♥ takes A♦ 4♣ 7♦
    assert sweep.canonical("3c 1o 4b 7o", SPANISH_NOTATION) == "3♥ A♦ 4♣ 7♦"
    assert "'1o' is not a card" in sweep.check("3c 1o 4b 7o").explanation  # the rules' letters have no o
    assert capture("5♦ 2♣ 3♥", "K♠").check("5o", SPANISH_NOTATION).correct


def gives_away(text: str, given: str, solutions) -> list[str]:
    """The accepted answers a reason names, as whole words, but for one the learner's own answer holds."""
    bound = r"[\w♦♥♠♣]"
    return [
        solution
        for solution in solutions
        if not set(solution.split()) <= set(given.split())
        and re.search(rf"(?<!{bound}){re.escape(solution)}(?!{bound})", text)
    ]


def wrong_answers(puzzle) -> list[str]:
    """Answers the engine refuses, each sharing no card with an accepted one where the answer is cards."""
    cards = {card for solution in puzzle.solutions() for card in solution.split()}
    return [
        answer
        for answer in {
            "capture": lambda: [str(c) for c in puzzle.table if str(c) not in cards],
            "choose": lambda: [str(p) for p in legal_plays(puzzle.hand, puzzle.table, puzzle.profile.must_capture)],
            "setenta": lambda: ["none", "1", "99"],
            "setenta-duel": lambda: ["A", "B", "nobody"],
            "score": lambda: [" ".join("9" for _ in puzzle.piles)],
            "checksum": lambda: ["1", "2"] if puzzle.ask == "sum" else ["A", "K"],
            "seats": lambda: [*puzzle.choices(), "0", "40"],
            "match": lambda: ["A", "B", "another deal"],
            "claim": lambda: ["nothing", *(str(card) for card in puzzle.table if str(card) not in cards)],
            "endgame": lambda: [str(play) for play in puzzle.margins],
            "referee": lambda: list(puzzle.choices()),
        }[puzzle.kind]()
        if not puzzle.check(answer).correct
    ]


BANK = load_puzzles(Path(__file__).parent.parent / "puzzles")


@pytest.mark.parametrize("kind", sorted({puzzle.kind for puzzle in BANK}))
def test_a_miss_says_what_is_wrong_and_a_second_narrows_it_never_naming_the_right_answer(kind):
    tried = 0
    for puzzle in [p for p in BANK if p.kind == kind][:12]:
        for answer in wrong_answers(puzzle):
            verdict = puzzle.check(answer)
            assert verdict.miss is not None and str(verdict.miss), (puzzle.id, answer)
            assert gives_away(str(verdict.miss), answer, verdict.solutions) == [], (puzzle.id, answer, verdict.miss)
            assert str(verdict.closer) and str(verdict.closer) != str(verdict.miss), (puzzle.id, answer)
            sides = [s for s in verdict.solutions if s not in SIDES]  # a clue sets the sides' figures side by side
            assert gives_away(str(verdict.closer), answer, sides) == [], (puzzle.id, verdict.closer)
            tried += 1
    assert tried


def test_r12_a_missed_capture_gives_the_sum_of_the_cards_picked_not_the_capture_inside_them():
    puzzle = capture("6♦ 3♣ 2♥", "Q♠")
    assert puzzle.check("6d 3c").explanation.startswith("Q♠ + 6♦ = 15, but you also took 3♣")  # with the answer
    assert str(puzzle.check("6d 3c").miss) == "Q♠ + 3♣ + 6♦ = 18, not 15"
    assert str(capture("6♦ 3♣ 2♥", "Q♠", all=True).check("6d; 3c 2h").miss) == "Q♠ + 2♥ + 3♣ = 14: 1 short of 15"


def test_a_missed_choice_says_what_the_play_misses_and_the_answer_only_comes_with_why():
    puzzle = choose("A♦ 4♣ 7♦", "3♥ 5♦", "escoba")
    verdict = puzzle.check("5d")
    assert str(verdict.miss) == "that leaves cards on the table"
    assert "3♥ taking" in verdict.explanation  # the full explanation, shown with the answer


def test_r19_a_missed_setenta_says_which_way_it_is_off():
    pile = parse_cards("7♦ 6♥ A♠ 2♣")  # 21 + 18 + 16 + 12 = 67
    puzzle = SetentaPuzzle(**COMMON, pile=pile)
    assert str(puzzle.check("70").miss).startswith("70 is more than this pile's setenta")
    assert str(puzzle.check("60").miss).startswith("60 is less than this pile's setenta")
    assert str(puzzle.check("none").miss) == "every suit is in the pile, so it has a setenta (R19)"
    assert "67" not in str(puzzle.check("70").miss)


def test_r21_a_missed_match_names_the_side_answered_and_the_target_not_the_winner():
    puzzle = MatchPuzzle(**COMMON, totals=(18, 20), points=(4, 1))
    assert str(puzzle.check("B").miss) == (
        "B has not won: add this deal's points to each side's total and compare them with 21 (R21)"
    )
    assert str(puzzle.check("another deal").miss).startswith("a side has won:")


def test_r12_a_second_miss_at_a_capture_says_what_the_card_needs():
    assert str(capture("6♦ 3♣ 2♥", "Q♠").check("3c").closer) == "Q♠ needs 6 from the table, in 1 card"


def test_a_second_miss_at_a_choice_gives_the_value_of_the_card_to_play():
    assert str(choose("A♦ 4♣ 7♦", "3♥ 5♦", "escoba").check("5d").closer) == "the card to play from your hand is worth 3"


def test_r19_a_second_miss_at_a_setenta_names_the_counting_cards_or_the_missing_suit():
    assert str(SetentaPuzzle(**COMMON, pile=parse_cards("7♦ 6♥ A♠ 2♣ 3♣")).check("60").closer) == (
        "the best card of each suit: A♠ 3♣ 6♥ 7♦"
    )
    assert str(SetentaPuzzle(**COMMON, pile=parse_cards("7♦ 6♥ A♠")).check("40").closer) == (
        "look at the suits: the pile has no clubs (♣)"
    )


#: The rule a referee's miss names, by what the engine finds the play asked about to be (R11-R13), or by the question.
RULE_OF_RULING = {
    "capture": "R12",
    "lay down": "R13",
    "not_in_hand": "R11",
    "played_and_taken": "R12",
    "not_on_table": "R12",
    "must_capture": "R13",
    "must_capture_with_other": "R13",
    "not_fifteen": "R12",
    "first-table": "R9",
    "last-take": "R15",
}


def test_r9_r11_r12_r13_r15_every_referee_miss_names_the_rule_of_the_engines_ruling():
    """Each referee puzzle's wrong answers hear the rule its ruling rests on, whatever that ruling is."""
    met = set()
    for puzzle in (p for p in BANK if p.kind == "referee"):
        ruling = puzzle.question_key() if puzzle.ask == "allowed" else puzzle.ask
        for answer in wrong_answers(puzzle):
            miss = str(puzzle.check(answer).miss)
            assert re.search(rf"\b{RULE_OF_RULING[ruling]}\b", miss), (puzzle.id, answer, miss)
            met.add(ruling)
    assert {"capture", "lay down", "not_in_hand", "must_capture", "not_fifteen", "first-table", "last-take"} <= met
