"""Auditing an archive of logs on a Dask cluster (``pip install 'scala40[dask]'``).

A game site's archive outgrows one machine less by CPU (a full match costs a few
milliseconds) than by where it lives: many small files in object storage. A
:mod:`dask.bag` of paths or URLs spreads the files over the workers, each worker reads
its files through fsspec (``s3://``, ``gs://``, ``file://``, plain paths) a game at a
time and judges them with the same code as ``scala40 replay``; what comes back is the
same per-game records and summary as ``replay --format jsonl``, in the same order.

The module is named ``dask_audit`` so that it never shadows the ``dask`` package; dask
itself is imported only when one of these functions runs, so the rest of scala40 does
not need it installed. What a worker does, and ``replay --dask``, is the engine of
:mod:`scala40cli.audit.dask_engine`; this module is its face for a program.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from scala40cli.api import Rules, rule_choice
from scala40cli.audit.dask_engine import (
    LogItem,
    expand_logs,
    from_logs,
    item_records,
    scheduler_of,
)
from scala40cli.audit.records import Record, gather
from scala40cli.model.results import REPORT_SCHEMA_VERSION, FileResult
from scala40cli.reporting.escape import json_safe
from scala40cli.reporting.json_report import JsonObject, jsonl_record
from scala40cli.reporting.summary import Summary, Tally
from scala40cli.version import __version__

if TYPE_CHECKING:
    from dask.bag import Bag


@dataclasses.dataclass(frozen=True, slots=True)
class DaskAudit:
    """What a distributed audit gives: the JSON Lines records of ``replay --format jsonl``
    (games and file errors, in input order, without the summary record) and the
    summary, which :meth:`summary_record` writes as the last record."""

    records: list[JsonObject]
    summary: Summary

    def summary_record(self) -> JsonObject:
        return {"type": "summary", "version": __version__,
                "schema_version": REPORT_SCHEMA_VERSION, "summary": self.summary.as_json()}

    def jsonl(self) -> list[JsonObject]:
        """Every record, the summary last, exactly as ``replay --format jsonl`` writes."""
        return [*self.records, self.summary_record()]


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


def write_records(audited: Bag, urlpath: str, *, scheduler: str | None = None,
                  storage_options: dict[str, Any] | None = None) -> Summary:
    """Write the JSON Lines records of :func:`audit_bag` where ``urlpath`` says (one file
    a partition, ``"s3://bucket/reports/part-*.jsonl"``), byte for byte as ``replay
    --format jsonl`` writes them (the summary left out), and return the summary: in one
    pass, each log judged once, and nothing kept but a summary a partition.

    Writing the records (``to_textfiles``), then asking ``summary_of(audited)
    .compute()``, judged every log twice: each runs its graph from the start, and dask
    fuses the judging into each. Here each partition's task judges its logs, writes
    their records and gives back their counts."""
    import dask
    import fsspec

    parts = audited.to_delayed()
    files = fsspec.open_files(urlpath, mode="wt", encoding="utf-8", num=len(parts),
                              **(storage_options or {}))
    written = [dask.delayed(_write_part)(part, file)
               for part, file in zip(parts, files, strict=True)]
    with scheduler_of(scheduler) as get:
        summaries = dask.compute(*written, scheduler=get)
    return sum(summaries, Summary.zero())


def _write_part(logs: Iterable[list[Record]], file: Any) -> Summary:
    """One partition's records written to its file; their counts."""
    tally = Tally()
    with file as out:
        for records in logs:
            for record in records:
                tally.add(record)
                line = jsonl_record(record)
                if line is not None:
                    out.write(json_safe(json.dumps(line, ensure_ascii=False)) + "\n")
    return tally.summary()


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
    with scheduler_of(scheduler) as get:
        records, summary = dask.compute(records_bag(audited), summary_of(audited),
                                        scheduler=get)
    return DaskAudit(records=list(records), summary=summary)


__all__ = ["DaskAudit", "audit_bag", "audit_with_dask", "expand_logs", "from_logs",
           "item_records", "record_json", "records_bag", "records_summary", "results_bag",
           "summary_of", "write_records"]
