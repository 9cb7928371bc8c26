"""Shared test helpers: the report schema check and ready-made results to report.

Every JSON report a test produces goes through :func:`check_report`, so the schema and
the reporter cannot drift apart. The sample results are built by hand (not by the
referee) so that the reporters are tested on every closing, an elimination, a winner, a
void and an unfinished hand, whatever the referee does today.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import settings
from jsonschema import Draft202012Validator

from scala40cli.judging.rulebook.rules import CLASSIC, RULE_KEYS
from scala40cli.model.results import (
    Closing,
    Elimination,
    FileResult,
    GameResult,
    HandResult,
    Problem,
    TagValue,
    TeamResult,
)
from scala40cli.model.violations import Code
from scala40cli.reading.resources import schema

# The suite speaks English whatever the machine's locale (LANG=it_IT would translate every
# message a test reads): SCALA40_LANG wins over the locale, in this process and in every
# command a test starts. The tests of --lang and of the locale set their own.
os.environ["SCALA40_LANG"] = "en"

# Property tests are reproducible in CI: same examples every run, no timing flakes.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ReportCheck = Callable[[dict[str, Any]], dict[str, Any]]


def _report_validator() -> Draft202012Validator:
    report_schema = schema("report.schema.json")
    Draft202012Validator.check_schema(report_schema)
    return Draft202012Validator(report_schema)


@pytest.fixture(scope="session")
def check_report() -> ReportCheck:
    """A function that validates a JSON report against the schema and returns it."""
    validator = _report_validator()

    def check(document: dict[str, Any]) -> dict[str, Any]:
        validator.validate(document)
        return document

    return check


# --- sample results ---------------------------------------------------------------------


def _hand(number: int, **fields: Any) -> HandResult:
    defaults: dict[str, Any] = {"line": 10 * number, "declared": None}
    return HandResult(number=number, **{**defaults, **fields})


def _finished_match() -> GameResult:
    """Anna, Bruno, Carla: Carla out in hand 2, Anna in hand 3, Bruno wins."""
    hands = (
        _hand(
            1,
            dealer="Anna",
            closer="Bruno",
            closing=Closing.NORMAL,
            penalties={"Anna": 23, "Bruno": 0, "Carla": 45},
            declared={"Anna": 23, "Bruno": 0, "Carla": 45},
            totals={"Anna": 23, "Bruno": 0, "Carla": 45},
        ),
        _hand(
            2,
            dealer="Bruno",
            closer="Anna",
            closing=Closing.IN_ONE_GO,
            penalties={"Anna": 0, "Bruno": 40, "Carla": 60},
            totals={"Anna": 23, "Bruno": 40, "Carla": 105},
        ),
        _hand(
            3,
            dealer="Anna",
            closer="Bruno",
            closing=Closing.NORMAL,
            penalties={"Anna": 100, "Bruno": 0},
            totals={"Anna": 123, "Bruno": 40, "Carla": 105},
        ),
    )
    return GameResult(
        index=1,
        line=1,
        tags=(
            TagValue(name="Event", values=("Circolo Aurora, Friday night",), line=1),
            TagValue(name="Date", values=("2026-11-12",), line=2),
            TagValue(name="Players", values=("Anna", "Bruno", "Carla"), line=3),
        ),
        players=("Anna", "Bruno", "Carla"),
        rules=CLASSIC.as_tokens(),
        elimination_threshold=101,
        violations=(),
        hands=hands,
        eliminated=(Elimination(player="Carla", hand=2), Elimination(player="Anna", hand=3)),
        totals={"Anna": 123, "Bruno": 40, "Carla": 105},
        finished=True,
        winner="Bruno",
    )


def _faulty_match() -> GameResult:
    """Two players, a void hand then an unfinished one, and two violations."""
    violations = (
        Problem(
            code=Code.NOT_IN_HAND,
            message="Anna discards KH, which is not in her hand",
            line=48,
            column=1,
            hand=1,
            player="Anna",
        ),
        Problem(
            code=Code.UNFINISHED_HAND,
            message="the game ends in the middle of hand 2",
            line=60,
            column=1,
            hand=2,
            player=None,
        ),
    )
    hands = (
        _hand(
            1,
            line=40,
            dealer="Anna",
            closer=None,
            closing=Closing.VOID,
            penalties={"Anna": 0, "Bruno": 0},
            totals={"Anna": 0, "Bruno": 0},
        ),
        _hand(
            2,
            line=52,
            dealer="Bruno",
            closer=None,
            closing=Closing.UNFINISHED,
            penalties={"Anna": 0, "Bruno": 0},
            totals={"Anna": 0, "Bruno": 0},
        ),
    )
    return GameResult(
        index=2,
        line=38,
        tags=(TagValue(name="Players", values=("Anna", "Bruno"), line=38),),
        players=("Anna", "Bruno"),
        rules={**CLASSIC.as_tokens(), "opening_points": "50"},
        elimination_threshold=101,
        violations=violations,
        hands=hands,
        eliminated=(),
        totals={"Anna": 0, "Bruno": 0},
        finished=False,
        winner=None,
    )


def _team_match() -> GameResult:
    """Four players in two teams over two hands and a play-off, rules from everywhere."""
    players = ("Anna", "Bruno", "Carla", "Dario")
    hands = (
        _hand(
            1,
            dealer="Anna",
            closer="Bruno",
            closing=Closing.NORMAL,
            penalties={"Anna": 20, "Bruno": 0, "Carla": 10, "Dario": 30},
            totals={"Anna": 20, "Bruno": 0, "Carla": 10, "Dario": 30},
        ),
        _hand(
            2,
            dealer="Bruno",
            closer="Anna",
            closing=Closing.NORMAL,
            penalties={"Anna": 0, "Bruno": 30, "Carla": 10, "Dario": 0},
            totals={"Anna": 20, "Bruno": 30, "Carla": 20, "Dario": 30},
        ),
        _hand(
            3,
            dealer="Carla",
            closer="Carla",
            closing=Closing.NORMAL,
            penalties={"Anna": 0, "Bruno": 5, "Carla": 0, "Dario": 5},
            totals={"Anna": 20, "Bruno": 35, "Carla": 20, "Dario": 35},
            playoff=True,
        ),
    )
    sources = dict.fromkeys(RULE_KEYS, "preset fixed-hands (--rules)")
    sources.update(
        {
            "teams": "log line 4",
            "fixed_hands": "log line 5",
            "take_after_opening": "--set",
        }
    )
    rules = {
        **CLASSIC.as_tokens(),
        "elimination": "none",
        "fixed_hands": "2",
        "teams": "pairs",
        "take_after_opening": "free",
    }
    return GameResult(
        index=1,
        line=1,
        tags=(TagValue(name="Players", values=players, line=1),),
        players=players,
        rules=rules,
        rule_sources=sources,
        violations=(),
        hands=hands,
        eliminated=(),
        totals={"Anna": 20, "Bruno": 35, "Carla": 20, "Dario": 35},
        finished=True,
        winner="Anna+Carla",
        teams=(
            TeamResult(name="Anna+Carla", players=("Anna", "Carla"), total=40),
            TeamResult(name="Bruno+Dario", players=("Bruno", "Dario"), total=70),
        ),
    )


SYNTAX_ERROR = Problem(
    code=Code.SYNTAX_ERROR,
    message="expected a card like 7H or JK",
    line=57,
    column=18,
    context="Bruno meld 4D 5D XX",
)


@pytest.fixture
def finished_match() -> GameResult:
    return _finished_match()


@pytest.fixture
def faulty_match() -> GameResult:
    return _faulty_match()


@pytest.fixture
def team_match() -> GameResult:
    return _team_match()


@pytest.fixture
def team_file(team_match: GameResult) -> FileResult:
    """A file with one team match of fixed hands that needed a play-off."""
    return FileResult(path="club/teams.s40", games=(team_match,))


@pytest.fixture
def legal_file(finished_match: GameResult) -> FileResult:
    """A file with one legal, finished match."""
    return FileResult(path="club/friday.s40", games=(finished_match,))


@pytest.fixture
def faulty_file(finished_match: GameResult, faulty_match: GameResult) -> FileResult:
    """A file with a syntax error, one legal game and one with violations."""
    return FileResult(
        path="club/saturday.s40", errors=(SYNTAX_ERROR,), games=(finished_match, faulty_match)
    )


@pytest.fixture
def unreadable_file() -> FileResult:
    return FileResult(
        path="missing.s40",
        errors=(
            Problem(
                code=Code.UNREADABLE_FILE,
                message="cannot read the file: No such file or directory",
                line=1,
                column=1,
            ),
        ),
    )


@pytest.fixture(autouse=True, scope="session")
def _private_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The built parser is cached in a folder of the test run, not the user's."""
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    if before is None:
        del os.environ["XDG_CACHE_HOME"]
    else:
        os.environ["XDG_CACHE_HOME"] = before
