"""The Puzzles and Progress pages, driven as a learner would, with a clock the test moves."""

import json
from pathlib import Path

import pytest
from app_kit import alerts, go_on, page_links, sent_verdicts, tap
from streamlit.testing.v1 import AppTest
from test_i18n import TRANSLATED, catalog, english_in, heard, shown
from test_puzzle_kinds import wrong_answers

from trainer.app.card_style import CardStyle
from trainer.app.names import say
from trainer.app.puzzle_words import answer_words
from trainer.i18n import LOCALES, translator
from trainer.plays import legal_plays
from trainer.profile import PROFILES
from trainer.progress.sqlite import Store
from trainer.progress.stats import plain
from trainer.progress.training import ANSWERS_PER_LEVEL, MODES
from trainer.puzzles import THEMES, load_puzzles
from trainer.puzzles.kinds import KINDS, MatchPuzzle, RefereePuzzle, ScorePuzzle, SeatsPuzzle, SetentaDuelPuzzle

ROOT = Path(__file__).parent.parent
APP = str(ROOT / "streamlit_app.py")
BANK = {p.id: p for p in load_puzzles(ROOT / "puzzles")}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def open_page(page: str, clock: Clock, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["clock"] = clock
    at.query_params.update(query)
    at.run()  # the pages are known by their url_path only after a first run
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, label: str | tuple[str, ...]) -> AppTest:
    next(b for b in at.button if b.label.startswith(label)).click().run()
    assert not at.exception, at.exception
    return at


def unfold_filters(at: AppTest) -> AppTest:
    """Open "Choose puzzles" as a learner does once a puzzle is shown: folded, its widgets are not drawn at all."""
    assert not [box for box in at.selectbox if box.key == "f_kind"]
    at.session_state["filters"] = True
    at.run()
    assert not at.exception, at.exception
    return at


def current(at: AppTest):
    return BANK[at.session_state.puzzle_id]


def give(at: AppTest, right: bool, check: str | tuple[str, ...] = "Check") -> AppTest:
    """Answer the puzzle on screen, rightly or wrongly, through its widgets (cards are typed); ``check`` is the
    button's label, or the start of it."""
    puzzle = current(at)
    text = puzzle.solutions()[0] if right else wrong_answer(puzzle)
    return give_widgets(at, puzzle, text, check)


def give_widgets(at: AppTest, puzzle, text: str, check: str | tuple[str, ...] = "Check") -> AppTest:
    """Give an answer text through the puzzle's widgets: a choice, a count, the sides' points, or typed; ``check``
    is the label of the button that checks it, the start of it, or several, the first found clicked."""
    if isinstance(puzzle, SetentaDuelPuzzle | MatchPuzzle | RefereePuzzle) or (
        isinstance(puzzle, SeatsPuzzle) and puzzle.choices()
    ):
        at.radio(key="ans_side").set_value(text)
    elif isinstance(puzzle, SeatsPuzzle):
        at.number_input(key="ans_count").set_value(int(text))
    elif isinstance(puzzle, ScorePuzzle):
        for side, points in zip("abc", text.split(), strict=False):
            at.number_input(key=f"ans_{side}").set_value(int(points))
    else:
        return type_answer(at, text, check)
    return click(at, check)


def type_answer(at: AppTest, text: str, check: str | tuple[str, ...] = "Check") -> AppTest:
    at.text_input(key="ans_text").set_value(text)
    return click(at, check)


def verdict(at: AppTest) -> tuple[str, str]:
    """The tone and text of the verdict, which screen readers read out: in the card table's box for a puzzle
    answered on the cards, else in a verdict box."""
    [sent] = [  # the verdict, not the puzzle's title read out to screen readers
        data
        for e in at.get("bidi_component")
        if e.proto.component_name in ("escoba_announce", "escoba_card_table")
        and (data := json.loads(e.proto.json)).get("message")
        and not data.get("unseen")
    ]
    message = sent["message"]
    return message["tone"], message["text"]


def wrong_answer(puzzle) -> str:
    candidates = {
        "capture": lambda: [" ".join(str(c) for c in puzzle.table)] if not puzzle.all else ["A♦"],
        "choose": lambda: [str(p) for p in legal_plays(puzzle.hand, puzzle.table, puzzle.profile.must_capture)],
        "setenta": lambda: ["1"],
        "setenta-duel": lambda: ["A", "B", "nobody"],
        "score": lambda: [" ".join("9" for _ in puzzle.piles)],
        "checksum": lambda: ["1", "2"],
        "seats": lambda: [*puzzle.choices(), "0", "40"],
        "match": lambda: ["A", "B", "another deal"],
        "claim": lambda: ["nothing", *(str(card) for card in puzzle.table)],
        "endgame": lambda: [str(play) for play in puzzle.margins],
        "referee": lambda: list(puzzle.choices()),
    }[puzzle.kind]()
    return next(text for text in candidates if not puzzle.check(text).correct)


