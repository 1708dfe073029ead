"""The compiled code built in the background, and the computer's play while it is built."""

import threading

import pytest

from trainer import Deal
from trainer.ai import batch, bots, game, tree, warm
from trainer.ai.view import View


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> list[threading.Event]:
    """A process where nothing was built yet, whose build only counts its calls (the list) and ends when told."""
    monkeypatch.setattr(warm, "_started", threading.Event())
    monkeypatch.setattr(warm, "_built", threading.Event())
    builds: list[threading.Event] = []

    def build() -> None:
        builds.append(threading.Event())
        builds[-1].wait(10)
        warm._built.set()

    monkeypatch.setattr(warm, "_build", build)
    return builds


def test_compiling_the_engine_compiles_what_the_computer_a_hint_and_a_review_call() -> None:
    warm.compile_engine()
    assert batch._margins.signatures and tree._search.signatures  # the entry points from Python


def test_another_process_compiles_the_engine_where_this_one_finds_the_package() -> None:
    done = warm.compile_elsewhere()
    assert done.returncode == 0, done.stderr.decode()


def test_the_build_starts_once_however_often_it_is_asked_for(fresh: list[threading.Event]) -> None:
    starts = [threading.Thread(target=warm.start_building) for _ in range(4)]
    for start in starts:
        start.start()
    for start in starts:
        start.join()
    warm.start_building()
    assert warm.building()
    fresh[0].set()
    warm.wait_until_built()
    assert len(fresh) == 1 and not warm.building()


def test_nothing_is_built_and_nothing_waited_for_where_no_build_was_started(fresh: list[threading.Event]) -> None:
    warm.wait_until_built()
    assert not warm.building() and not fresh


def test_while_the_code_is_built_an_evaluating_level_plays_the_greedy_play(
    fresh: list[threading.Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    def compiled(*_: object) -> None:
        raise AssertionError("the compiled code was called while it was built")

    monkeypatch.setattr(bots, "evaluate", compiled)
    monkeypatch.setattr(bots, "searched", compiled)
    warm.start_building()
    for seed in range(5):
        view = View.of(Deal.new(seed=seed))
        for level in ("expert", "master"):
            assert bots.make_bot(level, 1).choose(view) == bots.make_bot("greedy", 1).choose(view)
    fresh[0].set()


def test_a_hint_is_weighed_only_once_the_code_being_built_is_ready(
    fresh: list[threading.Event], monkeypatch: pytest.MonkeyPatch
) -> None:
    weighed_while_building: list[bool] = []
    monkeypatch.setattr(game, "evaluate", lambda *_: weighed_while_building.append(warm.building()) or [])
    warm.start_building()
    asking = threading.Thread(target=game.weigh, args=(Deal.new(seed=3), 0))
    asking.start()
    asking.join(0.5)  # a hint that did not wait is weighed by now
    fresh[0].set()
    asking.join()
    assert weighed_while_building == [False]
