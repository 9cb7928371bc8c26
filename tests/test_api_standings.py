"""``scala40.standings``: the league table from a program, the very document of
``scala40 standings --format json``, with the command line's choices as arguments."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

import scala40
import scala40cli
from scala40cli.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
TWO_PLAYERS = ROOT / "fixtures" / "legal" / "two-players.s40"
ILLEGAL = ROOT / "fixtures" / "illegal" / "C001-closing-without-discard.s40"


def dated(tmp_path: Path, name: str, day: str) -> Path:
    """The two-player match of the fixtures, played on ``day`` (its ``[Date]`` tag)."""
    path = tmp_path / name
    path.write_text(f'[Date "{day}"]\n' + TWO_PLAYERS.read_text(encoding="utf-8"),
                    encoding="utf-8")
    return path


def names_and_matches(document: dict[str, object]) -> list[tuple[str, int]]:
    players = document["players"]
    assert isinstance(players, list)
    return [(row["name"], row["matches"]) for row in players]


def left_out_reasons(document: dict[str, object]) -> list[str]:
    left_out = document["left_out"]
    assert isinstance(left_out, list)
    return [entry["reason"] for entry in left_out]


def test_the_document_is_the_commands_and_validates(tmp_path: Path) -> None:
    paths = [dated(tmp_path, "a.s40", "2026-10-01"), dated(tmp_path, "b.s40", "2026-11-01"),
             ILLEGAL]
    document = scala40.standings([scala40.audit_file(path) for path in paths])
    Draft202012Validator(scala40.schema("standings")).validate(document)
    command = CliRunner().invoke(main, ["standings", "--format", "json",
                                        *map(str, paths)], catch_exceptions=False)
    assert document == json.loads(command.output)
    assert names_and_matches(document) == [("Bruno", 2), ("Anna", 2)]
    assert left_out_reasons(document) == ["violations"]


def test_violations_since_and_rules_choose_the_matches_as_the_options_do(
        tmp_path: Path) -> None:
    results = [scala40.audit_file(dated(tmp_path, "a.s40", "2026-10-01")),
               scala40.audit_file(dated(tmp_path, "b.s40", "2026-11-01")),
               scala40.audit_file(ILLEGAL)]
    with_violations = scala40.standings(results, include_violations=True)
    assert left_out_reasons(with_violations) == []
    since = scala40.standings(results[:2], since=datetime.date(2026, 10, 15))
    assert names_and_matches(since) == [("Bruno", 1), ("Anna", 1)]
    assert left_out_reasons(since) == ["before_since"]
    as_a_moment = scala40.standings(results[:2], since=datetime.datetime(2026, 10, 15, 9))
    assert as_a_moment == since
    other_rules = scala40.standings(results[:2], rules="scala50")
    assert left_out_reasons(other_rules) == ["other_rules", "other_rules"]
    assert scala40.standings(results[:2], rules="classic")["players"] == \
        scala40.standings(results[:2])["players"]


def test_bad_arguments_raise_naming_them() -> None:
    result = scala40.audit_file(TWO_PLAYERS)
    with pytest.raises(TypeError, match="standings: results"):
        scala40.standings(["two-players.s40"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"since must be a datetime\.date"):
        scala40.standings([result], since="2026-10-01")  # type: ignore[arg-type]
    with pytest.raises(scala40.RulesError):
        scala40.standings([result], rules="no-such-preset")
    assert "standings" in scala40.__all__ and scala40.standings is scala40cli.standings
