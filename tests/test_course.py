"""The course: levels load through the engine, tasks are judged by it, and bad levels name their line."""

import re
import textwrap
from io import BytesIO
from pathlib import Path

import pytest

from trainer.cards import DECK, SPANISH_NOTATION, Suit, cards_text, parse_card, parse_cards
from trainer.course import LEVELS as LEVELS_FOLDER
from trainer.course import (
    CourseError,
    Level,
    as_played,
    load_level,
    load_levels,
    narrate,
    onward,
    restarted,
    sensible_play,
    stars,
    teaching_level,
    tracks,
    with_move,
)
from trainer.course_messages import extract_levels
from trainer.deal import Deal
from trainer.plays import Play, parse_play
from trainer.profile import PROFILES
from trainer.puzzles import load_puzzles
from trainer.puzzles.reachable import deal_problem, stock_sizes
from trainer.scoring import score_deal, setenta
from trainer.text import SIDES, Joined, Said

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


#: A level is short, and asks something every few steps: at most this many stages, and this many says in a row.
MOST_STAGES, MOST_SAYS_IN_A_ROW = 25, 4


@pytest.mark.parametrize("level", LEVELS, ids=[level.id for level in LEVELS])
def test_every_level_is_short_and_asks_something_every_few_steps(level):
    says = "".join("t" if stage.is_task else "s" for stage in level.stages)
    assert len(level.stages) <= MOST_STAGES
    assert "s" * (MOST_SAYS_IN_A_ROW + 1) not in says, says


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


def test_fifteen_with_a_card_of_another_seat_is_refused(tmp_path):
    text = """\
      - task: pick
        prompt: Your 2♠ needs 13.
        board: {table: 4♦ Q♥, hands: [A♣ 7♠ 3♦, 6♦ 2♠ J♥]}
        want: fifteen with 2♠
    """
    with pytest.raises(CourseError, match=r"level.yaml:9:9: 2♠ is not in the hand of seat 0, whose turn it is"):
        level_of(tmp_path, text)


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
    assert stage.accept == {"no"} and "R13" in str(stage.why)
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
    assert stage.judge("5d").text == "That is legal, but that leaves cards on the table. Try again."
    assert stage.judge("5d", again=True).text == (
        "That is legal, but that leaves cards on the table. Look closer: the card to play from your hand is worth 3. "
        "Try again."
    )
    assert stage.judge("3h ad").text.startswith("Not allowed:")
    assert stage.answer_cards() == set(parse_cards("3♥ A♦ 4♣ 7♦"))  # marked on the board once shown


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


SMALL_PILES = """\
      - task: who
        prompt: Who has more coins so far?
        board:
          table: 5♦ 2♦ 6♠ K♥
          hands: [2♥ Q♦ 4♠, 3♠ A♣ 7♥]
          piles: [7♦ J♣ K♦ 3♦ 2♠ 5♣ 6♥ A♠ 3♣, 6♣ 7♣ 2♣ A♦ 4♦ K♣ 3♥ 4♥ J♥]
        category: {category}
      - task: number
        prompt: What is this side's setenta so far?
        ask: {ask}
"""


def test_r18_r19_part_way_through_a_deal_a_task_reads_the_piles_so_far_but_never_a_deals_points(tmp_path):
    coins, setenta = level_of(tmp_path, SMALL_PILES.format(category="coins", ask="setenta A")).stages
    assert coins.deal is not None and not coins.deal.is_over
    assert coins.accept == {"A"}  # 7♦ K♦ 3♦ against A♦ 4♦
    assert setenta.accept == {"70"}  # 21 + 18 + 16 + 15: the 7♦, 6♥, A♠ and 5♣ at their prices
    swordless = level_of(tmp_path, SMALL_PILES.format(category="cards", ask="setenta B")).stages
    assert [stage.accept for stage in swordless] == [{"nobody"}, {"none"}]  # nine cards each; side B has no sword
    for category, ask in (("deal", "setenta B"), ("coins", "points B")):
        with pytest.raises(CourseError, match="on a deal's points needs a finished deal to score"):
            level_of(tmp_path, SMALL_PILES.format(category=category, ask=ask))


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


def test_r16_a_watched_deal_spans_levels_and_asks_what_the_table_adds_up_to(tmp_path):
    first = level_of(
        tmp_path,
        """\
      - say: The first half.
        watch: {seed: 11, to: 18}
        sums: [5]
    """,
    )
    rest = level_of(
        tmp_path,
        """\
      - say: The second half.
        watch: {seed: 11, from: 19}
        sums: [20]
    """,
    )
    opening = str(first.stages[0].text)
    assert opening.startswith("The first half. Three cards to each player and ")  # the level's words, then the deal
    plays = [stage for stage in first.stages if not stage.is_task and stage.events and stage.events[0].kind == "play"]
    assert len(plays) == 18 and first.stages[-1].deal == rest.stages[0].deal  # the second level goes on from there
    assert str(rest.stages[0].text) == "The second half." and len(rest.stages) == 1 + 18 + 1
    asked = first.stages[1 + 5]  # after the opening and five plays
    assert asked.task == "number" and asked.deal == plays[4].deal
    total = sum(card.value for card in asked.deal.table)
    assert asked.accept == {str(total)} and asked.judge(str(total)).correct and not asked.judge(str(total + 1)).correct


@pytest.mark.parametrize(
    ("watch", "message"),
    [
        ("watch: {seed: 11, from: 19}\n    sums: [20]", r"level.yaml:6:\d+: a deal watched from a later play needs"),
        ("watch: {seed: 11, from: 40}\n    say: Go on.", r"level.yaml:6:\d+: this deal has 36 plays"),
        ("watch: {seed: 11, to: 40}\n    sums: [1]", r"level.yaml:6:\d+: this deal has 36 plays"),
        ("watch: {seed: 11}\n    sums: [2]", r"level.yaml:7:\d+: the table is empty after play 2"),
        ("watch: {seed: 11, to: 4}\n    sums: [5]", r"level.yaml:7:\d+: the plays watched are 1 to 4, not 5"),
        ("watch: {seed: 11, from: 3}\n    say: Go on.\n    predict: [2]", r"level.yaml:8:\d+: .* 3 to 36, not 2"),
    ],
)
def test_a_watch_outside_its_deal_or_asking_of_an_empty_table_names_its_place(tmp_path, watch, message):
    with pytest.raises(CourseError, match=message):
        level_of(tmp_path, f"  - {watch}\n")


