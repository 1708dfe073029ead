"""A class run for a term, on both stores: learners archived and taken out, classes renamed, archived and deleted,
co-teachers, many learners added at once with one-time passwords, a learner's own password, an administrator who
takes a teacher's right to teach away, and class news."""

from datetime import UTC, datetime, timedelta

import pytest
from store_kit import class_of

from trainer.progress import accounts
from trainer.progress.accounts import TooManyGuesses, add_learners, become_teacher, change_password, is_admin, sign_in
from trainer.progress.errors import NotYours
from trainer.progress.model import Learner
from trainer.progress.sessions import live, start
from trainer.progress.store import NEWS_LENGTH, ProgressStore
from trainer.text import SaidError

NOW = datetime(2026, 3, 2, 9, tzinfo=UTC)


def signed_in(store: ProgressStore, learner: Learner) -> str:
    """A new session's token."""
    token = start(store, learner, NOW)
    assert token is not None
    return token


def provider_teacher(store: ProgressStore, name: str) -> Learner:
    """A profile that signed in with a provider and gave the teachers' code."""
    made = store.create_account(name, "https://id.example", name.casefold()).learner
    assert become_teacher(store, made, "code", "code")
    return made


def test_an_archived_learner_keeps_everything_but_leaves_the_lists_and_cannot_sign_in(store: ProgressStore) -> None:
    tere, class_id, (bea, cai) = class_of(store, "Bea", "Cai")
    store.assign(tere, class_id, "match", ("random",), NOW + timedelta(days=7))
    store.record_stars(bea, "values", 2)
    code = store.classes(tere)[0].code
    token = signed_in(store, bea)
    store.archive_learner(tere, class_id, bea)
    assert store.members(tere, class_id) == [cai] and store.members(tere, class_id, archived=True) == [bea]
    assert sign_in(store, code, "Bea", "Bea-secret") is None and live(store, token, NOW) is None
    assert store.homework(bea) == [] and store.stars(bea) == {"values": 2}  # nothing of theirs is gone
    store.archive_learner(tere, class_id, bea, archived=False)
    assert sign_in(store, code, "Bea", "Bea-secret") == bea and len(store.homework(bea)) == 1


def test_a_class_is_renamed_archived_and_brought_back_by_the_teacher_who_made_it(store: ProgressStore) -> None:
    tere, class_id, (bea,) = class_of(store, "Bea")
    store.rename_class(tere, class_id, "Martes 2027")
    [room] = store.classes(tere)
    assert (room.name, room.archived, room.owner) == ("Martes 2027", False, True)
    other = provider_teacher(store, "Otto")
    store.co_teach(other, store.co_teacher_code(tere, class_id))
    with pytest.raises(NotYours):  # a co-teacher teaches, but does not close the class
        store.archive_class(other, class_id)
    store.archive_class(tere, class_id)
    assert store.classes(tere)[0].archived and store.homework(bea) == []
    assert sign_in(store, room.code, "Bea", "Bea-secret") == bea  # learners still sign in to their progress
    ada = store.create_account("Ada", "https://id.example", "ada").learner
    with pytest.raises(SaidError):  # but nobody joins an archived class
        store.join_class(ada, room.code)
    store.archive_class(tere, class_id, archived=False)
    assert store.join_class(ada, room.code).id == class_id


def test_deleting_a_class_deletes_the_learners_made_in_it_and_not_those_with_their_own_sign_in(
    store: ProgressStore,
) -> None:
    tere, class_id, (bea,) = class_of(store, "Bea")
    ada = store.create_account("Ada", "https://id.example", "ada").learner
    store.join_class(ada, store.classes(tere)[0].code)
    store.record_stars(ada, "values", 3)
    store.post_news(tere, class_id, "Bring a pack of cards on Friday.")
    token = signed_in(store, ada)
    store.delete_class(tere, class_id)
    assert store.classes(tere) == [] and store.learner(bea) is None
    assert store.learner(ada) == ada and store.stars(ada) == {"values": 3}
    assert live(store, token, NOW) is not None  # still signed in, to their own progress


