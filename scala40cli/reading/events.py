"""Typed events of a game log: what the parser produces and the referee replays.

Every event is a slotted, keyword-only dataclass carrying the ``line`` and ``column``
(both 1-based) of the line it came from, so that every problem can be pointed at.
Events say what the log *claims* happened; judging them is the referee's job, so
nothing here checks a rule.

Events are values: equal when their class and fields are, hashable, and read-only.
Read-only is a contract checked by the type checker (``mypy`` sees frozen classes, see
:mod:`scala40cli.reading.eventclass`), not at run time: a frozen dataclass sets each field
through ``object.__setattr__`` and cost about three times as much to build, and a log
has an event a line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from scala40cli.judging.cards import Card
from scala40cli.reading.eventclass import event_class

#: How many cards ``deal P ?`` stands for: a whole deal, unknown.
DEAL_SIZE = 13


@event_class
class Event:
    """Base of every log line that means something."""

    verb: ClassVar[str] = "event"
    line: int
    column: int


@dataclass(frozen=True, slots=True)
class TableCard:
    """A card as written inside a meld: a joker may declare the card it stands for."""

    card: Card
    stands_for: Card | None = None

    @property
    def code(self) -> str:
        if self.stands_for is None:
            return self.card.code
        return f"{self.card.code}({self.stands_for.code})"


# --- header ---------------------------------------------------------------------------


@event_class
class Tag(Event):
    """A header tag: ``[Name "value" ...]``. A new game starts with its first tag."""

    verb: ClassVar[str] = "tag"
    name: str
    values: tuple[str, ...]


# --- the deal -------------------------------------------------------------------------


@event_class
class HandStart(Event):
    """``hand N``: hand N of the match begins."""

    verb: ClassVar[str] = "hand"
    number: int


@event_class
class Dealer(Event):
    """``dealer P``."""

    verb: ClassVar[str] = "dealer"
    player: str


@event_class
class Deal(Event):
    """``deal P c1 ... c13``: the cards dealt to one player; None is a card the log does
    not know (``?``, format 1.1; ``deal P ?`` is thirteen of them)."""

    verb: ClassVar[str] = "deal"
    player: str
    cards: tuple[Card | None, ...]


@event_class
class Upcard(Event):
    """``upcard C``: the card turned face up to start the discard pile."""

    verb: ClassVar[str] = "upcard"
    card: Card


@event_class
class Stock(Event):
    """``stock c1 c2 ...``: the whole stock, top card first (optional)."""

    verb: ClassVar[str] = "stock"
    cards: tuple[Card, ...]


# --- turns ----------------------------------------------------------------------------


@event_class
class PlayerEvent(Event):
    """An event made by a player; ``player`` is the name as written."""

    player: str


@event_class
class Draw(PlayerEvent):
    """``P draw C``: the top card of the stock; ``card`` None for ``P draw ?``, a card
    the log does not know (format 1.1)."""

    verb: ClassVar[str] = "draw"
    card: Card | None


@event_class
class Take(PlayerEvent):
    """``P take [C]``: the top card of the discard pile; ``card`` None when omitted."""

    verb: ClassVar[str] = "take"
    card: Card | None


@event_class
class Meld(PlayerEvent):
    """``P meld c1 c2 c3 ...``: a new combination laid down from the hand."""

    verb: ClassVar[str] = "meld"
    cards: tuple[TableCard, ...]


@event_class
class Attach(PlayerEvent):
    """``P attach c ... to N``: cards of the hand added to meld N."""

    verb: ClassVar[str] = "attach"
    cards: tuple[TableCard, ...]
    meld: int


@event_class
class Swap(PlayerEvent):
    """``P swap C in N``: C replaces the joker of meld N; the joker goes to the hand."""

    verb: ClassVar[str] = "swap"
    card: Card
    meld: int


@event_class
class Discard(PlayerEvent):
    """``P discard C``: ends the turn; discarding the last card closes the hand."""

    verb: ClassVar[str] = "discard"
    card: Card


@event_class
class Buy(PlayerEvent):
    """``P buy C``: with compra, the discard bought out of turn (then one extra draw,
    and the card laid down at once)."""

    verb: ClassVar[str] = "buy"
    card: Card


#: The lines a player writes: every subclass of :class:`PlayerEvent`. Code compiled by
#: mypyc asks ``isinstance(event, PLAYER_EVENTS)``, never ``isinstance(event,
#: PlayerEvent)``: the event classes are made by a Python decorator, and compiled, an
#: isinstance against their base class is always False (against the classes themselves
#: it holds). ``tests/test_layout.py`` keeps compiled modules off the base classes.
PLAYER_EVENTS = (Draw, Take, Meld, Attach, Swap, Discard, Buy)


@event_class
class Reshuffle(Event):
    """``reshuffle``: the discard pile but its top card becomes the new stock."""

    verb: ClassVar[str] = "reshuffle"


@event_class
class Score(Event):
    """``score P n P n ...``: penalties as written down at the table for the hand."""

    verb: ClassVar[str] = "score"
    entries: tuple[tuple[str, int], ...]


@event_class
class Unparsed(Event):
    """Marks a line the parser could not read (``end_line`` is ``line``, but for a
    hand cut at the limit of events, where it marks the lines not read).

    The parse error itself is reported by the parser; the marker tells the referee
    that the hand it falls in is judged without that line. ``starts_hand`` says
    the unreadable line was itself a ``hand`` line (``hand two``): a hand was there,
    and the next hand's number and dealer are judged with it counted.
    """

    verb: ClassVar[str] = "unparsed"
    end_line: int
    starts_hand: bool = False
    #: The marker stands for the rest of a hand over the limit of events: that hand
    #: is not judged further.
    rest_of_hand: bool = False



@dataclass(frozen=True, slots=True, kw_only=True)
class GameLog:
    """One game of a file as parsed: its events in order, header tags first.

    ``index`` is the game's 1-based place in the file, ``line`` the line of its first
    tag (or event) and ``last_line`` the line of its last event, where an unfinished
    hand is reported.
    """

    index: int
    line: int
    last_line: int
    events: tuple[Event, ...]
