"""The card table: picks from the browser are checked against the rows, and it works in a real browser."""

import json
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_kit import CHROMIUM, app_server
from streamlit.testing.v1 import AppTest

from trainer.app.components import Pick, asset, card_places, every_pick, parse_pick, pick_key, script, table_data
from trainer.app.rows import Face, Row


def face(token: str) -> Face:
    """A face with a stand-in drawing, named after its token."""
    return Face(token, f"<svg><title>{token}</title></svg>", f"card {token}")


HAND = Row("Your hand", (face("7♦"), face("3♣"), face("5♠")), name="hand", pick="one")
TABLE = Row("Table", (face("A♣"), face("4♥"), face("6♦")), name="table", pick="many")
PILE = Row("Your pile", (face("2♠"),), name="pile")
ROWS = (HAND, TABLE, PILE)


def test_a_pick_keeps_only_cards_the_rows_offer() -> None:
    raw = {"hand": ["7♦"], "table": ["6♦", "K♠", "A♣", 4], "pile": ["2♠"], "deck": ["4♥"]}
    assert parse_pick(raw, ROWS) == Pick({"hand": ("7♦",), "table": ("A♣", "6♦")})


def test_a_one_row_with_two_cards_keeps_none() -> None:
    pick = parse_pick({"hand": ["7♦", "3♣"], "table": ["4♥"]}, ROWS)
    assert pick.chosen == {"table": ("4♥",)}
    assert pick.one("hand") is None


def test_a_card_no_longer_shown_is_dropped() -> None:
    later = Row("Your hand", (face("3♣"), face("5♠")), name="hand", pick="one")
    assert parse_pick({"hand": ["7♦"]}, [later]) == Pick()


@pytest.mark.parametrize("raw", [None, "7♦", ["hand", "7♦"], {"hand": "7♦"}, {"hand": None}])
def test_anything_but_a_mapping_of_lists_picks_nothing(raw: object) -> None:
    assert parse_pick(raw, ROWS) == Pick()


def test_a_face_down_card_cannot_be_picked() -> None:
    hidden = Row("Their hand", (Face("", "<svg></svg>", "face-down card"),), name="theirs", pick="many")
    assert parse_pick({"theirs": [""]}, [hidden]) == Pick()


def test_every_pick_is_one_hand_card_or_none_with_any_table_cards_never_nothing_at_all() -> None:
    picks = every_pick(ROWS)
    assert picks is not None and len(picks) == 4 * 8 - 1  # (none or one of 3) x (any of 3 cards) - the empty one
    places = card_places(ROWS)
    assert len({pick_key(pick, places) for pick in picks}) == len(picks)
    assert Pick({"hand": ("7♦",), "table": ("A♣", "6♦")}) in picks
    assert all(pick.chosen and len(pick.many("hand")) <= 1 and "pile" not in pick.chosen for pick in picks)


def test_the_browser_is_sent_each_pick_as_the_places_of_its_cards_among_those_to_pick() -> None:
    """A pick's name on the wire is the sum of 2 to the power of each chosen card's place: the hand's 7♦, 3♣, 5♠
    are places 0-2, the table's A♣, 4♥, 6♦ places 3-5; the pile, not picked from, has none (``pickKey`` in
    card_table.js sums the same; the browser test below shows a verdict found by it)."""
    places = card_places(ROWS)
    assert pick_key(Pick({"hand": ("7♦",), "table": ("A♣", "6♦")}), places) == str(1 + 8 + 32)
    assert pick_key(Pick({"table": ("4♥",)}), places) == str(16)
    assert pick_key(Pick({"hand": ("5♠",)}), places) == str(4)
    assert ("pile", "2♠") not in places


def test_past_the_most_picks_none_are_sent() -> None:
    ten = Row("Table", tuple(face(f"{n}♣") for n in range(1, 11)), name="table", pick="many")
    assert every_pick([ten]) is None  # 1,023 picks
    assert every_pick([ten], most=1023) is not None


def test_verdicts_go_to_the_browser_each_message_once() -> None:
    right, wrong = ("success", "Right."), ("error", "Not quite.")
    sent = table_data(
        ROWS, key="t", confirm="Check", disabled=False, message=None,
        verdicts={"8": wrong, "16": wrong, "32": right},
    )["verdicts"]  # fmt: skip
    assert sent["messages"] == [{"tone": "error", "text": "Not quite."}, {"tone": "success", "text": "Right."}]
    assert sent["picks"] == {"8": 0, "16": 0, "32": 1}


