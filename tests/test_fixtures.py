"""Every shipped fixture replays to the verdict written inside it.

A fixture states what the referee must find in ``; expect`` comment lines (the parser
ignores comments), so each log carries its own expected verdict:

- ``; expect ok``: the game the line stands in has no violation;
- ``; expect CODE LINE``: a violation or file error with that code on that line; the
  codes and lines found in the file must be exactly those expected (as a multiset);
- ``; expect winner NAME`` (or ``none``), ``; expect totals NAME N ...``,
  ``; expect eliminated NAME HAND ...``, ``; expect closing HAND KIND``: the outcome of
  the game the line stands in (the last game starting at or before the line).

The legal fixtures come from ``tools/make_matches.py``, an implementation of the rules
that shares no code with the referee; the illegal ones are written by hand.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import ReportCheck

from scala40cli.audit.pipeline import audit_path
from scala40cli.model.results import FileResult, GameResult
from scala40cli.model.violations import Code
from scala40cli.reporting.json_report import report_document

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
ALL_FIXTURES = sorted(FIXTURES.rglob("*.s40"))
CODE_LINE = re.compile(r"^([A-Z]\d{3}) (\d+)$")


@dataclass
class GameExpectations:
    ok: bool = False
    winner: str | None = None
    winner_given: bool = False
    totals: dict[str, int] | None = None
    eliminated: list[tuple[str, int]] | None = None
    closings: dict[int, str] = field(default_factory=dict)


@dataclass
class FileExpectations:
    problems: Counter[tuple[str, int]] = field(default_factory=Counter)
    games: dict[int, GameExpectations] = field(default_factory=dict)


def _pairs(words: list[str]) -> list[tuple[str, int]]:
    return [(words[i], int(words[i + 1])) for i in range(0, len(words), 2)]


def read_expectations(path: Path, result: FileResult) -> FileExpectations:
    """The ``; expect`` lines of a fixture, each tied to the game it stands in."""
    expected = FileExpectations()
    starts = sorted((game.line, game.index) for game in result.games)
    lines = path.read_bytes().decode("utf-8", errors="replace").splitlines()
    for number, text in enumerate(lines, start=1):
        if not text.startswith("; expect "):
            continue
        words = text[len("; expect "):].split()
        found = CODE_LINE.match(" ".join(words))
        if found:
            expected.problems[(found[1], int(found[2]))] += 1
            continue
        index = max((i for line, i in starts if line <= number), default=1)
        game = expected.games.setdefault(index, GameExpectations())
        kind, rest = words[0], words[1:]
        if kind == "ok":
            game.ok = True
        elif kind == "winner":
            game.winner_given = True
            game.winner = None if rest == ["none"] else rest[0]
        elif kind == "totals":
            game.totals = dict(_pairs(rest))
        elif kind == "eliminated":
            game.eliminated = _pairs(rest)
        elif kind == "closing":
            game.closings[int(rest[0])] = rest[1]
        else:
            raise AssertionError(f"{path.name}:{number}: unknown expectation {text!r}")
    return expected


def found_problems(result: FileResult) -> Counter[tuple[str, int]]:
    problems = Counter((str(p.code), p.line) for p in result.errors)
    for game in result.games:
        problems.update((str(v.code), v.line) for v in game.violations)
    return problems


def check_game(game: GameResult, expected: GameExpectations) -> None:
    if expected.ok:
        assert game.ok, [f"{v.line}: {v.code} {v.message}" for v in game.violations]
    if expected.winner_given:
        assert game.winner == expected.winner
        assert game.finished == (expected.winner is not None)
    if expected.totals is not None:
        assert game.totals == expected.totals
    if expected.eliminated is not None:
        assert [(e.player, e.hand) for e in game.eliminated] == expected.eliminated
    closings = {hand.number: str(hand.closing) for hand in game.hands}
    for number, kind in expected.closings.items():
        assert closings.get(number) == kind, f"hand {number}"


def test_there_are_legal_and_illegal_fixtures() -> None:
    assert len(list((FIXTURES / "legal").glob("*.s40"))) >= 6
    assert len(list((FIXTURES / "illegal").glob("*.s40"))) >= 1


@pytest.mark.parametrize("path", ALL_FIXTURES, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_fixture_verdict(path: Path, check_report: ReportCheck) -> None:
    result = audit_path(str(path))
    check_report(report_document([result]))
    expected = read_expectations(path, result)
    assert expected.problems or expected.games, "a fixture must say what it expects"
    found = found_problems(result)
    messages = [f"{v.line}: {v.code} {v.message}" for g in result.games for v in g.violations]
    messages += [f"{e.line}: {e.code} {e.message}" for e in result.errors]
    assert found == expected.problems, messages
    for game in result.games:
        if game.index in expected.games:
            check_game(game, expected.games[game.index])


def test_every_code_has_a_fixture_that_expects_it() -> None:
    """Each violation code is pinned by a fixture stating its line (F001, an unreadable
    file, cannot be a fixture: tests/test_audit.py covers it)."""
    expected: set[str] = set()
    for path in ALL_FIXTURES:
        text = path.read_bytes().decode("utf-8", errors="replace")
        expected.update(match[1] for match in re.finditer(r"^; expect ([A-Z]\d{3}) \d+$",
                                                          text, re.MULTILINE))
    missing = {str(code) for code in Code} - {"F001"} - expected
    assert not missing
