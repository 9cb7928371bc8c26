"""Dataclasses that cross to and from worker processes (``--jobs``), pickled through
their constructor.

Kept apart from :mod:`scala40cli.audit.parallel` so that registering them, which every
audit does when its modules load, costs no import of :mod:`pickle` or of the workers:
a serial run never needs those.
"""

from __future__ import annotations

import copyreg
import dataclasses
from collections.abc import Callable
from types import ModuleType
from typing import Any


def keep_picklable(*modules: ModuleType) -> None:
    """Pickle the dataclasses of ``modules`` (those without a ``__reduce__`` of their
    own) by calling their class with their fields, as they cross to and from workers.

    The usual way sets the fields of a new object one by one, which a frozen dataclass
    compiled by mypyc refuses (``FrozenInstanceError``): the constructor works for both
    builds, and checks what ``__post_init__`` checks."""
    for module in modules:
        for value in vars(module).values():
            if (isinstance(value, type) and value.__module__ == module.__name__
                    and dataclasses.is_dataclass(value) and "__reduce__" not in vars(value)):
                copyreg.dispatch_table[value] = _reduce_dataclass


#: The fields each class's constructor takes, found once: the same tuple every time,
#: which pickle then writes once a message.
_INIT_FIELDS: dict[type, tuple[str, ...]] = {}


def _reduce_dataclass(obj: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    cls = type(obj)
    names = _INIT_FIELDS.get(cls)
    if names is None:
        names = _INIT_FIELDS[cls] = tuple(f.name for f in dataclasses.fields(obj) if f.init)
    return _rebuild, (cls, names, tuple([getattr(obj, name) for name in names]))


def _rebuild(cls: type, names: tuple[str, ...], values: tuple[object, ...]) -> Any:
    return cls(**dict(zip(names, values, strict=True)))
