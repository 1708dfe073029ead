"""What the store tests share: a moment to date things at, a review card the scheduler can read, and a writer
killed mid-way."""

import json
import multiprocessing
import os
import signal
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import fsrs

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
CARD = json.dumps(fsrs.Card(card_id=1, due=T0).to_dict())


def kill_once_started(target: Callable[[str, Any], None], folder: str) -> int | None:
    """Run ``target(folder, started)`` in a child process, kill it with SIGKILL once it sets ``started``, and
    return its exit code."""
    context = multiprocessing.get_context("spawn")
    started = context.Event()
    child = context.Process(target=target, args=(folder, started))
    child.start()
    try:
        assert started.wait(timeout=300)
    finally:
        assert child.pid is not None
        os.kill(child.pid, signal.SIGKILL)
        child.join()
    return child.exitcode
