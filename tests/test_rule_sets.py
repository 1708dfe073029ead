"""The five rule sets of RULES.md ("Other rule sets"): each row of the table and each of V1-V6, by name.

Positions are set up by hand (``Deal.from_position``) or dealt from a deck in a chosen
order (``Deal.from_deck``), so each test shows one rule at work; the invariants at the
end run random deals of every rule set and player count.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import DECK, PROFILES, Card, Deal, IllegalPlay, Match, Play, cards_text, parse_cards, parse_play
from trainer.match import draw_for_dealer, match_result
from trainer.profile import RuleProfile
from trainer.scoring import DealScore, score_deal
from trainer.simulate import play_randomly

CLASSIC, SEVENS, ESCOVA, CARDGAMES, TURKISH = (PROFILES[name] for name in PROFILES)
TABLE_MODE = TURKISH.with_options(penalties=True)
#: Every rule set with every number of players it allows.
GAMES = [(profile, players) for profile in PROFILES.values() for players in profile.players]
GAME_IDS = [f"{profile.name}-{players}" for profile, players in GAMES]


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def rest_of(*piles: Sequence[Card]) -> list[Card]:
    """The cards of the deck in none of ``piles``, in deck order."""
    taken = {card for pile in piles for card in pile}
    return [card for card in DECK if card not in taken]


def deck_with_table(table: str, players: int) -> list[Card]:
    """A deck dealing ``table`` to the table (R8: 3 cards to each player first), the rest in deck order."""
    first = cards(table)
    others = rest_of(first)
    return [*others[: 3 * players], *first, *others[3 * players :]]


def three_piles(*texts: str) -> list[list[Card]]:
    """Piles for sides 0 and 1 from their text; side 2 gets every other card."""
    piles = [cards(text) for text in texts]
    return [*piles, rest_of(*piles)]


def points(score: DealScore) -> dict[str, int]:
    return dict(score.points)


def events_of(deal: Deal) -> list[str]:
    return [event.kind for event in deal.log]


def finished_turkish_match(position: Deal) -> Match:
    """A Turkish match whose current deal is the set-up ``position`` (to end a deal in a chosen way)."""
    return dataclasses.replace(Match.new(position.players, seed=1, first_dealer=1, profile=TURKISH), current=position)


# -- the table's rows: players, targets, first table, must capture --------------------------------------


@pytest.mark.parametrize(
    ("profile", "allowed"),
    [(CLASSIC, {2, 4}), (SEVENS, {2, 3, 4}), (ESCOVA, {2, 3, 4}), (CARDGAMES, {2, 3, 4}), (TURKISH, {2, 3, 4, 6})],
    ids=list(PROFILES),
)
def test_rule_set_rows_allow_their_player_counts_and_refuse_the_others(profile: RuleProfile, allowed: set[int]) -> None:
    """The table's "players" column (R5, V3): each rule set deals for its own counts and refuses the rest."""
    for players in range(1, 9):
        if players in allowed:
            assert len(Deal.new(players, seed=players, profile=profile).hands) == players
            assert Match.new(players, seed=players, profile=profile).players == players
        else:
            with pytest.raises(ValueError, match=f"{players} players: the {profile.name} rule set is for"):
                Deal.new(players, profile=profile)
            with pytest.raises(ValueError, match="rule set is for"):
                Match.new(players, seed=1, profile=profile)


@pytest.mark.parametrize(
    ("profile", "usual", "other"),
    [(CLASSIC, 21, None), (SEVENS, 21, 15), (ESCOVA, 31, None), (CARDGAMES, 21, None), (TURKISH, 21, 31)],
    ids=list(PROFILES),
)
def test_rule_set_rows_play_to_their_target_or_the_one_alternative(
    profile: RuleProfile, usual: int, other: int | None
) -> None:
    """The table's "target" column (R21, V4): the usual target, a second one only where the row offers it."""
    assert profile.target == usual
    for target in (15, 21, 25, 31):
        if target in (usual, other):
            assert profile.with_options(target=target).target == target
        else:
            refused = f"a match by the {profile.name} rules is played to .* points, not {target}"
            with pytest.raises(ValueError, match=refused):
                profile.with_options(target=target)
    if other is not None:
        chosen = profile.with_options(target=other)
        match = play_randomly(Match.new(2, seed=3, profile=chosen), random.Random(3))
        before = [sum(done.scores[side].total for done in match.finished[:-1]) for side in (0, 1)]
        assert match_result(before, other) is None  # it did not end a deal too late
        assert match.winner == match_result(match.totals, other) is not None


SWEEP_15, SWEEP_30 = "A♦ 2♥ 5♣ 7♠", "K♦ Q♥ J♣ 3♠"


