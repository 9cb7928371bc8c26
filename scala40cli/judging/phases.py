"""What may happen when in a hand: its phases and the one table of events each allows.

A hand is dealt (``SETUP``), played (``PLAY``) and over (``ENDED``). Every event of a
hand is a line of the deal or a line of play; :data:`STEPS` says, for each phase and
each kind of line, what the referee does with it before judging it. The hand
referee's gate (:meth:`~scala40cli.judging.hand.HandReferee.gate`) reads this table and
nothing else, so an out-of-place line is found in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from types import MappingProxyType

from scala40cli.reading.events import Deal, Dealer, Event, Stock, Upcard


class Phase(Enum):
    SETUP = "setup"
    PLAY = "play"
    ENDED = "ended"


class Kind(Enum):
    """The two kinds of lines of a hand."""

    DEAL = "deal"  # dealer, deal, upcard, stock
    PLAY = "play"  # draw, take, meld, attach, swap, discard, buy, reshuffle


class Step(Enum):
    """What the gate does with a line before it is judged."""

    #: Judge the line.
    JUDGE = "judge"
    #: The first line of play: close the deal and set the table, then judge the line.
    START_PLAY = "start play"
    #: A deal line once play has started: reported (T006) and ignored.
    OUT_OF_PLACE = "out of place"
    #: Any line after the hand ended: the first one is reported (T007), all ignored.
    AFTER_END = "after end"


#: The phase -> allowed events table.
STEPS: Mapping[tuple[Phase, Kind], Step] = MappingProxyType({
    (Phase.SETUP, Kind.DEAL): Step.JUDGE,
    (Phase.SETUP, Kind.PLAY): Step.START_PLAY,
    (Phase.PLAY, Kind.DEAL): Step.OUT_OF_PLACE,
    (Phase.PLAY, Kind.PLAY): Step.JUDGE,
    (Phase.ENDED, Kind.DEAL): Step.AFTER_END,
    (Phase.ENDED, Kind.PLAY): Step.AFTER_END,
})

DEAL_EVENTS = (Dealer, Deal, Upcard, Stock)


def kind_of(event: Event) -> Kind:
    """Whether a hand event is a line of the deal or of play."""
    return Kind.DEAL if isinstance(event, DEAL_EVENTS) else Kind.PLAY


def steps_by_type(types: Iterable[type[Event]]) -> dict[Phase, dict[type[Event], Step]]:
    """:data:`STEPS` for each type of event, for a lookup by ``type(event)`` (the
    referee's fast path: the same table, read without classifying the event)."""
    return {phase: {kind: STEPS[phase, Kind.DEAL if issubclass(kind, DEAL_EVENTS)
                                else Kind.PLAY] for kind in types}
            for phase in Phase}
