"""``scala40 fmt`` of a JSON Lines log writes canonical JSON Lines, as ``convert`` does,
under the promises of ``fmt`` on a ``.s40`` log: nothing written when a line is wrong,
never through a link, ``--check`` and ``--diff`` for CI. It read every JSON line as a
``.s40`` line before, one syntax error a line."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.cli.main import main
from scala40cli.reporting.events_jsonl import s40_to_jsonl

LEGAL = Path(__file__).resolve().parent.parent / "fixtures" / "legal" / "two-players.s40"


def _canonical() -> str:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    return jsonl


def _messy() -> str:
    """The same events, written as a server might: no spaces, keys in another order,
    a blank line, CR LF line ends."""
    lines = []
    for number, line in enumerate(_canonical().splitlines()):
        event = json.loads(line)
        if number % 40 == 3:
            line = json.dumps(dict(reversed(list(event.items()))), separators=(",", ":"))
        lines.append(line + ("\r\n" if number % 40 == 5 else "\n"))
    lines.insert(10, "\n")
    return "".join(lines)


def _fmt(*arguments: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["fmt", *arguments])
    return result.exit_code, result.stdout, result.stderr


def test_a_canonical_log_is_left_unchanged(tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    log.write_text(_canonical(), encoding="utf-8")
    code, _out, err = _fmt("--check", str(log))
    assert (code, err) == (0, "0 files would be reformatted, 1 file would be left unchanged\n")


def test_a_log_written_otherwise_is_rewritten_in_canonical_form(tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    log.write_bytes(_messy().encode())
    code, _out, err = _fmt("--check", str(log))
    assert code == 1 and f"would reformat {log}" in err
    assert log.read_bytes() == _messy().encode()  # --check writes nothing
    code, _out, err = _fmt(str(log))
    assert code == 0 and f"reformatted {log}" in err
    assert log.read_text(encoding="utf-8") == _canonical()
    assert _fmt("--check", str(log))[0] == 0


def test_the_diff_shows_the_lines_that_change(tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    log.write_bytes(_messy().encode())
    code, out, _err = _fmt("--diff", str(log))
    assert code == 0
    removed = [line for line in out.splitlines() if line.startswith("-") and line != f"--- {log}"]
    added = [line for line in out.splitlines() if line.startswith("+") and line != f"+++ {log}"]
    assert '-{"number":1,"verb":"hand"}' in removed
    assert '+{"verb": "hand", "number": 1}' in added
    assert log.read_bytes() == _messy().encode()


def test_a_log_with_a_wrong_line_is_not_written(tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    lines = _messy().splitlines(keepends=True)
    lines[20] = '{"verb": "draw", "player": "Anna", "card": 7}\n'
    text = "".join(lines)
    log.write_bytes(text.encode())
    code, _out, err = _fmt(str(log))
    assert code == 1
    assert "match.jsonl:21:" in err and "1 file with errors" in err
    assert err.count("F003") == 1
    assert log.read_bytes() == text.encode()


def test_a_link_is_not_rewritten(tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    log.write_bytes(_messy().encode())
    link = tmp_path / "link.jsonl"
    os.symlink(log, link)
    code, _out, err = _fmt(str(link))
    assert code == 1 and "symbolic link" in err
    assert log.read_bytes() == _messy().encode()


@pytest.mark.parametrize("name", ["match.log", "match"])
def test_a_json_lines_log_named_otherwise_is_told_by_its_first_line(tmp_path: Path,
                                                                     name: str) -> None:
    log = tmp_path / name
    log.write_bytes(_messy().encode())
    assert _fmt(str(log))[0] == 0
    assert log.read_text(encoding="utf-8") == _canonical()


def test_comments_stay(tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    text = _messy() + '{"text":"; checked by the club","verb":"comment"}\n'
    log.write_text(text, encoding="utf-8")
    assert _fmt(str(log))[0] == 0
    written = log.read_text(encoding="utf-8").splitlines()
    assert written[-1] == '{"verb": "comment", "text": "; checked by the club"}'


def test_input_format_reads_json_lines_from_a_pipe_or_under_another_name(tmp_path: Path
                                                                          ) -> None:
    """``--input-format jsonl``, as replay has it: standard input (read as .s40 without
    it) and a JSON Lines file named .s40."""
    result = CliRunner().invoke(main, ["fmt", "--input-format", "jsonl", "-"],
                                input=_messy().encode())
    assert (result.exit_code, result.stdout) == (0, _canonical())
    result = CliRunner().invoke(main, ["fmt", "--check", "--input-format", "jsonl", "-"],
                                input=_canonical().encode())
    assert result.exit_code == 0
    log = tmp_path / "match.s40"
    log.write_bytes(_messy().encode())
    assert _fmt("--input-format", "jsonl", str(log))[0] == 0
    assert log.read_text(encoding="utf-8") == _canonical()


def test_standings_and_review_take_input_format_too(tmp_path: Path) -> None:
    log = tmp_path / "match.s40"
    log.write_text(_canonical(), encoding="utf-8")
    for command in (["standings"], ["review", "--engine", "standin", "--all"]):
        result = CliRunner().invoke(main, [*command, str(log)])
        assert result.exit_code == 1 and "the file holds JSON Lines events" in result.output
        result = CliRunner().invoke(main, [*command, "--input-format", "jsonl", str(log)])
        assert result.exit_code == 0 and "F003" not in result.output, command
