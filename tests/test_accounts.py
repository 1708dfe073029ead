"""Accounts and classes on a club's server, on both stores: who signs in to which profile, who teaches, and that a
teacher reaches only their own classes."""

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from argon2.exceptions import VerificationError
from store_kit import edit

from trainer.progress import accounts
from trainer.progress.accounts import (
    GUESS_WINDOW,
    GUESSES,
    HASHER,
    Guesses,
    TooManyGuesses,
    add_learner,
    become_teacher,
    join_class,
    new_password,
    reset_password,
    sign_in,
)
from trainer.progress.classes import class_table
from trainer.progress.errors import NameTaken, NotYours
from trainer.progress.model import Account, Attempt, Learner
from trainer.progress.store import CODE_LENGTH, CODE_LETTERS, IMPORT_TRIES, IMPORT_TRIES_WINDOW, ProgressStore
from trainer.text import SaidError

ISSUER = "https://accounts.example"


@pytest.fixture
def teacher(store: ProgressStore) -> Learner:
    """Tere, who signed in with an OpenID provider and gave the teacher's code."""
    tere = store.create_account("Tere", ISSUER, "tere-1").learner
    assert become_teacher(store, tere, " club-secret ", "club-secret")
    return tere


def test_an_openid_user_gets_one_profile_found_by_issuer_and_subject(store: ProgressStore) -> None:
    assert store.account(ISSUER, "sub-1") is None
    made = store.create_account("Eva", ISSUER, "sub-1")
    assert made == Account(Learner(made.learner.id, "Eva"), teacher=False)
    assert store.account(ISSUER, "sub-1") == made and store.account("https://other.example", "sub-1") is None
    with pytest.raises(ValueError, match="has a profile already"):
        store.create_account("Eva Two", ISSUER, "sub-1")
    other = store.create_account("eva", ISSUER, "sub-2")  # an account's name is its own until it joins a class
    assert other.learner != made.learner and store.profiles() == ["Ana"]  # no account's is listed, nor found by name
    store.rename_profile(made.learner, "Evita")
    assert store.account(ISSUER, "sub-1") == Account(Learner(made.learner.id, "Evita"), teacher=False)


def test_the_teachers_code_lets_a_profile_teach_and_nothing_else_does(store: ProgressStore) -> None:
    eva = store.create_account("Eva", ISSUER, "sub-1").learner
    assert not become_teacher(store, eva, "guess", "club-secret")
    assert not become_teacher(store, eva, "", None)  # no code configured: nobody becomes a teacher
    with pytest.raises(NotYours):
        store.create_class(eva, "4B")
    assert become_teacher(store, eva, "club-secret", "club-secret")
    assert store.account_of(eva) == Account(eva, teacher=True)
    with pytest.raises(ValueError, match="only a profile that signs in can teach"):
        store.set_teacher("Ana")  # a local profile has no account


def test_a_class_gets_a_code_of_unambiguous_letters_and_its_learners_sign_in_with_it(
    store: ProgressStore, teacher: Learner
) -> None:
    room = store.create_class(teacher, "Martes")
    assert len(room.code) == CODE_LENGTH and set(room.code) <= set(CODE_LETTERS)
    assert store.classes(teacher) == [room]
    bea, password = add_learner(store, teacher, room.id, "Bea")
    assert len(password) == 9 and store.members(teacher, room.id) == [bea]
    assert store.members(teacher, room.id, by_password=True) == [bea]
    assert sign_in(store, room.code.lower(), " bea ", password) == bea  # the code and the name as typed
    assert sign_in(store, room.code, "Bea", password + "x") is None
    assert sign_in(store, room.code, "Nobody", password) is None
    assert sign_in(store, "ZZZZZZ", "Bea", password) is None
    [(stored,)] = edit(store, "SELECT password FROM accounts WHERE profile_id = ?", bea.id)
    assert stored.startswith("$argon2id$") and password not in stored


def test_a_teacher_reaches_only_their_own_classes(store: ProgressStore, teacher: Learner) -> None:
    room = store.create_class(teacher, "Martes")
    bea, _ = add_learner(store, teacher, room.id, "Bea", "bea-secret")
    other = store.create_account("Otro", ISSUER, "otro").learner
    become_teacher(store, other, "club-secret", "club-secret")
    theirs = store.create_class(other, "Jueves")
    for action in (
        lambda: store.members(other, room.id),
        lambda: add_learner(store, other, room.id, "Cai"),
        lambda: reset_password(store, other, room.id, bea),
        lambda: reset_password(store, other, theirs.id, bea),  # their class, not their learner
        lambda: store.members(bea, room.id),  # a learner sees no class list
    ):
        with pytest.raises(NotYours):
            action()
    assert store.classes(other) == [theirs] and edit(store, "SELECT count(*) FROM profiles") == [(4,)]
    assert sign_in(store, room.code, "Bea", "bea-secret") == bea  # no password was changed


