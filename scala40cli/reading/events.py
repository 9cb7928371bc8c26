"""Typed events of a game log: what the parser produces and the referee replays.

Every event carries the ``line`` and ``column`` (both 1-based) of the line it came
from, so that every problem can be pointed at. Events say what the log *claims*
happened; judging them is the referee's job, so nothing here checks a rule.

Events are values: equal when their class and fields are, hashable, and read-only for
the type checker; each class takes its fields in the order of its ``__match_args__``,
by position or by name (see :mod:`scala40cli.reading.event_base`, and its
:func:`~scala40cli.reading.event_base.replace` for a changed copy).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from scala40cli.model.cards import Card
from scala40cli.reading.event_base import Event as Event

#: How many cards ``deal P ?`` stands for: a whole deal, unknown.
DEAL_SIZE = 13


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

    def __reduce__(self) -> tuple[type[TableCard], tuple[Card, Card | None]]:
        """Pickled through the constructor: compiled by mypyc, a frozen dataclass
        cannot be unpickled field by field (and a meld's cards go with its event)."""
        return TableCard, (self.card, self.stands_for)


# --- header ---------------------------------------------------------------------------


class Tag(Event):
    """A header tag: ``[Name "value" ...]``. A new game starts with its first tag."""

    __slots__ = ("column", "line", "name", "values")
    __match_args__ = ("line", "column", "name", "values")
    verb: ClassVar[str] = "tag"
    line: Final[int]
    column: Final[int]
    name: Final[str]
    values: Final[tuple[str, ...]]

    def __init__(self, line: int, column: int, name: str, values: tuple[str, ...]) -> None:
        self.line = line
        self.column = column
        self.name = name
        self.values = values


# --- the deal -------------------------------------------------------------------------


class HandStart(Event):
    """``hand N``: hand N of the match begins."""

    __slots__ = ("column", "line", "number")
    __match_args__ = ("line", "column", "number")
    verb: ClassVar[str] = "hand"
    line: Final[int]
    column: Final[int]
    number: Final[int]

    def __init__(self, line: int, column: int, number: int) -> None:
        self.line = line
        self.column = column
        self.number = number


class Dealer(Event):
    """``dealer P``."""

    __slots__ = ("column", "line", "player")
    __match_args__ = ("line", "column", "player")
    verb: ClassVar[str] = "dealer"
    line: Final[int]
    column: Final[int]
    player: Final[str]

    def __init__(self, line: int, column: int, player: str) -> None:
        self.line = line
        self.column = column
        self.player = player

    def named_player(self) -> str:
        return self.player


class Deal(Event):
    """``deal P c1 ... c13``: the cards dealt to one player; None is a card the log does
    not know (``?``, format 1.1; ``deal P ?`` is thirteen of them)."""

    __slots__ = ("cards", "column", "line", "player")
    __match_args__ = ("line", "column", "player", "cards")
    verb: ClassVar[str] = "deal"
    line: Final[int]
    column: Final[int]
    player: Final[str]
    cards: Final[tuple[Card | None, ...]]

    def __init__(self, line: int, column: int, player: str,
                 cards: tuple[Card | None, ...]) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.cards = cards

    def named_player(self) -> str:
        return self.player


class Upcard(Event):
    """``upcard C``: the card turned face up to start the discard pile."""

    __slots__ = ("card", "column", "line")
    __match_args__ = ("line", "column", "card")
    verb: ClassVar[str] = "upcard"
    line: Final[int]
    column: Final[int]
    card: Final[Card]

    def __init__(self, line: int, column: int, card: Card) -> None:
        self.line = line
        self.column = column
        self.card = card


class Stock(Event):
    """``stock c1 c2 ...``: the whole stock, top card first (optional)."""

    __slots__ = ("cards", "column", "line")
    __match_args__ = ("line", "column", "cards")
    verb: ClassVar[str] = "stock"
    line: Final[int]
    column: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, line: int, column: int, cards: tuple[Card, ...]) -> None:
        self.line = line
        self.column = column
        self.cards = cards


# --- turns ----------------------------------------------------------------------------


class PlayerEvent(Event):
    """An event made by a player; ``player`` is the name as written (each subclass
    stores it, with its other fields)."""

    __slots__ = ()

    @property
    def player(self) -> str:
        raise NotImplementedError  # every subclass stores it

    def named_player(self) -> str:
        return self.player


class Draw(PlayerEvent):
    """``P draw C``: the top card of the stock; ``card`` None for ``P draw ?``, a card
    the log does not know (format 1.1)."""

    __slots__ = ("card", "column", "line", "player")
    __match_args__ = ("line", "column", "player", "card")
    verb: ClassVar[str] = "draw"
    line: Final[int]
    column: Final[int]
    player: Final[str]
    card: Final[Card | None]

    def __init__(self, line: int, column: int, player: str, card: Card | None) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.card = card


class Take(PlayerEvent):
    """``P take [C]``: the top card of the discard pile; ``card`` None when omitted."""

    __slots__ = ("card", "column", "line", "player")
    __match_args__ = ("line", "column", "player", "card")
    verb: ClassVar[str] = "take"
    line: Final[int]
    column: Final[int]
    player: Final[str]
    card: Final[Card | None]

    def __init__(self, line: int, column: int, player: str, card: Card | None) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.card = card