def test_a_prediction_must_be_a_capture(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:7:\d+: play 3 of this deal takes nothing"):
        level_of(
            tmp_path,
            """\
          - watch: {seed: 7}
            predict: [3]
        """,
        )


PLAYED = """\
  - say: You lead.
    watch: {seed: 3, to: 4, you: 0}
    predict: [2]
    sums: [2]
"""


def every_card(deal: Deal) -> list:
    return sorted([*deal.table, *deal.stock, *(c for part in (*deal.hands, *deal.piles) for c in part)])


def test_r11_r13_at_the_learners_turn_any_legal_play_goes_and_an_illegal_one_is_refused_with_its_reason(tmp_path):
    level = level_of(tmp_path, PLAYED)
    turn = level.stages[1]
    assert turn.is_turn and turn.task == "play" and turn.seat == 0
    assert str(turn.text).endswith("play a card from your hand.")
    assert turn.accept == {"2♥ 4♥ Q♠"}  # the plain play, with which the stages after it were built
    other = turn.judge("5♣ 3♥ 7♠")  # not the plain play, but the rules allow it
    assert other.correct and str(other.reason).startswith("Seat 0 plays 5♣ and takes 3♥ 7♠: 5 + 3 + 7 = 15.")
    refused = turn.judge("2♥")  # 2♥ makes 15 with 4♥ Q♠: it cannot be laid down (R13)
    assert not refused.correct and str(refused.reason).startswith("Not allowed: ")
    assert "Nothing has changed" in str(refused.reason)
    assert str(turn.answer()) == "Any play the rules allow, such as 2♥ taking 4♥ Q♠."


def test_a_played_deal_is_built_again_from_the_learners_moves_and_keeps_every_card(tmp_path):
    plain = level_of(tmp_path, PLAYED)
    level = as_played(plain, ((1, "5♣ 3♥ 7♠"),))
    assert level.stages[:2] == plain.stages[:2]  # up to the learner's play, nothing changes
    after = [stage.deal for stage in level.stages[2:]]
    assert all(deal is not None and deal.plays[0] == parse_play("5♣ 3♥ 7♠") for deal in after)
    for stage in level.stages:
        assert stage.deal is not None and every_card(stage.deal) == sorted(DECK)
    assert as_played(plain, ((1, "5♣ 3♥ 7♠"),)) is level  # built once for the same plays
    assert as_played(plain, ((1, "2♥"),)).stages == plain.stages  # a move the deal does not allow is left out


def test_a_prediction_the_learners_play_turns_into_a_lay_down_is_only_said_and_a_sum_is_the_real_one(tmp_path):
    plain = level_of(tmp_path, PLAYED)
    assert [stage.task for stage in plain.stages] == ["say", "play", "pick", "number", "play", "say"]
    level = as_played(plain, ((1, "5♣ 3♥ 7♠"),))  # seat 1 then has nothing to take
    assert [stage.task for stage in level.stages] == ["say", "play", "number", "play", "say"]
    summed = level.stages[2]
    assert str(summed.text).startswith("Seat 1 lays A♠ on the table")
    assert summed.accept == {"14"}  # A♠ 4♥ Q♠, the table as the deal was played


def test_a_played_deal_goes_on_in_the_next_level_and_starts_again_with_its_level(tmp_path):
    first = level_of(tmp_path, "  - say: One.\n    watch: {seed: 3, to: 2, you: 0}\n")
    rest = load_level(write(tmp_path, HEAD + "  - say: Two.\n    watch: {seed: 3, from: 3, you: 0}\n"))
    assert (first.plays_deal, rest.plays_deal, first.first_turn, rest.first_turn) == (3, 3, 1, 3)
    moves = with_move((), 1, "5♣ 3♥ 7♠")
    assert as_played(rest, moves).stages[0].deal.plays[0] == parse_play("5♣ 3♥ 7♠")
    moves = with_move(with_move(moves, 3, "2♥"), 1, "2♥ 4♥ Q♠")  # an earlier play made again drops the later ones
    assert moves == ((1, "2♥ 4♥ Q♠"),)
    assert restarted(((1, "a"), (3, "b")), rest) == ((1, "a"),) and restarted(((1, "a"),), first) == ()


def test_a_learners_own_play_cannot_be_predicted(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:8:\d+: play 1 is the learner's to make"):
        level_of(tmp_path, "  - say: Go.\n    watch: {seed: 3, you: 0}\n    predict: [1]\n")


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


def test_a_level_whose_id_the_store_cannot_keep_is_refused_naming_its_place_and_the_id(tmp_path):
    path = write(tmp_path, HEAD.replace("id: t", "id: first level") + "  - say: Look.\n")
    with pytest.raises(CourseError) as refused:
        load_level(path)
    assert str(refused.value) == (
        f"{path}:1:5: 'id': 'first level' is not an id: 1 to 80 letters, digits, '-', '_' or '.'"
    )


def test_a_level_that_would_show_a_link_or_an_image_is_refused_with_its_place(tmp_path):
    links = ("Read [this](https://example.org).", "Write to ana.garcia@example-school.org.")
    for said in ("Look ![x](http://example.org/x.png).", *links, "See <img src=x>."):
        with pytest.raises(CourseError, match=r"level.yaml:\d+:\d+: 'say' holds a link, an image or an HTML tag"):
            load_level(write(tmp_path, HEAD + f"  - say: {said}\n"))


def test_narration_says_why_a_capture_makes_15_and_what_a_lay_down_means():
    start = Deal.new(seed=7)
    play = sensible_play(start)
    assert play.captured  # seed 7 opens with a capture
    sentence = str(narrate(start, start.play(play).events[0]))
    values = " + ".join(str(card.value) for card in [play.card, *sorted(play.captured)])
    assert sentence == f"Seat 0 plays {play.card} and takes {' '.join(map(str, sorted(play.captured)))}: {values} = 15."
    down = Deal.from_position(table=parse_cards("K♠"), hands=[parse_cards("2♥"), parse_cards("3♣")])
    lay = Play(down.hands[0][0], frozenset())
    assert str(narrate(down, down.play(lay).events[0])).startswith("Seat 0 lays 2♥ on the table")


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


# -- rule sets -----------------------------------------------------------------------------


def scored(deal, name: str):
    """The deal's piles scored by a rule set, straight from the engine's scoring."""
    return score_deal(deal.piles, deal.escobas, PROFILES[name])


def test_v1_a_setenta_is_asked_only_where_the_rule_set_scores_one(tmp_path):
    stages = """\
      - task: number
        prompt: Side A's setenta?
        rules: {name}
        board: {{seed: 58}}
        ask: setenta A
    """
    [stage] = level_of(tmp_path, stages.format(name="classic")).stages
    assert stage.accept == {str(setenta(stage.deal.piles[0]))}  # R19, the classic prices
    with pytest.raises(CourseError, match=r"level\.yaml:\d+:\d+: the sevens rules score no setenta \(V1\)"):
        level_of(tmp_path, stages.format(name="sevens"))


def test_v1_a_stage_is_made_and_scored_under_the_rule_set_it_names(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: number
        prompt: Points by the sevens rules?
        rules: sevens
        board: {seed: 58}
        ask: points A
      - task: number
        prompt: And with the same deal by the classic rules?
        rules: classic
        ask: points A
    """,
    )
    sevens, classic = level.stages
    assert (sevens.profile.name, sevens.deal.profile.name) == ("sevens", "sevens")
    assert (classic.profile.name, classic.deal.profile.name) == ("classic", "classic")
    assert sevens.deal.piles == classic.deal.piles  # the same deal, played again by the other rules
    assert sevens.accept == {str(scored(sevens.deal, "sevens")[0].total)}
    assert classic.accept == {str(scored(classic.deal, "classic")[0].total)}
    assert sevens.accept != classic.accept  # sevens and no setenta (V1) against the setenta (R18, R19)


def test_v1_a_level_names_its_rule_set_among_its_rules_and_a_stage_can_change_it(tmp_path):
    text = """\
        id: t
        title: T
        goal: G.
        rules: R13 escova V1
        stages:
          - say: Look.
            board: {seed: 10, plays: 0}
          - say: Now sevens.
            rules: sevens
          - task: allowed
            prompt: May you lay 3♥ down?
            play: 3♥
        """
    level = load_level(write(tmp_path, text))
    assert level.rules == ("R13", "V1")
    assert [stage.profile.name for stage in level.stages] == ["escova", "sevens", "sevens"]  # it holds until changed
    assert level.stages[2].accept == {"no"}  # Q♠ can take 6♠, so a lay-down is refused by the sevens rules


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ("R3 poker", r"level.yaml:4:8: unknown rule 'poker': name rule ids \(R1-R22, V1-V6\)"),
        ("R3 R99", r"level.yaml:4:8: unknown rule 'R99'"),
        ("sevens escova", r"level.yaml:4:8: a level has one rule set, not sevens or escova"),
    ],
)
def test_v1_a_level_with_an_unknown_rule_or_two_rule_sets_names_its_line(tmp_path, rules, message):
    text = HEAD.replace("rules: R3", f"rules: {rules}") + "  - task: allowed\n    prompt: P?\n    board: {seed: 1}\n"
    with pytest.raises(CourseError, match=message):
        load_level(write(tmp_path, text))


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("rules: poker", r"level.yaml:9:12: unknown rule set 'poker': use one of classic, sevens, escova"),
        ("penalties: true", r"level.yaml:9:16: the classic rule set has no table mode"),
        ("rules: turkish\n    penalties: often", r"level.yaml:10:16: penalties is true or false"),
        ("board: {seed: 1, players: 3}", r"level.yaml:9:\d+: 3 players: the classic rule set is for 2 or 4"),
    ],
)
def test_v1_v3_v5_a_stage_whose_rule_set_cannot_be_names_its_place(tmp_path, lines, message):
    stages = "  - say: Look.\n    board: {seed: 1, plays: 0}\n  - say: Again.\n    " + lines + "\n"
    with pytest.raises(CourseError, match=message):
        load_level(write(tmp_path, HEAD + stages))


def test_r9_a_stage_naming_other_rules_plays_the_same_deal_again_or_says_why_it_cannot(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:9:10: this deal does not end the same way by the sevens"):
        level_of(  # seed 120's first table makes 15: an escoba by the classic rules, none by the sevens rules
            tmp_path,
            """\
          - say: Look.
            board: {seed: 120}
          - say: Again.
            rules: sevens
        """,
        )
    with pytest.raises(CourseError, match=r"level.yaml:9:10: this deal cannot be played the same way by the escova"):
        level_of(  # by the escova rules that first table stays, and the first play that took from it cannot be made
            tmp_path,
            """\
          - say: Look.
            board: {seed: 120}
          - say: Again.
            rules: escova
        """,
        )


def test_r11_a_dealt_board_stops_after_its_plays_and_makes_the_moves_it_names(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: number
        prompt: Two plays in, and the second laid 7♣ down instead of taking. What does the table add up to?
        rules: turkish
        penalties: true
        board: {seed: 10, plays: 2, moves: {play 2: 7♣}}
        ask: table sum
    """,
    )
    stage = level.stages[0]
    deal = stage.deal
    plain = Deal.new(seed=10, profile=deal.profile)
    assert deal.deck == plain.deck and deal.plays[0] == sensible_play(plain)  # the first play is the plain one
    assert len(deal.plays) == 2 and str(deal.plays[1]) == "7♣" and deal.to_play == 0
    assert stage.events == deal.events  # the board marks the last play
    assert stage.accept == {str(sum(card.value for card in deal.table))}


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("{seed: 10, moves: {play 1: 3♥ K♠}}", r"level.yaml:7:\d+: play 1: 3♥ \+ K♠ = 13, not 15"),
        ("{seed: 10, plays: 40}", r"level.yaml:7:\d+: this board has 36 plays"),
        ("{seed: 10, plays: 3, moves: {play 5: 2♣}}", r"level.yaml:7:\d+: this board has 3 plays"),
        ("{seed: 10, moves: {move 2: 2♣}}", r"level.yaml:7:\d+: 'move 2': name a move 'play N'"),
        ("{seed: ten}", r"level.yaml:7:\d+: expected a whole number, not 'ten'"),
    ],
)
def test_r17_a_dealt_board_with_a_move_the_rules_refuse_or_too_many_plays_names_its_place(tmp_path, board, message):
    with pytest.raises(CourseError, match=message):
        level_of(tmp_path, f"  - say: Look.\n    board: {board}\n")


