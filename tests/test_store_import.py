"""Profile names that are one up to case and width, renaming, and imports checked field by field before any write."""

import dataclasses
import gzip
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from store_kit import CARD, T0

from trainer.progress import store as store_module
from trainer.progress import transfer
from trainer.progress.model import Attempt
from trainer.progress.rows import attempt_data
from trainer.progress.sqlite import Store
from trainer.progress.transfer import IMPORT_BYTES, IMPORT_MB, export_file
from trainer.text import SaidError


@pytest.fixture
def export(store: Store) -> dict[str, Any]:
    """An export of a profile with an attempt, a rating and a review card."""
    store.create_profile("Exp")
    store.record_attempt("Exp", Attempt("p1", "capture", 1, ("sum",), "drill", "7", True, 2.0, 0, False, T0))
    store.set_rating("Exp", 1520.0, 180.0, 0.06)
    store.save_review_card("Exp", "p1", CARD, T0)
    data = store.export_profile("Exp")
    store.delete_profile("Exp")
    return data


@pytest.mark.parametrize("name", ["ana", "ANA", "Ａna", " ana "])
def test_a_name_differing_only_in_case_or_width_is_refused(store: Store, name: str) -> None:
    with pytest.raises(ValueError, match=r"exists as 'Ana' \(names that differ only in case or width are one\)"):
        store.create_profile(name)
    assert store.profiles() == ["Ana"]


def test_a_profile_is_found_whatever_the_case_or_width(store: Store) -> None:
    store.record_best("ａna", "streak", 3)
    assert store.best("ANA", "streak") == 3


def test_a_profile_is_renamed_with_its_progress(store: Store) -> None:
    store.record_best("Ana", "streak", 3)
    assert store.rename_profile("Ana", "Ana María") == "Ana María"
    assert store.profiles() == ["Ana María"] and store.best("Ana María", "streak") == 3


def test_a_rename_to_the_same_name_in_another_case_is_allowed(store: Store) -> None:
    store.rename_profile("Ana", "ANA")
    assert store.profiles() == ["ANA"]


def test_a_rename_to_another_profiles_name_is_refused(store: Store) -> None:
    store.create_profile("Bea")
    with pytest.raises(ValueError, match="exists as 'Ana'"):
        store.rename_profile("Bea", "ana")
    assert store.profiles() == ["Ana", "Bea"]


def test_an_import_into_a_fresh_install_replaces_its_empty_profile(tmp_path: Path, export: dict[str, Any]) -> None:
    with Store.open(tmp_path / "fresh") as fresh:
        fresh.create_profile("Player")
        assert fresh.import_profile(export) == "Exp"
        assert fresh.profiles() == ["Exp"] and fresh.get_rating("Exp") == (1520.0, 180.0, 0.06)


def test_an_import_keeps_an_only_profile_that_has_progress(tmp_path: Path, export: dict[str, Any]) -> None:
    with Store.open(tmp_path / "used") as used:
        used.create_profile("Player")
        used.record_best("Player", "streak", 1)
        used.import_profile(export)
        assert used.profiles() == ["Exp", "Player"]


def test_an_import_without_replace_empty_adds_beside_the_empty_profile(tmp_path: Path, export: dict[str, Any]) -> None:
    with Store.open(tmp_path / "fresh") as fresh:
        fresh.create_profile("Player")
        fresh.import_profile(export, replace_empty=False)
        assert fresh.profiles() == ["Exp", "Player"]


def test_an_import_under_the_name_of_an_empty_profile_replaces_it(store: Store, export: dict[str, Any]) -> None:
    store.create_profile("Bea")
    assert store.import_profile(export, name="bea") == "bea"
    assert store.profiles() == ["Ana", "bea"] and store.review_cards("bea") == {"p1": CARD}


