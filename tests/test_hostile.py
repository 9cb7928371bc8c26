"""Hostile input (issue 6): every case of the catalogue, the limits, the regular
expressions, and what a log or a rules file can never do.

Each case states its exact outcome (codes, lines, exit status, words of the message),
that no traceback is printed (``catch_exceptions=False``: an exception would fail the
test; a couple of cases also run in a real process), and, where a file can hold more
than the bad game, that the clean game after it is still read and judged ``ok``.

The cases that are text live in ``fixtures/hostile`` with their ``; expect`` lines
(tests/test_fixtures.py replays them too), but for the syntax errors: ``fmt`` refuses to
rewrite those, and tests/test_writer.py lists the fixtures it refuses, so they are in
``tests/data/hostile`` with the same ``; expect`` lines, checked here. So are the cases
that cannot carry a comment (binary, not UTF-8, a byte-order mark, CRLF); the big ones
(a 1 MB line, a 10,001-event hand, 100,000 games) are built here.
"""

from __future__ import annotations

import builtins
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from conftest import ReportCheck
from peak_memory import PROGRAM, run_measured, split_peak

from scala40cli.audit import rulesfile, rulesread
from scala40cli.audit.pipeline import audit_bytes, audit_path
from scala40cli.cli.main import main
from scala40cli.model.results import FileResult, Problem
from scala40cli.reading import (
    fastlines,
    inputs,
    lark_parser,
    layout,
    parser,
    syntax_errors,
    writer,
)
from scala40cli.reading.chunks import game_chunks
from scala40cli.reading.limits import MAX_HAND_EVENTS, MAX_LINE_CHARS
from scala40cli.reporting import escape
from scala40cli.reporting.json_report import report_document

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "hostile"
DATA = Path(__file__).resolve().parent / "data" / "hostile"

#: The clean game every hostile fixture ends with (or starts with, when the bad game
#: must end the file): Bruno closes in one go in hand 1 and wins the match.
CLEAN_EVENT = "the clean game after the bad one"
CLEAN = (DATA / "bom-crlf.s40").read_bytes()[3:].replace(b"\r\n", b"\n")
#: The clean game's deal, for bad hands built here: 5 events after the ``hand`` line.
HEAD = CLEAN.split(b"Bruno draw 6D")[0].replace(CLEAN_EVENT.encode(), b"built by the test")
HEAD_EVENTS = 5