def test_a_co_teacher_teaches_the_class_from_a_one_use_code_until_the_teacher_who_made_it_says_not(
    store: ProgressStore,
) -> None:
    tere, class_id, (bea,) = class_of(store, "Bea")
    otto, pia = provider_teacher(store, "Otto"), provider_teacher(store, "Pia")
    with pytest.raises(NotYours):
        store.members(otto, class_id)
    stale = store.co_teacher_code(tere, class_id)
    code = store.co_teacher_code(tere, class_id)  # the code made before no longer works
    assert len(code) == 10 and code != stale
    for wrong in (stale, "", "\0"):
        with pytest.raises(SaidError, match="no class has the co-teacher code"):
            store.co_teach(otto, wrong)
    assert accounts.co_teach(store, otto, f" {code.lower()} ").id == class_id
    assert store.co_teachers(tere, class_id) == [otto] and store.members(otto, class_id) == [bea]
    [room] = store.classes(otto)
    assert room.id == class_id and not room.owner
    with pytest.raises(SaidError):  # used up
        store.co_teach(pia, code)
    with pytest.raises(NotYours):  # a co-teacher does not choose the co-teachers
        store.co_teacher_code(otto, class_id)
    with pytest.raises(NotYours):
        store.remove_co_teacher(otto, class_id, otto)
    store.remove_co_teacher(tere, class_id, otto)
    assert store.classes(otto) == []
    pupil = store.create_account("Ines", "https://id.example", "ines").learner
    with pytest.raises(NotYours):  # only a teacher co-teaches
        store.co_teach(pupil, store.co_teacher_code(tere, class_id))


def test_wrong_co_teacher_codes_slow_the_teacher_down(store: ProgressStore) -> None:
    tere, class_id, _ = class_of(store)
    otto = provider_teacher(store, "Otto")
    for _ in range(accounts.PER_ACCOUNT.free):
        with pytest.raises(SaidError):
            accounts.co_teach(store, otto, "WRONGCODE1", clock=lambda: 1000.0)
    with pytest.raises(TooManyGuesses):
        accounts.co_teach(store, otto, store.co_teacher_code(tere, class_id), clock=lambda: 1001.0)


def test_many_learners_are_added_at_once_each_with_a_one_time_password(store: ProgressStore) -> None:
    tere, class_id, _ = class_of(store, "Bea")
    code = store.classes(tere)[0].code
    added = add_learners(store, tere, class_id, "Ana López\nCai, Dani;\n\n  Eva\tMora  \n")
    assert [learner.name for learner, _ in added] == ["Ana López", "Cai", "Dani", "Eva Mora"]
    learner, password = added[1]
    assert sign_in(store, code, "Cai", password) == learner
    assert store.account_of(learner).one_time  # type: ignore[union-attr]
    assert not store.account_of(store.members(tere, class_id)[1]).one_time  # type: ignore[union-attr]  # Bea's


@pytest.mark.parametrize(
    ("listed", "words"),
    [
        ("Ana\nB@d", "line 2: name: 'B@d' may hold only letters"),
        ("Ana\nCai\nana", "line 3: 'ana' is on line 1 too"),
        ("Ana\nbea", "line 2: a learner of the class is called 'bea' already"),
        ("\n , ;", "the list holds no name"),
        (", ".join(f"L{n}" for n in range(61)), "at most 60 learners"),
    ],
)
def test_a_bad_list_names_its_line_and_name_and_adds_nobody(store: ProgressStore, listed: str, words: str) -> None:
    tere, class_id, (bea,) = class_of(store, "Bea")
    with pytest.raises(SaidError, match=words):
        add_learners(store, tere, class_id, listed)
    assert store.members(tere, class_id) == [bea]


def test_a_made_up_password_is_one_time_and_a_learner_then_chooses_their_own(store: ProgressStore) -> None:
    tere, class_id, (bea,) = class_of(store, "Bea")
    code = store.classes(tere)[0].code
    handed = accounts.reset_password(store, tere, class_id, bea)
    assert store.account_of(bea).one_time  # type: ignore[union-attr]
    here, elsewhere = signed_in(store, bea), signed_in(store, bea)
    assert not change_password(store, bea, "wrong-one", "my-own-pass", here)
    assert change_password(store, bea, handed, "my-own-pass", here)
    assert not store.account_of(bea).one_time  # type: ignore[union-attr]
    assert live(store, here, NOW) is not None and live(store, elsewhere, NOW) is None
    assert sign_in(store, code, "Bea", "my-own-pass") == bea and sign_in(store, code, "Bea", handed) is None
    with pytest.raises(SaidError, match="6 to 128 characters"):
        change_password(store, bea, "my-own-pass", "short", here)
    assert not change_password(store, bea, None, "without-the-old", here)  # only a one-time one is replaced so


