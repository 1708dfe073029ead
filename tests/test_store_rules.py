"""The rule set a learner plays by is kept with the profile, travels with its export, and falls back to classic."""

import pytest
from store_kit import edit

from trainer import PROFILES
from trainer.progress.sqlite import Store


def test_a_new_profile_plays_the_classic_rules(store: Store) -> None:
    assert store.rules("Ana") == PROFILES["classic"]


def test_the_chosen_rule_set_and_target_are_kept(store: Store) -> None:
    store.set_rules("Ana", PROFILES["turkish"].with_options(target=31))  # V4: 31 is Turkish's other target
    assert store.rules("ana") == PROFILES["turkish"].with_options(target=31)
    store.set_rules("Ana", PROFILES["sevens"])
    assert store.rules("Ana") == PROFILES["sevens"] and store.rules("Ana").target == 21


def test_a_rule_set_this_program_does_not_know_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="'house' is not a rule set"):
        store.set_rules("Ana", PROFILES["classic"].__class__(name="house"))
    assert store.rules("Ana") == PROFILES["classic"]


def test_a_damaged_saved_choice_reads_as_classic(store: Store) -> None:
    edit(store, "UPDATE profiles SET rule_set = 'nonsense', target = 99")
    assert store.rules("Ana") == PROFILES["classic"]
    assert store.export_profile("Ana")["rules"] == {"name": "classic", "target": 21}


def test_the_rule_set_travels_with_an_export(store: Store) -> None:
    store.set_rules("Ana", PROFILES["escova"])
    data = store.export_profile("Ana")
    assert data["rules"] == {"name": "escova", "target": 31}
    assert store.import_profile(data, name="Bea") == "Bea" and store.rules("Bea") == PROFILES["escova"]


def test_an_export_made_before_the_rule_sets_imports_as_classic(store: Store) -> None:
    data = store.export_profile("Ana")
    del data["rules"]
    store.import_profile(data, name="Cai")
    assert store.rules("Cai") == PROFILES["classic"]


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"name": "house"}, r"rules: 'house' is not a rule set"),
        ({"name": "escova", "target": 21}, r"rules: .*match by the escova rules is played to 31 points, not 21"),
        ({"name": 3}, r"rules\.name: expected text"),
    ],
)
def test_an_import_with_a_bad_rule_set_is_refused_before_any_write(store: Store, rules: object, message: str) -> None:
    data = {**store.export_profile("Ana"), "rules": rules}
    with pytest.raises(ValueError, match=message):
        store.import_profile(data, name="Dan")
    assert store.profiles() == ["Ana"]
