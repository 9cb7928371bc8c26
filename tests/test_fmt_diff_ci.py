"""``fmt --diff``, ``fmt -`` and ``convert`` in a GitHub Actions job log: their lines
come from the log, and a line `` ::error::...`` or a raw CR or ESC of a comment would
reach the runner, which acts on the first and prints the others to people. There, as
on a terminal, the text is escaped and no line starts a workflow command; into a file
(``> fix.patch``) or a pipe elsewhere it stays as is, to use.

The tests in CI fail on the code before, which escaped the diff on a terminal only,
and a log written by ``convert`` or ``fmt -`` nowhere.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40cli.cli.main import main

DATA = Path(__file__).resolve().parent / "data" / "hostile"
CLEAN = (DATA / "bom-crlf.s40").read_bytes()[3:].replace(b"\r\n", b"\n").decode("utf-8")
#: The clean game with a hostile comment and player, and one line to reformat.
HOSTILE = CLEAN.replace("hand 1\n", "hand 1\n; note\rHIDDEN \x1b[31m\u202e\n") \
    .replace('"Anna"', "Anna").replace("Anna", '"::error::x%0A"') \
    .replace('dealer "', 'dealer   "')


def _diff(tmp_path: Path, env: dict[str, str]) -> str:
    (tmp_path / "game.s40").write_text(HOSTILE, encoding="utf-8")
    cwd = Path.cwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner(env=env).invoke(main, ["fmt", "--diff", "game.s40"])
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_diff_is_escaped_in_a_github_actions_log(tmp_path: Path) -> None:
    shown = _diff(tmp_path, {"GITHUB_ACTIONS": "true"})
    assert " ; note\\x0dHIDDEN \\x1b[31m\\u202e\n" in shown
    assert '-dealer   "::error::x%0A"\n+dealer "::error::x%0A"\n' in shown
    assert ' deal "::error::x%0A" 4S' in shown
    assert not [line for line in shown.splitlines() if line.lstrip().startswith("::")]
    assert "\r" not in shown and "\x1b" not in shown and "\u202e" not in shown


def test_the_diff_stays_as_is_to_apply_elsewhere(tmp_path: Path) -> None:
    shown = _diff(tmp_path, {"GITHUB_ACTIONS": ""})
    assert " ; note\rHIDDEN \x1b[31m\u202e\n" in shown


def test_a_log_written_to_standard_output_is_escaped_in_a_github_actions_log(
        tmp_path: Path) -> None:
    """``convert --to s40`` and ``fmt -`` write a log, its comments and names as they
    are: into a file or a pipe, to use; in a job log (or on a terminal), escaped."""
    (tmp_path / "game.s40").write_text(HOSTILE, encoding="utf-8")
    runner = CliRunner(env={"GITHUB_ACTIONS": "true"})
    for args, stdin in ((["convert", "--to", "s40", str(tmp_path / "game.s40")], None),
                        (["fmt", "-"], HOSTILE)):
        shown = runner.invoke(main, args, input=stdin).stdout
        assert "; note\\x0dHIDDEN \\x1b[31m\\u202e\n" in shown, args
        assert 'deal "::error::x%0A" 4S' in shown
        assert "\r" not in shown and "\x1b" not in shown
        raw = CliRunner(env={"GITHUB_ACTIONS": ""}).invoke(main, args, input=stdin).stdout
        assert "; note\rHIDDEN " in raw, args  # as written (fmt drops the ESC)


@pytest.mark.slow  # two commands on a pseudo-terminal
def test_a_log_written_on_a_terminal_is_escaped(tmp_path: Path) -> None:
    """On a real terminal (a pseudo-terminal): ``convert --to s40`` of a legal log whose
    comment holds a CR and a colour sequence printed them raw, hiding the comment's
    start; ``fmt --diff`` escaped already."""
    from test_terminal_pty import on_a_terminal

    (tmp_path / "game.s40").write_text(HOSTILE, encoding="utf-8")
    for command in (["convert", "--to", "s40", "game.s40"], ["fmt", "--diff", "game.s40"]):
        status, shown = on_a_terminal(command, tmp_path)
        assert status == 0, shown
        assert "; note\\x0dHIDDEN \\x1b[31m\\u202e" in shown, command
        assert "\x1b" not in shown and "\u202e" not in shown, command
