"""audit_bytes and audit_path: bad input becomes a file error, never an exception."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scala40cli.audit.pipeline import FILE_COLUMN, FILE_LINE, audit_bytes, audit_path
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.violations import Code

ROOT = Path(__file__).resolve().parent.parent
LEGAL_FIXTURE = ROOT / "fixtures" / "legal" / "two-players.s40"

#: Two games; the first has a misspelt verb on line 4, the second must still be replayed.
TWO_GAMES_ONE_TYPO = b"""[Players "Anna" "Bruno"]
hand 1
dealer Anna
Anna discrad 5S
[Players "Carla" "Dario"]
hand 1
dealer Carla
"""


def test_missing_file_is_f001_at_line_1(tmp_path: Path) -> None:
    result = audit_path(str(tmp_path / "missing.s40"))
    [problem] = result.errors
    assert problem.code is Code.UNREADABLE_FILE
    assert (problem.line, problem.column) == (FILE_LINE, FILE_COLUMN) == (1, 1)
    assert "No such file" in problem.message
    assert result.games == ()
    assert not result.ok


def test_directory_is_f001(tmp_path: Path) -> None:
    [problem] = audit_path(str(tmp_path)).errors
    assert problem.code is Code.UNREADABLE_FILE


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_unreadable_permissions_is_f001(tmp_path: Path) -> None:
    locked = tmp_path / "locked.s40"
    locked.write_text('[Players "Anna" "Bruno"]\n', encoding="utf-8")
    locked.chmod(0)
    [problem] = audit_path(str(locked)).errors
    assert problem.code is Code.UNREADABLE_FILE


def test_invalid_utf8_is_the_only_error() -> None:
    result = audit_bytes(b'[Players "Anna" "Bruno"]\n[Event "caf\xe9"]\n', "latin1.s40")
    [problem] = result.errors
    assert problem.code is Code.BAD_ENCODING
    assert result.games == ()
    assert result.path == "latin1.s40"


def test_syntax_error_keeps_its_line_and_the_next_game() -> None:
    result = audit_bytes(TWO_GAMES_ONE_TYPO, "typo.s40")
    syntax = [problem for problem in result.errors if problem.code is Code.SYNTAX_ERROR]
    assert syntax[0].line == 4
    assert syntax[0].context is not None and "discrad" in syntax[0].context
    assert [game.players for game in result.games] == [("Anna", "Bruno"), ("Carla", "Dario")]
    assert [game.index for game in result.games] == [1, 2]


def test_audit_path_reads_what_audit_bytes_judges(tmp_path: Path) -> None:
    log = tmp_path / "typo.s40"
    log.write_bytes(TWO_GAMES_ONE_TYPO)
    assert audit_path(str(log)) == audit_bytes(TWO_GAMES_ONE_TYPO, str(log))


@pytest.mark.skipif(not LEGAL_FIXTURE.exists(), reason="the legal fixture is not written yet")
def test_legal_fixture_is_ok() -> None:
    result = audit_path(str(LEGAL_FIXTURE))
    assert result.ok, result
    assert len(result.games) == 1


@pytest.mark.skipif(not LEGAL_FIXTURE.exists(), reason="the legal fixture is not written yet")
def test_byte_order_mark_and_crlf_change_nothing() -> None:
    data = LEGAL_FIXTURE.read_bytes()
    plain = audit_bytes(data, "game.s40")
    marked = audit_bytes(
        b"\xef\xbb\xbf" + data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"), "game.s40"
    )
    assert marked.ok and marked.games[0].totals == plain.games[0].totals


@pytest.mark.skipif(not LEGAL_FIXTURE.exists(), reason="the legal fixture is not written yet")
def test_the_command_line_choice_reaches_every_game(tmp_path: Path) -> None:
    choice = RuleChoice(preset="scala30", values=(("compra", "yes", "--set"),))
    result = audit_path(str(LEGAL_FIXTURE), choice)
    [game] = result.games
    assert game.rules["opening_points"] == "30"
    assert game.rules["compra"] == "yes"
    assert game.rule_sources["compra"] == "--set"
    assert game.rule_sources["opening_points"] == "preset scala30 (--rules)"
    assert audit_bytes(LEGAL_FIXTURE.read_bytes(), str(LEGAL_FIXTURE), choice) == result


def test_no_choice_is_the_logs_own_rules() -> None:
    result = audit_bytes(TWO_GAMES_ONE_TYPO, "typo.s40", None)
    assert result == audit_bytes(TWO_GAMES_ONE_TYPO, "typo.s40")


def test_games_under_the_same_rules_get_the_same_tokens_in_dicts_of_their_own() -> None:
    # The referee works a game's rule tokens out once for the games judged in a row
    # under the same rules (rule_tokens); a game with rules of its own gets its own
    # tokens, and no game's dict is another's, so changing one changes no other.
    log = (b'[Players "Anna" "Bruno"]\nhand 1\n'
           b'[Players "Anna" "Bruno"]\nhand 1\n'
           b'[Players "Anna" "Bruno"]\n[Rule "opening_points" "30"]\nhand 1\n'
           b'[Players "Anna" "Bruno"]\nhand 1\n')
    first, second, third, fourth = audit_bytes(log, "shared.s40").games
    assert first.rules == second.rules and first.rules is not second.rules
    assert first.rules["opening_points"] == second.rules["opening_points"] == "40"
    assert third.rules["opening_points"] == "30"
    assert fourth.rules["opening_points"] == "40" and fourth.rules == first.rules
    first.rules["opening_points"] = "changed by a caller"
    assert second.rules["opening_points"] == fourth.rules["opening_points"] == "40"
    [again] = audit_bytes(b'[Players "Anna" "Bruno"]\nhand 1\n', "again.s40").games
    assert again.rules["opening_points"] == "40"
