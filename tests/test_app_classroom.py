"""A class run for a term, as its teacher, its learners and the club's administrator meet it (AppTest): many learners
added at once with sign-in cards, learners and classes archived and brought back, a class renamed and deleted, news
that reaches the learners' Home, a co-teacher by a one-use code, a learner's own password (on their Progress page),
and an administrator who takes a teacher's right to teach away."""

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import test_app_signin
from app_kit import seen
from streamlit.testing.v1 import AppTest
from test_app_signin import APP, CLUB, ISSUER, PAGES, app, press, sign_in_with_code

from trainer.ai.game import Game, review
from trainer.app.card_style import CardStyle
from trainer.app.play_words import review_markdown
from trainer.app.sign_in_cards import cards_html, server_address
from trainer.i18n import translator
from trainer.progress.accounts import become_teacher
from trainer.progress.model import Attempt
from trainer.progress.sqlite import Store
from trainer.progress.training import keep_game

club = test_app_signin.club  # the server of the sign-in tests: Tere teaches Martes, with Bea in it


def classes_page(sub: str = "tere") -> AppTest:
    at = app({"sub": sub})
    at.switch_page(f"{PAGES}/classes.py").run()
    assert not at.exception, at.exception
    return at


def open_tab(at: AppTest, number: int, tab: str) -> AppTest:
    """Open one of the class's tabs, as a click on it does: only the open one is drawn."""
    at.session_state[f"class_tab_{number}"] = tab
    at.run()
    assert not at.exception, at.exception
    return at


def room_id(club: dict[str, Any], data: Path) -> int:
    with Store.open(data) as saved:
        return next(room.id for room in saved.classes(club["tere"]) if room.code == club["code"])


def test_a_teacher_adds_a_class_list_at_once_and_gets_its_one_time_passwords_on_cards(
    club: dict[str, Any], data: Path
) -> None:
    at, number = classes_page(), room_id(club, data)
    at.text_area(key=f"many_names_{number}").set_value("Ana\nbea")
    press(at, "Add them all")
    assert [seen(e.value) for e in at.error] == ["line 2: a learner of the class is called 'bea' already"]
    at.text_area(key=f"many_names_{number}").set_value("Ana\nCai, Dani")
    press(at, "Add them all")
    assert seen(at.success[0].value).startswith("3 one-time passwords made.")
    handed = at.table[1].value  # after the class's own table
    assert list(handed["Learner"]) == ["Ana", "Cai", "Dani"]
    assert [b.label for b in at.get("download_button")] == ["Download as CSV", "Sign-in cards to print"]
    learner = sign_in_with_code(app(), club, "Cai", handed["Password"].iloc[1])
    assert [t.value for t in learner.title] == ["Choose your own password"]  # before anything else
    learner.text_input(key="own_new_password").set_value("cai-own-password")
    learner.text_input(key="own_new_again").set_value("cai-own-passwort")
    press(learner, "Keep this password")
    assert [seen(e.value) for e in learner.error] == ["The two new passwords differ: type the same one twice."]
    learner.text_input(key="own_new_password").set_value("cai-own-password")
    learner.text_input(key="own_new_again").set_value("cai-own-password")
    press(learner, "Keep this password")
    assert learner.title[0].value == "Escoba Trainer"  # Home, and the one-time password is spent
    sign_in_with_code(app(), club, "Cai", "cai-own-password")


def test_sign_in_cards_hold_each_name_code_and_password_and_escape_them() -> None:
    page = cards_html(
        "4ºB <Martes>", "K7QM2X", server_address("https://club.example/oauth2callback"),
        [("Ana", "k7vq-m3xa"), ("<b>Cai</b>", "pq2z-8hjn")], translator("es"), "es",
    )  # fmt: skip
    assert page.count('class="card"') == 2 and "&lt;b&gt;Cai&lt;/b&gt;" in page and "<b>Cai</b>" not in page
    assert "K7QM2X" in page and "pq2z-8hjn" in page and "https://club.example" in page and 'lang="es"' in page
    assert "Código de la clase" in page and "sirve una vez" in page and "@page { size: A4" in page
    assert server_address("not an address") == ""


