"""Every output format of the command line, by name: the registry behind ``--format``.

Four registries, one a kind of output, each a table from a format's name to what writes
it, so that the command line never branches on a format's name:

- :data:`REPORTERS` (:func:`make_reporter`), the formats of ``scala40 replay``: each a
  :class:`~scala40cli.reporting.base.Reporter` class, written as the audit goes.
  The two formats for people and programs, text and JSON, are here; what each keeps of
  a game until the end is said in its docstring (and in docs/performance.md), so that memory
  does not grow with an archive of games.
- :data:`COMPARISON_FORMATS` (:func:`render_comparison`), ``replay --compare``;
- :data:`SCORE_REPORT_FORMATS` (:func:`render_score_report`), ``scala40 report``;
- :data:`RULES_FORMATS` (:func:`render_rules`), ``scala40 rules``.

Adding a format is one more entry here and its name in :mod:`scala40cli.cli.choices`,
which lists the names for the command line without importing any of this (a test
checks that the two agree).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record
from scala40cli.model.results import REPORT_SCHEMA_VERSION, FileResult, GameResult, Problem
from scala40cli.reporting.base import Reporter
from scala40cli.reporting.json_report import file_error_json, game_json
from scala40cli.reporting.json_stream import HOLE, JsonArray, dumps, template
from scala40cli.reporting.summary import Summary, Tally
from scala40cli.reporting.text_report import TextReporter
from scala40cli.translation.catalogue import ENGLISH, Catalogue
from scala40cli.version import __version__

if TYPE_CHECKING:
    from scala40cli.judging.rulebook.rules import ResolvedRules
    from scala40cli.reporting.compare import GameComparison


class JsonReporter(Reporter):
    """The JSON document of ``schemas/report.schema.json``, indented, UTF-8 as is.

    Written as the audit goes: each game as soon as it is judged, a file's own errors
    (kept until the file ends) after its games, and the summary last. Keeps nothing of
    a game once it is written."""

    name = "json"
    for_people = False

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        head, (files_at, summary_at) = template(
            {"version": __version__, "schema_version": REPORT_SCHEMA_VERSION, "files": HOLE,
             "summary": HOLE})
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
        self.ok, self.complete, self.any_game = True, True, False
        self.pieces, (games_at, self.errors_at, _, _) = template(
            {"path": path, "games": HOLE, "errors": HOLE, "ok": HOLE, "complete": HOLE,
             "schema_version": REPORT_SCHEMA_VERSION}, files.open_item())
        stream.write(self.pieces[0])
        self.games = JsonArray(stream, games_at)

    def add_game(self, game: GameResult) -> None:
        self.ok = self.ok and game.ok
        self.complete, self.any_game = self.complete and game.complete, True
        self.games.add(game_json(game))

    def close(self) -> None:
        """The file's errors, ``ok`` and ``complete`` (as ``FileResult`` says them)."""
        self.games.close()
        errors = [file_error_json(problem) for problem in self.errors]
        self.ok = self.ok and not self.errors
        complete = self.ok and self.complete and self.any_game
        self.stream.write(self.pieces[1] + dumps(errors, self.errors_at) + self.pieces[2]
                          + dumps(self.ok) + self.pieces[3] + dumps(complete)
                          + self.pieces[4])


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
                  quiet: bool = False, color: bool = False,
                  words: Catalogue = ENGLISH) -> Reporter:
    """The reporter of a format, with the options that format takes: ``quiet`` and
    ``color`` (colour for a terminal) for text, ``max_annotations`` for github (by
    default ``ci_reports.DEFAULT_MAX_ANNOTATIONS``); the other formats take none.
    ``words``: the language of a report a person reads (the JSON ones stay English)."""
    reporter = _made(name, max_annotations, quiet, color)
    if reporter.for_people:
        reporter.words = words
    return reporter


def _made(name: str, max_annotations: int | None, quiet: bool, color: bool) -> Reporter:
    if name == TextReporter.name:
        if color:
            from scala40cli.reporting.color import ColorTextReporter

            return ColorTextReporter(quiet=quiet)
        return TextReporter(quiet=quiet)
    if name == JsonReporter.name:
        return JsonReporter()
    from scala40cli.reporting.ci_reports import GithubReporter

    if name == GithubReporter.name and max_annotations is not None:
        return GithubReporter(max_annotations=max_annotations)
    return _reporters()[name]()