def test_r13_v5_whether_a_play_is_allowed_or_a_fault_depends_on_the_rule_set(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: allowed
        prompt: By the classic rules, may you lay 3♥ down while Q♠ could take 6♠?
        board: {seed: 10, plays: 0}
        play: 3♥
      - task: allowed
        prompt: And by the sevens rules?
        rules: sevens
        play: 3♥
      - task: fault
        prompt: At a Turkish table played by its penalties, what is 3♥ taking K♠?
        rules: turkish
        penalties: true
        play: 3♥ K♠
      - task: fault
        prompt: And Q♠ laid down?
        play: Q♠
      - task: fault
        prompt: And Q♠ taking 6♠?
        play: Q♠ 6♠
    """,
    )
    classic, sevens, wrong, missed, legal = level.stages
    assert (classic.accept, sevens.accept) == ({"yes"}, {"no"})  # R13 against "a player who can capture must"
    assert "a player who can capture must" in str(sevens.why)
    assert [stage.accept for stage in (wrong, missed, legal)] == [{"wrong capture"}, {"missed capture"}, {"legal"}]
    assert wrong.choices == ("legal", "wrong capture", "missed capture")
    assert "3♥ + K♠ = 13, not 15" in str(wrong.why) and "loses 4 points" in str(wrong.why)
    assert "may take that capture" in str(missed.why) and "stays where it was laid" in str(
        missed.why
    )  # R13 broken, V5 lets it be
    assert wrong.judge("Wrong capture").correct and not wrong.judge("legal").correct
    assert not wrong.judge("maybe").correct  # not one of the choices: a miss that says why


def test_v5_a_fault_task_needs_a_table_played_by_its_penalties(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:6:3: a fault task needs a table played by its penalties"):
        level_of(tmp_path, "  - task: fault\n    prompt: P?\n    board: {seed: 10, plays: 0}\n    play: 3♥ K♠\n")


def test_v5_a_claim_takes_the_laid_card_with_what_it_could_have_taken(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: pick
        prompt: Claim the capture your opponent missed.
        rules: turkish
        penalties: true
        board: {seed: 10, plays: 2, moves: {play 2: 7♣}}
        want: claim
    """,
    )
    stage = level.stages[0]
    assert stage.accept == {cards_text(sorted([c.card, *c.captured])) for c in stage.deal.claims()} == {"7♣ J♦"}
    assert stage.judge("jd 7c").correct and not stage.judge("7♣").correct
    with pytest.raises(CourseError, match=r"level.yaml:\d+:\d+: nothing can be claimed here"):
        level_of(
            tmp_path,
            """\
          - task: pick
            prompt: Claim.
            rules: turkish
            penalties: true
            board: {seed: 10, plays: 1}
            want: claim
        """,
        )