def test_a_learner_changes_their_password_on_their_progress_page(club: dict[str, Any]) -> None:
    at = sign_in_with_code(app(), club)
    at.switch_page(f"{PAGES}/progress.py").run()
    at.text_input(key="own_old_password").set_value("wrong-password")
    at.text_input(key="own_new_password").set_value("bea-new-secret")
    at.text_input(key="own_new_again").set_value("bea-new-secret")
    press(at, "Change the password")
    assert [seen(e.value) for e in at.error] == ["That is not the password you have now."]
    at.text_input(key="own_old_password").set_value(club["password"])
    at.text_input(key="own_new_password").set_value("bea-new-secret")
    at.text_input(key="own_new_again").set_value("bea-new-secret")
    press(at, "Change the password")
    assert at.success[-1].value.startswith("Your password is changed.")
    sign_in_with_code(app(), club, password="bea-new-secret")


def test_archived_learners_leave_the_table_and_come_back(club: dict[str, Any], data: Path) -> None:
    at, number = classes_page(), room_id(club, data)
    assert list(at.table[0].value["Learner"]) == ["Bea"]
    press(at, "Archive")
    assert at.caption[-1].value == "No learners in this class yet." or not at.table
    assert "Bea (archived)" in [seen(m.value) for m in at.markdown]
    press(at, "Bring back")
    assert list(at.table[0].value["Learner"]) == ["Bea"] and number == at.session_state.opened_class


def test_news_posted_to_the_class_reaches_its_learners_home(club: dict[str, Any], data: Path) -> None:
    at, number = classes_page(), room_id(club, data)
    open_tab(at, number, "News").text_area(key=f"news_text_{number}").set_value("  Bring a Spanish deck on Friday.  ")
    press(at, "Post to the class")
    assert [t.value for t in at.text] == ["Bring a Spanish deck on Friday."]
    learner = sign_in_with_code(app(), club)
    assert "News from your class" in [h.value for h in learner.header]
    assert [t.value for t in learner.text] == ["Bring a Spanish deck on Friday."]
    assert any(caption.value.startswith("Tere, on ") for caption in learner.caption)
    press(at, "Delete the note")
    assert not at.text


def test_a_class_is_renamed_archived_brought_back_and_deleted_with_its_learners(
    club: dict[str, Any], data: Path
) -> None:
    at, number = classes_page(), room_id(club, data)
    open_tab(at, number, "The class").text_input(key=f"rename_{number}").set_value("Martes 2027")
    press(at, "Rename")
    assert [e.label for e in at.expander if " · " in e.label] == [f"Martes 2027 · {club['code']}"]
    press(at, "Archive the class")
    assert "Archived classes" in [h.value for h in at.subheader]
    press(at, "Bring the class back")
    assert "Archived classes" not in [h.value for h in at.subheader]
    delete = next(b for b in at.button if b.label == "Delete the class")
    assert delete.disabled
    at.checkbox(key=f"delete_sure_{number}").check().run()
    press(at, "Delete the class")
    assert seen(at.success[0].value) == "The class Martes 2027 is deleted."
    with Store.open(data) as saved:
        assert saved.classes(club["tere"]) == [] and saved.learner(club["bea"]) is None


def test_another_teacher_co_teaches_by_the_code_the_first_one_made(club: dict[str, Any], data: Path) -> None:
    with Store.open(data) as saved:
        otto = saved.create_account("Otto", ISSUER, "otto").learner
        assert become_teacher(saved, otto, "code", "code")
    at = open_tab(classes_page(), room_id(club, data), "The class")
    press(at, "Make a co-teacher code")
    code = seen(at.success[0].value).removeprefix("The co-teacher code is ").split(".")[0]
    other = classes_page("otto")
    assert not [e for e in other.expander if " · " in e.label]
    other.text_input(key="co_code").set_value(code)
    press(other, "Co-teach")
    assert [e.label for e in other.expander if " · " in e.label] == [f"Martes · {club['code']}"]
    assert list(other.table[0].value["Learner"]) == ["Bea"]
    open_tab(other, room_id(club, data), "The class")
    assert any(caption.value.startswith("You co-teach this class") for caption in other.caption)
    assert "Make a co-teacher code" not in [button.label for button in other.button]


