"""Accounts and classes on a club's server, on both stores: who signs in to which profile, who teaches, and that a
teacher reaches only their own classes."""

import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from argon2 import PasswordHasher
from argon2.exceptions import VerificationError
from store_kit import edit

from trainer.progress import accounts
from trainer.progress import store as store_module
from trainer.progress.accounts import (
    HASHER,
    TooManyGuesses,
    add_learner,
    become_teacher,
    device_hash,
    join_class,
    new_password,
    reset_password,
    sign_in,
)
from trainer.progress.classes import class_table
from trainer.progress.errors import NameTaken, NotYours, SaveError
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
    assert not become_teacher(store, eva, "\ud800club-secret", "club-secret")  # half a pair, as forged: only wrong
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


class Clock:
    """The time of day as the guesses are counted by, moved on by hand: no test sleeps."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


TABLET = accounts.Client("203.0.113.7", "luc-tablet-token")  # Lucía's tablet, on the school's one address (NAT)
PABLO = accounts.Client("203.0.113.7", "pablo-phone-token")  # a classmate on the same school network
AWAY = accounts.Client("198.51.100.9")  # someone elsewhere, without a device cookie


def waits(attempt: Callable[[], object]) -> float:
    """The wait ``attempt`` is refused with (TooManyGuesses), 0 if it was taken."""
    try:
        attempt()
    except TooManyGuesses as error:
        return error.seconds
    return 0.0


def test_someone_elses_wrong_guesses_never_hold_back_a_device_that_signed_in_before(
    store: ProgressStore, teacher: Learner, clock: Clock
) -> None:
    """OWASP's device cookies: Lucía's tablet signed in to her account once, so it is judged by its own failures
    there alone, whatever classmates on the school's one address, or anyone elsewhere, try meanwhile."""
    room = store.create_class(teacher, "Martes")
    lucia, password = add_learner(store, teacher, room.id, "Lucía", "lucia-secret")
    assert sign_in(store, room.code, "Lucía", password, TABLET, clock) == lucia  # her tablet is known from now on
    for number in range(30):
        for guesser in (PABLO, AWAY):
            with suppress(TooManyGuesses):
                assert sign_in(store, room.code, "lucía", f"guess-{number}", guesser, clock) is None
        clock.now += 1
    assert waits(lambda: sign_in(store, room.code, "Lucía", password, PABLO, clock)) > 0  # others wait
    assert sign_in(store, room.code, "Lucía", password, TABLET, clock) == lucia  # her tablet never does
    assert sign_in(store, room.code, "Lucía", "a typo", TABLET, clock) is None  # her own typos count for it alone
    assert sign_in(store, room.code, "Lucía", password, TABLET, clock) == lucia


def test_a_new_password_forgets_the_devices_the_old_one_made_known(
    store: ProgressStore, teacher: Learner, clock: Clock
) -> None:
    """A device that signed in with a password that leaked is a stranger again once the teacher gives a new one."""
    room = store.create_class(teacher, "Martes")
    lucia, password = add_learner(store, teacher, room.id, "Lucía", "lucia-secret")
    assert sign_in(store, room.code, "Lucía", password, TABLET, clock) == lucia
    assert store.device_trusted(device_hash(TABLET.device), lucia.id)
    reset_password(store, teacher, room.id, lucia)
    assert not store.device_trusted(device_hash(TABLET.device), lucia.id)


def test_from_an_untrusted_client_the_wait_grows_and_is_capped_and_a_right_password_then_works(
    store: ProgressStore, teacher: Learner, clock: Clock
) -> None:
    room = store.create_class(teacher, "Martes")
    bea, password = add_learner(store, teacher, room.id, "Bea", "bea-secret")
    cai, _ = add_learner(store, teacher, room.id, "Cai", "cai-secret")
    for number in range(accounts.PER_ACCOUNT.free):
        assert sign_in(store, room.code, "Bea", f"guess-{number}", AWAY, clock) is None
    waited = []
    for number in range(8):
        waited.append(waits(lambda: sign_in(store, room.code, " bea ", "guess", AWAY, clock)))
        clock.now += waited[-1] - 1
        assert waits(lambda: sign_in(store, room.code, "Bea", password, AWAY, clock)) == 1  # not even checked
        clock.now += 1
        assert sign_in(store, room.code, "Bea", f"again-{number}", AWAY, clock) is None  # taken, and wrong
    assert waited == [15, 30, 60, 120, 240, 300, 300, 300]  # a wait, never a lockout
    assert sign_in(store, room.code, "Cai", "cai-secret", AWAY, clock) == cai  # another account is not held up
    clock.now += 300
    assert sign_in(store, room.code, "Bea", password, AWAY, clock) == bea  # the right one is taken after the wait
    for number in range(accounts.PER_ACCOUNT.free):  # and forgave this client's failures before it
        assert sign_in(store, room.code, "Bea", f"guess-{number}", AWAY, clock) is None
    assert waits(lambda: sign_in(store, room.code, "Bea", password, AWAY, clock)) == 15
    clock.now += accounts.GUESS_WINDOW + 1
    for number in range(accounts.PER_ACCOUNT.free):  # failures older than the window are forgotten
        assert sign_in(store, room.code, "Nobody", f"guess-{number}", AWAY, clock) is None  # a name nobody has
    assert waits(lambda: sign_in(store, room.code, "nobody", "guess", AWAY, clock)) == 15
    assert edit(store, "SELECT count(*) FROM failures")[0][0] == accounts.PER_ACCOUNT.free


