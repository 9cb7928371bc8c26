"""``scala40 fmt`` keeps what the author wrote that is not an event (issue 9, "Data loss"):
comments in place, blank lines between hands and turns, a file of comments only; it
reads a game at a time, never rewrites what it cannot parse, never writes through a
link and never waits on a FIFO.

Before scala40cli/reading/layout.py, fmt dropped every comment and blank line (each test below
but the refusal of a syntax error fails on that code) and held the whole file, its
text and its events in memory at once.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given
from hypothesis import strategies as st
from peak_memory import run_measured

from scala40cli.cli.main import main
from scala40cli.reading.comments import Comment, comments_of, split_comment
from scala40cli.reading.event_base import fields
from scala40cli.reading.layout import format_log
from scala40cli.reading.parser import parse_text

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "log-format.md"
TWO_PLAYERS = ROOT / "fixtures" / "legal" / "two-players.s40"


def run(*args: str, stdin: bytes | None = None) -> Result:
    result = CliRunner().invoke(main, ["fmt", *args], input=stdin, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def formatted(text: str) -> str:
    result = format_log(text.encode())
    assert isinstance(result, str), result
    return result


def events(text: str) -> list[tuple[object, ...]]:
    parsed = parse_text(text)
    assert parsed.errors == ()
    return [(type(e).__name__, *(getattr(e, f) for f in fields(e) if f not in ("line", "column")))
            for game in parsed.games for e in game.events]


def said(text: str) -> list[tuple[str, bool]]:
    return [(c.text, c.alone) for c in comments_of(text)]


def docs_example() -> str:
    match = re.search(r"```s40\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.DOTALL)
    assert match is not None
    return match.group(1)


# --- the comment model -----------------------------------------------------------------


def test_a_comment_starts_at_the_first_semicolon_or_hash_outside_quotes() -> None:
    assert split_comment('[Event "a;b#c"] ; the real one', 7) == (
        '[Event "a;b#c"] ', Comment(line=7, column=17, text="; the real one", alone=False))
    assert split_comment(r'"say \"hi;\"" draw 5S # x  ', 1)[1] == Comment(1, 23, "# x", False)
    assert split_comment("   ; alone\r", 2) == ("   ", Comment(2, 4, "; alone", True))
    assert split_comment("Anna draw 5S", 3) == ("Anna draw 5S", None)
    assert split_comment('"open;', 3) == ('"open;', None)  # an unclosed quote holds the rest


# --- comments and blank lines stay -------------------------------------------------------

UNTIDY = """\
; Thursday at the club
[Event   "Circolo; #1"]   ; the event
[Players "Anna" "Bruno"]


; the first hand: Anna deals
hand   1
dealer Anna
deal Anna 10S JS QS KS KH 10H 7C 7H 2D 5C 8S 9D 4H
deal Bruno 9H JK JH QH KS KD KC 3C 4C 5C 7D 8D 2C
upcard 6s

Bruno draw 6D
Bruno meld 9H * JH QH             ; the joker is the 10H
    Bruno meld ks kd kc           # 69 points
Bruno discard 2C
; Anna's turn
Anna draw 3H
"""
TIDY = """\
; Thursday at the club
[Event "Circolo; #1"]     ; the event
[Players "Anna" "Bruno"]

; the first hand: Anna deals
hand 1
dealer Anna
deal Anna 10S JS QS KS KH 10H 7C 7H 2D 5C 8S 9D 4H
deal Bruno 9H JK JH QH KS KD KC 3C 4C 5C 7D 8D 2C
upcard 6S

