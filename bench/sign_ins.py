"""A whole class signing in at once with its class code:
``python bench/sign_ins.py [--learners 30] [--rounds 3] [--db URL]``.

Makes a class of ``--learners`` learners in a fresh progress file (or the empty PostgreSQL database at ``--db``),
then signs them all in at the same moment, one thread each (as an app server's sessions would), ``--rounds`` times,
all from the school's one address, each from a device of its own (new in the first round, known after it). Prints,
for each round, how long the whole class took, each sign-in's median, p95 and slowest time, how much the process's
resident memory grew at its peak, and that peak (Linux's VmHWM, reset before each round). To compare with other
code, run it with that code first on ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from pathlib import Path

from trainer.progress import accounts
from trainer.progress.store import ProgressStore
from trainer.progress.stores import open_store

SCHOOL = "203.0.113.7"  # the address a school's whole class signs in from (its NAT)


def peak_kib() -> int:
    """The process's peak resident memory since the last reset, in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise RuntimeError("no VmHWM in /proc/self/status: this bench needs Linux")


def resident_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status: this bench needs Linux")


def reset_peak() -> None:
    Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from what is resident now


def sign_in_together(store: ProgressStore, code: str, names: list[str], password: str) -> list[float]:
    """Every learner signs in at once; each one's seconds."""
    start = threading.Barrier(len(names))
    took = [0.0] * len(names)

    def one(number: int) -> None:
        start.wait()
        began = time.perf_counter()
        device = accounts.Client(SCHOOL, f"device-{number}")
        assert accounts.sign_in(store, code, names[number], password, device) is not None
        took[number] = time.perf_counter() - began

    threads = [threading.Thread(target=one, args=(number,)) for number in range(len(names))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--db", help="an empty PostgreSQL database's URL (default: a SQLite file made for the run)")
    args = parser.parse_args()
    at_once = getattr(accounts, "HASHES_AT_ONCE", "no limit")
    hasher = accounts.HASHER
    settings = f"{hasher.memory_cost} KiB, {hasher.time_cost} passes, {hasher.parallelism} lanes"
    print(f"Argon2id, {settings}; hashes at once: {at_once}")
    with tempfile.TemporaryDirectory() as folder, open_store(args.db or Path(folder)) as store:
        teacher = store.create_account("Teacher", "https://id.example", "teacher").learner
        store.set_teacher(teacher)
        room = store.create_class(teacher, "Bench")
        names = [f"Learner {number}" for number in range(args.learners)]
        for name in names:
            accounts.add_learner(store, teacher, room.id, name, "bench-password")
        columns = f"{'class s':>9}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}{'peak growth MiB':>17}{'peak MiB':>10}"
        print(f"{'round':<6}{columns}")
        for number in range(1, args.rounds + 1):
            reset_peak()
            before, began = resident_kib(), time.perf_counter()
            took = sign_in_together(store, room.code, names, "bench-password")
            whole, peak = time.perf_counter() - began, peak_kib() / 1024
            cuts = statistics.quantiles(took, n=20)
            print(
                f"{number:<6}{whole:>9.2f}{1000 * statistics.median(took):>11.0f}{1000 * cuts[18]:>9.0f}"
                f"{1000 * max(took):>9.0f}{peak - before / 1024:>17.0f}{peak:>10.0f}"
            )


if __name__ == "__main__":
    main()
