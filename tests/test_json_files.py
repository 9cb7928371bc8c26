"""A file that is no JSON Lines log as a whole (in UTF-16, or JSON written over several
lines: pretty-printed objects, an array of events) has one problem, on line 1, saying
what it is and what to do, in every command that reads it: ``replay``, ``convert``,
``show`` and ``view`` (whose page has no game to step through: exit status 1).

Each test fails on the code before, which gave one problem a line (160 for a game
pretty-printed by ``json.dumps(indent=2)``, 18 for a game in UTF-16).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.api import audit_text
from scala40cli.cli.main import main
from scala40cli.reading.json_files import ARRAY, NUL_BYTES, PRETTY, UTF16
from scala40cli.reporting.events_jsonl import s40_to_jsonl

LEGAL = Path(__file__).resolve().parent.parent / "fixtures" / "legal" / "two-players.s40"


def _objects() -> list[dict[str, object]]:
    jsonl = s40_to_jsonl(LEGAL.read_bytes())
    assert isinstance(jsonl, str)
    return [json.loads(line) for line in jsonl.splitlines()]


def _compact() -> str:
    return "".join(json.dumps(o) + "\n" for o in _objects())


#: name -> (the file's bytes, its one problem's code and words)
FILES = {
    "pretty-printed objects": (
        "".join(json.dumps(o, indent=2) + "\n" for o in _objects()).encode(), "F003", PRETTY),
    "the first key on the brace's line": (
        "".join(json.dumps(o, indent=1).replace("{\n", "{", 1) + "\n"
                for o in _objects()).encode(), "F003", PRETTY),
    "pretty-printed objects after blank lines": (
        b"\n \r\n\n" + "".join(json.dumps(o, indent=2) + "\n" for o in _objects()).encode(),
        "F003", PRETTY),
    "a pretty-printed array": (json.dumps(_objects(), indent=2).encode(), "F003", ARRAY),
    "an array on one line": (json.dumps(_objects()).encode(), "F003", ARRAY),
    "UTF-16 with its byte order mark": (_compact().encode("utf-16"), "F002", UTF16),
    "UTF-16 without it": (_compact().encode("utf-16-be"), "F002", NUL_BYTES),
}


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_file_has_one_problem(name: str) -> None:
    data, code, message = FILES[name]
    result = audit_text(data, name="match.jsonl")
    assert [(p.line, p.column, p.code, p.message) for p in result.errors] == [
        (1, 1, code, message)]
    assert not result.games


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_command_says_it_once(name: str, tmp_path: Path) -> None:
    data, _code, message = FILES[name]
    log = tmp_path / "match.jsonl"
    log.write_bytes(data)
    runner = CliRunner()
    page = str(tmp_path / "page.html")
    for command in (["replay", "-q"], ["convert"], ["show"], ["view", "-o", page],
                    ["fmt", "--check"]):
        result = runner.invoke(main, [*command, str(log)])
        said = result.stdout + result.stderr
        assert said.count(message[:40]) == 1, (command, said[:2000])
        assert "match.jsonl:2:" not in said, command
        assert result.exit_code == 1, command


def test_json_lines_still_read_line_by_line() -> None:
    """A log whose first line is an event is read a line at a time, as before."""
    lines = _compact().splitlines()
    lines[3] = lines[3][:-1] + ","  # one broken line
    result = audit_text("\n".join(lines) + "\n", name="match.jsonl")
    assert [p.line for p in result.errors] == [4]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_a_s40_log_in_utf16_without_its_mark_is_one_problem(encoding: str,
                                                           tmp_path: Path) -> None:
    """An ASCII log in UTF-16 without a byte order mark is valid UTF-8 (NUL bytes and
    all): it gave an F003 at every line (605 for a match), now one F002 for the file."""
    log = tmp_path / "game.s40"
    log.write_bytes(LEGAL.read_text(encoding="utf-8").encode(encoding))
    result = audit_text(log.read_bytes(), name="game.s40")
    assert [(p.line, p.code, p.message) for p in result.errors] == [(1, "F002", NUL_BYTES)]
    runner = CliRunner()
    for command in (["replay", "-q"], ["convert"], ["show"], ["fmt", "--check"],
                    ["view", "-o", str(tmp_path / "page.html")]):
        result = runner.invoke(main, [*command, str(log)])
        said = result.stdout + result.stderr
        assert said.count(NUL_BYTES[:40]) == 1 and "game.s40:2:" not in said, command
        assert result.exit_code == 1, command


@pytest.mark.parametrize("first", [b"\x00\n", b'[Event "Friday\x00"]\n', b"; a NUL \x00 here\n"])
def test_a_nul_that_is_no_utf16_hides_no_game_after_it(first: bytes) -> None:
    """Only a first line with a NUL at every other byte is UTF-16 without its mark; a
    NUL anywhere else is judged on its line, and the game after it is still judged (the
    file was read as UTF-16 and its games dropped: found by fuzzing)."""
    result = audit_text(first + b"\n" + LEGAL.read_bytes(), name="game.s40")
    assert result.games and result.games[-1].ok
    assert all(problem.message != NUL_BYTES for problem in result.errors)
