"""The class decorator of events: value objects that are cheap to build.

A module of its own because it must stay Python when the judging core is compiled
with mypyc (see ``hatch_build.py``): ``dataclass_transform`` marks the decorator for
type checkers, and cannot mark a compiled function.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

_Class = TypeVar("_Class")


@dataclass_transform(frozen_default=True, kw_only_default=True)
def event_class(cls: type[_Class]) -> type[_Class]:
    """A slotted, keyword-only dataclass, hashed and compared by value like a frozen one,
    and frozen for the type checker; its ``__init__`` stores fields as a plain class does."""
    return dataclass(slots=True, kw_only=True, unsafe_hash=True)(cls)