def replay(*args: str, stdin: bytes | None = None) -> Result:
    """``scala40 replay ARGS``; an exception would propagate and fail the test."""
    result = CliRunner().invoke(main, ["replay", *args], input=stdin, catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def replay_json(check_report: ReportCheck, *args: str, stdin: bytes | None = None
                ) -> tuple[int, dict[str, Any]]:
    result = replay("--format", "json", *args, stdin=stdin)
    return result.exit_code, check_report(json.loads(result.stdout))


def problems(result: FileResult) -> Counter[tuple[str, int]]:
    """Every file error and violation of a result, as (code, line)."""
    found = Counter((str(p.code), p.line) for p in result.errors)
    found.update((str(v.code), v.line) for g in result.games for v in g.violations)
    return found


def messages(result: FileResult) -> str:
    every = [*result.errors, *(v for g in result.games for v in g.violations)]
    return "\n".join(f"{p.code} {p.line}:{p.column} {p.message}" for p in every)


def assert_clean_game_ok(result: FileResult, index: int = -1) -> None:
    game = result.games[index]
    assert game.ok, messages(result)
    assert game.tags[0].values == (CLEAN_EVENT,)
    assert game.winner == "Bruno"


# --- the catalogue: text cases with their fixture -----------------------------------------

#: fixture -> the exact problems (code, line), and words of the first message.
CATALOGUE: dict[str, tuple[list[tuple[str, int]], str]] = {
    "no-players-tag": ([("G001", 3)], "the game has no [Players] tag"),
    "one-player": ([("G002", 4)], "a game has 2 to 6 players with different names, not Anna"),
    "seven-players": ([("G002", 3)], "not Anna, Bruno, Carla, Dario, Elsa, Fabio, Gina"),
    "duplicate-player-names": ([("G002", 3)], "different names, not Anna, Bruno, Anna"),
    "blank-player-name": ([("G002", 3)], "a player's name is blank"),
    "player-not-in-game": ([("G003", 13)], "Zoe is not a player of this game"),
    "unknown-verb": ([("F003", 13), ("G007", 13)],
                     "unknown verb 'drew'; did you mean draw?"),
    "card-1Z": ([("F003", 13), ("G007", 13)], "'1Z' is not a card: expected a rank"),
    "card-11H": ([("F003", 12), ("G007", 12)], "'11H' is not a card"),
    "third-copy": ([("D007", 11)], "more copies than the deck holds: 9C"),
    "fifth-joker": ([("D007", 11)], "more copies than the deck holds: JK"),
    "hand-3-after-hand-1": ([("D001", 22)], "this hand should be numbered 2"),
    "deal-12-cards": ([("D005", 8)], "Anna is dealt 12 cards, not 13"),
    "deal-14-cards": ([("D005", 8)], "Anna is dealt 14 cards, not 13"),
    "no-such-meld": ([("M004", 20)], "there is no meld 9 (the table has 4)"),
    "score-unknown-player": ([("C003", 18)], "name every player of the hand once: unknown Zoe"),
    "events-after-match-end": ([("G005", 21)], "the match has ended; the rest is ignored"),
    "ends-mid-turn": ([("G006", 35)], "hand 1 did not end before the end of the game"),
    "unknown-preset": ([("G004", 5)], "unknown rules preset 'clasic'; did you mean 'classic'?"),
    "unknown-rule-key": ([("G004", 6)], "unknown rule key 'opening_point' (with value '50'); "
                                        "did you mean 'opening_points'?"),
    "rules-path-in-tag": ([("G004", 5), ("G004", 6)], "unknown rules preset '/etc/passwd'"),
    "rule-value-superscript": ([("G004", 6)], "bad value '²' for rule 'opening_points'; "
                                              "allowed: a whole number of points from 1 to "
                                              "200 in the digits 0-9"),
    "rule-value-arabic-digit": ([("G004", 6)], "bad value '٣' for rule 'fixed_hands'; allowed: "
                                               "none or a whole number of hands from 1 to 999"),
    "rule-value-5000-digits": ([("G004", 6)], "bad value '" + "9" * 40 + "'... (5,000 "
                                              "characters) for rule 'opening_points'"),
    "lookalike-cyrillic": ([("G009", 4)], "the players 'Anna' and '\u0410nna' look alike "
                                          "(U+0410 CYRILLIC CAPITAL LETTER A looks like a "
                                          "Latin letter)"),
    "lookalike-invisible": ([("G009", 4)],
                            "the player name 'An\\u200dna' holds an invisible character "
                            "U+200D ZERO WIDTH JOINER and so looks like 'Anna'"),
    "lookalike-bidi-override": ([("G009", 4)],
                                "the player name 'An\\u202ena' holds an invisible character "
                                "U+202E RIGHT-TO-LEFT OVERRIDE and so looks like 'Anna'"),
    "lookalike-case": ([("G009", 3)], "the players 'Anna' and 'anna' differ only in case"),
}


#: The catalogue's syntax errors, kept out of fixtures/ (see the module docstring).
SYNTAX_CASES = ("unknown-verb", "card-1Z", "card-11H")


def _case(name: str) -> Path:
    return (DATA if name in SYNTAX_CASES else FIXTURES) / f"{name}.s40"


def test_every_hostile_fixture_is_in_the_catalogue() -> None:
    names = [path.stem for path in FIXTURES.glob("*.s40")] + list(SYNTAX_CASES)
    assert sorted(names) == sorted(CATALOGUE)
    for name in SYNTAX_CASES:  # their ``; expect`` lines say what the catalogue says
        text = _case(name).read_text(encoding="utf-8")
        expected = re.findall(r"^; expect ([A-Z]\d{3}) (\d+)$", text, re.MULTILINE)
        assert Counter((code, int(line)) for code, line in expected) == Counter(
            CATALOGUE[name][0])


@pytest.mark.parametrize("name", sorted(CATALOGUE))
def test_catalogue_case(name: str, check_report: ReportCheck) -> None:
    path = str(_case(name))
    expected, words = CATALOGUE[name]
    result = audit_path(path)
    assert problems(result) == Counter(expected), messages(result)
    assert words in messages(result)
    clean = 0 if name == "ends-mid-turn" else -1  # there the bad game ends the file
    assert_clean_game_ok(result, clean)
    assert len(result.games) == 2

    status, report = replay_json(check_report, path)
    assert status == 1
    [file] = report["files"]
    assert [game["ok"] for game in file["games"]][clean] is True
    text = replay(path)
    assert text.exit_code == 1
    code, line = expected[0]
    assert f"{path}:{line}:" in text.stdout and f" {code} " in text.stdout
    assert words in text.stdout


def test_a_syntax_error_shows_its_line_and_a_caret() -> None:
    text = replay(str(_case("unknown-verb"))).stdout
    assert "unknown-verb.s40:13:7: F003 unknown verb 'drew'" in text
    assert "    Bruno drew 6D" in text and "\n          ^\n" in text


# --- the catalogue: bytes ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["empty.s40", "only-comments.s40"])
def test_an_empty_file_or_only_comments_is_no_game_and_no_problem(
        name: str, check_report: ReportCheck) -> None:
    path = str(DATA / name)
    result = audit_path(path)
    assert (result.errors, result.games) == ((), ())
    status, report = replay_json(check_report, path)
    assert status == 0
    assert report["summary"]["games"] == 0 and report["files"][0]["ok"] is True
    assert replay(path).stdout.rstrip().endswith("1 file, 0 games, 0 with violations, "
                                                 "0 violations")


def test_a_binary_file_is_f002_at_its_first_bad_byte(check_report: ReportCheck) -> None:
    data = (DATA / "binary.s40").read_bytes()
    assert data[0] == 0 and b"\n" in data  # a NUL, and lines, in random bytes
    result = audit_path(str(DATA / "binary.s40"))
    assert [(str(p.code), p.line, p.column) for p in result.errors] == [("F002", 1, 2)]
    assert result.errors[0].message == ("invalid UTF-8 at byte offset 1 (byte 0xF8); "
                                        "this game is not read")
    status, report = replay_json(check_report, str(DATA / "binary.s40"))
    assert status == 1 and report["summary"]["file_errors"] == 1


def test_invalid_utf8_gives_the_byte_offset_and_costs_only_its_game() -> None:
    result = audit_path(str(DATA / "latin1-then-good.s40"))
    [error] = result.errors
    assert (str(error.code), error.line, error.column) == ("F002", 1, 31)
    assert error.message == ("invalid UTF-8 at byte offset 30 (byte 0xEC, ì in Windows-1252: "
                             "save the file as UTF-8); this game is not read")
    assert error.context == '[Event "Circolo Aurora, venerd\ufffd sera"]'
    [game] = result.games
    assert_clean_game_ok(result)
    assert game.line == 7  # where the clean game starts in the file


@pytest.mark.parametrize("name", ["bom-crlf.s40", "mixed-line-ends.s40", "tabs.s40"])
def test_bom_crlf_mixed_line_ends_and_tabs_read_as_plain_text(name: str) -> None:
    data = (DATA / name).read_bytes()
    assert (b"\r\n" in data) == (name != "tabs.s40")
    result = audit_path(str(DATA / name))
    assert result.errors == ()
    assert_clean_game_ok(result)
    assert [h.line for h in result.games[0].hands] == [5]
    assert audit_bytes(data, str(DATA / name)) == result


def test_a_nul_byte_in_a_line_is_a_syntax_error_and_the_next_game_is_read() -> None:
    bad = HEAD + b"Bruno draw 6D\x00\n"
    result = audit_bytes(bad + b"\n" + CLEAN, "nul.s40")
    assert problems(result) == Counter({("F003", 11): 1, ("G007", 11): 1})
    assert "unexpected character '\\x00'" in messages(result)
    assert_clean_game_ok(result)


def test_a_1_mb_line_is_f003_skipped_and_not_echoed(check_report: ReportCheck,
                                                    tmp_path: Path) -> None:
    line = b"Bruno draw " + b"6D " * 350_000
    log = tmp_path / "long.s40"
    log.write_bytes(HEAD + line + b"\n" + b"Bruno draw 6D\n\n" + CLEAN)
    started = time.perf_counter()
    result = audit_path(str(log))
    assert time.perf_counter() - started < 5  # it took 1 s, and a 1 MB score line minutes
    assert problems(result) == Counter({("F003", 11): 1, ("G007", 11): 1})
    [error] = result.errors
    assert error.message == ("line 11 is 1,050,011 characters long; the limit is 10,000: "
                             "the line is not read")
    assert (error.column, error.context) == (1, None)
    assert_clean_game_ok(result)
    text = replay(str(log))
    assert len(text.stdout) < 5_000  # the line is not printed under the error
    assert f"{log}:11:1: F003 line 11 is 1,050,011 characters long" in text.stdout
    status, _ = replay_json(check_report, str(log))
    assert status == 1


def test_a_line_of_the_limit_is_read_and_one_more_character_is_not() -> None:
    at_limit = b";" * MAX_LINE_CHARS
    assert audit_bytes(HEAD + at_limit + b"\r\n" + b"\n" + CLEAN, "x").errors == ()
    over = audit_bytes(HEAD + at_limit + b";\r\n\n" + CLEAN, "x")
    assert [e.message for e in over.errors] == [
        "line 11 is 10,001 characters long; the limit is 10,000: the line is not read"]
    assert_clean_game_ok(over)


def test_a_long_line_in_a_header_or_on_a_hand_line_is_skipped_like_a_syntax_error() -> None:
    long_tag = b'[Event "' + b"x" * MAX_LINE_CHARS + b'"]\n'
    result = audit_bytes(long_tag + CLEAN, "x")
    assert problems(result) == Counter({("F003", 1): 1, ("G007", 1): 1})
    assert result.games[0].players == ("Anna", "Bruno", "Carla")  # the rest is read
    long_hand = HEAD.replace(b"hand 1\n", b"hand 1 " + b" " * MAX_LINE_CHARS + b"\n")
    result = audit_bytes(long_hand + b"\n" + CLEAN, "x")
    # the deal lines after it are read, and the game ends before the hand is played
    assert problems(result) == Counter({("F003", 5): 1, ("G007", 5): 1, ("G006", 10): 1})
    assert [h.number for h in result.games[0].hands] == [1]  # it still counts as a hand
    assert_clean_game_ok(result)


@pytest.mark.slow
@pytest.mark.parametrize("text", [
    HEAD + b"Bruno draw " + b"6D " * 5_000 + b"\nBruno draw 6D\n\n" + CLEAN,
    HEAD + b'"x' + b"y" * MAX_LINE_CHARS + b"\nhand 2\nAnna drw\n" + b";" * 20_000 + b"\n" + CLEAN,
    b"x" * (MAX_LINE_CHARS + 1) + b"\n[" + b"y" * MAX_LINE_CHARS + b"\n" + CLEAN,
    HEAD + b"Carla draw 6D\n" * MAX_HAND_EVENTS + b"Carla drw\nhand 2\n\n" + CLEAN,
], ids=["line", "lines-and-errors", "header", "hand"])
def test_the_limits_are_the_same_without_the_fast_path(text: bytes) -> None:
    decoded = text.decode("utf-8")
    parsed = parser.parse_text(decoded)
    assert parsed.errors and parsed == parser.parse_text(decoded, fast_path=False)


def test_fmt_does_not_rewrite_a_log_over_a_limit() -> None:
    problems = layout.format_log(HEAD + b";" * (MAX_LINE_CHARS + 1) + b"\n")
    assert isinstance(problems, tuple)
    assert [(str(p.code), p.line) for p in problems] == [("F003", 11)]


def test_invalid_utf8_on_a_long_line_is_not_echoed() -> None:
    result = audit_bytes(b"; " + b"x" * 20_000 + b"\xff\n\n" + CLEAN, "x")
    [error] = result.errors
    assert (str(error.code), error.column, error.context) == ("F002", 20_003, None)
    assert "byte offset 20002" in error.message


def _hand_of(events: int) -> bytes:
    """The clean game's deal and then turn events, ``events`` in the hand in all."""
    return HEAD + b"Carla draw 6D\n" * (events - HEAD_EVENTS)


@pytest.mark.slow
def test_a_hand_of_the_limit_is_judged_and_one_more_event_is_f003() -> None:
    at_limit = audit_bytes(_hand_of(MAX_HAND_EVENTS) + b"\n" + CLEAN, "x")
    assert "F003" not in {str(e.code) for e in at_limit.errors}
    over = audit_bytes(_hand_of(MAX_HAND_EVENTS + 1) + b"hand 2\n\n" + CLEAN, "x")
    first_cut = 10 + MAX_HAND_EVENTS + 1 - HEAD_EVENTS  # lines 1-10: tags and the deal
    [error] = over.errors
    assert (str(error.code), error.line) == ("F003", first_cut)
    assert error.message == ("hand 1 (line 5) has more than 10,000 events, the limit for a "
                             f"hand: line {first_cut} is not read")
    game = over.games[0]
    unreadable = [v for v in game.violations if str(v.code) == "G007"]
    assert [(v.line, v.message) for v in unreadable] == [
        (first_cut, f"line {first_cut} could not be read; this hand is not judged further")]
    assert [h.number for h in game.hands] == [1, 2]  # the next hand is read
    assert_clean_game_ok(over)


def test_events_before_any_hand_line_count_as_a_hand() -> None:
    data = b'[Players "Anna" "Bruno"]\n' + b"Anna draw 5S\n" * (MAX_HAND_EVENTS + 3)
    result = audit_bytes(data + b"\n" + CLEAN, "x")
    [error] = result.errors
    assert error.line == MAX_HAND_EVENTS + 2
    assert error.message.startswith("the lines before the first hand line hold more than "
                                    "10,000 events")
    assert len(result.games[0].violations) == MAX_HAND_EVENTS + 1  # T006 each, and G007
    assert_clean_game_ok(result)


@pytest.mark.slow
def test_100000_games_in_one_file_stream_with_the_right_count(tmp_path: Path) -> None:
    """A real process (no traceback, its own peak memory); the streamed GitHub format
    keeps nothing, so memory stays that of one game however many games there are."""
    log = tmp_path / "many.s40"
    log.write_bytes(b'[Players "Anna" "Bruno"]\nhand 1\n' * 100_000)
    completed = run_measured("replay", "--format", "github", "--max-annotations", "0",
                             str(log))
    assert completed.status == 1, completed.stderr
    assert "Traceback" not in completed.stderr
    assert completed.stdout.splitlines()[-1] == (
        "1 file, 100000 games, 100000 with violations, 100000 violations")
    peak_kb = completed.peak_kb
    assert peak_kb < 300_000, f"{peak_kb} KB"  # about 35 MB measured


@pytest.mark.slow
def test_reading_holds_one_game_at_a_time() -> None:
    """The cutting into games streams: 100,000 games (3 MB) never in memory at once."""
    game = b'[Players "Anna" "Bruno"]\nhand 1\n'

    def lines() -> Iterator[bytes]:
        for _ in range(100_000):
            yield from io.BytesIO(game)

    tracemalloc.start()
    try:
        count = sum(1 for _ in game_chunks(lines()))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert count == 100_000
    assert peak < 200_000


# --- the catalogue: files and the command line ------------------------------------------


def test_missing_file_empty_folder_link_loops_and_a_good_file_together(
        tmp_path: Path, check_report: ReportCheck) -> None:
    (tmp_path / "empty").mkdir()
    os.symlink("loop.s40", tmp_path / "loop.s40")  # a link to itself
    (tmp_path / "logs").mkdir()
    os.symlink("b.s40", tmp_path / "logs" / "a.s40")  # two links to each other
    os.symlink("a.s40", tmp_path / "logs" / "b.s40")
    os.symlink("..", tmp_path / "logs" / "up")  # a folder link: never followed
    (tmp_path / "good.s40").write_bytes(CLEAN)
    names = [str(tmp_path / n) for n in ("missing.s40", "empty", "loop.s40", "logs", "good.s40")]
    status, report = replay_json(check_report, *names)
    assert status == 1
    errors = {f["path"]: [(e["code"], e["line"], e["column"], e["message"]) for e in f["errors"]]
              for f in report["files"]}
    loop = "cannot read the file: Too many levels of symbolic links"
    assert errors == {
        names[0]: [("F001", 1, 1, "cannot read the file: No such file or directory")],
        names[1]: [("F001", 1, 1, "this folder holds no .s40 file")],
        names[2]: [("F001", 1, 1, loop)],
        str(tmp_path / "logs" / "a.s40"): [("F001", 1, 1, loop)],
        str(tmp_path / "logs" / "b.s40"): [("F001", 1, 1, loop)],
        names[4]: [],
    }
    assert report["files"][-1]["ok"] is True
    assert report["files"][-1]["games"][0]["winner"] == "Bruno"


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_f001(tmp_path: Path) -> None:
    locked = tmp_path / "locked.s40"
    locked.write_bytes(CLEAN)
    locked.chmod(0)
    (tmp_path / "good.s40").write_bytes(CLEAN)
    result = replay(str(locked), str(tmp_path / "good.s40"))
    assert result.exit_code == 1
    assert f"{locked}:1:1: F001 cannot read the file: Permission denied" in result.stdout
    assert "2 files, 1 game, 0 with violations, 0 violations, 1 file error" in result.stdout


@pytest.mark.parametrize(("args", "words"), [
    (["--rules", "clasic"], "unknown rules preset 'clasic'; did you mean 'classic'?"),
    (["--set", "opening_point=50"], "unknown rule key 'opening_point' (with value '50') in "
                                    "--set; did you mean 'opening_points'?"),
    (["--set", "opening_points=lots"], "opening_points"),
    (["--rules", "/etc/passwd"], "a rules file is TOML (.toml) or JSON (.json); "
                                 "cannot tell what /etc/passwd is"),
    (["--set", "opening_points=²"], "bad value '²' for rule 'opening_points' in --set; "
                                    "allowed: a whole number of points from 1 to 200"),
    (["--set", "opening_points=³"], "bad value '³' for rule 'opening_points' in --set"),
    (["--set", "fixed_hands=٣"], "bad value '٣' for rule 'fixed_hands' in --set; allowed: "
                                 "none or a whole number of hands from 1 to 999"),
    (["--set", "opening_points=" + "9" * 5000], "bad value '" + "9" * 40 + "'... (5,000 "
                                                "characters) for rule 'opening_points'"),
    (["--set", "opening_points=201"], "bad value '201' for rule 'opening_points'"),
])
def test_an_unknown_preset_or_rule_key_on_the_command_line_exits_2(
        args: list[str], words: str) -> None:
    result = replay(*args, str(DATA / "bom-crlf.s40"))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert words in result.stderr


@pytest.mark.parametrize(("name", "text", "words"), [
    ("bad.toml", 'preset = "classic"\n[rules\nopening_points = 50\n',
     "is not valid TOML: Expected ']' at the end of a table declaration (at line 2, column 7)"),
    ("bad.json", '{"preset": "classic",\n "rules": {,}}',
     "is not valid JSON: expected a key in double quotes (at line 2, column 12)"),
    ("binary.toml", "\x00\x01[rules]", "is not valid TOML"),
])
def test_a_rules_file_that_is_not_toml_or_json_exits_2_with_line_and_column(
        tmp_path: Path, name: str, text: str, words: str) -> None:
    rules = tmp_path / name
    rules.write_text(text, encoding="utf-8")
    result = replay("--rules", str(rules), str(DATA / "bom-crlf.s40"))
    assert result.exit_code == 2
    assert f"rules file {rules} {words}" in result.stderr


def _nested_json(depth: int) -> str:
    return '{"rules": ' + "[" * depth + "]" * depth + "}"


#: Hostile rules files: (file name, its text, the exact message after ``rules file NAME``).
HOSTILE_RULES_FILES = [
    pytest.param("deep.json", "[" * 100_000 + "]" * 100_000,
                 "is nested more than 8 levels deep; a rules file is a preset and one [rules] "
                 "table", id="json-100000-deep"),
    pytest.param("deep-in-rules.json", _nested_json(100_000),
                 "is nested more than 8 levels deep; a rules file is a preset and one [rules] "
                 "table", id="json-100000-deep-in-rules"),
    pytest.param("deep.toml", "a = " + "[" * 100_000 + "]" * 100_000,
                 "is nested more than 8 levels deep; a rules file is a preset and one [rules] "
                 "table", id="toml-100000-deep-arrays"),
    pytest.param("deep-tables.toml", "a = " + "{b = " * 100_000 + "}" * 100_000,
                 "is nested more than 8 levels deep; a rules file is a preset and one [rules] "
                 "table", id="toml-100000-deep-inline-tables"),
    pytest.param("deep-header.toml", "[" + ".".join(["a"] * 100_000) + "]",
                 "has a key of more than 8 parts (at line 1); a rules file is a preset and "
                 "one [rules] table", id="toml-100000-part-table-name"),
    pytest.param("deep-key.toml", "[rules]\n" + ".".join(["a"] * 100_000) + " = 1",
                 "has a key of more than 8 parts (at line 2); a rules file is a preset and "
                 "one [rules] table", id="toml-100000-part-key"),
    pytest.param("twice.json", '{"rules": {"opening_points": 50, "opening_points": 40}}',
                 "sets 'opening_points' twice in one object; each key may be written once",
                 id="json-key-twice"),
    pytest.param("twice.toml", "[rules]\nopening_points = 50\nopening_points = 40\n",
                 "is not valid TOML: 'opening_points' is written twice (at line 3); each key "
                 "and table may be written once", id="toml-key-twice"),
    pytest.param("twice-table.toml", "[rules]\njokers = 2\n[rules]\nteams = 'pairs'\n",
                 "is not valid TOML: 'rules' is written twice (at line 3); each key and "
                 "table may be written once", id="toml-table-twice"),
    pytest.param("long.toml", "[rules]\nopening_points = " + "9" * 5000 + "\n",
                 "holds a number too long to read (at line 2); a rule value has at most 3 "
                 "digits", id="toml-5000-digit-number"),
    pytest.param("long.json", '{"rules": {"opening_points": ' + "9" * 5000 + "}}",
                 None, id="json-5000-digit-number"),
    pytest.param("hex.toml", "[rules]\nopening_points = 0x" + "f" * 5000 + "\n", None,
                 id="toml-5000-digit-hex-number"),
    pytest.param("preset.toml", "preset = 0b" + "1" * 400 + "\n", None,
                 id="toml-400-bit-preset"),
    pytest.param("superscript.toml", '[rules]\nopening_points = "²"\n', None,
                 id="toml-superscript"),
    pytest.param("arabic.json", '{"rules": {"elimination": "none", "fixed_hands": "٣"}}',
                 None, id="json-arabic-indic-digit"),
    pytest.param("too-many.toml", "[rules]\nfixed_hands = 1000\n", None,
                 id="toml-fixed-hands-1000"),
]
#: The words of a bad value, for the cases above whose message is not about the file.
BAD_VALUE_WORDS = {
    "long.json": "bad value 99999999999999999999... (a number of 5,000 digits) for rule "
                 "'opening_points' in long.json; allowed: a whole number of points from 1 to 200",
    "superscript.toml": "bad value '²' for rule 'opening_points' in superscript.toml; allowed: "
                        "a whole number of points from 1 to 200 in the digits 0-9",
    "arabic.json": "bad value '٣' for rule 'fixed_hands' in arabic.json; allowed: none or a "
                   "whole number of hands from 1 to 999 in the digits 0-9",
    "hex.toml": "bad value a number of more than 100 digits for rule 'opening_points' in "
                "hex.toml; allowed: a whole number of points from 1 to 200",
    "preset.toml": "preset in preset.toml must be a name, not a number of more than 100 digits",
    "too-many.toml": "bad value 1000 for rule 'fixed_hands' in too-many.toml; allowed: none or "
                     "a whole number of hands from 1 to 999",
}


@pytest.mark.parametrize(("name", "text", "words"), HOSTILE_RULES_FILES)
def test_a_hostile_rules_file_exits_2_with_its_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str,
        words: str | None) -> None:
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(text, encoding="utf-8")
    started = time.process_time()
    result = replay("--rules", name, str(DATA / "bom-crlf.s40"))
    assert time.process_time() - started < 2  # tomllib alone takes minutes on some
    assert result.exit_code == 2
    assert result.stdout == ""
    expected = f"rules file {name} {words}" if words else BAD_VALUE_WORDS[name]
    assert expected in result.stderr
    assert "Error: " in result.stderr and "Usage: " in result.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", ["rules.toml", "rules.json"])
