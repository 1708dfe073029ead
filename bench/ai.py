"""How fast the computer players think: ``python bench/ai.py``.

Prints, from one run: the expert's time per move (in the learner's seat), the master's (at every turn, on both
sides), a hint's time and a whole deal's review time (medians and 95th percentiles), in CPU time (which a loaded
machine does not stretch) and by the clock. The playout engine's deals per second are in ``bench/engine.py``, beside
``Deal``'s. The exact endgame search, before and after alpha-beta, is in ``bench/endgame.py``."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import TypeVar

from trainer.ai.arena import median_and_p95
from trainer.ai.bots import make_bot
from trainer.ai.game import Game, review
from trainer.ai.view import View

T = TypeVar("T")


def figures(times: list[tuple[float, float]]) -> str:
    """CPU and clock times (seconds, in pairs) as their medians and 95th percentiles."""
    cpu, clock = median_and_p95([t[0] for t in times]), median_and_p95([t[1] for t in times])
    return (
        f"CPU median {1000 * cpu[0]:7.1f} ms, p95 {1000 * cpu[1]:7.1f} ms;"
        f" by the clock {1000 * clock[0]:7.1f} / {1000 * clock[1]:7.1f} ms   ({len(times)} runs)"
    )


def timed(action: Callable[..., T], *given: object) -> tuple[T, tuple[float, float]]:
    """What ``action(*given)`` returns, and the CPU time (this thread's) and the clock time it took."""
    cpu, clock = time.thread_time(), time.perf_counter()
    found = action(*given)
    return found, (time.thread_time() - cpu, time.perf_counter() - clock)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20, help="deals played and reviewed for the timings")
    args = parser.parse_args()

    expert, master = make_bot("expert", 1), make_bot("master", 1)
    times: dict[str, list[tuple[float, float]]] = {"expert move": [], "master move": [], "hint": [], "review": []}
    for number in range(args.deals):
        game = Game.start(2, "greedy", seed=number)
        while not game.deal.is_over:
            times["master move"].append(timed(master.choose, View.of(game.deal))[1])
            if not game.learner_to_play:
                game = game.computer_turn()
                continue
            times["hint"].append(timed(game.hint)[1])
            play, took = timed(expert.choose, View.of(game.deal))
            times["expert move"].append(took)
            game = game.learner_plays(play)
        times["review"].append(timed(review, game.decisions)[1])
    for name, found in times.items():
        print(f"{name + ':':<14} {figures(found)}")


if __name__ == "__main__":
    main()
