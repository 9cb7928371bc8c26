"""Audit one input: decode it, parse it, replay every game through the referee.

The one place where the stages meet, so that the command line, the tests and any other
caller get the same :class:`~scala40cli.model.results.FileResult` for the same bytes. Bad
input never raises here: it becomes a file error (``F001`` unreadable, ``F002`` not
UTF-8, ``F003`` syntax) or a game violation, because a referee that stops at the first
problem tells a player less than one that reports them all.

A file is read a game at a time (:mod:`scala40cli.reading.chunks`), so memory follows the
largest game, not the file; with ``jobs`` above 1 the games are judged in other
processes and come back in file order, so the result is the same as a serial run.
"""

from __future__ import annotations

import bisect
import copyreg
import dataclasses
import errno
import io
import os
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from scala40cli.audit.ignores import accept_inline, inline_ignores
from scala40cli.audit.picklable import keep_picklable
from scala40cli.audit.records import FileEnd, FileError, JudgedGame
from scala40cli.audit.records import Record as Record  # what stream_records yields
from scala40cli.judging.match.referee import replay
from scala40cli.judging.rulebook import rules
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model import results
from scala40cli.model.result_pickling import REDUCERS
from scala40cli.model.results import FileResult, GameResult, Problem
from scala40cli.model.violations import Code
from scala40cli.reading import chunks
from scala40cli.reading.chunks import Chunk, decode_chunk, game_chunks
from scala40cli.reading.events import GameLog
from scala40cli.reading.inputs import NotRegularFile, input_format_of, open_log, sniffed
from scala40cli.reading.parser import iter_games

if TYPE_CHECKING:  # imported when a JSON Lines log is read: most runs read none
    from scala40cli.reading.json_games import JsonChunk

#: Where a problem of the file as a whole is placed. An unreadable file has no lines,
#: but 1:1 keeps ``path:line:column`` usable by editors and matches what linters print.
FILE_LINE = 1
FILE_COLUMN = 1

Item = GameResult | Problem

# What --jobs sends to workers and gets back: the compiled modules' dataclasses go
# through their constructor, a game's results through their own compiled reducers
# (the most that crosses); the pool's own units (below) are Python, pickled as is.
keep_picklable(chunks, results, rules)
copyreg.dispatch_table.update(REDUCERS)
Choices = tuple[RuleChoice | None, ...]


def judge_chunk(chunk: Chunk, choices: Choices) -> tuple[list[Item], ...]:
    """One chunk's games and problems under each rule choice: decoded and parsed once."""
    text = decode_chunk(chunk)
    if isinstance(text, Problem):
        return tuple([text] for _ in choices)
    parsed = list(iter_games(text, first_line=chunk.first_line, first_index=chunk.number,
                             long_lines=dict(chunk.long_lines), cut=chunk.cut))
    accepted = inline_ignores(text, chunk.first_line)
    return tuple(in_line_order([accept_inline(replay(item, choice), accepted)
                                if isinstance(item, GameLog) else item
                                for item in parsed]) for choice in choices)


def in_line_order(items: list[Item]) -> list[Item]:
    """A chunk's games and file errors in file order, each file error just before the
    game whose lines hold it, so that a report written as it goes (the text report,
    annotations, JSON lines) shows each game's problems together and first what comes
    first in the file: a syntax error in the ``Players`` tag before "the game has no
    [Players] tag", an unreadable deal line before what it leaves missing, whatever
    line that is reported on. Stable: games keep their order."""
    starts = sorted(item.line for item in items if not isinstance(item, Problem))

    def place(item: Item) -> tuple[int, int]:
        if isinstance(item, Problem):
            owner = bisect.bisect_right(starts, item.line) - 1
            return (starts[owner] if owner >= 0 else item.line, 0)
        return (item.line, 1)

    return sorted(items, key=place)


