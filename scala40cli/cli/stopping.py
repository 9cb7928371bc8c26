"""Commands that a signal or a lost worker stops in one line, never a traceback.

SIGINT (Ctrl-C) exits 130 and SIGTERM 143, as shells expect, after the workers of
``--jobs`` are killed and the temporary files removed; a worker killed by the system
exits 1 (the report is incomplete). Applied to ``replay`` at its declaration in
:mod:`scala40cli.cli.main`; what it needs is imported when the command runs.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable
from typing import NoReturn, ParamSpec

import click

from scala40cli.cli.status import EXIT_PROBLEMS

P = ParamSpec("P")


def stopping_cleanly(command: Callable[P, None]) -> Callable[P, None]:
    """``command``, stopped by a signal or a lost worker as this module says, through
    :func:`exit_now`."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        from scala40cli.audit.signals import Stopped, stop_on_signals
        from scala40cli.audit.workers import WorkerLost

        try:
            with stop_on_signals():
                command(*args, **kwargs)
        except Stopped as stopped:
            exit_now(f"scala40: {stopped}; the report is incomplete", stopped.exit_status)
        except WorkerLost as lost:
            exit_now(f"scala40: {lost}", EXIT_PROBLEMS)

    return run


def exit_now(message: str, status: int) -> NoReturn:
    """Say why, and end the process at once. By then the workers are killed and the
    temporary files removed (``finally`` blocks ran); a normal exit would join the
    process pool's threads, which a worker killed while it wrote can leave waiting
    for ever."""
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    click.echo(message, err=True)
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(status)
