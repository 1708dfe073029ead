"""How a large profile import shares the progress file, and what a long list of matches costs the
Progress page: ``python bench/store.py``.

Imports a profile of ``--attempts`` answers while another tab saves an answer every 20 ms, once
as the store does it (chunks) and once as a single transaction, and prints how long the import
held the write lock at most, how long the other tab's answers waited (median, p95, max) and
how many gave up after the store's busy time.

Then keeps ``--matches`` whole matches for one profile and prints how long each store call of
the Progress page takes, and the page's script time under Streamlit's AppTest (as bench/app.py
measures it).

Then gives one learner a history of ``--answers`` answers (100,000 unless told) and prints, for a SQLite file and,
with ``--db URL`` (an empty PostgreSQL database), for PostgreSQL side by side: the latest 50 answers (median of 20
reads), fetched whole as before and with their limit in SQL; the damage check, every row read in Python as
PostgreSQL's was before, then as now in a store just opened and again; and the Progress page in a fresh tab
(AppTest, one process, course and bank built): the first tab after the store opens, then the median of three more.

Then finds a profile among 10 and among ``--profiles`` (10,000 unless told): by its name, by its id, and a read
by name (its stars), a median over many calls each, with the ratio of the two sizes; a lookup should not depend on
how many learners the store holds. ``--db URL`` runs this part on that PostgreSQL database instead of a file.
``--attempts 0``, ``--matches 0``, ``--answers 0`` or ``--profiles 0`` leaves a part out.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from trainer.match import Match
from trainer.progress import rows as rows_module
from trainer.progress import store as store_module
from trainer.progress.errors import SaveError
from trainer.progress.model import Attempt, GameSummary, Learner
from trainer.progress.sqlite import DB_NAME, Store
from trainer.progress.store import ProgressStore
from trainer.progress.stores import is_url, open_store
from trainer.records import record_of

APP = str(Path(__file__).parent.parent / "streamlit_app.py")

T0 = datetime(2025, 3, 1, tzinfo=UTC)


def export_of(count: int) -> dict[str, Any]:
    """An export with ``count`` answers, made by the store from a real profile."""
    with tempfile.TemporaryDirectory() as folder, Store.open(folder) as store:
        store.create_profile("Big")
        for i in range(count):
            at = T0 + timedelta(seconds=i)
            store.record_attempt(
                "Big", Attempt(f"p{i % 300}", "capture", 1, ("sum",), "drill", "7", True, 2.0, 0, False, at)
            )
        return store.export_profile("Big")


def timed(store: Store, held: list[float]) -> None:
    """Make the store note how long each of its write transactions lasts."""
    plain = store._transaction

    @contextmanager
    def measured(begin: str = "BEGIN IMMEDIATE") -> Iterator[Any]:
        with plain(begin) as conn:
            start = time.perf_counter()
            yield conn
        if begin == "BEGIN IMMEDIATE":
            held.append(time.perf_counter() - start)

    store._transaction = measured  # type: ignore[method-assign]


def one_import(data: dict[str, Any], chunk: int) -> tuple[float, float, list[float], int]:
    """Seconds for the import, its longest write transaction, the other tab's waits, and its failures."""
    store_module.IMPORT_CHUNK = chunk
    waits: list[float] = []
    failures = 0
    done = threading.Event()
    with tempfile.TemporaryDirectory() as folder:
        with Store.open(folder) as setup:
            setup.create_profile("Ana")
            setup.record_best("Ana", "streak", 1)

        def other_tab() -> None:
            nonlocal failures
            with Store.open(folder) as tab:
                while not done.wait(0.02):
                    start = time.perf_counter()
                    try:
                        tab.record_best("Ana", "streak", len(waits) + 2)
                        waits.append(time.perf_counter() - start)
                    except SaveError:
                        failures += 1

        held: list[float] = []
        with Store.open(folder) as store:
            timed(store, held)
            tab = threading.Thread(target=other_tab)
            tab.start()
            start = time.perf_counter()
            try:
                store.import_profile(data)
            finally:
                elapsed = time.perf_counter() - start
                done.set()
                tab.join()
    return elapsed, max(held), waits, failures