def test_a_reset_password_replaces_the_old_one(store: ProgressStore, teacher: Learner) -> None:
    room = store.create_class(teacher, "Martes")
    bea, old = add_learner(store, teacher, room.id, "Bea")
    new = reset_password(store, teacher, room.id, bea)
    assert new != old and sign_in(store, room.code, "Bea", new) == bea and sign_in(store, room.code, "Bea", old) is None


def test_an_openid_learner_joins_a_class_by_its_code_but_signs_in_by_the_provider(
    store: ProgressStore, teacher: Learner
) -> None:
    room = store.create_class(teacher, "Martes")
    eva = store.create_account("Eva", ISSUER, "sub-1").learner
    assert store.join_class(eva, f" {room.code.lower()} ") == room
    assert store.join_class(eva, room.code) == room  # twice is once
    assert store.members(teacher, room.id) == [eva]
    assert store.members(teacher, room.id, by_password=True) == []  # she signs in with the provider
    assert sign_in(store, room.code, "Eva", "") is None  # no password to sign in with
    with pytest.raises(ValueError, match="no class has the code"):
        store.join_class(eva, "NOPE42")


def test_short_passwords_and_bad_names_are_refused_before_anything_is_made(
    store: ProgressStore, teacher: Learner
) -> None:
    room = store.create_class(teacher, "Martes")
    with pytest.raises(ValueError, match="a password has 6 to 128 characters, not 3"):
        add_learner(store, teacher, room.id, "Bea", "abc")
    with pytest.raises(ValueError, match="name"):
        add_learner(store, teacher, room.id, "Bea/2")
    assert store.members(teacher, room.id) == []


def test_an_import_never_replaces_an_empty_profile_that_someone_signs_in_to(store: ProgressStore) -> None:
    eva = store.create_account("Eva", ISSUER, "sub-1").learner
    data = store.export_profile("Ana")
    made = store.import_profile({**data, "name": "Eva"})  # a profile of this computer, apart from the account
    assert made == "Eva" and store.learner("Eva") != eva and store.account(ISSUER, "sub-1") == Account(eva, False)


def test_a_deleted_profile_takes_its_account_and_memberships_with_it(store: ProgressStore, teacher: Learner) -> None:
    room = store.create_class(teacher, "Martes")
    bea, password = add_learner(store, teacher, room.id, "Bea")
    store.delete_profile(bea)
    assert store.members(teacher, room.id) == [] and sign_in(store, room.code, "Bea", password) is None
    assert edit(store, "SELECT count(*) FROM accounts WHERE profile_id = ?", bea.id) == [(0,)]


def test_made_up_passwords_differ_and_hash_apart() -> None:
    made = {new_password() for _ in range(50)}
    assert len(made) == 50 and all(len(p) == 9 and p[4] == "-" for p in made)
    assert HASHER.verify(HASHER.hash("same-pass"), "same-pass") and HASHER.hash("same-pass") != HASHER.hash("same-pass")


def test_wrong_guesses_for_one_name_make_it_wait_and_a_right_one_starts_the_count_again(
    store: ProgressStore, teacher: Learner
) -> None:
    room = store.create_class(teacher, "Martes")
    bea, password = add_learner(store, teacher, room.id, "Bea", "bea-secret")
    cai, _ = add_learner(store, teacher, room.id, "Cai", "cai-secret")
    clock = [1000.0]
    guesses = Guesses(lambda: clock[0])
    for wrong in range(GUESSES - 1):
        assert sign_in(store, room.code, "Bea", f"guess-{wrong}", guesses) is None
    assert sign_in(store, room.code, "Bea", password, guesses) == bea  # the right one in time clears the count
    for wrong in range(GUESSES):
        assert sign_in(store, room.code, "bea", f"guess-{wrong}", guesses) is None  # "bea" is Bea
    clock[0] += 60
    with pytest.raises(TooManyGuesses) as waiting:
        sign_in(store, room.code.lower(), " Bea ", password, guesses)  # not even the right password is tried
    assert waiting.value.seconds == GUESS_WINDOW - 60
    assert sign_in(store, room.code, "Cai", "cai-secret", guesses) == cai  # another name is not held up
    clock[0] += GUESS_WINDOW - 60
    assert sign_in(store, room.code, "Bea", password, guesses) == bea  # the window has passed
    for wrong in range(GUESSES):
        assert sign_in(store, room.code, "Nobody", f"guess-{wrong}", guesses) is None  # a name not in the class
    with pytest.raises(TooManyGuesses):
        sign_in(store, room.code, "Nobody", "guess", guesses)


