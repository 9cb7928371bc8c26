"""Hostile input, the injection cases (issue 9): what a log's bytes or a file's name can
do to the output, and its exact outcome in each place they reach.

The catalogue of tests/test_hostile.py is about what the referee reads; this one is
about what the reports write. Each case puts one hostile thing in a log or a file name
and states the exact text it becomes in the formats it reaches; then every case is run
through every format and checked for what none may ever print: a raw control
character (but the line end and the tab), a bidi control, a line that the GitHub
Actions runner would read as a workflow command, an ill-formed XML or JSON document.
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from scala40cli.cli.main import main
from scala40cli.reporting.escape import BIDI_CONTROLS

DATA = Path(__file__).resolve().parent / "data" / "hostile"
#: A clean game (Bruno closes in one go in hand 1), its first line (the Event tag) off.
CLEAN = (DATA / "bom-crlf.s40").read_bytes()[3:].replace(b"\r\n", b"\n")


@dataclass(frozen=True)
class Case:
    """A hostile log: its file name, Event tag, first player, and one line of hand 1;
    and the exact text each report format shows for it."""

    file: str = "game.s40"
    event: str = "club night"
    player: str = "Anna"
    line: str = "Anna draw 5S"
    #: format (``text``, ``markdown``, ``github``, ...) -> lines or text it must hold.
    shows: dict[str, list[str]] = field(default_factory=dict)

    def log(self) -> bytes:
        header = (f'[Event "{self.event}"]\n[Players "{self.player}" "Bruno" "Carla"]\n'
                  f'[Rules "classic"]\n\nhand 1\n{self.line}\n\n')
        return header.encode("utf-8", "surrogateescape") + CLEAN


#: Every injection case, with its exact outcome.
CASES: dict[str, Case] = {
    "osc-and-csi-in-a-tag": Case(
        event="\x1b]0;new title\x07\x1b[2J\x9b31m",
        shows={"text": ["  Event: \\x1b]0;new title\\x07\\x1b[2J\\x9b31m"],
               "markdown": ["### `game.s40`: game 1 (\\\\x1b\\]0;new title\\\\x07\\\\x1b\\[2J"
                            "\\\\x9b31m)"],
               "html": ["\\x1b]0;new title\\x07\\x1b[2J\\x9b31m"],
               "json": ['"\\u001b]0;new title\\u0007\\u001b[2J\\u009b31m"']}),
    "workflow-command-lines-in-a-log": Case(
        line="::stop-commands::pwned",
        shows={"text": ["game.s40:6:1: F003 unexpected character ':': a line starts with a "
                        "player name, a keyword (hand, dealer, deal, upcard, stock, "
                        "reshuffle, score) or a header tag like [Players \"Anna\" \"Bruno\"]",
                        "    \\::stop-commands::pwned"],
               "github": ["::error file=game.s40,line=6,col=1,title=F003 syntax-error::F003 "
                          "unexpected character ':': a line starts"]}),
    "workflow-commands-in-a-tag": Case(
        event="::error file=x.s40::pwned ##[warning]and ##[group]",
        shows={"text": ["  Event: ::error file=x.s40::pwned ##\\[warning]and ##\\[group]"],
               "markdown": ["(::error file=x.s40::pwned \\#\\#\\[warning\\]and \\#\\#\\[group\\])"],
               "json": ['"::error file=x.s40::pwned ##\\u005bwarning]and ##\\u005bgroup]"'],
               "html": ["::error file=x.s40::pwned ##&#91;warning]and ##&#91;group]"]}),
    "bidi-controls-in-a-player-name": Case(
        player="An\u202ena\u2066\u200f\u061c",
        line="An\u202ena\u2066\u200f\u061c draw 5S",
        shows={"text": ["  Players: An\\u202ena\\u2066\\u200f\\u061c, Bruno, Carla"],
               "markdown": ["| Hand | An\\\\u202ena\\\\u2066\\\\u200f\\\\u061c | Bruno | Carla "
                            "| Closed by |"],
               "html": ["An\\u202ena\\u2066\\u200f\\u061c"],
               "json": ['"An\\u202ena\\u2066\\u200f\\u061c"']}),
    "cr-backtick-and-pipe-in-a-file-name": Case(
        file="odd\r`name`|x.s40",
        shows={"text": ["odd\\x0d`name`|x.s40: game 1 (line 1)"],
               "markdown": ["### ``odd\\x0d`name`\\|x.s40``: game 1 (club night)"],
               "summary": ["### ``odd\\x0d`name`\\|x.s40``: game 1 (club night)"],
               "github": ["::error file=odd%0D`name`|x.s40,line=5,col=1,title=D002 "],
               "sarif": ['"uri": "odd%0D%60name%60%7Cx.s40"']}),
    "a-file-name-that-starts-a-workflow-command": Case(
        file="::error::pwned.s40",
        line='Anna draw 5S 6S\n\n[Players "Anna" "Bruno"]\nhand 1\nAnna draw 5S 6S',  # 2 games
        shows={"text": ["\\::error::pwned.s40:6:14: F003 ", "\\::error::pwned.s40: game 1"],
               "github": ["::error file=%3A%3Aerror%3A%3Apwned.s40,line=6,col=14,"],
               "junit": ['<testsuite name="::error::pwned.s40"',
                         "&#58;:error::pwned.s40:10:14: F003 "]}),
    "xml-forbidden-characters-in-a-file-name": Case(
        file="ctl\x01\x0b\ufffe.s40", line="Anna draw 5S 6S",
        shows={"junit": ['<testsuite name="ctl\\x01\\x0b\\ufffe.s40"'],  # U+FFFE: not XML
               "text": ["ctl\\x01\\x0b\ufffe.s40:6:14: F003 "],
               "json": ['"path": "ctl\\u0001\\u000b\ufffe.s40"']}),
    "a-file-name-that-is-not-utf8": Case(
        file="bad-\udcff.s40",
        shows={"text": ["bad-\\xff.s40: game 1 (line 1)"],
               "markdown": ["### `bad-\\xff.s40`: game 1 (club night)"],
               "sarif": ['"uri": "bad-%FF.s40"'],
               "json": ['"path": "bad-\\udcff.s40"']}),
}

FORMATS = ("text", "json", "jsonl", "github", "sarif", "junit", "markdown", "html")


def run(case: Case, report_format: str, tmp_path: Path) -> tuple[Result, str]:
    """The case's log in ``tmp_path`` replayed (or reported) in one format: the result
    and the job summary (for ``github``)."""
    path = tmp_path / case.file
    path.write_bytes(case.log())
    summary = tmp_path / "summary.md"
    summary.write_text("", encoding="utf-8")
    command = (["report", "--format", report_format] if report_format in ("markdown", "html")
               else ["replay", "--format", report_format])
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner(env={"GITHUB_STEP_SUMMARY": str(summary)}).invoke(
            main, [*command, os.fsdecode(os.fsencode(case.file))], catch_exceptions=False)
    finally:
        os.chdir(cwd)
    return result, summary.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_injection_case_shows_exactly(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    for report_format, expected in case.shows.items():
        result, summary = run(case, "github" if report_format == "summary" else report_format,
                              tmp_path)
        shown = summary if report_format == "summary" else result.stdout
        for text in expected:
            assert text in shown, f"{report_format}: {text!r} not in\n{shown}"


#: Our own workflow commands: the only lines allowed to start with ``::``.
_OWN_COMMAND = re.compile(r"::(error|notice) ")
_RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff" +
                          "".join(map(chr, BIDI_CONTROLS)) + "]")


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("report_format", FORMATS)
def test_no_format_passes_a_hostile_byte_through(name: str, report_format: str,
                                                 tmp_path: Path) -> None:
    result, summary = run(CASES[name], report_format, tmp_path)
    assert result.exit_code in (0, 1), result.output
    for shown in (result.stdout, summary):
        assert _RAW_CONTROL.search(shown) is None, repr(_RAW_CONTROL.search(shown))
        assert "##[" not in shown
        for line in shown.splitlines():
            if line.lstrip().startswith("::"):
                assert report_format == "github" and _OWN_COMMAND.match(line), line
    if report_format == "junit":
        ET.fromstring(result.stdout)  # well-formed XML 1.0
    elif report_format in ("json", "sarif"):
        json.loads(result.stdout)
    elif report_format == "jsonl":
        assert [json.loads(line)["type"] for line in result.stdout.splitlines()][-1] == "summary"