def test_a_fifo_as_rules_file_is_refused_at_once(tmp_path: Path, name: str) -> None:
    """Opening a FIFO for reading waits for a writer: the run hung forever."""
    fifo = tmp_path / name
    os.mkfifo(fifo)
    completed = subprocess.run(
        [sys.executable, "-m", "scala40cli", "replay", "--rules", str(fifo),
         str(DATA / "bom-crlf.s40")],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=60)
    assert completed.returncode == 2
    assert f"cannot read rules file {fifo}: not a regular file" in completed.stderr
    assert "Traceback" not in completed.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_as_rules_file_is_refused(tmp_path: Path) -> None:
    """``/dev/zero`` never ends: read, it filled the memory."""
    rules = tmp_path / "zero.toml"
    rules.symlink_to("/dev/zero")
    result = replay("--rules", str(rules), str(DATA / "bom-crlf.s40"))
    assert result.exit_code == 2
    assert f"cannot read rules file {rules}: not a regular file" in result.stderr


def test_a_rules_file_over_1_mib_is_not_read(tmp_path: Path) -> None:
    rules = tmp_path / "big.toml"
    rules.write_text("# " + "x" * (1 << 20) + "\n", encoding="utf-8")
    result = replay("--rules", str(rules), str(DATA / "bom-crlf.s40"))
    assert result.exit_code == 2
    assert f"rules file {rules} is larger than 1,048,576 bytes" in result.stderr


