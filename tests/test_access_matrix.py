"""Who sees what on a club's server: every page, opened by everyone who may come (no one signed in, a learner, a
learner of another class, a teacher, another teacher), at every address a link may give (each query the pages read:
``profile``, ``puzzle`` and ``theme``, ``level`` and ``stage``, ``lang``, ``faces`` and ``courts``).

The server is the club's own set-up, PostgreSQL with sign-in, with two classes: Wanda teaches Lucinda and Marisol in
Koala, Yolanda teaches Ximena in Yak, and each class has homework due on a day of its own. Each cell of the matrix
opens one page as one of them, first thing in a new session, and checks the names, classes, codes and homework days
it must show and those it must never show, wherever on the page or its sidebar they would be. Marisol has a table
waiting in Koala: on the Play a classmate page a learner sees their own class's tables and classmates, and only
those. A new page is a new row of ``PAGES``; a new query the pages read, a new row of ``ADDRESSES``.

Behind the pages, the store refuses every class action (its table, roster, passwords, homework and results) to
anyone but the class's teacher: ``test_accounts``, ``test_classes`` and ``test_homework`` check each one.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from app_kit import page_text
from pg_kit import Server
from streamlit.testing.v1 import AppTest
from test_app_postgres import ISSUER, SECRETS, error_details  # noqa: F401  (error_details: a fixture for each test)

from trainer.app import cookies
from trainer.app.signin import SESSION_COOKIE
from trainer.progress import accounts, sessions
from trainer.progress.model import Learner
from trainer.progress.postgres import PostgresStore
from trainer.progress.stores import DB_VAR
from trainer.progress.tables import TableSettings

APP = str(Path(__file__).parent.parent / "streamlit_app.py")
VIEWS = "trainer/app/views"

#: The pages, by file; each is listed for teachers, or for everyone.
PAGES = ["home", "learn", "puzzles", "play", "progress", "classes", "classmates"]

#: Each class: its teacher, its learners (the first signs in with the club's provider, any other with a password the
#: teacher gave), the puzzle its homework sets and the day it is due.
CLASSES = {
    "Koala": ("Wanda", ("Lucinda", "Marisol"), "capture-l1-sota", datetime(2031, 3, 14, tzinfo=UTC)),
    "Yak": ("Yolanda", ("Ximena",), "capture-l2-sweep-three", datetime(2032, 5, 27, tzinfo=UTC)),
}


@dataclass(frozen=True)
class Role:
    """Who opens the page: the account they sign in to with the club's provider (None: no one signed in), the
    class they belong to or teach, and the learner of another class whose data is never theirs to see."""

    account: str | None
    class_name: str | None
    teaches: bool
    other: str


ROLES = {
    "no one": Role(None, None, False, "Lucinda"),
    "a learner": Role("Lucinda", "Koala", False, "Ximena"),
    "a learner of another class": Role("Ximena", "Yak", False, "Lucinda"),
    "a teacher": Role("Wanda", "Koala", True, "Ximena"),
    "another teacher": Role("Yolanda", "Yak", True, "Lucinda"),
}

#: Each query the pages read, as a link would give it (``{other}``: the other class's learner, ``{puzzle}``: the
#: other class's homework puzzle).
ADDRESSES = {
    "none": {},
    "profile": {"profile": "{other}"},
    "puzzle": {"puzzle": "{puzzle}", "theme": "escoba"},
    "level": {"level": "values", "stage": "2"},
    "settings": {"lang": "es", "faces": "french", "courts": "letters"},
}


@dataclass(frozen=True)
class Club:
    url: str
    codes: dict[str, str]  # each class's code, by its name
    tokens: dict[str, str]  # the token of a session of each provider's account, by its name


@pytest.fixture(scope="module")
def club(postgres: Server) -> Iterator[Club]:
    """The club's database, made once for the module: its two classes, their learners and their homework."""
    url = postgres.database()
    codes, tokens = {}, {}
    with PostgresStore.open(url) as saved:
        for name, (teacher_name, learners, puzzle, due) in CLASSES.items():
            teacher = saved.create_account(teacher_name, ISSUER, teacher_name).learner
            tokens[teacher_name] = signed_in(saved, teacher)
            saved.set_teacher(teacher)
            room = saved.create_class(teacher, name)
            codes[name] = room.code
            first, *others = learners
            provider_learner = saved.create_account(first, ISSUER, first).learner
            saved.join_class(provider_learner, room.code)
            tokens[first] = signed_in(saved, provider_learner)
            for learner in others:
                added = accounts.add_learner(saved, teacher, room.id, learner)[0]
                saved.open_table(added, room.id, TableSettings("classic", 21, 2, "greedy"))  # waiting for a classmate
            saved.assign(teacher, room.id, "puzzles", (puzzle,), due)
    yield Club(url, codes, tokens)
    postgres.drop(url)


