"""Signing in on a club's server, as its people meet it (AppTest): a teacher signs in with an OpenID provider and
gives the teachers' code, makes a class and a learner; the learner signs in with the class code and password. A
signed-in learner sees only their own progress, whatever the address asks for, and a teacher only their classes."""

import contextlib
import re
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from app_kit import seen
from store_kit import edit
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Node

from trainer.ai.game import Game
from trainer.app import cookies
from trainer.app.clients import forwarded_address
from trainer.app.signin import SESSION_COOKIE, forget_all_but
from trainer.progress import sessions
from trainer.progress.accounts import add_learner, device_hash
from trainer.progress.errors import SaveError
from trainer.progress.model import Attempt, Learner
from trainer.progress.sqlite import Store
from trainer.progress.training import keep_game
from trainer.puzzles import load_puzzles
from trainer.puzzles.loader import bank_folder

APP = str(Path(__file__).parent.parent / "streamlit_app.py")
PAGES = "trainer/app/views"
CLUB = {"teacher_code": "club-secret"}
ISSUER = "https://id.example"


def app(user: dict[str, Any] | None = None, query: dict[str, str] | None = None) -> AppTest:
    """The app on a club's server, opened by a provider's user (``user``'s claims, signed in by default just now)
    or by no one yet."""
    at = AppTest.from_file(APP, default_timeout=30)
    at.secrets["club"] = CLUB
    if user is not None:
        at.user = {"is_logged_in": True, "iss": ISSUER, "iat": int(time.time()), **user}  # signed in just now
    at.query_params.update(query or {})
    at.run()
    assert not at.exception, at.exception
    return at


def press(at: AppTest, label: str, where: Any = None) -> AppTest:
    next(b for b in (where or at).button if b.label == label).click().run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    """Everything the page shows, as text: every element's message, and every table's cells, in the sidebar, the
    main column and the toasts."""
    found: list[str] = []

    def walk(node: Node) -> None:
        if (proto := getattr(node, "proto", None)) is not None:
            found.append(str(proto))
        if node.type in ("table", "arrow_data_frame"):
            found.append(node.value.to_string())  # type: ignore[attr-defined]
        for child in getattr(node, "children", {}).values():
            walk(child)

    for root in (at.sidebar, at.main, *at.toast):
        walk(root)
    return "\n".join(found)


@pytest.fixture
def club(data: Path) -> dict[str, Any]:
    """A server where Tere teaches class "Martes" with Bea in it, and Bea has answered, played and learned."""
    with Store.open(data) as saved:
        tere = saved.create_account("Tere", ISSUER, "tere").learner
        saved.set_teacher(tere)
        room = saved.create_class(tere, "Martes")
        bea, password = add_learner(saved, tere, room.id, "Bea", "bea-secret-1")
        when = datetime(2026, 1, 1, tzinfo=UTC)
        for _ in range(3):
            saved.record_attempt(
                bea, Attempt("capture-l1-sota", "capture", 1, ("sum",), "practice", "J♦", True, 3.0, 0, False, when)
            )
        saved.record_best(bea, "streak", 77)
        saved.set_place(bea, "escoba", 2)
        keep_game(saved, bea, Game.start(2, "greedy", seed=8), None, when)
        eva = saved.create_account("Eva", ISSUER, "eva").learner
    return {"tere": tere, "bea": bea, "eva": eva, "code": room.code, "password": password}


def test_no_one_reaches_any_page_before_signing_in(club: dict[str, Any]) -> None:
    at = app(query={"profile": "Bea"})
    assert [t.value for t in at.title] == ["Sign in"] and not at.metric
    assert "Bea" not in texts(at)
    for page in ("learn", "puzzles", "play", "progress", "settings"):
        at.switch_page(f"{PAGES}/{page}.py").run()
        assert [t.value for t in at.title] == ["Sign in"], page


def test_a_learner_signs_in_with_the_class_code_name_and_password(club: dict[str, Any]) -> None:
    at = app()
    at.text_input(key="sign_in_code").set_value(f" {club['code'].lower()} ")
    at.text_input(key="sign_in_name").set_value("bea")
    at.text_input(key="sign_in_password").set_value("wrong-password")
    press(at, "Sign in")
    assert at.error[0].value.startswith("The class code, the name or the password is not right")
    at.text_input(key="sign_in_password").set_value(club["password"])
    press(at, "Sign in")
    assert seen(at.sidebar.caption[0].value) == "Signed in as Bea"
    assert "Signed in as Bea" in [seen(caption.value) for caption in at.main.caption]  # a phone's sidebar is shut
    at.switch_page(f"{PAGES}/progress.py").run()
    assert next(m.value for m in at.metric if m.label == "Puzzles answered") == "3"
    press(at, "Sign out", at.sidebar)
    assert [t.value for t in at.title] == ["Sign in"]


