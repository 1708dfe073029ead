"""End to end, a club's server as its people use it in Chromium: the app on PostgreSQL, signing in with a local
OpenID provider (oidc-provider-mock) through Streamlit's st.login. A teacher signs in, becomes a teacher with the
server's code, makes a class, a learner and homework; that learner signs in with the class code and the one-time
password, chooses her own and finds the homework at home, a second one signs in with the provider and joins the
class; the teacher then sees both. Screenshots in build/screenshots/club-*.png.
Skipped, saying why, where Chromium or PostgreSQL is missing."""

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import CHROMIUM, app_server, click_and_settle, club_secrets, free_port, open_app
from deploy_kit import answer_homework
from pg_kit import Server
from test_e2e import shoot

from trainer.progress.stores import DB_VAR
from trainer.puzzles import load_puzzles
from trainer.puzzles.loader import bank_folder

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")
TEACHERS_CODE = "a long phrase only teachers know"
BANK = {puzzle.id: puzzle for puzzle in load_puzzles(bank_folder())}


@pytest.fixture(scope="module")
def provider() -> Iterator[str]:
    """A local OpenID provider that signs in whoever types a subject."""
    from oidc_provider_mock import run_server_in_thread

    with run_server_in_thread(port=free_port()) as server:
        yield f"http://localhost:{server.server_port}"


