"""The scala40 command, through click's CliRunner: reports, exit codes, stdin, --output."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from conftest import ReportCheck

from scala40cli import __version__
from scala40cli.cli.explain_command import find_code
from scala40cli.cli.main import main
from scala40cli.cli.rules_command import rules_listing
from scala40cli.cli.status import exit_status
from scala40cli.judging.rulebook.rules import MEANINGS, PRESETS, RULE_KEYS, allowed_values, preset
from scala40cli.model.results import FileResult
from scala40cli.model.violations import RULEBOOK, Code

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


#: ``replay(game, choice)`` is the lead's part: until the referee takes the command
#: line's choice, the tests that replay under it may fail.
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


def test_output_may_not_name_an_input(tmp_path: Path) -> None:
    """The report never overwrites a log it reads (tests/test_output.py has the rest)."""
    log = tmp_path / "typo.s40"
    log.write_bytes(TYPO)
    result = run("replay", "-o", str(log), str(log))
    assert result.exit_code == 2
    assert log.read_bytes() == TYPO


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


@pytest.mark.parametrize("spelling", ["T004", "t004", "not-in-hand", " NOT-IN-HAND ",
                                      "not_in_hand"])
def test_explain_finds_a_code_by_code_or_name(spelling: str) -> None:
    assert find_code(spelling) is Code.NOT_IN_HAND


@pytest.mark.parametrize(("typed", "meant"), [("c06", "C006"), ("T04", "T004"),
                                              ("not-in-hnad", "not-in-hand")])
def test_explain_of_a_code_one_typo_away_names_it(typed: str, meant: str) -> None:
    result = run("explain", typed)
    assert result.exit_code == 2 and f"(did you mean {meant}?)" in result.output
    assert "did you mean" not in run("explain", "zzz").output


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


# --- replay --rules / --set -------------------------------------------------------------


def usage_error(*args: str) -> str:
    """The message of a wrong command line, checked to exit 2 with no traceback."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    return result.stderr


@pytest.mark.parametrize(
    ("args", "named"),
    [
        pytest.param(("--rules", "scala45"),
                     ("unknown rules preset 'scala45'", "did you mean 'scala50'?", "classic"),
                     id="unknown_preset"),
        pytest.param(("--set", "opening_point=40"),
                     ("unknown rule key 'opening_point'", "'40'", "did you mean 'opening_points'?"),
                     id="unknown_key"),
        pytest.param(("--set", "take_after_opening=sometimes"),
                     ("bad value 'sometimes' for rule 'take_after_opening' in --set; "
                      "allowed: must_use, free",),
                     id="bad_value"),
        pytest.param(("--set", "opening_points=forty"),
                     ("'forty'", "opening_points", "whole number"), id="bad_number"),
        pytest.param(("--set", "opening_points"), ("--set takes key=value",), id="no_equals"),
        pytest.param(("--set", "fixed_hands=12"),
                     ("fixed_hands=12 needs elimination=none", "--set elimination=none"),
                     id="hands_without_elimination_none"),
        pytest.param(("--rules", "house.toml"), ("cannot read rules file house.toml",),
                     id="missing_rules_file"),
    ],
)
def test_bad_rules_on_the_command_line_exit_2_before_any_replay(
    tmp_path: Path, args: tuple[str, ...], named: tuple[str, ...]
) -> None:
    missing = str(tmp_path / "missing.s40")  # never read: the rules are checked first
    message = usage_error("replay", *args, missing)
    for word in named:
        assert word in message


