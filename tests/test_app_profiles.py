"""Profiles as a learner meets them: kept across pages, renamed, deleted, and damaged records set aside."""

import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest
from app_kit import seen
from streamlit.testing.v1 import AppTest

from trainer.course import load_levels
from trainer.i18n import translator
from trainer.progress.model import Attempt
from trainer.progress.sqlite import DB_NAME, Store
from trainer.progress.stats import plain

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(tmp_path))
    with Store.open(tmp_path) as saved:
        saved.create_profile("Ana")
        saved.create_profile("Bea")
    return tmp_path


def opened(page: str = "trainer/app/views/puzzles.py") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, label: str) -> None:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception


def test_the_chosen_profile_stays_chosen_on_every_page(data: Path) -> None:
    at = opened()
    at.sidebar.selectbox(key="profile").set_value("Bea").run()
    for page in ("trainer/app/views/progress.py", "trainer/app/views/learn.py", "trainer/app/views/home.py"):
        at.switch_page(page).run()
        assert at.sidebar.selectbox(key="profile").value == "Bea", page
        assert at.query_params["profile"] == "Bea"


def test_a_profile_is_renamed_and_stays_chosen(data: Path) -> None:
    at = opened()
    at.sidebar.selectbox(key="profile").set_value("Bea").run()
    at.text_input(key="rename_to").set_value("Beatriz")
    click(at, "Rename")
    assert at.sidebar.selectbox(key="profile").value == "Beatriz"
    with Store.open(data) as saved:
        assert saved.profiles() == ["Ana", "Beatriz"]


@pytest.mark.parametrize(
    ("code", "said"), [("en", "profile 'bea' exists as 'Bea'"), ("es", "el perfil 'bea' ya existe como 'Bea'")]
)
def test_a_name_taken_is_refused_in_the_learners_language(data: Path, code: str, said: str) -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lang"] = code
    at.run()
    at.text_input(key="rename_to").set_value("bea")
    click(at, translator(code).text("Rename"))
    assert any(error.value.startswith(plain(said)) for error in at.error), [e.value for e in at.error]


def test_a_profile_is_deleted_only_once_the_learner_confirms(data: Path) -> None:
    at = opened()
    at.sidebar.selectbox(key="profile").set_value("Bea").run()
    assert next(b for b in at.button if b.label == "Delete this profile").disabled
    at.checkbox[0].check().run()
    click(at, "Delete this profile")
    with Store.open(data) as saved:
        assert saved.profiles() == ["Ana"]
    assert at.sidebar.selectbox(key="profile").value == "Ana"


def on_a_puzzle(profile: str) -> AppTest:
    """A tab of ``profile`` with a capture puzzle on the board, its typed answer box ready."""
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["profile"] = profile
    at.run()
    at.query_params["puzzle"] = "capture-l1-sota"
    at.switch_page("trainer/app/views/puzzles.py").run()
    assert not at.exception, at.exception
    return at


def answer(at: AppTest) -> None:
    at.text_input(key="ans_text").set_value("10o")
    click(at, "Check what I typed")


def test_a_profile_deleted_in_another_tab_gets_no_answer_and_the_tab_asks_which_to_go_on_with(data: Path) -> None:
    at = on_a_puzzle("Ana")
    with Store.open(data) as other_tab:
        other_tab.delete_profile("Ana")
        other_tab.create_profile("Ana")  # the same name, but someone else
    answer(at)
    with Store.open(data) as saved:
        assert saved.attempts("Ana") == [] and saved.attempts("Bea") == []
        bea = saved.learner("Bea")
    assert seen(at.warning[0].value).startswith("The profile “Ana” was deleted in another tab or window")
    at.run()  # the question stays until it is answered
    assert seen(at.warning[0].value).startswith("The profile “Ana” was deleted") and not at.text_input
    assert bea is not None
    at.radio(key="go_on_as").set_value(bea.id).run()
    click(at, "Go on")
    assert at.sidebar.selectbox(key="profile").value == "Bea" and at.query_params["profile"] == "Bea"
    answer(at)
    with Store.open(data) as saved:
        assert saved.attempts("Ana") == [] and len(saved.attempts("Bea")) == 1


def test_a_profile_renamed_in_another_tab_keeps_its_answers_under_its_new_name(data: Path) -> None:
    at = on_a_puzzle("Ana")
    with Store.open(data) as other_tab:
        other_tab.rename_profile("Ana", "Anabel")
    answer(at)
    with Store.open(data) as saved:
        assert len(saved.attempts("Anabel")) == 1
    assert at.sidebar.selectbox(key="profile").value == "Anabel" and at.query_params["profile"] == "Anabel"