def miss_the_sota(clock: Clock) -> AppTest:
    """Open the first sota puzzle and answer it wrongly."""
    at = open_page("trainer/app/views/puzzles.py", clock, puzzle="capture-l1-sota")
    return type_answer(at, "2b")


def attempts(data, profile: str = "Player"):
    saved = Store.open(data)
    try:
        return saved.attempts(profile)
    finally:
        saved.close()


def test_practice_right_answer_is_judged_recorded_and_rated(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="capture-l1-sota")
    assert [h.value for h in at.header] == ["Which card makes 15 with a 7?"]
    type_answer(at, "10o")  # the sota de oros, by the number its corner prints
    tone, text = verdict(at)
    assert tone == "success" and text.startswith("Right: 7 of cups + sota of coins = 15.")
    [attempt] = attempts(data)
    assert (attempt.puzzle_id, attempt.correct, attempt.answer, attempt.hints) == ("capture-l1-sota", True, "J♦", 0)
    assert attempt.rating_after > 1500


def test_the_card_table_is_sent_the_engines_verdict_on_every_pick_before_it_is_checked(data):
    """A capture puzzle's table carries the verdict of each pick, which it shows the moment Check is pressed; the
    rerun that records the answer says the same, then the rating's change."""
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="capture-l1-sota")
    by_key = sent_verdicts(at)
    assert by_key is not None
    assert [key for key, said in by_key.items() if said["tone"] == "success"] == ["table:J♦"]
    at_once = by_key["table:2♣ table:4♠"]
    tap(at, {"table": ["2♣", "4♠"]})
    tone, text = verdict(at)
    assert at_once["tone"] == tone == "error" and text.startswith(at_once["text"] + " Your rating -")
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    assert json.loads(board.proto.json)["verdicts"] is None  # answered: nothing more to pick, nothing sent


def test_practice_wrong_answer_shows_the_answer_only_when_asked(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="capture-l1-sota")
    type_answer(at, "2♣ 4♠")
    tone, text = verdict(at)
    assert tone == "error"
    assert text.startswith("Not quite: 7 of cups + 2 of clubs + 4 of swords = 13: 2 short of 15. Your rating -")
    assert not any("sota of coins" in m.value.lower() for m in at.markdown) and "sota of coins" not in text.lower()
    click(at, "Show the answer")
    assert any(m.value.startswith("7 of cups + 2 of clubs + 4 of swords = 13: 2 short of 15") for m in at.markdown)
    assert any(m.value == "The answer the engine accepts:\n- Sota of coins" for m in at.markdown)
    [attempt] = attempts(data)
    assert not attempt.correct and attempt.rating_after < 1500


def test_a_missed_puzzle_can_be_tried_again_and_counts_as_one_miss(data):
    at = miss_the_sota(Clock())
    rating_after_miss = attempts(data)[0].rating_after
    click(at, "Try again")
    assert at.text_input(key="ans_text").value == ""  # a clean slate
    type_answer(at, "J♦")
    assert verdict(at) == ("success", "Right: 7 of cups + sota of coins = 15.")  # no rating: not counted
    [attempt] = attempts(data)
    assert not attempt.correct and attempt.rating_after == rating_after_miss


@pytest.mark.parametrize(
    ("puzzle_id", "shown", "wrong", "right"),
    [
        ("seats-l2-next-dealer-four", "Seat 2, dealer", "seat 0", "the deal moves one seat on, to seat 3"),
        ("seats-l3-stock-second-hands-four", "Seat 1, dealer", "24", "leave 12 in the stock"),
        (
            "match-l2-level-at-twenty-two",
            "Side B: 17 before the deal, 5 points in it",
            "A",
            "one more whole deal decides it",
        ),
        ("referee-l1-lay-down-a-taker", "Table: 5 cards", "yes", "so it cannot be laid on the table (capture owed)"),
        ("referee-l1-first-table-fifteen", "The four cards the dealer turns up", "0", "1 escoba to its credit"),
        ("referee-l2-last-card-laid-down", "1 card in hand", "B", "side A, whose capture was the latest"),
    ],
)
def test_r7_r9_r10_r13_r15_r21_r22_seats_match_and_referee_puzzles_are_answered_with_a_choice_or_a_count(
    data, puzzle_id, shown, wrong, right
):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle=puzzle_id)
    assert any(shown in h.value for h in at.get("html"))
    assert not any(b.label == "Check what I typed" for b in at.button)  # nothing to type: a choice or a number
    give_text(at, wrong)
    assert verdict(at)[0] == "error"
    assert alerts(at) == [verdict(at)[1]]  # a miss is said once
    click(at, "Try again")
    give(at, right=True)
    tone, text = verdict(at)
    assert tone == "success" and right in text
    assert [a.correct for a in attempts(data)] == [False]  # the second try is not counted