def test_a_whole_class_on_one_address_signs_in_despite_its_typos_but_one_client_trying_names_is_slowed(
    store: ProgressStore, teacher: Learner, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A school's class shares one address: 30 learners who each mistype three times are not held up; one client
    trying name after name is."""
    quick = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)  # hashes checked by the hundred
    monkeypatch.setattr(accounts, "HASHER", quick)
    monkeypatch.setattr(accounts, "_NOBODY", quick.hash("nobody's"))
    room = store.create_class(teacher, "Martes")
    school = "203.0.113.7"
    for number in range(30):
        learner, _ = add_learner(store, teacher, room.id, f"Learner {number}", "class-secret")
        device = accounts.Client(school, f"device-{number}")
        for typo in range(3):
            assert sign_in(store, room.code, learner.name, f"typo-{typo}", device, clock) is None
        assert sign_in(store, room.code, learner.name, "class-secret", device, clock) == learner
    for number in range(accounts.PER_CLIENT.free):
        assert sign_in(store, room.code, f"Name {number}", "guess", AWAY, clock) is None
    assert waits(lambda: sign_in(store, room.code, "Another name", "guess", AWAY, clock)) == 15
    assert waits(lambda: sign_in(store, room.code, "Learner 0", "class-secret", AWAY, clock)) == 15
    assert sign_in(store, room.code, "Learner 0", "class-secret", accounts.Client(school), clock) is not None


def test_app_servers_on_one_database_share_the_counts(
    open_store: Callable[[], ProgressStore], store: ProgressStore, teacher: Learner, clock: Clock
) -> None:
    room = store.create_class(teacher, "Martes")
    add_learner(store, teacher, room.id, "Bea", "bea-secret")
    with open_store() as other:  # a second replica
        for number in range(accounts.PER_ACCOUNT.free):
            assert sign_in((store, other)[number % 2], room.code, "Bea", f"guess-{number}", AWAY, clock) is None
        assert waits(lambda: sign_in(store, room.code, "Bea", "bea-secret", AWAY, clock)) == 15
        assert waits(lambda: sign_in(other, room.code, "Bea", "bea-secret", AWAY, clock)) == 15


def test_a_teachers_new_password_works_at_once_whatever_was_guessed(
    store: ProgressStore, teacher: Learner, clock: Clock
) -> None:
    room = store.create_class(teacher, "Martes")
    bea, _ = add_learner(store, teacher, room.id, "Bea", "bea-secret")
    for number in range(accounts.PER_ACCOUNT.free + 3):
        with suppress(TooManyGuesses):
            sign_in(store, room.code, "Bea", f"guess-{number}", AWAY, clock)
    new = reset_password(store, teacher, room.id, bea)
    assert sign_in(store, room.code, "Bea", new, AWAY, clock) == bea


def test_an_outage_is_not_a_guess(
    store: ProgressStore, teacher: Learner, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store that fails during a sign-in, or a join, raises its SaveError (the app says it is an outage) and
    counts no failure, whether it failed before the guess was counted or after."""
    room = store.create_class(teacher, "Martes")
    add_learner(store, teacher, room.id, "Bea", "bea-secret")
    eva = store.create_account("Eva", ISSUER, "eva").learner

    def down(*_: object) -> None:
        raise SaveError("the database cannot be reached", "postgresql://server/escoba")

    with monkeypatch.context() as outage:
        outage.setattr(store, "class_password", down)
        for _ in range(accounts.PER_ACCOUNT.free + 1):
            with pytest.raises(SaveError):
                sign_in(store, room.code, "Bea", "bea-secret", AWAY, clock)
        outage.setattr(store, "join_class", down)  # after the guess was counted
        for _ in range(accounts.PER_ACCOUNT.free + 1):
            with pytest.raises(SaveError):
                join_class(store, eva, room.code, AWAY, clock)
    assert edit(store, "SELECT count(*) FROM failures") == [(0,)]
    assert sign_in(store, room.code, "Bea", "bea-secret", AWAY, clock) is not None
    assert join_class(store, eva, room.code, AWAY, clock) == room


def test_wrong_teachers_codes_slow_the_profile_down(store: ProgressStore, clock: Clock) -> None:
    eva = store.create_account("Eva", ISSUER, "eva").learner
    for number in range(accounts.PER_ACCOUNT.free):
        assert not become_teacher(store, eva, f"guess-{number}", "club-secret", AWAY, clock)
    assert waits(lambda: become_teacher(store, eva, "club-secret", "club-secret", AWAY, clock)) == 15
    assert store.account_of(eva) == Account(eva, teacher=False)
    clock.now += 15
    assert become_teacher(store, eva, "club-secret", "club-secret", AWAY, clock)


def test_wrong_class_codes_to_join_slow_the_profile_down(store: ProgressStore, teacher: Learner, clock: Clock) -> None:
    room = store.create_class(teacher, "Martes")
    eva = store.create_account("Eva", ISSUER, "eva").learner
    for number in range(accounts.PER_ACCOUNT.free):
        with pytest.raises(ValueError, match="no class has the code"):
            join_class(store, eva, f"NOPE{number}", AWAY, clock)
    assert waits(lambda: join_class(store, eva, room.code, AWAY, clock)) == 15
    assert store.members(teacher, room.id) == []
    clock.now += 15
    assert join_class(store, eva, room.code, AWAY, clock) == room


def test_guesses_made_at_once_from_many_tabs_are_held_to_the_limit_too(
    store: ProgressStore, teacher: Learner, clock: Clock
) -> None:
    room = store.create_class(teacher, "Martes")
    add_learner(store, teacher, room.id, "Bea", "bea-secret")

    def guess(number: int) -> str:
        try:
            return "checked" if sign_in(store, room.code, "Bea", f"guess-{number}", AWAY, clock) is None else "in"
        except TooManyGuesses:
            return "held"

    with ThreadPoolExecutor(max_workers=12) as tabs:  # each check takes Argon2's time: they overlap
        outcomes = list(tabs.map(guess, range(24)))
    assert outcomes.count("checked") == accounts.PER_ACCOUNT.free and outcomes.count("held") == 24 - 5


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),  # a home's or phone's whole /64 is one client
        ("::ffff:203.0.113.7", "203.0.113.7"),
        (None, ""),
        ("not an address", "not an address"),
    ],
)
def test_a_client_is_counted_by_its_address_or_its_ipv6_network(address: str | None, key: str) -> None:
    assert accounts.client_key(address) == key


