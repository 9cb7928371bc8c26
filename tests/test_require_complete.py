"""``replay --require-complete`` and ``report --input-format``: what a server or a CI job
that checks finished matches asks of the command line (issue 34, parts 3 and 4)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from scala40cli.cli.main import main
from scala40cli.reporting.events_jsonl import s40_to_jsonl

ROOT = Path(__file__).resolve().parent.parent
LEGAL = ROOT / "fixtures" / "legal" / "two-players.s40"


def run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, catch_exceptions=False)


def test_a_complete_legal_match_passes() -> None:
    result = run("replay", "-q", "--require-complete", str(LEGAL))
    assert result.exit_code == 0 and result.stderr == ""


def test_an_empty_or_unfinished_input_fails_with_require_complete(tmp_path: Path) -> None:
    cut_off = tmp_path / "cut.s40"
    cut_off.write_text(LEGAL.read_text(encoding="utf-8").split("\nhand 2\n")[0],
                       encoding="utf-8")
    empty = tmp_path / "empty.s40"
    empty.write_text("\n", encoding="utf-8")
    for path in (cut_off, empty):
        assert run("replay", "-q", str(path)).exit_code == 0  # legal as far as it goes
    result = run("replay", "-q", "--require-complete", str(cut_off), str(empty), str(LEGAL))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"scala40: {cut_off}: not a complete match: game 1 not played to the end",
        f"scala40: {empty}: not a complete match: it holds no game"]
    stdin = run("replay", "-q", "--require-complete", "-", stdin=b"")
    assert stdin.exit_code == 1 and "<stdin>: not a complete match" in stdin.stderr
    assert run("replay", "-q", "--require-complete", "--exit-zero", str(empty)).exit_code == 0


def test_the_json_report_says_complete_for_each_file_and_game(tmp_path: Path) -> None:
    cut_off = tmp_path / "cut.s40"
    cut_off.write_text(LEGAL.read_text(encoding="utf-8").split("\nhand 2\n")[0],
                       encoding="utf-8")
    report = json.loads(run("replay", "--format", "json", str(LEGAL), str(cut_off)).stdout)
    assert [f["complete"] for f in report["files"]] == [True, False]
    assert [f["ok"] for f in report["files"]] == [True, True]
    assert report["files"][1]["games"][0]["complete"] is False


def test_report_reads_json_lines_from_standard_input() -> None:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    expected = run("report", "--format", "markdown", str(LEGAL)).stdout
    for args in (("--input-format", "jsonl", "-"), ("-",)):
        result = run("report", "--format", "markdown", *args, stdin=jsonl.encode())
        assert result.exit_code == 0, result.output
        assert result.stdout.replace("<stdin>", "x") == expected.replace(str(LEGAL), "x")
    wrong = run("report", "--input-format", "s40", "-", stdin=jsonl.encode())
    assert wrong.exit_code == 1