@pytest.mark.parametrize(("profile", "players"), GAMES, ids=GAME_IDS)
@pytest.mark.parametrize("table", [SWEEP_15, SWEEP_30])
def test_rule_set_rows_first_table(profile: RuleProfile, players: int, table: str) -> None:
    """The table's "first table" column (R9, V3): ``escobas`` gives the dealer's side 1 escoba for 15 and 2 for
    30; ``take`` (sevens) gives it the four cards of a 15 without an escoba and leaves a 30 alone; ``none``
    (escova) leaves the table as dealt. The dealer is the last seat."""
    deal = Deal.from_deck(deck_with_table(table, players), players, profile)
    dealer_side = deal.side_of(players - 1)
    total = 15 if table == SWEEP_15 else 30
    taken = profile.first_table == "escobas" or (profile.first_table == "take" and total == 15)
    if taken:
        assert deal.table == ()
        assert cards_text(deal.piles[dealer_side]) == cards_text(cards(table))
        assert deal.last_capturer == dealer_side  # the take counts as a capture for R15
        escobas = total // 15 if profile.first_table == "escobas" else 0
        assert deal.escobas[dealer_side] == escobas and sum(deal.escobas) == escobas
        assert events_of(deal) == ["deal", "sweep"]
    else:
        assert cards_text(deal.table) == cards_text(cards(table))
        assert deal.piles == ((),) * deal.sides and deal.last_capturer is None
        assert events_of(deal) == ["deal"]


def test_r9_sevens_first_table_take_counts_as_a_capture_for_r15() -> None:
    """R9, R15 (``sevens``): the dealer's side, having taken a first table of 15, is the last capturer until
    somebody else captures, so it would take the last cards."""
    deal = Deal.from_deck(deck_with_table(SWEEP_15, 3), 3, SEVENS)
    assert (deal.escobas, deal.last_capturer) == ((0, 0, 0), 2)
    assert "no escoba in this rule set" in str(deal.log[-1])


#: Seat 0 holds 7♦, which can take J♣, and K♠, which can take nothing.
MUST_TABLE, MUST_HANDS = "J♣", ["7♦ K♠", "2♥ 3♥"]


@pytest.mark.parametrize("profile", PROFILES.values(), ids=list(PROFILES))
def test_rule_set_rows_must_capture(profile: RuleProfile) -> None:
    """The table's "must capture" column (R13): under ``played`` a card that cannot capture may be laid down
    even when another could capture; under ``any`` it is refused, with the card that can capture named."""
    deal = Deal.from_position(cards(MUST_TABLE), [cards(h) for h in MUST_HANDS], profile=profile)
    lay = parse_play("K♠")
    legal = {str(play) for play in deal.legal_plays()}
    with pytest.raises(IllegalPlay, match=r"7♦ can take J♣, so it cannot be laid on the table \(R13\)"):
        deal.play(parse_play("7♦"))  # the card that can capture must capture, in every rule set
    if profile.must_capture == "played":
        assert legal == {"7♦ J♣", "K♠"}
        assert deal.play(lay).table == tuple(cards("J♣ K♠"))
    else:
        assert legal == {"7♦ J♣"}
        with pytest.raises(IllegalPlay) as refused:
            deal.play(lay)
        assert str(refused.value) == (
            "K♠ cannot be laid on the table: your 7♦ can take J♣, and in this rule set a player who can capture must"
        )
    assert profile.must_capture == ("played" if profile.name in ("classic", "cardgames") else "any")


# -- V1: scoring per rule set ---------------------------------------------------------------------------


def test_v1_classic_scores_r18_and_the_setenta_only() -> None:
    """V1 (``classic``): R18 and R19 and nothing else; no sevens point, no bonus for all coins or all sevens."""
    mine = cards("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ J♦ Q♦ K♦ 7♥ 7♣ 7♠")
    a, b = score_deal([mine, rest_of(mine)], [1, 0], CLASSIC)
    assert points(a) == {"escoba": 1, "cards": 0, "coins": 1, "seven_of_coins": 1, "setenta": 1}
    assert points(b) == {"escoba": 0, "cards": 1, "coins": 0, "seven_of_coins": 0, "setenta": 0}


def test_v1_sevens_scores_most_sevens_and_one_more_for_all_four_and_no_setenta() -> None:
    """V1 (``sevens``): 1 per escoba, most cards, most coins, most sevens, the 7♦, and 1 more for all four
    sevens; the setenta scores nothing, even where one side's is far better."""
    mine = cards("7♦ 7♥ 7♣ 7♠ 6♦ 6♥ 6♣ 6♠")
    a, b = score_deal([mine, rest_of(mine)], [2, 0], SEVENS)
    assert points(a) == {"escoba": 2, "cards": 0, "coins": 0, "sevens": 1, "seven_of_coins": 1, "all_sevens": 1}
    assert (a.total, b.total) == (5, 2)  # b: most cards, most coins
    three = cards("7♦ 7♥ 7♣")
    a, _ = score_deal([three, rest_of(three)], [0, 0], SEVENS)
    assert (a.sevens, a.all_sevens, a.seven_of_coins) == (1, 0, 1)


