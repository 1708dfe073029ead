"""What a learner does at a table of their class (``trainer.progress.tables``), each action one save of the match
(``trainer.ai.shared``) that names the version it went on from: open a table, sit, start, play, step away and come
back, let the computer play for someone who has gone, read a deal's end, and the coach's review of one's own plays.

>>> seen_away(TableSeat(1, 7, "Ana", True, seen=100.0, ready=0), now=100.0 + AWAY_AFTER)
True
"""

from __future__ import annotations

import json
import time
from typing import Any

from trainer.ai.game import Reviewed, review
from trainer.ai.shared import SharedMatch
from trainer.match import Match
from trainer.plays import Play
from trainer.progress.errors import NotYours
from trainer.progress.model import Learner
from trainer.progress.store import ProgressStore
from trainer.progress.tables import SharedTable, TableSeat
from trainer.records import read_record, record_of
from trainer.text import SaidError, said

#: Seconds after a player's page last showed the table from which the others may let the computer play for them.
AWAY_AFTER = 60.0


def shared_of(table: SharedTable) -> SharedMatch | None:
    """The table's match, None before it starts; ValueError for a kept state that does not replay."""
    if table.state is None:
        return None
    data = json.loads(table.state)
    match = read_record(data["record"])
    if not isinstance(match, Match):
        raise ValueError("a shared table keeps a match")
    stood_in = frozenset((int(deal), int(play)) for deal, play in data["stood_in"])
    people, away = frozenset(map(int, data["people"])), frozenset(map(int, data["away"]))
    return SharedMatch(match, table.settings.level, people, away, stood_in)


def _state(shared: SharedMatch) -> str:
    data: dict[str, Any] = {
        "record": record_of(shared.match),
        "people": sorted(shared.people),
        "away": sorted(shared.away),
        "stood_in": sorted(shared.stood_in),
    }
    return json.dumps(data)


def seen_away(seat: TableSeat, now: float | None = None) -> bool:
    """Whether the player at ``seat`` has not had the table on their page for ``AWAY_AFTER`` seconds."""
    return seat.seen is None or (time.time() if now is None else now) - seat.seen >= AWAY_AFTER


def start(saved: ProgressStore, host: Learner, table: SharedTable) -> SharedTable:
    """The host starts the match with the classmates sitting at the table, the computer at the other seats."""
    people = tuple(seat.seat for seat in table.seats if seat.joined)
    if table.host is None or table.host.profile_id != host.id:
        raise NotYours("only the learner who opened the table starts it")
    if len(people) < 2:
        raise SaidError(said("a match needs a classmate at the table: wait until one sits down"))
    settings = table.settings
    shared = SharedMatch.start(settings.players, settings.level, people, settings.profile)
    return _save(saved, host, table, shared)


def play(saved: ProgressStore, learner: Learner, table: SharedTable, made: Play) -> SharedTable:
    """The learner's play at their seat, then the computer's up to the next person's turn; ``NotYourTurn`` or
    ``IllegalPlay`` as ``SharedMatch.plays`` says, ``StaleTable`` if the table went on meanwhile."""
    shared, seat = _at(table, learner)
    return _save(saved, learner, table, shared.plays(seat, made))


def step_away(saved: ProgressStore, learner: Learner, table: SharedTable, away: bool) -> SharedTable:
    """The learner lets the computer play their seat (``away``) or takes it back."""
    shared, seat = _at(table, learner)
    return _save(saved, learner, table, shared.with_away(seat, away))


def stand_in_for(saved: ProgressStore, learner: Learner, table: SharedTable, seat: int) -> SharedTable:
    """The computer plays for the player at ``seat``, who has been away ``AWAY_AFTER`` seconds or more, until they
    come back; ValueError for one still there."""
    shared, _ = _at(table, learner)
    held = table.seat_at(seat)
    if held is None or not seen_away(held):
        raise SaidError(said("that player is still at the table"))
    return _save(saved, learner, table, shared.with_away(seat, True))


def deal_read(saved: ProgressStore, learner: Learner, table: SharedTable) -> SharedTable:
    """The learner has read the end of the deal: the next is dealt once every player still at the table has."""
    shared, seat = _at(table, learner)
    read = len(shared.match.finished)
    others = [held for held in waiting_for(table, shared) if held.seat != seat]
    if shared.deal.is_over and not shared.match.is_over and not others:
        shared = shared.next_deal()
    return _save(saved, learner, table, shared, ready=read)


def waiting_for(table: SharedTable, shared: SharedMatch) -> list[TableSeat]:
    """The players still at the table who have not read the end of the deal just over."""
    read = len(shared.match.finished)
    return [held for held in table.seats if held.seat not in shared.away and held.ready < read]


def reviewed(table: SharedTable, learner: Learner, deal: int) -> list[Reviewed]:
    """The coach's review of the learner's own plays in finished deal ``deal`` (from 0), weighed on what their seat
    saw, as after a match against the computer; none of anyone else's."""
    shared, seat = _at(table, learner)
    return review(shared.decisions(seat, deal))


def _at(table: SharedTable, learner: Learner) -> tuple[SharedMatch, int]:
    """The table's match and the learner's seat at it; NotYours if they do not sit there or it has not started."""
    held = table.seat_of(learner.id)
    shared = shared_of(table)
    if held is None or not held.joined or shared is None:
        raise NotYours("you do not play at that table")
    return shared, held.seat


def _save(
    saved: ProgressStore, learner: Learner, table: SharedTable, shared: SharedMatch, ready: int | None = None
) -> SharedTable:
    saved.save_table(learner, table.id, table.version, _state(shared), shared.match.is_over, ready)
    return saved.table(learner, table.id)
