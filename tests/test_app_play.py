"""The Play page driven as a learner would: a match against the computer, a hint, a refused play, the review."""

import functools
import json
import random
import re
from pathlib import Path

import pytest
from app_kit import alerts, send, tap
from store_kit import T0
from streamlit.testing.v1 import AppTest

from trainer.ai import game as game_module
from trainer.ai.game import review
from trainer.app.card_style import CardStyle
from trainer.app.names import card_name, cards_name, say
from trainer.app.play_words import luck_words
from trainer.cards import SPANISH_NOTATION
from trainer.deal import EventKind
from trainer.plays import IllegalPlay, captures
from trainer.profile import PROFILES
from trainer.progress.sqlite import Store
from trainer.progress.training import keep_game

APP = str(Path(__file__).parent.parent / "streamlit_app.py")


def press(at: AppTest, label: str) -> None:
    next(b for b in at.button if b.label.startswith(label)).click().run()
    assert not at.exception, at.exception


def start(players: int = 2) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("trainer/app/views/play.py").run()
    at.radio(key="table").set_value(players)
    at.radio(key="bot_level").set_value("greedy")
    press(at, "Start the match")
    return at


def to_my_turn(at: AppTest) -> None:
    """The computer's plays are made with the learner's (or at the start): the learner is always to play, and no
    button waits for the computer."""
    assert at.session_state.game.learner_to_play
    assert not [b.label for b in at.button if b.label.startswith("Next: ")]


def table(at: AppTest) -> dict:
    """The data of the seat table the learner plays on."""
    [board] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_seat_table"]
    return json.loads(board.proto.json)


def set_pace(at: AppTest, pace: str) -> AppTest:
    """Choose a pace on the seat table, as the browser reports it: the component's state."""
    return send(at, "escoba_seat_table", {"pace": pace})


def play_the_deal(at: AppTest, rng: random.Random, plays: int = 40) -> int:
    """Play until the deal is over (or has ``plays`` plays), the learner by typed plays; how many plays the learner
    made."""
    mine = 0
    while not at.session_state.game.deal.is_over and len(at.session_state.game.deal.plays) < plays:
        game = at.session_state.game
        to_my_turn(at)
        at.text_input(key="play_text").set_value(str(rng.choice(game.deal.legal_plays())))
        press(at, "Play what I typed")
        mine += 1
    return mine


def test_a_deal_against_the_computer_is_played_reviewed_and_kept(data: Path) -> None:
    at = start()
    assert at.markdown[0].value.startswith("**You – Computer: 0 – 0**, to 21")
    assert play_the_deal(at, random.Random(1)) == 18  # 36 cards, half of them yours (R8, R10)
    assert [h.value for h in at.header] == ["Deal 1 is over"]
    assert any(c.value.startswith("18 plays weighed;") for c in at.caption)
    table = next(m.value for m in at.markdown if m.value.startswith("| # |"))
    assert table.splitlines()[19].startswith("| 18 |")  # every play weighed, then why, where one lost points
    assert table.splitlines()[21] == "Why the best play was better, play by play:"
    after = at.session_state.game
    assert after.luck is not None  # the deal's luck, beside the points the plays lost
    assert any(m.value == luck_words(after.luck, after.lost, CardStyle()) for m in at.markdown)
    with Store.open(data) as saved:
        [game] = saved.games("Player")
    assert (game.level, game.players, game.decisions, game.over, game.luck) == ("greedy", 2, 18, False, after.luck)
    assert game.points == at.session_state.game.match.totals[0]
    press(at, "Next deal")
    assert not at.session_state.game.deal.is_over


