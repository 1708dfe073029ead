"""The course: levels load through the engine, tasks are judged by it, and bad levels name their line."""

import textwrap
from pathlib import Path

import pytest

from trainer.cards import parse_cards
from trainer.course import CourseError, load_level, load_levels, narrate, sensible_play, stars
from trainer.deal import Deal
from trainer.plays import Play
from trainer.puzzles import load_puzzles

LEVELS = load_levels()


def level_of(tmp_path: Path, stages: str):
    """A level with these stages (YAML), loaded from a file as the course loads its own."""
    return load_level(write(tmp_path, HEAD + textwrap.dedent(stages)))


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "level.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


HEAD = """\
id: t
title: T
goal: G.
rules: R3
stages:
"""


def test_every_level_has_a_goal_rules_and_a_task():
    assert LEVELS
    for level in LEVELS:
        assert level.goal and level.rules and level.tasks >= 1


def test_r3_a_pick_task_accepts_exactly_the_cards_worth_the_value(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: pick
        prompt: Tap every card worth 10.
        board: {table: K♣ 3♥ 7♠, hands: [K♥ 2♥ 3♣, A♣ 5♦ J♠]}
        want: value 10
    """,
    )
    stage = level.stages[0]
    assert stage.judge("kc kh").correct and stage.judge("K♥ K♣").correct
    assert not stage.judge("K♣").correct and not stage.judge("J♠").correct
    assert not stage.judge("banana").correct  # unreadable: a miss that says why


def test_r12_fifteen_with_a_card_accepts_every_way(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: pick
        prompt: Tap the table cards that make 15 with your 7♦.
        board: {table: J♣ 4♥ 6♠ 2♦, hands: [7♦ 2♥ 3♣, A♣ 5♦ Q♠]}
        want: fifteen with 7♦
    """,
    )
    stage = level.stages[0]
    assert stage.accept == {"J♣", "2♦ 6♠"}
    assert stage.judge("2d 6s").correct and not stage.judge("4h").correct


def test_r13_an_allowed_task_takes_the_engines_reason(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: allowed
        prompt: Can you lay 7♠ on this table?
        board: {table: A♦ 7♦, hands: [7♠ 2♥, 3♣ 5♣]}
        play: 7♠
    """,
    )
    stage = level.stages[0]
    assert stage.accept == {"no"} and "R13" in stage.why
    assert stage.judge("no").correct and not stage.judge("yes").correct


def test_r14_a_play_task_refuses_an_illegal_play_and_explains_a_miss(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: play
        prompt: Clear the table.
        board: {table: A♦ 4♣ 7♦, hands: [3♥ 5♦, 2♠ 6♣]}
        goal: escoba
    """,
    )
    stage = level.stages[0]
    assert stage.judge("3h ad 4c 7d").correct
    assert stage.judge("5d").text.startswith("That is legal, but that leaves cards on the table")
    assert stage.judge("3h ad").text.startswith("Not allowed:")


def test_r18_r19_scoring_tasks_read_a_real_finished_deal(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: who
        prompt: Who wins the coins?
        board: {seed: 7}
        category: coins
      - task: number
        prompt: What is side A's setenta?
        ask: setenta A
    """,
    )
    coins, setenta = level.stages
    deal = coins.deal
    assert deal is not None and deal.is_over and len(deal.piles[0]) + len(deal.piles[1]) == 40
    a, b = deal.score()
    assert coins.accept == {"A" if a.coins else "B" if b.coins else "nobody"}
    assert setenta.accept == {str(a.setenta_sum) if a.setenta_sum is not None else "none"}


def test_a_watched_deal_narrates_every_play_and_asks_at_the_chosen_ones(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - watch: {seed: 7}
        predict: [1]
    """,
    )
    plays = [stage for stage in level.stages if stage.events and stage.events[0].kind == "play"]
    assert len(plays) == 36  # every card of both hands, six rounds of three (R10, R11)
    asked = level.stages[1]
    assert asked.task == "pick" and asked.accept and asked.deal is not None and asked.deal.to_play == 0
    assert level.stages[-1].deal is not None and level.stages[-1].deal.is_over


def test_a_prediction_must_be_a_capture(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:7:\d+: play 3 of this deal takes nothing"):
        level_of(
            tmp_path,
            """\
          - watch: {seed: 7}
            predict: [3]
        """,
        )


def test_a_level_that_breaks_a_rule_names_its_line(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:\d+:\d+: .*cannot be in two places"):
        level_of(
            tmp_path,
            """\
          - say: Look.
            board: {table: A♦ A♦, hands: [2♠, 3♠]}
        """,
        )
    with pytest.raises(CourseError, match="at most 2 sentences"):
        load_level(write(tmp_path, HEAD + "  - say: One. Two. Three.\n"))


def test_narration_says_why_a_capture_makes_15_and_what_a_lay_down_means():
    start = Deal.new(seed=7)
    play = sensible_play(start)
    assert play.captured  # seed 7 opens with a capture
    sentence = narrate(start, start.play(play).events[0])
    values = " + ".join(str(card.value) for card in [play.card, *sorted(play.captured)])
    assert sentence == f"Seat 0 plays {play.card} and takes {' '.join(map(str, sorted(play.captured)))}: {values} = 15."
    down = Deal.from_position(table=parse_cards("K♠"), hands=[parse_cards("2♥"), parse_cards("3♣")])
    lay = Play(down.hands[0][0], frozenset())
    assert narrate(down, down.play(lay).events[0]).startswith("Seat 0 lays 2♥ on the table")


def test_stars_count_slips():
    assert [stars(0, 0), stars(0, 1), stars(2, 0), stars(2, 1)] == [3, 2, 2, 1]


def test_r16_a_number_task_can_ask_what_the_table_adds_up_to(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: number
        prompt: What does the table add up to?
        board: {table: K♣ 3♥ 7♠, hands: [2♥, 5♦]}
        ask: table sum
    """,
    )
    stage = level.stages[0]
    assert stage.accept == {"20"} and stage.judge("20").correct and not stage.judge("19").correct


def test_every_rule_is_taught_by_some_level():
    taught = {rule for level in LEVELS for rule in level.rules}
    assert taught >= {f"R{n}" for n in range(1, 23)}


def test_r14_a_play_task_whose_goal_cannot_be_met_fails_to_load(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:9:\d+: no legal play meets the goal .escoba."):
        level_of(
            tmp_path,
            """\
          - task: play
            prompt: Clear the table.
            board: {table: A♦ 4♣ 7♦, hands: [2♥ 5♦, 2♠ 6♣]}
            goal: escoba
        """,
        )


def test_every_practice_theme_of_a_level_has_puzzles_in_the_bank():
    themes = {theme for puzzle in load_puzzles(Path(__file__).parent.parent / "puzzles") for theme in puzzle.themes}
    missing = {(level.id, theme) for level in LEVELS for theme in level.practice if theme not in themes}
    assert not missing


def test_r12_a_board_whose_pile_no_deal_gives_fails_to_load(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:\d+:\d+: side A: this pile adds up to 3"):
        level_of(
            tmp_path,
            """\
          - say: Look.
            board: {table: 5♦, hands: [2♠, 3♠], piles: [A♦ 2♦, ""]}
        """,
        )
