"""Random deals and their figures."""

from trainer.simulate import simulate


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
