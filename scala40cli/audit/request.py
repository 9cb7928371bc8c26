"""One audit asked for: what to read, under which rules, what to report, how to run.

The command line turns its options into an :class:`AuditRequest`, and so does the
Python API (:mod:`scala40cli.api`); :mod:`scala40cli.audit.road` carries it from the
inputs to the records a reporter writes. How the games are judged is the request's
:class:`Engine`: :class:`Local` here (serially, or in a pool of processes), or
:class:`scala40cli.audit.dask_engine.Dask` on a cluster. Another way to run is one more
module with a class of this shape.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from scala40cli.audit.exclusions import Exclusions
from scala40cli.audit.pipeline import stream_records
from scala40cli.audit.sources import sources

if TYPE_CHECKING:
    from scala40cli.audit.ignores import Selection
    from scala40cli.audit.records import Record
    from scala40cli.judging.rulebook.rules import RuleChoice


@dataclass(frozen=True, slots=True)
class Judged:
    """What an engine gives: the records of the audit, in input order, as a stream, and
    how many files they cover when that is known before they are judged."""

    records: Iterator[Record]
    files: int | None = None


class Engine(Protocol):
    """A way to judge the games of a request."""

    def judge(self, request: AuditRequest) -> Judged:
        """The records of the request's inputs, judged under its rules, in input order;
        its inputs expanded now, its games judged as the records are read."""
        ...


class Progress(Protocol):
    """What is told of an audit as it goes (a progress bar on a terminal)."""

    def start(self, files: int) -> None:
        """The audit of ``files`` files begins."""

    def advance(self) -> None:
        """One more file is done."""

    def finish(self) -> None:
        """The audit is over, or was stopped."""


@dataclass(frozen=True, slots=True)
class Local:
    """Judge on this machine: serially with ``jobs`` 1, else in a pool of ``jobs``
    processes (:mod:`scala40cli.audit.parallel`), with the same records either way."""

    jobs: int = 1

    def judge(self, request: AuditRequest) -> Judged:
        found = (sources(request.inputs, request.exclusions) if request.expand
                 else [(path, path) for path in request.inputs])
        return Judged(stream_records(found, request.rules, jobs=self.jobs,
                                     input_format=request.input_format), len(found))


@dataclass(frozen=True, slots=True)
class AuditRequest:
    """An audit: its inputs, the rules chosen over each game's own, what to report of
    the violations found, and how to run.

    ``inputs`` are FILE arguments (files, folders, patterns, ``-`` for standard input)
    less what ``exclusions`` leave out, or with ``expand`` False the paths of files as
    given (:func:`scala40cli.api.audit_file`). ``input_format`` reads every input as
    ``s40`` or ``jsonl``, by default each by its extension. ``selection`` moves the
    violations it leaves out to each game's ``ignored``; ``progress`` is told of each
    file done, when there are enough files for it to be worth showing.
    ``hold_collector``: the process is the command line's own, which asks that the
    cyclic garbage collector be held off while each record is made (the library
    otherwise leaves the host's collector alone, see :func:`road.collected_between`)."""

    inputs: tuple[str, ...]
    rules: RuleChoice | None = None
    input_format: str | None = None
    selection: Selection | None = None
    exclusions: Exclusions | None = None
    engine: Engine = field(default_factory=Local)
    expand: bool = True
    progress: Progress | None = None
    hold_collector: bool = False
