"""The one road from a request to what a reporter writes.

``scala40 replay``, ``scala40 report`` and the Python API (:mod:`scala40cli.api`) all
come this way: the request's engine expands the inputs and judges their games
(:class:`~scala40cli.audit.request.Local` or another engine), the selection of codes is
applied to each game, and the progress of the audit is told as each file ends. What
comes out is the stream of records of :mod:`scala40cli.audit.records`, which every
report format reads (or, gathered, a result a file).
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, cast

from scala40cli.audit.pipeline import audit_many
from scala40cli.audit.records import FileEnd, JudgedGame, Record, gather
from scala40cli.audit.request import AuditRequest, Local, Progress
from scala40cli.audit.sources import sources
from scala40cli.model.results import FileResult

if TYPE_CHECKING:
    from scala40cli.audit.ignores import Selection
    from scala40cli.judging.rulebook.rules import RuleChoice

#: Files from which a progress bar is worth showing.
PROGRESS_MIN_FILES = 5


def audit_records(request: AuditRequest) -> Iterator[Record]:
    """The records of the request, in input order, as a stream: the inputs are
    expanded now, the games judged as the records are read."""
    judged = request.engine.judge(request)
    records = judged.records
    if request.selection is not None and not request.selection.everything:
        records = selected(records, request.selection)
    if (request.progress is not None and judged.files is not None
            and judged.files >= PROGRESS_MIN_FILES):
        records = _told(records, judged.files, request.progress)
    if request.hold_collector:
        records = collected_between(records)
    return records


def collected_between(items: Iterable[Record]) -> Iterator[Record]:
    """``items``, the cyclic collector held off while each is made, and let run between
    them. The judging makes thousands of small objects a game, none in a cycle; a
    collection in the middle of a game walks them all and frees nothing. The library
    leaves the collector alone (a host's threads share it); this process is the
    command's own, and asks for this (``AuditRequest.hold_collector``): 2 to 9% of
    the CPU time of a replay (docs/performance.md)."""
    iterator = iter(items)
    while True:
        enabled = gc.isenabled()
        gc.disable()
        try:
            item = next(iterator, _DONE)
        finally:
            if enabled:
                gc.enable()
        if item is _DONE:
            return
        yield cast(Record, item)


_DONE = object()


def file_results(request: AuditRequest) -> list[FileResult]:
    """The result of each input of the request, gathered from its records."""
    return gather(audit_records(request))


def compare_results(request: AuditRequest, choices: Sequence[RuleChoice | None]
                    ) -> list[tuple[FileResult, ...]]:
    """Every input of the request under each rule choice (``replay --compare``), read
    and parsed once; judged here (a :class:`Local` engine)."""
    if not isinstance(request.engine, Local):
        raise TypeError("a comparison is judged on this machine: a Local engine")
    found = sources(request.inputs, request.exclusions)
    results = audit_many(found, choices, jobs=request.engine.jobs,
                         input_format=request.input_format)
    runs = (_told_results(results, len(found), request.progress)
            if request.progress is not None and len(found) >= PROGRESS_MIN_FILES
            else list(results))
    selection = request.selection
    if selection is not None and not selection.everything:
        runs = [tuple(select_file(result, selection) for result in run) for run in runs]
    return runs


def selected(records: Iterator[Record], selection: Selection) -> Iterator[Record]:
    """The records with each game's violations not selected moved to its ``ignored``."""
    for record in records:
        if isinstance(record, JudgedGame):
            record = JudgedGame(record.path, selection.apply(record.game))
        yield record


def select_file(result: FileResult, selection: Selection) -> FileResult:
    """:func:`selected` for a file result already gathered."""
    return dataclasses.replace(result, games=tuple(map(selection.apply, result.games)))


def _told(records: Iterator[Record], files: int, progress: Progress) -> Iterator[Record]:
    """The records, ``progress`` told at the end of each file."""
    progress.start(files)
    try:
        for record in records:
            if isinstance(record, FileEnd):
                progress.advance()
            yield record
    finally:
        progress.finish()


def _told_results(results: Iterator[tuple[FileResult, ...]], files: int,
                  progress: Progress) -> list[tuple[FileResult, ...]]:
    """The file results, ``progress`` told after each."""
    progress.start(files)
    try:
        runs = []
        for run in results:
            runs.append(run)
            progress.advance()
        return runs
    finally:
        progress.finish()