@pytest.fixture(scope="module")
def club(provider: str, postgres: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app as a club's server: a [club] and an [auth] table in its secrets, its progress in PostgreSQL."""
    folder, port = tmp_path_factory.mktemp("club"), free_port()
    secrets = club_secrets(
        folder, TEACHERS_CODE, f"http://localhost:{port}/oauth2callback", f"{provider}/.well-known/openid-configuration"
    )
    flags = ["--secrets.files", str(secrets)]
    with app_server(folder, port=port, flags=flags, env={DB_VAR: postgres.database()}):
        yield f"http://localhost:{port}"  # the address the provider sends the browser back to


def settle(page: Any, label: str, role: str = "button") -> None:
    click_and_settle(page, page.get_by_role(role, name=label, exact=True))


def fill(page: Any, label: str, text: str) -> None:
    page.get_by_label(label, exact=True).fill(text)


def choose(page: Any, label: str, option: str) -> None:
    """Choose in a drop-down list by typing the option, as its list shows only the options in view."""
    box = page.get_by_role("combobox", name=label, exact=True)
    box.click()
    box.fill(option)
    click_and_settle(page, page.get_by_role("option", name=option, exact=True))


def sign_in_with_provider(page: Any, url: str, subject: str, name: str) -> None:
    open_app(page, url)
    page.get_by_role("button", name="Sign in with your account").click()
    page.locator("input[name='sub']").fill(subject)
    page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(re.compile(rf"^{re.escape(url)}"))
    open_app(page, url)
    fill(page, "Name", name)
    settle(page, "Go on")
    page.get_by_test_id("stMain").get_by_text(f"Signed in as {name}").wait_for()  # Home says it, as the sidebar does


def test_a_teacher_and_two_learners_sign_in_and_meet_in_a_class(browser: Any, club: str) -> None:
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_in_with_provider(teacher, club, "tere-sub", "Tere")
    teacher.get_by_text("I teach here").click()
    fill(teacher, "The teachers' code of this server", TEACHERS_CODE)
    settle(teacher, "Teach")
    click_and_settle(teacher, teacher.get_by_role("link", name="Classes"))
    fill(teacher, "Name of a new class", "Martes")
    settle(teacher, "Make the class")
    code = teacher.get_by_text(re.compile(r"^Martes · ")).inner_text().split(" · ")[1].strip()
    fill(teacher, "Name of a new learner", "Bea")
    settle(teacher, "Add to the class")
    handed = teacher.get_by_text(re.compile(r"^Bea's password is ")).inner_text()
    password = handed.removeprefix("Bea's password is ").split(". ")[0]
    settle(teacher, "Homework", role="tab")
    choose(teacher, "Theme", "making 15")  # at level 4 every such puzzle is a capture, answered by typing its cards
    choose(teacher, "Level", "4")
    fill(teacher, "How many", "1")
    settle(teacher, "Set the homework")

    bea = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    open_app(bea, club)
    shoot(bea, "club-sign-in-phone")
    fill(bea, "Class code", code.lower())
    fill(bea, "Your name", "bea")
    fill(bea, "Password", password)
    settle(bea, "Sign in")
    bea.get_by_role("heading", name="Choose your own password").wait_for()  # the teacher's made-up one works once
    shoot(bea, "club-one-time-password-phone")
    fill(bea, "New password", "bea-own-password")
    fill(bea, "New password again", "bea-own-password")
    settle(bea, "Keep this password")
    bea.get_by_test_id("stMain").get_by_text("Signed in as Bea").wait_for()  # Home says it, as the sidebar does
    bea.wait_for_function("document.cookie.includes('escoba_device=')")  # her phone is known to her account now
    homework = bea.get_by_role("link", name=re.compile(r"0 of 1 done · next puzzle$"))
    shoot(bea, "club-learner-homework-phone")
    answer_homework(bea, homework)

    eva = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_in_with_provider(eva, club, "eva-sub", "Eva")
    eva.get_by_text("Join a class").click()
    fill(eva, "Class code", code)
    settle(eva, "Join")
    eva.get_by_text("You are in the class Martes now.").wait_for()
    assert eva.get_by_role("link", name="Classes").count() == 0

    open_app(teacher, club)  # a new visit: the teacher is still signed in, by the session's cookie
    click_and_settle(teacher, teacher.get_by_role("link", name="Classes"))
    teacher.get_by_role("button", name="Make a new password").wait_for()  # the teacher's only class is open
    tables = teacher.locator("[data-testid='stTable']")  # the open tab's: the class table, then the homework grid
    assert "Bea" in tables.first.inner_text() and "Eva" in tables.first.inner_text()
    settle(teacher, "Homework", role="tab")
    rows = [row.locator("th, td").all_inner_texts() for row in tables.first.locator("tbody tr").all()]
    done = {cells[0].strip(): [cell.strip() for cell in cells[1:]] for cells in rows}  # the item, done, right, late
    assert done["Bea"] == ["right", "1 / 1", "1 / 1", ""] and done["Eva"] == ["–", "0 / 1", "0 / 0", ""]
    shoot(teacher, "club-teacher-class")


@pytest.fixture(scope="module")
def two_servers(postgres: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """Two app servers on one PostgreSQL database, as two replicas behind a proxy: a class, Bea in it, and the two
    addresses, with the class code."""
    from trainer.progress.accounts import add_learner
    from trainer.progress.postgres import PostgresStore

    url, folder = postgres.database(), tmp_path_factory.mktemp("replicas")
    with PostgresStore.open(url) as saved:
        tere = saved.create_account("Tere", "https://id.example", "tere").learner
        saved.set_teacher(tere)
        room = saved.create_class(tere, "Martes")
        add_learner(saved, tere, room.id, "Bea", "bea-secret")
    secrets = club_secrets(folder)
    flags, env = ["--secrets.files", str(secrets)], {DB_VAR: url}
    with (
        app_server(folder / "a", flags=flags, env=env) as first,
        app_server(folder / "b", flags=flags, env=env) as second,
    ):
        yield first, second, room.code


def sign_in_with_code(page: Any, url: str, code: str) -> None:
    open_app(page, url)
    fill(page, "Class code", code)
    fill(page, "Your name", "Bea")
    fill(page, "Password", "bea-secret")
    settle(page, "Sign in")
    page.get_by_test_id("stMain").get_by_text("Signed in as Bea").wait_for()  # Home says it, as the sidebar does


def test_what_a_learner_does_on_one_server_is_seen_on_the_other(browser: Any, two_servers: tuple) -> None:
    first, second, code = two_servers
    on_first = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_in_with_code(on_first, first, code)
    rules = on_first.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").filter(has_text="Rule set")
    rules.click()
    click_and_settle(on_first, on_first.get_by_role("option", name="Escova (Brazil)"))
    on_second = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    sign_in_with_code(on_second, second, code)
    chosen = on_second.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").filter(has_text="Rule set")
    assert (
        chosen.get_by_role("combobox", name="Rule set").input_value() == "Escova (Brazil)"
    )  # the default is the classic game


def test_a_class_code_sign_in_goes_on_after_a_reload_and_on_the_other_server_until_signed_out(
    browser: Any, two_servers: tuple
) -> None:
    """The session's cookie: a reload and the other server (cookies are the host's, whatever the port, as behind
    the club's proxy) sign Bea in without her password; her sign-out there signs out this tab on its next click."""
    first, second, code = two_servers
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    here = context.new_page()
    sign_in_with_code(here, first, code)
    here.wait_for_function("document.cookie.includes('escoba_session=')")
    open_app(here, first)  # a reload: a new connection, which only the cookie can sign in
    here.get_by_test_id("stMain").get_by_text("Signed in as Bea").wait_for()
    there = context.new_page()
    open_app(there, second)
    there.get_by_test_id("stMain").get_by_text("Signed in as Bea").wait_for()
    click_and_settle(there, there.get_by_test_id("stSidebar").get_by_role("button", name="Sign out"))
    there.get_by_role("heading", name="Sign in").wait_for()
    click_and_settle(here, here.get_by_role("link", name="Progress", exact=True))
    here.get_by_text("You were signed out. Sign in again to go on.").wait_for()
    open_app(here, first)
    here.get_by_role("heading", name="Sign in").wait_for()
    assert here.get_by_text("Signed in as Bea").count() == 0
