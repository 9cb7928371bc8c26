"""The base class of events, a value object that is cheap to build and to read, and
:class:`Place`, a line of a log that is no event of its own.

Events are plain classes, each with its own ``__init__`` and ``__slots__``, rather than
dataclasses: the build compiled by mypyc (see ``hatch_build.py``) makes them native
classes, so that the parser builds an event by a direct call and the referee reads its
fields from the object's struct, and ``isinstance`` against a base class holds. (A
dataclass is made by a decorator at run time, which mypyc cannot see: compiled, its
events were Python classes, each field read a generic attribute lookup.)

What a dataclass gave, :class:`Event` gives by hand, from the names of each class's
fields in order, its ``__match_args__``: equality and hashing by value, the same
``repr``, pickling through the constructor, :func:`fields` and :func:`replace`. Fields
are ``Final``: read-only for the type checker, as a frozen dataclass's are, but plain
attributes at run time (a frozen class sets each field through ``object.__setattr__``,
at three times the cost, and a log has an event a line).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, TypeVar

_AnyEvent = TypeVar("_AnyEvent", bound="Event")


class Event:
    """Base of every log line that means something: where it is, ``line`` and
    ``column`` (both 1-based), so that every problem can be pointed at.

    The base stores nothing: each class stores all its fields, ``line`` and ``column``
    included, lists them in order in ``__match_args__`` and takes them in that order,
    by position or by name (the fast path rebuilds a repeated line's event by
    position, at half the cost of keywords). Building an event is then one call of
    its own ``__init__``, not a chain through its bases. ``verb`` is a class
    attribute, never a field."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ("line", "column")
    verb: ClassVar[str] = "event"

    @property
    def line(self) -> int:
        raise NotImplementedError  # every subclass stores it

    @property
    def column(self) -> int:
        raise NotImplementedError  # every subclass stores it

    def named_player(self) -> str | None:
        """The player the line names (who plays, deals or is dealt to), or None: what
        ``getattr(event, "player", None)`` would say, at the cost of a method call."""
        return None

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Event) and type(other) is type(self):
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.__match_args__])
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[type[Event], tuple[object, ...]]:
        """Pickled through the constructor, which both builds can call (a compiled
        native class has no ``__dict__`` to restore field by field)."""
        return type(self), self._values()


class Place(Event):
    """A place in a log that is no event of its own: the line where a hand went
    unfinished, where the header's tags were missing, where a rule was written."""

    __slots__ = ("column", "line")
    line: Final[int]
    column: Final[int]

    def __init__(self, line: int, column: int) -> None:
        self.line = line
        self.column = column


def fields(event: Event | type[Event]) -> tuple[str, ...]:
    """The names of an event's (or an event class's) fields, in order."""
    return event.__match_args__


def replace(event: _AnyEvent, **changes: Any) -> _AnyEvent:
    """A copy of ``event`` with some fields changed (as ``dataclasses.replace``)."""
    values: dict[str, Any] = {name: getattr(event, name) for name in event.__match_args__}
    unknown = sorted(changes.keys() - values.keys())
    if unknown:
        raise TypeError(f"{type(event).__qualname__} has no field {', '.join(unknown)}")
    values.update(changes)
    return type(event)(**values)