def test_v1_escova_all_ten_diamonds_score_two_more_than_the_most_diamonds_point() -> None:
    """V1 (``escova``): most cards, most diamonds, 2 more for all ten, the 7♦; no sevens, no setenta."""
    mine = cards("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ J♦ Q♦ K♦")
    a, b = score_deal([mine, rest_of(mine)], [0, 1], ESCOVA)
    assert points(a) == {"escoba": 0, "cards": 0, "coins": 1, "all_coins": 2, "seven_of_coins": 1}
    assert points(b) == {"escoba": 1, "cards": 1, "coins": 0, "all_coins": 0, "seven_of_coins": 0}
    nine = mine[:-1]
    a, _ = score_deal([nine, rest_of(nine)], [0, 0], ESCOVA)
    assert (a.coins, a.all_coins) == (1, 0)


def test_v1_cardgames_all_four_sevens_score_3_in_place_of_the_seven_of_coins() -> None:
    """V1 (``cardgames``): all four sevens bring 3 points instead of the 7♦ point, so with the most-sevens point
    they are worth 4, not 5."""
    mine = cards("7♦ 7♥ 7♣ 7♠")
    a, b = score_deal([mine, rest_of(mine)], [0, 0], CARDGAMES)
    assert points(a) == {
        "escoba": 0, "cards": 0, "coins": 0, "all_coins": 0, "sevens": 1, "seven_of_coins": 0, "all_sevens": 3,
    }  # fmt: skip
    assert a.total == 4
    assert (a.has_seven_of_coins, b.seven_of_coins) == (True, 0)  # nobody scores the 7♦ point


def test_v1_cardgames_the_seven_of_coins_without_all_four_sevens_scores_its_point() -> None:
    """V1 (``cardgames``): with three sevens the 7♦ scores its own point as usual."""
    mine = cards("7♦ 7♥ 7♣")
    a, _ = score_deal([mine, rest_of(mine)], [0, 0], CARDGAMES)
    assert (a.sevens, a.seven_of_coins, a.all_sevens, a.total) == (1, 1, 0, 2)


def test_v1_cardgames_all_ten_coins_add_two_to_the_most_coins_point() -> None:
    """V1: a bonus not marked "in place of" adds to the "most" point: all ten coins are 1 + 2 (+ the 7♦)."""
    mine = cards("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ J♦ Q♦ K♦")
    a, _ = score_deal([mine, rest_of(mine)], [0, 0], CARDGAMES)
    assert (a.coins, a.all_coins, a.seven_of_coins, a.total) == (1, 2, 1, 4)


@pytest.mark.parametrize(("taken", "bonus"), [(9, (0, 2)), (10, (0, 0)), (30, (0, 0)), (31, (2, 0))])
def test_v1_turkish_two_points_to_a_side_whose_opponents_took_fewer_than_10_cards(
    taken: int, bonus: tuple[int, int]
) -> None:
    """V1 (``turkish``, two sides): 2 points for holding the opponents under 10 cards; exactly 10 is not.
    Side 0 takes ``taken`` cards, side 1 the rest."""
    pile = list(DECK[:taken])
    scores = score_deal([pile, rest_of(pile)], [0, 0], TURKISH)
    assert tuple(s.few_cards for s in scores) == tuple(s.points["few_cards"] for s in scores) == bonus


def test_v1_turkish_few_cards_goes_to_both_sides_when_both_took_under_10() -> None:
    """V1 (decided reading): each side whose opponents took fewer than 10 cards scores 2, so both can."""
    a, b = score_deal([cards("A♦ 2♦"), cards("A♥ 2♥")], [0, 0], TURKISH)
    assert (a.few_cards, b.few_cards) == (2, 2)


def test_v1_turkish_few_cards_is_for_two_sides_only() -> None:
    """V1: with three sides nobody scores for few cards, even a side far ahead of one that took 5."""
    piles = three_piles("A♦ 2♦ 3♦ 4♦ 5♦", "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ J♥ Q♥ K♥ A♣ 2♣ 3♣ 4♣ 5♣")
    scores = score_deal(piles, [0, 0, 0], TURKISH)
    assert [score.few_cards for score in scores] == [0, 0, 0]
    assert [score.points["few_cards"] for score in scores] == [0, 0, 0]


def test_v1_turkish_a_side_that_captured_no_card_loses_the_match_at_once() -> None:
    """V1 (``turkish``): after a deal where side 0 took nothing, side 1 wins whatever the totals and target."""
    position = Deal.from_position(
        cards("K♠"), [cards("K♦"), cards("Q♣")], piles=[[], rest_of(cards("K♠ K♦ Q♣"))], last_capturer=1,
        profile=TURKISH,
    )  # fmt: skip
    match = finished_turkish_match(position)
    match = match.play(parse_play("K♦")).play(parse_play("Q♣"))
    assert match.current.is_over
    done = match.finished[-1]
    assert [s.shut_out for s in done.deal.score()] == [True, False]
    loser = match.seat_of(0) % 2  # deal seat 0 (side 0 of the deal) sits at this match seat
    assert match.shut_out == loser and match.winner == 1 - loser and match.is_over
    assert max(match.totals) < TURKISH.target  # won without reaching the target
    with pytest.raises(ValueError, match="match is over"):
        match.next_deal()


