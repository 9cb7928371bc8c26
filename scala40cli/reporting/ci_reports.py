"""Reports in the formats CI systems read: GitHub annotations, SARIF 2.1.0, JUnit XML,
and JSON Lines (one object a game).

Each is a :class:`~scala40cli.reporting.base.Reporter` built from the same results as
the text and JSON reports, so a CI job shows exactly what ``scala40 replay`` finds. Every
problem keeps its code, so a reader can look it up with ``scala40 explain CODE``.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, TextIO
from urllib.parse import quote

from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record
from scala40cli.model.results import REPORT_SCHEMA_VERSION, FileResult, GameResult, Problem
from scala40cli.model.violations import RULEBOOK, Code
from scala40cli.reporting.base import Reporter
from scala40cli.reporting.escape import (
    json_safe,
    terminal_line,
    workflow_data,
    workflow_property,
    xml_attribute,
    xml_neutral,
    xml_text,
)
from scala40cli.reporting.job_summary import GITHUB_SUMMARY_LIMIT, RESERVED, JobSummary
from scala40cli.reporting.json_report import JsonObject, jsonl_record
from scala40cli.reporting.json_stream import HOLE, JsonArray, template
from scala40cli.reporting.summary import Summary, Tally, plural
from scala40cli.version import __version__

#: Where ``scala40 explain`` lives for people reading a SARIF rule.
HELP_URI = "https://github.com/scala40/scala40/blob/main/docs/violations.md"

#: GitHub shows at most 10 error annotations a step: more are not shown, so by default
#: no more are written, and a notice says how many more problems there are.
DEFAULT_MAX_ANNOTATIONS = 10


def all_problems(files: Sequence[FileResult]) -> Iterator[tuple[str, Problem]]:
    """Every problem of the run with its file: file errors first, then each game's."""
    for result in files:
        for problem in result.errors:
            yield result.path, problem
        for game in result.games:
            for problem in game.violations:
                yield result.path, problem


# --- GitHub Actions -------------------------------------------------------------------


def github_annotation(path: str, problem: Problem) -> str:
    """``::error file=...,line=...,col=...,title=CODE name::message``, escaped as GitHub
    requires (and terminal-safe: the runner echoes it into the job log)."""
    properties = ",".join(f"{key}={workflow_property(value)}" for key, value in (
        ("file", path), ("line", str(problem.line)), ("col", str(problem.column)),
        ("title", f"{problem.code} {problem.name}")))
    return f"::error {properties}::{workflow_data(f'{problem.code} {problem.message}')}"


class GithubReporter(Reporter):
    """GitHub Actions workflow commands: one ``::error`` annotation a problem, at most
    ``max_annotations`` of them, then a notice with the count of the rest and the
    counts; a Markdown summary (:mod:`scala40cli.reporting.job_summary`, under 1 MiB) is appended
    to ``$GITHUB_STEP_SUMMARY`` at the end when that variable is set (when it cannot
    be, :attr:`side_failure` says why). Keeps nothing of a game but what fits in that
    summary."""

    name = "github"

    def __init__(self, max_annotations: int = DEFAULT_MAX_ANNOTATIONS) -> None:
        self.max_annotations = max_annotations

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        target = os.environ.get("GITHUB_STEP_SUMMARY")
        sheets, failure = None, None
        if target:
            try:
                sheets = JobSummary(budget=GITHUB_SUMMARY_LIMIT - RESERVED
                                    - _size_of(target), words=self.words)
            except OSError as error:
                failure = error
        tally, problems = Tally(), 0
        for record in records:
            tally.add(record)
            path = record.path
            found: Sequence[Problem] = ()
            match record:
                case JudgedGame(game=game):
                    found = game.violations
                    if sheets is not None:
                        sheets.add_game(path, game)
                case FileError(problem=problem):
                    found = (problem,)
                    if sheets is not None:
                        sheets.add_file_error(path, problem)
            for problem in found:
                problems += 1
                if problems <= self.max_annotations:
                    stream.write(github_annotation(path, problem) + "\n")
        hidden = max(problems - self.max_annotations, 0)
        summary = tally.summary()
        if hidden:
            notice = self.words.ngettext(
                "{count} more problem than the {annotated} annotated: see the job summary, "
                "or run scala40 replay",
                "{count} more problems than the {annotated} annotated: see the job summary, "
                "or run scala40 replay", hidden, annotated=self.max_annotations)
            stream.write(f"::notice title=scala40::{workflow_data(notice)}\n")
        stream.write(summary.sentence(self.words) + "\n")
        if sheets is not None and target:
            failure = _append(target, sheets.render(summary, hidden, self.max_annotations))
        if failure is not None:
            reason = failure.strerror or str(failure)
            self.side_failure = (f"cannot write the job summary GITHUB_STEP_SUMMARY="
                                 f"{terminal_line(target or '')}: {reason}")
        return summary


