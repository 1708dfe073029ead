"""How a large profile import shares the progress file: ``python bench/store.py``.

Imports a profile of ``--attempts`` answers while another tab saves an answer every 20 ms, once
as the store does it (chunks) and once as a single transaction, and prints how long the import
held the write lock at most, how long the other tab's answers waited (median, p95, max) and
how many gave up after the store's busy time.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from trainer.progress import store as store_module
from trainer.progress.store import Attempt, SaveError, Store

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--attempts", type=int, default=100_000)
    args = parser.parse_args()
    data = export_of(args.attempts)
    print(f"importing {args.attempts:,} answers while another tab saves one every 20 ms")
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
