"""What a bot plays in a turn: the plays the planner chooses and the engine carries out.

A :class:`TurnPlan` is the plays of one turn (melds, attaches, joker swaps), in order,
and the card discarded to end it. Whether each play is legal is for the judging core's
``verify_*`` functions to say, asked by the planner while it plans and by the engine
again when it carries the plan out.
"""

from __future__ import annotations

from dataclasses import dataclass

from scala40cli.model.cards import Card
from scala40cli.reading.events import TableCard


@dataclass(frozen=True, slots=True)
class MeldPlay:
    """A new meld laid from the hand."""

    cards: tuple[TableCard, ...]


@dataclass(frozen=True, slots=True)
class AttachPlay:
    """Cards of the hand attached to a table meld."""

    cards: tuple[TableCard, ...]
    #: The meld's number on the table (1-based, as in the log).
    meld: int


@dataclass(frozen=True, slots=True)
class SwapPlay:
    """A natural card of the hand given for the joker of a table meld."""

    card: Card
    meld: int


Play = MeldPlay | AttachPlay | SwapPlay


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """The plays of a turn and its discard (None: the hand closes by laying down, or a
    buy, which ends without a discard). ``forced`` marks a discard the rules forbid,
    made because no legal one was left."""

    plays: tuple[Play, ...]
    discard: Card | None
    forced: bool = False


__all__ = ["AttachPlay", "MeldPlay", "Play", "SwapPlay", "TurnPlan"]
