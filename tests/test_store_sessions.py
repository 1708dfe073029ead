"""Sessions that end, on both stores: a sign-in's session is found by its token until it is ended, expires, or the
teacher gives a new password or removes the learner; the database keeps only the token's hash; a provider's
sign-in starts one session only."""

from datetime import timedelta

import pytest
from store_kit import T0, class_of, edit

from trainer.progress import sessions
from trainer.progress.accounts import reset_password, sign_in
from trainer.progress.errors import NotYours
from trainer.progress.model import Account
from trainer.progress.store import ProgressStore


def test_a_session_holds_until_it_is_ended_everywhere_and_only_its_hash_is_kept(store: ProgressStore) -> None:
    _, _, [bea] = class_of(store, "Bea")
    token = sessions.start(store, bea, T0)
    assert token is not None and len(token) >= 43
    held = sessions.live(store, token, T0 + timedelta(minutes=1))
    assert held is not None and held.account == Account(bea, teacher=False) and held.issuer == "class"
    assert edit(store, "SELECT token_hash FROM sessions") == [(sessions.token_hash(token),)]
    assert sessions.live(store, "another-token", T0) is None
    other = sessions.start(store, bea, T0)  # another browser of Bea's: ending one leaves the other
    sessions.end(store, token)
    assert sessions.live(store, token, T0 + timedelta(minutes=2)) is None
    assert other is not None and sessions.live(store, other, T0 + timedelta(minutes=2)) is not None


def test_a_session_expires_unused_and_at_the_latest_a_month_after_its_sign_in(store: ProgressStore) -> None:
    _, _, [bea] = class_of(store, "Bea")
    idle, used = sessions.start(store, bea, T0), sessions.start(store, bea, T0)
    assert idle is not None and used is not None
    assert sessions.live(store, idle, T0 + sessions.IDLE + timedelta(seconds=1)) is None
    moment = T0
    while moment < T0 + sessions.LONGEST - timedelta(days=1):  # used every day: moved on each time
        moment += timedelta(days=1)
        assert sessions.live(store, used, moment) is not None, moment
    assert sessions.live(store, used, T0 + sessions.LONGEST + timedelta(seconds=1)) is None


def test_a_new_password_ends_the_learners_sessions_and_not_another_learners(store: ProgressStore) -> None:
    tere, room, [bea, cai] = class_of(store, "Bea", "Cai")
    beas, cais = sessions.start(store, bea, T0), sessions.start(store, cai, T0)
    assert beas is not None and cais is not None
    password = reset_password(store, tere, room, bea)
    assert sessions.live(store, beas, T0) is None and sessions.live(store, cais, T0) is not None
    assert sign_in(store, _code(store, tere), "Bea", password) == bea


def test_a_removed_learner_is_signed_out_and_one_the_teacher_made_is_gone(store: ProgressStore) -> None:
    tere, room, [bea, cai] = class_of(store, "Bea", "Cai")
    eva = store.create_account("Eva", "https://id.example", "eva").learner
    store.join_class(eva, _code(store, tere))
    tokens = {learner.name: sessions.start(store, learner, T0) for learner in (bea, cai, eva)}
    store.remove_learner(tere, room, bea)
    store.remove_learner(tere, room, eva)
    assert [sessions.live(store, str(tokens[name]), T0) is None for name in ("Bea", "Cai", "Eva")] == [
        True,
        False,
        True,
    ]
    assert store.members(tere, room) == [cai]
    assert store.learner(bea) is None and store.learner(eva) == eva  # Eva's own progress stays hers
    assert sign_in(store, _code(store, tere), "Bea", "Bea-secret") is None
    with pytest.raises(NotYours):
        store.remove_learner(tere, room, eva)  # not in the class any more
    other = store.create_account("Otro", "https://id.example", "otro").learner
    store.set_teacher(other)
    with pytest.raises(NotYours):
        store.remove_learner(other, room, cai)
    assert sessions.live(store, str(tokens["Cai"]), T0) is not None


def test_a_provider_sign_in_starts_one_session_and_an_older_one_none(store: ProgressStore) -> None:
    eva = store.create_account("Eva", "https://id.example", "eva").learner
    at = int(T0.timestamp())
    first = sessions.start(store, eva, T0, signed_in_at=at)
    assert first is not None
    assert sessions.start(store, eva, T0, signed_in_at=at) is None  # the same sign-in again: a copied cookie
    assert sessions.start(store, eva, T0, signed_in_at=at - 60) is None  # one from before
    assert sessions.start(store, eva, T0, signed_in_at=at + 60) is not None  # a new sign-in
    assert sessions.fresh_sign_in(at - 60, T0) == at - 60
    assert sessions.fresh_sign_in(at - sessions.FRESH.total_seconds() - 1, T0) is None
    assert sessions.fresh_sign_in(None, T0) is None and sessions.fresh_sign_in("1", T0) is None


def test_a_deleted_profile_has_no_session_and_old_sessions_are_dropped(store: ProgressStore) -> None:
    _, _, [bea, cai] = class_of(store, "Bea", "Cai")
    token = sessions.start(store, bea, T0)
    assert token is not None
    store.delete_profile(bea)
    assert sessions.live(store, token, T0) is None
    sessions.start(store, cai, T0)
    sessions.start(store, cai, T0 + sessions.IDLE + timedelta(days=2))  # the first has expired over a day ago
    assert len(edit(store, "SELECT token_hash FROM sessions")) == 1


def _code(store: ProgressStore, teacher: object) -> str:
    [room] = store.classes(teacher)  # type: ignore[arg-type]
    return room.code
