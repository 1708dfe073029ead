"""Signing in on a club's server: teacher-made accounts with passwords, kept only as Argon2 hashes, wrong guesses
slowed down (never locked out) by the scheme of OWASP's Authentication Cheat Sheet and device cookies, and the
teacher's code that lets a signed-in profile teach."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from trainer.progress.errors import SaveError
from trainer.progress.model import Classroom, Failures, Guess, Learner, Who
from trainer.progress.sessions import token_hash
from trainer.progress.store import ProgressStore, guess_target, name_key, sign_in_target, valid_name
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
#: The time of day as guesses are counted by: seconds since 1970, the same on every app server of the club.
Clock = Callable[[], float]


def hashed(password: str) -> str:
    """The password's Argon2id hash, made in turn with the process's other hashes (``HASHES_AT_ONCE``)."""
    with _HASHING:
        return HASHER.hash(_utf8(password))


def _utf8(password: str) -> bytes:
    """A password's bytes as hashed: UTF-8, even with half of a surrogate pair in it (a browser keeps none, a forged
    request may), so that such a password is only a wrong one."""
    return password.encode("utf-8", "surrogatepass")


def matches(hash_: str, password: str) -> bool:
    """Whether ``password`` is the one ``hash_`` was made from, checked in turn with the process's other hashes."""
    with _HASHING:
        try:
            return HASHER.verify(hash_, _utf8(password))
        except (VerificationError, InvalidHashError):
            return False


#: How long a wrong guess is remembered (the "T" of OWASP's device-cookie scheme): older ones count for nothing.
GUESS_WINDOW = 60 * 60
#: How long a device that signed in to an account stays trusted for it without signing in again: a school year.
DEVICE_DAYS = 365
#: The cookie that holds a device's random token (its hash is what the database keeps).
DEVICE_COOKIE = "escoba_device"


@dataclass(frozen=True)
class Slowdown:
    """How long a new guess waits after recent failures: nothing for the first ``free``, then ``first`` seconds
    after the latest failure, doubled every ``doubling`` further failures up to ``most``. A wait, never a lock: a
    right guess after it is taken like any other."""

    free: int
    first: float
    most: float
    doubling: int = 1

    def wait(self, failures: Failures, now: float) -> float:
        """Seconds until a guess is taken after ``failures`` (0: at once)."""
        if failures.count < self.free:
            return 0.0
        doublings = min((failures.count - self.free) // self.doubling, 32)
        return max(0.0, failures.latest + min(self.most, self.first * 2.0**doublings) - now)


#: For one account, from untrusted clients together or from one trusted device: five free tries, then 15 s, 30 s,
#: 1 min, 2 min, 4 min, and 5 min between tries at most (about a dozen an hour).
PER_ACCOUNT = Slowdown(free=5, first=15, most=300)
#: For one address's untrusted guesses at any account: generous, as a school's whole class may share one address
#: (the school's NAT), and a class's typos are not an attack; it catches one client trying name after name.
PER_CLIENT = Slowdown(free=100, first=15, most=300, doubling=10)


class TooManyGuesses(Exception):
    """Too many wrong guesses lately: the next is taken after ``seconds``."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"too many wrong guesses: try again in {seconds:.0f} s")
        self.seconds = seconds


@dataclass(frozen=True)
class Client:
    """Who makes a guess: their address's key (``client_key``), and the random token of the device cookie their
    browser sent (``DEVICE_COOKIE``; None if it sent none)."""

    address: str = ""
    device: str | None = None


def client_key(address: str | None) -> str:
    """What a client's guesses are counted by: its IPv4 address, or the /64 network of an IPv6 one (a single home
    or phone is given a whole /64); an address that cannot be read, as it is in ASCII escapes, cut short."""
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return (address or "").strip().encode("unicode_escape").decode("ascii")[:64]
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if isinstance(ip, ipaddress.IPv6Address) else str(ip)


def new_device_token() -> str:
    """A device cookie's random token: 256 bits."""
    return secrets.token_urlsafe(32)


