"""The scala40 command, through click's CliRunner: reports, exit codes, stdin, --output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from conftest import ReportCheck

from scala40cli import __version__
from scala40cli.cli import exit_status, find_code, main
from scala40cli.results import FileResult
from scala40cli.violations import RULEBOOK, Code

ROOT = Path(__file__).resolve().parent.parent
LEGAL_FIXTURE = ROOT / "fixtures" / "legal" / "two-players.s40"
needs_legal_fixture = pytest.mark.skipif(
    not LEGAL_FIXTURE.exists(), reason="the legal fixture is not written yet"
)

TYPO = b"""[Players "Anna" "Bruno"]
hand 1
dealer Anna
Anna discrad 5S
"""


def run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def run_json(check_report: ReportCheck, *args: str, stdin: bytes | None = None) -> Any:
    result = run("replay", "--format", "json", *args, stdin=stdin)
    return result.exit_code, check_report(json.loads(result.stdout))


# --- replay: exit status and reports ----------------------------------------------------


@needs_legal_fixture
def test_legal_game_exits_0_with_a_score_sheet() -> None:
    result = run("replay", str(LEGAL_FIXTURE))
    assert result.exit_code == 0, result.stdout
    assert "two-players.s40: game 1" in result.stdout
    assert "Total" in result.stdout
    assert result.stdout.endswith("1 file, 1 game, 0 with violations, 0 violations\n")


@needs_legal_fixture
def test_legal_game_as_json(check_report: ReportCheck) -> None:
    code, report = run_json(check_report, str(LEGAL_FIXTURE))
    assert code == 0
    assert report["summary"]["violations"] == 0
    assert report["files"][0]["games"][0]["ok"] is True


def test_missing_file_is_f001_and_exit_1(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.s40")
    result = run("replay", missing)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{missing}:1:1: F001 cannot read the file: ")
    assert "Traceback" not in result.output


def test_missing_file_as_json(check_report: ReportCheck, tmp_path: Path) -> None:
    code, report = run_json(check_report, str(tmp_path / "missing.s40"))
    assert code == 1
    [error] = report["files"][0]["errors"]
    assert (error["code"], error["name"], error["line"], error["column"]) == (
        "F001",
        "unreadable-file",
        1,
        1,
    )


def test_invalid_utf8_is_f002(check_report: ReportCheck, tmp_path: Path) -> None:
    log = tmp_path / "latin1.s40"
    log.write_bytes(b'[Players "Anna" "Bruno"]\n[Event "caf\xe9"]\n')
    code, report = run_json(check_report, str(log))
    assert code == 1
    assert [error["code"] for error in report["files"][0]["errors"]] == ["F002"]


def test_syntax_error_shows_the_line_and_a_caret(tmp_path: Path) -> None:
    log = tmp_path / "typo.s40"
    log.write_bytes(TYPO)
    result = run("replay", str(log))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    [at] = [index for index, line in enumerate(lines) if f"{log}:4:" in line and " F003 " in line]
    assert lines[at + 1] == "    Anna discrad 5S"
    assert lines[at + 2].strip() == "^"


def test_stdin_is_read_as_bytes(check_report: ReportCheck) -> None:
    code, report = run_json(check_report, "-", stdin=TYPO)
    assert code == 1
    assert report["files"][0]["path"] == "<stdin>"
    assert any(error["code"] == "F003" for error in report["files"][0]["errors"])


def test_stdin_invalid_utf8_in_text(check_report: ReportCheck) -> None:
    result = run("replay", "-", stdin=b"\xff\xfe[Players]\n")
    assert result.exit_code == 1
    assert result.stdout.startswith("<stdin>:")
    assert " F002 " in result.stdout.splitlines()[0]


def test_every_file_is_reported_in_order(check_report: ReportCheck, tmp_path: Path) -> None:
    typo = tmp_path / "typo.s40"
    typo.write_bytes(TYPO)
    missing = tmp_path / "missing.s40"
    code, report = run_json(check_report, str(missing), str(typo))
    assert code == 1
    assert [entry["path"] for entry in report["files"]] == [str(missing), str(typo)]
    assert report["summary"]["files"] == 2


def test_output_writes_the_report_to_a_file(check_report: ReportCheck, tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    result = run(
        "replay", "--format", "json", "--output", str(target), str(tmp_path / "missing.s40")
    )
    assert result.exit_code == 1
    assert result.stdout == ""
    check_report(json.loads(target.read_text(encoding="utf-8")))


def test_output_text_equals_stdout(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    missing = str(tmp_path / "missing.s40")
    run("replay", "-o", str(target), missing)
    assert target.read_text(encoding="utf-8") == run("replay", missing).stdout


def test_output_may_name_an_input(tmp_path: Path) -> None:
    """The report is written after every input was read, so the input is judged first."""
    log = tmp_path / "typo.s40"
    log.write_bytes(TYPO)
    result = run("replay", "-o", str(log), str(log))
    assert result.exit_code == 1
    assert " F003 " in log.read_text(encoding="utf-8")


# --- wrong command lines: exit 2 --------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["replay"],
        ["replay", "--format", "xml", "game.s40"],
        ["replay", "--colour", "game.s40"],
        ["referee", "game.s40"],
        ["explain", "Z999"],
    ],
)
def test_wrong_command_line_exits_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_unwritable_output_exits_2(tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "report.json"
    result = run("replay", "--output", str(target), str(tmp_path / "missing.s40"))
    assert result.exit_code == 2
    assert "cannot write" in result.stderr


# --- explain, version, python -m --------------------------------------------------------


@pytest.mark.parametrize("spelling", ["T004", "t004", "not-in-hand", " NOT-IN-HAND "])
def test_explain_finds_a_code_by_code_or_name(spelling: str) -> None:
    assert find_code(spelling) is Code.NOT_IN_HAND


def test_explain_prints_name_summary_source_and_example() -> None:
    result = run("explain", "T004")
    entry = RULEBOOK[Code.NOT_IN_HAND]
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "T004 not-in-hand"
    for part in (entry.summary, f"Rule: {entry.source}", f"Example: {entry.example}"):
        assert part in result.stdout


def test_explain_without_a_code_lists_them_all() -> None:
    result = run("explain")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{code}  {entry.name}" for code, entry in RULEBOOK.items()
    ]


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert __version__ in result.stdout


def test_python_dash_m_runs_the_same_command() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "scala40cli", "explain", "F001"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("F001 unreadable-file")


def test_exit_status(legal_file: FileResult, faulty_file: FileResult) -> None:
    assert exit_status([]) == 0
    assert exit_status([legal_file]) == 0
    assert exit_status([legal_file, faulty_file]) == 1