@pytest.mark.usefixtures("quick_review")
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_v3_a_whole_match_at_each_table_is_played_to_its_end(data: Path, players: int, monkeypatch) -> None:
    """Deal after deal by the Turkish rules, the one rule set with all four tables, until the match is won; the
    browser plays a deal at each table and watches it drawn. Each deal's review weighs the plays on a few ways only:
    its figures are not what this test checks."""
    monkeypatch.setattr(game_module, "reviewing", functools.partial(game_module.reviewing, samples=16))
    with Store.open(data) as saved:
        saved.create_profile("Player")
        saved.set_rules("Player", PROFILES["turkish"])
    at, rng, deals = start(players), random.Random(players), 0
    while not any(b.label == "Start a new match" for b in at.button):
        if deals:
            press(at, "Next deal")
        play_the_deal(at, rng)
        deals += 1
        assert deals < 20, "a match to 21 is over in far fewer deals"  # more while the greedy play stands in
    said = [e.value for e in [*at.success, *at.info]]
    assert any(re.search("won (the|this) match", text) for text in said), said
    assert at.session_state.game.match.is_over and "Next deal ▶" not in [b.label for b in at.button]


def test_an_illegal_play_is_refused_with_its_reason_and_changes_nothing(data: Path) -> None:
    at = start()
    to_my_turn(at)
    game = at.session_state.game
    deal, seat = game.deal, game.learner_seat
    taking = next((card for card in deal.hands[seat] if captures(card, deal.table)), None)
    # A card that can take must take (R13); with none that can, a card of the stock is not in the hand (R17).
    wrong = str(taking) if taking is not None else str(deal.stock[0])
    at.text_input(key="play_text").set_value(wrong)
    press(at, "Play what I typed")
    assert at.session_state.game is game
    refusal = at.session_state.play_error.error
    assert isinstance(refusal, IllegalPlay) and refusal.reason == ("must_capture" if taking else "not_in_hand")
    message = turn_message(at)  # said in the language's words, and in English as the engine words it
    assert message["tone"] == "error" and message["text"] == say(f"Not allowed: {refusal}", CardStyle())
    assert alerts(at) == [message["text"]]  # read out once, where the learner plays


def test_a_typed_play_that_is_no_play_and_a_play_with_no_card_are_each_one_alert(data: Path) -> None:
    at = start()
    to_my_turn(at)
    at.text_input(key="play_text").set_value("zz")
    press(at, "Play what I typed")
    assert len(alerts(at)) == 1 and "zz" in alerts(at)[0]
    tap(at, {}, "escoba_seat_table")  # Play pressed with no card chosen
    assert alerts(at) == [turn_message(at)["text"]]


def test_a_play_sets_the_computers_replies_going_each_said_and_shown_on_the_table(data: Path) -> None:
    at = start(players=4)
    to_my_turn(at)
    game = at.session_state.game
    play = game.deal.legal_plays()[0]
    tap(at, {"hand": [str(play.card)], "table": [str(card) for card in sorted(play.captured)]}, "escoba_seat_table")
    game = at.session_state.game
    to_my_turn(at)  # the three computer seats played with that one tap, without a button
    moves = table(at)["moves"]
    assert [move["seat"] for move in moves] == [(game.learner_seat + n) % 4 for n in range(4)]  # R11, in turn
    assert moves[0]["said"].startswith("You (seat ") and moves[0]["card"] == str(play.card)
    assert all(move["said"].startswith("Seat ") for move in moves[1:])  # each read out as it is shown
    assert table(at)["words"]["turn"] == "Your turn."


def test_the_pace_chosen_is_kept_for_the_session(data: Path) -> None:
    at = start()
    assert table(at)["pace"] == "normal"
    set_pace(at, "step")
    at.text_input(key="play_text").set_value(str(at.session_state.game.deal.legal_plays()[0]))
    press(at, "Play what I typed")
    assert table(at)["pace"] == "step"  # read back by the table on the next turn
    at.switch_page("trainer/app/views/home.py").run()
    at.switch_page("trainer/app/views/play.py").run()
    assert table(at)["pace"] == "step"


