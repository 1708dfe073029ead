"""Signing in on a club's server: teacher-made accounts with passwords, kept only as Argon2 hashes, a limit on
wrong guesses, and the teacher's code that lets a signed-in profile teach."""

from __future__ import annotations

import hmac
import os
import secrets
import threading
import time
from collections.abc import Callable
from contextlib import suppress

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from trainer.progress.model import Classroom, Learner, Who
from trainer.progress.store import ProgressStore, sign_in_key
from trainer.text import SaidError, said

#: Argon2id with the first settings of OWASP's Password Storage Cheat Sheet (19 MiB, 2 passes, 1 lane) rather than
#: the library's own (RFC 9106's second choice, 64 MiB and 4 lanes): a server checks many passwords at once, and a
#: class signing in together must not take a small server's memory. Hashes made before keep their own settings.
HASHER = PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1)
#: How many hashes are made or checked at once in this process; the others wait their turn. One a core: more would
#: only share the cores and hold more memory.
HASHES_AT_ONCE = max(1, os.cpu_count() or 1)
_HASHING = threading.BoundedSemaphore(HASHES_AT_ONCE)
PASSWORD_LENGTH = (6, 128)
#: The letters of a password the app makes up: easy to read out to a child and to type on a tablet.
PASSWORD_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
#: What a check against no account costs too, so that a wrong name takes as long as a wrong password.
_NOBODY = HASHER.hash(secrets.token_hex(16))


def hashed(password: str) -> str:
    """The password's Argon2id hash, made in turn with the process's other hashes (``HASHES_AT_ONCE``)."""
    with _HASHING:
        return HASHER.hash(password)


def matches(hash_: str, password: str) -> bool:
    """Whether ``password`` is the one ``hash_`` was made from, checked in turn with the process's other hashes."""
    with _HASHING:
        try:
            return HASHER.verify(hash_, password)
        except (VerificationError, InvalidHashError):
            return False


#: Wrong guesses allowed within ``GUESS_WINDOW`` seconds: for one class code and name, or from one profile of
#: class codes to join or of the teachers' code.
GUESSES = 5
GUESS_WINDOW = 15 * 60


class TooManyGuesses(Exception):
    """Too many wrong guesses lately: the next is taken after ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"too many wrong guesses: try again in {seconds:.0f} s")
        self.seconds = seconds


class Guesses:
    """The guesses of the last ``GUESS_WINDOW`` seconds that were not right, by what was guessed at, in this app
    process (each server of a club counts its own); safe to share between threads. A guess counts from the moment
    it is taken, so guesses made at once from many tabs cannot all pass before the first is found wrong."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._wrong: dict[tuple[str, ...], list[float]] = {}
        self._lock = threading.Lock()
        self._clock = clock

    def take(self, key: tuple[str, ...]) -> float:
        """Count a guess at ``key`` as wrong until it proves right, and return its moment; TooManyGuesses, counting
        nothing, while ``key`` has ``GUESSES`` within the window."""
        with self._lock:
            now = self._clock()
            recent = [at for at in self._wrong.get(key, []) if now - at < GUESS_WINDOW]
            if len(recent) >= GUESSES:
                self._wrong[key] = recent
                raise TooManyGuesses(GUESS_WINDOW - (now - recent[0]))
            self._wrong[key] = [*recent, now]
            return now

    def forgive(self, key: tuple[str, ...], moment: float) -> None:
        """The guess taken at ``moment`` was right: it does not count."""
        with self._lock, suppress(ValueError):
            self._wrong.get(key, []).remove(moment)

    def right(self, key: tuple[str, ...]) -> None:
        """A right guess at ``key``: none before it counts either."""
        with self._lock:
            self._wrong.pop(key, None)


#: This process's count, which the app's sign-in uses.
GUESSED = Guesses()


def new_password() -> str:
    """A password of 8 letters and digits in two groups ("k7vq-m3xa"): about 40 bits."""
    letters = "".join(secrets.choice(PASSWORD_LETTERS) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


def add_learner(
    store: ProgressStore, teacher: Who, class_id: int, name: str, password: str = ""
) -> tuple[Learner, str]:
    """Make a learner in the teacher's class who signs in with the class code, the name and ``password`` (a new
    one if empty); return the learner and the password, to hand over once."""
    password = password or new_password()
    return store.add_learner(teacher, class_id, name, hashed(_checked(password))), password


def reset_password(store: ProgressStore, teacher: Who, class_id: int, learner: Who) -> str:
    """Give a learner of the teacher's class a new password, and return it to hand over."""
    password = new_password()
    store.set_password(teacher, class_id, learner, hashed(password))
    return password


def sign_in(store: ProgressStore, code: str, name: str, password: str, guesses: Guesses = GUESSED) -> Learner | None:
    """The learner that the class code, name and password sign in to; None if any of them is wrong (which one is
    not said, and a wrong name takes as long to refuse as a wrong password). TooManyGuesses, before any check,
    after ``GUESSES`` wrong ones for that code and name within the window: a password cannot be tried by the
    thousand."""
    key = ("class", *sign_in_key(code, name))
    guesses.take(key)
    found = store.class_password(code, name)
    if not matches(found[1] if found else _NOBODY, password) or found is None:
        return None
    guesses.right(key)
    return found[0]


def join_class(store: ProgressStore, learner: Learner, code: str, guesses: Guesses = GUESSED) -> Classroom:
    """Put the profile in the class of that code; ValueError if no class has it, TooManyGuesses after
    ``GUESSES`` wrong codes from the profile within the window (class codes are not to be found by trying)."""
    key = ("join", str(learner.id))
    moment = guesses.take(key)
    joined = store.join_class(learner, code)
    guesses.forgive(key, moment)  # a learner may join several classes; only codes that fit no class count
    return joined


def become_teacher(
    store: ProgressStore, learner: Learner, given: str, configured: str | None, guesses: Guesses = GUESSED
) -> bool:
    """Let the profile teach if ``given`` is the server's teacher code (none configured: nobody can); True if it
    now does. TooManyGuesses after ``GUESSES`` wrong codes from the profile within the window."""
    key = ("teacher", str(learner.id))
    moment = guesses.take(key)
    if not configured or not hmac.compare_digest(given.strip().encode(), configured.encode()):
        return False
    store.set_teacher(learner)
    guesses.forgive(key, moment)
    return True


def _checked(password: str) -> str:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise SaidError(
            said("a password has {low} to {high} characters, not {count}", low=low, high=high, count=len(password))
        )
    return password
