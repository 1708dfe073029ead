"""The engine against a naive re-reading of RULES.md (``tests/reference.py``).

Hypothesis draws tables, hands, piles and whole deals; every answer of the
engine must equal the reference's, which is written straight from the rule ids.
Whole deals are played for every rule set and player count the rule book allows
(V1-V3), and the Turkish rule set also by its penalties (V5), with the same
choices made in the engine and in the reference at every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

import pytest
import reference
from hypothesis import example, given, settings
from hypothesis import strategies as st
from reference import RefDeal, RefPlay

from trainer import (
    DECK,
    PROFILES,
    Card,
    Deal,
    DealScore,
    IllegalPlay,
    Match,
    Play,
    RuleProfile,
    captures,
    illegal_reason,
    legal_plays,
    parse_cards,
    score_deal,
    setenta,
)
from trainer.simulate import play_randomly

QUICK = settings(max_examples=400)
DEALS = settings(max_examples=50)  # classic deals are also among every rule set's below
#: Fewer examples per rule set and player count: there are fifteen of them.
EACH_GAME = settings(max_examples=25)

#: 4-card tables whose sum the first-table rule looks at (R9), by their sum.
SWEEP_TABLES = {goal: [quad for quad in combinations(DECK, 4) if reference.total(quad) == goal] for goal in (15, 30)}

#: Two 20-card piles tied on cards (20-20), coins (5-5) and setenta (74-74), for R18 and R19.
ALL_TIED = [
    *parse_cards("A♦ 2♦ 3♦ 4♦ 5♦ A♥ 2♥ 3♥ 4♥ 5♥ 6♣ 7♣ J♣ Q♣ K♣ 6♠ 7♠ J♠ Q♠ K♠"),
    *parse_cards("6♦ 7♦ J♦ Q♦ K♦ 6♥ 7♥ J♥ Q♥ K♥ A♣ 2♣ 3♣ 4♣ 5♣ A♠ 2♠ 3♠ 4♠ 5♠"),
]

CLASSIC_ATTRIBUTES = {"escoba": "escobas", "cards": "cards", "coins": "coins", "seven_of_coins": "seven_of_coins"}


def profile_of(rules: str, table_mode: bool = False) -> RuleProfile:
    profile = PROFILES[rules]
    return profile.with_options(penalties=True) if table_mode else profile


def as_pairs(plays: Sequence[Play]) -> set[RefPlay]:
    """Engine plays in the reference's form."""
    return {(play.card, play.captured) for play in plays}


def play_key(play: RefPlay) -> tuple[str, list[str]]:
    """A fixed order for plays, so that a drawn index always names the same play."""
    return str(play[0]), sorted(str(card) for card in play[1])


def assert_same_score(got: list[DealScore], expected: list[dict[str, int]]) -> None:
    """Every side agrees category by category, in the rule set's order, and on the total (R18, V1, V2, V5)."""
    assert len(got) == len(expected)
    for side, (score, points) in enumerate(zip(got, expected, strict=True)):
        assert [*score.points.items(), ("total", score.total)] == list(points.items()), f"side {side}"
        for category, attribute in CLASSIC_ATTRIBUTES.items():  # the classic names hold the same points
            assert getattr(score, attribute) == points.get(category, 0), f"side {side}, {attribute}"


def assert_same_state(deal: Deal, ref: RefDeal) -> None:
    """Every visible part of the engine's state equals the reference's."""
    assert deal.sides == reference.sides(ref.players)
    assert [deal.side_of(seat) for seat in range(ref.players)] == [ref.side(s) for s in range(ref.players)]
    assert set(deal.table) == set(ref.table)
    assert [set(hand) for hand in deal.hands] == [set(hand) for hand in ref.hands]
    assert list(deal.stock) == ref.stock
    assert [set(pile) for pile in deal.piles] == [set(pile) for pile in ref.piles or []]
    assert list(deal.escobas) == ref.escobas
    assert list(deal.wrong_captures) == ref.wrong
    assert deal.to_play == ref.to_play
    assert deal.is_over == (ref.to_play is None)
    assert deal.last_capturer == ref.last_capturer
    assert as_pairs(deal.claims()) == ref.claims()


