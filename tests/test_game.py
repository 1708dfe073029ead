"""A match against the computer can be left at any play and taken up again from its record, going on exactly
as it would have; a deal's plays are saved with its review."""

from dataclasses import replace
from pathlib import Path

import pytest
from store_kit import T0

from trainer.ai.game import Game, review
from trainer.match import Match
from trainer.profile import PROFILES
from trainer.progress.store import GameSummary, Store
from trainer.progress.training import keep_game, unfinished_game
from trainer.records import dump_record, load_record, record_of


def step(game: Game) -> Game:
    """One play: the learner's first legal play, or the computer's."""
    return game.learner_plays(game.deal.legal_plays()[0]) if game.learner_to_play else game.computer_turn()


def reloaded(game: Game) -> Match:
    """The match as its saved record brings it back."""
    match = load_record(dump_record(game.match))
    assert isinstance(match, Match)
    return match


def finish(game: Game) -> Game:
    """Play on to the end of the match, each deal reviewed cheaply as it ends."""
    while not game.match.is_over:
        if game.review_due:
            game = game.after_review(review(game.decisions, samples=2))
        elif game.deal.is_over:
            game = game.next_deal()
        else:
            game = step(game)
    return game


@pytest.mark.parametrize(("players", "level", "plays"), [(2, "greedy", 50), (4, "random", 13), (2, "expert", 3)])
def test_a_match_taken_up_from_its_record_goes_on_as_the_one_left(players: int, level: str, plays: int) -> None:
    game = Game.start(players, level, seed=21)
    for _ in range(plays):  # into the second deal for the first two
        if game.review_due:
            game = game.after_review(review(game.decisions, samples=2)).next_deal()
        game = step(game)
    assert not game.deal.is_over
    resumed = Game.resume(reloaded(game), level, game.reviewed, game.lost)
    assert [(d.play, d.before.plays) for d in resumed.decisions] == [(d.play, d.before.plays) for d in game.decisions]
    assert (resumed.seed, resumed.reviewed, resumed.lost) == (game.seed, game.reviewed, game.lost)
    if level != "expert":  # the expert's playing on takes seconds; its first choice after resuming is checked below
        assert record_of(finish(resumed).match) == record_of(finish(game).match)
    else:
        while game.learner_to_play:
            game, resumed = step(game), step(resumed)
        assert step(resumed).deal.plays == step(game).deal.plays


def test_a_match_left_between_deals_goes_on_with_the_next_deal() -> None:
    game = Game.start(2, "greedy", seed=3)
    while not game.deal.is_over:
        game = step(game)
    game = game.after_review(review(game.decisions, samples=2))
    resumed = Game.resume(reloaded(game), "greedy", game.reviewed, game.lost)
    assert len(resumed.match.finished) == 1 and not resumed.deal.plays and not resumed.decisions
    assert resumed.deal.hands == game.next_deal().deal.hands


def test_every_play_is_saved_but_a_deal_over_waits_for_its_review(tmp_path: Path) -> None:
    with Store.open(tmp_path) as saved:
        saved.create_profile("Ana")
        game, number = Game.start(2, "greedy", seed=9), None
        while not game.deal.is_over:
            game = step(game)
            if not game.deal.is_over:
                number = keep_game(saved, "Ana", game, number, T0)
                left = unfinished_game(saved, "Ana")
                assert left is not None and left[0] == number and left[1].deal.plays == game.deal.plays
        assert keep_game(saved, "Ana", game, number, T0) == number
        left = unfinished_game(saved, "Ana")
        assert left is not None and left[1].deal.plays == game.deal.plays[:-1]
        reviewed = game.after_review(review(game.decisions, samples=2), game.deal_luck())
        keep_game(saved, "Ana", reviewed, number, T0)
        [summary] = saved.games("Ana")
        assert (summary.decisions, summary.lost, summary.luck) == (18, reviewed.lost, reviewed.luck)
        left = unfinished_game(saved, "Ana")
        assert left is not None and left[1].deal.hands == reviewed.next_deal().deal.hands
        assert (left[1].reviewed, left[1].lost, left[1].luck) == (18, reviewed.lost, reviewed.luck)


