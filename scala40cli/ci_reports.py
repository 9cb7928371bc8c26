"""Reports in the formats CI systems read: GitHub annotations, SARIF 2.1.0, JUnit XML,
and JSON Lines (one object a game).

Each is a :class:`~scala40cli.report.Reporter` built from the same results as the text
and JSON reports, so a CI job shows exactly what ``scala40 replay`` finds. Every
problem keeps its code, so a reader can look it up with ``scala40 explain CODE``.
"""

from __future__ import annotations

import contextlib
import json
import os
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

from . import __version__
from .audit import Record, records_of
from .markdown import game_markdown
from .report import JsonObject, Reporter, Summary, Tally, file_error_json, game_json
from .results import FileResult, GameResult, Problem
from .violations import RULEBOOK, Code

#: Where ``scala40 explain`` lives for people reading a SARIF rule.
HELP_URI = "https://github.com/scala40/scala40/blob/main/docs/violations.md"

#: GitHub shows at most this many annotations of one kind a step by default.
DEFAULT_MAX_ANNOTATIONS = 50


def all_problems(files: Sequence[FileResult]) -> Iterator[tuple[str, Problem]]:
    """Every problem of the run with its file: file errors first, then each game's."""
    for result in files:
        for problem in result.errors:
            yield result.path, problem
        for game in result.games:
            for problem in game.violations:
                yield result.path, problem


# --- GitHub Actions -------------------------------------------------------------------


def _escape_data(text: str) -> str:
    """GitHub workflow command data: %, CR and LF are escaped."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """A workflow command property value: also ``:`` and ``,``, which separate them."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotation(path: str, problem: Problem) -> str:
    """``::error file=...,line=...,col=...,title=CODE name::message``."""
    properties = ",".join(f"{key}={_escape_property(value)}" for key, value in (
        ("file", path), ("line", str(problem.line)), ("col", str(problem.column)),
        ("title", f"{problem.code} {problem.name}")))
    return f"::error {properties}::{_escape_data(f'{problem.code} {problem.message}')}"


class GithubReporter(Reporter):
    """GitHub Actions workflow commands: one ``::error`` annotation a problem, at most
    ``max_annotations`` of them, then a count of the rest; a Markdown summary is
    appended to ``$GITHUB_STEP_SUMMARY`` when it is set. Written as the audit goes:
    memory does not grow with the number of games."""

    name = "github"
    streams = True

    def __init__(self, max_annotations: int = DEFAULT_MAX_ANNOTATIONS) -> None:
        self.max_annotations = max_annotations

    def write(self, files: Sequence[FileResult], stream: TextIO) -> None:
        self.write_records(records_of(files), stream)

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
        with contextlib.ExitStack() as stack:
            sheets = (stack.enter_context(Path(summary_file).open("a", encoding="utf-8"))
                      if summary_file else None)
            return self._annotate(records, stream, sheets)

    def _annotate(self, records: Iterable[Record], stream: TextIO, sheets: TextIO | None
                  ) -> Summary:
        tally, shown = Tally(), 0
        if sheets is not None:
            sheets.write("## scala40\n\n")
        for kind, path, payload in records:
            problems: Sequence[Problem] = ()
            if kind == "game" and isinstance(payload, GameResult):
                tally.add_game(payload)
                problems = payload.violations
                if sheets is not None:
                    sheets.write("\n".join(game_markdown(path, payload)) + "\n")
            elif kind == "error" and isinstance(payload, Problem):
                tally.file_errors += 1
                problems = (payload,)
            else:
                tally.files += 1
            for problem in problems:
                shown += 1
                if shown <= self.max_annotations:
                    stream.write(github_annotation(path, problem) + "\n")
        hidden = shown - self.max_annotations
        if hidden > 0:
            stream.write(f"::warning title=scala40::{hidden} more problems are not "
                         "annotated (see the job summary or run scala40 replay)\n")
        summary = tally.summary()
        stream.write(summary.sentence() + "\n")
        if sheets is not None:
            sheets.write(summary.sentence() + "\n")
        return summary


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


def _artifact_uri(path: str) -> str:
    return Path(path).as_posix() if path != "<stdin>" else "stdin"


