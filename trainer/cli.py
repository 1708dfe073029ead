"""The ``escoba-trainer`` command.

What a learner meets here (starting the app, its warning, an interruption) is said in the environment's language
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when the app speaks it; the commands for puzzle authors and
developers (check, generate, coverage, course, simulate, arena, replay) speak English, as the puzzle files and rule
ids they name are written.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import signal
import sys
import tempfile
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from itertools import product
from math import prod
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from babel.core import default_locale
from tqdm import tqdm

from trainer.ai.arena import BUDGET, ArenaResult, Decks, Player, arena, cpu_per_choice, tune, tuning_report
from trainer.ai.bots import LEVELS, POLICIES, Bot, Settings
from trainer.ai.kept_decks import KeptDecks, KeptDecksError, Run
from trainer.ai.reference import REFERENCE
from trainer.app.club_setup import refusal
from trainer.course import load_levels
from trainer.course_numbers import course_text
from trainer.coverage import coverage, coverage_text
from trainer.deal import Deal
from trainer.i18n import SOURCE, Translator, languages, translator
from trainer.match import Match
from trainer.profile import PROFILES
from trainer.progress.copying import CARRIED, Outcome, compare, copy_store
from trainer.progress.errors import StoreError
from trainer.progress.sqlite import DB_NAME
from trainer.progress.stores import DB_VAR, is_url, open_store
from trainer.puzzles import KINDS, THEMES, check_paths, rule_coverage
from trainer.puzzles.catalog import UNDRILLABLE
from trainer.puzzles.generate import generate, to_yaml
from trainer.puzzles.loader import bank_folder
from trainer.records import RecordError, load_record
from trainer.safefile import FileRefused, read_bounded, shorten, terminal_safe
from trainer.scoring import DealScore, score_rows
from trainer.simulate import simulate
from trainer.text import either, marked

T = TypeVar("T")
MAX_RECORD_BYTES = 4 * 1024 * 1024  # a long match's record is a few hundred kilobytes
MAX_GAMES = 1_000_000  # simulate: about twenty minutes of random deals
INTERRUPTED = 130  # the status of a command stopped by Ctrl-C, as a shell reports it
MAX_DEALS = 10_000  # arena and tune: decks, each dealt once a side; some hours of the master's play on two cores
MAX_CPU_MS = 60_000  # arena: a reference player's CPU time a move, a minute at most
MATCHED_DECKS = 16  # arena --cpu-ms match: the decks bot A is timed on (on 4, medians came out up to 13% off a run's)
MAX_CANDIDATES = 1_000  # tune: each plays every deck; the default grid has 8
DASK_CONNECT_SECONDS = 30  # Dask's own wait for a scheduler to answer
MAX_COUNT = 1_000  # generate: far more than a bank file holds
SEEDS = (0, 2**64 - 1)  # the seeds a puzzle file may hold
#: Why the output cannot be written: a full disk or quota, a file grown too large, a failing device.
OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
MAX_SHOWN = 300  # characters of an argument error or a file name shown: no echo of a huge value


class _ArgumentRefused(Exception):
    """The command line cannot be run; the message says why in one line."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that refuses by raising ``_ArgumentRefused``, so the command exits 1 as its other
    refusals do, with one line rather than the usage and status 2."""

    def error(self, message: str) -> NoReturn:
        raise _ArgumentRefused(f"{self.prog}: {message}")


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argument reader of a whole number from ``low`` to ``high``."""

    def read(text: str) -> int:
        with contextlib.suppress(ValueError):  # not a whole number, or one too long for int() to read
            if low <= (value := int(text)) <= high:
                return value
        raise argparse.ArgumentTypeError(f"expected a whole number from {low:,} to {high:,}, not {shorten(text)!r}")

    return read