def test_an_import_under_the_name_of_a_profile_with_progress_is_refused(store: Store, export: dict[str, Any]) -> None:
    store.create_profile("Bea")
    store.record_best("Bea", "rush", 2)
    with pytest.raises(ValueError, match="profile 'BEA' exists as 'Bea'"):
        store.import_profile(export, name="BEA")
    assert store.best("Bea", "rush") == 2


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("rating", "vol"), 0, r"rating\.vol: 0\.0 is not between 0 and 1"),
        (("rating", "rd"), 0, r"rating\.rd: 0\.0 is not from 1 to 500"),
        (("rating", "rating"), 1e6, r"rating\.rating: 1000000\.0 is not from 0 to 4000"),
        (("rating", "rating"), -1e6, r"rating\.rating: -1000000\.0 is not from 0 to 4000"),
        (("rating", "rd"), 1e200, r"rating\.rd: 1e\+200 is not from 1 to 500"),
        (("review_cards", 0, "card_json"), "1", r"review_cards\[0\]\.card_json: '1' is not a review card"),
        (("review_cards", 0, "card_json"), "{}", r"review_cards\[0\]\.card_json: '\{\}' is not a review card"),
        (("review_cards", 0, "card_json"), "NaN", r"review_cards\[0\]\.card_json: 'NaN' is not a review card"),
        (("attempts", 0, "at"), "9999-12-31T23:00:00-05:00", r"attempts\[0\]\.at: .* is out of the range of time"),
        (("attempts", 0, "level"), 2**63, r"attempts\[0\]\.level: \d+ is too large an integer"),
    ],
)
def test_an_import_out_of_range_is_refused_before_any_write(
    store: Store, export: dict[str, Any], path: tuple[str | int, ...], value: object, message: str
) -> None:
    place: Any = export
    for step in path[:-1]:
        place = place[step]
    place[path[-1]] = value
    with pytest.raises(ValueError, match=message):
        store.import_profile(export)
    assert store.profiles() == ["Ana"]


def test_import_json_reads_an_export(store: Store, export: dict[str, Any]) -> None:
    assert store.import_json(json.dumps(export)) == "Exp"
    assert store.get_rating("Exp") == (1520.0, 180.0, 0.06)


def test_import_json_refuses_json_nested_too_deep(store: Store) -> None:
    with pytest.raises(ValueError, match="nested too deep"):
        store.import_json("[" * 100_000 + "]" * 100_000)


def test_import_json_refuses_an_integer_too_large(store: Store, export: dict[str, Any]) -> None:
    text = json.dumps(export).replace('"level": 1', f'"level": {2**64}')
    with pytest.raises(ValueError, match="too large an integer"):
        store.import_json(text)


def test_import_json_refuses_nan(store: Store, export: dict[str, Any]) -> None:
    export["rating"]["rd"] = float("nan")
    with pytest.raises(ValueError, match="NaN is not a number an export holds"):
        store.import_json(json.dumps(export))


def test_import_json_refuses_a_file_over_the_size_cap_in_the_learners_words(store: Store) -> None:
    with pytest.raises(SaidError, match=f"^the file is larger than {IMPORT_MB} MB, the most an import reads$"):
        store.import_json(b" " * (IMPORT_BYTES + 1))
    with pytest.raises(ValueError, match=r"^format: missing"):  # a file of the largest size is read
        store.import_json(b" " * (IMPORT_BYTES - 2) + b"{}")


def test_an_export_carries_the_place_in_the_course(store: Store) -> None:
    store.set_place("Ana", "basics-2", 3)
    data = json.loads(json.dumps(store.export_profile("Ana")))
    assert data["place"] == {"level_id": "basics-2", "stage": 3}
    assert store.import_profile(data, name="Bea") == "Bea" and store.place("Bea") == ("basics-2", 3)
    data["place"] = {"level_id": "basics-2", "stage": -1}
    with pytest.raises(ValueError, match=r"^place\.stage: -1 is not an integer from 0 to 10000$"):
        store.import_profile(data, name="Cy")


