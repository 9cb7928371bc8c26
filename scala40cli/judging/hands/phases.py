"""What may happen when: the phases of a hand, the one table of what each allows, the gate.

A hand is dealt (``SETUP``), played (``PLAY``) and over (``ENDED``); before the first
``hand`` line of a game there is no hand at all (``NO_HAND``). Every line of a game is
of one :class:`Kind` (:data:`KINDS`, the one table that says what each event is), and
:data:`STEPS` says, for each phase and kind, what happens to the line before it is
judged: judged as it is, judged once the phase has moved on (the first line of play
closes the deal, a score line ends a hand), or refused as out of place.

:func:`gate` reads that table and nothing else, and it alone reports a line out of
place (``T006``): the handlers of the moves never ask which phase it is. It alone, too,
turns away the lines of a hand that is over (``T005``, the first one reported through
:meth:`Moment.after_end`). A line that shows the hand over only once it is judged (a
reshuffle, or the next player's line after a buy, when the stock is spent for good,
D16) has its handler end the hand; the hand referee then puts that line through the
gate once more, which turns it away. The hand referee puts every line of its hand
through the gate, the match referee the lines that come before any hand and the
``score`` lines (decisions D25 and D28 of ``docs/decisions.md``: a score line before
its hand ended).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Final, Protocol

from scala40cli.judging.tabletop.findings import Finding, Flag
from scala40cli.model.results import Problem
from scala40cli.model.violations import Code
from scala40cli.reading.events import (
    Attach,
    Buy,
    Deal,
    Dealer,
    Discard,
    Draw,
    Event,
    HandStart,
    Meld,
    Reshuffle,
    Score,
    Stock,
    Swap,
    Take,
    Unparsed,
    Upcard,
)

#: Members are singletons, so identity is their hash: ``Enum.__hash__`` hashes the
#: member's name in Python code, once for every line the gate looks up.
_IDENTITY_HASH = object.__hash__


class Phase(Enum):
    __hash__ = _IDENTITY_HASH

    NO_HAND = "no hand"  # before the first hand line of the game
    SETUP = "setup"
    PLAY = "play"
    ENDED = "ended"


class Kind(Enum):
    """What a line of a game is, as far as the question "may it come now?" goes."""

    __hash__ = _IDENTITY_HASH

    HAND = "hand"  # a hand line: it opens the next hand
    UNREADABLE = "unreadable"  # a line the parser could not read
    DEALER = "dealer"
    DEAL = "deal"
    UPCARD = "upcard"
    STOCK = "stock"
    TURN = "turn"  # draw, take, meld, attach, swap, buy, reshuffle
    DISCARD = "discard"
    SCORE = "score"


#: Every event of a game's body, by type: what it is (the one routing table).
KINDS: Final[Mapping[type[Event], Kind]] = MappingProxyType({
    HandStart: Kind.HAND, Unparsed: Kind.UNREADABLE,
    Dealer: Kind.DEALER, Deal: Kind.DEAL, Upcard: Kind.UPCARD, Stock: Kind.STOCK,
    Draw: Kind.TURN, Take: Kind.TURN, Meld: Kind.TURN, Attach: Kind.TURN, Swap: Kind.TURN,
    Buy: Kind.TURN, Reshuffle: Kind.TURN, Discard: Kind.DISCARD, Score: Kind.SCORE,
})
#: The lines of the deal, and the lines of play.
DEAL_KINDS: Final = frozenset({Kind.DEALER, Kind.DEAL, Kind.UPCARD, Kind.STOCK})
PLAY_KINDS: Final = frozenset({Kind.TURN, Kind.DISCARD})
DEAL_EVENTS: Final = tuple(kind for kind, what in KINDS.items() if what in DEAL_KINDS)


class Step(Enum):
    """What the gate does with a line before it is judged."""

    __hash__ = _IDENTITY_HASH

    #: Judge the line.
    JUDGE = "judge"
    #: The first line of play: close the deal and set the table, then judge the line.
    START_PLAY = "start play"
    #: A dealer, upcard or stock line: a deal has one (a second upcard only after a
    #: joker turned up and returned); another is out of place and ignored.
    ONCE = "once"
    #: A discard: out of place in a buy's turn, which ends without one.
    NOT_IN_A_BUY = "not in a buy"
    #: A line of the deal once play has started: out of place and ignored.
    AFTER_PLAY_STARTED = "after play started"
    #: A line of a hand before any hand line: out of place and ignored.
    BEFORE_FIRST_HAND = "before the first hand"
    #: Any line of a hand after it ended: the first one is reported (T005), all ignored.
    AFTER_END = "after end"
    #: A score line where the hand's deal is all there is: it ends that score-only
    #: hand; where the deal is written, it comes before the hand ended (EARLY_SCORE).
    SCORE_ONLY = "score only"
    #: A score line before the hand ended: out of place; after a reported problem the
    #: referee may have lost the hand's end, and the score line then ends it (D28).
    EARLY_SCORE = "early score"
    #: A score line after the hand ended: the first one is judged, a second refused.
    ONE_SCORE = "one score"


#: The phase -> allowed events table.
STEPS: Final[Mapping[tuple[Phase, Kind], Step]] = MappingProxyType({
    **{(phase, Kind.HAND): Step.JUDGE for phase in Phase},
    **{(phase, Kind.UNREADABLE): Step.JUDGE for phase in Phase},
    **{(Phase.NO_HAND, kind): Step.BEFORE_FIRST_HAND for kind in DEAL_KINDS | PLAY_KINDS},
    (Phase.NO_HAND, Kind.SCORE): Step.EARLY_SCORE,
    (Phase.SETUP, Kind.DEALER): Step.ONCE,
    (Phase.SETUP, Kind.DEAL): Step.JUDGE,
    (Phase.SETUP, Kind.UPCARD): Step.ONCE,
    (Phase.SETUP, Kind.STOCK): Step.ONCE,
    (Phase.SETUP, Kind.TURN): Step.START_PLAY,
    (Phase.SETUP, Kind.DISCARD): Step.START_PLAY,
    (Phase.SETUP, Kind.SCORE): Step.SCORE_ONLY,
    **{(Phase.PLAY, kind): Step.AFTER_PLAY_STARTED for kind in DEAL_KINDS},
    (Phase.PLAY, Kind.TURN): Step.JUDGE,
    (Phase.PLAY, Kind.DISCARD): Step.NOT_IN_A_BUY,
    (Phase.PLAY, Kind.SCORE): Step.EARLY_SCORE,
    **{(Phase.ENDED, kind): Step.AFTER_END for kind in DEAL_KINDS | PLAY_KINDS},
    (Phase.ENDED, Kind.SCORE): Step.ONE_SCORE,
})

#: What a deal line written twice is, in a message.
_SECOND: Final = MappingProxyType({
    Kind.DEALER: "a second dealer line",
    Kind.UPCARD: "a second upcard, where no joker was turned up",
    Kind.STOCK: "a second stock line",
})


class Moment(Protocol):
    """What the gate asks of a hand, and the moves from phase to phase it makes."""

    @property
    def phase(self) -> Phase: ...

    def dealing(self) -> bool:
        """The deal is being written and lacks a player's cards or the upcard."""

    def deal_follows(self) -> bool:
        """A line of the deal comes later in the hand than the line at the gate."""

    def deal_has(self, kind: Kind) -> bool:
        """The deal already has its one line of ``kind`` (dealer, upcard, stock)."""

    def start_play(self) -> Stock | None:
        """Close the deal and set the table; the stock line the deal could not use,
        written beside unknown cards (``?``), which has no place in such a log."""

    def attribute(self, event: Event) -> Event:
        """The line as the most likely table reads it: who made it (D28)."""

    def buying(self, player: str) -> bool:
        """``player`` bought the discard out of turn and the buy's turn goes on."""

    def after_end(self, event: Event) -> None:
        """Report the first line after the end of the hand (T005); the gate alone asks."""

    def has_score(self) -> bool:
        """The hand's score line has been read."""

    def score_only(self) -> bool:
        """Nothing of the hand is written but its score line (and maybe its dealer)."""

    def doubt(self) -> Problem | None:
        """The earliest problem since which the referee's picture of the hand is uncertain."""

    def end_score_only(self, declared: dict[str, int]) -> None:
        """End a score-only hand with its declared penalties."""

    def end_as_declared(self, declared: dict[str, int], cause: Problem) -> None:
        """End the hand at its score line, its penalties taken as declared."""


