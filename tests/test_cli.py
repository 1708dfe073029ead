"""The escoba-trainer command."""

import json
import random

from trainer import Deal, Match
from trainer.cli import main
from trainer.records import dump_record, record_of
from trainer.simulate import play_randomly


def finished_deal() -> Deal:
    return play_randomly(Deal.new(seed=12), random.Random(12))


def test_simulate_prints_the_figures(capsys):
    assert main(["simulate", "--games", "30", "--players", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "30 random 4-player deals" in out and "escobas per deal" in out


def test_simulate_refuses_no_games(capsys):
    assert main(["simulate", "--games", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err


def test_replay_prints_the_score_breakdown(tmp_path, capsys):
    deal = finished_deal()
    path = tmp_path / "deal.json"
    path.write_text(dump_record(deal), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    a, b = deal.score()
    assert f"{'total':<12}{a.total:>16}{b.total:>16}" in out
    assert f"({a.card_count})" in out and "setenta" in out


def test_replay_of_a_match_prints_each_deal_and_the_result(tmp_path, capsys):
    match = play_randomly(Match.new(2, seed=3), random.Random(3))
    path = tmp_path / "match.json"
    path.write_text(dump_record(match), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("deal ") >= len(match.finished)
    assert f"match over: {match.totals[0]} to {match.totals[1]}, side {match.winner} wins" in out


def test_replay_reports_an_illegal_play_and_exits_1(tmp_path, capsys):
    data = record_of(finished_deal())
    data["deals"][0]["plays"][0] = "K♠ " + data["deals"][0]["plays"][0]  # takes too much
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "deal 1, play 1 (seat 0)" in capsys.readouterr().err


def test_replay_of_a_missing_file_exits_2(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