def test_not_utf8_rules_file_exits_2(tmp_path: Path) -> None:
    rules = tmp_path / "latin1.toml"
    rules.write_bytes(b'preset = "cl\xe0ssic"\n')
    result = replay("--rules", str(rules), str(DATA / "bom-crlf.s40"))
    assert result.exit_code == 2
    assert f"rules file {rules} is not UTF-8 text (byte 12)" in result.stderr


@pytest.mark.slow
def test_in_a_real_process_bad_input_prints_no_traceback(tmp_path: Path) -> None:
    cases = [str(DATA / "binary.s40"), str(DATA / "latin1-then-good.s40"),
             str(_case("unknown-verb")), str(tmp_path / "missing.s40")]
    completed = subprocess.run([sys.executable, "-m", "scala40cli", "replay", *cases],
                               cwd=ROOT, capture_output=True, text=True, check=False)
    assert completed.returncode == 1
    assert "Traceback" not in completed.stdout + completed.stderr
    assert completed.stdout.rstrip().endswith(
        "4 files, 3 games, 1 with violations, 1 violation, 4 file errors")
    stdin = subprocess.run([sys.executable, "-m", "scala40cli", "replay", "-"],
                           input=(DATA / "binary.s40").read_bytes(), cwd=ROOT,
                           capture_output=True, check=False)
    assert stdin.returncode == 1
    assert b"<stdin>:1:2: F002 invalid UTF-8 at byte offset 1" in stdin.stdout
    assert b"Traceback" not in stdin.stderr