def give_text(at: AppTest, text: str) -> AppTest:
    """Give a chosen answer text through the seats or match widgets."""
    puzzle = current(at)
    if puzzle.choices():
        at.radio(key="ans_side").set_value(puzzle.canonical(text))
    else:
        at.number_input(key="ans_count").set_value(int(text))
    return click(at, "Check")


def test_the_active_mode_is_the_filled_button(data):
    at = open_page("trainer/app/views/puzzles.py", Clock())
    assert [b.label for b in at.button if b.proto.type == "primary"][:1] == ["Practice"]
    click(at, "Streak")
    assert [b.label for b in at.button if b.proto.type == "primary"][:1] == ["Streak"]


def test_french_faces_write_the_cards_with_suit_symbols(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="capture-l1-sota", faces="french")
    type_answer(at, "jd")
    assert verdict(at)[1].startswith("Right: 7♥ + J♦ = 15.")
    assert at.query_params["faces"] == "french"  # a link to this page keeps the setting


def test_a_hint_is_shown_one_at_a_time_and_counts_against_the_result(data, monkeypatch):
    clock = Clock()
    plain = open_page("trainer/app/views/puzzles.py", clock, puzzle="capture-l1-sota")
    type_answer(plain, "J♦")
    plain_gain = attempts(data)[0].rating_after - 1500
    other = data / "other"
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(other))
    hinted = open_page("trainer/app/views/puzzles.py", clock, puzzle="capture-l1-sota")
    click(hinted, "Hint")
    assert [i.value for i in hinted.info] == ["Hint: A seven needs eight more to reach 15."]
    type_answer(hinted, "J♦")
    [attempt] = attempts(other)
    assert attempt.hints == 1 and attempt.rating_after - 1500 < plain_gain  # a hinted solve earns less
    assert verdict(hinted)[1].endswith(": with 1 hint, this solve counted as 75% of one.")  # and says so


def test_skip_moves_on_and_is_recorded(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="capture-l1-sota")
    click(at, "Skip")
    assert at.session_state.puzzle_id != "capture-l1-sota"
    [attempt] = attempts(data)
    assert attempt.skipped and not attempt.correct


def test_streak_counts_right_answers_ends_at_a_mistake_and_keeps_the_record(data):
    at = open_page("trainer/app/views/puzzles.py", Clock())
    click(at, "Streak")
    give(at, right=True)
    go_on(at)  # the button under the verdict, which the keyboard lands on
    click(at, "Skip")  # the one skip a streak allows
    assert next(b for b in at.button if b.label == "Skip").disabled
    give(at, right=False)
    assert at.warning[0].value.startswith("One mistake ends a streak. You solved 1 and missed 1, skipping 1 puzzle")
    assert at.warning[0].value.endswith("Your best streak so far is 1.")
    assert at.success[0].value == "That is a new streak record: 1!"
    assert any(m.value.startswith("The answer the engine accepts:") for m in at.markdown)  # no try left: shown
    assert not any(b.label in ("Try again", "Show the answer") for b in at.button)
    saved = Store.open(data)
    assert saved.best("Player", "streak") == 1
    saved.close()


def test_rush_runs_out_of_time_with_the_clock_and_a_mistake_costs_ten_seconds(data):
    clock = Clock()
    at = open_page("trainer/app/views/puzzles.py", clock)
    click(at, "Rush")
    assert not any(b.label.startswith("Next for me") for b in at.button)  # no way round the clock
    give(at, right=True)
    go_on(at)
    give(at, right=False)
    assert "170 s left" in at.markdown[next(i for i, m in enumerate(at.markdown) if "s left" in m.value)].value
    clock.now += 171
    at.run()
    assert at.warning[0].value.startswith("Time is up. You solved 1 and missed 1")
    assert not any(b.label == "Check" for b in at.button)
    saved = Store.open(data)
    assert saved.best("Player", "rush") == 1  # kept although the clock, not an answer, ended the run
    saved.close()


def test_a_rush_left_part_way_keeps_its_score_as_a_record_if_it_is_one(data):
    at = open_page("trainer/app/views/puzzles.py", Clock())
    click(at, "Rush")
    give(at, right=True)
    click(at, "Practice")
    assert at.info[0].value == plain("That is a new rush record: 1!")
    click(at, "Rush")
    click(at, "Streak")  # a rush with nothing solved has no score to keep
    assert not at.info or "rush" not in at.info[0].value
    click(at, "Rush")
    give(at, right=True)
    click(at, "Practice")
    assert at.info[0].value == plain("The rush you left scored 1; it does not beat your best.")
    saved = Store.open(data)
    assert saved.best("Player", "rush") == 1
    saved.close()