def drawn_by(data: st.DataObject) -> Callable[[int], int]:
    """A play chooser that lets Hypothesis draw the index."""
    return lambda n: data.draw(st.integers(0, n - 1), label="play index")


def play_out(deal: Deal, ref: RefDeal, choose: Callable[[int], int]) -> None:
    """Play to the end in the engine and the reference side by side, checking every step.

    ``choose(n)`` picks the index of the play to make among the ``n`` legal ones.
    """
    assert_same_state(deal, ref)
    while ref.to_play is not None:
        plays = sorted(ref.legal_plays(), key=play_key)
        assert as_pairs(deal.legal_plays()) == set(plays)
        if any(play[1] for play in plays):  # R13, R17: laying down a card that must capture is refused
            capturing = {play[0] for play in plays if play[1]}
            refused = [c for c in ref.hands[ref.to_play] if c in capturing or ref.book.any_must_capture]
            with pytest.raises(IllegalPlay):
                deal.play(Play(refused[0]))
            assert_same_state(deal, ref)
        card, taken = plays[choose(len(plays))]
        deal = deal.play(Play(card, taken))
        ref.play(card, taken)
        assert_same_state(deal, ref)
    assert set(deal.remainder) == set(ref.remainder)
    assert deal.legal_plays() == []
    assert_same_score(deal.score(), ref.score())


def play_out_deck(deck: list[Card], players: int, data: st.DataObject, rules: str = "classic") -> RefDeal:
    """Deal from ``deck`` (R8, R9), play it out, and check the R16 sum of what was left."""
    ref = reference.new_deal(deck, players, rules)
    play_out(Deal.from_deck(deck, players, PROFILES[rules]), ref, drawn_by(data))
    assert reference.total(ref.remainder) % 15 == 10  # R16
    return ref


def deck_with_first_table(deck: list[Card], table: Sequence[Card], players: int) -> list[Card]:
    """``deck`` reordered so that ``table`` is dealt to the table (R8: hands first, then four cards)."""
    rest = [card for card in deck if card not in table]
    dealt = 3 * players
    return [*rest[:dealt], *table, *rest[dealt:]]


# -- a turn ------------------------------------------------------------------------------


def test_r20_worked_example_in_engine_and_reference() -> None:
    """R20: 3♥ takes A♦ 4♣ 7♦; with Q♠ on the table too, the same group and Q♠ stays."""
    three, table = parse_cards("3♥")[0], list(parse_cards("A♦ 4♣ 7♦"))
    group = {frozenset(table)}
    assert set(captures(three, table)) == reference.captures(three, table) == group
    wider = [*table, *parse_cards("Q♠")]
    assert set(captures(three, wider)) == reference.captures(three, wider) == group


@QUICK
@given(cards=st.permutations(DECK), size=st.integers(0, 12))
def test_r12_captures_match_reference(cards: list[Card], size: int) -> None:
    """R12: the groups a card can take are exactly the table subsets making 15 with it."""
    played, table = cards[0], cards[1 : 1 + size]
    got = captures(played, table)
    assert len(got) == len(set(got))
    assert set(got) == reference.captures(played, table)


@QUICK
@given(
    cards=st.permutations(DECK),
    hand_size=st.integers(1, 3),
    table_size=st.integers(0, 12),
    must_capture=st.sampled_from(["played", "any"]),
)
def test_r11_r13_legal_plays_match_reference(
    cards: list[Card], hand_size: int, table_size: int, must_capture: str
) -> None:
    """R11-R13: any hand card, capturing one group whenever it can, else laid down; with the must-capture rule
    of ``sevens``, ``escova`` and ``turkish``, no card is laid down while some hand card can capture."""
    hand, table = cards[:hand_size], cards[hand_size : hand_size + table_size]
    got = legal_plays(hand, table, must_capture)
    assert len(got) == len(set(got))
    assert as_pairs(got) == reference.legal_plays(hand, table, any_must_capture=must_capture == "any")


