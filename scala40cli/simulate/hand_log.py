"""The log of a hand being played, and the same moves as every player saw them.

:class:`HandLog` is where the simulator's table writes each move of a hand: to the
match's events (the log, every card in it) and to :attr:`HandLog.seen`, what everybody
at the table saw of it, which each :class:`~scala40cli.simulate.view.PlayerView` carries
(``seen``) and an outside program is told as its ``events``: a draw without its card,
which only its drawer sees; everything else as the log writes it.
"""

from __future__ import annotations

from scala40cli.reading.events import Draw, Event
from scala40cli.simulate.moves import at


class HandLog:
    """The moves of one hand: in the match's log and as seen (see the module docstring)."""

    def __init__(self, events: list[Event]) -> None:
        #: The match's events (shared with the match: a hand appends to them).
        self.events = events
        self.seen: list[Event] = []
        #: ``seen`` as the last view got it (None: to be made again).
        self._shown: tuple[Event, ...] | None = ()

    def emit(self, event: Event) -> None:
        """One move of the hand, in the log and as seen."""
        self.events.append(event)
        if isinstance(event, Draw):
            event = Draw(player=event.player, card=None, **at())
        self.seen.append(event)

    def marks(self) -> tuple[int, int]:
        """Where the log and the moves seen are now (for :meth:`undo`)."""
        return len(self.events), len(self.seen)

    def undo(self, marks: tuple[int, int]) -> None:
        """The moves made since ``marks`` leave the log: they are undone."""
        del self.events[marks[0]:]
        del self.seen[marks[1]:]
        self._shown = None

    def shown(self) -> tuple[Event, ...]:
        """The moves seen so far, as an immutable tuple (made once between moves)."""
        shown = self._shown
        if shown is None or len(shown) != len(self.seen):
            shown = self._shown = tuple(self.seen)
        return shown


__all__ = ["HandLog"]
