"""The text tables a person reads stay in columns whatever the names hold: a name shown
escaped (a CR as ``\\x0d``, a tab as ``\\x09``, a bidi control as ``\\u202e``), wide (CJK,
emoji), combining or zero-width is measured in the terminal cells it is printed in, not
in code points (score sheets, standings, the table of ``show``); and a name that looks
like a workflow command starts no line of ``show`` or ``review``.

Each test fails on the code that measured the name before it was escaped (the column
was three cells short for a CR), or that let ``show`` print ``  ::error::...``.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.api import audit_text
from scala40cli.cli.main import main
from scala40cli.reporting.escape import terminal_cell
from scala40cli.reporting.widths import display_width

DATA = Path(__file__).resolve().parent / "data" / "hostile"
#: A clean game with the players Anna, Bruno and Carla: Bruno closes in one go.
CLEAN = (DATA / "bom-crlf.s40").read_bytes()[3:].replace(b"\r\n", b"\n").decode("utf-8")

#: Names as a log writes them inside quotes (a backslash before a CR or a tab keeps it
#: in the name), each shown or measured differently from its code points.
NAMES = {
    "cr": "An\\\rna",
    "tab": "An\\\tna",
    "escape": "An\\\x1bna",
    "bidi-override": "An\u202ena",
    "isolates": "\u2066Anna\u2069",
    "cjk": "安娜",
    "emoji": "😀Anna",
    "combining": "Anno\u0300",
    "zero-width": "An\u200bna",
}


def _log(folder: Path, name: str, file: str = "game.s40") -> Path:
    path = folder / file
    text = CLEAN.replace('"Anna"', "Anna").replace("Anna", "\0")
    path.write_text(text.replace("\0", f'"{name}"'), encoding="utf-8")
    return path


def _run(args: list[str]) -> str:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def _cells(line: str) -> str:
    """The line as the terminal lays it out: a wide character followed by a filler, a
    character of no width dropped, so that an index is a column."""
    return "".join(char + "\0" * (display_width(char) - 1) for char in line
                   if display_width(char) > 0)


def _spans(rule: str) -> list[tuple[int, int]]:
    """The columns of a table, from its rule of dashes."""
    return [match.span() for match in re.finditer("-+", rule)]


def _check_columns(lines: list[str], right: set[int]) -> None:
    """Every row of the table whose rule is ``lines[1]`` fills its columns: a cell of a
    right-aligned column ends on its column's end, one of a left-aligned column starts
    on its start, and the two blanks between columns are blank."""
    spans = _spans(lines[1])
    for line in (lines[0], *lines[2:]):
        if set(line.strip()) <= {"-", " "}:
            continue
        cells = _cells(line).ljust(spans[-1][1])
        for index, (start, end) in enumerate(spans):
            text = cells[start:end]
            assert cells[end:end + 2].strip() == "" or index == len(spans) - 1, (line, index)
            if text.strip():
                assert (text[-1] != " ") if index in right else (text[0] != " "), (line, index)


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_the_score_sheet_stays_in_columns(kind: str, tmp_path: Path) -> None:
    name = NAMES[kind]
    out = _run(["replay", str(_log(tmp_path, name))]).splitlines()
    top = next(i for i, line in enumerate(out) if line.lstrip().startswith("Hand "))
    table = [line[2:] for line in out[top:top + 5]]
    assert terminal_cell(name) in table[0]
    _check_columns(table, right={1, 2, 3})


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_the_standings_stay_in_columns(kind: str, tmp_path: Path) -> None:
    log = _log(tmp_path, NAMES[kind])
    out = _run(["standings", "--include-violations", str(log)]).splitlines()
    top = next(i for i, line in enumerate(out) if line.startswith("#  "))
    table = out[top:top + 5]
    shown = unicodedata.normalize("NFC", terminal_cell(NAMES[kind]))  # the season's NFC
    assert any(shown in line for line in table)
    _check_columns(table, right={0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_the_table_of_show_stays_in_columns(kind: str, tmp_path: Path) -> None:
    out = _run(["show", f"{_log(tmp_path, NAMES[kind])}:12"]).splitlines()
    rows = [line for line in out if " total " in line]
    assert len(rows) == 3
    assert len({_cells(row).index(" total ") for row in rows}) == 1, rows


def test_a_cell_escapes_the_tab_and_the_line_ends() -> None:
    assert terminal_cell("a\tb\rc\nd\u202e") == "a\\x09b\\x0dc\\x0ad\\u202e"
    assert display_width(terminal_cell("安\u0300\u200b\x1b")) == 2 + 4


@pytest.mark.parametrize("command", [["show"], ["review", "--budget", "quick"]])
def test_a_name_that_is_a_workflow_command_starts_no_line(command: list[str],
                                                          tmp_path: Path) -> None:
    log = _log(tmp_path, "::error::pwned%0A")
    arguments = [*command, f"{log}:12" if command == ["show"] else str(log)]
    out = _run(arguments)
    assert "\\::error::pwned%0A" in out
    assert not [line for line in out.splitlines() if line.lstrip().startswith("::")]


def test_a_directory_name_with_a_line_end_stays_on_its_line(tmp_path: Path) -> None:
    """``--out`` names a folder that holds logs: the error names it on one line, and its
    second line could not be read as a workflow command."""
    folder = tmp_path / "logs\n::error::pwned"
    folder.mkdir()
    (folder / "old.s40").write_text("", encoding="utf-8")
    result = CliRunner().invoke(main, ["simulate", "--out", os.fspath(folder)])
    assert result.exit_code == 2
    assert "logs\\x0a::error::pwned already holds 1 .s40 log" in result.stderr
    assert not [line for line in result.stderr.splitlines() if line.startswith("::")]


def test_fmt_names_a_file_with_a_line_end_on_one_line(tmp_path: Path) -> None:
    """``fmt --check`` said ``would reformat`` through an escaper that keeps the line
    end: the rest of the name began a line, here a workflow command."""
    log = _log(tmp_path, "Anna", file="x\n::error::pwned.s40")
    log.write_text(log.read_text(encoding="utf-8").replace("dealer ", "dealer   "),
                   encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", "--check", os.fspath(log)])
    assert result.exit_code == 1
    assert "would reformat " in result.stderr and "x\\x0a::error::pwned.s40" in result.stderr
    assert not [line for line in result.stderr.splitlines() if line.startswith("::")]


@pytest.mark.parametrize("kind", ["cr", "cjk", "bidi-override", "combining"])
def test_the_review_summary_stays_in_columns(kind: str, tmp_path: Path) -> None:
    """The named player and Carla made no decision: their rows are alike after the
    name, so their figures start on the same column. (The review measured its names
    escaped already: a guard, not a fix.)"""
    out = _run(["review", "--budget", "quick", str(_log(tmp_path, NAMES[kind]))])
    rows = [_cells(line) for line in out.splitlines() if line.endswith("unrated")]
    assert len(rows) == 2 and rows[1].startswith("  Carla"), rows
    assert len({row.index("  0  ") for row in rows}) == 1, rows


def test_a_cr_alone_is_said_so(tmp_path: Path) -> None:
    """A CR that ends no line was 'unexpected character '\\r': expected the end of the
    line' (or a verb): on a terminal the raw CR hides what came before it, so the
    message says what the character is and what to do."""
    one = CLEAN.replace("Bruno draw 6D\n", "Bruno draw 6D\rBruno draw 7D\n")
    result = audit_text(one, name="g.s40")
    assert [(p.code, p.line, p.message) for p in result.errors][:1] == [(
        "F003", 11, "a CR alone inside the line: remove it (a log's lines end with LF or "
        "CR LF)")]
    old_mac = audit_text(CLEAN.replace("\n", "\r"), name="g.s40")
    assert [p.message for p in old_mac.errors] == [
        "the lines end with a CR alone, which a log does not: end them with LF (or CR LF)"]
