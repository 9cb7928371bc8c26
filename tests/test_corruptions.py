"""Legal matches with one event corrupted are flagged on the line the decisions give.

The acceptance criterion (``docs/decisions.md``, "Where each problem is reported"):
the first violation of a corrupted game is on the line that makes it illegal, with the
code the table gives, and nothing is reported earlier. :mod:`corruptions` makes the
corrupted games, many kinds at seeded positions on every legal fixture and on classic
matches simulated here from fixed seeds (``corruptions.SIMULATED``: 2 to 6 players, the
bot levels mixed), each case knowing its expected code and line; here each one is
parsed, replayed and checked, so the detection rate must be 100%. When several
problems share the first line, the expected code must be one of them (a meld by the
wrong player is also a play before the draw, often of cards not in that hand).

A failure names the kind, the source and the corrupted line in its test id
(``run_reversed-two-players-L123``, ``run_reversed-sim-4p-s6-L123`` for the simulated
4-player match of seed 6) and says what was changed, what was expected and what the
referee reported first; for a simulated match it gives the ``scala40 simulate`` command
that writes it. ``PYTHONPATH=. python tests/corruptions.py`` prints the detection rate
of every kind, on the fixtures and on the simulated matches (``--simulated N`` for more).
"""

from __future__ import annotations

import pytest
from corruptions import (
    FIXTURE,
    MUTATORS,
    SIMULATED,
    SIMULATED_ORIGIN,
    Case,
    Edit,
    default_sources,
    judge,
    make_cases,
    shifted,
    sim_levels,
    source,
    walks,
)

from scala40cli.judging.match.referee import replay
from scala40cli.reading.parser import parse_text

SOURCES = default_sources()
CASES = make_cases(SOURCES)


@pytest.mark.parametrize("name", [src.name for src in SOURCES])
def test_the_legal_sources_are_legal(name: str) -> None:
    """The premise: every fixture and simulated match replays clean, and the
    corruptions' own bookkeeping (:class:`corruptions.Walk`) reads every move of it as
    legal too."""
    src = source(name)
    parsed = parse_text(src.text)
    assert not parsed.errors, src.note
    for game in parsed.games:
        assert replay(game).violations == (), src.note
    assert walks(src)  # raises IllegalFixture on a move it finds illegal


def test_the_simulated_matches_vary() -> None:
    """2 to 6 players, and every bot level at the table somewhere."""
    assert {players for players, _ in SIMULATED} == {2, 3, 4, 5, 6}
    assert len({level for players, seed in SIMULATED
                for level in sim_levels(players, seed)}) == 3
    assert len(set(SIMULATED)) == len(SIMULATED)


def test_every_kind_of_corruption_has_cases() -> None:
    """On the fixtures and on the simulated matches alike."""
    origin = {src.name: src.origin for src in SOURCES}
    for name in (FIXTURE, SIMULATED_ORIGIN):
        mine = [case for case in CASES if origin[case.source] == name]
        made = {case.kind for case in mine}
        assert made == set(MUTATORS), (name, set(MUTATORS) - made)
        assert len(mine) >= 300, name


def test_edits_keep_or_shift_line_numbers() -> None:
    lines = ["a", "b", "c", "d"]
    edits = (Edit("remove", 2), Edit("insert", 3, "x"), Edit("replace", 4, "D"))
    case = Case(kind="k", source="f", game=1, line=2, description="", edits=edits,
                code="T001", expected_line=3)
    assert case.text(lines).splitlines() == ["a", "; corrupted, removed: b", "x", "c", "D"]
    assert [shifted(n, list(edits)) for n in (1, 2, 3, 4)] == [1, 2, 4, 5]


def test_the_corruptions_change_the_text() -> None:
    for case in CASES:
        lines = source(case.source).lines
        assert case.text(lines) != "\n".join(lines) + "\n", case.id


#: How many cases of each kind, on the fixtures, run with ``-m "not slow"``.
FAST_CASES_A_KIND = 4


def _params(cases: list[Case]) -> list[object]:
    """The cases are slow as a family (thousands of replays): while working, the first
    few of each kind on the fixtures run, so every kind is still tried; CI runs all."""
    origin = {src.name: src.origin for src in SOURCES}
    seen: dict[str, int] = {}
    params = []
    for case in cases:
        fast = origin[case.source] == FIXTURE and seen.get(case.kind, 0) < FAST_CASES_A_KIND
        seen[case.kind] = seen.get(case.kind, 0) + fast
        params.append(pytest.param(case, id=case.id, marks=() if fast else pytest.mark.slow))
    return params


@pytest.mark.parametrize("case", _params(CASES))
def test_first_problem_is_on_the_corrupted_line(case: Case) -> None:
    outcome = judge(case)
    assert outcome.ok, outcome.explain()
