"""Replay a game a line at a time and keep the table after each line.

:func:`step_game` drives the referee through the three steps its own replay takes
(:meth:`~scala40cli.judging.match.referee.MatchReferee.begin`, ``judge`` for each line,
``finish``) and takes a :func:`~scala40cli.viewing.snapshot.snapshot` between two
lines. The ordinary replay (``replay``, the audit) never comes here, so it pays
nothing for the viewer; the result of a stepped game is the same as a replayed one's.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from scala40cli.judging.hands.deal import game_deck
from scala40cli.judging.match.referee import MatchReferee
from scala40cli.judging.rulebook.rules import RuleChoice
from scala40cli.model.results import GameResult, Problem
from scala40cli.reading.events import GameLog, HandStart, Meld
from scala40cli.viewing.snapshot import TableView, snapshot


@dataclass(frozen=True, slots=True)
class Step:
    """The table after the line ``line`` (an event's line; the game's first line for
    the table before any event)."""

    line: int
    view: TableView


@dataclass(frozen=True, slots=True)
class SteppedGame:
    """A game judged a line at a time: its result and the table after each line."""

    game: GameLog
    result: GameResult
    steps: tuple[Step, ...]
    #: The last line of the game in its file (its last event; a comment after it is
    #: still the game's until the next game's first line).
    last_line: int

    def index_at(self, line: int) -> int:
        """The index in :attr:`steps` of the table after ``line``: the last step on or
        before it."""
        return max(bisect_right([s.line for s in self.steps], line) - 1, 0)

    def at(self, line: int) -> Step:
        return self.steps[self.index_at(line)]

    def before(self, line: int) -> Step | None:
        """The table before the event on ``line`` (None when no event is on it)."""
        index = self.index_at(line)
        if self.steps[index].line != line or index == 0:
            return None
        return self.steps[index - 1]

    def problems_to(self, line: int) -> tuple[list[Problem], list[Problem]]:
        """The game's violations and notes on the lines up to ``line``."""
        return ([p for p in self.result.violations if p.line <= line],
                [p for p in self.result.notes if p.line <= line])


def step_game(game: GameLog, choice: RuleChoice | None = None) -> SteppedGame:
    """Judge ``game`` as :func:`~scala40cli.judging.match.referee.replay` does, keeping the
    table after each of its lines."""
    referee = MatchReferee(game, choice)
    tags = referee.begin()
    deck_size = sum(game_deck(referee.rules).values())
    laid: dict[int, tuple[str, ...]] = {}
    steps = [Step(game.line, snapshot(referee, laid, deck_size))]
    for index, written in enumerate(referee.body):
        hand = referee.hand
        melds_before = len(hand.table) if hand is not None else 0
        if not referee.judge(index, written):
            break
        if isinstance(written, HandStart) or referee.hand is not hand:
            laid = {}
        hand = referee.hand
        if isinstance(written, Meld) and hand is not None and len(hand.table) > melds_before:
            laid[len(hand.table) - 1] = tuple(tc.code for tc in written.cards)
        view = snapshot(referee, laid, deck_size)
        if steps[-1].line == written.line:
            steps[-1] = Step(written.line, view)
        else:
            steps.append(Step(written.line, view))
    result = referee.finish(tags)
    return SteppedGame(game, result, tuple(steps), max(game.last_line, steps[-1].line))
