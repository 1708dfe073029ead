"""A match against the computer can be left at any play and taken up again from its record, going on exactly
as it would have; a deal's plays are saved with its review."""

import random
from dataclasses import replace
from pathlib import Path

import pytest
from store_kit import T0

from trainer.ai import game as game_module
from trainer.ai.bots import SETTINGS, evaluate, standard_error
from trainer.ai.game import Game, finished_decisions, review
from trainer.ai.view import View
from trainer.ai.why import odds_of_the_unseen
from trainer.deal import EventKind
from trainer.match import Match
from trainer.plays import IllegalPlay, Play, captures
from trainer.profile import PROFILES, RuleProfile
from trainer.progress.errors import StaleMatch
from trainer.progress.sqlite import Store
from trainer.progress.training import keep_game, kept_game, unfinished_game
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


@pytest.mark.usefixtures("quick_review")
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
        game, kept = Game.start(2, "greedy", seed=9), None
        while not game.deal.is_over:
            game = step(game)
            if not game.deal.is_over:
                kept = keep_game(saved, "Ana", game, kept, T0)
                left = unfinished_game(saved, "Ana")
                assert left is not None and left[0] == kept and left[1].deal.plays == game.deal.plays
        assert keep_game(saved, "Ana", game, kept, T0) == kept
        left = unfinished_game(saved, "Ana")
        assert left is not None and left[1].deal.plays == game.deal.plays[:-1]
        reviewed = game.after_review(review(game.decisions, samples=2), game.deal_luck())
        keep_game(saved, "Ana", reviewed, kept, T0)
        [summary] = saved.games("Ana")
        assert (summary.decisions, summary.lost, summary.luck) == (18, reviewed.lost, reviewed.luck)
        left = unfinished_game(saved, "Ana")
        assert left is not None and left[1].deal.hands == reviewed.next_deal().deal.hands
        assert (left[1].reviewed, left[1].lost, left[1].luck) == (18, reviewed.lost, reviewed.luck)


def test_a_hint_weighs_the_plays_as_the_master_does_with_the_last_round_at_best() -> None:
    """Late in a two-player deal, with cards still hidden, the hint's figures are the master's own on the same
    ways, and differ from the review's, which plays each way out by its policy to the end."""
    game = Game.start(2, "greedy", seed=4)
    while len(game.deal.stock) > 6 or not game.learner_to_play:  # the last round to be dealt next
        game = step(game)
    found = game.hint()
    view = View.of(game.deal)
    assert view.hidden and SETTINGS["master"] == game_module.HINT and game_module.HINT.exact > 0
    assert found == evaluate(view, SETTINGS["master"], f"decision:{len(game.decisions)}")[0]
    coach = game_module.weigh(game.deal, len(game.decisions), keep=found.play)
    assert found.margins != next(e.margins for e in coach if e.play == found.play)


def test_plays_the_hints_name_earn_no_label_in_the_review_of_seeded_deals() -> None:
    """The review weighs the plays of a hint's race again, on ways of its own, many more of them: a hinted play may
    be found to lose a little, never as much as the smallest label, and most are found to be the best."""
    reviewed = []
    for seed in (17, 18, 19):
        game = Game.start(2, "greedy", seed=seed)
        while not game.deal.is_over:
            game = game.learner_plays(game.hint().play) if game.learner_to_play else game.computer_turn()
        reviewed += review(game.decisions)
    assert len(reviewed) == 3 * 18
    assert all(not r.label and r.loss < game_module.LABELS[-1][1] for r in reviewed)
    assert sum(r.best == r.decision.play and r.loss == 0 for r in reviewed) >= 0.9 * len(reviewed)


def test_a_second_tab_holding_an_older_state_of_the_match_is_told_and_can_load_it(tmp_path: Path) -> None:
    """One match, one thread of play: the tab whose save comes second is refused, and loads the match as it is."""
    with Store.open(tmp_path) as saved:
        saved.create_profile("Ana")
        game = Game.start(2, "greedy", seed=9).until_learner()
        kept = keep_game(saved, "Ana", game, None, T0)
        first = step(game).until_learner()
        assert kept is not None and keep_game(saved, "Ana", first, kept, T0) == (kept[0], kept[1] + 1)
        with pytest.raises(StaleMatch):
            keep_game(saved, "Ana", game.learner_plays(game.deal.legal_plays()[-1]), kept, T0)
        found = kept_game(saved, "Ana", kept[0])
        assert found is not None and found[0] == (kept[0], kept[1] + 1)
        assert found[1].deal.plays == first.deal.plays and found[1].decisions == first.decisions


