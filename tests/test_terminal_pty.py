"""Every command on a hostile log, run under a real pseudo-terminal (issue 24, part 4).

A pipe and a terminal are not the same audience: a command may choose what to print by
``isatty`` (colours, the text format, a progress line, ``fmt -`` echoing its input), so
the escaping is checked where it matters, on a terminal. The log holds a terminal title
sequence (``ESC ] 0 ; title BEL``) on a line that cannot be read, a CSI and C1 controls,
and a right-to-left override in a player name and in the file's name; whatever each
command prints about it (a problem and its source line, a score sheet, a report, a
diff, an error message), no raw ESC, BEL, C1 or bidi control may reach the terminal.
"""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import fast_sample

from scala40cli.reporting.escape import BIDI_CONTROLS

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "fixtures" / "hostile" / "lookalike-case.s40"
TITLE = "\x1b]0;pwned title\x07"
#: A C1 CSI (U+009B) and an ESC CSI that would clear the screen, and a bidi override.
CSI = "\x9b2J\x1b[2J"
RLO = "\u202e"
#: What must never reach a terminal: C0 controls but tab, LF and CR (a pty turns LF
#: into CR LF), DEL, C1 controls and the bidi controls, as UTF-8 text.
FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
                       + "".join(map(chr, sorted(BIDI_CONTROLS))) + "]")


def hostile_log(folder: Path) -> Path:
    """The G009 fixture's game with a hostile Event tag, player name and comment, and
    an unreadable line holding a title sequence, under a hostile file name."""
    text = GAME.read_text(encoding="utf-8").replace("anna", f"An{RLO}na")
    text = text.replace('[Event "lookalike case"]', f'[Event "{TITLE}{CSI}"]')
    text = text.replace("upcard 8D\n", f"upcard 8D\nAnna {TITLE} draw\n; {CSI}{RLO}\n", 1)
    path = folder / f"game{RLO}{TITLE}.s40"
    path.write_text(text, encoding="utf-8")
    return path


def hostile_rules(folder: Path) -> Path:
    """A rules file whose value and key hold the title sequence and a CSI (as TOML
    escapes, so that the file reads and the values reach the messages)."""
    path = folder / f"house{RLO}.toml"
    path.write_text('preset = "classic"\n[rules]\nopening_points = "\\u001b]0;t\\u0007"\n'
                    '"\\u009b2J" = 1\n', encoding="utf-8")
    return path


def on_a_terminal(args: list[str], folder: Path) -> tuple[int, str]:
    """``scala40 ARGS`` with standard input, output and error on one pseudo-terminal:
    its exit status and everything the terminal received."""
    leader, follower = pty.openpty()
    env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "100"}
    env.pop("FORCE_COLOR", None)
    process = subprocess.Popen([sys.executable, "-m", "scala40cli", *args], cwd=folder,
                               stdin=follower, stdout=follower, stderr=follower, env=env)
    os.close(follower)
    received = bytearray()
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the command has ended and closed the terminal
            break
        if not chunk:
            break
        received += chunk
    os.close(leader)
    return process.wait(timeout=60), received.decode("utf-8", "replace")


#: name -> the arguments of one command, given the hostile log and rules file.
COMMANDS: dict[str, Callable[[Path, Path], list[str]]] = {
    "replay": lambda log, rules: ["replay", str(log)],
    "replay-github": lambda log, rules: ["replay", "--format", "github", str(log)],
    "replay-json": lambda log, rules: ["replay", "--format", "json", str(log)],
    "replay-compare": lambda log, rules: ["replay", "--compare", "classic,strict", str(log)],
    "replay-rules": lambda log, rules: ["replay", "--rules", str(rules), str(log)],
    "replay-set": lambda log, rules: ["replay", "--set", f"{TITLE}=1", str(log)],
    "fmt": lambda log, rules: ["fmt", str(log)],
    "fmt-check": lambda log, rules: ["fmt", "--check", str(log)],
    "fmt-diff": lambda log, rules: ["fmt", "--diff", str(log)],
    "convert": lambda log, rules: ["convert", str(log)],
    "convert-s40": lambda log, rules: ["convert", "--to", "s40", str(log)],
    "report-markdown": lambda log, rules: ["report", "--format", "markdown", str(log)],
    "report-html": lambda log, rules: ["report", "--format", "html", str(log)],
    "rules-file": lambda log, rules: ["rules", str(rules)],
    "rules-name": lambda log, rules: ["rules", TITLE],
    "explain": lambda log, rules: ["explain", TITLE],
    "simulate-rules": lambda log, rules: ["simulate", "--rules", str(rules)],
    "simulate-out": lambda log, rules: ["simulate", "--out", str(log)],
    "review": lambda log, rules: ["review", "--engine", "standin", "--all", str(log)],
    "review-json": lambda log, rules: ["review", "--engine", "standin", "--format", "json",
                                       str(log)],
}


@pytest.mark.parametrize("name", fast_sample(COMMANDS, 4))
def test_no_control_character_of_a_log_reaches_a_terminal(tmp_path: Path,
                                                         name: str) -> None:
    log, rules = hostile_log(tmp_path), hostile_rules(tmp_path)
    before = log.read_bytes()
    status, shown = on_a_terminal(COMMANDS[name](log, rules), tmp_path)
    raw = sorted({f"U+{ord(c):04X}" for c in FORBIDDEN.findall(shown)})
    assert not raw, f"{name} printed raw {raw} to a terminal:\n{shown!r}"
    assert status in (1, 2), shown  # the log is refused or judged with violations
    assert "Traceback" not in shown
    assert log.read_bytes() == before  # fmt never rewrites a log it cannot read


@pytest.mark.slow
def test_fmt_shows_the_unreadable_line_escaped_on_a_terminal(tmp_path: Path) -> None:
    """The case of the issue: ``fmt`` printed the line's title sequence raw (``replay``
    escaped it); now both show it as ``\\x1b]0;pwned title\\x07``, caret under the
    column."""
    log = hostile_log(tmp_path)
    escaped = TITLE.replace("\x1b", "\\x1b").replace("\x07", "\\x07")
    for command in (["fmt", str(log)], ["replay", str(log)]):
        status, shown = on_a_terminal(command, tmp_path)
        assert status == 1, shown
        assert not FORBIDDEN.search(shown), shown
        assert f"    Anna {escaped} draw\r\n" in shown
        assert "\\u202e" in shown  # the file name, as its escape


@pytest.mark.parametrize("command", [["fmt"], ["fmt", "--check"], ["convert"], ["replay"]],
                         ids=" ".join)
def test_the_same_escapes_go_into_a_pipe(tmp_path: Path, command: list[str]) -> None:
    log = hostile_log(tmp_path)
    done = subprocess.run([sys.executable, "-m", "scala40cli", *command, str(log)],
                          capture_output=True, cwd=tmp_path, check=False,
                          env={**os.environ, "NO_COLOR": "1"})
    shown = (done.stdout + done.stderr).decode("utf-8")
    assert done.returncode == 1 and "F003" in shown
    assert not FORBIDDEN.search(shown.replace("\r", "")), shown


def test_review_draws_its_bar_on_a_terminal(tmp_path: Path) -> None:
    """The bar counts the decisions weighed, on standard error, when it is a terminal
    (a pipe gets none: tests/test_review.py reads standard error empty)."""
    log = ROOT / "fixtures" / "legal" / "in-one-go.s40"
    status, shown = on_a_terminal(["review", "--engine", "standin", str(log)], tmp_path)
    assert status == 0, shown
    assert "Reviewing [" in shown and "2/2 decisions 100%" in shown