def test_v5_points_at_a_table_played_by_its_penalties_can_fall_below_zero(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: number
        prompt: Side A's points?
        rules: turkish
        penalties: true
        board: {seed: 10, moves: {play 1: 3♥ K♠}}
        ask: points A
    """,
    )
    stage = level.stages[0]
    a = stage.deal.score()[0]
    assert stage.deal.wrong_captures == (1, 0) and a.points["penalty"] == -(4 + sum(stage.deal.escobas))
    assert stage.accept == {str(a.total)} and a.total < 0
    assert stage.judge(str(a.total)).correct and not stage.judge(str(-a.total)).correct
    assert "wrong captures" in str(stage.why)


def test_v2_v3_three_sides_answer_a_b_c_or_nobody_and_a_shared_top_scores_nothing(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: who
        prompt: Who wins most cards?
        rules: sevens
        board: {seed: 90, players: 3}
        category: cards
      - task: number
        prompt: Side C's points?
        ask: points C
    """,
    )
    cards, points = level.stages
    counts = [len(pile) for pile in cards.deal.piles]
    assert len(counts) == 3 and counts.count(max(counts)) == 2  # two sides share the top
    assert cards.choices == ("A", "B", "C", "nobody") and cards.accept == {"nobody"}
    assert not cards.judge("c").correct and cards.judge("None").correct
    assert points.accept == {str(scored(points.deal, "sevens")[2].total)}


def test_v3_six_players_sit_in_two_teams_of_three(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: play
        prompt: Clear the table for your team.
        rules: turkish
        board: {seed: 23, players: 6, plays: 0}
        goal: escoba
    """,
    )
    deal = level.stages[0].deal
    assert (deal.players, deal.sides, [deal.side_of(seat) for seat in range(6)]) == (6, 2, [0, 1, 0, 1, 0, 1])
    assert level.stages[0].judge("5h ac as 4h 4s").correct


def test_v1_which_rule_set_pays_a_side_most_is_worked_out_on_the_deal_played_under_each(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: which
        prompt: Which pays side A most?
        board: {seed: 58}
        ask: points A
      - task: which
        prompt: Of these two?
        compare: [classic, escova]
        ask: points A
      - say: Side by side.
        compare: [classic, sevens]
    """,
    )
    every, two, table = level.stages
    totals = {}
    for name, profile in PROFILES.items():  # the same seed played out under each rule set, apart from the loader
        deal = Deal.new(seed=58, profile=profile)
        while not deal.is_over:
            deal = deal.play(sensible_play(deal))
        totals[name] = deal.score()[0].total
    assert every.choices == tuple(PROFILES) and every.accept == {max(totals, key=totals.__getitem__)}
    assert two.choices == ("classic", "escova")
    assert two.accept == {"classic" if totals["classic"] > totals["escova"] else "escova"}
    assert not two.judge("sevens").correct  # not one of the two compared
    assert table.table[0] == ("points: side A – side B", "Classic", "Sevens")
    assert table.table[-1] == (
        "total",
        *(" – ".join(str(s.total) for s in scored(table.deal, n)) for n in ("classic", "sevens")),
    )


@pytest.mark.parametrize(
    ("stage", "message"),
    [
        (
            "say: Look.\n    board: {seed: 58, plays: 3}\n    compare: [classic, sevens]",
            r"compare needs a finished deal",
        ),
        ("say: Look.\n    board: {seed: 58}\n    compare: [classic]", r"compare two rule sets or more"),
        ("say: Look.\n    board: {seed: 120}\n    compare: [classic, escova]", r"this deal cannot be played the same"),
        ("task: number\n    prompt: P?\n    board: {seed: 58}\n    ask: points C", r"ask is .*, with a side of A or B"),
        (
            "task: who\n    prompt: P?\n    board: {seed: 58}\n    category: setenta\n    rules: sevens",
            r"category is one of cards",
        ),
    ],
)
def test_v1_a_comparison_or_a_question_the_deal_cannot_answer_fails_to_load(tmp_path, stage, message):
    with pytest.raises(CourseError, match=r"level.yaml:\d+:\d+: " + message):
        load_level(write(tmp_path, HEAD + "  - " + stage + "\n"))