@pytest.mark.usefixtures("quick_review")
def test_a_finished_match_is_not_offered_to_go_on_with(tmp_path: Path) -> None:
    with Store.open(tmp_path) as saved:
        saved.create_profile("Ana")
        game = Game.start(2, "random", PROFILES["turkish"], seed=3)
        kept = keep_game(saved, "Ana", game, None, T0)
        game = finish(game)
        assert kept is not None and keep_game(saved, "Ana", game, kept, T0) == kept  # kept with its review
        game = game.after_review(review(game.decisions, samples=2))
        kept = keep_game(saved, "Ana", game, kept, T0)
        assert kept is not None and kept_game(saved, "Ana", kept[0]) is None
        assert unfinished_game(saved, "Ana") is None
        with pytest.raises(StaleMatch):
            keep_game(saved, "Ana", game, kept, T0)


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


@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_deals_decisions_are_found_again_from_the_match_for_its_review(players: int) -> None:
    """What a teacher's review of a kept match weighs: the learner's own plays, each in its position, deal by deal,
    whichever seat the learner had as the dealer moved on (R7)."""
    game, seen = Game.start(players, "greedy", seed=3).until_learner(), []
    for _ in range(2):
        while not game.deal.is_over:
            game = game.learner_plays(game.deal.legal_plays()[-1]).until_learner()
        seen.append(game.decisions)
        game = game.after_review([]).next_deal().until_learner()
    assert finished_decisions(game.match) == seen and all(len(made) == 36 // players for made in seen)


TABLE_MODE = PROFILES["turkish"].with_options(penalties=True)


def missed(game: Game) -> Play | None:
    """A lay-down of a learner's card that could capture: a missed capture the next seat may claim (V5)."""
    hand = game.deal.hands[game.learner_seat]
    return next((Play(card, frozenset()) for card in hand if captures(card, game.deal.table)), None)


def learner_misses(seed: int) -> Game:
    """A table-mode match in which the learner has just laid down a card that could capture."""
    game = Game.start(2, "greedy", TABLE_MODE, seed=seed).until_learner()
    while (laid := missed(game)) is None:
        game = game.learner_plays(game.deal.legal_plays()[0]).until_learner()
    return game.learner_plays(laid)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_v5_the_computer_claims_a_capture_the_learner_missed_then_plays(seed: int) -> None:
    game = learner_misses(seed)
    claims = game.deal.claims()
    assert claims and game.claims() == []  # the computer's to claim, not the learner's
    claim, play, *_ = game.computer_turn().deal.log[len(game.deal.log) :]
    assert claim.kind is EventKind.CLAIM and claim.seat == game.deal.to_play and play.kind is EventKind.PLAY
    taken = [len(c.captured) + 1 for c in claims]
    assert claim.play is not None and len(claim.play.captured) + 1 == max(taken)  # the claim taking the most cards
    since = game.until_learner().deal.log[len(game.deal.log) :]  # what the table shows at the learner's next turn
    assert [e.kind for e in since[:2]] == [EventKind.CLAIM, EventKind.PLAY] and since[0] == claim


def test_v5_the_learner_claims_a_capture_the_computer_missed_and_still_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(game_module.OVERLOOK, "greedy", 1.0)  # every capture the computer chooses is laid down
    game = Game.start(2, "greedy", TABLE_MODE, seed=4).until_learner()
    while not game.claims():
        game = game.learner_plays(game.deal.legal_plays()[0]).until_learner()
    laid = [e for e in game.deal.log if e.fault == "missed"][-1]
    claim = game.claims()[0]
    assert laid.play is not None and claim.card == laid.play.card
    claimed = game.learner_claims(claim)
    side = game.deal.side_of(game.learner_seat)
    assert claimed.learner_to_play and claimed.claims() == [] and claimed.decisions == game.decisions
    assert {claim.card, *claim.captured} <= set(claimed.deal.piles[side])
    assert claimed.deal.log[-1].kind is EventKind.CLAIM
    with pytest.raises(IllegalPlay):
        claimed.learner_claims(claim)  # claimed once only
    played = claimed.learner_plays(claimed.deal.legal_plays()[0])
    assert played.decisions[-1].before == claimed.deal


def test_v5_the_computer_overlooks_a_capture_only_below_expert_and_only_in_table_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert game_module.OVERLOOK["expert"] == 0.0 and 0 < game_module.OVERLOOK["greedy"] < 1
    monkeypatch.setitem(game_module.OVERLOOK, "greedy", 1.0)
    monkeypatch.setitem(game_module.OVERLOOK, "expert", 0.0)

    def computer_plays(level: str, rules: RuleProfile) -> list[tuple[bool, str]]:
        """Whether each computer play of a deal captured, and its fault."""
        game = Game.start(2, level, rules, seed=6)
        while not game.deal.is_over:
            game = game.learner_plays(game.deal.legal_plays()[0]) if game.learner_to_play else game.computer_turn()
        plays = [e for e in game.deal.log if e.kind is EventKind.PLAY and e.seat != game.learner_seat]
        return [(bool(e.play and e.play.captured), e.fault) for e in plays]

    overlooked = computer_plays("greedy", TABLE_MODE)  # every capture it chose, laid down instead
    assert (False, "missed") in overlooked and not any(took for took, _ in overlooked)
    assert {fault for _, fault in computer_plays("greedy", PROFILES["turkish"])} == {""}  # by the rules
    expert = computer_plays("expert", TABLE_MODE)
    assert {fault for _, fault in expert} == {""} and any(took for took, _ in expert)


def test_v5_the_computer_overlooks_a_capture_now_and_then_as_drawn_from_the_seed() -> None:
    """A greedy computer lays down about one capture in ten: between 2% and 25% over a whole match or so."""
    chances = overlooks = 0
    for seed in range(8):
        game = Game.start(2, "greedy", TABLE_MODE, seed=seed)
        while not game.deal.is_over:
            if game.learner_to_play:
                game = game.learner_plays(game.deal.legal_plays()[0])
                continue
            chances += any(captures(card, game.deal.table) for card in game.deal.hands[game.deal.to_play or 0])
            before, game = len(game.deal.log), game.computer_turn()
            overlooks += any(e.fault == "missed" for e in game.deal.log[before:])
    assert 0.02 * chances <= overlooks <= 0.25 * chances


@pytest.mark.usefixtures("quick_review")
def test_v5_a_whole_match_in_table_mode_is_played_penalised_and_resumed_identically() -> None:
    """The learner makes a wrong capture when one is there: it stands and its side pays for it (V5)."""
    game, wrong, left = Game.start(2, "random", TABLE_MODE, seed=11), 0, None
    while not game.match.is_over and len(game.match.finished) < 2:
        if game.review_due:
            reviewed = review(game.decisions, samples=2)
            assert [r.label for r in reviewed if r.decision.before.fault_of(r.decision.play)] == ["fault"] * wrong
            game, wrong = game.after_review(reviewed), 0
        elif game.deal.is_over:
            game = game.next_deal()
        elif game.learner_to_play:
            if game.claims():
                game = game.learner_claims(game.claims()[0])
                left = game  # resumed from here, between the learner's claim and play
            hand, table = game.deal.hands[game.learner_seat], game.deal.table
            bad = next((Play(c, frozenset({t})) for c in hand for t in table if c.value + t.value != 15), None)
            if bad is not None and not wrong:
                game, wrong = game.learner_plays(bad), 1
            else:
                game = game.learner_plays(game.deal.legal_plays()[0])
        else:
            game = game.computer_turn()
    penalties = [s.penalty for done in game.match.finished for s in done.scores]
    assert any(p < 0 for p in penalties)
    assert finish(game).match.is_over
    assert left is not None
    resumed = Game.resume(reloaded(left), "random", left.reviewed, left.lost)
    assert resumed.decisions == left.decisions and resumed.learner_to_play
    assert record_of(finish(resumed).match) == record_of(finish(left).match)


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


def first_choice(seed: int) -> game_module.Decision:
    """The learner's first decision with more than one play, in a seeded two-player deal against greedy."""
    game = Game.start(2, "greedy", seed=seed)
    while True:
        game = game.until_learner()
        if len(game.deal.legal_plays()) > 1:
            return game_module.Decision(game.deal, game.deal.legal_plays()[-1])
        game = game.learner_plays(game.deal.legal_plays()[0])


def test_a_loss_is_measured_on_fresh_ways_and_more_of_them_near_a_labels_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review picks the best play on the coach's samples but measures the loss on ways of its own, ``FEWEST`` at
    first: with the bounds far from the loss no more are drawn; with a bound right at it, ways are drawn until it is
    clear of the bound or ``MOST`` are weighed. The best play is the best of the plays that stayed in the race."""
    decision, found = next(
        (decision, found)
        for decision in map(first_choice, range(20))
        for found in [game_module.weigh(decision.before, 0, keep=decision.play, seed="a")]
        if found[0].play != decision.play and found[0].margins
    )
    rivals = [e.play for e in found if len(e.margins) == len(found[0].margins) and e.play != decision.play]
    monkeypatch.setattr(game_module, "LABELS", (("blunder", 50.0),))
    best, first = game_module._settled(decision, rivals, "a")
    assert best in rivals and len(first) == game_module.FEWEST
    made = next(e for e in found if e.play == decision.play)
    hinted = [b - m for b, m in zip(found[0].margins, made.margins, strict=True)]
    assert first != hinted[: len(first)]  # fresh ways, not the first of the hint's
    loss = sum(first) / len(first)
    monkeypatch.setattr(game_module, "LABELS", (("blunder", loss),))
    _, settled = game_module._settled(decision, rivals, "a")
    assert settled[: len(first)] == first and len(first) < len(settled) <= game_module.MOST
    assert len(settled) == game_module.MOST or game_module._decided(settled)
    assert abs(sum(settled) / len(settled) - loss) < 4 * standard_error(first)


def test_a_twin_of_the_play_made_is_no_rival_and_a_loss_is_never_settled_on_an_error_of_0() -> None:
    """Q♠ laid where Q♣ laid comes out the same on the ways drawn and taking 3♠ Q♥ with 3♥ is better: the twin was
    taken as the best rival, every difference 0, the error 0, and the stop came at once, so the review showed the loss
    as 0.000 ± 0.000 under these seeds and as an inaccuracy under others. Dropped as a twin, the capture is the rival
    the play made is measured against, under every seed."""
    game = Game.start(2, "greedy", seed=596)
    for _ in range(3):
        game = game.until_learner().learner_plays(game.until_learner().deal.legal_plays()[0])
    game = game.until_learner()
    assert sorted(map(str, game.deal.table)) == ["3♠", "5♠", "Q♥"]
    assert sorted(map(str, game.deal.legal_plays())) == ["3♥ 3♠ Q♥", "Q♠", "Q♣"]
    made, twin, capture = (next(p for p in game.deal.legal_plays() if str(p) == s) for s in ("Q♠", "Q♣", "3♥ 3♠ Q♥"))
    decision = game_module.Decision(game.deal, made)
    for seed in ("s2", "s3"):  # the seeds under which the twin was taken as best
        best, differences = game_module._settled(decision, [twin, capture], f"{seed}:0")
        assert best == capture and standard_error(differences) > 0 and sum(differences) / len(differences) > 0.1
        weighed = game_module._weighed(decision, 0, game_module.COACH.samples, seed)
        assert weighed.label == "inaccuracy" and game_module.FEWEST <= weighed.ways <= game_module.MOST


def test_a_label_needs_its_bound_passed_by_a_clearance_for_the_loss_s_uncertainty() -> None:
    """A loss just past a bound, within what its uncertainty on ``MOST`` ways could explain, earns only the label
    below; past the clearance it earns its own. Where nothing is hidden (no spread) the bound alone decides."""
    spread = [0.3 + (2.0 if n % 2 else -2.0) for n in range(game_module.MOST)]  # a mean of 0.3, a spread of 2
    clear = game_module._clearance(spread)
    assert clear == pytest.approx(game_module.SURE * 2.0 / game_module.MOST**0.5, rel=1e-3)
    assert game_module._label(0.25 + clear / 2, clear) == "inaccuracy"
    assert game_module._label(0.25 + clear, clear) == "mistake"
    assert game_module._clearance([0.3] * 40) == 0.0 and game_module._label(0.25, 0.0) == "mistake"


def test_every_labelled_play_says_why_and_where_no_fact_does_the_odds_of_the_unseen_cards_are_named() -> None:
    """Plays chosen at random at four players: every one the review labels comes with a reason, and where no fact of
    the position sets the plays apart, the reason says the loss came out over the ways the unseen cards may lie."""
    labelled = []
    for seed in (0, 1):
        game, rng = Game.start(4, "greedy", seed=seed), random.Random(seed)
        while not game.deal.is_over:
            game = (
                game.learner_plays(rng.choice(game.deal.legal_plays()))
                if game.learner_to_play
                else game.computer_turn()
            )
        labelled += [r for r in review(game.decisions) if r.label]
    assert labelled and all(r.reasons for r in labelled)
    odds = [r for r in labelled if r.reasons == (odds_of_the_unseen(r.decision.before),)]
    assert odds and all("unseen cards" in str(r.reasons[0]) for r in odds)