@pytest.mark.parametrize("written", ["bea", "ＢＥＡ", " Bea "])
def test_the_address_finds_a_profile_as_the_store_finds_names(data: Path, written: str) -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["profile"] = written
    at.run()
    assert not at.warning and at.sidebar.selectbox(key="profile").value == "Bea"
    assert at.query_params["profile"] == "Bea"


@pytest.mark.parametrize(
    "written", ["![x](http://example.org/x.png)", "[Restore](https://example.org/restore)", "x" * 100_000]
)
def test_an_address_naming_no_profile_is_echoed_as_plain_text_cut_short(data: Path, written: str) -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["profile"] = written
    at.run()
    warning = at.warning[0].value
    shown = written if len(written) <= 40 else f"{written[:40]}…"
    assert seen(warning) == (
        f"The link names a profile, “{shown}”, that is not here; choose one in the sidebar or on the Settings page."
    )
    assert "](" not in warning and "http:" not in warning and "https:" not in warning  # every mark escaped
    assert at.sidebar.selectbox(key="profile").value == "Ana"


def test_damaged_records_are_left_out_said_and_set_aside_on_request(data: Path) -> None:
    with Store.open(data) as saved:
        when = datetime(2026, 1, 1, tzinfo=UTC)
        saved.record_attempt(
            "Ana", Attempt("capture-l1-sota", "capture", 1, ("sum",), "practice", "J♦", True, 3.0, 0, False, when)
        )
    with closing(sqlite3.connect(data / DB_NAME)) as conn:
        conn.execute("UPDATE attempts SET at = 'not a date'")
        conn.commit()
    at = opened("trainer/app/views/progress.py")
    assert at.warning[0].value == "1 saved records of this profile could not be read and are left out."
    click(at, "Set them aside")
    assert at.success[0].value.startswith("They are kept in ")
    assert list(data.glob(f"{DB_NAME}.damaged-*.json"))
    with Store.open(data) as saved:
        assert saved.damaged_rows("Ana") == {}


def targets(at: AppTest) -> list[object]:
    """The "Play to" choice in the sidebar, if the rule set offers one."""
    return [radio for radio in at.sidebar.radio if radio.key == "_target"]


def saved_rules(data: Path, name: str) -> tuple[str, int]:
    with Store.open(data) as saved:
        rules = saved.rules(name)
    return rules.name, rules.target


def test_the_rule_set_is_chosen_in_the_sidebar_and_kept_with_the_profile(data: Path) -> None:
    at = opened("trainer/app/views/home.py")
    assert at.sidebar.selectbox(key="_rule_set").value == "classic" and not targets(at)
    at.sidebar.selectbox(key="_rule_set").set_value("turkish").run()
    assert not at.exception, at.exception
    assert saved_rules(data, "Ana") == ("turkish", 21)
    assert any("Turkish, to 21 points" in c.value for c in at.caption)  # the fresh deal follows it
    at.sidebar.radio(key="_target").set_value(31).run()  # V4: Turkish tables also play to 31
    assert saved_rules(data, "Ana") == ("turkish", 31)
    assert saved_rules(data, "Bea") == ("classic", 21)  # each learner has their own
    again = opened("trainer/app/views/progress.py")  # a new visit, another page
    assert (
        again.sidebar.selectbox(key="_rule_set").value == "turkish" and again.sidebar.radio(key="_target").value == 31
    )
    again.sidebar.selectbox(key="_rule_set").set_value("escova").run()
    assert saved_rules(data, "Ana") == ("escova", 31) and not targets(again)  # escova plays to 31 only


def test_a_rule_set_of_another_table_links_to_the_level_that_teaches_it(data: Path) -> None:
    at = opened("trainer/app/views/play.py")  # the rule set is chosen in the sidebar of every page
    assert not at.sidebar.get("page_link")  # the classic rules are the core path's
    at.sidebar.selectbox(key="_rule_set").set_value("escova").run()
    [link] = at.sidebar.get("page_link")
    other = [level.id for level in load_levels() if level.track == "other"]
    assert link.proto.label == f"Learn these rules: Other tables, level {other.index('escova') + 1}"
    assert link.proto.query_string == "level=escova&stage=1" and link.proto.page.endswith("learn")