def test_a_hint_names_the_best_play_with_its_expected_margin(data: Path) -> None:
    at = start()
    to_my_turn(at)
    press(at, "Hint: the best play now")
    [hint] = [i.value for i in at.info if i.value.startswith("Best now: ")]
    best = at.session_state.hint
    word = "ahead of" if best.margin >= 0 else "behind"  # never "-0.50 points ahead"
    assert f"{abs(best.margin):.2f} points {word} the other by the end of the deal on average (± {best.error:.2f})" in (
        hint
    )
    board = table(at)
    last = board["boards"][-1]
    shown = [board["faces"][name] for name in [*last["table"], *last["hands"][at.session_state.game.learner_seat]]]
    marked = {face["token"] for face in shown if "highlight-answer" in face["svg"]}
    assert marked == {str(card) for card in (best.play.card, *best.play.captured)}  # the best play, on the cards
    assert board["words"]["tally"] == "Adding up: {sum}"  # summed as tapped


def test_four_players_with_a_computer_partner(data: Path) -> None:
    at = start(players=4)
    assert at.markdown[0].value.startswith("**You and your partner – Computer: 0 – 0**")
    assert play_the_deal(at, random.Random(2)) == 9  # a quarter of the 36 cards


def test_progress_lists_the_matches_and_the_points_lost_per_play(data: Path) -> None:
    at = start()
    play_the_deal(at, random.Random(3))
    at.switch_page("trainer/app/views/progress.py").run()
    assert not at.exception, at.exception
    assert "Matches against the computer" in [h.value for h in at.header]
    assert any(
        m.value.startswith("| The computer | Matches") and "| Steady | 1 | 0 | 0 | 1 |" in m.value for m in at.markdown
    )
    assert any(c.value.startswith("Points lost per play, match by match:") for c in at.caption)
    with Store.open(data) as saved:
        [kept] = saved.games("Player")
    row = f"| Steady, 2 players | {kept.points} – {kept.against} | unfinished | {kept.lost / 18:.2f} |"
    assert any(m.value.startswith("| When (UTC) | Against |") and row in m.value for m in at.markdown)


def test_at_the_end_of_a_deal_one_table_shows_its_last_plays_moving_then_replays_it(data: Path) -> None:
    at = start()
    play_the_deal(at, random.Random(5))
    game = at.session_state.game
    board = table(at)  # the only seat table on the page
    assert board["replay"] and len(board["boards"]) == len(game.deal.states)  # every state, to step through
    assert all(hand is not None for hand in board["boards"][0]["hands"])  # every hand face up, the deal over
    last = board["moves"][board["start"]]  # shown moving first: from the learner's last play to the end
    assert last["seat"] == game.learner_seat and all(
        move["seat"] != game.learner_seat for move in board["moves"][board["start"] + 1 :]
    )


def test_the_last_plays_of_a_deal_are_offered_as_puzzle_files(data: Path) -> None:
    at = start()
    play_the_deal(at, random.Random(4))
    offers = [b for b in at.get("download_button") if b.proto.label.endswith("as a puzzle (YAML)")]
    assert [b.proto.label for b in offers] == [
        "Play 16 as a puzzle (YAML)",
        "Play 17 as a puzzle (YAML)",
        "Play 18 as a puzzle (YAML)",
    ]


def test_a_second_match_is_reviewed_and_kept_apart_from_the_first(data: Path) -> None:
    at = start()
    play_the_deal(at, random.Random(5))
    first = at.session_state.game
    press(at, "Leave this match for another")
    assert any(b.label.startswith("Go on with the match you left") for b in at.button)
    at.radio(key="bot_level").set_value("random")
    press(at, "Start the match")
    assert at.session_state.game.seed != first.seed and at.session_state.game.level == "random"
    play_the_deal(at, random.Random(6))
    assert any(c.value.startswith("18 plays weighed;") for c in at.caption)
    with Store.open(data) as saved:
        assert sorted(game.level for game in saved.games("Player")) == ["greedy", "random"]


def test_a_play_pressed_again_once_the_deal_is_over_does_nothing(data: Path) -> None:
    at = start()
    play_the_deal(at, random.Random(7), plays=34)
    game = at.session_state.game
    last = game.deal.legal_plays()[0]
    over = game.learner_plays(last).until_learner()
    at.session_state["game"] = over  # the first press, already handled
    tap(at, {"hand": [str(last.card)]}, "escoba_seat_table")
    assert over.deal.is_over and at.session_state.game.deal is over.deal  # reviewed, and no play made