def test_an_export_file_too_large_as_json_is_gzipped_to_fit(file_store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """As a profile of 100,000 answers against the real limit (``bench/export_size.py`` measures that one)."""
    monkeypatch.setattr(transfer, "IMPORT_BYTES", 40_000)
    monkeypatch.setattr(store_module, "between_chunks", lambda: None)
    answer = Attempt("p1", "capture", 1, ("sum",), "drill", "7", True, 2.0, 0, False, T0)
    times = [T0 + timedelta(seconds=i) for i in range(400)]
    answers = [attempt_data(dataclasses.replace(answer, at=at), ["sum"]) for at in times]
    file_store.import_profile({**file_store.export_profile("Ana"), "name": "Big", "attempts": answers})
    data = file_store.export_profile("Big")
    packed = export_file(data)
    assert len(json.dumps(data)) > transfer.IMPORT_BYTES > len(packed)
    assert file_store.import_json(packed, name="Bea") == "Bea"
    assert file_store.export_profile("Bea") == {**data, "name": "Bea"}


def test_a_gzipped_file_that_unpacks_too_large_or_is_damaged_is_refused(
    store: Store, export: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    packed = export_file(export)
    monkeypatch.setattr(transfer, "UNPACKED_BYTES", len(gzip.decompress(packed)) - 1)
    with pytest.raises(SaidError, match=f"^the file unpacks to more than {transfer.UNPACKED_MB} MB, the most an"):
        store.import_json(packed)
    monkeypatch.undo()
    with pytest.raises(ValueError, match=r"^the file is not a profile export: a gzip file cut short$"):
        store.import_json(packed[:-20])
    with pytest.raises(ValueError, match=r"^the file is not a profile export: a damaged gzip file"):
        store.import_json(packed[:10] + bytes(len(packed) - 10))
    assert store.profiles() == ["Ana"]


def test_import_json_refuses_text_that_is_not_json(store: Store) -> None:
    with pytest.raises(ValueError, match="the file is not a profile export"):
        store.import_json("{not json")
    assert store.profiles() == ["Ana"]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        (("attempts", 0, "level"), 9, r"^attempts\[0\]\.level: 9 is not an integer from 1 to 5$"),
        (("attempts", 0, "seconds"), 1e9, r"^attempts\[0\]\.seconds: 1e\+09 is more than the 86400 seconds kept$"),
        (("attempts", 0, "seconds"), -1, r"^attempts\[0\]\.seconds: -1\.0 is below zero$"),
        (("attempts", 0, "hints"), 10**6, r"^attempts\[0\]\.hints: 1000000 is not an integer from 0 to 1000$"),
        (("attempts", 0, "puzzle_id"), "p" * 81, r"^attempts\[0\]\.puzzle_id: 'ppppp.*' is not an id: 1 to 80"),
        (("attempts", 0, "puzzle_id"), "../p1", r"^attempts\[0\]\.puzzle_id: '\.\./p1' is not an id"),
        (("attempts", 0, "kind"), "", r"^attempts\[0\]\.kind: '' is not 1 to 40 characters$"),
        (("attempts", 0, "mode"), "m" * 41, r"^attempts\[0\]\.mode: 'mmmm.*' is not 1 to 40 characters$"),
        (("attempts", 0, "answer"), "7" * 1001, r"^attempts\[0\]\.answer: '7777.*' is not 0 to 1000 characters$"),
        (("attempts", 0, "answer"), "7\x00", r"^attempts\[0\]: answer: '7\\x00' holds a character that cannot be kept"),
        (("records", "streak"), 10**12, r"^records\.streak: 1000000000000 is not an integer from 0 to 1000000$"),
        (("records", "s" * 41), 3, r"^records\.s{41}: 'ssss.*' is not 1 to 40 characters$"),
        (("stars", "no such level!"), 2, r"^stars\.no such level!: 'no such level!' is not an id"),
    ],
)
def test_every_imported_figure_and_text_is_range_checked(
    store: Store, export: dict[str, Any], field: tuple[Any, ...], value: object, message: str
) -> None:
    node = export
    for step in field[:-1]:
        node = node[step]
    node[field[-1]] = value
    with pytest.raises(ValueError, match=message):
        store.import_profile(export, name="Guest")
    assert store.profiles() == ["Ana"]


def test_an_answer_left_open_for_days_is_kept_as_a_day_and_exports_back(store: Store) -> None:
    store.record_attempt("Ana", Attempt("p1", "capture", 1, ("sum",), "drill", "7", True, 5e5, 0, False, T0))
    data = store.export_profile("Ana")
    assert data["attempts"][0]["seconds"] == 86_400
    store.import_profile(data, name="Bea")
    assert store.attempts("Bea")[0].seconds == 86_400