@pytest.mark.parametrize(
    ("puzzle_id", "question"),
    [
        ("checksum-l1-two-cards", "What do the cards left on the table add up to? A number"),
        ("gen-checksum-l4-s2026-001", "Which card lies face down? Its rank (A, 2 ... 7, J, Q, K) or its value"),
    ],
)
def test_r16_a_checksum_puzzle_asks_for_the_sum_or_the_hidden_card_above_the_cards(data, puzzle_id, question):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle=puzzle_id)
    assert at.text_input(key="ans_text").label == question


def test_a_puzzles_themes_are_named_in_words_and_explained(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="checksum-l1-two-cards", lang="es")
    [level] = [c for c in at.caption if c.proto.help]  # the puzzle's level, kind and themes
    assert "comprobar la suma" in level.value and "check-sum" not in level.value
    assert level.proto.help.startswith("- comprobar la suma: ")


def test_an_answer_that_cannot_be_read_is_explained_and_not_counted(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="capture-l1-sota")
    type_answer(at, "")
    assert at.info[0].value == plain("Pick the table cards that make 15 with 7♥.")  # shown as written
    assert attempts(data) == []
    type_answer(at, "J♦")
    assert verdict(at)[1].startswith("Right:")


def test_review_serves_missed_puzzles_when_they_are_due(data):
    clock = Clock()
    at = miss_the_sota(clock)
    click(at, "Review")
    assert at.info[0].value.startswith("Nothing is due for review right now")
    clock.now += 15 * 60
    at.run()
    assert any(b.label == "Review (1 due)" for b in at.button)
    click(at, "Review")
    assert at.session_state.puzzle_id == "capture-l1-sota"
    give(at, right=True)
    assert verdict(at)[1].startswith("Right:")


def test_progress_page_shows_charts_records_and_mistakes_to_try_again(data):
    clock = Clock()
    miss_the_sota(clock)
    progress = open_page("trainer/app/views/progress.py", clock)
    labels = [m.label for m in progress.metric]
    assert labels[0].startswith("Rating (± ") and labels[1:] == [
        "Puzzles answered",
        "Best streak",
        "Best rush",
        "Course stars",
        "Other tables' stars",
    ]
    assert progress.metric[1].value == "1"
    [link] = page_links(progress)
    assert link.proto.label.endswith("(capture, level 1, you answered 2♣): try again")
    assert "puzzle=capture-l1-sota" in str(link.proto)
    assert [h.value for h in progress.header][:3] == ["Rating over time", "Accuracy by kind", "Accuracy by theme"]


def test_progress_page_without_answers_says_so(data):
    at = open_page("trainer/app/views/progress.py", Clock())
    assert at.info[0].value.startswith("No puzzle answers yet.")


def test_an_unreadable_progress_file_is_reported_kept_aside_on_request_and_never_overwritten(data):
    damaged = b"this is not a database" * 100
    (data / "progress.sqlite3").write_bytes(damaged)
    at = open_page("trainer/app/views/puzzles.py", Clock())
    assert at.error[0].value.startswith("Your progress could not be opened:")
    assert (data / "progress.sqlite3").read_bytes() == damaged
    click(at, "Keep that file aside")
    [kept] = data.glob("progress.sqlite3.unreadable-*")
    assert kept.read_bytes() == damaged
    at.run()
    assert [t.value for t in at.title] == ["Puzzles"]  # a fresh progress file


def test_profiles_are_created_by_name_and_a_bad_name_is_explained(data):
    at = open_page("trainer/app/views/puzzles.py", Clock())
    click(at, "New profile")
    at.text_input(key="new_profile_name").set_value("Ana")
    click(at, "Create")
    assert at.sidebar.selectbox(key="profile").value == "Ana"
    assert not [t for t in at.text_input if t.key == "new_profile_name"]  # the dialog has closed
    click(at, "New profile")
    at.text_input(key="new_profile_name").set_value("Ana")
    click(at, "Create")
    assert "exists" in at.error[0].value
    saved = Store.open(data)
    assert sorted(saved.profiles()) == ["Ana", "Player"]
    saved.close()


def test_a_new_learners_first_puzzle_is_level_1_and_later_visits_start_near_the_rating(data):
    at = open_page("trainer/app/views/puzzles.py", Clock())
    assert current(at).level == 1
    type_answer(at, current(at).solutions()[0])
    with Store.open(data) as saved:  # a learner well past a newcomer's first answers, rated at 1500
        for answer in attempts(data) * 4 * ANSWERS_PER_LEVEL:
            saved.record_attempt("Player", answer)
        saved.set_rating("Player", 1500.0, 90.0, 0.06)
    again = open_page("trainer/app/views/puzzles.py", Clock())
    assert current(again).level == 3  # about 1500 is the rating of level 3