def device_hash(token: str) -> str:
    """What the database keeps of a device token: its SHA-256 (a random token needs no slow hash)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_password() -> str:
    """A password of 8 letters and digits in two groups ("k7vq-m3xa"): about 40 bits."""
    letters = "".join(secrets.choice(PASSWORD_LETTERS) for _ in range(8))
    return f"{letters[:4]}-{letters[4:]}"


def add_learner(
    store: ProgressStore, teacher: Who, class_id: int, name: str, password: str = ""
) -> tuple[Learner, str]:
    """Make a learner in the teacher's class who signs in with the class code, the name and ``password``; return
    the learner and the password, to hand over once. Left empty, a password is made up, good for one sign-in: the
    learner then chooses their own. One the teacher chose (for a child too young to keep their own) is kept."""
    one_time = not password
    password = password or new_password()
    return store.add_learner(teacher, class_id, name, hashed(_checked(password)), one_time), password


#: The most learners added from one list: a large class, with room to spare.
MOST_AT_ONCE = 60


def add_learners(store: ProgressStore, teacher: Who, class_id: int, listed: str) -> list[tuple[Learner, str]]:
    """Make a learner in the teacher's class for each name of ``listed`` (a name a line, or names parted by commas
    or semicolons; cells of a spreadsheet's row joined by a space), each with a made-up one-time password; all are
    made, or none. A SaidError naming the line and the name for a bad name, one listed twice, or one a learner of
    the class has."""
    names: list[tuple[int, str]] = []
    for number, line in enumerate(listed.splitlines(), start=1):
        names += [(number, " ".join(part.split("\t")).strip()) for part in re.split("[,;]", line) if part.strip()]
    if not names:
        raise SaidError(said("the list holds no name: write one name a line"))
    if len(names) > MOST_AT_ONCE:
        raise SaidError(
            said("at most {most} learners are added at once, not {count}", most=MOST_AT_ONCE, count=len(names))
        )
    taken = {name_key(learner.name) for learner in store.members(teacher, class_id)}
    taken |= {name_key(learner.name) for learner in store.members(teacher, class_id, archived=True)}
    seen: dict[str, int] = {}
    for number, name in names:
        try:
            key = name_key(valid_name(name))
        except SaidError as error:
            raise SaidError(said("line {line}: {words}", line=number, words=error.said)) from None
        if key in taken:
            raise SaidError(
                said("line {line}: a learner of the class is called {name} already", line=number, name=repr(name))
            )
        if key in seen:
            raise SaidError(
                said("line {line}: {name} is on line {first} too", line=number, name=repr(name), first=seen[key])
            )
        seen[key] = number
    passwords = [new_password() for _ in names]
    hashes = [(name, hashed(password)) for (_, name), password in zip(names, passwords, strict=True)]
    added = store.add_learners(teacher, class_id, hashes, one_time=True)
    return list(zip(added, passwords, strict=True))


def reset_password(store: ProgressStore, teacher: Who, class_id: int, learner: Learner) -> str:
    """Give a learner of the teacher's class a new one-time password, and return it to hand over."""
    [(_, password)] = reset_passwords(store, teacher, class_id, [learner])
    return password


def reset_passwords(
    store: ProgressStore, teacher: Who, class_id: int, learners: list[Learner]
) -> list[tuple[Learner, str]]:
    """Give each of these learners of the teacher's class a new one-time password, all in one write, and return them
    to hand over (on sign-in cards, say)."""
    passwords = [new_password() for _ in learners]
    store.set_passwords(
        teacher, class_id, [(learner, hashed(pw)) for learner, pw in zip(learners, passwords, strict=True)]
    )
    return list(zip(learners, passwords, strict=True))


def change_password(
    store: ProgressStore,
    learner: Learner,
    old: str | None,
    new: str,
    keep: str | None,
    client: Client = Client(),
    clock: Clock = time.time,
) -> bool:
    """The learner's own new password, if ``old`` is the one they sign in with, or (``old`` None) if they signed in
    with a one-time password, which they replace now; False, changing nothing, if not. Their other sessions end,
    all but the one of the token ``keep``. A SaidError for a new password too short or too long; TooManyGuesses
    while recent wrong old ones slow the account down, as at sign-in."""
    new = _checked(new)
    kept = None if keep is None else token_hash(keep)
    if old is None:
        return store.change_own_password(learner, hashed(new), kept, one_time=True)
    with _guessing(store, Guess(guess_target("password", str(learner.id)), client.address), clock()) as failure:
        if (found := store.own_password(learner)) is None or not matches(found, old):
            return False
        store.forgive_guess(failure)
        return store.change_own_password(learner, hashed(new), kept)


def is_admin(claims: Mapping[str, object], admins: object) -> bool:
    """Whether the provider's user of ``claims`` is one of the club's administrators: ``admins`` (the ``[club]``
    setting) lists their e-mail addresses, and the provider must say it checked the address (``email_verified``),
    as anyone may write any address into an account of some providers."""
    email = claims.get("email")
    if claims.get("email_verified") is not True or not isinstance(email, str) or not isinstance(admins, list):
        return False
    return email.strip().casefold() in {str(admin).strip().casefold() for admin in admins}