def test_a_first_sign_in_with_a_provider_chooses_a_name_that_a_learner_of_a_class_may_have_too(
    club: dict[str, Any],
) -> None:
    at = app({"sub": "new-1", "name": "Bea"})
    assert at.text_input(key="chosen_name").value == "Bea"  # the provider's name, offered
    at.text_input(key="chosen_name").set_value("Bea/2")
    press(at, "Go on")
    assert [seen(e.value) for e in at.error] == ["name: 'Bea/2' may hold only letters, digits, spaces, '-' and '_'"]
    at.text_input(key="chosen_name").set_value("bEA")  # Bea of Martes has it: names are unique within a class only
    press(at, "Go on")
    assert seen(at.sidebar.caption[0].value) == "Signed in as bEA"


@pytest.mark.parametrize("page", ["home", "learn", "puzzles", "play", "progress"])
def test_a_signed_in_learner_sees_only_their_own_data_whatever_the_address_says(
    club: dict[str, Any], page: str
) -> None:
    """Eva asks, through the address, for Bea's profile, her course place and her puzzle: she gets her own."""
    query = {"profile": "Bea", "level": "escoba", "stage": "3", "puzzle": "capture-l1-sota"}
    at = app({"sub": "eva"}, query)
    at.switch_page(f"{PAGES}/{page}.py")
    at.query_params.update(query)
    at.run()
    assert not at.exception, at.exception
    assert seen(at.sidebar.caption[0].value) == "Signed in as Eva" and at.session_state.learner == club["eva"]
    shown = texts(at)
    assert "Continue where you left off" not in shown  # Bea's place in the course
    assert [shown[max(0, m.start() - 80) : m.end() + 40] for m in re.finditer("Bea", shown)] == []
    if page == "progress":
        assert next(m.value for m in at.metric if m.label == "Puzzles answered") == "0"
    if page == "play":
        assert "unfinished" not in shown.lower()  # Bea's match is not offered to go on with


def test_a_signed_in_learner_finds_the_settings_on_their_page_and_the_account_in_the_sidebar(
    club: dict[str, Any],
) -> None:
    """The Settings page draws the language, the cards and the rule set; the account's own actions stay in the
    sidebar, and no choice of profile is offered."""
    at = app({"sub": "eva"})
    at.switch_page(f"{PAGES}/settings.py").run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Settings"]
    sidebar = [getattr(node, "label", type(node).__name__) for node in at.sidebar.children.values()]
    assert sidebar[-3:] == ["Sign out", "Join a class", "I teach here"] and "Language" not in sidebar
    assert seen(at.sidebar.caption[0].value) == "Signed in as Eva"
    blocks = [[getattr(node, "label", None) for node in block.children.values()] for block in at.main.container]
    assert ["Language", "Cards", "Rule set"] in blocks


def test_a_learner_has_no_classes_page_even_by_its_address(club: dict[str, Any]) -> None:
    """The page is there for a teacher's bookmark, hidden from the navigation of others, and serves only teachers."""
    at = app({"sub": "eva"})
    at.switch_page(f"{PAGES}/classes.py").run()
    assert [w.value for w in at.warning] == ["Only a teacher has classes."]
    assert not [widget for widget in at.text_input if widget.key == "class_name"]


def test_a_teacher_makes_a_class_and_a_learner_who_then_signs_in(club: dict[str, Any]) -> None:
    at = app({"sub": "tere"})
    at.switch_page(f"{PAGES}/classes.py").run()
    at.text_input(key="class_name").set_value("Jueves")
    press(at, "Make the class")
    [jueves] = [e for e in at.expander if e.label.startswith("Jueves · ")]
    code = jueves.label.split(" · ")[1]
    room_id = int(at.session_state.opened_class)
    at.text_input(key=f"new_name_{room_id}").set_value("Cai")
    press(at, "Add to the class", jueves)
    message = seen(at.success[0].value)
    assert message.startswith("Cai's password is ") and message.endswith(
        ". Give it to them now: it is not shown again."
    )
    password = message.removeprefix("Cai's password is ").split(". ")[0]
    learner = app()
    learner.text_input(key="sign_in_code").set_value(code)
    learner.text_input(key="sign_in_name").set_value("Cai")
    learner.text_input(key="sign_in_password").set_value(password)
    press(learner, "Sign in")
    assert seen(learner.sidebar.caption[0].value) == "Signed in as Cai"


