"""Learners of a class play each other at a table the store keeps (``trainer.progress.tables``, ``table_play``), on
SQLite and PostgreSQL: who sees a table and who may sit, a whole match between two classmates through the store, a
save that another page's beat writes nothing, a player away played for by the computer, and each review their own."""

import random

import pytest
from store_kit import class_of

from trainer.ai.shared import NotYourTurn
from trainer.progress import table_play
from trainer.progress.errors import NotYours
from trainer.progress.model import Learner
from trainer.progress.store import ProgressStore
from trainer.progress.tables import SharedTable, StaleTable, TableSettings
from trainer.text import SaidError

QUICK = TableSettings("sevens", 15, 2, "greedy")  # to 15 points, the lowest target a rule set has


@pytest.fixture
def pair(store: ProgressStore) -> tuple[Learner, Learner, Learner, int]:
    """Bea and Cai in Tere's class, and Dan in a class of his own."""
    tere, class_id, (bea, cai) = class_of(store, "Bea", "Cai")
    other = store.create_class(tere, "Jueves")
    from trainer.progress.accounts import add_learner

    dan = add_learner(store, tere, other.id, "Dan", "Dan-secret")[0]
    return bea, cai, dan, class_id


def play_on(store: ProgressStore, table: SharedTable, people: dict[int, Learner], rng: random.Random) -> SharedTable:
    """Each person plays a random legal play on their turn and reads each deal's end, to the end of the match."""
    while not table.over:
        shared = table_play.shared_of(table)
        assert shared is not None
        if shared.deal.is_over:
            for seat in table_play.waiting_for(table, shared):
                table = table_play.deal_read(store, people[seat.seat], table)
            continue
        seat = shared.to_play
        assert seat is not None
        table = table_play.play(store, people[seat], table, rng.choice(shared.deal.legal_plays()))
    return table


def test_two_classmates_play_a_whole_match_through_the_store(store: ProgressStore, pair: tuple) -> None:
    """R21: the match ends at the target; each deal is dealt again only once both have read its end."""
    bea, cai, dan, class_id = pair
    table = store.open_table(bea, class_id, QUICK, invited=cai.id)
    assert [t.id for t in store.tables(cai)] == [table.id] and store.tables(dan) == []
    with pytest.raises(NotYours):
        store.table(dan, table.id)
    with pytest.raises(SaidError):  # Cai has not sat down yet
        table_play.start(store, bea, table)
    store.sit(cai, table.id, 1)
    table = table_play.start(store, bea, store.table(bea, table.id))
    table = play_on(store, table, {0: bea, 1: cai}, random.Random(4))
    shared = table_play.shared_of(table)
    assert shared is not None and shared.match.is_over and max(shared.match.totals) >= 15
    assert len(shared.match.finished) >= 2


def test_a_save_from_a_page_that_fell_behind_writes_nothing(store: ProgressStore, pair: tuple) -> None:
    bea, cai, _, class_id = pair
    table = store.open_table(bea, class_id, QUICK)
    store.sit(cai, table.id, 1)
    table = table_play.start(store, bea, store.table(bea, table.id))
    shared = table_play.shared_of(table)
    assert shared is not None and shared.to_play is not None
    people = {0: bea, 1: cai}
    player, other = people[shared.to_play], people[1 - shared.to_play]
    moved = table_play.play(store, player, table, shared.deal.legal_plays()[0])
    assert moved.version == table.version + 1 == store.table_version(table.id)
    with pytest.raises(StaleTable):  # the same page plays again from the version it held
        table_play.step_away(store, other, table, True)
    with pytest.raises(NotYourTurn):
        table_play.play(store, player, moved, shared.deal.legal_plays()[0])
    assert store.table(bea, table.id).state == moved.state


def test_a_player_gone_is_played_for_by_the_computer_and_their_review_weighs_only_their_own_plays(
    store: ProgressStore, pair: tuple
) -> None:
    bea, cai, _, class_id = pair
    table = store.open_table(bea, class_id, QUICK)
    store.sit(cai, table.id, 1)
    table = table_play.start(store, bea, store.table(bea, table.id))
    store.seen_at_table(cai, table.id, 0.0)  # Cai's page last showed the table long ago
    store.seen_at_table(bea, table.id, 1e12)
    table = store.table(bea, table.id)
    with pytest.raises(SaidError):  # Bea's page is still there
        table_play.stand_in_for(store, cai, table, 0)
    table = table_play.stand_in_for(store, bea, table, 1)
    shared = table_play.shared_of(table)
    assert shared is not None and shared.away == {1} and shared.to_play == 0  # the computer played Cai's turn
    rng = random.Random(2)
    while not shared.deal.is_over:  # Bea plays the deal out against the computer in Cai's seat
        table = table_play.play(store, bea, table, rng.choice(shared.deal.legal_plays()))
        shared = table_play.shared_of(table)
        assert shared is not None
    assert table_play.reviewed(table, cai, 0) == []  # Cai made none of the deal's plays
    weighed = table_play.reviewed(table, bea, 0)
    assert [r.decision.play for r in weighed] == [d.play for d in shared.decisions(0, 0)] and len(weighed) == 18
    table = table_play.deal_read(store, bea, table)  # Cai is away: Bea alone reads the end, and the next is dealt
    shared = table_play.shared_of(table)
    assert shared is not None and not shared.deal.is_over
    table = table_play.step_away(store, cai, table, False)
    shared = table_play.shared_of(table)
    assert shared is not None and shared.away == set()


def test_seats_are_taken_left_and_closed_before_the_match_starts(store: ProgressStore, pair: tuple) -> None:
    bea, cai, dan, class_id = pair
    assert store.classmates(bea) == [(class_id, "Martes", [(cai.id, "Cai")])]  # whom Bea may invite
    with pytest.raises(NotYours):  # Dan is not in Bea's class
        store.open_table(bea, class_id, TableSettings("classic", 21, 4, "greedy"), invited=dan.id)
    table = store.open_table(bea, class_id, TableSettings("classic", 21, 4, "greedy"))
    with pytest.raises(NotYours):
        store.sit(dan, table.id, 1)
    store.sit(cai, table.id, 2)  # the partner's seat, opposite Bea
    with pytest.raises(SaidError):
        store.sit(cai, table.id, 0)
    assert store.table(cai, table.id).free == [1, 3]
    store.stand_up(cai, table.id)
    assert store.table(bea, table.id).free == [1, 2, 3]
    again = store.open_table(bea, class_id, QUICK)  # a new table closes the one not started
    assert [t.id for t in store.tables(bea)] == [again.id]
    store.stand_up(bea, again.id)
    assert store.tables(cai) == []