def admin_app(email: str, verified: bool = True, later: int = 0) -> AppTest:
    """The Teachers page opened by Tere, signed in with that address ``later`` seconds after now: each sign-in of a
    provider starts one session only."""
    at = AppTest.from_file(APP, default_timeout=30)
    at.secrets["club"] = {**CLUB, "admins": ["boss@club.example"]}
    claims = {"sub": "tere", "iat": int(time.time()) + later, "email": email, "email_verified": verified}
    at.user = {"is_logged_in": True, "iss": ISSUER, **claims}  # signed in just now
    at.run()
    at.switch_page(f"{PAGES}/admin.py").run()
    assert not at.exception, at.exception
    return at


def test_an_administrator_takes_a_teachers_right_away_and_gives_it_back(club: dict[str, Any], data: Path) -> None:
    for later, (email, verified) in enumerate((("tere@club.example", True), ("boss@club.example", False))):
        refused = admin_app(email, verified, later)
        assert [w.value for w in refused.warning] == ["Only an administrator of this server sees its teachers."]
    with Store.open(data) as saved:
        otto = saved.create_account("Otto", ISSUER, "otto").learner
        assert become_teacher(saved, otto, "code", "code")
    at = admin_app("Boss@club.example", later=2)
    assert at.table[0].value.to_dict("list") == {
        "Teacher": ["Otto", "Tere"], "Classes made": ["0", "1"], "May teach": ["yes", "yes"]
    }  # fmt: skip
    at.selectbox[0].set_value(otto.id).run()
    at.checkbox[0].check().run()
    press(at, "Take the right to teach away")
    assert at.success[0].value == "Otto no longer teaches."
    assert list(at.table[0].value["May teach"]) == ["no", "yes"]
    with Store.open(data) as saved:
        assert not saved.account_of(otto).teacher  # type: ignore[union-attr]
    press(at, "Give the right to teach back")
    assert list(at.table[0].value["May teach"]) == ["yes", "yes"]


def test_a_match_set_for_one_learner_by_its_rules_is_started_from_home_as_set_then_moved_and_deleted(
    club: dict[str, Any], data: Path
) -> None:
    at, number = classes_page(), room_id(club, data)
    key = f"hw_{number}"
    open_tab(at, number, "Homework")
    at.radio(key=f"{key}_kind").set_value("match").run()
    at.selectbox(key=f"{key}_rules").set_value("sevens").run()
    at.radio(key=f"{key}_players").set_value(4)
    at.radio(key=f"{key}_target").set_value(15)
    at.radio(key=f"{key}_strength").set_value("greedy")
    at.multiselect(key=f"{key}_for").set_value([club["bea"].id])
    press(at, "Set the homework")
    with Store.open(data) as saved:
        [piece] = saved.class_assignments(club["tere"], number)
    assert (piece.items, piece.learners) == (("greedy",), (club["bea"].id,))
    assert (piece.settings.rules, piece.settings.players, piece.settings.target) == ("sevens", 4, 15)
    learner = sign_in_with_code(app(), club)
    [link] = [link for link in learner.get("page_link") if "· a match against" in link.proto.label]
    learner.query_params["homework"] = str(piece.id)
    learner.switch_page(f"{PAGES}/play.py").run()
    assert "homework=" in link.proto.query_string and learner.markdown[0].value.startswith("Homework due ")
    press(learner, "Start the homework match")
    game = learner.session_state["game"]
    assert (game.match.profile.name, game.match.profile.target, game.match.players) == ("sevens", 15, 4)
    at.date_input(key=f"{key}_{piece.id}_due").set_value(piece.due.date() + timedelta(days=3))
    press(at, "Save the changes")
    with Store.open(data) as saved:
        [moved] = saved.class_assignments(club["tere"], number)
    assert moved.due == piece.due + timedelta(days=3) and moved.settings == piece.settings
    at.checkbox(key=f"hw_sure_{piece.id}").check().run()
    press(at, "Delete the homework")
    with Store.open(data) as saved:
        assert saved.class_assignments(club["tere"], number) == []