# --- whole documents: --compare, scala40 report, scala40 rules ---------------------------

#: What ``replay --compare`` writes: the rule sets' names, each file's results under
#: each (in the same order), what differs between them, and the language of a report
#: for people (the JSON stays English).
ComparisonWriter = Callable[[Sequence[str], Sequence[Sequence[FileResult]],
                             Sequence["GameComparison"], Catalogue], str]


def _comparison_text(names: Sequence[str], runs: Sequence[Sequence[FileResult]],
                     comparisons: Sequence[GameComparison], words: Catalogue) -> str:
    """The comparison tables, one a game that differs (``--compare`` ``--format text``)."""
    from scala40cli.reporting.compare import render_comparison_text

    return render_comparison_text(names, comparisons, words)


def _comparison_json(names: Sequence[str], runs: Sequence[Sequence[FileResult]],
                     comparisons: Sequence[GameComparison], words: Catalogue) -> str:
    """The JSON report under the first rule set with the comparisons (``--format json``)."""
    from scala40cli.reporting.compare import comparison_document
    from scala40cli.reporting.escape import json_safe

    document = comparison_document(names, runs, comparisons)
    return json_safe(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


COMPARISON_FORMATS: Mapping[str, ComparisonWriter] = {
    "text": _comparison_text,
    "json": _comparison_json,
}


def render_comparison(name: str, names: Sequence[str],
                      runs: Sequence[Sequence[FileResult]], words: Catalogue = ENGLISH) -> str:
    """``replay --compare`` in the format ``name``: the games of every file under each
    rule set of ``names`` (``runs``, one tuple of results a file) and what differs; the
    text in the language of ``words``."""
    from scala40cli.reporting.compare import compare_files

    return COMPARISON_FORMATS[name](names, runs, compare_files(names, runs), words)


def _markdown(files: Sequence[FileResult], viewers: Mapping[str, str],
              words: Catalogue) -> str:
    from scala40cli.reporting.markdown import markdown_report

    return markdown_report(files, words)


def _html(files: Sequence[FileResult], viewers: Mapping[str, str], words: Catalogue) -> str:
    from scala40cli.reporting.html_report import html_report

    return html_report(files, viewers, words)


#: ``scala40 report``: the score report of the files' games, as one document, in the
#: language of a catalogue (the problems' messages as the results carry them).
#: ``viewers``: the address of each input's viewer page (``scala40 view``), where one
#: was written beside the report, for the HTML report to link each game to it.
ScoreReportWriter = Callable[[Sequence[FileResult], Mapping[str, str], Catalogue], str]
SCORE_REPORT_FORMATS: Mapping[str, ScoreReportWriter] = {
    "markdown": _markdown,
    "html": _html,
}

#: The suffixes of ``report --output`` that choose HTML when ``--format`` is not given.
HTML_SUFFIXES = (".html", ".htm")


def score_report_format(output: str | None) -> str:
    """The format of ``scala40 report`` without ``--format``: html for an ``--output``
    ending in .html or .htm, else markdown."""
    if output is not None and output.lower().endswith(HTML_SUFFIXES):
        return "html"
    return "markdown"


def render_score_report(name: str, files: Sequence[FileResult],
                        viewers: Mapping[str, str] | None = None,
                        words: Catalogue = ENGLISH) -> str:
    """The score report of ``files`` in the format ``name`` (``viewers``: see
    :data:`SCORE_REPORT_FORMATS`), in the language of ``words``."""
    return SCORE_REPORT_FORMATS[name](files, viewers or {}, words)


def _rules_toml(resolved: ResolvedRules) -> str:
    from scala40cli.audit.rulesfile import rules_toml

    return rules_toml(resolved)


def _rules_json(resolved: ResolvedRules) -> str:
    from scala40cli.audit.rulesfile import rules_json

    return rules_json(resolved)


#: ``scala40 rules PRESET``: the resolved rules in the shape of a rules file; the first
#: format is the default.
RULES_FORMATS: Mapping[str, Callable[[ResolvedRules], str]] = {
    "toml": _rules_toml,
    "json": _rules_json,
}


def render_rules(name: str | None, resolved: ResolvedRules) -> str:
    """The resolved rules as a rules file in the format ``name`` (None: the first, toml)."""
    return RULES_FORMATS[name or next(iter(RULES_FORMATS))](resolved)
