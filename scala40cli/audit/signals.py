"""Stopping a run cleanly on SIGINT (Ctrl-C) and SIGTERM, workers and all (``--jobs``).

:func:`stop_on_signals` makes the two signals raise :class:`Stopped` in the main
thread, so that ``finally`` blocks kill the workers and remove temporary files and the
command can say so in one line. While workers are forked, killed or reaped
(:func:`stops_deferred`) a stop waits until that is done, so that it never leaves a
worker running.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterable, Iterator
from types import FrameType


class Stopped(Exception):
    """The run was stopped by a signal (SIGINT or SIGTERM); the exit status is 128 + it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        return 128 + self.signum

    def __str__(self) -> str:
        return f"stopped by {signal.Signals(self.signum).name}"


class _Deferred:
    """Whether workers are being forked, killed or reaped, and the stop signal that came
    meanwhile, raised once that is done (:func:`stops_deferred`). Raised between a
    fork and the new worker's being noted down, it would leave the worker running, and
    in the middle of a kill, the others; holding the signals is not enough, as a
    signal held by this thread can still come through another one."""

    active = False
    signum: int | None = None


@contextlib.contextmanager
def stops_deferred() -> Iterator[Iterable[int] | None]:
    """SIGINT and SIGTERM held, and a stop by :func:`stop_on_signals` raised only once
    the block is over; gives the signal mask to go back to."""
    if _Deferred.active:  # within another such block, which raises it
        with stop_signals_held() as mask:
            yield mask
        return
    _Deferred.active, _Deferred.signum = True, None
    try:
        with stop_signals_held() as mask:
            yield mask
    finally:
        _Deferred.active = False
    if _Deferred.signum is not None:
        raise Stopped(_Deferred.signum)


@contextlib.contextmanager
def stop_signals_held() -> Iterator[Iterable[int] | None]:
    """SIGINT and SIGTERM wait (where the system can hold signals) until the block ends;
    gives the signal mask the block ends with (None where there is none)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield None
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield mask
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    if _Deferred.active:
        _Deferred.signum = signum
        return
    raise Stopped(signum)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within: SIGTERM and SIGINT (Ctrl-C) raise :class:`Stopped` in the main thread, so
    that ``finally`` blocks run (workers killed, temporary files removed) and the
    command can say so in one line and exit 128 + the signal's number. Does nothing
    outside the main thread, where Python cannot set signal handlers."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {signum: signal.signal(signum, _raise_stopped)
              for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