def test_a_teacher_adds_a_name_another_class_has_but_not_one_this_class_has(club: dict[str, Any]) -> None:
    at = app({"sub": "tere"})
    at.switch_page(f"{PAGES}/classes.py").run()
    at.text_input(key="class_name").set_value("Jueves")
    press(at, "Make the class")
    room_id = int(at.session_state.opened_class)
    for name in ("Bea", "bEA"):  # Bea of Martes, then one this class has, written otherwise
        at.text_input(key=f"new_name_{room_id}").set_value(name)
        press(at, "Add to the class", next(e for e in at.expander if e.label.startswith("Jueves · ")))
    assert [seen(e.value) for e in at.error] == ["a learner of that class has that name already: choose another"]
    tables = {e.label.split(" · ")[0]: e.table[0].value for e in at.expander if " · " in e.label}
    martes, jueves = tables["Martes"], tables["Jueves"]
    assert martes["Learner"].tolist() == jueves["Learner"].tolist() == ["Bea"]  # each class's table lists its own Bea
    assert (martes["Matches"].tolist(), jueves["Matches"].tolist()) == (["1"], ["0"])


def test_a_teacher_sees_only_their_own_classes(club: dict[str, Any], data: Path) -> None:
    with Store.open(data) as saved:
        other = saved.create_account("Otro", ISSUER, "otro").learner
        saved.set_teacher(other)
    at = app({"sub": "otro"})
    at.switch_page(f"{PAGES}/classes.py").run()
    assert not [e for e in at.expander if e.label.startswith("Martes")] and "Bea" not in texts(at)


def test_the_teachers_code_makes_a_teacher_and_a_wrong_one_does_not(club: dict[str, Any]) -> None:
    at = app({"sub": "eva"})
    at.sidebar.text_input(key="given_teacher_code").set_value("guess")
    press(at, "Teach", at.sidebar)
    assert at.sidebar.error[0].value == "That is not the teachers' code."
    at.sidebar.text_input(key="given_teacher_code").set_value("club-secret")
    press(at, "Teach", at.sidebar)
    at.switch_page(f"{PAGES}/classes.py").run()
    assert [t.value for t in at.title] == ["Classes"]


