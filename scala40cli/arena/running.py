"""Matches played one after another, side by side in processes, or on a Dask cluster.

:func:`outcomes` yields each match's outcome as it ends, whatever plays it, and plays
no more once ``stop()`` says so (the SPRT has its verdict, or the command line was
asked to stop): the matches not begun are dropped, those under way end and are not
counted. Workers keep only a few matches ahead (two a process), so that a stop wastes
little; they ignore SIGINT, which the main process handles. A KeyboardInterrupt in the
main process drops the matches not begun, lets those under way end, yields them, and
raises again: the caller prints the table so far. An outside program is one process a
match wherever the match is played.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

from scala40cli.arena.outcome import Outcome
from scala40cli.arena.play import play
from scala40cli.arena.schedule import Match
from scala40cli.arena.settings import ArenaSettings

#: Matches sent ahead to each process or Dask thread.
AHEAD = 2


def never() -> bool:
    return False


def outcomes(settings: ArenaSettings, matches: Iterable[Match], *, jobs: int = 1,
             dask: str | None = None, stop: Callable[[], bool] = never
             ) -> Iterator[Outcome]:
    """Every match's outcome as it ends (see the module docstring)."""
    if dask is not None:
        yield from _on_dask(settings, matches, dask, stop)
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals) as pool:
            yield from spread(pool, settings, matches, jobs * AHEAD, stop)
    else:
        for match in matches:
            if stop():
                return
            yield play(match, settings)


def _worker_signals() -> None:
    """A worker leaves Ctrl-C and SIGTERM to the main process, which ends the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def spread(executor: Executor, settings: ArenaSettings, matches: Iterable[Match],
           width: int, stop: Callable[[], bool]) -> Iterator[Outcome]:
    """The matches played by ``executor``, at most ``width`` at a time."""
    source = iter(matches)
    pending: set[Future[Outcome]] = set()
    more = True
    try:
        while True:
            while more and len(pending) < width and not stop():
                match = next(source, None)
                if match is None:
                    more = False
                    break
                pending.add(executor.submit(play, match, settings))
            if not pending:
                return
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
                if stop():
                    for left in pending:
                        left.cancel()
                    return
    except KeyboardInterrupt:
        for left in pending:
            left.cancel()
        under_way = [future for future in pending if not future.cancelled()]
        for future in wait(under_way).done:
            if future.exception() is None:
                yield future.result()
        raise


def _on_dask(settings: ArenaSettings, matches: Iterable[Match], address: str,
             stop: Callable[[], bool]) -> Iterator[Outcome]:
    """The matches played on the Dask cluster at ``address`` (``pip install
    'scala40[dask]'``), a few a worker thread at a time."""
    from distributed import Client

    client: Any = Client(address)
    try:
        threads = sum(client.nthreads().values()) or 1
        executor: Executor = client.get_executor(pure=False)
        yield from spread(executor, settings, matches, threads * AHEAD, stop)
    finally:
        client.close()


__all__ = ["AHEAD", "outcomes", "spread"]
