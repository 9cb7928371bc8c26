"""Legal matches with one event corrupted are flagged on the line the decisions give.

The acceptance criterion (``referee-decisions.md``, "Where each problem is reported"):
the first violation of a corrupted game is on the line that makes it illegal, with the
code the table gives, and nothing is reported earlier. :mod:`corruptions` makes the
corrupted games, many kinds on every legal fixture at seeded positions, each knowing its
expected code and line; here each one is parsed, replayed and checked. When several
problems share the first line, the expected code must be one of them (a meld by the
wrong player is also a play before the draw, often of cards not in that hand).

A failure names the kind, the fixture and the corrupted line in its test id
(``run_reversed-two-players-L123``) and says what was changed, what was expected and
what the referee reported first. ``PYTHONPATH=. python tests/corruptions.py`` prints
the detection rate of every kind.
"""

from __future__ import annotations

import pytest
from corruptions import (
    MUTATORS,
    Case,
    Edit,
    fixture_files,
    fixture_lines,
    judge,
    make_cases,
    shifted,
    walks,
)

from scala40cli.parser import parse_text
from scala40cli.referee import replay

CASES = make_cases()


def test_the_legal_fixtures_are_legal() -> None:
    """The premise: every fixture replays clean, and the corruptions' own bookkeeping
    (:class:`corruptions.Walk`) reads every move of it as legal too."""
    for path in fixture_files():
        parsed = parse_text(path.read_text(encoding="utf-8"))
        assert not parsed.errors, path.name
        for game in parsed.games:
            assert replay(game).violations == (), path.name
        assert walks(path)  # raises IllegalFixture on a move it finds illegal


def test_every_kind_of_corruption_has_cases() -> None:
    made = {case.kind for case in CASES}
    assert made == set(MUTATORS), set(MUTATORS) - made
    assert len(CASES) >= 300


def test_edits_keep_or_shift_line_numbers() -> None:
    lines = ["a", "b", "c", "d"]
    edits = (Edit("remove", 2), Edit("insert", 3, "x"), Edit("replace", 4, "D"))
    case = Case(kind="k", fixture="f", game=1, line=2, description="", edits=edits,
                code="T001", expected_line=3)
    assert case.text(lines).splitlines() == ["a", "; corrupted, removed: b", "x", "c", "D"]
    assert [shifted(n, list(edits)) for n in (1, 2, 3, 4)] == [1, 2, 4, 5]


def test_the_corruptions_change_the_text() -> None:
    for case in CASES:
        lines = fixture_lines(case.fixture)
        assert case.text(lines) != "\n".join(lines) + "\n", case.id


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_first_problem_is_on_the_corrupted_line(case: Case) -> None:
    outcome = judge(case)
    assert outcome.ok, outcome.explain()
