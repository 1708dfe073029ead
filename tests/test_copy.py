"""``escoba-trainer copy-progress``: a club copied whole from a file to a database and back, a second run that
copies nothing twice, ``--verify`` finding a difference, and a profile the target refuses named, not hidden."""

from __future__ import annotations

import secrets
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from store_kit import class_of, edit
from test_store import attempt, fill

from trainer.cli import main
from trainer.progress.copying import compare, copy_store
from trainer.progress.model import HomeworkSettings
from trainer.progress.sqlite import Store
from trainer.progress.store import ProgressStore
from trainer.progress.stores import open_store

DUE = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
SET_FOR_LEA = HomeworkSettings("sevens", players=2, target=15)


def club(place: str) -> None:
    """A club's data: Ana of this computer with some of everything; Tere, who teaches Martes (Lea and Max, signing in
    by password, and Nico, by a provider, who joined) and set it two homeworks."""
    with open_store(place) as store:
        store.create_profile("Ana")
        fill(store, "Ana")  # type: ignore[arg-type]
        store.set_place("Ana", "basics-2", 3)
        store.record_stars("Ana", "basics-1", 2)
        tere, room, (lea, _) = class_of(store, "Lea", "Max")
        store.set_place(lea, "basics-1", 1)
        nico = store.create_account("Nico", "https://id.example", "nico").learner
        store.join_class(nico, store.classes(tere)[0].code)
        store.assign(tere, room, "levels", ("basics-1",), DUE)
        store.assign(tere, room, "match", ("greedy",), DUE + timedelta(days=7))


def everything(store: ProgressStore) -> dict[str, object]:
    """What a club's members see of its data, ids aside: exports, accounts, classes, members, passwords, homework."""
    tere = store.account("https://id.example", "tere")
    assert tere is not None
    [room] = store.classes(tere.learner)
    members = store.members(tere.learner, room.id)
    return {
        "exports": {m.name: store.export_profile(m) for m in [*members, tere.learner]}
        | {"Ana": store.export_profile("Ana")},
        "accounts": [(a.learner.name, a.teacher) for m in members if (a := store.account_of(m)) is not None],
        "teacher": tere.teacher,
        "class": (room.name, room.code),
        "members": [m.name for m in members],
        "passwords": [store.class_password(room.code, name) is not None for name in ("Lea", "Max", "Nico")],
        "hashes": [found[1] for name in ("Lea", "Max") if (found := store.class_password(room.code, name))],
        "homework": [(a.kind, a.items, a.due, a.created) for a in store.class_assignments(tere.learner, room.id)],
        "place": store.place("Ana"),
    }


def copied(source: str, target: str, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, list[str]]:
    """``copy-progress`` run: its exit status and the lines it printed."""
    status = main(["copy-progress", *flags, source, target])
    return status, capsys.readouterr().out.splitlines()