def sign_in(
    store: ProgressStore, code: str, name: str, password: str, client: Client = Client(), clock: Clock = time.time
) -> Learner | None:
    """The learner that the class code, name and password sign in to; None if any of them is wrong (which one is
    not said, and a wrong name takes as long to refuse as a wrong password). TooManyGuesses, before any check, while
    recent failures slow that account down for this client (``PER_ACCOUNT``, ``PER_CLIENT``).

    This is the scheme of OWASP's Authentication Cheat Sheet (failures counted by account, in the database every
    app server shares, and a growing delay rather than a lockout) with OWASP's device cookies: a device that has
    signed in to the account is judged by its own failures there alone, so nobody else's wrong guesses, from the
    same school network or not, ever hold back the learner's own tablet. A right password forgives the earlier
    failures of its client or device at the account, and makes the client's device (``client.device``) trusted."""
    found = store.class_password(code, name)
    token = device_hash(client.device) if client.device else None
    trusted = token is not None and store.device_trusted(token, found[0].id if found else None)
    guess = Guess(sign_in_target(code, name), client.address, token if trusted else None)
    now = clock()
    with _guessing(store, guess, now) as failure:
        if not matches(found[1] if found else _NOBODY, password) or found is None:
            return None
        store.signed_in_by_guess(failure, guess, found[0], token, clock(), now - DEVICE_DAYS * 24 * 3600)
    return found[0]


def join_class(
    store: ProgressStore, learner: Learner, code: str, client: Client = Client(), clock: Clock = time.time
) -> Classroom:
    """Put the profile in the class of that code; ValueError if no class has it, TooManyGuesses while recent wrong
    codes from the profile (or many from the client) slow it down, as for a password (class codes are not to be
    found by trying)."""
    with _guessing(store, Guess(guess_target("join", str(learner.id)), client.address), clock()) as failure:
        joined = store.join_class(learner, code)
        store.forgive_guess(failure)  # a learner may join several classes; only codes that fit no class count
    return joined


def co_teach(
    store: ProgressStore, teacher: Learner, code: str, client: Client = Client(), clock: Clock = time.time
) -> Classroom:
    """Let the teacher co-teach the class of that co-teacher code (``ProgressStore.co_teach``); a SaidError if no
    class has it, TooManyGuesses while recent wrong codes from the profile (or many from the client) slow it down."""
    with _guessing(store, Guess(guess_target("co-teach", str(teacher.id)), client.address), clock()) as failure:
        joined = store.co_teach(teacher, code)
        store.forgive_guess(failure)
    return joined


def become_teacher(
    store: ProgressStore,
    learner: Learner,
    given: str,
    configured: str | None,
    client: Client = Client(),
    clock: Clock = time.time,
) -> bool:
    """Let the profile teach if ``given`` is the server's teacher code (none configured: nobody can); True if it
    now does. TooManyGuesses while recent wrong codes from the profile (or many from the client) slow it down."""
    with _guessing(store, Guess(guess_target("teacher", str(learner.id)), client.address), clock()) as failure:
        if not configured or not hmac.compare_digest(_utf8(given.strip()), _utf8(configured)):
            return False
        store.set_teacher(learner)
        store.forgive_guess(failure)
    return True


@contextmanager
def _guessing(store: ProgressStore, guess: Guess, now: float) -> Iterator[int]:
    """Count ``guess`` as wrong before it is checked, so that guesses made at once cannot all pass before the first
    is found wrong, and give its number to forgive it by; TooManyGuesses, counting nothing, while it must wait. A
    store that fails meanwhile (an outage, not a guess) has the guess forgiven if it can still be reached."""

    def judge(account: Failures, client: Failures | None) -> None:
        wait = max(PER_ACCOUNT.wait(account, now), 0.0 if client is None else PER_CLIENT.wait(client, now))
        if wait > 0:
            raise TooManyGuesses(wait)

    failure = store.take_guess(guess, now, now - GUESS_WINDOW, judge)
    try:
        yield failure
    except SaveError:
        with suppress(SaveError):
            store.forgive_guess(failure)
        raise


def _checked(password: str) -> str:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise SaidError(
            said("a password has {low} to {high} characters, not {count}", low=low, high=high, count=len(password))
        )
    return password