def test_pick_helpers_read_one_row() -> None:
    pick = Pick({"hand": ("7♦",), "table": ("A♣", "6♦")})
    assert pick.one("hand") == "7♦"
    assert pick.one("table") is None  # two cards are not "one"
    assert pick.many("table") == ("A♣", "6♦")
    assert pick.many("pile") == ()


def test_data_for_the_browser_carries_rows_button_and_message() -> None:
    empty = Row("Your pile", (), empty="nothing taken yet")
    data = table_data(
        (HAND, empty),
        key="p1",
        confirm="Play",
        disabled=True,
        message=("error", "<b>not</b> bold"),
    )
    assert json.loads(json.dumps(data)) == data  # plain JSON, as Streamlit sends it
    assert data["key"] == "p1"
    assert [row["name"] for row in data["rows"]] == ["hand", ""]
    assert data["rows"][0]["faces"][1] == {"token": "3♣", "svg": HAND.faces[1].svg, "label": "card 3♣", "value": 3}
    assert data["rows"][0]["pick"] == "one"
    assert data["rows"][1] == {
        "title": "Your pile",
        "name": "",
        "pick": None,
        "empty": "nothing taken yet",
        "faces": [],
    }
    assert (data["confirm"], data["clear"], data["disabled"]) == ("Play", "Clear", True)
    assert data["message"] == {"tone": "error", "text": "<b>not</b> bold"}
    assert data["tally"] is None  # no running sum unless a page asks for one


def test_r3_a_running_sum_is_sent_its_words_the_played_cards_value_and_every_cards_capture_value() -> None:
    hidden = Row("Their hand", (Face("", "<svg></svg>", "face-down card"),), name="theirs")
    data = table_data((TABLE, hidden), key="t", confirm="Check", disabled=False, message=None,
                      tally="Suma: {sum}", played=9)  # fmt: skip
    assert data["tally"] == {"words": "Suma: {sum}", "played": 9}
    assert [face["value"] for row in data["rows"] for face in row["faces"]] == [1, 4, 6, None]


def test_the_button_that_undoes_a_pick_is_named_as_the_page_says() -> None:
    data = table_data((HAND,), key="p1", confirm="Jugar", disabled=False, message=None, clear="Quitar la selección")
    assert (data["confirm"], data["clear"]) == ("Jugar", "Quitar la selección")


def test_a_message_needs_a_known_tone() -> None:
    with pytest.raises(ValueError, match="tone must be one of"):
        table_data(ROWS, key="k", confirm=None, disabled=False, message=("shout", "hi"))


def test_the_browser_files_ship_in_the_package() -> None:
    js, css = script("card_table.js"), asset("card_table.css")
    assert "export default function" in js
    assert "textContent" in js and "aria-pressed" in js
    assert "prefers-reduced-motion" in css and "clamp(" in css
    # Streamlit reads a one-line string naming a file as a path: these are texts, on many lines.
    assert js.count("\n") > 10 and css.count("\n") > 10


@pytest.mark.parametrize("name", ["card_table.js", "seat_table.js", "keypad.js"])
def test_each_table_script_comes_after_the_shared_helpers_and_defines_none_again(name: str) -> None:
    js = script(name)
    assert js.startswith(asset("shared.js"))
    helpers = ("const shownMessages", "const ICONS", "function element(", "function button(", "function showMessage(")
    for helper in helpers:
        assert js.count(helper) == 1, helper


# A page with one card table, as a script.
PAGE = """
from trainer.app.components import card_table
from trainer.app.rows import Face, Row

cards = tuple(Face(token, "<svg></svg>", token) for token in ("7♦", "3♣"))
card_table([Row("Your hand", cards, name="hand", pick="one")], key="table", message=("info", "Your turn"))
"""


