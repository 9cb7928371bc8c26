"""``fmt --diff`` in a GitHub Actions job log: the diff's lines come from the log, and
a context line `` ::error::...`` or a raw CR or ESC of a comment would reach the runner,
which acts on the first and prints the others to people. There, as on a terminal, the
diff is escaped and no line starts a workflow command; into a file (``> fix.patch``)
or a pipe elsewhere it stays as is, to apply.

The test in CI fails on the code before, which escaped the diff on a terminal only.
"""

from __future__ import annotations

import os
from pathlib import Path

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
