"""The escoba-trainer command."""

import ast
import errno
import io
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest
from browser_kit import free_port, stop

import trainer.app
from trainer import Deal, Match
from trainer.cli import APP_FLAGS, main
from trainer.progress.stores import DB_VAR
from trainer.progress.transfer import IMPORT_BYTES
from trainer.puzzles import load_puzzles
from trainer.records import dump_record, record_of
from trainer.simulate import play_randomly


def finished_deal() -> Deal:
    return play_randomly(Deal.new(seed=12), random.Random(12))


def test_simulate_prints_the_figures(capsys):
    assert main(["simulate", "--games", "30", "--players", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "30 random 4-player deals" in out and "escobas per deal" in out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["simulate", "--games", "0"], "from 1 to 1,000,000, not '0'"),
        (["simulate", "--games", "1000001"], "from 1 to 1,000,000, not '1000001'"),
        (["arena", "--deals", "1"], "from 2 to 10,000, not '1'"),
        (["arena", "--deals", "-5"], "from 2 to 10,000, not '-5'"),
        (["arena", "--deals", "10001"], "from 2 to 10,000, not '10001'"),
        (["generate", "--kind", "capture", "--level", "1", "--count", "0"], "from 1 to 1,000, not '0'"),
    ],
)
def test_counts_out_of_range_are_refused_in_one_line_with_exit_1(capsys, argv, expected):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert err.endswith(f"expected a whole number {expected}\n") and err.count("\n") == 1


def test_an_argument_error_is_one_line_and_exit_1_not_the_usage_and_2(capsys):
    assert main(["simulate", "--bogus"]) == 1
    assert capsys.readouterr().err == "escoba-trainer: unrecognized arguments: --bogus\n"
    assert main(["generate", "--kind", "capture"]) == 1
    assert capsys.readouterr().err == "escoba-trainer generate: the following arguments are required: --level\n"


def test_a_5000_digit_seed_is_refused_plainly_and_shown_cut(capsys):
    assert main(["simulate", "--seed", "9" * 5000]) == 1
    err = capsys.readouterr().err
    assert err == (
        "escoba-trainer simulate: argument --seed: expected a whole number from 0 to 18,446,744,073,709,551,615, "
        f"not '{'9' * 40}…'\n"
    )


def test_a_huge_argument_is_not_echoed_whole(capsys):
    assert main(["arena", "--rules", "\x1b" + "z" * 1_000_000]) == 1
    err = capsys.readouterr().err
    assert err.startswith("escoba-trainer arena: argument --rules: invalid choice: '\\x1bzzz")
    assert len(err) < 400 and "\x1b" not in err


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


def test_replay_of_a_missing_file_exits_1(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "none.json")]) == 1
    assert capsys.readouterr().err == f"{tmp_path / 'none.json'}: cannot read the file: No such file or directory\n"


def test_replay_refuses_a_fifo(tmp_path, capsys):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}: not a regular file\n"


def test_replay_refuses_a_device(capsys):
    assert main(["replay", "/dev/zero"]) == 1
    assert capsys.readouterr().err == "/dev/zero: not a regular file\n"


def test_replay_refuses_a_file_over_the_size_cap(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("trainer.cli.MAX_RECORD_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 101)
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}: file is 101 bytes; this program reads at most 100\n"


def test_replay_refuses_an_unreadable_file_with_exit_1(tmp_path, capsys):
    path = tmp_path / "secret.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0)
    if os.access(path, os.R_OK):
        pytest.skip("running as a user who can read any file")
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}: cannot read the file: Permission denied\n"


def test_replay_refuses_json_nested_very_deep(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}: not a record: it is nested too deep to read\n"


def test_replay_refuses_a_float_player_count(tmp_path, capsys):
    data = record_of(finished_deal())
    data["players"] = 2.0
    path = tmp_path / "float.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f'{path}: "kind" must be "deal" or "match" and "players" 2 or 4 (classic rules)\n'


def test_replay_refuses_a_5000_digit_seed(tmp_path, capsys):
    data = record_of(Match.new(2, seed=3))
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(data).replace('"seed": 3', '"seed": ' + "9" * 5000), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}: not a record: it holds a number too long to read\n"


