"""What every output format shares: the :class:`Reporter` base, and :func:`gather`.

A reporter writes the report of a streamed audit (the records of
:mod:`scala40cli.audit.records`) as it goes, keeping no more of each game than its
format needs; the formats that need every result at once (``scala40 report``)
:func:`gather` them (the audit's :func:`scala40cli.audit.records.gather`, re-exported here).
An output format is one more :class:`Reporter` class in ``reporters.REPORTERS`` rather
than one more branch in the command.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import ClassVar, TextIO

from scala40cli.audit.records import Record, records_of
from scala40cli.audit.records import gather as gather  # the reports that need them all
from scala40cli.model.results import FileResult
from scala40cli.reporting.summary import Summary
from scala40cli.translation.catalogue import ENGLISH, Catalogue


class Reporter(ABC):
    """An output format: writes the report of a run to a text stream."""

    name: ClassVar[str]
    #: Whether a person reads its messages, said in the language of ``--lang`` (see
    #: :mod:`scala40cli.reporting.translated`); the JSON reports keep the referee's
    #: English, the same on every machine.
    for_people: ClassVar[bool] = True
    #: The language of the report's own words.
    words: Catalogue = ENGLISH
    #: Why a second output of the format (the GitHub job summary) could not be
    #: written, in words; the command says so and fails after the report is written.
    side_failure: str | None = None

    @abstractmethod
    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        """Write the report of a streamed audit (see ``pipeline.stream_records``) as it
        goes, keeping no more of each game than the format needs; return the counts."""

    def write(self, files: Sequence[FileResult], stream: TextIO) -> None:
        """Write the report of results already collected."""
        self.write_records(records_of(files), stream)