def whole_match(seed: int) -> Match:
    """A two-player match played to its end with random legal plays."""
    rng, match = random.Random(seed), Match.new(2, seed=seed)
    while not match.is_over:
        match = match.next_deal() if match.current.is_over else match.play(rng.choice(match.current.legal_plays()))
    return match


def keep_matches(folder: Path, count: int) -> None:
    """Give the profile Player ``count`` whole matches, written straight into the file in one transaction; the
    records are those of a few real matches, each about as long as a match is."""
    with Store.open(folder) as saved:
        pid = saved.create_profile("Player").id
    matches = [whole_match(seed) for seed in range(20)]
    rows = []
    for number in range(count):
        match = matches[number % len(matches)]
        summary = GameSummary.of(match, T0 + timedelta(hours=number), "greedy", 30, 4.5)
        rows.append((*rows_module.game_row(summary), json.dumps(record_of(match), ensure_ascii=False)))
    with closing(sqlite3.connect(folder / DB_NAME)) as conn, conn:
        fields = ", ".join(rows_module.GAME_FIELDS)
        conn.executemany(
            f"INSERT INTO games (profile_id, {fields}, record) VALUES (?{', ?' * len(rows[0])})",
            [(pid, *row) for row in rows],
        )


def progress_calls(folder: Path) -> list[tuple[str, float]]:
    """Seconds each store call of the Progress page takes, in a fresh Store as a new server would have."""
    calls = {
        "damaged_rows (first)": lambda s: s.damaged_rows("Player"),
        "damaged_rows (again)": lambda s: s.damaged_rows("Player"),
        "answer_groups": lambda s: s.answer_groups("Player"),
        "get_rating": lambda s: s.get_rating("Player"),
        "best (twice)": lambda s: (s.best("Player", "streak"), s.best("Player", "rush")),
        "stars": lambda s: s.stars("Player"),
        "recent_ratings": lambda s: s.recent_ratings("Player", 300),
        "attempts(limit=300)": lambda s: s.attempts("Player", limit=300),
        "games": lambda s: s.games("Player"),
    }
    times = []
    with Store.open(folder) as saved:
        for name, call in calls.items():
            start = time.perf_counter()
            call(saved)
            times.append((name, time.perf_counter() - start))
    return times


def page_times(folder: Path, runs: int = 5) -> list[float]:
    """The Progress page's script time (AppTest, one process), run after run."""
    from streamlit.testing.v1 import AppTest

    os.environ["ESCOBA_TRAINER_DATA"] = str(folder)
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()  # builds the course and the bank once per server: not the Progress page
    at.switch_page("trainer/app/views/progress.py")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
    assert not at.exception, at.exception
    return times