def test_a_learner_who_signed_in_by_a_one_time_password_replaces_it_without_typing_it_again(
    store: ProgressStore,
) -> None:
    tere, class_id, _ = class_of(store)
    [(cai, _)] = add_learners(store, tere, class_id, "Cai")
    assert change_password(store, cai, None, "cai-own-pass", signed_in(store, cai))
    assert not store.account_of(cai).one_time  # type: ignore[union-attr]
    assert not change_password(store, cai, None, "again-without", None)  # once: it is their own password now
    assert sign_in(store, store.classes(tere)[0].code, "Cai", "cai-own-pass") == cai


def test_wrong_old_passwords_slow_the_change_down(store: ProgressStore) -> None:
    _, _, (bea,) = class_of(store, "Bea")
    for _ in range(accounts.PER_ACCOUNT.free):
        assert not change_password(store, bea, "wrong-one", "my-own-pass", None, clock=lambda: 1000.0)
    with pytest.raises(TooManyGuesses):
        change_password(store, bea, "Bea-secret", "my-own-pass", None, clock=lambda: 1001.0)


def test_an_administrator_takes_a_teachers_right_away_and_the_code_does_not_give_it_back(
    store: ProgressStore,
) -> None:
    tere, class_id, _ = class_of(store, "Bea")
    otto = provider_teacher(store, "Otto")
    assert [(one.learner, one.teaching, one.classes) for one in store.teachers()] == [(otto, True, 0), (tere, True, 1)]
    store.set_teaching(tere, allowed=False)
    assert not store.account_of(tere).teacher and store.classes(tere) == []  # type: ignore[union-attr]
    with pytest.raises(NotYours):
        store.members(tere, class_id)
    with pytest.raises(SaidError, match="taken your right to teach away"):
        become_teacher(store, tere, "code", "code")
    assert [one.teaching for one in store.teachers()] == [True, False]  # still listed, to give it back
    store.set_teaching(tere, allowed=True)
    assert [learner.name for learner in store.members(tere, class_id)] == ["Bea"]
    with pytest.raises(ValueError, match="does not teach"):
        store.set_teaching(store.members(tere, class_id)[0], allowed=False)


@pytest.mark.parametrize(
    ("claims", "admin"),
    [
        ({"email": "Boss@Club.example ", "email_verified": True}, True),
        ({"email": "boss@club.example", "email_verified": False}, False),  # anyone may write any address
        ({"email": "boss@club.example"}, False),
        ({"email": "other@club.example", "email_verified": True}, False),
    ],
)
def test_an_administrator_is_named_by_a_checked_e_mail_address(claims: dict[str, object], admin: bool) -> None:
    assert is_admin(claims, ["boss@club.example"]) is admin


def test_news_reaches_the_classes_learners_in_use_latest_first(store: ProgressStore) -> None:
    tere, class_id, (bea, cai) = class_of(store, "Bea", "Cai")
    first = store.post_news(tere, class_id, "  Homework is up.\nGood luck!  ")
    second = store.post_news(tere, class_id, "Friday: a tournament.")
    assert first.text == "Homework is up.\nGood luck!" and first.author == "Tere"
    assert [note.text for note in store.news(bea, first.posted)] == [second.text, first.text]
    assert store.news(bea, second.posted + timedelta(seconds=1)) == []
    store.archive_learner(tere, class_id, cai)
    assert store.news(cai, first.posted) == []
    store.delete_news(tere, class_id, second.id)
    assert store.class_news(tere, class_id) == [first]
    for empty in ("", " \n ", "x" * (NEWS_LENGTH + 1)):
        with pytest.raises(SaidError, match="a note has 1 to 500 characters"):
            store.post_news(tere, class_id, empty)
    with pytest.raises(NotYours):
        store.post_news(bea, class_id, "I teach now")


def test_a_teacher_sees_a_learner_of_their_classes_and_no_one_else(store: ProgressStore) -> None:
    tere, class_id, (bea,) = class_of(store, "Bea")
    otto = provider_teacher(store, "Otto")
    stranger = store.create_account("Pia", "https://id.example", "pia").learner
    assert store.class_learner(tere, bea.id) == bea
    store.archive_learner(tere, class_id, bea)
    assert store.class_learner(tere, bea.id) == bea  # archived, and still theirs to look back on
    for asking, learner in ((otto, bea.id), (tere, stranger.id), (tere, tere.id), (bea, bea.id)):
        with pytest.raises(NotYours):
            store.class_learner(asking, learner)
    store.co_teach(otto, store.co_teacher_code(tere, class_id))
    assert store.class_learner(otto, bea.id) == bea