def test_v1_turkish_nobody_is_shut_out_when_nobody_captured() -> None:
    """V1 (decided): a shut-out needs the other side to hold cards; two empty piles (R15: nobody captured)
    end nothing."""
    position = Deal.from_position(cards("Q♦"), [cards("K♠"), cards("K♥")], profile=TURKISH)
    match = finished_turkish_match(position).play(parse_play("K♠")).play(parse_play("K♥"))
    assert [s.shut_out for s in match.finished[-1].scores] == [False, False]
    assert match.shut_out is None and not match.is_over


@pytest.mark.parametrize("profile", [CLASSIC, SEVENS, ESCOVA, CARDGAMES])
def test_v1_only_turkish_has_a_shut_out(profile: RuleProfile) -> None:
    """V1: in the other rule sets an empty pile is just a poor deal."""
    a, b = score_deal([[], list(DECK)], [0, 0], profile)
    assert not a.shut_out and not b.shut_out


# -- V2: ties with more sides ------------------------------------------------------------------------


def test_v2_a_most_point_shared_by_two_of_three_sides_goes_to_nobody() -> None:
    """V2: 14, 14 and 12 cards; 4, 4 and 2 coins; 2, 2 and 0 sevens: nobody scores those points."""
    piles = three_piles(
        "A♦ 2♦ 3♦ 4♦ 7♥ 7♣ A♥ 2♥ 3♥ 4♥ 5♥ 6♥ J♥ Q♥",
        "5♦ 6♦ J♦ 7♦ 7♠ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ J♣ Q♣ K♣",
    )
    assert [len(pile) for pile in piles] == [14, 14, 12]
    for profile in (SEVENS, CARDGAMES, TURKISH):
        scores = score_deal(piles, [0, 0, 0], profile)
        for category in ("cards", "coins", "sevens"):
            assert [score.points.get(category, 0) for score in scores] == [0, 0, 0], (profile.name, category)
        assert [s.seven_of_coins for s in scores] == [0, 1, 0]  # the 7♦ is never shared


def test_v2_a_most_point_goes_to_the_side_strictly_ahead_of_each_other_side_even_below_half() -> None:
    """V2: 15 cards against 13 and 12 win the cards point although 15 is under half the deck; in the same deal
    5 coins against 0 and 5 win nothing."""
    piles = three_piles("A♦ 2♦ 3♦ 4♦ 5♦ A♥ 2♥ 3♥ 4♥ 5♥ A♣ 2♣ 3♣ 4♣ 5♣", "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ J♠ Q♠ K♠ 6♥ 7♥ J♥")
    assert [len(pile) for pile in piles] == [15, 13, 12]
    scores = score_deal(piles, [0, 0, 0], SEVENS)
    assert [s.cards for s in scores] == [1, 0, 0]
    assert [s.coin_count for s in scores] == [5, 0, 5]
    assert [s.coins for s in scores] == [0, 0, 0]
    assert [s.seven_count for s in scores] == [0, 2, 2] and [s.sevens for s in scores] == [0, 0, 0]


# -- V3: seats and sides ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 4), (4, 3), (6, 2)])
def test_v3_hands_of_three_give_6_4_3_or_2_rounds(players: int, rounds: int) -> None:
    """V3, R10: hands are always 3 cards, so the 36 cards off the table make 36 / (3 x players) rounds."""
    deal = play_randomly(Deal.new(players, seed=players, profile=TURKISH), random.Random(players))
    kinds = events_of(deal)
    assert kinds.count("redeal") == rounds - 1
    assert kinds.count("play") == 36


def test_v3_six_players_get_two_rounds_of_hands() -> None:
    """V3: with 6 players the first deal empties 18 cards off the stock and the second round the other 18."""
    deal = Deal.new(6, seed=2, profile=TURKISH)
    assert [len(hand) for hand in deal.hands] == [3] * 6 and len(deal.stock) == 18
    for _ in range(18):  # three cards from each of the six seats
        deal = deal.play(deal.legal_plays()[0])
    assert [len(hand) for hand in deal.hands] == [3] * 6 and deal.stock == ()
    assert events_of(deal).count("redeal") == 1


@pytest.mark.parametrize("players", [3, 6])
def test_v3_cards_are_dealt_one_at_a_time_from_seat_0_then_four_to_the_table(players: int) -> None:
    """V3, R8: one card to each seat in turn from seat 0, three times, then the table."""
    deal = Deal.from_deck(DECK, players, TURKISH)
    for seat in range(players):
        assert deal.hands[seat] == (DECK[seat], DECK[seat + players], DECK[seat + 2 * players])
    assert deal.table == DECK[3 * players : 3 * players + 4]
    assert (deal.to_play, deal.dealer) == (0, players - 1)


