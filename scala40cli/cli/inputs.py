"""The input pipeline of every command: what its FILE arguments stand for, and how
they are read.

:func:`gather` is the one place that reads FILE arguments, for ``replay``, ``report``,
``fmt`` and ``convert`` alike: each argument becomes a
:data:`~scala40cli.audit.pipeline.Source` (the name a report shows, and a path, ``None``
for standard input, or the ``F001`` of an argument that names nothing). The commands
that judge logs expand folders and patterns (:mod:`scala40cli.reading.inputs`) and
leave out what the configuration excludes; ``fmt`` and ``convert`` take each argument
as the one file it names. Then:

- :func:`input_records` judges the sources as a stream of records (``replay``,
  ``report``), :func:`input_results` under several rule sets at once (``--compare``),
  both with a progress bar on a terminal;
- :func:`open_input` and :func:`read_input` open one source, or give its ``F001``
  (``fmt``, ``convert``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, BinaryIO

import click

from scala40cli.audit.pipeline import (
    FILE_COLUMN,
    FILE_LINE,
    Source,
    audit_many,
    stdin_bytes,
    stream_records,
    unreadable,
)
from scala40cli.audit.records import FileEnd, Record
from scala40cli.cli import settings
from scala40cli.model.results import FileResult, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.inputs import Missing, open_log

if TYPE_CHECKING:
    from scala40cli.audit.ignores import Selection
    from scala40cli.cli.config import Config
    from scala40cli.judging.rulebook.rules import RuleChoice

#: The file argument that means standard input, and the name it has in the report.
STDIN_ARGUMENT = "-"
STDIN_NAME = "<stdin>"

#: Files from which a progress bar is worth showing.
PROGRESS_MIN_FILES = 5


def gather(arguments: Sequence[str], config: Config | None = None, *,
           expand: bool = True) -> list[Source]:
    """The sources the FILE arguments stand for, in order. With ``expand``: files,
    folders, patterns and ``-``, each once, less what ``config`` excludes; an argument
    that names nothing is a source whose result is its ``F001``. Without: each argument
    as given, a file or ``-``."""
    if not expand:
        return [_source(argument) for argument in arguments]
    return [_source(item) for item in settings.included(arguments, config)]


def _source(item: str | Missing) -> Source:
    if isinstance(item, Missing):
        problem = Problem(code=Code.UNREADABLE_FILE, message=item.reason,
                          line=FILE_LINE, column=FILE_COLUMN)
        return (item.argument, FileResult(path=item.argument, errors=(problem,)))
    if item == STDIN_ARGUMENT:
        return (STDIN_NAME, None)
    return (item, item)


def input_paths(arguments: Sequence[str]) -> Iterator[str]:
    """The files the arguments stand for (folders and patterns expanded, nothing
    excluded), standard input left out: what ``--output`` must not overwrite. Found
    only when asked for, so that a report to standard output walks no folder twice."""
    yield from (path for _, path in gather(arguments) if isinstance(path, str))


def open_input(source: Source) -> AbstractContextManager[BinaryIO] | FileResult:
    """One source opened for reading, to use in a ``with`` block (standard input is
    left open after it), or the ``F001`` of one that cannot be opened."""
    name, path = source
    if isinstance(path, FileResult):
        return path
    try:
        return nullcontext(stdin_bytes()) if path is None else open_log(path)
    except OSError as error:
        return unreadable(name, error)


def read_input(source: Source) -> bytes | FileResult:
    """The bytes of one source, or the ``F001`` of one that cannot be read."""
    opened = open_input(source)
    if isinstance(opened, FileResult):
        return opened
    try:
        with opened as stream:
            return stream.read()
    except OSError as error:
        return unreadable(source[0], error)


def input_records(arguments: Sequence[str], choice: RuleChoice | None, *, jobs: int = 1,
                  input_format: str | None = None, selection: Selection | None = None,
                  config: Config | None = None, dask: str | None = None
                  ) -> Iterator[Record]:
    """The audit of the arguments as a stream (``pipeline.stream_records``), on Dask
    when ``dask`` names a scheduler, with a progress bar on standard error when it is
    a terminal and there are several files; the violations ``selection`` leaves out
    moved to each game's ``ignored``."""
    if dask is not None:
        records = settings.dask_records(arguments, choice, dask, input_format, config, jobs)
        return _selected(records, selection)
    sources = gather(arguments, config)
    records = _selected(stream_records(sources, choice, jobs=jobs,
                                       input_format=input_format), selection)
    if len(sources) >= PROGRESS_MIN_FILES and sys.stderr.isatty():
        records = _with_progress(records, len(sources))
    return records


def _selected(records: Iterator[Record], selection: Selection | None) -> Iterator[Record]:
    if selection is None or selection.everything:
        return records
    return settings.selected(records, selection)


def _with_progress(records: Iterator[Record], files: int) -> Iterator[Record]:
    """The records, advancing a progress bar on standard error at the end of each file."""
    with click.progressbar(length=files, label="Replaying", file=sys.stderr) as bar:
        for record in records:
            if isinstance(record, FileEnd):
                bar.update(1)
            yield record


def input_results(arguments: Sequence[str], choices: Sequence[RuleChoice | None], *,
                  jobs: int = 1, input_format: str | None = None,
                  config: Config | None = None) -> list[tuple[FileResult, ...]]:
    """Every input the arguments stand for, under each rule choice, in order; a
    progress bar on standard error when it is a terminal and there are several files."""
    sources = gather(arguments, config)
    results = audit_many(sources, choices, jobs=jobs, input_format=input_format)
    if len(sources) < PROGRESS_MIN_FILES or not sys.stderr.isatty():
        return list(results)
    with click.progressbar(results, length=len(sources), label="Replaying",
                           file=sys.stderr) as bar:
        return list(bar)