@QUICK
@given(
    cards=st.permutations(DECK),
    hand_size=st.integers(1, 3),
    table_size=st.integers(0, 12),
    must_capture=st.sampled_from(["played", "any"]),
    data=st.data(),
)
def test_r17_illegal_reason_is_none_exactly_for_legal_plays(
    cards: list[Card], hand_size: int, table_size: int, must_capture: str, data: st.DataObject
) -> None:
    """R11-R13, R17: legal plays have no reason; every illegal one has a non-empty reason, under both
    must-capture rules of the rule-set table."""
    hand, table = cards[:hand_size], cards[hand_size : hand_size + table_size]
    outsiders = cards[hand_size + table_size : hand_size + table_size + 2]
    legal = reference.legal_plays(hand, table, any_must_capture=must_capture == "any")
    candidates: list[RefPlay] = sorted(legal, key=play_key)
    candidates += [(card, frozenset()) for card in hand + outsiders]  # lay down; not in hand
    candidates += [(card, group) for card in outsiders for group in reference.captures(card, table)]
    candidates += [  # small groups, most of them the wrong sum
        (card, frozenset(group)) for card in hand for size in (1, 2) for group in combinations(table, size)
    ]
    for _ in range(4):  # anything: cards off the table, the played card taken too, wrong sums
        card = data.draw(st.sampled_from(hand + outsiders), label="card")
        group = data.draw(st.sets(st.sampled_from(cards[: hand_size + table_size + 2]), max_size=5))
        candidates.append((card, frozenset(group)))
    for card, taken in candidates:
        reason = illegal_reason(Play(card, taken), hand, table, must_capture)
        if (card, taken) in legal:
            assert reason is None, (card, taken)
        else:
            assert isinstance(reason, str), (card, taken)
            assert reason.strip(), (card, taken)


# -- scoring -----------------------------------------------------------------------------


@QUICK
@given(pile=st.lists(st.sampled_from(DECK), unique=True))
def test_r19_setenta_matches_reference(pile: list[Card]) -> None:
    """R19: best price per suit, added; a missing suit gives no setenta."""
    assert setenta(pile) == reference.setenta(pile)


@QUICK
@example(deck=ALL_TIED, cut=20, escobas=(0, 0))
@given(
    deck=st.permutations(DECK),
    cut=st.integers(0, 40),
    escobas=st.tuples(st.integers(0, 8), st.integers(0, 8)),
)
def test_r18_r19_score_deal_matches_reference(deck: list[Card], cut: int, escobas: tuple[int, int]) -> None:
    """R18, R19: each category and the total, for any split of the deck, ties included."""
    piles = (deck[:cut], deck[cut:])
    got = score_deal(piles, escobas)
    assert [score.setenta_sum for score in got] == [reference.setenta(pile) for pile in piles]
    assert_same_score(got, reference.score_deal(piles, escobas))


def split_by(deck: list[Card], owners: list[int]) -> list[list[Card]]:
    piles: list[list[Card]] = [[] for _ in range(max(owners) + 1)]
    for card, owner in zip(deck, owners, strict=False):
        piles[owner].append(card)
    return piles


#: Piles that reach V1's bonuses: one side holding all ten coins, or all four sevens, or both.
BONUS_PILES = [
    "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ J♦ Q♦ K♦",
    "7♦ 7♥ 7♣ 7♠",
    "A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ J♦ Q♦ K♦ 7♥ 7♣ 7♠",
]


