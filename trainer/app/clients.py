"""Who is guessing at a password or a code, as ``trainer.progress.accounts`` counts wrong guesses: the client's
address and the device cookie its browser sent."""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from typing import Any

import streamlit as st

from trainer.app.cookies import cookie, set_cookie
from trainer.progress.accounts import DEVICE_COOKIE, DEVICE_DAYS, Client, client_key, new_device_token

LOG = logging.getLogger(__name__)


def client(settings: Mapping[str, Any]) -> Client:
    """This session's client: its address, and its device's token (the cookie's, or one made up now, which
    ``keep_device`` has the browser keep once it has signed in). Behind the club's proxy (``behind_proxy = true``
    under ``[club]``) the connection comes from the proxy, so the address is the one the proxy forwarded."""
    address = st.context.ip_address
    forwarded = forwarded_address(st.context.headers.get_all("X-Forwarded-For"))
    if settings.get("behind_proxy") is True:
        address = forwarded or address
    elif forwarded is not None:
        _proxy_unsaid()
    address = address if isinstance(address, str) else None  # none without a browser's connection (a test's)
    if "device_token" not in st.session_state:
        st.session_state.device_token = cookie(DEVICE_COOKIE) or new_device_token()
    return Client(client_key(address), st.session_state.device_token)


def forwarded_address(headers: list[str]) -> str | None:
    """The last address of the ``X-Forwarded-For`` headers: the one the club's own proxy added, from the connection
    it took (any before it, the client may have written itself)."""
    addresses = [part.strip() for header in headers if isinstance(header, str) for part in header.split(",")]
    addresses = [address for address in addresses if address]
    return addresses[-1] if addresses else None


@functools.cache
def _proxy_unsaid() -> None:
    """Tell the server's log, once, that connections come through a proxy the settings do not name."""
    LOG.warning(
        "sign-in: connections come through a proxy (they carry X-Forwarded-For), so every client has the proxy's "
        "address; if this server is reached only through it, set behind_proxy = true under [club] in secrets.toml"
    )


def keep_device() -> None:
    """After a sign-in with a class code, have the browser keep its device's token (``DEVICE_DAYS``), by which the
    account knows the device from then on."""
    if st.session_state.pop("keep_device", False) and (token := st.session_state.get("device_token")):
        set_cookie(DEVICE_COOKIE, token, DEVICE_DAYS * 24 * 3600)
