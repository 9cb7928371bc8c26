"""How a game's results cross to and from worker processes (``--jobs``), cheaply.

A worker pickles every result it judges and this process unpickles them, on the
critical path of a parallel run. The generic way (``audit.parallel.keep_picklable``:
a Python function reads each field by name, another calls the class with keywords)
cost about 70 us a game, more than twice the pickling of the same values as plain
tuples. Here each class of :mod:`scala40cli.model.results` that a game's result is
made of has a reducer, compiled with the rest of the judging core, that reads its
fields directly and hands pickle a maker that takes them by position.

Each reducer and maker names every field of its class: ``tests/test_result_pickling.py``
round-trips an object of each class with every field set apart from its default, so
a field added to a class and not here fails there.

Compiled, a maker stores each field straight into the new object rather than calling
the class: a frozen dataclass's ``__init__`` is the Python one ``dataclasses`` writes,
which sets each field through ``object.__setattr__`` (1.3 us a hand result, against
0.1 us), and this process unpickles every result a worker sends. A native store never
meets the frozen class's ``__setattr__``; in pure Python it would, so there (as
:data:`DIRECT` finds at import) the makers call the class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from typing import Any, Final

from scala40cli.model.results import (
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
from scala40cli.model.violations import Code

Reduced = tuple[Callable[..., Any], tuple[Any, ...]]


def _problem(code: Code, message: str, line: int, column: int, hand: int | None,
             player: str | None, context: str | None, caused_by: Problem | None,
             event: int | None = None) -> Problem:
    if not DIRECT:
        return Problem(code=code, message=message, line=line, column=column, hand=hand,
                       player=player, context=context, caused_by=caused_by, event=event)
    problem = Problem.__new__(Problem)
    problem.code = code  # type: ignore[misc]
    problem.message = message  # type: ignore[misc]
    problem.line = line  # type: ignore[misc]
    problem.column = column  # type: ignore[misc]
    problem.hand = hand  # type: ignore[misc]
    problem.player = player  # type: ignore[misc]
    problem.context = context  # type: ignore[misc]
    problem.caused_by = caused_by  # type: ignore[misc]
    problem.event = event  # type: ignore[misc]
    return problem


def reduce_problem(problem: Problem) -> Reduced:
    return _problem, (problem.code, problem.message, problem.line, problem.column,
                      problem.hand, problem.player, problem.context, problem.caused_by,
                      problem.event)


def _hand_result(number: int, line: int, dealer: str | None, closer: str | None,
                 closing: Closing, penalties: dict[str, int], declared: dict[str, int] | None,
                 totals: dict[str, int], playoff: bool, unverified: dict[str, str],
                 openings: dict[str, int]) -> HandResult:
    if not DIRECT:
        return HandResult(number=number, line=line, dealer=dealer, closer=closer,
                          closing=closing, penalties=penalties, declared=declared,
                          totals=totals, playoff=playoff, unverified=unverified,
                          openings=openings)
    hand = HandResult.__new__(HandResult)
    hand.number = number  # type: ignore[misc]
    hand.line = line  # type: ignore[misc]
    hand.dealer = dealer  # type: ignore[misc]
    hand.closer = closer  # type: ignore[misc]
    hand.closing = closing  # type: ignore[misc]
    hand.penalties = penalties  # type: ignore[misc]
    hand.declared = declared  # type: ignore[misc]
    hand.totals = totals  # type: ignore[misc]
    hand.playoff = playoff  # type: ignore[misc]
    hand.unverified = unverified  # type: ignore[misc]
    hand.openings = openings  # type: ignore[misc]
    return hand


#: A hand result's fields in order: how it travels inside its game (see reduce_game_result).
_HandRow = tuple[int, int, str | None, str | None, Closing, dict[str, int],
                 dict[str, int] | None, dict[str, int], bool, dict[str, str],
                 dict[str, int]]


def _hand_row(hand: HandResult) -> _HandRow:
    return (hand.number, hand.line, hand.dealer, hand.closer, hand.closing, hand.penalties,
            hand.declared, hand.totals, hand.playoff, hand.unverified, hand.openings)


def _hand_from(row: _HandRow) -> HandResult:
    (number, line, dealer, closer, closing, penalties, declared, totals, playoff, unverified,
     openings) = row
    return _hand_result(number, line, dealer, closer, closing, penalties, declared, totals,
                        playoff, unverified, openings)


def reduce_hand_result(hand: HandResult) -> Reduced:
    return _hand_result, _hand_row(hand)


def _elimination(player: str, hand: int) -> Elimination:
    if not DIRECT:
        return Elimination(player=player, hand=hand)
    elimination = Elimination.__new__(Elimination)
    elimination.player = player  # type: ignore[misc]
    elimination.hand = hand  # type: ignore[misc]
    return elimination


def _elimination_from(row: tuple[str, int]) -> Elimination:
    player, hand = row
    return _elimination(player, hand)


def reduce_elimination(elimination: Elimination) -> Reduced:
    return _elimination, (elimination.player, elimination.hand)


def _team_result(name: str, players: tuple[str, ...], total: int) -> TeamResult:
    if not DIRECT:
        return TeamResult(name=name, players=players, total=total)
    team = TeamResult.__new__(TeamResult)
    team.name = name  # type: ignore[misc]
    team.players = players  # type: ignore[misc]
    team.total = total  # type: ignore[misc]
    return team


def reduce_team_result(team: TeamResult) -> Reduced:
    return _team_result, (team.name, team.players, team.total)


def _tag_value(name: str, values: tuple[str, ...], line: int) -> TagValue:
    if not DIRECT:
        return TagValue(name=name, values=values, line=line)
    tag = TagValue.__new__(TagValue)
    tag.name = name  # type: ignore[misc]
    tag.values = values  # type: ignore[misc]
    tag.line = line  # type: ignore[misc]
    return tag


def _tag_from(row: tuple[str, tuple[str, ...], int]) -> TagValue:
    name, values, line = row
    return _tag_value(name, values, line)


def reduce_tag_value(tag: TagValue) -> Reduced:
    return _tag_value, (tag.name, tag.values, tag.line)


def _ignored(problem: Problem, by: IgnoredBy) -> Ignored:
    if not DIRECT:
        return Ignored(problem=problem, by=by)
    ignored = Ignored.__new__(Ignored)
    ignored.problem = problem  # type: ignore[misc]
    ignored.by = by  # type: ignore[misc]
    return ignored


def reduce_ignored(ignored: Ignored) -> Reduced:
    return _ignored, (ignored.problem, ignored.by)


def _game_result(index: int, line: int, tag_rows: tuple[tuple[str, tuple[str, ...], int], ...],
                 players: tuple[str, ...], rules: dict[str, str],
                 violations: tuple[Problem, ...], hand_rows: tuple[_HandRow, ...],
                 elimination_rows: tuple[tuple[str, int], ...], totals: dict[str, int],
                 finished: bool, winner: str | None, rule_sources: dict[str, str],
                 teams: tuple[TeamResult, ...], preset: str | None, notes: tuple[Problem, ...],
                 ignored: tuple[Ignored, ...], elimination_threshold: int | None,
                 rules_version: str | None) -> GameResult:
    tags = tuple([_tag_from(row) for row in tag_rows])
    hands = tuple([_hand_from(row) for row in hand_rows])
    eliminated = tuple([_elimination_from(row) for row in elimination_rows])
    if not DIRECT:
        return GameResult(index=index, line=line, tags=tags, players=players, rules=rules,
                          violations=violations, hands=hands, eliminated=eliminated,
                          totals=totals, finished=finished, winner=winner,
                          rule_sources=rule_sources, teams=teams, preset=preset, notes=notes,
                          ignored=ignored, elimination_threshold=elimination_threshold,
                          rules_version=rules_version)
    game = GameResult.__new__(GameResult)
    game.index = index  # type: ignore[misc]
    game.line = line  # type: ignore[misc]
    game.tags = tags  # type: ignore[misc]
    game.players = players  # type: ignore[misc]
    game.rules = rules  # type: ignore[misc]
    game.violations = violations  # type: ignore[misc]
    game.hands = hands  # type: ignore[misc]
    game.eliminated = eliminated  # type: ignore[misc]
    game.totals = totals  # type: ignore[misc]
    game.finished = finished  # type: ignore[misc]
    game.winner = winner  # type: ignore[misc]
    game.rule_sources = rule_sources  # type: ignore[misc]
    game.teams = teams  # type: ignore[misc]
    game.preset = preset  # type: ignore[misc]
    game.notes = notes  # type: ignore[misc]
    game.ignored = ignored  # type: ignore[misc]
    game.elimination_threshold = elimination_threshold  # type: ignore[misc]
    game.rules_version = rules_version  # type: ignore[misc]
    return game


def reduce_game_result(game: GameResult) -> Reduced:
    """A game with its tags, hands and eliminations as plain tuples (the commonest
    objects of a result, a dozen a game): one reducer call a game rather than one an
    object, and tuples pickle in pickle's own C code."""
    tag_rows = tuple([(tag.name, tag.values, tag.line) for tag in game.tags])
    hand_rows = tuple([_hand_row(hand) for hand in game.hands])
    elimination_rows = tuple([(out.player, out.hand) for out in game.eliminated])
    return _game_result, (game.index, game.line, tag_rows, game.players, game.rules,
                          game.violations, hand_rows, elimination_rows, game.totals,
                          game.finished, game.winner, game.rule_sources, game.teams,
                          game.preset, game.notes, game.ignored, game.elimination_threshold,
                          game.rules_version)


def _stores_directly() -> bool:
    """Whether a maker may store the fields of a new object itself (see the module's
    docstring): compiled, it can; in pure Python the frozen class refuses."""
    probe = Elimination.__new__(Elimination)
    try:
        probe.player = "-"  # type: ignore[misc]
    except FrozenInstanceError:
        return False
    return probe.player == "-"


#: Whether the makers store fields themselves rather than call the class.
DIRECT: Final = _stores_directly()


#: For ``copyreg.dispatch_table``: the reducer of each class a game's result holds.
REDUCERS: dict[type, Callable[[Any], Reduced]] = {
    Problem: reduce_problem, HandResult: reduce_hand_result, Elimination: reduce_elimination,
    TeamResult: reduce_team_result, TagValue: reduce_tag_value, Ignored: reduce_ignored,
    GameResult: reduce_game_result,
}