def test_replay_refuses_a_seed_out_of_range(tmp_path, capsys):
    data = record_of(Match.new(2, seed=3))
    data["seed"] = 2**64
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f'{path}: deal 1: a match record needs "seed", a whole number from -{2**63} to {2**64 - 1}\n'


def test_replay_escapes_control_characters_in_its_message(tmp_path, capsys):
    data = record_of(finished_deal())
    data["version"] = "\x1b[31m"
    path = tmp_path / "esc.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[31m" in err


def test_replay_of_a_huge_file_name_shows_it_cut(capsys):
    assert main(["replay", "a" * 100_000]) == 1
    assert capsys.readouterr().err == f"{'a' * 300}…: cannot read the file: File name too long\n"


@pytest.mark.parametrize("command", ["check", "coverage"])
def test_a_path_too_long_to_look_at_is_named_in_one_line(command, capsys):
    assert main([command, "a" * 400]) == 1
    out, err = capsys.readouterr()
    if command == "check":
        assert out == f"{'a' * 300}…:1:1: cannot read the path: File name too long\n" and err == "1 problem(s)\n"
    else:
        assert err == "the puzzles have 1 problem(s): run escoba-trainer check first\n"


def test_check_names_a_folder_it_cannot_read_rather_than_passing_over_it(tmp_path, capsys, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "hidden.yaml").write_text("not: a list\n", encoding="utf-8")
    scandir = os.scandir

    def denied(path):  # as a folder without read permission answers, even to a user who can read anything
        if Path(path) == locked:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return scandir(path)

    monkeypatch.setattr("os.scandir", denied)
    assert main(["check", str(tmp_path)]) == 1
    assert capsys.readouterr().out == f"{locked}:1:1: cannot read the folder: Permission denied\n"


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


GENERATE = ["generate", "--kind", "checksum", "--level", "1", "--count", "2", "--seed", "9"]


def test_generate_refuses_to_overwrite_without_force(tmp_path, capsys):
    path = tmp_path / "capture.yaml"
    path.write_text("# hand-written puzzles\n", encoding="utf-8")
    assert main([*GENERATE, "--out", str(path)]) == 1
    assert capsys.readouterr().err == f"escoba-trainer: {path} exists: add --force to replace it\n"
    assert path.read_text(encoding="utf-8") == "# hand-written puzzles\n"


def test_generate_replaces_an_existing_file_with_force(tmp_path):
    path = tmp_path / "capture.yaml"
    path.write_text("# old\n", encoding="utf-8")
    assert main([*GENERATE, "--out", str(path), "--force"]) == 0
    assert path.read_text(encoding="utf-8").startswith("- id: gen-checksum-l1-s9-001\n")
    assert [p.name for p in tmp_path.iterdir()] == ["capture.yaml"]


def test_generate_into_a_missing_folder_exits_1(tmp_path, capsys):
    path = tmp_path / "none" / "new.yaml"
    assert main([*GENERATE, "--out", str(path)]) == 1
    assert capsys.readouterr().err == f"escoba-trainer: cannot write {path}: No such file or directory\n"


def test_generate_onto_a_folder_exits_1(tmp_path, capsys):
    assert main([*GENERATE, "--out", str(tmp_path), "--force"]) == 1
    assert capsys.readouterr().err == f"escoba-trainer: cannot write {tmp_path}: it is a folder\n"


def test_generate_into_a_read_only_folder_exits_1(tmp_path, capsys):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    if os.access(folder, os.W_OK):
        pytest.skip("running as a user who can write anywhere")
    assert main([*GENERATE, "--out", str(folder / "new.yaml")]) == 1
    assert capsys.readouterr().err == f"escoba-trainer: cannot write {folder / 'new.yaml'}: Permission denied\n"


def test_generate_on_a_full_disk_leaves_no_file(tmp_path, capsys, monkeypatch):
    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("os.fsync", full)
    path = tmp_path / "new.yaml"
    assert main([*GENERATE, "--out", str(path)]) == 1
    assert capsys.readouterr().err == f"escoba-trainer: cannot write {path}: No space left on device\n"
    assert list(tmp_path.iterdir()) == []


def test_generate_into_a_huge_file_name_shows_it_cut(capsys):
    assert main([*GENERATE, "--out", "a" * 100_000]) == 1
    assert capsys.readouterr().err == f"escoba-trainer: cannot write {'a' * 300}…: File name too long\n"