def _sarif_result(path: str, problem: Problem, rule_index: int) -> JsonObject:
    result: JsonObject = {
        "ruleId": str(problem.code),
        "ruleIndex": rule_index,
        "level": "error",
        "message": {"text": problem.message},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": _artifact_uri(path)},
            "region": {"startLine": problem.line, "startColumn": problem.column},
        }}],
    }
    if problem.hand is not None or problem.player is not None:
        result["properties"] = {"hand": problem.hand, "player": problem.player}
    return result


def sarif_document(files: Sequence[FileResult]) -> JsonObject:
    """The SARIF 2.1.0 log of a run: every code as a rule, every problem as a result."""
    codes = list(Code)
    index = {code: i for i, code in enumerate(codes)}
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
            "results": [_sarif_result(path, problem, index[problem.code])
                        for path, problem in all_problems(files)],
        }],
    }


class SarifReporter(Reporter):
    """SARIF 2.1.0, for code scanning dashboards."""

    name = "sarif"

    def write(self, files: Sequence[FileResult], stream: TextIO) -> None:
        json.dump(sarif_document(files), stream, indent=2, ensure_ascii=False)
        stream.write("\n")


# --- JUnit XML ------------------------------------------------------------------------


def _game_case(suite: ET.Element, path: str, game: GameResult) -> None:
    case = ET.SubElement(suite, "testcase", classname=path,
                         name=f"game {game.index} (line {game.line})")
    if game.violations:
        lines = [f"{path}:{v.line}:{v.column}: {v.code} {v.message}" for v in game.violations]
        failure = ET.SubElement(case, "failure", type="scala40",
                                message=f"{len(game.violations)} violation"
                                + ("s" if len(game.violations) != 1 else ""))
        failure.text = "\n".join(lines)


def junit_tree(files: Sequence[FileResult]) -> ET.Element:
    """One testsuite a file, one testcase a game; file errors are ``error`` cases."""
    root = ET.Element("testsuites", name="scala40")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for result in files:
        suite = ET.SubElement(root, "testsuite", name=result.path)
        for problem in result.errors:
            case = ET.SubElement(suite, "testcase", classname=result.path, name="file")
            error = ET.SubElement(case, "error", type=str(problem.code), message=problem.message)
            error.text = f"{result.path}:{problem.line}:{problem.column}: {problem.code} " \
                         f"{problem.message}"
        for game in result.games:
            _game_case(suite, result.path, game)
        counts = {"tests": len(result.games) + len(result.errors),
                  "failures": sum(1 for game in result.games if not game.ok),
                  "errors": len(result.errors)}
        for key, value in counts.items():
            suite.set(key, str(value))
            totals[key] += value
    for key, value in totals.items():
        root.set(key, str(value))
    return root


class JunitReporter(Reporter):
    """JUnit XML: clean games count as passed tests, games with violations as failures."""

    name = "junit"

    def write(self, files: Sequence[FileResult], stream: TextIO) -> None:
        root = junit_tree(files)
        ET.indent(root)
        stream.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        stream.write(ET.tostring(root, encoding="unicode"))
        stream.write("\n")


# --- JSON Lines -----------------------------------------------------------------------


class JsonlReporter(Reporter):
    """One JSON object a line: a record per game (and per file error) as soon as it is
    judged, then a summary record; described by ``schemas/jsonl.schema.json``. Memory
    does not grow with the number of games."""

    name = "jsonl"
    streams = True

    def write(self, files: Sequence[FileResult], stream: TextIO) -> None:
        self.write_records(records_of(files), stream)

    def write_records(self, records: Iterable[Record], stream: TextIO) -> Summary:
        tally = Tally()
        for kind, path, payload in records:
            record: JsonObject | None = None
            if kind == "game" and isinstance(payload, GameResult):
                tally.add_game(payload)
                record = {"type": "game", "path": path, "game": game_json(payload)}
            elif kind == "error" and isinstance(payload, Problem):
                tally.file_errors += 1
                record = {"type": "file_error", "path": path,
                          "error": file_error_json(payload)}
            else:
                tally.files += 1
            if record is not None:
                stream.write(json.dumps(record, ensure_ascii=False) + "\n")
        summary = tally.summary()
        stream.write(json.dumps({"type": "summary", "version": __version__,
                                 "summary": summary.as_json()}) + "\n")
        return summary