def test_a_hint_pressed_once_the_turn_has_passed_does_nothing(data: Path) -> None:
    at = start()
    to_my_turn(at)
    stale = next(b for b in at.button if b.label.startswith("Hint: "))
    game = at.session_state.game
    at.session_state["game"] = game.learner_plays(game.deal.legal_plays()[0])  # the play, made meanwhile
    stale.click().run()
    assert not at.exception, at.exception
    assert "hint" not in at.session_state


def test_changing_profile_mid_match_leaves_the_match_to_its_own_profile(data: Path) -> None:
    with Store.open(data) as saved:
        saved.create_profile("Ana")
        saved.create_profile("Bea")
    at = start()  # as Ana, the first profile
    at.sidebar.selectbox(key="profile").set_value("Bea").run()
    assert not at.exception, at.exception
    assert any(i.value.startswith("The match under way was Ana's") for i in at.info)
    assert "game" not in at.session_state


def test_a_match_left_mid_deal_is_offered_in_a_new_session_and_goes_on_from_that_play(data: Path) -> None:
    at = start()
    play_the_deal(at, random.Random(5), plays=7)
    left = at.session_state.game
    later = AppTest.from_file(APP, default_timeout=60)
    later.run()
    later.switch_page("trainer/app/views/play.py").run()
    [offer] = [b.label for b in later.button if b.label.startswith("Go on with the match you left")]
    assert "(You – Computer: 0 – 0, to 21, against Steady)" in offer
    press(later, "Go on with the match you left")
    resumed = later.session_state.game
    assert resumed.deal.plays == left.deal.plays and resumed.deal.hands == left.deal.hands
    assert [d.play for d in resumed.decisions] == [d.play for d in left.decisions]
    to_my_turn(later)
    later.text_input(key="play_text").set_value(str(resumed.deal.legal_plays()[0]))
    press(later, "Play what I typed")
    assert len(later.session_state.game.deal.plays) == len(left.deal.plays) + 2  # and it goes on, with the reply
    later.switch_page("trainer/app/views/progress.py").run()
    assert any("| Steady | 1 | 0 | 0 | 1 |" in m.value for m in later.markdown)


def turn_message(at: AppTest) -> dict:
    """The message of the seat table the learner plays on."""
    return table(at)["message"]


def test_each_turn_shows_what_the_other_seats_played_meanwhile(data: Path) -> None:
    at = start(players=4)
    to_my_turn(at)
    game = at.session_state.game
    played = [event.seat for event in game.deal.log if event.kind is EventKind.PLAY]
    assert played == list(range(game.learner_seat))  # seat 0 leads (R11)
    assert [move["seat"] for move in table(at)["moves"]] == played
    at.text_input(key="play_text").set_value(str(game.deal.legal_plays()[0]))
    press(at, "Play what I typed")
    game = at.session_state.game
    said = [move["said"] for move in table(at)["moves"]]
    assert [move["seat"] for move in table(at)["moves"]] == [(game.learner_seat + n) % 4 for n in range(4)]
    assert said[0].startswith("You (seat ") and sum("your partner" in words for words in said) == 1


def test_r4_a_typed_play_is_read_as_the_faces_show_the_cards(data: Path) -> None:
    at = start()  # Spanish faces, the court cards by their printed numbers
    to_my_turn(at)
    box = at.text_input(key="play_text")
    assert box.label == "Your play: the card you play, then the cards it takes (7o 10b), or just the card"
    game = at.session_state.game
    play = game.deal.legal_plays()[0]
    box.set_value(" ".join(SPANISH_NOTATION.write(card) for card in [play.card, *sorted(play.captured)]))
    press(at, "Play what I typed")
    assert at.session_state.game.deal.plays[len(game.deal.plays)] == play  # played, not refused