def test_a_newcomers_first_20_puzzles_climb_gently_within_two_levels_of_the_first(data):
    at = open_page(PUZZLES_PAGE, Clock())
    levels = []
    for _ in range(20):
        levels.append(current(at).level)
        give(at, right=True)
        assert verdict(at)[0] == "success", current(at).id
        go_on(at)
    assert levels[0] == 1 and max(levels) == 3, levels  # Glicko-2 alone would serve level 5 after a few
    assert levels == sorted(levels)


def served(at: AppTest) -> str:
    """The line that states the filters in force."""
    return next(c.value for c in at.caption if c.value.startswith("Puzzles served:"))


def sevens_learner(data) -> None:
    """The profile Player, playing by the sevens rules (V1): no setenta."""
    with Store.open(data) as saved:
        saved.create_profile("Player")
        saved.set_rules("Player", PROFILES["sevens"])


def test_v1_every_mode_serves_the_learners_rule_set_and_never_a_setenta_puzzle_to_sevens(data):
    sevens_learner(data)
    at = unfold_filters(open_page(PUZZLES_PAGE, Clock()))
    assert current(at).rules == "sevens" and at.selectbox(key="f_rules").value == "sevens"
    for label in ["Next puzzle", "Next for me", "Streak", "Skip", "Rush", "Skip", "Practice", "Next puzzle"]:
        if label.startswith("Next") and not [box for box in at.selectbox if box.key == "f_kind"]:
            unfold_filters(at)  # Practice again: folded, as a puzzle is shown at once
        click(at, label)
        assert current(at).rules == "sevens", (label, current(at).id)
        assert "setenta" not in current(at).kind
    assert served(at) == "Puzzles served: Sevens (no setenta)"


def test_v1_review_serves_only_the_learners_rule_set(data):
    sevens_learner(data)
    clock = Clock()
    for puzzle_id in ("sevens-score-l1-01", "capture-l1-sota"):  # a link opens any puzzle: both missed
        give(open_page(PUZZLES_PAGE, clock, puzzle=puzzle_id), right=False)
    clock.now += 15 * 60
    at = open_page(PUZZLES_PAGE, clock)
    assert any(b.label == "Review (1 due)" for b in at.button)
    click(at, "Review")
    assert at.session_state.puzzle_id == "sevens-score-l1-01"
    give(at, right=True)
    go_on(at)
    assert at.info[0].value.startswith("Nothing is due for review right now")


def test_switching_mode_resets_the_filters_and_every_mode_states_those_in_force(data):
    at = unfold_filters(open_page(PUZZLES_PAGE, Clock()))
    at.selectbox(key="f_kind").set_value("setenta").run()
    at.selectbox(key="f_level").set_value(2).run()
    click(at, "Next puzzle")
    assert (current(at).kind, current(at).level) == ("setenta", 2)
    assert served(at) == "Puzzles served: Classic, with the setenta · kind: setenta · level 2"
    for mode in ("Streak", "Rush", "Practice"):
        click(at, mode)
        assert served(at) == "Puzzles served: Classic, with the setenta", mode
    unfold_filters(at)
    assert (at.selectbox(key="f_kind").value, at.selectbox(key="f_level").value) == ("any", "any")


def test_the_first_puzzle_says_what_to_do_with_nothing_to_open(data):
    at = open_page(PUZZLES_PAGE, Clock())
    what = "Tap the table cards that make 15 with the card played, then press Check."
    assert what in [m.value for m in at.markdown]
    assert all(what not in [m.value for m in folded.markdown] for folded in at.expander)


def test_check_with_a_score_left_empty_says_what_to_do_and_counts_nothing(data):
    at = open_page(PUZZLES_PAGE, Clock(), puzzle="gen-score-l1-s2026-001")
    click(at, "Check")
    assert at.info[0].value.startswith("Answer with two numbers")
    assert attempts(data) == [] and at.session_state.verdict is None


def test_a_typed_answer_is_quoted_as_written_never_read_as_markdown(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="capture-l1-sota")
    type_answer(at, "![x](http://example.invalid/p.png)")
    [notice] = at.info
    assert "![x]" not in notice.value and r"\!\[x\]" in notice.value
    assert attempts(data) == []  # unreadable: explained, not counted


def test_an_answer_that_cannot_be_read_is_explained_in_the_language(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="capture-l1-sota", lang="es")
    type_answer(at, "8♦", check=translator("es").text("Check"))
    [notice] = at.info
    assert notice.value.startswith("'8♦'") and "R1" in notice.value and "is not a card" not in notice.value
    assert attempts(data, translator("es").text("Player")) == []