@settings(max_examples=250)
@given(
    rules=st.sampled_from(list(reference.RULE_SETS)),
    sides=st.sampled_from([2, 3]),
    deck=st.permutations(DECK),
    owners=st.lists(st.integers(0, 2), min_size=40, max_size=40),
    bonus=st.sampled_from([None, *BONUS_PILES]),
    escobas=st.lists(st.integers(0, 6), min_size=3, max_size=3),
    wrong=st.lists(st.integers(0, 2), min_size=3, max_size=3),
    table_mode=st.booleans(),
)
@example(  # V2: three sides tied on cards is a point for nobody
    rules="turkish", sides=3, deck=list(DECK), owners=[0, 1, 2, 0] * 10, bonus=None, escobas=[0, 0, 0],
    wrong=[0, 0, 0], table_mode=False,
)  # fmt: skip
def test_v1_v2_v5_scores_of_every_rule_set_match_reference(
    rules: str,
    sides: int,
    deck: list[Card],
    owners: list[int],
    bonus: str | None,
    escobas: list[int],
    wrong: list[int],
    table_mode: bool,
) -> None:
    """V1, V2, V5: any split of the 40 cards between two or three sides, scored by each rule set, with and
    without its bonuses, ties and (Turkish) the penalties for wrong captures."""
    table_mode = table_mode and rules == "turkish"
    owners = [owner % sides for owner in owners]
    if bonus is not None:  # side 0 takes the bonus cards
        bonus_cards = set(parse_cards(bonus))
        owners = [0 if card in bonus_cards else owner for card, owner in zip(deck, owners, strict=True)]
    piles = [pile for pile in split_by(deck, owners)] + [[] for _ in range(sides - max(owners) - 1)]
    got = score_deal(piles, escobas[:sides], profile_of(rules, table_mode), wrong[:sides])
    assert_same_score(got, reference.score_deal(piles, escobas[:sides], rules, wrong[:sides], table_mode))
    assert [score.shut_out for score in got] == [reference.shut_out(piles, rules) == s for s in range(sides)]


# -- whole deals ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
@DEALS
@given(deck=st.permutations(DECK), data=st.data())
def test_r8_r16_deals_match_reference_step_by_step(players: int, deck: list[Card], data: st.DataObject) -> None:
    """R8-R16: dealing, turns, re-deals, escobas, the last take and the final score."""
    play_out_deck(deck, players, data)


@pytest.mark.parametrize(("rules", "players"), reference.GAMES)
@EACH_GAME
@given(deck=st.permutations(DECK), data=st.data())
def test_v1_v3_deals_of_every_rule_set_and_player_count_match_reference(
    rules: str, players: int, deck: list[Card], data: st.DataObject
) -> None:
    """V1-V3 with R8-R16: every rule set with every number of players it allows, dealt, played and scored the
    same way by the engine and the reference, with the same legal plays at every step."""
    play_out_deck(deck, players, data, rules)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("goal", [15, 30])
@DEALS
@given(deck=st.permutations(DECK), data=st.data())
def test_r9_initial_sweep_deals_match_reference(players: int, goal: int, deck: list[Card], data: st.DataObject) -> None:
    """R9: a first table of 15 or 30 goes to the dealer's side with 1 or 2 escobas."""
    table = data.draw(st.sampled_from(SWEEP_TABLES[goal]), label="table")
    play_out_deck(deck_with_first_table(deck, table, players), players, data)


@pytest.mark.parametrize(("rules", "players"), reference.GAMES)
@pytest.mark.parametrize("goal", [15, 30])
@settings(max_examples=8)
@given(deck=st.permutations(DECK), data=st.data())
def test_r9_first_table_rule_of_every_rule_set_matches_reference(
    rules: str, players: int, goal: int, deck: list[Card], data: st.DataObject
) -> None:
    """R9 and the rule-set table's first-table column: escobas, a take without escoba, or nothing, for the
    dealer's side (V3: the last seat's)."""
    table = data.draw(st.sampled_from(SWEEP_TABLES[goal]), label="table")
    play_out_deck(deck_with_first_table(deck, table, players), players, data, rules)