def signed_in(saved: PostgresStore, learner: Learner) -> str:
    """The token of a session of the learner's, as their sign-in with the provider started it."""
    token = sessions.start(saved, learner, datetime.now(UTC))
    assert token is not None
    return token


def sign_in(at: AppTest, role: Role, club: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sign the session in as ``role`` before its first run: the provider's user, and the cookie of the session
    their sign-in started (no one: left as it is)."""
    if role.account is not None:
        at.user = {"is_logged_in": True, "iss": ISSUER, "sub": role.account}
        token = club.tokens[role.account]
        monkeypatch.setattr(cookies, "cookie", lambda name: token if name == SESSION_COOKIE else None)


def opened(club: Club, page: str, role: Role, address: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """``page`` opened first thing in a new session by ``role``, at an address with the query ``address``."""
    at = AppTest.from_file(APP, default_timeout=30)
    for name, table in SECRETS.items():
        at.secrets[name] = table
    sign_in(at, role, club, monkeypatch)
    other_puzzle = next(puzzle for _, learners, puzzle, _ in CLASSES.values() if role.other in learners)
    at.query_params.update({key: value.format(other=role.other, puzzle=other_puzzle) for key, value in address.items()})
    at.switch_page(f"{VIEWS}/{page}.py").run()
    assert not at.exception, at.exception
    return at


def every_other_tab(at: AppTest) -> str:
    """The text of each tab of the page's classes but the one open, each opened as a click opens it: only the open
    tab is drawn."""
    said = []
    for key in [key for key in at.session_state if str(key).startswith("class_tab_")]:
        for tab in [tab.label for tab in at.tabs][1:]:
            at.session_state[key] = tab
            said.append(page_text(at.run()))
    return "\n".join(said)


def everything_of(class_name: str, club: Club) -> set[str]:
    """What only the people of a class may see: its name, code, teacher, learners and the day its homework is due."""
    teacher, learners, _, due = CLASSES[class_name]
    return {class_name, club.codes[class_name], teacher, *learners, f"{due:%Y-%m-%d}"}


def seen_and_unseen(club: Club, page: str, role: Role) -> tuple[set[str], set[str]]:
    """What ``role`` must see on ``page``, and what never."""
    if role.account is None:  # the sign-in form alone
        return set(), set().union(*(everything_of(name, club) for name in CLASSES))
    assert role.class_name is not None
    other_class = next(name for name in CLASSES if name != role.class_name)
    never = everything_of(other_class, club)
    teacher, learners, _, due = CLASSES[role.class_name]
    classmates = {name for name in learners if name != role.account}
    if not role.teaches and page == "classmates":  # whom they may play and the tables of their class: never its code
        return {role.account, role.class_name} | classmates, never | {club.codes[role.class_name], teacher}
    if not role.teaches:  # a learner's own name, never a classmate's, nor the class's code or teacher
        never |= classmates | {club.codes[role.class_name], teacher}
        homework = {f"{due:%Y-%m-%d}"} if page == "home" else set()
        return {role.account} | homework, never | ({role.class_name} if page == "classes" else set())
    if page == "classes":  # the teacher's class, its code, its learners and its homework's day
        return everything_of(role.class_name, club), never
    return {role.account}, never


@pytest.mark.parametrize("address", ADDRESSES)
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", PAGES)
def test_each_page_shows_each_one_what_is_theirs_and_nothing_of_anyone_else(
    club: Club, page: str, role: str, address: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DB_VAR, club.url)
    who = ROLES[role]
    at = opened(club, page, who, ADDRESSES[address], monkeypatch)
    said = page_text(at) + every_other_tab(at)
    must, never = seen_and_unseen(club, page, who)
    assert sorted(word for word in must if word not in said) == []
    assert sorted(word for word in never if word in said) == []
    if who.account is None:  # the sign-in form, and no page
        assert [w.key for w in at.text_input] == ["sign_in_code", "sign_in_name", "sign_in_password"]
    else:  # every page reads and writes the profile the session holds, shown or not
        assert at.session_state["learner"].name == who.account
    if page == "classes" and who.account is not None and not who.teaches:
        assert at.warning[-1].value in ("Only a teacher has classes.", "Solo un docente tiene clases.")