PUZZLES_PAGE = "trainer/app/views/puzzles.py"


def test_v2_v3_a_three_sided_score_under_another_rule_set_is_answered_with_three_numbers(data):
    at = open_page(PUZZLES_PAGE, Clock(), puzzle="escova-three-way-ties-l4-01")
    assert any(m.value.startswith("**Rules:** Escova (Brazil). A deal scores: 1 per escoba;") for m in at.markdown)
    assert any("Side C&#x27;s pile: " in h.value for h in at.get("html"))
    assert [n.key for n in at.number_input] == ["ans_a", "ans_b", "ans_c"]
    give(at, right=False)
    assert verdict(at)[0] == "error"
    click(at, "Try again")
    give(at, right=True)
    tone, text = verdict(at)
    assert tone == "success" and "share the top, so nobody scores it (ties)" in text
    assert [(a.puzzle_id, a.correct, a.answer) for a in attempts(data)] == [
        ("escova-three-way-ties-l4-01", False, "9 9 9")
    ]


def test_v5_a_deal_with_wrong_captures_takes_points_below_zero(data):
    at = open_page(PUZZLES_PAGE, Clock(), puzzle="turkish-penalties-l5-02")
    assert any("1 wrong capture" in h.value or "2 wrong captures" in h.value for h in at.get("html"))
    give(at, right=True)  # -6 and -9, typed in number boxes that go below zero
    tone, text = verdict(at)
    assert tone == "success" and "(playing by penalties)" in text
    assert attempts(data)[0].answer == "-6 -9"


def test_v5_a_claim_is_answered_with_the_cards_or_with_nothing_to_claim(data):
    clock = Clock()
    at = open_page(PUZZLES_PAGE, clock, puzzle="turkish-claim-l1-01")
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    rows = json.loads(board.proto.json)["rows"]
    assert [(row["title"], row["pick"], len(row["faces"])) for row in rows] == [
        ("Just laid on the table by the player before you", None, 1),
        ("The rest of the table", "many", 3),
    ]
    click(at, "Nothing to claim")
    assert verdict(at)[0] == "error"
    click(at, "Show the answer")
    assert any("could have taken that, so the last player missed a capture" in m.value for m in at.markdown)
    click(at, "Try again")
    type_answer(at, "A♣ 6♣")
    assert verdict(at) == (
        "success",
        "Right: Sota of swords + ace of clubs + 6 of clubs = 15: you take them all into your side's pile before "
        "you play. A claim is never an escoba (playing by penalties).",
    )
    nothing = open_page(PUZZLES_PAGE, clock, puzzle="turkish-claim-nothing-l2-13")
    click(nothing, "Nothing to claim")
    assert verdict(nothing)[0] == "success"


def test_practice_filters_by_rule_set_and_the_learners_is_the_default(data):
    at = unfold_filters(open_page(PUZZLES_PAGE, Clock()))
    assert at.selectbox(key="f_rules").value == "classic"
    titles = ["Classic, with the setenta", "Sevens (no setenta)", "Escova (Brazil)", "Online (cardgames.io)"]
    assert at.selectbox(key="f_rules").options[1:] == [*titles, "Turkish"]
    at.selectbox(key="f_rules").set_value("turkish")
    for _ in range(4):
        click(at, "Next puzzle")
        assert current(at).rules == "turkish"
        assert any(m.value.startswith("**Rules:** Turkish") for m in at.markdown)
    at.selectbox(key="f_rules").set_value("classic")
    click(at, "Next puzzle")
    assert current(at).rules == "classic" and not any(m.value.startswith("**Rules:**") for m in at.markdown)


def test_an_endgame_is_shown_with_every_hand_and_judged_by_the_exact_search(data):
    at = open_page("trainer/app/views/puzzles.py", Clock(), puzzle="endgame-01")
    puzzle = BANK["endgame-01"]
    assert any(m.value.startswith("**Goal:** the stock is used up and every card is in sight") for m in at.markdown)
    type_answer(at, puzzle.solutions()[0])
    tone, text = verdict(at)
    assert tone == "success" and "no play does better" in text


#: One puzzle of each kind, and of each rule line: a score read by its scoring, a claim played by its penalties,
#: a pile that partners share, seats asked with a choice and with a count.
WORDED = [
    "capture-l1-sota",
    "choose-l1-sweep",
    "endgame-01",
    "cardgames-score-l1-01",
    "escova-three-way-ties-l4-01",
    "turkish-claim-l1-01",
    "rules-seats-l1-three-players-leader",
    "seats-l3-stock-second-hands-four",
    "match-l1-past-the-target",
    "gen-setenta-duel-l1-s2026-001",
    "gen-setenta-l1-s2026-001",
    "checksum-l1-two-cards",
    "referee-l2-keep-the-seven",
    "referee-l2-first-table-thirty",
    "referee-l2-last-card-laid-down",
]