def test_generate_prints_yaml_without_out(capsys):
    assert main(["generate", "--kind", "checksum", "--level", "1", "--count", "2", "--seed", "9"]) == 0
    assert capsys.readouterr().out.startswith("- id: gen-checksum-l1-s9-001\n")


class Failing(io.StringIO):
    """A standard output whose every write fails with ``error``."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error


def every_command(tmp_path: Path) -> dict[str, list[str]]:
    """A short run of each command that prints, by name."""
    record = tmp_path / "deal.json"
    record.write_text(dump_record(finished_deal()), encoding="utf-8")
    return {
        "simulate": ["simulate", "--games", "3"],
        "arena": ["arena", "--a", "greedy", "--deals", "2"],
        "tune": ["tune", "--samples", "4", "--race", "0", "--infer", "no", "--against", "random", "--deals", "2"],
        "replay": ["replay", str(record)],
        "check": ["check"],
        "generate": GENERATE,
        "coverage": ["coverage"],
    }


@pytest.mark.parametrize("command", ["simulate", "arena", "tune", "replay", "check", "generate", "coverage"])
@pytest.mark.parametrize(
    ("error", "status", "said"),
    [
        (KeyboardInterrupt(), 130, "escoba-trainer: interrupted\n"),
        (
            OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)),
            1,
            "escoba-trainer: cannot write the output: No space left on device\n",
        ),
    ],
)
def test_ctrl_c_or_a_full_disk_ends_a_command_in_one_line(tmp_path, capsys, monkeypatch, command, error, status, said):
    argv = every_command(tmp_path)[command]
    monkeypatch.setattr("sys.stdout", Failing(error))
    assert main(argv) == status
    *before, last = capsys.readouterr().err.splitlines(keepends=True)
    assert last == said  # after an arena's figures so far, which it writes where there is no terminal for a bar
    assert all(re.fullmatch(r".* against .*: \d+ of \d+ decks.*\n", line) for line in before)


def test_ctrl_c_before_the_app_starts_ends_in_one_line(capsys, monkeypatch):
    def interrupted(path: str, command: list[str]) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("os.execv", interrupted)
    assert main(["app"]) == 130
    assert capsys.readouterr().err == "escoba-trainer: interrupted\n"


def as_from_a_terminal() -> None:
    """Ctrl-C delivered as a terminal delivers it: a child keeps an ignored or blocked SIGINT of the process that
    starts it, and the test process's signal state is not a user's terminal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def cpu_seconds(pid: int) -> float:
    """The processor time a running process has used so far, from /proc (utime and stime, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc here to read a process's time from")
def test_ctrl_c_stops_a_long_simulation_without_a_traceback():
    running = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", "simulate", "--games", "1000000"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=as_from_a_terminal,
    )
    while cpu_seconds(running.pid) < 2.5:  # past the imports (under 1 s of work), into the deals, however loaded
        time.sleep(0.1)
    running.send_signal(signal.SIGINT)
    out, err = running.communicate(timeout=30)
    assert (running.returncode, out, err) == (130, "", "escoba-trainer: interrupted\n")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="no /proc here to read a process's time from")
def test_a_kill_stops_an_arena_as_ctrl_c_does_and_it_reports_the_decks_played():
    """A run in the background ignores Ctrl-C; stopped with SIGTERM, it still prints its figures, cut short."""
    arena = ["arena", "--a", "greedy", "--b", "random", "--deals", "10000", "--workers", "1"]
    running = subprocess.Popen(
        [sys.executable, "-m", "trainer.cli", *arena],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    while cpu_seconds(running.pid) < 2.5:  # past the imports, into the decks (some 40 s of them), however loaded
        assert running.poll() is None, running.communicate()
        time.sleep(0.1)
    running.terminate()
    out, err = running.communicate(timeout=60)
    assert running.returncode == 130 and "Traceback" not in err
    played = re.search(r"cut short: (\d+) of the 10000 decks asked for", out)
    assert played and int(played[1]) > 0, out


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_output_to_a_full_device_is_one_line_and_exit_1():
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "trainer.cli", "check"], cwd=ROOT, stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert (done.returncode, done.stderr) == (1, "escoba-trainer: cannot write the output: No space left on device\n")


class Started(Exception):
    """Raised in place of the process Streamlit would have become."""


def become(calls: list[list[str]]):
    """A stand-in for ``os.execv`` that notes the command instead of replacing this process."""

    def execv(path: str, command: list[str]) -> None:
        calls.append(command)
        raise Started

    return execv


def test_app_data_flag_sets_where_progress_is_kept(monkeypatch, tmp_path):
    monkeypatch.setattr("os.execv", become([]))
    monkeypatch.delenv("ESCOBA_TRAINER_DATA", raising=False)
    with pytest.raises(Started):
        main(["app", "--data", str(tmp_path)])
    assert os.environ["ESCOBA_TRAINER_DATA"] == str(tmp_path.resolve())


def test_app_db_flag_keeps_progress_in_that_database(monkeypatch, elsewhere):
    monkeypatch.setenv(DB_VAR, "set so that the test's own change is undone")
    monkeypatch.delenv(DB_VAR)
    (elsewhere / ".streamlit").mkdir()
    (elsewhere / ".streamlit" / "secrets.toml").write_text(CLUB_SECRETS, encoding="utf-8")
    started_with(monkeypatch, ["app", "--db", "postgresql://club@db.example/escoba"])
    assert os.environ[DB_VAR] == "postgresql://club@db.example/escoba"


def test_app_db_flag_refuses_what_is_not_a_postgresql_address(monkeypatch, capsys):
    monkeypatch.delenv(DB_VAR, raising=False)
    assert main(["app", "--db", "progress.sqlite3"]) == 2
    assert capsys.readouterr().err == "escoba-trainer: --db takes a PostgreSQL address: postgresql://...\n"
    assert DB_VAR not in os.environ


def test_app_becomes_streamlit_on_the_entry_script_inside_the_package(monkeypatch):
    calls: list[list[str]] = []
    monkeypatch.setattr("os.execv", become(calls))
    with pytest.raises(Started):  # the command becomes the server, so stopping it stops the server
        main(["app"])
    [command] = calls
    assert command[1:4] == ["-m", "streamlit", "run"]
    assert Path(command[4]) == Path(trainer.app.__file__).parent / "main.py" and Path(command[4]).exists()
    assert "--server.headless" in command  # the repository's settings, for an installed app too


ROOT = Path(__file__).resolve().parent.parent


def test_an_installed_wheel_checks_its_bundled_bank_from_any_folder(tmp_path):
    # built from a copy without the checkout's build folder, whose files of an earlier build setuptools would ship,
    # nor its virtual environment (thousands of files the wheel never holds)
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "__pycache__"))
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path / "wheel")],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        pytest.skip(f"a wheel cannot be built here: {built.stderr.strip().splitlines()[-1:]}")
    [wheel] = (tmp_path / "wheel").glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "trainer").rglob("*.py")}
    assert sources <= shipped, "a module of the checkout is missing from the wheel: list its package in pyproject.toml"
    assert {"trainer/bank/capture.yaml", "trainer/bank/generated/capture-level1.yaml"} <= shipped
    levels = {f"trainer/levels/{path.name}" for path in (ROOT / "trainer" / "levels").glob("*.yaml")}
    assert {name for name in shipped if name.startswith("trainer/levels/")} == levels  # no level of another build
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], capture_output=True, text=True
    ).stdout.strip()
    # the dependencies come from this environment; the trainer itself only from the wheel
    Path(purelib, "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)], check=True
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    checked = subprocess.run([venv / "bin" / "escoba-trainer", "check"], cwd=elsewhere, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.splitlines()[0] == f"{len(load_puzzles(ROOT / 'puzzles'))} puzzles, no problems"
    where = subprocess.run(
        [python, "-c", "from trainer.puzzles.loader import bank_folder; print(bank_folder())"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
    )
    assert Path(where.stdout.strip()) == Path(purelib, "trainer", "bank")
    # the installed app draws its pages: Home and Learn run without an error, from the wheel's files
    drawn = subprocess.run(
        [python, "-c", DRAW_INSTALLED_APP],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env={**os.environ, "ESCOBA_TRAINER_DATA": str(tmp_path / "data")},
    )
    assert drawn.returncode == 0, drawn.stderr[-2000:]
    assert drawn.stdout.split() == ["Escoba", "Trainer", "|", "What", "each", "card", "is", "worth", "|", str(purelib)]
    # and `escoba-trainer app` serves it
    port = str(free_port())
    server = subprocess.Popen(
        [venv / "bin" / "escoba-trainer", "app", "--data", str(tmp_path / "data")],
        cwd=elsewhere,
        env={**os.environ, "STREAMLIT_SERVER_PORT": port},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert wait_for(f"http://127.0.0.1:{port}/_stcore/health") == b"ok"
    finally:
        stop(server)


DRAW_INSTALLED_APP = """
from pathlib import Path
import trainer
from streamlit import config
from streamlit.testing.v1 import AppTest
config.set_option("server.address", "127.0.0.1")  # as escoba-trainer app serves it: this computer only
at = AppTest.from_file(str(Path(trainer.__file__).parent / "app" / "main.py"), default_timeout=60).run()
assert not at.exception, at.exception
home = at.title[0].value
at.switch_page(str(Path(trainer.__file__).parent / "app" / "views" / "learn.py")).run()
assert not at.exception, at.exception
print(home, "|", at.title[0].value, "|", Path(trainer.__file__).parent.parent)
"""


def wait_for(url: str) -> bytes:
    """The body of ``url`` once the server answers, within a minute."""
    for _ in range(120):
        try:
            with urllib.request.urlopen(url, timeout=1) as answer:
                return bytes(answer.read())
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"{url} did not answer within a minute")


def test_check_with_no_paths_checks_the_bundled_bank_from_any_folder(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["check"]) == 0
    assert capsys.readouterr().out.startswith(f"{len(load_puzzles(ROOT / 'puzzles'))} puzzles, no problems\n")


def test_the_app_command_starts_streamlit_with_the_settings_of_the_checkout() -> None:
    config = tomllib.loads((Path(__file__).parent.parent / ".streamlit" / "config.toml").read_text())
    settings = {f"{section}.{key}": value for section, keys in config.items() for key, value in keys.items()}
    assert {name: str(value).lower() for name, value in settings.items()} == APP_FLAGS
    assert int(APP_FLAGS["server.maxUploadSize"]) * 2**20 >= IMPORT_BYTES  # the upload box lets every export through
    assert settings["server.address"] == "127.0.0.1"  # this computer only, for `streamlit run` and the command


def started_with(monkeypatch, argv: list[str]) -> dict[str, str]:
    """The Streamlit settings ``main(argv)`` would start the app with."""
    calls: list[list[str]] = []
    monkeypatch.setattr("os.execv", become(calls))
    with pytest.raises(Started):
        main(argv)
    [command] = calls
    flags = command[5:]
    return dict(zip(flags[::2], flags[1::2], strict=True))


def test_the_app_serves_this_computer_only_and_says_nothing_by_default(monkeypatch, capsys):
    assert started_with(monkeypatch, ["app"])["--server.address"] == "127.0.0.1"
    assert capsys.readouterr().err == ""


#: A club's secrets.toml with everything its server needs (``trainer.app.club_setup``).
CLUB_SECRETS = """[club]
teacher_code = "a long phrase for teachers"