def test_bad_rules_file_exits_2_with_every_problem(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('[rules]\nopening_point = 40\njokers = 3\n', encoding="utf-8")
    message = usage_error("replay", "--rules", str(house), str(tmp_path / "game.s40"))
    assert f"unknown rule key 'opening_point' in {house}; did you mean 'opening_points'?" in message
    assert f"bad value 3 for rule 'jokers' in {house}; allowed: 4, 2" in message


def test_invalid_toml_rules_file_exits_2_with_its_line(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('preset = "classic"\n[rules\n', encoding="utf-8")
    message = usage_error("replay", "--rules", str(house), str(tmp_path / "game.s40"))
    assert "is not valid TOML" in message and "line 2" in message


@needs_legal_fixture
def test_replay_under_set_values_reports_them_with_their_source(check_report: ReportCheck) -> None:
    code, report = run_json(
        check_report, "--set", "opening_points=70", "--set", "compra=yes", str(LEGAL_FIXTURE)
    )
    game = report["files"][0]["games"][0]
    assert game["rules"]["opening_points"] == "70"
    assert game["rule_sources"]["opening_points"] == "--set"
    assert game["rule_sources"]["jokers"] == "preset classic (log line 3)"
    assert code == 1  # both openings are worth less than 70
    text = run("replay", "--set", "opening_points=70", str(LEGAL_FIXTURE)).stdout
    assert "Rules: classic (log line 3) + opening_points=70 (--set)" in text


@needs_legal_fixture
def test_replay_under_a_preset_and_a_rules_file(check_report: ReportCheck, tmp_path: Path) -> None:
    house = tmp_path / "house.json"
    house.write_text('{"preset": "two-jokers", "rules": {"run_max": 13}}', encoding="utf-8")
    _, report = run_json(check_report, "--rules", str(house), str(LEGAL_FIXTURE))
    game = report["files"][0]["games"][0]
    assert game["rules"]["jokers"] == "2"
    assert game["rule_sources"]["jokers"] == f"preset two-jokers (rules file {house})"
    assert game["rule_sources"]["run_max"] == f"rules file {house}"
    _, report = run_json(check_report, "--rules", "scala30", str(LEGAL_FIXTURE))
    assert report["files"][0]["games"][0]["rules"]["opening_points"] == "30"


@needs_legal_fixture
def test_replay_without_rules_options_reports_valid_json(check_report: ReportCheck) -> None:
    code, report = run_json(check_report, str(LEGAL_FIXTURE))
    assert code == 0
    game = report["files"][0]["games"][0]
    assert game["teams"] == []
    assert all(hand["playoff"] is False for hand in game["hands"])


# --- scala40 rules ----------------------------------------------------------------------


def test_rules_lists_every_preset_and_switch() -> None:
    result = run("rules")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines == rules_listing()
    for entry in PRESETS.values():
        assert f"  {', '.join((entry.name, *entry.aliases))}" in lines
        assert f"      {entry.summary}" in lines
    for key in RULE_KEYS:
        at = lines.index(f"  {key}: {allowed_values(key)}")
        assert lines[at + 1] == f"      {MEANINGS[key]}"
    assert "  jokers: 4, 2" in lines  # the classic value first
    assert "  take_before_opening: only_to_open, forbidden" in lines


def test_rules_prints_a_preset_as_a_toml_rules_file() -> None:
    result = run("rules", "scala50")
    assert result.exit_code == 0
    document = tomllib.loads(result.stdout)
    assert document["preset"] == "scala50"
    assert list(document["rules"]) == list(RULE_KEYS)
    assert {k: str(v) for k, v in document["rules"].items()} == preset("scala50").as_tokens()


def test_rules_prints_json_on_request() -> None:
    result = run("rules", "Two_Jokers", "--format", "json")
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert document["preset"] == "two-jokers"
    assert document["rules"]["jokers"] == 2


def test_rules_with_set_and_without_a_preset_is_over_classic() -> None:
    document = tomllib.loads(run("rules", "--set", "compra=yes").stdout)
    assert document["preset"] == "classic"
    assert document["rules"]["compra"] == "yes"
    assert json.loads(run("rules", "--format", "json").stdout)["rules"]["jokers"] == 4


def test_rules_output_saved_and_read_back_is_the_same(tmp_path: Path) -> None:
    saved = tmp_path / "house.toml"
    saved.write_text(run("rules", "traditional", "--set", "jokers=2").stdout, encoding="utf-8")
    again = run("rules", str(saved), "--format", "json")
    direct = run("rules", "traditional", "--set", "jokers=2", "--format", "json")
    assert again.exit_code == 0
    assert json.loads(again.stdout) == json.loads(direct.stdout)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("nope",), "unknown rules preset 'nope'"),
        (("--set", "jokers=3"), "bad value '3' for rule 'jokers' in --set; allowed: 4, 2"),
        (("scala50", "--format", "yaml"), "yaml"),
    ],
)
def test_rules_with_a_bad_choice_exits_2(args: tuple[str, ...], named: str) -> None:
    assert named in usage_error("rules", *args)
