"""How a game's results cross to and from worker processes (``--jobs``), cheaply.

A worker pickles every result it judges and this process unpickles them, on the
critical path of a parallel run. The generic way (``audit.parallel.keep_picklable``:
a Python function reads each field by name, another calls the class with keywords)
cost about 70 us a game, more than twice the pickling of the same values as plain
tuples. Here each class of :mod:`scala40cli.judging.results` that a game's result is
made of has a reducer, compiled with the rest of the judging core, that reads its
fields directly and hands pickle a maker that takes them by position.

Each reducer and maker names every field of its class: ``tests/test_result_pickling.py``
round-trips an object of each class with every field set apart from its default, so
a field added to a class and not here fails there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scala40cli.judging.results import (
    Closing,
    Elimination,
    GameResult,
    HandResult,
    Ignored,
    IgnoredBy,
    Problem,
    TagValue,
    TeamResult,
)
from scala40cli.judging.violations import Code

Reduced = tuple[Callable[..., Any], tuple[Any, ...]]


def _problem(code: Code, message: str, line: int, column: int, hand: int | None,
             player: str | None, context: str | None, caused_by: Problem | None) -> Problem:
    return Problem(code=code, message=message, line=line, column=column, hand=hand,
                   player=player, context=context, caused_by=caused_by)


def reduce_problem(problem: Problem) -> Reduced:
    return _problem, (problem.code, problem.message, problem.line, problem.column,
                      problem.hand, problem.player, problem.context, problem.caused_by)


def _hand_result(number: int, line: int, dealer: str | None, closer: str | None,
                 closing: Closing, penalties: dict[str, int], declared: dict[str, int] | None,
                 totals: dict[str, int], playoff: bool, unverified: dict[str, str]
                 ) -> HandResult:
    return HandResult(number=number, line=line, dealer=dealer, closer=closer, closing=closing,
                      penalties=penalties, declared=declared, totals=totals, playoff=playoff,
                      unverified=unverified)


def reduce_hand_result(hand: HandResult) -> Reduced:
    return _hand_result, (hand.number, hand.line, hand.dealer, hand.closer, hand.closing,
                          hand.penalties, hand.declared, hand.totals, hand.playoff,
                          hand.unverified)


def _elimination(player: str, hand: int) -> Elimination:
    return Elimination(player=player, hand=hand)


def reduce_elimination(elimination: Elimination) -> Reduced:
    return _elimination, (elimination.player, elimination.hand)


def _team_result(name: str, players: tuple[str, ...], total: int) -> TeamResult:
    return TeamResult(name=name, players=players, total=total)


def reduce_team_result(team: TeamResult) -> Reduced:
    return _team_result, (team.name, team.players, team.total)


def _tag_value(name: str, values: tuple[str, ...], line: int) -> TagValue:
    return TagValue(name=name, values=values, line=line)


def reduce_tag_value(tag: TagValue) -> Reduced:
    return _tag_value, (tag.name, tag.values, tag.line)


def _ignored(problem: Problem, by: IgnoredBy) -> Ignored:
    return Ignored(problem=problem, by=by)


def reduce_ignored(ignored: Ignored) -> Reduced:
    return _ignored, (ignored.problem, ignored.by)


def _game_result(index: int, line: int, tags: tuple[TagValue, ...], players: tuple[str, ...],
                 rules: dict[str, str], violations: tuple[Problem, ...],
                 hands: tuple[HandResult, ...], eliminated: tuple[Elimination, ...],
                 totals: dict[str, int], finished: bool, winner: str | None,
                 rule_sources: dict[str, str], teams: tuple[TeamResult, ...],
                 preset: str | None, notes: tuple[Problem, ...], ignored: tuple[Ignored, ...],
                 elimination_threshold: int | None) -> GameResult:
    return GameResult(index=index, line=line, tags=tags, players=players, rules=rules,
                      violations=violations, hands=hands, eliminated=eliminated,
                      totals=totals, finished=finished, winner=winner,
                      rule_sources=rule_sources, teams=teams, preset=preset, notes=notes,
                      ignored=ignored, elimination_threshold=elimination_threshold)


def reduce_game_result(game: GameResult) -> Reduced:
    return _game_result, (game.index, game.line, game.tags, game.players, game.rules,
                          game.violations, game.hands, game.eliminated, game.totals,
                          game.finished, game.winner, game.rule_sources, game.teams,
                          game.preset, game.notes, game.ignored, game.elimination_threshold)


#: For ``copyreg.dispatch_table``: the reducer of each class a game's result holds.
REDUCERS: dict[type, Callable[[Any], Reduced]] = {
    Problem: reduce_problem, HandResult: reduce_hand_result, Elimination: reduce_elimination,
    TeamResult: reduce_team_result, TagValue: reduce_tag_value, Ignored: reduce_ignored,
    GameResult: reduce_game_result,
}