[auth]
redirect_uri = "https://escoba.example.org/oauth2callback"
cookie_secret = "a long random string"
client_id = "from the provider"
client_secret = "from the provider"
server_metadata_url = "https://id.example.org/.well-known/openid-configuration"
"""


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A current folder and a home folder with no secrets.toml yet; returns the current folder."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def refused_start(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    """The exit code of ``main(argv)``, failing if it would have started the app."""
    monkeypatch.setattr("os.execv", become([]))
    return main(argv)


@pytest.mark.parametrize("argv", [["app", "--network"], ["app", "--db", "postgresql:///escoba"]])
def test_a_server_for_other_computers_or_on_postgresql_refuses_to_start_without_its_sign_in(
    monkeypatch, capsys, elsewhere, argv
):
    """It fails closed: no local profiles open to a network or shared in a database."""
    (elsewhere / ".streamlit").mkdir()
    (elsewhere / ".streamlit" / "secrets.toml").write_text('[club]\nteacher_code = "set"\n', encoding="utf-8")
    assert refused_start(monkeypatch, argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("escoba-trainer: refused: a server for other computers, or on PostgreSQL, serves no one")
    assert err.rstrip().endswith(
        "secrets.toml lacks: [auth] redirect_uri; [auth] cookie_secret; "
        "[auth] client_id + client_secret + server_metadata_url."
    )


def test_a_club_server_with_its_sign_in_set_up_serves_every_network(monkeypatch, capsys, elsewhere):
    (elsewhere / ".streamlit").mkdir()
    (elsewhere / ".streamlit" / "secrets.toml").write_text(CLUB_SECRETS, encoding="utf-8")
    assert started_with(monkeypatch, ["app", "--network"])["--server.address"] == "0.0.0.0"
    assert capsys.readouterr().err == ""


def test_a_secrets_file_that_is_not_toml_is_named_and_nothing_starts(monkeypatch, capsys, elsewhere):
    (elsewhere / "home" / ".streamlit").mkdir(parents=True)
    (elsewhere / "home" / ".streamlit" / "secrets.toml").write_text("[club\n", encoding="utf-8")
    assert refused_start(monkeypatch, ["app", "--network"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"escoba-trainer: {elsewhere / 'home' / '.streamlit' / 'secrets.toml'}: ")


def test_a_club_server_takes_its_port_and_a_secrets_file_of_its_own(monkeypatch, capsys, elsewhere):
    """The file given is the one checked and the one Streamlit reads: the current folder's has no [club] here."""
    (elsewhere / "club.toml").write_text(CLUB_SECRETS, encoding="utf-8")
    flags = started_with(monkeypatch, ["app", "--network", "--port", "8600", "--secrets.files", "club.toml"])
    assert flags["--server.port"] == "8600" and flags["--secrets.files"] == str(elsewhere / "club.toml")
    assert capsys.readouterr().err == ""


