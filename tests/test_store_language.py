"""The language a learner reads the app in is kept with the profile and travels with its export."""

import pytest
from store_kit import edit

from trainer.progress.sqlite import Store


def test_a_profile_has_no_language_until_one_is_chosen_then_keeps_it(store: Store) -> None:
    assert store.language("Ana") is None
    store.set_language("Ana", "es")
    assert store.language("ana") == "es"
    store.set_language("Ana", "ru")
    assert store.language("Ana") == "ru"


@pytest.mark.parametrize("code", ["", "ES", "español", "e s", "x" * 1000])
def test_text_that_is_no_language_code_is_refused(store: Store, code: str) -> None:
    with pytest.raises(ValueError, match="is not a language code"):
        store.set_language("Ana", code)
    assert store.language("Ana") is None


def test_a_damaged_saved_language_reads_as_none_and_exports_as_none(store: Store) -> None:
    edit(store, "UPDATE profiles SET language = '<script>'")
    assert store.language("Ana") is None and store.export_profile("Ana")["language"] is None


def test_the_language_travels_with_an_export_and_an_old_export_has_none(store: Store) -> None:
    store.set_language("Ana", "ru")
    data = store.export_profile("Ana")
    assert data["language"] == "ru"
    assert store.import_profile(data, name="Bea") == "Bea" and store.language("Bea") == "ru"
    del data["language"]  # an export made before languages were kept
    assert store.import_profile(data, name="Eva") == "Eva" and store.language("Eva") is None
    with pytest.raises(ValueError, match="language: 'Russian' is not a language code"):
        store.import_profile({**data, "language": "Russian"}, name="Zoe")
