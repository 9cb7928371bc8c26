"""The records of a streamed audit: typed values, in file order, that pickle and count."""

from __future__ import annotations

import pickle
from pathlib import Path

from conftest import SYNTAX_ERROR

from scala40cli.audit.pipeline import (
    ChunkToJudge,
    JudgedChunk,
    Source,
    SourceEnd,
    SourceResult,
    _units,
    _work,
    stream_records,
)
from scala40cli.audit.records import FileEnd, FileError, JudgedGame, records_of
from scala40cli.model.results import FileResult
from scala40cli.reporting.base import gather
from scala40cli.reporting.summary import Summary, Tally

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"
BROKEN = ROOT / "fixtures" / "illegal" / "F003-syntax-error.s40"


def test_a_file_error_comes_just_before_the_game_that_holds_its_line(
        faulty_file: FileResult) -> None:
    first, second = faulty_file.games
    assert list(records_of([faulty_file])) == [
        JudgedGame(faulty_file.path, first),
        FileError(faulty_file.path, SYNTAX_ERROR),  # line 57: in the second game
        JudgedGame(faulty_file.path, second),
        FileEnd(faulty_file.path),
    ]


def test_gather_gives_back_the_results_the_records_came_from(
        faulty_file: FileResult, legal_file: FileResult, unreadable_file: FileResult) -> None:
    files = [faulty_file, legal_file, unreadable_file]
    assert gather(records_of(files)) == files


def test_a_tally_of_the_records_is_the_summary_of_the_results(
        faulty_file: FileResult, unreadable_file: FileResult) -> None:
    tally = Tally()
    for record in records_of([faulty_file, unreadable_file]):
        tally.add(record)
    assert tally.summary() == Summary.of([faulty_file, unreadable_file])


def test_records_and_the_pools_units_survive_pickling(faulty_file: FileResult) -> None:
    """What crosses to worker processes (--jobs, Dask) comes back equal."""
    sources: list[Source] = [(str(LEGAL), str(LEGAL)), ("named", faulty_file),
                             ("gone", "/no/such.s40")]
    units = list(_units(sources))
    assert [type(unit) for unit in units] == [ChunkToJudge, SourceEnd, SourceResult,
                                              SourceResult]
    outcomes = [_work(pickle.loads(pickle.dumps(unit)), (None,)) for unit in units]
    assert isinstance(outcomes[0], JudgedChunk)
    assert [pickle.loads(pickle.dumps(outcome)) for outcome in outcomes] == outcomes
    records = list(records_of([faulty_file]))
    assert [pickle.loads(pickle.dumps(record)) for record in records] == records


def test_a_stream_numbers_games_across_the_file_and_ends_every_file() -> None:
    sources: list[Source] = [(str(BROKEN), str(BROKEN)), (str(LEGAL), str(LEGAL))]
    records = list(stream_records(sources, None, jobs=1))
    assert [record for record in records if isinstance(record, FileEnd)] == [
        FileEnd(str(BROKEN)), FileEnd(str(LEGAL))]
    assert any(isinstance(record, FileError) for record in records)
    for path in (str(BROKEN), str(LEGAL)):
        games = [r.game for r in records if isinstance(r, JudgedGame) and r.path == path]
        assert [game.index for game in games] == list(range(1, len(games) + 1))