def test_r13_a_play_task_accepts_only_the_plays_its_rule_set_allows(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: play
        prompt: Leave your opponent nothing to take.
        board: {seed: 143, plays: 0}
        goal: safe
        next_hand: 6♦ 6♥ 7♥
      - task: play
        prompt: The same by the sevens rules, where whoever can capture must.
        rules: sevens
        goal: safe
        next_hand: 6♦ 6♥ 7♥
    """,
    )
    classic, sevens = level.stages
    assert classic.accept == {"A♦", "K♠ 5♥"}  # laying the ace down is safe too (R13)
    assert sevens.accept == {"K♠ 5♥"} and str(sevens.answer()).startswith("K♠ taking 5♥")
    assert sevens.judge("ad").text.startswith("Not allowed: A♦ cannot be laid on the table")


@pytest.mark.parametrize(
    ("stage", "token"),
    [
        ("task: number\n    prompt: P?\n    board: {seed: 58}\n    ask: points C", "points C"),
        ("task: who\n    prompt: P?\n    board: {seed: 58}\n    category: setenta\n    rules: sevens", "setenta"),
        ("task: pick\n    prompt: P?\n    board: {seed: 58, plays: 3}\n    want: value eight", "value eight"),
    ],
)
def test_a_stage_refused_names_the_token_the_author_wrote(tmp_path, stage, token):
    with pytest.raises(CourseError, match=rf"level.yaml:\d+:\d+: .*, not '{token}'$"):
        level_of(tmp_path, f"  - {stage}\n")


def test_the_catalogues_find_each_levels_title_and_goal_as_the_course_keeps_them():
    found = []
    for path in sorted(LEVELS_FOLDER.glob("*.yaml")):
        lines = path.read_text(encoding="utf-8").splitlines()
        with path.open("rb") as file:
            title, goal = list(extract_levels(file, [], [], {}))[:2]
        for line, function, message, comments in (title, goal):
            assert lines[line - 1].startswith(("title:", "goal:")) and function is None and comments == []
            found.append(message)
    assert found == [text for level in load_levels() for text in (level.title, level.goal)]


def test_a_level_text_over_several_lines_is_found_as_one_line():
    level = b"id: x\ntitle: 'A  title'\ngoal: >\n  Take the 7\xe2\x99\xa6\n  first.\n"
    assert [message for _, _, message, _ in extract_levels(BytesIO(level), [], [], {})] == [
        "A title",
        "Take the 7♦ first.",
    ]


def level_texts(path: Path) -> list[str]:
    """A level's title, goal and every stage's sentence, as the catalogues find them."""
    with path.open("rb") as file:
        return [message for _, _, message, _ in extract_levels(file, [], [], {})]


def test_a_levels_stage_sentences_are_found_for_the_catalogues_and_hold_no_brace():
    for path in sorted(LEVELS_FOLDER.glob("*.yaml")):
        level = load_level(path)
        title, goal, *stages = level_texts(path)
        assert (title, goal) == (level.title, level.goal)
        assert stages and set(stages) <= {text for stage in level.stages for text in own_words(stage.text)}
        assert not [text for text in (title, goal, *stages) if "{" in text or "}" in text]  # a message may not


def own_words(text: str | Said) -> set[str]:
    """A level's own sentences in a stage's text: the text itself, or the ones opening a watched deal."""
    if isinstance(text, str):
        return {text}
    parts = [part for _, value in text.params if isinstance(value, Joined) for part in value.items]
    return {part.message for part in parts if isinstance(part, Said) and not part.params}


def test_r12_the_first_level_opens_on_a_capture_after_a_few_words_and_leaves_typing_to_where_it_is_offered():
    first = LEVELS[0]
    first_task = next(n for n, stage in enumerate(first.stages) if stage.is_task)
    told = sum(len(str(stage.text).split()) for stage in first.stages[:first_task])
    task = first.stages[first_task]
    assert task.task == "pick" and task.question == "fifteen" and len(sorted(task.accept)[0].split()) == 1
    assert told <= 30  # one short sentence or two, then a single card to tap
    assert not [stage for stage in first.stages if "`" in str(stage.text)]  # no typing codes in the course


def test_r2_the_first_level_teaches_the_four_suits_on_a_board_of_one_card_each():
    first = LEVELS[0]
    texts = [str(stage.text) for stage in first.stages]
    suits = next(n for n, text in enumerate(texts) if "Oros are coins (♦)" in text)
    assert first.id == "values" and "R2" in first.rules and first.stages[suits + 1].is_task
    for spanish, sign in (("oros", "♦"), ("copas", "♥"), ("espadas", "♠"), ("bastos", "♣")):
        assert spanish in texts[suits].lower() and f"({sign})" in texts[suits]
    stage = first.stages[suits]
    assert stage.deal is not None and {card.suit for card in stage.highlight} == set(Suit)


def test_r4_a_task_reads_typed_cards_in_the_notation_it_is_given():
    first = LEVELS[0]
    fifteen = [stage for stage in first.stages if stage.task == "pick" and "7♦" in str(stage.text)][-1]
    assert fifteen.judge("10b", SPANISH_NOTATION).correct  # the sota de bastos, J♣, as its corner prints it
    assert fifteen.judge("6e 2o", SPANISH_NOTATION).correct and fifteen.judge("jc").correct
    refused = fifteen.judge("10b")
    assert not refused.correct and "'10b' is not a card" in str(refused.reason)


# -- boards set by hand: whole positions, seats and hands shown ---------------------------


def hand_set_boards():
    """Every board of the course set up by hand (a dealt board is a real deal already), with where it is."""
    return [
        (f"{level.id} {number}", stage.deal)
        for level in LEVELS
        for number, stage in enumerate(level.stages, start=1)
        if stage.deal is not None and stage.deal.deck is None
    ]


@pytest.mark.parametrize(("where", "deal"), hand_set_boards(), ids=[where for where, _ in hand_set_boards()])
def test_r8_r10_r12_r16_every_board_set_by_hand_is_a_position_a_real_deal_reaches(where, deal):
    everywhere = [
        *deal.table,
        *deal.stock,
        *(c for hand in deal.hands for c in hand),
        *(c for p in deal.piles for c in p),
    ]
    assert sorted(everywhere) == sorted(DECK)  # all 40 cards, each once
    outside = [*deal.table, *deal.stock, *(c for hand in deal.hands for c in hand)]
    assert sum(card.value for card in outside) % 15 == 10  # R16
    assert deal_problem(deal.piles, deal.escobas, deal.profile) is None  # piles made of captures (R12, R14)
    rounds = stock_sizes(deal.players, deal.profile).index(len(deal.stock)) + 1  # R8, R10: whole rounds dealt
    dealt = deal.profile.table_size + deal.profile.hand_size * deal.players * rounds
    assert len(deal.table) + sum(map(len, deal.piles)) + sum(map(len, deal.hands)) == dealt


def test_r8_an_opening_board_shows_the_full_stock_and_empty_piles(tmp_path):
    board = "{table: 5♦ 2♣ K♥ J♠, hands: [Q♣ 4♦ 7♠, A♥ J♦ 3♣]}"
    [stage] = level_of(tmp_path, f"  - task: pick\n    prompt: P.\n    board: {board}\n    want: value 10\n").stages
    assert len(stage.deal.stock) == 30 and stage.deal.piles == ((), ())


def test_r10_r12_a_board_past_its_first_round_gets_the_captures_its_plays_made(tmp_path):
    board = "{table: 4♦ Q♥, hands: [A♣ 7♠ 3♦, 6♦ 2♠ J♥]}"  # two cards on the table and fresh hands: a later round
    task = f"  - task: pick\n    prompt: P.\n    board: {board}\n    want: value 9\n"
    first, again = (level_of(tmp_path, task).stages[0].deal for _ in range(2))
    assert len(first.stock) == 24 and sum(map(len, first.piles)) == 8
    assert (first.stock, first.piles) == (again.stock, again.piles)  # the same board, the same completion


def test_r16_a_board_no_real_deal_reaches_fails_to_load_with_its_place_and_why(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:9:\d+: a stock of 7 cards is never left with 2 players"):
        level_of(tmp_path, "  - say: Look.\n    board:\n      table: 5♦\n      stock: 7\n      hands: [2♠, 3♠]\n")
    # the last cards of a deal must leave 10, 25, 40, ... in sight (R16): these make 33
    last = "  - say: Look.\n    board:\n      stock: 0\n      table: A♥ 2♣ 7♠ Q♥\n      hands: [6♣, J♣]\n"
    with pytest.raises(
        CourseError, match=r"level.yaml:8:\d+: with the stock gone, the table and the hands add up to 33"
    ):
        level_of(tmp_path, last)


def test_r12_r15_a_board_after_a_play_keeps_the_stock_piles_and_last_capture_of_the_board_before(tmp_path):
    first = "  - say: Look.\n    board:\n      table: Q♦ 2♠ 3♥\n      hands: [6♣, 5♠]\n      stock: 0\n"
    then = "  - task: allowed\n    prompt: P.\n    board: {after: 6♣ Q♦}\n    play: 5♠\n"
    before, after = level_of(tmp_path, first + then).stages
    assert after.deal.table == tuple(card for card in before.deal.table if card != parse_card("Q♦"))
    assert after.deal.piles[0] == tuple(sorted({*before.deal.piles[0], *parse_cards("6♣ Q♦")}))
    assert (after.deal.piles[1], after.deal.stock, after.deal.last_capturer) == (before.deal.piles[1], (), 0)
    assert [str(event.play) for event in after.events] == [str(parse_play("6♣ Q♦"))]  # shown as the last play


@pytest.mark.parametrize(
    ("stages", "message"),
    [
        ("  - say: Look.\n    board: {after: 6♣ Q♦}\n", r"level.yaml:7:\d+: 'after' needs a board before it"),
        ("  - say: A.\n    board: {table: Q♦ 2♠, hands: [6♣ 3♦, 5♠ 4♦]}\n  - say: B.\n    board: {after: 6♣}\n",
         r"level.yaml:9:\d+: .*6♣.*"),  # 6♣ can take Q♦, so it may not be laid down (R13)
        ("  - say: A.\n    board: {table: Q♦, hands: [6♣, 5♠]}\n  - say: B.\n    board: {after: 6♣ Q♦, stock: 0}\n",
         r"level.yaml:9:\d+: a board 'after' a play is the board before with that play made: no other key"),
        ("  - say: A.\n    board: {table: Q♦, hands: [6♣, 5♠]}\n  - say: B.\n    board: {after: 6♣ Z♦}\n",
         r"level.yaml:9:\d+: .*Z♦"),
    ],
)  # fmt: skip
def test_r13_a_board_after_a_play_the_rules_refuse_or_with_nothing_before_names_its_place(tmp_path, stages, message):
    with pytest.raises(CourseError, match=message):
        level_of(tmp_path, stages)


def test_a_stage_seats_the_learner_and_a_play_task_is_the_learners_seat(tmp_path):
    board = "{table: A♠ 2♣ 4♥, hands: [5♦ 6♠, K♦ 3♣ J♠], to_play: 1}"
    with pytest.raises(CourseError, match=r"level.yaml:6:3: seat 1 is to play, and a play task is the learner's"):
        level_of(tmp_path, f"  - task: play\n    prompt: Clear it.\n    board: {board}\n    goal: escoba\n")
    [stage] = level_of(
        tmp_path, f"  - task: play\n    prompt: P.\n    seat: 1\n    board: {board}\n    goal: escoba\n"
    ).stages
    assert (stage.seat, stage.face_up) == (1, (1,))
    with pytest.raises(CourseError, match=r"level.yaml:8:9: a board of 2 players has seats 0 to 1"):
        level_of(tmp_path, f"  - say: Look.\n    board: {board}\n    seat: 2\n")


def test_r3_a_value_pick_counts_only_the_cards_the_learner_sees(tmp_path):
    stages = (
        "  - task: pick\n    prompt: P.\n    board: {table: K♣ 3♥, hands: [K♥ 2♥ 3♣, A♣ 5♦ K♠]}\n    want: value 10\n"
    )
    assert level_of(tmp_path, stages).stages[0].accept == {"K♥ K♣"}
    shown = level_of(tmp_path, stages + "    show_hands: true\n").stages[0]
    assert shown.accept == {"K♥ K♣ K♠"} and shown.face_up == (0, 1)


def wrong_answers(stage) -> list[str]:
    """Answers the engine refuses for a task: every other choice, a number off by one, a board card of no answer."""
    if stage.choices:
        return [choice for choice in stage.choices if choice not in stage.accept]
    if stage.task == "number":
        right = sorted(stage.accept)[0]
        return ["0" if right == "none" else str(int(right) + 1)]
    named = {card for answer in stage.accept for card in answer.split()}
    shown = [*stage.deal.table, *(card for hand in stage.deal.hands for card in hand)]
    return [str(card) for card in shown if str(card) not in named][:3]


@pytest.mark.parametrize("level", LEVELS, ids=[level.id for level in LEVELS])
def test_a_miss_says_what_is_wrong_a_second_looks_closer_and_neither_names_the_answer(level):
    for stage in (stage for stage in level.stages if stage.is_task and stage.task != "play"):
        for answer in wrong_answers(stage):
            text = stage.judge(answer).text
            assert text.startswith("Not quite: ") and text.endswith(". Look again, or show the answer."), text
            assert names(stage.accept, text) == [], (level.id, answer, text)
            again = stage.judge(answer, again=True).text
            assert again.startswith(text.removesuffix(" Look again, or show the answer.") + " Look closer: "), again
            assert names(stage.accept - set(SIDES), again) == [], (level.id, answer, again)  # a clue may name a side


def names(answers, text: str) -> list[str]:
    """The answers a text names as whole words."""
    return [right for right in answers if re.search(rf"(?<![\w♦♥♠♣]){re.escape(right)}(?![\w♦♥♠♣])", text)]


def test_r3_r12_a_missed_pick_says_what_its_cards_make(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: pick
        prompt: Tap every card worth 10.
        board: {table: K♣ 3♥ 7♠, hands: [K♥ 2♥ 3♣, A♣ 5♦ J♠]}
        want: value 10
      - task: pick
        prompt: Tap the table cards that make 15 with your 7♦.
        board: {table: J♣ 4♥ 6♠ 2♦, hands: [7♦ 2♥ 3♣, A♣ 5♦ Q♠]}
        want: fifteen with 7♦
    """,
    )
    worth, fifteen = level.stages
    assert worth.judge("K♣ J♠").text == "Not quite: J♠ counts 8, not 10 (R3). Look again, or show the answer."
    assert worth.judge("K♣").text == (
        "Not quite: more cards on the board are worth 10 (R3). Look again, or show the answer."
    )
    assert fifteen.judge("4h").text == "Not quite: 7♦ + 4♥ = 11: 4 short of 15. Look again, or show the answer."
    assert "Look closer: 7♦ needs 8 from the table, in 1 card." in fifteen.judge("4h", again=True).text
    assert "Look closer: 2 cards on the board are worth 10." in worth.judge("K♣", again=True).text