def gate(hand: Moment | None, event: Event, flag: Flag) -> Event | None:
    """The one check of what may happen when: the line to judge (as attributed, once
    the phase has moved on where the table says so), or None when it is refused as out
    of place (reported here with ``flag``) or as after the end of its hand.

    ``hand`` is the hand the line falls in (None before the first hand line). A line of
    play while the deal is incomplete and more of it follows is out of place too: the
    deal is not over yet.
    """
    kind = KINDS[type(event)]
    player = event.named_player()
    if hand is None:
        step = STEPS[Phase.NO_HAND, kind]
    else:
        if kind in PLAY_KINDS and hand.dealing() and hand.deal_follows():
            flag(Finding(Code.OUT_OF_PLACE, event, "play before the deal is complete; the "
                         "line is ignored"), player)
            return None
        step = STEPS[hand.phase, kind]
    if step is Step.JUDGE or step is Step.NOT_IN_A_BUY:
        return _turn(hand, event, step, flag) if kind in PLAY_KINDS else event
    if step is Step.START_PLAY:
        assert hand is not None
        ignored = hand.start_play()
        if ignored is not None:
            flag(Finding(Code.OUT_OF_PLACE, ignored, "a log with unknown cards (?) has no stock "
                         "line; this one is ignored"), None)
        return _turn(hand, event, step, flag)
    if step is Step.ONCE:
        assert hand is not None
        if not hand.deal_has(kind):
            return event
        flag(Finding(Code.OUT_OF_PLACE, event, _SECOND[kind]), None)
    elif step is Step.AFTER_PLAY_STARTED:
        flag(Finding(Code.OUT_OF_PLACE, event, f"the {event.verb} line comes after play "
                     "started"), player)
    elif step is Step.BEFORE_FIRST_HAND:
        flag(Finding(Code.OUT_OF_PLACE, event, "an event before the first hand line"), player)
    elif step is Step.AFTER_END:
        assert hand is not None
        hand.after_end(event)
    else:
        assert isinstance(event, Score)
        return _score(hand, event, step, flag)
    return None


