"""Auditing an archive of logs on a Dask cluster (``pip install 'scala40[dask]'``).

A game site's archive outgrows one machine less by CPU (a full match costs a few
milliseconds) than by where it lives: many small files in object storage. A
:mod:`dask.bag` of paths or URLs spreads the files over the workers, each worker reads
its files through fsspec (``s3://``, ``gs://``, ``file://``, plain paths) a game at a
time and judges them with the same code as ``scala40 replay``; what comes back is the
same per-game records and summary as ``replay --format jsonl``, in the same order.

The module is named ``dask_audit`` so that it never shadows the ``dask`` package; dask
itself is imported only when one of these functions runs, so the rest of scala40 does
not need it installed.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from scala40cli.api import Rules, rule_choice
from scala40cli.audit.pipeline import FILE_COLUMN, FILE_LINE, audit_lines, unreadable
from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record, records_of
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.results import FileResult, GameResult, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.inputs import Missing, expand, input_format_of
from scala40cli.reporting.base import gather
from scala40cli.reporting.json_report import JsonObject, jsonl_record
from scala40cli.reporting.summary import Summary, Tally
from scala40cli.version import __version__

if TYPE_CHECKING:
    from dask.bag import Bag

#: How a log is given in a bag: a path or URL, a (name, text or bytes) pair, or the
#: result it already has (an argument that names nothing).
LogItem = str | tuple[str, str | bytes] | FileResult

#: Local schedulers of dask by name; any other ``--dask`` value is a scheduler address.
LOCAL_SCHEDULERS = ("synchronous", "threads", "processes")


@dataclasses.dataclass(frozen=True, slots=True)
class DaskAudit:
    """What a distributed audit gives: the JSON Lines records of ``replay --format jsonl``
    (games and file errors, in input order, without the summary record) and the
    summary, which :meth:`summary_record` writes as the last record."""

    records: list[JsonObject]
    summary: Summary

    def summary_record(self) -> JsonObject:
        return {"type": "summary", "version": __version__, "summary": self.summary.as_json()}

    def jsonl(self) -> list[JsonObject]:
        """Every record, the summary last, exactly as ``replay --format jsonl`` writes."""
        return [*self.records, self.summary_record()]


# --- what a worker does with one log ----------------------------------------------------


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


#: A record as ``replay --format jsonl`` writes it (None for the end of a file).
record_json = jsonl_record


def records_summary(records: Iterable[Record]) -> Summary:
    """The counts of records, as the streamed reports keep them."""
    tally = Tally()
    for record in records:
        tally.add(record)
    return tally.summary()


def file_result(records: Sequence[Record]) -> FileResult:
    """The result of one file from its records."""
    (result,) = gather(records)
    return result


# --- bags -------------------------------------------------------------------------------


def audit_bag(bag: Bag, *, rules: Rules = None, input_format: str | None = None) -> Bag:
    """A bag of the records of each log of ``bag`` (paths, URLs or ``(name, text)``
    pairs), each a list, judged under ``rules`` (checked here, before any work)."""
    return bag.map(item_records, rule_choice(rules), input_format)


def results_bag(audited: Bag) -> Bag:
    """A bag of :class:`FileResult`, one a log, from :func:`audit_bag`."""
    return audited.map(file_result)


def records_bag(audited: Bag) -> Bag:
    """The JSON Lines records of :func:`audit_bag`, flattened, in order, without the
    summary: ready for ``.map(json.dumps).to_textfiles("s3://bucket/out/*.jsonl")``."""
    return audited.flatten().map(record_json).filter(_is_record)


def _is_record(value: JsonObject | None) -> bool:
    return value is not None


def summary_of(audited: Bag) -> Any:
    """The summary of :func:`audit_bag` (a dask ``Item``: ``.compute()`` gives it)."""
    return audited.map(records_summary).fold(_add, _add, initial=Summary.zero())


def _add(a: Summary, b: Summary) -> Summary:
    return a + b


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


def audit_with_dask(logs: Sequence[LogItem] | str, *, rules: Rules = None,
                    scheduler: str | None = None, npartitions: int | None = None,
                    input_format: str | None = None) -> DaskAudit:
    """Audit logs on dask and bring back the records and summary of ``replay --format
    jsonl``. ``scheduler`` is a local scheduler (``threads``, ``processes``,
    ``synchronous``), a scheduler address (``tcp://host:8786``), or None for dask's
    default (the current ``distributed.Client`` if there is one)."""
    import dask

    audited = audit_bag(from_logs(logs, npartitions=npartitions), rules=rules,
                        input_format=input_format)
    with _scheduler(scheduler) as get:
        records, summary = dask.compute(records_bag(audited), summary_of(audited),
                                        scheduler=get)
    return DaskAudit(records=list(records), summary=summary)


def records_with_dask(logs: Sequence[LogItem], *, choice: RuleChoice | None,
                      scheduler: str | None, input_format: str | None = None,
                      npartitions: int | None = None) -> Iterator[Record]:
    """The records of logs audited on dask, in input order, as a serial streamed run
    gives them (for ``replay --dask``: every report format then reads the same)."""
    import dask

    bag = from_logs(logs, npartitions=npartitions).map(item_records, choice, input_format)
    with _scheduler(scheduler) as get:
        (per_file,) = dask.compute(bag, scheduler=get)
    for records in per_file:
        yield from records


class _scheduler:
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


def missing_result(item: Missing) -> FileResult:
    """The ``F001`` of an argument that names nothing, as ``replay`` reports it."""
    problem = Problem(code=Code.UNREADABLE_FILE, message=item.reason, line=FILE_LINE,
                      column=FILE_COLUMN)
    return FileResult(path=item.argument, errors=(problem,))


__all__ = ["DaskAudit", "audit_bag", "audit_with_dask", "expand_logs", "from_logs",
           "item_records", "record_json", "records_bag", "records_summary", "results_bag",
           "summary_of"]
