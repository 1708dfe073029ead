"""The escoba-trainer command."""

import json
import os
import random
from pathlib import Path

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
    assert f"{'total':<12}{a.total:>18}{b.total:>18}" in out
    assert f"{a.cards} ({a.card_count} cards)" in out and "setenta" in out


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


def test_check_prints_each_problem_with_its_place_and_exits_1(capsys, monkeypatch):
    monkeypatch.chdir(Path(__file__).parent.parent)
    assert main(["check", "tests/data/broken/card-twice.yaml"]) == 1
    out = capsys.readouterr().out
    assert out == "tests/data/broken/card-twice.yaml:8:9: K♠ is already in table: a card can be in one place only\n"


def test_check_summarises_good_files_by_kind_and_level(tmp_path, capsys):
    path = tmp_path / "new.yaml"
    assert (
        main(["generate", "--kind", "setenta", "--level", "2", "--count", "3", "--seed", "4", "--out", str(path)]) == 0
    )
    assert main(["check", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "3 puzzles, no problems"
    assert lines[1].split() == ["kind", "L1", "L2", "L3", "L4", "L5", "all"]
    assert "setenta 0 3 0 0 0 3" in [" ".join(line.split()) for line in lines]


def test_generate_prints_yaml_without_out(capsys):
    assert main(["generate", "--kind", "checksum", "--level", "1", "--count", "2", "--seed", "9"]) == 0
    assert capsys.readouterr().out.startswith("- id: gen-checksum-l1-s9-001\n")


def test_app_data_flag_sets_where_progress_is_kept(monkeypatch, tmp_path):
    monkeypatch.setattr("subprocess.call", lambda command, cwd: 0)
    monkeypatch.delenv("ESCOBA_TRAINER_DATA", raising=False)
    assert main(["app", "--data", str(tmp_path)]) == 0
    assert os.environ["ESCOBA_TRAINER_DATA"] == str(tmp_path.resolve())


def test_app_starts_streamlit_on_the_projects_entry_point(monkeypatch):
    calls = []
    monkeypatch.setattr("subprocess.call", lambda command, cwd: calls.append((command, cwd)) or 0)
    assert main(["app"]) == 0
    [(command, cwd)] = calls
    root = Path(__file__).resolve().parent.parent
    assert command[1:4] == ["-m", "streamlit", "run"]
    assert (Path(command[4]), Path(cwd)) == (root / "streamlit_app.py", root)
