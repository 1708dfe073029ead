"""Bots see only what their seat can see, the greedy one takes what counts most, and evaluations add up."""

import random

import pytest

from trainer import DECK, Deal, parse_card, parse_cards, parse_play
from trainer.ai import batch
from trainer.ai.bots import (
    LEVELS,
    POLICIES,
    Bot,
    Settings,
    careful_key,
    counting_key,
    evaluate,
    greedy_move,
    make_bot,
    sparing_key,
)
from trainer.ai.view import View
from trainer.cards import mask_of


def hidden_reshuffled(deal: Deal, rng: random.Random) -> Deal:
    """The same plays from a deck whose cards the seat to play has not seen are shuffled among their places: the
    other hands and the stock differ, all the rest is as it was."""
    assert deal.deck is not None and deal.to_play is not None
    unseen = {card for seat, hand in enumerate(deal.hands) if seat != deal.to_play for card in hand} | set(deal.stock)
    places = [i for i, card in enumerate(deal.deck) if card in unseen]
    moved = [deal.deck[i] for i in places]
    rng.shuffle(moved)
    deck = list(deal.deck)
    for place, card in zip(places, moved, strict=True):
        deck[place] = card
    other = Deal.from_deck(deck, deal.players, deal.profile)
    for play in deal.plays:
        other = other.play(play)
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_chooses_the_same_whatever_the_cards_it_cannot_see(level: str) -> None:
    rng = random.Random(level)
    for seed in range(6):
        deal = Deal.new(seed=seed)
        for _ in range(rng.randrange(12)):
            deal = deal.play(rng.choice(deal.legal_plays()))
        other = hidden_reshuffled(deal, rng)
        assert View.of(other) == View.of(deal)
        assert (other.hands, other.stock) != (deal.hands, deal.stock)
        assert make_bot(level, seed=7).choose(View.of(deal)) == make_bot(level, seed=7).choose(View.of(other))


def test_the_greedy_bot_takes_an_escoba_before_the_seven_of_coins() -> None:
    # 5♣ sweeps 4♠ 6♥ (an escoba, R14); 8♦ (a sota) would take the 7♦ and leave cards behind.
    deal = Deal.from_position(table=parse_cards("4♠ 6♥"), hands=[parse_cards("5♣ J♦"), parse_cards("A♥ 2♥")])
    assert make_bot("greedy", 1).choose(View.of(deal)) == parse_play("5♣ 4♠ 6♥")
    deal = Deal.from_position(table=parse_cards("7♦ 4♠ 2♥"), hands=[parse_cards("J♣ Q♣"), parse_cards("A♥ 2♠")])
    assert make_bot("greedy", 1).choose(View.of(deal)) == parse_play("J♣ 7♦")  # the 7♦ before Q♣ taking 4♠ 2♥


def test_the_greedy_bot_lays_the_card_that_leaves_no_sweep() -> None:
    # Nothing captures; laying the K makes the table 12 (a 3 sweeps it), laying the A makes it 3 (nothing can).
    deal = Deal.from_position(table=parse_cards("2♠"), hands=[parse_cards("K♣ A♥"), parse_cards("3♥ 3♠")])
    assert make_bot("greedy", 1).choose(View.of(deal)) == parse_play("A♥")


def test_the_careful_playout_takes_so_as_to_leave_no_sweep() -> None:
    """Two takes of three cards, no coin or seven among them (R11): A♣ takes 5♥ Q♥ and leaves 2♣ 6♠, which a 7
    sweeps (R14); J♥ takes 2♣ 5♥ and leaves Q♥ 6♠, 15 in all, which no single card sweeps. The greedy policy does
    not tell them apart; the careful one, the master's, leaves no sweep."""
    deal = Deal.from_position(table=parse_cards("5♥ 2♣ Q♥ 6♠"), hands=[parse_cards("A♣ J♥"), parse_cards("3♥ 3♠")])
    world = View.of(deal).world(random.Random(0))
    assert greedy_move(world) == (parse_card("A♣").bit, mask_of(parse_cards("5♥ Q♥")))
    assert greedy_move(world, careful_key) == (parse_card("J♥").bit, mask_of(parse_cards("2♣ 5♥")))


def test_the_counting_playout_fears_a_sweep_only_from_a_card_it_has_not_seen() -> None:
    """The careful position above, with a 5♠ that takes nothing: A♣'s take leaves 2♣ 6♠ (8), which only a 7 sweeps
    (R14). While a 7 is still unseen, the counting policy leaves no sweep, as the careful one does; once all four
    sevens are in the piles, that take leaves nothing to fear and the counting policy ranks the two takes as the
    greedy one does. It counts only what its seat has seen: sevens in the other hand still count."""
    table, hands = parse_cards("5♥ 2♣ Q♥ 6♠"), [parse_cards("A♣ J♥ 5♠"), parse_cards("3♥ 3♠ 3♣")]
    a_take = (parse_card("A♣").bit, mask_of(parse_cards("5♥ Q♥")))
    j_take = (parse_card("J♥").bit, mask_of(parse_cards("2♣ 5♥")))
    sevens = parse_cards("7♣ 7♥ 7♠ 7♦")
    unseen_sevens = View.of(Deal.from_position(table=table, hands=hands, stock=sevens)).world(random.Random(0))
    assert greedy_move(unseen_sevens, counting_key) == j_take
    seen_sevens = View.of(Deal.from_position(table=table, hands=hands, piles=[sevens[:2], sevens[2:]]))
    assert (
        greedy_move(seen_sevens.world(random.Random(0)), counting_key)
        == a_take
        == greedy_move(seen_sevens.world(random.Random(0)))
    )
    held = Deal.from_position(table=table, hands=[hands[0], (parse_card("3♥"), *sevens[:2])], piles=[sevens[2:], ()])
    assert greedy_move(View.of(held).world(random.Random(0)), counting_key) == j_take


