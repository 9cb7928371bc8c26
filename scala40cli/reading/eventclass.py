"""The class decorator of events: value objects that are cheap to build.

A module of its own because it must stay Python when the judging core is compiled
with mypyc (see ``hatch_build.py``): ``dataclass_transform`` marks the decorator for
type checkers, and cannot mark a compiled function.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

_Class = TypeVar("_Class")


@dataclass_transform(frozen_default=True)
def event_class(cls: type[_Class]) -> type[_Class]:
    """A slotted dataclass, hashed and compared by value like a frozen one, and frozen
    for the type checker; its ``__init__`` stores fields as a plain class does.

    Its fields may be given by position (``line`` first, in the order of the classes'
    fields): the fast path rebuilds a repeated line's event that way, at half the cost
    of keywords. Everywhere else, name them.

    ``verb`` is a class attribute, never a field: its annotation is dropped before the
    fields are made, because the build compiled by mypyc reads ``ClassVar[str]`` as a
    plain ``str`` (it once made ``verb`` every event's first field, with a default)."""
    own = vars(cls).get("__annotations__")
    if isinstance(own, dict):
        own.pop("verb", None)
    return dataclass(slots=True, unsafe_hash=True)(cls)