def progress_bench(matches: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        keep_matches(folder, matches)
        size = (folder / DB_NAME).stat().st_size
        print(f"\nthe Progress page's store calls with {matches:,} matches ({size / 1e6:.0f} MB file), in ms")
        total = 0.0
        for name, seconds in progress_calls(folder):
            total += seconds
            print(f"{name:<24}{1000 * seconds:>9.1f}")
        print(f"{'all':<24}{1000 * total:>9.1f}")
        times = page_times(folder)
        median, most = 1000 * statistics.median(times), 1000 * max(times)
        print(f"Progress page script (AppTest): median {median:.0f} ms, max {most:.0f} ms")


#: A club's sign-in for the PostgreSQL fresh tab: the app serves a database only with one set up.
CLUB_SECRETS = {
    "club": {"teacher_code": "a long phrase for teachers"},
    "auth": {
        "redirect_uri": "http://localhost:8501/oauth2callback",
        "cookie_secret": "a cookie secret for this bench only",
        "client_id": "escoba",
        "client_secret": "any",
        "server_metadata_url": "https://id.example/.well-known/openid-configuration",
    },
}
ISSUER = "https://id.example"


def give_history(store: ProgressStore, learner: Learner, count: int) -> None:
    """``count`` rated answers for the learner, written in one transaction as an import would."""
    puzzles = [f"capture-l{1 + n % 5}-{n}" for n in range(300)]
    kinds, themes = ("capture", "choose"), (("sum",), ("escoba", "sevens"))
    rows = [
        (learner.id, *rows_module.attempt_row(answer))
        for i in range(count)
        for answer in [
            Attempt(puzzles[i % 300], kinds[i % 2], 1 + i % 5, themes[i % 2], "practice", "7♦", i % 3 != 0, 4.0, 0,
                    False, T0 + timedelta(seconds=30 * i), 1500.0 + i % 200, 80.0)
        ]
    ]  # fmt: skip
    with store._writing() as conn:
        conn.executemany(store_module._INSERT_ATTEMPT, rows)


def median_seconds(call: Callable[[], object], runs: int) -> float:
    taken = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        taken.append(time.perf_counter() - start)
    return statistics.median(taken)


def latest_whole(store: ProgressStore, learner: Learner, limit: int) -> list[Any]:
    """The latest ``limit`` answers as they were read before the limit went into the SQL: every row sent."""
    columns, read = rows_module.READERS["attempts"]
    query = f"SELECT rowid, {columns} FROM attempts WHERE profile_id = ? ORDER BY at DESC, rowid DESC"
    with store._reading() as conn:
        return [read(row) for row, _ in zip(conn.execute(query, (learner.id,)), range(limit), strict=False)]


def every_row_read(store: ProgressStore, learner: Learner) -> dict[str, int]:
    """The damage check as PostgreSQL's was before: every row of the profile read in Python."""
    with store._reading() as conn:
        return {table: len(rows_module.damaged_in(conn, table, learner.id)) for table in rows_module.READERS}


def fresh_tabs(place: str, components: object, tabs: int = 4) -> list[float]:
    """Seconds of the Progress page in ``tabs`` fresh tabs of one app process (AppTest), the first right after the
    store opens: on a file, its only profile; on a database, the account "Player", signed in. Each tab is given the
    ``components`` the server found installed at its start (``warm_up``), which AppTest would look for again in
    every new tab, for seconds: a server does so once."""
    from streamlit.testing.v1 import AppTest

    from trainer.app.store_access import _store
    from trainer.progress.stores import DB_VAR, is_url

    _store.clear()  # the store opens as on a server just started
    os.environ.pop(DB_VAR, None)
    os.environ.update({DB_VAR: place} if is_url(place) else {"ESCOBA_TRAINER_DATA": place})
    times = []
    for tab in range(tabs):
        at = AppTest.from_file(APP, default_timeout=120)
        at._bidi_component_manager = components  # type: ignore[assignment]
        if is_url(place):
            for name, table in CLUB_SECRETS.items():
                at.secrets[name] = table
            at.user = {
                "is_logged_in": True,
                "iss": ISSUER,
                "sub": "player",
                "iat": int(time.time()) + tab,
            }  # a sign-in each
        at.switch_page("trainer/app/views/progress.py")
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception and not at.error, (at.exception, at.error)
        assert any("Rating over time" in header.value for header in at.header), "the page showed no history"
    return times


def history_figures(place: str, answers: int, components: object) -> dict[str, float]:
    """Seconds of each figure of the history part, on a store at ``place`` (a folder or a database's URL)."""
    with open_store(place) as store:
        if is_url(place):
            learner = store.create_account("Player", ISSUER, "player").learner
        else:
            learner = store.create_profile("Player")
        give_history(store, learner, answers)
        figures = {
            "latest 50, whole history sent (before)": median_seconds(lambda: latest_whole(store, learner, 50), 20),
            "latest 50, LIMIT in SQL": median_seconds(lambda: store.attempts(learner, limit=50), 20),
            "damage check, every row read (before)": median_seconds(lambda: every_row_read(store, learner), 3),
        }
    with open_store(place) as store:  # as an app server just started
        start = time.perf_counter()
        assert store.damaged_rows(learner) == {}
        figures["damage check, first"] = time.perf_counter() - start
        figures["damage check, again"] = median_seconds(lambda: store.damaged_rows(learner), 20)
    first, *more = fresh_tabs(place, components)
    figures["Progress, first fresh tab"] = first
    figures["Progress, fresh tab (median)"] = statistics.median(more)
    return figures


def history_bench(answers: int, db: str | None) -> None:
    """The history part: a SQLite file, and ``db`` beside it."""
    components = warm_up()
    columns: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        columns["SQLite"] = history_figures(scratch, answers, components)
    if db:
        columns["PostgreSQL"] = history_figures(db, answers, components)
    print(f"\na history of {answers:,} answers, in ms")
    print(f"{'':<40}" + "".join(f"{name:>12}" for name in columns) + ("    ratio" if db else ""))
    for label in columns["SQLite"]:
        shown = [columns[name][label] for name in columns]
        ratio = f"{shown[1] / shown[0]:>9.2f}" if db else ""
        print(f"{label:<40}" + "".join(f"{1000 * value:>12.1f}" for value in shown) + ratio)


def warm_up() -> object:
    """Build the course and the puzzle bank once, as a running server has them, so that a tab's time is its page's;
    return the components found installed."""
    from streamlit.testing.v1 import AppTest

    with tempfile.TemporaryDirectory() as scratch:
        os.environ["ESCOBA_TRAINER_DATA"] = scratch
        at = AppTest.from_file(APP, default_timeout=120).switch_page("trainer/app/views/progress.py").run()
    return at._bidi_component_manager


def add_profiles(store: ProgressStore, first: int, stop: int) -> None:
    """Profiles "Learner first" … "Learner stop-1", made in one transaction as an import would."""
    with store._writing() as conn:
        for n in range(first, stop):
            name = f"Learner {n}"
            conn.execute(
                "INSERT INTO profiles (name, name_key, created) VALUES (?, ?, ?)",
                (name, store_module.name_key(name), T0.isoformat()),
            )


def lookup_times(store: ProgressStore, count: int, calls: int = 2000) -> dict[str, float]:
    """Median microseconds of a profile found by name, by id, and of a read by name, among ``count`` profiles."""
    name = f"learner {count // 2}"  # found up to case
    learner = store.learner(name)
    assert learner is not None
    calls_made = {
        "found by name": lambda: store.learner(name),
        "found by id": lambda: store.learner(learner),
        "stars, by name": lambda: store.stars(name),
    }
    times = {}
    for label, call in calls_made.items():
        taken = []
        for _ in range(calls):
            start = time.perf_counter()
            call()
            taken.append(time.perf_counter() - start)
        times[label] = 1e6 * statistics.median(taken)
    return times


def lookup_bench(profiles: int, db: str | None) -> None:
    """The lookups among 10 profiles, then among ``profiles`` in the same store: a fresh file, or ``db``."""
    with tempfile.TemporaryDirectory() as scratch, open_store(db or scratch) as store:
        add_profiles(store, 0, 10)
        few = lookup_times(store, 10)
        add_profiles(store, 10, profiles)
        many = lookup_times(store, profiles)
    where = "a PostgreSQL database" if db else "a SQLite file"
    print(f"\na profile found among 10 and among {profiles:,} in {where}, median µs a call")
    print(f"{'call':<18}{'10':>10}{f'{profiles:,}':>10}{'ratio':>8}")
    for label in few:
        print(f"{label:<18}{few[label]:>10.1f}{many[label]:>10.1f}{many[label] / few[label]:>8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--attempts", type=int, default=100_000)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--answers", type=int, default=100_000)
    parser.add_argument("--profiles", type=int, default=10_000)
    parser.add_argument(
        "--db", help="an empty PostgreSQL database, beside the file for the history, instead of it for the lookups"
    )
    args = parser.parse_args()
    if args.attempts:
        import_bench(args.attempts)
    if args.matches:
        progress_bench(args.matches)
    if args.answers:
        history_bench(args.answers, args.db)
    if args.profiles:
        lookup_bench(args.profiles, args.db)


def import_bench(attempts: int) -> None:
    data = export_of(attempts)
    print(f"importing {attempts:,} answers while another tab saves one every 20 ms")
    print(f"{'writing':<20}{'import s':>10}{'lock max ms':>13}{'wait med ms':>13}{'p95':>8}{'max':>8}{'gave up':>9}")
    chunked = store_module.IMPORT_CHUNK
    for label, chunk in ((f"chunks of {chunked:,}", chunked), ("one transaction", 10**9)):
        elapsed, longest, waits, failures = one_import(data, chunk)
        ordered = sorted(waits) or [0.0]
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(
            f"{label:<20}{elapsed:>10.2f}{1000 * longest:>13.1f}{1000 * statistics.median(ordered):>13.1f}"
            f"{1000 * p95:>8.1f}{1000 * ordered[-1]:>8.1f}{failures:>9}"
        )


if __name__ == "__main__":
    main()