def test_a_lone_cr_is_not_a_line_end_in_a_file(tmp_path: Path) -> None:
    """The format's line ends are LF and CRLF: a lone CR is a character of its line."""
    log = tmp_path / "cr.s40"
    log.write_bytes(HEAD + b"Bruno draw 6D ; a comment\r[Players \"X\" \"Y\"]\n\n" + CLEAN)
    result = audit_path(str(log))
    assert len(result.games) == 2
    assert result.games[1].line == 13
    assert_clean_game_ok(result)


def test_a_lone_cr_gives_the_same_result_from_a_file_and_from_bytes(tmp_path: Path) -> None:
    data = HEAD + b"Bruno draw 6D ; a comment\r[Players \"X\" \"Y\"]\nhand 1\n\n" + CLEAN
    log = tmp_path / "cr.s40"
    log.write_bytes(data)
    assert audit_bytes(data, str(log)) == audit_path(str(log))


def test_hand_0_gives_a_report_that_validates(check_report: ReportCheck) -> None:
    result = audit_bytes(HEAD.replace(b"hand 1", b"hand 0") + b"Bruno draw 6D\n", "zero.s40")
    assert ("D001", 5) in problems(result)
    check_report(report_document([result]))


def test_a_blank_name_in_a_score_line_is_c003_and_the_report_validates(
        check_report: ReportCheck) -> None:
    """The score line is reported as written, its blank name too (found by fuzzing: the
    JSON report's ``declared`` failed the schema, which wanted no blank name there)."""
    sheet = b'[Players "Anna" "Bruno"]\nhand 1\nscore "" 10 Anna 0 Bruno 3\n'
    result = audit_bytes(sheet, "blank.s40")
    assert problems(result)["C003", 3] == 1
    [hand] = check_report(report_document([result]))["files"][0]["games"][0]["hands"]
    assert hand["declared"] == {"": 10, "Anna": 0, "Bruno": 3}


# --- safety: a log or a rules file can never run code, read or write a file ---------------


