"""Signing in on a club's server: teacher-made accounts with passwords, kept only as Argon2 hashes, and the
teacher's code that lets a signed-in profile teach."""

from __future__ import annotations

import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from trainer.progress.store import Learner, ProgressStore, Who
from trainer.text import SaidError, said

#: Argon2id with the library's own settings (RFC 9106's low-memory choice): about 50 ms a check here.
HASHER = PasswordHasher()
PASSWORD_LENGTH = (6, 128)
#: The letters of a password the app makes up: easy to read out to a child and to type on a tablet.
PASSWORD_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
#: What a check against no account costs too, so that a wrong name takes as long as a wrong password.
_NOBODY = HASHER.hash(secrets.token_hex(16))


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
    return store.add_learner(teacher, class_id, name, HASHER.hash(_checked(password))), password


def reset_password(store: ProgressStore, teacher: Who, class_id: int, learner: Who) -> str:
    """Give a learner of the teacher's class a new password, and return it to hand over."""
    password = new_password()
    store.set_password(teacher, class_id, learner, HASHER.hash(password))
    return password


def sign_in(store: ProgressStore, code: str, name: str, password: str) -> Learner | None:
    """The learner that the class code, name and password sign in to; None if any of them is wrong (which one is
    not said, and a wrong name takes as long to refuse as a wrong password)."""
    found = store.class_password(code, name)
    try:
        HASHER.verify(found[1] if found else _NOBODY, password)
    except (VerificationError, InvalidHashError):
        return None
    return found[0] if found else None


def become_teacher(store: ProgressStore, learner: Who, given: str, configured: str | None) -> bool:
    """Let the profile teach if ``given`` is the server's teacher code (none configured: nobody can); True if it
    now does."""
    if not configured or not hmac.compare_digest(given.strip().encode(), configured.encode()):
        return False
    store.set_teacher(learner)
    return True


def _checked(password: str) -> str:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise SaidError(
            said("a password has {low} to {high} characters, not {count}", low=low, high=high, count=len(password))
        )
    return password
