"""Holding off the cyclic garbage collector while events are built."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector while events are built.

    Hundreds of thousands of small events, none in a cycle, would otherwise set off
    full collections that find nothing and take half the parse time. Never held across
    a ``yield`` to the caller.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