def _turn(hand: Moment | None, event: Event, step: Step, flag: Flag) -> Event | None:
    """A line of play, as the most likely table reads it: refused when it is the
    discard of a buy's turn (a buy ends without a discard)."""
    assert hand is not None
    event = hand.attribute(event)
    if step is Step.NOT_IN_A_BUY and isinstance(event, Discard) and hand.buying(event.player):
        flag(Finding(Code.OUT_OF_PLACE, event, "a buy ends without a discard; the line is "
                     "ignored"), event.player)
        return None
    return event


def _score(hand: Moment | None, event: Score, step: Step, flag: Flag) -> Event | None:
    """Decision D25: a hand has one score line, once it is over; D28: before its end
    it ends the hand as declared when the referee may have lost that end."""
    declared = dict(event.entries)
    if step is Step.ONE_SCORE:
        assert hand is not None
        if not hand.has_score():
            return event
        flag(Finding(Code.OUT_OF_PLACE, event, "a second score line"))
        return None
    if step is Step.SCORE_ONLY and hand is not None and hand.score_only():
        hand.end_score_only(declared)
        return event
    cause = hand.doubt() if hand is not None else None
    flag(Finding(Code.OUT_OF_PLACE, event, "a score line before the hand ended"), None, cause)
    if hand is None or cause is None:
        return None
    hand.end_as_declared(declared, cause)
    return event


def steps_by_type(types: Iterable[type[Event]]) -> dict[Phase, dict[type[Event], Step]]:
    """:data:`STEPS` for each type of event, for a lookup by ``type(event)`` (the
    referee's fast path: the same table, read without classifying the event)."""
    return {phase: {kind: STEPS[phase, KINDS[kind]] for kind in types} for phase in Phase}