def test_a_learner_late_with_homework_is_told_so_and_the_teacher_sees_it(club: dict[str, Any], data: Path) -> None:
    with Store.open(data) as saved:
        [room] = saved.classes(club["tere"])
        saved.assign(club["tere"], room.id, "levels", ("escoba",), datetime.now(UTC) - timedelta(days=1))
    learner = sign_in_with_code(app(), club)
    assert any(link.proto.label.startswith("Late, it was due ") for link in learner.get("page_link"))
    at = open_tab(classes_page(), room.id, "Homework")
    assert list(at.table[0].value["Late"]) == ["late"]


def test_a_teacher_opens_a_learners_page_and_nobody_else_can(club: dict[str, Any], data: Path) -> None:
    at = classes_page()
    [link] = [link for link in at.get("page_link") if link.proto.label == "Open the page of Bea"]
    assert link.proto.query_string == f"learner={club['bea'].id}"
    at.query_params["learner"] = str(club["bea"].id)
    at.switch_page(f"{PAGES}/learner.py").run()
    assert [t.value for t in at.title] == ["Bea"] and not at.warning
    periods = at.table[0].value  # Bea's three answers, all on one day of 2026
    assert list(periods["Puzzles answered"]) == ["3"] and list(periods["From"]) == ["2025-12-29"]
    assert "Matches against the computer" in [h.value for h in at.header]
    assert any("Points, the learner's – the computer's" in m.value for m in at.markdown)  # the teacher's words
    with Store.open(data) as saved:  # a week later: a second period, and a line through each figure
        later = datetime(2026, 1, 8, tzinfo=UTC)
        saved.record_attempt(club["bea"], Attempt("capture-l1-sota", "capture", 1, ("sum",), "practice", "J♦", False,
                                                  90.0, 0, False, later))  # fmt: skip
    charts = " ".join(html.proto.body for html in at.run().get("html"))
    assert "puzzles answered in each period, 3 at most" in charts and "minutes spent in each period" in charts
    with Store.open(data) as saved:
        otto = saved.create_account("Otto", ISSUER, "otto").learner
        assert become_teacher(saved, otto, "code", "code")
    for other in (app({"sub": "otto"}), sign_in_with_code(app(), club)):  # another teacher; the learner herself
        other.query_params["learner"] = str(club["bea"].id)
        other.switch_page(f"{PAGES}/learner.py").run()
        assert other.warning and "Bea" not in [t.value for t in other.title]


def test_a_teacher_weighs_a_learners_match_play_by_play_as_the_learner_was_shown_it(
    club: dict[str, Any], data: Path
) -> None:
    game = Game.start(2, "greedy", seed=8).until_learner()
    while not game.deal.is_over:
        game = game.learner_plays(game.deal.legal_plays()[0]).until_learner()
    shown = review(game.decisions)  # what the learner saw after the deal
    with Store.open(data) as saved:
        keep_game(saved, club["bea"], game.after_review(shown), None, datetime.now(UTC))
    at = classes_page()
    at.query_params["learner"] = str(club["bea"].id)
    at.switch_page(f"{PAGES}/learner.py").run()
    press(at, "Weigh each of their plays")
    [table] = [m.value for m in at.markdown if m.value.startswith("| # | Their play |")]
    assert table == review_markdown(shown, CardStyle(), theirs=True)
