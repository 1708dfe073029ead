"""The seat table's data: seats round the table, boards equal to the engine's states, the moves between them, and
nothing of a hidden hand sent to the browser."""

import json
from dataclasses import replace

import pytest

from trainer.ai.game import Game
from trainer.app.board import escoba_cards
from trainer.app.card_style import CardStyle
from trainer.app.components import parse_pick
from trainer.app.names import spoken_label
from trainer.app.play_words import play_said
from trainer.app.seat_table import pick_rows, places, seat_table_data, since_learner
from trainer.deal import Deal, EventKind
from trainer.plays import captures, play_of
from trainer.profile import PROFILES

TURKISH = PROFILES["turkish"]  # every table: 2, 3, 4 and 6 players (V3)


def played(players: int, plays: int, seed: int = 5) -> Game:
    """A match at ``players``, the learner playing the first legal play each turn, after ``plays`` plays."""
    game = Game.start(players, "greedy", TURKISH, seed=seed).until_learner()
    while len(game.deal.plays) < plays and not game.deal.is_over:
        game = game.learner_plays(game.deal.legal_plays()[0]).until_learner()
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_v3_seats_sit_evenly_round_the_table_the_learner_at_the_bottom(players: int) -> None:
    for me in range(players):
        found = places(players, me)
        assert [place.seat for place in found] == [(me + step) % players for step in range(players)]  # R11: in turn
        assert [place.angle for place in found] == [round(360 * step / players) for step in range(players)]
        assert found[0].edge == "bottom" and all(place.edge != "bottom" for place in found[1:])


def test_v3_with_four_the_partner_sits_opposite_and_with_six_the_partners_every_other_seat() -> None:
    deal4, deal6 = Deal.new(4, seed=1, profile=TURKISH), Deal.new(6, seed=1, profile=TURKISH)
    [partner] = [p for p in places(4, 1) if p.seat != 1 and deal4.side_of(p.seat) == deal4.side_of(1)]
    assert (partner.angle, partner.edge) == (180, "top")
    partners = [p for p in places(6, 2) if p.seat != 2 and deal6.side_of(p.seat) == deal6.side_of(2)]
    assert sorted(p.angle for p in partners) == [120, 240]  # a third of the way round each way
    assert [p.edge for p in places(3, 0)] == ["bottom", "top", "top"]
    assert [p.edge for p in places(2, 1)] == ["bottom", "top"]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_boards_are_the_engines_states_from_the_learners_last_play(players: int) -> None:
    game = played(players, plays=2 * players + 1)
    deal, me = game.deal, game.learner_seat
    since = since_learner(deal, me)
    mine = [e for e in deal.states[since + 1].events if e.kind is EventKind.PLAY]
    assert [e.seat for e in mine] == [me]  # the learner's last play is the first move shown
    data = seat_table_data(deal, CardStyle(), me=me, since=since, face_up=(me,))
    states = deal.states[since:]
    assert len(data["boards"]) == len(states) and len(data["moves"]) == len(states) - 1
    for board, state in zip(data["boards"], states, strict=True):
        assert board["table"] == [str(card) for card in state.table]
        assert board["counts"] == [len(hand) for hand in state.hands]
        assert board["hands"][me] == [str(card) for card in state.hands[me]]
        assert all(hand is None for seat, hand in enumerate(board["hands"]) if seat != me)
        assert board["piles"] == [len(pile) for pile in state.piles]
        assert [len(cards) for cards in board["escobas"]] == list(state.escobas)  # R14
        assert board["stock"] == len(state.stock) and board["toPlay"] == state.to_play
    for move, state in zip(data["moves"], states[1:], strict=True):
        [event] = [e for e in state.events if e.kind is EventKind.PLAY]
        assert event.play is not None
        assert (move["seat"], move["card"], move["escoba"]) == (event.seat, str(event.play.card), bool(event.escobas))
        assert move["taken"] == [str(card) for card in sorted(event.play.captured)]
        assert move["said"].startswith(play_said(state, event, me, CardStyle()))


