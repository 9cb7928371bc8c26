"""Judging on a Dask cluster (``pip install 'scala40[dask]'``): the engine of
``replay --dask`` and the work of :mod:`scala40cli.dask_audit`'s bags.

A game site's archive outgrows one machine less by CPU (a full match costs a few
milliseconds) than by where it lives: many small files in object storage. A
:mod:`dask.bag` of paths or URLs spreads the files over the workers, each worker reads
its files through fsspec (``s3://``, ``gs://``, ``file://``, plain paths) a game at a
time and judges them with the same code as a local run; what comes back is the same
records, in the same order. Dask itself is imported only when a function here runs, so
the rest of scala40 does not need it installed.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from scala40cli.audit.exclusions import Exclusions
from scala40cli.audit.pipeline import audit_lines, unreadable
from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record, records_of
from scala40cli.audit.request import AuditRequest, Judged
from scala40cli.audit.sources import missing_result
from scala40cli.model.results import FileResult, GameResult, Problem
from scala40cli.reading.inputs import Missing, expand, input_format_of

if TYPE_CHECKING:
    from dask.bag import Bag

    from scala40cli.judging.rulebook.rules import RuleChoice

#: How a log is given in a bag: a path or URL, a (name, text or bytes) pair, or the
#: result it already has (an argument that names nothing).
LogItem = str | tuple[str, str | bytes] | FileResult

#: Local schedulers of dask by name; any other scheduler is an address.
LOCAL_SCHEDULERS = ("synchronous", "threads", "processes")


@dataclasses.dataclass(frozen=True, slots=True)
class Dask:
    """Judge the files of a request on Dask: ``scheduler`` is a local scheduler
    (``threads``, ``processes``, ``synchronous``), a scheduler address
    (``tcp://host:8786``), or None for dask's default. An input may be an fsspec URL
    (``s3://bucket/logs/*.s40``); standard input is not read."""

    scheduler: str | None = None
    npartitions: int | None = None

    def judge(self, request: AuditRequest) -> Judged:
        named = set(request.inputs)
        exclusions = request.exclusions or Exclusions()
        logs = [item for item in expand_logs(request.inputs)
                if not isinstance(item, str) or exclusions.keeps(item, named)]
        return Judged(records_with_dask(logs, choice=request.rules,
                                        scheduler=self.scheduler,
                                        input_format=request.input_format,
                                        npartitions=self.npartitions))


def item_records(item: LogItem, choice: RuleChoice | None = None,
                 input_format: str | None = None) -> list[Record]:
    """The audit of one log as the records of a streamed run (``pipeline.stream_records``):
    its games and file errors in the order found, then its end. ``item`` is a path or
    URL, read through fsspec a game at a time, or a ``(name, text)`` pair; a file that
    cannot be read is an ``F001``, never an exception."""
    if isinstance(item, FileResult):
        return list(records_of([item]))
    if isinstance(item, tuple):
        name, data = item
        raw = data.encode("utf-8") if isinstance(data, str) else data
        chosen = input_format_of(name, input_format)
        return _in_order(name, audit_lines(io.BytesIO(raw), (choice,), input_format=chosen))
    import fsspec  # one of dask's own dependencies

    try:
        with fsspec.open(item, "rb") as handle:
            chosen = input_format_of(item, input_format)
            return _in_order(item, audit_lines(handle, (choice,), input_format=chosen))
    except OSError as error:
        return list(records_of([unreadable(item, error)]))


def _in_order(path: str, judged: Iterable[tuple[list[GameResult | Problem], ...]]
              ) -> list[Record]:
    """Judged chunks as records, games numbered across the file as ``replay`` does."""
    records: list[Record] = []
    index = 0
    for (items,) in judged:
        for item in items:
            if isinstance(item, GameResult):
                index += 1
                records.append(JudgedGame(path, item if item.index == index
                                          else dataclasses.replace(item, index=index)))
            else:
                records.append(FileError(path, item))
    records.append(FileEnd(path))
    return records


def from_logs(logs: Sequence[LogItem] | str, *, npartitions: int | None = None) -> Bag:
    """A bag of logs: paths or URLs (a string is a path, a folder, a pattern or an
    fsspec URL with wildcards, as :func:`expand_logs` reads it), or ``(name, text)``."""
    import dask.bag as db

    items: list[LogItem] = (expand_logs([logs]) if isinstance(logs, str)
                            else list(logs))
    if not items:
        return db.from_sequence([], npartitions=1)
    return db.from_sequence(items, npartitions=npartitions or min(len(items), 64))


def expand_logs(arguments: Iterable[str]) -> list[LogItem]:
    """Paths as ``scala40 replay`` expands them (folders, patterns), and fsspec URLs
    (``s3://bucket/logs/*.s40``) globbed by their file system; each once, in order."""
    found: list[LogItem] = []
    seen: set[str] = set()
    for argument in arguments:
        items = _glob_url(argument) if "://" in argument else expand([argument])
        for item in items:
            if isinstance(item, Missing):
                found.append(missing_result(item))
            elif item not in seen:
                seen.add(item)
                found.append(item)
    return found


def _glob_url(url: str) -> list[str]:
    import fsspec

    if not any(char in url for char in "*?["):
        return [url]
    filesystem, _token, paths = fsspec.core.get_fs_token_paths(url)
    return [filesystem.unstrip_protocol(path) for path in sorted(paths)]


def records_with_dask(logs: Sequence[LogItem], *, choice: RuleChoice | None,
                      scheduler: str | None, input_format: str | None = None,
                      npartitions: int | None = None) -> Iterator[Record]:
    """The records of logs audited on dask, in input order, as a serial streamed run
    gives them (for ``replay --dask``: every report format then reads the same)."""
    import dask

    bag = from_logs(logs, npartitions=npartitions).map(item_records, choice, input_format)
    with scheduler_of(scheduler) as get:
        (per_file,) = dask.compute(bag, scheduler=get)
    for records in per_file:
        yield from records


class scheduler_of:
    """The scheduler to pass to ``dask.compute``: a local one by name, or a client
    connected to an address for the time of the computation."""

    def __init__(self, scheduler: str | None) -> None:
        self.scheduler = scheduler
        self.client: Any = None

    def __enter__(self) -> Any:
        if self.scheduler is None or self.scheduler in LOCAL_SCHEDULERS:
            return self.scheduler
        from distributed import Client

        self.client = Client(self.scheduler)
        return self.client.get

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()