def test_auditing_a_log_opens_no_file_whatever_its_tags_say(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('[rules]\nopening_points = 50\n', encoding="utf-8")
    log = (f'[Rules "{rules}"]\n[Rule "opening_points" "{rules}"]\n[Include "/etc/passwd"]\n'
           f'[Output "{tmp_path / "written.txt"}"]\n').encode() + CLEAN
    audit_bytes(CLEAN, "warm-up")  # the grammar is read once, before the guard

    def no_file(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a file was opened: {args}")

    monkeypatch.setattr(builtins, "open", no_file)
    monkeypatch.setattr(io, "open", no_file)
    monkeypatch.setattr(os, "open", no_file)
    monkeypatch.setattr(Path, "open", no_file)
    result = audit_bytes(log, "tags.s40")
    monkeypatch.undo()
    [game] = result.games
    assert [(str(v.code), v.line) for v in game.violations] == [
        ("G004", 1), ("G004", 2), ("G004", 7)]  # 7: the clean game's own, second [Rules]
    assert f"unknown rules preset '{rules}'" in game.violations[0].message
    assert game.rules["opening_points"] == "40"  # classic: the file was not applied
    assert game.winner == "Bruno"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules.toml"]


def test_the_report_is_written_only_to_output(tmp_path: Path) -> None:
    log = tmp_path / "game.s40"
    log.write_bytes(f'[Output "{tmp_path / "elsewhere.txt"}"]\n'.encode() + CLEAN)
    before = log.read_bytes()
    result = replay("--output", str(tmp_path / "report.txt"), str(log))
    assert result.exit_code == 0 and result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.s40", "report.txt"]
    assert log.read_bytes() == before


def test_fmt_rewrites_only_the_files_it_is_given(tmp_path: Path) -> None:
    other = tmp_path / "other.s40"
    other.write_bytes(b"[Players   \"Anna\"  \"Bruno\"]\nhand   1\n")
    named = tmp_path / "named.s40"
    named.write_bytes(f'[Event "see {other}"]\n[Players   "Anna" "Bruno"]\nhand   1\n'.encode())
    untouched = other.read_bytes()
    result = CliRunner().invoke(main, ["fmt", str(named)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert named.read_bytes().startswith(b'[Event "see ')
    assert other.read_bytes() == untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["named.s40", "other.s40"]


def test_the_text_report_passes_no_control_character_to_the_terminal(tmp_path: Path) -> None:
    log = tmp_path / "escape.s40"
    log.write_bytes(b'[Event "\x1b]0;new title\x07\x1b[2J"]\n' + CLEAN.split(b"\n", 1)[1]
                    + b"Anna draw 5S \x1b[31m\n")
    output = replay(str(log)).stdout
    assert "\x1b" not in output and "\x07" not in output


#: The one module that may pickle: ``--jobs`` sends batches to its own worker processes
#: and gets their results back pickled; what it unpickles was pickled by this package,
#: in a process it forked, over a pipe only the two of them hold (``audit/workers.py``
#: only moves the bytes). These are all the uses it may make of pickle.
PICKLING_MODULE = "parallel.py"
PICKLE_USES = {"import pickle", "pickle.dumps(", "pickle.loads(", "pickle.HIGHEST_PROTOCOL"}


def test_the_package_has_no_way_to_run_code_from_input() -> None:
    """No eval, exec, pickle, yaml or dynamic import in the code that reads input; rules
    files go through tomllib and json only. ``--jobs`` pickles what crosses between its
    own processes, and nothing else (see PICKLING_MODULE)."""
    forbidden = re.compile(r"\b(eval|exec|compile|__import__|import_module)\s*\(|"
                           r"\b(pickle|marshal|shelve|yaml)\b")
    for path in sorted((ROOT / "scala40cli").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        code = re.sub(r'"""[\s\S]*?"""|#[^\n]*', "", text)
        if path.name == PICKLING_MODULE:
            uses = set(re.findall(r"import pickle|pickle\.\w+\(?", code))
            assert uses <= PICKLE_USES, uses
            # Unpickled: a batch the parent sent, or the bytes a worker's future holds.
            assert set(re.findall(r"pickle\.loads\((\w+)\)", code)) == {"batch", "sent"}
            code = re.sub(r"import pickle|\bpickle\.\w+", "", code)
        assert forbidden.search(code.replace("re.compile(", "")) is None, path.name
    source = (ROOT / "scala40cli" / "audit" / "rulesread.py").read_text(encoding="utf-8")
    assert "tomllib.loads(" in source and "json.loads(" in source


# --- regular expressions: no catastrophic backtracking -------------------------------------

_N = 100_000
#: Adversarial texts of about 100 KB: long runs of what a pattern's classes accept,
#: ended by what none of them does, and unterminated quotes and escapes.
ADVERSARIAL = {
    "letters": "a" * _N + "!", "digits": "1" * _N + "x", "spaces": " " * _N + "x",
    "blanks": " \t" * (_N // 2) + "x", "open-quote": '"' + "a" * _N, "escapes": '"' + "\\" * _N,
    "escaped-quotes": '"' + '\\"' * (_N // 2), "cards": "5S " * (_N // 3) + "5Sx",
    "jokers": "JK(5S) " * (_N // 7) + "JK(", "dots": "a." * (_N // 2) + "!", "brackets": "[" * _N,
    "backticks": "`" * _N, "scalar-list": "[\n" + " 1,\n" * (_N // 4) + "x",
    "scalar-object": "{\n" + ' "a": 1,\n' * (_N // 9) + "x", "newlines": "\n" * _N,
    "hands": "hand" * (_N // 4), "returns": "\r" * _N + "x", "comments": ";" * _N,
    "minus": "-" * _N + "1x", "parens": "(" * _N, "folders": "a/" * (_N // 2) + "b",
}


def _all_patterns() -> dict[str, tuple[re.Pattern[str], str]]:
    """Every regular expression of scala40cli that reads input, with how it is used:
    ``match`` (anchored at one place, as Lark's lexer and the parser use them),
    ``fullmatch``, or ``scan`` (search, finditer, sub: every position is tried)."""
    found: dict[str, tuple[re.Pattern[str], str]] = {
        "parser._BOUNDARY": (parser._BOUNDARY, "match"),
        "fastlines._NAME": (fastlines._NAME, "fullmatch"),
        "fastlines._ESCAPE": (fastlines._ESCAPE, "scan"),
        "fastlines._ODD_SPACE": (fastlines._ODD_SPACE, "scan"),
        "syntax_errors._WORD": (syntax_errors._WORD, "scan"),
        "writer._BARE": (writer._BARE, "fullmatch"),
        "escape._MARKDOWN_SPECIAL": (escape._MARKDOWN_SPECIAL, "scan"),
        "escape._COMMAND_START": (escape._COMMAND_START, "scan"),
        "markdown backticks": (re.compile(r"`+"), "scan"),
        "rulesfile._NUMBER": (rulesfile._NUMBER, "fullmatch"),
        "rulesfile._SCALAR_LIST": (rulesfile._SCALAR_LIST, "scan"),
        "rulesfile._SCALAR_OBJECT": (rulesfile._SCALAR_OBJECT, "scan"),
        "rulesread._TOML_TWICE": (rulesread._TOML_TWICE, "match"),
        "rulesread._TOML_QUOTED": (rulesread._TOML_QUOTED, "scan"),
        "rulesread._DIGITS": (rulesread._DIGITS, "scan"),
    }
    lark, _ = lark_parser.shared_lark()
    for terminal in lark.terminals:
        found[f"grammar {terminal.name}"] = (re.compile(terminal.pattern.to_regexp()), "match")
    return found


def _fastest(run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def _use(pattern: re.Pattern[str], mode: str, text: str) -> Callable[[], object]:
    if mode == "match":
        return lambda: pattern.match(text)
    if mode == "fullmatch":
        return lambda: pattern.fullmatch(text)
    return lambda: sum(1 for _ in pattern.finditer(text))


@pytest.mark.slow
def test_no_regular_expression_backtracks_badly() -> None:
    """Each pattern on each 100 KB text, timed against a linear pattern that steps
    through every character: a linear pattern stays within a few times that; one that
    backtracks badly takes thousands of times (quadratic) or never ends."""
    linear = re.compile(r"(?:[^\n]|\n)*")
    baselines = {kind: _fastest(lambda text=text: linear.fullmatch(text))  # type: ignore[misc]
                 for kind, text in ADVERSARIAL.items()}
    slow = []
    for name, (pattern, mode) in _all_patterns().items():
        for kind, text in ADVERSARIAL.items():
            ratio = _fastest(_use(pattern, mode, text)) / baselines[kind]
            if ratio > 100:
                slow.append(f"{name} on {kind}: {ratio:.0f} times the linear scan")
    assert not slow


def test_a_command_line_pattern_with_several_stars_does_not_backtrack(tmp_path: Path) -> None:
    """Patterns are matched a name at a time with fnmatch (whose translation does not
    backtrack), and ``**`` by a walk that visits each folder once for each part."""
    name = "a" * 200
    (tmp_path / name).write_bytes(b"")
    deep = tmp_path.joinpath(*["d"] * 30)
    deep.mkdir(parents=True)
    (deep / "x.txt").write_bytes(b"")
    linear = re.compile(r"(?:[^\n]|\n)*")
    baseline = max(_fastest(lambda: linear.fullmatch(name * 50)), 1e-4)
    stars = f"{tmp_path}/*a*a*a*a*b"
    assert inputs._matching(stars) == []
    assert _fastest(lambda: inputs._matching(stars)) < 100 * baseline
    many = f"{tmp_path}/" + "**/" * 8 + "*.s40"
    assert inputs._matching(many) == []
    assert _fastest(lambda: inputs._matching(many)) < 1000 * baseline


def test_report_of_hostile_fixtures_validates(check_report: ReportCheck) -> None:
    results = [audit_path(str(path)) for path in sorted(FIXTURES.glob("*.s40"))]
    results += [audit_path(str(path)) for path in sorted(DATA.glob("*.s40"))]
    check_report(report_document(results))


# --- files that are not what they seem (issue 9) -----------------------------------------

def scala40(*args: str, timeout: float = 120, close_stdin: bool = False
            ) -> subprocess.CompletedProcess[str]:
    """``scala40 ARGS`` in a real process, with a time limit (a hang fails the test)."""
    done = subprocess.run([sys.executable, "-m", "scala40cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False,
                          stdin=None if close_stdin else subprocess.DEVNULL,
                          preexec_fn=(lambda: os.close(0)) if close_stdin else None)
    assert "Traceback" not in done.stdout + done.stderr
    return done


def file_errors(report: dict[str, Any]) -> dict[str, list[str]]:
    return {Path(f["path"]).name: [f"{e['code']} {e['message']}" for e in f["errors"]]
            for f in report["files"]}


@pytest.fixture
def log_folder(tmp_path: Path) -> Path:
    """logs/ with a good log, a link inside, and links leading out to secrets."""
    (tmp_path / "secret.env").write_text("SECRET_TOKEN=hunter2\n", encoding="utf-8")
    logs = tmp_path / "club" / "logs"
    logs.mkdir(parents=True)
    (logs / "good.s40").write_bytes(CLEAN)
    (logs / "inside.s40").symlink_to("good.s40")
    (logs / "notes.s40").symlink_to(Path("..") / ".." / "secret.env")
    (logs / "env.s40").symlink_to("/proc/self/environ")
    return logs


@pytest.mark.parametrize("pattern", [False, True])
def test_links_leading_out_of_the_folder_are_not_read(
        log_folder: Path, pattern: bool, check_report: ReportCheck) -> None:
    argument = f"{log_folder}/*.s40" if pattern else str(log_folder)
    status, report = replay_json(check_report, argument)
    assert status == 1
    out = "F001 not read: a symbolic link leading out of the folder"
    assert file_errors(report) == {"env.s40": [out], "good.s40": [], "inside.s40": [],
                                   "notes.s40": [out]}
    text = replay(argument).stdout
    assert "hunter2" not in text and "SECRET" not in text and "PATH=" not in text
    assert f"{log_folder / 'notes.s40'}:1:1: {out.replace(' not', ': not', 1)}" not in text
    assert f"{log_folder / 'notes.s40'}:1:1: F001 not read: a symbolic link" in text


def test_a_link_named_on_the_command_line_is_read(tmp_path: Path) -> None:
    (tmp_path / "elsewhere.s40").write_bytes(CLEAN)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "link.s40").symlink_to(tmp_path / "elsewhere.s40")
    result = audit_path(str(tmp_path / "sub" / "link.s40"))
    assert result.errors == () and result.games[0].ok


def test_a_fifo_in_a_folder_is_not_read_and_does_not_hang(tmp_path: Path) -> None:
    (tmp_path / "a.s40").write_bytes(CLEAN)
    os.mkfifo(tmp_path / "b.s40")
    done = scala40("replay", "--format", "json", str(tmp_path), timeout=60)
    assert done.returncode == 1
    assert file_errors(json.loads(done.stdout)) == {
        "a.s40": [], "b.s40": ["F001 not read: not a regular file"]}


@pytest.mark.slow
def test_a_fifo_or_a_device_named_on_the_command_line_is_not_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.s40")
    named = [str(tmp_path / "pipe.s40")]
    zero = tmp_path / "zero"  # a copy of /dev/zero: endless, and never to be read
    try:
        os.mknod(zero, 0o020666, os.makedev(1, 5))
        named.append(str(zero))
    except OSError:
        pass
    done = scala40("replay", *named, timeout=60)
    assert done.returncode == 1
    for name in named:
        assert f"{name}:1:1: F001 not read: not a regular file" in done.stdout
    folder = scala40("replay", str(tmp_path), timeout=60)  # a folder is no file either
    assert f"{tmp_path}: " not in folder.stdout or "F001" in folder.stdout


@pytest.mark.slow
def test_a_folder_1500_levels_deep_is_walked_without_recursion(tmp_path: Path) -> None:
    deep = tmp_path / "deep"
    bottom = str(deep)
    os.mkdir(bottom)
    for _ in range(1500):  # os.makedirs would itself recurse too deep
        bottom += "/d"
        os.mkdir(bottom)
    Path(bottom, "game.s40").write_bytes(CLEAN)
    try:
        for argument in (str(deep), f"{deep}/**/*.s40"):
            done = scala40("replay", argument)
            assert done.returncode == 0, done.stderr[-500:]
            assert done.stdout.rstrip().endswith(
                "1 file, 1 game, 0 with violations, 0 violations")
    finally:  # pytest's own clean-up (shutil.rmtree) recurses too deep for this folder
        os.remove(Path(bottom, "game.s40"))
        while bottom != str(deep):
            os.rmdir(bottom)
            bottom = bottom[:-2]
        os.rmdir(deep)


def test_a_pattern_is_searched_only_as_deep_as_it_goes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``'/*.s40'`` once walked the whole file system: only ``**`` crosses folders."""
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("top.s40", "a/mid.s40", "a/b/low.s40"):
        (tmp_path / name).write_bytes(CLEAN)
    listed: list[str] = []
    real = inputs._entries

    def entries(folder: str) -> list[os.DirEntry[str]]:
        listed.append(os.path.relpath(folder, tmp_path))
        return real(folder)

    monkeypatch.setattr(inputs, "_entries", entries)
    cases = {"*.s40": (["top.s40"], ["."]),
             "*/*.s40": (["a/mid.s40"], [".", "a"]),
             "**/*.s40": (["a/b/low.s40", "a/mid.s40", "top.s40"], [".", "a", "a/b"])}
    for pattern, (found, folders) in cases.items():
        listed.clear()
        names = list(inputs.expand([f"{tmp_path}/{pattern}"]))
        assert [os.path.relpath(str(n), tmp_path) for n in names] == found
        assert sorted(set(listed)) == folders, pattern


@pytest.mark.slow
def test_file_names_that_are_not_utf8_are_read_and_shown_escaped(
        tmp_path: Path, check_report: ReportCheck) -> None:
    """Found in a folder or named, by every command: no crash, and on a terminal the
    bytes escaped (tests/test_hostile_output.py has each format's exact escape)."""
    name = os.fsdecode(b"caf\xe9 \x1b[31m.s40")
    (tmp_path / name).write_bytes(CLEAN)
    done = scala40("replay", str(tmp_path))
    assert done.returncode == 0
    assert "\x1b" not in done.stdout
    assert "caf\\xe9 \\x1b[31m.s40" in done.stdout
    status, report = replay_json(check_report, str(tmp_path))
    assert status == 0 and report["files"][0]["path"] == str(tmp_path / name)
    for command in (["replay", "--format", "jsonl"], ["report"], ["fmt", "--check"],
                    ["fmt", "--diff"]):
        done = scala40(*command, str(tmp_path / name))
        assert done.returncode == 0, (command, done.stderr)
        assert "\x1b" not in done.stdout + done.stderr
    bad = tmp_path / os.fsdecode(b"\xff-bad.s40")
    bad.write_bytes(b"   hand 1\n")
    diff = scala40("fmt", "--diff", str(bad))
    assert diff.returncode == 0 and "+++ " in diff.stdout and "\\xff-bad.s40" in diff.stdout


@pytest.mark.slow
@pytest.mark.parametrize("command", [["replay", "-"], ["report", "-"], ["fmt", "-"]])
def test_a_closed_standard_input_is_one_clear_line(command: list[str]) -> None:
    done = scala40(*command, close_stdin=True)
    assert done.returncode == 1
    said = (done.stdout + done.stderr).splitlines()
    if command[0] == "report":
        assert "- `<stdin>` line 1: `F001` cannot read the file: standard input is closed" in said
    else:
        assert "<stdin>:1:1: F001 cannot read the file: standard input is closed" in said


# --- bounded reading (issue 9) ----------------------------------------------------------


def test_a_line_over_64_kib_is_counted_and_never_kept() -> None:
    line = b"Bruno draw " + "6♦ ".encode() * 300_000 + b"\r\n"
    [chunk] = list(game_chunks(io.BytesIO(HEAD + line + b"Bruno draw 6D\n")))
    assert len(chunk.data) < len(HEAD) + 100
    assert chunk.long_lines == ((11, len(line.decode()) - 2),)
    result = audit_bytes(HEAD + line + b"Bruno draw 6D\n\n" + CLEAN, "x")
    assert [e.message for e in result.errors] == [
        "line 11 is 900,011 characters long; the limit is 10,000: the line is not read"]
    assert_clean_game_ok(result)


def test_a_long_line_without_a_line_end_ends_the_file_cleanly() -> None:
    result = audit_bytes(CLEAN + b'[Event "x"]\n; ' + b"x" * 200_000, "x")
    assert [(str(e.code), e.line) for e in result.errors] == [
        ("F003", CLEAN.count(b"\n") + 2)]
    assert_clean_game_ok(result, 0)


def test_comments_are_not_kept_for_the_replay_but_f002_still_counts_their_bytes() -> None:
    comments = b"; a comment of the club\n" * 1000
    [chunk] = list(game_chunks(io.BytesIO(comments + b"hand 1\n")))
    assert chunk.data == b"\n" * 1000 + b"hand 1\n"
    bad = b"; one\n; two\n[Event \"caf\xe9\"]\n"
    [error] = audit_bytes(bad + CLEAN.split(b"\n", 1)[1], "x").errors
    assert bad.index(b"\xe9") == 23  # the comments before it count, though not kept
    assert error.message == ("invalid UTF-8 at byte offset 23 (byte 0xE9, é in Windows-1252: "
                             "save the file as UTF-8); this game is not read")


def test_a_game_over_50000_lines_is_cut_with_f003_and_the_next_game_is_read() -> None:
    big = b'[Players "Anna" "Bruno"]\nhand 1\n' + b"; a note\n" * 60_000  # comments count
    result = audit_bytes(big + b"\n" + CLEAN, "x")
    [error] = result.errors
    assert (str(error.code), error.line) == ("F003", 50_001)
    assert error.message == ("the game of line 1 holds more than 50,000 lines, the limit for "
                             "a game: lines 50001 to 60003 are not read")
    assert str(result.games[0].violations[-1].code) == "G007"
    assert_clean_game_ok(result)


def test_a_game_over_1000_hands_is_cut_with_f003() -> None:
    big = b'[Players "Anna" "Bruno"]\n' + b"".join(b"hand %d\n" % n for n in range(1, 1502))
    result = audit_bytes(big + b"\n" + CLEAN, "x")
    [error] = result.errors
    assert (str(error.code), error.line) == ("F003", 1002)
    assert error.message == ("the game of line 1 holds more than 1,000 hands, the limit for "
                             "a game: lines 1002 to 1503 are not read")
    assert len(result.games[0].hands) == 1000
    assert_clean_game_ok(result)
    handy = b'[Players "handy" "Bruno"]\n' + b"handy draw 5S\n" * 1500  # a name, no hand
    assert "F003" not in {str(e.code) for e in audit_bytes(handy, "x").errors}


@pytest.mark.slow
def test_a_game_over_8_mib_is_cut_with_f003() -> None:
    stock = b"stock " + b"5S " * 3000 + b"\n"  # 9 KB a line: the bytes bound comes first
    result = audit_bytes(HEAD + stock * 1000 + b"\n" + CLEAN, "x")
    [error] = result.errors
    assert error.message.startswith("the game of line 1 holds more than 8 MiB, the limit "
                                    "for a game: lines ")
    assert_clean_game_ok(result)


def _replay_stream(feed: Iterator[bytes], *args: str) -> tuple[int, str, int]:
    """``replay - ARGS`` in a real process fed by ``feed`` through a pipe: its exit
    status, the last line of its report and its peak memory in KB."""
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen([sys.executable, "-c", PROGRAM, "replay", *args, "-"],
                                   cwd=ROOT, stdin=subprocess.PIPE, stdout=out,
                                   stderr=subprocess.PIPE)
        assert process.stdin is not None and process.stderr is not None
        for piece in feed:
            process.stdin.write(piece)
        process.stdin.close()
        errors = process.stderr.read().decode()
        status = process.wait(timeout=600)
        out.seek(0)
        last = out.read().decode().rstrip().splitlines()[-1]
    assert "Traceback" not in errors
    return status, last, split_peak(errors)[1]


def _megabytes(piece: bytes, total: int) -> Iterator[bytes]:
    block = piece * (1024 * 1024 // len(piece))
    for _ in range(total // len(block)):
        yield block


def _long_line() -> Iterator[bytes]:
    yield b"Bruno draw "
    yield from _megabytes(b"5S ", 200 * 1024 * 1024)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "body"), [
    ("a 200 MB line", _long_line),
    ("200 MB of comments", lambda: _megabytes(b"; " + b"x" * 97 + b"\n", 200 * 1024 * 1024)),
    ("500,000 hand lines", lambda: (b"hand %d\n" % n for n in range(2, 500_002))),
])
def test_hostile_sizes_stay_under_256_mb(name: str, body: Callable[[], Iterator[bytes]]
                                         ) -> None:
    """Measured before: a 20 MB line 112 MB, 20 MB of comments 136 MB, 100,000 hand
    lines 275 MB (so 200 MB: about 1.2 GB, 500,000 lines: 1.3 GB); after: 39, 47 and
    43 MB. Each is one F003 (the line, the game over 50,000 lines or 1,000 hands), and
    the clean game after it is read."""
    def feed() -> Iterator[bytes]:
        yield HEAD
        yield from body()
        yield b"\n\n" + CLEAN

    status, last, peak = _replay_stream(feed(), "--format", "jsonl")
    assert status == 1, last
    assert peak < 256 * 1024, f"{name}: {peak} KB"
    assert '"games": 2, "games_with_violations": 1' in last, last
    assert '"file_errors": 1' in last, last


@pytest.mark.parametrize(("data", "said"), [
    (b'[Players "H\xe9l\xe8ne" "Bruno"]\n',
     "(byte 0xE9, é in Windows-1252: save the file as UTF-8)"),
    ("[Players \"Anna\" \"Bruno\"]\n".encode("utf-16"),
     "(byte 0xFF: the file is in UTF-16: save it as UTF-8)"),
    (b'[Event "caf\xc3\xa9 \xe9"]\n', "(byte 0xE9)"),  # UTF-8 on the line: no guess
    (b'[Event "\xe9\x81"]\n', "(byte 0xE9)"),  # 0x81 is no Windows-1252: no guess
    (b'[Event "x\xa7"]\n', "(byte 0xA7)"),  # a Windows-1252 sign, no letter: no guess
])
def test_a_file_saved_in_latin1_or_utf16_is_said_so_with_what_to_do(data: bytes,
                                                                    said: str) -> None:
    """A club's sheet saved by a Windows editor: the byte alone told nothing of why."""
    for error in (audit_bytes(data, "x").errors[0], parser.decode_log(data)):
        assert isinstance(error, Problem) and said in error.message, error