def start_in_table_mode() -> AppTest:
    """A two-player Turkish match played by its penalties (V5), chosen in the setup form."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.sidebar.selectbox(key="_rule_set").set_value("turkish").run()
    at.switch_page("trainer/app/views/play.py").run()
    at.radio(key="bot_level").set_value("greedy")
    at.checkbox(key="table_mode").check()
    press(at, "Start the match")
    assert at.session_state.game.match.profile.penalties
    return at


def claim_buttons(at: AppTest) -> list[str]:
    return [b.label for b in at.button if b.label.startswith("Claim: ")]


def announced(at: AppTest) -> str:
    [box] = [e for e in at.get("bidi_component") if e.proto.component_name == "escoba_announce"]
    return str(json.loads(box.proto.json)["message"]["text"])


def moves_said(at: AppTest) -> list[str]:
    """What the seat table reads out of each move it shows: the learner's last play, then the replies."""
    return [move["said"] for move in table(at)["moves"]]


def test_v5_table_mode_is_offered_only_where_the_rules_have_it(data: Path) -> None:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("trainer/app/views/play.py").run()
    assert "table_mode" not in [c.key for c in at.checkbox]  # the classic rules refuse a wrong play (R17)
    start_in_table_mode()


def test_v5_a_missed_capture_is_offered_to_claim_until_the_next_play(data: Path, monkeypatch) -> None:
    monkeypatch.setitem(game_module.OVERLOOK, "greedy", 1.0)  # the computer lays down every capture it sees
    # a deal where the computer misses a capture at least twice before the end: one to claim and one to let pass
    monkeypatch.setattr(game_module.random, "SystemRandom", lambda: game_module.random.Random(3))
    at = start_in_table_mode()
    claimed = passed = False
    while not (claimed and passed):
        game = at.session_state.game
        if game.deal.is_over:
            break
        to_my_turn(at)
        claims = game.claims()
        assert len(claim_buttons(at)) == len(claims)
        if claims:
            play, style = claims[0], CardStyle()
            assert claim_buttons(at)[0] == (
                f"Claim: take {cards_name(sorted(play.captured), style)} with {card_name(play.card, style)} "
                "(the card laid down could have taken them)"
            )
            assert any("although a capture was there: it stands (V5)" in words for words in moves_said(at))
        if claims and not claimed:
            press(at, "Claim: ")
            claimed = True
            after = at.session_state.game
            assert after.deal.log[-1].kind is EventKind.CLAIM and after.learner_to_play
            assert claim_buttons(at) == []
            took = f"{cards_name(sorted(play.captured), CardStyle())} with {card_name(play.card, CardStyle())}"
            assert announced(at) == f"Claimed: you took {took}. Now play your card."
        elif claims:
            passed = True  # not claimed: the chance is gone with the learner's play
        at.text_input(key="play_text").set_value(str(at.session_state.game.deal.legal_plays()[0]))
        press(at, "Play what I typed")
        offered = at.session_state.game.claims()  # the computer's replies may have missed captures of their own
        assert len(claim_buttons(at)) == len(offered) and not set(offered) & set(claims)  # gone with the play
    assert claimed and passed


def test_v5_the_computer_claims_a_capture_the_learner_missed_and_the_next_turn_says_so(data: Path) -> None:
    at = start_in_table_mode()
    for _ in range(60):  # a turn with a card that can capture comes long before, whatever the deal
        if at.session_state.game.deal.is_over:  # the deal ended on the learner's lay-down: on to the next
            press(at, "Next deal")
        to_my_turn(at)
        game = at.session_state.game
        able = [card for card in game.deal.hands[game.learner_seat] if captures(card, game.deal.table)]
        at.text_input(key="play_text").set_value(str(able[0]) if able else str(game.deal.legal_plays()[0]))
        press(at, "Play what I typed")
        if able and not at.session_state.game.deal.is_over:
            break
    else:
        pytest.fail("no turn in 60 with a card that could capture")
    to_my_turn(at)
    laid, *replies = moves_said(at)
    assert "although a capture was there: it stands (V5)" in laid
    assert "claiming the missed capture, " in replies[0]


