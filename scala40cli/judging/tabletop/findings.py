"""The one shape of a problem found by a check, from its detection to its report.

Every ``verify_*`` function of :mod:`scala40cli.judging.tabletop.verify` returns :class:`Finding`
values; the hand referee reports them (as :class:`~scala40cli.model.results.Problem`, with
the hand, the player and, for a consequence of an earlier problem, its cause), and
the simulator refuses a bot's move when a check finds anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import Event


@dataclass(frozen=True, slots=True)
class Finding:
    """A broken rule: its code, the event it is reported on, and a sentence."""

    code: Code
    event: Event
    message: str
    #: Reported only once the turn is over, when it is known whether it follows from
    #: an end-of-turn problem of the same turn (D28 of docs/decisions.md).
    held: bool = False


def said_name(name: str) -> str:
    """A player's name as a sentence shows it: as written, but a blank one as ``""``,
    which would otherwise show as nothing ("  is not a player of this game") and leave
    the reader to guess what the log wrote. The blank name can reach a sentence only as
    a name the game does not know (G003, C003): the ``[Players]`` tag refuses it."""
    return name if name else '""'


class Flag(Protocol):
    """``flag(finding, player)`` reports a finding as a violation of ``player`` and
    returns it as a :class:`~scala40cli.model.results.Problem`; with ``cause``, it
    keeps a note instead, a consequence of that earlier problem (D28)."""

    def __call__(self, finding: Finding, player: str | None = None,
                 cause: Problem | None = None) -> Problem: ...