def test_the_sparing_playout_lays_down_the_card_it_can_best_spare() -> None:
    """Where nothing can be taken (R12), the counting policy lays the lowest card that leaves no sweep; the sparing
    one first lays a 9 or a 10 and keeps the low cards, then, wherever every lay-down leaves a sweep (R14), leaves the
    table the fewest unseen cards sweep, and it leaves no seven that an unseen card could take (R18's setenta)."""

    def laid(table: str, hands: tuple[str, str], piles: tuple[str, str] = ("", "")) -> dict[str, str]:
        deal = Deal.from_position(
            table=parse_cards(table), hands=[parse_cards(hand) for hand in hands],
            piles=[parse_cards(pile) for pile in piles],
        )  # fmt: skip
        world = View.of(deal).world(random.Random(0))
        moves = {name: greedy_move(world, key) for name, key in (("counting", counting_key), ("sparing", sparing_key))}
        assert all(captured == 0 for _, captured in moves.values())
        return {name: str(DECK[bit.bit_length() - 1]) for name, (bit, _) in moves.items()}

    # Both leave 22 or more on the table: the sparing policy keeps the 3.
    assert laid("K♣ Q♥", ("Q♠ 3♣", "A♥ A♠")) == {"counting": "3♣", "sparing": "Q♠"}
    # 4♣ leaves 6, which any of the four caballos sweeps; 5♣ leaves 7, which only the two sotas unseen sweep.
    assert laid("2♠", ("4♣ 5♣", "3♥ 3♠"), ("J♥", "J♠")) == {"counting": "4♣", "sparing": "5♣"}
    # Every sota and the other 4s are in the piles: 4♣ leaves the 7♥ to no card; 2♣ lets a 6 take 7♥ 2♣.
    sotas_and_fours = ("J♥ J♠ J♣ 4♥", "J♦ 4♠ 4♦")
    assert laid("7♥ K♣", ("2♣ 4♣", "A♥ A♠"), sotas_and_fours) == {"counting": "2♣", "sparing": "4♣"}


def test_the_playout_policies_are_the_compiled_ones() -> None:
    assert tuple(POLICIES) == batch.PLAYOUTS


def test_with_nothing_hidden_the_evaluation_is_exact() -> None:
    """Two players, stock empty: the last plays are solved, with no error."""
    rng = random.Random(2)
    deal = Deal.new(seed=3)
    while deal.stock or len(deal.hands[deal.to_play or 0]) < 3:
        deal = deal.play(rng.choice(deal.legal_plays()))
    found = evaluate(View.of(deal))
    assert {e.play for e in found} == set(deal.legal_plays()) and all(e.error == 0 for e in found)
    assert found == sorted(found, key=lambda e: -e.margin)


def test_an_evaluation_covers_every_legal_play_with_an_error() -> None:
    deal = Deal.new(seed=11)
    found = evaluate(View.of(deal), Settings(16), seed=1)
    assert sorted(str(e.play) for e in found) == sorted(str(p) for p in deal.legal_plays())
    assert all(e.error > 0 or len(found) == 1 for e in found)
    assert evaluate(View.of(deal), Settings(16), seed=1) == found  # the same samples give the same figures


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="no bot level 'grandmaster'"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="the greedy level weighs no ways"):
        Bot("greedy", 1, Settings(8))


@pytest.mark.parametrize("rules", ["sevens", "turkish"])
def test_where_a_player_who_can_capture_must_a_lay_down_bars_cards_from_that_hand(rules: str) -> None:
    """Must-capture "any" (V1 rows): a seat that laid a card held none that could capture. The real hand always
    agrees with what is barred, and the hidden hands the expert imagines never hold a barred card."""
    from trainer import PROFILES
    from trainer.cards import cards_of

    rng, barred_seen = random.Random(rules), 0
    for seed in range(40):
        deal = Deal.new(2, seed=seed, profile=PROFILES[rules])
        while not deal.is_over:
            seen = View.of(deal)
            other = 1 - seen.seat
            assert not set(cards_of(seen.barred[other])) & set(deal.hands[other])  # true of the real deal
            barred_seen += bool(seen.barred[other])
            for _ in range(5):
                assert not seen.world(rng).hands[other] & seen.barred[other]
            deal = deal.play(rng.choice(deal.legal_plays()))
    assert barred_seen > 50  # lay-downs that told something happened often enough to test it


