"""Every output format of ``scala40 replay --format``, by name, and the two formats
for people and programs: text and JSON.

One registry for the formats of ``replay``: adding one is one more
:class:`~scala40cli.reporting.base.Reporter` class here. (The formats of ``scala40 report``,
``--compare`` and ``scala40 rules`` are still chosen in :mod:`scala40cli.cli.main`.) Every
reporter writes as the audit goes; what each keeps of a game until the end is said in
its docstring (and in the README), so that memory does not grow with an archive of games.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TextIO

from scala40cli import __version__
from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record
from scala40cli.judging.results import GameResult, Problem
from scala40cli.reporting.base import Reporter
from scala40cli.reporting.json_report import file_error_json, game_json
from scala40cli.reporting.json_stream import HOLE, JsonArray, dumps, template
from scala40cli.reporting.summary import Summary, Tally
from scala40cli.reporting.text_report import write_text


class TextReporter(Reporter):
    """For each file, its errors where they are found and each game's violations then
    its score sheet; the counts last. Keeps nothing of a game once it is printed."""

    name = "text"

    def __init__(self, quiet: bool = False) -> None:
        self.quiet = quiet

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        return write_text(records, stream, quiet=self.quiet)


class JsonReporter(Reporter):
    """The JSON document of ``schemas/report.schema.json``, indented, UTF-8 as is.

    Written as the audit goes: each game as soon as it is judged, a file's own errors
    (kept until the file ends) after its games, and the summary last. Keeps nothing of
    a game once it is written."""

    name = "json"

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        head, (files_at, summary_at) = template(
            {"version": __version__, "files": HOLE, "summary": HOLE})
        stream.write(head[0])
        files = JsonArray(stream, files_at)
        tally = Tally()
        current: _JsonFile | None = None
        for record in records:
            tally.add(record)
            if current is None:
                current = _JsonFile(stream, files, record.path)
            match record:
                case JudgedGame(game=game):
                    current.add_game(game)
                case FileError(problem=problem):
                    current.errors.append(problem)
                case FileEnd():
                    current.close()
                    current = None
        files.close()
        summary = tally.summary()
        stream.write(head[1] + dumps(summary.as_json(), summary_at) + head[2] + "\n")
        return summary


class _JsonFile:
    """One entry of the document's ``files``, its games written as they come."""

    def __init__(self, stream: TextIO, files: JsonArray, path: str) -> None:
        self.stream = stream
        self.errors: list[Problem] = []
        self.ok = True
        self.pieces, (games_at, self.errors_at, _) = template(
            {"path": path, "games": HOLE, "errors": HOLE, "ok": HOLE}, files.open_item())
        stream.write(self.pieces[0])
        self.games = JsonArray(stream, games_at)

    def add_game(self, game: GameResult) -> None:
        self.ok = self.ok and game.ok
        self.games.add(game_json(game))

    def close(self) -> None:
        self.games.close()
        errors = [file_error_json(problem) for problem in self.errors]
        self.ok = self.ok and not self.errors
        self.stream.write(self.pieces[1] + dumps(errors, self.errors_at) + self.pieces[2]
                          + dumps(self.ok) + self.pieces[3])


def _reporters() -> dict[str, type[Reporter]]:
    """Every reporter class by format name. The CI formats' module is imported here,
    only when a run asks for one of them (or for the registry)."""
    from scala40cli.reporting.ci_reports import (
        GithubReporter,
        JsonlReporter,
        JunitReporter,
        SarifReporter,
    )

    return {reporter.name: reporter
            for reporter in (TextReporter, JsonReporter, JsonlReporter, GithubReporter,
                             SarifReporter, JunitReporter)}


#: Names this module re-exports from :mod:`scala40cli.reporting.ci_reports`, imported on first use.
_FROM_CI_REPORTS = ("DEFAULT_MAX_ANNOTATIONS", "GithubReporter", "JsonlReporter",
                    "JunitReporter", "SarifReporter")


def __getattr__(name: str) -> Any:
    """``REPORTERS``, the registry, built on first use (see :func:`_reporters`), and the
    CI formats' names, imported on first use."""
    if name == "REPORTERS":
        return _reporters()
    if name in _FROM_CI_REPORTS:
        from scala40cli.reporting import ci_reports

        return getattr(ci_reports, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_reporter(name: str, *, max_annotations: int | None = None,
                  quiet: bool = False) -> Reporter:
    """The reporter of a format, with the options that format takes (the default of
    ``max_annotations`` is ``ci_reports.DEFAULT_MAX_ANNOTATIONS``)."""
    if name == TextReporter.name:
        return TextReporter(quiet=quiet)
    if name == JsonReporter.name:
        return JsonReporter()
    from scala40cli.reporting.ci_reports import GithubReporter

    if name == GithubReporter.name and max_annotations is not None:
        return GithubReporter(max_annotations=max_annotations)
    return _reporters()[name]()