def judge_unit(unit: Chunk | JsonChunk, choices: Choices) -> tuple[list[Item], ...]:
    """:func:`judge_chunk` for a chunk of a ``.s40`` log or of a JSON Lines log.

    The host's garbage collector is left as the host set it: a library that turned it
    off, even for a chunk, turned it off for every thread of a server (see
    docs/performance.md for what that saved and how the command line saves it now)."""
    if isinstance(unit, Chunk):
        return judge_chunk(unit, choices)
    from scala40cli.audit.json_units import judge_json_chunk

    return judge_json_chunk(unit, choices, in_line_order)


def chunks_of(lines: Iterable[bytes] | BinaryIO, input_format: str | None = "s40"
              ) -> Iterator[Chunk | JsonChunk]:
    """The chunks of a log's games, read as ``s40`` or ``jsonl`` (JSON Lines events);
    None: as its first line that is not blank says (``inputs.sniff_format``)."""
    if input_format is None:
        input_format, lines = sniffed(lines)
    if input_format == "jsonl":
        from scala40cli.reading.json_games import json_chunks

        yield from json_chunks(lines)
    else:
        yield from game_chunks(lines)


def audit_lines(lines: Iterable[bytes] | BinaryIO, choices: Choices, *, jobs: int = 1,
                input_format: str | None = "s40", size: int | None = None
                ) -> Iterator[tuple[list[Item], ...]]:
    """The judged chunks of a log given as lines of bytes, in file order; ``size`` is
    what is left of it to read, in bytes, if known (it evens out the end of a parallel
    run, see ``parallel.batches``)."""
    chunks = chunks_of(lines, input_format)
    if jobs <= 1:
        return (judge_unit(chunk, choices) for chunk in chunks)
    from scala40cli.audit.parallel import ordered_map  # only here: a serial run needs none

    return ordered_map(judge_unit, chunks, choices, jobs=jobs, weight=_chunk_weight,
                       total=size if input_format == "s40" else None)


def _chunk_weight(unit: Chunk | JsonChunk) -> int:
    """What a chunk costs to judge, roughly: its size (see ``parallel.BATCH_WEIGHT``); a
    JSON line holds about three times the bytes of its ``.s40`` line."""
    return len(unit.data) if isinstance(unit, Chunk) else len(unit.chunk.data) // 3


def _bytes_left(handle: BinaryIO) -> int:
    """The bytes of an open regular file after where it is read: what its chunks weigh
    in all, about (a ``.s40`` chunk weighs its bytes, less its comments)."""
    return max(os.fstat(handle.fileno()).st_size - handle.tell(), 0)


def collect(path: str, judged: Iterable[tuple[list[Item], ...]], count: int
            ) -> tuple[FileResult, ...]:
    """One FileResult per rule choice, games numbered across the whole file."""
    errors: list[list[Problem]] = [[] for _ in range(count)]
    games: list[list[GameResult]] = [[] for _ in range(count)]
    for per_choice in judged:
        for k, items in enumerate(per_choice):
            for item in items:
                if isinstance(item, Problem):
                    errors[k].append(item)
                else:
                    index = len(games[k]) + 1
                    games[k].append(item if item.index == index
                                    else dataclasses.replace(item, index=index))
    return tuple(FileResult(path=path, errors=tuple(e), games=tuple(g))
                 for e, g in zip(errors, games, strict=True))


def audit_bytes(data: bytes, path: str, choice: RuleChoice | None = None, *,
                input_format: str | None = None) -> FileResult:
    """The result of one log given as raw bytes; ``path`` is only the name to report.

    Syntax errors do not stop the audit: the parser resumes at the next game or hand,
    and every game it recovered is still replayed, in file order. A game that is not
    valid UTF-8 is an ``F002`` and the other games are still read. ``choice`` is the
    command line's rules (``--rules``, ``--set``), checked by the caller beforehand;
    each game resolves it over its own tags. ``input_format`` is ``s40`` or ``jsonl``
    (JSON Lines events); by default, chosen by the extension of ``path``.
    """
    return audit_bytes_under(data, path, (choice,), input_format=input_format)[0]


