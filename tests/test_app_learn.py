"""The Learn page, driven as a learner would: every level, every task right, a slip, stars kept, deep links."""

import json
import re
from pathlib import Path

import pytest
from app_kit import alerts, go_on, page_links, send, sent_verdicts, tap
from streamlit.testing.v1 import AppTest
from test_course import wrong_answers
from test_i18n import TRANSLATED, catalog, english_in, shown

from trainer.app.card_style import CardStyle
from trainer.app.names import say, spoken_label
from trainer.cards import parse_card
from trainer.course import as_played, choice_label, load_levels, stars
from trainer.i18n import LOCALES, translator
from trainer.profile import PROFILES
from trainer.progress.sqlite import Store
from trainer.puzzles import load_puzzles

APP = str(Path(__file__).parent.parent / "streamlit_app.py")
LEVELS = load_levels()


def open_learn(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params.update(query)
    at.switch_page("trainer/app/views/learn.py").run()
    assert not at.exception, at.exception
    return at


def button(at: AppTest, label: str):
    return next(b for b in at.button if b.label == label)


def click(at: AppTest, label: str) -> None:
    button(at, label).click().run()
    assert not at.exception, at.exception


def verdict(at: AppTest) -> tuple[str, str] | None:
    """The verdict shown, in the card table or in the verdict box: (tone, text)."""
    for element in at.get("bidi_component"):
        sent = json.loads(element.proto.json)
        if sent.get("message") and not sent.get("unseen"):  # not the step read out to screen readers
            return sent["message"]["tone"], sent["message"]["text"]
    return None


def onward(at: AppTest) -> str | None:
    """The label of the button under a right answer's verdict, if one is drawn."""
    labels = [sent["onward"] for e in at.get("bidi_component") if (sent := json.loads(e.proto.json)).get("onward")]
    return labels[0] if labels else None


def right_answer(stage) -> str:
    return sorted(stage.accept)[0]


def answer(at: AppTest, stage, text: str) -> None:
    """Answer a task through its chosen answer, its number on the keypad, or its cards typed."""
    if stage.choices:
        at.radio(key="answer").set_value(text)
        click(at, "Check")
    elif stage.task == "number":
        send(at, "escoba_keypad", {"check": text})
    else:
        at.text_input(key="answer").set_value(text)
        click(at, "Check what I typed")


def tap_answer(at: AppTest, text: str) -> dict[str, str] | None:
    """Answer a pick or a play by tapping its cards on the card table, each in the row that offers it (a play's
    first card is the one from the hand), then pressing the button; returns the verdict the table was sent for
    that pick, which it shows at once, if it was sent one."""
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    rows = [row for row in json.loads(board.proto.json)["rows"] if row["pick"]]
    chosen: dict[str, list[str]] = {}
    for token in text.split():
        [row] = [row for row in rows if token in {face["token"] for face in row["faces"]}]
        chosen.setdefault(row["name"], []).append(token)
    at_once = sent_verdict(at, chosen)
    tap(at, chosen)
    return at_once


def sent_verdict(at: AppTest, chosen: dict[str, list[str]]) -> dict[str, str] | None:
    """The verdict the card table was sent for a pick, found as its script finds it: row by row, in each row's
    order."""
    key = " ".join(f"{name}:{token}" for name, tokens in chosen.items() for token in tokens)
    return (sent_verdicts(at) or {}).get(key)


def level_done(at: AppTest) -> str:
    """The end of a level: its heading, and the words its stars are drawn with (the big ones, 44 pixels high; the
    level map draws each level's small)."""
    assert at.header[0].value == "Level done"
    bodies = " ".join(html.proto.body for html in at.get("html"))
    [words] = re.findall(r'alt="([^"]*)" title="[^"]*" height="44"', bodies)
    return words


def stars_of(data, level_id: str) -> int | None:
    with Store.open(data) as saved:
        return saved.stars("Player").get(level_id)


@pytest.mark.parametrize("level", LEVELS, ids=[level.id for level in LEVELS])
def test_every_stage_of_every_level_is_done_right_for_three_stars_by_tapping(data, level):
    """Cards are tapped on the card table, never typed; other answers are chosen, or a number given."""
    at = open_learn(level=level.id, stage="1")
    assert at.title[0].value == level.title
    for number, stage in enumerate(level.stages, start=1):
        assert f"step {number} of {len(level.stages)}" in at.get("progress")[0].proto.text
        assert any(m.value == say(str(stage.text), CardStyle()) for m in at.markdown), stage.text
        if stage.is_task:
            last = "Finish the level ▶" if number == len(level.stages) else "Next ▶"
            assert button(at, last).disabled  # a task is done before moving on
            at_once = None
            if stage.task in ("pick", "play"):
                at_once = tap_answer(at, right_answer(stage))
            else:
                answer(at, stage, right_answer(stage))
            tone, text = verdict(at)
            assert tone == "success", (level.id, number, verdict(at))
            assert at_once in (None, {"tone": tone, "text": text})  # what the table showed at once, the engine's
            assert onward(at) == last and button(at, last).disabled is False
            go_on(at)  # the button under the verdict, where the keyboard is: the same as the step's own
        else:
            assert onward(at) is None  # nothing answered, nothing under a verdict
            click(at, "Next ▶" if number < len(level.stages) else "Finish the level ▶")
    assert level_done(at) == "3 of 3 stars"
    assert stars_of(data, level.id) == 3


def test_the_table_is_sent_the_engines_verdict_on_every_pick_first_and_second_miss_alike(data):
    """Each pick's verdict, shown the moment it is checked, is the one the engine gives once the pick arrives; a
    second miss is sent its more pointed clue."""
    level = next(lv for lv in LEVELS if lv.id == "fifteen")
    number = next(n for n, stage in enumerate(level.stages, start=1) if stage.task == "pick")
    at = open_learn(level=level.id, stage=str(number))
    sent = sent_verdicts(at)
    assert sent is not None
    wrong = [key for key, said in sent.items() if said["tone"] == "error"]
    assert len(sent) > len(wrong) > 1
    for key in wrong[:2]:
        chosen: dict[str, list[str]] = {}
        for name, token in (card.split(":") for card in key.split()):
            chosen.setdefault(name, []).append(token)
        at_once = sent_verdict(at, chosen)
        tap(at, chosen)
        tone, text = verdict(at)
        assert at_once == {"tone": tone, "text": text} and tone == "error"
    assert "Look closer" in text  # the second miss's clue, sent for it after the first


def test_a_wrong_answer_and_a_shown_answer_cost_stars(data):
    level = next(lv for lv in LEVELS if lv.tasks >= 2)
    at = open_learn(level=level.id, stage="1")
    mistakes = hints = 0
    for number, stage in enumerate(level.stages, start=1):
        if stage.is_task and mistakes < 2:
            wrong = {"who": "nobody", "allowed": "yes", "number": "999"}.get(stage.task, "A♦ 2♦ 3♦")
            answer(at, stage, wrong if wrong not in stage.accept else "no")
            assert verdict(at)[0] == "error"
            assert alerts(at) == [verdict(at)[1]]  # said once
            mistakes += 1
            if mistakes == 2:
                click(at, "Show the answer")
                assert at.info[0].value.startswith("The answer: ")
                hints += 1
        if stage.is_task:
            answer(at, stage, right_answer(stage))
        click(at, "Next ▶" if number < len(level.stages) else "Finish the level ▶")
    earned = stars(mistakes, hints)
    assert (mistakes, hints, earned) == (2, 1, 1)
    assert level_done(at) == "1 of 3 stars"
    assert stars_of(data, level.id) == 1


def test_check_with_nothing_chosen_says_what_to_do_and_costs_no_star(data):
    level = next(lv for lv in LEVELS if lv.id == "seats")  # a choice to make, then cards to pick
    at = open_learn(level=level.id, stage="1")
    for number, stage in enumerate(level.stages, start=1):
        if stage.is_task:
            if stage.task == "number":  # nothing given
                send(at, "escoba_keypad", {"check": ""})
            else:
                click(at, "Check" if stage.choices else "Check what I typed")
            assert verdict(at) is None
            assert at.info[0].value.startswith("Nothing is chosen yet: choose your answer"), number
            answer(at, stage, right_answer(stage))
        click(at, "Next ▶" if number < len(level.stages) else "Finish the level ▶")
    assert level_done(at) == "3 of 3 stars"


def test_the_place_is_kept_and_a_new_visit_continues_there(data):
    level = LEVELS[1] if len(LEVELS) > 1 else LEVELS[0]
    open_learn(level=level.id, stage="2")
    again = AppTest.from_file(APP, default_timeout=30)
    again.switch_page("trainer/app/views/learn.py").run()
    assert again.title[0].value == level.title
    assert "step 2 of" in again.get("progress")[0].proto.text


def test_a_bad_deep_link_opens_the_first_level(data):
    at = open_learn(level="nonsense", stage="x")
    assert at.title[0].value == LEVELS[0].title


@pytest.mark.parametrize("stage", ["²", "٣", "9" * 5000, "-1", "0"])
def test_a_step_number_that_is_no_step_opens_the_levels_first_step(data, stage):
    at = open_learn(level=LEVELS[1].id, stage=stage)  # "²" passes str.isdigit, int() refuses it
    assert at.title[0].value == LEVELS[1].title
    assert "step 1 of" in at.get("progress")[0].proto.text
    at.run()  # and on every rerun after
    assert not at.exception, at.exception


def test_the_level_map_shows_stars_and_opens_a_level(data):
    with Store.open(data) as saved:
        saved.create_profile("Player")
        saved.record_stars("Player", LEVELS[0].id, 2)
    at = open_learn()
    first = next(b for b in at.button if b.key == f"level_{LEVELS[0].id}")
    assert first.label == f"1. {LEVELS[0].title}"
    drawn = re.findall(r'alt="([^"]*)" title="[^"]*" height="18"', " ".join(h.proto.body for h in at.get("html")))
    # each level's stars drawn after its button, named in words, on the map under the Levels button
    assert drawn == ["2 of 3 stars", *["0 of 3 stars"] * (len(LEVELS) - 1)]
    last = next(b for b in at.button if b.key == f"level_{LEVELS[-1].id}")
    last.click().run()
    assert at.title[0].value == LEVELS[-1].title


CORE = [level for level in LEVELS if level.track == "core"]
OTHER = [level for level in LEVELS if level.track == "other"]


def test_the_level_map_shows_the_core_path_then_the_other_tables_apart_each_numbered_from_1(data):
    at = open_learn(level=OTHER[0].id, stage="1")
    mapped = [b for b in at.button if (b.key or "").startswith("level_")]
    shown = [(b.key.removeprefix("level_"), b.label.split(".")[0]) for b in mapped]
    assert shown == [(lv.id, str(n)) for track in (CORE, OTHER) for n, lv in enumerate(track, start=1)]
    assert [head.value for head in at.subheader] == ["Other tables"]
    steps = len(OTHER[0].stages)
    assert at.get("progress")[0].proto.text == f"Other tables: level 1 of {len(OTHER)}, step 1 of {steps}"
    at = open_learn(level=CORE[-1].id, stage="1")
    assert at.get("progress")[0].proto.text.startswith(f"Level {len(CORE)} of {len(CORE)}, step 1 of")


def test_the_core_paths_last_level_ends_the_course_and_offers_the_other_tables(data):
    at = open_learn(level=CORE[-1].id, stage=str(len(CORE[-1].stages) + 1))
    labels = [b.label for b in at.button]
    assert "Next level ▶" not in labels
    assert any(s.value.startswith("That was the course's last level") for s in at.success)
    click(at, "Other tables ▶")
    assert at.title[0].value == OTHER[0].title and "step 1 of" in at.get("progress")[0].proto.text


def test_the_other_tables_last_level_leads_nowhere_back_into_the_core_path(data):
    at = open_learn(level=OTHER[-1].id, stage=str(len(OTHER[-1].stages) + 1))
    labels = {b.label for b in at.button}
    assert not labels & {"Next level ▶", "Other tables ▶"}
    assert any(s.value.startswith("That was the last of the other tables") for s in at.success)
    at = open_learn(level=OTHER[0].id, stage=str(len(OTHER[0].stages) + 1))
    click(at, "Next level ▶")  # within the track, the next of its levels
    assert at.title[0].value == OTHER[1].title


def test_home_counts_the_core_path_and_the_other_tables_apart(data):
    home = AppTest.from_file(APP, default_timeout=30).run()
    assert page_links(home)[0].proto.label == f"Start learning: {len(CORE)} short levels"
    assert [e.label for e in home.expander][:2] == [
        f"The course: 0 of {3 * len(CORE)} stars",
        f"Other tables: 0 of {3 * len(OTHER)} stars",
    ]
    open_learn(level=OTHER[1].id, stage="1")
    home.run()
    assert page_links(home)[0].proto.label == f"Continue where you left off: Other tables, level 2, {OTHER[1].title}"


def test_the_end_of_a_level_links_to_puzzles_of_its_themes(data):
    level = next(lv for lv in LEVELS if lv.practice)
    at = open_learn(level=level.id, stage=str(len(level.stages) + 1))
    links = page_links(at)
    assert [link.proto.query_string for link in links] == [f"theme={theme}" for theme in level.practice]
    puzzles = AppTest.from_file(APP, default_timeout=30)
    puzzles.query_params["theme"] = level.practice[0]
    puzzles.switch_page("trainer/app/views/puzzles.py").run()
    assert not puzzles.exception
    bank = {puzzle.id: puzzle for puzzle in load_puzzles(Path(__file__).parent.parent / "puzzles")}
    assert level.practice[0] in bank[puzzles.session_state.puzzle_id].themes


def level_of(level_id: str):
    return next(level for level in LEVELS if level.id == level_id)


def test_v1_a_step_under_another_rule_set_says_which_and_a_classic_one_does_not(data):
    at = open_learn(level="sevens", stage="1")
    assert [caption.value for caption in at.caption] == ["Rule set for this step: Sevens (no setenta)"]
    click(at, "Next ▶")  # the same first table under the classic rules
    assert not at.caption
    at = open_learn(level="penalties", stage="2")
    assert [caption.value for caption in at.caption] == ["Rule set for this step: Turkish, played by its penalties"]


def test_v5_a_fault_is_chosen_among_three_kinds_and_a_wrong_kind_is_refused(data):
    at = open_learn(level="penalties", stage="2")  # 3♥ taking K♠: a wrong capture
    assert at.radio(key="answer").options == ["legal", "wrong capture", "missed capture"]
    at.radio(key="answer").set_value("legal")
    click(at, "Check")
    assert verdict(at)[0] == "error"
    at.radio(key="answer").set_value("wrong capture")
    click(at, "Check")
    tone, text = verdict(at)
    assert tone == "success" and "loses 4 points" in text


def test_v5_a_score_below_zero_is_typed_with_a_minus(data):
    level = level_of("penalties")
    stage = level.stages[-1]
    at = open_learn(level="penalties", stage=str(len(level.stages)))
    assert int(right_answer(stage)) < 0
    answer(at, stage, right_answer(stage))
    assert verdict(at)[0] == "success"


def test_v1_which_rule_set_is_chosen_by_title_and_the_comparison_is_a_table(data):
    level = level_of("rule-sets")
    number = next(n for n, stage in enumerate(level.stages, start=1) if stage.task == "which")
    at = open_learn(level="rule-sets", stage=str(number))
    assert at.radio(key="answer").options == [choice_label(name) for name in level.stages[number - 1].choices]
    assert "Sevens (no setenta)" in at.radio(key="answer").options
    at = open_learn(level="rule-sets", stage=str(len(level.stages)))
    table = next(m.value for m in at.markdown if m.value.startswith("| Points: side A – side B |"))
    lines = table.splitlines()
    assert len(lines[0].split("|")) - 2 == 1 + len(PROFILES)  # a column per rule set
    assert lines[-1].startswith("| **Total** |")


def test_v2_v3_a_deal_for_three_is_answered_a_b_c_or_nobody(data):
    level = level_of("sevens-three")
    number = next(n for n, stage in enumerate(level.stages, start=1) if stage.task == "who" and stage.deal.sides == 3)
    at = open_learn(level="sevens-three", stage=str(number))
    assert at.radio(key="answer").options == ["A", "B", "C", "nobody"]
    at.radio(key="answer").set_value("C")
    click(at, "Check")
    assert verdict(at)[0] == "error"  # side C shares the most cards with side B: nobody scores (V2)


#: A stage of each kind the course has, as (level, step): says, picks, plays, choices, figures, a table, piles,
#: steps under other rule sets and at a table played by its penalties, a played deal's turn, its sum and its later
#: half.
EVERY_KIND = [
    ("values", 1), ("values", 5), ("seats", 4), ("fifteen", 7), ("scoring", 2), ("setenta", 2), ("first-table", 1),
    ("sevens", 1), ("sevens-three", 3), ("escova", 2), ("penalties", 2), ("penalties", 7), ("rule-sets", 7),
    ("rule-sets", 10), ("whole-deal", 4), ("whole-deal", 6), ("whole-deal-end", 1), ("turkish-score", 1), ("seats", 7),
    ("match", 2), ("penalties", 9),
]  # fmt: skip


def learn_texts(at: AppTest) -> list[str]:
    """Every text of Learn a reader meets, but the board's rows (worded and tested with the boards): those ``shown``
    reads (the stage's sentence among them), the title, the progress, the typed answer's label, the card table's
    button, the keypad's words, a verdict and each cell of a table."""
    texts = [*shown(at), at.title[0].value, *(p.proto.text for p in at.get("progress"))]
    texts += [box.label for box in at.text_input] + [e.value for e in at.get("info")]
    for element in at.get("bidi_component"):
        sent = json.loads(element.proto.json)
        texts += [sent.get("confirm") or sent.get("check") or "", (sent.get("message") or {}).get("text", "")]
        texts += [sent.get(words) or "" for words in ("label", "keys", "erase", "none", "minus")]  # a keypad's
    texts += [cell.strip(" *") for text in list(texts) for cell in text.split("|")]
    return [text for text in texts if text]


def same_as_english(code: str) -> set[str]:
    """The messages a language writes as English does ("legal", "Escova"), which the check must not count."""
    return {m.id for m in catalog(LOCALES / code / "LC_MESSAGES" / "messages.po", code) if m.string == m.id}


@pytest.mark.parametrize("code", TRANSLATED)
def test_learn_is_wholly_translated_at_every_kind_of_step_and_at_a_levels_end(data, code):
    same = same_as_english(code)
    for level_id, number in EVERY_KIND:
        at = open_learn(lang=code, level=level_id, stage=str(number))
        assert [english for english in english_in(learn_texts(at)) if english not in same] == [], (level_id, number)
    level = level_of("penalties")
    at = open_learn(lang=code, level=level.id, stage=str(len(level.stages) + 1))
    assert page_links(at) and [e for e in english_in(learn_texts(at)) if e not in same] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_miss_and_a_shown_answer_are_worded_in_the_language(data, code):
    at = open_learn(lang=code, level="scoring", stage="2")
    stage = level_of("scoring").stages[1]
    wrong = next(choice for choice in stage.choices if choice not in stage.accept)
    t = translator(code)
    at.radio(key="answer").set_value(wrong)
    click(at, t.text("Check"))
    missed = say(t.said(stage.judge(wrong).reason), CardStyle())
    assert missed.startswith(t.text("Not quite: {reason}. Look again, or show the answer.", reason="|").split("|")[0])
    assert verdict(at) == ("error", missed)
    assert [english for english in english_in(learn_texts(at)) if english not in same_as_english(code)] == []
    click(at, t.text("Show the answer"))
    assert at.info[0].value.startswith(t.text("The answer: {answer}", answer=""))


def test_the_level_map_and_the_title_name_a_level_in_the_language(data):
    at = open_learn(lang="es", level="values", stage="1")
    assert at.title[0].value == "Cuánto vale cada carta"
    first = next(b for b in at.button if b.key == f"level_{LEVELS[0].id}")
    assert first.label == "1. Cuánto vale cada carta"
    assert 'alt="0 de 3 estrellas"' in " ".join(html.proto.body for html in at.get("html"))  # the stars in words
    assert at.markdown[0].value == "**Objetivo:** Saber cuánto aporta cada carta para llegar a 15."


def test_r4_a_typed_answer_reads_the_cards_as_the_faces_show_them(data):
    level = next(level for level in LEVELS if level.id == "values")
    number = next(n for n, stage in enumerate(level.stages, start=1) if stage.task == "pick" and "7♦" in stage.text)
    spanish = open_learn(level="values", stage=str(number))
    assert spanish.text_input(key="answer").label == "Your answer: cards such as 5o 2b"
    assert any(caption.value.startswith("Type a card as its rank") for caption in spanish.caption)
    spanish.text_input(key="answer").set_value("10b")  # the sota de bastos, J♣, by the number in its corner
    click(spanish, "Check what I typed")
    assert verdict(spanish)[0] == "success"
    french = open_learn(level="values", stage=str(number), faces="french")
    french.text_input(key="answer").set_value("10b")
    click(french, "Check what I typed")
    tone, text = verdict(french)
    assert tone == "error" and "'10b' is not a card" in text and "(or D H C S)" in text


def card_table_rows(at: AppTest) -> dict[str, dict]:
    """The card table's rows by name, as the browser is sent them."""
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    return {row["name"]: row for row in json.loads(board.proto.json)["rows"]}


def tokens(row: dict) -> list[str]:
    return [face["token"] for face in row["faces"]]


def test_r8_the_opponents_hand_is_face_down_and_the_stock_is_counted(data):
    rows = card_table_rows(open_learn(level="values", stage="5"))
    assert tokens(rows["seat-1"]) == ["", "", ""] and rows["seat-1"]["pick"] is None  # three card backs
    assert "stock: 30 cards" in rows["table"]["title"] and rows["hand"]["title"].startswith("You (seat 0)")


def test_r16_a_question_on_what_the_table_adds_up_to_leaves_the_sum_off_the_board(data):
    level = level_of("whole-deal")
    number = next(n for n, stage in enumerate(level.stages, start=1) if stage.task == "number")
    before = card_table_rows(open_learn(level="whole-deal", stage=str(number - 1)))["table"]["title"]  # a turn
    at = open_learn(level="whole-deal", stage=str(number))
    asked = next(e.proto.body for e in at.get("html") if "Escoba board" in e.proto.body)
    [shown, summed] = [level.stages[n].deal.table for n in (number - 2, number - 1)]
    assert f"Table: {len(shown)} cards, worth {sum(card.value for card in shown)} · " in before  # the step before
    assert f"Table: {len(summed)} cards · " in asked and "worth" not in asked.split("Table:")[1].split("·")[0]


def test_a_stage_that_shows_every_hand_shows_them_face_up(data):
    rows = card_table_rows(open_learn(level="seats", stage="6"))
    assert [sorted(tokens(rows[f"seat-{seat}"])) for seat in (1, 2, 3)] == [
        ["4♠", "6♣"],
        ["2♦", "5♣", "Q♠"],
        ["7♣", "7♥", "K♥"],
    ]


def test_r11_at_a_seat_1_stage_the_learner_taps_seat_1s_hand_and_seat_0s_is_face_down(data):
    at = open_learn(level="last-capture", stage="6")
    rows = card_table_rows(at)
    assert list(rows)[:3] == ["seat-0", "table", "hand"]  # drawn from seat 1's side: the other seat across the table
    assert rows["hand"]["title"].startswith("You (seat 1)") and sorted(tokens(rows["hand"])) == ["7♣", "J♥"]
    assert rows["hand"]["pick"] == "one" and tokens(rows["seat-0"]) == [""]
    tap_answer(at, "J♥ 2♠ 4♥ A♣")
    assert verdict(at)[0] == "success"


#: A task of each kind the course asks, as (level, step): a pick by value, a pick making 15, a prediction, a claim,
#: who wins a category, a number, allowed or not, a fault, which rule set.
TASKS = [("values", 5), ("fifteen", 2), ("whole-deal", 3), ("whole-deal", 6), ("penalties", 7), ("scoring", 2),
         ("setenta", 2), ("mistakes", 3), ("penalties", 2), ("rule-sets", 7)]  # fmt: skip


@pytest.mark.parametrize(("level_id", "number"), TASKS)
def test_a_miss_says_at_once_what_is_wrong_and_not_the_answer(data, level_id, number):
    stage = level_of(level_id).stages[number - 1]
    at = open_learn(level=level_id, stage=str(number))
    wrong = wrong_answers(stage)[0]
    answer(at, stage, wrong)
    tone, text = verdict(at)
    assert tone == "error" and text == say(str(stage.judge(wrong).reason), CardStyle())
    reason = text.removeprefix("Not quite: ").removesuffix(". Look again, or show the answer.")
    assert reason and reason != text
    right = say(str(stage.answer()), CardStyle()).split(". ")[0]  # the answer itself, before its reason
    assert not re.search(rf"\b{re.escape(right)}\b", reason, 0 if len(right) == 1 else re.IGNORECASE), (right, text)
    assert not at.info  # the answer waits for "Show the answer", which costs a star


def test_r12_a_second_miss_at_a_task_looks_closer_without_the_answer(data):
    stage = level_of("fifteen").stages[1]
    at = open_learn(level="fifteen", stage="2")
    wrong, other = wrong_answers(stage)[:2]
    answer(at, stage, wrong)
    assert "Look closer" not in verdict(at)[1]
    answer(at, stage, other)
    tone, text = verdict(at)
    assert tone == "error" and text == say(str(stage.judge(other, again=True).reason), CardStyle())
    assert " Look closer: " in text and not at.info


def test_the_answer_shown_is_marked_on_the_board(data):
    stage = level_of("fifteen").stages[1]
    at = open_learn(level="fifteen", stage="2")
    answer(at, stage, wrong_answers(stage)[0])
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    assert "highlight-answer" not in board.proto.json
    click(at, "Show the answer")
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    rows = json.loads(board.proto.json)["rows"]
    marked = {face["token"] for row in rows for face in row["faces"] if "highlight-answer" in face["svg"]}
    assert marked == {str(card) for card in stage.answer_cards()} == set(sorted(stage.accept)[0].split())


def test_r19_a_task_about_the_piles_shows_them_suit_by_suit_beside_the_cards_to_tap(data):
    level = level_of("counting")  # "three sevens already sit in the piles: tap the fourth one"
    number = next(n for n, stage in enumerate(level.stages, start=1) if stage.question == "value" and stage.piles)
    at = open_learn(level="counting", stage=str(number))
    piles = " ".join(html.proto.body for html in at.get("html"))
    assert all(spoken_label(parse_card(card), CardStyle()) in piles for card in ("7♦", "7♥", "7♣"))
    assert "hand" in card_table_rows(at)  # the cards to tap are still on the card table


@pytest.mark.parametrize(("code", "word"), [("es", "ninguna"), ("ru", "нет")])
def test_r19_a_pile_with_no_setenta_is_answered_with_the_languages_word_for_none(data, code, word):
    at = open_learn(lang=code, level="setenta", stage="5")
    stage = level_of("setenta").stages[4]
    assert stage.accept == {"none"}  # the pile misses a suit (R19)
    [pad] = [json.loads(e.proto.json) for e in at.get("bidi_component") if e.proto.component_name == "escoba_keypad"]
    assert pad["none"] == word  # the keypad's "none" key puts the word in its display
    send(at, "escoba_keypad", {"check": word})
    assert verdict(at)[0] == "success"


def test_r11_r13_the_learner_plays_the_deal_and_the_steps_after_follow_its_plays(data):
    level = level_of("whole-deal")
    at = open_learn(level=level.id, stage="2")  # the learner leads
    assert level.stages[1].is_turn and card_table_rows(at)["hand"]["pick"] == "one"
    tap_answer(at, "5♣")  # 5♣ makes 15 with 3♣ 7♦: it cannot be laid down (R13)
    tone, text = verdict(at)
    assert tone == "error" and text.startswith("Not allowed: ") and "moves" not in at.session_state
    tap_answer(at, "6♠ 2♣ 7♣")  # not the plain play, but the rules allow it
    tone, text = verdict(at)
    said = say("Seat 0 plays 6♠ and takes 2♣ 7♣: 6 + 2 + 7 = 15. Your play leaves 3♣ 7♦ on the table", CardStyle())
    assert tone == "success" and text.startswith(said)  # what it took, then what it leaves seat 1
    click(at, "Next ▶")
    played = as_played(level, ((1, "6♠ 2♣ 7♣"),))
    assert any(m.value == say(str(played.stages[2].text), CardStyle()) for m in at.markdown)
    assert str(played.stages[2].text).startswith("Seat 1 plays 5♦.")  # the reply to the deal as it was played
    tap_answer(at, right_answer(played.stages[2]))
    assert verdict(at)[0] == "success"
    click(at, "◀ Back")
    click(at, "◀ Back")  # the level's first step: the level starts again, and so does its deal
    assert at.session_state.moves == {11: ()}
