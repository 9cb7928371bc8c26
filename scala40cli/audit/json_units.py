"""Judging the games of a JSON Lines log, or of events given decoded: read by
:mod:`scala40cli.reading.json_games`, judged as a ``.s40`` log's games are, and told in
JSON terms.

The reading gives the games and the problems of its objects; each game is replayed
under each rule choice, the violations a comment accepts (``"comment": "; scala40:
ignore T004"``) move to ``ignored``, and every problem gets the index of its event
among the log's objects (:attr:`~scala40cli.model.results.Problem.event`), which a
server that holds its events in a list reads directly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Sequence

from scala40cli.audit.ignores import accept_inline, comment_ignores
from scala40cli.judging.match.referee import replay
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.results import GameResult, Problem
from scala40cli.reading.events import GameLog
from scala40cli.reading.json_games import JsonChunk, JsonRead, event_index, read_chunk, read_values

Item = GameResult | Problem
Choices = tuple[RuleChoice | None, ...]
#: How a chunk's items are put in order (``pipeline.in_line_order``).
Order = Callable[[list[Item]], list[Item]]


def judge_read(read: JsonRead, choices: Choices, order: Order) -> tuple[list[Item], ...]:
    """The games and problems of a read chunk, judged under each rule choice, in the
    order ``order`` puts them (the pipeline's: by the line of their first problem)."""
    accepted = comment_ignores(read.comments)
    return tuple(order([_placed(accept_inline(replay(item, choice), accepted), read)
                        if isinstance(item, GameLog) else _problem_placed(item, read)
                        for item in read.items]) for choice in choices)


def judge_json_chunk(unit: JsonChunk, choices: Choices, order: Order
                     ) -> tuple[list[Item], ...]:
    """:func:`judge_read` of a chunk of a JSON Lines log, read here."""
    return judge_read(read_chunk(unit), choices, order)


def judge_values(values: Iterable[object], choice: RuleChoice | None, order: Order
                 ) -> Iterator[list[Item]]:
    """The judged games of events given decoded, a game at a time."""
    for read in read_values(values):
        yield judge_read(read, (choice,), order)[0]


def _problem_placed(problem: Problem, read: JsonRead) -> Problem:
    return dataclasses.replace(problem, event=event_index(read, problem.line))


def _placed(game: GameResult, read: JsonRead) -> GameResult:
    """The game with the index of its event on each problem."""
    if not (game.violations or game.notes or game.ignored):
        return game
    return dataclasses.replace(
        game, violations=_all_placed(game.violations, read),
        notes=_all_placed(game.notes, read),
        ignored=tuple(dataclasses.replace(out, problem=_problem_placed(out.problem, read))
                      for out in game.ignored))


def _all_placed(problems: Sequence[Problem], read: JsonRead) -> tuple[Problem, ...]:
    return tuple(_problem_placed(problem, read) for problem in problems)


__all__ = ["judge_json_chunk", "judge_read", "judge_values"]
