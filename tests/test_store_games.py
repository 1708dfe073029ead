"""Matches against the computer are kept with the profile: a summary for Progress and a record that replays."""

import dataclasses
import json
from datetime import timedelta
from pathlib import Path

import pytest
from store_kit import T0, edit

from trainer import Deal, Match
from trainer.progress import checks, export_schema
from trainer.progress.errors import StaleMatch
from trainer.progress.model import GameSummary
from trainer.progress.sqlite import Store
from trainer.records import load_record, record_of


def finished_deal() -> Deal:
    deal = Deal.new(seed=4)
    while not deal.is_over:
        deal = deal.play(deal.legal_plays()[0])
    return deal


SUMMARY = GameSummary(T0, "expert", 2, 3, 5, False, 18, 1.25)


def played_match() -> Match:
    """A match after its first deal, played with the first legal play each turn."""
    match = Match.new(2, seed=4)
    while not match.current.is_over:
        match = match.play(match.current.legal_plays()[0])
    return match


MATCH = played_match()
KEPT = GameSummary.of(MATCH, T0, "expert", 18, 1.25)  # the summary that its record replays to


def test_a_game_is_kept_and_updated_as_the_match_goes_on(store: Store) -> None:
    number, version = store.save_game("Ana", SUMMARY, record_of(finished_deal()))
    later = dataclasses.replace(SUMMARY, points=21, over=True, decisions=40)
    assert store.save_game("Ana", later, record_of(finished_deal()), (number, version)) == (number, version + 1)
    assert store.games("Ana") == [later]
    other = dataclasses.replace(SUMMARY, played_at=T0 - timedelta(days=1), level="greedy")
    store.save_game("Ana", other, record_of(finished_deal()))
    assert [g.level for g in store.games("Ana")] == ["greedy", "expert"]  # oldest first


def test_games_travel_with_an_export_and_their_records_replay(store: Store) -> None:
    store.save_game("Ana", KEPT, record_of(MATCH))
    data = store.export_profile("Ana")
    [game] = data["games"]
    replayed = load_record(json.dumps(game["record"]))
    assert isinstance(replayed, Match) and replayed.totals == MATCH.totals
    store.import_profile(data, name="Bea")
    assert store.games("Bea") == [KEPT]


def test_an_import_whose_game_record_does_not_replay_is_refused(store: Store) -> None:
    store.save_game("Ana", SUMMARY, record_of(finished_deal()))
    data = store.export_profile("Ana")
    data["games"][0]["record"]["deals"][0]["plays"][0] = "7♦ K♠"
    with pytest.raises(ValueError, match=r"^games\[0\]\.record: deal 1, play 1"):
        store.import_profile(data, name="Bea")
    assert store.profiles() == ["Ana"]


def test_a_damaged_game_row_is_counted_and_left_out_where_its_damage_is_read(store: Store) -> None:
    store.save_game("Ana", SUMMARY, record_of(finished_deal()))
    store.save_game("Ana", SUMMARY, record_of(finished_deal()))
    store.save_game("Ana", SUMMARY, record_of(finished_deal()))
    edit(store, "UPDATE games SET record = '[[[' WHERE rowid = 1")
    edit(store, "UPDATE games SET level = 'wizard' WHERE rowid = 2")
    assert store.games("Ana") == [SUMMARY] * 2  # the list reads summaries only: a damaged record still shows
    assert store.damaged_rows("Ana") == {"games": 2}
    assert len(store.export_profile("Ana")["games"]) == 1  # the one whole game


def test_the_unfinished_match_saved_last_is_offered_and_a_damaged_one_passed_over(store: Store) -> None:
    record = record_of(Match.new(2, seed=5))
    assert store.unfinished_game("Ana") is None
    older, _ = store.save_game("Ana", SUMMARY, record)
    newer, _ = store.save_game("Ana", dataclasses.replace(SUMMARY, played_at=T0 + timedelta(hours=1)), record)
    store.save_game("Ana", dataclasses.replace(SUMMARY, played_at=T0 + timedelta(hours=2), over=True), record)
    found = store.unfinished_game("Ana")
    assert found is not None and found.number == newer and found.summary.played_at == T0 + timedelta(hours=1)
    edit(store, "UPDATE games SET level = 'wizard' WHERE rowid = ?", newer)
    found = store.unfinished_game("Ana")
    assert found is not None and found.number == older