def test_a_secrets_file_given_that_is_not_there_is_named_and_nothing_starts(monkeypatch, capsys, elsewhere):
    (elsewhere / ".streamlit").mkdir()
    (elsewhere / ".streamlit" / "secrets.toml").write_text(CLUB_SECRETS, encoding="utf-8")  # not the one asked for
    assert refused_start(monkeypatch, ["app", "--network", "--secrets.files", str(elsewhere / "typo.toml")]) == 2
    assert capsys.readouterr().err.startswith(f"escoba-trainer: {elsewhere / 'typo.toml'}: ")


@pytest.mark.parametrize(("environment", "said"), [("es_ES.UTF-8", "rechazado: "), ("ru", "отказано: ")])
def test_the_app_command_speaks_the_environments_language(monkeypatch, capsys, elsewhere, environment, said):
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LC_ALL", environment)
    refused_start(monkeypatch, ["app", "--network"])
    assert capsys.readouterr().err.startswith(f"escoba-trainer: {said}")


def test_a_language_the_app_does_not_speak_leaves_the_command_in_english(monkeypatch, capsys, elsewhere):
    monkeypatch.setenv("LANGUAGE", "fr_FR:de")
    refused_start(monkeypatch, ["app", "--network"])
    assert capsys.readouterr().err.startswith("escoba-trainer: refused: ")


def test_copy_progress_refuses_a_folder_without_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["copy-progress", str(tmp_path / "none"), str(tmp_path / "to")]) == 1
    assert "no progress.sqlite3 in it to copy from" in capsys.readouterr().err
    assert not (tmp_path / "none").exists() and not (tmp_path / "to").exists()


def test_no_page_leaves_a_bare_value_for_magic_to_write() -> None:
    """Magic is off (``runner.magicEnabled``): a bare value in a page's script would show nothing, so none has one
    but a docstring."""
    root = Path(__file__).parent.parent
    bare = []
    for script in [root / "streamlit_app.py", *sorted((root / "trainer" / "app" / "views").glob("*.py"))]:
        for node in ast.walk(ast.parse(script.read_text(encoding="utf-8"))):
            body = getattr(node, "body", None)
            for place, statement in enumerate(body if isinstance(body, list) else []):
                if not isinstance(statement, ast.Expr) or isinstance(statement.value, ast.Call | ast.Await):
                    continue
                if place == 0 and isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, str):
                    continue  # a docstring
                bare.append(f"{script.name}:{statement.lineno}")
    assert bare == []
