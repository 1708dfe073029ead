"""The Puzzles and Progress pages, driven as a learner would, with a clock the test moves."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.plays import legal_plays, parse_play
from trainer.progress.store import Store
from trainer.puzzles import load_puzzles
from trainer.puzzles.kinds import CapturePuzzle, ChoosePuzzle, ScorePuzzle, SetentaDuelPuzzle

ROOT = Path(__file__).parent.parent
APP = str(ROOT / "streamlit_app.py")
BANK = {p.id: p for p in load_puzzles(ROOT / "puzzles")}


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(tmp_path))
    return tmp_path


def open_page(page: str, clock: Clock, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.session_state["clock"] = clock
    at.query_params.update(query)
    at.run()  # the pages are known by their url_path only after a first run
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label.startswith(label)).click().run()
    assert not at.exception, at.exception
    return at


def current(at: AppTest):
    return BANK[at.session_state.puzzle_id]


def give(at: AppTest, right: bool) -> AppTest:
    """Answer the puzzle on screen, rightly or wrongly, through its widgets."""
    puzzle = current(at)
    text = puzzle.solutions()[0] if right else wrong_answer(puzzle)
    if isinstance(puzzle, CapturePuzzle) and not puzzle.all:
        at.button_group(key="ans_cards").set_value(text.split())
    elif isinstance(puzzle, ChoosePuzzle):
        play = parse_play(text)
        at.button_group(key="ans_hand").set_value(str(play.card))
        at.button_group(key="ans_cards").set_value([str(c) for c in play.captured])
    elif isinstance(puzzle, SetentaDuelPuzzle):
        at.button_group(key="ans_side").set_value(text)
    elif isinstance(puzzle, ScorePuzzle):
        a, b = text.split()
        at.number_input(key="ans_a").set_value(int(a))
        at.number_input(key="ans_b").set_value(int(b))
    else:
        at.text_input(key="ans_text").set_value(text)
    return click(at, "Check")


def wrong_answer(puzzle) -> str:
    candidates = {
        "capture": [" ".join(str(c) for c in puzzle.table)] if not getattr(puzzle, "all", False) else ["A♦"],
        "choose": [str(p) for p in legal_plays(puzzle.hand, puzzle.table)] if puzzle.kind == "choose" else [],
        "setenta": ["1"],
        "setenta-duel": ["A", "B", "nobody"],
        "score": ["0 9"],
        "checksum": ["1", "2"],
    }[puzzle.kind]
    return next(text for text in candidates if not puzzle.check(text).correct)


def miss_the_sota(clock: Clock) -> AppTest:
    """Open the first sota puzzle and answer it wrongly."""
    at = open_page("trainer/app/pages/puzzles.py", clock, puzzle="capture-l1-sota")
    at.button_group(key="ans_cards").set_value(["2♣"])
    return click(at, "Check")


def attempts(data):
    saved = Store.open(data)
    try:
        return saved.attempts("Player")
    finally:
        saved.close()


def test_practice_right_answer_is_judged_recorded_and_rated(data):
    at = open_page("trainer/app/pages/puzzles.py", Clock(), puzzle="capture-l1-sota")
    assert any(m.value == "#### Which card makes 15 with a 7?" for m in at.markdown)
    at.button_group(key="ans_cards").set_value(["J♦"])
    click(at, "Check")
    assert at.success[0].value.startswith("Right: 7♥ + J♦ = 15.")
    [attempt] = attempts(data)
    assert (attempt.puzzle_id, attempt.correct, attempt.answer, attempt.hints) == ("capture-l1-sota", True, "J♦", 0)
    assert attempt.rating_after > 1500


def test_practice_wrong_answer_explains_and_shows_every_solution(data):
    at = open_page("trainer/app/pages/puzzles.py", Clock(), puzzle="capture-l1-sota")
    at.button_group(key="ans_cards").set_value(["2♣", "4♠"])
    click(at, "Check")
    assert at.error[0].value.startswith("Not quite: 7♥ + 2♣ + 4♠ = 13: 2 short of 15.")
    assert any("`J♦`" in m.value for m in at.markdown)  # the accepted answers
    [attempt] = attempts(data)
    assert not attempt.correct and attempt.rating_after < 1500


def test_a_hint_is_shown_one_at_a_time_and_counts_against_the_result(data, monkeypatch):
    clock = Clock()
    plain = open_page("trainer/app/pages/puzzles.py", clock, puzzle="capture-l1-sota")
    plain.button_group(key="ans_cards").set_value(["J♦"])
    click(plain, "Check")
    plain_gain = attempts(data)[0].rating_after - 1500
    other = data / "other"
    monkeypatch.setenv("ESCOBA_TRAINER_DATA", str(other))
    hinted = open_page("trainer/app/pages/puzzles.py", clock, puzzle="capture-l1-sota")
    click(hinted, "Hint")
    assert [i.value for i in hinted.info] == ["Hint: A seven needs eight more to reach 15."]
    hinted.button_group(key="ans_cards").set_value(["J♦"])
    click(hinted, "Check")
    [attempt] = attempts(other)
    assert attempt.hints == 1 and attempt.rating_after - 1500 < plain_gain  # a hinted solve earns less


def test_skip_moves_on_and_is_recorded(data):
    at = open_page("trainer/app/pages/puzzles.py", Clock(), puzzle="capture-l1-sota")
    click(at, "Skip")
    assert at.session_state.puzzle_id != "capture-l1-sota"
    [attempt] = attempts(data)
    assert attempt.skipped and not attempt.correct


def test_streak_counts_right_answers_ends_at_a_mistake_and_keeps_the_record(data):
    at = open_page("trainer/app/pages/puzzles.py", Clock())
    click(at, "Streak")
    give(at, right=True)
    click(at, "Next puzzle ▶")
    click(at, "Skip")  # the one skip a streak allows
    assert next(b for b in at.button if b.label == "Skip").disabled
    give(at, right=False)
    assert at.warning[0].value == "One mistake ends a streak. You solved 1."
    assert at.success[0].value == "A new streak record: 1!"
    saved = Store.open(data)
    assert saved.best("Player", "streak") == 1
    saved.close()


def test_rush_runs_out_of_time_with_the_clock_and_a_mistake_costs_ten_seconds(data):
    clock = Clock()
    at = open_page("trainer/app/pages/puzzles.py", clock)
    click(at, "Rush")
    assert not any(b.label.startswith("Next for me") for b in at.button)  # no way round the clock
    give(at, right=True)
    click(at, "Next puzzle ▶")
    give(at, right=False)
    assert "170 s left" in at.markdown[next(i for i, m in enumerate(at.markdown) if "s left" in m.value)].value
    clock.now += 171
    at.run()
    assert at.warning[0].value == "Time is up. You solved 1."
    assert not any(b.label == "Check" for b in at.button)
    saved = Store.open(data)
    assert saved.best("Player", "rush") == 1  # kept although the clock, not an answer, ended the run
    saved.close()


def test_an_answer_that_cannot_be_read_is_explained_and_not_counted(data):
    at = open_page("trainer/app/pages/puzzles.py", Clock(), puzzle="capture-l1-sota")
    click(at, "Check")
    assert at.info[0].value == "Pick the table cards that make 15 with 7♥."
    assert attempts(data) == []
    at.button_group(key="ans_cards").set_value(["J♦"])
    click(at, "Check")
    assert at.success[0].value.startswith("Right:")


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
    assert at.success[0].value.startswith("Right:")


def test_progress_page_shows_charts_records_and_mistakes_to_try_again(data):
    clock = Clock()
    miss_the_sota(clock)
    progress = open_page("trainer/app/pages/progress.py", clock)
    assert [m.label for m in progress.metric] == ["Rating", "Puzzles answered", "Best streak", "Best rush"]
    assert progress.metric[1].value == "1"
    [link] = progress.get("page_link")
    assert link.proto.label.endswith("(capture, level 1, you answered 2♣): try again")
    assert "puzzle=capture-l1-sota" in str(link.proto)
    assert len(progress.get("vega_lite_chart")) == 3  # rating over time, accuracy by kind and by theme


def test_progress_page_without_answers_says_so(data):
    at = open_page("trainer/app/pages/progress.py", Clock())
    assert at.info[0].value.startswith("No answers yet.")


def test_an_unreadable_progress_file_is_reported_kept_aside_on_request_and_never_overwritten(data):
    damaged = b"this is not a database" * 100
    (data / "progress.sqlite3").write_bytes(damaged)
    at = open_page("trainer/app/pages/puzzles.py", Clock())
    assert at.error[0].value.startswith("Your progress could not be opened:")
    assert (data / "progress.sqlite3").read_bytes() == damaged
    click(at, "Keep that file aside")
    [kept] = data.glob("progress.sqlite3.unreadable-*")
    assert kept.read_bytes() == damaged
    at.run()
    assert [t.value for t in at.title] == ["Puzzles"]  # a fresh progress file


def test_profiles_are_created_by_name_and_a_bad_name_is_explained(data):
    at = open_page("trainer/app/pages/puzzles.py", Clock())
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


def test_a_first_visit_starts_with_a_puzzle_near_the_starting_rating(data):
    at = open_page("trainer/app/pages/puzzles.py", Clock())
    assert current(at).level == 3  # 1500 is the rating of level 3
