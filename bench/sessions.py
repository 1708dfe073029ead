"""What checking the session costs every page of a club's server: ``python bench/sessions.py [--db URL]``.

Makes a class of ``--learners`` learners, each signed in ``--sessions`` times (as many browsers), in a fresh progress
file or, with ``--db``, an empty PostgreSQL database; then prints the median and p95 time of the check every page
makes (``sessions.live``: one look-up by the token's hash), beside reading a learner's account by its id as the
pages did before, over ``--checks`` calls each.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime

from trainer.progress import sessions
from trainer.progress.store import ProgressStore
from trainer.progress.stores import open_store


def timed(call: Callable[[int], object], checks: int) -> str:
    """The median and p95 time of ``call(n)`` for n up to ``checks``, in milliseconds."""
    times = []
    for number in range(checks):
        start = time.perf_counter()
        call(number)
        times.append(time.perf_counter() - start)
    times.sort()
    return f"median {statistics.median(times) * 1000:.3f} ms, p95 {times[int(0.95 * len(times))] * 1000:.3f} ms"


def measure(saved: ProgressStore, learners: int, per_learner: int, checks: int) -> None:
    tere = saved.create_account("Tere", "https://id.example", "tere").learner
    saved.set_teacher(tere)
    room = saved.create_class(tere, "Martes")
    made = [saved.add_learner(tere, room.id, f"Learner {n}", "not a hash: never checked") for n in range(learners)]
    now = datetime.now(UTC)
    tokens = [token for learner in made for _ in range(per_learner) if (token := sessions.start(saved, learner, now))]
    print(f"{len(tokens)} sessions of {learners} learners")
    print("session check (every page):", timed(lambda n: sessions.live(saved, tokens[n % len(tokens)], now), checks))
    print("account by id (before):    ", timed(lambda n: saved.account_of(made[n % len(made)]), checks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--checks", type=int, default=2000)
    parser.add_argument("--db", help="an empty PostgreSQL database (default: a SQLite file)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, open_store(arguments.db or folder) as saved:
        measure(saved, arguments.learners, arguments.sessions, arguments.checks)


if __name__ == "__main__":
    main()
