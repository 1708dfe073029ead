"""Whether the app may serve anyone: it fails closed.

Local profiles, with no sign-in, exist only where progress is kept in the file on this computer and the app is served
to this computer alone. Anything else (progress in PostgreSQL, or the app served to other computers) is a club's
server, which serves no one until its ``secrets.toml`` says how teachers and learners sign in: the teachers' code
under ``[club]`` (with its administrators' e-mail addresses, ``admins``, if it has any), and under ``[auth]`` the
sign-in's return address, its cookie secret and at least one OpenID provider (teachers sign in with one).

>>> refusal("127.0.0.1", None, {})
[]
>>> refusal("0.0.0.0", None, {"club": {"teacher_code": "a long phrase"}})
['[auth] redirect_uri', '[auth] cookie_secret', '[auth] client_id + client_secret + server_metadata_url']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The addresses that serve this computer only.
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
#: What a table under ``[auth]`` holds to be an OpenID provider.
PROVIDER_KEYS = ("client_id", "client_secret", "server_metadata_url")
#: What ``[auth]`` holds besides its providers.
AUTH_KEYS = ("redirect_uri", "cookie_secret")


def keeps_local_profiles(address: str | None, database: str | None) -> bool:
    """Whether the app may keep local profiles: progress in the file (no ``database``), served at ``address`` to this
    computer alone. Streamlit serves every network when no address is set."""
    return database is None and address in LOOPBACK


def provider_names(auth: Mapping[str, Any]) -> list[str | None]:
    """The OpenID providers ``[auth]`` sets up, by their table's name (None: the one set in ``[auth]`` itself)."""
    if _is_provider(auth):
        return [None]
    return [name for name, value in auth.items() if isinstance(value, Mapping) and _is_provider(value)]


def missing_settings(secrets: Mapping[str, Any]) -> list[str]:
    """What a club's server lacks in ``secrets`` (the tables of its ``secrets.toml``) before it may serve anyone."""
    club, auth = _table(secrets, "club"), _table(secrets, "auth")
    missing = [] if _filled(club.get("teacher_code")) else ["[club] teacher_code"]
    if not isinstance(club.get("behind_proxy", False), bool):  # "true" in quotes would count every client as one
        missing.append("[club] behind_proxy = true or false")
    admins = club.get("admins", [])
    if not isinstance(admins, list) or not all(isinstance(admin, str) and "@" in admin for admin in admins):
        missing.append('[club] admins = ["an e-mail address", ...]')  # the administrators, by their sign-in's address
    missing += [f"[auth] {key}" for key in AUTH_KEYS if not _filled(auth.get(key))]
    if not provider_names(auth):
        missing.append(f"[auth] {' + '.join(PROVIDER_KEYS)}")  # a provider's, under [auth] or a table of its own
    return missing


def refusal(address: str | None, database: str | None, secrets: Mapping[str, Any]) -> list[str]:
    """The settings this server must have before it serves anyone (none for local profiles on this computer)."""
    return [] if keeps_local_profiles(address, database) else missing_settings(secrets)


def _table(secrets: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = secrets.get(name)
    return value if isinstance(value, Mapping) else {}


def _is_provider(table: Mapping[str, Any]) -> bool:
    return all(_filled(table.get(key)) for key in PROVIDER_KEYS)


def _filled(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())