def test_wrong_teachers_codes_make_the_profile_wait(store: ProgressStore) -> None:
    eva = store.create_account("Eva", ISSUER, "eva").learner
    clock = [0.0]
    guesses = Guesses(lambda: clock[0])
    for wrong in range(GUESSES):
        assert not become_teacher(store, eva, f"guess-{wrong}", "club-secret", guesses)
    with pytest.raises(TooManyGuesses):
        become_teacher(store, eva, "club-secret", "club-secret", guesses)
    assert store.account_of(eva) == Account(eva, teacher=False)
    clock[0] += GUESS_WINDOW
    assert become_teacher(store, eva, "club-secret", "club-secret", guesses)


def test_wrong_class_codes_to_join_make_the_profile_wait(store: ProgressStore, teacher: Learner) -> None:
    room = store.create_class(teacher, "Martes")
    eva = store.create_account("Eva", ISSUER, "eva").learner
    clock = [0.0]
    guesses = Guesses(lambda: clock[0])
    for wrong in range(GUESSES):
        with pytest.raises(ValueError, match="no class has the code"):
            join_class(store, eva, f"NOPE{wrong}", guesses)
    with pytest.raises(TooManyGuesses):
        join_class(store, eva, room.code, guesses)
    assert store.members(teacher, room.id) == []
    clock[0] += GUESS_WINDOW
    assert join_class(store, eva, room.code, guesses) == room


def test_guesses_made_at_once_from_many_tabs_are_held_to_the_limit_too(store: ProgressStore, teacher: Learner) -> None:
    room = store.create_class(teacher, "Martes")
    add_learner(store, teacher, room.id, "Bea", "bea-secret")
    guesses = Guesses()

    def guess(number: int) -> str:
        try:
            return "checked" if sign_in(store, room.code, "Bea", f"guess-{number}", guesses) is None else "in"
        except TooManyGuesses:
            return "held"

    with ThreadPoolExecutor(max_workers=12) as tabs:  # each check takes Argon2's time: they overlap
        outcomes = list(tabs.map(guess, range(24)))
    assert outcomes.count("checked") == GUESSES and outcomes.count("held") == 24 - GUESSES


def test_at_most_hashes_at_once_are_checked_together_and_each_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sign-ins from a whole class at once take their turn for the hash (``HASHES_AT_ONCE``), so they cannot hold a
    hash's memory each at the same time; the settings are OWASP's first Argon2id ones."""
    inside, most, lock = 0, 0, threading.Lock()
    both_in = threading.Barrier(2, timeout=60)  # the first two wait for each other: two at once is reached

    def verify(hash_: str, password: str) -> bool:
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
        with suppress(threading.BrokenBarrierError):
            both_in.wait()
        with lock:
            inside -= 1
        if password != hash_:
            raise VerificationError("no match")
        return True

    monkeypatch.setattr(accounts, "_HASHING", threading.BoundedSemaphore(2))
    monkeypatch.setattr(accounts, "HASHER", SimpleNamespace(verify=verify))
    with ThreadPoolExecutor(max_workers=8) as pool:
        judged = list(pool.map(accounts.matches, ["a", "b"] * 8, ["a", "x"] * 8))
    assert judged == [True, False] * 8 and most == 2
    assert (HASHER.time_cost, HASHER.memory_cost, HASHER.parallelism) == (2, 19_456, 1)


def test_on_a_club_server_an_import_fills_the_learners_own_profile_and_keeps_its_account(
    store: ProgressStore, teacher: Learner
) -> None:
    """An import there makes no profile and names no other: it fills the learner's own, once, while it is empty."""
    room = store.create_class(teacher, "Martes")
    lea, password = add_learner(store, teacher, room.id, "Lea", "lea-secret-1")
    when = datetime(2026, 1, 1, tzinfo=UTC)
    store.record_attempt(
        "Ana", Attempt("capture-l1-sota", "capture", 1, ("sum",), "practice", "J♦", True, 3.0, 0, False, when)
    )
    exported, profiles = json.dumps(store.export_profile("Ana")), store.profiles()
    store.fill_json(exported, lea)
    assert store.profiles() == profiles and sign_in(store, room.code, "Lea", password) == lea
    assert store.attempts(lea) == store.attempts("Ana")
    with pytest.raises(ValueError, match="your profile has progress already"):
        store.fill_json(exported, lea)
    assert len(store.attempts(lea)) == 1


