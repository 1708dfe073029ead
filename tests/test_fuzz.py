"""Hostile input, generated: profile imports and game records of any shape give a clear refusal or work,
never a crash, and a refused import changes nothing."""

import functools
import json
import math
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.cli import main
from trainer.deal import Deal
from trainer.progress.sqlite import Store
from trainer.records import record_of

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
FUZZ = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])


def export_of(tmp_path: Path) -> dict:
    with Store.open(tmp_path / "source") as saved:
        saved.create_profile("Ana")
        saved.set_rating("Ana", 1510.0, 180.0, 0.06)
        saved.record_best("Ana", "streak", 4)
        saved.record_stars("Ana", "values", 2)
        return saved.export_profile("Ana")


def paths(data: object, path: tuple = ()) -> list[tuple]:
    """Every place in nested data, as the keys and indexes that lead there."""
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, (*path, index))
    return found


def replaced(data: object, path: tuple, value: object) -> object:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return copy


@FUZZ
@given(data=st.data())
def test_an_export_with_any_field_replaced_is_imported_or_refused_with_nothing_written(tmp_path, data):
    export = export_of(tmp_path) if not (tmp_path / "export.json").exists() else None
    if export is not None:
        (tmp_path / "export.json").write_text(json.dumps(export), encoding="utf-8")
    export = json.loads((tmp_path / "export.json").read_text(encoding="utf-8"))
    where = data.draw(st.sampled_from(paths(export)))
    hostile = replaced(export, where, data.draw(VALUES))
    with Store.open(tmp_path / "target") as saved:
        before = saved.profiles()
        try:
            name = saved.import_profile(hostile, name=f"Guest{len(before)}")  # type: ignore[arg-type]
        except ValueError:
            assert saved.profiles() == before  # refused: nothing written
        else:
            assert name in saved.profiles()
            rating = saved.get_rating(name)
            assert rating is None or all(math.isfinite(x) for x in rating)


@FUZZ
@given(text=st.text(max_size=200) | VALUES.map(json.dumps))
def test_any_text_given_as_an_export_is_imported_or_refused_with_a_value_error(tmp_path, text):
    with Store.open(tmp_path / "any") as saved:
        before = saved.profiles()
        try:
            saved.import_json(text)
        except ValueError:
            assert saved.profiles() == before


@FUZZ
@given(record=VALUES)
def test_replay_of_any_json_exits_0_or_1_with_no_traceback(tmp_path, capsys, record):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) in (0, 1)
    capsys.readouterr()


@functools.cache
def record_text() -> str:
    """A real record of a whole deal, played out by the engine, as JSON."""
    deal = Deal.new(seed=3)
    while not deal.is_over:
        deal = deal.play(deal.legal_plays()[0])
    return json.dumps(record_of(deal))


def a_record() -> dict:
    return json.loads(record_text())


@FUZZ
@given(data=st.data())
def test_replay_of_a_real_record_with_any_field_replaced_exits_0_or_1(tmp_path, capsys, data):
    record = a_record()
    hostile = replaced(record, data.draw(st.sampled_from(paths(record))), data.draw(VALUES))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(hostile), encoding="utf-8")
    code = main(["replay", str(path)])
    _, err = capsys.readouterr()
    assert code in (0, 1)
    assert code == 0 or (err.strip() and "Traceback" not in err)  # a refusal says why, in one line


def test_no_property_test_has_a_deadline() -> None:
    """On a loaded machine one example can take seconds: a deadline would fail a correct property at random."""
    assert settings().deadline is None
    assert FUZZ.deadline is None