def test_a_club_goes_from_a_file_to_a_database_and_back_whole(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club(str(tmp_path / "a"))
    with open_store(tmp_path / "a") as store:
        before = everything(store)
    assert before["passwords"] == [True, True, False] and before["place"] == ("basics-2", 3)

    status, out = copied(str(tmp_path / "a"), database, capsys)
    assert status == 0, out
    assert "profile Lea (class " in "\n".join(out) and "profile Tere (signs in with https://id.example): copied" in out
    assert out[-6:] == [
        "profile: 5 copied, 0 there already, 0 not copied",
        "class: 1 copied, 0 there already, 0 not copied",
        "membership: 3 copied, 0 there already, 0 not copied",
        "co-teacher: 0 copied, 0 there already, 0 not copied",
        "homework: 2 copied, 0 there already, 0 not copied",
        "news: 0 copied, 0 there already, 0 not copied",
    ]
    (tmp_path / "b").mkdir()
    Store.open(tmp_path / "b").close()
    assert copied(database, str(tmp_path / "b"), capsys)[0] == 0
    for place in (database, tmp_path / "b"):
        with open_store(place) as store:
            assert everything(store) == before
    assert copied(str(tmp_path / "a"), str(tmp_path / "b"), capsys, "--verify")[0] == 0


def test_a_second_copy_copies_nothing_twice_and_says_so(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club(str(tmp_path))
    assert copied(str(tmp_path), database, capsys)[0] == 0
    with open_store(database) as store:
        once = everything(store)
    status, out = copied(str(tmp_path), database, capsys)
    assert status == 0 and "profile Ana: there already" in out
    assert out[-6:] == [
        "profile: 0 copied, 5 there already, 0 not copied",
        "class: 0 copied, 1 there already, 0 not copied",
        "membership: 0 copied, 3 there already, 0 not copied",
        "co-teacher: 0 copied, 0 there already, 0 not copied",
        "homework: 0 copied, 2 there already, 0 not copied",
        "news: 0 copied, 0 there already, 0 not copied",
    ]
    with open_store(database) as store:
        assert everything(store) == once
    status, out = copied(str(tmp_path), database, capsys, "--verify")
    assert status == 0 and out[-1] == "both sides hold the same counts"
    assert "attempts: 12 in the source, 12 in the target" in out


def test_a_class_run_for_a_term_keeps_its_archives_co_teachers_rights_passwords_and_news(
    tmp_path: Path, database: str
) -> None:
    with Store.open(tmp_path) as file:
        tere, room, (lea, max_) = class_of(file, "Lea", "Max")
        pia, rui = (file.create_account(name, "https://id.example", name.lower()).learner for name in ("Pia", "Rui"))
        file.set_teacher(pia)
        file.set_teacher(rui)
        file.set_teaching(rui, allowed=False)
        file.co_teach(pia, file.co_teacher_code(tere, room))
        lea_password = file.own_password(lea)
        assert lea_password is not None
        file.set_passwords(tere, room, [(lea, lea_password)], one_time=True)
        file.post_news(tere, room, "Bring your cards")
        file.post_news(pia, room, "No class on Friday")
        file.assign(tere, room, "match", ("greedy",), DUE, SET_FOR_LEA, (lea.id,))
        file.archive_learner(tere, room, max_)
        file.archive_class(tere, room)
        news = [(note.text, note.posted, note.author) for note in file.class_news(tere, room)]
    assert len(news) == 2

    with Store.open(tmp_path) as file, open_store(database) as target:
        first, second = copy_store(file, target), copy_store(file, target)
        lines, differ = compare(file, target)
        assert not differ and "assignment_learners: 1 in the source, 1 in the target" in lines
        tere_there = target.account("https://id.example", "tere")
        assert tere_there is not None
        [room_there] = target.classes(tere_there.learner)
        [lea_there] = target.members(tere_there.learner, room_there.id)
        lea_account = target.account_of(lea_there)
        assert room_there.archived and lea_there.name == "Lea" and lea_account is not None and lea_account.one_time
        assert [m.name for m in target.members(tere_there.learner, room_there.id, archived=True)] == ["Max"]
        assert [c.name for c in target.co_teachers(tere_there.learner, room_there.id)] == ["Pia"]
        teachers = [(t.learner.name, t.teaching) for t in target.teachers()]
        assert teachers == [("Pia", True), ("Rui", False), ("Tere", True)]
        notes = target.class_news(tere_there.learner, room_there.id)
        assert [(note.text, note.posted, note.author) for note in notes] == news
        [homework] = target.class_assignments(tere_there.learner, room_there.id)
        assert homework.settings == SET_FOR_LEA and homework.learners == (lea_there.id,)
    carried = {"profile": 5, "class": 1, "membership": 2, "co-teacher": 1, "homework": 1, "news": 2}
    assert len(first) == len(second) == sum(carried.values())
    assert Counter(o.kind for o in first if o.problem is None and not o.already) == carried
    assert Counter(o.kind for o in second if o.problem is None and o.already) == carried


def test_homework_for_a_learner_left_behind_is_left_not_set_for_the_whole_class(tmp_path: Path, database: str) -> None:
    with Store.open(tmp_path) as file:
        tere, room, (_, max_) = class_of(file, "Lea", "Max")
        file.record_attempt(max_, attempt(0))
        edit(file, "UPDATE attempts SET themes = ? WHERE profile_id = ?", secrets.token_urlsafe(8_000), max_.id)
        file.assign(tere, room, "levels", ("basics-1",), DUE, learners=(max_.id,))
    with Store.open(tmp_path) as file, open_store(database) as target:
        [left] = [outcome for outcome in copy_store(file, target) if outcome.kind == "homework"]
        tere_there = target.account("https://id.example", "tere")
        assert tere_there is not None
        [room_there] = target.classes(tere_there.learner)
        assert target.class_assignments(tere_there.learner, room_there.id) == []
    assert left.problem is not None and left.problem.startswith("a learner it is for was not copied: Max (class ")


def test_verify_finds_a_row_missing_from_the_target(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club(str(tmp_path))
    assert copied(str(tmp_path), database, capsys)[0] == 0
    with open_store(database) as store:
        nico = store.account("https://id.example", "nico")
        assert nico is not None
        edit(store, "DELETE FROM members WHERE profile_id = ?", nico.learner.id)
        store.create_profile("Zoe")
    status, out = copied(str(tmp_path), database, capsys, "--verify")
    assert status == 1 and out[-1] == "the copy differs"
    assert "Nico (signs in with https://id.example): members 1 here, 0 there" in out
    assert "Zoe: only in the target" in out and "members: 3 in the source, 2 in the target" in out


def test_a_profile_the_target_refuses_is_named_and_the_rest_is_copied(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club(str(tmp_path))
    with Store.open(tmp_path) as file:
        file.create_profile("Bea")
        fill(file, "Bea")
        bea = file.learner("Bea")
        assert bea is not None
        theme = secrets.token_urlsafe(8_000)  # one word, over a theme's length: a hand edit no store would keep
        edit(file, "UPDATE attempts SET themes = ? WHERE profile_id = ?", theme, bea.id)
    status, out = copied(str(tmp_path), database, capsys)
    assert status == 1
    [refused] = [line for line in out if line.startswith("profile Bea: ")]
    assert refused.startswith("profile Bea: not copied: rows it holds cannot be read (") and "attempts" in refused
    assert "profile Ana: copied" in out
    assert "profile: 5 copied, 0 there already, 1 not copied" in out
    with open_store(database) as store:
        assert store.learner("Bea") is None and store.profiles() == ["Ana"]  # not half there
    status, out = copied(str(tmp_path), database, capsys, "--verify")
    assert status == 1 and "Bea: not in the target" in out


def test_a_teacher_left_behind_leaves_the_class_and_all_in_it_and_says_so(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club(str(tmp_path))
    with Store.open(tmp_path) as file:
        tere = file.account("https://id.example", "tere")
        assert tere is not None
        file.set_place(tere.learner, "basics-1", 0)
        edit(file, "UPDATE places SET level_id = ? WHERE profile_id = ?", "no level!", tere.learner.id)  # a hand edit
    status, out = copied(str(tmp_path), database, capsys)
    assert status == 1
    code = file_code(tmp_path)
    learner_left = "not copied: its class or its learner was not copied"
    assert out[:-6] == [
        "profile Ana: copied",
        "profile Nico (signs in with https://id.example): copied",
        "profile Tere (signs in with https://id.example): not copied: rows it holds cannot be read (1 in places)",
        f"class Martes ({code}): not copied: its teacher was not copied",
        f"profile Lea (class {code}): not copied: its class {code} was not copied",
        f"profile Max (class {code}): not copied: its class {code} was not copied",
        f"membership Lea (class {code}) in Martes ({code}): {learner_left}",
        f"membership Max (class {code}) in Martes ({code}): {learner_left}",
        f"membership Nico (signs in with https://id.example) in Martes ({code}): {learner_left}",
        f"homework levels homework due 2026-01-05T18:00:00.000000+00:00 in Martes ({code}): not copied: its class was "
        "not copied",
        f"homework match homework due 2026-01-12T18:00:00.000000+00:00 in Martes ({code}): not copied: its class was "
        "not copied",
    ]
    assert out[-6:] == [
        "profile: 2 copied, 0 there already, 3 not copied",
        "class: 0 copied, 0 there already, 1 not copied",
        "membership: 0 copied, 0 there already, 3 not copied",
        "co-teacher: 0 copied, 0 there already, 0 not copied",
        "homework: 0 copied, 0 there already, 2 not copied",
        "news: 0 copied, 0 there already, 0 not copied",
    ]


def file_code(folder: Path) -> str:
    """The code of the one class of the file in ``folder``."""
    [(code,)] = edit(str(folder), "SELECT code FROM classes")
    return str(code)


def test_a_profile_of_another_progress_under_the_name_is_left_as_it_is(
    tmp_path: Path, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(tmp_path) as file:
        file.create_profile("Cai")
        fill(file, "Cai")
    with open_store(database) as store:
        store.create_profile("cai")  # a learner of the club already has the name
    status, out = copied(str(tmp_path), database, capsys)
    assert status == 1
    other = "the target has another profile of that name or account, with other progress or sign-in"
    assert out[0] == f"profile Cai: not copied: {other}"
    with open_store(database) as store:
        assert store.profiles() == ["cai"] and not store.attempts("cai")
