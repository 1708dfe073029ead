"""Random deals and their figures."""

import pytest

from trainer import PROFILES
from trainer.cli import main
from trainer.simulate import simulate

GAMES = [(name, players) for name, profile in PROFILES.items() for players in profile.players]


def test_simulation_is_reproducible_and_its_figures_add_up():
    stats = simulate(200, players=2, seed=5)
    assert stats.deals == 200
    assert simulate(200, players=2, seed=5).report() == stats.report()
    for winners in stats.winners.values():
        assert sum(winners.values()) == 200
    assert stats.winners["seven_of_coins"][None] == 0  # somebody always holds the 7♦ at the end
    assert sum(stats.remainder_sums.values()) == 200
    assert all(total % 15 == 10 for total in stats.remainder_sums)  # R16
    assert sum(stats.points) >= sum(stats.escobas)


def test_report_names_every_category_and_the_check_sums():
    report = simulate(50, players=4, seed=1).report()
    assert report.startswith("50 random 4-player deals")
    for name in ("most cards", "most coins", "7♦", "setenta", "R16"):
        assert name in report


@pytest.mark.parametrize(("name", "players"), GAMES, ids=[f"{n}-{p}" for n, p in GAMES])
def test_v1_v3_simulations_of_every_rule_set_and_player_count(name, players):
    """V1, V3, R16: one figure per side, one line per category of the rule set, end sums of 10, 25, 40, ..."""
    profile = PROFILES[name]
    stats = simulate(40, players=players, seed=players, profile=profile)
    assert len(stats.points) == len(stats.escobas) == profile.sides(players)
    assert set(stats.winners) == set(profile.points) - {"escoba"}
    assert all(total % 15 == 10 for total in stats.remainder_sums)  # R16
    for category, winners in stats.winners.items():
        # a category goes to one side or nobody; only the few-cards bonus can go to both of two sides
        assert sum(winners.values()) == 40 or (category == "few_cards" and sum(winners.values()) >= 40)
    report = stats.report()
    assert report.startswith(f"40 random {players}-player deals ({name} rules)")
    assert ("setenta" in report) == (name == "classic")
    if profile.sides(players) == 3:
        assert "seat 2's side" in report
    assert simulate(40, players=players, seed=players, profile=profile).report() == report


def test_cli_simulate_takes_a_rule_set_and_its_player_counts(capsys):
    assert main(["simulate", "--games", "20", "--players", "3", "--rules", "sevens", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("20 random 3-player deals (sevens rules)") and "most sevens" in out
    assert main(["simulate", "--games", "10", "--players", "6", "--rules", "turkish", "--seed", "1"]) == 0
    assert "opponents under 10 cards" in capsys.readouterr().out


@pytest.mark.parametrize(("rules", "players", "allowed"), [("classic", 3, "2 or 4"), ("sevens", 6, "2, 3 or 4")])
def test_cli_simulate_refuses_a_player_count_the_rule_set_does_not_allow(capsys, rules, players, allowed):
    """R5, V3: the command says which counts the rule set is for and exits 1."""
    assert main(["simulate", "--games", "5", "--players", str(players), "--rules", rules]) == 1
    assert f"the {rules} rule set is for {allowed} players, not {players}" in capsys.readouterr().err