def test_two_classes_each_have_their_own_lucia_and_a_class_never_has_two(
    store: ProgressStore, teacher: Learner
) -> None:
    martes, jueves = store.create_class(teacher, "Martes"), store.create_class(teacher, "Jueves")
    first, first_password = add_learner(store, teacher, martes.id, "Lucía", "lucia-martes")
    second, second_password = add_learner(store, teacher, jueves.id, "Lucía", "lucia-jueves")
    assert first != second
    assert sign_in(store, martes.code, "lucía", first_password) == first
    assert sign_in(store, jueves.code, "LUCÍA", second_password) == second
    assert sign_in(store, jueves.code, "Lucía", first_password) is None  # each class signs in its own
    for room, learner in ((martes, first), (jueves, second)):  # the teacher's table of each class
        assert [row.learner for row in class_table(store, teacher, room.id, datetime.now(UTC))] == [learner]
    with pytest.raises(NameTaken) as refused:
        add_learner(store, teacher, martes.id, "ＬＵＣÍＡ")
    assert str(refused.value) == "a learner of that class has that name already: choose another"
    add_learner(store, teacher, martes.id, "Bea")
    with pytest.raises(NameTaken):
        store.rename_profile(first, "bea")
    assert [learner.name for learner in store.members(teacher, martes.id)] == ["Bea", "Lucía"]
    assert store.learner("Lucía") is None  # a name finds only the profiles of this computer
    store.create_profile("Lucía")  # one of this computer may have it too


def test_a_provider_learner_joins_a_class_only_under_a_name_no_learner_of_it_has(
    store: ProgressStore, teacher: Learner
) -> None:
    martes, jueves = store.create_class(teacher, "Martes"), store.create_class(teacher, "Jueves")
    add_learner(store, teacher, martes.id, "Lucía")
    lucia = store.create_account("lucia", ISSUER, "sub-1").learner  # no accent: another name
    other = store.create_account("LUCÍA", ISSUER, "sub-2").learner  # two accounts may share a name
    assert store.join_class(lucia, martes.code) == martes
    with pytest.raises(NameTaken) as refused:
        store.join_class(other, martes.code)
    assert str(refused.value) == (
        "a learner of that class has your name already, so you cannot join it: ask its teacher"
    )  # how theirs is written is not said
    assert store.join_class(other, jueves.code) == jueves
    with pytest.raises(NameTaken):
        add_learner(store, teacher, jueves.id, "Lucía")  # a provider's learner in the class has it
    assert [learner.name for learner in store.members(teacher, martes.id)] == ["lucia", "Lucía"]


def test_a_file_renamed_nico_fills_the_learners_own_profile_and_the_teacher_can_then_add_nico(
    store: ProgressStore, teacher: Learner
) -> None:
    room = store.create_class(teacher, "Martes")
    lea, _ = add_learner(store, teacher, room.id, "Lea", "lea-secret-1")
    store.record_attempt("Ana", Attempt("capture-l1-sota", "capture", 1, (), "practice", "J♦", True, 3.0, 0, False,
                                        datetime(2026, 1, 1, tzinfo=UTC)))  # fmt: skip
    renamed = json.dumps({**store.export_profile("Ana"), "name": "Nico"})
    [(before,)] = edit(store, "SELECT count(*) FROM profiles")
    store.fill_json(renamed, lea)
    assert edit(store, "SELECT count(*) FROM profiles") == [(before,)]  # no profile was made: none is left over
    assert len(store.attempts(lea)) == 1 and store.learner("Nico") is None
    nico, password = add_learner(store, teacher, room.id, "Nico")
    assert sign_in(store, room.code, "Nico", password) == nico and store.attempts(nico) == []


def test_a_learner_tries_a_few_imports_an_hour_each_counted_before_the_file_is_read(
    store: ProgressStore, teacher: Learner
) -> None:
    room = store.create_class(teacher, "Martes")
    lea, _ = add_learner(store, teacher, room.id, "Lea")
    store.record_best("Ana", "streak", 3)
    for _ in range(IMPORT_TRIES):
        with pytest.raises(ValueError, match="the file is not a profile export"):
            store.fill_json("{not json", lea)
    with pytest.raises(SaidError) as refused:
        store.fill_json(json.dumps(store.export_profile("Ana")), lea)
    assert str(refused.value) == (
        f"{IMPORT_TRIES} imports were tried in the last hour, the most allowed: try again in 60 minutes"
    )
    hour_ago = (datetime.now(UTC) - timedelta(seconds=IMPORT_TRIES_WINDOW + 1)).isoformat()
    edit(store, "UPDATE import_tries SET at = ?", hour_ago)
    store.fill_json(json.dumps(store.export_profile("Ana")), lea)
    assert edit(store, "SELECT count(*) FROM import_tries") == [(1,)]  # the old ones forgotten
    with pytest.raises(ValueError, match="your profile has progress already"):
        store.fill_json("{not json", lea)  # refused before it counts: the file is not read
    assert edit(store, "SELECT count(*) FROM import_tries") == [(1,)]
