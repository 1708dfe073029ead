"""Sessions that end, on a club's server: each sign-in starts one, kept in the database under the SHA-256 of a random
token that only the browser holds (in a cookie). Every page checks it; a sign-out, a teacher's new password or a
removal from the class ends it, and it expires unused after ``IDLE``, at the latest ``LONGEST`` after the sign-in."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from trainer.progress.model import Learner, Session
from trainer.progress.store import ProgressStore

#: A session unused this long ends.
IDLE = timedelta(days=14)
#: A session ends this long after its sign-in however much it is used: as long as a provider's own cookie lasts.
LONGEST = timedelta(days=30)
#: A session's expiry is moved on at most this often: most pages only read it.
MOVED_ON_AFTER = timedelta(hours=1)
#: A provider's sign-in starts a session only this soon after it (either way, for clocks a little apart).
FRESH = timedelta(minutes=15)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, in hex. A random token of 256 bits needs no slow hash."""
    return hashlib.sha256(token.encode()).hexdigest()


def start(store: ProgressStore, learner: Learner, now: datetime, signed_in_at: int | None = None) -> str | None:
    """A new session of the learner's: its token, for the browser to keep. With ``signed_in_at``, a provider's
    sign-in time, None if that sign-in started a session already, or a later one did."""
    token = secrets.token_urlsafe(32)
    return token if store.start_session(token_hash(token), learner, now, now + IDLE, signed_in_at) else None


def live(store: ProgressStore, token: str, now: datetime) -> Session | None:
    """The session of ``token`` if it is live, its expiry moved on (once ``MOVED_ON_AFTER`` has passed since it
    last was); None if it ended or expired."""
    session = store.session(token_hash(token), now)
    if session is not None:
        moved_on = min(now + IDLE, session.created + LONGEST)
        if moved_on - session.expires >= MOVED_ON_AFTER:
            store.extend_session(token_hash(token), moved_on)
    return session


def end(store: ProgressStore, token: str) -> None:
    """End the session of ``token``: every tab and server that holds it is signed out on its next page."""
    store.end_session(token_hash(token))


def fresh_sign_in(claimed: object, now: datetime) -> int | None:
    """A provider's sign-in time (the ``iat`` its ID token claims, in seconds) if it is within ``FRESH`` of ``now``;
    None for an older one, or none."""
    if isinstance(claimed, bool) or not isinstance(claimed, int | float):
        return None
    return int(claimed) if abs(now.timestamp() - claimed) <= FRESH.total_seconds() else None