def test_r14_every_count_of_escobas_a_sentence_gives_is_the_deals():
    """ "Side A made 2 escobas": the figure a prompt gives for a side is what its deal really made."""
    claim = re.compile(r"\bside ([ABC])\b[^.?;]*?\bmade (\d+) escobas", re.IGNORECASE)
    checked = 0
    for level in LEVELS:
        for stage in level.stages:
            for side, count in claim.findall(str(stage.text)):
                assert stage.deal is not None and stage.deal.escobas[SIDES.index(side)] == int(count), (level.id, side)
                checked += 1
    assert checked >= 6


def test_r5_r8_r10_r22_a_number_task_asks_about_the_seats_of_its_board(tmp_path):
    partner, stock, redealt, dealer = level_of(
        tmp_path,
        """\
      - task: number
        prompt: Whose partner?
        board: {table: 5♦ 2♣ K♥ J♠, hands: [Q♣ 4♦ 7♠, A♥ J♦ 3♣, 2♥ 6♦ Q♠, 7♣ 4♥ K♦]}
        ask: partner 1
      - task: number
        prompt: How many in the stock?
        ask: stock after 1
      - task: number
        prompt: And after the second hands?
        ask: stock after 2
      - task: number
        prompt: Who deals next?
        ask: next dealer
    """,
    ).stages
    assert (partner.accept, stock.accept, redealt.accept, dealer.accept) == ({"3"}, {"24"}, {"12"}, {"0"})
    assert partner.judge("seat 3").correct and not partner.judge("1").correct
    assert str(partner.judge("1").reason) == (
        "Not quite: not seat 1: partners sit across the table from each other (R5). Look again, or show the answer."
    )
    assert str(stock.judge("seat").reason) == "That answer cannot be read: answer with a number of cards"
    assert str(dealer.answer()).startswith("0. Answer 0: seat 3 dealt this time")


