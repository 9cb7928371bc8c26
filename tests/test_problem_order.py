"""The first problem printed for a file is the first on its lines, in every format.

A report read top down must show first what to fix first: a syntax error in the
``Players`` tag before "the game has no [Players] tag", which follows from it. The
text report, the annotations and the JSON lines, written as the audit goes, agree.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from scala40cli.audit.pipeline import in_line_order
from scala40cli.cli.main import main
from scala40cli.model.results import GameResult, Problem
from scala40cli.model.violations import Code

FIXTURE = str(Path(__file__).resolve().parent.parent / "fixtures" / "illegal"
              / "G001-missing-players-unreadable-tag.s40")


def replay(*options: str) -> str:
    return CliRunner().invoke(main, ["replay", *options, FIXTURE]).output


def test_text_report_prints_the_syntax_error_first() -> None:
    place = re.compile(re.escape(FIXTURE) + r":\d+:\d+: (\w+) ")
    codes = [found.group(1) for line in replay().splitlines() if (found := place.match(line))]
    assert codes == ["F003", "G001"]


def test_annotations_print_the_syntax_error_first() -> None:
    titles = [line.split("title=")[1][:4] for line in replay("--format", "github").splitlines()
              if line.startswith("::error")]
    assert titles == ["F003", "G001"]


def test_json_lines_give_the_syntax_error_first() -> None:
    records = [json.loads(line) for line in replay("--format", "jsonl").splitlines()]
    kinds = [record["type"] for record in records]
    assert kinds[:2] == ["file_error", "game"]


def test_missing_players_is_placed_on_the_unreadable_tag() -> None:
    records = [json.loads(line) for line in replay("--format", "jsonl").splitlines()]
    (violation,) = records[1]["game"]["violations"]
    assert (violation["code"], violation["line"]) == ("G001", 6)
    assert violation["message"] == "the game has no [Players] tag; line 6 could not be read"


def _problem(code: Code, line: int, column: int = 1) -> Problem:
    return Problem(code=code, message="", line=line, column=column)


def _game(line: int, *violations: Problem) -> GameResult:
    return GameResult(index=1, line=line, tags=(), players=("Anna", "Bruno"), rules={},
                      violations=violations, hands=(), eliminated=(), totals={},
                      finished=False, winner=None)


def test_in_line_order_is_stable_and_puts_a_file_error_first_on_one_place() -> None:
    error = _problem(Code.SYNTAX_ERROR, 6, 17)
    game = _game(5, _problem(Code.MISSING_PLAYERS, 6, 17))
    clean = _game(20)
    late_error = _problem(Code.SYNTAX_ERROR, 30)  # in the lines of the game of line 20
    assert in_line_order([game, error, clean, late_error]) == [error, game, late_error, clean]


def test_a_file_error_comes_before_its_game_whose_problems_start_earlier() -> None:
    """Issue 33: an unreadable deal line (line 5) before the game whose first problem is
    reported on its hand line (line 2): the text report prints it with that game."""
    error = _problem(Code.SYNTAX_ERROR, 5, 37)
    first = _game(1, _problem(Code.MISSING_DEAL, 2))
    before = _problem(Code.SYNTAX_ERROR, 0)
    assert in_line_order([first, error, before]) == [before, error, first]
