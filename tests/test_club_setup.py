"""A server fails closed: local profiles only for the file on this computer served to it alone; anything else serves
no one until its sign-in is set up (``trainer.app.club_setup``)."""

import pytest

from trainer.app.club_setup import keeps_local_profiles, missing_settings, provider_names, refusal

PROVIDER = {"client_id": "id", "client_secret": "secret", "server_metadata_url": "https://id.example/.well-known"}
PROVIDER_MISSING = "[auth] client_id + client_secret + server_metadata_url"
ADMINS = '[club] admins = ["an e-mail address", ...]'
COMPLETE = {
    "club": {"teacher_code": "a long phrase"},
    "auth": {"redirect_uri": "https://e.example/oauth2callback", "cookie_secret": "random", **PROVIDER},
}


@pytest.mark.parametrize(
    ("address", "database", "local"),
    [
        ("127.0.0.1", None, True),
        ("localhost", None, True),
        ("::1", None, True),
        ("0.0.0.0", None, False),
        ("192.168.1.20", None, False),
        (None, None, False),  # Streamlit serves every network when no address is set
        ("", None, False),
        ("127.0.0.1", "postgresql:///escoba", False),
    ],
)
def test_local_profiles_only_for_the_file_served_to_this_computer_alone(address, database, local):
    assert keeps_local_profiles(address, database) is local
    assert (refusal(address, database, {}) == []) is local


def test_a_complete_club_is_served_anywhere_and_names_nothing_missing():
    assert refusal("0.0.0.0", "postgresql:///escoba", COMPLETE) == []


@pytest.mark.parametrize(
    ("secrets", "missing"),
    [
        ({}, ["[club] teacher_code", "[auth] redirect_uri", "[auth] cookie_secret", PROVIDER_MISSING]),
        ({**COMPLETE, "club": {"teacher_code": "  "}}, ["[club] teacher_code"]),
        ({**COMPLETE, "club": "not a table"}, ["[club] teacher_code"]),
        ({**COMPLETE, "auth": {**COMPLETE["auth"], "cookie_secret": ""}}, ["[auth] cookie_secret"]),
        ({**COMPLETE, "auth": {**COMPLETE["auth"], "client_secret": None}}, [PROVIDER_MISSING]),
        ({**COMPLETE, "auth": {**COMPLETE["auth"], "client_id": 7}}, [PROVIDER_MISSING]),
        ({**COMPLETE, "club": {**COMPLETE["club"], "behind_proxy": "true"}}, ["[club] behind_proxy = true or false"]),
        ({**COMPLETE, "club": {**COMPLETE["club"], "behind_proxy": True}}, []),
        ({**COMPLETE, "club": {**COMPLETE["club"], "admins": ["head@school.example"]}}, []),
        ({**COMPLETE, "club": {**COMPLETE["club"], "admins": "head@school.example"}}, [ADMINS]),  # not a list
        ({**COMPLETE, "club": {**COMPLETE["club"], "admins": ["head"]}}, [ADMINS]),  # not an address
    ],
)
def test_each_missing_setting_is_named(secrets, missing):
    found = missing_settings(secrets)
    assert found == missing
    assert refusal("127.0.0.1", "postgresql:///escoba", secrets) == found


def test_providers_are_the_auth_table_itself_or_its_named_tables_that_are_whole():
    assert provider_names(PROVIDER) == [None]
    auth = {"redirect_uri": "r", "google": PROVIDER, "half": {"client_id": "x"}, "cookie_secret": "c"}
    assert provider_names(auth) == ["google"]
    assert missing_settings({"club": COMPLETE["club"], "auth": auth}) == []