def test_at_most_hashes_at_once_are_checked_together_and_each_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sign-ins from a whole class at once take their turn for the hash (``HASHES_AT_ONCE``), so they cannot hold a
    hash's memory each at the same time; the settings are OWASP's first Argon2id ones."""
    inside, most, lock = 0, 0, threading.Lock()
    both_in = threading.Barrier(2, timeout=60)  # the first two wait for each other: two at once is reached

    def verify(hash_: str, password: bytes) -> bool:
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
        with suppress(threading.BrokenBarrierError):
            both_in.wait()
        with lock:
            inside -= 1
        if password != hash_.encode():  # the password comes as its UTF-8 bytes
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


def test_an_import_that_fails_part_way_leaves_the_learners_profile_empty_to_try_again(
    store: ProgressStore, teacher: Learner, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = store.create_class(teacher, "Martes")
    lea, _ = add_learner(store, teacher, room.id, "Lea", "lea-secret-1")
    for number in range(30):
        when = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(minutes=number)
        store.record_attempt(
            "Ana", Attempt(f"p{number}", "capture", 1, (), "practice", "J♦", True, 3.0, 0, False, when)
        )
    exported = json.dumps(store.export_profile("Ana"))

    def outage() -> None:
        raise SaveError("the server went away between two chunks", "test")

    monkeypatch.setattr(store_module, "IMPORT_CHUNK", 10)
    monkeypatch.setattr(store_module, "between_chunks", outage)
    with pytest.raises(SaveError):
        store.fill_json(exported, lea)
    assert store.attempts(lea) == []  # the first chunk went with the rest
    monkeypatch.undo()
    store.fill_json(exported, lea)
    assert len(store.attempts(lea)) == 30


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