def audit_bytes_under(data: bytes, path: str, choices: Sequence[RuleChoice | None], *,
                      input_format: str | None = None) -> tuple[FileResult, ...]:
    """One result per rule choice, for ``replay --compare``: read and parsed once."""
    lines = io.BytesIO(data)  # cut at LF only, exactly as a file is read
    judged = audit_lines(lines, tuple(choices), input_format=input_format_of(path, input_format))
    return collect(path, judged, len(choices))


def audit_path(path: str, choice: RuleChoice | None = None, *, jobs: int = 1,
               input_format: str | None = None) -> FileResult:
    """The result of the log at ``path``; a file that cannot be read gives ``F001``.

    Only the reading is guarded: ``OSError`` covers a missing file, a directory and a
    missing permission alike. Anything else is a bug and should surface as one.
    """
    return audit_path_under(path, (choice,), jobs=jobs, input_format=input_format)[0]


def audit_path_under(path: str, choices: Sequence[RuleChoice | None], *, jobs: int = 1,
                     input_format: str | None = None) -> tuple[FileResult, ...]:
    """:func:`audit_path` under each rule choice, reading the file once, a game at a time."""
    chosen = input_format_of(path, input_format)
    try:
        with open_log(path) as handle:
            judged = audit_lines(handle, tuple(choices), jobs=jobs, input_format=chosen,
                                 size=_bytes_left(handle))
            return collect(path, judged, len(choices))
    except OSError as error:
        return tuple(unreadable(path, error) for _ in choices)


# --- many inputs, one pool ------------------------------------------------------------

#: An input: its name in the report, and a path to open, ``None`` for standard input,
#: or the result it already has (an argument that names nothing).
Source = tuple[str, str | FileResult | None]


@dataclass(frozen=True, slots=True)
class ChunkToJudge:
    """A chunk of the input numbered ``source``, to judge (in a worker with ``jobs``)."""

    source: int
    chunk: Chunk | JsonChunk

    def __reduce__(self) -> tuple[type[ChunkToJudge], tuple[int, Chunk | JsonChunk]]:
        return ChunkToJudge, (self.source, self.chunk)  # by position: sent for each game


@dataclass(frozen=True, slots=True)
class JudgedChunk:
    """What a worker sends back: the chunk's games and file errors, a list a rule choice."""

    source: int
    items: tuple[list[Item], ...]

    def __reduce__(self) -> tuple[type[JudgedChunk], tuple[int, tuple[list[Item], ...]]]:
        return JudgedChunk, (self.source, self.items)  # by position: sent for each game


@dataclass(frozen=True, slots=True)
class SourceEnd:
    """Every chunk of the input numbered ``source`` came before."""

    source: int


@dataclass(frozen=True, slots=True)
class SourceResult:
    """The whole result of an input, known without judging: an argument that names
    nothing, or a file that could not be read (then what was judged of it is void)."""

    source: int
    result: FileResult


#: What flows to the pool, and what comes back from it, in input order.
Unit = ChunkToJudge | SourceEnd | SourceResult
Outcome = JudgedChunk | SourceEnd | SourceResult


def _lines_of(source: str | None) -> Iterator[Iterable[bytes]]:
    """The lines of a file or of standard input, opened only while they are read."""
    if source is None:
        yield stdin_bytes()
        return
    with open_log(source) as handle:
        yield handle


def stdin_bytes() -> BinaryIO:
    """Standard input as bytes; ``OSError`` when it is closed (``0<&-``)."""
    stream = sys.stdin
    if stream is None or stream.closed:
        raise OSError(errno.EBADF, "standard input is closed")
    return stream.buffer


def _units(sources: Sequence[Source], input_format: str | None = None) -> Iterator[Unit]:
    for number, (path, source) in enumerate(sources):
        if isinstance(source, FileResult):
            yield SourceResult(number, source)
            continue
        chosen = input_format_of(path, input_format)
        try:
            for lines in _lines_of(source):
                for chunk in chunks_of(lines, chosen):
                    yield ChunkToJudge(number, chunk)
        except OSError as error:
            yield SourceResult(number, unreadable(path, error))
            continue
        yield SourceEnd(number)


