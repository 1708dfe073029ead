"""The computer players' compiled code, built before the first learner needs it.

Numba compiles the playouts (``trainer.ai.batch``, ``trainer.ai.tree``) at their first call, 20 to 60 seconds on a
fresh install, and keeps them on disk: in ``__pycache__`` beside the modules, in the user's cache folder where that
one cannot be written, or in ``NUMBA_CACHE_DIR``; a later process loads them in about a second. An app server calls
``start_building`` as it starts: a process of its own compiles the code (on another core, away from the server's
interpreter lock), then the server loads what it kept. Meanwhile ``building()`` is true, and a computer player that
weighs ways plays the greedy play instead (``Bot.choose``), so no move waits for the compiler; a hint or a review
waits until the code is ready (``wait_until_built``). A process that never calls ``start_building`` (the command
line, the tests) compiles at its first call, as before.

``python -m trainer.ai.warm`` compiles the code and exits: the app's image runs it when it is built.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

_started = threading.Event()
_built = threading.Event()
_starting = threading.Lock()


def compile_engine() -> None:
    """Compile (or load from disk) what the computer players, a hint and a review call."""
    from trainer.ai.batch import margins_on_ways
    from trainer.ai.tree import search_round
    from trainer.ai.view import View
    from trainer.deal import Deal

    view = View.of(Deal.new(seed=0))
    margins_on_ways(view, view.legal_plays(), 1, 0)
    search_round(view, view.legal_plays(), 1, 0)


def start_building() -> None:
    """Build the compiled code in the background, once per process: later calls do nothing."""
    with _starting:
        if _started.is_set():
            return
        _started.set()
    threading.Thread(target=_build, name="compile-engine", daemon=True).start()


def compile_elsewhere() -> subprocess.CompletedProcess[bytes]:
    """Compile in another process, which finds the package where this one does, and say how it went."""
    environment = os.environ | {"PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-m", "trainer.ai.warm"]
    return subprocess.run(command, env=environment, check=False, capture_output=True)


def _build() -> None:
    """Compile in another process, then load here what it kept (or, where it could keep nothing, compile here)."""
    try:
        compile_elsewhere()
        compile_engine()
    finally:
        _built.set()


def building() -> bool:
    """Whether the compiled code is being built in the background, not ready yet."""
    return _started.is_set() and not _built.is_set()


def wait_until_built() -> None:
    """Return once the code built in the background is ready (at once where none is being built)."""
    if _started.is_set():
        _built.wait()


if __name__ == "__main__":
    compile_engine()
