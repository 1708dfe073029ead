"""The levels on the other rule sets: every board a real deal, every answer worked out again from the engine.

Each task's inputs are read from the level file itself and handed straight to the engine (scoring, legal plays,
faults, claims, the deal played out under each rule set); the answer the course accepts must be that one, be
judged right, and a wrong answer must be refused.
"""

from pathlib import Path

import pytest
import yaml

from trainer.cards import DECK, cards_text, parse_cards
from trainer.course import FAULTS, LEVELS, load_level, sensible_play
from trainer.deal import Deal
from trainer.match import match_result
from trainer.plays import captures, parse_play
from trainer.profile import PROFILES
from trainer.scoring import score_deal
from trainer.text import SIDES

FILES = [path for path in sorted(LEVELS.glob("*.yaml")) if int(path.name[:2]) > 20]


def played(seed: int, name: str, players: int = 2) -> Deal:
    """A seeded deal played out plainly under a rule set, built here apart from the course loader."""
    deal = Deal.new(players, seed, PROFILES[name])
    while not deal.is_over:
        deal = deal.play(sensible_play(deal))
    return deal


def expected(stage, raw: dict, seed: int) -> set[str]:
    """What the engine says is right for a task, from the inputs written in the level file (``seed``: its board's)."""
    deal = stage.deal
    if stage.task in ("allowed", "fault"):
        play = parse_play(raw["play"])
        return {("yes" if deal.can_play(play) else "no") if stage.task == "allowed" else FAULTS[deal.fault_of(play)]}
    if stage.task == "pick":
        words = raw["want"].split()
        if words[0] == "value":
            shown = [*deal.table, *(card for hand in deal.hands for card in hand)]
            return {cards_text(sorted(card for card in shown if card.value == int(words[1])))}
        if words[0] == "fifteen":
            return {cards_text(sorted(group)) for group in captures(parse_cards(words[2])[0], deal.table)}
        return {cards_text(sorted([claim.card, *claim.captured])) for claim in deal.claims()}
    if stage.task == "play":
        legal = deal.legal_plays()  # by the stage's rules: a player who can capture must, where they say so
        if raw["goal"] == "escoba":
            return {str(play) for play in legal if play.captured and play.captured == set(deal.table)}
        most = max(len(play.captured) for play in legal)
        return {str(play) for play in legal if play.captured and len(play.captured) == most}
    if raw.get("ask") == "table sum":
        return {str(sum(card.value for card in deal.table))}
    if raw.get("ask", "").startswith("stock after"):  # V3: hands of 3 for every player, 4 cards to the table
        return {str(len(DECK) - 4 - 3 * deal.players * int(raw["ask"].split()[-1]))}
    scores = score_deal(deal.piles, deal.escobas, deal.profile, deal.wrong_captures)
    if raw.get("category") == "match":  # V4: the totals after the deal against the rule set's own target
        after = [before + score.total for before, score in zip(raw["totals"], scores, strict=True)]
        winner = match_result(after, deal.profile.target)
        return {"another deal" if winner is None else SIDES[winner]}
    if stage.task == "who":
        name = {"seven": "seven_of_coins"}.get(raw["category"], raw["category"])
        won = [SIDES[side] for side, score in enumerate(scores) if score.points[name] > 0]
        return {won[0] if len(won) == 1 else "nobody"}
    side = SIDES.index(raw["ask"].split()[1])
    if stage.task == "number":
        return {str(scores[side].total)}
    names = raw.get("compare", list(PROFILES))
    totals = {name: played(seed, name).score()[side].total for name in names}
    return {name for name, total in totals.items() if total == max(totals.values())}


def wrong(stage) -> str:
    """An answer the engine must refuse: another choice, another number, other cards, another play."""
    if stage.choices:
        return next(choice for choice in stage.choices if choice not in stage.accept)
    if stage.task == "number":
        return str(int(next(iter(stage.accept))) + 1)
    if stage.task == "pick":
        return next(str(card) for card in stage.deal.table if str(card) not in stage.accept)
    deal = stage.deal  # a play that misses the goal, else one the rules refuse: a card laid down that could take
    laid = [str(card) for card in deal.hands[deal.to_play]]
    return next(play for play in [*map(str, deal.legal_plays()), *laid] if play not in stage.accept)


def stages_with_raw(path: Path):
    level = load_level(path)
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))["stages"]
    assert len(raw) == len(level.stages)  # no watched deal here: one stage per item
    return level, list(zip(level.stages, raw, strict=True))


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_v1_v6_every_task_of_a_rule_set_level_is_judged_by_the_engine(path):
    level, stages = stages_with_raw(path)
    assert {rule for rule in level.rules if rule.startswith("V")}, level.id  # each one teaches some of V1-V6
    seed = 0
    for number, (stage, raw) in enumerate(stages, start=1):
        seed = raw["board"]["seed"] if "board" in raw else seed  # a stage without a board keeps the one before
        if not stage.is_task:
            continue
        right = expected(stage, raw, seed)
        assert right and stage.accept == right, (level.id, number)
        for answer in sorted(right):
            assert stage.judge(answer).correct, (level.id, number, answer)
        assert not stage.judge(wrong(stage)).correct, (level.id, number)


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_v3_every_board_of_a_rule_set_level_is_a_real_deal_under_the_rules_it_names(path):
    level, stages = stages_with_raw(path)
    named = next(
        (word for word in yaml.safe_load(path.read_text(encoding="utf-8"))["rules"].split() if word in PROFILES),
        "classic",
    )
    profile = PROFILES[named]
    for stage, raw in stages:
        if "rules" in raw or "penalties" in raw:
            profile = PROFILES[raw.get("rules", profile.name)].with_options(penalties=raw.get("penalties", False))
        assert stage.profile == profile, (level.id, stage.text)
        if stage.deal is not None:
            deal = stage.deal
            assert deal.profile == profile and deal.deck is not None  # dealt by the engine, not drawn by hand
            again = Deal.from_deck(deal.deck, deal.players, profile)
            for play in deal.plays:  # the same cards and plays reach the same board
                again = again.play(play)
            assert (again.table, again.hands, again.piles, again.escobas) == (
                deal.table, deal.hands, deal.piles, deal.escobas,
            )  # fmt: skip


def test_v1_the_rule_set_levels_cover_every_other_rule_set_and_the_comparison():
    levels = [load_level(path) for path in FILES]
    used = {stage.profile.name for level in levels for stage in level.stages}
    assert used == set(PROFILES)
    assert any(stage.profile.penalties for level in levels for stage in level.stages)  # V5
    compared = [stage for level in levels for stage in level.stages if stage.table]
    assert compared and len(compared[0].table[0]) == 1 + len(PROFILES)  # one column per rule set
    assert {stage.deal.players for level in levels for stage in level.stages if stage.deal} >= {2, 3, 6}