def _unit_weight(unit: Unit) -> int:
    return _chunk_weight(unit.chunk) if isinstance(unit, ChunkToJudge) else 0


def _work(unit: Unit, choices: Choices) -> Outcome:
    if isinstance(unit, ChunkToJudge):
        return JudgedChunk(unit.source, judge_unit(unit.chunk, choices))
    return unit


def _judged(sources: Sequence[Source], choices: Choices, jobs: int,
            input_format: str | None) -> Iterator[Outcome]:
    """Every input's chunks judged, in order: here, or by ``jobs`` processes."""
    units = _units(sources, input_format)
    if jobs <= 1:
        return (_work(unit, choices) for unit in units)
    from scala40cli.audit.parallel import ordered_map

    return ordered_map(_work, units, choices, jobs=jobs, weight=_unit_weight,
                       total=_sources_size(sources, input_format))


def _sources_size(sources: Sequence[Source], input_format: str | None) -> int | None:
    """What the chunks of ``sources`` weigh in all, about: the sum of their sizes, when
    each is a regular ``.s40`` file (None otherwise: standard input, a pipe, which
    have no size; JSON Lines, whose chunks weigh much less than their files)."""
    total = 0
    for path, source in sources:
        if isinstance(source, FileResult):
            continue
        if source is None or input_format_of(path, input_format) != "s40":
            return None
        try:
            status = os.stat(source)
        except OSError:
            continue  # reported when it is read
        if not stat.S_ISREG(status.st_mode):
            return None
        total += status.st_size
    return total


def audit_many(sources: Sequence[Source],
               choices: Sequence[RuleChoice | None], *, jobs: int = 1,
               input_format: str | None = None) -> Iterator[tuple[FileResult, ...]]:
    """Every source under each rule choice, in order, a file at a time; with ``jobs``
    above 1 the games of all the files are judged by one pool of processes.
    ``input_format`` reads every source as ``s40`` or ``jsonl``; by default, each is
    read by its extension (``.jsonl``)."""
    wanted = tuple(choices)
    pending: list[tuple[list[Item], ...]] = []
    for outcome in _judged(sources, wanted, jobs, input_format):
        if isinstance(outcome, JudgedChunk):
            pending.append(outcome.items)
        elif isinstance(outcome, SourceEnd):
            yield collect(sources[outcome.source][0], pending, len(wanted))
            pending = []
        else:
            pending = []
            yield tuple(outcome.result for _ in wanted)


def stream_records(sources: Sequence[Source], choice: RuleChoice | None, *, jobs: int = 1,
                   input_format: str | None = None) -> Iterator[Record]:
    """The audit as a stream of records (:mod:`scala40cli.audit.records`), for reports
    that write as they go: a :class:`JudgedGame` for each game, a :class:`FileError` for
    each file error and a :class:`FileEnd` after each file, in file order (within a
    game, in the order of :func:`in_line_order`). Nothing is kept once yielded, so
    memory does not grow with the number of games."""
    index = 0
    for outcome in _judged(sources, (choice,), jobs, input_format):
        path = sources[outcome.source][0]
        if isinstance(outcome, JudgedChunk):
            for item in outcome.items[0]:
                if isinstance(item, Problem):
                    yield FileError(path, item)
                else:
                    index += 1
                    yield JudgedGame(path, item if item.index == index
                                     else dataclasses.replace(item, index=index))
            continue
        if isinstance(outcome, SourceResult):
            yield from (FileError(path, problem) for problem in outcome.result.errors)
        yield FileEnd(path)
        index = 0


def unreadable(path: str, error: OSError) -> FileResult:
    """A file result whose only error says why ``path`` could not be read."""
    reason = error.strerror or str(error)
    problem = Problem(
        code=Code.UNREADABLE_FILE,
        message=reason if isinstance(error, NotRegularFile) else f"cannot read the file: {reason}",
        line=FILE_LINE,
        column=FILE_COLUMN,
    )
    return FileResult(path=path, errors=(problem,))