@QUICK
@given(
    cards=st.permutations(DECK),
    game=st.sampled_from(reference.GAMES),
    hand_size=st.integers(1, 3),
    table_size=st.integers(0, 8),
    data=st.data(),
)
def test_r14_r15_last_round_from_position_matches_reference(
    cards: list[Card],
    game: tuple[str, int],
    hand_size: int,
    table_size: int,
    data: st.DataObject,
) -> None:
    """R14, R15, V3: an escoba on the very last play counts; the last capturer's side, or nobody, keeps the rest.

    With all 40 cards in play the last play can never sweep (R16), so this starts
    from a set-up last round with an empty stock instead.
    """
    rules, players = game
    last_capturer = data.draw(st.sampled_from([None, *range(reference.sides(players))]), label="last capturer")
    dealt = players * hand_size
    hands = [cards[seat:dealt:players] for seat in range(players)]
    table = cards[dealt : dealt + table_size]
    deal = Deal.from_position(table, hands, last_capturer=last_capturer, profile=PROFILES[rules])
    ref = RefDeal(players, [], list(table), [list(h) for h in hands], last_capturer=last_capturer, rules=rules)
    play_out(deal, ref, drawn_by(data))


@pytest.mark.parametrize(
    ("table", "hands", "last_capturer"),
    [
        ("J♠", ["2♦", "5♥"], 0),  # 2♦ is laid down, then 5♥ takes J♠ 2♦: an escoba on the last play (R14)
        ("K♠", ["K♦", "K♥"], None),  # nobody ever captures: the table stays (R15)
        ("K♠", ["K♦", "K♥"], 1),  # side 1 captured earlier: it takes the table, no escoba (R15)
        ("K♠", ["K♦", "K♥", "Q♣"], 2),  # three sides: side 2 captured earlier and takes the table (R15, V3)
        ("K♠", ["K♦", "K♥", "Q♣", "Q♦", "J♣", "J♦"], 1),  # six players: side 1 is seats 1, 3 and 5 (V3)
    ],
)
def test_r14_r15_last_play_edge_cases_match_reference(table: str, hands: list[str], last_capturer: int | None) -> None:
    """R14, R15: the last-play escoba and the final take, in fixed positions."""
    rules = "classic" if len(hands) in (2, 4) else "turkish"
    hand_cards = [list(parse_cards(hand)) for hand in hands]
    deal = Deal.from_position(parse_cards(table), hand_cards, last_capturer=last_capturer, profile=PROFILES[rules])
    ref = RefDeal(
        len(hands), [], list(parse_cards(table)), [list(h) for h in hand_cards], last_capturer=last_capturer,
        rules=rules,
    )  # fmt: skip
    play_out(deal, ref, lambda n: 0)


# -- table mode (V5) ---------------------------------------------------------------------------