def test_r5_a_seats_question_the_board_cannot_answer_names_its_place(tmp_path):
    with pytest.raises(CourseError, match=r"level.yaml:9:\d+: with 2 players each plays alone"):
        level_of(
            tmp_path,
            """\
          - task: number
            prompt: Whose partner?
            board: {table: 5♦ 2♣ K♥ J♠, hands: [Q♣ 4♦ 7♠, A♥ J♦ 3♣]}
            ask: partner 0
        """,
        )


def test_r21_v4_a_who_task_asks_whether_the_match_is_won_after_the_deal(tmp_path):
    level = level_of(
        tmp_path,
        """\
      - task: who
        prompt: Won?
        board: {seed: 27}
        category: match
        totals: [18, 19]
      - task: who
        prompt: And by the escova rules?
        rules: escova
        board: {seed: 226}
        category: match
        totals: [24, 29]
    """,
    )
    level_won, escova_won = level.stages
    assert level_won.choices == ("A", "B", "another deal") and level_won.accept == {"another deal"}
    assert escova_won.accept == {"A"} and "reached 31" in str(escova_won.why)
    assert str(level_won.judge("A").reason).startswith("Not quite: A has not won: add this deal's points")
    already = "  - task: who\n    prompt: Won?\n    board: {seed: 27}\n    category: match\n    totals: [21, 3]\n"
    with pytest.raises(CourseError, match=r"level.yaml:10:\d+: A has already won"):
        load_level(write(tmp_path, HEAD + already))


def test_r15_a_number_task_counts_a_sides_cards_last_take_included(tmp_path):
    [cards] = level_of(
        tmp_path,
        """\
      - task: number
        prompt: How many cards?
        board: {seed: 9}
        ask: cards A
    """,
    ).stages
    deal = cards.deal
    assert deal is not None and deal.last_capturer == 0 and deal.remainder
    assert cards.accept == {str(len(deal.piles[0]))} and cards.side == 0 and cards.question == "cards"
    assert str(cards.judge("3", again=True).reason).endswith(
        "Look closer: the side with the latest capture also collects the leftovers once the cards run out (R15). Look "
        "again, or show the answer."
    )


def test_r16_a_number_task_asks_what_the_last_card_laid_face_down_is_worth(tmp_path):
    board = '{table: 6♥ 7♥ Q♣, hands: ["", 3♠], to_play: 1, stock: 0}'
    [hidden] = level_of(
        tmp_path, f"  - task: number\n    prompt: Worth?\n    board: {board}\n    ask: hidden card\n"
    ).stages
    assert hidden.accept == {"3"} and hidden.question == "hidden card"
    assert str(hidden.judge("4", again=True).reason).endswith("Look closer: the table adds up to 22. Look again, or "
                                                              "show the answer.")  # fmt: skip
    takes = '{table: K♦ 4♣ A♥, hands: ["", K♠], to_play: 1, stock: 0}'  # K♠ takes 4♣ A♥: no card is left hidden
    with pytest.raises(CourseError, match=r"level.yaml:9:\d+: a hidden card is the last of the deal"):
        level_of(tmp_path, f"  - task: number\n    prompt: Worth?\n    board: {takes}\n    ask: hidden card\n")


RULED = "{table: A♦ 7♦ 4♣, hands: [7♠ 2♥ K♣, 3♣ 5♣ J♠]}"
TWO_GROUPS = "{table: A♦ 4♣ 7♦ Q♠ 2♥, hands: [3♥ 6♠ K♣, 5♦ J♣ 2♠]}"


