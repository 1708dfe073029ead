"""Text no store can keep (a NUL, a lone surrogate) on both stores: refused in the learner's words where it would be
written, found nowhere where it is looked up; and each text field's length bounded alike on both."""

from datetime import timedelta
from typing import Any

import pytest
from store_kit import CARD, T0, class_of

from trainer.progress.accounts import Client, client_key, join_class, sign_in
from trainer.progress.checks import THEMES_LENGTH, WORD_LENGTH
from trainer.progress.errors import ProfileGone
from trainer.progress.model import Attempt
from trainer.progress.store import ProgressStore
from trainer.text import SaidError

#: Characters PostgreSQL's TEXT cannot keep, nor UTF-8 encode.
UNKEEPABLE = ["\x00", "\ud800"]


def attempt(**fields: Any) -> Attempt:
    answer: dict[str, Any] = {
        "puzzle_id": "p1", "kind": "capture", "level": 1, "themes": ("sum",), "mode": "drill", "answer": "7",
        "correct": True, "seconds": 2.0, "hints": 0, "skipped": False, "at": T0,
    }  # fmt: skip
    return Attempt(**(answer | fields))


@pytest.mark.parametrize("odd", UNKEEPABLE)
def test_a_name_that_cannot_be_kept_finds_no_profile(store: ProgressStore, odd: str) -> None:
    assert store.learner(f"A{odd}na") is None
    with pytest.raises(ProfileGone):
        store.best(f"A{odd}na", "streak")
    with pytest.raises(SaidError, match="may hold only"):
        store.create_profile(f"A{odd}na")
    with pytest.raises(SaidError, match="may hold only"):
        store.rename_profile("Ana", f"A{odd}na")
    assert store.profiles() == ["Ana"]


@pytest.mark.parametrize("odd", UNKEEPABLE)
@pytest.mark.parametrize("field", ["kind", "mode", "answer", "themes"])
def test_an_answer_with_text_that_cannot_be_kept_is_refused(store: ProgressStore, odd: str, field: str) -> None:
    value: object = (f"su{odd}m",) if field == "themes" else f"x{odd}y"
    with pytest.raises(SaidError, match=f"^{field}: '.*' holds a character that cannot be kept"):
        store.record_attempt("Ana", attempt(**{field: value}))
    assert store.attempts("Ana") == []


@pytest.mark.parametrize("odd", UNKEEPABLE)
def test_a_record_key_or_a_card_that_cannot_be_kept_is_refused(store: ProgressStore, odd: str) -> None:
    with pytest.raises(SaidError, match=r"^mode: "):
        store.record_best("Ana", f"str{odd}eak", 3)
    with pytest.raises(SaidError, match=r"^card_json: "):
        store.save_review_card("Ana", "p1", CARD.replace("}", f', "x": "{odd}"}}'), T0)
    assert store.best("Ana", f"str{odd}eak") is None and store.review_cards("Ana") == {}


@pytest.mark.parametrize("odd", UNKEEPABLE)
@pytest.mark.parametrize("where", ["name", "record key", "theme", "answer", "card"])
def test_an_import_with_text_that_cannot_be_kept_is_refused_whole(store: ProgressStore, odd: str, where: str) -> None:
    store.record_attempt("Ana", attempt())
    store.record_best("Ana", "streak", 3)
    store.save_review_card("Ana", "p1", CARD, T0)
    data = store.export_profile("Ana")
    if where == "name":
        data["name"] = f"B{odd}ea"
    elif where == "record key":
        data["records"] = {f"str{odd}eak": 3}
    elif where == "theme":
        data["attempts"][0]["themes"] = [f"su{odd}m"]
    elif where == "answer":
        data["attempts"][0]["answer"] = f"7{odd}"
    else:
        data["review_cards"][0]["card_json"] = CARD.replace("}", f', "x": "{odd}"}}')
    with pytest.raises(SaidError, match=r"holds a character that cannot be kept|may hold only"):
        store.import_profile(data, None if where == "name" else "Bea")
    assert store.profiles() == ["Ana"]


@pytest.mark.parametrize("odd", UNKEEPABLE)
def test_class_codes_and_names_that_cannot_be_kept_sign_in_and_join_nothing(store: ProgressStore, odd: str) -> None:
    tere, class_id, (lia,) = class_of(store, "Lia")
    (room,) = store.classes(tere)
    client = Client(client_key(f"10.0.0.{odd}1"), device=f"d{odd}")  # as the app makes it
    assert sign_in(store, f"{room.code}{odd}", "Lia", "Lia-secret", client) is None
    assert sign_in(store, room.code, f"Li{odd}a", "Lia-secret", client) is None
    assert sign_in(store, room.code, "Lia", f"Lia-secret{odd}", client) is None
    assert sign_in(store, room.code, "Lia", "Lia-secret", client) == lia
    with pytest.raises(SaidError, match="no class has the code"):
        join_class(store, store.learners()[0], f"{room.code}{odd}", client)
    with pytest.raises(SaidError, match="may hold only"):
        store.create_class(tere, f"Lu{odd}nes")
    with pytest.raises(SaidError, match="may hold only"):
        store.add_learner(tere, class_id, f"B{odd}", "h")
    assert [learner.name for learner in store.members(tere, class_id)] == ["Lia"]


@pytest.mark.parametrize("odd", UNKEEPABLE)
def test_an_account_that_cannot_be_kept_is_refused_and_found_nowhere(store: ProgressStore, odd: str) -> None:
    assert store.account("https://id.example", f"u{odd}") is None
    with pytest.raises(SaidError, match=r"^subject: "):
        store.create_account("Uma", "https://id.example", f"u{odd}")
    with pytest.raises(SaidError, match="may hold only"):
        store.create_account(f"U{odd}ma", "https://id.example", "uma")
    assert store.account("https://id.example", "uma") is None


def test_the_longest_themes_and_record_keys_are_kept_alike_on_both_stores(store: ProgressStore) -> None:
    """At their bounds in 4-byte characters, the most a PostgreSQL index entry must hold; one more is refused."""
    wide = "\U0001f0a1"  # 🂡, four bytes in UTF-8
    themes = tuple(wide * WORD_LENGTH for _ in range((THEMES_LENGTH + 1) // (WORD_LENGTH + 1)))
    themes += (wide * (THEMES_LENGTH - len(" ".join(themes)) - 1),)
    assert len(" ".join(themes)) == THEMES_LENGTH
    store.record_attempt("Ana", attempt(themes=themes, kind=wide * WORD_LENGTH, puzzle_id="p" * 80))
    assert store.record_best("Ana", wide * WORD_LENGTH, 3)
    assert store.attempts("Ana")[0].themes == themes and store.best("Ana", wide * WORD_LENGTH) == 3
    for too_long in ((wide * (WORD_LENGTH + 1),), (*themes, "x")):
        with pytest.raises(ValueError, match=r"themes: .* is not"):
            store.record_attempt("Ana", attempt(themes=too_long, at=T0 + timedelta(seconds=1)))
    with pytest.raises(ValueError, match=r"mode: .* is not 1 to 40 characters"):
        store.record_best("Ana", wide * (WORD_LENGTH + 1), 3)