def test_without_a_club_the_app_keeps_local_profiles_and_no_sign_in(data: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert "Sign in" not in [t.value for t in at.title] and at.sidebar.selectbox(key="profile").value == "Player"


def test_a_deleted_class_learner_is_signed_out(club: dict[str, Any], data: Path) -> None:
    at = app()
    at.text_input(key="sign_in_code").set_value(club["code"])
    at.text_input(key="sign_in_name").set_value("Bea")
    at.text_input(key="sign_in_password").set_value(club["password"])
    press(at, "Sign in")
    with Store.open(data) as saved:
        saved.delete_profile(Learner(club["bea"].id, "Bea"))
    at.run()
    assert [t.value for t in at.title] == ["Sign in"]


def test_a_learner_signed_in_with_a_provider_joins_a_class_by_its_code(club: dict[str, Any], data: Path) -> None:
    at = app({"sub": "eva"})
    at.sidebar.text_input(key="join_code").set_value("NOPE42")
    press(at, "Join", at.sidebar)
    assert seen(at.sidebar.error[0].value) == "no class has the code 'NOPE42'"
    at.sidebar.text_input(key="join_code").set_value(club["code"].lower())
    press(at, "Join", at.sidebar)
    assert seen(at.sidebar.success[0].value) == "You are in the class Martes now."
    with Store.open(data) as saved:
        [room] = saved.classes(club["tere"])
        assert saved.members(club["tere"], room.id) == [club["bea"], club["eva"]]


def test_a_teacher_sees_each_learners_figures_in_any_order_and_can_take_them_as_csv(
    club: dict[str, Any], data: Path
) -> None:
    with Store.open(data) as saved:
        [room] = saved.classes(club["tere"])
        add_learner(saved, club["tere"], room.id, "Ada", "ada-secret")
    at = app({"sub": "tere"})
    at.switch_page(f"{PAGES}/classes.py").run()
    table = at.table[0].value
    assert list(table["Learner"]) == ["Ada", "Bea"]  # by name at first
    bea = table.set_index("Learner").loc["Bea"]
    assert (bea["Puzzles answered"], bea["Right (%)"], bea["Matches"], bea["Rating"]) == ("3", "100", "1", "–")
    at.selectbox(key=f"by_{room.id}").set_value(4).run()  # puzzles answered
    at.toggle(key=f"descending_{room.id}").set_value(True).run()
    assert list(at.table[0].value["Learner"]) == ["Bea", "Ada"]
    assert [b.label for b in at.get("download_button")] == ["Download as CSV"]


def test_a_teacher_sets_homework_the_learner_finds_it_at_home_and_the_teacher_sees_how_it_went(
    club: dict[str, Any], data: Path
) -> None:
    teacher = app({"sub": "tere"})
    teacher.switch_page(f"{PAGES}/classes.py").run()
    with Store.open(data) as saved:
        [room] = saved.classes(club["tere"])
    teacher.session_state[f"class_tab_{room.id}"] = "Homework"  # the tab opened, as a click opens it
    teacher.run()
    teacher.selectbox(key=f"hw_{room.id}_theme").set_value("escoba")
    teacher.number_input(key=f"hw_{room.id}_count").set_value(3)
    press(teacher, "Set the homework")
    with Store.open(data) as saved:
        [piece] = saved.class_assignments(club["tere"], room.id)
        assert piece.kind == "puzzles" and len(piece.items) == 3
    learner = app()
    learner.text_input(key="sign_in_code").set_value(club["code"])
    learner.text_input(key="sign_in_name").set_value("Bea")
    learner.text_input(key="sign_in_password").set_value(club["password"])
    press(learner, "Sign in")
    [link] = [link for link in learner.get("page_link") if "next puzzle" in link.proto.label]
    assert (
        link.proto.label.endswith("0 of 3 done · next puzzle") and f"puzzle={piece.items[0]}" in link.proto.query_string
    )
    with Store.open(data) as saved:
        when = datetime.now(UTC)
        saved.record_attempt(club["bea"], Attempt(piece.items[0], "capture", 1, ("escoba",), "practice", "x", True, 4.0,
                                                  0, False, when))  # fmt: skip
    learner.run()
    [link] = [link for link in learner.get("page_link") if "next puzzle" in link.proto.label]
    assert "1 of 3 done" in link.proto.label and f"puzzle={piece.items[1]}" in link.proto.query_string
    teacher.run()
    done = teacher.table[0].value.set_index("Learner")  # this homework's grid, then its items
    assert (done.loc["Bea", "Done"], done.loc["Bea", "Right"], done.loc["Bea", "1"]) == ("1 / 3", "1 / 1", "right")
    items = teacher.table[1].value.set_index("Item")
    assert list(items["Done"]) == ["1", "0", "0"] and list(items["Right"]) == ["1", "0", "0"]
    bank = {puzzle.id: puzzle for puzzle in load_puzzles(bank_folder())}
    for shown, id_ in zip(items.index, piece.items, strict=True):  # each named as the learner reads it, then its id
        item = shown.replace("\\", "")  # the table's cells are Markdown, escaped
        assert item.endswith(f" ({id_})") and len(item) > len(id_) + 3 and bank[id_].rules == "classic"


def test_after_five_wrong_passwords_the_sign_in_says_how_long_to_wait(club: dict[str, Any]) -> None:
    at = app()
    at.text_input(key="sign_in_code").set_value(club["code"])
    at.text_input(key="sign_in_name").set_value("Bea")
    for wrong in range(5):
        at.text_input(key="sign_in_password").set_value(f"guess-{wrong}")
        press(at, "Sign in")
        assert at.error[0].value.startswith("The class code, the name or the password is not right")
    at.text_input(key="sign_in_password").set_value(club["password"])
    press(at, "Sign in")
    [wait] = [error.value for error in at.error]  # the first wait is 15 s, less the time the test took since
    assert re.fullmatch(r"Too many wrong tries\. Try again in 1[0-5] seconds\.", wait), wait
    assert [title.value for title in at.title] == ["Sign in"]


def test_a_sign_in_during_an_outage_says_so_and_counts_no_wrong_try(
    club: dict[str, Any], data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def down(*_: object) -> None:
        raise SaveError("the database cannot be reached", "postgresql://server/escoba", reading=True)

    monkeypatch.setattr(Store, "class_password", down)
    at = app()
    at.text_input(key="sign_in_code").set_value(club["code"])
    at.text_input(key="sign_in_name").set_value("Bea")
    at.text_input(key="sign_in_password").set_value(club["password"])
    press(at, "Sign in")
    [notice] = at.error  # the app's notice of a store it cannot reach, in a sentence: no traceback
    assert notice.value.startswith("Your progress could not be read just now: the database cannot be reached.")
    assert [title.value for title in at.title] == ["Sign in"]
    with Store.open(data) as saved:
        assert edit(saved, "SELECT count(*) FROM failures") == [(0,)]


def test_a_homework_puzzles_verdict_links_to_the_homeworks_next_puzzle(club: dict[str, Any], data: Path) -> None:
    bank = {puzzle.id: puzzle for puzzle in load_puzzles(bank_folder())}
    items = ("capture-l1-lone-sota", "capture-l1-sota")  # answered by typing; Bea answered the second before
    with Store.open(data) as saved:
        [room] = saved.classes(club["tere"])
        saved.assign(club["tere"], room.id, "puzzles", items, datetime(2027, 1, 1, tzinfo=UTC))
    learner = app()
    learner.text_input(key="sign_in_code").set_value(club["code"])
    learner.text_input(key="sign_in_name").set_value("Bea")
    learner.text_input(key="sign_in_password").set_value(club["password"])
    press(learner, "Sign in")
    learner.query_params["puzzle"] = items[0]
    learner.switch_page(f"{PAGES}/puzzles.py").run()
    assert not [link for link in learner.get("page_link") if "next puzzle" in link.proto.label]  # not yet answered
    learner.text_input(key="ans_text").set_value(bank[items[0]].solutions()[0])
    press(learner, "Check what I typed")
    [link] = [link for link in learner.get("page_link") if "next puzzle" in link.proto.label]
    assert link.proto.label.endswith("1 of 2 done · next puzzle") and f"puzzle={items[1]}" in link.proto.query_string
    learner.query_params["puzzle"] = items[1]
    learner.switch_page(f"{PAGES}/puzzles.py").run()
    learner.text_input(key="ans_text").set_value("5o")  # wrong, and still done: the homework is over
    press(learner, "Check what I typed")
    assert not [link for link in learner.get("page_link") if "next puzzle" in link.proto.label]


def test_match_and_level_homework_show_the_teacher_stars_and_points_lost(club: dict[str, Any], data: Path) -> None:
    with Store.open(data) as saved:
        [room] = saved.classes(club["tere"])
        due = datetime(2027, 1, 1, tzinfo=UTC)
        saved.assign(club["tere"], room.id, "levels", ("escoba",), due)
        saved.record_stars(club["bea"], "escoba", 2)
    teacher = app({"sub": "tere"})
    teacher.switch_page(f"{PAGES}/classes.py").run()
    teacher.session_state[f"class_tab_{room.id}"] = "Homework"
    by_learner = teacher.run().table[0].value.set_index("Learner")
    assert (by_learner.loc["Bea", "Done"], by_learner.loc["Bea", "Stars"]) == ("1 / 1", "2 / 3")
    assert by_learner.loc["Bea", "1"] == "2 of 3 stars" and by_learner.loc["Bea", "Late"] == ""
    with Store.open(data) as saved:
        match = saved.assign(club["tere"], room.id, "match", ("greedy",), due + timedelta(days=1))
    teacher.run()
    teacher.selectbox(key=f"hw_results_{room.id}").set_value(match.id).run()
    by_learner = teacher.table[0].value.set_index("Learner")
    assert list(by_learner.columns) == ["1", "Done", "Points lost per play", "Late"]
    assert (by_learner.loc["Bea", "1"], by_learner.loc["Bea", "Done"]) == ("–", "0 / 1")


def test_a_device_that_signs_in_is_given_a_cookie_the_account_then_knows_it_by(
    club: dict[str, Any], data: Path
) -> None:
    at = app()
    at.text_input(key="sign_in_code").set_value(club["code"])
    at.text_input(key="sign_in_name").set_value("Bea")
    at.text_input(key="sign_in_password").set_value(club["password"])
    press(at, "Sign in")
    token = at.session_state.device_token
    assert sum(f"escoba_device={token}; Max-Age=31536000;" in str(node.proto) for node in at.get("iframe")) == 1
    with Store.open(data) as saved:
        assert saved.device_trusted(device_hash(token), club["bea"].id)


def test_behind_the_proxy_the_address_is_the_one_it_added_last() -> None:
    assert forwarded_address(["198.51.100.1, 203.0.113.7", "192.0.2.4"]) == "192.0.2.4"
    assert forwarded_address(["203.0.113.7 "]) == "203.0.113.7"
    assert forwarded_address([]) is None


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """One browser's cookies: what the pages have it keep, sent by each new session (a new tab, a reload, another
    server). AppTest has no browser, so the page's cookie calls are pointed at this jar."""
    jar: dict[str, str] = {}
    monkeypatch.setattr(cookies, "cookie", jar.get)
    monkeypatch.setattr(cookies, "set_cookie", lambda name, value, max_age: jar.__setitem__(name, value))
    monkeypatch.setattr(cookies, "forget_cookie", lambda name: jar.pop(name, None))
    return jar


def sign_in_with_code(at: AppTest, club: dict[str, Any], name: str = "Bea", password: str = "") -> AppTest:
    at.text_input(key="sign_in_code").set_value(club["code"])
    at.text_input(key="sign_in_name").set_value(name)
    at.text_input(key="sign_in_password").set_value(password or club["password"])
    press(at, "Sign in")
    assert seen(at.sidebar.caption[0].value) == f"Signed in as {name}"
    return at


def live(data: Path, token: str) -> bool:
    with Store.open(data) as saved:
        return sessions.live(saved, token, datetime.now(UTC)) is not None


def test_signing_out_ends_the_session_and_leaves_the_next_learner_nothing(
    club: dict[str, Any], data: Path, browser: dict[str, str]
) -> None:
    """On a shared tablet, in one tab: Bea answers a puzzle wrong, signs out, and Cai signs in."""
    with Store.open(data) as saved:
        [room] = saved.classes(club["tere"])
        add_learner(saved, club["tere"], room.id, "Cai", "cai-secret")
    at = sign_in_with_code(app(), club)
    token = browser[SESSION_COOKIE]
    at.query_params["puzzle"] = "capture-l1-sota"
    at.switch_page(f"{PAGES}/puzzles.py").run()
    at.text_input(key="ans_text").set_value("5o")
    press(at, "Check what I typed")
    assert at.session_state.puzzle_id == "capture-l1-sota" and "verdict" in at.session_state
    device = at.session_state.device_token
    press(at, "Sign out", at.sidebar)
    assert [t.value for t in at.title] == ["Sign in"] and not live(data, token)
    assert SESSION_COOKIE not in browser
    left = {"lang": "en", "faces": "spanish", "courts": "printed", "cookie_read": True, "device_token": device}
    left["_lang"] = "en"  # the sign-in page's language picker
    kept = {key: value for key, value in at.session_state.items() if value not in ("", False, {})}  # {}: a component's
    assert kept == left  # the tablet's
    assert "puzzle" not in at.query_params
    sign_in_with_code(at, club, "Cai", "cai-secret")
    at.switch_page(f"{PAGES}/puzzles.py").run()
    assert at.session_state.puzzle_id != "capture-l1-sota" and not at.session_state.get("verdict")
    assert "Bea" not in texts(at)


class _UnreadableKey(dict):  # type: ignore[type-arg]
    """A session state as Streamlit's can be: a key listed whose value cannot be read yet (a widget's)."""

    def __getitem__(self, key: str) -> Any:
        if key == "a_widget":
            raise KeyError(key)
        return super().__getitem__(key)

    def clear(self) -> None:  # as MutableMapping's, which Streamlit's session state inherits: stops at that key
        with contextlib.suppress(KeyError):
            while True:
                key = next(iter(self))
                self[key]
                del self[key]


def test_forgetting_a_signed_out_learner_leaves_nothing_of_theirs_whatever_key_comes_first() -> None:
    """A clear() that stopped at an unreadable key left the learner in the tab, which then signed them out again on
    every run, forever (seen in a browser: the page never settled)."""
    state = _UnreadableKey(a_widget=1, learner="Bea", signed_in="token", lang="es")
    forget_all_but(state, ["lang"])
    assert state == {"lang": "es"}
    stopped = _UnreadableKey(a_widget=1, learner="Bea")
    stopped.clear()
    assert "learner" in stopped  # the failure it guards against is real for such a mapping


def test_a_tab_whose_session_ended_elsewhere_writes_nothing_more(
    club: dict[str, Any], data: Path, browser: dict[str, str]
) -> None:
    """A button's action runs before the page checks the session: it checks it too, so an answer given in a tab
    signed out in another one (or by a new password) is not saved under the learner's name."""
    at = sign_in_with_code(app(), club)
    at.query_params["puzzle"] = "capture-l1-sota"
    at.switch_page(f"{PAGES}/puzzles.py").run()
    with Store.open(data) as saved:
        sessions.end(saved, browser[SESSION_COOKIE])  # a sign-out in another tab
        before = saved.attempts(club["bea"])
    at.text_input(key="ans_text").set_value("5o")
    press(at, "Check what I typed")
    with Store.open(data) as saved:
        assert saved.attempts(club["bea"]) == before
    assert [t.value for t in at.title] == ["Sign in"]
    assert [i.value for i in at.info] == ["You were signed out. Sign in again to go on."]


def test_a_live_session_in_the_cookie_signs_in_on_another_server_until_it_ends(
    club: dict[str, Any], data: Path, browser: dict[str, str]
) -> None:
    """A new session with the browser's cookie (a new tab, a reload, a replica after the first one stopped) goes on
    without a password; once a tab signs out, the other tabs are signed out on their next action, and the
    ended session's token, put back into the cookie as if copied before, signs in no one."""
    first = sign_in_with_code(app(), club)
    token = browser[SESSION_COOKIE]
    second = app()
    assert seen(second.sidebar.caption[0].value) == "Signed in as Bea"
    press(second, "Sign out", second.sidebar)
    first.run()
    assert [t.value for t in first.title] == ["Sign in"]
    assert [i.value for i in first.info] == ["You were signed out. Sign in again to go on."]
    assert "learner" not in first.session_state
    browser[SESSION_COOKIE] = token
    assert [t.value for t in app().title] == ["Sign in"]


@pytest.mark.parametrize("teacher_does", ["Make a new password", "Take out of the class"])
def test_a_new_password_or_a_removal_signs_the_learner_out_of_every_tab(
    club: dict[str, Any], data: Path, teacher_does: str
) -> None:
    learner = sign_in_with_code(app(), club)
    teacher = app({"sub": "tere"})
    teacher.switch_page(f"{PAGES}/classes.py").run()
    if teacher_does == "Take out of the class":
        teacher.checkbox(key=next(c.key for c in teacher.checkbox if c.key.startswith("out_sure_"))).check().run()
    press(teacher, teacher_does)
    learner.run()
    assert [t.value for t in learner.title] == ["Sign in"]
    assert [i.value for i in learner.info] == ["You were signed out. Sign in again to go on."]
    with Store.open(data) as saved:
        [room] = saved.classes(club["tere"])
        assert saved.members(club["tere"], room.id) == (
            [] if teacher_does == "Take out of the class" else [club["bea"]]
        )


def test_a_provider_cookie_signs_in_only_with_a_live_session_or_as_a_fresh_sign_in(
    club: dict[str, Any], data: Path, browser: dict[str, str]
) -> None:
    """Eva signs in with the provider, then out: the provider's cookie, copied before, signs in no one."""
    signed_in_at = int(time.time()) - 60
    eva = app({"sub": "eva", "iat": signed_in_at})
    assert seen(eva.sidebar.caption[0].value) == "Signed in as Eva"
    token = browser[SESSION_COOKIE]
    assert seen(app({"sub": "eva", "iat": signed_in_at}).sidebar.caption[0].value) == "Signed in as Eva"  # a new tab
    press(eva, "Sign out", eva.sidebar)
    assert not live(data, token) and eva.user == {"is_logged_in": False}
    copied = app({"sub": "eva", "iat": signed_in_at})
    assert [t.value for t in copied.title] == ["Sign in"] and copied.user == {"is_logged_in": False}
    old = app({"sub": "eva", "iat": signed_in_at - 3600})  # a provider's cookie from an hour ago, never used here
    assert [t.value for t in old.title] == ["Sign in"] and old.user == {"is_logged_in": False}
    assert seen(app({"sub": "eva"}).sidebar.caption[0].value) == "Signed in as Eva"  # a new sign-in
