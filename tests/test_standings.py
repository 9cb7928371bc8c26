"""The season's league table (issue 38): which matches count, the finishing orders, the
statistics, the names, and the ratings checked against openskill computed directly.

The games here are built by hand as the referee would report them, so that each test
says exactly what it is about; tests/test_standings_command.py runs the command on logs.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

import pytest
from openskill.models import PlackettLuce

from scala40cli.audit.records import FileEnd, FileError, JudgedGame, Record
from scala40cli.model.codes import Code
from scala40cli.model.results import (
    Closing,
    Elimination,
    GameResult,
    HandResult,
    Problem,
    TagValue,
    TeamResult,
)
from scala40cli.season.entries import Choice, Reason, parse_date
from scala40cli.season.outcome import Place, finishing_order
from scala40cli.season.table import SeasonTable, season_table

CLASSIC = {"jokers": "4"}  # the rule tokens: only compared with each other here


def hand(number: int, penalties: dict[str, int], *, closer: str | None = None,
         closing: Closing = Closing.NORMAL, openings: dict[str, int] | None = None
         ) -> HandResult:
    return HandResult(number=number, line=number * 10, dealer=None, closer=closer,
                      closing=closing, penalties=penalties, declared=None, totals={},
                      openings=openings or {})


def game(players: Sequence[str], *, winner: str | None = None,
         eliminated: Sequence[tuple[str, int]] = (), hands: Sequence[HandResult] = (),
         totals: dict[str, int] | None = None, finished: bool = True, day: str | None = None,
         violations: Sequence[Problem] = (), rules: dict[str, str] | None = None,
         index: int = 1, **fields: Any) -> GameResult:
    tags = (TagValue(name="Players", values=tuple(players), line=1),)
    if day is not None:
        tags += (TagValue(name="Date", values=(day,), line=2),)
    return GameResult(index=index, line=1, tags=tags, players=tuple(players),
                      rules=dict(rules or CLASSIC), violations=tuple(violations),
                      hands=tuple(hands),
                      eliminated=tuple(Elimination(player=p, hand=h) for p, h in eliminated),
                      totals=totals or dict.fromkeys(players, 0), finished=finished,
                      winner=winner, preset="classic", **fields)


def records(*games: GameResult, path: str = "season.s40") -> list[Record]:
    return [*(JudgedGame(path, one) for one in games), FileEnd(path)]


def table_of(*games: GameResult, **choice: Any) -> SeasonTable:
    return season_table(records(*games), Choice(**choice))


def row(table: SeasonTable, name: str) -> Any:
    return next(entry for entry in table.players if entry.name == name)


VIOLATION = Problem(code=Code.NOT_IN_HAND, message="Anna does not hold KH", line=19, column=1)


# --- the finishing order ---------------------------------------------------------------


def test_the_winner_is_first_and_the_last_eliminated_ahead() -> None:
    match = game(["Anna", "Bruno", "Carla", "Dario"], winner="Carla",
                 eliminated=[("Bruno", 3), ("Anna", 5), ("Dario", 5)])
    assert finishing_order(match) == (
        Place(rank=1, players=("Carla",)),
        Place(rank=2, players=("Anna",)),  # out in hand 5, with Dario: a tie
        Place(rank=2, players=("Dario",)),
        Place(rank=4, players=("Bruno",)),
    )


def test_players_still_in_come_by_total_and_a_reentered_player_is_still_in() -> None:
    """A fixed-hands match ends with several players in; under re-entry a player out in
    hand 2 and dealt in again in hand 3 is not out."""
    match = game(["Anna", "Bruno", "Carla"], winner="Bruno", eliminated=[("Anna", 2)],
                 hands=[hand(3, {"Anna": 5, "Bruno": 0, "Carla": 9})],
                 totals={"Anna": 90, "Bruno": 40, "Carla": 60})
    assert [place.players for place in finishing_order(match) or ()] == [
        ("Bruno",), ("Carla",), ("Anna",)]


def test_a_team_match_ranks_the_winning_pair_first() -> None:
    teams = (TeamResult(name="North", players=("Anna", "Carla"), total=120),
             TeamResult(name="South", players=("Bruno", "Dario"), total=90))
    match = game(["Anna", "Bruno", "Carla", "Dario"], winner="North", teams=teams)
    assert finishing_order(match) == (Place(rank=1, players=("Anna", "Carla")),
                                      Place(rank=2, players=("Bruno", "Dario")))


def test_a_match_not_over_has_no_finishing_order() -> None:
    assert finishing_order(game(["Anna", "Bruno"], finished=False)) is None


# --- the ratings, against openskill computed directly ---------------------------------


def test_the_ratings_are_openskills_plackett_luce_in_date_order() -> None:
    """Three matches given out of date order, with a tie and a three-player match: the
    ratings are those openskill gives for the same matches rated by date."""
    first = game(["Anna", "Bruno", "Carla"], winner="Anna",
                 eliminated=[("Bruno", 4), ("Carla", 6)], day="2026-01-05")
    second = game(["Anna", "Bruno", "Carla"], winner="Carla",
                  eliminated=[("Anna", 3), ("Bruno", 3)], day="2026-01-12")
    third = game(["Bruno", "Carla"], winner="Bruno", eliminated=[("Carla", 2)],
                 day="2026-01-19")
    table = table_of(third, first, second)

    model = PlackettLuce()
    ratings = {name: model.rating() for name in ("Anna", "Bruno", "Carla")}
    for order, ranks in ((("Anna", "Carla", "Bruno"), (1, 2, 3)),
                         (("Carla", "Anna", "Bruno"), (1, 2, 2)),
                         (("Bruno", "Carla"), (1, 2))):
        rated = model.rate([[ratings[name]] for name in order],
                           ranks=[float(rank) for rank in ranks])
        ratings.update({name: team[0] for name, team in zip(order, rated, strict=True)})
    for name, expected in ratings.items():
        found = row(table, name).rating
        assert found.mu == pytest.approx(expected.mu, abs=1e-12)
        assert found.sigma == pytest.approx(expected.sigma, abs=1e-12)
        assert found.ordinal == pytest.approx(expected.ordinal(), abs=1e-12)
    assert [match.day for match in table.rated] == [
        date(2026, 1, 5), date(2026, 1, 12), date(2026, 1, 19)]
    assert [step.match for step in row(table, "Carla").history] == [1, 2, 3]


def test_a_team_match_rates_the_pairs_as_openskill_teams() -> None:
    teams = (TeamResult(name="North", players=("Anna", "Carla"), total=120),
             TeamResult(name="South", players=("Bruno", "Dario"), total=90))
    table = table_of(game(["Anna", "Bruno", "Carla", "Dario"], winner="South", teams=teams))
    model = PlackettLuce()
    [[bruno, dario], [anna, carla]] = model.rate([[model.rating(), model.rating()],
                                                  [model.rating(), model.rating()]],
                                                 ranks=[1.0, 2.0])
    for name, expected in (("Bruno", bruno), ("Dario", dario), ("Anna", anna),
                           ("Carla", carla)):
        assert row(table, name).rating.mu == pytest.approx(expected.mu)
        assert row(table, name).rating.sigma == pytest.approx(expected.sigma)
    assert row(table, "Bruno").stats.wins == row(table, "Dario").stats.wins == 1
    assert [entry.name for entry in table.players[:2]] == ["Bruno", "Dario"]


def test_a_match_without_a_date_keeps_its_place_after_the_one_before_it() -> None:
    late = game(["Anna", "Bruno"], winner="Anna", day="2026-03-01", index=1)
    undated = game(["Anna", "Bruno"], winner="Bruno", index=2)
    early = game(["Anna", "Bruno"], winner="Bruno", day="2026-02-01", index=3)
    table = table_of(late, undated, early)
    assert [match.game for match in table.rated] == [3, 1, 2]


@pytest.mark.parametrize(("text", "day"), [("2026-11-12", date(2026, 11, 12)),
                                           ("2026.11.12", date(2026, 11, 12)),
                                           ("2026/1/2", date(2026, 1, 2)),
                                           ("2026.??.??", None), ("2026-02-30", None),
                                           ("12 November", None)])
def test_dates_are_read_as_iso_or_pgn_writes_them(text: str, day: date | None) -> None:
    assert parse_date(text) == day


# --- what counts ----------------------------------------------------------------------


def test_a_match_with_violations_is_left_out_and_counted_apart() -> None:
    clean = game(["Anna", "Bruno"], winner="Anna", eliminated=[("Bruno", 2)])
    faulty = game(["Anna", "Bruno", "Carla"], winner="Carla", violations=[VIOLATION], index=2)
    table = table_of(clean, faulty)
    assert table.matches == 1 and [entry.name for entry in table.players] == ["Anna", "Bruno"]
    [left] = table.left_out
    assert (left.reason, left.game, left.detail) == (Reason.VIOLATIONS, 2, "T004 at line 19")

    taken = table_of(clean, faulty, include_violations=True)
    assert taken.matches == 2 and not taken.left_out
    assert row(taken, "Carla").stats.wins == 1


def test_a_match_not_over_counts_its_hands_but_not_its_result() -> None:
    hands = [hand(1, {"Anna": 0, "Bruno": 30}, closer="Anna", openings={"Anna": 1,
                                                                     "Bruno": 4}),
             hand(2, {"Anna": 0, "Bruno": 0}, closing=Closing.UNFINISHED)]
    table = table_of(game(["Anna", "Bruno"], hands=hands, finished=False))
    anna, bruno = row(table, "Anna"), row(table, "Bruno")
    assert (table.matches, table.in_progress, table.rated) == (1, 1, ())
    assert (anna.stats.matches, anna.stats.unfinished, anna.stats.hands) == (0, 1, 1)
    assert (anna.stats.closes, bruno.stats.penalty_total, bruno.stats.opening_turns) == (1, 30, 4)
    assert anna.rating == bruno.rating and anna.history == ()


def test_the_statistics_of_a_player() -> None:
    hands = [hand(1, {"Anna": 0, "Bruno": 40}, closer="Anna", closing=Closing.IN_ONE_GO,
                  openings={"Anna": 3}),
             hand(2, {"Anna": 25, "Bruno": 0}, closer="Bruno", openings={"Anna": 2,
                                                                         "Bruno": 5}),
             hand(3, {"Anna": 0, "Bruno": 0}, closing=Closing.VOID, openings={"Anna": 4})]
    stats = row(table_of(game(["Anna", "Bruno"], winner="Anna", hands=hands,
                              eliminated=[("Bruno", 3)])), "Anna").stats
    assert (stats.matches, stats.wins, stats.win_share) == (1, 1, 1.0)
    assert (stats.hands, stats.closes, stats.closes_in_one_go) == (3, 1, 1)
    assert stats.average_penalty == pytest.approx(25 / 3)
    assert (stats.openings, stats.average_opening_turn, stats.eliminations) == (3, 3.0, 0)


def test_rules_that_differ_are_reported_and_rules_restricts_the_table() -> None:
    fifty = {"jokers": "4", "opening_points": "50"}
    classic = game(["Anna", "Bruno"], winner="Anna")
    other = game(["Anna", "Carla"], winner="Carla", rules=fifty, index=2)
    mixed = table_of(classic, other)
    assert len(mixed.rule_sets) == 2 and mixed.matches == 2
    only = table_of(classic, other, rules=fifty, rules_name="scala50")
    assert only.matches == 1 and "Bruno" not in {entry.name for entry in only.players}
    [left] = only.left_out
    assert (left.reason, left.detail) == (Reason.OTHER_RULES, "not played under scala50")


def test_since_leaves_out_the_matches_before_it_and_those_without_a_date() -> None:
    table = table_of(game(["Anna", "Bruno"], winner="Anna", day="2026-01-31"),
                     game(["Anna", "Bruno"], winner="Bruno", day="2026-02-01", index=2),
                     game(["Anna", "Bruno"], winner="Bruno", index=3),
                     since=date(2026, 2, 1))
    assert table.matches == 1
    assert [entry.reason for entry in table.left_out] == [Reason.BEFORE_SINCE,
                                                          Reason.UNDATED]


def test_a_file_error_is_listed_with_the_matches_left_out() -> None:
    error = Problem(code=Code.SYNTAX_ERROR, message="unknown verb 'discards'", line=14,
                    column=7, context="Anna discards 5H")
    table = season_table([FileError("bad.s40", error), FileEnd("bad.s40")], Choice())
    [left] = table.left_out
    assert (left.reason, left.game, left.line) == (Reason.FILE_ERROR, None, 14)
    assert table.left_out_for(Reason.FILE_ERROR) == 1


# --- names ----------------------------------------------------------------------------


def test_two_spellings_of_one_name_are_one_player() -> None:
    composed, decomposed = "Jos\u00e9", "Jose\u0301"
    table = table_of(game([composed, "Bruno"], winner=composed),
                     game([decomposed, "Bruno"], winner="Bruno", index=2))
    assert [entry.name for entry in table.players].count(composed) == 1
    assert row(table, composed).stats.matches == 2
    assert table.name_warnings == ()


def test_a_name_that_only_looks_like_another_is_reported_never_merged() -> None:
    cyrillic = "\u0410nna"  # a Cyrillic capital A
    table = table_of(game(["Anna", "Bruno"], winner="Anna"),
                     game([cyrillic, "Bruno"], winner=cyrillic, index=2))
    assert {entry.name for entry in table.players} == {"Anna", cyrillic, "Bruno"}
    [warning] = table.name_warnings
    assert warning.code == "G009" and set(warning.names) == {"Anna", cyrillic}
    assert "U+0410 CYRILLIC CAPITAL LETTER A looks like a Latin letter" in warning.message


def test_the_markdown_lists_at_most_fifty_matches_left_out() -> None:
    """A job summary over 1 MiB is dropped whole by GitHub."""
    from scala40cli.season.markdown import MAX_LISTED, standings_markdown

    faulty = [game(["Anna", "Bruno"], violations=[VIOLATION], index=n) for n in range(1, 61)]
    text = standings_markdown(table_of(*faulty))
    assert text.count("violations: T004 at line 19") == MAX_LISTED == 50
    assert text.rstrip().endswith("- and 10 more (the text and JSON outputs list them all)")