def test_escobas_are_the_cards_that_made_them_set_across_their_sides_pile() -> None:
    for seed in range(40):
        deal = played(2, plays=36, seed=seed).deal
        if any(deal.escobas):
            break
    made = escoba_cards(deal)
    assert [len(cards) for cards in made] == list(deal.escobas)  # R14
    for event in deal.log:
        if event.kind is EventKind.PLAY and event.escobas and event.play is not None and event.side is not None:
            assert event.play.card in made[event.side]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_no_face_of_a_hidden_card_reaches_the_browser(players: int) -> None:
    view = CardStyle()
    game = played(players, plays=players + 2)
    deal, me = game.deal, game.learner_seat
    data = seat_table_data(deal, view, me=me, since=since_learner(deal, me), face_up=(me,))
    hidden = {card for seat, hand in enumerate(deal.hands) if seat != me for card in hand}
    assert hidden
    assert not {str(card) for card in hidden} & {face["token"] for face in data["faces"].values()}
    sent = json.dumps(data, ensure_ascii=False)
    assert not [card for card in hidden if spoken_label(card, view) in sent or f'"{card}"' in sent]
    everyone = seat_table_data(deal, view, me=me, since=0, face_up=tuple(range(players)), replay=True)
    assert {str(card) for card in hidden} <= set(everyone["faces"])  # the review's replay shows every hand


def test_the_pick_is_checked_against_the_learners_hand_and_the_table() -> None:
    game = played(2, plays=0)
    deal, me = game.deal, game.learner_seat
    rows = pick_rows(deal, me)
    mine, other = deal.hands[me], deal.hands[1 - me][0]
    pick = parse_pick({"hand": [str(mine[0]), str(other)], "table": [str(deal.table[0]), "7♦♦"]}, rows)
    assert pick.chosen == {"hand": (str(mine[0]),), "table": (str(deal.table[0]),)}  # only what is offered
    pick = parse_pick({"hand": [str(mine[0]), str(mine[1])], "table": [str(c) for c in deal.table]}, rows)
    assert pick.one("hand") is None and pick.many("table") == tuple(str(c) for c in deal.table)  # one card or none


def test_v5_a_claim_is_shown_as_a_capture_by_the_claiming_seat() -> None:
    rules = replace(TURKISH, penalties=True)
    for seed in range(200):
        deal = Deal.new(2, seed=seed, profile=rules)
        missed = next((card for card in deal.hands[0] if captures(card, deal.table)), None)
        if missed is not None:
            break
    laid = deal.play(play_of(missed.index, 0))  # laid down although it could take (V5)
    [claim, *_] = laid.claims()
    after = laid.claim(claim)
    data = seat_table_data(after, CardStyle(), me=0, since=0, face_up=(0,))
    move = data["moves"][-1]
    assert (move["seat"], move["claim"], move["card"]) == (1, True, str(missed))
    assert move["taken"] == [str(card) for card in sorted(claim.captured)]
    assert data["boards"][-1]["piles"][1] == len(claim.captured) + 1


def test_an_unknown_pace_is_shown_at_the_normal_one_and_the_replay_starts_from_the_deal() -> None:
    deal = played(2, plays=4).deal
    data = seat_table_data(deal, CardStyle(), me=0, since=0, face_up=(0, 1), pace="warp", replay=True)
    assert data["pace"] == "normal" and data["replay"]
    assert len(data["boards"]) == len(deal.states) and data["start"] == len(data["moves"])  # opened at the end
    assert [name for name, _ in data["paces"]] == ["fast", "normal", "slow", "step"]


def test_a_replay_opens_where_it_is_told_within_the_deal() -> None:
    deal = played(2, plays=4).deal
    opened = [
        seat_table_data(deal, CardStyle(), me=0, since=0, face_up=(0, 1), replay=True, start=start)["start"]
        for start in (-3, 0, 2, 99)
    ]
    assert opened == [0, 0, 2, len(deal.states) - 1]