def test_v3_three_players_are_three_sides_and_six_players_two_teams_of_three() -> None:
    """V3: 2 or 3 players play alone; 4 or 6 players play as side = seat % 2."""
    expected = {2: [0, 1], 3: [0, 1, 2], 4: [0, 1, 0, 1], 6: [0, 1, 0, 1, 0, 1]}
    for players, sides in expected.items():
        deal = Deal.new(players, seed=1, profile=TURKISH)
        assert [deal.side_of(seat) for seat in range(players)] == sides
        assert deal.sides == TURKISH.sides(players) == len(set(sides)) == len(deal.piles) == len(deal.escobas)
        assert [TURKISH.side_of(seat, players) for seat in range(players)] == sides


def test_v3_a_capture_by_any_seat_of_a_team_goes_to_the_teams_pile() -> None:
    """V3, R5: with 6 players seat 3 captures for side 1, with seats 1 and 5."""
    hands = [cards(h) for h in ("", "", "", "5♦", "A♠", "2♦")]  # seats 0-2 have played their last card
    deal = Deal.from_position(cards("K♠"), hands, to_play=3, profile=TURKISH)
    after = deal.play(parse_play("5♦ K♠"))
    assert cards_text(after.piles[1]) == "5♦ K♠" and after.piles[0] == ()
    assert after.escobas == (0, 1) and after.last_capturer == 1


@pytest.mark.parametrize(("players", "dealer_side"), [(3, 2), (6, 1)])
def test_v3_the_last_seat_deals_and_its_side_takes_the_first_table(players: int, dealer_side: int) -> None:
    """V3, R9: the dealer is the last seat; with 3 players its side is side 2, with 6 players side 1."""
    deal = Deal.from_deck(deck_with_table(SWEEP_30, players), players, TURKISH)
    expected = [0] * deal.sides
    expected[dealer_side] = 2
    assert list(deal.escobas) == expected
    assert deal.last_capturer == dealer_side


def test_v3_r15_the_last_capturers_side_takes_the_table_with_three_sides() -> None:
    """V3, R15: side 1 made the last capture, so the cards left at the end go to side 1's pile."""
    deal = Deal.from_position(
        cards("Q♦"), [cards("K♠"), cards("K♥"), cards("K♣")], last_capturer=1, profile=SEVENS,
    )  # fmt: skip
    end = deal.play(parse_play("K♠")).play(parse_play("K♥")).play(parse_play("K♣"))
    assert end.is_over and cards_text(end.piles[1]) == "Q♦ K♥ K♣ K♠"
    assert end.piles[0] == end.piles[2] == () and end.escobas == (0, 0, 0)
    assert str(end.log[-1]) == "side 1 made the last capture and takes Q♦ K♥ K♣ K♠"


# -- V4: the match --------------------------------------------------------------------------------


def test_v4_of_several_sides_at_the_target_the_highest_total_wins() -> None:
    """V4: after a deal 22, 25 and 23 are all at 21 or more; 25 wins."""
    assert match_result((22, 25, 23), 21) == 1
    assert match_result((12, 35, 40), 31) == 2


def test_v4_equal_highest_totals_mean_another_whole_deal() -> None:
    """V4: two sides tied on the highest total at the target play on, even when a third side is behind; a tie
    below the top does not stop the winner."""
    assert match_result((25, 25, 22), 21) is None
    assert match_result((22, 22, 25), 21) == 2
    assert match_result((20, 20, 20), 21) is None


@pytest.mark.parametrize(("profile", "players"), [(SEVENS, 3), (ESCOVA, 3), (TURKISH, 6), (CARDGAMES, 4)])
def test_v4_a_match_goes_on_until_a_side_has_won_after_a_full_deal(profile: RuleProfile, players: int) -> None:
    """V4, R21: totals are looked at only after full deals; the match stops at the first one with a winner."""
    match = play_randomly(Match.new(players, seed=5, profile=profile), random.Random(5))
    assert match.is_over and match.current.is_over
    for deals in range(1, len(match.finished)):
        totals = [sum(done.scores[side].total for done in match.finished[:deals]) for side in range(match.sides)]
        assert match_result(totals, profile.target) is None
    assert len(match.totals) == profile.sides(players)
    assert match.winner == match_result(match.totals, profile.target) or match.shut_out is not None


def test_v4_turkish_first_dealer_is_the_seat_that_draws_the_highest_card() -> None:
    """V4 (``turkish``): each seat draws a card and the highest deals; seats tied for the highest draw again.

    The draw is rebuilt from the seed's random stream, then the dealer is checked against it.
    """
    for seed in range(60):
        for players in TURKISH.players:
            rng = random.Random(f"{seed}:dealer")
            seats = list(range(players))
            while len(seats) > 1:
                drawn = rng.sample(DECK, len(seats))
                best = max(card.value for card in drawn)
                seats = [seat for seat, card in zip(seats, drawn, strict=True) if card.value == best]
            assert draw_for_dealer(players, seed, TURKISH) == seats[0]
            assert Match.new(players, seed=seed, profile=TURKISH).first_dealer == seats[0]


