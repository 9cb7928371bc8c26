"""Who sits at a seat: a built-in bot, an outside program, or a stand-in after a forfeit.

The engine asks every seat the same three questions (take the discard? the plays of
the turn? buy the discard?), so a :class:`~scala40cli.simulate.bots.Bot` and an
:class:`~scala40cli.simulate.outside.OutsideSeat` sit alike. An outside program that
breaks the protocol raises :class:`Forfeit`: it loses the hand, and a :class:`StandIn`
plays the seat's turns to the end of that hand, drawing from the stock and discarding
(it never takes, buys, lays down nor closes), so every move of the log stays legal and
the seat pays, at the hand's end, what its cards cost under the rules
(``docs/protocol.md``).
"""

from __future__ import annotations

from typing import Protocol

from scala40cli.simulate.board import Board
from scala40cli.simulate.planner import ace_points, forced_plan
from scala40cli.simulate.plays import TurnPlan
from scala40cli.simulate.search import INDEX_OF, penalty_of, sort_key
from scala40cli.simulate.view import PlayerView


class Seat(Protocol):
    """The questions the engine asks a seat (see the module docstring)."""

    def wants_take(self, view: PlayerView) -> bool: ...

    def play(self, view: PlayerView) -> TurnPlan: ...

    def wants_buy(self, view: PlayerView) -> bool: ...


class Forfeit(Exception):
    """An outside program loses the hand: ``reason`` in words, ``code`` the violation
    code when the referee refused its move."""

    def __init__(self, reason: str, code: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class StandIn:
    """Plays a forfeited seat to the end of the hand: draw, discard the costliest card
    the rules let go (see the module docstring)."""

    def wants_take(self, view: PlayerView) -> bool:
        return False

    def wants_buy(self, view: PlayerView) -> bool:
        return False

    def play(self, view: PlayerView) -> TurnPlan:
        board = Board.of(view)
        aces = ace_points(view.rules)
        legal = [c for c in sorted(board.hand, key=sort_key) if not board.discard_refused(c)]
        if not legal:
            return forced_plan(view, lambda _board, cards: cards[-1])
        return TurnPlan((), max(legal, key=lambda c: (penalty_of(INDEX_OF[c], aces),
                                                      sort_key(c))))


__all__ = ["Forfeit", "Seat", "StandIn"]
