"""The first computer move after a fresh install: ``python bench/cold_start.py [--no-build]``.

Starts a new Python process with an empty Numba cache (``NUMBA_CACHE_DIR`` a new folder, so nothing compiled
before is found) and times, from the moment it is started, what an app server's first learner sees: the process
starts building the compiled code in the background as the app's first run does (``trainer.ai.warm``), a
two-player match against the expert begins, the learner makes the first play, and the computer replies. Then how
long until the compiled code is ready, the computer's next reply and a hint once it is. ``--no-build`` leaves out
the background build, as the app was before it: the first reply then waits for the compiler. The figures come from
the clock of this process, in seconds since the other one was started; the machine's load counts in them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(build: bool) -> None:
    """The measured process: each step's name printed the moment it is done."""

    def done(step: str) -> None:
        print(step, flush=True)

    from trainer.ai import warm

    if build:
        warm.start_building()
    from trainer.ai.game import Game

    done("imported")
    game = Game.start(2, "expert", seed=1)
    game = game.learner_plays(game.deal.legal_plays()[0])
    done("a match started, the learner played")
    game = game.computer_turn()
    done("the computer's first reply")
    warm.wait_until_built()
    done("the compiled code ready")
    game = game.learner_plays(game.deal.legal_plays()[0]).computer_turn()
    done("the computer's next reply")
    game.hint()
    done("a hint")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="no background build: as the app was before it")
    parser.add_argument("--child", choices=("build", "no-build"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child == "build")
        return
    with tempfile.TemporaryDirectory(prefix="escoba-numba-") as cache:
        env = os.environ | {"NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
        mode = "no-build" if args.no_build else "build"
        print(f"a new process, Numba's cache empty ({cache}), {'no ' if args.no_build else ''}background build")
        began = time.perf_counter()
        command = [sys.executable, __file__, "--child", mode]
        with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True, cwd=ROOT) as measured:
            assert measured.stdout is not None
            last = began
            for line in measured.stdout:
                now = time.perf_counter()
                print(f"{now - began:7.2f} s  {line.strip():<40} (+{now - last:.2f} s)")
                last = now
        if measured.returncode:
            sys.exit(measured.returncode)


if __name__ == "__main__":
    main()