def test_a_play_clearly_behind_after_the_first_samples_is_weighed_no_further_but_the_best_is_the_same() -> None:
    deal = Deal.new(seed=10)
    for _ in range(6):  # the second round's first play, where some plays are poor
        deal = deal.play(deal.legal_plays()[0])
    whole = evaluate(View.of(deal), Settings(160), "race")
    worst = whole[-1].play
    raced = evaluate(View.of(deal), Settings(160, race=40), "race", keep=worst)
    assert raced[0] == whole[0]  # the same best play, with every sample's margin
    kept = next(e for e in raced if e.play == worst)
    assert kept == whole[-1]  # the play kept is weighed on every sample, however far behind
    assert any(len(e.margins) == 40 for e in raced)  # and some other play was left after 40


def set_up_position(rng: random.Random, out_of_play: int) -> Deal:
    """A two-player position set up by hand, with ``out_of_play`` cards in no hand, pile, table or stock."""
    cards = list(DECK)
    rng.shuffle(cards)
    to_play = rng.randrange(2)
    size = rng.randint(1, 3)
    hands = [[cards.pop() for _ in range(size - (seat < to_play))] for seat in range(2)]
    table = [cards.pop() for _ in range(rng.randint(0, 4))]
    stock = [cards.pop() for _ in range(rng.choice([0, 6, 12]))]
    cards = cards[out_of_play:]
    piles = [cards[: len(cards) // 2], cards[len(cards) // 2 :]]
    return Deal.from_position(table, hands, stock, piles, to_play=to_play)


@pytest.mark.parametrize("out_of_play", [0, 1, 9])
def test_every_bot_plays_a_set_up_position_and_its_worlds_hold_the_positions_counts(out_of_play: int) -> None:
    rng = random.Random(out_of_play)
    for _ in range(60):
        deal = set_up_position(rng, out_of_play)
        seen = View.of(deal)
        # two players and an empty stock hide nothing only when every card not seen is in the other hand
        assert seen.hidden == (bool(deal.stock) or out_of_play > 0)
        for world in [seen.world(rng) for _ in range(5)]:
            assert len(world.stock) == len(deal.stock)
            assert [hand.bit_count() for hand in world.hands] == [len(hand) for hand in deal.hands]
            dealt = sum(1 << index for index in world.stock) | world.hands[1 - deal.to_play]
            assert not dealt & ~seen.unseen  # no card the seat has seen is dealt again
        for level in LEVELS:
            assert make_bot(level, seed=1).choose(View.of(deal)) in deal.legal_plays(), level
        assert {e.play for e in evaluate(View.of(deal), Settings(4))} == set(deal.legal_plays())


@pytest.mark.parametrize("rules", ["classic", "sevens"])
def test_a_take_that_leaves_a_sweep_behind_hints_the_hand_lacks_the_card_for_it(rules: str) -> None:
    """5♣ takes 4♠ 6♥ and leaves 2♣ on a table of 12 that a 3 would have swept, an escoba (R14): the hand probably
    held no 3. A hint only, at any rules: a player who must capture (V1) may still choose which take."""
    from trainer import PROFILES

    threes = mask_of(card for card in DECK if card.value == 3)
    deal = Deal.from_position(
        table=parse_cards("4♠ 6♥ 2♣"), hands=[parse_cards("5♣ K♣"), parse_cards("A♥ 2♥")], profile=PROFILES[rules]
    )
    seen = View.of(deal.play(parse_play("5♣ 4♠ 6♥")))
    assert seen.hinted == (threes, 0) and seen.barred == (0, 0)
    swept = Deal.from_position(table=parse_cards("4♠ 6♥"), hands=[parse_cards("5♣ K♣"), parse_cards("A♥ 2♥")])
    assert View.of(swept.play(parse_play("5♣ 4♠ 6♥"))).hinted == (0, 0)  # a sweep hints nothing


def test_a_lay_down_hints_the_cards_that_hand_lacks_until_it_plays_one() -> None:
    """Classic rules (R13: only the card played must capture if it can): laying the 3♣ on the 7♦ hints that the hand
    holds no sota, the card that takes the 7♦ (R11); once that seat plays a sota, it held one and chose not to take,
    and the hint is dropped. Only where a player who can capture must (V1) is a hint a certainty."""
    sotas = mask_of(card for card in DECK if card.value == 8)
    fives = mask_of(card for card in DECK if card.value == 5)
    deal = Deal.from_position(table=parse_cards("7♦"), hands=[parse_cards("3♣ J♣ 2♣"), parse_cards("K♥ A♥ 2♥")])
    deal = deal.play(parse_play("3♣")).play(parse_play("K♥"))  # K♥ takes nothing on 7♦ 3♣: no 5, no sota
    assert View.of(deal).hinted == (sotas, sotas | fives) and View.of(deal).barred == (0, 0)
    deal = deal.play(parse_play("J♣ 7♦"))
    assert View.of(deal).hinted == (0, sotas | fives)