def _size_of(target: str) -> int:
    """The bytes already in the summary file (earlier output of the same step); raises
    OSError when it cannot be appended to, so that the failure is known early."""
    with Path(target).open("a", encoding="utf-8") as handle:
        return os.fstat(handle.fileno()).st_size


def _append(target: str, text: str) -> OSError | None:
    try:
        with Path(target).open("a", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        return error
    return None


# --- SARIF 2.1.0 ----------------------------------------------------------------------


def _sarif_rule(code: Code) -> JsonObject:
    entry = RULEBOOK[code]
    return {
        "id": str(code),
        "name": entry.name,
        "shortDescription": {"text": entry.summary},
        "fullDescription": {"text": f"{entry.summary} Rule: {entry.source}."},
        "help": {"text": f"Example: {entry.example}. Run `scala40 explain {code}`."},
        "helpUri": f"{HELP_URI}#{str(code).lower()}",
        "defaultConfiguration": {"level": "error"},
    }


def artifact_uri(path: str) -> str:
    """A file name as a SARIF ``artifactLocation.uri``: a relative (or, for an absolute
    path, an absolute-path) URI reference, with ``/`` between folders and every other
    character that a URI does not allow there (a space, ``%``, ``#``, ``?``, ``:``,
    a backslash, non-ASCII letters, bytes of a name that is not UTF-8) percent-encoded."""
    if path == "<stdin>":
        return "stdin"
    if os.sep != "/":
        path = path.replace(os.sep, "/")
    return quote(os.fsencode(path), safe="/")


def _sarif_result(path: str, problem: Problem, rule_index: int) -> JsonObject:
    result: JsonObject = {
        "ruleId": str(problem.code),
        "ruleIndex": rule_index,
        "level": "error",
        "message": {"text": problem.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": artifact_uri(path)},
            "region": {"startLine": problem.line, "startColumn": problem.column},
        }}],
    }
    if problem.hand is not None or problem.player is not None:
        result["properties"] = {"hand": problem.hand, "player": problem.player}
    return result


def _sarif_log(results: object) -> JsonObject:
    codes = list(Code)
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "scala40",
                "version": __version__,
                "informationUri": HELP_URI,
                "rules": [_sarif_rule(code) for code in codes],
            }},
            "results": results,
        }],
    }


_RULE_INDEX = {code: i for i, code in enumerate(Code)}


def sarif_document(files: Sequence[FileResult]) -> JsonObject:
    """The SARIF 2.1.0 log of a run: every code as a rule, every problem as a result."""
    return _sarif_log([_sarif_result(path, problem, _RULE_INDEX[problem.code])
                       for path, problem in all_problems(files)])


class SarifReporter(Reporter):
    """SARIF 2.1.0, for code scanning dashboards. Written as the audit goes, a result a
    problem: keeps nothing of a game."""

    name = "sarif"

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        pieces, (results_at,) = template(_sarif_log(HOLE))
        stream.write(pieces[0])
        results = JsonArray(stream, results_at)
        tally = Tally()
        for path, problem in _problems(records, tally):
            results.add(_sarif_result(path, problem, _RULE_INDEX[problem.code]))
        results.close()
        stream.write(pieces[1] + "\n")
        return tally.summary()


def _problems(records: Iterable[Record], tally: Tally) -> Iterator[tuple[str, Problem]]:
    """Every problem of a streamed audit with its file, counted in ``tally``."""
    for record in records:
        tally.add(record)
        match record:
            case JudgedGame(path=path, game=game):
                yield from ((path, problem) for problem in game.violations)
            case FileError(path=path, problem=problem):
                yield (path, problem)


# --- JUnit XML ------------------------------------------------------------------------