class Meld(PlayerEvent):
    """``P meld c1 c2 c3 ...``: a new combination laid down from the hand."""

    __slots__ = ("cards", "column", "line", "player")
    __match_args__ = ("line", "column", "player", "cards")
    verb: ClassVar[str] = "meld"
    line: Final[int]
    column: Final[int]
    player: Final[str]
    cards: Final[tuple[TableCard, ...]]

    def __init__(self, line: int, column: int, player: str,
                 cards: tuple[TableCard, ...]) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.cards = cards


class Attach(PlayerEvent):
    """``P attach c ... to N``: cards of the hand added to meld N."""

    __slots__ = ("cards", "column", "line", "meld", "player")
    __match_args__ = ("line", "column", "player", "cards", "meld")
    verb: ClassVar[str] = "attach"
    line: Final[int]
    column: Final[int]
    player: Final[str]
    cards: Final[tuple[TableCard, ...]]
    meld: Final[int]

    def __init__(self, line: int, column: int, player: str, cards: tuple[TableCard, ...],
                 meld: int) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.cards = cards
        self.meld = meld


class Swap(PlayerEvent):
    """``P swap C in N``: C replaces the joker of meld N; the joker goes to the hand."""

    __slots__ = ("card", "column", "line", "meld", "player")
    __match_args__ = ("line", "column", "player", "card", "meld")
    verb: ClassVar[str] = "swap"
    line: Final[int]
    column: Final[int]
    player: Final[str]
    card: Final[Card]
    meld: Final[int]

    def __init__(self, line: int, column: int, player: str, card: Card, meld: int) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.card = card
        self.meld = meld


class Discard(PlayerEvent):
    """``P discard C``: ends the turn; discarding the last card closes the hand."""

    __slots__ = ("card", "column", "line", "player")
    __match_args__ = ("line", "column", "player", "card")
    verb: ClassVar[str] = "discard"
    line: Final[int]
    column: Final[int]
    player: Final[str]
    card: Final[Card]

    def __init__(self, line: int, column: int, player: str, card: Card) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.card = card


class Buy(PlayerEvent):
    """``P buy C``: with compra, the discard bought out of turn (then one extra draw,
    and the card laid down at once)."""

    __slots__ = ("card", "column", "line", "player")
    __match_args__ = ("line", "column", "player", "card")
    verb: ClassVar[str] = "buy"
    line: Final[int]
    column: Final[int]
    player: Final[str]
    card: Final[Card]

    def __init__(self, line: int, column: int, player: str, card: Card) -> None:
        self.line = line
        self.column = column
        self.player = player
        self.card = card


#: The lines a player writes: every subclass of :class:`PlayerEvent`, for a test of the
#: class itself (``type(event) in PLAYER_EVENTS``) where that is what is meant.
PLAYER_EVENTS = (Draw, Take, Meld, Attach, Swap, Discard, Buy)


class Reshuffle(Event):
    """``reshuffle``: the discard pile but its top card becomes the new stock."""

    __slots__ = ("column", "line")
    verb: ClassVar[str] = "reshuffle"
    line: Final[int]
    column: Final[int]

    def __init__(self, line: int, column: int) -> None:
        self.line = line
        self.column = column


class Score(Event):
    """``score P n P n ...``: penalties as written down at the table for the hand."""

    __slots__ = ("column", "entries", "line")
    __match_args__ = ("line", "column", "entries")
    verb: ClassVar[str] = "score"
    line: Final[int]
    column: Final[int]
    entries: Final[tuple[tuple[str, int], ...]]

    def __init__(self, line: int, column: int, entries: tuple[tuple[str, int], ...]) -> None:
        self.line = line
        self.column = column
        self.entries = entries


class Unparsed(Event):
    """Marks a line the parser could not read (``end_line`` is ``line``, but for a
    hand cut at the limit of events, where it marks the lines not read).

    The parse error itself is reported by the parser; the marker tells the referee
    that the hand it falls in is judged without that line. ``starts_hand`` says
    the unreadable line was itself a ``hand`` line (``hand two``): a hand was there,
    and the next hand's number and dealer are judged with it counted.
    ``rest_of_hand``: the marker stands for the rest of a hand over the limit of
    events, and that hand is not judged further. ``player``: the player the line names,
    when that is known though the line is not an event (a JSON object with a
    ``player``), so that its problems are that player's.
    """

    __slots__ = ("column", "end_line", "line", "player", "rest_of_hand", "starts_hand")
    __match_args__ = ("line", "column", "end_line", "starts_hand", "rest_of_hand", "player")
    verb: ClassVar[str] = "unparsed"
    line: Final[int]
    column: Final[int]
    end_line: Final[int]
    starts_hand: Final[bool]
    rest_of_hand: Final[bool]
    player: Final[str | None]

    def __init__(self, line: int, column: int, end_line: int, starts_hand: bool = False,
                 rest_of_hand: bool = False, player: str | None = None) -> None:
        self.line = line
        self.column = column
        self.end_line = end_line
        self.starts_hand = starts_hand
        self.rest_of_hand = rest_of_hand
        self.player = player


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