def test_plays_the_hints_name_lose_nothing_in_the_review() -> None:
    game = Game.start(2, "greedy", seed=17)
    while not game.deal.is_over:
        game = game.learner_plays(game.hint().play) if game.learner_to_play else game.computer_turn()
    reviewed = review(game.decisions)
    assert len(reviewed) == 18
    assert all(r.best == r.decision.play and r.loss == 0 and not r.label for r in reviewed)


def test_a_kept_match_in_table_mode_is_not_offered(tmp_path: Path) -> None:
    penalties = Match.new(2, seed=2, profile=PROFILES["turkish"].with_options(penalties=True))
    with pytest.raises(ValueError, match="penalties"):
        Game.resume(penalties, "greedy")
    with Store.open(tmp_path) as saved:
        saved.create_profile("Ana")
        summary = GameSummary(T0, "greedy", 2, 0, 0, False, 0, 0.0)
        saved.save_game("Ana", summary, record_of(penalties))
        assert saved.unfinished_game("Ana") is not None and unfinished_game(saved, "Ana") is None


def test_a_table_the_rules_do_not_allow_is_refused() -> None:
    """V3: classic is played by 2 or 4; sevens by 2, 3 or 4."""
    with pytest.raises(ValueError, match=r"played by .*not 3"):
        Game.start(3, "greedy")
    with pytest.raises(ValueError, match=r"played by .*not 6"):
        Game.start(6, "greedy", PROFILES["sevens"])


@pytest.mark.parametrize(("players", "rules"), [(2, "classic"), (3, "sevens"), (4, "escova"), (6, "turkish")])
def test_the_computer_plays_every_other_seat_until_the_learner_is_to_play(players: int, rules: str) -> None:
    """One click of the learner sets every computer seat going, in turn (R7), up to the learner's next turn."""
    game = Game.start(players, "greedy", PROFILES[rules], seed=5).until_learner()
    while not game.deal.is_over:
        assert game.learner_to_play and game.until_learner() == game  # nothing to do on the learner's turn
        before = len(game.deal.plays)
        game = game.learner_plays(game.deal.legal_plays()[0]).until_learner()
        made = len(game.deal.plays) - before
        assert made == players or (game.deal.is_over and 1 <= made <= players)
    assert len(game.deal.plays) == 36 and len(game.decisions) == 36 // players


def test_a_deal_s_luck_owes_nothing_to_how_it_was_played_and_adds_up_over_the_match() -> None:
    firsts, lasts = Game.start(2, "greedy", seed=8), Game.start(2, "greedy", seed=8)
    while not firsts.deal.is_over:
        firsts = step(firsts)
    while not lasts.deal.is_over:
        lasts = lasts.learner_plays(lasts.deal.legal_plays()[-1]) if lasts.learner_to_play else lasts.computer_turn()
    assert firsts.deal.plays != lasts.deal.plays
    luck = firsts.deal_luck()
    assert luck is not None and luck == lasts.deal_luck()
    after = firsts.after_review(review(firsts.decisions, samples=2), luck)
    assert after.luck == luck
    assert replace(firsts, luck=None).after_review((), luck).luck is None  # a match with a deal of unknown luck


def test_a_forced_play_is_reviewed_as_the_best_without_weighing(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.start(2, "greedy", seed=3)
    while not game.deal.is_over:
        game = step(game)
    forced = [d for d in game.decisions if len(d.before.legal_plays()) == 1]
    assert forced
    monkeypatch.setattr("trainer.ai.game.evaluate", None)  # nothing to weigh
    for weighed in review(forced):
        assert (weighed.best, weighed.loss, weighed.error, weighed.label, weighed.reasons) == (
            weighed.decision.play,
            0.0,
            0.0,
            "",
            (),
        )