def test_v5_a_wrong_capture_of_the_learner_stands_is_said_and_penalised(data: Path) -> None:
    at = start_in_table_mode()
    for _ in range(20):  # the computer may have swept the table before the learner's first turn
        game = at.session_state.game
        hand, table = game.deal.hands[game.learner_seat], game.deal.table
        if wrong := [(card, taken) for card in hand for taken in table if card.value + taken.value != 15]:
            break
        act(at)
    else:
        pytest.fail("no turn in 20 with a table card to take wrongly")
    card, taken = wrong[0]
    at.text_input(key="play_text").set_value(f"{card} {taken}")
    press(at, "Play what I typed")
    total = card.value + taken.value
    assert f"which make {total}, not 15: the capture stands and costs a penalty (V5)" in moves_said(at)[0]
    while not at.session_state.game.deal.is_over:
        to_my_turn(at)
        at.text_input(key="play_text").set_value(str(at.session_state.game.deal.legal_plays()[0]))
        press(at, "Play what I typed")
    score = next(m.value for m in at.markdown if "Wrong captures" in m.value)
    cost = 4 + sum(at.session_state.game.match.finished[-1].deal.escobas)  # V5: 4, and 1 for each escoba
    assert f"| Wrong captures | -{cost} (1 wrong capture) | 0 (0 wrong captures) |" in score  # yours first
    assert "against the rules: it stood, see the deal's score (V5)" in next(
        m.value for m in at.markdown if "Points lost" in m.value
    )


def act(at: AppTest) -> None:
    """The learner's first legal play, typed; the computer's replies come with it."""
    to_my_turn(at)
    at.text_input(key="play_text").set_value(str(at.session_state.game.deal.legal_plays()[0]))
    press(at, "Play what I typed")


def test_a_tab_whose_match_went_on_in_another_is_told_and_loads_it_as_it_stands(data: Path) -> None:
    first = start()
    second = AppTest.from_file(APP, default_timeout=60)
    second.run()
    second.switch_page("trainer/app/views/play.py").run()
    press(second, "Go on with the match you left")
    act(second)
    went_on = second.session_state.game
    act(first)  # from the state it held before the second tab went on
    assert [w.value for w in first.warning] == ["This match went on in another tab. Nothing was saved from this tab."]
    assert len(first.session_state.game.deal.plays) < len(went_on.deal.plays)  # its play was not made
    with Store.open(data) as saved:
        kept = saved.unfinished_game("Player")
    assert kept is not None and kept.version == second.session_state.game_version
    press(first, "Load the match as it now stands")
    assert not first.warning and first.session_state.game.deal.plays == went_on.deal.plays
    assert first.session_state.game_version == second.session_state.game_version
    act(first)  # goes on from there
    assert not first.warning and len(first.session_state.game.deal.plays) > len(went_on.deal.plays)


@pytest.mark.usefixtures("quick_review")
def test_a_tab_whose_match_was_finished_in_another_is_offered_a_new_one(data: Path) -> None:
    first = start()
    game = first.session_state.game
    while not game.match.is_over:  # the match played to its end elsewhere, each deal saved with its review
        if game.review_due:
            game = game.after_review(review(game.decisions, samples=2))
        elif game.deal.is_over:
            game = game.next_deal()
        else:
            game = game.learner_plays(game.deal.legal_plays()[0]) if game.learner_to_play else game.computer_turn()
    with Store.open(data) as saved:
        kept = (first.session_state.game_number, first.session_state.game_version)
        keep_game(saved, first.session_state.game_owner, game.after_review(review(game.decisions, samples=2)), kept, T0)
    act(first)
    assert [w.value for w in first.warning] == [
        "This match went on in another tab and is over now. Nothing was saved from this tab."
    ]
    with Store.open(data) as saved:
        [summary] = saved.games("Player")
    assert summary.over
    press(first, "Start a new match")
    assert "game" not in first.session_state and any(b.label == "Start the match" for b in first.button)