def test_apptest_sees_what_the_browser_is_sent() -> None:
    at = AppTest.from_string(PAGE).run()
    assert not at.exception
    sent = json.loads(at.get("bidi_component")[0].proto.json)
    assert [f["token"] for f in sent["rows"][0]["faces"]] == ["7♦", "3♣"]
    assert sent["message"] == {"tone": "info", "text": "Your turn"}
    assert "chosen" not in sent  # choosing stays in the browser until the learner confirms


DEMO = """
import streamlit as st

import time

from trainer.app.components import Pick, card_places, card_table, every_pick, pick_key
from trainer.app.rows import Face, Row


def faces(text: str) -> tuple[Face, ...]:
    svg = '<svg width="64" height="96" viewBox="0 0 100 150"><rect width="100" height="150" fill="#eee"/></svg>'
    return tuple(Face(token, svg, f"card {token}") for token in text.split())


def said(pick: Pick) -> tuple[str, str]:
    return ("success", f"played {pick.one('hand')} taking {' '.join(pick.many('table'))}")


def played(pick: Pick) -> None:
    time.sleep(5)  # a slow server: the verdict sent with the table is shown before this rerun ends
    st.session_state["verdict"] = said(pick)


rows = [
    Row("Your hand", faces("7♦ 3♣"), name="hand", pick="one"),
    Row("Table", faces("A♣ 4♥"), name="table", pick="many"),
]
verdicts = {pick_key(pick, card_places(rows)): said(pick) for pick in every_pick(rows) or ()}
card_table(rows, key="table", on_confirm=played, message=st.session_state.get("verdict"), tally="Adding up: {sum}",
           verdicts=verdicts)
st.session_state["runs"] = st.session_state.get("runs", 0) + 1
st.write(f"script runs: {st.session_state.runs}")
"""


@pytest.fixture(scope="module")
def demo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Streamlit server running a page with one card table."""
    folder = tmp_path_factory.mktemp("demo")
    (folder / "demo.py").write_text(textwrap.dedent(DEMO), encoding="utf-8")
    with app_server(folder, script=str(folder / "demo.py")) as url:
        yield url


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="no Chromium here: apt-get install chromium")
def test_a_pick_made_by_mouse_and_keyboard_reaches_python(demo_url: str, browser: Any) -> None:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    idle = "[data-testid='stApp'][data-test-script-state='notRunning']"
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(demo_url)
    page.wait_for_selector(idle)
    sync_api.expect(page.get_by_text("script runs: 1")).to_be_visible()
    seven = page.get_by_role("button", name="card 7♦")
    seven.click()
    sync_api.expect(seven).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Tab")  # the hand is one Tab stop: on to the table's
    page.keyboard.press("Space")
    ace, four = page.get_by_role("button", name="card A♣"), page.get_by_role("button", name="card 4♥")
    sync_api.expect(ace).to_have_attribute("aria-pressed", "true")
    sync_api.expect(ace).to_be_focused()
    tally = page.locator(".tally")
    sync_api.expect(tally).to_have_text("Adding up: 7 + 1 = 8")  # added up in the browser, the hand card first
    sync_api.expect(tally).to_have_attribute("aria-live", "polite")
    page.keyboard.press("ArrowRight")  # along the table's cards
    sync_api.expect(four).to_be_focused()
    page.keyboard.press("ArrowRight")  # round to the first again
    sync_api.expect(ace).to_be_focused()
    page.keyboard.press("Tab")  # past the table to Play
    sync_api.expect(page.get_by_role("button", name="Play")).to_be_focused()
    page.keyboard.press("Shift+Tab")  # back to the card last left in the table
    sync_api.expect(ace).to_be_focused()
    page.keyboard.press("Control+Enter")  # plays from within the table, the focused card left as it is
    verdict = page.locator(".message")
    sync_api.expect(verdict).to_have_text("✓played 7♦ taking A♣")
    sync_api.expect(verdict).to_be_focused()
    assert page.get_by_text("script runs: 1").is_visible()  # shown by the click itself: the rerun takes 5 s
    runs = page.get_by_text("script runs: 2")
    sync_api.expect(runs).to_be_visible(timeout=90_000)  # the confirm did; picking cards did not
    sync_api.expect(verdict).to_have_text("✓played 7♦ taking A♣")  # the rerun's own verdict, the same
    sync_api.expect(page.locator("button.card")).to_have_count(4)  # redrawn in place, not beside the old one
    page.close()
