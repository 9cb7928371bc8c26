"""Holding off the cyclic garbage collector while events are built."""

from __future__ import annotations

import gc


class GcPause:
    """``with gc_paused():`` -- a class rather than a ``contextlib`` generator: the
    parser enters it for every run of plain lines, and a generator-based context
    manager costs a few microseconds of Python each time, where this compiles."""

    __slots__ = ("enabled",)

    def __init__(self) -> None:
        self.enabled = False

    def __enter__(self) -> None:
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc_info: object) -> None:
        if self.enabled:
            gc.enable()


def gc_paused() -> GcPause:
    """Hold off the cyclic garbage collector while events are built.

    Hundreds of thousands of small events, none in a cycle, would otherwise set off
    full collections that find nothing and take half the parse time. Never held across
    a ``yield`` to the caller.
    """
    return GcPause()