def environment_language() -> Translator:
    """The translator for the environment's language, if the app speaks it; else English's."""
    found = default_locale(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")) or SOURCE
    code = found.split("_")[0]
    return translator(code if code in languages() else SOURCE)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    t = environment_language()
    try:
        status = _run(_parser(t).parse_args(argv), t)
        sys.stdout.flush()  # a full disk shows here, while it can still be said in one line
        return status
    except _ArgumentRefused as refusal:
        print(terminal_safe(shorten(str(refusal), MAX_SHOWN)), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"escoba-trainer: {t.text('interrupted')}", file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader stopped early, as `| head` does: nothing is wrong
        _drop_output()
        return 0
    except OSError as error:
        if error.errno not in OUTPUT_ERRORS:
            raise
        _drop_output()
        print(f"escoba-trainer: {t.text('cannot write the output: {reason}', reason=error.strerror)}", file=sys.stderr)
        return 1


def _drop_output() -> None:
    """Send what is left of the output nowhere, so Python's flush at exit does not fail again."""
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - Python flushes stdout at exit


def _table_options(command: argparse.ArgumentParser) -> None:
    """The arena's options: the decks, the seed, the table and where the decks are played."""
    command.add_argument(
        "--deals",
        type=_whole(2, MAX_DEALS),
        default=100,
        help="decks, each dealt once for every side with A on that side; at least 2, for a standard error "
        "(default 100)",
    )
    command.add_argument("--seed", type=_whole(*SEEDS), default=1, help="same seed, same decks and the same choices")
    command.add_argument("--rules", choices=list(PROFILES), default="classic", help="the rule set (default classic)")
    command.add_argument("--players", type=_whole(2, 6), choices=(2, 3, 4, 6), default=2, help="the table (default 2)")
    command.add_argument(
        "--workers",
        type=_whole(1, 256),
        default=os.cpu_count() or 1,
        help="processes to spread the decks over; the figures are the same for any number (default: one a core)",
    )
    command.add_argument(
        "--dask", metavar="ADDRESS", help="spread the decks over this Dask scheduler's workers instead"
    )


def _cpu_ms(text: str) -> int | None:
    """An argument reader of a reference player's CPU time a move: milliseconds, or "match" (None)."""
    if text == "match":
        return None
    with contextlib.suppress(ValueError):
        if 1 <= (value := int(text)) <= MAX_CPU_MS:
            return value
    raise argparse.ArgumentTypeError(
        f"expected match or a whole number from 1 to {MAX_CPU_MS:,}, not {shorten(text)!r}"
    )


def _list(read: Callable[[str], T]) -> Callable[[str], list[T]]:
    """An argument reader of a comma-separated list, each item read by ``read``."""
    return lambda text: [read(item.strip()) for item in text.split(",")]


def _yes_no(text: str) -> bool:
    if text not in ("yes", "no"):
        raise argparse.ArgumentTypeError(f"expected yes or no, not {shorten(text)!r}")
    return text == "yes"


def _positive(text: str) -> float:
    with contextlib.suppress(ValueError):
        if 0 < (value := float(text)) <= 100:
            return value
    raise argparse.ArgumentTypeError(f"expected a number above 0 and at most 100, not {shorten(text)!r}")


def _one_of(names: Iterable[str]) -> Callable[[str], str]:
    allowed = list(names)

    def read(text: str) -> str:
        if text not in allowed:
            raise argparse.ArgumentTypeError(f"expected one of {', '.join(allowed)}, not {shorten(text)!r}")
        return text

    return read


def _parser(t: Translator) -> argparse.ArgumentParser:
    parser = _Parser(prog="escoba-trainer", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    sim = commands.add_parser("simulate", help="play random legal deals and report what happened")
    sim.add_argument("--games", type=_whole(1, MAX_GAMES), default=1000, help="number of deals (default 1000)")
    sim.add_argument("--players", type=_whole(2, 6), choices=(2, 3, 4, 6), default=2)
    sim.add_argument("--rules", choices=list(PROFILES), default="classic", help="the rule set (default classic)")
    sim.add_argument("--seed", type=_whole(*SEEDS), default=None, help="same seed, same deals")

    duel = commands.add_parser("arena", help="measure one bot against another on duplicate deals")
    players = [*LEVELS, *REFERENCE]
    duel.add_argument("--a", choices=players, default="expert", help="the bot measured (default expert)")
    duel.add_argument("--b", choices=players, default="greedy", help="its opponent (default greedy)")
    duel.add_argument(
        "--cpu-ms",
        type=_cpu_ms,
        default=round(1000 * BUDGET[0]),
        metavar="MS|match",
        help="a reference player's CPU time a move, in milliseconds (default: the master's budget, "
        f"{1000 * BUDGET[0]:g}); match: the median of bot A's, timed first on {MATCHED_DECKS} decks against greedy",
    )
    duel.add_argument(
        "--keep",
        type=Path,
        metavar="FILE",
        help="keep each deck's figures in FILE as it is counted; run again with the same FILE to go on from there",
    )
    _table_options(duel)

    tuning = commands.add_parser("tune", help="search the master's settings by arena results against another bot")
    tuning.add_argument("--samples", type=_list(_whole(1, 65536)), default=[1024, 4096], help="default 1024,4096")
    tuning.add_argument("--race", type=_list(_whole(0, 65536)), default=[256], help="default 256 (0: no race)")
    tuning.add_argument("--infer", type=_list(_yes_no), default=[False, True], help="default no,yes")
    tuning.add_argument("--policy", type=_list(_one_of(POLICIES)), default=["counting"], help="default counting")
    tuning.add_argument("--exact", type=_list(_whole(0, 12)), default=[4, 6], help="last cards at best, default 4,6")
    tuning.add_argument("--tree", type=_list(_whole(0, 65536)), default=[0], help="round search passes, default 0")
    tuning.add_argument("--explore", type=_list(_positive), default=[12.0], help="its bonus, in points, default 12")
    tuning.add_argument("--against", choices=LEVELS, default="expert", help="the opponent (default expert)")
    _table_options(tuning)

    replay = commands.add_parser("replay", help="check a game record and print its scores")
    replay.add_argument("file", type=Path)

    check = commands.add_parser("check", help="validate puzzle files and summarise them")
    check.add_argument("paths", nargs="*", type=Path, help="files or folders (default: the bank that ships with it)")
    check.add_argument(
        "--rules",
        action="store_true",
        help="also list, for each rule R1-R22 and V1-V6, the puzzles whose answers depend on it",
    )

    gen = commands.add_parser("generate", help="make new puzzles from random deals")
    gen.add_argument("--kind", required=True, choices=list(KINDS))
    gen.add_argument("--level", required=True, type=_whole(1, 5), help="1 to 5")
    gen.add_argument("--count", type=_whole(1, MAX_COUNT), default=10)
    gen.add_argument("--seed", type=_whole(*SEEDS), default=1)
    gen.add_argument("--rules", choices=list(PROFILES), default="classic", help="deal and judge under this rule set")
    gen.add_argument("--penalties", action="store_true", help="play the deals by the rule set's penalties (V5)")
    gen.add_argument("--theme", action="append", default=[], choices=list(THEMES), help="keep puzzles with this theme")
    gen.add_argument("--out", type=Path, help="write to this new file instead of printing")
    gen.add_argument("--force", action="store_true", help="let --out replace a file that exists")

    commands.add_parser("course", help="print the course's figures: tasks on the board, quizzes, words told and asked")

    cover = commands.add_parser("coverage", help="which course tasks and which puzzles depend on each rule")
    cover.add_argument(
        "paths", nargs="*", type=Path, help="puzzle files or folders (default: the bank that ships with it)"
    )

    copy = commands.add_parser(
        "copy-progress",
        help="copy every profile, with its account, classes and homework, from one store into another: a progress "
        "folder's file or a PostgreSQL database; run again, it copies only what is not there yet",
    )
    copy.add_argument("source", help="a folder holding progress.sqlite3, or postgresql://...")
    copy.add_argument(
        "target", help="a folder or postgresql://...; a profile it has under that name or account is left as it is"
    )
    copy.add_argument(
        "--verify",
        action="store_true",
        help="copy nothing: count each table's rows of each profile on both sides, and fail on a difference",
    )

    app = commands.add_parser("app", help=t.text("start the trainer in the browser (streamlit run streamlit_app.py)"))
    app.add_argument("--data", type=Path, help=t.text("folder for your progress (default: your user data folder)"))
    app.add_argument(
        "--db",
        metavar="URL",
        help=t.text(
            "keep everyone's progress in this PostgreSQL database (postgresql://user@host/name) instead of a file; "
            "needs the server extra"
        ),
    )
    app.add_argument(
        "--network",
        action="store_true",
        help=t.text(
            "serve to other devices on this computer's networks, not only to this computer: anyone who can reach it "
            "can open every profile"
        ),
    )
    app.add_argument("--port", type=_whole(1, 65535), default=None, help=t.text("the port to serve on (default 8501)"))
    app.add_argument(
        "--secrets.files",
        dest="secrets",
        type=Path,
        metavar="FILE",
        help=t.text(
            "read the sign-in settings from this secrets.toml instead of .streamlit/secrets.toml in the current "
            "folder and in your home folder"
        ),
    )

    return parser


def _run(args: argparse.Namespace, t: Translator) -> int:
    """Run the command ``args`` name; ``t`` words what a learner reads."""
    if args.command == "app":
        return _app(args.data, args.db, args.network, t, args.port, args.secrets)
    if args.command == "generate":
        variant = (args.rules, args.penalties, tuple(args.theme))
        return _generate(args.kind, args.level, args.count, args.seed, args.out, args.force, *variant)
    if args.command == "simulate":
        return _simulate(args.games, args.players, args.seed, args.rules)
    if args.command == "arena":
        decks = (args.deals, args.seed, args.rules, args.players, args.workers, args.dask)
        return _arena(args.a, args.b, *decks, args.cpu_ms, args.keep)
    if args.command == "tune":
        table = (args.rules, args.players, args.workers, args.dask)
        return _tune(_grid(args), args.against, args.deals, args.seed, *table)
    if args.command == "check":
        return _check(args.paths or [bank_folder()], args.rules)
    if args.command == "course":
        print(course_text(load_levels()))
        return 0
    if args.command == "coverage":
        return _coverage(args.paths or [bank_folder()])
    if args.command == "copy-progress":
        return _copy_progress(args.source, args.target, args.verify)
    return _replay(args.file)


def _grid(args: argparse.Namespace) -> list[Settings]:
    """The master's settings ``tune`` tries: every combination of the values given, each once; refuses a grid of
    more than ``MAX_CANDIDATES`` combinations before building it."""
    options = (args.samples, args.race, args.infer, args.policy, args.exact, args.tree, args.explore)
    if (size := prod(map(len, options))) > MAX_CANDIDATES:
        raise _ArgumentRefused(
            f"escoba-trainer: tune: the values given make {size:,} combinations; it tries at most {MAX_CANDIDATES:,}"
        )
    return list(
        dict.fromkeys(  # without a tree, its bonus makes no difference: one candidate for them all
            Settings(samples, race, infer, policy, exact, tree, *((explore,) if tree else ()))
            for samples, race, infer, policy, exact, tree, explore in product(*options)
            if race < samples
        )
    )


#: The settings of ``.streamlit/config.toml``, given on the command line so an installed app has them too.
APP_FLAGS = {
    "server.address": "127.0.0.1",  # this computer only: profiles have no sign-in
    "server.headless": "true",
    "server.maxUploadSize": "20",
    "runner.postScriptGC": "false",  # a full collection after each run holds back the page by 130-190 ms
    "runner.magicEnabled": "false",  # no page writes a bare value: its script is compiled with no rewriting
    "browser.gatherUsageStats": "false",
    "client.toolbarMode": "viewer",
}
EVERY_NETWORK = "0.0.0.0"  # every network interface, with --network only
SECRETS_BYTES = 64_000  # a secrets.toml is a few lines
NOT_SET_UP = marked(
    "refused: a server for other computers, or on PostgreSQL, serves no one until its sign-in is set up. "
    "secrets.toml lacks: {missing}."
)


def streamlit_secrets(chosen: Path | None = None) -> dict[str, Any]:
    """The tables of the ``secrets.toml`` files Streamlit reads: the ``chosen`` one, else its defaults (the user's,
    then the current folder's, whose tables win); ValueError naming a file that cannot be read."""
    found: dict[str, Any] = {}
    defaults = (Path.home() / ".streamlit" / "secrets.toml", Path.cwd() / ".streamlit" / "secrets.toml")
    for path in (chosen,) if chosen is not None else defaults:
        if path == chosen or path.is_file():
            try:
                found |= tomllib.loads(read_bounded(path, SECRETS_BYTES).decode("utf-8"))
            except (FileRefused, OSError, ValueError) as error:
                raise ValueError(f"{_name(path)}: {error}") from None
    return found


def _app(
    data: Path | None,
    db: str | None,
    network: bool,
    t: Translator,
    port: int | None = None,
    secrets: Path | None = None,
) -> int:
    """Start the app installed with this package, keeping progress in the database ``db`` or the folder ``data``
    if given, for this computer only unless ``network``, on ``port`` if given, with the sign-in settings of the
    file ``secrets`` if given."""
    entry = Path(__file__).resolve().parent / "app" / "main.py"
    if db is not None and not is_url(db):
        refused = t.text("--db takes a PostgreSQL address: postgresql://...")
        print(f"escoba-trainer: {refused}", file=sys.stderr)
        return 2
    settings = APP_FLAGS | ({"server.address": EVERY_NETWORK} if network else {})
    settings |= ({"server.port": str(port)} if port is not None else {}) | (
        {"secrets.files": str(secrets.resolve())} if secrets is not None else {}
    )
    try:
        missing = refusal(settings["server.address"], db or os.environ.get(DB_VAR) or None, streamlit_secrets(secrets))
    except ValueError as error:
        print(terminal_safe(f"escoba-trainer: {error}"), file=sys.stderr)
        return 2
    if missing:  # fails closed (``trainer.app.club_setup``)
        print(f"escoba-trainer: {t.text(NOT_SET_UP, missing='; '.join(missing))}", file=sys.stderr)
        return 2
    if data is not None:  # for the server this process becomes
        os.environ["ESCOBA_TRAINER_DATA"] = str(data.resolve())
    if db is not None:
        os.environ[DB_VAR] = db
    flags = [part for name, value in settings.items() for part in (f"--{name}", value)]
    # Streamlit takes this process's place, so stopping the command stops the server with it.
    os.execv(sys.executable, [sys.executable, "-m", "streamlit", "run", str(entry), *flags])


def _generate(
    kind: str,
    level: int,
    count: int,
    seed: int,
    out: Path | None,
    force: bool = False,
    rules: str = "classic",
    penalties: bool = False,
    themes: tuple[str, ...] = (),
) -> int:
    if out is not None and not force and os.path.lexists(out):
        print(terminal_safe(f"escoba-trainer: {_name(out)} exists: add --force to replace it"), file=sys.stderr)
        return 1
    try:
        text = to_yaml(generate(kind, level, count, seed, rules, penalties, themes))
    except ValueError as error:
        print(f"escoba-trainer: {error}", file=sys.stderr)
        return 1
    if out is None:
        print(text, end="")
        return 0
    try:
        _write_whole(out, text)
    except OSError as error:
        print(terminal_safe(f"escoba-trainer: cannot write {_name(out)}: {error.strerror or error}"), file=sys.stderr)
        return 1
    print(terminal_safe(f"wrote {count} {kind} puzzles of level {level} to {_name(out)}"), file=sys.stderr)
    return 0


def _name(path: Path) -> str:
    """``path`` as a message shows it: cut if it is too long to be a file's name."""
    return shorten(str(path), MAX_SHOWN)


def _write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once: a temporary file beside it, renamed over it when complete."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "it is a folder")
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temp, 0o644)  # as a file written the ordinary way, not the private mode of a temporary one
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise


def _check(paths: list[Path], rules: bool = False) -> int:
    """Print every problem as file:line:col: message (exit 1), or a summary by kind, level and theme."""
    puzzles, problems = check_paths(*paths)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"{len(puzzles)} puzzles, no problems")
    levels = range(1, 6)
    print(f"{'kind':<14}" + "".join(f"{'L' + str(n):>5}" for n in levels) + f"{'all':>6}")
    for kind in KINDS:
        counts = Counter(p.level for p in puzzles if p.kind == kind)
        print(f"{kind:<14}" + "".join(f"{counts[n]:>5}" for n in levels) + f"{sum(counts.values()):>6}")
    themes = Counter(theme for p in puzzles for theme in p.themes)
    print("themes: " + ", ".join(f"{theme} {themes[theme]}" for theme in THEMES))
    if rules:
        for rule, ids in rule_coverage(puzzles).items():
            why = f"  ({UNDRILLABLE[rule]})" if rule in UNDRILLABLE else ""
            print(f"{rule:<4}{len(ids):>5}  {' '.join(ids[:6])}{' ...' if len(ids) > 6 else ''}{why}")
    return 0


def _coverage(paths: list[Path]) -> int:
    """Print rule -> tasks -> puzzles that depend on it; exit 1 if a rule has no task, or fewer than two puzzles."""
    puzzles, problems = check_paths(*paths)
    if problems:
        print(f"the puzzles have {len(problems)} problem(s): run escoba-trainer check first", file=sys.stderr)
        return 1
    rows = coverage(load_levels(), puzzles)
    print(coverage_text(rows))
    gaps = [row for row in rows if row.gap]
    print(
        f"{len(gaps)} rule(s) with a gap"
        if gaps
        else "every rule has a course task and puzzles whose answers depend on it"
    )
    return 1 if gaps else 0


def _simulate(games: int, players: int, seed: int | None, rules: str = "classic") -> int:
    if players not in PROFILES[rules].players:
        allowed = either(PROFILES[rules].players)
        print(f"escoba-trainer: the {rules} rule set is for {allowed} players, not {players}", file=sys.stderr)
        return 1
    with tqdm(total=games, unit="deal", disable=None, file=sys.stderr, leave=False) as bar:
        stats = simulate(games, players, seed, progress=bar.update, profile=PROFILES[rules])
    print(stats.report())
    return 0


def _arena(
    a: str,
    b: str,
    deals: int,
    seed: int,
    rules: str,
    players: int,
    workers: int,
    dask: str | None,
    cpu_ms: int | None,
    keep: Path | None = None,
) -> int:
    """Play the arena; a reference player thinks ``cpu_ms`` a move, or as long as bot A does at the median if None
    (or as the decks ``keep`` already holds were played with). With ``keep``, every deck counted is kept there, and a
    run goes on from the decks it holds."""
    if not _table_allowed(rules, players):
        return 1
    decks = Decks(deals, seed, PROFILES[rules], players)
    run = Run(a=a, b=b, rules=rules, players=players, seed=seed)
    kept = _kept(keep, run, cpu_ms) if keep is not None else None
    cpu = 0.0
    if {a, b} & set(REFERENCE):
        recorded = kept.run.cpu_ms if kept is not None else None
        cpu = recorded / 1000 if recorded is not None else cpu_ms / 1000 if cpu_ms is not None else _matched(a, decks)
    if keep is not None and kept is None:
        try:
            kept = KeptDecks.begin(keep, run.model_copy(update={"cpu_ms": 1000 * cpu if cpu else None}))
        except OSError as error:
            raise _ArgumentRefused(f"escoba-trainer: --keep: {keep}: {error.strerror}") from None
    elif kept is not None:
        print(f"going on from {kept.path}: {len(kept.dealt)} decks kept", file=sys.stderr, flush=True)
    with contextlib.ExitStack() as stack:
        stack.enter_context(_stopped_as_by_ctrl_c())
        executor = stack.enter_context(_executor(workers, dask))
        bar = stack.enter_context(tqdm(total=deals, unit="deck", disable=None, file=sys.stderr, leave=False))
        seated = (_player(a, seed, cpu), _player(b, seed + 1, cpu))
        result = arena(*seated, decks, executor, _progress(bar, deals), kept)
    print(result.report())
    return 0 if len(result.margins) == deals else INTERRUPTED


def _kept(path: Path, run: Run, cpu_ms: int | None) -> KeptDecks | None:
    """The decks ``path`` keeps, refused where they were played by another run (or, with ``cpu_ms`` given, with
    another CPU time a move); None where there is no file yet."""
    if not path.exists():
        return None
    try:
        kept = KeptDecks.read(path)
    except (KeptDecksError, OSError, UnicodeDecodeError) as error:
        raise _ArgumentRefused(f"escoba-trainer: --keep: {error}") from None
    found, asked = kept.run.model_dump(), run.model_dump()
    asked["cpu_ms"] = float(cpu_ms) if cpu_ms is not None and found["cpu_ms"] is not None else found["cpu_ms"]
    differ = [f"{name} {found[name]}, not {value}" for name, value in asked.items() if found[name] != value]
    if differ:
        raise _ArgumentRefused(f"escoba-trainer: --keep: {path} keeps the decks of another run: {'; '.join(differ)}")
    return kept


def _matched(a: str, decks: Decks) -> float:
    """Bot A's median CPU time a choice, on the first ``MATCHED_DECKS`` of ``decks`` against greedy, said."""
    if a in REFERENCE:
        raise _ArgumentRefused(f"escoba-trainer: --cpu-ms match times bot A: --a must be one of {', '.join(LEVELS)}")
    print(f"timing {a}'s choices on {MATCHED_DECKS} decks against greedy", file=sys.stderr, flush=True)
    cpu = cpu_per_choice(a, Decks(MATCHED_DECKS, decks.seed, decks.profile, decks.players))
    print(f"reference players' CPU time a move: {1000 * cpu:.1f} ms, the median of {a}'s on {MATCHED_DECKS} decks")
    return cpu


def _player(name: str, seed: int, cpu: float) -> Player | str:
    """A reference player of that name with ``cpu`` seconds a move, or else the level's name, for the arena."""
    return REFERENCE[name](seed, cpu) if name in REFERENCE else name


def _progress(bar: tqdm[Any], decks: int) -> Callable[[ArenaResult, int], None]:
    """An arena's progress: the bar, with the figures so far beside it; where there is no terminal for a bar (a
    log), the figures so far as a line about every tenth of each arena's ``decks``."""
    every = max(1, decks // 10)
    said: dict[int, int] = {}  # the tenths said so far, by arena

    def told(result: ArenaResult, added: int) -> None:
        bar.update(added)
        bar.set_postfix_str(result.running, refresh=False)
        tenth = len(result.margins) // every
        if bar.disable and tenth > said.get(id(result), 0):
            said[id(result)] = tenth
            print(f"{result.a} against {result.b}: {result.running}", file=sys.stderr, flush=True)

    return told


def _tune(
    grid: list[Settings], against: str, deals: int, seed: int, rules: str, players: int, workers: int, dask: str | None
) -> int:
    if not grid:
        print("escoba-trainer: no candidate: each --race must be below a --samples", file=sys.stderr)
        return 1
    if not _table_allowed(rules, players):
        return 1
    with contextlib.ExitStack() as stack:
        stack.enter_context(_stopped_as_by_ctrl_c())
        executor = stack.enter_context(_executor(workers, dask))
        total = deals * len(grid)
        bar = stack.enter_context(tqdm(total=total, unit="deck", disable=None, file=sys.stderr, leave=False))
        decks = Decks(deals, seed, PROFILES[rules], players)
        tried = tune(grid, Bot(against, seed + 1), decks, executor, _progress(bar, deals))
    print(f"{len(grid)} settings for the master, each on {deals} duplicate decks against {against}")
    print(tuning_report(tried))
    return 0 if len(tried) == len(grid) else INTERRUPTED


def _table_allowed(rules: str, players: int) -> bool:
    """Whether the rule set is played at a table of ``players``; if not, says so."""
    if players in PROFILES[rules].players:
        return True
    allowed = either(PROFILES[rules].players)
    print(f"escoba-trainer: the {rules} rule set is for {allowed} players, not {players}", file=sys.stderr)
    return False


@contextlib.contextmanager
def _stopped_as_by_ctrl_c() -> Iterator[None]:
    """A ``kill`` (SIGTERM) stops a long run as Ctrl-C does: it prints the figures it has, then exits with 130. A run
    in the background ignores Ctrl-C, and a service manager stops it with SIGTERM."""
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextlib.contextmanager
def _executor(workers: int, dask: str | None) -> Iterator[Executor | None]:
    """Where the arena's decks are played: a Dask scheduler's workers, ``workers`` processes, or here (one)."""
    if dask is not None:
        try:
            from distributed import Client  # an optional extra: pip install "escoba-trainer[cluster]"
        except ImportError:
            raise _ArgumentRefused(
                "escoba-trainer: --dask needs Dask's distributed package: pip install 'escoba-trainer[cluster]'"
            ) from None
        try:
            client = Client(dask, timeout=DASK_CONNECT_SECONDS)  # type: ignore[no-untyped-call]
        except (OSError, ValueError) as error:  # an address it cannot read, or no scheduler answering there
            raise _ArgumentRefused(f"escoba-trainer: --dask: {error}") from None
        with client:
            yield client.get_executor()  # type: ignore[no-untyped-call]
    elif workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            yield pool
    else:
        yield None


def _copy_progress(source: str, target: str, verify: bool) -> int:
    """Copy everything of ``source`` that ``target`` lacks (or, with ``verify``, compare the two), saying what became
    of each profile and class and of whatever was left; 1 if anything was left, or differs."""
    if not is_url(source) and not (Path(source) / DB_NAME).is_file():
        print(terminal_safe(f"escoba-trainer: {source}: no {DB_NAME} in it to copy from"), file=sys.stderr)
        return 1
    try:
        with open_store(source) as given, open_store(target) as taken:
            if verify:
                lines, differ = compare(given, taken)
            else:
                done = copy_store(given, taken)
    except StoreError as error:
        print(terminal_safe(f"escoba-trainer: {error}"), file=sys.stderr)
        return 1
    if verify:
        for line in [*lines, "the copy differs" if differ else "both sides hold the same counts"]:
            print(terminal_safe(line))
        return 1 if differ else 0
    for outcome in done:
        if outcome.kind in ("profile", "class") or outcome.problem is not None:
            print(terminal_safe(f"{outcome.kind} {outcome.what}: {_outcome_word(outcome)}"))
    for kind in CARRIED:
        of_kind = [outcome for outcome in done if outcome.kind == kind]
        left = sum(outcome.problem is not None for outcome in of_kind)
        already = sum(outcome.already and outcome.problem is None for outcome in of_kind)
        print(f"{kind}: {len(of_kind) - left - already} copied, {already} there already, {left} not copied")
    return 1 if any(outcome.problem is not None for outcome in done) else 0


def _outcome_word(outcome: Outcome) -> str:
    if outcome.problem is not None:
        return f"not copied: {outcome.problem}"
    return "there already" if outcome.already else "copied"


def _replay(path: Path) -> int:
    try:
        game = load_record(read_bounded(path, MAX_RECORD_BYTES).decode("utf-8"))
    except (FileRefused, RecordError) as error:
        print(terminal_safe(f"{_name(path)}: {error}"), file=sys.stderr)
        return 1
    except UnicodeDecodeError:
        print(terminal_safe(f"{_name(path)}: not UTF-8 text (is this a binary file?)"), file=sys.stderr)
        return 1
    if isinstance(game, Deal):
        print(_deal_report(game))
        return 0
    for number, done in enumerate(game.finished, start=1):
        print(f"deal {number} (dealer: seat {done.dealer})")
        print(_score_table(done.scores, _match_sides(game.players, game.sides)))
        print()
    print(_match_summary(game))
    return 0


def _deal_report(deal: Deal) -> str:
    if not deal.is_over:
        return f"the record stops after {len(deal.plays)} plays, before the deal is over"
    names = [f"seat {seat}" for seat in range(deal.sides)] if deal.sides == 3 else ["leader's side", "dealer's side"]
    return _score_table(deal.score(), names)


def _match_sides(players: int, sides: int) -> list[str]:
    """A name for each match side: its seats."""
    word = "seat " if players == sides else "seats "
    return [word + "+".join(str(seat) for seat in range(side, players, sides)) for side in range(sides)]


def _match_summary(match: Match) -> str:
    scores = " to ".join(map(str, match.totals))
    if match.is_over:
        shut = " (the other side captured no card in a deal)" if match.shut_out is not None else ""
        return f"match over: {scores}, side {match.winner} wins{shut}"
    state = "deal under way" if not match.current.is_over else "between deals"
    return f"match not finished ({state}): {scores}"


def _score_table(scores: Sequence[DealScore], sides: Sequence[str]) -> str:
    """Points per category with the figures behind them, as plain-text columns."""
    rows = score_rows(scores)
    width = max(12, *(len(row[0]) + 2 for row in rows))
    lines = [f"{'':<{width}}" + "".join(f"{side:>18}" for side in sides)]
    lines += [f"{row[0]:<{width}}" + "".join(f"{text:>18}" for text in row[1:]) for row in rows]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