@pytest.mark.parametrize("profile", PROFILES.values(), ids=list(PROFILES))
def test_v4_every_seat_can_be_the_first_dealer(profile: RuleProfile) -> None:
    """V4, R7: random in four rule sets, by the high card in ``turkish``; either way any seat may deal first."""
    for players in profile.players:
        assert {Match.new(players, seed=s, profile=profile).first_dealer for s in range(80)} == set(range(players))
    assert (profile.first_dealer == "high card") == (profile is TURKISH)


# -- V5: mistakes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES.values(), ids=list(PROFILES))
def test_v5_by_default_every_rule_set_refuses_an_illegal_play_per_r17(profile: RuleProfile) -> None:
    """V5, R17: without table mode a wrong capture and a missed capture are refused with a reason, and the
    position does not change."""
    deal = Deal.from_position(cards("J♣ 4♣"), [cards("7♦ K♠"), cards("2♥ 3♥")], profile=profile)
    before = (deal.table, deal.hands, deal.piles, deal.to_play)
    with pytest.raises(IllegalPlay, match="K♠ \\+ 4♣ = 14, not 15"):
        deal.play(parse_play("K♠ 4♣"))
    with pytest.raises(IllegalPlay, match="cannot be laid on the table"):
        deal.play(parse_play("7♦"))
    assert (deal.table, deal.hands, deal.piles, deal.to_play) == before
    assert deal.claims() == [] and deal.wrong_captures == (0, 0)


@pytest.mark.parametrize(
    "profile", [CLASSIC, SEVENS, ESCOVA, CARDGAMES], ids=["classic", "sevens", "escova", "cardgames"]
)
def test_v5_only_turkish_can_be_played_by_its_penalties(profile: RuleProfile) -> None:
    """V5: the table mode belongs to ``turkish``; asking another rule set for it is refused."""
    with pytest.raises(ValueError, match=f"the {profile.name} rule set has no table mode"):
        profile.with_options(penalties=True)
    assert TURKISH.with_options(penalties=True).penalties and not TURKISH.penalties


def test_v5_a_wrong_capture_stands_and_costs_4_plus_the_deals_escobas() -> None:
    """V5: K♠ takes 4♣ (14): the cards stay in side 0's pile, and at the end of the deal side 0 loses 4 plus 1
    for each of the deal's 3 escobas (either side's), which takes its total below zero."""
    deal = Deal.from_position(cards("4♣"), [cards("K♠"), cards("Q♥")], escobas=[1, 2], profile=TABLE_MODE)
    assert deal.fault_of(parse_play("K♠ 4♣")) == "wrong"
    after = deal.play(parse_play("K♠ 4♣"))
    assert cards_text(after.piles[0]) == "4♣ K♠"
    assert after.wrong_captures == (1, 0)
    assert "which make 14, not 15: the capture stands" in str(after.log[-1])
    end = after.play(parse_play("Q♥"))
    a, b = end.score()
    assert (a.penalty, b.penalty) == (-7, 0)
    assert a.points["penalty"] == -7 and a.total == sum(a.points.values()) < 0
    assert b.points["penalty"] == 0


def test_v5_a_wrong_capture_is_never_an_escoba_but_counts_as_the_last_capture() -> None:
    """V5 (decided): a wrong capture that empties the table scores no escoba; it is still a capture, so its
    side takes the cards left at the end (R15)."""
    deal = Deal.from_position(cards("4♣"), [cards("K♠"), cards("Q♥")], profile=TABLE_MODE)
    after = deal.play(parse_play("K♠ 4♣"))
    assert after.table == () and after.escobas == (0, 0) and after.log[-1].escobas == 0
    assert after.last_capturer == 0
    end = after.play(parse_play("Q♥"))
    assert cards_text(end.piles[0]) == "4♣ Q♥ K♠"


def test_v5_a_missed_capture_can_be_claimed_by_the_next_player_before_they_play() -> None:
    """V5: seat 0 lays 7♦, which could take J♣; seat 1 may take 7♦ and J♣ into side 1's pile, then plays."""
    deal = Deal.from_position(cards("J♣ 3♦"), [cards("7♦ K♠"), cards("K♥ Q♠")], profile=TABLE_MODE)
    assert deal.fault_of(parse_play("7♦")) == "missed"
    after = deal.play(parse_play("7♦"))
    assert cards_text(after.table) == "3♦ 7♦ J♣"
    assert "although a capture was there" in str(after.log[-1])
    assert [str(play) for play in after.claims()] == ["7♦ J♣"]
    claimed = after.claim(parse_play("7♦ J♣"))
    assert cards_text(claimed.piles[1]) == "7♦ J♣" and cards_text(claimed.table) == "3♦"
    assert claimed.to_play == 1 and claimed.hands == after.hands  # the claimer still plays
    assert claimed.last_capturer == 1 and claimed.claims() == []
    assert str(claimed.log[-1]) == "seat 1 claims the missed capture: 7♦ with J♣"
    assert claimed.play(parse_play("K♥")).to_play == 0