def ruled(task: str, rules: str, play: str, board: str = RULED) -> str:
    """A stage (YAML) asking about ``play`` on ``board`` under ``rules``; a fault task at a table with penalties."""
    penalties = "    penalties: true\n" if task == "fault" else ""
    return f"  - task: {task}\n    rules: {rules}\n{penalties}    prompt: P?\n    board: {board}\n    play: {play}\n"


@pytest.mark.parametrize(
    ("rules", "play", "board", "rule", "clue", "closer"),
    [
        ("classic", "K♣ A♦ 4♣", RULED, "R12", "add up to exactly 15", "K♣ + A♦ + 4♣ = 15"),
        ("classic", "2♥", RULED, "R13", "falls only on the card you lay down", "2♥ needs 13"),
        ("classic", "4♥", "{table: '', hands: [4♥, 5♣]}", "R13", "with nothing on the table", "the table is bare"),
        ("classic", "7♠", RULED, "R13", "must capture", "7♠ + A♦ + 7♦ = 15"),
        ("sevens", "2♥", RULED, "R13", "obliges you to capture", "7♠ + A♦ + 7♦ = 15: 7♠, in the same"),
        ("classic", "7♠ 7♦", RULED, "R12", "exactly 15", "7♠ + 7♦ = 14"),
        ("classic", "6♠ Q♠ 2♥ 7♦", TWO_GROUPS, "R12", "one group", "and also with"),
        ("classic", "7♠ J♠", RULED, "R12", "only cards that lie on the table", "J♠ is not on the table"),
        ("classic", "3♣", RULED, "R11", "whose turn is it?", "seat 1 dealt, so seat 0 leads (R7), and 3♣ is in the"),
        ("classic", "7♦", RULED, "R11", "from the hand of the player whose turn", "is 7♦ in it?"),
    ],
    ids=[
        *("capture", "lay-down", "bare-table", "owed", "any-card-owes", "not-15", "two-groups", "off-table"),
        *("turn", "in-no-hand"),
    ],
)
def test_r6_r7_r11_r12_r13_a_missed_allowed_task_names_the_rule_of_the_engines_ruling(
    tmp_path, rules, play, board, rule, clue, closer
):
    """Whatever the engine rules on the play (allowed, or refused for its reason), the wrong answer hears the rule
    that ruling rests on, and a second miss looks closer at the same reason."""
    stage = level_of(tmp_path, ruled("allowed", rules, play, board)).stages[0]
    (wrong,) = set(stage.choices) - stage.accept
    first, again = stage.judge(wrong).text, stage.judge(wrong, again=True).text
    assert clue in first and re.search(rf"\b{rule}\b", first), first
    assert closer in again.split(" Look closer: ")[1], again


def test_r12_r13_a_missed_fault_task_names_the_rule_its_play_breaks_at_a_table_played_by_its_penalties(tmp_path):
    level = level_of(tmp_path, "".join(ruled("fault", "turkish", play) for play in ("7♠ 7♦", "2♥", "K♣ A♦ 4♣")))
    expected = ["exactly 15 with the card played (R12)", "obliges you to capture (R13)", "exactly 15 (R12)"]
    for stage, clue in zip(level.stages, expected, strict=True):
        for wrong in set(stage.choices) - stage.accept:
            assert clue in stage.judge(wrong).text, (stage.accept, wrong)


def test_a_level_names_its_track_and_an_unknown_one_is_refused_where_it_is_written(tmp_path):
    stages = (
        "  - task: pick\n    prompt: Tap the card worth 8.\n"
        "    board: {table: J♣ 4♥, hands: [7♦ 2♥ 3♣, A♣ 5♦ Q♠]}\n    want: value 8\n"
    )
    assert load_level(write(tmp_path, "track: other\n" + HEAD + stages)).track == "other"
    with pytest.raises(CourseError, match=r"level.yaml:1:8: 'track' is one of core, other, not 'sideways'"):
        load_level(write(tmp_path, "track: sideways\n" + HEAD + stages))


def test_the_core_path_comes_first_and_every_level_after_it_is_another_table():
    tracks = [level.track for level in load_levels()]
    assert tracks == sorted(tracks, key=("core", "other").index) and tracks.count("core") >= 20


def bare(level_id: str, track: str) -> Level:
    return Level(level_id, level_id, "", (), (), (), track)


def test_each_track_numbers_its_own_levels_and_counts_its_own_stars():
    by_track = tracks([bare("a", "core"), bare("b", "core"), bare("x", "other"), bare("y", "other")])
    core, other = by_track["core"], by_track["other"]
    assert list(by_track) == ["core", "other"]
    assert [core.number(level) for level in core.levels] == [1, 2] == [other.number(level) for level in other.levels]
    earned = {"b": 2, "y": 3}
    assert (core.done(earned), core.stars(earned), other.done(earned), other.stars(earned)) == (1, 2, 1, 3)
    assert list(tracks([bare("a", "core")])) == ["core"]  # a track with no level is left out


def test_the_core_paths_end_leads_to_the_other_tables_and_their_end_leads_nowhere():
    levels = [bare("a", "core"), bare("b", "core"), bare("x", "other"), bare("y", "other")]
    by_track = tracks(levels)
    assert [getattr(onward(by_track, level), "id", None) for level in levels] == ["b", "x", "y", None]
    assert onward(tracks(levels[:2]), levels[1]) is None  # a course with no other tables ends with its core


def test_a_rule_set_is_taught_by_the_first_other_tables_level_that_plays_it():
    for name in set(PROFILES) - {"classic"}:
        level = teaching_level(LEVELS, name)
        assert level is not None and level.track == "other", name
        other = [each for each in LEVELS if each.track == "other"]
        earlier = other[: other.index(level)]
        assert name in {stage.profile.name for stage in level.stages}
        assert all(name not in {stage.profile.name for stage in each.stages} for each in earlier), name
    assert teaching_level(LEVELS, "classic") is None  # the core path is the classic game's
    assert (teaching_level(LEVELS, "sevens"), teaching_level(LEVELS, "turkish")) == (
        next(level for level in LEVELS if level.id == "sevens"),
        next(level for level in LEVELS if level.id == "turkish"),
    )


def test_r18_the_score_of_the_played_deal_is_the_score_of_the_deal_as_the_learner_played_it():
    scoring = next(level for level in LEVELS if level.id == "deal-score")
    played = as_played(scoring, ((1, "6♠ 2♣ 7♣"),))  # not the plain first play
    deal = played.stages[0].deal
    assert scoring.plays_deal == 11 and deal.is_over and deal.plays[0] == parse_play("6♠ 2♣ 7♣")
    a, b = deal.score()
    assert (played.stages[-2].accept, played.stages[-1].accept) == ({str(a.total)}, {str(b.total)})
    assert deal.score() != scoring.stages[0].deal.score()  # another deal, another score
