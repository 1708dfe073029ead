"""The arena: duplicate decks at every table, every deal counted, and the same figures on any number of workers."""

from concurrent.futures import ProcessPoolExecutor

import pytest

from trainer import PROFILES
from trainer.ai.arena import ArenaResult, Dealt, Decks, Pairing, arena, deck, paired, play_deck
from trainer.ai.batch import PLAYOUTS
from trainer.ai.bots import Bot, Settings
from trainer.ai.kept_decks import KeptDecks, KeptDecksError, Run
from trainer.cli import main


@pytest.mark.parametrize(
    ("rules", "players", "sides"), [("classic", 2, 2), ("sevens", 3, 3), ("classic", 4, 2), ("turkish", 6, 2)]
)
def test_each_deck_is_dealt_once_for_every_side_and_every_deal_is_counted(rules: str, players: int, sides: int) -> None:
    """V3: 2 or 3 players each alone, 4 or 6 in two sides; A plays each side of the same deck in turn."""
    result = arena("greedy", "random", Decks(3, 3, PROFILES[rules], players))
    assert len(result.by_side) == sides and all(len(margins) == 3 for margins in result.by_side)
    assert sum(result.outcomes()) == 3 * sides
    assert set(result.seconds) == {"greedy", "random"}
    moves = sum(len(times) for times in result.seconds.values())
    # of the 36 cards played from the hands each deal (R8), only the plays chosen among several are timed, by the
    # clock and in CPU time alike
    assert 0 < moves < 3 * sides * 36
    assert {level: len(times) for level, times in result.cpu.items()} == {
        level: len(times) for level, times in result.seconds.items()
    }
    report = result.report()
    assert f"3 duplicate decks ({3 * sides} deals), {players} players, {rules} rules: greedy against random" in report
    assert report.count("greedy on side") == sides
    assert report.count(": CPU median ") == 2 and "cut short" not in report


def test_the_margin_is_a_sides_points_less_the_others_average() -> None:
    """Random against itself with the same seed plays every side alike, so each deck's margins cancel out."""
    same = Bot("random", 5)
    dealt = play_deck(Pairing(same, same, 3, PROFILES["sevens"]), deck(1, 0))
    assert len(dealt.margins) == 3 and sum(dealt.margins) == pytest.approx(0)
    assert len(dealt.outcomes) == 3


def test_the_figures_are_the_same_on_any_number_of_workers() -> None:
    decks = Decks(deals=6, seed=9, profile=PROFILES["escova"], players=3)
    alone = arena("expert", "greedy", decks)
    with ProcessPoolExecutor(2) as pool:
        spread = arena("expert", "greedy", decks, pool)
    assert spread.by_side == alone.by_side and spread.outcomes() == alone.outcomes()
    assert {level: len(times) for level, times in spread.seconds.items()} == {
        level: len(times) for level, times in alone.seconds.items()
    }


def test_decks_grouped_several_to_a_task_give_the_figures_of_one_process() -> None:
    """From 128 decks, a worker's task holds two or more; the figures still come in deck order."""
    decks = Decks(deals=130, seed=2)
    alone = arena("greedy", "random", decks)
    with ProcessPoolExecutor(2) as pool:
        assert arena("greedy", "random", decks, pool).by_side == alone.by_side


def test_two_bots_of_one_name_are_timed_apart() -> None:
    result = arena("greedy", "greedy", Decks(deals=2, seed=2))
    assert set(result.seconds) == {"greedy", "greedy (B)"} and result.b == "greedy (B)"


def test_a_table_the_rules_do_not_allow_is_refused() -> None:
    with pytest.raises(ValueError, match="not for 6 players"):
        Decks(deals=2, seed=1, profile=PROFILES["classic"], players=6)