def test_a_kept_game_replays_on_the_command_line(store: Store, tmp_path: Path, capsys) -> None:
    from trainer.ai.game import Game, review
    from trainer.cli import main
    from trainer.progress.training import keep_game

    game = Game.start(2, "greedy", seed=8)
    while not game.deal.is_over:
        game = game.learner_plays(game.deal.legal_plays()[0]) if game.learner_to_play else game.computer_turn()
    assert keep_game(store, "Ana", game, None, T0) is None and not store.games("Ana")  # saved with its review
    keep_game(store, "Ana", game.after_review(review(game.decisions, samples=4)), None, T0)
    [kept] = store.export_profile("Ana")["games"]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(kept["record"]), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "match not finished (between deals)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", 99, r"games\[0\]: 99 is not an integer from 2 to 6"),
        ("players", 4, r"games\[0\]\.players: 4, but its record was played by 2"),
        ("decisions", -5, r"games\[0\]: -5 is not an integer from 0"),
        ("points", 2**40, r"games\[0\]: 1099511627776 is not an integer"),
        ("lost", -3.0, r"games\[0\]: lost: -3\.0 points lost cannot be below zero"),
        ("level", "god", r"games\[0\]: level: 'god' is not one of random, greedy, expert"),
        ("points", None, r"^games\[0\]\.points: expected an integer, got None$"),  # named once
        ("points", 21, r"^games\[0\]\.points: 21, but its record replays to \d+$"),
        ("over", True, r"^games\[0\]\.over: True, but its record replays to False$"),
        ("won", True, r"^games\[0\]\.won: True, but its record replays to False$"),
        ("decisions", 37, r"^games\[0\]\.decisions: 37 plays reviewed, but its record holds 36 plays$"),
        ("lost", 1e308, r"^games\[0\]: lost: 1e\+308 points over 18 plays is more than the 3622 a play can lose"),
    ],
)
def test_an_imported_game_out_of_range_is_refused_before_any_write(
    store: Store, field: str, value: object, message: str
) -> None:
    store.save_game("Ana", KEPT, record_of(MATCH))
    data = store.export_profile("Ana")
    data["games"][0][field] = value
    with pytest.raises(ValueError, match=message):
        store.import_profile(data, name="Bea")
    assert store.profiles() == ["Ana"]


def test_a_match_won_by_a_shut_out_counts_as_won_whatever_the_totals(store: Store) -> None:
    from trainer.progress.stats import results_by_level

    shut_out = dataclasses.replace(SUMMARY, points=18, against=20, over=True, won=True)
    store.save_game("Ana", shut_out, record_of(finished_deal()))
    [result] = results_by_level(store.games("Ana"))
    assert (result.won, result.lost) == (1, 0)


def test_a_record_too_large_to_be_a_match_is_refused(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    record = record_of(finished_deal())
    monkeypatch.setattr(checks, "RECORD_BYTES", len(json.dumps(record, ensure_ascii=False)) - 1)
    with pytest.raises(ValueError, match=r"^record: [\d,]+ bytes, more than the [\d,]+ a game record may have"):
        store.save_game("Ana", SUMMARY, record)
    assert store.games("Ana") == []


def test_an_import_with_too_many_matches_or_too_large_a_record_is_refused(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.save_game("Ana", SUMMARY, record_of(finished_deal()))
    store.save_game("Ana", SUMMARY, record_of(finished_deal()))
    data = store.export_profile("Ana")
    monkeypatch.setitem(export_schema.IMPORT_ROWS, "games", 1)
    with pytest.raises(ValueError, match=r"^games: 2 entries, more than the 1 an import may hold"):
        store.import_profile(data, name="Bea")
    monkeypatch.setitem(export_schema.IMPORT_ROWS, "games", 2)
    monkeypatch.setattr(checks, "RECORD_BYTES", 100)
    with pytest.raises(ValueError, match=r"^games\[0\]\.record: [\d,]+ bytes, more than the 100"):
        store.import_profile(data, name="Bea")
    assert store.profiles() == ["Ana"]


def test_the_progress_pages_reads_never_visit_the_rows(file_store: Store) -> None:
    store = file_store
    """Its match list and its answer counts are read from indexes that hold them (SQLite's covering indexes)."""
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)
    store.games("Ana")
    store.answer_groups("Ana")
    store.solved_puzzles("Ana")
    store._conn.set_trace_callback(None)
    reads = [s for s in statements if s.lstrip().startswith("SELECT") and "FROM profiles" not in s]
    assert len(reads) == 3
    for statement in reads:
        plan = " ".join(row[3] for row in store._conn.execute(f"EXPLAIN QUERY PLAN {statement}"))
        assert "USING COVERING INDEX" in plan, (statement, plan)


def test_an_imported_match_said_won_over_a_record_that_replays_unfinished_is_refused(store: Store) -> None:
    won = GameSummary(T0, "expert", 2, 21, 0, True, 0, 0.0, True)
    store.save_game("Ana", won, record_of(Match.new(2, seed=5)))
    with pytest.raises(ValueError, match=r"^games\[0\]\.points: 21, but its record replays to 0$"):
        store.import_profile(store.export_profile("Ana"), name="Bea")
    store.create_profile("Bea")
    store.save_game("Bea", SUMMARY, record_of(finished_deal()))
    with pytest.raises(ValueError, match=r"^games\[0\]\.record: the record of a single deal, not of a match$"):
        store.import_profile(store.export_profile("Bea"), name="Cy")
    assert store.profiles() == ["Ana", "Bea"]


def test_a_match_that_lost_more_than_its_plays_can_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match=r"^lost: 1e\+308 points over 18 plays is more than the 3622"):
        dataclasses.replace(KEPT, lost=1e308)