Bruno draw 6D
Bruno meld 9H JK JH QH            ; the joker is the 10H
Bruno meld KS KD KC               # 69 points
Bruno discard 2C
; Anna's turn
Anna draw 3H
"""


def test_comments_stay_in_place_and_blank_lines_between_turns_stay() -> None:
    assert formatted(UNTIDY) == TIDY
    assert formatted(TIDY) == TIDY
    assert events(TIDY) == events(UNTIDY)
    assert said(TIDY) == said(UNTIDY)


def test_the_blank_line_before_a_hand_goes_above_its_comments() -> None:
    text = ('[Players "Anna" "Bruno"]\nhand 1\nAnna draw 5S\n; hand two:\n; Bruno deals\n'
            'hand 2\n; two games\n[Players "Anna" "Bruno"]\nhand 1\n')
    assert formatted(text) == (
        '[Players "Anna" "Bruno"]\n\nhand 1\nAnna draw 5S\n\n; hand two:\n; Bruno deals\n'
        'hand 2\n\n; two games\n[Players "Anna" "Bruno"]\n\nhand 1\n')


def test_an_end_of_line_comment_keeps_its_column_when_there_is_room() -> None:
    text = "[Players \"A\" \"B\"]\nhand 1\nA  draw   ts ; short\nA meld 5s 6s 7s 8s 9s ; c\n"
    assert formatted(text).splitlines()[3:] == ["A draw 10S   ; short",
                                                 "A meld 5S 6S 7S 8S 9S ; c"]


def test_runs_of_blank_lines_become_one_and_the_ends_go() -> None:
    text = '\n\n; top\n\n\n\n[Players "A" "B"]\nhand 1\n\n\n\nA draw 5S\n\n\n'
    assert formatted(text) == '; top\n\n[Players "A" "B"]\n\nhand 1\n\nA draw 5S\n'


def test_the_docs_commented_example_is_unchanged_by_fmt(tmp_path: Path) -> None:
    example = docs_example()
    assert example.count(";") >= 7 and "\n\n" in example
    assert formatted(example) == example
    path = tmp_path / "example.s40"
    path.write_text(example, encoding="utf-8")
    result = run("--check", str(path))
    assert result.exit_code == 0, result.stderr
    assert run(str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8") == example


def test_a_generated_fixture_with_comments_is_unchanged() -> None:
    text = TWO_PLAYERS.read_text(encoding="utf-8")
    assert formatted(text) == text


@pytest.mark.parametrize("text", ["; only a comment\n", "# one\n\n; two\n   ; three",
                                  '; [Players "A" "B"]\n; hand 1\n'])
def test_a_file_of_comments_only_is_never_emptied(text: str, tmp_path: Path) -> None:
    path = tmp_path / "notes.s40"
    path.write_text(text, encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 0
    kept = path.read_text(encoding="utf-8")
    assert said(kept) == said(text) and kept.strip()


def test_a_log_fmt_cannot_parse_is_never_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "bad.s40"
    before = b"; keep me\n[Players \"A\" \"B\"]\nhand 1\nA drew 5S\n"
    path.write_bytes(before)
    result = run(str(path))
    assert result.exit_code == 1
    assert f"{path}:4:3: F003 unknown verb 'drew'" in result.stderr
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.s40"]


@pytest.mark.slow
def test_fmt_of_a_fifo_does_not_wait(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.s40"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "scala40cli", "fmt", str(fifo)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert f"{fifo}:1:1: F001 not read: not a regular file" in done.stderr
    assert "Traceback" not in done.stderr


# --- --diff, a game at a time ------------------------------------------------------------


def test_the_diff_of_several_games_applies_with_patch(tmp_path: Path) -> None:
    """The diff is made a game at a time (a hunk never spans two games): ``patch`` turns
    the file into what fmt writes."""
    path = tmp_path / "games.s40"
    text = "\ufeff" + UNTIDY + "\n" + UNTIDY.replace("hand   1", "hand 1") + UNTIDY
    path.write_text(text.replace("\n", "\r\n", 3), encoding="utf-8")
    result = run("--diff", str(path))
    assert result.exit_code == 0
    assert result.stdout.startswith(f"--- {path}\n+++ {path}\n@@ -1,")
    assert result.stdout.count("\n@@ ") >= 3
    patched = tmp_path / "patched.s40"
    patched.write_bytes(path.read_bytes())
    done = subprocess.run(["patch", "--quiet", str(patched)], input=result.stdout_bytes,
                          capture_output=True, check=False)
    if done.returncode == 127 or b"not found" in done.stderr:
        pytest.skip("no patch command")
    assert done.returncode == 0, done.stdout + done.stderr
    assert patched.read_text(encoding="utf-8") == formatted(path.read_text(encoding="utf-8"))


def test_the_diff_prints_nothing_when_a_later_game_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "games.s40"
    path.write_text(UNTIDY + '[Players "A" "B"]\nhand 1\nA drew 5S\n', encoding="utf-8")
    result = run("--diff", str(path))
    assert result.exit_code == 1 and result.stdout == ""
    assert f"{path}:21:3: F003 unknown verb 'drew'" in result.stderr


# --- properties: comments anywhere give the same events and comments, at a fixed point ---

LINES = TWO_PLAYERS.read_text(encoding="utf-8").splitlines()[:60]
_COMMENT = st.text(alphabet=st.sampled_from(list("abc ;#\"\\é")), max_size=12)


@pytest.mark.slow
@given(st.lists(st.tuples(st.integers(0, len(LINES)), st.sampled_from(["", ";", "#"]),
                          _COMMENT), max_size=12))
def test_comments_and_blank_lines_anywhere_survive_two_rounds(
        insertions: list[tuple[int, str, str]]) -> None:
    lines = list(LINES)
    for where, mark, text in sorted(insertions, reverse=True):
        if mark and where < len(lines) and lines[where] and text[:1] not in ('"', "\\"):
            lines[where] += f"  {mark}{text}"  # after the event of that line
        else:
            lines.insert(where, f"{mark}{text}" if mark else "")
    source = "\n".join(lines) + "\n"
    once = formatted(source)
    assert formatted(once) == once
    assert events(once) == events(source)
    assert said(once) == [(text.rstrip(" \t"), alone) for text, alone in said(source)]


# --- memory: a game at a time ----------------------------------------------------------


@pytest.mark.slow
def test_fmt_of_a_32_mb_log_keeps_one_game_in_memory(tmp_path: Path) -> None:
    """Measured: 521 MB before (the whole file, its text and its events), 34 MB after;
    --diff a game at a time too."""
    game = TWO_PLAYERS.read_bytes()
    path = tmp_path / "big.s40"
    with path.open("wb") as big:
        for _ in range(32 * 1024 * 1024 // len(game)):
            big.write(game.replace(b"hand 1\n", b"hand   1\n") + b"\n")
    done = run_measured("fmt", str(path))
    assert done.status == 0, done.stderr
    assert "1 file reformatted" in done.stderr
    assert done.peak_kb < 100_000, done.peak_kb
    assert b"hand   1" not in path.read_bytes()
    with path.open("ab") as more:  # a change in the last game only: a diff of one hunk
        more.write(b"hand   2\n")
    diff = run_measured("fmt", "--diff", str(path))
    assert diff.status == 0, diff.stderr
    assert diff.stdout.count("\n@@ ") == 1 and "+hand 2\n" in diff.stdout
    assert diff.peak_kb < 100_000, diff.peak_kb