def test_a_dask_cluster_plays_the_decks_to_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """``--dask`` goes through Dask's executor, the code path of ``--workers``; here a cluster of two processes."""
    distributed = pytest.importorskip("distributed")
    command = ["arena", "--a", "greedy", "--b", "random", "--deals", "8", "--players", "3", "--rules", "sevens"]
    assert main([*command, "--workers", "1"]) == 0
    alone = capsys.readouterr().out
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        assert main([*command, "--dask", cluster.scheduler_address]) == 0
    spread = capsys.readouterr().out
    figures = [line for line in alone.splitlines() if "time per choice" not in line]
    assert figures == [line for line in spread.splitlines() if "time per choice" not in line]
    assert "8 duplicate decks (24 deals), 3 players, sevens rules: greedy against random" in figures


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("no-port", "escoba-trainer: --dask: missing port number in address 'no-port'\n"),
        ("tcp://127.0.0.1:1", "escoba-trainer: --dask: Timed out trying to connect to tcp://127.0.0.1:1 after 1 s\n"),
    ],
)
def test_a_dask_address_unread_or_unanswered_is_refused_in_one_line(
    address: str, said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr("trainer.cli.DASK_CONNECT_SECONDS", 1)
    assert main(["arena", "--deals", "2", "--dask", address]) == 1
    assert capsys.readouterr().err == said


def test_the_command_refuses_a_table_the_rules_do_not_allow(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--players", "3", "--rules", "classic"]) == 1
    assert "the classic rule set is for 2 or 4 players, not 3" in capsys.readouterr().err


def test_the_tuning_plays_every_candidate_on_the_same_decks_and_names_the_best_within_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = ["tune", "--samples", "4,8", "--race", "0,4", "--infer", "no,yes", "--policy", "greedy,careful"]
    assert main([*command, "--exact", "0,4", "--against", "greedy", "--deals", "3", "--workers", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "24 settings for the master, each on 3 duplicate decks against greedy"  # race 4 of 4 ways: none
    rows = out[2:-1]
    assert len(rows) == 24 and all(row.endswith(("yes", "no")) for row in rows)
    assert sum("last 4 at best" in row for row in rows) == 12
    margins = [float(row.split()[-7]) for row in rows]
    assert margins == sorted(margins, reverse=True)  # the best margin first
    to_best = [float(row.split()[-5]) for row in rows]  # the same decks, deck by deck: the mean of the differences
    assert to_best[0] == 0 and all(abs(d - (m - margins[0])) < 0.0015 for d, m in zip(to_best, margins, strict=True))
    assert out[-1].startswith("best within the budget: Settings(samples=")


def test_two_candidates_told_apart_deck_by_deck_have_a_smaller_error_than_their_margins() -> None:
    """The same decks for both: the luck of the cards is shared, so the difference's error is below the error of
    either margin combined as if they were played on different decks."""
    decks = Decks(deals=40, seed=3)
    a, b = (arena(Bot("master", 3, Settings(samples=8, policy=policy)), "greedy", decks) for policy in PLAYOUTS[:2])
    difference, error = paired(a, b)
    assert difference == pytest.approx(a.margin - b.margin)
    assert 0 < error < (a.error**2 + b.error**2) ** 0.5


def test_the_tuning_refuses_a_grid_with_no_candidate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tune", "--samples", "8", "--race", "8", "--deals", "2"]) == 1
    assert "no candidate: each --race must be below a --samples" in capsys.readouterr().err
    assert main(["tune", "--infer", "maybe"]) == 1
    assert "expected yes or no, not 'maybe'" in capsys.readouterr().err


def test_the_tuning_refuses_a_grid_over_its_bound_before_building_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("trainer.cli.Settings", None)  # never reached: the size is known from the lists
    values = ",".join(map(str, range(1, 2001)))
    assert main(["tune", "--samples", values, "--race", values]) == 1
    assert capsys.readouterr().err == (
        "escoba-trainer: tune: the values given make 16,000,000 combinations; it tries at most 1,000\n"
    )


def test_the_tuning_tries_the_round_search_for_each_bonus_and_the_ways_alone_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = ["tune", "--samples", "8", "--race", "0", "--infer", "yes", "--exact", "0", "--tree", "0,20"]
    tree = ["--explore", "4,9"]
    assert main([*command, *tree, "--against", "greedy", "--deals", "2", "--workers", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:-1]
    names = sorted(row.split(",")[0] for row in rows)
    assert names == ["8 ways", "tree 20 x4", "tree 20 x9"]


def test_an_arena_cut_short_reports_the_decks_counted_until_then(capsys: pytest.CaptureFixture[str]) -> None:
    """Ctrl-C during a run: the decks counted so far are kept, and the report says the run was cut short."""
    seen: list[str] = []

    def interrupted(result: ArenaResult, added: int) -> None:
        seen.append(result.running)
        if len(result.margins) == 2:
            raise KeyboardInterrupt

    result = arena("greedy", "random", Decks(5, 3), progress=interrupted)
    assert seen == ["1 of 5 decks", "2 of 5 decks: " + seen[-1].split(": ", 1)[1]]
    assert len(result.margins) == 2 and "cut short: 2 of the 5 decks asked for" in result.report()
    assert main(["arena", "--a", "greedy", "--b", "random", "--deals", "20", "--workers", "1"]) == 0
    lines = capsys.readouterr().err.splitlines()  # no terminal here for a bar: the figures so far, line by line
    assert len(lines) == 10 and lines[-1].startswith("greedy against random: 20 of 20 decks: ")


def test_a_run_cut_short_goes_on_from_its_kept_decks_to_the_figures_of_a_whole_run(tmp_path) -> None:
    """Each deck counted is kept as it is counted; run again with the file, the arena plays only the decks after
    them, and its figures are those of the same decks played in one go (greedy and random choose by the deck)."""
    run = Run(a="greedy", b="random", rules="classic", players=2, seed=3)

    def interrupted(result: ArenaResult, added: int) -> None:
        if len(result.margins) == 2:
            raise KeyboardInterrupt

    kept = KeptDecks.begin(tmp_path / "decks.jsonl", run)
    assert len(arena("greedy", "random", Decks(5, 3), progress=interrupted, kept=kept).margins) == 2
    played: list[int] = []
    again = KeptDecks.read(tmp_path / "decks.jsonl")
    result = arena("greedy", "random", Decks(5, 3), progress=lambda _, added: played.append(added), kept=again)
    assert played == [2, 1, 1, 1]  # the two kept decks counted at once, then the three left played
    whole = arena("greedy", "random", Decks(5, 3))
    assert (result.margins, result.outcomes()) == (whole.margins, whole.outcomes())
    assert len(KeptDecks.read(tmp_path / "decks.jsonl").dealt) == 5


def test_a_kept_file_of_another_run_or_with_a_bad_line_is_refused_and_left_as_it_is(tmp_path, capsys) -> None:
    kept = tmp_path / "decks.jsonl"
    assert main(["arena", "--a", "greedy", "--b", "random", "--deals", "2", "--workers", "1", "--keep", str(kept)]) == 0
    assert main(["arena", "--a", "greedy", "--b", "expert", "--deals", "4", "--keep", str(kept)]) == 1
    assert capsys.readouterr().err.endswith(f"--keep: {kept} keeps the decks of another run: b random, not expert\n")
    lines = kept.read_text().splitlines()
    lines[2] = lines[2].replace('"outcomes": [', '"outcomes": ["one", ')
    kept.write_text("\n".join(lines) + "\n")
    assert main(["arena", "--a", "greedy", "--b", "random", "--deals", "4", "--keep", str(kept)]) == 1
    said = capsys.readouterr().err
    assert f"--keep: {kept}, line 3: outcomes.0: Input should be a valid integer: 'one'" in said
    assert kept.read_text().splitlines() == lines


def test_a_run_against_a_reference_player_goes_on_at_the_cpu_time_it_was_begun_with(tmp_path, capsys) -> None:
    kept = tmp_path / "decks.jsonl"
    begun = ["arena", "--a", "greedy", "--b", "dmc", "--deals", "2", "--workers", "1", "--keep", str(kept)]
    assert main([*begun, "--cpu-ms", "5"]) == 0
    capsys.readouterr()
    assert main([*begun[:6], "3", *begun[7:], "--cpu-ms", "match"]) == 0  # no new timing: the time kept
    out, err = capsys.readouterr()
    assert "timing greedy" not in err and "going on from" in err and "greedy against dmc 5.0 ms" in out
    assert len(KeptDecks.read(kept).dealt) == 3


def test_a_kept_deck_dealt_for_another_number_of_sides_is_named_by_its_line(tmp_path) -> None:
    kept = KeptDecks.begin(tmp_path / "decks.jsonl", Run(a="greedy", b="random", rules="classic", players=2, seed=1))
    for margins in ([1.0, -1.0], [2.0, 0.0, 1.0]):
        kept.add(Dealt(margins, [1] * len(margins), {}, {}))
    with pytest.raises(KeptDecksError, match=r"decks.jsonl, line 3: margins: 3 sides, where line 2 has 2$"):
        KeptDecks.read(kept.path)