def english_left(at: AppTest, code: str) -> list[str]:
    """The catalogue's English on the Puzzles page but for its content: the puzzle's title, hints and explanation,
    and the themes' descriptions in the filters, as written or said. The engine's reason for the verdict is checked
    with the rest."""
    puzzle, t = current(at), translator(code)
    content = [t.written(text) for text in (puzzle.title, *puzzle.hints, puzzle.explain) if text]
    content += THEMES.values()
    view = CardStyle(language=code)
    texts = puzzle_texts(at)
    for words in sorted({said for text in content if text for said in (text, say(text, view))}, key=len, reverse=True):
        texts = [text.replace(words, "") for text in texts]
    same = {m.id for m in catalog(LOCALES / code / "LC_MESSAGES" / "messages.po", code) if m.string == m.id}
    return [english for english in english_in([text for text in texts if text]) if english not in same]


def puzzle_texts(at: AppTest) -> list[str]:
    """Every text a reader of Puzzles meets: those ``shown`` reads, notices, the answer boxes' labels, the modes'
    help, the verdict and the position, drawn or laid out to pick from."""
    texts = [*shown(at), *(e.value for kind in ("info", "success") for e in at.get(kind))]
    texts += [w.label for kind in ("text_input", "number_input") for w in at.get(kind)]
    texts += [b.proto.help for b in at.button if b.proto.help]
    for html in (h.proto.body for h in at.get("html")):
        texts += heard(html)
    for element in at.get("bidi_component"):
        texts += strings(json.loads(element.proto.json))
    return texts