def mistakes(ref: RefDeal, rng: random.Random) -> list[RefPlay]:
    """A few plays that can be made at a real table but break the rules (V5): a capture whose cards do not make
    15, and a card laid down although a capture was there."""
    assert ref.to_play is not None
    hand, table = ref.hands[ref.to_play], ref.table
    found: list[RefPlay] = []
    if table:
        for _ in range(3):
            card = rng.choice(hand)
            group = frozenset(rng.sample(table, rng.randint(1, min(3, len(table)))))
            if reference.total(group) + reference.value(card) != 15:
                found.append((card, group))
    legal = ref.legal_plays()
    found += [(card, frozenset()) for card in hand if (card, frozenset()) not in legal]
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@settings(max_examples=40)
@given(deck=st.permutations(DECK), seed=st.integers(0, 2**32))
def test_v5_table_mode_deals_match_reference(players: int, deck: list[Card], seed: int) -> None:
    """V5: Turkish deals played by the penalties, with wrong captures, missed captures and claims mixed into the
    legal plays; the engine and the reference agree on each fault, each claim, every state and the score."""
    rng = random.Random(seed)
    profile = profile_of("turkish", table_mode=True)
    deal = Deal.from_deck(deck, players, profile)
    ref = reference.new_deal(deck, players, "turkish", table_mode=True)
    assert_same_state(deal, ref)
    while ref.to_play is not None:
        claims = sorted(ref.claims(), key=play_key)
        if claims and rng.random() < 0.5:
            card, taken = rng.choice(claims)
            deal = deal.claim(Play(card, taken))
            ref.claim(card, taken)
            assert deal.log[-1].kind == "claim" and deal.log[-1].escobas == 0  # a claim is never an escoba
            assert_same_state(deal, ref)
        plays = sorted(ref.legal_plays(), key=play_key)
        assert as_pairs(deal.legal_plays()) == set(plays)
        wrong = mistakes(ref, rng)
        card, taken = rng.choice(wrong) if wrong and rng.random() < 0.3 else rng.choice(plays)
        play, fault = Play(card, taken), ref.fault(card, taken)
        assert deal.fault_of(play) == fault
        deal = deal.play(play)
        ref.play(card, taken)
        assert [event.fault for event in deal.events if event.kind == "play"] == [fault]  # the log says so
        assert_same_state(deal, ref)
    assert set(deal.remainder) == set(ref.remainder)
    assert_same_score(deal.score(), ref.score())


# -- matches (V4) ---------------------------------------------------------------------------------


def replay_in_reference(deal: Deal, rules: str, table_mode: bool) -> RefDeal:
    """The same deal, from its deck, with the same plays and claims, in the reference."""
    assert deal.deck is not None
    ref = reference.new_deal(list(deal.deck), deal.players, rules, table_mode)
    for event in deal.log:
        if event.play is None:
            continue
        if event.kind == "claim":
            ref.claim(event.play.card, event.play.captured)
        else:
            ref.play(event.play.card, event.play.captured)
    assert ref.to_play is None
    return ref


@pytest.mark.parametrize(("rules", "players"), reference.GAMES)
def test_v4_matches_of_every_rule_set_match_reference(rules: str, players: int) -> None:
    """V4, R7, R21, R22: whole random matches; each deal replayed in the reference gives the same scores, the
    match totals add them up by side (the dealer moving one seat each deal) and the winner is the reference's."""
    rng = random.Random(f"{rules}{players}")
    match = Match.new(players, seed=rng.getrandbits(32), profile=PROFILES[rules])
    match = play_randomly(match, rng)
    totals = [0] * reference.sides(players)
    for number, done in enumerate(match.finished):
        assert done.dealer == (match.first_dealer + number) % players  # R7, R22
        ref = replay_in_reference(done.deal, rules, table_mode=False)
        ref_scores = ref.score()
        for deal_seat in range(players):  # deal seat 0 is the player after the dealer
            match_seat = (done.dealer + 1 + deal_seat) % players
            mine, theirs = done.scores[reference.side_of(match_seat, players)], ref_scores[ref.side(deal_seat)]
            assert mine.total == theirs["total"]
        for side in range(len(totals)):
            totals[side] += done.scores[side].total
        if reference.shut_out(ref.piles or [], rules) is not None:
            assert done is match.finished[-1]  # V1: a shut-out ends the match at once
    assert list(match.totals) == totals
    last = match.finished[-1]
    shut = reference.shut_out(replay_in_reference(last.deal, rules, False).piles or [], rules)
    if shut is None:
        assert match.shut_out is None
        assert match.winner == reference.match_winner(totals, PROFILES[rules].target) is not None
    else:  # V1: the other side wins at once; deal side ``shut`` sits at match seat dealer + 1 + shut
        loser = reference.side_of((last.dealer + 1 + shut) % players, players)
        assert (match.shut_out, match.winner) == (loser, 1 - loser)