#: The JUnit document starts with its counts, so its test cases are spooled as the games
#: are judged: in memory up to this many characters, then in a temporary file (deleted
#: when closed, and by the system at once on POSIX), never in a list of games.
SPOOL_IN_MEMORY = 1024 * 1024


def _spool() -> IO[str]:
    import tempfile  # only for JUnit, whose failures wait here for their suite's header

    return tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY, mode="w+",
                                         encoding="utf-8")


def _problem_text(path: str, problem: Problem) -> str:
    return f"{path}:{problem.line}:{problem.column}: {problem.code} {problem.message}"


class _Suite:
    """One file's test suite: a case a game, as it comes; its file errors (kept until
    the file ends) as one ``file`` case in error."""

    def __init__(self, path: str) -> None:
        self.path, self.name = path, xml_attribute(path)
        self.errors: list[str] = []
        self.cases = _spool()
        self.games = self.failures = 0

    def add_game(self, game: GameResult) -> None:
        self.games += 1
        lines = [f'    <testcase classname={self.name} name="game {game.index}">',
                 "      <properties>",
                 f'        <property name="line" value="{game.line}" />',
                 "      </properties>"]
        if game.violations:
            self.failures += 1
            failure = "\n".join(_problem_text(self.path, v) for v in game.violations)
            lines.append(f'      <failure type="scala40" message='
                         f'{xml_attribute(plural(len(game.violations), "violation"))}>'
                         f'{xml_text(failure)}</failure>')
        lines.append("    </testcase>")
        self.cases.write(xml_neutral("\n".join(lines) + "\n"))

    @property
    def tests(self) -> int:
        return self.games + (1 if self.errors else 0)

    def close(self, document: IO[str]) -> None:
        """Write the whole suite to ``document`` and free its spool."""
        document.write(f'  <testsuite name={self.name} tests="{self.tests}" '
                       f'failures="{self.failures}" errors="{1 if self.errors else 0}">\n')
        if self.errors:
            message = xml_attribute(plural(len(self.errors), "file error"))
            text = xml_text("\n".join(self.errors))
            document.write(xml_neutral(
                f'    <testcase classname={self.name} name="file">\n'
                f'      <error type="scala40" message={message}>{text}</error>\n'
                "    </testcase>\n"))
        self.cases.seek(0)
        shutil.copyfileobj(self.cases, document)
        self.cases.close()
        document.write("  </testsuite>\n")


class JunitReporter(Reporter):
    """JUnit XML: one test suite a file, one test case a game named ``game N`` (N its
    place in the file, so that adding a line to a log renames nothing; the first line
    is a property), passed when clean and failed with its violations otherwise; a
    file's errors are one ``file`` case in error. The root carries the counts: the
    cases are spooled (:data:`SPOOL_IN_MEMORY`) and copied after it, so nothing of a
    game is kept in memory once its case is written."""

    name = "junit"

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        tally = Tally()
        tests = failures = errors = 0
        current: _Suite | None = None
        with _spool() as document:
            for record in records:
                tally.add(record)
                if current is None:
                    current = _Suite(record.path)
                match record:
                    case JudgedGame(game=game):
                        current.add_game(game)
                    case FileError(path=path, problem=problem):
                        current.errors.append(_problem_text(path, problem))
                    case FileEnd():
                        tests += current.tests
                        failures += current.failures
                        errors += 1 if current.errors else 0
                        current.close(document)
                        current = None
            stream.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                         f'<testsuites name="scala40" tests="{tests}" failures="{failures}" '
                         f'errors="{errors}">\n')
            document.seek(0)
            shutil.copyfileobj(document, stream)
        stream.write("</testsuites>\n")
        return tally.summary()


# --- JSON Lines -----------------------------------------------------------------------


class JsonlReporter(Reporter):
    """One JSON object a line: a record per game (and per file error) as soon as it is
    judged, then a summary record; described by ``schemas/jsonl.schema.json``. Keeps
    nothing of a game once it is written."""

    name = "jsonl"
    for_people = False

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        tally = Tally()
        for record in records:
            tally.add(record)
            line = jsonl_record(record)
            if line is not None:
                stream.write(json_safe(json.dumps(line, ensure_ascii=False)) + "\n")
        summary = tally.summary()
        stream.write(json.dumps({"type": "summary", "version": __version__,
                                 "schema_version": REPORT_SCHEMA_VERSION,
                                 "summary": summary.as_json()}) + "\n")
        return summary