def test_v5_the_chance_to_claim_is_gone_once_the_next_player_has_played() -> None:
    """V5: seat 1 plays without claiming; afterwards nobody can take the missed capture."""
    deal = Deal.from_position(cards("J♣ 3♦"), [cards("7♦ K♠"), cards("K♥ Q♠")], profile=TABLE_MODE)
    after = deal.play(parse_play("7♦")).play(parse_play("K♥"))
    assert after.to_play == 0 and after.claims() == []
    with pytest.raises(IllegalPlay, match="not a capture the last player missed"):
        after.claim(parse_play("7♦ J♣"))


def test_v5_with_three_players_only_the_next_player_may_claim() -> None:
    """V5: seat 1 lets the chance go, so seat 2 cannot claim seat 0's missed capture."""
    deal = Deal.from_position(cards("J♣ 3♦"), [cards("7♦ K♠"), cards("K♥ Q♠"), cards("K♣ Q♣")], profile=TABLE_MODE)
    after = deal.play(parse_play("7♦"))
    assert after.to_play == 1 and after.claims()
    assert after.play(parse_play("K♥")).claims() == []


def test_v5_a_claim_goes_to_the_claimers_side_is_never_an_escoba_and_makes_it_the_last_capturer() -> None:
    """V5 (decided): a claim that empties the table is no escoba; the claimer's side (seat 3 plays for side 1
    with 4 players) takes the cards and becomes the last capturer."""
    hands = [cards(""), cards(""), cards("7♦"), cards("K♥")]
    deal = Deal.from_position(cards("J♣"), hands, to_play=2, last_capturer=0, profile=TABLE_MODE)
    after = deal.play(parse_play("7♦"))
    claimed = after.claim(parse_play("7♦ J♣"))
    assert claimed.table == () and claimed.escobas == (0, 0) and claimed.log[-1].escobas == 0
    assert cards_text(claimed.piles[1]) == "7♦ J♣" and claimed.last_capturer == 1
    end = claimed.play(parse_play("K♥"))
    assert end.is_over and cards_text(end.piles[1]) == "7♦ J♣ K♥"  # the last take goes to side 1 as well


def test_v5_a_claim_exists_only_when_the_laid_card_itself_could_have_captured() -> None:
    """V5 (decided): under "any must capture" laying K♠ while 7♦ could take J♣ is a missed capture, but K♠
    makes no 15 with the table, so there is nothing to claim."""
    deal = Deal.from_position(cards("J♣"), [cards("7♦ K♠"), cards("K♥ Q♠")], profile=TABLE_MODE)
    assert deal.fault_of(parse_play("K♠")) == "missed"
    after = deal.play(parse_play("K♠"))
    assert after.log[-1].fault == "missed" and after.claims() == []


def test_v5_a_claim_may_take_any_group_the_laid_card_makes_15_with() -> None:
    """V5, R12: the claimer chooses among the groups, as a capture would."""
    deal = Deal.from_position(cards("5♦ 2♣ 3♥"), [cards("K♦ A♠"), cards("Q♥ Q♠")], profile=TABLE_MODE)
    after = deal.play(parse_play("K♦"))
    assert sorted(str(play) for play in after.claims()) == ["K♦ 2♣ 3♥", "K♦ 5♦"]
    with pytest.raises(IllegalPlay):
        after.claim(parse_play("K♦ 5♦ 2♣ 3♥"))  # one group, not two


def test_v5_a_missed_capture_with_the_last_card_of_a_round_can_be_claimed_after_the_new_hands() -> None:
    """V5: the next player is seat 0 of the next round, who has not played yet, so the chance is still open."""
    deal = Deal.from_position(
        cards("J♣"), [cards(""), cards("7♦")], stock=rest_of(cards("J♣ 7♦"))[:6], to_play=1, profile=TABLE_MODE
    )
    after = deal.play(parse_play("7♦"))
    assert events_of(after)[-1] == "redeal" and after.to_play == 0
    assert [str(play) for play in after.claims()] == ["7♦ J♣"]


def test_v5_a_missed_capture_on_the_last_play_of_the_deal_goes_with_the_last_take() -> None:
    """V5, R15: nobody plays after the last card, so there is no claim; the laid card goes to the last capturer."""
    deal = Deal.from_position(cards("J♣"), [cards(""), cards("7♦")], to_play=1, last_capturer=0, profile=TABLE_MODE)
    end = deal.play(parse_play("7♦"))
    assert end.is_over and end.claims() == []
    assert cards_text(end.piles[0]) == "7♦ J♣"


def test_v5_plays_that_cannot_be_made_at_a_real_table_are_still_refused() -> None:
    """V5: a card not in hand, a card taken that is not on the table, or the played card taken too."""
    deal = Deal.from_position(cards("J♣ 4♣"), [cards("7♦ K♠"), cards("2♥ 3♥")], profile=TABLE_MODE)
    king = cards("K♠")[0]
    for play, reason in [
        (parse_play("Q♠"), "Q♠ is not in your hand"),
        (parse_play("K♠ 5♣"), "5♣ is not on the table"),
        (Play(king, frozenset(cards("K♠ 4♣"))), "K♠ is the card you play; it cannot also be taken"),
    ]:
        with pytest.raises(IllegalPlay, match=reason):
            deal.play(play)
        assert not deal.can_play(play)