def strings(value: object) -> list[str]:
    """The words in a component's data: its strings, but for drawings."""
    if isinstance(value, str):
        return [] if value.lstrip().startswith(("<", "data:")) else [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def checks(t) -> tuple[str, str]:
    """The labels a typed answer is checked with in a language: under a card table, then alone."""
    return t.text("Check what I typed"), t.text("Check")


#: The language the page is walked in, puzzle kind by kind: the page's code is the same in every language, so one
#: walk sees any words it leaves unsaid; each language's words for every kind are checked below without the page.
WALKED_IN = "ru"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_kinds_question_and_verdicts_are_said_in_the_language(code):
    t, view = translator(code), CardStyle(language=code)
    said = []
    for puzzle in (BANK[puzzle_id] for puzzle_id in WORDED):
        right = puzzle.check(puzzle.solutions()[0])
        wrong = puzzle.check(wrong_answer(puzzle))
        assert right.correct and not wrong.correct, puzzle.id
        form = puzzle.answer_form()  # what it asks: what to tap, or the question of a choice
        asked = [getattr(form, "tap", None), getattr(form, "question", None), puzzle.goal_words()]
        for words in (right.reason, wrong.reason, wrong.miss, wrong.closer, *asked):
            if words is not None:
                said.append(say(t.said(words), view))
    assert said and not english_in(said)


def test_puzzles_is_wholly_translated_but_for_the_puzzles_own_words(data, code=WALKED_IN):
    t = translator(code)
    left = []
    for puzzle_id in WORDED:
        at = open_page(PUZZLES_PAGE, Clock(), puzzle=puzzle_id, lang=code)
        assert at.title[0].value == t.text("Puzzles")
        if BANK[puzzle_id].hints:
            click(at, t.plural("Hint ({n} left)", "Hint ({n} left)", len(BANK[puzzle_id].hints)))
        left += english_left(at, code)
        give(at, right=False, check=checks(t))
        click(at, t.text("Show the answer"))
        left += english_left(at, code)
        click(at, t.text("Try again"))
        give(at, right=True, check=checks(t))
        assert verdict(at)[0] == "success", puzzle_id
        left += english_left(at, code)
    assert left == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_streak_ends_and_is_summed_up_in_the_language(data, code):
    t = translator(code)
    at = open_page(PUZZLES_PAGE, Clock(), puzzle="capture-l1-sota", lang=code)
    click(at, t.text(MODES["streak"]).split(":")[0])
    give(at, right=True, check=checks(t))
    go_on(at)
    give(at, right=False, check=checks(t))
    assert at.warning[0].value.startswith(
        t.text("One mistake ends a streak.") + " " + t.text("You solved {solved}", solved=1)
    )
    assert at.success[0].value == t.text("That is a new streak record: {solved}!", solved=1)
    assert english_left(at, code) == []


def how_to_type(at: AppTest) -> str:
    """The line under a typed answer that says how to type a card."""
    return next(caption.value for caption in at.caption if caption.value.startswith("Type a card"))


#: A capture puzzle, generated, that 5♠ answers with either rey on the table: K♣ (12b) or K♥ (12c).
TWO_REYES = "gen-capture-l3-s2026-008"


def test_r4_spanish_faces_read_what_their_corners_print_and_french_faces_say_what_to_type_instead(data):
    spanish = open_page(PUZZLES_PAGE, Clock(), puzzle=TWO_REYES)
    assert spanish.text_input(key="ans_text").label == "The table cards that make 15, such as 5o 2b"
    assert "rey of clubs → 12b" in how_to_type(spanish) and "c copas" in how_to_type(spanish)
    type_answer(spanish, "12b")
    assert verdict(spanish)[1].startswith("Right: 5 of swords + rey of clubs = 15.")
    assert [attempt.answer for attempt in attempts(data)] == ["K♣"]  # kept in the rules' notation
    french = open_page(PUZZLES_PAGE, Clock(), puzzle=TWO_REYES, faces="french")
    assert french.text_input(key="ans_text").label == "The table cards that make 15, such as 5d 2c"
    assert how_to_type(french).endswith("K♣ → kc; A♠ → as. Suits: d ♦, h ♥, s ♠, c ♣.")
    type_answer(french, "12b")
    assert french.info[0].value == plain("'12b' is not a card: a card ends with its suit: ♦ ♥ ♣ ♠ (or D H C S).")
    assert len(attempts(data)) == 1  # unreadable: explained, not counted
    type_answer(french, "kc")  # "c" is clubs with these faces: the rey de bastos again, not the one of copas
    assert verdict(french)[1].startswith("Right: 5♠ + K♣ = 15.")


@pytest.mark.parametrize(
    ("faces", "hint"),
    [
        ({}, "Hint: Remember: the sota (10) counts 8, the caballo (11) 9, the rey (12) 10."),
        ({"courts": "letters"}, "Hint: Remember: the sota (J) counts 8, the caballo (Q) 9, the rey (K) 10."),
        ({"faces": "french"}, "Hint: Remember: J = 8, Q = 9, K = 10."),
    ],
)
def test_r3_a_generated_hint_names_the_court_cards_as_the_faces_show_them(data, faces, hint):
    at = open_page(PUZZLES_PAGE, Clock(), puzzle=TWO_REYES, **faces)
    click(at, "Hint")
    click(at, "Hint")
    assert at.info[1].value == hint


#: A puzzle of each kind, with a wrong answer sharing no card with the right one (``test_puzzle_kinds``).
MISSED = {
    kind: next(
        (puzzle, wrong[0]) for puzzle in BANK.values() if puzzle.kind == kind and (wrong := wrong_answers(puzzle))
    )
    for kind in KINDS
}


@pytest.mark.parametrize("kind", sorted(MISSED))
def test_a_miss_says_at_once_what_is_wrong_with_the_answer_and_not_the_answer(data, kind):
    puzzle, wrong = MISSED[kind]
    at = open_page(PUZZLES_PAGE, Clock(), puzzle=puzzle.id)
    if puzzle.kind in ("choose", "claim", "endgame") or (puzzle.kind == "capture" and not puzzle.all):  # on cards
        type_answer(at, wrong, "Check what I typed")
    else:
        give_widgets(at, puzzle, wrong)
    tone, text = verdict(at)
    miss = say(translator("en").said(puzzle.check(wrong).miss), CardStyle())
    assert tone == "error" and text.startswith(f"Not quite: {miss}. Your rating -"), text
    for solution in puzzle.solutions():
        assert answer_words(puzzle, solution, CardStyle()) not in text, (solution, text)
    assert not any("the engine accepts" in m.value for m in at.markdown)  # the answer waits for "Show the answer"


def test_r12_a_second_miss_at_a_puzzle_looks_closer_without_the_answer(data):
    at = miss_the_sota(Clock())
    assert "Look closer" not in verdict(at)[1]
    click(at, "Try again")
    type_answer(at, "4♠")
    tone, text = verdict(at)
    assert (tone, text) == (
        "error",
        "Not quite: 7 of cups + 4 of swords = 11: 4 short of 15. Look closer: 7 of cups needs 8 from the table, "
        "in 1 card. This try was not counted.",
    )
    assert "sota of coins" not in text.lower()


def marked_answer(at: AppTest) -> list[str]:
    """The cards the card table marks as part of the answer."""
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_card_table"]
    rows = json.loads(board.proto.json)["rows"]
    return [face["token"] for row in rows for face in row["faces"] if "highlight-answer" in face["svg"]]


def test_the_answer_shown_is_marked_on_the_cards(data):
    at = miss_the_sota(Clock())
    assert marked_answer(at) == []  # not before it is asked for
    click(at, "Show the answer")
    assert marked_answer(at) == ["J♦"]
