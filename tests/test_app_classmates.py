"""Classmates play each other on the Play a classmate page (AppTest, two sessions on one server): an invitation taken
up, a match started, a player stepping away on their own turn (the computer plays it) and coming back, each seat
shown only its own hand and played on its turn alone, the review after the deal of each player's own plays (none the
computer made for them), the next deal dealt once both have read the end of this one, and the match's end, read by
each as their side's win or loss."""

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import test_app_signin
from app_kit import page_text, seen, tap
from streamlit.testing.v1 import AppTest
from test_app_signin import PAGES, app, press, sign_in_with_code
from test_shared_tables import play_on

from trainer.cards import parse_card
from trainer.plays import captures
from trainer.progress.accounts import add_learner
from trainer.progress.model import Learner
from trainer.progress.sqlite import Store
from trainer.progress.table_play import shared_of

club = test_app_signin.club  # the server of the sign-in tests: Tere teaches Martes, with Bea in it
SEAT_TABLE = "escoba_seat_table"


@pytest.fixture
def cai(club: dict[str, Any], data: Path) -> int:
    """Cai, Bea's classmate."""
    with Store.open(data) as saved:
        room = next(room for room in saved.classes(club["tere"]) if room.code == club["code"])
        return add_learner(saved, club["tere"], room.id, "Cai", "cai-secret-1")[0].id


def tables_page(club: dict[str, Any], name: str, password: str = "") -> AppTest:
    at = sign_in_with_code(app(), club, name, password)
    at.switch_page(f"{PAGES}/classmates.py").run()
    assert not at.exception, at.exception
    return at


def started_table(club: dict[str, Any], cai: int, **choices: int) -> tuple[AppTest, AppTest]:
    """Bea's and Cai's pages once Bea opened a table of the sevens rules (with ``target`` and ``players`` as given),
    inviting Cai, who sat down, and started the match."""
    bea = tables_page(club, "Bea")
    bea.selectbox(key="tbl_rules").set_value("sevens").run()
    for name, value in choices.items():
        bea.radio(key=f"tbl_{name}_sevens").set_value(value).run()
    bea.selectbox(key=next(s.key for s in bea.selectbox if s.key.startswith("tbl_invite_"))).set_value(cai).run()
    press(bea, "Open the table")
    assert "Seat 1: Cai, invited" in seen(page_text(bea))
    other = tables_page(club, "Cai", "cai-secret-1")
    assert "**Bea** invites you to a table of Martes." in seen(page_text(other))
    press(other, "Sit down")
    bea.run()
    press(bea, "Start the match")
    return bea, other


def seat_table(at: AppTest) -> dict[str, Any] | None:
    found = [e for e in at.get("bidi_component") if e.proto.component_name == SEAT_TABLE]
    return json.loads(found[0].proto.json) if found else None


def play_if_my_turn(at: AppTest, rng: random.Random) -> bool:
    """Play if the page offers this seat its cards: a capture if the hand has one (every rule set allows one), else
    a card laid down."""
    at.run()
    data = seat_table(at)
    if data is None or not data["pick"]:
        return False
    board = data["boards"][-1]
    hand, table = [parse_card(c) for c in board["hands"][data["me"]]], [parse_card(c) for c in board["table"]]
    taking = [(card, group) for card in hand for group in captures(card, table)]
    card, group = rng.choice(taking) if taking else (rng.choice(hand), frozenset())
    tap(at, {"hand": [str(card)], "table": [str(c) for c in sorted(group)]}, SEAT_TABLE)
    assert not at.warning, at.warning[0].value
    return True


@pytest.mark.usefixtures("quick_review")
def test_two_classmates_play_a_deal_each_seeing_only_their_own_hand_then_their_own_review(
    club: dict[str, Any], cai: int
) -> None:
    bea, other = started_table(club, cai)
    other.run()
    to_play = next(at for at in (bea, other) if (seat_table(at) or {}).get("pick"))
    press(to_play, "Let the computer play for me while I am away")  # on their own turn: the computer plays it
    assert not seat_table(to_play)["pick"] and "your seat while you are away" in page_text(to_play)
    press(to_play, "Take my seat back")
    rng, made = random.Random(5), 0
    for _ in range(80):  # 36 plays at most, each a turn of one of the two
        if "Deal 1 is over" in page_text(bea):
            break
        for at in (bea, other):
            data = seat_table(at)
            if data is not None:  # each seat's own hand face up, the other's face down: never sent
                assert [hand is None for hand in data["boards"][-1]["hands"]].count(False) == 1
            made += play_if_my_turn(at, rng)
    assert made < 36 and "Deal 1 is over" in page_text(other)  # a play or more the computer's, while one was away
    weighed = sorted(int(re.search(r"(\d+) plays? weighed", page_text(at))[1]) for at in (bea, other))
    assert weighed[1] == 18 and sum(weighed) == made  # each reads a review of their own plays, none the computer's
    press(bea, "Next deal ▶")
    assert "Waiting for Cai to finish reading the deal." in seen(page_text(bea))
    press(other, "Next deal ▶")
    bea.run()
    assert seat_table(bea) is not None and seat_table(other) is not None  # the second deal, dealt to both


def test_away_from_a_club_server_the_page_says_where_classmates_play(data: Path) -> None:
    at = AppTest.from_file(test_app_signin.APP, default_timeout=30)
    at.run()
    at.switch_page(f"{PAGES}/classmates.py").run()
    assert not at.exception and "on a club's server" in seen(page_text(at))


@pytest.mark.usefixtures("quick_review")
def test_at_the_end_of_the_match_each_classmate_reads_which_side_won(
    club: dict[str, Any], cai: int, data: Path
) -> None:
    """A table of four, the two classmates on opposite sides with the computer as their partners, played through the
    store to the end of the match (``test_shared_tables``): each page says who won, with the points, and leads back
    to the tables."""
    bea, other = started_table(club, cai, target=15, players=4)
    with Store.open(data) as saved:
        [table] = saved.tables(club["bea"])
        seats = {held.seat: Learner(held.profile_id, held.name) for held in table.seats}
        assert sorted(seats) == [0, 1]  # Bea and Cai, on opposite sides
        table = play_on(saved, table, seats, random.Random(6))
    shared = shared_of(table)
    assert shared is not None and shared.match.winner is not None
    totals = " – ".join(map(str, shared.match.totals))
    said = [seen(page_text(at.run())) for at in (bea, other)]
    winner, loser = (said[0], said[1]) if shared.match.winner == 0 else (said[1], said[0])
    assert f"Your side won the match, {totals}." in winner and "won it" not in winner
    side = "Bea" if shared.match.winner == 0 else "Cai"
    assert f"The match is over: {side} and the computer won it, {totals}." in loser and "Your side" not in loser
    for at in (bea, other):
        labels = [b.label for b in at.button]
        assert "Back to the tables" in labels and "Next deal ▶" not in labels