def test_v5_a_legal_play_in_table_mode_is_no_fault_and_scores_no_penalty() -> None:
    """V5: in table mode the legal plays are those of R11-R13, and a deal played by them costs nothing."""
    end = play_randomly(Deal.new(2, seed=4, profile=TABLE_MODE), random.Random(4))
    assert all(event.fault == "" for event in end.log)
    assert [score.penalty for score in end.score()] == [0, 0]
    assert all("penalty" in score.points for score in end.score())


# -- V6: printed numbers -----------------------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES.values(), ids=list(PROFILES))
def test_v6_court_cards_count_8_9_10_whatever_number_is_printed(profile: RuleProfile) -> None:
    """V6, R3: a sota (printed 10) takes a 7, a caballo (11) a 6, a rey (12) a 5; a rey and a 3 make no 15."""
    for court, partner in (("J♦", "7♣"), ("Q♦", "6♣"), ("K♦", "5♣")):
        deal = Deal.from_position(cards(partner), [cards(court), cards("A♠")], profile=profile)
        assert [str(play) for play in deal.legal_plays()] == [f"{court} {partner}"]
    deal = Deal.from_position(cards("3♣"), [cards("K♦"), cards("A♠")], profile=profile)
    assert [str(play) for play in deal.legal_plays()] == ["K♦"]


# -- invariants of every rule set and player count -------------------------------------------------------


def all_cards(deal: Deal) -> list[Card]:
    return [*deal.table, *deal.stock, *(c for hand in deal.hands for c in hand), *(c for p in deal.piles for c in p)]


@pytest.mark.parametrize(("profile", "players"), GAMES, ids=GAME_IDS)
@settings(max_examples=30)
@given(seed=st.integers(0, 2**32))
def test_r16_invariants_of_every_rule_set_and_player_count(profile: RuleProfile, players: int, seed: int) -> None:
    """R16 and conservation: 40 cards in play at every step, earlier states left as they were, the cards left
    at the end add up to 10, 25, 40, ...; every side's total is the sum of its points."""
    rng = random.Random(seed)
    deal = Deal.new(players, seed=seed, profile=profile)
    while not deal.is_over:
        before = (deal.table, deal.hands, deal.stock, deal.piles, deal.escobas)
        after = deal.play(rng.choice(deal.legal_plays()))
        assert (deal.table, deal.hands, deal.stock, deal.piles, deal.escobas) == before
        assert sorted(all_cards(after)) == list(DECK)
        deal = after
    assert sum(card.value for card in deal.remainder) % 15 == 10  # R16
    assert sum(len(pile) for pile in deal.piles) == 40 and deal.last_capturer is not None
    scores = deal.score()
    assert len(scores) == deal.sides
    for side, score in enumerate(scores):
        assert score.total == sum(score.points.values())
        assert list(score.points) == list(profile.points)
        assert score.escoba_count == sum(e.escobas for e in deal.log if e.side == side)


@pytest.mark.parametrize("players", TURKISH.players)
@settings(max_examples=30)
@given(seed=st.integers(0, 2**32))
def test_r16_v5_invariants_with_wrong_captures_and_claims(players: int, seed: int) -> None:
    """V5 with R16: wrong captures and claims keep the 40 cards; a claim removes 15 like any capture, so the
    end sum is 10 less the wrong captures' sums, modulo 15; totals are the sum of the points, penalty included."""
    rng = random.Random(seed)
    deal = Deal.new(players, seed=seed, profile=TABLE_MODE)
    wrong_sums = 0
    while not deal.is_over:
        if deal.claims() and rng.random() < 0.5:
            deal = deal.claim(rng.choice(deal.claims()))
            assert sorted(all_cards(deal)) == list(DECK)
        hand, table = deal.hands[deal.to_play or 0], deal.table
        if table and rng.random() < 0.2:  # a capture of one or two table cards, right or wrong
            play = Play(rng.choice(hand), frozenset(rng.sample(table, min(len(table), rng.randint(1, 2)))))
        elif rng.random() < 0.2:  # any card laid down
            play = Play(rng.choice(hand))
        else:
            play = rng.choice(deal.legal_plays())
        if deal.fault_of(play) == "wrong":
            wrong_sums += play.card.value + sum(card.value for card in play.captured)
        deal = deal.play(play)
        assert sorted(all_cards(deal)) == list(DECK)
    assert (sum(card.value for card in deal.remainder) + wrong_sums) % 15 == 10
    escobas = sum(deal.escobas)
    for side, score in enumerate(deal.score()):
        assert score.total == sum(score.points.values())
        assert score.penalty == -(4 + escobas) * deal.wrong_captures[side]