def test_each_save_of_a_match_goes_on_from_the_version_it_read_and_versions_increase(store: Store) -> None:
    record = record_of(Match.new(2, seed=5))
    kept = store.save_game("Ana", SUMMARY, record)
    versions = [kept[1]]
    for decisions in (1, 2, 3):
        kept = store.save_game("Ana", dataclasses.replace(SUMMARY, decisions=decisions), record, kept)
        versions.append(kept[1])
    assert versions == sorted(set(versions))
    found = store.game("Ana", kept[0])
    assert found is not None and (found.number, found.version, found.summary.decisions) == (*kept, 3)


def test_a_save_from_an_older_state_of_the_match_is_refused_and_writes_nothing(store: Store) -> None:
    """Two tabs hold the match at one version; the first to save goes on, the second is told, nothing written."""
    record = record_of(Match.new(2, seed=5))
    both = store.save_game("Ana", SUMMARY, record)
    first = store.save_game("Ana", dataclasses.replace(SUMMARY, decisions=5), record, both)
    with pytest.raises(StaleMatch) as refused:
        store.save_game("Ana", dataclasses.replace(SUMMARY, decisions=1), record, both)
    assert refused.value.game == both[0]
    assert [g.decisions for g in store.games("Ana")] == [5]
    found = store.game("Ana", both[0])
    assert found is not None and found.version == first[1]


def test_a_finished_match_is_never_written_over(store: Store) -> None:
    record = record_of(Match.new(2, seed=5))
    kept = store.save_game("Ana", SUMMARY, record)
    finished = dataclasses.replace(SUMMARY, points=21, over=True)
    kept = store.save_game("Ana", finished, record, kept)
    with pytest.raises(StaleMatch):
        store.save_game("Ana", SUMMARY, record, kept)  # even at the version it was finished at
    assert store.games("Ana") == [finished]


def test_a_match_is_kept_per_profile_and_a_save_under_another_profile_starts_a_new_one(store: Store) -> None:
    record = record_of(Match.new(2, seed=5))
    kept = store.save_game("Ana", SUMMARY, record)
    store.create_profile("Bea")
    assert store.game("Bea", kept[0]) is None
    assert store.save_game("Bea", SUMMARY, record, kept)[0] != kept[0]
    assert store.games("Ana") == store.games("Bea") == [SUMMARY]


def test_an_import_starts_every_match_at_a_first_version(store: Store) -> None:
    """The version is not exported: it counts the saves of one match in one file, so an imported match starts a
    thread of its own (and an export reads the same whichever tab saved last)."""
    kept = store.save_game("Ana", KEPT, record_of(MATCH))
    kept = store.save_game("Ana", KEPT, record_of(MATCH), kept)
    data = store.export_profile("Ana")
    assert "version" not in data["games"][0]
    store.import_profile(data, name="Bea")
    found = store.unfinished_game("Bea")
    assert found is not None and found.version == 1 and found.summary == KEPT


def test_a_match_s_luck_is_kept_travels_with_an_export_and_an_older_export_imports_without_it(store: Store) -> None:
    lucky = dataclasses.replace(KEPT, luck=-2.5)
    store.save_game("Ana", lucky, record_of(MATCH))
    assert store.games("Ana") == [lucky]
    data = store.export_profile("Ana")
    assert data["games"][0]["luck"] == -2.5
    store.import_profile(data, name="Bea")
    assert store.games("Bea") == [lucky]
    older = {**data, "games": [{k: v for k, v in game.items() if k != "luck"} for game in data["games"]]}
    store.import_profile(older, name="Cai")
    assert store.games("Cai") == [KEPT] and KEPT.luck is None


def test_a_luck_no_deal_could_bring_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match=r"^luck: "):
        dataclasses.replace(KEPT, luck=KEPT.decisions * checks.LOST_PER_PLAY + 1)
    data = {**store.export_profile("Ana"), "games": [{**dataclasses.asdict(KEPT), "played_at": T0.isoformat()}]}
    data["games"][0].update(record=record_of(MATCH), luck=float("1e9"))
    with pytest.raises(ValueError, match=r"^games\[0\]: luck: "):
        store.import_profile(data, name="Bea")
